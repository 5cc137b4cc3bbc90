"""What the published pages show, gathered from the season database: the standings (the very
rows of ``scorekeeper standings``), each player's games, partners and rating after each
game, and the games' score sheets.

Nothing here computes a figure of its own: the standings are ``Store.standings`` (the
figures, ranks and ratings of ``standings``), a rate shown on a player's page is two of
those figures divided, and the rating history is the season layer's own openskill rating
(``standings.rate_in_date_order``) taken one game at a time, in the rating order
(``standings.date_order``), as the store's caches rate each game saved in date order: its
last point is the standings' rating (a test holds the two equal).
"""

from __future__ import annotations

import hashlib
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..logs.identifiers import player_key
from ..season.standings import (
    GameResult,
    RatedGame,
    StandingRow,
    Standings,
    date_order,
    rate_in_date_order,
)
from ..season.storage import GameSummary, Store

# -- file names --------------------------------------------------------------------------------

_PLAIN = re.compile(r"[a-z0-9][a-z0-9_-]{0,63}")


def _ascii_stem(text: str) -> str:
    """Letters and digits of ``text`` in lower-case ASCII, runs of anything else as one
    hyphen (``José Ñ`` -> ``jose-n``), at most 40 characters; ``x`` when nothing is left."""
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-")[:40].strip("-") or "x"


class FileNames:
    """File names (without ``.html``) for ids and names, safe on every file system: lower
    case ASCII letters, digits, ``-`` and ``_`` only (no dot, no slash, no name that
    Windows reserves since a hash follows), unique within the site even where a file
    system ignores case. An id already of that form keeps it (game ids mostly are);
    anything else becomes its ASCII letters and a hash of the whole text."""

    def __init__(self) -> None:
        self._names: dict[str, str] = {}
        self._taken: set[str] = set()

    def name(self, text: str, *, keep_plain: bool = True) -> str:
        if text in self._names:
            return self._names[text]
        digest = hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()
        candidates = [text] if keep_plain and _PLAIN.fullmatch(text) else []
        stem = _ascii_stem(text)
        candidates += [f"{stem}-{digest[:n]}" for n in (8, 16, 64)]
        for candidate in candidates:
            if candidate not in self._taken:
                break
        else:  # sha-256 collides: no file name is possible
            raise ValueError(f"no file name for {text!r}")
        self._taken.add(candidate)
        self._names[text] = candidate
        return candidate


# -- the pages' data -----------------------------------------------------------------------------


@dataclass(frozen=True)
class RatingPoint:
    """A player's rating just after one of his games (in the rating order)."""

    game_id: str
    date: str | None
    number: int
    """The player's finished games so far, this one included."""
    season_number: int
    """The scope's finished games so far (in the rating order), this one included."""
    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """What the standings show: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class PlayerGame:
    """One game as a row of a player's page."""

    game: GameSummary
    partners: tuple[str, ...]
    """His side's other player (none in two-player), as the game's log writes them."""
    opponents: tuple[str, ...]
    score_for: int
    score_against: int
    result: str
    """``won``, ``lost`` or ``unfinished``."""


@dataclass
class PlayerPage:
    row: StandingRow
    file: str
    """The page's file name (no folder, no ``.html``)."""
    partnerships: list[StandingRow] = field(default_factory=list)
    """The standings' partnership rows he is in, in standings order."""
    games: list[PlayerGame] = field(default_factory=list)
    """Newest first, as ``scorekeeper games`` lists them."""
    history: list[RatingPoint] = field(default_factory=list)
    """Oldest first."""

    @property
    def name(self) -> str:
        return self.row.name

    @property
    def bags_per_game(self) -> float:
        return self.row.bags / self.row.games if self.row.games else 0.0

    @property
    def set_rate(self) -> float:
        """Hands his side was set in, per hundred hands played."""
        return 100.0 * self.row.sets / self.row.hands if self.row.hands else 0.0


@dataclass
class SeasonSite:
    """Everything the season's pages show."""

    season: str | None
    standings: Standings
    games: list[GameSummary]
    """Every game of the scope, newest first (``Store.games``)."""
    players: dict[str, PlayerPage]
    """Player key -> his page; every player of the standings has one, in standings order."""
    game_files: dict[str, str]
    """Game id -> its score sheet's file name."""
    histories: dict[str, list[RatingPoint]]
    """Player key -> his rating after each of his finished games."""

    def player_of(self, name: str) -> PlayerPage | None:
        """The page of the player a log names ``name`` (any spelling of his name)."""
        return self.players.get(player_key(name))


def rating_history(results: Iterable[GameResult]) -> dict[str, list[RatingPoint]]:
    """Each player's (keyed by ``player_key``) rating after each of his finished games: the
    season layer's rating, one game at a time in the rating order, each started from the
    players' ratings after the games before (as ``storage.cache`` rates a game saved in
    date order)."""
    current: dict[str, tuple[float, float]] = {}
    history: dict[str, list[RatingPoint]] = {}
    finished = [game for game in sorted(results, key=date_order) if game.finished]
    for season_number, game in enumerate(finished, 1):
        sides = tuple(tuple(player_key(m) for m in side.members) for side in game.sides)
        players = [key for side in sides for key in side]
        start = {key: current[key] for key in players if key in current}
        rated = rate_in_date_order([RatedGame(date_order(game), sides, game.winner)], start)
        for key in players:
            current[key] = rated[key]
            points = history.setdefault(key, [])
            points.append(RatingPoint(game.game_id, game.date, len(points) + 1,
                                      season_number, *rated[key]))
    return history


def _side_keys(game: GameSummary) -> list[str]:
    return list(game.scores)


def player_games(game: GameSummary, key: str) -> PlayerGame | None:
    """``game`` from the side of the player ``key`` (None if he did not play it)."""
    for side in _side_keys(game):
        seats = list(side)
        if any(player_key(game.players[s]) == key for s in seats):
            other = next(s for s in _side_keys(game) if s != side)
            partners = tuple(game.players[s] for s in seats
                             if player_key(game.players[s]) != key)
            result = ("unfinished" if not game.finished
                      else "won" if game.winner == side else "lost")
            return PlayerGame(game, partners, tuple(game.players[s] for s in other),
                              game.scores[side], game.scores[other], result)
    return None


def season_site(store: Store, season: str | None, *,
                extra_games: Iterable[str] = ()) -> SeasonSite:
    """The season's pages' data from ``store`` (the caller handles a damaged database's
    errors). ``extra_games``: ids of games outside the season whose score sheets are
    published too (a card night's)."""
    standings = store.standings(season)
    games = store.games(season)
    histories = rating_history(store.game_results(season))
    files = FileNames()
    # Sorted first, so that a game's file name does not depend on the order games come in.
    game_files = {gid: files.name(gid)
                  for gid in sorted({g.game_id for g in games} | set(extra_games))}
    player_files = FileNames()
    players: dict[str, PlayerPage] = {}
    for row in standings.players:
        key = player_key(row.name)
        players[key] = PlayerPage(row, player_files.name(key, keep_plain=False),
                                  history=histories.get(key, []))
    for pair in standings.partnerships:
        for member in {player_key(m) for m in pair.members}:
            if member in players:
                players[member].partnerships.append(pair)
    for game in games:
        for key in {player_key(name) for name in game.players.values()}:
            if key in players:
                row = player_games(game, key)
                if row is not None:
                    players[key].games.append(row)
    return SeasonSite(season, standings, games, players, game_files, histories)


__all__ = ["FileNames", "PlayerGame", "PlayerPage", "RatingPoint", "SeasonSite",
           "player_games", "rating_history", "season_site"]
