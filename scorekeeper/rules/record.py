"""A recorded hand as plain immutable values: what the replay engine reads.

The pydantic models of the game log convert to these (``scorekeeper.analysis.game``); the rules core
itself never sees JSON or pydantic.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple

from .cards import Card
from .seats import Seat, Variant
from .scoring import Bid


Decision = Literal["apply", "waive"]
"""A ruling's decision on a breach's penalty."""


class TrickRecord(NamedTuple):
    """One recorded trick. A NamedTuple (immutable, and twice as quick to build as a frozen
    dataclass: reading a season builds one per trick)."""

    leader: Seat
    cards: tuple[Card, ...]
    """In play order from the leader."""


@dataclass(frozen=True, slots=True)
class Exchange:
    """Blind Nil (partnership): ``giver`` passes ``cards`` to ``receiver``."""

    giver: Seat
    receiver: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DrawPair:
    """Two-player draw: one turn of the draw, the card kept and the card discarded."""

    seat: Seat
    kept: Card
    discarded: Card


@dataclass(frozen=True, slots=True)
class Redraw:
    """Two-player Blind Nil: cards discarded after the draw and the same number drawn back
    at random from the 26 cards discarded during the draw."""

    seat: Seat
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Claim:
    """A claim of the remaining tricks after ``after_trick`` tricks were played."""

    seat: Seat
    after_trick: int
    tricks: Mapping[Seat, int]
    """Of the remaining tricks, how many each seat takes, as agreed or claimed."""
    accepted: bool = True


@dataclass(frozen=True, slots=True)
class Ruling:
    """The referee's decision on one proven breach of a hand."""

    code: str
    trick: int
    """1-based trick of the breach."""
    seat: Seat
    decision: Decision
    by: str | None = None
    note: str | None = None

    def names(self, finding: Any) -> bool:
        """Whether this ruling is on ``finding`` (a ``replay.Finding``)."""
        return (finding.code, finding.trick, finding.seat) == (self.code, self.trick, self.seat)

    def describe(self) -> str:
        verb = "applied" if self.decision == "apply" else "waived"
        by = f" by {self.by}" if self.by else ""
        return f"{self.code} by {self.seat} at trick {self.trick}: penalty {verb}{by}"


@dataclass(frozen=True, slots=True)
class HandRecord:
    variant: Variant
    dealer: Seat
    """In two-player, the player who draws first."""
    bids: tuple[Bid, ...]
    """In the order they were made."""
    tricks_won: Mapping[Seat, int] | None = None
    tricks: tuple[TrickRecord, ...] | None = None
    deal: Mapping[Seat, tuple[Card, ...]] | None = None
    """Hands before any Blind Nil exchange or redraw (two-player: after the draw)."""
    exchanges: tuple[Exchange, ...] | None = None
    draw: tuple[DrawPair, ...] | None = None
    redraws: tuple[Redraw, ...] | None = None
    claim: Claim | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)
    rulings: tuple[Ruling, ...] = ()
    """The referee's rulings on the hand's breaches (``rulings``), in the order made."""
    time_called: bool = False
    """Time was called during this hand (``time_called``): the game ends after it, as at
    the hand limit (RULES.md §4, game length)."""
