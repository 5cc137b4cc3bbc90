"""Mutated logs fed to every command in-process (issue 11's fuzzing).

Each example is taken from a valid log and changed one to three times, as an attacker or a
broken tool would: a value swapped for a hostile one (a bool for a number, a lone surrogate,
a number past every bound, a 300-deep list, a date that does not exist, a path as game id), a
key dropped or added, a key written twice, an integer literal of 5,000 digits, the text cut.
Every command then runs on it (validate, score, audit both ways, import, games, standings in
every format, export) and must end with exit status 0, 1 or 2, no traceback, and, when it
refuses, a message naming the file. ``validate``'s verdict on the log's shape must be the
published schema's, read independently here: ``jsonschema`` with the date format checked, on
the text read as I-JSON (RFC 7493: no key twice, no lone surrogate, no NaN).
"""

from __future__ import annotations

import copy
import json
import math
import re
import tempfile
from pathlib import Path
from typing import Any

import jsonschema
import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.cli import main
from scorekeeper.logs.files import LogError, read_log

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "spades-game.v1.json").read_text(encoding="utf-8"))
BASES = [json.loads(p.read_text(encoding="utf-8")) for p in [
    ROOT / "examples" / "partnership-game.json", ROOT / "examples" / "two-player-game.json",
    ROOT / "examples" / "partnership-card-by-card.json",
    ROOT / "examples" / "audit" / "revoke-later-play.json",
    ROOT / "examples" / "audit" / "claim-good.json",
    ROOT / "examples" / "audit" / "revoke-ruled.json"]]


# -- the schema's verdict, read independently of the program -----------------------------
def _ecma_pattern(validator, pattern, instance, schema):
    # ECMA-262 (JSON Schema's regex dialect): '$' matches only at the very end; Python's re
    # also matches before a final newline, so "AS\n" would pass for a card.
    if validator.is_type(instance, "string") and not re.search(
            pattern.replace("$", r"\Z"), instance):
        yield jsonschema.ValidationError(f"{instance!r} does not match {pattern!r}")


Validator = jsonschema.validators.extend(jsonschema.Draft202012Validator,
                                         {"pattern": _ecma_pattern})
VALIDATOR = Validator(SCHEMA, format_checker=jsonschema.Draft202012Validator.FORMAT_CHECKER)


class NotIJson(ValueError):
    pass


def _pairs(pairs):
    if len({k for k, _ in pairs}) != len(pairs):
        raise NotIJson("a key twice")
    return dict(pairs)


def _constant(name):
    raise NotIJson(name)


def _finite(text):
    value = float(text)
    if not math.isfinite(value):
        raise NotIJson(text)
    return value


def _all_text_is_unicode(value: Any) -> bool:
    if isinstance(value, str):
        return not any(0xD800 <= ord(c) <= 0xDFFF for c in value)
    if isinstance(value, list):
        return all(_all_text_is_unicode(v) for v in value)
    if isinstance(value, dict):
        return all(_all_text_is_unicode(k) and _all_text_is_unicode(v)
                   for k, v in value.items())
    return True


def schema_takes(text: str) -> bool:
    try:
        data = json.loads(text, object_pairs_hook=_pairs, parse_constant=_constant,
                          parse_float=_finite)
    except (ValueError, RecursionError):
        return False
    return _all_text_is_unicode(data) and VALIDATOR.is_valid(data)


# -- mutations -------------------------------------------------------------------------------
def _deep(n: int) -> list:
    x: list = []
    for _ in range(n):
        x = [x]
    return x


HOSTILE = [True, False, None, 0, -1, 13, 14, 3.0, 3.5, "3", "1.0", "no", "", "N", "E", "NS",
           "AS", "AS\n", "XH", "\ud800", "Jos\u00e9", "Jose\u0301", "\tAlex", "=1+1", "a\nb",
           10 ** 20, -10 ** 20, 10 ** 9, 10 ** 9 + 1, 1e300, 2 ** 63, [], {}, [1], {"x": 1},
           "../x", "/abs/x", "a..b", "a" * 65, "ab\n", "2026-02-30", "20261127",
           "\uff12026-01-01",
           "2026-11-27", "1.\u00b2", "1.7", "2.0", "partnership", "two_player",
           "spades-game", _deep(300)]
KEYS = ["x-tool", "colour", "blind", "notes", "recorded", "claim", "game_id", "initial",
        "rules", "event", "history", "from_", "target_score", "date"]


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, here + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):  # the first items: enough, and keeps the list short
            out += _paths(v, here + (i,))
    return out


def _at(data: Any, path: tuple) -> Any:
    for p in path:
        data = data[p]
    return data


@st.composite
def mutated_logs(draw) -> str:
    data = copy.deepcopy(draw(st.sampled_from(BASES)))
    text_changes = []
    for _ in range(draw(st.integers(1, 3))):
        kind = draw(st.sampled_from(["value", "value", "value", "drop", "add", "text"]))
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        parent = _at(data, path[:-1])
        if kind == "value":
            parent[path[-1]] = copy.deepcopy(draw(st.one_of(
                st.sampled_from(HOSTILE), st.integers(), st.text(max_size=6))))
        elif kind == "drop":
            if isinstance(parent, dict):
                del parent[path[-1]]
            else:
                parent.pop(path[-1])
        elif kind == "add":
            target = _at(data, path) if isinstance(_at(data, path), dict) else parent
            if isinstance(target, dict):
                target[draw(st.sampled_from(KEYS))] = draw(st.sampled_from(HOSTILE[:20]))
        else:
            text_changes.append(draw(st.sampled_from(["twice", "digits", "cut", "nan"])))
    text = json.dumps(data, ensure_ascii=draw(st.booleans()))
    for change in text_changes:
        if change == "twice":  # a key written twice in one object
            text = text.replace('"variant": ', '"variant": "partnership", "variant": ', 1)
        elif change == "digits":
            text = text.replace('"hands": ', '"x-n": ' + "7" * 5000 + ', "hands": ', 1)
        elif change == "nan":
            text = text.replace('"hands": ', '"x-n": NaN, "hands": ', 1)
        else:
            text = text[:draw(st.integers(0, max(0, len(text) - 1)))]
    return text


# -- the commands ----------------------------------------------------------------------------
def run(*args: str):
    result = CliRunner().invoke(main, list(args))
    out = result.output + (result.stderr if result.stderr_bytes is not None else "")
    assert result.exception is None or isinstance(result.exception, SystemExit), (
        args, result.exception, out)
    assert "Traceback" not in out, (args, out)
    assert result.exit_code in (0, 1, 2), (args, result.exit_code, out)
    return result, out


def check_every_command(path: str, folder: Path) -> None:
    result, out = run("validate", path)
    valid = result.exit_code == 0
    if not valid:
        assert path in out
    for args in (["score", path], ["score", path, "--format", "json"], ["audit", path],
                 ["audit", path, "--format", "json"]):
        result, out = run(*args)
        assert (result.exit_code != 2) or path in out, (args, out)
        if valid and args[0] == "score":
            assert result.exit_code == 0, (args, out)
    db = str(folder / "season.db")
    result, out = run("--db", db, "import", path)
    assert (result.exit_code == 0) == valid, out
    if not valid:
        assert path in out
    run("--db", db, "games")
    for fmt in ("table", "json", "csv", "markdown"):
        run("--db", db, "standings", "--format", fmt)
    game_id = _game_id(path)
    if game_id is not None:
        run("--db", db, "export", game_id, "-o", str(folder / "out.json"))


def _game_id(path: str) -> str | None:
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (ValueError, RecursionError):
        return None
    game_id = data.get("game_id") if isinstance(data, dict) else None
    return game_id if isinstance(game_id, str) and "\x00" not in game_id else None


def valid_by_validate(path: str) -> bool:
    return CliRunner().invoke(main, ["validate", path]).exit_code == 0


def shape_accepted(path: str) -> bool:
    try:
        read_log(path)
    except LogError:
        return False
    return True


@settings(max_examples=120, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(mutated_logs())
def test_mutated_logs_never_crash_any_command_and_validate_agrees_with_the_schema(text):
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        path = str(folder / "mutated.json")
        Path(path).write_text(text, encoding="utf-8", errors="surrogatepass")
        check_every_command(path, folder)
        version = re.search(r'"format_version": ?"([^"]*)"', text)
        if version and version.group(1) in ("1.0", "1.1", "1.2"):
            # (a newer 1.y keeps fields it does not know, by design: not this schema's)
            schema = schema_takes(text)
            assert shape_accepted(path) == schema, text[:400]
            # validate's own way (the trusted reader first) never takes more than the schema
            assert not valid_by_validate(path) or schema, text[:400]


@pytest.mark.parametrize("base", range(len(BASES)))
def test_the_bases_are_valid_for_both(base, tmp_path):
    text = json.dumps(BASES[base])
    path = tmp_path / "base.json"
    path.write_text(text, encoding="utf-8")
    assert schema_takes(text) and shape_accepted(str(path))
