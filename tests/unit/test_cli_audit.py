"""`scorekeeper audit`: exact output, the JSON contract and the exit codes 0/1/2."""

import json
from pathlib import Path

from click.testing import CliRunner

from scorekeeper.cli import main

EXAMPLES = Path(__file__).parents[2] / "examples" / "audit"
SCORE_MISMATCH = str(EXAMPLES / "score-mismatch.json")
CLAIM_GOOD = str(EXAMPLES / "claim-good.json")


def run(*args):
    return CliRunner().invoke(main, ["audit", *args], catch_exceptions=False)


def test_table_output_of_a_small_case():
    result = run(SCORE_MISMATCH, "--hand", "2")
    assert result.exit_code == 1
    assert result.output == f"""\
Audit of {SCORE_MISMATCH}
Partnership Spades: NS (Alex & Charlie) v EW (Beth & David)
House rules: none (docs/rules.md); a proven revoke costs 3 tricks

Hand 2  (N deals)  bids: E 3, S 4, W 3, N 2
  Findings:
    [score_mismatch] the score written after hand 2 (NS 121, EW 113) should be
        NS 1, EW 113
      evidence: recorded: {{"NS": 121, "EW": 113}}; correct: {{"NS": 1, "EW": 113}}
  Tricks won: N 3 E 5 S 2 W 3
  Score after the hand              NS            EW
    recorded                       121           113
    as played                  1 (-60)     113 (+62)
    corrected                  1 (-60)     113 (+62)

Final score: as played NS 1, EW 113; corrected NS 1, EW 113
1 finding in 1 hand audited.
"""


def test_json_output_is_the_contract():
    result = run(str(EXAMPLES / "revoke-later-play.json"), CLAIM_GOOD, "--format", "json")
    assert result.exit_code == 1
    doc = json.loads(result.output)
    assert doc["hands_audited"] == 2
    assert doc["findings"] == [{
        "file": str(EXAMPLES / "revoke-later-play.json"), "hand": 1, "trick": 4, "seat": "W",
        "card": "JS", "code": "revoke",
        "message": "W showed out of diamonds at trick 4 (played JS) but played KD at trick 10",
        "evidence": {"led_suit": "D", "showed_out": {"trick": 4, "card": "JS"},
                     "held": {"card": "KD", "trick": 10, "source": "play"}}}]


def test_exit_0_when_there_is_no_finding():
    result = run(CLAIM_GOOD)
    assert result.exit_code == 0
    assert result.output.endswith("0 findings in 1 hand audited.\n")
    assert "good: NS can take" in " ".join(result.output.split())


def test_exit_2_for_unreadable_logs_with_validate_messages(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"format": "spades-game", "format_version": "1.0",
                                 "variant": "partnership", "players": {}, "hands": [{}]}))
    result = CliRunner().invoke(main, ["audit", str(bad), str(tmp_path / "none.json"),
                                       str(wrong), CLAIM_GOOD])
    assert result.exit_code == 2
    validate = CliRunner().invoke(main, ["validate", str(bad), str(tmp_path / "none.json"),
                                         str(wrong)])
    # The same problems as validate, on standard error with 'error: '.
    assert [f"error: {line}" for line in validate.output.splitlines()] == \
        result.stderr.splitlines()
    assert "0 findings in 1 hand audited." in result.stdout


def test_json_nested_too_deeply_is_refused_with_a_message_not_a_traceback(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "spades-game", "x-deep": ' + "[" * 5000 + "]" * 5000 + "}")
    for args in (["audit", str(deep)], ["audit", str(deep), "--format", "json"],
                 ["validate", str(deep)], ["score", str(deep)]):
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 2, args
        assert result.exception is None or isinstance(result.exception, SystemExit), args
        assert "nested too deeply" in result.output + result.stderr, args


def test_a_physically_impossible_log_is_audited_not_refused():
    result = run(str(EXAMPLES / "card-not-held.json"))
    assert result.exit_code == 1
    assert "[card_not_held] trick 13, E, JS: E played JS at trick 13" in result.output


def test_hand_beyond_the_log_is_exit_2():
    result = CliRunner().invoke(main, ["audit", CLAIM_GOOD, "--hand", "4"])
    assert result.exit_code == 2
    assert result.stderr == f"error: {CLAIM_GOOD}: there is no hand 4 (the log has 1 hand)\n"


def test_help():
    result = run("--help")
    assert result.exit_code == 0
    assert "Exit status 0 when there is no finding, 1 when there are findings, 2 when a log" \
        " cannot be read" in " ".join(result.output.split())
