"""The scoring house rules of issue 13, each on the hand-worked example of docs/rules.md
(section 10, "The scoring settings, worked").

Bids and tricks are written per seat: N, E, S, W."""

from __future__ import annotations

import pytest

from scorekeeper.rules.penalties import Revoke, corrected_input, penalise_hand
from scorekeeper.rules.scoring import Bid, HandInput, SideTotals, score_game
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.settings import DEFAULT_RULES, RuleSet, contradictions

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P = Variant.PARTNERSHIP


def hand(bids, won, dealer=W, **extra) -> HandInput:
    return HandInput(dealer, tuple(Bid(s, *((b, False) if isinstance(b, int) else b))
                                   for s, b in zip((N, E, S, W), bids)),
                     dict(zip((N, E, S, W), won)), **extra)


def side(game, i, name):
    r = game.hands[i].sides[name]
    return r.points, r.score, r.bags


# Example A: NS carry 9 bags, bid 5 (N 3, S 2) and take 8; EW bid 5 (E 3, W 2), take 5.
CARRY = {"NS": SideTotals(0, 9), "EW": SideTotals(0, 0)}
A = hand([3, 3, 2, 2], [4, 3, 4, 2])


@pytest.mark.parametrize("bags,ns", [
    ("penalty", (50 + 3 - 100, -47, 2)),   # 12 bags: -100, 2 carried
    ("points_only", (53, 53, 12)),          # 1 a bag, never penalised
    ("off", (50, 50, 9)),                   # overtricks nothing, not counted
])
def test_example_a_the_bags_rule(bags, ns):
    game = score_game(P, [A], DEFAULT_RULES.with_changes(bags=bags), CARRY)
    assert side(game, 0, "NS") == ns
    assert side(game, 0, "EW") == (50, 50, 0)


# Example B: big contracts of 10 or more score 200. NS bid 10 (N 6, S 4).
BIG = DEFAULT_RULES.with_changes(big_contract_min=10)


def test_example_b_a_big_contract_made_and_set():
    made = score_game(P, [hand([6, 1, 4, 1], [6, 1, 5, 1])], BIG)
    assert side(made, 0, "NS")[0] == 200 + 1  # 11 of 10: 200 and a bag
    assert side(made, 0, "EW")[0] == 20         # E 1 + W 1 bid, 2 taken
    set_ = score_game(P, [hand([6, 1, 4, 1], [5, 2, 4, 2])], BIG)
    assert side(set_, 0, "NS")[0] == -200      # 9 of 10
    assert side(set_, 0, "EW")[0] == 20 + 2


def test_example_b_all_thirteen_wins_at_once():
    rules = DEFAULT_RULES.with_changes(all_thirteen_wins=True)
    game = score_game(P, [hand([7, 0, 6, 0], [7, 0, 6, 0])], rules)
    assert (game.winner, game.won_at_hand) == ("NS", 1)
    assert game.final["NS"].score == 130 and "NS bid and took all 13" in game.hands[0].events[-2]


# Example C: N and S both bid Nil; E 6, W 5. S takes one trick.
def test_example_c_both_nils_as_one():
    h = hand([0, 6, 0, 5], [0, 7, 1, 5])
    apart = score_game(P, [h])
    assert side(apart, 0, "NS") == (100 - 100 + 1, 1, 1)  # N made, S failed, S's trick a bag
    one = score_game(P, [h], DEFAULT_RULES.with_changes(both_nil_as_one=True))
    assert side(one, 0, "NS") == (-200, -200, 0)           # either took a trick: both lost
    clean = score_game(P, [hand([0, 6, 0, 5], [0, 8, 0, 5])],
                       DEFAULT_RULES.with_changes(both_nil_as_one=True))
    assert side(clean, 0, "NS") == (200, 200, 0)
    assert side(one, 0, "EW") == (110 + 1, 111, 1)


# Example D: NS set three hands in a row lose, with the set limit at 3.
def test_example_d_set_limits():
    set_ns = hand([4, 3, 4, 3], [3, 4, 3, 3])  # NS 6 of 8: set; EW 7 of 6
    rules = DEFAULT_RULES.with_changes(set_limit_in_row=3)
    game = score_game(P, [set_ns, set_ns, set_ns], rules)
    assert (game.winner, game.won_at_hand) == ("EW", 3)
    made = hand([3, 3, 3, 3], [4, 3, 3, 3])
    apart = score_game(P, [set_ns, set_ns, made, set_ns], rules)
    assert apart.winner is None  # the run was broken
    game_limit = score_game(P, [set_ns, set_ns, made, set_ns],
                            DEFAULT_RULES.with_changes(set_limit_in_game=3))
    assert (game_limit.winner, game_limit.won_at_hand) == ("EW", 4)


# Example E: a game of 2 hands; a tie plays on.
def test_example_e_hand_limit():
    rules = DEFAULT_RULES.with_changes(hand_limit=2)
    even = hand([3, 3, 3, 3], [3, 4, 3, 3])      # NS 6 of 6: 60; EW 7 of 6: 61
    game = score_game(P, [even, even], rules)
    assert (game.winner, game.won_at_hand) == ("EW", 2)
    level = hand([3, 3, 3, 3], [4, 3, 3, 3])     # NS 61, EW 60: level after two hands
    tied = score_game(P, [even, level], rules)
    assert tied.winner is None and "another hand" in tied.hands[1].events[-1]
    after = score_game(P, [even, level, even], rules)
    assert (after.winner, after.won_at_hand) == ("EW", 3)


# Example F (the renege of docs/rules.md 5.2): bids N 4, E 3, S 3, W 3; W revokes at trick 5;
# played N 4, E 4, S 3, W 2.
WINNERS = [N, N, E, S, W, E, W, N, E, S, S, N, E]
BIDS = (Bid(N, 4), Bid(E, 3), Bid(S, 3), Bid(W, 3))
PLAYED = {N: 4, E: 4, S: 3, W: 2}


def revoke_hand(rules: RuleSet) -> HandInput:
    p = penalise_hand(P, BIDS, WINNERS, PLAYED, [Revoke(5, W, 1)], rules)
    return HandInput(W, BIDS, p.tricks_won, p.set_sides, p.credited_sides, p.revoking_sides)


def test_example_f_set_and_credit():
    rules = DEFAULT_RULES.with_changes(revoke_penalty="set_and_credit")
    game = score_game(P, [revoke_hand(rules)], rules)
    assert side(game, 0, "EW")[0] == -60         # set: bid 6
    assert side(game, 0, "NS") == (70, 70, 0)    # credited its 7 exactly, no bags


def test_example_f_a_second_revoke_forfeits():
    rules = DEFAULT_RULES.with_changes(second_revoke_forfeits=True)
    h = revoke_hand(rules)
    assert h.revoking_sides == ("EW",)
    once = score_game(P, [h], rules)
    assert once.winner is None
    twice = score_game(P, [h, h._replace(dealer=N)], rules)
    assert (twice.winner, twice.won_at_hand) == ("NS", 2)
    assert "EW's second revoke forfeits the game" in twice.hands[1].events


def test_contradicting_settings_are_named_both():
    rules = DEFAULT_RULES.with_changes(mercy_score=500)
    assert contradictions(rules) == ["mercy_score 500 is not below target_score 500: a side"
                                     " would both win and lose"]
    assert contradictions(DEFAULT_RULES) == []


# -- the bidding settings (rules.bidding): examples G, H, I ----------------------------------
from scorekeeper.rules.bidding import bid_breaches, bid_refusal  # noqa: E402

MIN_4 = DEFAULT_RULES.with_changes(min_side_bid=4)
EVEN = {"NS": 0, "EW": 0}


def test_example_g_a_sides_minimum_at_the_table_and_in_a_log():
    n1 = Bid(N, 1)
    assert bid_refusal(P, [n1, Bid(E, 3)], Bid(S, 2), MIN_4, EVEN) == (
        "NS bid 3, below the minimum of 4 a side")
    assert bid_refusal(P, [n1, Bid(E, 3)], Bid(S, 3), MIN_4, EVEN) is None
    assert bid_refusal(P, [Bid(N, 0)], Bid(S, 3), MIN_4, EVEN) == (
        "NS bid 3 beside a Nil; with one Nil the partner alone bids 4")
    assert bid_refusal(P, [Bid(N, 0)], Bid(S, 0), MIN_4, EVEN) is None  # two Nils: exempt
    [f] = bid_breaches(P, (n1, Bid(E, 3), Bid(S, 2), Bid(W, 3)), MIN_4)
    assert (f.code, f.evidence) == ("bid_below_minimum", {"side": "NS", "min_side_bid": 4})
    game = score_game(P, [hand([1, 3, 2, 3], [2, 4, 2, 5])], MIN_4)
    assert side(game, 0, "NS")[0] == 31  # scored as bid: 3, took 4


def test_example_h_no_nil():
    rules = DEFAULT_RULES.with_changes(nil_allowed=False)
    assert bid_refusal(P, [], Bid(N, 0, True), rules, EVEN) == "these rules do not allow Nil"
    assert [f.code for f in bid_breaches(P, (Bid(N, 0), Bid(E, 3), Bid(S, 4), Bid(W, 3)),
                                         rules)] == ["nil_not_allowed"]


def test_example_i_blind_bids_score_double():
    rules = DEFAULT_RULES.with_changes(blind_bid_min=6)
    blind6 = (6, True)
    made = score_game(P, [hand([blind6, 3, 2, 3], [7, 3, 2, 1])], rules,
                      {"NS": SideTotals(150, 0), "EW": SideTotals(300, 0)})
    assert side(made, 0, "NS")[0] == 161           # 8 bid, 9 taken: 2 x 80 and a bag
    set_ = score_game(P, [hand([blind6, 3, 2, 3], [5, 4, 2, 2])], rules,
                      {"NS": SideTotals(150, 0), "EW": SideTotals(300, 0)})
    assert side(set_, 0, "NS")[0] == -160
    trailing = {"NS": 150, "EW": 300}
    assert bid_refusal(P, [], Bid(N, 6, True), rules, trailing) is None
    assert bid_refusal(P, [], Bid(N, 6, True), rules, {"NS": 300, "EW": 150}) == (
        "a blind bid only for a side behind by 100 or more (NS is behind by -150)")
    assert bid_refusal(P, [], Bid(N, 5, True), rules, trailing) == "a blind bid is 6 or more"
    plain = score_game(P, [hand([blind6, 3, 2, 3], [7, 3, 2, 1])])  # no blind bids: as bid
    assert side(plain, 0, "NS")[0] == 81


# -- review findings, kept ---------------------------------------------------------------------
def test_a_blind_bid_made_while_leading_is_scored_as_a_plain_bid():
    rules = DEFAULT_RULES.with_changes(blind_bid_min=6)
    game = score_game(P, [hand([(6, True), 3, 2, 3], [7, 3, 2, 1])], rules)  # 0-0: not behind
    assert side(game, 0, "NS")[0] == 81


def test_two_revokes_of_a_side_in_one_hand_count_twice_under_every_penalty():
    for penalty in ("tricks", "set", "set_and_credit"):
        rules = DEFAULT_RULES.with_changes(revoke_penalty=penalty)
        p = penalise_hand(P, BIDS, WINNERS, PLAYED, [Revoke(2, W, 2), Revoke(5, W, 1)], rules)
        assert p.revoking_sides == ("EW", "EW"), penalty
        again = penalise_hand(P, BIDS, WINNERS, PLAYED, [Revoke(2, W, 2), Revoke(5, W, 2)],
                              rules)
        assert again.revoking_sides == ("EW",), penalty  # the same suit again: covered


def test_both_sides_at_a_set_limit_level_play_on():
    both_set = hand([4, 4, 4, 4], [3, 3, 4, 3])  # NS 7 of 8, EW 6 of 8: both set, -80 each
    game = score_game(P, [both_set], DEFAULT_RULES.with_changes(set_limit_in_row=1))
    assert game.winner is None
    assert game.hands[0].events[-1] == "every side lost, level on points: another hand is played"
    assert "NS set 1 hand in a row: the game is lost" in game.hands[0].events


def test_the_bulk_audit_leaves_a_game_with_bidding_rules_to_the_full_audit(tmp_path):
    import json as _json
    from pathlib import Path

    from scorekeeper.audit.batch import audit_json

    data = _json.loads((Path(__file__).parents[2] / "examples" / "partnership-card-by-card.json"
                        ).read_text())
    data["rules"] = {"nil_allowed": False, "allow_blind_nil": False}
    path = tmp_path / "nonil.json"
    path.write_text(_json.dumps(data))
    doc = _json.loads(audit_json([str(path)], workers=1).text)
    assert {f["code"] for f in doc["findings"]} >= {"nil_not_allowed"}
