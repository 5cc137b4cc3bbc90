"""The Store: games kept whole (validated JSON log, every revision) in one SQLite file, with
derived tables for queries, drafts for the app, and the season's results for standings.

Every write is one ``BEGIN IMMEDIATE`` transaction. DB calls stay on the calling thread
(a sqlite3 connection belongs to the thread that opened it).
"""

from __future__ import annotations

import datetime
import hashlib
import json
import os
import sqlite3
from dataclasses import dataclass

from sqlite_utils import Database

from ..game import GameAnalysis, analyse_game
from ..logio import parse_log
from ..models import GameLog
from ..standings import (GameResult, NilCounts, RatedGame, SideResult, StandingRow, Standings,
                         UnfinishedGame, build_standings, partnership_name,
                         rate_in_date_order)
from .converters import (content_hash, delete_derived, derive_rows, finding_lines, game_id_for,
                         pretty_text, stored_text, write_derived)
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
        text = stored_text(log)
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
        """The stored JSON text of the game's current version (compact; ``export_json``
        lays it out as ``logio.dump_log`` does)."""
        row = self._conn.execute("SELECT json FROM game_logs WHERE game_id = ?",
                                 (game_id,)).fetchone()
        if row is None:
            raise UnknownGameError(game_id)
        return row[0]

    def export_json(self, game_id: str, revision: int | None = None) -> str:
        """A version of the game (default: the current one) as ``logio.dump_log`` writes
        it: two-space indent, a trailing newline."""
        return pretty_text(self.game_json(game_id) if revision is None
                           else self.revision_json(game_id, revision))

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

    # -- standings --------------------------------------------------------------------------

    def _season_filter(self, season: str | None, alias: str) -> tuple[str, tuple]:
        if season is None:
            return "", ()
        return f" AND {alias}.season = ?", (season,)

    def standings(self, season: str | None = None, *, rate: bool = True) -> Standings:
        """Standings summed in SQL: players and partnerships from ``game_sides`` (a row
        per game and side, its players in name order), Nils from ``nil_bids``; only the
        finished games' pairings and winners come to Python, for the rating."""
        conn = self._conn
        where, params = self._season_filter(season, "gs")
        # "+gs.finished": scan game_sides in its own order rather than through the index.
        finished = f"+gs.finished = 1{where}"
        sums = ("count(*), sum(won), sum(hands), sum(points_for), sum(points_against),"
                " sum(bags), sum(bag_penalties), sum(sets)")
        columns = ("won, hands, points_for, points_against, bags, bag_penalties, sets")
        players = {r[0]: _row(r[0], (r[0],), r[1:]) for r in conn.execute(
            f"SELECT player, {sums} FROM (SELECT member1 AS player, {columns}"
            f" FROM game_sides gs WHERE {finished} UNION ALL SELECT member2, {columns}"
            f" FROM game_sides gs WHERE member2 IS NOT NULL AND {finished})"
            " GROUP BY player", params + params)}
        nil_sums = ("sum(n.blind = 0), sum(n.blind = 0 AND n.made), sum(n.blind),"
                    " sum(n.blind AND n.made)")
        for r in conn.execute(
                f"SELECT n.player, {nil_sums} FROM nil_bids n JOIN game_sides gs"
                " ON gs.game_id = n.game_id AND gs.side = n.side"
                f" WHERE {finished} GROUP BY n.player", params):
            _add_nils(players[r[0]], r[1:])
        pairs = {}
        for r in conn.execute(f"SELECT member1, member2, {sums} FROM game_sides gs"
                              f" WHERE {finished} GROUP BY member1, member2", params):
            key = (r[0],) if r[1] is None else (r[0], r[1])
            pairs[key] = _row(partnership_name(key), key, r[2:])
        for r in conn.execute(
                f"SELECT gs.member1, gs.member2, {nil_sums} FROM nil_bids n JOIN game_sides gs"
                " ON gs.game_id = n.game_id AND gs.side = n.side"
                f" WHERE {finished} GROUP BY gs.member1, gs.member2", params):
            _add_nils(pairs[(r[0],) if r[1] is None else (r[0], r[1])], r[2:])
        gwhere, gparams = self._season_filter(season, "g")
        rated, unfinished = [], []
        for game_id, date, table, variant, finished, winner, hands, n, e, s_, w, scores in \
                conn.execute("SELECT game_id, date, table_name, variant, finished, winner,"
                             " hands, players_json ->> '$.N', players_json ->> '$.E',"
                             " players_json ->> '$.S', players_json ->> '$.W', scores_json"
                             f" FROM games g WHERE 1{gwhere}", gparams):
            if variant == "partnership":
                sides, keys = ((n, s_), (e, w)), ("NS", "EW")
            else:
                sides, keys = ((n,), (s_,)), ("N", "S")
            if finished:
                rated.append(RatedGame((date is None, date or "", table or "", game_id),
                                       sides, 0 if winner == keys[0] else 1))
            else:
                score_map = json.loads(scores)
                unfinished.append(UnfinishedGame(game_id, date, table, hands, tuple(
                    (m, score_map[k]) for m, k in zip(sides, keys))))
        ratings = self._ratings(season, rated) if rate else None
        return build_standings(season, list(players.values()), list(pairs.values()), rated,
                               unfinished, rate=rate, ratings=ratings)

    def _ratings(self, season: str | None, rated: list[RatedGame]
                 ) -> dict[str, tuple[float, float]]:
        """The players' ratings after ``rated``, through ``rating_cache``.

        The ratings depend only on the finished games in date order. The cache keeps the
        ratings after the first N of them with a fingerprint of those N (each game's order
        key, players and winner): if the first N games are still the same, only the games
        after them are rated; otherwise (a game edited, or one added before the last rated
        date) everything is rated again. The cache is only an accelerator: a database that
        cannot be written to gets correct ratings all the same.
        """
        rated = sorted(rated, key=lambda g: g.order)
        scope = "\x00all" if season is None else season
        prefix = hashlib.sha256()
        fingerprints = [prefix.hexdigest()]
        for g in rated:
            prefix.update(repr((g.order, g.sides, g.winner)).encode("utf-8"))
            fingerprints.append(prefix.hexdigest())
        row = self._conn.execute("SELECT games, fingerprint, ratings_json FROM rating_cache"
                                 " WHERE scope = ?", (scope,)).fetchone()
        start, done = None, 0
        if row is not None and row[0] <= len(rated) and fingerprints[row[0]] == row[1]:
            start, done = {k: tuple(v) for k, v in json.loads(row[2]).items()}, row[0]
        ratings = rate_in_date_order(rated[done:], start)
        if done < len(rated) or row is None:
            try:
                with write_transaction(self.db) as conn:
                    conn.execute(
                        "INSERT INTO rating_cache VALUES (?, ?, ?, ?, ?) ON CONFLICT (scope)"
                        " DO UPDATE SET games = excluded.games, fingerprint ="
                        " excluded.fingerprint, ratings_json = excluded.ratings_json,"
                        " computed_at = excluded.computed_at",
                        (scope, len(rated), fingerprints[-1], json.dumps(ratings), _now()))
            except sqlite3.Error:
                pass
        return ratings

    def game_results(self, season: str | None = None) -> list[GameResult]:
        """Every game's sides with their totals, for ``standings.compute_standings`` (the
        plain-Python path, which ``standings()`` must agree with)."""
        conn = self._conn
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
            if r[8]:
                g["winner"] = len(g["sides"])
            g["sides"].append(SideResult(
                members=tuple(names[s] for s in seats), hands=r[10], points_for=r[11],
                points_against=r[12], bags=r[13], bag_penalties=r[14], sets=r[15],
                nils=tuple(nils.get((r[0], s), NilCounts()) for s in seats), score=r[16]))
        return [GameResult(game_id=gid, variant=g["row"][1], season=g["row"][2],
                           date=g["row"][3], table=g["row"][4], hands=g["row"][5],
                           sides=tuple(g["sides"]), winner=g["winner"])
                for gid, g in games.items()]


def _row(name: str, members: tuple[str, ...], sums: tuple) -> StandingRow:
    games, wins, hands, pf, pa, bags, pen, sets = sums
    return StandingRow(name, members, games=games, wins=wins, losses=games - wins,
                       hands=hands, points_for=pf, points_against=pa, bags=bags,
                       bag_penalties=pen, sets=sets)


def _add_nils(row: StandingRow, sums: tuple) -> None:
    row.nil_bids, row.nil_made, row.blind_nil_bids, row.blind_nil_made = sums
