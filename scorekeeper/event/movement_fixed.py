"""Movements of fixed partnerships: the round robin (every pair meets every other pair once)
and the Swiss round (pairs matched by standing, no rematch while avoidable).

A pair sits N-S or E-W at its table; with an odd number of pairs one pair has a bye each
round, and its two players are the round's ``sitting_out``. Pairs are recognised in the rounds
already played by their two players' names (compared as ``player_key`` does), whichever seats
they took.
"""

from __future__ import annotations

from collections.abc import Sequence

import networkx as nx

from scorekeeper.event.movement_checks import check_pairs, check_played, check_rounds
from scorekeeper.event.movement_plan import MovementError, RoundPlan, Schedule, table_plan
from scorekeeper.logs.identifiers import player_key

Pair = tuple[str, str]


def _key(pair: Sequence[str]) -> frozenset[str]:
    return frozenset(player_key(name) for name in pair)


class _Meetings:
    """How often each two of the current pairs (numbered) met, and each pair's byes, in the
    rounds played. Pairs no longer in the list are left out."""

    def __init__(self, pairs: list[Pair], played: list[RoundPlan]) -> None:
        number = {_key(pair): index for index, pair in enumerate(pairs)}
        count = len(pairs)
        self.met = [[0] * count for _ in range(count)]
        self.byes = [0] * count
        for plan in played:
            for table in plan.tables:
                ns, ew = (number.get(_key(side)) for side in table.partnerships())
                if ns is not None and ew is not None:
                    self.met[ns][ew] += 1
                    self.met[ew][ns] += 1
            out = {player_key(name) for name in plan.sitting_out}
            for key, index in number.items():
                if key & out:
                    self.byes[index] += 1

    def record(self, matches: list[tuple[int, int]], bye: int | None) -> None:
        for a, b in matches:
            self.met[a][b] += 1
            self.met[b][a] += 1
        if bye is not None:
            self.byes[bye] += 1


def _round_plan(number: int, pairs: list[Pair], matches: list[tuple[int, int]],
                bye: int | None) -> RoundPlan:
    """A round in which, at each table, the first pair of the match sits N-S."""
    return RoundPlan(
        round=number,
        tables=tuple(table_plan(index, pairs[ns][0], pairs[ew][0], pairs[ns][1], pairs[ew][1])
                     for index, (ns, ew) in enumerate(matches, 1)),
        sitting_out=() if bye is None else pairs[bye])


def _circle(count: int) -> list[tuple[list[tuple[int, int]], int | None]]:
    """The circle method's rounds for ``count`` pairs: per round the matches and the pair
    with the bye (None with an even count). Pair 0 stays put while the others turn; it sits
    N-S every other round, the others by the parity of their place, so that every pair sits
    N-S and E-W equally often, give or take two."""
    places = list(range(count)) + ([-1] if count % 2 else [])
    size = len(places)
    rounds = []
    for turn in range(size - 1):
        matches, bye = [], None
        for index in range(size // 2):
            a, b = places[index], places[size - 1 - index]
            if -1 in (a, b):
                bye = a if b == -1 else b
                continue
            first_ns = turn % 2 == 0 if index == 0 else index % 2 == 1
            matches.append((a, b) if first_ns else (b, a))
        rounds.append((matches, bye))
        places = [places[0], places[-1], *places[1:-1]]
    return rounds


def round_robin_movement(pairs: Sequence[tuple[str, str]], rounds: int | None = None,
                         played: Sequence[RoundPlan] = ()) -> Schedule:
    """Every pair meets every other pair once: ``pairs - 1`` rounds (``pairs`` with an odd
    count, each pair having one bye), or ``rounds`` rounds (beyond a full round robin the
    circle starts again).

    After rounds ``played`` that are not the circle's own first rounds for these pairs (a
    pair joined or left), the following rounds are matched one by one (networkx maximum
    weight matching) so that the pairs who have not met yet meet, the bye going to the pair
    with the fewest byes; with ``rounds`` None, until everyone has met."""
    checked = check_pairs(pairs)
    rounds = check_rounds(rounds)
    history = check_played(played)
    first = history[-1].round + 1 if history else 1
    circle = _circle(len(checked))
    if _is_circle_prefix(checked, history, circle):
        start = len(history)
        total = rounds if rounds is not None else max(0, len(circle) - start)
        plans = [circle[(start + index) % len(circle)] for index in range(total)]
    else:
        meetings = _Meetings(checked, history)
        plans = []
        # (every round lowers what is left to meet or raises what the other pairings
        # repeat, so the loop ends; the bound only guards against a mistake)
        limit = rounds if rounds is not None else 4 * len(checked)
        while len(plans) < limit and (rounds is not None or _unmet(meetings)):
            matches, bye = _matched_round(meetings)
            meetings.record(matches, bye)
            plans.append((matches, bye))
    return Schedule("round-robin", tuple(
        _round_plan(first + index, checked, matches, bye)
        for index, (matches, bye) in enumerate(plans)))


def _is_circle_prefix(pairs: list[Pair], played: list[RoundPlan], circle) -> bool:
    if len(played) > len(circle):
        return False
    for plan, (matches, bye) in zip(played, circle, strict=False):
        expected = _round_plan(plan.round, pairs, matches, bye)
        if _sides(plan) != _sides(expected):
            return False
    return True


def _sides(plan: RoundPlan) -> tuple:
    """A round as who met whom and who had the bye, whatever the seats' spelling."""
    meetings = (table.partnerships() for table in plan.tables)
    return (tuple((_key(ns), _key(ew)) for ns, ew in meetings),
            frozenset(player_key(name) for name in plan.sitting_out))


def _unmet(meetings: _Meetings) -> bool:
    met = meetings.met
    return any(met[a][b] == 0 for a in range(len(met)) for b in range(a + 1, len(met)))


def _matched_round(meetings: _Meetings) -> tuple[list[tuple[int, int]], int | None]:
    """One round for the pairs: the bye to the pair with the fewest byes (then the fewest
    pairs still to meet, then the last in the list); matches that repeat as few meetings as
    possible."""
    count = len(meetings.byes)
    met = meetings.met
    bye = None
    if count % 2:
        bye = min(range(count), key=lambda p: (
            meetings.byes[p], sum(1 for q in range(count) if q != p and met[p][q] == 0), -p))
    playing = [p for p in range(count) if p != bye]
    top = 1 + max(met[a][b] for a in playing for b in playing)
    return _match(playing, lambda a, b: top - met[a][b]), bye


def _match(playing: list[int], weight) -> list[tuple[int, int]]:
    """A perfect matching of ``playing`` of greatest total ``weight``, as (lower, higher)
    sorted by the lower."""
    graph = nx.Graph()
    graph.add_nodes_from(playing)
    for index, a in enumerate(playing):
        for b in playing[index + 1:]:
            graph.add_edge(a, b, weight=weight(a, b))
    matching = nx.max_weight_matching(graph, maxcardinality=True)
    return sorted((min(a, b), max(a, b)) for a, b in matching)


def swiss_round(pairs: Sequence[tuple[str, str]], ranking: Sequence[tuple[str, str]],
                played: Sequence[RoundPlan], round_number: int) -> RoundPlan:
    """Round ``round_number`` of a Swiss movement: ``ranking`` lists the pairs best first.

    With an odd number of pairs the lowest-ranked pair that has not had a bye sits out (when
    all have had one: the lowest-ranked with the fewest). The others are matched (networkx
    maximum weight matching) with as few rematches as possible, and among those pairings the
    one whose opponents are closest in rank (least sum of squared differences of place: 1st
    against 2nd, 3rd against 4th when nobody has met). The better-ranked pair sits N-S;
    tables are numbered from the top of the ranking."""
    checked = check_pairs(pairs)
    history = check_played(played)
    if isinstance(round_number, bool) or not isinstance(round_number, int) or round_number < 1:
        raise MovementError(f"the round number must be a whole number from 1, not"
                            f" {round_number!r}")
    if history and history[-1].round >= round_number:
        raise MovementError(f"round {round_number} cannot follow the rounds played up to"
                            f" round {history[-1].round}")
    place = _places(checked, ranking)
    meetings = _Meetings(checked, history)
    count = len(checked)
    bye = None
    if count % 2:
        bye = min(range(count), key=lambda p: (meetings.byes[p], -place[p]))
    playing = sorted((p for p in range(count) if p != bye), key=lambda p: place[p])
    met = meetings.met
    rematch = count ** 3 + 1  # more than all the rank penalties of a round together
    top = 1 + max(met[a][b] for a in playing for b in playing)

    def weight(a: int, b: int) -> int:
        return rematch * (top - met[a][b]) + count * count - (place[a] - place[b]) ** 2

    matches = [tuple(sorted(match, key=lambda p: place[p])) for match in _match(playing, weight)]
    matches.sort(key=lambda match: place[match[0]])
    return _round_plan(round_number, checked, matches, bye)


def _places(pairs: list[Pair], ranking: Sequence[tuple[str, str]]) -> list[int]:
    """Each pair's place (0 = best) in ``ranking``, which must list the same pairs."""
    ranked = check_pairs(ranking, minimum=0)
    where = {_key(pair): place for place, pair in enumerate(ranked)}
    places = []
    for pair in pairs:
        if _key(pair) not in where:
            raise MovementError(f"the ranking does not list the pair {pair[0]} + {pair[1]}")
        places.append(where[_key(pair)])
    if len(ranked) != len(pairs):
        extra = next(pair for pair in ranked if _key(pair) not in {_key(p) for p in pairs})
        raise MovementError(f"the ranking lists {extra[0]} + {extra[1]}, who are not a pair"
                            f" of the movement")
    return places


__all__ = ["round_robin_movement", "swiss_round"]
