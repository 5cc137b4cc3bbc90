"""What standings read of a scope (a season, or every game) from the derived tables at
once: its players' and partnerships' figures summed (``sum_scope``), and its finished
games in rating order (``rated_games``). A database older than the standings caches reads
both for every game the first time (60,000 games, 1,000,000 hands), so each is read in as
few rows and Python objects as it can be: the sums grouped in SQL (every game's in one
read of m008's covering index, the Nils included: no join, no sort), each name's player
key worked out once, a game's two sides in one row. ``cache.py`` keeps what they give.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from ..standings import RatedGame, StandingRow
from .names import key_of, pair_of

_ORDER_G = "g.date IS NULL, coalesce(g.date, ''), coalesce(g.table_name, ''), g.game_id"
"""The rating order (``standings.date_order``) as SQL over ``games g``; the indexes of m004
are on it."""


# -- the figures --------------------------------------------------------------------------------

def _row(name: str, members: tuple[str, ...], sums: Sequence[int]) -> StandingRow:
    games, wins, hands, pf, pa, bags, pen, sets, nils, nils_made, blind, blind_made = sums
    # Positionally, in StandingRow's order (20,000 partnerships in a big club's database).
    return StandingRow(name, members, games, wins, games - wins, hands, pf, pa, nils,
                       nils_made, blind, blind_made, bags, pen, sets)


class _PairKeys:
    """``names.key_of`` and ``names.pair_of`` worked out once for each name, and each pair
    of names, as written (a few hundred players' names come back in 100,000 rows). The
    loops below look ``keys`` and ``pairs`` up themselves and call these on a miss."""

    def __init__(self) -> None:
        self.keys: dict[str, str] = {}
        self.pairs: dict[tuple[str, str | None], tuple[str, ...]] = {}

    def key(self, name: str) -> str:
        k = self.keys.get(name)
        if k is None:
            k = self.keys[name] = key_of(name)
        return k

    def pair(self, member1: str, member2: str | None) -> tuple[str, ...]:
        """``names.pair_of``: the one key, or the two in order."""
        both = self.pairs.get((member1, member2))
        if both is None:
            if not member2:
                both = (self.key(member1),)
            else:
                first, second = self.key(member1), self.key(member2)
                both = (first, second) if first <= second else (second, first)
            self.pairs[member1, member2] = both
        return both


_SUMS = ("count(*), sum(won), sum(hands), sum(points_for), sum(points_against), sum(bags),"
         " sum(bag_penalties), sum(sets), sum(member1_nil_bids), sum(member1_nil_made),"
         " sum(member1_blind_nil_bids), sum(member1_blind_nil_made), sum(member2_nil_bids),"
         " sum(member2_nil_made), sum(member2_blind_nil_bids), sum(member2_blind_nil_made)")
"""A partnership's figures over its finished sides: the eight of the side (games to sets),
then each member's own Nil counts (m008's columns; a Nil counts for its bidder)."""


def sum_scope(conn: sqlite3.Connection, season: str | None
              ) -> tuple[list[StandingRow], list[StandingRow]]:
    """Players and partnerships summed in SQL over ``game_sides`` (a row per game and
    side, its players in name order, each one's Nils beside them): the finished games
    only. The rows are keyed by player key (``names``): SQL sums per name as written, and
    the names of one player are added up here (there are few of them)."""
    if season is None:
        # Every game: m008's index holds every figure summed, in the grouping's order:
        # read alone (not the table), summed as it comes, no sort.
        where, params = "finished = 1", ()
    else:  # a season: its sides through the index on (season, finished), then sorted
        where, params = "season = ? AND +finished = 1", (season,)
    names = _PairKeys()
    keys, pair_keys, key, pair = names.keys, names.pairs, names.key, names.pair
    # The partnerships summed in SQL; each player's figures are then their partnerships'
    # added up here (a few thousand rows), not a second sort. A partnership's twelve
    # figures (the side's eight, then its Nil counts: both members') in one list, added
    # to in place; a player's twelve (the side's eight, his own Nil counts) gathered as
    # rows and added up column by column at the end (``_added_up``).
    pairs: dict[tuple[str, ...], list[int]] = {}
    players: dict[str, list[Sequence[int]]] = {}
    for row in conn.execute(f"SELECT member1, member2, {_SUMS} FROM game_sides"
                            f" WHERE {where} GROUP BY member1, member2", params):
        member1, member2 = row[0], row[1]
        figures = row[2:10]
        own1, own2 = row[10:14], row[14:18]
        both = pair_keys.get((member1, member2)) or pair(member1, member2)
        summed = pairs.get(both)
        if summed is None:
            pairs[both] = [*figures, own1[0] + own2[0], own1[1] + own2[1],
                           own1[2] + own2[2], own1[3] + own2[3]]
        else:  # one partnership written two ways (names in another case)
            for i, value in enumerate(figures + own1):
                summed[i] += value
            for i, value in enumerate(own2, 8):
                summed[i] += value
        k = keys.get(member1) or key(member1)
        rows = players.get(k)
        if rows is None:
            rows = players[k] = []
        rows.append(figures + own1)
        if member2 is not None:
            k = keys.get(member2) or key(member2)
            rows = players.get(k)
            if rows is None:
                rows = players[k] = []
            rows.append(figures + own2)
    return ([_row(k, (k,), _added_up(rows)) for k, rows in players.items()],
            [_row("", k, sums) for k, sums in pairs.items()])


def _added_up(rows: list[Sequence[int]]) -> Sequence[int]:
    """Rows of figures added up column by column (one row: itself)."""
    return rows[0] if len(rows) == 1 else [sum(column) for column in zip(*rows)]


# -- the games to rate ---------------------------------------------------------------------------

def rated_games(conn: sqlite3.Connection, season: str | None,
                after: tuple | None = None) -> list[RatedGame]:
    """The finished games in rating order, after the game whose order key is ``after``
    (every one when None). A side's players come in name order, which the rating does
    not depend on (a team's rating is the sum over its players); the sides in the order
    of ``game_sides`` (by side). Players by key.

    Read one row per game (its winning side beside its losing one): a database older
    than the caches reads 60,000 games here at once. When that is not every game of the
    range exactly once (rows written behind the store's back: a game without a winner or
    with a third side), ``_rated_games_any_shape`` reads them as they are."""
    where, params = _where_after(season, after)
    count = conn.execute(f"SELECT count(*) FROM games g WHERE {where}", params).fetchone()[0]
    games: list[RatedGame] = []
    append = games.append
    names = _PairKeys()
    pairs, pair = names.pairs, names.pair
    game = tuple.__new__  # RatedGame's own __new__ without its Python-level call
    previous = None
    for date, table, game_id, won_first, w1, w2, l1, l2 in conn.execute(
            "SELECT g.date, g.table_name, g.game_id, w.side < l.side, w.member1, w.member2,"
            " l.member1, l.member2 FROM games g"
            " JOIN game_sides w ON w.game_id = g.game_id AND w.won"
            " JOIN game_sides l ON l.game_id = g.game_id AND NOT l.won"
            f" WHERE {where} ORDER BY {_ORDER_G}", params):
        if game_id == previous:  # two winning or two losing sides
            return _rated_games_any_shape(conn, where, params)
        previous = game_id
        won = pairs.get((w1, w2)) or pair(w1, w2)
        lost = pairs.get((l1, l2)) or pair(l1, l2)
        order = (date is None, date or "", table or "", game_id)
        append(game(RatedGame, (order, (won, lost), 0)) if won_first
               else game(RatedGame, (order, (lost, won), 1)))
    if len(games) != count:  # a game with no winner, or no loser
        return _rated_games_any_shape(conn, where, params)
    return games


def _where_after(season: str | None, after: tuple | None) -> tuple[str, list]:
    where, params = ("g.finished = 1", []) if season is None else (
        "g.season = ? AND g.finished = 1", [season])
    if after is not None:
        where += f" AND ({_ORDER_G}) > (?, ?, ?, ?)"
        params += [int(after[0]), *after[1:]]
    return where, params


def _rated_games_any_shape(conn: sqlite3.Connection, where: str, params: list
                           ) -> list[RatedGame]:
    """``rated_games`` a row per side: any number of sides, any of them marked won (the
    winner is the last so marked, or the first side when none is)."""
    games: dict[str, list] = {}  # game id -> [order key, sides, winner], in order
    pairs: dict[tuple, tuple[str, ...]] = {}  # (member1, member2) -> partnership key
    for game_id, date, table, won, member1, member2 in conn.execute(
            "SELECT g.game_id, g.date, g.table_name, gs.won, gs.member1, gs.member2"
            f" FROM games g JOIN game_sides gs ON gs.game_id = g.game_id WHERE {where}"
            f" ORDER BY {_ORDER_G}", params):
        game = games.get(game_id)
        if game is None:
            game = games[game_id] = [(date is None, date or "", table or "", game_id), [], 0]
        if won:
            game[2] = len(game[1])
        members = pairs.get((member1, member2))
        if members is None:
            members = pairs[member1, member2] = pair_of(member1, member2)
        game[1].append(members)
    return [RatedGame(order, tuple(sides), winner) for order, sides, winner in games.values()]
