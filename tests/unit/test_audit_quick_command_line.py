"""``scorekeeper audit`` of a plain command line, read without click (``cli/audit_run.py``),
prints exactly what the click command prints, with the same exit status; any other command
line goes to click. Checked as whole processes: ``cli.run`` (the console script) against the
click group called directly (``cli.root.main``, the way every command line went before)."""

from __future__ import annotations

import io
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pytest

from scorekeeper.cli import audit_run
from scorekeeper.cli.audit_run import quick_audit, quick_audit_args
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
# The console script's way, noting whether click was loaded (in a file: the output is compared).
QUICK = ("import os, sys\nfrom scorekeeper.cli import run\ntry:\n    run()\nfinally:\n"
         "    open(os.environ['PROBE'], 'w').write(str('click' in sys.modules))\n")
CLICK = "from scorekeeper.cli.root import main\nmain(prog_name='scorekeeper')\n"
ENV = {k: v for k, v in os.environ.items() if k not in ("SCOREKEEPER_DB",
                                                         "_SCOREKEEPER_COMPLETE")}


def run_both(args: list[str], tmp_path: Path, cwd: Path = ROOT
             ) -> tuple[subprocess.CompletedProcess, subprocess.CompletedProcess, bool]:
    """(the quick way's result, click's, whether the quick way loaded click)."""
    probe = tmp_path / "probe.txt"
    quick = subprocess.run([sys.executable, "-c", QUICK, *args], capture_output=True,
                           cwd=cwd, env={**ENV, "PROBE": str(probe)}, check=False, timeout=300)
    slow = subprocess.run([sys.executable, "-c", CLICK, *args], capture_output=True, cwd=cwd,
                          env=ENV, check=False, timeout=300)
    return quick, slow, probe.read_text() == "True"


@pytest.fixture(scope="module")
def clean_logs(tmp_path_factory) -> list[str]:
    """Clean card-by-card partnership logs (the bulk way), enough text for two processes."""
    directory = tmp_path_factory.mktemp("clean")
    rng = random.Random(14)
    paths = []
    for i in range(40):
        log = random_game_log(rng, Variant.PARTNERSHIP, max_hands=8, blind_rate=0)
        path = directory / f"clean-{i:02d}.json"
        path.write_text(json.dumps(log))
        paths.append(str(path))
    return paths


def _cases(clean: list[str], tmp: Path, make: bool = True) -> list[tuple[str, list[str], bool]]:
    """(name, arguments after the program, whether the quick way may load click)."""
    audit_logs = sorted(str(p) for p in (EXAMPLES / "audit").glob("*.json"))
    invalid = sorted(str(p) for p in (EXAMPLES / "invalid").rglob("*.json"))[:6]
    card_by_card = str(EXAMPLES / "partnership-card-by-card.json")
    folder = tmp / "a folder"
    if make:
        folder.mkdir(exist_ok=True)
    escape = str(tmp / "\x1b[31mred\x1b[0m.json")  # a missing file whose name has colours
    return [
        ("clean json one process", ["audit", *clean[:5], "--format", "json", "--jobs", "1"],
         False),
        ("clean json default", ["audit", *clean, "--format", "json"], False),
        ("clean json two processes", ["audit", "--jobs", "2", "--format", "json", *clean],
         False),
        ("clean table", ["audit", *clean[:3]], False),
        ("findings json", ["audit", *audit_logs, "--format", "json", "--jobs", "1"], False),
        ("findings table", ["audit", *audit_logs, "--format", "table"], False),
        ("one hand", ["audit", card_by_card, *audit_logs[:4], "--hand", "1", "--format",
                      "json"], False),
        ("one hand table", ["audit", "--hand", "2", card_by_card], False),
        ("hand beyond the log", ["audit", audit_logs[0], "--hand", "40"], False),
        ("unreadable and invalid", ["audit", str(tmp / "missing.json"), str(folder), "",
                                    *invalid, card_by_card, "--format", "json"], False),
        ("unreadable table", ["audit", str(tmp / "missing é.json"), card_by_card], False),
        ("colours in a name", ["audit", escape, card_by_card, "--format", "json"], True),
        # Command lines click words (or reads another way): both go to click.
        ("jobs written 01", ["audit", card_by_card, "--jobs", "01", "--format", "json"], True),
        ("format twice", ["audit", card_by_card, "--format", "json", "--format", "table"],
         True),
        ("option with =", ["audit", card_by_card, "--format=json"], True),
        ("no log", ["audit", "--format", "json"], True),
        ("bad format", ["audit", card_by_card, "--format", "xml"], True),
        ("jobs 0", ["audit", card_by_card, "--jobs", "0"], True),
        ("help", ["audit", card_by_card, "-h"], True),
        ("a dash", ["audit", "-", card_by_card], True),
        ("end of options", ["audit", "--", card_by_card], True),
    ]


CASE_NAMES = [
    "clean json one process", "clean json default", "clean json two processes", "clean table",
    "findings json", "findings table", "one hand", "one hand table", "hand beyond the log",
    "unreadable and invalid", "unreadable table", "colours in a name", "jobs written 01",
    "format twice", "option with =", "no log", "bad format", "jobs 0", "help", "a dash",
    "end of options",
]


def test_every_case_is_run():
    assert [c[0] for c in _cases([], Path("/nonexistent"), make=False)] == CASE_NAMES


@pytest.mark.parametrize("name", CASE_NAMES)
def test_the_quick_way_prints_what_click_prints(name, clean_logs, tmp_path):
    [(_, args, may_load_click)] = [c for c in _cases(clean_logs, tmp_path) if c[0] == name]
    quick, slow, loaded_click = run_both(args, tmp_path)
    assert quick.returncode == slow.returncode
    assert quick.stdout == slow.stdout
    assert quick.stderr == slow.stderr
    assert b"Traceback" not in quick.stderr
    if not may_load_click:
        assert not loaded_click, "the quick way loaded click"


@pytest.mark.parametrize("argv, expected", [
    (["audit", "a.json"], (["a.json"], None, "table", None)),
    (["audit", "a.json", "b.json", "--format", "json", "--jobs", "1"],
     (["a.json", "b.json"], None, "json", 1)),
    (["audit", "--hand", "3", "a.json", "--format", "table", "--jobs", "12"],
     (["a.json"], 3, "table", 12)),
    (["audit", ""], ([""], None, "table", None)),
    (["audit", "audit"], (["audit"], None, "table", None)),
    (["audit"], None),
    (["audit", "--format", "json"], None),
    (["audit", "a.json", "--format"], None),
    (["audit", "a.json", "--format", "JSON"], None),
    (["audit", "a.json", "--format", "json", "--format", "json"], None),
    (["audit", "a.json", "--jobs", "0"], None),
    (["audit", "a.json", "--jobs", "01"], None),
    (["audit", "a.json", "--jobs", "+1"], None),
    (["audit", "a.json", "--jobs", " 1"], None),
    (["audit", "a.json", "--jobs", "1_0"], None),
    (["audit", "a.json", "--jobs", "١"], None),  # an Arabic-Indic one: int() takes it
    (["audit", "a.json", "--jobs", "1234567890"], None),
    (["audit", "a.json", "--hand", "-1"], None),
    (["audit", "a.json", "--format=json"], None),
    (["audit", "a.json", "-h"], None),
    (["audit", "a.json", "--help"], None),
    (["audit", "-", "a.json"], None),
    (["audit", "--", "a.json"], None),
    (["audit", "a.json", "--db", "x.db"], None),
    (["--db", "x.db", "audit", "a.json"], None),
    (["score", "a.json"], None),
    ([], None),
])
def test_which_command_lines_are_read_without_click(argv, expected, monkeypatch):
    monkeypatch.delenv("SCOREKEEPER_DB", raising=False)
    monkeypatch.delenv("_SCOREKEEPER_COMPLETE", raising=False)
    assert quick_audit_args(argv) == expected


@pytest.mark.parametrize("variable", ["SCOREKEEPER_DB", "_SCOREKEEPER_COMPLETE"])
def test_a_variable_click_reads_sends_the_command_line_to_click(variable, monkeypatch):
    monkeypatch.setenv(variable, "x")
    assert quick_audit_args(["audit", "a.json"]) is None


def test_a_folder_in_scorekeeper_db_is_refused_as_click_refuses_it(tmp_path):
    """click checks the group's ``--db`` (from the variable) even for ``audit``."""
    card_by_card = str(EXAMPLES / "partnership-card-by-card.json")
    env = {**ENV, "SCOREKEEPER_DB": str(tmp_path), "PROBE": str(tmp_path / "probe")}
    quick = subprocess.run([sys.executable, "-c", QUICK, "audit", card_by_card],
                           capture_output=True, env=env, cwd=ROOT, check=False, timeout=120)
    slow = subprocess.run([sys.executable, "-c", CLICK, "audit", card_by_card],
                          capture_output=True, env=env, cwd=ROOT, check=False, timeout=120)
    assert quick.returncode == slow.returncode == 2
    assert quick.stderr == slow.stderr and b"is a directory" in quick.stderr


def test_an_interrupt_ends_as_click_ends_it(monkeypatch):
    def interrupted(*args):
        raise KeyboardInterrupt

    err = io.StringIO()
    monkeypatch.setattr(audit_run, "audit_logs", interrupted)
    monkeypatch.setattr(sys, "stderr", err)
    assert quick_audit((["a.json"], None, "json", 1)) == 1
    assert err.getvalue() == "\nAborted!\n"


class _ClosedPipe(io.StringIO):
    def flush(self):
        raise BrokenPipeError(32, "Broken pipe")


def test_a_broken_pipe_ends_with_status_1_and_later_flushes_are_quiet(monkeypatch):
    def broken(*args):
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(audit_run, "audit_logs", broken)
    monkeypatch.setattr(sys, "stdout", _ClosedPipe())
    monkeypatch.setattr(sys, "stderr", io.StringIO())
    assert quick_audit((["a.json"], None, "json", 1)) == 1
    sys.stdout.flush()  # what the interpreter does at exit: no error


def test_another_os_error_is_not_swallowed(monkeypatch):
    def failing(*args):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(audit_run, "audit_logs", failing)
    with pytest.raises(PermissionError):
        quick_audit((["a.json"], None, "json", 1))


def test_a_reader_that_goes_away_ends_both_ways_alike(clean_logs, tmp_path):
    """The reader closes the pipe before the document is written: status and messages as
    click's (which catches the broken pipe and exits 1)."""
    args = ["audit", *clean_logs, "--format", "json", "--jobs", "1"]
    results = []
    for code, extra in ((QUICK, {"PROBE": str(tmp_path / "probe")}), (CLICK, {})):
        child = subprocess.Popen([sys.executable, "-c", code, *args], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, cwd=ROOT, env={**ENV, **extra})
        child.stdout.close()
        err = child.stderr.read()
        child.stderr.close()
        results.append((child.wait(timeout=300), err))
    assert results[0] == results[1]
    assert b"Traceback" not in results[0][1]
