"""The play house rules (docs/rules.md §10, examples J and K): spades led at any time, and
the first trick's rule, in the reference replay, in the engine's legal moves, through the
fast path (which hands such games to the reference) and in a claim's search."""

from __future__ import annotations

import pytest

from scorekeeper.rules.bitplay.hand_check import check_hand, codes_of
from scorekeeper.rules.bitplay.quick_replay import replay_quick
from scorekeeper.rules.cards import Card
from scorekeeper.rules.hand import HandPlay
from scorekeeper.rules.record import HandRecord, TrickRecord
from scorekeeper.rules.replay import replay_hand
from scorekeeper.rules.scoring import Bid
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.settings import DEFAULT_RULES

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P = Variant.PARTNERSHIP
DEAL = {
    N: "4C 9C AD KD QD JD TD 9D 8D 7D 6D 5D 4D",
    E: "AS KS QS JS TS AH KH QH JH TH 9H 8H 7H",
    S: "2C 3C 5C 6C 7C 8C 3D 2D 9S 8S 7S 6S 5S",
    W: "TC JC QC KC AC 6H 5H 4H 3H 2H 4S 3S 2S",
}
HANDS = {s: tuple(Card.parse(c) for c in cards.split()) for s, cards in DEAL.items()}
LOWEST = DEFAULT_RULES.with_changes(first_trick="lowest_club")
TWO_CLUBS = DEFAULT_RULES.with_changes(first_trick="two_of_clubs")
ANY_TIME = DEFAULT_RULES.with_changes(spades_lead="any_time")


def record(dealer: Seat, leader: Seat, *cards: str) -> HandRecord:
    bids = tuple(Bid(s, 3) for s in P.turn_order(P.first_to_act(dealer)))
    return HandRecord(P, dealer, bids, None,
                      (TrickRecord(leader, tuple(Card.parse(c) for c in cards)),), HANDS)


def codes(rec: HandRecord, rules) -> list[str]:
    found = [f.code for f in replay_hand(rec, rules, in_progress=True).findings]
    # the fast path asks the reference for these games, so it agrees
    assert codes_of(check_hand(rec, rules)) - {"trick_count"} == set(found) - {"trick_count"}
    return found


def test_lowest_club_leads_and_no_spade_from_a_player_out_of_clubs():
    # W deals, N leads: he holds 4C and 9C; E holds no club but hearts.
    bad = record(W, N, "9C", "AS", "2C", "AC")
    assert codes(bad, LOWEST) == ["first_lead_invalid", "spade_on_first_trick"]
    assert codes(bad, DEFAULT_RULES) == []
    lead = replay_hand(bad, LOWEST, in_progress=True).findings[0]
    assert lead.message == ("N led 9C to the first trick, where the lead is the leader's lowest"
                            " club, but the deal shows N held 4C")
    assert codes(record(W, N, "4C", "7H", "2C", "AC"), LOWEST) == []


def test_two_of_clubs_its_holder_leads_it():
    assert codes(record(W, S, "2C", "TC", "4C", "7H"), TWO_CLUBS) == []
    assert codes(record(W, S, "3C", "TC", "4C", "7H"), TWO_CLUBS) == ["first_lead_invalid"]
    out_of_turn = replay_hand(record(W, N, "4C", "7H", "2C", "AC"), TWO_CLUBS,
                              in_progress=True).findings
    assert out_of_turn[0].code == "lead_out_of_turn"
    assert "the holder of the two of clubs leads first" in out_of_turn[0].message


def test_spades_at_any_time():
    # N deals, E leads the AS holding hearts.
    lead = record(N, E, "AS", "9S", "2S", "4C")
    assert codes(lead, DEFAULT_RULES) == ["spade_led_unbroken"]
    assert codes(lead, ANY_TIME) == []


def test_the_engine_offers_only_what_the_rules_allow():
    play = HandPlay(P, N, {s: sum(1 << c for c in cs) for s, cs in HANDS.items()},
                    rules=LOWEST)
    assert [str(c) for c in play.legal_moves(N)] == ["4C"]
    play.play(N, Card.parse("4C"))
    assert "AS" not in [str(c) for c in play.legal_moves(E)]  # out of clubs, holds hearts
    free = HandPlay(P, E, {s: sum(1 << c for c in cs) for s, cs in HANDS.items()},
                    rules=ANY_TIME)
    assert "AS" in [str(c) for c in free.legal_moves(E)]


def test_two_player_games_play_the_first_trick_free():
    play = HandPlay(Variant.TWO_PLAYER, N, {N: 0b111, S: 0b111000}, rules=LOWEST)
    assert play.first_trick == "free"


@pytest.mark.parametrize("rules", [LOWEST, ANY_TIME])
def test_the_quick_replay_is_the_reference_for_these_rules(rules):
    rec = record(W, N, "9C", "AS", "2C", "AC")
    assert replay_quick(rec, rules).findings == replay_hand(rec, rules).findings


# -- Nil passing (example L) ----------------------------------------------------------------
from scorekeeper.rules.before_play import check_exchanges, exchanging_nils  # noqa: E402
from scorekeeper.rules.record import Exchange  # noqa: E402

PASSING = DEFAULT_RULES.with_changes(nil_passing=2)
DEALT = {s: sum(1 << c for c in cs) for s, cs in HANDS.items()}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(c) for c in text.split())


def test_example_l_a_lone_nil_passes_two_cards_each_way():
    bids = (Bid(E, 4), Bid(S, 4), Bid(W, 3), Bid(N, 0))
    assert exchanging_nils(P, bids, PASSING) == {"NS": (N, 2)}
    assert exchanging_nils(P, bids, DEFAULT_RULES) == {}
    both = (Bid(E, 4), Bid(S, 0), Bid(W, 3), Bid(N, 0))
    assert exchanging_nils(P, both, PASSING) == {}
    good = (Exchange(N, S, cards("AD KD")), Exchange(S, N, cards("2C 3C")))
    problems, after = check_exchanges(P, bids, good, DEALT, {}, rules=PASSING)
    assert problems == [] and after[N] & 1 and after[S] & (1 << Card.parse("AD"))
    three = (Exchange(N, S, cards("AD KD QD")), Exchange(S, N, cards("2C 3C")))
    problems, _ = check_exchanges(P, bids, three, DEALT, {}, rules=PASSING)
    assert [p.message for p in problems] == ["3 cards passed, not two different cards"]
    missing, _ = check_exchanges(P, bids, None, DEALT, {}, rules=PASSING)
    assert [p.message for p in missing] == ["N bid Nil but no exchange is recorded, so the play"
                                         " cannot be checked against the deal"]
