"""The card-play engine ``HandPlay``: verify_play / can_play / play / record.

Every scenario uses the hand-made ``group_deal`` (see tests/conftest.py): S deals, W leads
and wins every trick of the legal play.
"""

import pytest

from scorekeeper.rules.cards import card, mask_of
from scorekeeper.rules import IllegalPlay, ImpossiblePlay, OutOfTurn, RuleError
from scorekeeper.rules.hand import HandPlay
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER


@pytest.fixture
def engine(group_deal):
    return HandPlay(P, W, {s: mask_of(cs) for s, cs in group_deal.items()})


def play_tricks(engine, tricks):
    for leader, cards in tricks:
        for seat, c in zip(P.turn_order(leader), cards):
            engine.play(seat, c)


def test_legal_play_passes_every_check(engine):
    engine.verify_play(W, card("6C"))
    assert engine.can_play(W, card("6C"))
    assert engine.turn == W
    assert [str(c) for c in engine.legal_moves()] == [
        "6C", "TC", "AC", "6D", "TD", "AD", "6H", "TH", "AH"]  # no spade: not broken


def test_play_returns_immutable_events_and_closes_the_trick(engine):
    event, taken = engine.play(W, card("6C"))
    assert (event.trick, event.position, event.seat, str(event.card)) == (1, 0, W, "6C")
    assert event.led_suit is None and event.spades_broken is False and event.legal
    assert taken is None
    with pytest.raises(AttributeError):
        event.card = card("AS")
    engine.play(N, card("3C"))
    engine.play(E, card("4C"))
    event, taken = engine.play(S, card("5C"))
    assert (event.position, str(event.led_suit.letter)) == (3, "C")
    assert taken.trick == 1 and taken.leader == W and taken.winner == W
    assert [str(c) for c in taken.cards] == ["6C", "3C", "4C", "5C"]
    assert engine.tricks_won == {N: 0, E: 0, S: 0, W: 1}
    assert engine.turn == W and engine.trick_no == 2


def test_revoke_is_an_illegal_play_with_its_message(engine, group_tricks):
    play_tricks(engine, group_tricks[:3])
    engine.play(W, card("6D"))
    engine.play(N, card("3D"))
    with pytest.raises(IllegalPlay) as info:
        engine.verify_play(E, card("QH"))
    assert str(info.value) == "illegal play QH by E at trick 4: must follow diamonds"
    assert info.value.code == "revoke"
    assert isinstance(info.value, RuleError) and isinstance(info.value, ValueError)
    assert not engine.can_play(E, card("QH"))
    with pytest.raises(IllegalPlay):
        engine.play(E, card("QH"))
    assert engine.turn == E and len(engine.current) == 2  # a refused play changes nothing


def test_spade_lead_before_spades_are_broken(engine):
    with pytest.raises(IllegalPlay) as info:
        engine.verify_play(W, card("AS"))
    assert str(info.value) == ("illegal play AS by W at trick 1: spades are not broken and W"
                               " holds another suit")
    assert info.value.code == "spade_led_unbroken"


def test_leader_holding_only_spades_may_lead_them(engine, group_tricks):
    play_tricks(engine, group_tricks[:9])
    assert not engine.spades_broken
    assert engine.can_play(W, card("AS"))
    assert [str(c) for c in engine.legal_moves(W)] == ["2S", "6S", "TS", "AS"]


def test_a_void_players_spade_breaks_spades(engine):
    engine.play(W, card("6C"))
    engine.holdings[N] = mask_of([card("3S")])  # N has no club left in this variation
    event, _ = engine.play(N, card("3S"))
    assert event.legal and event.spades_broken is False
    assert engine.spades_broken


def test_lead_out_of_turn(engine):
    with pytest.raises(IllegalPlay) as info:
        engine.verify_play(N, card("3C"))
    assert str(info.value) == "illegal play 3C by N at trick 1: W is to lead"
    assert info.value.code == "lead_out_of_turn"


def test_playing_out_of_turn_mid_trick_is_refused(engine):
    engine.play(W, card("6C"))
    with pytest.raises(OutOfTurn) as info:
        engine.verify_play(E, card("4C"))
    assert info.value.code == "not_your_turn"
    assert str(info.value) == "4C by E at trick 1: it is N's turn"
    with pytest.raises(OutOfTurn):
        engine.record(E, card("4C"))


def test_a_card_already_played_is_impossible(engine):
    engine.play(W, card("6C"))
    engine.play(N, card("3C"))
    with pytest.raises(ImpossiblePlay):
        engine.verify_play(E, card("3C"))
    with pytest.raises(ImpossiblePlay):
        engine.record(E, card("3C"))
    assert not engine.can_play(E, card("3C"))


def test_a_card_not_held_is_impossible(engine):
    engine.play(W, card("6C"))
    with pytest.raises(ImpossiblePlay):
        engine.verify_play(N, card("4C"))  # E's card


def test_nothing_can_be_played_after_13_tricks(engine, group_tricks):
    play_tricks(engine, group_tricks)
    assert engine.is_over and engine.turn is None
    assert engine.tricks_won == {N: 0, E: 0, S: 0, W: 13}
    with pytest.raises(ImpossiblePlay):
        engine.verify_play(W, card("2S"))
    assert engine.legal_moves() == []


@pytest.mark.parametrize(("before", "seat", "text", "code", "message"), [
    (["6C", "3C"], E, "3C", "card_duplicated",
     "3C by E at trick 1: 3C was already played in this trick"),
    (["6C"], N, "4C", "card_not_held", "4C by N at trick 1: N does not hold 4C"),
    (None, W, "2S", "hand_over", "2S by W: the hand is over, all 13 tricks are played"),
])
def test_impossible_play_messages(engine, group_tricks, before, seat, text, code, message):
    if before is None:
        play_tricks(engine, group_tricks)
    else:
        for s, t in zip((W, N, E, S), before):
            engine.play(s, card(t))
    with pytest.raises(ImpossiblePlay) as info:
        engine.verify_play(seat, card(text))
    assert info.value.code == code
    assert str(info.value) == message


def test_record_keeps_a_revoke_and_goes_on(engine, group_tricks):
    play_tricks(engine, group_tricks[:3])
    engine.play(W, card("6D"))
    engine.play(N, card("3D"))
    event, _ = engine.record(E, card("QH"))
    assert not event.legal
    assert [(b.code, b.proof) for b in event.breaches] == [
        ("revoke", mask_of([card("4D"), card("8D"), card("QD"), card("2D")]))]
    assert engine.shown_out[E] == 1 << 1  # E showed out of diamonds
    _, taken = engine.record(S, card("5D"))
    assert taken.winner == W


def test_record_keeps_an_illegal_spade_lead_and_it_breaks_spades(engine):
    event, _ = engine.record(W, card("AS"))
    assert [b.code for b in event.breaches] == ["spade_led_unbroken"]
    assert engine.spades_broken


def test_record_keeps_a_lead_out_of_turn(engine):
    event, _ = engine.record(N, card("3C"))
    assert [b.code for b in event.breaches] == ["lead_out_of_turn"]
    assert engine.turn == E  # play goes on clockwise from the card actually led


def test_record_force_plays_an_impossible_card_and_names_it(engine):
    engine.play(W, card("6C"))
    engine.play(N, card("3C"))
    event, _ = engine.record(E, card("3C"), force=True)
    assert event.impossible == ("card_duplicated",)
    assert not event.legal
    event, _ = engine.record(S, card("4C"), force=True)
    assert event.impossible == ("card_not_held",)


def test_lower_bound_holdings_prove_a_revoke_but_allow_unknown_cards():
    # Only N's later 9H is known: he may play anything unknown, but showing out of hearts
    # while he is known to hold 9H is a revoke.
    engine = HandPlay(P, W, {N: mask_of([card("9H")])}, exact=False)
    engine.record(W, card("2H"))
    event, _ = engine.record(N, card("3C"))
    assert [b.code for b in event.breaches] == ["revoke"]
    engine.record(E, card("5H"))
    _, taken = engine.record(S, card("6H"))
    assert taken.winner == S
    assert engine.turn == S


def test_two_player_engine():
    n = mask_of(card(t) for t in "AH 2C".split())
    s = mask_of(card(t) for t in "KH 3C".split())
    engine = HandPlay(T, S, {N: n, S: s})
    with pytest.raises(OutOfTurn, match="E has no seat in the two_player game") as info:
        engine.verify_play(E, card("4D"))
    assert info.value.code == "seat_invalid"
    engine.play(S, card("KH"))
    # IllegalPlay carries only its code: the sentence is what names N, 2C, trick 1 and hearts.
    with pytest.raises(IllegalPlay, match="illegal play 2C by N at trick 1: must follow hearts") \
            as info:
        engine.verify_play(N, card("2C"))
    assert info.value.code == "revoke"
    _, taken = engine.play(N, card("AH"))
    assert taken.winner == N and engine.turn == N
    assert engine.tricks_won == {N: 1, S: 0}
