"""Whist tournaments Wh(v) as data: for every player count listed, everyone partners everyone
exactly once and opposes everyone exactly twice (one player sitting out per round when
``v = 4n + 1``).

Each is cyclic: one base round over an abelian group of odd order ``m`` (``v`` players when
``v = 4n + 1``; ``v - 1`` plus a fixed point "infinity" when ``v = 4n``) developed by adding
each group element in turn, ``m`` rounds in all. The base rounds were found by
``whist_search`` (``python -m scorekeeper.event.whist_search 8 9 12`` prints them): up to 21
players by its seeded simulated annealing (seed 0), from 25 by its depth-first search of
symmetric bases; both check the difference conditions that make the developed rounds a whist
tournament, and tests/unit/test_movements_whist.py develops every base and checks the
tournament itself.
"""

from __future__ import annotations

import math

from scorekeeper.event.whist_search import INFINITY, add, group

WHIST_BASES: dict[int, tuple[tuple[int, int, int, int], ...]] = {
    # players: the base round's tables as (N, E, S, W) group elements; -1 is infinity;
    # up to 21 by search_base (seed 0)
    4: ((-1, 1, 0, 2),),
    5: ((3, 4, 2, 1),),
    8: ((-1, 6, 0, 2), (3, 5, 1, 4)),
    9: ((1, 8, 2, 4), (3, 7, 6, 5)),  # over Z_3 x Z_3: Z_9 has no such base
    12: ((-1, 1, 0, 3), (7, 2, 6, 9), (8, 10, 5, 4)),
    13: ((11, 2, 4, 3), (5, 10, 1, 8), (12, 6, 7, 9)),
    16: ((-1, 2, 0, 1), (5, 13, 9, 4), (6, 14, 8, 11), (7, 10, 12, 3)),
    17: ((1, 13, 4, 2), (11, 15, 6, 16), (5, 12, 14, 8), (9, 10, 7, 3)),
    20: ((-1, 14, 0, 17), (15, 4, 2, 12), (1, 8, 16, 7), (5, 11, 10, 9), (6, 3, 18, 13)),
    21: ((18, 16, 20, 13), (17, 5, 3, 11), (19, 7, 10, 6), (8, 9, 4, 14), (1, 15, 12, 2)),
    # from here on by search_symmetric_base (tables (r, s, -r, -s)); it finds none for 24,
    # 32, 33 and 36 and the annealing found none in minutes, so those nights use the circle
    # method (partners exact, oppositions near even)
    25: ((1, 2, 24, 23), (3, 9, 22, 16), (4, 12, 21, 13), (5, 10, 20, 15), (6, 8, 19, 17),
         (7, 11, 18, 14)),
    28: ((-1, 3, 0, 24), (1, 6, 26, 21), (2, 12, 25, 15), (4, 8, 23, 19), (5, 13, 22, 14),
         (7, 9, 20, 18), (10, 11, 17, 16)),
    29: ((1, 2, 28, 27), (3, 13, 26, 16), (4, 8, 25, 21), (5, 10, 24, 19), (6, 12, 23, 17),
         (7, 14, 22, 15), (9, 11, 20, 18)),
    37: ((1, 2, 36, 35), (3, 7, 34, 30), (4, 15, 33, 22), (5, 18, 32, 19), (6, 14, 31, 23),
         (8, 13, 29, 24), (9, 16, 28, 21), (10, 12, 27, 25), (11, 17, 26, 20)),
    40: ((-1, 13, 0, 26), (1, 2, 38, 37), (3, 5, 36, 34), (4, 18, 35, 21), (6, 17, 33, 22),
         (7, 14, 32, 25), (8, 12, 31, 27), (9, 15, 30, 24), (10, 19, 29, 20), (11, 16, 28, 23)),
    41: ((1, 2, 40, 39), (3, 8, 38, 33), (4, 14, 37, 27), (5, 20, 36, 21), (6, 18, 35, 23),
         (7, 15, 34, 26), (9, 11, 32, 30), (10, 17, 31, 24), (12, 16, 29, 25), (13, 19, 28, 22)),
}


def whist_length(v: int) -> int:
    """The rounds of a whist tournament for ``v`` players: v - 1 or v."""
    return math.prod(group(v))


def whist_round(v: int, index: int) -> tuple[list[tuple[int, int, int, int]], list[int]]:
    """Round ``index`` (from 0; taken modulo the tournament's length) of the whist
    tournament for ``v`` players (a key of ``WHIST_BASES``), numbered 0..v-1: its tables as
    (N, E, S, W) and who sits out. Group element ``e`` is player ``e``; infinity is
    player ``v - 1``."""
    factors = group(v)
    m = math.prod(factors)
    shift = index % m

    def player(element: int) -> int:
        return m if element == INFINITY else add(element, shift, factors)

    tables = [tuple(player(e) for e in table) for table in WHIST_BASES[v]]
    out = [shift] if v % 4 == 1 else []
    return tables, out  # type: ignore[return-value]


__all__ = ["WHIST_BASES", "whist_length", "whist_round"]
