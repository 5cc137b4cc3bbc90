"""Fixed partnerships (issue 15): the round robin (every pair meets every pair once, a bye a
round for an odd count) and the Swiss round (by standing, no rematch while avoidable)."""

import random
from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.event.movements import (
    MovementError, RoundPlan, round_robin_movement, swiss_round)


def pairs_of(count: int) -> list[tuple[str, str]]:
    return [(f"A{number}", f"B{number}") for number in range(1, count + 1)]


def matches_of(plan: RoundPlan) -> list[frozenset[tuple[str, str]]]:
    """The round's meetings as sets of two pairs (each pair as written, N-S or E-W)."""
    return [frozenset(((t.seats["N"], t.seats["S"]), (t.seats["E"], t.seats["W"])))
            for t in plan.tables]


def check_round(plan: RoundPlan, pairs: list[tuple[str, str]]) -> None:
    """Pairs sit together (N-S or E-W), each at most once; the bye is a whole pair."""
    sides = [side for table in plan.tables for side in table.partnerships()]
    assert all(side in pairs for side in sides)
    assert len(set(sides)) == len(sides)
    assert len(plan.tables) == len(pairs) // 2
    if len(pairs) % 2:
        assert plan.sitting_out in pairs
    else:
        assert plan.sitting_out == ()
    assert [table.table for table in plan.tables] == list(range(1, len(plan.tables) + 1))


@pytest.mark.parametrize("count", range(2, 17))
def test_round_robin_every_pair_meets_every_pair_once(count):
    pairs = pairs_of(count)
    schedule = round_robin_movement(pairs)
    assert schedule.movement == "round-robin"
    assert len(schedule.rounds) == (count if count % 2 else count - 1)
    meetings = Counter(match for plan in schedule.rounds for match in matches_of(plan))
    assert set(meetings) == {frozenset(two) for two in combinations(pairs, 2)}
    assert set(meetings.values()) == {1}
    byes = Counter(plan.sitting_out for plan in schedule.rounds if plan.sitting_out)
    assert byes == (Counter(pairs) if count % 2 else Counter())
    north_south = Counter(t.partnerships()[0] for plan in schedule.rounds for t in plan.tables)
    for plan in schedule.rounds:
        check_round(plan, pairs)
    for pair in pairs:  # a pair sits N-S about as often as E-W
        games = len(schedule.rounds) - byes[pair]
        assert abs(2 * north_south[pair] - games) <= 2


def test_round_robin_of_some_rounds_and_beyond():
    pairs = pairs_of(6)
    full = round_robin_movement(pairs)
    assert round_robin_movement(pairs, rounds=3).rounds == full.rounds[:3]
    longer = round_robin_movement(pairs, rounds=7).rounds
    assert [plan.round for plan in longer] == list(range(1, 8))
    assert [matches_of(plan) for plan in longer[5:]] == [matches_of(plan) for plan in
                                                         full.rounds[:2]]


def test_round_robin_continues_after_the_rounds_played():
    pairs = pairs_of(7)
    full = round_robin_movement(pairs)
    assert round_robin_movement(pairs, played=full.rounds[:3]).rounds == full.rounds[3:]


def test_round_robin_after_a_pair_joins():
    """Six pairs play two rounds; a seventh joins. The rest is matched so that every two pairs
    meet, the byes going round before anyone has a second."""
    pairs = pairs_of(6)
    first = round_robin_movement(pairs, rounds=2).rounds
    now = [*pairs, ("New", "Comer")]
    rest = round_robin_movement(now, played=first).rounds
    assert rest[0].round == 3
    for plan in rest:
        check_round(plan, now)
    meetings = Counter(match for plan in first + rest for match in matches_of(plan))
    assert {frozenset(two) for two in combinations(now, 2)} <= set(meetings)
    byes = Counter(plan.sitting_out for plan in rest)
    assert max(byes.values()) == 1
    # the new pair meets everyone once, which takes six rounds; six rounds of three tables
    # hold 18 meetings for the 15 still to play, so three rematches are unavoidable
    assert all(meetings[frozenset((("New", "Comer"), pair))] == 1 for pair in pairs)
    assert len(rest) == 6
    assert sum(times - 1 for times in meetings.values()) == 3


def test_round_robin_after_a_pair_leaves():
    pairs = pairs_of(6)
    first = round_robin_movement(pairs, rounds=2).rounds
    now = pairs[:4] + pairs[5:]
    rest = round_robin_movement(now, played=first).rounds
    meetings = Counter(match for plan in first + rest for match in matches_of(plan)
                       if all(pair in now for pair in match))
    assert set(meetings) == {frozenset(two) for two in combinations(now, 2)}
    assert set(meetings.values()) == {1}
    for plan in rest:
        check_round(plan, now)


def minimum_rematches(playing: list[tuple[str, str]], met: set[frozenset]) -> int:
    """The fewest rematches of any pairing of ``playing`` (by trying them all)."""
    if not playing:
        return 0
    first, rest = playing[0], playing[1:]
    return min(int(frozenset((first, other)) in met)
               + minimum_rematches([p for p in rest if p != other], met) for other in rest)


@pytest.mark.parametrize(("count", "seed"), [(4, 1), (5, 2), (6, 3), (7, 4), (8, 5), (8, 6),
                                              (9, 7)])
def test_swiss_no_rematch_while_avoidable(count, seed):
    """A Swiss night with a random standing after each round: every round has as few rematches
    as any pairing of that round could have, and the byes go to the lowest-ranked pair that
    has had the fewest."""
    pairs = pairs_of(count)
    rng = random.Random(seed)
    played: list[RoundPlan] = []
    met: set[frozenset] = set()
    byes: Counter = Counter()
    for number in range(1, count + 2):
        ranking = rng.sample(pairs, count)
        plan = swiss_round(pairs, ranking, played, number)
        check_round(plan, pairs)
        assert plan.round == number
        if count % 2:
            fewest = min(byes[pair] for pair in pairs)
            expected = [pair for pair in ranking if byes[pair] == fewest][-1]
            assert plan.sitting_out == expected
            byes[expected] += 1
        playing = [pair for pair in pairs if pair != plan.sitting_out]
        rematches = sum(1 for match in matches_of(plan) if match in met)
        assert rematches == minimum_rematches(playing, met)
        met.update(matches_of(plan))
        played.append(plan)


def test_swiss_pairs_neighbours_in_the_standing():
    pairs = pairs_of(6)
    ranking = [pairs[4], pairs[0], pairs[2], pairs[5], pairs[1], pairs[3]]
    plan = swiss_round(pairs, ranking, [], 1)
    assert [table.partnerships() for table in plan.tables] == [
        (ranking[0], ranking[1]), (ranking[2], ranking[3]), (ranking[4], ranking[5])]
    # after that round: the pairing without a rematch of least squared differences of place
    second = swiss_round(pairs, ranking, [plan], 2)
    places = [tuple(sorted(ranking.index(side) + 1 for side in table.partnerships()))
              for table in second.tables]
    assert not set(places) & {(1, 2), (3, 4), (5, 6)}
    assert sum((a - b) ** 2 for a, b in places) == min(
        sum((a - b) ** 2 for a, b in option) for option in pairings([1, 2, 3, 4, 5, 6])
        if not set(option) & {(1, 2), (3, 4), (5, 6)})
    assert places[0][0] == 1  # tables numbered from the top of the standing


def pairings(places: list[int]) -> list[list[tuple[int, int]]]:
    if not places:
        return [[]]
    first, rest = places[0], places[1:]
    return [[(first, other), *more] for other in rest
            for more in pairings([p for p in rest if p != other])]


def test_swiss_bye_goes_to_the_lowest_ranked_without_one():
    pairs = pairs_of(5)
    plan = swiss_round(pairs, pairs, [], 1)
    assert plan.sitting_out == pairs[4]
    plan2 = swiss_round(pairs, pairs, [plan], 2)
    assert plan2.sitting_out == pairs[3]


@pytest.mark.parametrize(("pairs", "message"), [
    ([("A", "B")], "at least 2 pairs, not 1"),
    ([("A", "B"), ("C", "c")], "pair 2 has 'C' twice"),
    ([("A", "B"), ("C", "a")], "player 'a' is in pair 1 and pair 2"),
    ([("A", "B"), ("C",)], "pair 2 must be two names"),
    ([("A", "B"), "CD"], "pair 2 must be two names"),
])
def test_bad_pairs_are_refused(pairs, message):
    with pytest.raises(MovementError, match=message):
        round_robin_movement(pairs)
    with pytest.raises(MovementError, match=message):
        swiss_round(pairs, pairs, [], 1)


def test_bad_swiss_input_is_refused():
    pairs = pairs_of(4)
    with pytest.raises(MovementError, match="does not list the pair A4 \\+ B4"):
        swiss_round(pairs, pairs[:3], [], 1)
    with pytest.raises(MovementError, match="lists X \\+ Y, who are not a pair"):
        swiss_round(pairs, [*pairs, ("X", "Y")], [], 1)
    with pytest.raises(MovementError, match="from 1, not 0"):
        swiss_round(pairs, pairs, [], 0)
    first = swiss_round(pairs, pairs, [], 1)
    with pytest.raises(MovementError, match="round 1 cannot follow the rounds played up to"
                                            " round 1"):
        swiss_round(pairs, pairs, [first], 1)
    with pytest.raises(MovementError, match="at least 1, not 0"):
        round_robin_movement(pairs, rounds=0)
