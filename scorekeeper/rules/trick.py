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


def has_play_rules(rules) -> bool:
    """Whether ``rules`` (a ``RuleSet``) changes how a card may be played: spades led at any
    time, or a first-trick rule. The bitmask fast path knows only RULES.md's play, and hands
    such games to the reference replay."""
    return rules.spades_lead != "when_broken" or rules.first_trick != "free"


CLUBS_MASK = SUIT_MASKS[0]
_RED_MASK = SUIT_MASKS[1] | SUIT_MASKS[2]
TWO_OF_CLUBS = 0


def first_trick_breach(hand: int, led_suit: int | None, card: int,
                       rule: str) -> tuple[str, int] | None:
    """Why ``card`` from ``hand`` breaks the game's first-trick rule (the house rule
    ``first_trick``), or None. Like :func:`breach`, ``hand`` may be a lower bound of what the
    seat held, and the proof is the mask of held cards that made the play illegal.

    - ``two_of_clubs``: the lead is the two of clubs (``first_lead_invalid``, proof: the two
      held); who leads is its holder, which is the turn's rule, not this one.
    - ``lowest_club``: the lead is the leader's lowest club; without a club, any card but a
      spade unless he holds only spades (``first_lead_invalid``, proof: a lower club, a club,
      another suit).
    - Both: a player who cannot follow clubs plays no spade unless he holds only spades
      (``spade_on_first_trick``, proof: his diamonds and hearts).
    """
    if rule == "free":
        return None
    bit = 1 << card
    if led_suit is None:
        if rule == "two_of_clubs":
            return None if card == TWO_OF_CLUBS or not hand & 1 else ("first_lead_invalid", 1)
        clubs = hand & CLUBS_MASK
        if clubs:
            if not bit & CLUBS_MASK:
                return ("first_lead_invalid", clubs)
            lower = clubs & (bit - 1)
            return ("first_lead_invalid", lower) if lower else None
        if card // 13 == SPADES and hand & NON_SPADES_MASK:
            return ("first_lead_invalid", hand & NON_SPADES_MASK)
        return None
    if led_suit == 0 and card // 13 == SPADES and not hand & CLUBS_MASK and hand & _RED_MASK:
        return ("spade_on_first_trick", hand & _RED_MASK)
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
