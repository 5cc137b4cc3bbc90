"""``rate_in_date_order`` (its two-team update, ``two_team_rating``) gives openskill's very
floats: compared bit for bit with ``PlackettLuce.rate`` called as standings called it
before, over random seasons of partnership and two-player games, from scratch and from
earlier ratings, a player met twice in a game included (left to openskill itself)."""

import random

import pytest
from openskill.models import PlackettLuce

from scorekeeper.season.standings import RatedGame, rate_in_date_order


def openskill_in_date_order(games, start=None):
    """The reference: one ``model.rate`` per game, as standings rated before."""
    model = PlackettLuce()
    ratings = {name: model.rating(mu=mu, sigma=sigma, name=name)
               for name, (mu, sigma) in (start or {}).items()}
    for g in sorted(games, key=lambda r: r.order):
        teams = [[ratings.get(name) or model.rating() for name in side] for side in g.sides]
        ranks = [1 if i == g.winner else 2 for i in range(len(teams))]
        for side, team in zip(g.sides, model.rate(teams, ranks=ranks)):
            for name, r in zip(side, team):
                ratings[name] = r
    return {name: (r.mu, r.sigma) for name, r in ratings.items()}


def random_season(seed: int, n_games: int, n_players: int) -> list[RatedGame]:
    rng = random.Random(seed)
    players = [f"p{i}" for i in range(n_players)]
    games = []
    for i in range(n_games):
        roll = rng.random()
        if roll < 0.15:
            a, b = rng.sample(players, 2)
            sides = ((a,), (b,))
        elif roll < 0.18:  # a player twice (one key written two ways)
            a, b, c = rng.sample(players, 3)
            sides = ((a, a), (b, c)) if rng.random() < 0.5 else ((a, b), (a, c))
        else:
            a, b, c, d = rng.sample(players, 4)
            sides = ((a, b), (c, d))
        # Orders out of the list's order: rate_in_date_order sorts.
        games.append(RatedGame((False, f"2026-{rng.randint(1, 12):02d}", str(i), f"g{i}"),
                               sides, rng.randint(0, 1)))
    return games


@pytest.mark.parametrize("seed, n_players", [(1, 6), (2, 40), (3, 400)])
def test_the_same_floats_as_openskill(seed, n_players):
    games = random_season(seed, 3000, n_players)
    expected = openskill_in_date_order(games)
    got = rate_in_date_order(games)
    assert list(got) == list(expected)  # players in the order first seen
    assert got == expected  # == on floats: bit for bit


def test_the_same_floats_from_earlier_ratings():
    games = random_season(4, 2000, 30)
    start = rate_in_date_order(games[:1000])
    assert rate_in_date_order(games[1000:], start) == openskill_in_date_order(
        games[1000:], start)
