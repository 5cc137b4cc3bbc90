"""An event as one file, a ``spades-event`` 1.0 document with its games (a bundle), and its
import on another machine.

Import is idempotent: the same bundle again changes nothing. Its games are saved as
``Store.save_game`` saves any game (a changed game becomes the next revision, the earlier
one kept); the event's own rows are replaced by the document's only when they differ.
Everything is checked before anything is written. A night is the same night when its id and
its ``created_at`` agree (a bundle without ``created_at``, of an earlier scorekeeper: its
movement, day and players); a bundle that is another night of the same id, or is behind the
database's night, is refused unless forced (``_conflicts``).
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
        "name": view.name, "date": view.date, "created_at": view.created_at, "venue": view.venue, "season": view.season,
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


class ImportConflict(EventDocumentError):
    """The database holds a night of the bundle's id that the bundle would replace: another
    night (created elsewhere), or the same night further along than the bundle. Nothing is
    written; ``import_bundle(force=True)`` replaces it."""


def import_bundle(store: EventStore, document: EventDocument, source: str,
                  *, by: str | None = None, force: bool = False) -> ImportReport:
    """Bring ``document`` into the database: its games, then the event's rows.

    Everything is checked before anything is written, and every problem is named: a bundle
    that does not hold together (or holds an impossible game) raises ``EventDocumentError``;
    one that would replace another night of its id, or take the database's night back
    (``_conflicts``), raises ``ImportConflict`` unless ``force``."""
    from ..analysis.game import analyse_game
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
    by_id = {log.game_id: log for log in logs}
    problems += _shape_problems(document)
    for plan in document.schedule:
        for table in plan.tables:
            place = f"schedule, round {plan.round}, table {table.table}"
            if table.game_id is None:
                continue
            log = by_id.get(table.game_id)
            if log is None:
                if not store.has_game(table.game_id):
                    problems.append(f"{place}: its game {table.game_id} is neither in the"
                                    " bundle nor stored")
                continue
            played = {seat: log.players.get(seat) for seat in SEATS}
            if played != dict(table.seats):
                problems.append(f"{place}: the seats ({_seats_text(dict(table.seats))}) are"
                                f" not its game's players ({_seats_text(played)})")
            if (log.event.round, log.event.table) != (plan.round, table.table):
                problems.append(f"{place}: its game {table.game_id} is of round"
                                f" {log.event.round}, table {log.event.table}")
    analyses = {}
    for log in logs:
        analyses[log.game_id] = analyse_game(log)
        problems += [f"game {log.game_id}: {p}"
                     for p in store.games.check_game(log, analyses[log.game_id])]
    if problems:
        raise EventDocumentError(source, problems)
    if not force:
        conflicts = _conflicts(store, document, by_id)
        if conflicts:
            raise ImportConflict(source, conflicts)
    report = ImportReport(document.event_id)
    for log in logs:
        result = store.games.save_game(log, by=by, why=f"imported from {source}",
                                       analysis=analyses[log.game_id])
        what = "imported" if result.created else "updated" if result.changed else "unchanged"
        report.games[what] += 1
    if report.games["imported"] or report.games["updated"]:
        store.games.bring_standings_up_to_date()
    report.event = _import_event_rows(store, document)
    return report


def _seats_text(seats: dict) -> str:
    return ", ".join(f"{seat} {seats.get(seat)}" for seat in SEATS)


def _shape_problems(d: EventDocument) -> list[str]:
    """What the document's fields say against each other (each field alone fits the
    models): rounds and tables listed once, the started rounds those up to
    ``current_round``, the pairs whole, and every name of the plan a player's."""
    from ..logs.identifiers import player_key

    problems = []
    rounds = [plan.round for plan in d.schedule]
    if len(set(rounds)) != len(rounds):
        problems.append("schedule: a round is listed twice")
    for plan in d.schedule:
        numbers = [table.table for table in plan.tables]
        if len(set(numbers)) != len(numbers):
            problems.append(f"schedule, round {plan.round}: a table is listed twice")
    if d.current_round > d.rounds:
        problems.append(f"current_round: round {d.current_round} cannot have started in a"
                        f" night of {d.rounds} rounds (rounds)")
    for number in sorted(set(range(1, d.current_round + 1)) - set(rounds)):
        problems.append(f"schedule: round {number} has started (current_round"
                        f" {d.current_round}) but is not listed")
    for plan in d.schedule:
        place = f"schedule, round {plan.round}"
        if plan.round > d.rounds:
            problems.append(f"{place}: beyond the night's {d.rounds} rounds (rounds)")
        if plan.started != (plan.round <= d.current_round):
            problems.append(f"{place}: started is {str(plan.started).lower()}, but"
                            f" current_round is {d.current_round}")
        for table in plan.tables:
            if plan.started and table.game_id is None:
                problems.append(f"{place}, table {table.table}: a table of a started round"
                                " names no game_id")
            if table.absent is not None and table.director != "no_show":
                problems.append(f"{place}, table {table.table}: absent is for a no_show"
                                " table only")
            if table.director == "no_show" and table.absent is None:
                problems.append(f"{place}, table {table.table}: a no_show table names the"
                                " absent side (absent)")
    keys: dict[str, int] = {}
    for i, p in enumerate(d.players):
        if player_key(p.name) in keys:
            problems.append(f"players[{i}]: {p.name!r} is named twice")
        keys.setdefault(player_key(p.name), i)
    fixed = d.movement != "individual"
    pairs: dict[int, list[str]] = {}
    for i, p in enumerate(d.players):
        if fixed and p.pair is None:
            problems.append(f"players[{i}]: {p.name!r} has no pair, in a {d.movement} night"
                            " of fixed pairs")
        elif not fixed and p.pair is not None:
            problems.append(f"players[{i}]: {p.name!r} has a pair, in an individual night")
        elif p.pair is not None:
            pairs.setdefault(p.pair, []).append(p.name)
    for number, members in sorted(pairs.items()):
        if len(members) != 2:
            problems.append(f"players: pair {number} is {len(members)} player"
                            f"{'s' if len(members) != 1 else ''} ({', '.join(members)}), not 2")
    named: set[str] = set()
    for plan in d.schedule:
        place = f"schedule, round {plan.round}"
        for name in plan.sitting_out:
            named.add(player_key(name))
            if player_key(name) not in keys:
                problems.append(f"{place}, sitting_out: {name!r} is not in players")
        for table in plan.tables:
            for seat in SEATS:
                name = getattr(table.seats, seat)
                named.add(player_key(name))
                # A started table's seats are who played: a substitute need not be a player.
                if not plan.started and player_key(name) not in keys:
                    problems.append(f"{place}, table {table.table}, seats, {seat}:"
                                    f" {name!r} is not in players")
    for i, p in enumerate(d.players):
        last = d.current_round if p.left_round is None else min(p.left_round, d.current_round)
        if p.joined_round <= last and player_key(p.name) not in named:
            problems.append(f"players[{i}]: {p.name!r} was present for round {p.joined_round}"
                            " but no round of the schedule seats him or has him sit out")
    return problems


def _conflicts(store: EventStore, d: EventDocument, logs: dict) -> list[str]:
    """What importing ``d`` would lose of the night of its id in the database: that night
    when it is another one (created at another time, of another movement or day, with
    players the bundle lacks), or what it has that the bundle has not (rounds started, the
    director's word on a table, hands, a game's later revision). Empty: the bundle is the
    same night, as far along or further."""
    from ..logs.identifiers import player_key

    try:
        here = store.event(d.event_id)
    except UnknownEventError:
        return []
    problems = []
    if d.created_at is not None and here.created_at is not None and (
            d.created_at != here.created_at):
        problems.append(f"created_at: the night {d.event_id} here was created at"
                        f" {here.created_at}, the bundle's at {d.created_at}: another night of"
                        " the same id")
    for what, mine, theirs in (("movement", here.movement, d.movement),
                               ("date", here.date, d.date)):
        if mine != theirs:
            problems.append(f"{what}: {mine} here, {theirs} in the bundle")
    incoming = {player_key(p.name): p for p in d.players}
    missing = [p.name for p in here.players if player_key(p.name) not in incoming]
    if missing:
        problems.append(f"players: {', '.join(missing)} of the night here"
                        f" {'are' if len(missing) > 1 else 'is'} not in the bundle")
    moved = [f"{p.name} (pair {p.pair} here, {incoming[player_key(p.name)].pair} in the"
             " bundle)" for p in here.players if player_key(p.name) in incoming
             and p.pair != incoming[player_key(p.name)].pair]
    if moved:
        problems.append(f"players: {', '.join(moved)}")
    if here.current_round > d.current_round:
        problems.append(f"current_round: round {here.current_round} has started here, the"
                        f" bundle's latest is round {d.current_round} (the rounds after it"
                        " would go back to planned)")
    plans = {plan.round: {t.table: t for t in plan.tables} for plan in d.schedule}
    for number in range(1, min(here.current_round, d.current_round) + 1):
        for table in store.tables(d.event_id, number):
            place = f"round {number}, table {table.table}"
            theirs = plans.get(number, {}).get(str(table.table))
            if theirs is None:
                problems.append(f"{place}: here, not in the bundle")
                continue
            if dict(table.seats) != dict(theirs.seats):
                problems.append(f"{place}: seated {_seats_text(dict(table.seats))} here,"
                                f" {_seats_text(dict(theirs.seats))} in the bundle")
            if table.status in ("unfinished", "no_show") and (
                    (table.status, table.absent) != (theirs.director, theirs.absent)):
                problems.append(f"{place}: {_word(table.status, table.absent)} here,"
                                f" {_word(theirs.director, theirs.absent)} in the bundle")
            log = logs.get(table.game_id)
            if log is None:
                continue
            if table.hands > len(log.hands):
                problems.append(f"game {table.game_id}: {table.hands} hand"
                                f"{'s' if table.hands > 1 else ''} here, {len(log.hands)} in"
                                " the bundle")
            else:
                old = store.replaced_revision(table.game_id, log)
                if old is not None:
                    problems.append(f"game {table.game_id}: the bundle holds its revision"
                                    f" {old}, replaced here since")
    return problems


def _word(status: str | None, absent: str | None) -> str:
    if status is None:
        return "not marked"
    return f"marked no_show ({absent} absent)" if status == "no_show" else f"marked {status}"


def _import_event_rows(store: EventStore, document: EventDocument) -> str:
    """Replace the event's rows by the document's, unless they are the same already."""
    incoming = event_to_data(document)
    incoming.pop("games", None)
    try:
        existing = event_to_data(event_document(store, document.event_id, games=False))
    except UnknownEventError:
        existing = None
    now = utc_now()
    created = document.created_at or (existing or {}).get("created_at") or now
    if existing is not None and "created_at" not in incoming:
        existing.pop("created_at", None)  # a bundle of an earlier scorekeeper: not a change
    if existing == incoming:
        return "unchanged"
    d = document
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
             d.current_round, created, now))
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


__all__ = ["EventDocumentError", "EventError", "ImportConflict", "ImportReport", "bundle_text", "event_document",
           "import_bundle"]
