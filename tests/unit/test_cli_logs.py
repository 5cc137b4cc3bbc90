"""The log commands (score, validate, schema) through click's CliRunner: exact output, exit
codes, and bad input turned into a message on stderr with exit status 2, never a traceback."""

from __future__ import annotations

import json
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.rules.settings import HOUSE_RULES

ROOT = Path(__file__).resolve().parents[2]
PLAYERS = {"N": "Nora", "E": "Eli", "S": "Sam", "W": "Wes"}


def bids(*pairs) -> list[dict]:
    return [{"seat": s, "bid": 0, "blind": True} if b == "blind" else {"seat": s, "bid": b}
            for s, b in pairs]


HAND_1 = {"dealer": "N", "bids": bids(("E", 3), ("S", 4), ("W", 3), ("N", 3)),
          "tricks_won": {"N": 3, "E": 3, "S": 5, "W": 2}}
HAND_2 = {"dealer": "E", "bids": bids(("S", 0), ("W", 4), ("N", 5), ("E", 2)),
          "tricks_won": {"N": 5, "E": 3, "S": 1, "W": 4}}
HAND_3 = {"dealer": "S", "bids": bids(("W", "blind"), ("N", 4), ("E", 5), ("S", 3)),
          "tricks_won": {"N": 4, "E": 5, "S": 4, "W": 0}}


def game(*hands: dict, **extra) -> dict:
    return {"format": "spades-game", "format_version": "1.0", "variant": "partnership",
            "players": PLAYERS, **extra, "hands": list(hands)}


def write(tmp_path: Path, name: str, data: dict | str) -> str:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data, indent=2),
                    encoding="utf-8")
    return str(path)


def invoke(*args: str):
    return CliRunner().invoke(main, list(args))


def assert_clean_failure(result, stderr: str) -> None:
    """Exit 2, the message on stderr and nothing on stdout, no traceback."""
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert result.stderr == stderr
    assert result.stdout == ""
    assert "Traceback" not in result.output


# -- score ---------------------------------------------------------------------------------
# By hand (docs/rules.md):
# 1. N deals. NS bid 3+4=7, won 3+5=8: 70+1 = +71 -> 71 (1 bag). EW bid 6, won 5: set -60.
# 2. E deals. S Nil fails (1 trick): -100; N bid 5 won 5: +50; S's trick is a bag: +1;
#    -49 -> 22 (2 bags). EW bid 6 won 7: +61 -> 1 (1 bag).
# 3. S deals. NS bid 7 won 8: +71 -> 93 (3 bags). W's Blind Nil made: +200; E bid 5 won 5:
#    +50; +250 -> 251 (1 bag). Nobody has 500: W deals next.
SCORE_TABLE = """\
Partnership Spades: NS (Nora & Sam) v EW (Eli & Wes), to 500
Fall 2026  2026-12-04  table 2
House rules: none (docs/rules.md)

Hand 1  (N deals)
  NS  bid  7 (N 3 S 4)  tricks  8 (N 3 S 5)
        +71 = contract +70, bags +1
      score   71  bags 1
  EW  bid  6 (E 3 W 3)  tricks  5 (E 3 W 2)
        -60 = set -60
      score  -60  bags 0
  * EW set: -60

Hand 2  (E deals)
  NS  bid  5 (N 5 S Nil)  tricks  6 (N 5 S 1)
        -49 = contract +50, bags +1, nil -100
      score   22  bags 2
  EW  bid  6 (E 2 W 4)  tricks  7 (E 3 W 4)
        +61 = contract +60, bags +1
      score    1  bags 1
  * S's Nil fails

Hand 3  (S deals)
  NS  bid  7 (N 4 S 3)  tricks  8 (N 4 S 4)
        +71 = contract +70, bags +1
      score   93  bags 3
  EW  bid  5 (E 5 W Blind Nil)  tricks  5 (E 5 W 0)
       +250 = contract +50, blind nil +200
      score  251  bags 1
  * W's Blind Nil is made

Final: NS (Nora & Sam) 93 (3 bags),  EW (Eli & Wes) 251 (1 bag)
Winner: none yet; W deals next
"""

EVENT = {"season": "Fall 2026", "date": "2026-12-04", "table": "2"}


def test_score_table_exact(tmp_path):
    path = write(tmp_path, "night.json", game(HAND_1, HAND_2, HAND_3, event=EVENT))
    result = invoke("score", path)
    assert result.exit_code == 0, result.output
    assert result.output == SCORE_TABLE


def test_score_table_with_house_rules_carried_score_and_a_winner(tmp_path):
    # Target 250; NS carry in 200 with 8 bags. Hand 1: NS +71 -> 271 and 8+1 = 9 bags; EW -60.
    log = game(HAND_1, rules={"target_score": 250},
               initial={"NS": {"score": 200, "bags": 8}, "EW": {"score": 150, "bags": 0}})
    result = invoke("score", write(tmp_path, "carried.json", log))
    assert result.exit_code == 0, result.output
    assert result.output == """\
Partnership Spades: NS (Nora & Sam) v EW (Eli & Wes), to 250
House rules: target_score 250
Carried in: NS 200 (8 bags), EW 150 (0 bags)

Hand 1  (N deals)
  NS  bid  7 (N 3 S 4)  tricks  8 (N 3 S 5)
        +71 = contract +70, bags +1
      score  271  bags 9
  EW  bid  6 (E 3 W 3)  tricks  5 (E 3 W 2)
        -60 = set -60
      score   90  bags 0
  * EW set: -60
  * NS win 271 to 90

Final: NS (Nora & Sam) 271 (9 bags),  EW (Eli & Wes) 90 (0 bags)
Winner: NS (Nora & Sam) after hand 1
"""


def side(bid, tricks, points, score, bags, parts, seat_bids, blind, won):
    return {"bid": bid, "tricks": tricks, "points": points, "score": score, "bags": bags,
            "parts": dict(zip(("contract", "bags", "nil", "blind_nil", "bag_penalty"), parts)),
            "bids": seat_bids, "blind": blind, "tricks_won": won}


def test_score_json_exact(tmp_path):
    path = write(tmp_path, "night.json", game(HAND_1, HAND_2))
    result = invoke("score", path, "--format", "json")
    assert result.exit_code == 0, result.output
    expected = {
        "variant": "partnership",
        "hands": [
            {"number": 1, "dealer": "N", "sides": {
                "NS": side(7, 8, 71, 71, 1, (70, 1, 0, 0, 0), {"S": 4, "N": 3}, [],
                           {"N": 3, "S": 5}),
                "EW": side(6, 5, -60, -60, 0, (-60, 0, 0, 0, 0), {"E": 3, "W": 3}, [],
                           {"E": 3, "W": 2})},
             "events": ["EW set: -60"]},
            {"number": 2, "dealer": "E", "sides": {
                "NS": side(5, 6, -49, 22, 2, (50, 1, -100, 0, 0), {"S": 0, "N": 5}, [],
                           {"N": 5, "S": 1}),
                "EW": side(6, 7, 61, 1, 1, (60, 1, 0, 0, 0), {"W": 4, "E": 2}, [],
                           {"E": 3, "W": 4})},
             "events": ["S's Nil fails"]},
        ],
        "final": {"NS": {"score": 22, "bags": 2}, "EW": {"score": 1, "bags": 1}},
        "winner": None,
        "won_at_hand": None,
        "next_dealer": "S",
        # Every house rule at its docs/rules.md default, in the order rules/settings.py declares them.
        "rules": {rule.name: rule.default for rule in HOUSE_RULES.values()},
    }
    assert result.output == json.dumps(expected, indent=2) + "\n"


# -- validate ------------------------------------------------------------------------------
def test_validate_a_valid_file(tmp_path):
    path = write(tmp_path, "night.json", game(HAND_1, HAND_2, HAND_3))
    result = invoke("validate", path)
    assert result.exit_code == 0
    assert result.output == f"{path}: valid (3 hands)\n"


def test_validate_an_invalid_file_lists_every_problem(tmp_path):
    wrong = json.loads(json.dumps(HAND_2))
    wrong["tricks_won"]["N"] = 4                                  # adds up to 12
    twice = dict(HAND_3, bids=HAND_3["bids"][:3] + [{"seat": "N", "bid": 3}])
    path = write(tmp_path, "night.json", game(HAND_1, wrong, twice))
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert result.output == (
        f"{path}: hand 2: tricks won add up to 12, not 13 [tricks_won_total]\n"
        f"{path}: hand 3: N bids twice [bid_duplicated]\n"
        f"{path}: hand 3: no bid by S [bid_missing]\n")


def test_validate_counts_rule_breaches_but_passes_the_file(tmp_path):
    # A wrong score on the pad (EW 11; it should be 1) is for the audit, not impossible.
    path = write(tmp_path, "night.json",
                 game(HAND_1, dict(HAND_2, recorded={"NS": 22, "EW": 11})))
    result = invoke("validate", path)
    assert result.exit_code == 0
    assert result.output == f"{path}: valid (2 hands; 1 rule breach for the audit)\n"


def test_validate_several_files_reports_each(tmp_path):
    good = write(tmp_path, "good.json", game(HAND_1))
    one = write(tmp_path, "one.json", game(HAND_1, HAND_2))
    bad = write(tmp_path, "bad.json", game(dict(HAND_1, bids=HAND_1["bids"][:3])))
    broken = write(tmp_path, "broken.json", '{"format": "spades-game",\n  "hands": [}\n')
    result = invoke("validate", good, bad, one, broken)
    assert result.exit_code == 2
    assert result.output == (
        f"{good}: valid (1 hand)\n"
        f"{bad}: hand 1: no bid by N [bid_missing]\n"
        f"{one}: valid (2 hands)\n"
        f"{broken}: not valid JSON: Expecting value at line 2, column 13\n")


def test_validate_all_valid_files_exit_0(tmp_path):
    a = write(tmp_path, "a.json", game(HAND_1))
    b = write(tmp_path, "b.json", game(HAND_1, HAND_2))
    result = invoke("validate", a, b)
    assert result.exit_code == 0
    assert result.output == f"{a}: valid (1 hand)\n{b}: valid (2 hands)\n"


def test_validate_names_the_trick_of_an_impossible_play(tmp_path):
    hand = {"dealer": "N", "bids": HAND_1["bids"],
            "tricks": [{"leader": "E", "cards": ["AC", "2C", "3C", "4C"]},
                       {"leader": "E", "cards": ["KC", "5C", "AC", "6C"]}],
            "claim": {"seat": "E", "after_trick": 2,
                      "tricks": {"N": 3, "E": 3, "S": 3, "W": 2}}}
    path = write(tmp_path, "play.json", game(hand))
    result = invoke("validate", path)
    assert result.exit_code == 2
    assert result.output == (
        f"{path}: hand 1, trick 2: AC by W at trick 2 was already played (by E at trick 1) [card_duplicated]\n")


def test_validate_needs_a_file():
    result = invoke("validate")
    assert result.exit_code == 2
    assert "Missing argument 'LOGS...'" in result.stderr


# -- schema --------------------------------------------------------------------------------
def test_schema_check_passes_on_the_committed_schemas():
    directory = ROOT / "schemas"
    result = invoke("schema", "--check", "--dir", str(directory))
    assert result.exit_code == 0
    assert result.output == f"{directory}: the schemas match the models\n"


def test_schema_check_fails_on_a_stale_schema(tmp_path):
    invoke("schema", "--dir", str(tmp_path))
    (tmp_path / "spades-game.v1.json").write_text("{}\n", encoding="utf-8")
    result = invoke("schema", "--check", "--dir", str(tmp_path))
    assert result.exit_code == 1
    assert result.stderr == (f"{tmp_path / 'spades-game.v1.json'}: out of date; run"
                             " 'scorekeeper schema'\n")
    assert result.stdout == ""


def test_schema_writes_then_checks_clean(tmp_path):
    result = invoke("schema", "--dir", str(tmp_path))
    assert result.exit_code == 0
    assert result.output == (f"wrote {tmp_path / 'spades-game.v1.json'}\n"
                             f"wrote {tmp_path / 'spades-event.v1.json'}\n")
    for name in ("spades-event.v1.json", "spades-game.v1.json"):
        assert (tmp_path / name).read_bytes() == (ROOT / "schemas" / name).read_bytes()
    assert invoke("schema", "--check", "--dir", str(tmp_path)).exit_code == 0


# -- bad input -----------------------------------------------------------------------------
def test_score_missing_file(tmp_path):
    path = str(tmp_path / "nowhere.json")
    assert_clean_failure(invoke("score", path), f"error: {path}: no such file\n")


def test_score_broken_json_names_line_and_column(tmp_path):
    path = write(tmp_path, "broken.json", '{\n  "format": "spades-game"\n  "variant": "x"\n}\n')
    assert_clean_failure(invoke("score", path), f"error: {path}: not valid JSON: Expecting ','"
                                                " delimiter at line 3, column 3\n")


def test_score_wrong_field_names_hand_and_field(tmp_path):
    wrong = json.loads(json.dumps(HAND_2))
    wrong["bids"][1]["bid"] = "four"
    wrong["tricks_won"]["E"] = -1
    path = write(tmp_path, "fields.json", game(HAND_1, wrong))
    assert_clean_failure(invoke("score", path), (
        f"error: {path}: hand 2, bid 2, bid: should be a whole number, not a text ('four')\n"
        f"error: {path}: hand 2, tricks_won, E: should be at least 0, not -1\n"))


def test_score_refuses_an_impossible_hand(tmp_path):
    wrong = json.loads(json.dumps(HAND_2))
    wrong["bids"][3] = {"seat": "S", "bid": 2}
    path = write(tmp_path, "twice.json", game(HAND_1, wrong))
    assert_clean_failure(invoke("score", path), (
        f"error: {path}: hand 2: S bids twice [bid_duplicated]\n"
        f"error: {path}: hand 2: no bid by E [bid_missing]\n"
        f"error: {path}: not scored; fix the log (scorekeeper validate lists every problem)\n"))


def test_score_a_log_that_is_not_an_object(tmp_path):
    path = write(tmp_path, "list.json", "[1, 2]\n")
    assert_clean_failure(invoke("score", path),
                         f"error: {path}: a game log is a JSON object, not an array\n")


def test_score_unknown_format_option(tmp_path):
    path = write(tmp_path, "night.json", game(HAND_1))
    result = invoke("score", path, "--format", "csv")
    assert result.exit_code == 2
    assert "'csv' is not one of 'table', 'json'" in result.stderr


# -- help ----------------------------------------------------------------------------------
@pytest.mark.parametrize("command, says", [
    ([], "Spades referee: score a card night, audit a disputed hand, keep a season."),
    (["score"], "Score a game log hand by hand"),
    (["validate"], "could physically have"),
    (["schema"], "Write the JSON Schemas of the log format"),
])
def test_every_command_has_help(command, says):
    for flag in ("--help", "-h"):
        result = invoke(*command, flag)
        assert result.exit_code == 0
        assert says in " ".join(result.output.split())


def test_every_registered_command_has_help_text():
    ctx = click.Context(main)
    names = main.list_commands(ctx)
    assert {"score", "validate", "schema", "audit", "import", "export", "games",
            "standings"} <= set(names)
    for name in names:
        command = main.get_command(ctx, name)
        assert command.help and len(command.help.split()) >= 5, name
        assert invoke(name, "--help").exit_code == 0


def test_a_file_name_made_from_a_game_id_stays_in_its_folder():
    from scorekeeper.logs.files import safe_file_name

    assert safe_file_name("f652e4cd4d54414e8a1240f0b7e23e11") == "f652e4cd4d54414e8a1240f0b7e23e11.json"
    assert safe_file_name("2026-11-30-club_1") == "2026-11-30-club_1.json"
    for hostile in ("../x", "/abs/x", "..", "a/../../b", "C:\\x", "\ud800", ""):
        name = safe_file_name(hostile)
        assert "/" not in name and "\\" not in name and ".." not in name, name
        assert name.endswith(".json") and len(name) > len(".json")
    assert len(safe_file_name("x" * 500)) == 64 + len(".json")
