"""A game scored on from the previous analysis when hands are added (``analyse_game``'s
``previous``, ``rules.scoring.GameScoring``) is scored exactly as from the first hand by
``score_game``, the reference: under house rules that end a game early (set limits, a second
revoke, all thirteen, a hand limit), with time called, scores carried in and rulings; and
the earlier analysis is left as it was."""

from __future__ import annotations

import random

import pytest

from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.models import GameLog
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.scoring import GameScoring, score_game
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import RuleSet

RULES = [RuleSet(), RuleSet(target_score=300, bag_limit=3, bag_penalty=50),
         RuleSet(target_score=10**6, hand_limit=9),
         RuleSet(target_score=10**6, set_limit_in_row=2),
         RuleSet(target_score=10**6, set_limit_in_game=4, all_thirteen_wins=True),
         RuleSet(mercy_score=-200, bags="points_only"),
         RuleSet(blind_bid_min=6, blind_bid_min_deficit=100)]


def same(a, b) -> None:
    assert a.score == b.score
    assert a.played_score == b.played_score
    assert a.findings == b.findings
    assert a.ruled_tricks == b.ruled_tricks


@pytest.mark.parametrize("seed", range(14))
def test_hands_added_one_at_a_time_score_as_the_whole_game(seed):
    rng = random.Random(seed)
    variant = (Variant.PARTNERSHIP, Variant.TWO_PLAYER)[seed % 2]
    rules = RULES[seed % len(RULES)]
    if variant is Variant.TWO_PLAYER and rules.all_thirteen_wins:
        rules = RuleSet(target_score=10**6, set_limit_in_game=4)
    data = random_game_log(rng, variant, card_by_card=seed % 3 == 0, rules=rules,
                           max_hands=25, nil_rate=0.2, blind_rate=0.1,
                           time_called_at=rng.choice([None, 5, 12]))
    if seed % 4 == 1:
        data["initial"] = {variant.sides[0]: {"score": 120, "bags": 2}}
    full = GameLog.model_validate(data)
    log = full.model_copy(update={"hands": []})
    analysis = analyse_game(log)
    for n in range(1, len(full.hands) + 1):
        step = rng.choice([1, 1, 1, 2])  # now and then two hands at once
        log = full.model_copy(update={"hands": full.hands[:min(n + step - 1, len(full.hands))]})
        before = analysis.score
        analysis = analyse_game(log, analysis)
        same(analysis, analyse_game(log))
        assert analysis.score.hands[:len(before.hands)] == before.hands
    # The reference itself: score_game over the whole game (random play has no rulings).
    assert analysis.score == score_game(variant, _inputs(analysis), analysis.rules,
                                        analysis.initial)


def _inputs(analysis):
    from scorekeeper.rules.scoring import HandInput

    return [HandInput(r.record.dealer, r.record.bids, r.tricks_won,
                      time_called=r.record.time_called) for r in analysis.replays]


def test_the_earlier_analysis_is_left_as_it_was():
    data = random_game_log(random.Random(5), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6, set_limit_in_game=30),
                           max_hands=20)
    full = GameLog.model_validate(data)
    ten = analyse_game(full.model_copy(update={"hands": full.hands[:10]}))
    kept = (ten.score, len(ten.scoring.hands), dict(ten.scoring._ends.sets))
    analyse_game(full, ten)
    analyse_game(full.model_copy(update={"hands": full.hands[:15]}), ten)
    assert (ten.score, len(ten.scoring.hands), dict(ten.scoring._ends.sets)) == kept


def test_a_hand_changed_or_taken_back_is_scored_from_the_first():
    data = random_game_log(random.Random(8), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6), max_hands=12)
    full = GameLog.model_validate(data)
    analysis = analyse_game(full)
    changed = full.model_copy(update={"hands": [
        full.hands[0].model_copy(update={"tricks_won": {"N": 13, "E": 0, "S": 0, "W": 0}}),
        *full.hands[1:]]})
    same(analyse_game(changed, analysis), analyse_game(changed))
    shorter = full.model_copy(update={"hands": full.hands[:-3]})
    same(analyse_game(shorter, analysis), analyse_game(shorter))


def test_game_scoring_copies_go_their_own_way():
    data = random_game_log(random.Random(2), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6, set_limit_in_row=3), max_hands=8)
    inputs = _inputs(analyse_game(GameLog.model_validate(data)))
    scoring = GameScoring(Variant.PARTNERSHIP, RuleSet(target_score=10**6, set_limit_in_row=3))
    for h in inputs[:4]:
        scoring.add(h)
    a, b = scoring.copy(), scoring.copy()
    for h in inputs[4:]:
        a.add(h)
    assert a.result() == score_game(Variant.PARTNERSHIP, inputs,
                                    RuleSet(target_score=10**6, set_limit_in_row=3))
    assert b.result() == scoring.result() == score_game(
        Variant.PARTNERSHIP, inputs[:4], RuleSet(target_score=10**6, set_limit_in_row=3))


def test_an_analysis_read_the_fast_way_is_not_scored_on():
    """An analysis of a file's text (``analyse_text``, the fast reader: no hands to compare)
    as ``previous``, even of another game under the same rules: the game is scored from the
    first hand, not on from its scoring."""
    import json

    from scorekeeper.analysis.game import analyse_text

    rules = RuleSet(target_score=10**6)
    other = random_game_log(random.Random(1), Variant.PARTNERSHIP, max_hands=5, rules=rules)
    fast = analyse_text("other.json", json.dumps(other))
    assert not hasattr(fast.log, "hands") and len(fast.score.hands) == 5  # the fast way
    log = GameLog.model_validate(random_game_log(random.Random(2), Variant.PARTNERSHIP,
                                                 max_hands=8, rules=rules))
    same(analyse_game(log, fast), analyse_game(log))
