"""The Store: games kept whole (validated JSON log, every revision) in one SQLite file, with
derived tables for queries, drafts for the app, and the season's results for standings.

Every write is one ``BEGIN IMMEDIATE`` transaction. DB calls stay on the calling thread
(a sqlite3 connection belongs to the thread that opened it).
"""

from __future__ import annotations

import datetime
import json
import os
import sqlite3
from dataclasses import dataclass

from typing import TYPE_CHECKING

from ..standings import GameResult, NilCounts, SideResult, Standings
from . import cache
from .converters import (content_hash, delete_derived, derive_rows, finding_lines, game_id_for,
                         pretty_text, stored_text, write_derived)
from .db import (MEMORY, SCHEMA, applied_migrations, can_write, connect, connect_read_only,
                 newer_schema_problem, resolve_path, schema_version, user_version,
                 write_transaction)
from .errors import NewerSchemaError, NoSuchDatabaseError, StorageError
from .names import display_names, key_of

if TYPE_CHECKING:  # the log layer (pydantic) is imported only where a log is handled
    from sqlite_utils import Database

    from ...analysis.game import GameAnalysis
    from ...logs.models import GameLog


class UnknownGameError(StorageError, KeyError):
    """No game with this id in the database."""

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        super().__init__(f"no game {game_id!r} in the database")

    def __str__(self) -> str:
        return str(self.args[0])


class GameRejected(StorageError):
    """A log that is not physically possible (what ``validate`` refuses) is never stored."""

    def __init__(self, game_id: str, problems: list[str]) -> None:
        self.game_id = game_id
        self.problems = problems
        super().__init__(f"game {game_id} not saved: " + "; ".join(problems))


@dataclass(frozen=True)
class SaveResult:
    game_id: str
    revision: int
    created: bool
    """A game new to the database."""
    changed: bool
    """Something was written: a new game or a new revision (False: the same content again)."""


@dataclass(frozen=True)
class GameSummary:
    game_id: str
    variant: str
    season: str | None
    date: str | None
    table: str | None
    players: dict[str, str]
    """Seat -> name."""
    scores: dict[str, int]
    """Side key ('NS'/'EW', or 'N'/'S' in two-player) -> final (or current) score."""
    bags: dict[str, int]
    winner: str | None
    """The winning side key, None while unfinished."""
    finished: bool
    hands: int
    revision: int
    updated_at: str

    def side_names(self, side: str) -> str:
        """'Alex & Charlie' for side 'NS', or the one player's name in two-player."""
        return " & ".join(self.players[seat] for seat in side)

    @property
    def winner_names(self) -> str | None:
        return None if self.winner is None else self.side_names(self.winner)


@dataclass(frozen=True)
class Revision:
    game_id: str
    revision: int
    saved_at: str
    saved_by: str | None
    why: str | None
    current: bool


def _now() -> str:
    return datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="microseconds")


class Store:
    """The season database. Open with ``Store.open(path)``; close when done."""

    def __init__(self, db: Database | sqlite3.Connection, path: str, *,
                 writable: bool = True, caches: bool = True,
                 newer_schema: str | None = None) -> None:
        self._conn = getattr(db, "conn", db)
        self._db = None if db is self._conn else db
        self.path = path
        self.writable = writable
        """False: opened read-only (``Store.open(create=False)`` on a file that cannot be
        written, or of a newer schema): nothing is written, standings included."""
        self.caches = caches
        """Whether the standings caches may be read (they are of this program's format)."""
        self.newer_schema = newer_schema
        """Set when the database is of a later scorekeeper's schema: the reason it is only
        read (``NewerSchemaError``'s message), for a query that finds a table changed."""

    @property
    def db(self) -> Database:
        """The database as sqlite-utils sees it (loaded on first use: the queries here
        need only the connection)."""
        if self._db is None:
            from sqlite_utils import Database

            self._db = Database(self._conn)
        return self._db

    @classmethod
    def open(cls, path: str | os.PathLike | None = None, *, create: bool = True) -> Store:
        """Open the database at ``path``: None is the default file in the user data folder,
        ``":memory:"`` an in-memory database. Applies pending migrations.

        ``create`` (to write: import, the app): the file is created if need be; a database
        of a newer schema raises ``NewerSchemaError``, one that cannot be written
        ``StorageError``. ``create=False`` (to read: games,
        standings, export): a missing file raises ``NoSuchDatabaseError``; a file that
        cannot be written (or its folder) is opened read-only, and one of a newer schema
        is read without being written."""
        if path is not None and os.fspath(path) == "":
            # sqlite3 would open a private temporary database, gone when closed.
            raise StorageError("the database path is empty")
        target = resolve_path(path)
        read_only = False
        if not create and target != MEMORY:
            if not os.path.isfile(target):
                raise NoSuchDatabaseError(target)
            read_only = not can_write(target)
        elif create and os.path.exists(target) and not can_write(target):
            # Refused before SQLite opens it read-only behind our back (and leaves its -shm
            # and -wal files beside it) only to fail at the first write.
            raise StorageError("the database cannot be written to here: the file or its"
                               " folder is read-only")
        conn = connect_read_only(target) if read_only else connect(target, create=create)
        try:
            return cls._checked(conn, target, create=create, read_only=read_only)
        except BaseException:
            conn.close()
            raise

    @classmethod
    def _checked(cls, conn: sqlite3.Connection, target: str, *, create: bool,
                 read_only: bool) -> Store:
        """The store on ``conn`` once its schema and caches are this program's (migrated,
        caches of an older format emptied), or known to be read as they are."""
        applied = applied_migrations(conn)
        newer = newer_schema_problem(applied)
        if newer is not None:
            if create:
                raise NewerSchemaError(newer)
            return cls(conn, target, writable=False, caches=False, newer_schema=newer)
        up_to_date = applied >= set(SCHEMA)
        caches_current = user_version(conn) == cache.CACHE_VERSION
        if read_only:
            if not up_to_date:
                raise StorageError(
                    f"this database is of schema version {schema_version(applied)}, older"
                    f" than this scorekeeper ({len(SCHEMA)}), and it cannot be written to"
                    " here to be brought up to date; open it once where it can be")
            return cls(conn, target, writable=False, caches=caches_current)
        if up_to_date and caches_current:
            return cls(conn, target)
        db: Database | sqlite3.Connection = conn
        with write_transaction(conn):
            if not up_to_date:
                from sqlite_utils import Database

                from .migrations import apply_migrations

                db = Database(conn)
                apply_migrations(db)
            if user_version(conn) != cache.CACHE_VERSION:  # another process may have done it
                cache.clear(conn)
                conn.execute(f"PRAGMA user_version = {cache.CACHE_VERSION}")
        return cls(db, target)

    def close(self) -> None:
        self._conn.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- games -----------------------------------------------------------------------------

    def unchanged_source(self, source: str) -> SaveResult | None:
        """The game a log file made, when that file (``source``: ``converters.text_hash``
        of its text or ``source_hash`` of its JSON) was saved before and the game's current content is still what it
        made: what ``save_game`` of that log would answer (nothing written), found without
        parsing or replaying it. None otherwise (never seen, or the game changed since)."""
        row = self._conn.execute(
            "SELECT s.game_id, g.revision FROM import_sources s JOIN game_logs g"
            " ON g.game_id = s.game_id AND g.content_hash = s.content_hash"
            " WHERE s.source_hash = ?", (source,)).fetchone()
        return None if row is None else SaveResult(row[0], row[1], created=False,
                                                   changed=False)

    def remember_texts(self, known: list[tuple[str, str]]) -> bool:
        """Record file texts (``converters.text_hash``) whose JSON was known by its
        ``source_hash`` (pairs of the two), so that the same files are known next time
        without being parsed: after an import, in one write transaction. False when the
        database could not be written (it changes nothing but speed)."""
        if not known or not self.writable:
            return False
        try:
            with write_transaction(self._conn) as conn:
                conn.executemany(
                    "INSERT OR REPLACE INTO import_sources (source_hash, game_id, content_hash)"
                    " SELECT ?, game_id, content_hash FROM import_sources WHERE source_hash = ?",
                    known)
        except sqlite3.OperationalError:  # read-only, or another writer held on too long
            return False
        return True

    def check_game(self, log: GameLog, analysis: GameAnalysis | None = None) -> list[str]:
        """What ``save_game`` would refuse the log for, without writing anything: its
        ``GameRejected`` problems, or why it cannot be written out (empty: it would be
        saved). For a caller that must check several games before saving any of them."""
        try:
            stored_text(log)
        except StorageError as exc:
            return [str(exc)]
        if analysis is None:
            from ...analysis.game import analyse_game

            analysis = analyse_game(log)
        return finding_lines(analysis)

    def save_game(self, log: GameLog, *, by: str | None = None, why: str | None = None,
                  analysis: GameAnalysis | None = None, sources: tuple[str, ...] = ()
                  ) -> SaveResult:
        """Store a game (see ``converters.game_id_for`` for its id) in one transaction.

        The same content again changes nothing. Changed content becomes the next revision;
        the replaced version is kept in ``game_log_history``. A physically impossible log
        raises ``GameRejected``. ``analysis`` saves replaying a log the caller just analysed.
        ``sources``: the log file's hashes (``converters.text_hash``, ``source_hash``),
        recorded with the game (see ``unchanged_source``).
        """
        text = stored_text(log)  # raises StorageError for a log that cannot be written out
        game_id = game_id_for(log, text)
        if analysis is None:
            from ...analysis.game import analyse_game

            analysis = analyse_game(log)
        problems = finding_lines(analysis)
        if problems:
            raise GameRejected(game_id, problems)
        digest = content_hash(text)
        now = _now()
        conn = self._conn
        with write_transaction(self._conn):
            row = conn.execute(
                "SELECT revision, json, content_hash, updated_at, saved_by, why FROM game_logs"
                " WHERE game_id = ?", (game_id,)).fetchone()
            if sources:
                conn.executemany("INSERT OR REPLACE INTO import_sources (source_hash, game_id,"
                                 " content_hash) VALUES (?, ?, ?)",
                                 [(source, game_id, digest) for source in sources])
            if row is not None and row[2] == digest:
                return SaveResult(game_id, row[0], created=False, changed=False)
            if row is None:
                revision = 1
                conn.execute(
                    "INSERT INTO game_logs (game_id, revision, json, content_hash, created_at,"
                    " updated_at, saved_by, why) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, revision, text, digest, now, now, by, why))
            else:
                revision = row[0] + 1
                conn.execute(
                    "INSERT INTO game_log_history (game_id, revision, json, content_hash,"
                    " saved_at, saved_by, why, replaced_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                    (game_id, row[0], row[1], row[2], row[3], row[4], row[5], now))
                conn.execute(
                    "UPDATE game_logs SET revision = ?, json = ?, content_hash = ?,"
                    " updated_at = ?, saved_by = ?, why = ? WHERE game_id = ?",
                    (revision, text, digest, now, by, why, game_id))
                delete_derived(conn, game_id)
            write_derived(conn, derive_rows(game_id, revision, now, analysis), now)
        return SaveResult(game_id, revision, created=row is None, changed=True)

    def game_json(self, game_id: str) -> str:
        """The stored JSON text of the game's current version (compact; ``export_json``
        lays it out as ``files.dump_log`` does)."""
        row = self._conn.execute("SELECT json FROM game_logs WHERE game_id = ?",
                                 (game_id,)).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        return _stored_text(row[0], game_id)

    def export_json(self, game_id: str, revision: int | None = None) -> str:
        """A version of the game (default: the current one) as ``files.dump_log`` writes
        it: two-space indent, a trailing newline."""
        return pretty_text(self.game_json(game_id) if revision is None
                           else self.revision_json(game_id, revision))

    def load_game(self, game_id: str) -> GameLog:
        from ...logs.files import parse_log

        return parse_log(self.game_json(game_id), f"stored game {game_id}")

    def revisions(self, game_id: str) -> list[Revision]:
        """Every version of a game, oldest first; the last is the current one."""
        rows = self._conn.execute(
            "SELECT revision, saved_at, saved_by, why, 0 FROM game_log_history"
            " WHERE game_id = ? UNION ALL SELECT revision, updated_at, saved_by, why, 1"
            " FROM game_logs WHERE game_id = ? ORDER BY 1", (game_id, game_id)).fetchall()
        if not rows:
            raise UnknownGameError(game_id)
        return [Revision(game_id, r, at, by, why, bool(cur)) for r, at, by, why, cur in rows]

    def revision_json(self, game_id: str, revision: int) -> str:
        """The JSON text of one version, current or replaced."""
        row = self._conn.execute(
            "SELECT json FROM game_log_history WHERE game_id = ? AND revision = ? UNION ALL"
            " SELECT json FROM game_logs WHERE game_id = ? AND revision = ?",
            (game_id, revision, game_id, revision)).fetchone()
        if row is None:
            raise UnknownGameError(f"{game_id} revision {revision}")
        return _stored_text(row[0], game_id)

    def games(self, season: str | None = None) -> list[GameSummary]:
        """Games newest first: by date played (an undated game by the day it was saved),
        then by when it was last saved."""
        where, params = ("WHERE season = ?", (season,)) if season is not None else ("", ())
        rows = self._conn.execute(
            "SELECT game_id, variant, season, date, table_name, players_json, scores_json,"
            " bags_json, winner, finished, hands, revision, updated_at FROM games"
            f" {where} ORDER BY coalesce(date, substr(updated_at, 1, 10)) DESC,"
            " updated_at DESC, game_id", params).fetchall()
        return [GameSummary(
            game_id=r[0], variant=r[1], season=r[2], date=r[3], table=r[4],
            players=json.loads(r[5]), scores=json.loads(r[6]), bags=json.loads(r[7]),
            winner=r[8], finished=bool(r[9]), hands=r[10], revision=r[11], updated_at=r[12],
        ) for r in rows]

    def player_names(self) -> list[str]:
        """Every player seen in any saved game, once (``Alex`` and ``ALEX`` are one player,
        see ``names``), as first written, sorted (case-insensitively)."""
        names = display_names(self._conn).values()
        return sorted(names, key=lambda n: (n.casefold(), n))

    def seasons(self) -> list[str]:
        return [r[0] for r in self._conn.execute(
            "SELECT DISTINCT season FROM games WHERE season IS NOT NULL ORDER BY season")]

    # -- drafts ----------------------------------------------------------------------------

    def save_draft(self, game_id: str, draft: dict) -> None:
        """Keep the app's hand in progress (a JSON-able dict), one per game, replacing the
        previous one; the game need not be saved yet."""
        text = json.dumps(draft, ensure_ascii=False, sort_keys=True)
        with write_transaction(self._conn) as conn:
            conn.execute("INSERT INTO drafts (game_id, json, updated_at) VALUES (?, ?, ?)"
                         " ON CONFLICT (game_id) DO UPDATE SET json = excluded.json,"
                         " updated_at = excluded.updated_at", (game_id, text, _now()))

    def load_draft(self, game_id: str) -> dict | None:
        row = self._conn.execute("SELECT json FROM drafts WHERE game_id = ?",
                                 (game_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def clear_draft(self, game_id: str) -> None:
        with write_transaction(self._conn) as conn:
            conn.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))

    # -- standings --------------------------------------------------------------------------

    def _season_filter(self, season: str | None, alias: str) -> tuple[str, tuple]:
        if season is None:
            return "", ()
        return f" AND {alias}.season = ?", (season,)

    def standings(self, season: str | None = None, *, rate: bool = True) -> Standings:
        """Standings from the caches of ``cache.py``: the summed figures per player and
        partnership, and the ratings as of the scope's last game (each save in date order
        rated its game). Otherwise (a scope never asked for in a database older than the
        caches, or after saves out of date order that no import's end rated again) it
        sums and rates what it must, from the latest checkpoint, and stores it. A
        database that cannot be written to gets the same standings, computed without the
        caches."""
        if self.caches:
            result = self._read_standings(season, rate, cached=True)
            if result is not None:
                return result
            if self.writable:
                try:
                    with write_transaction(self._conn) as conn:
                        return cache.standings(conn, season, rate=rate, write=True)
                except sqlite3.OperationalError:  # read-only, or another writer held on too long
                    pass
        return self._read_standings(season, rate, cached=False)

    def bring_standings_up_to_date(self) -> bool:
        """After a batch of saves (the end of ``import``): rate again, once, what saves out
        of date order left unrated (each save rates only a game that comes after every
        rated one), and sum the every-game scope of a database older than the caches, so
        that the next standings read everything ready. In one write transaction; returns
        False when the database could not be written (standings will do it then)."""
        if not self.writable:
            return False
        try:
            with write_transaction(self._conn) as conn:
                cache.bring_up_to_date(conn)
        except sqlite3.OperationalError:  # read-only, or another writer held on too long
            return False
        return True

    def _read_standings(self, season: str | None, rate: bool, *, cached: bool
                        ) -> Standings | None:
        """``cache.standings`` without writing, in one read transaction (a snapshot)."""
        conn = self._conn
        conn.execute("BEGIN")
        try:
            return cache.standings(conn, season, rate=rate, write=False, cached=cached)
        finally:
            conn.execute("COMMIT")

    def game_results(self, season: str | None = None) -> list[GameResult]:
        """Every game's sides with their totals, for ``standings.compute_standings`` (the
        plain-Python path, which ``standings()`` must agree with)."""
        conn = self._conn
        shown = display_names(conn)
        where, params = self._season_filter(season, "gs")
        nils = {(r[0], r[1]): NilCounts(*r[2:]) for r in conn.execute(
            "SELECT n.game_id, n.seat, sum(n.blind = 0), sum(n.blind = 0 AND n.made),"
            " sum(n.blind), sum(n.blind AND n.made) FROM nil_bids n JOIN game_sides gs"
            f" ON gs.game_id = n.game_id AND gs.side = n.side WHERE 1{where}"
            " GROUP BY n.game_id, n.seat", params)}
        games: dict[str, dict] = {}
        for r in conn.execute(
                "SELECT g.game_id, g.variant, g.season, g.date, g.table_name, g.hands,"
                " g.players_json, gs.side, gs.won, gs.finished, gs.hands, gs.points_for,"
                " gs.points_against, gs.bags, gs.bag_penalties, gs.sets, gs.score"
                " FROM game_sides gs JOIN games g ON g.game_id = gs.game_id"
                f" WHERE 1{where} ORDER BY g.game_id, gs.side IN ('EW', 'S')", params):
            g = games.setdefault(r[0], {"row": r, "sides": [], "winner": None})
            side, names = r[7], json.loads(r[6])
            seats = list(side)
            # Each player shown as first written (the SQL path shows them so too).
            members = tuple(shown.get(key_of(names[s]), names[s]) for s in seats)
            if r[8]:
                g["winner"] = len(g["sides"])
            g["sides"].append(SideResult(
                members=members, hands=r[10], points_for=r[11],
                points_against=r[12], bags=r[13], bag_penalties=r[14], sets=r[15],
                nils=tuple(nils.get((r[0], s), NilCounts()) for s in seats), score=r[16]))
        return [GameResult(game_id=gid, variant=g["row"][1], season=g["row"][2],
                           date=g["row"][3], table=g["row"][4], hands=g["row"][5],
                           sides=tuple(g["sides"]), winner=g["winner"])
                for gid, g in games.items()]


def _stored_text(value: object, game_id: str) -> str:
    """A stored log's JSON text as read back; anything else (a blob, a number: the file was
    changed by hand or damaged) is the damage it is, never handed on as a log."""
    if not isinstance(value, str):
        raise sqlite3.DatabaseError(f"the stored log of {game_id} is not text")
    return value
