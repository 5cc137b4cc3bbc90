"""The session's report, made again only from the first changed hand (session/sheet_report.py),
is ``score_report`` of the game analysed afresh from its log, after every change the app
makes: hands confirmed one at a time, undo, corrections of an earlier hand (every later
hand re-scored), time called, a referee's ruling and its correction; whether or not a
report was asked for between the changes."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scorekeeper.analysis.game import analyse_game
from scorekeeper.analysis.score_sheet import score_report
from scorekeeper.logs.models import GameLog
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import RuleSet
from scorekeeper.session.game_session import GameSession, SessionError, new_game_log
from scorekeeper.session.sheet_report import same_rows

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
CLOCK = lambda: "2026-11-27T21:00:00+00:00"  # noqa: E731
RULES = [RuleSet(), RuleSet(target_score=300, bag_limit=5, bag_penalty=50),
         RuleSet(target_score=10**6, hand_limit=14),
         RuleSet(target_score=10**6, bags="points_only")]


def afresh(s: GameSession) -> dict:
    """The reference: the log analysed from nothing, its whole report made."""
    return score_report(analyse_game(s.log))


def enter(s: GameSession, hand) -> None:
    for b in hand.bids:
        s.bid(b.bid, b.blind)
    for seat in s.order[:-1]:
        s.enter_tricks(hand.tricks_won[seat.name])
    s.confirm_hand()


def moved_trick(s: GameSession, rng: random.Random, number: int) -> dict[str, int]:
    """Hand ``number``'s tricks with one moved from a seat that won some to another."""
    won = dict(s.log.hands[number - 1].tricks_won)
    giver = rng.choice([seat for seat, n in won.items() if n])
    taker = rng.choice([seat for seat in won if seat != giver])
    won[giver] -= 1
    won[taker] += 1
    return won


@pytest.mark.parametrize("seed", range(8))
def test_the_report_is_the_whole_games_after_every_change(seed):
    rng = random.Random(seed)
    variant = (Variant.PARTNERSHIP, Variant.TWO_PLAYER)[seed % 2]
    rules = RULES[seed % len(RULES)]
    data = random_game_log(rng, variant, card_by_card=False, rules=rules, max_hands=30,
                           nil_rate=0.15, blind_rate=0.05)
    played = GameLog.model_validate(data)
    start = rng.randrange(len(played.hands))  # a game resumed after some hands
    s = GameSession(played.model_copy(update={"hands": played.hands[:start]}), clock=CLOCK)
    assert s.report() == afresh(s)
    checked = 0
    for hand in played.hands[start:]:
        if s.is_over:
            break
        enter(s, hand)
        roll = rng.random()
        if roll < 0.15:
            s.undo()  # the hand is open again, its entries kept
            assert s.report() == afresh(s)
            s.confirm_hand()
        elif roll < 0.35 and len(s.log.hands) > 1:
            number = rng.randrange(1, len(s.log.hands))  # an earlier hand
            try:
                s.correct_hand(number, tricks=moved_trick(s, rng, number), by="Rosa")
            except SessionError:
                pass  # refused (a Nil made into a failure the rules forbid...): unchanged
            if rng.random() < 0.5:
                assert s.report() == afresh(s)
                s.undo(by="Rosa")
        if rng.random() < 0.7:  # now and then several changes before the report is made
            assert s.report() == afresh(s)
            checked += 1
    assert s.report() == afresh(s)
    assert checked


def test_a_corrected_early_hand_rescores_every_later_row():
    data = random_game_log(random.Random(7), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6), max_hands=40)
    s = GameSession(GameLog.model_validate(data), clock=CLOCK)
    before = s.report()
    won = dict(s.log.hands[1].tricks_won)
    giver = "N" if won["N"] else "S"  # a trick of NS's goes to E: NS's points change
    s.correct_hand(2, tricks={giver: won[giver] - 1, "E": won["E"] + 1})
    after = s.report()
    assert after == afresh(s)
    assert after["hands"][0] is before["hands"][0]  # hand 1 kept as it was
    # Every later hand's running score moved with hand 2's.
    assert [h["sides"]["NS"]["score"] for h in after["hands"][1:]] != \
        [h["sides"]["NS"]["score"] for h in before["hands"][1:]]
    assert after["hands"][-1]["sides"]["NS"]["score"] != before["hands"][-1]["sides"]["NS"]["score"]
    s.undo()
    assert s.report() == before


def test_time_called_and_a_hand_after_it():
    data = random_game_log(random.Random(2), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6), max_hands=12)
    s = GameSession(GameLog.model_validate(data), clock=CLOCK)
    s.report()
    s.call_time()  # between hands: the game ends now, or level, goes on
    assert s.report() == afresh(s)
    s.undo()
    assert s.report() == afresh(s)


def test_a_ruling_and_its_correction():
    renege = json.loads((EXAMPLES / "audit" / "revoke-later-play.json").read_text())["hands"][0]
    s = GameSession(new_game_log("partnership", {"N": "Alex", "E": "Beth", "S": "Charlie",
                                                 "W": "David"}, "W", game_id="g1"),
                    clock=CLOCK)
    s.report()
    hand = s.card_by_card()
    for b in renege["bids"]:
        s.referee_bid(b["bid"])
    for t in renege["tricks"]:
        for c in t["cards"]:
            hand.play(c)
    s.rule(4, "W", "apply", by="Sam")
    s.confirm_played_hand(s.referee.result().log_hand)
    assert s.report() == afresh(s) and s.report()["hands"][0]["rulings"]
    for bids, won in (((4, 3, 3, 3), (4, 4, 3)), ((2, 2, 4, 4), (3, 3, 4))):
        for n in bids:
            s.bid(n)
        for n in won:
            s.enter_tricks(n)
        before = s.analysis
        s.confirm_hand()
        assert s.report() == afresh(s)
        assert same_rows(before, s.analysis) == len(before.replays)  # one row made
    before = s.analysis
    s.correct_hand(1, rulings={("revoke", 4, "W"): "waive"}, by="Rosa", why="appeal")
    assert s.report() == afresh(s)
    assert same_rows(before, s.analysis) == 0  # hand 1 changed: every row made again
