"""A long log read hand by hand (``analysis/long_logs.py``) against the normal reading
(``analysis.game.analyse_file``): the same score sheet, JSON score report, findings and hand
count, or the same problems; and the ``score --format json`` text written hand by hand
(``cli/logs.report_pieces``) is ``json.dumps(report, indent=2)``.

Every log here is read hand by hand (``stream_min_chars=0``), in groups small enough that a
log spans several.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from scorekeeper.analysis import long_logs
from scorekeeper.analysis.game import analyse_file
from scorekeeper.analysis.long_logs import analyse_file_lean
from scorekeeper.analysis.score_sheet import format_score_table, score_report
from scorekeeper.cli.logs import report_pieces
from scorekeeper.logs.files import LogError
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = sorted((ROOT / "examples").rglob("*.json"))


@pytest.fixture(autouse=True)
def small_groups(monkeypatch):
    monkeypatch.setattr(long_logs, "GROUP", 3)


def outcome(read, path: str) -> Any:
    """What ``score`` and ``validate`` show of a log read by ``read``."""
    warnings: list[str] = []
    try:
        a = read(path, warnings)
    except LogError as exc:
        return ("refused", exc.source, exc.problems, warnings)
    findings = [(f.hand, f.finding.code, f.finding.message, f.finding.trick, f.finding.seat,
                 f.finding.invalid) for f in a.findings]
    sheet = format_score_table(a) if not a.invalid else None
    return (len(a.replays), findings, sheet, json.dumps(score_report(a)), warnings)


def lean(path: str, warnings: list[str]):
    return analyse_file_lean(path, warnings, stream_min_chars=0)


def assert_same(path: str) -> Any:
    expected = outcome(analyse_file, path)
    assert outcome(lean, path) == expected, path
    return expected


def write(tmp_path: Path, name: str, log: Any, indent: int | None = None) -> str:
    path = tmp_path / f"{name}.json"
    path.write_text(log if isinstance(log, str) else json.dumps(log, indent=indent),
                    encoding="utf-8")
    return str(path)


def read_whole(monkeypatch) -> list[str]:
    """Record the logs the lean reading gives to the normal one."""
    handed = []
    real = long_logs.analyse_text

    def spy(path, text, data=None, warnings=None):
        handed.append(str(path))
        return real(path, text, data, warnings)

    monkeypatch.setattr(long_logs, "analyse_text", spy)
    return handed


# -- the same analysis -------------------------------------------------------------------------
@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: str(p.relative_to(ROOT / "examples")))
def test_every_example_has_the_same_outcome(path):
    assert_same(str(path))


@pytest.mark.parametrize("variant", list(Variant))
@pytest.mark.parametrize("card_by_card", [True, False])
def test_random_games_are_read_hand_by_hand_with_the_same_outcome(tmp_path, monkeypatch,
                                                                  variant, card_by_card):
    handed = read_whole(monkeypatch)
    rng = random.Random(f"{variant} {card_by_card}")
    paths = []
    for i in range(6):
        log = random_game_log(rng, variant, card_by_card=card_by_card, max_hands=12,
                              nil_rate=0.2, blind_rate=0.1)
        if i % 2:
            log["history"] = [{"revision": 1, "at": "2026-11-27T21:00:00Z", "by": "Ann",
                               "what": "hand 2 corrected: 10:45 note"}]
        if i == 3:  # (before the hands, as logs are written)
            hands = log.pop("hands")
            log["event"] = {"season": "2026", "notes": "card night: table 2"}
            log["hands"] = hands
        paths.append(write(tmp_path, f"game {i}", log, indent=2 if i % 3 else None))
    for path in paths:
        assert_same(path)
    assert handed == [], "a valid log of the common shapes was read whole"


def test_a_log_with_a_written_score_mismatch_and_breaches_has_the_same_findings(tmp_path):
    rng = random.Random(3)
    log = random_game_log(rng, Variant.PARTNERSHIP, max_hands=8)
    log["hands"][2]["recorded"] = {"NS": 12345, "EW": -5}
    log["hands"][3]["dealer"] = log["hands"][2]["dealer"]  # dealer out of rotation
    out = assert_same(write(tmp_path, "findings", log))
    codes = {f[1] for f in out[1]}
    assert {"score_mismatch", "dealer_out_of_rotation"} <= codes


# -- what the normal reading decides ----------------------------------------------------------
def _base() -> dict[str, Any]:
    return random_game_log(random.Random(5), Variant.PARTNERSHIP, max_hands=7)


TEXT_CHANGES = {
    "key twice in a hand": lambda t: t.replace('"dealer": ', '"dealer": "N", "dealer": ', 1),
    "key twice at the top": lambda t: t.replace('"variant": ', '"variant": "x", "variant": ', 1),
    "hands twice": lambda t: t[:-1] + ', "hands": []}',
    "NaN in an extension": lambda t: t[:-1] + ', "x-t": NaN}',
    "1e400 in an extension": lambda t: t[:-1] + ', "x-t": [1e400]}',
    "lone surrogate": lambda t: t[:-1] + ', "x-t": "\\ud800"}',
    "surrogate pair": lambda t: t[:-1] + ', "x-t": "\\ud83d\\ude00"}',
    "trailing data": lambda t: t + " {}",
    "trailing comma": lambda t: t[:-1] + ",}",
    "not an object": lambda t: "[" + t + "]",
    "cut short": lambda t: t[: len(t) // 2],
    "extension after the hands": lambda t: t[:-1] + ', "x-after": 1}',
    "rules after the hands": lambda t: t[:-1] + ', "rules": {"target_score": 300}}',
    "players after the hands": lambda t: t.replace('"players": ', '"x-p": ', 1)[:-1]
    + ', "players": {"N": "a", "E": "b", "S": "c", "W": "d"}}',
    "bad history after the hands": lambda t: t[:-1] + ', "history": [{"revision": 0}]}',
    "hands not a list": lambda t: t.replace('"hands": [', '"hands": {"a": [', 1)[:-1] + "}}",
    "empty hands": lambda t: t[: t.index('"hands": [') + 10] + "]}",
    "a hand not an object": lambda t: t.replace('"hands": [', '"hands": [3, ', 1),
    "unknown field in a hand": lambda t: t.replace('"dealer": ', '"winner": "N", "dealer": ', 1),
    "colon in a note": lambda t: t.replace('"dealer": ', '"notes": "at 10:45", "dealer": ', 1),
    "a float bid": lambda t: t.replace('"bid": 3', '"bid": 3.0', 1),
    "big number": lambda t: t.replace('"bid": 3', '"bid": 1' + "0" * 5000, 1),
    "white space everywhere": lambda t: t.replace(", ", " ,\r\n\t ").replace(": ", " :\n "),
}


@pytest.mark.parametrize("name", list(TEXT_CHANGES))
def test_a_changed_text_has_the_same_outcome(tmp_path, name):
    text = json.dumps(_base())
    changed = TEXT_CHANGES[name](text)
    assert changed != text
    assert_same(write(tmp_path, "changed", changed))


def test_the_history_after_the_hands_is_read_hand_by_hand(tmp_path, monkeypatch):
    handed = read_whole(monkeypatch)
    log = _base()
    log["history"] = [{"revision": 2, "at": "x", "by": "y", "what": "z: w", "hand": 1}]
    assert_same(write(tmp_path, "history", log))
    assert handed == []


def test_a_log_that_cannot_be_read_has_the_same_problem(tmp_path):
    assert_same(str(tmp_path / "missing.json"))
    assert_same(str(tmp_path))
    (tmp_path / "latin1.json").write_bytes('{"a": "\xe9"}'.encode("latin-1"))
    assert_same(str(tmp_path / "latin1.json"))


def test_a_short_log_is_read_whole(tmp_path, monkeypatch):
    handed = read_whole(monkeypatch)
    path = write(tmp_path, "short", _base())
    analyse_file_lean(path)
    assert handed == [path]


def test_the_replays_keep_what_the_reports_read(tmp_path):
    """Hands without rulings are kept without their play; a ruled hand whole."""
    path = str(ROOT / "examples" / "audit" / "revoke-ruled.json")
    a = analyse_file_lean(path, stream_min_chars=0)
    ruled = [r for r in a.replays if r.record.rulings]
    assert ruled and all(r.record.tricks is not None for r in ruled)
    log = write(tmp_path, "slim", _base())
    slim = analyse_file_lean(log, stream_min_chars=0)
    assert all(r.record.tricks is None and r.record.deal is None for r in slim.replays)
    assert all(r.tricks_won for r in slim.replays)


# -- the JSON report written hand by hand ------------------------------------------------------
@pytest.mark.parametrize("path", [p for p in EXAMPLES if "invalid" not in p.parts][:6],
                         ids=lambda p: p.name)
def test_the_report_written_hand_by_hand_is_json_dumps(path):
    a = analyse_file(str(path))
    expected = json.dumps(score_report(a), indent=2)
    assert "".join(report_pieces(score_report(a))) == expected


def test_the_report_pieces_of_odd_reports_are_json_dumps():
    for report in ({"hands": []}, {"hands": [{}]}, {"a": 1}, {"hands": [1, [2, {"x": "\n"}]]},
                   {"w": "\x00hands\x00", "hands": [{"n": 1}]}):
        expected = json.dumps(report, indent=2)
        assert "".join(report_pieces(json.loads(json.dumps(report)))) == expected
