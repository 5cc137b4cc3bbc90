"""The example logs: valid ones are valid and score as docs/rules.md says (figures worked out by
hand below); every invalid one is refused with a message naming the file, hand and trick."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import read_log

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
VALID = sorted(p for p in EXAMPLES.glob("*.json"))
PARTNERSHIP_GAME = EXAMPLES / "partnership-game.json"
CARD_BY_CARD = EXAMPLES / "partnership-card-by-card.json"
TWO_PLAYER = EXAMPLES / "two-player-game.json"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def test_the_examples_the_issue_asks_for_exist():
    names = {p.name for p in VALID}
    assert {"partnership-game.json", "partnership-card-by-card.json",
            "two-player-game.json"} <= names


@pytest.mark.parametrize("path", VALID, ids=lambda p: p.name)
def test_valid_example_passes_validate(path):
    result = run("validate", str(path))
    assert result.exit_code == 0, result.output
    n = len(json.loads(path.read_text())["hands"])
    assert result.output == f"{path}: valid ({n} hand{'s' if n > 1 else ''})\n"


# -- the partnership game, scored by hand ------------------------------------------------
# docs/rules.md: a contract made scores 10 a bid trick and 1 a bag; a set loses 10 a bid trick;
# Nil +-100, Blind Nil +-200; a failed Nil's tricks are bags; 10 bags cost 100 (the rest
# carry). Columns: points this hand -> running score (bags).
#
# hand dealer bids (order)        tricks N E S W  NS                         EW
#  1   W   N4 E3 S2 W2             4 4 3 2        bid 6 won 7: 60+1=61 -> 61 (1)     bid 5 won 6: 51 -> 51 (1)
#  2   N   E4 S3 W3 N3             3 4 4 2        bid 6 won 7: 61 -> 122 (2)         bid 7 won 6: -70 -> -19 (1)
#  3   E   S Nil W4 N5 E3          6 4 0 3        S Nil made +100; N bid 5 won 6:    bid 7 won 7: 70 -> 51 (1)
#                                                 50+1; 151 -> 273 (3)
#  4   S   W3 N4 E Nil S4          4 1 5 3        bid 8 won 9: 81 -> 354 (4)         E Nil fails -100; W bid 3 won 3:
#                                                                                    +30; E's trick a bag +1:
#                                                                                    -69 -> -18 (2)
#  5   W   N4 E5 S3 W Blind Nil    4 6 3 0        bid 7 won 7: 70 -> 424 (4)         W Blind Nil made +200; E bid 5
#                                                                                    won 6: 51; 251 -> 233 (3)
#  6   N   E3 S3 W2 N2             4 3 4 2        bid 5 won 8: 53 -> 477 (7)         bid 5 won 5: 50 -> 283 (3)
#  7   E   S2 W4 N2 E3             4 3 3 3        bid 4 won 7: 40+3=43; bags 7+3=10: bid 7 won 6: -70 -> 213 (3)
#                                                 -100, 0 carried; -57 -> 420 (0)
#  8   S   W4 N3 E4 S2             3 4 2 4        bid 5 won 5: 50 -> 470 (0)         bid 8 won 8: 80 -> 293 (3)
#  9   W   N3 E3 S3 W3             4 3 3 3        bid 6 won 7: 61 -> 531 (1)         bid 6 won 6: 60 -> 353 (3)
# NS reach 500 after hand 9 and win 531 to 353. Without the bag penalty at hand 7 they would
# have had 520 after that hand and won there.
HAND_SCORES = [  # (NS score, NS bags, EW score, EW bags) after each hand, from the table above
    (61, 1, 51, 1), (122, 2, -19, 1), (273, 3, 51, 1), (354, 4, -18, 2), (424, 4, 233, 3),
    (477, 7, 283, 3), (420, 0, 213, 3), (470, 0, 293, 3), (531, 1, 353, 3),
]


@pytest.fixture(scope="module")
def partnership_report():
    result = run("score", str(PARTNERSHIP_GAME), "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def test_partnership_game_running_scores_match_the_hand_arithmetic(partnership_report):
    got = [(h["sides"]["NS"]["score"], h["sides"]["NS"]["bags"],
            h["sides"]["EW"]["score"], h["sides"]["EW"]["bags"]) for h in partnership_report["hands"]]
    assert got == HAND_SCORES


def test_partnership_game_final_score_and_winner(partnership_report):
    assert partnership_report["final"] == {"NS": {"score": 531, "bags": 1},
                                           "EW": {"score": 353, "bags": 3}}
    assert partnership_report["winner"] == "NS"
    assert partnership_report["won_at_hand"] == 9
    assert partnership_report["next_dealer"] is None


def test_partnership_game_bag_penalty_falls_at_hand_7(partnership_report):
    penalties = {h["number"]: side for h in partnership_report["hands"]
                 for side, s in h["sides"].items() if s["parts"]["bag_penalty"]}
    assert penalties == {7: "NS"}
    ns = partnership_report["hands"][6]["sides"]["NS"]
    # bid 4, won 7: contract 40, 3 bags; 7 carried + 3 = 10: -100, 0 carried.
    assert ns["parts"] == {"contract": 40, "bags": 3, "nil": 0, "blind_nil": 0,
                           "bag_penalty": -100}
    assert (ns["points"], ns["score"], ns["bags"]) == (-57, 420, 0)
    assert "NS reach 10 bags: -100" in partnership_report["hands"][6]["events"]


def test_partnership_game_nils(partnership_report):
    hands = partnership_report["hands"]
    assert hands[2]["sides"]["NS"]["parts"]["nil"] == 100  # Charlie's Nil made
    assert hands[3]["sides"]["EW"]["parts"] == {"contract": 30, "bags": 1, "nil": -100,
                                                "blind_nil": 0, "bag_penalty": 0}
    assert hands[3]["sides"]["EW"]["points"] == -69  # Beth's Nil fails with one trick
    assert hands[4]["sides"]["EW"]["blind"] == ["W"]
    assert hands[4]["sides"]["EW"]["parts"]["blind_nil"] == 200  # David's Blind Nil made
    assert hands[4]["events"] == ["W's Blind Nil is made"]


def test_partnership_game_dealer_rotates_and_recorded_scores_agree():
    log = read_log(PARTNERSHIP_GAME)
    assert [h.dealer for h in log.hands] == list("WNESWNESW")
    assert [i for i, h in enumerate(log.hands, start=1) if h.recorded] == [3, 5, 7, 9]
    assert log.event.season == "Fall 2026"
    assert analyse_game(log).findings == []  # no rotation finding, no score_mismatch


# -- the card-by-card hands --------------------------------------------------------------
def test_card_by_card_hand_is_complete_and_has_no_finding():
    log = read_log(CARD_BY_CARD)
    (hand,) = log.hands
    assert len(hand.tricks) == 13 and all(len(t.cards) == 4 for t in hand.tricks)
    assert sorted(c for t in hand.tricks for c in t.cards) == sorted(
        c for cards in hand.deal.values() for c in cards)
    assert [b.seat for b in hand.bids if b.blind] == ["W"]
    assert [(x.from_, x.to, len(x.cards)) for x in hand.exchanges] == [("W", "E", 3), ("E", "W", 3)]
    analysis = analyse_game(log)
    assert analysis.findings == []
    assert {str(s): n for s, n in analysis.replays[0].tricks_won.items()} == dict(hand.tricks_won)


def test_card_by_card_hand_scores_as_the_rules_say():
    # NS bid 4+2=6, won 4+3=7: 61. EW: E bid 5 and won 6 (50+1), W's Blind Nil made (+200): 251.
    result = run("score", str(CARD_BY_CARD), "--format", "json")
    final = json.loads(result.output)["final"]
    assert final == {"NS": {"score": 61, "bags": 1}, "EW": {"score": 251, "bags": 1}}


def test_two_player_game_draws_blind_nil_and_winner():
    log = read_log(TWO_PLAYER)
    assert all(len(h.draw) == 26 for h in log.hands)
    assert [h.dealer for h in log.hands] == [("N", "S")[i % 2] for i in range(len(log.hands))]
    played = [i for i, h in enumerate(log.hands, start=1) if h.tricks]
    assert 1 in played and len(played) >= 2
    blind = [i for i, h in enumerate(log.hands, start=1) if h.redraws]
    assert len(blind) == 1 and blind[0] in played
    redraw = log.hands[blind[0] - 1].redraws[0]
    assert len(redraw.discarded) == len(redraw.drawn) == 3
    analysis = analyse_game(log)
    assert analysis.findings == []
    assert analysis.score.winner is not None and analysis.score.won_at_hand == len(log.hands)
    assert max(t.score for t in analysis.score.final.values()) >= 500


# -- invalid logs -------------------------------------------------------------------------
# One defect per file; the message validate must print (after "<file>: ").
CONSISTENCY = {
    "card-played-twice.json":
        "hand 1, trick 6: 4C by N at trick 6 was already played (by E at trick 2) [card_duplicated]",
    "twelve-tricks.json":
        "hand 1: only 12 tricks are recorded and no claim ends the hand [trick_count]",
    "trick-of-three-cards.json":
        "hand 1, trick 13: 3 cards in the trick, not 4 [trick_size]",
    "seat-bids-twice.json": "hand 1: N bids twice [bid_duplicated]",
    "tricks-won-add-to-12.json": "hand 1: tricks won add up to 12, not 13 [tricks_won_total]",
    "hand-after-game-won.json":
        "hand 10: recorded after NS won the game at hand 9 [hand_after_game_won]",
    "impossible-draw.json": "hand 1: AD is drawn twice (draw turn 5) [draw_invalid]",
    "exchange-card-not-dealt.json":
        "hand 1: exchange W to E (AS 4S 7S): W was not dealt AS [exchange_invalid]",
    "card-not-in-deal.json":
        "hand 1, trick 4: N played 4C at trick 4, but N did not hold it (after the exchange)"
        " [card_not_held]",
    "redraw-not-from-discards.json":
        "hand 1: redraw by N: AD is not among the cards discarded in the draw [redraw_invalid]",
    "ruling-unfounded.json":
        "hand 1, trick 5: a ruling on a revoke by W at trick 5, which the play does not prove"
        " [ruling_unfounded]",
}
CONSISTENCY_DIR = EXAMPLES / "invalid" / "consistency"


def test_every_consistency_file_has_an_expected_message():
    assert sorted(p.name for p in CONSISTENCY_DIR.glob("*.json")) == sorted(CONSISTENCY)


@pytest.mark.parametrize("name", sorted(CONSISTENCY))
def test_consistency_example_is_refused_by_validate(name):
    path = CONSISTENCY_DIR / name
    result = run("validate", str(path))
    assert result.exit_code == 2
    lines = result.output.splitlines()
    assert f"{path}: {CONSISTENCY[name]}" in lines, result.output
    assert all(line.startswith(f"{path}: hand ") for line in lines)


@pytest.mark.parametrize("name", sorted(CONSISTENCY))
def test_consistency_example_is_refused_by_score(name):
    path = CONSISTENCY_DIR / name
    result = CliRunner().invoke(main, ["score", str(path)])
    assert result.exit_code == 2
    assert f"error: {path}: {CONSISTENCY[name]}" in result.stderr.splitlines()
    assert result.stdout == ""


def test_validate_lists_every_file_and_fails_if_one_is_invalid():
    bad = CONSISTENCY_DIR / "twelve-tricks.json"
    result = run("validate", str(PARTNERSHIP_GAME), str(bad))
    assert result.exit_code == 2
    assert result.output == (
        f"{PARTNERSHIP_GAME}: valid (9 hands)\n"
        f"{bad}: hand 1: only 12 tricks are recorded and no claim ends the hand [trick_count]\n")
