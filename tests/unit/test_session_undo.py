"""GameSession's undo stack: undo takes back the last change, whatever it was (an entry, the
confirmation of a hand, a correction), in the order the changes were made; and says before
it is done what it would do to a finished game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.logs.models import GameLog
from scorekeeper.rules.seats import Seat
from scorekeeper.session.game_session import (
    ChangeEffect, CorrectionError, GameSession, UndoError, new_game_log, parse_bid,
)

EXAMPLES = Path(__file__).parents[2] / "examples"
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
CLOCK = lambda: "2026-11-27T21:00:00+00:00"  # noqa: E731


def partnership() -> GameSession:
    return GameSession(new_game_log("partnership", FOUR, "W", game_id="g1"), clock=CLOCK)


def play(session: GameSession, bids, tricks) -> None:
    for b in bids:
        session.bid(*parse_bid(str(b)))
    for t in tricks:
        session.enter_tricks(t)
    session.confirm_hand()


def finished_example() -> GameSession:
    """The partnership example entered through a session: NS win 531 to 353 at hand 9."""
    log = GameLog.model_validate(json.loads((EXAMPLES / "partnership-game.json").read_text()))
    s = GameSession(new_game_log(log.variant, log.players, log.hands[0].dealer, game_id="x"),
                    clock=CLOCK)
    for hand in log.hands:
        for b in hand.bids:
            s.bid(b.bid, b.blind)
        for seat in s.order[:-1]:
            s.enter_tricks(hand.tricks_won[seat.name])
        s.confirm_hand()
    assert s.is_over
    return s


def test_undo_takes_back_a_correction_not_the_last_hand():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    play(s, [4, 3, 3, 3], [4, 4, 2])
    scores = s.report()["hands"]
    s.correct_hand(1, bids={"N": (5, False)}, tricks={"N": 5, "E": 3}, by="Rosa")
    assert s.log.hands[0].bids[0].bid == 5
    undone = s.undo(by="Rosa")
    # The hand is back to what it was, both hands stay confirmed, and the scores with them.
    assert len(s.log.hands) == 2 and s.phase == "bidding" and s.hand_number == 3
    assert s.log.hands[0].bids[0].bid == 4 and s.log.hands[0].tricks_won["E"] == 4
    assert s.report()["hands"] == scores
    assert undone.hand == 1
    assert undone.what == ("undo of revision 1: N bid 4, was 5; N won 4 tricks, was 5;"
                           " E won 4 tricks, was 3")
    last = s.log.history[-1]
    assert last == undone.correction
    assert (last.revision, last.hand, last.by, last.what) == (2, 1, "Rosa", undone.what)
    # Then the change before it: the confirmation of hand 2.
    assert s.undo().what == "hand 2 reopened for entry (undo of its confirmation)"
    assert s.hand_number == 2 and s.phase == "confirm"


def test_undo_follows_the_order_of_entries_and_changes():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    s.bid(3)  # hand 2, dealt by N: E 3
    s.correct_hand(1, bids={"E": (4, False)})
    s.bid(2)  # S 2
    assert s.undo().what == "S's bid 2 taken back"
    assert s.undo().what.startswith("undo of revision 1: E bid 3, was 4")
    assert s.bids == {Seat.E: (3, False)}  # the entry made before the correction stays
    assert s.undo().what == "E's bid 3 taken back"
    assert s.undo().what == "hand 1 reopened for entry (undo of its confirmation)"
    assert [s.undo().what for _ in range(3)] == [
        "S's 3 tricks taken back", "E's 4 tricks taken back", "N's 4 tricks taken back"]
    assert [s.undo().what for _ in range(4)][-1] == "N's bid 4 taken back"
    assert not s.can_undo()
    with pytest.raises(UndoError, match="nothing to undo"):
        s.undo()
    assert [h.what for h in s.log.history] == [
        "E bid 4, was 3", "undo of revision 1: E bid 3, was 4",
        "hand 1 reopened for entry (undo of its confirmation)"]


def test_undoing_a_correction_that_ended_the_game_gives_back_the_hand_in_progress():
    s = finished_example()
    won = dict(s.log.hands[-1].tricks_won)
    s.correct_hand(9, tricks={"N": 0, "E": won["E"] + won["N"]})  # NS fall short of 500
    assert not s.is_over
    s.bid(4)
    s.correct_hand(9, tricks=won)  # the game is won again: the bid of hand 10 is dropped
    assert s.is_over and not s.has_entries
    s.undo()
    assert not s.is_over and s.bids == {s.order[0]: (4, False)}


def test_undo_effect_says_what_a_finished_game_loses():
    s = finished_example()
    effect = s.undo_effect()
    assert effect == ChangeEffect("hand 9 reopened for entry (undo of its confirmation)",
                                  "NS won 531-353", None, 9)
    assert effect.unfinishes
    assert s.is_over and len(s.log.hands) == 9  # only said, not done
    corrected = s.correction_effect(9, bids={"N": (1, False)})
    assert corrected.result_before == "NS won 531-353" and corrected.result_after is not None
    assert not corrected.unfinishes


def test_a_game_opened_again_undoes_its_hands_as_before():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    s.bid(3)
    again = GameSession(s.log, s.draft(), clock=CLOCK)  # the app restarted: no stack
    assert again.undo().what == "E's bid 3 taken back"
    assert again.undo().what == "hand 1 reopened for entry (undo of its confirmation)"


def test_a_correction_cannot_end_the_game_before_its_last_hand():
    # Hand 7 of the example with S bidding 3 (not 2): NS reach 529 there and win, but hands
    # 8 and 9 were played after; the store refuses such a log, so the session refuses first.
    s = finished_example()
    assert not s.can_correct(7, bids={"S": (3, False)})
    with pytest.raises(CorrectionError, match="NS win the game at hand 7, but hands 8 to 9"):
        s.correct_hand(7, bids={"S": (3, False)})
    assert not s.log.history
