"""The bulk audit's quick reading of a file (``audit/batch._text``, ``plain_logs.sweep_text``)
against the careful one (``json_text.read_log_text``, ``load_log_json``, ``sweep_log``).

The contract: whatever the quick reading takes, the careful one takes too, with the same
result; what it calls not plain, the careful sweep does not take either (or the careful
reading refuses the text); what it is unsure of, the caller reads carefully. So the document
is the same, whichever way a file went (``test_plain_logs.py`` checks the documents).
"""

from __future__ import annotations

import copy
import json
import os
import random
import pytest

# tests/unit is on sys.path (pytest's rootdir import mode):
from test_plain_logs import (NAMED_MUTATIONS, _base_for_mutations, assert_same_document,
                             clean_log, decorate, write)
from test_trusted_reader import single_changes

from scorekeeper.audit.batch import _text, audit_json
from scorekeeper.audit.plain_logs import UNSURE, sweep_log, sweep_text
from scorekeeper.logs.json_text import JsonTextError, load_log_json, read_log_text


def careful(text: str, file: str = "x.json"):
    """What the careful way makes of a text: the sweep, or None (not swept), or "refused"."""
    try:
        data = load_log_json(text)
    except JsonTextError:
        return "refused"
    return sweep_log(data, file)


def assert_agrees(text: str, file: str = "x.json") -> str:
    """The quick sweep of ``text`` agrees with the careful one; returns which way it went."""
    quick = sweep_text(text, file)
    slow = careful(text, file)
    if quick is UNSURE:
        return "unsure"
    if quick is False:
        assert slow in (None, "refused"), f"not plain quickly, swept carefully: {text[:300]}"
        return "not plain"
    assert quick == slow, f"the quick sweep differs: {text[:300]}"
    return "swept"


# -- 1. the quick sweep takes clean logs, with the careful sweep's result ----------------------
def test_clean_decorated_logs_are_swept_quickly_with_the_same_result():
    rng = random.Random(31)
    ways = []
    for _ in range(40):
        log = decorate(clean_log(rng, max_hands=4, nil_rate=0.25), rng)
        if rng.random() < 0.3:
            log["event"] = {"season": "2026", "x-app": {"v": [1, {"k": None}]}}
            log["x-tool"] = {"name": "t", "tags": ["a", "b"]}
        for h in log["hands"]:
            if h.get("notes"):
                h["notes"] = h["notes"].replace(":", ";")  # a colon is a doubt, below
        ways.append(assert_agrees(json.dumps(log)))
    assert ways.count("swept") >= 35, ways


def test_an_indented_log_is_swept_quickly():
    text = json.dumps(_base_for_mutations(), indent=2)
    assert assert_agrees(text) == "swept"


# -- 2. what only the careful reading refuses never passes quickly -----------------------------
@pytest.mark.parametrize("where", [
    '"bid": ', '"leader": ', '"dealer": ', '"N": ', '"variant": ', '"format": ', '"NS": '])
def test_a_key_twice_is_never_swept_quickly(where):
    """The first such key and its value written twice, the same both times."""
    text = json.dumps(_base_for_mutations())
    i = text.index(where)
    j = text.index(",", i)
    changed = text[:i] + text[i:j] + ", " + text[i:j] + text[j:]
    assert careful(changed) == "refused"
    assert assert_agrees(changed) in ("unsure", "not plain")


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "1e400", "-1e999", "2.5",
                                   '"\\ud800"', '"\\udfff x"', '"\\ud83d\\ude00"', '[1.5]',
                                   '{"a": {"b": NaN}}'])
@pytest.mark.parametrize("where", ["game", "event", "rules"])
def test_what_json_text_refuses_in_the_game_part_never_passes_quickly(value, where):
    log = _base_for_mutations()
    if where == "game":
        log["x-tool"] = "@@"
    elif where == "event":
        log["event"] = {"season": "2026", "x-app": "@@"}
    else:
        log["rules"] = {"target_score": "@@"}
    text = json.dumps(log).replace('"@@"', value)
    way = assert_agrees(text)
    if careful(text) == "refused":
        assert way in ("unsure", "not plain")


@pytest.mark.parametrize("value", ["NaN", "1e400", "3.0", '"\\ud800"'])
@pytest.mark.parametrize("spot", ["bid", "notes", "recorded"])
def test_what_json_text_refuses_in_a_hand_never_passes_quickly(value, spot):
    log = _base_for_mutations()
    h = log["hands"][0]
    if spot == "bid":
        h["bids"][1]["bid"] = "@@"
    elif spot == "notes":
        h["notes"] = "@@"
    else:
        h["recorded"]["NS"] = "@@"
    text = json.dumps(log).replace('"@@"', value)
    assert assert_agrees(text) in ("unsure", "not plain")


def test_a_colon_in_a_text_is_a_doubt_then_the_careful_sweep_takes_it(tmp_path):
    log = _base_for_mutations()
    log["hands"][0]["notes"] = "revoke at 10:45, withdrawn"
    text = json.dumps(log)
    assert sweep_text(text, "x.json") is UNSURE
    assert careful(text) is not None
    # ... and the document is the one the careful reading makes
    assert_same_document([write(tmp_path, "colon", text)])


@pytest.mark.parametrize("name", list(NAMED_MUTATIONS))
def test_a_named_mutation_is_read_alike(name):
    log = _base_for_mutations()
    NAMED_MUTATIONS[name](log)
    assert assert_agrees(json.dumps(log)) != "swept"


def test_every_single_change_is_read_alike():
    log = _base_for_mutations()
    del log["hands"][1]
    ways = {}
    for changed in single_changes(log):
        way = assert_agrees(json.dumps(changed))
        ways[way] = ways.get(way, 0) + 1
    assert ways.get("swept", 0) > 0 and ways.get("not plain", 0) > 0, ways


def test_random_text_damage_is_read_alike():
    """Characters dropped, doubled or swapped anywhere in the text: whatever the quick sweep
    takes, the careful reading takes the same way."""
    rng = random.Random(8)
    base = json.dumps(_base_for_mutations())
    ways = {}
    for _ in range(1500):
        text = base
        for _ in range(rng.randint(1, 2)):
            i = rng.randrange(len(text))
            kind = rng.choice(["drop", "double", "swap", "digit"])
            if kind == "drop":
                text = text[:i] + text[i + 1:]
            elif kind == "double":
                text = text[:i] + text[i] + text[i:]
            elif kind == "swap" and i + 1 < len(text):
                text = text[:i] + text[i + 1] + text[i] + text[i + 2:]
            else:
                text = text[:i] + rng.choice("0123456789.e-") + text[i + 1:]
        way = assert_agrees(text)
        ways[way] = ways.get(way, 0) + 1
    assert len(ways) >= 2, ways


def test_the_head_cache_keeps_types_apart():
    """Two logs whose game-level parts are equal in Python (1 == 1.0 == True) but not in
    JSON: the second is not swept on the strength of the first."""
    log = _base_for_mutations()
    log["rules"] = {"target_score": 500, "allow_blind_nil": True}
    assert assert_agrees(json.dumps(log)) == "swept"
    log["rules"] = {"target_score": 500.0, "allow_blind_nil": True}
    assert careful(json.dumps(log)) is None
    assert assert_agrees(json.dumps(log)) != "swept"
    log["rules"] = {"target_score": 500, "allow_blind_nil": 1}
    assert careful(json.dumps(log)) is None
    assert assert_agrees(json.dumps(log)) != "swept"


# -- 3. the quick read of a file is read_log_text's --------------------------------------------
@pytest.mark.parametrize("content", [
    b'{"a": 1}\n', b'{"a":\r\n 1}\r\n', b'{"a":\r 1}', b"\xef\xbb\xbf{}", b"\xff\xfe{}",
    "{\"name\": \"Jos\u00e9\"}".encode(), b"", b"\x00",
])
def test_the_quick_read_of_a_file_is_read_log_texts(tmp_path, content):
    path = tmp_path / "log.json"
    path.write_bytes(content)
    try:
        expected = read_log_text(path)
    except JsonTextError:
        expected = None
    assert _text(str(path)) == expected


def test_what_read_log_text_refuses_is_not_read_quickly(tmp_path):
    assert _text(str(tmp_path)) is None  # a folder
    assert _text(str(tmp_path / "missing.json")) is None
    assert _text("nul\x00name.json") is None
    if hasattr(os, "mkfifo"):
        fifo = tmp_path / "pipe.json"
        os.mkfifo(fifo)
        assert _text(str(fifo)) is None  # never opened: no writer, no hang


def test_a_document_of_files_read_every_way_is_the_careful_one(tmp_path):
    rng = random.Random(4)
    base = _base_for_mutations()
    texts = {
        "plain": json.dumps(decorate(clean_log(rng, max_hands=3), rng)),
        "crlf": json.dumps(copy.deepcopy(base), indent=1).replace("\n", "\r\n"),
        "colon": json.dumps({**base, "event": {"notes": "a: b"}}),
        "twice": json.dumps(base).replace('"format": "spades-game"',
                                          '"format": "spades-game", "format": "spades-game"'),
        "nan": json.dumps({**base, "x-t": "@@"}).replace('"@@"', "NaN"),
        "pair": json.dumps({**base, "x-t": "\U0001F600"}),
    }
    paths = [write(tmp_path, name, text) for name, text in texts.items()]
    paths.append(str(tmp_path / "missing.json"))
    doc = assert_same_document(paths)
    assert len(doc["files"]) == 4  # twice and nan are refused, missing is missing
    run = audit_json(paths, workers=1)
    assert [e.split(":")[0] for e in run.errors] == [paths[3], paths[4], paths[6]]
