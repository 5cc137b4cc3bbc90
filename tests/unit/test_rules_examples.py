"""Every worked example of the rules (../shared/RULES.md, re-worked with the same figures in
docs/rules.md), as a test. Expected figures are worked out by hand from the text (the
comments show the arithmetic)."""

import pytest

from scorekeeper.rules.cards import card, cards_in, mask_of
from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.models import GameLog
from scorekeeper.rules import (
    Bid,
    HandInput,
    HandRecord,
    SideTotals,
    apply_hand,
    game_winner,
    replay_hand,
    score_game,
    score_hand,
)
from scorekeeper.rules.trick import legal_plays
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER


def bids(**by_seat):
    """bids(N=4, E="nil", S="blind") in the order given."""
    out = []
    for seat, b in by_seat.items():
        if b == "nil":
            out.append(Bid(Seat[seat], 0))
        elif b == "blind":
            out.append(Bid(Seat[seat], 0, blind=True))
        else:
            out.append(Bid(Seat[seat], b))
    return tuple(out)


def won(**by_seat):
    return {Seat[s]: n for s, n in by_seat.items()}


def hand_points(variant, b, w):
    """Each side's points this hand (no bags carried in, so no penalty)."""
    return {side: apply_hand(SideTotals(), p).points
            for side, p in score_hand(variant, b, w).items()}


# -- 1. Bidding -----------------------------------------------------------------------------
def test_contracts_alex_beth_charlie_david():
    # Alex (N) 4, Beth (E) 3, Charlie (S) 2, David (W) 2: NS must win 6, EW 5.
    points = score_hand(P, bids(N=4, E=3, S=2, W=2), won(N=4, E=4, S=3, W=2))
    assert points["NS"].bid == 6
    assert points["EW"].bid == 5


def test_david_dealt_so_alex_bids_first():
    assert P.first_to_act(W) == N
    rec = HandRecord(P, W, bids(N=4, E=3, S=2, W=2), tricks_won=won(N=4, E=4, S=3, W=2))
    assert replay_hand(rec).findings == []


def test_beth_and_david_bid_5_win_7_score_52():
    # 5 x 10 for the contract + 2 bags.
    points = score_hand(P, bids(N=4, E=3, S=2, W=2), won(N=3, E=4, S=3, W=3))
    ew = points["EW"]
    assert (ew.bid, ew.tricks, ew.made, ew.contract, ew.bags) == (5, 7, True, 50, 2)
    assert ew.points_before_penalty == 52
    assert points["NS"].points_before_penalty == 60  # NS bid 6 and won exactly 6


def test_a_set_loses_10_per_contracted_trick():
    # NS bid 6 and win 5: -60; no bags for a set side.
    points = score_hand(P, bids(N=4, E=3, S=2, W=2), won(N=3, E=5, S=2, W=3))
    assert (points["NS"].made, points["NS"].contract, points["NS"].bags) == (False, -60, 0)
    assert points["NS"].points_before_penalty == -60
    assert points["EW"].points_before_penalty == 53  # bid 5 won 8


def test_megan_bids_8_then_drew_6_two_player():
    # Drew (N) draws first, so Megan (S), the second player, bids first.
    assert T.first_to_act(N) == S
    rec = HandRecord(T, N, bids(S=8, N=6), tricks_won=won(S=8, N=5))
    assert replay_hand(rec).findings == []
    points = score_hand(T, bids(S=8, N=6), won(S=8, N=5))
    assert points["S"].bid == 8 and points["N"].bid == 6


# -- the legal-play example ------------------------------------------------------------------
def test_david_without_a_heart_may_play_anything():
    david = mask_of(card(t) for t in "AS 4S KD 3C".split())
    assert {str(c) for c in cards_in(legal_plays(david, 2, False))} == {"AS", "4S", "KD", "3C"}


# -- sandbagging -----------------------------------------------------------------------------
def sandbag_hands(variant, a, b):
    """Side a bids 4 wins 7, bids 3 wins 6, bids 4 wins 9; side b bids what it wins."""
    def hand(bid_a, won_a):
        if variant is P:
            return HandInput(W, bids(N=bid_a - 1, E=1, S=1, W=13 - won_a - 1),
                             won(N=won_a - 1, E=1, S=1, W=13 - won_a - 1))
        return HandInput(N, bids(S=13 - won_a, N=bid_a), won(S=13 - won_a, N=won_a))
    return [hand(4, 7), hand(3, 6), hand(4, 9)]


@pytest.mark.parametrize(("variant", "side", "other"), [(P, "NS", "EW"), (T, "N", "S")])
def test_sandbagging_3_3_5_is_11_bags_minus_100_carry_1(variant, side, other):
    # Alex and Charlie (or Bonnie in two-player): 43, 33, 45 - 100.
    game = score_game(variant, sandbag_hands(variant, side, other))
    results = [h.sides[side] for h in game.hands]
    assert [r.hand.bags for r in results] == [3, 3, 5]
    assert [r.bags for r in results] == [3, 6, 1]
    assert [r.bag_penalties for r in results] == [0, 0, 1]
    assert [r.points for r in results] == [43, 33, -55]
    assert [r.score for r in results] == [43, 76, 21]
    assert game.final[side] == SideTotals(21, 1)
    assert game.final[other] == SideTotals(60 + 70 + 40, 0)


def test_nine_more_bags_bring_the_next_penalty():
    one = score_hand(P, bids(N=1, E=1, S=1, W=2), won(N=9, E=1, S=1, W=2))["NS"]  # 8 bags
    nine = score_hand(P, bids(N=1, E=1, S=1, W=1), won(N=10, E=1, S=1, W=1))["NS"]  # 9 bags
    r8 = apply_hand(SideTotals(21, 1), one)
    assert (r8.bag_penalties, r8.bags, r8.score) == (0, 9, 21 + 28)
    r9 = apply_hand(SideTotals(21, 1), nine)
    assert (r9.bag_penalties, r9.bags, r9.score) == (1, 0, 21 + 29 - 100)


def test_karen_bids_7_wins_8_scores_71():
    points = hand_points(T, bids(S=5, N=7), won(S=5, N=8))
    assert points == {"N": 71, "S": 50}


# -- Nil ---------------------------------------------------------------------------------------
def test_kathy_nil_made_plus_100_two_player():
    # Kathy (N) Nil, Steve (S) 9: Kathy wins none, Steve 13 (90 + 4 bags).
    assert hand_points(T, bids(S=9, N="nil"), won(S=13, N=0)) == {"N": 100, "S": 94}


def test_kathy_nil_failed_minus_100_two_player():
    # Kathy wins one trick: -100, and that trick is a bag scoring 1.
    points = score_hand(T, bids(S=9, N="nil"), won(S=12, N=1))
    assert points["N"].nil == -100 and points["N"].bags == 1
    assert hand_points(T, bids(S=9, N="nil"), won(S=12, N=1)) == {"N": -99, "S": 93}


def test_partnership_nil_made():
    # N Nil (0 tricks), S bids 4 wins 5: 100 + 40 + 1. EW bid 8 win 8: 80.
    assert hand_points(P, bids(N="nil", E=4, S=4, W=4), won(N=0, E=4, S=5, W=4)) == {
        "NS": 141, "EW": 80}


def test_failed_nil_tricks_are_bags_scoring_1_and_never_count_for_the_partner():
    # N Nil wins 3, S bids 4 wins 2: NS won 5 tricks, but only S's 2 count toward the 4:
    # set -40, N's 3 tricks are 3 bags (+3), Nil failed -100.
    p = score_hand(P, bids(N="nil", E=3, S=4, W=3), won(N=3, E=4, S=2, W=4))["NS"]
    assert (p.contract_tricks, p.made, p.contract, p.bags, p.nil) == (2, False, -40, 3, -100)
    assert p.points_before_penalty == -137


def test_failed_nil_with_partner_making_his_bid():
    # N Nil wins 2, S bids 4 wins 4: 40 + 2 bags - 100 = -58.
    assert hand_points(P, bids(N="nil", E=3, S=4, W=4), won(N=2, E=3, S=4, W=4))["NS"] == -58


@pytest.mark.parametrize(("n", "s", "nil_part", "total"), [
    (0, 0, 200, 200),     # both succeed
    (1, 2, -200, -197),   # both fail: -200, and their 3 tricks are 3 bags
    (0, 2, 0, 2),         # one of each: 0, and the failed Nil's 2 tricks are bags
])
def test_both_partners_nil(n, s, nil_part, total):
    b = bids(N="nil", E=6, S="nil", W=6)
    w = won(N=n, E=7, S=s, W=6 - n - s)
    p = score_hand(P, b, w)["NS"]
    assert p.nil == nil_part and p.bid == 0
    assert p.points_before_penalty == total


@pytest.mark.parametrize(("n_won", "blind_part", "total"), [
    (0, 200, 240),    # made: +200, S's 4 for 4
    (1, -200, -159),  # failed: -200 + 40 + 1 bag
])
def test_blind_nil(n_won, blind_part, total):
    p = score_hand(P, bids(N="blind", E=4, S=4, W=4), won(N=n_won, E=5, S=4, W=4 - n_won))["NS"]
    assert p.blind_nil == blind_part and p.nil == 0
    assert p.points_before_penalty == total


@pytest.mark.parametrize(("n", "s", "blind_part", "total"), [
    (0, 0, 400, 400),
    (1, 1, -400, -398),
    (0, 1, 0, 1),
])
def test_both_partners_blind_nil(n, s, blind_part, total):
    p = score_hand(P, bids(N="blind", E=6, S="blind", W=5), won(N=n, E=7, S=s, W=6 - n - s))["NS"]
    assert p.blind_nil == blind_part
    assert p.points_before_penalty == total


def test_two_player_blind_nil():
    assert hand_points(T, bids(S="blind", N=6), won(S=0, N=13)) == {"S": 200, "N": 67}
    assert hand_points(T, bids(S="blind", N=6), won(S=2, N=11)) == {"S": -198, "N": 65}


def test_several_bag_penalties_in_one_hand():
    # NS carry 9 bags. N Nil fails with 4 tricks, S bids 1 wins 9: 10 for the contract,
    # 8 overtricks + 4 failed-Nil bags = 12 bags, Nil -100: -78 before penalties.
    # 9 + 12 = 21 bags: two penalties (-200), 1 carried. EW bid 4, win 0: -40.
    p = score_hand(P, bids(N="nil", E=2, S=1, W=2), won(N=4, E=0, S=9, W=0))
    r = apply_hand(SideTotals(200, 9), p["NS"])
    assert p["NS"].bags == 12 and p["NS"].points_before_penalty == -78
    assert (r.bag_penalties, r.bag_penalty, r.points, r.score, r.bags) == (2, -200, -278, -78, 1)
    assert apply_hand(SideTotals(), p["EW"]).points == -40


# -- winning ---------------------------------------------------------------------------------
def one_hand(initial, ns_bid, ns_won, ew_bid, ew_won):
    h = HandInput(W, bids(N=ns_bid - 1, E=ew_bid - 1, S=1, W=1),
                  won(N=ns_won - 1, E=ew_won - 1, S=1, W=1))
    return score_game(P, [h], initial={"NS": SideTotals(initial[0]), "EW": SideTotals(initial[1])})


def test_first_to_500_wins():
    g = one_hand((480, 300), 4, 4, 9, 9)          # NS 520, EW 390
    assert (g.final["NS"].score, g.winner, g.won_at_hand) == (520, "NS", 1)
    assert g.next_dealer is None


def test_exactly_500_is_reaching_it():
    g = one_hand((460, 300), 4, 4, 9, 9)
    assert (g.final["NS"].score, g.winner) == (500, "NS")


def test_one_side_over_500_wins_even_if_the_other_came_closer():
    g = one_hand((495, 450), 3, 3, 4, 10)         # NS 525, EW 450 + 46 = 496
    assert (g.final["NS"].score, g.final["EW"].score, g.winner) == (525, 496, "NS")


def test_both_over_500_the_higher_wins():
    g = one_hand((480, 490), 6, 6, 7, 7)          # NS 540, EW 560
    assert (g.final["NS"].score, g.final["EW"].score, g.winner) == (540, 560, "EW")


def test_a_tie_over_500_plays_on():
    g = one_hand((480, 470), 6, 6, 7, 7)          # 540 each
    assert (g.final["NS"].score, g.final["EW"].score) == (540, 540)
    assert g.winner is None and g.won_at_hand is None
    assert g.next_dealer == N                      # the deal passes on from W
    assert game_winner({"NS": 540, "EW": 540}) is None
    assert game_winner({"NS": 541, "EW": 540}) == "NS"


def test_under_500_nobody_wins():
    g = one_hand((0, 0), 6, 6, 7, 7)
    assert g.winner is None and g.next_dealer == N


def test_two_player_winning():
    assert game_winner({"N": 510, "S": 300}) == "N"
    assert game_winner({"N": 510, "S": 520}) == "S"
    assert game_winner({"N": 520, "S": 520}) is None


def test_a_hand_after_the_game_was_won_is_an_error():
    hand = {"dealer": "W", "bids": [{"seat": s, "bid": 3} for s in "NESW"],
            "tricks_won": {"N": 4, "E": 3, "S": 3, "W": 3}}
    second = dict(hand, dealer="N", bids=[{"seat": s, "bid": 3} for s in "ESWN"])
    log = GameLog.model_validate({
        "format": "spades-game", "format_version": "1.0", "variant": "partnership",
        "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"},
        "initial": {"NS": {"score": 450, "bags": 0}, "EW": {"score": 0, "bags": 0}},
        "hands": [hand, second]})
    a = analyse_game(log)
    assert a.score.won_at_hand == 1 and a.score.winner == "NS"
    assert [(f.hand, f.finding.code, f.finding.message) for f in a.findings] == [
        (2, "hand_after_game_won", "recorded after NS won the game at hand 1")]
    assert a.invalid and a.invalid[0].finding.code == "hand_after_game_won"
