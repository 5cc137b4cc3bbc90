"""GameSession refuses at entry what the bidding house rules refuse (``rules.bidding.
bid_refusal``, with the scores before the hand), the quick way, card by card and in a
correction; and takes a blind bid of a number ('b6') where the rules have blind bids."""

from __future__ import annotations

import pytest

from scorekeeper.logs.models import GameLog
from scorekeeper.rules.settings import RuleSet
from scorekeeper.rules.seats import Seat
from scorekeeper.session.game_session import (
    BidError, CorrectionError, GameSession, bid_text, bid_typed, new_game_log, parse_bid,
)

FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def session(rules: RuleSet, initial: dict[str, int] | None = None) -> GameSession:
    """A partnership game dealt by W (N bids first), with ``initial`` scores carried in."""
    log = new_game_log("partnership", FOUR, "W", rules=rules)
    if initial:
        data = log.model_dump(mode="json", by_alias=True, exclude_none=True)
        data["initial"] = {side: {"score": n} for side, n in initial.items()}
        log = GameLog.model_validate(data)
    return GameSession(log)


def bid(s: GameSession, text: str):
    return s.bid(*parse_bid(text))


# --- typing a bid --------------------------------------------------------------------------

@pytest.mark.parametrize(("text", "want"), [
    ("b6", (6, True)), ("B6", (6, True)), ("b 6", (6, True)), ("blind 6", (6, True)),
    ("b13", (13, True)), ("b", (0, True)), ("bn", (0, True)), ("b0", (0, True)),
    ("blind", (0, True)),
    ("n", (0, False)), ("6", (6, False)),
])
def test_a_blind_number_is_typed_b_then_the_number(text, want):
    assert parse_bid(text) == want


@pytest.mark.parametrize("text", ["b14", "bb", "6b", "x"])
def test_what_is_not_a_bid_says_how_to_type_one(text):
    with pytest.raises(BidError, match="b6: 6 bid blind"):
        parse_bid(text)


def test_a_blind_number_is_written_and_typed_back():
    assert bid_text(6, True) == "Blind 6" and bid_typed(6, True) == "b6"
    assert (bid_typed(0, True), bid_typed(0, False), bid_typed(4, False)) == ("b", "n", "4")


# --- Nil not allowed ----------------------------------------------------------------------

def test_nil_is_refused_where_the_rules_forbid_it():
    s = session(RuleSet(nil_allowed=False))
    with pytest.raises(BidError, match="N cannot bid Nil: these rules do not allow Nil"):
        bid(s, "n")
    with pytest.raises(BidError, match="N cannot bid Blind Nil: these rules do not allow Nil"):
        bid(s, "b")
    assert not s.can_bid(0) and s.can_bid(3)
    assert s.bid_examples(Seat.N) == "0-13"  # no Nil offered as an example either


# --- a side's minimum ---------------------------------------------------------------------

def test_the_second_bidder_of_a_side_must_reach_its_minimum():
    s = session(RuleSet(min_side_bid=4))
    bid(s, "1")  # N
    bid(s, "3")  # E
    with pytest.raises(BidError, match="S cannot bid 2: NS bid 3, below the minimum of 4"):
        bid(s, "2")
    assert s.turn is Seat.S  # refused: still S to bid
    bid(s, "3")
    with pytest.raises(BidError, match="W cannot bid Nil: EW bid 3 beside a Nil; with one Nil"
                                       " the partner alone bids 4"):
        bid(s, "n")
    bid(s, "1")
    assert len(s.bids) == 4


def test_two_nils_are_exempt_from_the_minimum():
    s = session(RuleSet(min_side_bid=4))
    for text in ("n", "5", "n"):
        bid(s, text)
    assert s.phase == "bidding" and s.turn is Seat.W


# --- blind bids of a number ---------------------------------------------------------------

def test_a_blind_number_needs_blind_bids_in_the_rules():
    s = session(RuleSet())
    with pytest.raises(BidError, match="only a Nil can be bid blind"):
        bid(s, "b6")


def test_a_blind_bid_needs_the_side_to_trail_by_the_margin_before_the_hand():
    rules = RuleSet(blind_bid_min=6, blind_bid_min_deficit=100)
    level = session(rules)
    with pytest.raises(BidError, match=r"N cannot bid Blind 6: a blind bid only for a side"
                                       r" behind by 100 or more \(NS is behind by 0\)"):
        bid(level, "b6")
    s = session(rules, {"NS": 150, "EW": 300})  # docs/rules.md example I
    assert s.blind_bid_allowed(Seat.N) and not s.blind_bid_allowed(Seat.E)
    assert s.bid_examples(Seat.N) == "0-13, n Nil, b Blind Nil, b6: 6+ blind"
    with pytest.raises(BidError, match="a blind bid is 6 or more"):
        bid(s, "b5")
    entered = bid(s, "b6")
    assert (entered.bid, entered.blind) == (6, True)
    with pytest.raises(BidError, match="E cannot bid Blind 7: a blind bid only for a side"
                                       " behind by 100 or more"):
        bid(s, "b7")  # EW lead
    for text in ("3", "2", "3"):
        bid(s, text)
    for n in (5, 2, 4):  # N, E, S: NS take 9 (W's 2 filled in)
        s.enter_tricks(n)
    s.confirm_hand()
    sides = s.report()["hands"][0]["sides"]
    assert sides["NS"]["points"] == 161  # a contract of 8 doubled, and a bag
    assert s.log.hands[0].bids[0].blind is True


def test_refusals_card_by_card_ask_the_game_for_the_margin():
    rules = RuleSet(blind_bid_min=6, blind_bid_min_deficit=100)
    s = session(rules)
    s.card_by_card()
    with pytest.raises(BidError, match="bid by N: a blind bid only for a side behind by 100"):
        s.referee_bid(6, True)
    trailing = session(rules, {"NS": 150, "EW": 300})
    trailing.card_by_card()
    trailing.referee_bid(6, True)
    assert trailing.referee.bids[0].blind
    nil = session(RuleSet(nil_allowed=False))
    nil.card_by_card()
    with pytest.raises(BidError, match="these rules do not allow Nil"):
        nil.referee_bid(0)


# --- corrections ----------------------------------------------------------------------------

def test_a_correction_is_refused_what_the_table_would_refuse():
    s = session(RuleSet(nil_allowed=False, min_side_bid=4))
    for text in ("2", "3", "2", "3"):
        bid(s, text)
    for n in (4, 3, 3):
        s.enter_tricks(n)
    s.confirm_hand()
    with pytest.raises(CorrectionError, match="hand 1: N cannot bid Nil: these rules do not"
                                              " allow Nil"):
        s.verify_correction(1, bids={"N": (0, False)})
    with pytest.raises(CorrectionError, match="hand 1: S cannot bid 1: NS bid 3, below the"
                                              " minimum of 4"):
        s.verify_correction(1, bids={"S": (1, False)})
    s.correct_hand(1, bids={"S": (3, False)})
    assert s.log.hands[0].bids[2].bid == 3


def test_a_correction_takes_a_blind_number_where_the_rules_have_them():
    s = session(RuleSet(blind_bid_min=6), {"NS": 150, "EW": 300})
    for text in ("6", "3", "2", "3"):
        bid(s, text)
    for n in (5, 2, 4):
        s.enter_tricks(n)
    s.confirm_hand()
    done = s.correct_hand(1, bids={"N": (6, True)})
    assert done.what == "N bid Blind 6, was 6"
    assert s.report()["hands"][0]["sides"]["NS"]["points"] == 161
