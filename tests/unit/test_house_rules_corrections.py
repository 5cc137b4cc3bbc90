"""A correction's bids are refused as the table refuses them: whether a number may be bid
blind is asked of the bidding rules (``rules.bidding.bid_refusal``), in its words, as the
session asks when the bid is first entered."""

from __future__ import annotations

import pytest

from scorekeeper.rules.bidding import bid_refusal
from scorekeeper.rules.scoring import Bid
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.settings import RuleSet
from scorekeeper.session.game_session import (
    CorrectionError, GameSession, new_game_log, parse_bid,
)

FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def one_hand(rules: RuleSet) -> GameSession:
    s = GameSession(new_game_log("partnership", FOUR, "W", rules=rules, game_id="g"),
                    clock=lambda: "2026-12-01T21:00:00+00:00")
    for b in (3, 3, 3, 3):
        s.bid(*parse_bid(str(b)))
    for t in (3, 3, 3):
        s.enter_tricks(t)
    s.confirm_hand()
    return s


@pytest.mark.parametrize("rules, bid", [(RuleSet(), 5), (RuleSet(blind_bid_min=6), 5)])
def test_a_blind_number_the_rules_refuse_is_refused_in_their_words(rules, bid):
    s = one_hand(rules)
    made = [Bid(Seat.E, 3), Bid(Seat.S, 3), Bid(Seat.W, 3)]
    why = bid_refusal(Variant.PARTNERSHIP, made, Bid(Seat.N, bid, True), rules,
                      {"NS": 0, "EW": 0})
    assert why is not None
    with pytest.raises(CorrectionError) as refused:
        s.correct_hand(1, bids={"N": (bid, True)})
    assert str(refused.value).startswith("hand 1: N cannot bid") and str(refused.value).endswith(
        why)
    assert not s.log.history


def test_a_bid_out_of_range_is_still_no_bid():
    s = one_hand(RuleSet())
    with pytest.raises(CorrectionError, match=r"hand 1: N's bid 14 is not a bid \(0 to 13\)$"):
        s.correct_hand(1, bids={"N": (14, False)})
