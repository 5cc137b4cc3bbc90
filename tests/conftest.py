"""Shared fixtures. Each engineer keeps fixtures in a clearly marked section."""

import pytest

from scorekeeper.rules.cards import Card, card
from scorekeeper.rules.seats import Seat

# ---------------------------------------------------------------------------------------
# Rules-core tests (tests/unit/test_hand_engine.py, test_replay.py): one hand-made legal
# partnership hand whose every card is known, so findings and messages can be worked out by
# hand.
#
# The deal: in each suit N holds 3 7 J, E 4 8 Q, S 5 9 K, W 6 T A; and one two each:
# N 2C, E 2D, S 2H, W 2S. S deals, so W bids and leads first. W leads each suit from the
# bottom group up (6, T, A) and wins every trick: three clubs, three diamonds, three hearts;
# then W holds only spades and may lead them (tricks 10-12); trick 13 is the four twos.
# ---------------------------------------------------------------------------------------
_GROUP_RANKS = {Seat.N: "37J", Seat.E: "48Q", Seat.S: "59K", Seat.W: "6TA"}
_TWOS = {Seat.N: "2C", Seat.E: "2D", Seat.S: "2H", Seat.W: "2S"}


def _group_deal() -> dict[Seat, tuple[Card, ...]]:
    return {s: tuple(card(r + suit) for suit in "CDHS" for r in ranks) + (card(_TWOS[s]),)
            for s, ranks in _GROUP_RANKS.items()}


def _group_tricks() -> list[tuple[Seat, list[Card]]]:
    tricks = []
    for suit in "CDHS":
        for i in range(3):
            tricks.append((Seat.W, [card(_GROUP_RANKS[s][i] + suit)
                                    for s in (Seat.W, Seat.N, Seat.E, Seat.S)]))
    tricks.append((Seat.W, [card(t) for t in ("2S", "2C", "2D", "2H")]))
    return tricks


@pytest.fixture
def group_deal() -> dict[Seat, tuple[Card, ...]]:
    """The hand-made deal above: seat -> its 13 cards."""
    return _group_deal()


@pytest.fixture
def group_tricks() -> list[tuple[Seat, list[Card]]]:
    """The legal play of ``group_deal`` (S deals): 13 (leader, cards in play order)."""
    return _group_tricks()
# ---------------------------------------------------------------------------------------
# end of the rules-core section
# ---------------------------------------------------------------------------------------
