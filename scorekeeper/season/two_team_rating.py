"""openskill's Plackett-Luce update for the one game shape standings rate: two teams, one
winner, no weights, no scores, the model's defaults. The same arithmetic as
``PlackettLuce.rate``, step for step and in its order, so the figures are the very same
floats (``tests/unit/test_season_rating.py`` compares them bit for bit with openskill over
thousands of games), at a tenth of its cost: ``rate`` deep-copies the teams and makes a
rating object with a fresh uuid for every player of every game, which was most of what
standings from empty caches paid for 60,000 games.

A game that does not have this shape (a player twice in it: the same player key on both
sides, or as their own partner) is left to openskill itself (``TwoTeamRater.rate``
answers None), where identical objects are updated in place in its own way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Rating = tuple[float, float]
"""A player's (mu, sigma)."""


class TwoTeamRater:
    """The model's constants, read from a default ``PlackettLuce`` (so that a change of
    openskill's defaults is followed; the test would see any other change)."""

    def __init__(self) -> None:
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        self.model = model
        self.new: Rating = (model.mu, model.sigma)
        """A player's rating before their first game."""
        self.tau_squared = model.tau * model.tau
        self.beta_squared = model.beta ** 2
        self.kappa = model.kappa
        self.plain = not model.balance and not model.limit_sigma

    def rate(self, winner: Sequence[Rating], loser: Sequence[Rating]
             ) -> tuple[list[Rating], list[Rating]] | None:
        """The winners' and losers' ratings after the game (players in the order given),
        or None where this shape does not apply (the caller asks openskill)."""
        if not self.plain:
            return None
        sqrt, exp = math.sqrt, math.exp
        tau_squared = self.tau_squared
        # rate(): every sigma widened by tau first.
        win = [(mu, sqrt(sigma * sigma + tau_squared)) for mu, sigma in winner]
        lose = [(mu, sqrt(sigma * sigma + tau_squared)) for mu, sigma in loser]
        mu_w, ss_w = _team(win)
        mu_l, ss_l = _team(lose)
        # _c, _sum_q, then _compute for the winner (rank 1) and the loser (rank 2).
        c = sqrt(0.0 + (ss_w + self.beta_squared) + (ss_l + self.beta_squared))
        e_w = exp(mu_w / c)
        e_l = exp(mu_l / c)
        sum_0 = e_w + e_l
        sum_1 = e_l

        x = e_w / sum_0
        delta = x * (1 - x)
        omega = 1 - x
        omega *= ss_w / c
        delta *= ss_w / c ** 2
        delta *= sqrt(ss_w) / c
        new_win = self._players(win, ss_w, omega, delta)

        x0 = e_l / sum_0
        x1 = e_l / sum_1
        delta = x0 * (1 - x0)
        omega = 0.0 - x0
        delta += x1 * (1 - x1)
        omega += 1 - x1
        omega *= ss_l / c
        delta *= ss_l / c ** 2
        delta *= sqrt(ss_l) / c
        return new_win, self._players(lose, ss_l, omega, delta)

    def _players(self, team: list[Rating], ss: float, omega: float, delta: float
                 ) -> list[Rating]:
        # As openskill: mu moved by the player's share of the team's variance times omega,
        # sigma shrunk by it times delta (the weight 1.0 changes no float, so it is left out).
        kappa = self.kappa
        out = []
        for mu, sigma in team:
            share = sigma ** 2 / ss
            out.append((mu + share * omega, sigma * math.sqrt(max(1 - share * delta, kappa))))
        return out


def _team(players: list[Rating]) -> Rating:
    """_calculate_team_ratings without balance: mu and sigma squared summed over the
    players in ordinal order, highest first (a stable sort, as openskill's). Two terms
    added from 0.0 give the same float in either order, so a team of one or two (every
    team in Spades) skips the sort."""
    if len(players) > 2:
        players = sorted(players, key=lambda p: 1 * ((p[0] - 3.0 * p[1]) + (0 / 1)),
                         reverse=True)
    mu_summed = 0.0
    sigma_squared_summed = 0.0
    for mu, sigma in players:
        mu_summed += mu
        sigma_squared_summed += sigma ** 2
    return mu_summed, sigma_squared_summed
