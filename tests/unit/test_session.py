"""GameSession: live entry of bids and tricks, confirm, undo, corrections, the end of a game."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.models import GameLog
from scorekeeper.rules.settings import RuleSet
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.session.game_session import (
    BidError,
    ConfirmError,
    CorrectionError,
    GameOverError,
    GameSession,
    SessionError,
    SetupError,
    TricksError,
    UndoError,
    new_game_log,
    parse_bid,
    parse_tricks,
)
from scorekeeper.logs.random_logs import random_game_log

EXAMPLES = Path(__file__).parents[2] / "examples"
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
TWO = {"N": "Megan", "S": "Drew"}
CLOCK = lambda: "2026-11-27T21:00:00+00:00"  # noqa: E731


def partnership(dealer="W", rules=None, **kw) -> GameSession:
    return GameSession(new_game_log("partnership", FOUR, dealer, rules=rules, game_id="g1", **kw),
                       clock=CLOCK)


def play(session: GameSession, bids, tricks) -> None:
    """Enter a hand the quick way: bids as typed, tricks for all but the last seat."""
    for b in bids:
        session.bid(*parse_bid(str(b)))
    for t in tricks:
        session.enter_tricks(t)
    session.confirm_hand()


def replay_example(path: Path) -> GameSession:
    """Enter every hand of an example log through the session, as the app does."""
    log = GameLog.model_validate(json.loads(path.read_text()))
    first = log.hands[0].dealer
    s = GameSession(new_game_log(log.variant, log.players, first, game_id="x"), clock=CLOCK)
    for hand in log.hands:
        assert s.dealer.name == hand.dealer
        assert [x.name for x in s.order] == [b.seat for b in hand.bids]
        for b in hand.bids:
            s.bid(b.bid, b.blind)
        won = hand.tricks_won
        for seat in s.order[:-1]:
            s.enter_tricks(won[seat.name])
        assert s.tricks == {Seat[k]: v for k, v in won.items()}
        s.confirm_hand()
    return s


def test_first_hand_from_rules_md_example():
    s = partnership("W")
    assert s.hand_number == 1 and s.dealer == Seat.W
    assert s.phase == "bidding" and s.turn == Seat.N
    play(s, [4, 3, 2, 2], [4, 4, 3])
    report = s.report()
    assert report["hands"][0]["sides"]["NS"]["points"] == 61
    assert report["hands"][0]["sides"]["EW"]["points"] == 51
    assert s.totals["NS"].score == 61 and s.totals["EW"].bags == 1
    assert s.dealer == Seat.N and s.turn == Seat.E and s.hand_number == 2


def test_last_trick_count_fills_itself_and_confirm_waits_for_13():
    s = partnership()
    for b in (4, 3, 2, 2):
        s.bid(b)
    s.enter_tricks(4)
    with pytest.raises(ConfirmError, match="enter the tricks E won"):
        s.confirm_hand()
    s.enter_tricks(4)
    entered = s.enter_tricks(3)
    assert entered.filled == (("W", 2),)
    assert s.phase == "confirm" and s.tricks[Seat.W] == 2
    with pytest.raises(TricksError, match="add up to 13"):
        s.enter_tricks(1)


def test_too_many_tricks_is_refused_with_the_sum():
    s = partnership()
    for b in (4, 3, 2, 2):
        s.bid(b)
    s.enter_tricks(9)
    with pytest.raises(TricksError, match=r"N 9 \+ E 5 = 14: more than the 13 tricks of a hand"
                                          r" \(E can have won at most 4\)"):
        s.enter_tricks(5)


@pytest.mark.parametrize("text, expected", [("0", (0, False)), ("n", (0, False)),
                                            ("NIL", (0, False)), ("b", (0, True)),
                                            ("13", (13, False)), (" 4 ", (4, False))])
def test_parse_bid(text, expected):
    assert parse_bid(text) == expected


@pytest.mark.parametrize("text", ["14", "-1", "x", "", "3.5"])
def test_parse_bid_refuses_with_a_hint(text):
    with pytest.raises(BidError, match="type 0 to 13, n for Nil or b for Blind Nil"):
        parse_bid(text)


def test_parse_tricks():
    assert parse_tricks("7") == 7
    with pytest.raises(TricksError, match="'14' is not a number of tricks"):
        parse_tricks("14")


def test_bids_out_of_place_are_refused():
    s = partnership()
    with pytest.raises(TricksError, match="N has not bid yet"):
        s.enter_tricks(3)
    with pytest.raises(BidError, match="only a Nil can be bid blind"):
        s.bid(3, blind=True)
    for b in (4, 3, 2, 2):
        s.bid(b)
    with pytest.raises(BidError, match="all bids of hand 1 are in"):
        s.bid(1)
    assert not s.can_bid(1) and s.can_enter_tricks(4)


def test_blind_nil_follows_the_rules():
    s = partnership(rules=RuleSet(allow_blind_nil=False))
    with pytest.raises(BidError, match="N cannot bid Blind Nil: these rules do not allow"):
        s.bid(0, blind=True)
    s = partnership(rules=RuleSet(blind_nil_min_deficit=100))
    assert not s.blind_nil_allowed(Seat.N)
    with pytest.raises(BidError, match="behind by 100 or more"):
        s.bid(0, blind=True)


def test_nil_failure_and_blind_nil_are_announced():
    s = partnership()
    play(s, ["n", 3, 5, "b"], [1, 4, 5])  # W won 3 tricks
    assert "N's Nil fails" in s.events and "W's Blind Nil fails" in s.events
    hand = s.report()["hands"][0]
    assert hand["sides"]["NS"]["parts"]["nil"] == -100
    assert hand["sides"]["EW"]["parts"]["blind_nil"] == -200


def test_bag_penalty_is_announced():
    s = partnership()
    play(s, [1, 1, 1, 1], [7, 0, 6])  # NS bid 2 win 13: 11 bags
    assert "NS reach 10 bags: -100" in s.events
    assert s.totals["NS"].bags == 1


def test_two_player_second_player_bids_first_and_blind_nil():
    s = GameSession(new_game_log("two_player", TWO, "N"), clock=CLOCK)
    assert s.order == (Seat.S, Seat.N)
    s.bid(0, blind=True)
    s.bid(8)
    assert s.enter_tricks(0).filled == (("N", 13),)
    s.confirm_hand()
    assert s.totals["S"].score == 200 and s.totals["N"].score == 85
    assert s.dealer == Seat.S and s.turn == Seat.N


@pytest.mark.parametrize("name", ["partnership-game.json", "two-player-game.json"])
def test_examples_entered_hand_by_hand_score_as_the_log(name):
    s = replay_example(EXAMPLES / name)
    expected = analyse_game(GameLog.model_validate(json.loads((EXAMPLES / name).read_text())))
    assert s.totals == expected.score.final
    assert s.winner == expected.score.winner
    assert s.phase == "over" and s.turn is None


def test_game_over_refuses_more_entries_and_says_who_won():
    s = replay_example(EXAMPLES / "two-player-game.json")
    assert s.result_text() == "N (Megan) wins 526 to 406 after hand 10"
    with pytest.raises(GameOverError, match="the game is over: N \\(Megan\\) wins 526 to 406"):
        s.bid(3)


def two_player(target=100) -> GameSession:
    return GameSession(new_game_log("two_player", TWO, "N", rules=RuleSet(target_score=target)),
                       clock=CLOCK)


def test_first_side_over_the_target_wins():
    s = two_player()
    play(s, [5, 5], [5])  # S 5 won 5: 50; N 5 won 8: 53
    play(s, [5, 4], [5])  # N 5 won 5: 103; S 4 won 8: 94
    assert s.winner == "N" and s.won_at_hand == 2 and s.phase == "over"
    assert "N wins 103 to 94" in s.events


def test_exact_tie_at_the_target_plays_on():
    tie = two_player()
    play(tie, [5, 5], [5])  # S 5 won 5: 50; N 5 won 8: 53 (3 bags)
    play(tie, [5, 5], [5])  # N 5 won 5: 103; S 5 won 8: 103
    assert tie.totals["N"].score == tie.totals["S"].score == 103
    assert tie.winner is None and tie.tied_at_target and not tie.is_over
    assert "tied at the target: another hand is played" in tie.events
    assert tie.phase == "bidding" and tie.hand_number == 3
    play(tie, [5, 5], [5])  # S 5 won 5: 153; N 5 won 8: 156
    assert tie.winner == "N" and tie.won_at_hand == 3


def test_undo_steps_back_through_tricks_bids_and_a_confirmed_hand():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    s.bid(3)
    assert s.undo().what == "E's bid 3 taken back"
    assert s.turn == Seat.E
    undone = s.undo(by="Rosa")
    assert undone.what == "hand 1 reopened for entry (undo of its confirmation)"
    assert s.hand_number == 1 and s.phase == "confirm" and s.tricks[Seat.W] == 2
    assert s.log.history[-1].by == "Rosa" and s.log.history[-1].hand == 1
    assert s.undo().what == "S's 3 tricks taken back"
    assert s.phase == "tricks" and s.turn == Seat.S
    s.enter_tricks(2)
    s.confirm_hand()
    assert s.report()["hands"][0]["sides"]["EW"]["tricks"] == 7


def test_undo_with_nothing_entered():
    s = partnership()
    assert not s.can_undo()
    with pytest.raises(UndoError, match="nothing to undo"):
        s.undo()


def test_correction_rescores_every_later_hand_and_keeps_history():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    play(s, [4, 3, 3, 3], [4, 4, 2])
    play(s, [3, 3, 3, 3], [4, 3, 3])
    before = s.report()["hands"][2]["sides"]["NS"]["score"]
    done = s.correct_hand(1, bids={"N": (5, False)}, tricks={"N": 5, "E": 3},
                          by="Rosa", why="misheard")
    assert done.what == "N bid 5, was 4; N won 5 tricks, was 4; E won 3 tricks, was 4"
    h = s.log.history[-1]
    assert (h.revision, h.at, h.by, h.hand, h.why) == (1, CLOCK(), "Rosa", 1, "misheard")
    report = s.report()
    assert report["hands"][0]["sides"]["NS"]["points"] == 71  # 7 bid, 8 won
    assert report["hands"][2]["sides"]["NS"]["score"] == before + 10
    assert s.totals["NS"].score == report["hands"][2]["sides"]["NS"]["score"]


def test_correction_errors():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    with pytest.raises(CorrectionError, match="there is no hand 2"):
        s.correct_hand(2, bids={"N": (1, False)})
    with pytest.raises(CorrectionError, match="nothing changed"):
        s.correct_hand(1, bids={"N": (4, False)})
    with pytest.raises(CorrectionError, match=r"N 5 \+ E 4 \+ S 3 \+ W 2 = 14, not 13"):
        s.correct_hand(1, tricks={"N": 5})
    assert not s.can_correct(1, tricks={"N": 5})


def test_correction_can_end_or_reopen_the_game():
    s = replay_example(EXAMPLES / "two-player-game.json")
    last = len(s.log.hands)
    hand = s.log.hands[-1]
    winner_seat = "N"
    s.correct_hand(last, tricks={winner_seat: 0, "S": 13}, by="Rosa")
    assert s.winner is None and s.phase == "bidding"
    s.correct_hand(last, tricks=dict(hand.tricks_won), by="Rosa")
    assert s.winner == "N" and len(s.log.history) == 2


def test_draft_round_trip_restores_the_hand_in_progress():
    s = partnership()
    play(s, [4, 3, 2, 2], [4, 4, 3])
    s.bid(0, blind=True)
    s.bid(3)
    draft = json.loads(json.dumps(s.draft()))
    again = GameSession(s.log, draft, clock=CLOCK)
    assert again.bids == {Seat.E: (0, True), Seat.S: (3, False)}
    assert again.turn == Seat.W and again.hand_number == 2
    with pytest.raises(SessionError, match="saved entries are for hand 1"):
        GameSession(s.log, {**draft, "hand": 1})


def test_setup_errors():
    with pytest.raises(SetupError, match="a name is needed for E, W"):
        new_game_log("partnership", {"N": "A", "S": "B"}, "N")
    with pytest.raises(SetupError, match=r"the same player is at two seats: 'Alex' \(N\) and 'alex' \(S\)"):
        new_game_log("two_player", {"N": "Alex", "S": "alex"}, "N")
    with pytest.raises(SetupError, match="E is not a seat of the two_player game"):
        new_game_log("two_player", TWO, "E")


def test_new_log_keeps_rules_event_and_first_dealer():
    log = new_game_log(Variant.PARTNERSHIP, FOUR, "E", rules=RuleSet(target_score=300),
                       season="Fall", date="2026-11-27", table="3")
    assert log.rules.target_score == 300 and log.event.table == "3"
    assert len(log.game_id) == 32
    assert GameSession(log).dealer == Seat.E


def test_random_quick_games_match_analysis():
    rng = random.Random(7)
    for variant in Variant:
        data = random_game_log(rng, variant, card_by_card=False)
        log = GameLog.model_validate(data)
        s = GameSession(new_game_log(variant, log.players, log.hands[0].dealer))
        for hand in log.hands:
            for b in hand.bids:
                s.bid(b.bid, b.blind)
            for seat in s.order[:-1]:
                s.enter_tricks(hand.tricks_won[seat.name])
            s.confirm_hand()
        assert s.totals == analyse_game(log).score.final


def test_a_draft_with_north_to_bid_next_restores_and_offers_blind_nil():
    # Two-player, S draws first: N (seat 0) bids first. A saved bid by N must restore.
    session = GameSession.start("two_player", {"N": "Megan", "S": "Drew"}, "S")
    assert session.turn == Seat.N and session.blind_nil_allowed(Seat.N)
    session.bid(0, True)
    again = GameSession(session.log)
    again.restore_draft(session.draft())
    assert again.bids == {Seat.N: (0, True)} and again.turn == Seat.S
