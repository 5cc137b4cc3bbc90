"""``scorekeeper --help`` and every command's help, and click's own messages, as the program
printed them before its commands were loaded lazily and a plain ``audit`` command line was
read without click (``cli/root.py``, ``cli/audit_run.py``): byte for byte, as whole
processes (``help_snapshot.json``, captured from the program before that change).

When a help text is changed on purpose, rewrite the snapshot with
``python tests/cli/test_help_lazy.py --update`` and read the diff.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import click
import pytest

ROOT = Path(__file__).resolve().parents[2]
SNAPSHOT = Path(__file__).with_name("help_snapshot.json")
ENTRIES = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
# Not a terminal: click wraps the help at 80 columns whatever the terminal running the tests.
ENV = {**{k: v for k, v in os.environ.items()
          if k not in ("SCOREKEEPER_DB", "_SCOREKEEPER_COMPLETE")}, "COLUMNS": "80"}


def run(args: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "scorekeeper", *args], capture_output=True,
                          text=True, cwd=ROOT, env=ENV, check=False, timeout=120)


@pytest.mark.parametrize("entry", ENTRIES, ids=lambda e: " ".join(e["args"]) or "(none)")
def test_the_output_is_what_it_was(entry):
    done = run(entry["args"])
    assert (done.returncode, done.stdout, done.stderr) == (
        entry["exit"], entry["stdout"], entry["stderr"])


def _command_paths() -> list[list[str]]:
    from scorekeeper.cli import main

    def walk(command: click.Command, path: list[str], ctx: click.Context):
        yield path
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                yield from walk(sub, [*path, name], click.Context(sub, parent=ctx,
                                                                  info_name=name))

    return list(walk(main, [], click.Context(main, info_name="scorekeeper")))


def test_every_command_has_its_help_in_the_snapshot():
    """A command added later gets its help checked too (add it with ``--update``)."""
    helped = {tuple(e["args"][:-1]) for e in ENTRIES if e["args"][-1] == "--help"}
    assert {tuple(p) for p in _command_paths()} == helped


def _update() -> None:
    entries = []
    for path in _command_paths():
        for flag in ("--help", "-h") if not path else ("--help",):
            entries.append([*path, flag])
    entries += [e["args"] for e in ENTRIES if e["args"][-1] not in ("--help", "-h")]
    out = []
    for args in entries:
        done = run(args)
        out.append({"args": args, "exit": done.returncode, "stdout": done.stdout,
                    "stderr": done.stderr})
    SNAPSHOT.write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


if __name__ == "__main__" and sys.argv[1:] == ["--update"]:
    _update()
