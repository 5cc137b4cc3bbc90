"""The individual movement (rotating partners) for any number of players.

At the start of a night of 4n or 4n+1 players the partnerships come from the circle method
(a 1-factorisation: everyone partners everyone exactly once per cycle, and at 4n+1 the player
left over sits out, each once per cycle); only the tables are planned.

Otherwise (other counts, or a night whose player list changed) the rounds are planned one by
one. The players who sit out are those who have sat out least (ties: who has played most,
then who sat out longest ago, then the order of the list), so sit-outs stay within one of
each other over the night, counting the rounds already played. The others are matched into
partnerships that repeat as few as possible: a greedy matching (the players with the fewest
new partners left choose first) improved by trading partners between two partnerships; when
a repeat remains, other sets of sit-outs that keep the sit-outs even are tried, then an exact
maximum-weight matching (networkx).

Either way the partnerships are then matched into tables so that oppositions stay even
(each pairing costs how often its four opponents have met, the increment of a sum of
squares), and a polishing pass over the whole night exchanges partnerships between the tables
of a round while that lowers the sum of squared opposition counts. A seeded
``random.Random`` breaks ties, so the same input gives the same schedule; a few seeds are
tried and the most even night is kept.

Counts with a whist tournament (``whist_bases``) are handled there instead, exactly.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations

import networkx as nx

Table = tuple[int, int, int, int]
"""A table as player numbers in seat order N, E, S, W (N-S partners, E-W partners)."""


SIT_OUT_CHOICES = 40
"""How many sets of sit-outs a round tries when the first leaves a partnership repeated
(8 beyond 48 players, where each try costs more and a repeat is rarer)."""
POLISH_MAX = 12_000
"""The most exchanges the polishing pass tries, which keeps a large night within a second."""
EXACT_CHOICES = 4
"""How many of them are tried with an exact matching when no greedy one avoids a repeat
(1 beyond 48 players)."""


class NightCounts:
    """What has happened to each pair of players (numbered 0..v-1) so far in the night."""

    def __init__(self, v: int) -> None:
        self.v = v
        self.partner = [[0] * v for _ in range(v)]
        self.opponent = [[0] * v for _ in range(v)]
        self.sat = [0] * v
        self.seated = [0] * v
        self.last_sat = [-1] * v
        self.rounds = 0

    def copy(self) -> NightCounts:
        other = NightCounts(self.v)
        other.partner = [row[:] for row in self.partner]
        other.opponent = [row[:] for row in self.opponent]
        other.sat, other.seated = self.sat[:], self.seated[:]
        other.last_sat, other.rounds = self.last_sat[:], self.rounds
        return other

    def record(self, tables: Sequence[Sequence[int | None]], out: Sequence[int]) -> None:
        """Count one round. A seat may hold None (a player no longer in the list), whose
        pairs are not counted."""
        partner, opponent = self.partner, self.opponent
        for north, east, south, west in tables:
            for a, b in ((north, south), (east, west)):
                if a is not None and b is not None:
                    partner[a][b] += 1
                    partner[b][a] += 1
            for a in (north, south):
                for b in (east, west):
                    if a is not None and b is not None:
                        opponent[a][b] += 1
                        opponent[b][a] += 1
            for a in (north, east, south, west):
                if a is not None:
                    self.seated[a] += 1
        for a in out:
            self.sat[a] += 1
            self.last_sat[a] = self.rounds
        self.rounds += 1


def _greedy_partnerships(night: NightCounts, active: list[int],
                         rng: random.Random) -> list[tuple[int, int]]:
    partner = night.partner
    rank = {a: rng.random() for a in active}
    # the most constrained players (fewest new partners left among this round's players)
    # choose first, so that the last ones are not left with only old partners
    fresh = {a: sum(1 for b in active if b != a and partner[a][b] == 0) for a in active}
    order = sorted(active, key=lambda a: (fresh[a], rank[a]))
    free = set(active)
    pairs: list[tuple[int, int]] = []
    for a in order:
        if a not in free:
            continue
        free.discard(a)
        b = min(free, key=lambda b: (partner[a][b], fresh[b], rank[b]))
        free.discard(b)
        pairs.append((a, b))
    return _exchange(pairs, lambda p, q: partner[p][q])


def _exact_partnerships(night: NightCounts, active: list[int]) -> list[tuple[int, int]]:
    """The partnerships of least total repetition (a perfect matching, exactly)."""
    partner = night.partner
    ceiling = 1 + max(partner[a][b] for a in active for b in active)
    graph = nx.Graph()
    for i, a in enumerate(active):
        for b in active[i + 1:]:
            graph.add_edge(a, b, weight=ceiling - partner[a][b])
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in matching)


def _exchange(pairs: list[tuple[int, int]], cost) -> list[tuple[int, int]]:
    """Improve a perfect matching by trading partners between two of its pairs until no
    trade lowers the total cost (``cost`` is never negative)."""
    pairs = list(pairs)
    improved = True
    while improved:
        improved = False
        for i in range(len(pairs)):
            if cost(*pairs[i]) == 0:
                continue  # costs are not negative: a trade must start from a costly pair
            for j in range(len(pairs)):
                if i == j:
                    continue
                (a, b), (c, d) = pairs[i], pairs[j]
                now = cost(a, b) + cost(c, d)
                first, second = cost(a, c) + cost(b, d), cost(a, d) + cost(b, c)
                if min(first, second) < now:
                    if first <= second:
                        pairs[i], pairs[j] = (a, c), (b, d)
                    else:
                        pairs[i], pairs[j] = (a, d), (b, c)
                    improved = True
    return pairs


def _tables(night: NightCounts, pairs: list[tuple[int, int]], rng: random.Random) -> list[Table]:
    opponent = night.opponent

    def clash(p: int, q: int) -> int:
        (a, b), (c, d) = pairs[p], pairs[q]
        return opponent[a][c] + opponent[a][d] + opponent[b][c] + opponent[b][d]

    indices = list(range(len(pairs)))
    rng.shuffle(indices)
    free = set(indices)
    matches: list[tuple[int, int]] = []
    for p in indices:
        if p not in free:
            continue
        free.discard(p)
        q = min(free, key=lambda q: (clash(p, q), q))
        free.discard(q)
        matches.append((p, q))
    matches = _exchange(matches, clash)
    return [(pairs[p][0], pairs[q][0], pairs[p][1], pairs[q][1]) for p, q in matches]


def _sit_out_choices(night: NightCounts, count: int, limit: int) -> list[list[int]]:
    """Up to ``limit`` sets of ``count`` players who may sit out this round, best first:
    sets that keep everyone's sit-outs within one of each other."""
    order = sorted(range(night.v),
                   key=lambda a: (night.sat[a], -night.seated[a], night.last_sat[a], a))
    least = night.sat[order[0]]
    lowest = [a for a in order if night.sat[a] == least]
    if len(lowest) <= count:  # all of them sit out, the rest from the next level
        forced, pool, wanted = lowest, order[len(lowest):], count - len(lowest)
    else:
        forced, pool, wanted = [], lowest, count
    choices = []
    for extra in combinations(pool, wanted):
        choices.append(sorted(forced + list(extra)))
        if len(choices) == limit:
            break
    return choices


def _round(night: NightCounts, rng: random.Random) -> tuple[list[Table], list[int]]:
    partner = night.partner
    choices = _sit_out_choices(night, night.v % 4, SIT_OUT_CHOICES if night.v <= 48 else 8)
    best = None
    for out in choices:
        # greedy partnerships for each set of sit-outs until one repeats no partnership;
        # failing that, exact matchings for the first few sets
        gone = set(out)
        active = [a for a in range(night.v) if a not in gone]
        pairs = _greedy_partnerships(night, active, rng)
        repeats = sum(partner[a][b] for a, b in pairs)
        if best is None or repeats < best[0]:
            best = (repeats, out, pairs)
        if repeats == 0:
            break
    else:
        for out in choices[:EXACT_CHOICES if night.v <= 48 else 1]:
            gone = set(out)
            active = [a for a in range(night.v) if a not in gone]
            fresh = sum(1 for i, a in enumerate(active) for b in active[i + 1:]
                        if partner[a][b] == 0)
            if fresh < len(active) // 2:
                break  # too few new partnerships left for a round: repeats are unavoidable
            pairs = _exact_partnerships(night, active)
            repeats = sum(partner[a][b] for a, b in pairs)
            if best is None or repeats < best[0]:
                best = (repeats, out, pairs)
            if repeats == 0:
                break
    assert best is not None
    _, out, pairs = best
    return _tables(night, pairs, rng), out


def _polish(night: NightCounts, plan: list[tuple[list[Table], list[int]]],
            rng: random.Random, steps: int) -> None:
    """Even out the oppositions of the planned rounds (``night`` counts them already, and is
    kept up to date) by exchanging two partnerships of one round between their tables
    whenever that does not raise the sum of squared opposition counts: the round-by-round
    choices cannot see the later rounds, this pass can. The partnerships stay as they were
    chosen, so a partnership is still never repeated before it must be."""
    opponent = night.opponent
    # per round, its partnerships; partnerships 2k and 2k+1 share table k
    rounds = [[pair for north, east, south, west in tables
               for pair in ((north, south), (east, west))] for tables, _ in plan]
    if not rounds or len(rounds[0]) < 4:
        return  # one table: nothing to exchange

    def change(first: tuple[int, int], second: tuple[int, int], sign: int) -> int:
        delta = 0
        for a in first:
            row = opponent[a]
            for b in second:
                old = row[b]
                row[b] = opponent[b][a] = old + sign
                delta += 2 * old * sign + 1
        return delta

    width = len(rounds[0])
    for _ in range(steps):
        pairs = rounds[rng.randrange(len(rounds))]
        i, j = rng.randrange(width), rng.randrange(width)
        if i // 2 == j // 2:
            continue  # the same table
        p, q = pairs[i], pairs[j]
        rival_p, rival_q = pairs[i ^ 1], pairs[j ^ 1]
        delta = change(p, rival_p, -1) + change(q, rival_q, -1)
        delta += change(p, rival_q, 1) + change(q, rival_p, 1)
        if delta <= 0:
            pairs[i], pairs[j] = q, p
        else:
            change(p, rival_q, -1)
            change(q, rival_p, -1)
            change(p, rival_p, 1)
            change(q, rival_q, 1)
    for index, (_, out) in enumerate(plan):
        pairs = rounds[index]
        plan[index] = ([(pairs[k][0], pairs[k + 1][0], pairs[k][1], pairs[k + 1][1])
                        for k in range(0, width, 2)], out)


def _night_defect(night: NightCounts) -> tuple[int, int]:
    """How uneven a night is: the spread of partner counts over the pairs, then the sum of
    squared opposition counts (smaller is more even)."""
    v = night.v
    partner = [night.partner[a][b] for a in range(v) for b in range(a + 1, v)]
    opposed = sum(night.opponent[a][b] ** 2 for a in range(v) for b in range(a + 1, v))
    return max(partner) - min(partner), opposed


def seeds_for(v: int) -> int:
    """How many seeds are tried for ``v`` players: fewer as a night grows dearer to plan."""
    return 4 if v <= 16 else 2


def polish_steps(v: int, rounds: int) -> int:
    """How many exchanges the polishing pass tries: a few per seat of the night."""
    return min(10 * v * rounds, POLISH_MAX)


def circle_partnerships(v: int, index: int) -> tuple[list[tuple[int, int]], list[int]]:
    """Round ``index`` (from 0, modulo the cycle) of the circle method's 1-factorisation of
    the players 0..v-1 (``v`` of the form 4n or 4n+1): the partnerships, every two players
    being partners exactly once in the cycle, and the player left over when ``v`` is odd."""
    size = v + v % 2  # an odd count gets a place that means "sits out"
    turn = index % (size - 1)
    # player size-1 stays put; the others turn one place per round
    places = [(position + turn) % (size - 1) for position in range(size - 1)] + [size - 1]
    pairs, out = [], []
    for k in range(size // 2):
        # the fixed place partners the first; the others pair off from both ends
        a, b = (places[0], places[size - 1]) if k == 0 else (places[k], places[size - 1 - k])
        if v % 2 and size - 1 in (a, b):
            out.append(a if b == size - 1 else b)
        else:
            pairs.append((a, b))
    return pairs, out


def plan_rounds(night: NightCounts, rounds: int) -> list[tuple[list[Table], list[int]]]:
    """``rounds`` more rounds after what ``night`` has counted (left unchanged): per round
    the tables and the players sitting out.

    At the start of a night of 4n or 4n+1 players the partnerships are the circle method's
    (everyone partners everyone once per cycle, and one player sits out per round at 4n+1)
    and only the tables are planned; otherwise the rounds are planned one by one."""
    circle = night.rounds == 0 and night.v % 4 in (0, 1)
    best: tuple[tuple[int, int], list] | None = None
    for seed in range(seeds_for(night.v)):
        rng = random.Random(f"individual/{night.v}/{night.rounds}/{seed}")
        trial = night.copy()
        plan = []
        for index in range(rounds):
            if circle:
                pairs, out = circle_partnerships(night.v, index)
                tables = _tables(trial, pairs, rng)
            else:
                tables, out = _round(trial, rng)
            trial.record(tables, out)
            plan.append((tables, out))
        _polish(trial, plan, rng, polish_steps(night.v, rounds))
        defect = _night_defect(trial)
        if best is None or defect < best[0]:
            best = (defect, plan)
    assert best is not None
    return best[1]


def full_length(v: int) -> int:
    """The rounds needed for everyone to be able to partner everyone once: v - 1 for
    ``v = 4n``, v for ``v = 4n + 1``, and the partnerships available per round rounded up
    otherwise."""
    pairs = v * (v - 1) // 2
    per_round = 2 * (v // 4)
    return -(-pairs // per_round)


__all__ = ["NightCounts", "Table", "circle_partnerships", "full_length", "plan_rounds",
           "seeds_for"]
