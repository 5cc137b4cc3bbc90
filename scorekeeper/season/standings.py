"""Season standings from plain game results: per player and per partnership, ranked by a
declared rule, with an openskill rating computed in date order.

Pure computation: no database, no I/O. The store sums each game's hands per side in SQL
(``Store.game_results``) and hands the results here; tests build them by hand.

Decisions (also in the output and the README):
- Only finished games count; unfinished ones are listed apart.
- A player is known by his name, compared in one form (``logs.identifiers.player_key``:
  ``Alex``, ``alex`` and ``ALEX`` are one player) and shown as first written (as his
  earliest game has it). Points for and against, bags, bag penalties and sets are his
  side's; Nil and Blind Nil bids are his own.
- A partnership is the set of its players, whatever seats they took. A two-player game
  counts the player alone as a partnership of one, shown as "Name (alone)".
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import NamedTuple

from ..logs.identifiers import player_key

RANKING = ("win percentage, then wins, then points difference (points for minus against);"
           " equal on all three share a rank")
RATING = ("openskill Plackett-Luce (Weng-Lin Bayesian) over every finished game in date order"
          " (undated games last, then by table and game id); shown: mu - 3 sigma, starting at 0;"
          " a partnership: its players' team rating, per player")
ALONE = "(alone)"


@dataclass(frozen=True, slots=True)
class NilCounts:
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0


@dataclass(frozen=True, slots=True)
class SideResult:
    """One side of one game, its figures summed over the game's hands."""

    members: tuple[str, ...]
    """The players' names (two in the partnership game, one in two-player)."""
    hands: int
    points_for: int
    """Every point the side scored (bonuses and bag penalties included)."""
    points_against: int
    """Every point the other side scored."""
    bags: int
    bag_penalties: int
    """Times the bag limit was reached."""
    sets: int
    """Hands in which the side failed its contract."""
    nils: tuple[NilCounts, ...] = ()
    """Each member's own Nil and Blind Nil bids, in ``members`` order."""
    score: int = 0
    """The side's score at the end (or so far)."""


@dataclass(frozen=True, slots=True)
class GameResult:
    game_id: str
    variant: str
    season: str | None
    date: str | None
    table: str | None
    hands: int
    sides: tuple[SideResult, ...]
    winner: int | None
    """Index into ``sides`` of the winning side; None while the game is unfinished."""

    @property
    def finished(self) -> bool:
        return self.winner is not None


def date_order(game: GameResult) -> tuple:
    """The order games are rated in: by date (undated last), then table, then id."""
    return (game.date is None, game.date or "", game.table or "", game.game_id)


@dataclass
class StandingRow:
    """One player's or one partnership's season."""

    name: str
    members: tuple[str, ...]
    # storage.cache.read_totals builds rows positionally, from games to sets: keep the order.
    games: int = 0
    wins: int = 0
    losses: int = 0
    hands: int = 0
    points_for: int = 0
    points_against: int = 0
    nil_bids: int = 0
    nil_made: int = 0
    blind_nil_bids: int = 0
    blind_nil_made: int = 0
    bags: int = 0
    bag_penalties: int = 0
    sets: int = 0
    rating: float = 0.0
    """The openskill ordinal, mu - 3 sigma."""
    rating_mu: float = 0.0
    rating_sigma: float = 0.0
    rank: int = 0
    shared_rank: bool = False

    @property
    def win_pct(self) -> float:
        return 100.0 * self.wins / self.games if self.games else 0.0

    @property
    def points_per_hand(self) -> float:
        return self.points_for / self.hands if self.hands else 0.0

    @property
    def points_diff(self) -> int:
        return self.points_for - self.points_against

    def add(self, side: SideResult, won: bool, nils: Iterable[NilCounts]) -> None:
        self.games += 1
        self.wins += won
        self.losses += not won
        self.hands += side.hands
        self.points_for += side.points_for
        self.points_against += side.points_against
        self.bags += side.bags
        self.bag_penalties += side.bag_penalties
        self.sets += side.sets
        for n in nils:
            self.nil_bids += n.nil_bids
            self.nil_made += n.nil_made
            self.blind_nil_bids += n.blind_nil_bids
            self.blind_nil_made += n.blind_nil_made


@dataclass(frozen=True, slots=True)
class UnfinishedGame:
    game_id: str
    date: str | None
    table: str | None
    hands: int
    sides: tuple[tuple[tuple[str, ...], int], ...]
    """(members, score so far) per side."""


@dataclass
class Standings:
    season: str | None
    """The season filtered on; None: every game in the database."""
    players: list[StandingRow]
    partnerships: list[StandingRow]
    unfinished: list[UnfinishedGame]
    ranking: str = RANKING
    rating: str = RATING
    games: int = 0
    """Finished games counted."""


def partnership_key(members: Sequence[str]) -> tuple[str, ...]:
    return tuple(sorted(members, key=lambda n: (n.casefold(), n)))


def partnership_name(key: tuple[str, ...]) -> str:
    return f"{key[0]} {ALONE}" if len(key) == 1 else " & ".join(key)


class RatedGame(NamedTuple):
    """What the rating needs of a finished game. (A named tuple: a database older than the
    caches makes 60,000 of them at once, and the rating unpacks them.)"""

    order: tuple
    """``date_order`` of the game."""
    sides: tuple[tuple[str, ...], ...]
    winner: int


def compute_standings(results: Iterable[GameResult], season: str | None = None,
                      *, rate: bool = True) -> Standings:
    """Standings over ``results`` (already filtered to the season), summed here in Python.
    (The store sums the same figures in SQL and calls ``build_standings``.) ``rate=False``
    skips the rating (every rating stays 0). Players are grouped by ``player_key`` and
    shown as the earliest game (in ``date_order``) writes them."""
    results = sorted(results, key=date_order)
    shown: dict[str, str] = {}
    for g in results:
        for side in g.sides:
            for name in side.members:
                shown.setdefault(player_key(name), name)
    rated: list[RatedGame] = []
    unfinished: list[UnfinishedGame] = []
    players: dict[str, StandingRow] = {}
    pairs: dict[tuple[str, ...], StandingRow] = {}
    for g in results:
        if not g.finished:
            unfinished.append(UnfinishedGame(g.game_id, g.date, g.table, g.hands, tuple(
                (tuple(shown[player_key(m)] for m in s.members), s.score) for s in g.sides)))
            continue
        keys = [tuple(player_key(m) for m in s.members) for s in g.sides]
        rated.append(RatedGame(date_order(g), tuple(keys), g.winner))
        for i, (side, members) in enumerate(zip(g.sides, keys)):
            won = i == g.winner
            nils = side.nils or tuple(NilCounts() for _ in members)
            for key, own in zip(members, nils):
                row = players.get(key)
                if row is None:
                    row = players[key] = StandingRow(key, (key,))
                row.add(side, won, (own,))
            pair = tuple(sorted(members))
            row = pairs.get(pair)
            if row is None:
                row = pairs[pair] = StandingRow("", pair)
            row.add(side, won, nils)
    return build_standings(season, list(players.values()), list(pairs.values()), rated,
                           unfinished, rate=rate, names=shown)


def build_standings(season: str | None, players: list[StandingRow],
                    partnerships: list[StandingRow], rated: list[RatedGame],
                    unfinished: list[UnfinishedGame], *, rate: bool = True,
                    ratings: dict[str, tuple[float, float]] | None = None,
                    games: int | None = None, names: dict[str, str] | None = None
                    ) -> Standings:
    """Rate, rank and assemble standings from rows already summed, keyed by player key
    (a player row's name and members, a partnership row's members, in key order; its
    name is made here). ``ratings``: the players' ratings after ``rated`` when the
    caller has them already; ``games``: the number of finished games when ``rated`` is
    not given in full; ``names``: player key -> the name shown (default: the key)."""
    if rate:
        if ratings is None:
            ratings = rate_in_date_order(rated)
        for row in players:
            row.rating_mu, row.rating_sigma = ratings.get(row.name, (0.0, 0.0))
            row.rating = row.rating_mu - 3 * row.rating_sigma
        for row in partnerships:
            row.rating_mu, row.rating_sigma = team_rating(
                [ratings.get(m, (0.0, 0.0)) for m in row.members])
            row.rating = row.rating_mu - 3 * row.rating_sigma
    names = names or {}
    for row in players:
        row.name = names.get(row.name, row.name)
        row.members = (row.name,)
    for row in partnerships:
        row.members = tuple(map(names.get, row.members, row.members))  # get(m, m) each
        row.name = partnership_name(row.members)
    unfinished = sorted(unfinished, key=lambda u: (u.date is None, u.date or "", u.table or "",
                                                   u.game_id))
    return Standings(season, rank_rows(players), rank_rows(partnerships), unfinished,
                     games=len(rated) if games is None else games)


def team_rating(members: Sequence[tuple[float, float]]) -> tuple[float, float]:
    """A partnership's rating: openskill's team rating of its players (their mu and their
    variances summed, as the model sees the pair in a game), put on the players' scale by
    taking it per player: mean mu, root-mean-square sigma. Two equal players make a pair
    rated as each of them."""
    # Summed from 0 in the players' order, as sum() sums them (the same floats); a loop,
    # not two generators: a big club's standings make 20,000 partnerships' ratings.
    mu = variance = 0
    for m, s in members:
        mu += m
        variance += s * s
    n = len(members)
    return mu / n, math.sqrt(variance / n)


def rank_rows(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """Sort by the ranking rule (names alphabetically within a tie) and number them the
    sports way: equal rows share a rank and the next rank skips (1, 2, 2, 4)."""
    # One sort: the ranking key negated (higher first), then the name.
    keyed = sorted((((-r.wins / r.games if r.games else -0.0), -r.wins,
                     r.points_against - r.points_for, r.name.casefold(), r.name), r)
                   for r in rows)
    previous = None
    for i, (key, row) in enumerate(keyed):
        if previous is not None and key[:3] == previous[0][:3]:
            row.rank = previous[1].rank
            row.shared_rank = previous[1].shared_rank = True
        else:
            row.rank = i + 1
        previous = key, row
    return [row for _, row in keyed]


def rate_in_date_order(games: Iterable[RatedGame],
                       start: dict[str, tuple[float, float]] | None = None,
                       ) -> dict[str, tuple[float, float]]:
    """Each player's openskill (mu, sigma) after rating the finished ``games`` one by one
    in date order (Plackett-Luce, the package's default model; winner ranked first),
    starting from ``start`` (the ratings after earlier games) or from scratch. Players
    by whatever names ``games`` give them (the season layer gives player keys)."""
    from .two_team_rating import TwoTeamRater

    ratings: dict[str, tuple[float, float]] = dict(start or {})
    TwoTeamRater().rate_games(sorted(games, key=_order_of), ratings)
    return ratings


def _order_of(game: RatedGame) -> tuple:
    return game.order
