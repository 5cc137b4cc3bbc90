"""Standings without summing or rating every game each time.

Caches per scope (a season, or every game), all only accelerators: the figures are the
ones summed from ``game_sides``/``nil_bids`` and rated game by game, as before.

- Totals: ``player_totals`` and ``pair_totals`` hold each player's and each partnership's
  standings figures over the scope's finished games; ``totals_scopes`` says which scopes
  are kept (and over how many games). A scope is kept from its first finished game, or
  summed the first time its standings are asked for (a database older than the caches);
  from then on every write of a game (``converters.write_derived`` and
  ``delete_derived``) adds or takes away that game's figures in the same transaction.
- Ratings as of the latest game: ``rating_heads`` says how many of the scope's finished
  games are rated and which came last (its order key); ``player_ratings`` holds each
  player's (mu, sigma) after them. Saving a finished game that comes after the last rated
  one (games imported in date order, as a club plays them) rates that one game (one
  ``model.rate``) and moves the head forward, in the save's transaction, so standings rate
  nothing. A scope's head starts with its first finished game.
- Checkpoints: ``rating_checkpoints`` keeps the players' ratings after every
  ``CHECKPOINT_EVERY``-th game in date order. Writing a game that is not the next in
  date order (back-dated, an edit, a game finished late) drops the head and the
  checkpoints at or after it, in the same transaction; the ratings are then rated again
  from the last checkpoint before it, once: at the end of the ``import`` command
  (``bring_up_to_date``) or by the next standings, not in the save's own transaction
  (a batch out of date order would otherwise rate the same games again for every file).

Players are keyed by ``names.key_of`` (``Alex`` and ``ALEX`` are one player) in every
cache, and shown as ``names.display_names`` says when standings are built. Caches written
before (keyed by the names as written) are of version 0: ``CACHE_VERSION``, kept in
SQLite's ``user_version``, makes ``Store.open`` empty them (or read without them).

A guard catches rows written behind the store's back (a bulk insert, an older program):
the cached game counts must equal the finished games actually in the scope, and the head
must be at the scope's last finished game, or the scope is summed or rated again.

Summing or rating a whole scope (a database older than the caches: 60,000 games at once)
reads it through ``scope_reads.py`` and rates it with ``two_team_rating.py``; the rows
just summed are used as they are (not read back), and Python's cycle collector is paused
meanwhile (``analysis/cycle_collector.py``). ``tests/unit/test_standings_cold_path.py``
holds the result to the plain-Python standings and to openskill's own ratings.
"""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Iterable, Sequence

from ...analysis.cycle_collector import cycle_collector_paused
from ..standings import (RatedGame, StandingRow, Standings, UnfinishedGame, build_standings,
                         rate_in_date_order)
from .names import display_names, key_of, pair_of
from .scope_reads import rated_games, sum_scope

SCOPE_ALL = "\x00all"
CACHE_VERSION = 1
"""The caches' format, in ``PRAGMA user_version``: 1, players keyed by ``names.key_of``
(0: by their names as written, which counted ``Alex`` and ``alex`` apart)."""
CHECKPOINT_EVERY = 1000
"""Rating again after a back-dated write starts at most this many games before it (about
30 ms of openskill); a checkpoint holds every player's rating, so not every game."""
CACHE_TABLES = ("totals_scopes", "player_totals", "pair_totals", "rating_checkpoints",
                "rating_heads", "player_ratings")

_FIGURES = ("games", "wins", "hands", "points_for", "points_against", "bags", "bag_penalties",
            "sets", "nil_bids", "nil_made", "blind_nil_bids", "blind_nil_made")
_ADD = ", ".join(f"{c} = {c} + excluded.{c}" for c in _FIGURES)
_UPSERT_PLAYER = (f"INSERT INTO player_totals (scope, player, {', '.join(_FIGURES)}) VALUES"
                  f" ({', '.join('?' * (len(_FIGURES) + 2))}) ON CONFLICT (scope, player)"
                  f" DO UPDATE SET {_ADD}")
_UPSERT_PAIR = (f"INSERT INTO pair_totals (scope, member1, member2, {', '.join(_FIGURES)})"
                f" VALUES ({', '.join('?' * (len(_FIGURES) + 3))})"
                f" ON CONFLICT (scope, member1, member2) DO UPDATE SET {_ADD}")
# The rating order (``standings.date_order``) as SQL; the indexes of m004 are on it.
_ORDER = "date IS NULL, coalesce(date, ''), coalesce(table_name, ''), game_id"
_ORDER_DESC = ("date IS NULL DESC, coalesce(date, '') DESC, coalesce(table_name, '') DESC,"
               " game_id DESC")
_KEY = "(undated, date, table_name, game_id)"


def scope_of(season: str | None) -> str:
    return SCOPE_ALL if season is None else season


def _scopes(season: str | None) -> tuple[str, ...]:
    return (SCOPE_ALL,) if season is None else (SCOPE_ALL, season)


def _in(values: Sequence) -> str:
    return f"({', '.join('?' * len(values))})"


# -- keeping the caches up to date as games are written ---------------------------------------

def game_changed(conn: sqlite3.Connection, *, season: str | None, date: str | None,
                 table: str | None, game_id: str, sides: Iterable[tuple],
                 nils: Iterable[tuple], sign: int) -> None:
    """A finished game's rows were written (``sign`` 1; its ``games`` row is in) or are
    being deleted (-1): drop the rating checkpoints at or after it, rate it onto the head
    when it is the next game in date order (or drop the head), and add its figures to (or
    take them from) the kept scopes. ``sides``: its ``game_sides`` rows (side, won,
    member1, member2, hands, points_for, points_against, bags, bag_penalties, sets);
    ``nils``: its Nils (side, player, blind, made); the names as the log writes them."""
    scopes = _scopes(season)
    key = (int(date is None), date or "", table or "", game_id)
    sides = list(sides)
    conn.execute(f"DELETE FROM rating_checkpoints WHERE scope IN {_in(scopes)}"
                 f" AND {_KEY} >= (?, ?, ?, ?)", (*scopes, *key))
    alone: dict[str, bool] = {}  # scope -> this is its only finished game

    def only_game(scope: str) -> bool:
        if scope not in alone:
            alone[scope] = _only_finished_game(conn, _season_of(scope), game_id)
        return alone[scope]

    for scope in scopes:
        _follow_head(conn, scope, key, sides, sign, only_game)
    summed = [r[0] for r in conn.execute(
        f"SELECT scope FROM totals_scopes WHERE scope IN {_in(scopes)}", scopes)]
    if sign > 0:  # a scope is kept from its first finished game on
        for scope in scopes:
            if scope not in summed and only_game(scope):
                conn.execute("INSERT INTO totals_scopes (scope, games) VALUES (?, 0)",
                             (scope,))
                summed.append(scope)
    if not summed:
        return
    own: dict[tuple[str, str], list[int]] = {}
    for side, player, blind, made in nils:
        counts = own.setdefault((side, key_of(player)), [0, 0, 0, 0])
        counts[2 if blind else 0] += 1
        counts[3 if blind else 1] += bool(made)
    player_rows, pair_rows = [], []
    for side, won, member1, member2, *figures in sides:
        members = pair_of(member1, member2)
        base = [1, int(won), *figures]
        side_nils = [0, 0, 0, 0]
        for i, name in enumerate(members):
            # Each Nil counts once, for its bidder (as the SQL sums count it).
            counts = own.get((side, name), [0, 0, 0, 0]) if name not in members[:i] \
                else [0, 0, 0, 0]
            side_nils = [a + b for a, b in zip(side_nils, counts)]
            player_rows.append((name, *(sign * v for v in base + counts)))
        pair_rows.append((members[0], members[1] if len(members) > 1 else "",
                          *(sign * v for v in base + side_nils)))
    for scope in summed:
        conn.executemany(_UPSERT_PLAYER, [(scope, *r) for r in player_rows])
        conn.executemany(_UPSERT_PAIR, [(scope, *r) for r in pair_rows])
        conn.execute("UPDATE totals_scopes SET games = games + ? WHERE scope = ?",
                     (sign, scope))
    if sign < 0:  # a player or partnership left with no finished game is no longer listed
        conn.execute(f"DELETE FROM player_totals WHERE scope IN {_in(summed)} AND games = 0",
                     summed)
        conn.execute(f"DELETE FROM pair_totals WHERE scope IN {_in(summed)} AND games = 0",
                     summed)


def _season_of(scope: str) -> str | None:
    return None if scope == SCOPE_ALL else scope


def _where_scope(season: str | None) -> tuple[str, tuple]:
    """The scope's finished games, in the terms of the rating-order indexes."""
    return ("finished = 1", ()) if season is None else (
        "season = ? AND finished = 1", (season,))


def _only_finished_game(conn: sqlite3.Connection, season: str | None, game_id: str) -> bool:
    where, params = _where_scope(season)
    return conn.execute(f"SELECT 1 FROM games WHERE {where} AND game_id != ? LIMIT 1",
                        (*params, game_id)).fetchone() is None


def _previous_key(conn: sqlite3.Connection, season: str | None, key: tuple) -> tuple | None:
    """The order key of the scope's finished game just before ``key``."""
    where, params = _where_scope(season)
    return conn.execute(
        f"SELECT {_ORDER} FROM games WHERE {where} AND ({_ORDER}) < (?, ?, ?, ?)"
        f" ORDER BY {_ORDER_DESC} LIMIT 1", (*params, *key)).fetchone()


def _last_key(conn: sqlite3.Connection, season: str | None) -> tuple | None:
    where, params = _where_scope(season)
    return conn.execute(f"SELECT {_ORDER} FROM games WHERE {where} ORDER BY {_ORDER_DESC}"
                        " LIMIT 1", params).fetchone()


def _head(conn: sqlite3.Connection, scope: str) -> tuple[int, tuple] | None:
    row = conn.execute("SELECT games, undated, date, table_name, game_id FROM rating_heads"
                       " WHERE scope = ?", (scope,)).fetchone()
    return None if row is None else (row[0], tuple(row[1:]))


def _drop_head(conn: sqlite3.Connection, scope: str) -> None:
    conn.execute("DELETE FROM rating_heads WHERE scope = ?", (scope,))
    conn.execute("DELETE FROM player_ratings WHERE scope = ?", (scope,))


def _head_ratings(conn: sqlite3.Connection, scope: str) -> dict[str, tuple[float, float]]:
    return {r[0]: (r[1], r[2]) for r in conn.execute(
        "SELECT player, mu, sigma FROM player_ratings WHERE scope = ?", (scope,))}


def _store_checkpoint(conn: sqlite3.Connection, scope: str, games: int, key: Sequence,
                      current: dict[str, tuple[float, float]]) -> None:
    conn.execute("INSERT OR REPLACE INTO rating_checkpoints VALUES (?, ?, ?, ?, ?, ?, ?)",
                 (scope, games, int(key[0]), *key[1:], json.dumps(current)))


def _store_head(conn: sqlite3.Connection, scope: str, games: int, key: Sequence,
                current: dict[str, tuple[float, float]]) -> None:
    _drop_head(conn, scope)
    conn.execute("INSERT INTO rating_heads VALUES (?, ?, ?, ?, ?, ?)",
                 (scope, games, int(key[0]), *key[1:]))
    conn.executemany("INSERT INTO player_ratings VALUES (?, ?, ?, ?)",
                     [(scope, name, mu, sigma) for name, (mu, sigma) in current.items()])


def _follow_head(conn: sqlite3.Connection, scope: str, key: tuple, sides: list[tuple],
                 sign: int, only_game) -> None:
    """Keep the scope's head true for a finished game written (1) or deleted (-1): rate
    a written game that comes just after the head (or that starts the scope); drop a head
    that a write or delete at or before it makes wrong (or that is not at the game
    before a written one: rows written behind the store's back)."""
    head = _head(conn, scope)
    if head is None:
        if sign > 0 and only_game(scope):
            _rate_onto_head(conn, scope, 0, key, sides)
        return
    games, head_key = head
    season = _season_of(scope)
    if sign > 0 and head_key < key and head_key == _previous_key(conn, season, key):
        _rate_onto_head(conn, scope, games, key, sides)
    elif sign > 0 or head_key >= key:
        _drop_head(conn, scope)


def _rate_onto_head(conn: sqlite3.Connection, scope: str, games: int, key: tuple,
                    sides: list[tuple]) -> None:
    """Rate one game after the head's ``games`` (the code standings rate with, on this
    game's players only) and move the head to it."""
    teams = tuple(pair_of(member1, member2) for _, _, member1, member2, *_ in sides)
    winner = next(i for i, side in enumerate(sides) if side[1])
    names = [name for team in teams for name in team]
    start = {r[0]: (r[1], r[2]) for r in conn.execute(
        f"SELECT player, mu, sigma FROM player_ratings WHERE scope = ? AND player IN"
        f" {_in(names)}", (scope, *names))}
    rated = rate_in_date_order([RatedGame(key, teams, winner)], start)
    conn.executemany("INSERT OR REPLACE INTO player_ratings VALUES (?, ?, ?, ?)",
                     [(scope, name, mu, sigma) for name, (mu, sigma) in rated.items()])
    conn.execute("INSERT OR REPLACE INTO rating_heads VALUES (?, ?, ?, ?, ?, ?)",
                 (scope, games + 1, *key))
    if (games + 1) % CHECKPOINT_EVERY == 0:
        _store_checkpoint(conn, scope, games + 1, key, _head_ratings(conn, scope))


def clear(conn: sqlite3.Connection) -> None:
    for table in CACHE_TABLES:
        conn.execute(f"DELETE FROM {table}")


# -- the sums kept (summed from the derived tables by ``scope_reads.sum_scope``) ---------------

def _figures(row: StandingRow) -> tuple:
    return (row.games, row.wins, row.hands, row.points_for, row.points_against, row.bags,
            row.bag_penalties, row.sets, row.nil_bids, row.nil_made, row.blind_nil_bids,
            row.blind_nil_made)


def store_totals(conn: sqlite3.Connection, scope: str, games: int,
                 players: list[StandingRow], pairs: list[StandingRow]) -> None:
    for table in ("totals_scopes", "player_totals", "pair_totals"):
        conn.execute(f"DELETE FROM {table} WHERE scope = ?", (scope,))
    conn.execute("INSERT INTO totals_scopes (scope, games) VALUES (?, ?)", (scope, games))
    conn.executemany(_UPSERT_PLAYER, [(scope, r.name, *_figures(r)) for r in players])
    conn.executemany(_UPSERT_PAIR, [(scope, r.members[0], r.members[1] if len(r.members) > 1
                                     else "", *_figures(r)) for r in pairs])


# StandingRow's fields from ``games`` to ``sets``, in its order (built positionally: there
# are 20,000 partnerships in a big club's database).
_ROW_FIELDS = ("games, wins, games - wins, hands, points_for, points_against, nil_bids,"
               " nil_made, blind_nil_bids, blind_nil_made, bags, bag_penalties, sets")


def read_totals(conn: sqlite3.Connection, scope: str
                ) -> tuple[list[StandingRow], list[StandingRow]]:
    """The kept totals, keyed by player key (``build_standings`` names the rows)."""
    players = [StandingRow(r[0], (r[0],), *r[1:]) for r in conn.execute(
        f"SELECT player, {_ROW_FIELDS} FROM player_totals WHERE scope = ?", (scope,))]
    pairs = []
    for r in conn.execute(f"SELECT member1, member2, {_ROW_FIELDS} FROM pair_totals"
                          " WHERE scope = ?", (scope,)):
        key = (r[0],) if not r[1] else (r[0], r[1])
        pairs.append(StandingRow("", key, *r[2:]))
    return players, pairs


def finished_games(conn: sqlite3.Connection, season: str | None) -> int:
    if season is None:
        return conn.execute("SELECT count(*) FROM games WHERE finished = 1").fetchone()[0]
    return conn.execute("SELECT count(*) FROM games WHERE season = ? AND finished = 1",
                        (season,)).fetchone()[0]


def unfinished_games(conn: sqlite3.Connection, season: str | None,
                     shown: dict[str, str]) -> list[UnfinishedGame]:
    """The scope's unfinished games, each player shown as ``shown`` (player key -> name)
    says."""
    where, params = ("", ()) if season is None else (" AND season = ?", (season,))
    unfinished = []
    as_shown: dict[str, str] = {}  # name as written -> as shown, each worked out once

    def show(name: str) -> str:
        shown_name = as_shown.get(name)
        if shown_name is None:
            shown_name = as_shown[name] = shown.get(key_of(name), name)
        return shown_name

    # A big club's database has thousands of them (6,554 in the benchmark's): each seat
    # looked up as it is used, its name's shown form found in ``as_shown`` first.
    get, loads = as_shown.get, json.loads
    for game_id, date, table, variant, hands, players, scores in conn.execute(
            "SELECT game_id, date, table_name, variant, hands, players_json, scores_json"
            f" FROM games WHERE finished = 0{where}", params):
        seat, score = loads(players), loads(scores)
        if variant == "partnership":
            n, s, e, w = seat["N"], seat["S"], seat["E"], seat["W"]
            sides = (((get(n) or show(n), get(s) or show(s)), score["NS"]),
                     ((get(e) or show(e), get(w) or show(w)), score["EW"]))
        else:
            n, s = seat["N"], seat["S"]
            sides = (((get(n) or show(n),), score["N"]), ((get(s) or show(s),), score["S"]))
        unfinished.append(UnfinishedGame(game_id, date, table, hands, sides))
    return unfinished


# -- ratings ------------------------------------------------------------------------------------

def _latest_checkpoint(conn: sqlite3.Connection, scope: str):
    row = conn.execute("SELECT games, undated, date, table_name, game_id, ratings_json"
                       " FROM rating_checkpoints WHERE scope = ? ORDER BY games DESC LIMIT 1",
                       (scope,)).fetchone()
    if row is None:
        return 0, None, {}
    return row[0], (bool(row[1]), *row[2:5]), {k: tuple(v)
                                                for k, v in json.loads(row[5]).items()}


def ratings(conn: sqlite3.Connection, season: str | None, games: int, *, write: bool
            ) -> dict[str, tuple[float, float]] | None:
    """Each player's (mu, sigma) after the scope's ``games`` finished games: the head's
    when it is at the scope's last game (the saves kept it there); otherwise from the
    latest checkpoint, rating only the games after it. ``write``: store what was rated
    (checkpoints, the head; inside the caller's write transaction); without it, None when
    there is anything to rate (the caller comes back in a write transaction; the games
    are read only then)."""
    scope = scope_of(season)
    head = _head(conn, scope)
    if head is not None and head[0] == games and head[1] == _last_key(conn, season):
        return _head_ratings(conn, scope)
    done, after, start = _latest_checkpoint(conn, scope)
    if not write:  # nothing to rate only when a checkpoint is at the last game
        if games == 0:
            return {}
        return start if done == games and after == _last_key(conn, season) else None
    todo = rated_games(conn, season, after) if done < games or after is None else []
    if done + len(todo) != games:  # rows written behind the store's back: start over
        done, start = 0, {}
        todo = rated_games(conn, season)
        conn.execute("DELETE FROM rating_checkpoints WHERE scope = ?", (scope,))
    if not todo:
        if games:
            _store_head(conn, scope, games, after, start)
        return start
    current = start
    position = done
    while position < games:
        # Checkpoints at multiples of CHECKPOINT_EVERY; the head at the end.
        stop = min(games, (position // CHECKPOINT_EVERY + 1) * CHECKPOINT_EVERY)
        chunk = todo[position - done:stop - done]
        current = rate_in_date_order(chunk, current)
        if stop % CHECKPOINT_EVERY == 0:
            _store_checkpoint(conn, scope, stop, chunk[-1].order, current)
        position = stop
    # Checkpoints from before m005 kept the latest position too; the head does now.
    conn.execute("DELETE FROM rating_checkpoints WHERE scope = ? AND games % ? != 0",
                 (scope, CHECKPOINT_EVERY))
    _store_head(conn, scope, games, todo[-1].order, current)
    return current


def ratings_uncached(conn: sqlite3.Connection, season: str | None
                     ) -> dict[str, tuple[float, float]]:
    return rate_in_date_order(rated_games(conn, season))


@cycle_collector_paused
def bring_up_to_date(conn: sqlite3.Connection) -> list[str]:
    """Inside a write transaction: sum the every-game scope if it is not kept yet (a
    database older than the caches), and rate every kept scope up to its last game (after
    saves out of date order). What the end of an import does, so that the first standings
    after it find everything ready. Returns the scopes that had to be rated."""
    scopes = [r[0] for r in conn.execute("SELECT scope FROM totals_scopes")]
    if SCOPE_ALL not in scopes:
        scopes.insert(0, SCOPE_ALL)
    rated = []
    for scope in scopes:
        season = _season_of(scope)
        games = finished_games(conn, season)
        _current_totals(conn, season, games, write=True)
        head = _head(conn, scope)
        if head is None or head[0] != games or head[1] != _last_key(conn, season):
            ratings(conn, season, games, write=True)
            rated.append(scope)
    return rated


def _current_totals(conn: sqlite3.Connection, season: str | None, games: int, *, write: bool
                    ) -> tuple[list[StandingRow], list[StandingRow]] | bool:
    """Whether the scope's totals are kept and current (True); ``write``: if not, sum and
    keep them, and return the rows just summed (a caller that wants them need not read
    them back)."""
    scope = scope_of(season)
    row = conn.execute("SELECT games FROM totals_scopes WHERE scope = ?", (scope,)).fetchone()
    if row is not None and row[0] == games:
        return True
    if not write:
        return False
    players, pairs = sum_scope(conn, season)
    store_totals(conn, scope, games, players, pairs)
    return players, pairs


# -- standings -----------------------------------------------------------------------------------

@cycle_collector_paused
def standings(conn: sqlite3.Connection, season: str | None, *, rate: bool, write: bool,
              cached: bool = True) -> Standings | None:
    """Standings from the caches. ``write`` (inside a write transaction): fill what is
    missing. Without ``write``: None when something is missing. ``cached=False``: compute
    everything from the derived tables, touching no cache (a read-only database)."""
    scope = scope_of(season)
    games = finished_games(conn, season)
    if not cached:
        players, pairs = sum_scope(conn, season)
        rates = ratings_uncached(conn, season) if rate else None
    else:
        totals = _current_totals(conn, season, games, write=write)
        if not totals:
            return None
        players, pairs = read_totals(conn, scope) if totals is True else totals
        rates = None
        if rate:
            rates = ratings(conn, season, games, write=write)
            if rates is None:
                return None
    shown = display_names(conn)
    return build_standings(season, players, pairs, [], unfinished_games(conn, season, shown),
                           rate=rate, ratings=rates, games=games, names=shown)
