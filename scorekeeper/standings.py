"""Season standings from plain game results: per player and per partnership, ranked by a
declared rule, with an openskill rating computed in date order.

Pure computation: no database, no I/O. The store sums each game's hands per side in SQL
(``Store.game_results``) and hands the results here; tests build them by hand.

Decisions (also in the output and the README):
- Only finished games count; unfinished ones are listed apart.
- A player is known by his name. Points for and against, bags, bag penalties and sets are
  his side's; Nil and Blind Nil bids are his own.
- A partnership is the set of its players, whatever seats they took. A two-player game
  counts the player alone as a partnership of one, shown as "Name (alone)".
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

RANKING = ("win percentage, then wins, then points difference (points for minus against);"
           " equal on all three share a rank")
RATING = ("openskill Plackett-Luce (Weng-Lin Bayesian), every finished game in date order"
          " (undated games last, then by table and game id); shown: mu - 3 sigma, starting at 0")
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


def compute_standings(results: Iterable[GameResult], season: str | None = None,
                      *, rate: bool = True) -> Standings:
    """Standings over ``results`` (already filtered to the season). ``rate=False`` skips
    the rating (every rating stays 0)."""
    finished: list[GameResult] = []
    unfinished: list[UnfinishedGame] = []
    for g in results:
        if g.finished:
            finished.append(g)
        else:
            unfinished.append(UnfinishedGame(g.game_id, g.date, g.table, g.hands,
                                              tuple((s.members, s.score) for s in g.sides)))
    finished.sort(key=date_order)
    unfinished.sort(key=lambda u: (u.date is None, u.date or "", u.table or "", u.game_id))
    players: dict[str, StandingRow] = {}
    pairs: dict[tuple[str, ...], StandingRow] = {}
    for g in finished:
        for i, side in enumerate(g.sides):
            won = i == g.winner
            nils = side.nils or tuple(NilCounts() for _ in side.members)
            for name, own in zip(side.members, nils):
                row = players.get(name)
                if row is None:
                    row = players[name] = StandingRow(name, (name,))
                row.add(side, won, (own,))
            key = partnership_key(side.members)
            row = pairs.get(key)
            if row is None:
                row = pairs[key] = StandingRow(partnership_name(key), key)
            row.add(side, won, nils)
    if rate:
        _apply_ratings(players, rate_in_date_order(finished, lambda s: s.members))
        _apply_ratings(pairs, rate_in_date_order(
            finished, lambda s: (partnership_key(s.members),)))
    return Standings(season, rank_rows(players.values()), rank_rows(pairs.values()),
                     unfinished, games=len(finished))


def ranking_key(row: StandingRow) -> tuple:
    """Higher is better on each part; exact fractions so 2/3 and 4/6 are equal."""
    return (Fraction(row.wins, row.games) if row.games else Fraction(0), row.wins,
            row.points_diff)


def rank_rows(rows: Iterable[StandingRow]) -> list[StandingRow]:
    """Sort by the ranking rule (names alphabetically within a tie) and number them the
    sports way: equal rows share a rank and the next rank skips (1, 2, 2, 4)."""
    ordered = sorted(rows, key=lambda r: (r.name.casefold(), r.name))
    ordered.sort(key=ranking_key, reverse=True)
    for i, row in enumerate(ordered):
        if i and ranking_key(row) == ranking_key(ordered[i - 1]):
            row.rank = ordered[i - 1].rank
            row.shared_rank = ordered[i - 1].shared_rank = True
        else:
            row.rank = i + 1
    return ordered


def rate_in_date_order(games: Sequence[GameResult],
                       entities: Callable[[SideResult], Sequence[Hashable]],
                       ) -> dict[Hashable, tuple[float, float]]:
    """Each entity's openskill (mu, sigma) after rating ``games`` (finished, in date
    order) one by one; ``entities`` gives the rated members of a side (the players, or the
    partnership as one)."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    ratings: dict[Hashable, object] = {}
    for g in games:
        teams_keys = [list(entities(s)) for s in g.sides]
        teams = [[ratings.get(k) or model.rating() for k in keys] for keys in teams_keys]
        ranks = [1 if i == g.winner else 2 for i in range(len(teams))]
        rated = model.rate(teams, ranks=ranks)
        for keys, team in zip(teams_keys, rated):
            for k, r in zip(keys, team):
                ratings[k] = r
    return {k: (r.mu, r.sigma) for k, r in ratings.items()}


def _apply_ratings(rows: dict, ratings: dict[Hashable, tuple[float, float]]) -> None:
    for key, row in rows.items():
        mu, sigma = ratings.get(key, (0.0, 0.0))
        row.rating_mu, row.rating_sigma = mu, sigma
        row.rating = mu - 3 * sigma
