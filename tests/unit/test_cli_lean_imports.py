"""``score``, ``validate`` and ``audit`` of a valid log load neither pydantic nor the log
models (the trusted reader serves); a log only the models can word is still refused with their
messages. Checked in a fresh interpreter, where ``sys.modules`` shows what a command loaded."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
HEAVY = ("pydantic", "scorekeeper.logs.models", "scorekeeper.logs.files")

_PROBE = """
import json, sys
from click.testing import CliRunner
from scorekeeper.cli import main
args = json.loads(sys.argv[1])
run = CliRunner().invoke(main, args)
print(json.dumps({"exit": run.exit_code, "stdout": run.stdout, "stderr": run.stderr,
                  "loaded": sorted(m for m in sys.modules if m.split(".")[0] in
                                   ("pydantic", "scorekeeper"))}))
"""


def run_alone(*args: str) -> dict:
    done = subprocess.run([sys.executable, "-c", _PROBE, json.dumps(list(args))],
                          capture_output=True, text=True, cwd=ROOT, check=True)
    return json.loads(done.stdout)


VALID = [str(ROOT / "examples" / "partnership-card-by-card.json"),
         str(ROOT / "examples" / "two-player-game.json")]


@pytest.mark.parametrize("command", [["score"], ["score", "--format", "json"], ["validate"],
                                     ["audit"], ["audit", "--format", "json", "--jobs", "1"]])
@pytest.mark.parametrize("log", VALID, ids=lambda p: Path(p).name)
def test_a_valid_log_loads_no_pydantic(command, log):
    out = run_alone(command[0], log, *command[1:])
    assert out["exit"] in (0, 1), out
    assert not set(HEAVY) & set(out["loaded"]), out["loaded"]


def test_a_log_only_the_models_can_word_is_refused_with_their_message(tmp_path):
    data = json.loads((ROOT / "examples" / "partnership-game.json").read_text())
    data["hands"][0]["bids"][0]["bid"] = 14
    path = tmp_path / "bid14.json"
    path.write_text(json.dumps(data))
    out = run_alone("validate", str(path))
    assert out["exit"] == 2
    assert "hand 1, bid 1, bid: should be at most 13, not 14" in out["stdout"]
    assert "pydantic" in out["loaded"]  # the models worded it
    out = run_alone("score", str(path))
    assert out["exit"] == 2 and "should be at most 13, not 14" in out["stderr"]


def test_an_error_that_is_not_a_log_problem_is_not_taken_for_one():
    """``log_problems`` names a LogError only: any other ValueError is not swallowed."""
    from scorekeeper.cli.common import log_problems

    assert log_problems(ValueError("x")) is None
    from scorekeeper.logs.files import LogError

    assert log_problems(LogError("a.json", ["p"])) == ["p"]
