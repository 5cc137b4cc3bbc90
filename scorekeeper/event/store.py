"""The card nights kept in the season database: an event, its players, its planned rounds
and tables (migration m006), and each table's game, an ordinary game log saved with
``Store.save_game`` whose ``event`` block names the event, round, table and date.

Every change of the event's own rows is one write transaction. Starting a round saves the
round's games first (each in its own transaction, the same content again changing nothing)
and only then marks the round started, so a crash in between is mended by starting the
round again.
"""

from __future__ import annotations

import datetime
import json
import os
import re
import sqlite3
import unicodedata

from ..logs.identifiers import date_problem, game_id_problem, player_key
from ..rules.seats import Seat
from ..rules.settings import PRESETS, rules_with_preset
from ..season.storage import Store
from ..season.storage.db import write_transaction
from . import planning
from .movement_plan import SEATS, MovementError, RoundPlan, TablePlan
from .records import (
    DIRECTOR_STATUSES,
    EVENT_ID_MAX,
    FIXED_MOVEMENTS,
    MOVEMENT_KINDS,
    ROUND_MINUTES_MAX,
    SIDES,
    EventError,
    EventSpec,
    EventSummary,
    EventView,
    PlayerEntry,
    RoundEnd,
    TableView,
    UnknownEventError,
)

FIRST_DEALER = "N"
"""Every table's first deal is North's (the app reads it from the log's ``x-scorekeeper``)."""
APP_EXTENSION = "x-scorekeeper"


def table_game_id(event_id: str, round_number: int, table: int) -> str:
    """The game id of a table's game: ``<event_id>.r<round>.t<table>``."""
    return f"{event_id}.r{round_number}.t{table}"


def utc_now() -> str:
    """Now, as the database's timestamps are written."""
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="microseconds")


def _slug(name: str) -> str:
    text = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return re.sub(r"[^a-z0-9]+", "-", text).strip("-")[:EVENT_ID_MAX - 11].strip("-")


class EventStore:
    """Card nights over the season database. Open with ``EventStore.open(path)``."""

    def __init__(self, games: Store) -> None:
        self.games = games
        """The season store: the game logs (and the app's drafts) of every table."""
        # The store's own connection (``games.db.conn`` would load sqlite-utils, a good
        # part of a command's time, for nothing: the queries here need only the connection).
        self._conn: sqlite3.Connection = games._conn

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, create: bool = True) -> EventStore:
        """The events of the database at ``path``, opened as ``Store.open`` opens it."""
        return cls(Store.open(path, create=create))

    @property
    def path(self) -> str:
        return self.games.path

    @property
    def writable(self) -> bool:
        return self.games.writable

    def close(self) -> None:
        self.games.close()

    def __enter__(self) -> EventStore:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def write(self):
        """One write transaction on the database (``db.write_transaction``), for the
        event's own rows (the bundle's import)."""
        return write_transaction(self._conn)

    def has_game(self, game_id: str) -> bool:
        """Whether the game is stored."""
        return self._conn.execute("SELECT 1 FROM game_logs WHERE game_id = ?",
                                  (game_id,)).fetchone() is not None

    def replaced_revision(self, game_id: str, log) -> int | None:
        """The revision of the stored game that ``log`` is, when that version has been
        replaced since (a later one is current); None otherwise (the current version, a
        content never stored, or no such game)."""
        from ..season.storage.converters import content_hash, stored_text

        row = self._conn.execute(
            "SELECT h.revision FROM game_log_history h JOIN game_logs g ON g.game_id ="
            " h.game_id AND g.content_hash != h.content_hash WHERE h.game_id = ? AND"
            " h.content_hash = ? ORDER BY h.revision DESC LIMIT 1",
            (game_id, content_hash(stored_text(log)))).fetchone()
        return None if row is None else row[0]

    def data_version(self) -> int:
        """A number that grows whenever anything in the database changes: another
        connection's commit (SQLite's ``data_version``) or one of this connection's writes
        (its ``total_changes``). Cheap enough to poll."""
        other = self._conn.execute("PRAGMA data_version").fetchone()[0]
        return other + self._conn.total_changes

    # -- creating ---------------------------------------------------------------------------

    def create_event(self, spec: EventSpec) -> str:
        """Store a new night and plan its rounds; returns its id. Bad input raises
        ``EventError`` naming it."""
        problem = date_problem(spec.date)
        if problem:
            raise EventError(f"date: {problem}")
        name = spec.name.strip()
        if not name:
            raise EventError("name: an event needs a name")
        if spec.movement not in MOVEMENT_KINDS:
            raise EventError(f"movement: {spec.movement!r} is not a movement"
                             f" ({', '.join(MOVEMENT_KINDS)})")
        if spec.preset not in PRESETS:
            raise EventError(f"rules: no house-rule preset {spec.preset!r}"
                             f" (known: {', '.join(PRESETS)})")
        try:
            rules = rules_with_preset(spec.preset, _round_end_changes(spec.target, spec.hands))
        except ValueError as exc:
            raise EventError(f"rules: {exc}") from None
        if spec.rounds is not None and spec.rounds < 1:
            raise EventError(f"rounds: at least 1, not {spec.rounds}")
        if spec.minutes is not None and not 1 <= spec.minutes <= ROUND_MINUTES_MAX:
            raise EventError(f"minutes: a round lasts 1 to {ROUND_MINUTES_MAX} minutes, not"
                             f" {spec.minutes}")
        fixed = spec.movement in FIXED_MOVEMENTS
        entries = _entries(spec, fixed)
        view = EventView(
            id="", name=name, date=spec.date, venue=spec.venue or None,
            season=spec.season or None, preset=spec.preset, movement=spec.movement,
            players=tuple(entries), pairs=tuple(spec.pairs) if fixed else (),
            rounds=spec.rounds or 0, current_round=0,
            round_end=RoundEnd(rules.target_score, rules.hand_limit, spec.minutes),
            rounds_given=spec.rounds is not None)
        try:
            plans, rounds = planning.plan_rounds(view, played=(), ranking=())
        except MovementError as exc:
            raise EventError(f"{'pairs' if fixed else 'players'}: {exc}") from None
        now = utc_now()
        with write_transaction(self._conn) as conn:
            event_id = self._new_id(conn, spec, name)
            conn.execute(
                "INSERT INTO events (event_id, name, date, venue, season, preset, movement,"
                " target_score, hand_limit, round_minutes, rounds, rounds_given, current_round,"
                " created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?)",
                (event_id, name, spec.date, view.venue, view.season, spec.preset,
                 spec.movement, rules.target_score, rules.hand_limit, spec.minutes, rounds,
                 int(view.rounds_given), now, now))
            conn.executemany(
                "INSERT INTO event_players (event_id, position, name, pair, status,"
                " joined_round, left_round) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(event_id, i, p.name, p.pair, p.status, p.joined_round, p.left_round)
                 for i, p in enumerate(entries, start=1)])
            _insert_plans(conn, event_id, plans)
        return event_id

    def _new_id(self, conn: sqlite3.Connection, spec: EventSpec, name: str) -> str:
        taken = {r[0] for r in conn.execute("SELECT event_id FROM events")}
        if spec.event_id is not None:
            problem = game_id_problem(spec.event_id) if spec.event_id else "it is empty"
            if problem is None and len(spec.event_id) > EVENT_ID_MAX:
                problem = f"at most {EVENT_ID_MAX} characters, not {len(spec.event_id)}"
            if problem:
                raise EventError(f"event id: {problem}")
            if spec.event_id in taken:
                raise EventError(f"event id: {spec.event_id!r} is taken")
            return spec.event_id
        base = f"{spec.date}-{_slug(name) or 'event'}"
        candidate, n = base, 1
        while candidate in taken:
            n += 1
            candidate = f"{base}-{n}"
        return candidate

    # -- reading ----------------------------------------------------------------------------

    def events(self) -> list[EventSummary]:
        """Every event, newest first (by date, then by when it was created)."""
        rows = self._conn.execute(
            "SELECT e.event_id, e.name, e.date, e.movement, e.rounds, e.current_round,"
            " (SELECT count(*) FROM event_players p WHERE p.event_id = e.event_id"
            "  AND p.status != 'left') FROM events e ORDER BY e.date DESC, e.created_at DESC,"
            " e.event_id").fetchall()
        return [EventSummary(*r) for r in rows]

    def event(self, event_id: str) -> EventView:
        row = self._conn.execute(
            "SELECT event_id, name, date, venue, season, preset, movement, target_score,"
            " hand_limit, rounds, rounds_given, current_round, round_minutes, created_at"
            " FROM events"
            " WHERE event_id = ?",
            (event_id,)).fetchone()
        if row is None:
            raise UnknownEventError(event_id)
        players = tuple(PlayerEntry(*r) for r in self._conn.execute(
            "SELECT name, status, pair, joined_round, left_round FROM event_players"
            " WHERE event_id = ? ORDER BY position", (event_id,)))
        by_pair: dict[int, list[str]] = {}
        for p in players:
            if p.pair is not None:
                by_pair.setdefault(p.pair, []).append(p.name)
        pairs = tuple((m[0], m[1]) for _, m in sorted(by_pair.items()) if len(m) == 2)
        return EventView(
            id=row[0], name=row[1], date=row[2], venue=row[3], season=row[4], preset=row[5],
            movement=row[6], players=players, pairs=pairs, rounds=row[9],
            current_round=row[11], round_end=RoundEnd(row[7], row[8], row[12]),
            rounds_given=bool(row[10]), created_at=row[13])

    def schedule(self, event_id: str) -> list[RoundPlan]:
        """Every round planned so far (played, under way and to come), in order. A Swiss
        round is planned when it starts (it pairs by the standing)."""
        self.event(event_id)
        tables: dict[int, list[TablePlan]] = {}
        for r in self._conn.execute(
                "SELECT round, table_no, seat_n, seat_e, seat_s, seat_w FROM event_tables"
                " WHERE event_id = ? ORDER BY round, table_no", (event_id,)):
            tables.setdefault(r[0], []).append(TablePlan(r[1], dict(zip(SEATS, r[2:]))))
        return [RoundPlan(r[0], tuple(tables.get(r[0], ())), tuple(json.loads(r[1])))
                for r in self._conn.execute(
                    "SELECT round, sitting_out_json FROM event_rounds WHERE event_id = ?"
                    " ORDER BY round", (event_id,))]

    def sitting_out(self, event_id: str, round_number: int) -> tuple[str, ...]:
        row = self._conn.execute(
            "SELECT sitting_out_json FROM event_rounds WHERE event_id = ? AND round = ?",
            (event_id, round_number)).fetchone()
        return () if row is None else tuple(json.loads(row[0]))

    def tables(self, event_id: str, round: int) -> list[TableView]:
        """The round's tables with their games' scores as they stand (a round not started:
        status ``planned``)."""
        rows = self._conn.execute(
            "SELECT t.table_no, t.seat_n, t.seat_e, t.seat_s, t.seat_w, t.game_id, t.status,"
            " t.absent, g.scores_json, g.hands, g.finished, g.winner, g.players_json,"
            " (SELECT h.dealer FROM hands h WHERE h.game_id = t.game_id"
            "  ORDER BY h.hand DESC LIMIT 1)"
            " FROM event_tables t LEFT JOIN games g ON g.game_id = t.game_id"
            " WHERE t.event_id = ? AND t.round = ? ORDER BY t.table_no",
            (event_id, round)).fetchall()
        if not rows:
            self.event(event_id)  # an unknown event says so
        return [_table_view(round, r) for r in rows]

    def round_started(self, event_id: str, round_number: int) -> datetime.datetime | None:
        """When the round started (UTC): the first saving of its games, which ``start_round``
        saves before anything is entered (an imported round: when it was imported). None
        for a round not started."""
        firsts = [self.games.revisions(t.game_id)[0].saved_at
                  for t in self.tables(event_id, round_number) if t.game_id]
        if not firsts:
            return None
        start = datetime.datetime.fromisoformat(min(firsts))
        return start if start.tzinfo else start.replace(tzinfo=datetime.UTC)

    def all_tables(self, event_id: str) -> dict[int, list[TableView]]:
        """Every started round's tables, by round."""
        current = self.event(event_id).current_round
        return {n: self.tables(event_id, n) for n in range(1, current + 1)}

    # -- running the night -----------------------------------------------------------------

    def start_round(self, event_id: str) -> list[TableView]:
        """Start the next round: its tables' games are saved (no hands yet) and it becomes
        the current round. Refused while a table of the current round is still playing."""
        view = self.event(event_id)
        if view.current_round:
            playing = [t.table for t in self.tables(event_id, view.current_round)
                       if t.status == "playing"]
            if playing:
                raise EventError(
                    f"round {view.current_round} is still being played at table"
                    f"{'s' if len(playing) > 1 else ''} {', '.join(map(str, playing))}: finish"
                    " it, or mark it unfinished or no_show (event table-status)")
        number = view.current_round + 1
        if number > view.rounds:
            raise EventError(f"all {view.rounds} rounds of {event_id} have been started")
        plan = next((p for p in self.schedule(event_id) if p.round == number), None)
        if plan is None:  # a Swiss round: paired now, by the standing
            plan = self._plan_swiss_round(view, number)
        rules = {"preset": view.preset, **rules_with_preset(
            view.preset, _round_end_changes(view.round_end.target, view.round_end.hands)
        ).changes()}
        from ..logs.files import log_from_data

        for table in plan.tables:
            game_id = table_game_id(event_id, number, table.table)
            if self.has_game(game_id):
                continue  # saved by an earlier start that stopped short, or imported
            event = {"date": view.date, "table": str(table.table), "event_id": event_id,
                     "round": number, **({"season": view.season} if view.season else {})}
            from ..logs.models import FORMAT_VERSION

            log = log_from_data({
                "format": "spades-game", "format_version": FORMAT_VERSION,
                "game_id": game_id, "variant": "partnership", "players": dict(table.seats),
                "rules": rules, "event": event, "hands": [],
                APP_EXTENSION: {"first_dealer": FIRST_DEALER}}, f"table {table.table}")
            self.games.save_game(log, by="event", why=f"{event_id} round {number} started")
        with write_transaction(self._conn) as conn:
            conn.executemany(
                "UPDATE event_tables SET game_id = ? WHERE event_id = ? AND round = ?"
                " AND table_no = ?", [(table_game_id(event_id, number, t.table), event_id,
                                       number, t.table) for t in plan.tables])
            conn.execute("UPDATE event_rounds SET started = 1 WHERE event_id = ? AND round = ?",
                         (event_id, number))
            conn.execute("UPDATE events SET current_round = ?, updated_at = ? WHERE"
                         " event_id = ?", (number, utc_now(), event_id))
        return self.tables(event_id, number)

    def _plan_swiss_round(self, view: EventView, number: int) -> RoundPlan:
        from .tally import pair_ranking

        played = self.schedule(view.id)
        ranking = pair_ranking(view, self.all_tables(view.id), played)
        try:
            plan = planning.swiss_plan(view, ranking, played, number)
        except MovementError as exc:
            raise EventError(f"round {number}: {exc}") from None
        with write_transaction(self._conn) as conn:
            _insert_plans(conn, view.id, [plan])
        return plan

    def set_table_status(self, event_id: str, round: int, table: int,
                         status: str, *, absent: str | None = None) -> TableView:
        """The director's word on a table of a started round: ``unfinished`` (its game
        stopped short), ``no_show`` (``absent``, NS or EW, did not come; its game has no
        hands) or ``playing`` (taken back). Scored by the rules of docs/events.md."""
        if status not in DIRECTOR_STATUSES:
            raise EventError(f"status: {status!r} is not one of {', '.join(DIRECTOR_STATUSES)}")
        view = self.event(event_id)
        found = [t for t in self.tables(event_id, round) if t.table == table]
        if not found:
            raise EventError(f"{event_id} has no table {table} in round {round}")
        current = found[0]
        if current.game_id is None:
            raise EventError(f"round {round} of {event_id} has not started")
        if status == "no_show":
            if absent not in SIDES:
                raise EventError(f"a no-show needs the side that did not come: NS or EW, not"
                                 f" {absent!r}" if absent else
                                 "a no-show needs the side that did not come: NS or EW")
            if current.hands:
                raise EventError(f"table {table} of round {round} played {current.hands}"
                                 f" hand{'s' if current.hands > 1 else ''}: mark it unfinished")
            if _hand_begun(self.games.load_draft(current.game_id)):
                raise EventError(f"table {table} of round {round} has begun its first hand in"
                                 " the app (both sides came): mark it unfinished")
        elif absent is not None:
            raise EventError("only a no-show names an absent side")
        if status == "unfinished" and current.status == "finished":
            raise EventError(f"table {table} of round {round} has finished: its game stands")
        stored = None if status == "playing" else status
        with write_transaction(self._conn) as conn:
            conn.execute("UPDATE event_tables SET status = ?, absent = ? WHERE event_id = ?"
                         " AND round = ? AND table_no = ?", (stored, absent, event_id, round,
                                                             table))
            conn.execute("UPDATE events SET updated_at = ? WHERE event_id = ?",
                         (utc_now(), view.id))
        return next(t for t in self.tables(event_id, round) if t.table == table)

    def check_in(self, event_id: str, name: str) -> EventView:
        """A player (individual) or a pair ``"A+B"`` (fixed) arrives: seated from the next
        round on; the rounds not started are planned again around what was played."""
        view = self.event(event_id)
        members = _arrivals(view, name)
        known = {player_key(p.name): p for p in view.players}
        present = [m for m in members if player_key(m) in known
                   and known[player_key(m)].status != "left"]
        if present:
            name_there = known[player_key(present[0])].name
            raise EventError(f"{name_there} is already checked in to {event_id}")
        joined = view.current_round + 1
        status = "late" if view.current_round else "in"
        pair = max((p.pair or 0 for p in view.players), default=0) + 1 if view.fixed else None
        with write_transaction(self._conn) as conn:
            position = conn.execute("SELECT coalesce(max(position), 0) FROM event_players"
                                    " WHERE event_id = ?", (event_id,)).fetchone()[0]
            for member in members:
                again = known.get(player_key(member))
                if again is not None:  # back after leaving
                    conn.execute("UPDATE event_players SET status = ?, joined_round = ?,"
                                 " left_round = NULL, pair = ? WHERE event_id = ? AND name = ?",
                                 (status, joined, pair, event_id, again.name))
                    continue
                position += 1
                conn.execute("INSERT INTO event_players (event_id, position, name, pair,"
                             " status, joined_round, left_round) VALUES (?, ?, ?, ?, ?, ?,"
                             " NULL)", (event_id, position, member, pair, status, joined))
            self._replan(conn, event_id)
        return self.event(event_id)

    def withdraw(self, event_id: str, name: str) -> EventView:
        """A player leaves (fixed: his pair leaves): not seated after the current round; the
        rounds not started are planned again. His rows and games stay."""
        view = self.event(event_id)
        entry = next((p for p in view.players if player_key(p.name) == player_key(
            name.split("+")[0])), None)
        if entry is None:
            raise EventError(f"{name.strip()!r} is not a player of {event_id}")
        if entry.status == "left":
            raise EventError(f"{entry.name} has already left {event_id}")
        leaving = [p.name for p in view.players if p.name == entry.name or (
            view.fixed and p.pair is not None and p.pair == entry.pair)]
        named = [part.strip() for part in name.split("+")]
        if len(named) > 1 and sorted(map(player_key, named)) != sorted(map(player_key, leaving)):
            # "C+E" must not withdraw C+D: every name given must be of the pair leaving
            raise EventError(f"{name.strip()!r} is not a pair of {event_id}: {entry.name}'s"
                             f" pair is {'+'.join(leaving)}")
        with write_transaction(self._conn) as conn:
            conn.executemany("UPDATE event_players SET status = 'left', left_round = ? WHERE"
                             " event_id = ? AND name = ?",
                             [(view.current_round, event_id, n) for n in leaving])
            self._replan(conn, event_id)
        return self.event(event_id)

    def _replan(self, conn: sqlite3.Connection, event_id: str) -> None:
        """Plan the rounds not started again for the players now present (inside the
        caller's transaction)."""
        view = self.event(event_id)
        played = [p for p in self.schedule(event_id) if p.round <= view.current_round]
        try:
            plans, rounds = planning.plan_rounds(view, played=played, ranking=())
        except MovementError as exc:
            raise EventError(f"{event_id}: the rounds to come cannot be planned: {exc}"
                             ) from None
        conn.execute("DELETE FROM event_tables WHERE event_id = ? AND round > ?",
                     (event_id, view.current_round))
        conn.execute("DELETE FROM event_rounds WHERE event_id = ? AND round > ?",
                     (event_id, view.current_round))
        _insert_plans(conn, event_id, plans)
        conn.execute("UPDATE events SET rounds = ?, updated_at = ? WHERE event_id = ?",
                     (rounds, utc_now(), event_id))


def _hand_begun(draft: dict | None) -> bool:
    """Whether the app's saved hand in progress holds an entry (a bid, a trick count, a
    card-by-card hand, time called): what ``GameSession.has_entries`` says of it restored."""
    if not isinstance(draft, dict):
        return False
    return bool(draft.get("bids") or draft.get("tricks") or draft.get("referee") is not None
                or draft.get("time_called") is not None)


def _round_end_changes(target: int | None, hands: int | None) -> dict[str, int]:
    changes = {}
    if target is not None:
        changes["target_score"] = target
    if hands is not None:
        changes["hand_limit"] = hands
    return changes


def _clean_name(name: str, what: str) -> str:
    text = name.strip()
    if not text:
        raise EventError(f"{what}: a name is empty")
    if any(c in text for c in ",+\n\r\t"):
        raise EventError(f"{what}: {text!r}: a name may not hold ',', '+' or a line break")
    return text


def _entries(spec: EventSpec, fixed: bool) -> list[PlayerEntry]:
    """The players of a new event, each once, checked."""
    if fixed:
        if spec.players and not spec.pairs:
            raise EventError(f"pairs: the {spec.movement} movement plays fixed pairs: give"
                             " --pairs \"A+B,C+D,...\"")
        entries = [PlayerEntry(_clean_name(n, "pairs"), "in", number)
                   for number, pair in enumerate(spec.pairs, start=1) for n in pair]
    else:
        if spec.pairs and not spec.players:
            raise EventError("players: the individual movement rotates partners: give"
                             " --players \"A,B,C,...\"")
        entries = [PlayerEntry(_clean_name(n, "players"), "in") for n in spec.players]
    seen: dict[str, str] = {}
    for entry in entries:
        key = player_key(entry.name)
        if key in seen:
            raise EventError(f"{'pairs' if fixed else 'players'}: {entry.name!r} is named"
                             " twice")
        seen[key] = entry.name
    return entries


def _arrivals(view: EventView, name: str) -> list[str]:
    parts = [p.strip() for p in name.split("+")]
    if view.fixed and len(parts) != 2:
        raise EventError(f"{name.strip()!r}: a fixed-pair event checks in a pair, \"A+B\"")
    if not view.fixed and len(parts) != 1:
        raise EventError(f"{name.strip()!r}: an individual event checks in one player")
    members = [_clean_name(p, "name") for p in parts]
    if len(members) == 2 and player_key(members[0]) == player_key(members[1]):
        raise EventError(f"{name.strip()!r}: a pair of one player")
    return members


def _insert_plans(conn: sqlite3.Connection, event_id: str, plans: list[RoundPlan]) -> None:
    for plan in plans:
        conn.execute("INSERT INTO event_rounds (event_id, round, sitting_out_json, started)"
                     " VALUES (?, ?, ?, 0)",
                     (event_id, plan.round, json.dumps(list(plan.sitting_out),
                                                       ensure_ascii=False)))
        conn.executemany(
            "INSERT INTO event_tables (event_id, round, table_no, seat_n, seat_e, seat_s,"
            " seat_w, game_id, status, absent) VALUES (?, ?, ?, ?, ?, ?, ?, NULL, NULL, NULL)",
            [(event_id, plan.round, t.table, *(t.seats[s] for s in SEATS))
             for t in plan.tables])


def _table_view(round_number: int, r: tuple) -> TableView:
    (table, n, e, s, w, game_id, stored, absent, scores_json, hands, finished, winner,
     players_json, last_dealer) = r
    seats = {"N": n, "E": e, "S": s, "W": w}
    if game_id is None or scores_json is None:
        return TableView(round_number, table, seats, game_id, "planned", absent=absent)
    # Who played is the game's word: a substitute entered in the app counts, not the plan.
    seats = {seat: name for seat, name in json.loads(players_json).items() if seat in seats}
    if stored is not None:
        status = stored
    else:
        status = "finished" if finished else "playing"
    dealer = None
    if status == "playing":
        dealer = Seat[last_dealer].left.name if last_dealer else FIRST_DEALER
    scores = json.loads(scores_json)
    return TableView(round_number, table, seats, game_id, status,
                     {side: scores.get(side, 0) for side in SIDES}, hands, dealer,
                     winner if finished else None, absent)


__all__ = ["EventError", "EventSpec", "EventStore", "EventSummary", "EventView", "PlayerEntry",
           "RoundEnd", "TableView", "UnknownEventError", "table_game_id"]
