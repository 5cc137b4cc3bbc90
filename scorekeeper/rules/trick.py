"""Pure trick rules: which cards may be played, and who wins a trick."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import NON_SPADES_MASK, SUIT_MASKS, Suit
from .seats import Seat, Variant

SPADES = 3


def legal_plays(hand: int, led_suit: Suit | int | None, spades_broken: bool) -> int:
    """The mask of cards in ``hand`` that may be played.

    Following: the cards of the suit led if the hand has any, else every card. Leading
    (``led_suit`` None): anything but a spade until spades are broken, unless the hand holds
    only spades.
    """
    if led_suit is None:
        if spades_broken or not hand & NON_SPADES_MASK:
            return hand
        return hand & NON_SPADES_MASK
    follow = hand & SUIT_MASKS[led_suit]
    return follow or hand


def breach(hand: int, led_suit: int | None, spades_broken: bool, card: int) -> tuple[str, int] | None:
    """Why playing ``card`` from ``hand`` breaks the rules, or None when it is legal.

    Returns (code, proof) where proof is the mask of held cards that made it illegal:
    ``('revoke', cards of the suit led)`` or ``('spade_led_unbroken', cards of other suits)``.
    ``hand`` may be a lower bound of what the seat held (a hand rebuilt from later play):
    any card in it is a proof.
    """
    suit = card // 13
    if led_suit is None:
        if suit == SPADES and not spades_broken:
            other = hand & NON_SPADES_MASK
            if other:
                return ("spade_led_unbroken", other)
        return None
    if suit != led_suit:
        held = hand & SUIT_MASKS[led_suit]
        if held:
            return ("revoke", held)
    return None


def trick_winner(cards: Sequence[int], leader: Seat, variant: Variant = Variant.PARTNERSHIP) -> Seat:
    """The seat that wins a complete trick: highest spade, else highest card of the suit led."""
    return variant.turn_order(leader)[winning_index(cards)]


def winning_index(cards: Sequence[int]) -> int:
    """Index in play order of the card that wins the trick so far."""
    best = 0
    best_card = cards[0]
    best_suit = best_card // 13
    for i in range(1, len(cards)):
        c = cards[i]
        s = c // 13
        if s == best_suit:
            if c > best_card:
                best, best_card = i, c
        elif s == SPADES:
            best, best_card, best_suit = i, c, SPADES
    return best


#: BEATS[best][c]: whether ``c``, played to a trick that ``best`` is winning, takes it: the
#: two-card case of :func:`winning_index`, which keeps only the card winning so far, so
#: walking a trick through this table names the same winner. Built from the function itself
#: for the loops that follow a trick card by card at int speed (the solver, ``bitplay``).
BEATS: tuple[tuple[bool, ...], ...] = tuple(
    tuple(winning_index((best, c)) == 1 for c in range(52)) for best in range(52))
