"""Issue 11's hostile log files, one class each, through the commands: the exact message
naming the file and the place, exit status 2, never a traceback or a hang."""

from __future__ import annotations

import copy
import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]
GAME = json.loads((ROOT / "examples" / "partnership-game.json").read_text(encoding="utf-8"))


def changed(**changes) -> dict:
    data = copy.deepcopy(GAME)
    for dotted, value in changes.items():
        *parents, key = dotted.split("__")
        target = data
        for p in parents:
            target = target[int(p)] if isinstance(target, list) else target.setdefault(p, {})
        target[key] = value
    return data


def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output + result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    return result


def refused_everywhere(path: Path, problem: str) -> None:
    """validate prints ``file: problem`` on stdout; score and audit on stderr as errors."""
    result = run("validate", str(path))
    assert (result.exit_code, result.stdout) == (2, f"{path}: {problem}\n")
    for command in ("score", "audit"):
        result = run(command, str(path))
        assert (result.exit_code, result.stderr) == (2, f"error: {path}: {problem}\n")
        assert result.stdout == ""


CASES = {
    # 1. a game id is an identifier, never a path
    "game-id-path": (changed(game_id="../x"), "game_id: '../x' is not a game id (letters,"
                     " digits, '-', '_' and single dots between them)"),
    "game-id-absolute": (changed(game_id="/abs/x"), "game_id: '/abs/x' is not a game id"
                         " (letters, digits, '-', '_' and single dots between them)"),
    "game-id-long": (changed(game_id="a" * 65), "game_id: String should have at most 64"
                     " characters"),
    # 2. numbers have bounds: no loop, no 64-bit overflow later
    "bags-huge": (changed(initial={"NS": {"score": 0, "bags": 10 ** 14}}),
                  "initial, NS, bags: should be at most 1,000,000,000, not 100000000000000"),
    "score-beyond-64-bits": (changed(initial={"NS": {"score": 2 ** 70}}),
                             "initial, NS, score: should be at most 1,000,000,000, not"
                             f" {2 ** 70}"),
    "target-huge": (changed(rules={"target_score": 10 ** 10}), "rules, target_score: should"
                    " be at most 1,000,000,000, not 10000000000"),
    # 3. texts a program cannot write back
    "lone-surrogate-name": ('"N": "Sam \\ud800"', "players.N: a text holds a lone surrogate"
                            " escape (such as \\ud800), which is not a character"),
    "version-superscript": (changed(format_version="1.\u00b2"), "format_version: '1.\u00b2' is"
                            " not a version of the 1.x format (e.g. '1.0')"),
    "digits-5000": ('"x-n": ' + "9" * 5000, "a number has more than 4,300 digits"),
    # 5. the reader is exactly as strict as the schema
    "bid-true": (changed(hands__0__bids__0__bid=True), "hand 1, bid 1, bid: should be a whole"
                 " number, not true"),
    "bid-text": (changed(hands__0__bids__0__bid="3"), "hand 1, bid 1, bid: should be a whole"
                 " number, not a text ('3')"),
    "blind-zero": (changed(hands__0__bids__0__blind=0), "hand 1, bid 1, blind: should be true"
                   " or false, not 0"),
    "yes-no-text": (changed(rules={"allow_blind_nil": "no"}), "rules, allow_blind_nil: should"
                    " be true or false, not a text ('no')"),
    "key-twice": ('"format": "spades-game"', "the key 'format' is in one object twice (which"
                  " value counts is not defined; keep one)"),
    "date-not-a-day": (changed(event={"date": "2026-02-30"}), "event, date: '2026-02-30' is not"
                       " a day of the calendar"),
    "date-wide-digits": (changed(event={"date": "\uff12\uff10\uff12\uff16-02-03"}),
                         "event, date: '\uff12\uff10\uff12\uff16-02-03' is not a date (write it"
                         " as YYYY-MM-DD, e.g. '2026-11-27')"),
    "nan": ('"x-n": NaN', "NaN is not a JSON number"),
    # 7. JSON's words, not Python's
    "rules-number": (changed(rules=5), "rules: should be an object, not 5"),
    "event-array": (changed(event=[1]), "event: should be an object, not an array"),
    "seats-of-the-variant": (changed(players={"N": "Alex", "S": "Charlie"}), "game: players"
                             " must name the seats N, E, S, W of the partnership game, not"
                             " N, S"),
}
TEXT_EDITS = {"lone-surrogate-name": ('"N": "Alex"',), "digits-5000": ('"hands": ',),
              "key-twice": ('"format": "spades-game"',), "nan": ('"hands": ',)}


def write_case(tmp_path: Path, name: str) -> Path:
    data, _ = CASES[name]
    path = tmp_path / f"{name}.json"
    if isinstance(data, str):  # a change only the text can make
        text = json.dumps(GAME)
        (anchor,) = TEXT_EDITS[name]
        joiner = ", " if anchor.startswith('"hands"') or name == "key-twice" else ""
        if name == "lone-surrogate-name":
            text = text.replace(anchor, data, 1)
        else:
            text = text.replace(anchor, data + joiner + anchor, 1)
        path.write_text(text, encoding="utf-8")
    else:
        path.write_text(json.dumps(data), encoding="utf-8")
    return path


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_hostile_log_is_refused_by_every_command_with_its_place(tmp_path, name):
    path = write_case(tmp_path, name)
    refused_everywhere(path, CASES[name][1])


def test_the_same_player_at_two_seats_is_not_a_valid_game(tmp_path):
    path = tmp_path / "same.json"
    path.write_text(json.dumps(changed(players={"N": "Jos\u00e9", "E": "Beth",
                                                "S": " JOSE\u0301", "W": "David"})),
                    encoding="utf-8")
    result = run("validate", str(path))
    assert (result.exit_code, result.stdout) == (2, (
        f"{path}: game: one player at 2 seats: 'Jos\u00e9' (N) and ' JOSE\u0301' (S)"
        " [player_repeated]\n"))
    audit = run("audit", str(path), "--format", "json")
    assert audit.exit_code == 1
    [finding] = json.loads(audit.stdout)["findings"]
    assert (finding["hand"], finding["code"]) == (None, "player_repeated")


def test_a_pipe_is_refused_at_once_never_waited_on(tmp_path):
    fifo = tmp_path / "game.json"
    os.mkfifo(fifo)  # opening it for reading would wait for a writer forever
    refused_everywhere(fifo, "not a regular file (a pipe, device or socket is not read as a"
                             " log)")
    result = run("--db", str(tmp_path / "s.db"), "import", str(fifo))
    assert result.exit_code == 2 and f"{fifo}: not a regular file" in result.stderr


def test_a_folder_among_validates_files_is_one_line_and_the_rest_are_checked(tmp_path):
    folder = tmp_path / "logs"
    folder.mkdir()
    good = ROOT / "examples" / "two-player-game.json"
    result = run("validate", str(folder), str(good))
    assert result.exit_code == 2
    assert result.stdout.splitlines() == [f"{folder}: is a folder, not a log file",
                                          f"{good}: valid (10 hands)"]


def test_a_whole_number_written_3_0_is_3_as_in_the_schema(tmp_path):
    # JSON Schema's integer is any number without a fraction; the reader agrees.
    path = tmp_path / "float.json"
    path.write_text(json.dumps(GAME).replace('"bid": 4', '"bid": 4.0', 1), encoding="utf-8")
    assert '"bid": 4.0' in path.read_text()
    plain = run("score", str(ROOT / "examples" / "partnership-game.json"))
    assert run("score", str(path)).stdout == plain.stdout
