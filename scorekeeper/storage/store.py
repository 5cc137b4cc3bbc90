"""The Store: games kept whole (validated JSON log, every revision) in one SQLite file, with
derived tables for queries, drafts for the app, and the season's results for standings.

Every write is one ``BEGIN IMMEDIATE`` transaction. DB calls stay on the calling thread
(a sqlite3 connection belongs to the thread that opened it).
"""

from __future__ import annotations

import datetime
import json
import os
from dataclasses import dataclass

from sqlite_utils import Database

from ..game import GameAnalysis, analyse_game
from ..logio import dump_log, parse_log
from ..models import GameLog
from ..standings import GameResult, NilCounts, SideResult
from .converters import (content_hash, delete_derived, derive_rows, finding_lines, game_id_for,
                         write_derived)
from .db import open_database, resolve_path, write_transaction
from .migrations import apply_migrations


class StorageError(ValueError):
    """A problem with the season database or what is asked of it."""


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

    def __init__(self, db: Database, path: str) -> None:
        self.db = db
        self.path = path
        self._conn = db.conn

    @classmethod
    def open(cls, path: str | os.PathLike | None = None) -> Store:
        """Open (creating if need be) the database at ``path``: None is the default file in
        the user data folder, ``":memory:"`` an in-memory database. Applies migrations."""
        db = open_database(path)
        try:
            with write_transaction(db):
                apply_migrations(db)
        except BaseException:
            db.close()
            raise
        return cls(db, resolve_path(path))

    def close(self) -> None:
        self.db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    # -- games -----------------------------------------------------------------------------

    def save_game(self, log: GameLog, *, by: str | None = None, why: str | None = None,
                  analysis: GameAnalysis | None = None) -> SaveResult:
        """Store a game (see ``converters.game_id_for`` for its id) in one transaction.

        The same content again changes nothing. Changed content becomes the next revision;
        the replaced version is kept in ``game_log_history``. A physically impossible log
        raises ``GameRejected``. ``analysis`` saves replaying a log the caller just analysed.
        """
        text = dump_log(log)
        game_id = game_id_for(log, text)
        if analysis is None:
            analysis = analyse_game(log)
        problems = finding_lines(analysis)
        if problems:
            raise GameRejected(game_id, problems)
        digest = content_hash(text)
        now = _now()
        conn = self._conn
        with write_transaction(self.db):
            row = conn.execute(
                "SELECT revision, json, content_hash, updated_at, saved_by, why FROM game_logs"
                " WHERE game_id = ?", (game_id,)).fetchone()
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
        """The stored JSON text of the game's current version."""
        row = self._conn.execute("SELECT json FROM game_logs WHERE game_id = ?",
                                 (game_id,)).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        return row[0]

    def load_game(self, game_id: str) -> GameLog:
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
        return row[0]

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
        """Every player name seen in any saved game, sorted (case-insensitively)."""
        names = [r[0] for r in self._conn.execute("SELECT name FROM players")]
        return sorted(names, key=lambda n: (n.casefold(), n))

    def seasons(self) -> list[str]:
        return [r[0] for r in self._conn.execute(
            "SELECT DISTINCT season FROM games WHERE season IS NOT NULL ORDER BY season")]

    # -- drafts ----------------------------------------------------------------------------

    def save_draft(self, game_id: str, draft: dict) -> None:
        """Keep the app's hand in progress (a JSON-able dict), one per game, replacing the
        previous one; the game need not be saved yet."""
        text = json.dumps(draft, ensure_ascii=False, sort_keys=True)
        with write_transaction(self.db) as conn:
            conn.execute("INSERT INTO drafts (game_id, json, updated_at) VALUES (?, ?, ?)"
                         " ON CONFLICT (game_id) DO UPDATE SET json = excluded.json,"
                         " updated_at = excluded.updated_at", (game_id, text, _now()))

    def load_draft(self, game_id: str) -> dict | None:
        row = self._conn.execute("SELECT json FROM drafts WHERE game_id = ?",
                                 (game_id,)).fetchone()
        return None if row is None else json.loads(row[0])

    def clear_draft(self, game_id: str) -> None:
        with write_transaction(self.db) as conn:
            conn.execute("DELETE FROM drafts WHERE game_id = ?", (game_id,))

    # -- standings input -------------------------------------------------------------------

    def game_results(self, season: str | None = None) -> list[GameResult]:
        """Each game's sides with their totals, summed in SQL from the ``hands`` and
        ``nil_bids`` tables (one row per side per game leaves the database, not one per
        hand); ``standings.compute_standings`` takes it from there."""
        conn = self._conn
        if season is None:
            game_filter, params = "", ()
        else:
            game_filter = "WHERE game_id IN (SELECT game_id FROM games WHERE season = ?)"
            params = (season,)
        side_totals: dict[tuple[str, str], tuple] = {
            (r[0], r[1]): r[2:] for r in conn.execute(
                "SELECT game_id, side, count(*), sum(points), sum(points_against), sum(bags),"
                " sum(bag_penalties), sum(made = 0) FROM hands"
                f" {game_filter} GROUP BY game_id, side", params)}
        nils: dict[tuple[str, str], NilCounts] = {
            (r[0], r[1]): NilCounts(*r[2:]) for r in conn.execute(
                "SELECT game_id, seat, sum(blind = 0), sum(blind = 0 AND made), sum(blind),"
                f" sum(blind AND made) FROM nil_bids {game_filter} GROUP BY game_id, seat",
                params)}
        seats: dict[str, list[tuple[str, str, str]]] = {}
        for game_id, seat, side, player in conn.execute(
                f"SELECT game_id, seat, side, player FROM seats {game_filter}", params):
            seats.setdefault(game_id, []).append((seat, side, player))
        where = "" if season is None else "WHERE season = ?"
        results = []
        no_nils = NilCounts()
        for game_id, variant, season_, date, table, finished, winner, hands, scores in \
                conn.execute("SELECT game_id, variant, season, date, table_name, finished,"
                             f" winner, hands, scores_json FROM games {where}", params):
            by_side: dict[str, list[tuple[str, str]]] = {}
            for seat, side, player in sorted(seats.get(game_id, ())):
                by_side.setdefault(side, []).append((seat, player))
            side_keys = ("NS", "EW") if variant == "partnership" else ("N", "S")
            score_map = json.loads(scores)
            sides = []
            for side in side_keys:
                members = by_side.get(side, [])
                totals = side_totals.get((game_id, side), (0, 0, 0, 0, 0, 0))
                sides.append(SideResult(
                    members=tuple(p for _, p in members), hands=totals[0],
                    points_for=totals[1], points_against=totals[2], bags=totals[3],
                    bag_penalties=totals[4], sets=totals[5],
                    nils=tuple(nils.get((game_id, seat), no_nils) for seat, _ in members),
                    score=score_map.get(side, 0)))
            results.append(GameResult(
                game_id=game_id, variant=variant, season=season_, date=date, table=table,
                hands=hands, sides=tuple(sides),
                winner=side_keys.index(winner) if finished and winner in side_keys else None))
        return results
