"""Scoring functions: hand points, running totals and bag penalties, the game's course.

The worked examples of docs/rules.md are in test_rules_examples.py; house rules in
test_house_rules.py. Figures here are computed by hand from docs/rules.md section 7 'Scoring'.
"""

import pytest

from scorekeeper.rules import (
    Bid,
    HandInput,
    RuleSet,
    SideTotals,
    apply_hand,
    score_game,
    score_hand,
)
from scorekeeper.rules.scoring import (behind_by, blind_nil_allowed, hand_events, initial_totals,
                                        tied_at_target)
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER


def hand(dealer, ns, ew, won_ns, won_ew):
    """A partnership hand: N and E bid and win everything of their side but one trick each
    for S and W (so NS bid ``ns`` and win ``won_ns``)."""
    order = P.turn_order(P.first_to_act(dealer))
    bid_of = {N: ns - 1, E: ew - 1, S: 1, W: 1}
    won = {N: won_ns - 1, E: won_ew - 1, S: 1, W: 1}
    return HandInput(dealer, tuple(Bid(s, bid_of[s]) for s in order), won)


def test_score_hand_parts():
    p = score_hand(P, (Bid(N, 0), Bid(E, 3), Bid(S, 5), Bid(W, 2)), {N: 0, E: 4, S: 6, W: 3})
    ns, ew = p["NS"], p["EW"]
    assert (ns.side, ns.bid, ns.tricks, ns.contract_tricks, ns.made) == ("NS", 5, 6, 6, True)
    assert (ns.contract, ns.bags, ns.nil, ns.blind_nil) == (50, 1, 100, 0)
    assert ns.nil_results == ((N, False, True),)
    assert ns.points_before_penalty == 151
    assert (ew.bid, ew.tricks, ew.contract, ew.bags, ew.nil_results) == (5, 7, 50, 2, ())


def test_exact_contract_has_no_bags():
    p = score_hand(T, (Bid(S, 6), Bid(N, 7)), {S: 6, N: 7})
    assert (p["S"].points_before_penalty, p["N"].points_before_penalty) == (60, 70)
    assert p["S"].bags == p["N"].bags == 0


def test_a_13_bid_made_and_set():
    p = score_hand(T, (Bid(S, 13), Bid(N, 1)), {S: 13, N: 0})
    assert p["S"].points_before_penalty == 130 and p["N"].points_before_penalty == -10
    p = score_hand(T, (Bid(S, 13), Bid(N, 1)), {S: 12, N: 1})
    assert p["S"].points_before_penalty == -130 and p["N"].points_before_penalty == 10


@pytest.mark.parametrize(("carried", "new", "penalties", "left", "penalty"), [
    (0, 9, 0, 9, 0),
    (9, 0, 0, 9, 0),
    (9, 1, 1, 0, -100),
    (5, 5, 1, 0, -100),
    (8, 5, 1, 3, -100),
    (9, 12, 2, 1, -200),
    (0, 13, 1, 3, -100),
    (7, 13, 2, 0, -200),
])
def test_bags_accumulate_and_each_10_cost_100(carried, new, penalties, left, penalty):
    # Two-player: S bids 13 - new and makes it exactly; N bids Nil and wins ``new`` tricks:
    # a failed Nil's tricks are all bags scoring 1 each (docs/rules.md), and the Nil costs 100.
    p = score_hand(T, (Bid(S, 13 - new), Bid(N, 0)), {S: 13 - new, N: new})
    assert p["N"].bags == new
    r = apply_hand(SideTotals(1000, carried), p["N"])
    assert (r.bag_penalties, r.bags, r.bag_penalty) == (penalties, left, penalty)
    nil = 100 if new == 0 else -100
    assert r.points == nil + new + penalty
    assert r.score == 1000 + r.points


def test_set_side_keeps_its_bags():
    p = score_hand(T, (Bid(S, 8), Bid(N, 6)), {S: 7, N: 6})
    r = apply_hand(SideTotals(50, 7), p["S"])
    assert (r.points, r.score, r.bags, r.bag_penalties) == (-80, -30, 7, 0)


def test_score_game_running_totals_dealers_and_events():
    hands = [hand(W, 6, 5, 6, 7), hand(N, 4, 8, 7, 6), hand(E, 4, 9, 3, 10)]
    g = score_game(P, hands)
    # Hand 1: NS 60, EW 52 (2 bags). Hand 2: NS 43 (3 bags), EW set -80. Hand 3: NS set -40,
    # EW 91 (1 bag).
    assert [(h.sides["NS"].score, h.sides["EW"].score) for h in g.hands] == [
        (60, 52), (103, -28), (63, 63)]
    assert [(h.sides["NS"].bags, h.sides["EW"].bags) for h in g.hands] == [(0, 2), (3, 2), (3, 3)]
    assert [h.number for h in g.hands] == [1, 2, 3]
    assert [h.dealer for h in g.hands] == [W, N, E]
    assert g.final == {"NS": SideTotals(63, 3), "EW": SideTotals(63, 3)}
    assert g.winner is None and g.next_dealer == S
    assert g.hands[1].events == ("EW set: -80",)
    assert g.hands[2].events == ("NS set: -40",)


def test_score_game_two_player_dealer_rotation():
    hands = [HandInput(N, (Bid(S, 6), Bid(N, 7)), {S: 6, N: 7}),
             HandInput(S, (Bid(N, 6), Bid(S, 7)), {N: 6, S: 7})]
    g = score_game(T, hands)
    assert g.final == {"N": SideTotals(130), "S": SideTotals(130)}
    assert g.next_dealer == N


def test_initial_totals_carry_in():
    g = score_game(P, [hand(W, 6, 5, 6, 7)], initial={"NS": SideTotals(100, 8),
                                                       "EW": SideTotals(-50, 9)})
    # EW: 52 with 2 bags on 9 carried: 11 bags -> -100, 1 left.
    assert g.final == {"NS": SideTotals(160, 8), "EW": SideTotals(-50 + 52 - 100, 1)}
    assert g.hands[0].events == ("EW reach 10 bags: -100",)


def test_initial_totals_fill_in_the_sides_a_log_leaves_out():
    assert initial_totals({"EW": SideTotals(-50, 9)}, P) == {"NS": SideTotals(0, 0),
                                                           "EW": SideTotals(-50, 9)}
    assert initial_totals(None, T) == {"N": SideTotals(), "S": SideTotals()}


def test_hands_after_the_win_are_still_scored():
    g = score_game(P, [hand(W, 6, 5, 6, 7), hand(N, 6, 5, 6, 7)],
                   initial={"NS": SideTotals(450), "EW": SideTotals(0)})
    assert g.winner == "NS" and g.won_at_hand == 1
    assert g.hands[0].events[-1] == "NS win 510 to 52"
    assert g.final["NS"].score == 570
    assert g.next_dealer is None


def test_tie_at_the_target_event():
    g = score_game(P, [hand(W, 6, 7, 6, 7)], initial={"NS": SideTotals(480),
                                                      "EW": SideTotals(470)})
    assert g.final["NS"].score == g.final["EW"].score == 540
    assert g.hands[0].events == ("tied at the target: another hand is played",)


def test_two_player_winner_event():
    g = score_game(T, [HandInput(N, (Bid(S, 6), Bid(N, 7)), {S: 6, N: 7})],
                   initial={"N": SideTotals(440), "S": SideTotals(0)})
    assert g.winner == "N"
    assert g.hands[0].events[-1] == "N wins 510 to 60"


def test_nil_events():
    p = score_hand(P, (Bid(N, 0), Bid(E, 0, True), Bid(S, 5), Bid(W, 5)), {N: 1, E: 0, S: 6, W: 6})
    results = {side: apply_hand(SideTotals(), x) for side, x in p.items()}
    assert hand_events(P, results) == ["N's Nil fails", "E's Blind Nil is made"]


def test_bag_penalty_event_names_the_house_bag_limit():
    rules = RuleSet(bag_limit=5)
    p = score_hand(T, (Bid(S, 6), Bid(N, 1)), {S: 6, N: 7}, rules)
    results = {side: apply_hand(SideTotals(), x, rules) for side, x in p.items()}
    assert hand_events(T, results, rules) == ["N reaches 5 bags: -100"]


def test_two_bag_penalties_event_reads_well():
    p = score_hand(T, (Bid(S, 12), Bid(N, 1)), {S: 1, N: 12})
    results = {side: apply_hand(SideTotals(0, 9), x) for side, x in p.items()}
    events = hand_events(T, results)
    assert any("N" in e and "-200" in e for e in events)
    assert not any("bag limit bags" in e for e in events)


def test_a_tie_at_or_over_the_target_plays_on():
    rules = RuleSet(target_score=500)
    assert tied_at_target({"NS": 510, "EW": 510}, rules)
    assert not tied_at_target({"NS": 510, "EW": 500}, rules)
    assert not tied_at_target({"NS": 490, "EW": 490}, rules)


def test_blind_nil_needs_the_deficit_the_rules_ask():
    rules = RuleSet(blind_nil_min_deficit=100)
    assert behind_by("EW", {"NS": 300, "EW": 150}) == 150
    assert blind_nil_allowed("EW", {"NS": 300, "EW": 200}, rules)
    assert not blind_nil_allowed("EW", {"NS": 300, "EW": 201}, rules)
    assert not blind_nil_allowed("NS", {"NS": 300, "EW": 200}, rules)
    assert blind_nil_allowed("NS", {"NS": 300, "EW": 200}, RuleSet())
    assert not blind_nil_allowed("EW", {"NS": 300, "EW": 0}, RuleSet(allow_blind_nil=False))


def test_bags_carried_in_by_the_million_cost_their_penalties_at_once():
    # A loop taking off one bag limit at a time would run for days on these.
    g = score_game(P, [hand(W, 6, 5, 6, 7)], initial={"NS": SideTotals(0, 10 ** 14 + 3),
                                                       "EW": SideTotals(0, 9)})
    ns = g.hands[0].sides["NS"]
    assert (ns.bag_penalties, ns.bags) == (10 ** 13, 3 + ns.hand.bags)
    assert ns.bag_penalty == -100 * 10 ** 13
