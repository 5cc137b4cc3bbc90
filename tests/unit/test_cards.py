"""Cards: canonical text, what a person types, clear errors, masks and formatting."""

import pytest

from scorekeeper.rules.cards import (
    CARDS,
    FULL_DECK,
    SPADES_MASK,
    SUIT_MASKS,
    Card,
    CardParseError,
    Suit,
    card,
    cards_in,
    format_hand,
    mask_of,
    popcount,
)


def test_numbering_is_suit_times_13_plus_rank():
    # Suits C, D, H, S = 0..3, ranks 2..A = 0..12 (the module's documented numbering).
    assert int(card("2C")) == 0
    assert int(card("AC")) == 12
    assert int(card("2D")) == 13
    assert int(card("TH")) == 2 * 13 + 8
    assert int(card("AS")) == 51


@pytest.mark.parametrize("text", ["AS", "TH", "2C", "9D", "JS", "QH", "KC"])
def test_canonical_text_round_trips(text):
    assert str(Card.parse(text)) == text


def test_all_52_cards_have_distinct_canonical_text():
    texts = [str(c) for c in CARDS]
    assert len(set(texts)) == 52
    assert [str(Card.parse(t)) for t in texts] == texts


@pytest.mark.parametrize(("typed", "canonical"), [
    ("10h", "TH"), ("10H", "TH"), ("as", "AS"), ("aS", "AS"), ("th", "TH"), ("2c", "2C"),
    ("A♠", "AS"), ("♠A", "AS"), ("10♥", "TH"), ("♥10", "TH"), ("K♦", "KD"), ("♣2", "2C"),
    ("q♥", "QH"), (" AS ", "AS"),
])
def test_parser_takes_what_a_person_types(typed, canonical):
    assert str(Card.parse(typed)) == canonical
    assert str(card(typed)) == canonical


@pytest.mark.parametrize("bad", ["", "A", "AX", "1S", "11S", "ZZ", "SA", "A S", "AS!", "0S", "XH"])
def test_anything_else_is_a_card_parse_error_quoting_the_input(bad):
    with pytest.raises(CardParseError) as info:
        Card.parse(bad)
    assert isinstance(info.value, ValueError)
    assert repr(bad) in str(info.value)
    assert str(info.value).startswith("not a card: ")


def test_non_text_is_a_card_parse_error():
    with pytest.raises(CardParseError, match="not a card: None"):
        Card.parse(None)


def test_card_number_out_of_range():
    assert card(51) == card("AS")
    with pytest.raises(CardParseError, match="not a card number: 52"):
        card(52)
    with pytest.raises(CardParseError, match="not a card number: -1"):
        card(-1)


def test_suit_and_rank_properties():
    c = card("QH")
    assert c.suit is Suit.HEARTS
    assert c.rank == 10
    assert c.bit == 1 << 36
    assert c.pretty() == "Q♥"
    assert card("TS").pretty() == "10♠"
    assert repr(card("TS")) == "Card('TS')"


def test_cards_are_cached_instances():
    assert Card.parse("as") is Card.parse("A♠") is CARDS[51]


def test_suit_parse_and_errors():
    assert Suit.parse("s") is Suit.SPADES
    assert Suit.parse("♥") is Suit.HEARTS
    assert Suit.HEARTS.plural == "hearts"
    assert Suit.DIAMONDS.letter == "D"
    with pytest.raises(CardParseError, match="not a suit: 'X'"):
        Suit.parse("X")


def test_masks():
    hand = mask_of(card(t) for t in ["AS", "2C", "TH", "AS"])
    assert popcount(hand) == 3  # the duplicate collapses
    assert [str(c) for c in cards_in(hand)] == ["2C", "TH", "AS"]
    assert popcount(FULL_DECK) == 52
    assert popcount(SPADES_MASK) == 13
    assert all(popcount(m) == 13 for m in SUIT_MASKS)
    assert sum(SUIT_MASKS) == FULL_DECK
    assert [str(c) for c in cards_in(SUIT_MASKS[Suit.DIAMONDS])][:2] == ["2D", "3D"]


def test_format_hand_spades_first_high_cards_first():
    hand = mask_of(card(t) for t in "AS KS 4S QH 9H TC 3C 2C".split())
    assert format_hand(hand) == "S: A K 4  H: Q 9  D: -  C: T 3 2"
    assert format_hand(mask_of([card("AS")]), symbols=True) == "♠: A  ♥: -  ♦: -  ♣: -"
    assert format_hand(0, void="—") == "S: —  H: —  D: —  C: —"


def test_every_card_is_truthy_the_two_of_clubs_included():
    from scorekeeper.rules.cards import CARDS
    assert all(bool(c) for c in CARDS) and int(CARDS[0]) == 0
