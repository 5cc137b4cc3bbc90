"""The night's figures under the declared rules of docs/events.md, and the ranking.

Per table, each side's players (individual) or pair (fixed) count:
- a finished table: a round played, the side's score as points, its score less the other
  side's as the points difference, and a game won by the side that won it;
- a table still playing (live standings): the same as it stands, no game won yet;
- an unfinished table (the director's word): scored as it stands; the side ahead counts a
  game won (level scores: neither);
- a no-show table: the side present counts a round played and a game won (a forfeit) with
  the round's average as points and 0 difference; the absent side counts nothing;
- a bye (sitting out a round, an odd pair included): the round's average as points, 0
  difference, no round played and no game won (a bye is counted apart).

The round's average: the mean score of every side at the round's tables that played
(finished, unfinished or still playing), rounded to the nearest whole point, halves up.

Ranking: games won, then points, then points difference; rows still level are ordered by
head-to-head (the games won against each other, at tables where they were opponents) when
every two of them met; otherwise they share the rank.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from ..logs.identifiers import player_key
from .movement_plan import RoundPlan
from .records import SIDES, EventView, TableView

TIE_BREAKS = ("games won", "points", "points difference", "head-to-head")
"""The ranking's criteria in order (docs/events.md)."""
SHARED = "shared"

Competitor = tuple[str, ...]
"""A player (one name) or a pair (two names, in the order entered)."""


@dataclass
class Tally:
    names: Competitor
    rounds_played: int = 0
    games_won: int = 0
    points: int = 0
    points_diff: int = 0
    byes: int = 0
    provisional: int = 0
    """Tables counted as they stand while still being played."""
    rank: int = 0
    tie_break: str = ""
    """The deepest criterion that placed this row against its neighbours ('' when games
    won did; ``shared`` when nothing did)."""
    beat: dict[Competitor, int] = field(default_factory=dict)
    """Games won against each other competitor (as opponents)."""
    met: set[Competitor] = field(default_factory=set)

    def key(self) -> tuple[int, int, int]:
        return (self.games_won, self.points, self.points_diff)


def round_average(tables: Sequence[TableView]) -> int:
    """The mean score of every side that played in the round, halves up (0: none did)."""
    scores = [t.scores[side] for t in tables if t.status in ("finished", "unfinished",
                                                             "playing") for side in SIDES]
    if not scores:
        return 0
    return math.floor(sum(scores) / len(scores) + 0.5)


def _winner(table: TableView) -> str | None:
    if table.status == "finished":
        return table.winner
    if table.status == "unfinished":
        ns, ew = table.scores["NS"], table.scores["EW"]
        return "NS" if ns > ew else "EW" if ew > ns else None
    return None


class _Board:
    """The competitors of a night and who is who."""

    def __init__(self, view: EventView) -> None:
        self.fixed = view.fixed
        self.rows: dict[Competitor, Tally] = {}
        self._by_key: dict[frozenset[str] | str, Competitor] = {}
        if self.fixed:
            for pair in view.pairs:
                self._add(tuple(pair), frozenset(map(player_key, pair)))
        else:
            for player in view.players:
                self._add((player.name,), player_key(player.name))

    def _add(self, names: Competitor, key: frozenset[str] | str) -> None:
        self._by_key[key] = names
        self.rows[names] = Tally(names)

    def side(self, table: TableView, side: str) -> list[Tally]:
        names = table.side_players(side)
        if self.fixed:
            return [self._row(tuple(names), frozenset(map(player_key, names)))]
        return [self._row((n,), player_key(n)) for n in names]

    def sitting_out(self, names: Sequence[str]) -> list[Tally]:
        if not self.fixed:
            return [self._row((n,), player_key(n)) for n in names]
        rows, keys = [], {player_key(n) for n in names}
        for key, competitor in self._by_key.items():
            if isinstance(key, frozenset) and key <= keys and competitor not in [
                    r.names for r in rows]:
                rows.append(self.rows[competitor])
        return rows

    def _row(self, names: Competitor, key: frozenset[str] | str) -> Tally:
        if key not in self._by_key:  # a name not entered (a game corrected by hand)
            self._add(names, key)
        return self.rows[self._by_key[key]]


def tally_night(view: EventView, tables: Mapping[int, Sequence[TableView]],
                schedule: Sequence[RoundPlan]) -> list[Tally]:
    """Every player (individual) or pair (fixed) of the night, ranked."""
    board = _Board(view)
    sitting = {plan.round: plan.sitting_out for plan in schedule}
    for number, round_tables in sorted(tables.items()):
        average = round_average(round_tables)
        for table in round_tables:
            _count_table(board, table, average)
        for row in board.sitting_out(sitting.get(number, ())):
            row.byes += 1
            row.points += average
    rows = list(board.rows.values())
    rank_rows(rows)
    return rows


def _count_table(board: _Board, table: TableView, average: int) -> None:
    if table.status in ("planned", "bye"):
        return
    sides = {side: board.side(table, side) for side in SIDES}
    if table.status == "no_show":
        for row in sides[_other(table.absent or "EW")]:
            row.rounds_played += 1
            row.games_won += 1
            row.points += average
        return
    winner = _winner(table)
    for side in SIDES:
        other = _other(side)
        for row in sides[side]:
            row.rounds_played += 1
            row.points += table.scores[side]
            row.points_diff += table.scores[side] - table.scores[other]
            row.provisional += table.status == "playing"
            row.met.update(r.names for r in sides[other])
            if winner == side:
                row.games_won += 1
                for beaten in sides[other]:
                    row.beat[beaten.names] = row.beat.get(beaten.names, 0) + 1


def _other(side: str) -> str:
    return "EW" if side == "NS" else "NS"


def rank_rows(rows: list[Tally]) -> None:
    """Sort ``rows`` best first and set each one's rank and tie-break (in place)."""
    rows.sort(key=lambda r: (tuple(-v for v in r.key()), [n.casefold() for n in r.names]))
    ordered: list[tuple[Tally, int]] = []  # (row, its head-to-head wins in its level group)
    i = 0
    while i < len(rows):
        j = i
        while j < len(rows) and rows[j].key() == rows[i].key():
            j += 1
        group = rows[i:j]
        if len(group) > 1 and all(b.names in a.met for a in group for b in group if a is not b):
            wins = {id(a): sum(a.beat.get(b.names, 0) for b in group if b is not a)
                    for a in group}
            group.sort(key=lambda a: -wins[id(a)])
            ordered += [(a, wins[id(a)]) for a in group]
        else:
            ordered += [(a, -1) for a in group]
        i = j
    rows[:] = [row for row, _ in ordered]
    for index, (row, h2h) in enumerate(ordered):
        above = ordered[index - 1] if index else None
        if above is not None and _level(above, (row, h2h)) == len(TIE_BREAKS) + 1:
            row.rank = above[0].rank
        else:
            row.rank = index + 1
        depth = max((_level(other, (row, h2h)) for other in (
            above, ordered[index + 1] if index + 1 < len(ordered) else None) if other),
            default=0)
        row.tie_break = ("" if depth <= 1 else SHARED if depth > len(TIE_BREAKS)
                         else TIE_BREAKS[depth - 1])


def _level(a: tuple[Tally, int], b: tuple[Tally, int]) -> int:
    """Which criterion (1: games won ... 4: head-to-head) first tells ``a`` and ``b``
    apart; 5: none does (they share the rank)."""
    for depth, (x, y) in enumerate(zip(a[0].key(), b[0].key()), start=1):
        if x != y:
            return depth
    if a[1] >= 0 and a[1] != b[1]:
        return 4
    return 5


def pair_ranking(view: EventView, tables: Mapping[int, Sequence[TableView]],
                 schedule: Sequence[RoundPlan]) -> list[tuple[str, str]]:
    """The pairs best first by the night so far (Swiss pairing); level pairs keep their
    seeding order."""
    seeding = {tuple(p): i for i, p in enumerate(view.pairs)}
    rows = [r for r in tally_night(view, tables, schedule) if r.names in seeding]
    rows.sort(key=lambda r: (r.rank, seeding[r.names]))
    return [(r.names[0], r.names[1]) for r in rows]
