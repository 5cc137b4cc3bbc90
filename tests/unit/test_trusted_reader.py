"""The trusted fast reader (``scorekeeper/logs/trusted_reader.py``) never accepts a log the schema
refuses, and what it builds equals what the normal (pydantic) path builds; the audit gives the
same document on one core or two."""

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from log_strategies import json_values, logs, small_text

from scorekeeper.audit.batch import audit_paths
from scorekeeper.audit.batch import audit_json
from scorekeeper.logs.trusted_reader import read_fast
from scorekeeper.analysis.game import (
    analyse_fast,
    analyse_game,
    hand_record,
    ruleset_of,
)
from scorekeeper.rules.scoring import initial_totals
from scorekeeper.logs.files import LogError, parse_log
from scorekeeper.rules.seats import Variant

ROOT = Path(__file__).parents[2]
EXAMPLES = ROOT / "examples"


def normal_read(text):
    """The normal path's verdict: the GameLog, or None when it refuses the log."""
    try:
        return parse_log(text, "t.json")
    except LogError:
        return None


def assert_same_as_normal(text):
    """When the fast reader takes ``text``, pydantic takes it too, with equal results.
    Returns whether the fast reader took it."""
    fast = read_fast(text)
    if fast is None:
        return False
    log = normal_read(text)
    assert log is not None, "the fast reader accepted a log the schema refuses"
    variant = Variant(log.variant)
    assert fast.variant is variant
    assert fast.records == tuple(hand_record(variant, h) for h in log.hands)
    assert fast.rules == ruleset_of(log)
    facts = fast.facts
    assert facts.players == log.players
    assert facts.game_id == log.game_id
    assert facts.format_version == log.format_version
    assert list(facts.recorded) == [h.recorded for h in log.hands]
    assert initial_totals(facts.initial, variant) == initial_totals(log.initial, variant)
    if log.event is None:
        assert facts.event is None
    else:
        assert (facts.event.season, facts.event.date, facts.event.table, facts.event.notes) == (
            log.event.season, log.event.date, log.event.table, log.event.notes)
    quick, normal = analyse_fast(fast), analyse_game(log)
    assert quick.findings == normal.findings
    assert quick.score == normal.score
    assert quick.replays == normal.replays
    assert quick.initial == normal.initial and quick.recorded == normal.recorded
    return True


# -- random logs, valid and not ---------------------------------------------------------------
# The valid logs: the strategy of log_strategies.py, which reaches every field of the format.


# Values that are almost right: the wrong type, just out of range, a card or seat not quite
# canonical, a number as text.
NEAR_MISSES = [True, False, 0, 1, -1, 13, 14, 26, 27, 201, 2.0, 0.5, "", "N", "E", "X", "n",
               "NS", "EW", "AS", "as", "10H", "1H", "AS ", "1.0", "2.0", "1.0\n", "3", None, [],
               {}, ["AS"], ["AS", "KS", "QS", "JS", "TS"], {"N": 1}, {"seat": "N", "bid": 1},
               "partnership", "two_player", "spades-game", "2026-11-27", "2026-1-27",
               "x" * 201, 10 ** 20]


def near(value):
    """Values close to ``value``: the edges of its range and its neighbours of other types."""
    if isinstance(value, bool):
        return [not value, int(value), str(value).lower(), None]
    if isinstance(value, int):
        return [value + 1, value - 1, -value - 1, 0, 13, 14, -1, float(value), str(value),
                value != 0, None]
    if isinstance(value, str):
        return ["", value + "x", value.lower(), " " + value, value[:-1], value * 2, None, 1,
                [value]]
    if isinstance(value, list):
        lengths = [(value * 27)[:n] for n in (0, 3, 4, 5, 13, 14, 26, 27)] if value else [[1]]
        return lengths + [value[:-1], value + value[:1], {}, None, "".join(map(str, value))]
    if isinstance(value, dict):
        return [[], None, dict(list(value.items())[:-1])]
    return [None]


def spots(obj, path=()):
    """Every place in a JSON value, as a path of keys and indexes."""
    yield path
    if isinstance(obj, dict):
        for k, v in obj.items():
            yield from spots(v, path + (k,))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            yield from spots(v, path + (i,))


def at(data, path):
    for p in path:
        data = data[p]
    return data


NEAR_KEYS = ["N", "E", "S", "W", "X", "NS", "EW", "x-tool", "x", "blind", "from_", "accepted",
             "score", "bags", "notes", "recorded", "leader", "cards", "date", "rules", "claim",
             "tricks_won", "deal", "redraws", "exchanges", "draw", "extra", ""]


def signature(path):
    return tuple("*" if isinstance(p, int) else p for p in path)


@st.composite
def damaged_logs(draw):
    """A small valid log changed in one or two places: a value replaced by a near one (or
    any JSON value), a key renamed, added or removed, an item added or removed. The kind of
    place (its path with the indexes left out) is drawn first, so the rare fields are hit
    as often as the common ones."""
    data = draw(logs(hands=2, most=3, nulls=True))
    for _ in range(draw(st.integers(1, 2))):
        by_kind = {}
        for path in spots(data):
            if path:
                by_kind.setdefault(signature(path), []).append(path)
        if not by_kind:
            break
        kind_of_place = draw(st.sampled_from(sorted(by_kind, key=repr)))
        path = draw(st.sampled_from(by_kind[kind_of_place]))
        change = draw(st.sampled_from(["near", "near", "near", "any", "rename", "add", "remove"]))
        parent, last = at(data, path[:-1]), path[-1]
        target = parent[last]
        if change == "near":
            parent[last] = draw(st.sampled_from(near(target)))
        elif change == "any":
            parent[last] = draw(st.one_of(st.sampled_from(NEAR_MISSES), json_values))
        elif change == "remove":
            del parent[last]
        elif change == "rename" and isinstance(parent, dict):
            parent[draw(st.sampled_from(NEAR_KEYS))] = parent.pop(last)
        elif isinstance(target, dict):
            key = draw(st.one_of(st.sampled_from(NEAR_KEYS), small_text))
            target[key] = draw(st.one_of(st.sampled_from(NEAR_MISSES), json_values))
        elif isinstance(target, list):
            target.append(draw(st.sampled_from(target + NEAR_MISSES if target else NEAR_MISSES)))
    return data


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs(nulls=True))
def test_valid_random_logs_are_taken_the_fast_way_with_the_same_result(data):
    text = json.dumps(data)
    assert normal_read(text) is not None
    assert assert_same_as_normal(text), "a valid log of the common shapes was deferred"


def single_changes(data):
    """Every log one change away from ``data``: each value replaced by each near value, each
    key renamed to each near key or removed, a near key added to each object, an item removed
    from or added to each list."""
    for path in spots(data):
        if not path:
            continue
        parent_path, last = path[:-1], path[-1]
        target = at(data, path)
        edits = [("set", v) for v in near(target)] + [("remove", None)]
        if isinstance(last, str):
            edits += [("rename", k) for k in NEAR_KEYS if k != last]
        if isinstance(target, dict):
            edits += [("add", k) for k in NEAR_KEYS if k not in target]
        if isinstance(target, list):
            edits += [("append", target[0] if target else "AS")]
        for edit, arg in edits:
            copy = json.loads(json.dumps(data))
            parent = at(copy, parent_path)
            if edit == "set":
                parent[last] = arg
            elif edit == "remove":
                del parent[last]
            elif edit == "rename":
                parent[arg] = parent.pop(last)
            elif edit == "add":
                parent[last][arg] = 1
            else:
                parent[last].append(arg)
            yield copy


TAKEN = {"damaged": 0, "all": 0}


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(logs(hands=1, most=2, nulls=True))
def test_no_single_change_to_a_valid_log_is_taken_when_the_schema_refuses_it(data):
    for changed in single_changes(data):
        TAKEN["all"] += 1
        TAKEN["damaged"] += assert_same_as_normal(json.dumps(changed))


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_logs())
def test_damaged_random_logs_are_never_taken_when_the_schema_refuses_them(data):
    TAKEN["all"] += 1
    TAKEN["damaged"] += assert_same_as_normal(json.dumps(data))


def test_the_damaged_logs_reached_both_verdicts():
    # Runs after the properties above (pytest keeps file order): changes that only ever broke
    # logs beyond the fast reader, or never broke them, would prove nothing.
    if TAKEN["all"]:
        assert 0 < TAKEN["damaged"] < TAKEN["all"]


@pytest.mark.parametrize("text", [
    "", "[]", "null", "{", '{"format": "spades-game"}', "\ufeff{}", "NaN", "1" * 5000,
    "[" * 100_000 + "]" * 100_000,
])
def test_text_that_is_not_a_log_is_deferred(text):
    assert read_fast(text) is None


@pytest.mark.parametrize("field", ["game_id", "players.N", "event.notes"])
def test_a_lone_surrogate_is_refused_by_both_readers(field):
    # Python keeps "\ud800" (a JSON escape) in a str, and crashed writing it out later.
    data = json.loads((EXAMPLES / "partnership-game.json").read_text())
    top, _, key = field.partition(".")
    if key:
        data.setdefault(top, {})[key] = "Sam \ud800"
    else:
        data[top] = "table-3-\ud800"
    text = json.dumps(data)
    assert read_fast(text) is None
    with pytest.raises(LogError, match=f"^x.json: {field.replace('.', '[.]')}: a text holds a"
                                       " lone surrogate"):
        parse_log(text, "x.json")


def test_a_repeated_key_is_refused_by_both_readers():
    data = json.loads((EXAMPLES / "partnership-game.json").read_text())
    text = json.dumps(data)
    for twice in (text.replace('"variant": "partnership"',
                               '"variant": "two_player", "variant": "partnership"'),
                  text.replace('"seat": "N"', '"seat": "N", "seat": "N"', 1)):
        assert twice != text and read_fast(twice) is None
        with pytest.raises(LogError, match="is in one object twice"):
            parse_log(twice, "x.json")


# -- the examples -----------------------------------------------------------------------------
ALL_EXAMPLES = sorted(EXAMPLES.rglob("*.json"))
REFUSED = sorted((EXAMPLES / "invalid" / "schema").glob("*.json")) + [
    EXAMPLES / "invalid" / "broken.json"]


@pytest.mark.parametrize("path", ALL_EXAMPLES, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_every_example_is_taken_with_the_same_analysis_or_deferred(path):
    text = path.read_text(encoding="utf-8")
    taken = assert_same_as_normal(text)
    if path in REFUSED:
        assert not taken
    elif "invalid" not in path.parts:
        assert taken, "a valid example should be read the fast way"


def test_the_refused_examples_are_all_there():
    assert len(REFUSED) == 15 and all(p.exists() for p in REFUSED)


# -- the audit on one core or two ---------------------------------------------------------------
def test_two_processes_give_exactly_the_document_of_one(tmp_path):
    missing = str(tmp_path / "missing.json")
    broken = str(EXAMPLES / "invalid" / "broken.json")
    paths = [str(p) for p in sorted((EXAMPLES / "audit").glob("*.json"))]
    paths = paths[:5] + [missing] + paths[5:] + [broken, str(EXAMPLES / "partnership-game.json")]
    one = audit_json(paths, workers=1)
    two = audit_json(paths, workers=2, min_bytes=0)
    assert two == one
    audits, errors = audit_paths(paths)
    assert errors == one.errors and len(errors) == 2
    assert errors[0] == f"{missing}: no such file"
    assert errors[1].startswith(f"{broken}: not valid JSON")
    doc = json.loads(one.text)
    assert doc["hands_audited"] == sum(len(a.hands) for a in audits)
    assert one.findings == len(doc["findings"]) == sum(len(a.findings) for a in audits)
    assert [f["file"] for f in doc["files"]] == [a.file for a in audits]


def test_the_fast_path_of_the_audit_imports_no_pydantic():
    code = ("import sys\nfrom scorekeeper.cli import main\n"
            "try:\n    main(['audit', '--format', 'json', sys.argv[1]], standalone_mode=False)\n"
            "except SystemExit:\n    pass\n"
            "print('pydantic' in sys.modules, file=sys.stderr)")
    out = subprocess.run([sys.executable, "-c", code,
                          str(EXAMPLES / "partnership-card-by-card.json")],
                         capture_output=True, text=True, check=True)
    assert out.stderr.strip() == "False"
    assert json.loads(out.stdout)["hands_audited"] > 0
