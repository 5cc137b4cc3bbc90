"""Time called (RULES.md §4, game length by the clock; docs/rules.md §10 example M): the hand
during which time is called is finished, then the game ends as at the hand limit; it is
recorded on the hand (``time_called``, format 1.2), read alike by both readers, scored, and
entered through the session with undo."""

from __future__ import annotations

import json

import pytest

from scorekeeper.analysis.game import analyse_game, hand_record, analyse_fast
from scorekeeper.analysis.score_sheet import format_score_table, score_report
from scorekeeper.logs.files import LogError, dump_log, log_to_data, parse_log
from scorekeeper.logs.models import FORMAT_VERSION
from scorekeeper.logs.trusted_reader import read_fast
from scorekeeper.rules.scoring import Bid, HandInput, score_game
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.settings import RuleSet
from scorekeeper.session.game_session import (
    GameOverError, GameSession, TimeCallError, new_game_log, parse_bid,
)

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P = Variant.PARTNERSHIP
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
CLOCK = lambda: "2026-12-01T21:00:00+00:00"  # noqa: E731


def hand(dealer, ns, ew, won_ns, called=False):
    """NS bid ``ns`` (N 1, S the rest), EW ``ew`` likewise; NS take ``won_ns`` tricks."""
    bids = (Bid(N, 1), Bid(E, 1), Bid(S, ns - 1), Bid(W, ew - 1))
    won = {N: 1, S: won_ns - 1, E: 1, W: 12 - won_ns}
    return HandInput(dealer, bids, won, time_called=called)


# -- scoring: docs/rules.md §10, example M --------------------------------------------------

def test_time_called_ends_the_game_after_that_hand_the_higher_score_wins():
    # Hand 1: NS 4 made (+40), EW 9 made (+90). Time is called during hand 2: NS 5 made
    # (+50, 90), EW 8 made (+80, 170): EW win after hand 2.
    g = score_game(P, [hand(W, 4, 9, 4), hand(N, 5, 8, 5, called=True)])
    assert g.winner == "EW" and g.won_at_hand == 2
    assert {s: t.score for s, t in g.final.items()} == {"NS": 90, "EW": 170}
    assert "time called: the higher score wins" in g.hands[1].events
    assert g.hands[0].winner is None


def test_time_called_level_plays_one_more_hand_at_a_time():
    # Time called during hand 1: both sides bid 8 and are set, -80 all; hand 2 is played:
    # NS 5 made (+50, -30), EW 4 and 4 bags (+44, -36): NS win; hand 3 comes after the end.
    g = score_game(P, [hand(W, 8, 8, 6, called=True), hand(N, 5, 4, 5),
                       hand(E, 4, 4, 4)])
    assert "time called, tied: another hand is played" in g.hands[0].events
    assert g.hands[0].winner is None
    assert g.winner == "NS" and g.won_at_hand == 2
    assert "time called (hand 1): the higher score wins" in g.hands[1].events


def test_the_target_still_ends_the_game_first():
    rules = RuleSet(target_score=100)
    g = score_game(P, [hand(W, 10, 2, 11, called=True)], rules)
    # NS 101 reach the target: they win by it, whatever time did.
    assert g.winner == "NS" and g.won_at_hand == 1
    assert not any("time called" in e for e in g.hands[0].events)


def test_time_called_beside_a_hand_limit_the_earlier_ends_it():
    g = score_game(P, [hand(W, 4, 9, 4), hand(N, 5, 8, 5, called=True)],
                   RuleSet(hand_limit=5))
    assert g.won_at_hand == 2 and "time called: the higher score wins" in g.hands[1].events
    g = score_game(P, [hand(W, 4, 9, 4), hand(N, 5, 8, 5, called=True)],
                   RuleSet(hand_limit=1))
    assert g.won_at_hand == 1 and "hand limit (1) reached: the higher score wins" in (
        g.hands[0].events)


def test_without_time_called_nothing_changes():
    g = score_game(P, [hand(W, 4, 9, 4), hand(N, 5, 8, 5)])
    assert g.winner is None and g.next_dealer == E


# -- the log: field, version, both readers ---------------------------------------------------

def log_data(version="1.0", called=True, **more):
    hands = [{"dealer": "W", "bids": [{"seat": s, "bid": b} for s, b in
                                      (("N", 1), ("E", 1), ("S", 3), ("W", 8))],
              "tricks_won": {"N": 1, "E": 1, "S": 3, "W": 8}},
             {"dealer": "N", "bids": [{"seat": s, "bid": b} for s, b in
                                      (("E", 1), ("S", 4), ("W", 7), ("N", 1))],
              "tricks_won": {"N": 1, "E": 1, "S": 4, "W": 7}}]
    if called is not None:
        hands[1]["time_called"] = called
    return {"format": "spades-game", "format_version": version, "variant": "partnership",
            "players": FOUR, "hands": hands, **more}


def test_a_log_with_time_called_is_scored_to_its_end_and_says_so():
    log = parse_log(json.dumps(log_data()))
    a = analyse_game(log)
    assert a.score.winner == "EW" and a.score.won_at_hand == 2
    report = score_report(a)
    assert report["hands"][1]["time_called"] is True and "time_called" not in report["hands"][0]
    text = format_score_table(a)
    assert "  * time called: the higher score wins\n" in text
    assert "Winner: EW (Beth & David) after hand 2" in text


def test_both_readers_read_time_called_alike():
    for called in (True, False, None):
        text = json.dumps(log_data(called=called))
        fast = read_fast(text)
        log = parse_log(text)
        assert fast is not None
        assert fast.records == tuple(hand_record(P, h) for h in log.hands)
        assert fast.records[1].time_called is bool(called)
        assert analyse_fast(fast).score == analyse_game(log).score


@pytest.mark.parametrize("value", ["yes", 1, 0, [], {}])
def test_time_called_is_strictly_true_or_false(value):
    text = json.dumps(log_data(called=value))
    assert read_fast(text) is None  # the normal path words it
    with pytest.raises(LogError) as caught:
        parse_log(text, "g.json")
    assert caught.value.problems[0].startswith("hand 2, time_called: should be true or false,")


def test_the_writer_writes_the_lowest_version_that_holds_the_log():
    assert FORMAT_VERSION == "1.2"
    assert log_to_data(parse_log(json.dumps(log_data(called=None))))["format_version"] == "1.0"
    assert log_to_data(parse_log(json.dumps(log_data())))["format_version"] == "1.2"
    assert log_to_data(parse_log(json.dumps(log_data(called=False))))["format_version"] == "1.2"
    ruled = log_data(called=None)
    ruled["hands"][0]["rulings"] = []
    assert log_to_data(parse_log(json.dumps(ruled)))["format_version"] == "1.1"
    night = log_data(called=None, event={"event_id": "night-1", "round": 2})
    assert log_to_data(parse_log(json.dumps(night)))["format_version"] == "1.2"
    # The house rules of 1.1 keep a log 1.0; those added since (issue 13's) and a preset,
    # which a 1.1 reader would refuse as unknown fields, make it 1.2.
    for rules, version in (({"target_score": 300, "mercy_score": -200}, "1.0"),
                           ({"min_side_bid": 4}, "1.2"), ({"preset": "short-300"}, "1.2")):
        data = log_data(called=None, rules=rules)
        assert log_to_data(parse_log(json.dumps(data)))["format_version"] == version
    # A version written higher than the content needs is kept, never lowered.
    assert log_to_data(parse_log(json.dumps(log_data("1.1", None))))["format_version"] == "1.1"
    written = dump_log(parse_log(json.dumps(log_data())))
    assert json.loads(written)["hands"][1]["time_called"] is True


def test_the_fast_reader_reads_an_event_id_and_round_as_the_models_do():
    text = json.dumps(log_data(called=None, event={"event_id": "night-1", "round": 2,
                                                   "table": "3"}))
    fast = read_fast(text)
    assert fast is not None
    assert (fast.facts.event.event_id, fast.facts.event.round) == ("night-1", 2)
    for bad in ({"event_id": "a..b"}, {"round": 0}, {"round": True}, {"event_id": 3}):
        assert read_fast(json.dumps(log_data(called=None, event=bad))) is None
        with pytest.raises(LogError):
            parse_log(json.dumps(log_data(called=None, event=bad)))


# -- the session: call_time, with undo and the draft -----------------------------------------

def session() -> GameSession:
    return GameSession(new_game_log("partnership", FOUR, "W", game_id="g1"), clock=CLOCK)


def enter(s: GameSession, bids, tricks, confirm=True) -> None:
    for b in bids:
        s.bid(*parse_bid(str(b)))
    for t in tricks:
        s.enter_tricks(t)
    if confirm:
        s.confirm_hand()


def test_time_cannot_be_called_before_anything_is_played():
    s = session()
    assert not s.can_call_time()
    with pytest.raises(TimeCallError, match="no hand has begun"):
        s.call_time()


def test_time_called_during_a_hand_waits_for_the_hand_then_ends_the_game():
    s = session()
    enter(s, [1, 3, 1, 5], [1, 3, 1])  # hand 1: NS 2 made (20), EW 8 and 3 bags (83)
    enter(s, [1, 3], [], confirm=False)  # hand 2 under way (E, S have bid)
    called = s.call_time()
    assert (called.hand, called.in_progress, called.winner) == (2, True, None)
    assert s.time_call_pending and s.time_called_at == 2 and not s.is_over
    with pytest.raises(TimeCallError, match="called already, during hand 2"):
        s.call_time()
    enter(s, [1, 5], [3, 1, 5])
    assert s.log.hands[1].time_called is True and s.log.hands[0].time_called is None
    assert s.is_over and s.winner == "EW" and s.won_at_hand == 2
    assert "time called: the higher score wins" in s.events
    assert json.loads(dump_log(s.log))["format_version"] == "1.2"
    with pytest.raises(GameOverError):
        s.call_time()


def test_time_called_between_hands_ends_the_game_on_the_last_hand():
    s = session()
    enter(s, [1, 3, 1, 5], [1, 3, 1])
    called = s.call_time()
    assert (called.hand, called.in_progress, called.winner) == (1, False, "EW")
    assert "time called: the higher score wins" in called.events
    assert s.log.hands[0].time_called is True and s.is_over
    assert not s.log.history  # an entry, not a correction
    # Undo takes it back, the game goes on, and the history says so.
    undone = s.undo(by="Rosa")
    assert undone.what == "time call on hand 1 taken back" and undone.hand == 1
    assert s.log.hands[0].time_called is None and not s.is_over
    assert s.log.history[-1].what == "time call on hand 1 taken back"


def test_time_called_level_goes_on_and_cannot_be_called_again():
    s = session()
    enter(s, [4, 4, 4, 4], [3, 4, 3])  # both sides bid 8 and are set: -80 all
    called = s.call_time()
    assert called.winner is None and not s.is_over
    assert "time called, tied: another hand is played" in called.events
    with pytest.raises(TimeCallError, match="ended level"):
        s.call_time()
    enter(s, [1, 3, 1, 5], [1, 3, 1])  # NS 8 and 3 bags (+83), EW 2 (+20)
    assert s.is_over and s.winner == "NS" and s.won_at_hand == 2
    assert "time called (hand 1): the higher score wins" in s.events


def test_undo_takes_back_the_call_in_its_turn_among_the_entries():
    s = session()
    enter(s, [1, 3], [], confirm=False)
    s.call_time()
    enter(s, [1], [], confirm=False)
    assert s.undo().what == "S's bid 1 taken back"
    assert s.time_call_pending
    assert s.undo().what == "time call on hand 1 taken back"
    assert not s.time_call_pending and len(s.bids) == 2
    assert s.undo().what == "E's bid 3 taken back"


def test_undo_of_the_confirmation_brings_the_call_back_with_the_hand():
    s = session()
    enter(s, [1, 3, 1, 5], [1, 3, 1], confirm=False)
    s.call_time()
    s.confirm_hand()
    undone = s.undo()
    assert undone.what.startswith("hand 1 reopened") and s.time_call_pending
    assert not s.is_over and s.phase == "confirm"
    s.confirm_hand()
    assert s.is_over and s.log.hands[0].time_called is True


def test_a_pending_call_is_saved_with_the_draft_and_restored():
    s = session()
    enter(s, [1, 3, 1, 5], [1, 3, 1])
    enter(s, [1, 3], [], confirm=False)
    s.call_time()
    enter(s, [1], [], confirm=False)
    draft = s.draft()
    assert draft["time_called"] == 2
    again = GameSession(s.log, draft, clock=CLOCK)
    assert again.time_call_pending and again.time_called_at == 2 and len(again.bids) == 3
    assert again.undo().what == "W's bid 1 taken back"
    assert again.undo().what == "time call on hand 2 taken back"
    with pytest.raises(Exception, match="time_called"):
        GameSession(s.log, {**draft, "time_called": "x"}, clock=CLOCK)


def test_time_called_while_a_hand_is_entered_card_by_card_waits_for_it():
    s = session()
    enter(s, [1, 3], [], confirm=False)
    referee = s.card_by_card()
    called = s.call_time()
    assert called.in_progress and s.time_call_pending and s.referee is referee
    assert s.draft()["time_called"] == 0 and "referee" in s.draft()
    again = GameSession(s.log, s.draft(), clock=CLOCK)
    assert again.time_call_pending and again.referee is not None
    # Undo takes back the call (the session's own entry); the cards stay the referee's.
    assert s.undo().what == "time call on hand 1 taken back"
    assert not s.time_call_pending and s.referee is referee


def test_a_hand_played_card_by_card_is_confirmed_with_the_call():
    import random

    from scorekeeper.logs.random_logs import play_random_hand

    s = session()
    s.card_by_card()
    s.call_time()
    s.confirm_played_hand(play_random_hand(random.Random(1), P, W))
    assert s.log.hands[0].time_called is True and not s.time_call_pending
    assert s.is_over or s.events[-1] == "time called, tied: another hand is played"
