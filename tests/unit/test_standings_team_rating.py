"""``standings.team_rating`` (a partnership's rating, summed in a loop since a big club's
standings rate 20,000 partnerships) gives the very floats of its definition: the players'
mu and variances summed with ``sum()``, then taken per player."""

import math
import random

from scorekeeper.season.standings import team_rating


def _by_definition(members):
    n = len(members)
    return (sum(m for m, _ in members) / n,
            math.sqrt(sum(s * s for _, s in members) / n))


def test_team_rating_is_its_definition_to_the_last_bit():
    rng = random.Random(14)
    cases = [[(0.0, 0.0)], [(-0.0, 0.0), (0.0, -0.0)], [(25.0, 8.333), (25.0, 8.333)]]
    for _ in range(20_000):
        scale = rng.choice((1.0, 1e-9, 1e9))
        cases.append([(rng.uniform(-50, 60) * scale, rng.uniform(0, 10))
                      for _ in range(rng.choice((1, 2, 3)))])
    for members in cases:
        got, expected = team_rating(members), _by_definition(members)
        assert got == expected
        assert [math.copysign(1, v) for v in got] == [math.copysign(1, v) for v in expected]
