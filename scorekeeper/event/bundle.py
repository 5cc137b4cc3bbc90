"""An event as one file, a ``spades-event`` 1.0 document with its games (a bundle), and its
import on another machine.

Import is idempotent: the same bundle again changes nothing. Its games are saved as
``Store.save_game`` saves any game (a changed game becomes the next revision, the earlier
one kept); the event's own rows are replaced by the document's only when they differ.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from ..logs.event_document import (
    EVENT_FORMAT,
    EVENT_FORMAT_VERSION,
    EventDocument,
    EventDocumentError,
    event_from_data,
    event_to_data,
)
from .movement_plan import SEATS
from .records import EventError, UnknownEventError
from .store import EventStore, utc_now


@dataclass
class ImportReport:
    event_id: str
    event: str = "unchanged"
    """``created``, ``updated`` or ``unchanged``."""
    games: dict[str, int] = field(default_factory=lambda: {
        "imported": 0, "updated": 0, "unchanged": 0})

    def changed(self) -> bool:
        return self.event != "unchanged" or bool(self.games["imported"]
                                                 or self.games["updated"])

    def summary(self) -> str:
        counts = ", ".join(f"{n} {what}" for what, n in self.games.items())
        return f"event {self.event_id} {self.event}; games: {counts}"


def event_document(store: EventStore, event_id: str, *, games: bool = True) -> EventDocument:
    """The event as a document; ``games``: with its started tables' games (a bundle)."""
    view = store.event(event_id)
    schedule = []
    for plan in store.schedule(event_id):
        tables = {t.table: t for t in store.tables(event_id, plan.round)}
        schedule.append({
            "round": plan.round, "started": plan.round <= view.current_round,
            "tables": [_table_data(tables[t.table]) for t in plan.tables],
            "sitting_out": list(plan.sitting_out)})
    data = {
        "format": EVENT_FORMAT, "format_version": EVENT_FORMAT_VERSION, "event_id": view.id,
        "name": view.name, "date": view.date, "venue": view.venue, "season": view.season,
        "preset": view.preset, "movement": view.movement,
        "round_end": {"target_score": view.round_end.target,
                      "hand_limit": view.round_end.hands,
                      "minutes": view.round_end.minutes},
        "rounds": view.rounds, "rounds_given": view.rounds_given,
        "current_round": view.current_round,
        "players": [{"name": p.name, "status": p.status, "pair": p.pair,
                     "joined_round": p.joined_round, "left_round": p.left_round}
                    for p in view.players],
        "schedule": schedule,
    }
    if games:
        data["games"] = [json.loads(store.games.game_json(t["game_id"]))
                         for r in schedule for t in r["tables"] if "game_id" in t]
    return event_from_data(_without_none(data), f"event {event_id}")


def _table_data(table) -> dict:
    data = {"table": str(table.table), "seats": dict(table.seats)}
    if table.game_id is not None:
        data["game_id"] = table.game_id
    if table.status in ("unfinished", "no_show"):
        data["director"] = table.status
    if table.absent is not None:
        data["absent"] = table.absent
    return data


def _without_none(value):
    if isinstance(value, dict):
        return {k: _without_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_without_none(v) for v in value]
    return value


def bundle_text(store: EventStore, event_id: str) -> str:
    """The bundle as written to a file: two-space indent, a trailing newline."""
    return json.dumps(event_to_data(event_document(store, event_id)), indent=2,
                      ensure_ascii=False) + "\n"


def import_bundle(store: EventStore, document: EventDocument, source: str,
                  *, by: str | None = None) -> ImportReport:
    """Bring ``document`` into the database: its games, then the event's rows. Raises
    ``EventDocumentError`` (naming ``source`` and the place) for a bundle that does not hold
    together; then nothing is written."""
    from ..logs.files import LogError, log_from_data

    problems: list[str] = []
    logs = []
    for i, data in enumerate(document.games or []):
        try:
            log = log_from_data(data, f"games[{i}]")
        except LogError as exc:
            problems += [f"games[{i}]: {p}" for p in exc.problems]
            continue
        event = log.event
        if log.game_id is None or event is None or event.event_id != document.event_id:
            problems.append(f"games[{i}]: not a game of {document.event_id} (its game_id and"
                            f" event.event_id must name it)")
            continue
        logs.append(log)
    carried = {log.game_id for log in logs}
    rounds = [plan.round for plan in document.schedule]
    if len(set(rounds)) != len(rounds):
        problems.append("schedule: a round is listed twice")
    for plan in document.schedule:
        numbers = [table.table for table in plan.tables]
        if len(set(numbers)) != len(numbers):
            problems.append(f"schedule, round {plan.round}: a table is listed twice")
    for plan in document.schedule:
        for table in plan.tables:
            if table.game_id and table.game_id not in carried and not store.has_game(
                    table.game_id):
                problems.append(f"schedule, round {plan.round}, table {table.table}: its game"
                                f" {table.game_id} is neither in the bundle nor stored")
    if problems:
        raise EventDocumentError(source, problems)
    report = ImportReport(document.event_id)
    from ..season.storage import GameRejected

    for log in logs:
        try:
            result = store.games.save_game(log, by=by, why=f"imported from {source}")
        except GameRejected as exc:
            raise EventDocumentError(source, [f"game {exc.game_id}: {p}"
                                              for p in exc.problems]) from None
        what = "imported" if result.created else "updated" if result.changed else "unchanged"
        report.games[what] += 1
    if report.games["imported"] or report.games["updated"]:
        store.games.bring_standings_up_to_date()
    report.event = _import_event_rows(store, document)
    return report


def _import_event_rows(store: EventStore, document: EventDocument) -> str:
    """Replace the event's rows by the document's, unless they are the same already."""
    incoming = event_to_data(document)
    incoming.pop("games", None)
    try:
        existing = event_to_data(event_document(store, document.event_id, games=False))
    except UnknownEventError:
        existing = None
    if existing == incoming:
        return "unchanged"
    d = document
    now = utc_now()
    with store.write() as conn:
        if existing is not None:
            for table in ("event_tables", "event_rounds", "event_players"):
                conn.execute(f"DELETE FROM {table} WHERE event_id = ?", (d.event_id,))
            conn.execute("DELETE FROM events WHERE event_id = ?", (d.event_id,))
        conn.execute(
            "INSERT INTO events (event_id, name, date, venue, season, preset, movement,"
            " target_score, hand_limit, round_minutes, rounds, rounds_given, current_round,"
            " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (d.event_id, d.name, d.date, d.venue, d.season, d.preset, d.movement,
             d.round_end.target_score, d.round_end.hand_limit, d.round_end.minutes, d.rounds,
             int(d.rounds_given),
             d.current_round, now, now))
        conn.executemany(
            "INSERT INTO event_players (event_id, position, name, pair, status, joined_round,"
            " left_round) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [(d.event_id, i, p.name, p.pair, p.status, p.joined_round, p.left_round)
             for i, p in enumerate(d.players, start=1)])
        for plan in d.schedule:
            conn.execute("INSERT INTO event_rounds (event_id, round, sitting_out_json, started)"
                         " VALUES (?, ?, ?, ?)", (d.event_id, plan.round, json.dumps(
                             plan.sitting_out, ensure_ascii=False), int(plan.started)))
            conn.executemany(
                "INSERT INTO event_tables (event_id, round, table_no, seat_n, seat_e, seat_s,"
                " seat_w, game_id, status, absent) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [(d.event_id, plan.round, int(t.table),
                  *(getattr(t.seats, s) for s in SEATS), t.game_id, t.director, t.absent)
                 for t in plan.tables])
    return "created" if existing is None else "updated"


__all__ = ["EventDocumentError", "EventError", "ImportReport", "bundle_text", "event_document",
           "import_bundle"]
