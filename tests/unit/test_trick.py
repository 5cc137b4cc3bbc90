"""Legal plays and the trick winner (docs/rules.md 4.1-4.3)."""

import pytest

from scorekeeper.rules.cards import card, cards_in, mask_of
from scorekeeper.rules.trick import breach, legal_plays, trick_winner, winning_index
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
CLUBS, DIAMONDS, HEARTS, SPADES = 0, 1, 2, 3


def hand(text: str) -> int:
    return mask_of(card(t) for t in text.split())


def shown(mask: int) -> set[str]:
    return {str(c) for c in cards_in(mask)}


def test_must_follow_suit_when_able():
    h = hand("AS 2H 9H KD 3C")
    assert shown(legal_plays(h, HEARTS, False)) == {"2H", "9H"}
    assert shown(legal_plays(h, CLUBS, True)) == {"3C"}


def test_void_in_the_suit_led_may_play_anything():
    # docs/rules.md: David has no heart and may play a spade, or a club or a diamond.
    david = hand("AS 4S KD 3C")
    assert shown(legal_plays(david, HEARTS, False)) == {"AS", "4S", "KD", "3C"}


def test_no_spade_lead_before_spades_are_broken():
    h = hand("AS 4S KD 3C")
    assert shown(legal_plays(h, None, False)) == {"KD", "3C"}


def test_spade_lead_allowed_once_broken():
    h = hand("AS 4S KD 3C")
    assert shown(legal_plays(h, None, True)) == {"AS", "4S", "KD", "3C"}


def test_leader_holding_only_spades_may_lead_one():
    h = hand("AS 4S 2S")
    assert shown(legal_plays(h, None, False)) == {"AS", "4S", "2S"}


def test_breach_names_the_rule_and_its_proof():
    h = hand("AS 2H 9H KD")
    assert breach(h, HEARTS, False, card("KD")) == ("revoke", hand("2H 9H"))
    assert breach(h, None, False, card("AS")) == ("spade_led_unbroken", hand("2H 9H KD"))
    assert breach(h, None, True, card("AS")) is None
    assert breach(h, HEARTS, False, card("2H")) is None
    assert breach(hand("AS 4S"), None, False, card("AS")) is None
    assert breach(hand("AS KD"), CLUBS, False, card("AS")) is None  # void in clubs: any card


def cards(text):
    return [card(t) for t in text.split()]


@pytest.mark.parametrize(("trick", "leader", "winner"), [
    ("5H 9H 2H KH", N, W),   # highest of the suit led
    ("5H 9H 2S KH", N, S),   # a spade trumps
    ("5H AS 2S KH", E, S),   # the highest spade (E leads: the ace is S's)
    ("5H AD AC 4H", S, S),   # off-suit aces do not win
    ("QS 2S AS KS", W, E),   # spades led: W N E S in order, so the ace of spades is E's
])
def test_partnership_trick_winner(trick, leader, winner):
    assert trick_winner(cards(trick), leader) == winner


def test_winner_leads_the_next_trick_order():
    # Play order from the leader clockwise: the third card of a trick led by W is E's.
    assert trick_winner(cards("2C 3C AC 4C"), W) == E
    assert winning_index(cards("2C 3C AC 4C")) == 2


@pytest.mark.parametrize(("trick", "leader", "winner"), [
    ("5H 9H", S, N),
    ("5H 2S", S, N),
    ("AH 2D", N, N),
    ("3S AH", N, N),
    ("KS AS", S, N),
])
def test_two_player_trick_winner(trick, leader, winner):
    assert trick_winner(cards(trick), leader, Variant.TWO_PLAYER) == winner
