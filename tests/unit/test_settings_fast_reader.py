"""The trusted reader (``logs.game_part``) and the normal path (pydantic) agree on a log's
``rules``: random objects drawn from the settings' declarations, with values inside the
bounds, past them, or of a type only pydantic's lax mode converts. test_trusted_reader.py damages
whole logs; this aims at the house rules, where a bound taken from the wrong place would hide."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from log_strategies import loose_setting_values, rules_objects

from scorekeeper.analysis.game import ruleset_of
from scorekeeper.logs.files import LogError, parse_log
from scorekeeper.logs.game_part import read_head
from scorekeeper.logs.json_types import DEFER
from scorekeeper.rules.settings import DEFAULT_RULES, HOUSE_RULES

ROOT = Path(__file__).resolve().parents[2]
VALIDATOR = jsonschema.Draft202012Validator(
    json.loads((ROOT / "schemas" / "spades-game.v1.json").read_text(encoding="utf-8")))
NUMBERS_AND_YES_NO = [r for r in HOUSE_RULES.values() if not r.choices]


def log_with(rules: object) -> dict:
    return {"format": "spades-game", "format_version": "1.0", "variant": "partnership",
            "players": {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}, "rules": rules,
            "hands": []}


def verdicts(rules: object):
    """(the fast reader's RuleSet or None, the normal path's or None, the schema's yes/no)."""
    data = log_with(rules)
    text = json.dumps(data)
    try:
        fast = read_head(json.loads(text)).rules
    except DEFER:
        fast = None
    try:
        normal = ruleset_of(parse_log(text, "t.json"))
    except LogError:
        normal = None
    return fast, normal, VALIDATOR.is_valid(data)


@settings(max_examples=150, deadline=None)
@given(rules_objects())
def test_rules_within_the_declarations_are_read_alike_both_ways(rules):
    fast, normal, schema_ok = verdicts(rules)
    assert schema_ok
    assert fast is not None and fast == normal == DEFAULT_RULES.with_changes(**rules)


@settings(max_examples=150, deadline=None)
@given(rules_objects(refused=True))
def test_rules_past_the_declarations_are_refused_both_ways(rules):
    fast, normal, schema_ok = verdicts(rules)
    assert (fast, normal, schema_ok) == (None, None, False)


@pytest.mark.parametrize("name", list(HOUSE_RULES))
@settings(max_examples=20, deadline=None)
@given(data=st.data())
def test_one_setting_past_its_declaration_is_refused_both_ways(name, data):
    fast, normal, schema_ok = verdicts(data.draw(rules_objects(refused=name)))
    assert (fast, normal, schema_ok) == (None, None, False)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_loose_values_are_refused_both_ways_as_the_schema_refuses_them(data):
    # "3", "no", 0 for a yes/no: the models are strict, as the published schema is; 3.0 is
    # a JSON Schema integer, read as 3 (by the normal path: the fast one takes only ints).
    rules = data.draw(rules_objects())
    rule = data.draw(st.sampled_from(NUMBERS_AND_YES_NO))
    value = data.draw(loose_setting_values(rule))
    rules[rule.name] = value
    fast, normal, schema_ok = verdicts(rules)
    assert fast is None and (normal is not None) == schema_ok
    if schema_ok:
        assert type(value) is float and getattr(normal, rule.name) == int(value)


@settings(max_examples=100, deadline=None)
@given(rules_objects(), st.sampled_from(["x-tool", "targetscore", "", "Target_Score"]))
def test_an_unknown_setting_is_refused_both_ways(rules, key):
    fast, normal, schema_ok = verdicts(rules | {key: 1})
    assert (fast, normal, schema_ok) == (None, None, False)
