"""openskill's Plackett-Luce update for the game shape standings rate: two teams of one or
two players, one winner, no weights, no scores, the model's defaults. The same arithmetic
as ``PlackettLuce.rate``, step for step and in its order, so the figures are the very same
floats (``tests/unit/test_season_rating.py`` and ``tests/unit/test_standings_two_team_rating.py``
compare them bit for bit with openskill over thousands of games), at a small part of its
cost: ``rate`` deep-copies the teams and makes a rating object with a fresh uuid for every
player of every game, which was most of what standings from empty caches paid for 60,000
games. Written out in plain floats (no list or object per player), a game costs a few
microseconds: the whole pass of a database older than the caches (60,000 games) 0.2-0.35 s
of CPU on a loaded two-core machine (a ``model.rate`` per game: about 2 s).

A game of any other shape (a player twice in it: the same player key on both sides, or as
their own partner; a team of three or more; not two teams) is left to openskill itself,
where identical objects are updated in place in its own way.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

Rating = tuple[float, float]
"""A player's (mu, sigma)."""


class TwoTeamRater:
    """The model's constants, read from a default ``PlackettLuce`` (so that a change of
    openskill's defaults is followed; the tests would see any other change)."""

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

    def rate_games(self, games: Iterable[tuple[object, Sequence[Sequence[str]], int]],
                   ratings: dict[str, Rating]) -> None:
        """Rate ``games`` one after the other, in the order given, updating ``ratings``
        (player -> (mu, sigma); a player not in it starts at ``new``). Each game is
        (anything, its sides: each a sequence of player names, the winner's index): a
        ``standings.RatedGame``. A player first rated here is added to ``ratings`` in the
        order of the game's sides, then of the side's players (as openskill's answer is
        read)."""
        sqrt, exp = math.sqrt, math.exp
        tau_squared, beta_squared, kappa = self.tau_squared, self.beta_squared, self.kappa
        new, plain = self.new, self.plain
        get = ratings.get
        for _, sides, winner in games:
            # The shape written out here: two teams of one or two players each, no player
            # twice, the winner 0 or 1 (else: openskill, below). Written out player by
            # player, the four updates alike, rather than a helper called for each: this
            # loop runs once a game over a whole season, and the float operations must stay
            # in openskill's order (tests/unit/test_standings_two_team_rating.py: bit for bit).
            if not plain or len(sides) != 2 or (winner != 0 and winner != 1):
                self._openskill(ratings, sides, winner)
                continue
            win, lose = sides[winner], sides[1 - winner]
            if len(win) == 2:
                a, b = win
            elif len(win) == 1:
                a, b = win[0], None
            else:
                self._openskill(ratings, sides, winner)
                continue
            if len(lose) == 2:
                c, d = lose
            elif len(lose) == 1:
                c, d = lose[0], None
            else:
                self._openskill(ratings, sides, winner)
                continue
            if a == c or a == d or (b is not None and (b == a or b == c or b == d)) \
                    or (d is not None and d == c):
                self._openskill(ratings, sides, winner)
                continue

            # rate(): every sigma widened by tau first. _calculate_team_ratings without
            # balance: mu and sigma squared summed from 0.0 over the team's players (in
            # ordinal order; two terms added from 0.0 give the same float in either order).
            mu_a, sigma_a = get(a, new)
            sigma_a = sqrt(sigma_a * sigma_a + tau_squared)
            var_a = sigma_a ** 2
            if b is None:
                mu_w = 0.0 + mu_a
                ss_w = 0.0 + var_a
            else:
                mu_b, sigma_b = get(b, new)
                sigma_b = sqrt(sigma_b * sigma_b + tau_squared)
                var_b = sigma_b ** 2
                mu_w = 0.0 + mu_a + mu_b
                ss_w = 0.0 + var_a + var_b
            mu_c, sigma_c = get(c, new)
            sigma_c = sqrt(sigma_c * sigma_c + tau_squared)
            var_c = sigma_c ** 2
            if d is None:
                mu_l = 0.0 + mu_c
                ss_l = 0.0 + var_c
            else:
                mu_d, sigma_d = get(d, new)
                sigma_d = sqrt(sigma_d * sigma_d + tau_squared)
                var_d = sigma_d ** 2
                mu_l = 0.0 + mu_c + mu_d
                ss_l = 0.0 + var_c + var_d

            # _c, _sum_q (rank 1 sums both teams, rank 2 the loser's), then _compute for
            # the winner (rank 1) and the loser (rank 2); every a[q] is 1 (no tie), and
            # the default gamma is sqrt(sigma squared) / c.
            c_ = sqrt(0.0 + (ss_w + beta_squared) + (ss_l + beta_squared))
            e_w = exp(mu_w / c_)
            e_l = exp(mu_l / c_)
            sum_0 = e_w + e_l

            x = e_w / sum_0
            delta = x * (1 - x)
            omega = 1 - x
            omega *= ss_w / c_
            delta *= ss_w / c_ ** 2
            delta *= sqrt(ss_w) / c_
            # Each player: mu moved by his share of the team's variance times omega, sigma
            # shrunk by it times delta, at most down to kappa (openskill's max(1 - share *
            # delta, kappa), as a comparison: the same float, without the call); the
            # weight 1.0 changes no float, so it is left out.
            share = var_a / ss_w
            shrink = 1 - share * delta
            new_a = (mu_a + share * omega,
                     sigma_a * sqrt(kappa if kappa > shrink else shrink))
            if b is not None:
                share = var_b / ss_w
                shrink = 1 - share * delta
                new_b = (mu_b + share * omega,
                         sigma_b * sqrt(kappa if kappa > shrink else shrink))

            x0 = e_l / sum_0
            x1 = e_l / e_l
            delta = x0 * (1 - x0)
            omega = 0.0 - x0
            delta += x1 * (1 - x1)
            omega += 1 - x1
            omega *= ss_l / c_
            delta *= ss_l / c_ ** 2
            delta *= sqrt(ss_l) / c_
            share = var_c / ss_l
            shrink = 1 - share * delta
            new_c = (mu_c + share * omega,
                     sigma_c * sqrt(kappa if kappa > shrink else shrink))
            if d is not None:
                share = var_d / ss_l
                shrink = 1 - share * delta
                new_d = (mu_d + share * omega,
                         sigma_d * sqrt(kappa if kappa > shrink else shrink))

            if winner:  # the loser's side comes first in the game's sides
                ratings[c] = new_c
                if d is not None:
                    ratings[d] = new_d
            ratings[a] = new_a
            if b is not None:
                ratings[b] = new_b
            if not winner:
                ratings[c] = new_c
                if d is not None:
                    ratings[d] = new_d

    def _openskill(self, ratings: dict[str, Rating], sides: Sequence[Sequence[str]],
                   winner: int) -> None:
        """Any other shape: openskill itself, a player met twice being one rating object."""
        model = self.model
        names = [name for side in sides for name in side]
        known = {name: model.rating(mu=ratings[name][0], sigma=ratings[name][1], name=name)
                 for name in names if name in ratings}
        teams = [[known.get(name) or model.rating() for name in side] for side in sides]
        ranks = [1 if i == winner else 2 for i in range(len(teams))]
        for side, team in zip(sides, model.rate(teams, ranks=ranks)):
            for name, r in zip(side, team):
                ratings[name] = (r.mu, r.sigma)
