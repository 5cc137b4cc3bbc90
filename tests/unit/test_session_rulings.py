"""GameSession and the referee's rulings: the question on a renege with the hand scored both
ways, the ruling as an entry of the hand entered card by card, the hand confirmed as ruled;
and a ruling changed later by a correction, with history and undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.models import GameLog
from scorekeeper.session.game_session import (
    CorrectionError, GameSession, RulingError, new_game_log, ruled_by,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
CLOCK = lambda: "2026-11-27T21:00:00+00:00"  # noqa: E731
#: W reneges at trick 4, proven at trick 10: as played NS -50 EW +63, penalised NS +52 EW +60.
RENEGE = json.loads((EXAMPLES / "audit" / "revoke-later-play.json").read_text())["hands"][0]


def game(initial: dict[str, int] | None = None) -> GameSession:
    log = new_game_log("partnership", FOUR, "W", game_id="g1")
    if initial:
        data = log.model_dump(mode="json", by_alias=True, exclude_none=True)
        data["initial"] = {side: {"score": n} for side, n in initial.items()}
        log = GameLog.model_validate(data)
    return GameSession(log, clock=CLOCK)


def played_out(s: GameSession, tricks: int = 13) -> None:
    hand = s.card_by_card()
    for b in RENEGE["bids"]:
        s.referee_bid(b["bid"])
    for t in RENEGE["tricks"][:tricks]:
        for c in t["cards"]:
            hand.play(c)


def ruled(decision: str = "apply", initial: dict[str, int] | None = None) -> GameSession:
    s = game(initial)
    played_out(s)
    s.rule(4, "W", decision, by="Sam")
    s.confirm_played_hand(s.referee.result().log_hand)
    return s


def scores(s: GameSession) -> dict[str, int]:
    return {side: t.score for side, t in s.totals.items()}


def outcome(ways) -> dict[str, tuple[int, int]]:
    return {o.side: (o.points, o.score) for o in ways}


# --- the hand in progress ---------------------------------------------------------------

def test_the_question_comes_once_the_hand_is_over_with_both_scores():
    s = game()
    played_out(s, tricks=12)
    assert s.referee.unruled()  # proven at trick 10...
    assert s.ruling_question() is None  # ...but the penalty's size is known at the end
    for c in RENEGE["tricks"][12]["cards"]:
        s.referee.play(c)
    q = s.ruling_question()
    assert (q.hand, q.code, q.trick, q.seat, q.decision) == (1, "revoke", 4, "W", None)
    assert "played KD at trick 10" in q.message
    assert q.penalty.startswith("3 tricks move from EW to NS")
    assert q.as_played and q.what == "revoke by W at trick 4"
    assert outcome(q.waived) == {"NS": (-50, -50), "EW": (63, 63)}
    assert outcome(q.applied) == {"NS": (52, 52), "EW": (60, 60)}


def test_a_ruling_is_an_entry_of_the_hand_saved_and_undone_like_a_card():
    s = game()
    played_out(s)
    with pytest.raises(RulingError, match="no revoke by W at trick 5 is proven"):
        s.verify_ruling(5, "W", "apply")
    with pytest.raises(RulingError, match="'apply' or 'waive'"):
        s.verify_ruling(4, "W", "maybe")
    made = s.rule(4, "W", "apply")
    assert made.by == "referee" and made.what == "revoke by W at trick 4: penalty applied by" \
                                                 " referee"
    assert s.ruling_question() is None and not s.can_rule(4, "W", "waive")
    restored = GameSession(s.log, s.draft())  # killed and opened again
    assert restored.referee.rulings == s.referee.rulings
    s.referee.undo()
    assert not s.referee.rulings and s.ruling_question() is not None


def test_the_hand_goes_into_the_game_as_ruled():
    s = ruled("apply")
    [r] = s.log.hands[0].rulings
    assert (r.code, r.trick, r.seat, r.decision, r.by) == ("revoke", 4, "W", "apply", "Sam")
    assert scores(s) == {"NS": 52, "EW": 60}
    assert analyse_game(s.log).score.final == s.analysis.score.final  # read back alike
    assert scores(ruled("waive")) == {"NS": -50, "EW": 63}


def test_who_rules_is_named_or_the_referee():
    assert ruled_by("Sam (referee)") == "Sam (referee)"
    assert ruled_by("scorekeeper") == ruled_by("") == ruled_by(None) == "referee"


# --- a ruling changed later: corrections, history, undo ----------------------------------

def test_a_ruling_changed_by_a_correction_goes_into_the_history_and_is_undone():
    s = ruled("apply")
    [q] = s.hand_rulings(1)
    assert q.decision == "apply" and outcome(q.waived)["NS"] == (-50, -50)
    done = s.correct_hand(1, rulings={("revoke", 4, "W"): "waive"}, by="Rosa", why="appeal")
    assert done.what == "revoke by W at trick 4: penalty waived, was applied"
    [r] = s.log.hands[0].rulings
    assert (r.decision, r.by) == ("waive", "Rosa")  # the one who changed it
    assert scores(s) == {"NS": -50, "EW": 63}
    [history] = s.log.history
    assert (history.revision, history.hand, history.by, history.why, history.what) == \
        (1, 1, "Rosa", "appeal", "revoke by W at trick 4: penalty waived, was applied")
    undone = s.undo(by="Rosa")
    assert undone.correction.what == ("undo of revision 1: revoke by W at trick 4: penalty"
                                      " applied, was waived")
    assert s.log.hands[0].rulings[0].decision == "apply" and scores(s) == {"NS": 52, "EW": 60}
    assert [h.revision for h in s.log.history] == [1, 2]


def test_a_renege_no_one_ruled_on_can_be_ruled_by_a_correction():
    s = game()
    played_out(s)
    s.confirm_played_hand(s.referee.to_log_hand())  # no ruling: as played
    assert scores(s) == {"NS": -50, "EW": 63}
    [q] = s.hand_rulings(1)
    assert q.decision is None
    done = s.correct_hand(1, rulings={("revoke", 4, "W"): "apply"})
    assert done.what == "revoke by W at trick 4: penalty applied, was not ruled on"
    assert scores(s) == {"NS": 52, "EW": 60}


def test_a_correction_of_a_ruling_that_changes_nothing_or_names_no_renege_is_refused():
    s = ruled("apply")
    with pytest.raises(CorrectionError, match="hand 1: nothing changed"):
        s.verify_correction(1, rulings={("revoke", 4, "W"): "apply"})
    with pytest.raises(CorrectionError, match="no revoke by E at trick 4 is proven"):
        s.verify_correction(1, rulings={("revoke", 4, "E"): "apply"})
    with pytest.raises(CorrectionError, match="apply or waive"):
        s.verify_correction(1, rulings={("revoke", 4, "W"): "both"})
    with pytest.raises(RulingError, match="there is no hand 2"):
        s.hand_rulings(2)


def test_a_ruling_that_decides_a_finished_game_is_said_before_it_is_changed():
    # NS carried 460: with the penalty they reach 512 and win; waived they have 410.
    s = ruled("apply", {"NS": 460, "EW": 400})
    assert s.winner == "NS"
    effect = s.correction_effect(1, rulings={("revoke", 4, "W"): "waive"})
    assert effect.result_before == "NS won 512-460" and effect.result_after is None
    assert effect.unfinishes
    s.correct_hand(1, rulings={("revoke", 4, "W"): "waive"})
    assert not s.is_over
    s.undo()
    assert s.winner == "NS"
