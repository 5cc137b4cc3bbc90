"""Random logs (``logs/random_logs.py``) play every house rule legally: under any settings
drawn from their declarations (``log_strategies.rules_objects``), a random game has no
finding at all (no bid below a side's minimum, no Nil where none is allowed, no blind bid
the score does not allow, every Nil exchange recorded and right, every lead and card by the
play rules), and time called ends it as RULES.md §4 says."""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from log_strategies import rules_objects

from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.random_logs import play_random_hand, random_game_log
from scorekeeper.rules.before_play import exchanging_nils
from scorekeeper.rules.scoring import Bid
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.settings import PARTNERSHIP_ONLY, RuleSet


def ruleset(drawn: dict, variant: Variant) -> RuleSet:
    if variant is Variant.TWO_PLAYER:
        drawn = {k: v for k, v in drawn.items() if k not in PARTNERSHIP_ONLY}
    return RuleSet(**drawn)


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules_objects(), st.sampled_from(list(Variant)), st.integers(0, 2**32),
       st.sampled_from([None, 1, 3]))
def test_a_random_game_under_any_settings_has_no_finding(drawn, variant, seed, called):
    rules = ruleset(drawn, variant)
    data = random_game_log(random.Random(seed), variant, rules=rules, max_hands=6,
                           nil_rate=0.25, blind_rate=0.1, time_called_at=called)
    analysis = analyse_game(log_from_data(data))
    assert [f.finding.code for f in analysis.findings] == []
    if called is not None and called <= len(data["hands"]):
        assert data["hands"][called - 1]["time_called"] is True
        # The game ended at the call, or level went on one hand at a time to a winner.
        assert analysis.score.winner is not None or len(data["hands"]) == 6


def test_a_side_minimum_is_met_and_no_nil_is_bid_where_none_is_allowed():
    rules = RuleSet(min_side_bid=6, nil_allowed=False)
    rng = random.Random(11)
    for _ in range(40):
        h = play_random_hand(rng, Variant.PARTNERSHIP, Seat.W, rules=rules, nil_rate=0.5)
        bids = {b["seat"]: b["bid"] for b in h["bids"]}
        assert 0 not in bids.values()
        assert bids["N"] + bids["S"] >= 6 and bids["E"] + bids["W"] >= 6


def test_nil_passing_exchanges_are_made_and_recorded():
    rules = RuleSet(nil_passing=2)
    rng = random.Random(5)
    seen = 0
    for _ in range(60):
        h = play_random_hand(rng, Variant.PARTNERSHIP, Seat.W, rules=rules, nil_rate=0.3,
                             blind_rate=0.0)
        bids = [Bid(Seat[b["seat"]], b["bid"], b.get("blind", False)) for b in h["bids"]]
        wanted = exchanging_nils(Variant.PARTNERSHIP, bids, rules)
        got = h.get("exchanges", [])
        assert len(got) == 2 * len(wanted)
        assert all(len(x["cards"]) == 2 for x in got)
        seen += bool(wanted)
    assert seen  # some hands had a lone Nil


def test_blind_numbers_are_bid_only_when_trailing_enough():
    rules = RuleSet(blind_bid_min=6, blind_bid_min_deficit=100)
    rng = random.Random(2)
    level = {"NS": 0, "EW": 0}
    behind = {"NS": -150, "EW": 0}
    blind_numbers = set()
    for _ in range(60):
        for scores in (level, behind):
            h = play_random_hand(rng, Variant.PARTNERSHIP, Seat.W, rules=rules,
                                 blind_rate=0.2, scores=scores)
            for b in h["bids"]:
                if b.get("blind") and b["bid"]:
                    assert scores is behind and b["seat"] in "NS" and b["bid"] >= 6
                    blind_numbers.add(b["seat"])
    assert blind_numbers
