"""What the event store hands out: an event's setup (``EventSpec``), its summary and full
view, its players, how a round ends, and a table of a round as the director sees it.

Plain frozen dataclasses (no pydantic: the file format is ``logs.event_document``), so that
the director's screen, the web pages and the live board read them cheaply.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from ..logs.identifiers import GAME_ID_MAX

MOVEMENT_KINDS = ("individual", "round-robin", "swiss")
FIXED_MOVEMENTS = ("round-robin", "swiss")
"""Movements of fixed partnerships: results per pair; the others rotate partners."""

PLAYER_STATUSES = ("in", "late", "left")
"""A player's status: checked in before the first round, checked in after it started, left."""

TABLE_STATUSES = ("planned", "playing", "finished", "unfinished", "no_show", "bye")
"""``planned``: its round has not started; ``playing``: its game is under way; ``finished``:
its game ended (target, hand limit or time called); ``unfinished`` and ``no_show``: the
director's word (``EventStore.set_table_status``), scored by the declared rules of
docs/events.md; ``bye`` is kept for readers of the API (sitting out is listed per round, not
as a table)."""

DIRECTOR_STATUSES = ("playing", "unfinished", "no_show")
"""What ``set_table_status`` takes: ``playing`` takes back an earlier word."""

SIDES = ("NS", "EW")

ROUND_MINUTES_MAX = 24 * 60
"""The longest round length taken (a day): a number beyond it is a typing slip."""

EVENT_ID_MAX = GAME_ID_MAX - 16
"""An event id leaves room for ``.r<round>.t<table>`` in its games' ids (48 characters, as
``logs.event_document.EVENT_ID_MAX``; kept apart so that the store loads no pydantic)."""


class EventError(ValueError):
    """Input an event cannot take (an unknown event, a name twice, a round still being
    played...); the message names the thing and says what to do."""


class UnknownEventError(EventError, KeyError):
    """No event with this id in the database."""

    def __init__(self, event_id: str) -> None:
        self.event_id = event_id
        super().__init__(f"no event {event_id!r} in the database")

    def __str__(self) -> str:
        return str(self.args[0])


@dataclass(frozen=True)
class EventSpec:
    """A night to create: who plays which movement, under which house rules."""

    name: str
    date: str
    """YYYY-MM-DD."""
    movement: str
    """``individual``, ``round-robin`` or ``swiss``."""
    players: tuple[str, ...] = ()
    """Individual movement: the players checked in, in the order given."""
    pairs: tuple[tuple[str, str], ...] = ()
    """Fixed partnerships (round-robin, swiss): the pairs, in seeding order."""
    rounds: int | None = None
    """None: the full movement (swiss: enough rounds to find a winner, docs/events.md)."""
    preset: str = "standard"
    """A house-rule preset of ``rules.settings.PRESETS``."""
    venue: str | None = None
    target: int | None = None
    """The round's target score (None: the preset's ``target_score``)."""
    hands: int | None = None
    """Hands per round (None: the preset's ``hand_limit``, usually none)."""
    minutes: int | None = None
    """The round's length in minutes, for the director's round clock (None: no clock; time
    may still be called)."""
    season: str | None = None
    """The season the night's games count in (None: none)."""
    event_id: str | None = None
    """None: made from the date and the name."""


@dataclass(frozen=True)
class RoundEnd:
    """How a table's game (a round) ends: the first of the target, the hand limit, or time
    called (the hand in progress is finished; the log's hand says ``time_called``)."""

    target: int
    hands: int | None
    minutes: int | None = None
    """The round's length: the director's clock counts it down from the round's start and
    prompts him to call time when it is over (None: no clock)."""
    time: bool = True
    """Time may always be called by the director."""


@dataclass(frozen=True)
class PlayerEntry:
    name: str
    status: str
    """``in``, ``late`` or ``left`` (``PLAYER_STATUSES``)."""
    pair: int | None = None
    """Fixed partnerships: the pair's number (from 1, in seeding order)."""
    joined_round: int = 1
    """The first round he could be seated in."""
    left_round: int | None = None
    """The last round he could be seated in, when he left."""


@dataclass(frozen=True)
class EventSummary:
    id: str
    name: str
    date: str
    movement: str
    rounds: int
    """Rounds planned for the night."""
    current_round: int
    """The latest round started (0: none yet)."""
    players: int
    """Players checked in and not left."""

    @property
    def event_id(self) -> str:
        return self.id


@dataclass(frozen=True)
class EventView:
    id: str
    name: str
    date: str
    venue: str | None
    season: str | None
    preset: str
    movement: str
    players: tuple[PlayerEntry, ...]
    pairs: tuple[tuple[str, str], ...]
    """Fixed partnerships: every pair ever entered (left ones too), by pair number."""
    rounds: int
    current_round: int
    round_end: RoundEnd
    rounds_given: bool = False
    """Whether the number of rounds was asked for (else the movement's full length)."""
    created_at: str | None = None
    """When the night was created (UTC, ISO 8601), on whichever machine: with its id, what
    makes it this night and no other (a bundle carries it; docs/events.md)."""

    @property
    def event_id(self) -> str:
        return self.id

    @property
    def fixed(self) -> bool:
        """Fixed partnerships (results per pair)."""
        return self.movement in FIXED_MOVEMENTS

    def active_players(self) -> tuple[str, ...]:
        return tuple(p.name for p in self.players if p.status != "left")

    def active_pairs(self) -> tuple[tuple[str, str], ...]:
        """The pairs neither of whose players has left."""
        left = {p.name for p in self.players if p.status == "left"}
        return tuple(pair for pair in self.pairs if not set(pair) & left)


@dataclass(frozen=True)
class TableView:
    round: int
    table: int
    seats: Mapping[str, str]
    """``N``, ``E``, ``S``, ``W`` -> player name."""
    game_id: str | None
    """None while the round is only planned."""
    status: str
    """One of ``TABLE_STATUSES``."""
    scores: Mapping[str, int] = field(default_factory=lambda: {"NS": 0, "EW": 0})
    hands: int = 0
    dealer: str | None = None
    """The seat of the next deal; None when the game is over or not started."""
    winner: str | None = None
    """``NS`` or ``EW`` when the game was won at the table, else None."""
    absent: str | None = None
    """A no-show table: the side that did not come (``NS`` or ``EW``)."""

    def side_players(self, side: str) -> tuple[str, str]:
        return (self.seats[side[0]], self.seats[side[1]])


__all__ = ["DIRECTOR_STATUSES", "FIXED_MOVEMENTS", "MOVEMENT_KINDS", "PLAYER_STATUSES",
           "ROUND_MINUTES_MAX", "SIDES", "TABLE_STATUSES", "EventError", "EventSpec",
           "EventSummary", "EventView", "PlayerEntry", "RoundEnd", "TableView", "UnknownEventError"]
