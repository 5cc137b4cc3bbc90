"""Typed rule errors. Each is a ``ValueError`` whose message carries its context.

``IllegalPlay`` is a breach of the rules by a player (a renege, a spade led too early): at a
real table it can happen, so the referee engine records it and reports it. The others are
impossible entries (a card played twice, a card the seat does not hold, a fourteenth card):
the engine refuses them.
"""

from __future__ import annotations


class RuleError(ValueError):
    """Base of every error the rules core raises about a game action."""


class IllegalPlay(RuleError):
    """A card that may physically be played but breaks the rules (a finding, not a refusal)."""

    def __init__(self, message: str, *, code: str) -> None:
        super().__init__(message)
        self.code = code


class ImpossiblePlay(RuleError):
    """A card that cannot have been played: already played, not held, trick or hand full.

    ``code`` names the kind: 'card_duplicated', 'card_not_held' or 'hand_over'.
    """

    def __init__(self, message: str, code: str = "impossible") -> None:
        super().__init__(message)
        self.code = code


class OutOfTurn(RuleError):
    """An action by a seat whose turn it is not (``code`` 'not_your_turn'), or that has no
    seat in the game ('seat_invalid')."""

    def __init__(self, message: str, code: str = "not_your_turn") -> None:
        super().__init__(message)
        self.code = code


class InvalidBid(RuleError):
    """A bid that is not 0 to 13, a Blind Nil the rules do not allow, a second bid by a seat."""


class InvalidExchange(RuleError):
    """A Blind Nil exchange, two-player draw or redraw that the cards or the bids do not allow."""
