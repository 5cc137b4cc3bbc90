"""The whist tournaments kept as data: each base round, developed, is one (everyone partners
everyone exactly once and opposes everyone exactly twice), and the search that found them
recognises a base round and finds one again."""

from collections import Counter
from itertools import combinations

import pytest

from scorekeeper.event.whist_bases import WHIST_BASES, whist_length, whist_round
from scorekeeper.event.whist_search import base_defect, group, search_base


@pytest.mark.parametrize("count", sorted(WHIST_BASES))
def test_each_base_round_develops_into_a_whist_tournament(count):
    partners: Counter[frozenset[int]] = Counter()
    opponents: Counter[frozenset[int]] = Counter()
    sat: Counter[int] = Counter()
    assert whist_length(count) == (count - 1 if count % 4 == 0 else count)
    for index in range(whist_length(count)):
        tables, out = whist_round(count, index)
        seated = [player for table in tables for player in table]
        assert sorted(seated + out) == list(range(count))
        for north, east, south, west in tables:
            partners.update([frozenset((north, south)), frozenset((east, west))])
            opponents.update(frozenset(pair) for pair in
                             ((north, east), (north, west), (south, east), (south, west)))
        sat.update(out)
    every_pair = {frozenset(pair) for pair in combinations(range(count), 2)}
    assert set(partners) == every_pair and set(partners.values()) == {1}
    assert set(opponents) == every_pair and set(opponents.values()) == {2}
    assert sat == (Counter(range(count)) if count % 4 else Counter())


@pytest.mark.parametrize("count", sorted(WHIST_BASES))
def test_the_search_accepts_each_base(count):
    assert base_defect(count, WHIST_BASES[count]) == 0


def test_the_search_rejects_a_base_that_is_not_one():
    north, east, south, west = WHIST_BASES[13][0]
    spoiled = ((north, south, east, west), *WHIST_BASES[13][1:])  # partners made opponents
    assert base_defect(13, spoiled) > 0


@pytest.mark.parametrize("count", [5, 8, 9])
def test_the_search_finds_a_base_again(count):
    assert base_defect(count, search_base(count, seed=1)) == 0


def test_groups():
    assert group(9) == (3, 3)
    assert group(12) == (11,)
    assert group(13) == (13,)
    with pytest.raises(ValueError, match="4n or 4n\\+1 players, not 10"):
        group(10)
