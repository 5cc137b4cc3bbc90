"""House rules (docs/rules.md 10): each setting changes exactly what it says, with worked numbers."""

import re

import pytest

from scorekeeper.analysis.game import analyse_game, ruleset_of
from scorekeeper.logs.models import GameLog
from scorekeeper.rules import (
    DEFAULT_RULES,
    PRESETS,
    Bid,
    HandInput,
    RuleSet,
    SideTotals,
    apply_hand,
    game_winner,
    preset,
    score_game,
    score_hand,
)
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER


def ns_points(bids, won, rules, carried_bags=0):
    """NS's result for one partnership hand under ``rules``."""
    p = score_hand(P, bids, won, rules)
    return apply_hand(SideTotals(0, carried_bags), p["NS"], rules)


# -- target score ----------------------------------------------------------------------------
@pytest.mark.parametrize("target", [250, 300, 500, 1000])
def test_target_score(target):
    rules = RuleSet(target_score=target)
    hand = HandInput(W, (Bid(N, 3), Bid(E, 3), Bid(S, 1), Bid(W, 6)), {N: 3, E: 3, S: 1, W: 6})
    # NS make 4 exactly: +40.
    reach = score_game(P, [hand], rules, {"NS": SideTotals(target - 40), "EW": SideTotals(0)})
    assert (reach.final["NS"].score, reach.winner) == (target, "NS")
    short = score_game(P, [hand], rules, {"NS": SideTotals(target - 41), "EW": SideTotals(0)})
    assert (short.final["NS"].score, short.winner) == (target - 1, None)


def test_500_does_not_win_a_game_to_1000():
    assert game_winner({"NS": 990, "EW": 500}, RuleSet(target_score=1000)) is None
    assert game_winner({"NS": 500, "EW": 0}, RuleSet(target_score=300)) == "NS"


# -- bags --------------------------------------------------------------------------------------
@pytest.mark.parametrize(("limit", "penalty", "carried", "bid", "won", "penalties", "left",
                          "points"), [
    (5, 100, 3, 4, 7, 1, 1, 43 - 100),       # 3 + 3 = 6 bags: one penalty at 5, 1 left
    (5, 100, 4, 1, 13, 3, 1, 22 - 300),      # 4 + 12 = 16: three penalties, 1 left
    (5, 100, 0, 4, 8, 0, 4, 44),             # 4 bags: under the limit
    (10, 110, 7, 4, 7, 1, 0, 43 - 110),      # -110 per 10 bags
    (10, 110, 9, 1, 13, 2, 1, 22 - 220),     # 9 + 12 = 21: twice
    (10, 0, 9, 1, 13, 2, 1, 22),             # a penalty of 0 still takes the bags off
])
def test_bag_limit_and_penalty(limit, penalty, carried, bid, won, penalties, left, points):
    rules = RuleSet(bag_limit=limit, bag_penalty=penalty)
    p = score_hand(T, (Bid(S, max(1, 13 - won)), Bid(N, bid)), {S: 13 - won, N: won}, rules)
    r = apply_hand(SideTotals(0, carried), p["N"], rules)
    assert r.hand.bags == won - bid
    assert (r.bag_penalties, r.bags, r.points) == (penalties, left, points)


# -- Nil values --------------------------------------------------------------------------------
@pytest.mark.parametrize(("n_won", "expected"), [(0, 50 + 40), (1, -50 + 40 + 1)])
def test_nil_worth_50(n_won, expected):
    rules = RuleSet(nil_bonus=50)
    r = ns_points((Bid(N, 0), Bid(E, 4), Bid(S, 4), Bid(W, 4)),
                  {N: n_won, E: 5 - n_won, S: 4, W: 4}, rules)
    assert r.points == expected


@pytest.mark.parametrize(("n_won", "expected"), [(0, 100 + 40), (2, -100 + 40 + 2)])
def test_blind_nil_worth_100(n_won, expected):
    rules = RuleSet(blind_nil_bonus=100)
    r = ns_points((Bid(N, 0, True), Bid(E, 4), Bid(S, 4), Bid(W, 4)),
                  {N: n_won, E: 5 - n_won, S: 4, W: 4}, rules)
    assert r.points == expected


def test_both_blind_nil_worth_100_each():
    rules = RuleSet(blind_nil_bonus=100)
    r = ns_points((Bid(N, 0, True), Bid(E, 6), Bid(S, 0, True), Bid(W, 7)),
                  {N: 0, E: 6, S: 0, W: 7}, rules)
    assert r.points == 200


def test_nil_50_preset():
    assert preset("nil-50") == RuleSet(nil_bonus=50, blind_nil_bonus=100)


# -- a failed Nil's tricks ---------------------------------------------------------------------
@pytest.mark.parametrize(("mode", "s_won", "points", "bags"), [
    # N Nil wins 2, S bids 4 wins 3 (NS 5 tricks).
    ("bags", 3, -40 + 2 - 100, 2),          # set on S's 3; N's 2 are bags
    ("help_partner", 3, 40 + 1 - 100, 1),   # 5 count toward 4: made, 1 bag
    ("ignored", 3, -40 - 100, 0),           # set; N's tricks are nothing
    # N Nil wins 2, S bids 4 wins 6 (NS 8 tricks).
    ("bags", 6, 40 + 2 + 2 - 100, 4),
    ("help_partner", 6, 40 + 4 - 100, 4),
    ("ignored", 6, 40 + 2 - 100, 2),
    # N Nil wins 0: the setting makes no difference.
    ("bags", 5, 100 + 40 + 1, 1),
    ("help_partner", 5, 100 + 40 + 1, 1),
    ("ignored", 5, 100 + 40 + 1, 1),
])
def test_failed_nil_tricks(mode, s_won, points, bags):
    rules = RuleSet(failed_nil_tricks=mode)
    n_won = 0 if (s_won == 5) else 2
    ew = 13 - n_won - s_won
    r = ns_points((Bid(N, 0), Bid(E, 3), Bid(S, 4), Bid(W, 3)),
                  {N: n_won, E: ew // 2, S: s_won, W: ew - ew // 2}, rules)
    assert (r.points, r.bags) == (points, bags)


def test_failed_nil_tricks_must_be_a_known_mode():
    with pytest.raises(ValueError, match="failed_nil_tricks must be one of bags, help_partner,"
                                         " ignored, not 'partner'"):
        RuleSet(failed_nil_tricks="partner")


# -- Blind Nil permission ------------------------------------------------------------------------
def log(rules, hands, initial=None):
    data = {"format": "spades-game", "format_version": "1.0", "variant": "partnership",
            "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"},
            "rules": rules, "hands": hands}
    if initial:
        data["initial"] = initial
    return GameLog.model_validate(data)


def blind_hand(blind_seat, dealer="W"):
    order = P.turn_order(P.first_to_act(Seat[dealer]))
    bids = [{"seat": s.name, "bid": 0, "blind": True} if s.name == blind_seat
            else {"seat": s.name, "bid": 3} for s in order]
    won = {"N": 3, "E": 4, "S": 3, "W": 3}
    won[blind_seat], won["S" if blind_seat != "S" else "N"] = 0, won[blind_seat] + 3
    return {"dealer": dealer, "bids": bids, "tricks_won": won}


@pytest.mark.parametrize(("allow", "codes"), [(True, []), (False, ["blind_nil_not_allowed"])])
def test_allow_blind_nil(allow, codes):
    a = analyse_game(log({"allow_blind_nil": allow}, [blind_hand("N")]))
    assert [f.finding.code for f in a.findings] == codes
    if not allow:
        # N's Blind Nil in hand 1 (the wording: test_replay.py::test_blind_nil_not_allowed).
        f = a.findings[0]
        assert (f.hand, f.finding.seat) == (1, N)
        assert f.finding.evidence == {"allow_blind_nil": False}


@pytest.mark.parametrize(("ns", "ew", "blind_seat", "codes"), [
    (0, 100, "N", []),                          # NS trail by 100: allowed
    (1, 100, "N", ["blind_nil_not_allowed"]),   # by 99: not allowed
    (0, 100, "E", ["blind_nil_not_allowed"]),   # EW lead: not allowed
    (0, 0, "N", ["blind_nil_not_allowed"]),     # level: not allowed
])
def test_blind_nil_min_deficit(ns, ew, blind_seat, codes):
    initial = {"NS": {"score": ns, "bags": 0}, "EW": {"score": ew, "bags": 0}}
    a = analyse_game(log({"blind_nil_min_deficit": 100}, [blind_hand(blind_seat)], initial))
    assert [f.finding.code for f in a.findings] == codes
    if codes:
        f = a.findings[0].finding
        assert f.seat == Seat[blind_seat]
        assert f.evidence == {"behind_by": {"NS": ew - ns, "EW": ns - ew}[P.side_of(f.seat)],
                              "blind_nil_min_deficit": 100}
    if codes and (ns, ew) == (1, 100):
        # The wording of this finding (a deficit too small for Blind Nil).
        assert a.findings[0].finding.message == ("N bid Blind Nil with NS behind by 99; the"
                                                 " rules allow it only 100 or more behind")


def test_blind_nil_min_deficit_uses_the_score_before_the_hand():
    # Hand 1: NS (N 3 + S 3 = 6, win 6) 60; EW bid 6 win 7: 61. Hand 2: N's Blind Nil with NS
    # behind by 1 only.
    first = {"dealer": "W", "bids": [{"seat": s, "bid": 3} for s in "NESW"],
             "tricks_won": {"N": 3, "E": 4, "S": 3, "W": 3}}
    a = analyse_game(log({"blind_nil_min_deficit": 1}, [first, blind_hand("N", dealer="N")]))
    assert [(f.hand, f.finding.code) for f in a.findings] == []
    a = analyse_game(log({"blind_nil_min_deficit": 2}, [first, blind_hand("N", dealer="N")]))
    assert [(f.hand, f.finding.code) for f in a.findings] == [(2, "blind_nil_not_allowed")]


# -- mercy rule ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("scores", "winner"), [
    ({"NS": -200, "EW": 50}, "EW"),     # at the mercy score: loses
    ({"NS": -199, "EW": 50}, None),
    ({"NS": -250, "EW": -210}, "EW"),   # both at or below: the higher wins
    ({"NS": -250, "EW": -250}, None),   # tied: play on
    ({"NS": -300, "EW": 500}, "EW"),
])
def test_mercy_score(scores, winner):
    assert game_winner(scores, RuleSet(mercy_score=-200)) == winner
    assert game_winner(scores, DEFAULT_RULES) == ("EW" if scores["EW"] >= 500 else None)


def test_mercy_score_ends_a_two_player_game():
    rules = RuleSet(mercy_score=-100)
    hand = HandInput(N, (Bid(S, 10), Bid(N, 3)), {S: 9, N: 4})  # S set: -100
    g = score_game(T, [hand], rules)
    assert g.final["S"].score == -100 and g.winner == "N" and g.won_at_hand == 1


# -- the rule set as data ----------------------------------------------------------------------
def test_a_logs_rules_are_read_over_the_defaults():
    game = log({"target_score": 300, "failed_nil_tricks": "ignored"}, [blind_hand("N")])
    rules = ruleset_of(game)
    assert rules == RuleSet(target_score=300, failed_nil_tricks="ignored")
    assert rules.changes() == {"target_score": 300, "failed_nil_tricks": "ignored"}
    assert DEFAULT_RULES.changes() == {}


def test_presets():
    assert preset("standard") == DEFAULT_RULES
    assert preset("short-300").target_score == 300
    assert preset("long-1000").target_score == 1000
    assert preset("nil-helps-partner").failed_nil_tricks == "help_partner"
    assert preset("no-blind-nil").allow_blind_nil is False
    assert preset("mercy-minus-200").mercy_score == -200
    assert set(PRESETS) >= {"standard", "short-300", "long-1000", "nil-50"}
    with pytest.raises(ValueError, match="no house-rule preset 'fast'"):
        preset("fast")


@pytest.mark.parametrize(("change", "message"), [
    ({"bag_limit": 0}, "bag_limit must be 1 to 1,000,000,000, not 0"),
    ({"target_score": 0}, "target_score must be 1 to 1,000,000,000, not 0"),
    ({"revoke_penalty": "fine"}, "revoke_penalty must be one of tricks, set, set_and_credit, not 'fine'"),
    ({"bag_penalty": -1}, "bag_penalty must be 0 to 1,000,000,000, not -1"),
    ({"revoke_penalty_tricks": 14}, "revoke_penalty_tricks must be 0 to 13, not 14"),
    ({"target_score": "300"}, "target_score must be a whole number, not '300'"),
    ({"target_score": None}, "target_score must be a whole number, not None"),
    ({"mercy_score": 2.5}, "mercy_score must be a whole number or None, not 2.5"),
    ({"allow_blind_nil": 1}, "allow_blind_nil must be True or False, not 1"),
])
def test_rule_set_refuses_nonsense(change, message):
    with pytest.raises(ValueError, match=re.escape(message)):
        RuleSet(**change)


def test_an_optional_setting_takes_none_and_any_whole_number():
    assert RuleSet(mercy_score=None).mercy_score is None
    assert RuleSet(mercy_score=250, blind_nil_min_deficit=0).mercy_score == 250
