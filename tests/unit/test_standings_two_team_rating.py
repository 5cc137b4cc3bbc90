"""``two_team_rating.TwoTeamRater.rate_games``, openskill's Plackett-Luce update written out
in plain floats, against openskill itself (``PlackettLuce.rate``, one call per game) bit
for bit: every shape a game can have in the database (one or two players a side, either
side the winner, players met for the first time or rated long before, sigmas from tiny to
wide), and the shapes left to openskill (a player twice in a game, a team of three, three
teams), mixed in one season; and the order in which new players are added."""

import random

import pytest
from openskill.models import PlackettLuce

from scorekeeper.season.standings import RatedGame
from scorekeeper.season.two_team_rating import TwoTeamRater


def by_openskill(games, start):
    model = PlackettLuce()
    ratings = {name: model.rating(mu=mu, sigma=sigma, name=name)
               for name, (mu, sigma) in start.items()}
    for _, sides, winner in games:
        teams = [[ratings.get(name) or model.rating() for name in side] for side in sides]
        ranks = [1 if i == winner else 2 for i in range(len(teams))]
        for side, team in zip(sides, model.rate(teams, ranks=ranks)):
            for name, rating in zip(side, team):
                ratings[name] = rating
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}


def by_rater(games, start):
    ratings = dict(start)
    TwoTeamRater().rate_games(games, ratings)
    return ratings


SHAPES = {  # side sizes, by how many players each side has
    "partnership": ((2, 2),),
    "two-player": ((1, 1),),
    "one against two": ((1, 2), (2, 1)),
    "left to openskill": ((3, 2), (2, 3), (1, 1, 1), (2, 2, 2)),
}


def season(seed, n_games, n_players, shapes, twice=0.0):
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n_players)]
    games = []
    for i in range(n_games):
        sizes = rng.choice(shapes)
        chosen = rng.sample(players, sum(sizes))
        if rng.random() < twice:  # one player twice: as his own partner or on both sides
            chosen[-1] = chosen[0]
        sides, at = [], 0
        for size in sizes:
            sides.append(tuple(chosen[at:at + size]))
            at += size
        games.append(RatedGame((False, "", "", f"g{i}"), tuple(sides),
                               rng.randrange(len(sides))))
    return games


def earlier_ratings(seed, n_players):
    """Players rated before: mu anywhere from far below to far above the start, sigma from
    nearly certain to wider than a new player's."""
    rng = random.Random(seed)
    return {f"p{i}": (rng.uniform(-20.0, 70.0), rng.choice([1e-6, 0.01, 0.5, 2.0, 8.3, 30.0])
                      * rng.uniform(0.5, 1.5))
            for i in range(n_players) if rng.random() < 0.7}


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("seed, n_players", [(1, 6), (2, 60)])
def test_each_shape_the_same_floats_as_openskill(shape, seed, n_players):
    games = season(seed, 1500, n_players, SHAPES[shape])
    for start in ({}, earlier_ratings(seed, n_players)):
        got, expected = by_rater(games, start), by_openskill(games, start)
        assert got == expected  # == on floats: bit for bit
        assert list(got) == list(expected)  # new players in the order openskill answers


def test_a_season_of_every_shape_with_players_met_twice():
    shapes = [s for sizes in SHAPES.values() for s in sizes]
    games = season(3, 3000, 12, shapes, twice=0.1)
    assert any(len(set(n for side in g.sides for n in side)) < sum(map(len, g.sides))
               for g in games)
    start = earlier_ratings(3, 12)
    assert by_rater(games, start) == by_openskill(games, start)


def test_ratings_are_updated_in_place_and_only_for_the_games_players():
    games = season(4, 10, 8, SHAPES["partnership"])
    ratings = {"bystander": (1.0, 2.0)}
    TwoTeamRater().rate_games(games, ratings)
    assert ratings["bystander"] == (1.0, 2.0)
    assert set(ratings) == {"bystander"} | {n for g in games for side in g.sides for n in side}
