"""The search that found the base rounds of ``whist_bases`` (kept so that they can be found
again; the app never runs it). ``python -m scorekeeper.event.whist_search 8 9 12`` prints them.

A cyclic whist tournament for ``v`` players lives in an abelian group ``G`` of odd order ``m``
(``v`` when ``v = 4n+1``, ``v - 1`` when ``v = 4n``, the last player then being the fixed point
"infinity"): ``Z_m`` as a rule, ``Z_3 x Z_3`` for 9 players (no cyclic Wh(9) over ``Z_9``
exists, and the search confirms it finds none). Its elements are numbered ``0..m-1`` in
mixed radix. A base round is ``n`` tables of elements (plus infinity), with 0 sitting out when
``v = 4n+1``; round ``r`` adds the element ``r`` to every seat. Everyone partners everyone
exactly once and opposes everyone exactly twice when, over the base round, every difference
class ``{d, -d}`` of ``G`` occurs in exactly one partnership and in exactly two opponent pairs
(the pairs with infinity cover themselves: developing its partner and its two opponents gives
every element once each). Two searches: ``search_symmetric_base``, a depth-first search over
bases of a symmetric shape (fast, when one exists), and ``search_base``, a seeded simulated
annealing on swaps of two seats minimising the squared distance of the class counts from
those targets.
"""

from __future__ import annotations

import math
import random
import sys

INFINITY = -1
"""Stands for the fixed point of a ``v = 4n`` tournament in a base round."""

GROUPS = {9: (3, 3)}
"""The group for a player count when it is not the cyclic ``Z_m``: its cyclic factors."""


def group(v: int) -> tuple[int, ...]:
    """The cyclic factors of the group used for ``v`` players (``v`` is 4n or 4n+1, >= 4)."""
    if v < 4 or v % 4 not in (0, 1):
        raise ValueError(f"a whist tournament needs 4n or 4n+1 players, not {v}")
    return GROUPS.get(v, (v if v % 4 == 1 else v - 1,))


def _digits(x: int, factors: tuple[int, ...]) -> list[int]:
    digits = []
    for f in reversed(factors):
        x, d = divmod(x, f)
        digits.append(d)
    return digits[::-1]


def _number(digits: list[int], factors: tuple[int, ...]) -> int:
    x = 0
    for d, f in zip(digits, factors, strict=True):
        x = x * f + d % f
    return x


def add(a: int, b: int, factors: tuple[int, ...]) -> int:
    """``a + b`` in the group with these cyclic factors."""
    if len(factors) == 1:
        return (a + b) % factors[0]
    return _number([x + y for x, y in zip(_digits(a, factors), _digits(b, factors), strict=True)],
                   factors)


def difference_classes(factors: tuple[int, ...]) -> list[int]:
    """For every element ``d``, the number of its class ``{d, -d}`` (0 for the identity)."""
    m = math.prod(factors)
    classes = [0] * m
    number = 0
    for d in range(1, m):
        if classes[d] == 0:
            number += 1
            negative = _number([-x for x in _digits(d, factors)], factors)
            classes[d] = classes[negative] = number
    return classes


def base_defect(v: int, base) -> int:
    """How far ``base`` (tables as (N, E, S, W)) is from a whist tournament's base round:
    0 when it is one."""
    factors = group(v)
    m = math.prod(factors)
    classes = difference_classes(factors)
    half = (m - 1) // 2
    partner = [0] * (half + 1)
    opponent = [0] * (half + 1)

    def cls(a: int, b: int) -> int:
        return classes[add(a, _number([-x for x in _digits(b, factors)], factors), factors)]

    for north, east, south, west in base:
        for a, b in ((north, south), (east, west)):
            if INFINITY not in (a, b):
                partner[cls(a, b)] += 1
        for a in (north, south):
            for b in (east, west):
                if INFINITY not in (a, b):
                    opponent[cls(a, b)] += 1
    return sum((partner[d] - 1) ** 2 + (opponent[d] - 2) ** 2 for d in range(1, half + 1))


def search_base(v: int, seed: int = 0, steps: int = 20_000_000):
    """A base round for ``v`` players found by simulated annealing from ``seed``."""
    factors = group(v)
    m = math.prod(factors)
    classes = difference_classes(factors)
    neg = [_number([-x for x in _digits(d, factors)], factors) for d in range(m)]
    cls = [[classes[add(a, neg[b], factors)] for b in range(m)] for a in range(m)]
    seats = list(range(1, m)) if v % 4 == 1 else [INFINITY, 0, *range(1, m)]
    rng = random.Random(seed)
    fixed = 2 if v % 4 == 0 else 0  # infinity and 0 stay partners at table 1
    rest = seats[fixed:]
    rng.shuffle(rest)
    seats[fixed:] = rest
    # seats are taken four at a time as N, S, E, W: positions 0-1 and 2-3 are partners
    half = (m - 1) // 2
    partner = [0] * (half + 1)
    opponent = [0] * (half + 1)

    def change(table: int, sign: int) -> int:
        """Add (sign 1) or remove (-1) a table's pairs; return the change of the cost."""
        north, south, east, west = seats[4 * table:4 * table + 4]
        delta = 0
        for a, b, counts, target in ((north, south, partner, 1), (east, west, partner, 1),
                                     (north, east, opponent, 2), (north, west, opponent, 2),
                                     (south, east, opponent, 2), (south, west, opponent, 2)):
            if a != INFINITY and b != INFINITY:
                c = cls[a][b]
                old = counts[c]
                counts[c] = old + sign
                delta += (old + sign - target) ** 2 - (old - target) ** 2
        return delta

    cost = 5 * half  # every class away from 1 partnership and 2 oppositions
    for table in range(len(seats) // 4):
        cost += change(table, 1)
    temperature = 2.0
    for step in range(steps):
        if cost == 0:
            return tuple((seats[i], seats[i + 2], seats[i + 1], seats[i + 3])
                         for i in range(0, len(seats), 4))
        i, j = rng.sample(range(fixed, len(seats)), 2)
        tables = {i // 4, j // 4}
        delta = sum(change(t, -1) for t in tables)
        seats[i], seats[j] = seats[j], seats[i]
        delta += sum(change(t, 1) for t in tables)
        if delta <= 0 or rng.random() < math.exp(-delta / temperature):
            cost += delta
        else:
            for t in tables:
                change(t, -1)
            seats[i], seats[j] = seats[j], seats[i]
            for t in tables:
                change(t, 1)
        if step % 1000 == 999:
            temperature = max(0.05, temperature * 0.97)
        if step % 100_000 == 99_999:
            temperature = 2.0  # start the cooling again when stuck
    raise RuntimeError(f"no base round found for {v} players in {steps} steps")


def search_symmetric_base(v: int, budget: int = 2_000_000):
    """A base round over ``Z_m`` whose tables are ``(r, s, -r, -s)`` (and, when ``v = 4n``,
    ``(infinity, x, 0, -x)``), found by a depth-first search; None when there is none (or the
    budget of tries ran out).

    Such a table's partnerships have the differences ``2r`` and ``2s``; with the ``r`` and
    ``s`` (and ``x``) one of each difference class, the partnerships cover every class once.
    Its oppositions give the classes of ``r + s`` and ``r - s`` twice each (and ``x`` twice),
    so it remains to pair up the classes so that those sums and differences are all the
    classes once each: the search does that pairing."""
    factors = group(v)
    if len(factors) != 1:
        return None
    m = factors[0]
    half = (m - 1) // 2
    tries = [budget]

    def cls(d: int) -> int:
        d %= m
        return min(d, m - d)

    def pair_up(unpaired: list[int], used: set[int]) -> list[tuple[int, int]] | None:
        if not unpaired:
            return []
        a = unpaired[0]
        for b in unpaired[1:]:
            tries[0] -= 1
            if tries[0] < 0:
                return None
            total, gap = cls(a + b), cls(a - b)
            if total == gap or total in used or gap in used:
                continue
            used |= {total, gap}
            rest = pair_up([c for c in unpaired if c not in (a, b)], used)
            if rest is not None:
                return [(a, b), *rest]
            used -= {total, gap}
        return None

    def tables(pairs):
        return tuple((r, s, m - r, m - s) for r, s in pairs)

    classes = list(range(1, half + 1))
    if v % 4 == 1:
        pairs = pair_up(classes, set())
        return None if pairs is None else tables(pairs)
    for x in classes:
        pairs = pair_up([c for c in classes if c != x], {x})
        if pairs is not None:
            return ((INFINITY, x, 0, m - x), *tables(pairs))
    return None


def main(argv: list[str]) -> None:
    for text in argv:
        v = int(text)
        base = search_symmetric_base(v) or search_base(v)
        assert base_defect(v, base) == 0
        print(f"    {v}: {base},", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
