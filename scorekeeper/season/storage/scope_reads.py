"""What standings read of a scope (a season, or every game) from the derived tables at
once: its players' and partnerships' figures summed (``sum_scope``), and its finished
games in rating order (``rated_games``). A database older than the standings caches reads
both for every game the first time (60,000 games, 1,000,000 hands), so each is read in as
few rows and Python objects as it can be: the sums grouped in SQL, each name's player key
worked out once, a game's two sides in one row. ``cache.py`` keeps what they give.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterable, Sequence

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
    of names, as written (a few hundred players' names come back in 100,000 rows)."""

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


def sum_scope(conn: sqlite3.Connection, season: str | None
              ) -> tuple[list[StandingRow], list[StandingRow]]:
    """Players and partnerships summed in SQL over ``game_sides`` (a row per game and
    side, its players in name order) and ``nil_bids``: the finished games only. The rows
    are keyed by player key (``names``): SQL sums per name as written, and the names of
    one player are added up here (there are few of them)."""
    where, params = ("", ()) if season is None else (" AND gs.season = ?", (season,))
    # "+gs.finished": scan game_sides in its own order rather than through the index.
    finished = f"+gs.finished = 1{where}"
    sums = ("count(*), sum(won), sum(hands), sum(points_for), sum(points_against),"
            " sum(bags), sum(bag_penalties), sum(sets)")
    names = _PairKeys()
    key, pair = names.key, names.pair
    # The partnerships summed in SQL (a sort of every finished side); each player's figures
    # are then their partnerships' added up here (a few thousand rows), not a second sort.
    # Eight figures from game_sides (games to sets), four from nil_bids, apart; each key's
    # rows gathered, then added up column by column (``_summed``).
    players: dict[str, list[list[int]]] = {}
    pairs: dict[tuple[str, ...], list[list[int]]] = {}
    for member1, member2, *figures in conn.execute(
            f"SELECT member1, member2, {sums} FROM game_sides gs WHERE {finished}"
            " GROUP BY member1, member2", params):
        pairs.setdefault(pair(member1, member2), []).append(figures)
        players.setdefault(key(member1), []).append(figures)
        if member2 is not None:
            players.setdefault(key(member2), []).append(figures)
    # Each Nil once, for its bidder and for the partnership: one join, both groupings.
    nil_sums = ("sum(n.blind = 0), sum(n.blind = 0 AND n.made), sum(n.blind),"
                " sum(n.blind AND n.made)")
    player_nils: dict[str, list[list[int]]] = {}
    pair_nils: dict[tuple[str, ...], list[list[int]]] = {}
    for member1, member2, player, *nils in conn.execute(
            f"SELECT gs.member1, gs.member2, n.player, {nil_sums} FROM nil_bids n"
            " JOIN game_sides gs ON gs.game_id = n.game_id AND gs.side = n.side"
            f" WHERE {finished} GROUP BY gs.member1, gs.member2, n.player", params):
        player_nils.setdefault(key(player), []).append(nils)
        pair_nils.setdefault(pair(member1, member2), []).append(nils)
    return ([_row(k, (k,), sums) for k, sums in _joined(players, player_nils)],
            [_row("", k, sums) for k, sums in _joined(pairs, pair_nils)])


def _summed(groups: dict) -> dict:
    """Each key's rows of figures added up column by column (one row: itself)."""
    return {key: rows[0] if len(rows) == 1 else [sum(column) for column in zip(*rows)]
            for key, rows in groups.items()}


def _joined(figures: dict, nils: dict) -> Iterable[tuple[object, tuple[int, ...]]]:
    """Each key's eight figures and four Nil counts summed (zeros for what it lacks), the
    keys with figures first."""
    figures, nils = _summed(figures), _summed(nils)
    no_figures, no_nils = (0,) * 8, (0,) * 4
    for key, sums in figures.items():
        yield key, (*sums, *nils.get(key, no_nils))
    for key, counts in nils.items():
        if key not in figures:  # a Nil of a name no finished side has (rows hand-written)
            yield key, (*no_figures, *counts)


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
    pair = _PairKeys().pair
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
        won, lost = pair(w1, w2), pair(l1, l2)
        order = (date is None, date or "", table or "", game_id)
        append(RatedGame(order, (won, lost), 0) if won_first
               else RatedGame(order, (lost, won), 1))
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
