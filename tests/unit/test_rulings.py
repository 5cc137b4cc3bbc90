"""The referee's rulings (log format 1.1): an applied penalty is the score everywhere (the
sheet's analysis, `score`, `games`, the standings), a waived one scores the play as played,
and `audit` shows the hand as played, as ruled and as the rules would correct it.

By hand (examples/audit/revoke-ruled.json, the one hand of revoke-later-play.json): bids NS 5
(N 4, S 1), EW 6 (E 5, W 1). Played: N 3, E 6, S 1, W 3, so NS 4 of 5: set -50; EW 9 of 6:
+60 +3 bags = 63. W revoked at trick 4; the penalty (3 tricks, docs/rules.md) moves 3 of E's
tricks to N: NS 7 of 5 = +50 +2 bags = 52; EW 6 of 6 = +60.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.analysis.game import analyse_game
from scorekeeper.cli import main
from scorekeeper.logs.files import log_from_data

ROOT = Path(__file__).resolve().parents[2]
RULED = json.loads((ROOT / "examples" / "audit" / "revoke-ruled.json").read_text())
PLAYED = {"NS": -50, "EW": 63}
PENALISED = {"NS": 52, "EW": 60}


def ruled(decision: str | None, **rules) -> dict:
    data = copy.deepcopy(RULED)
    if decision is None:
        del data["hands"][0]["rulings"]
    else:
        data["hands"][0]["rulings"][0]["decision"] = decision
    if rules:
        data["rules"] = rules
    return data


def run(*args: str):
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result


def write(tmp_path: Path, data: dict, name: str = "game.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def finals(doc: dict, key: str) -> dict[str, int]:
    return {s: t["score"] for s, t in doc["final"][key].items()}


@pytest.mark.parametrize("decision,scored", [("apply", PENALISED), ("waive", PLAYED),
                                             (None, PLAYED)])
def test_the_score_follows_the_ruling_in_every_command(tmp_path, decision, scored):
    path = write(tmp_path, ruled(decision))
    score = json.loads(run("score", path, "--format", "json").stdout)
    assert {s: t["score"] for s, t in score["final"].items()} == scored
    db = str(tmp_path / "s.db")
    assert run("--db", db, "import", path).exit_code == 0
    games = run("--db", db, "games").stdout
    assert f"{scored['NS']} v {scored['EW']}" in games
    audit = json.loads(run("audit", path, "--format", "json").stdout)["files"][0]
    assert finals(audit, "played") == PLAYED
    if decision is None:  # no ruling: the rules would correct it, and nothing is "ruled"
        assert "ruled" not in audit["final"] and finals(audit, "corrected") == PENALISED
    else:
        assert finals(audit, "ruled") == scored
        assert finals(audit, "corrected") == scored  # a waiver stands in the correction too
        assert audit["hands"][0]["rulings"][0]["decision"] == decision


def test_the_sheet_shows_the_tricks_as_ruled_and_the_ruling(tmp_path):
    text = run("score", write(tmp_path, ruled("apply"))).stdout
    assert "  NS  bid  5 (N 4 S 1)  tricks  7 (N 6 S 1)" in text
    assert "  * ruling: revoke by W at trick 4: penalty applied by Sam (referee)" in text


def test_a_set_penalty_applied_sets_the_offending_side():
    analysis = analyse_game(log_from_data(ruled("apply", revoke_penalty="set")))
    ew = analysis.score.final["EW"]
    assert ew.score == -60 and analysis.as_played.final["EW"].score == 63


def test_the_audit_text_has_the_three_scores(tmp_path):
    text = run("audit", write(tmp_path, ruled("apply"))).stdout
    assert "    as played                -50 (-50)      63 (+63)\n" in text
    assert "    as ruled                  52 (+52)      60 (+60)\n" in text
    assert "  Rulings:\n    revoke by W at trick 4: penalty applied by Sam (referee)" in text


def test_a_ruling_the_play_does_not_prove_is_refused(tmp_path):
    data = ruled("apply")
    data["hands"][0]["rulings"][0]["seat"] = "E"
    path = write(tmp_path, data)
    result = run("validate", path)
    assert (result.exit_code, result.stdout) == (2, (
        f"{path}: hand 1, trick 4: a ruling on a revoke by E at trick 4, which the play does"
        " not prove [ruling_unfounded]\n"))
    assert run("score", path).exit_code == 2


def test_two_rulings_on_one_breach_are_refused(tmp_path):
    data = ruled("apply")
    data["hands"][0]["rulings"].append(dict(data["hands"][0]["rulings"][0], decision="waive"))
    result = run("validate", write(tmp_path, data))
    assert result.exit_code == 2 and "a second ruling on the revoke by W at trick 4" in (
        result.stdout)


def test_a_ruling_outside_the_schema_is_a_schema_error(tmp_path):
    data = ruled("apply")
    data["hands"][0]["rulings"][0]["decision"] = "maybe"
    path = write(tmp_path, data)
    assert run("validate", path).stdout == (
        f"{path}: hand 1, ruling 1, decision: should be 'apply' or 'waive', not 'maybe'\n")


def test_a_10_log_is_read_by_the_11_reader_unchanged():
    old = copy.deepcopy(RULED)
    del old["hands"][0]["rulings"]
    old["format_version"] = "1.0"
    log = log_from_data(old)
    assert log.format_version == "1.0" and log.hands[0].rulings is None
