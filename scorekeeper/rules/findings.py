"""A finding of the replay or the analysis: a code, a message a person can act on, and where
and by what it is proven. Codes in ``INVALID_CODES`` make a record physically impossible (or
unscorable): ``validate`` refuses such a log; the others are breaches the audit reports."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import Card
from .seats import Seat

INVALID_CODES = frozenset({
    "bid_missing", "bid_duplicated", "bid_seat_invalid", "deal_invalid", "draw_invalid",
    "exchange_invalid", "redraw_invalid", "card_duplicated", "card_not_held",
    "play_out_of_turn", "hand_over", "trick_size", "trick_count", "tricks_won_total",
    "claim_invalid", "result_missing", "hand_after_game_won", "player_repeated",
    "ruling_unfounded", "rules_contradict",
    "rules_not_for_variant",
})


@dataclass(frozen=True)
class Finding:
    code: str
    message: str
    trick: int | None = None
    """1-based, or None for a finding about the hand as a whole."""
    seat: Seat | None = None
    card: Card | None = None
    evidence: Mapping[str, Any] = field(default_factory=dict)
    """What proves it, as plain JSON values."""

    @property
    def invalid(self) -> bool:
        return self.code in INVALID_CODES


__all__ = ["Finding", "INVALID_CODES"]
