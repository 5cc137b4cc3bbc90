"""Every house rule is declared once (``rules/settings.py``) and everything that knows the
settings knows each one as declared: ``RuleSet``, the log model and the committed JSON Schema,
the trusted reader, the new-game form, the tests' strategies and the CLI's JSON. A setting
added to the declarations that one of them does not honour fails here."""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Literal

import pytest
from click.testing import CliRunner
from hypothesis import find, given, settings
from hypothesis import strategies as st
from pydantic import ValidationError
from textual.widgets import Input, Select

from log_strategies import (
    refused_setting_values,
    rules_objects,
    setting_values,
    whole_number_range,
)

from scorekeeper.cli import main
from scorekeeper.logs import game_part
from scorekeeper.logs.json_types import DEFER
from scorekeeper.logs.models import RulesSettings
from scorekeeper.rules.settings import (
    DEFAULT_RULES,
    HOUSE_RULES,
    RULE_DESCRIPTIONS,
    RuleSet,
    Setting,
    declared_settings,
    setting,
)
from scorekeeper.season.storage import Store
from scorekeeper.session.game_session import SetupError
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.screens.new_game import (
    YES_NO,
    NewGameScreen,
    rule_options,
    rules_from_form,
)

ROOT = Path(__file__).resolve().parents[2]
SCHEMA = json.loads((ROOT / "schemas" / "spades-game.v1.json").read_text(encoding="utf-8"))
RULES = list(HOUSE_RULES.values())
by_name = pytest.mark.parametrize("rule", RULES, ids=lambda r: r.name)


def edges(rule: Setting) -> tuple[list, list]:
    """Values at the edge of what the setting takes, and values just past them (or of the
    wrong kind): what every consumer must take and refuse alike."""
    if rule.choices:
        return list(rule.choices), [rule.choices[0].upper(), "", 1]
    if rule.value_type is bool:
        return [True, False], [2, "maybe"]
    taken = [b for b in (rule.least, rule.greatest) if b is not None] or [-10**6, 0, 10**6]
    refused = ([rule.least - 1] if rule.least is not None else []) + (
        [rule.greatest + 1] if rule.greatest is not None else []) + [0.5, "x"]
    return taken, refused


def default_in_words(rule: Setting) -> str:
    """The default as the schema states it: JSON's spelling, or what None means."""
    if rule.optional:
        return f"none: {rule.when_none}"
    if isinstance(rule.default, bool):
        return json.dumps(rule.default)
    return f"'{rule.default}'" if isinstance(rule.default, str) else str(rule.default)


def valid(rule: Setting, value) -> bool:
    try:
        rule.check(value)
    except ValueError:
        return False
    return True


def shown(value) -> str:
    """A value as the form shows it."""
    if isinstance(value, bool):
        return YES_NO[0] if value else YES_NO[1]
    return "" if value is None else str(value)


# -- the declarations ------------------------------------------------------------------------
def test_every_rule_set_field_is_declared_in_order():
    assert [f.name for f in fields(RuleSet)] == list(HOUSE_RULES)
    assert len(HOUSE_RULES) >= 11


@by_name
def test_rule_set_takes_its_default_and_edges_and_refuses_past_them(rule):
    assert getattr(DEFAULT_RULES, rule.name) == rule.default
    taken, refused = edges(rule)
    for value in taken:
        assert getattr(RuleSet(**{rule.name: value}), rule.name) == value
    for value in refused:
        with pytest.raises(ValueError, match=f"^{rule.name} must be"):
            RuleSet(**{rule.name: value})


@by_name
def test_help_text_is_the_declared_line(rule):
    assert RuleSet.describe(rule.name) == RULE_DESCRIPTIONS[rule.name] == rule.help
    assert rule.help.startswith(rule.description.removesuffix("."))
    assert "\n" not in rule.help


# -- the log model and the committed JSON Schema ---------------------------------------------
def test_the_model_and_schema_have_a_field_for_each_setting_and_no_other():
    # and the preset the settings may start from (docs/rules.md §10)
    assert list(RulesSettings.model_fields) == ["preset", *HOUSE_RULES]
    rules_def = SCHEMA["$defs"]["RulesSettings"]
    assert list(rules_def["properties"]) == ["preset", *HOUSE_RULES]
    assert rules_def["additionalProperties"] is False
    assert RulesSettings.model_config["extra"] == "forbid"
    assert RulesSettings.model_config["frozen"] is True


@by_name
def test_model_field_is_optional_with_the_declared_bounds_choices_and_default(rule):
    info = RulesSettings.model_fields[rule.name]
    assert info.default is None and not info.is_required()
    assert info.description.startswith(rule.description.removesuffix("."))
    assert f" (default {default_in_words(rule)})." in info.description
    assert info.description.endswith(f" {rule.detail}" if rule.detail else ").")
    assert getattr(RulesSettings.model_validate({rule.name: None}), rule.name) is None
    taken, refused = edges(rule)
    for value in taken:
        assert getattr(RulesSettings.model_validate({rule.name: value}), rule.name) == value
    for value in refused:
        with pytest.raises(ValidationError):
            RulesSettings.model_validate({rule.name: value})


@by_name
def test_schema_property_has_the_declared_type_bounds_and_choices(rule):
    prop = SCHEMA["$defs"]["RulesSettings"]["properties"][rule.name]
    assert prop["default"] is None
    assert prop["description"] == RulesSettings.model_fields[rule.name].description
    value_schema, null_schema = prop["anyOf"]
    assert null_schema == {"type": "null"}
    if rule.choices:
        expected = {"type": "string", "enum": list(rule.choices)}
    elif rule.value_type is bool:
        expected = {"type": "boolean"}
    else:
        expected = {"type": "integer"}
        if rule.least is not None:
            expected["minimum"] = rule.least
        if rule.greatest is not None:
            expected["maximum"] = rule.greatest
    assert value_schema == expected


# -- the trusted reader ----------------------------------------------------------------------
@by_name
def test_fast_reader_takes_and_refuses_as_declared(rule):
    assert rule.name in game_part._RULE_KEYS
    taken, refused = edges(rule)
    for value in taken:
        assert game_part._rules({rule.name: value}) == RuleSet(**{rule.name: value})
    assert game_part._rules({rule.name: None}) == DEFAULT_RULES
    for value in refused:
        with pytest.raises(DEFER):
            game_part._rules({rule.name: value})


def test_fast_reader_tables_are_the_declarations():
    ints = {r.name: (r.least, r.greatest) for r in RULES if r.value_type is int}
    assert game_part._RULE_INTS == ints
    assert game_part._RULE_CHOICES == {r.name: frozenset(r.choices) for r in RULES if r.choices}
    assert game_part._RULE_BOOLS == {r.name for r in RULES if r.value_type is bool}
    assert game_part._RULE_KEYS == {"preset", *HOUSE_RULES}


# -- the new-game form -------------------------------------------------------------------------
@by_name
def test_form_picks_a_choice_or_yes_no_from_a_list_and_types_a_number(rule):
    expected = rule.choices or (YES_NO if rule.value_type is bool else None)
    assert rule_options(rule) == expected


def form_texts(**changes: str) -> dict[str, str]:
    texts = {r.name: shown(r.default) for r in RULES}
    return texts | changes


@by_name
def test_form_reads_the_edges_and_refuses_past_them_naming_the_setting(rule):
    assert rules_from_form(form_texts()) == DEFAULT_RULES
    label = rule.name.replace("_", " ")
    taken, refused = edges(rule)
    for value in taken:
        assert getattr(rules_from_form(form_texts(**{rule.name: shown(value)})),
                       rule.name) == value
    for value in refused:
        if isinstance(value, int) and rule.value_type is int:
            with pytest.raises(SetupError, match=f"^{label} must be {rule.bounds_text()}"):
                rules_from_form(form_texts(**{rule.name: str(value)}))
    if rule.value_type is int and not rule.optional:
        with pytest.raises(SetupError, match=f"^{label}: a number is needed"):
            rules_from_form(form_texts(**{rule.name: ""}))
    if rule.optional:
        assert getattr(rules_from_form(form_texts(**{rule.name: ""})), rule.name) is None


async def test_the_new_game_screen_shows_every_setting_with_its_default(tmp_path):
    store = Store.open(":memory:")
    app = ScorekeeperApp(store, export_dir=tmp_path, offer_resume=False,
                         today=lambda: datetime.date(2026, 11, 27))
    try:
        async with app.run_test(size=(100, 36)) as pilot:
            await pilot.press("n")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, NewGameScreen)
            shown_ids = [w.id for w in screen.query(".rules Input, .rules Select")]
            assert shown_ids == ["preset"] + [f"rule-{r.name}" for r in RULES]
            for rule in RULES:
                widget = screen.query_one(f"#rule-{rule.name}")
                assert isinstance(widget, Input if rule_options(rule) is None else Select)
                assert widget.value == shown(rule.default)
                for option in rule_options(rule) or ():
                    widget.value = option  # a Select refuses a value not among its options
            descriptions = [str(s.render()) for s in screen.query(".rules .description")][1:]
            assert descriptions == [r.help for r in RULES]
    finally:
        store.close()


# -- the strategies ----------------------------------------------------------------------------
@by_name
def test_strategies_reach_the_edges_and_every_setting(rule):
    taken, _ = edges(rule)
    if rule.value_type is int:
        least, greatest = whole_number_range(rule)
        assert rule.least in (None, least) and rule.greatest in (None, greatest)
        taken = [least, greatest]
    for value in taken:
        assert find(setting_values(rule), lambda v, value=value: v == value) == value
    assert rule.name in find(rules_objects(), lambda r, name=rule.name: name in r)
    assert rule.name in find(rules_objects(refused=True),
                             lambda r, name=rule.name: r.get(name) is not None
                             and not valid(rule, r[name]))


@by_name
@settings(max_examples=25, deadline=None)
@given(data=st.data())
def test_strategy_values_are_taken_and_its_refused_values_refused(rule, data):
    value = data.draw(setting_values(rule))
    assert valid(rule, value)
    assert getattr(RulesSettings.model_validate({rule.name: value}), rule.name) == value
    wrong = data.draw(refused_setting_values(rule))
    assert not valid(rule, wrong)
    with pytest.raises(ValidationError):
        RulesSettings.model_validate({rule.name: wrong})


# -- the CLI's JSON ------------------------------------------------------------------------------
def test_score_json_lists_every_setting_as_the_game_was_scored(tmp_path):
    data = json.loads((ROOT / "examples" / "partnership-game.json").read_text(encoding="utf-8"))
    data["rules"] = {"target_score": 5000, "mercy_score": -5000}
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    result = CliRunner().invoke(main, ["score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.output)["rules"] == DEFAULT_RULES.with_changes(
        target_score=5000, mercy_score=-5000).to_dict()
    assert list(json.loads(result.output)["rules"]) == list(HOUSE_RULES)


# -- a declaration the others could not honour is refused at once -----------------------------
def test_a_declaration_nothing_could_honour_is_refused():
    @dataclass(frozen=True)
    class Floaty:
        odds: float = setting(0.5, "A ratio.")

    @dataclass(frozen=True)
    class OptionalWithDefault:
        limit: int | None = setting(3, "A limit.", when_none="none")

    @dataclass(frozen=True)
    class UnsaidNone:
        limit: int | None = setting(None, "A limit.")

    @dataclass(frozen=True)
    class BoundedChoice:
        mode: Literal["a", "b"] = setting("a", "A mode.", least=0)

    @dataclass(frozen=True)
    class DefaultOutOfBounds:
        count: int = setting(0, "A count.", least=1)

    @dataclass(frozen=True)
    class Undeclared:
        count: int = 1

    for cls in (Floaty, OptionalWithDefault, UnsaidNone, BoundedChoice, Undeclared):
        with pytest.raises(TypeError, match=f"^{cls.__name__}\\."):
            declared_settings(cls)
    with pytest.raises(ValueError, match="count must be 1 or more, not 0"):
        declared_settings(DefaultOutOfBounds)


def test_a_new_declaration_is_read_with_its_kind_bounds_and_choices():
    @dataclass(frozen=True)
    class Extended:
        min_side_bid: int | None = setting(None, "A side's bids add up to at least this.",
                                           least=0, greatest=13, when_none="no minimum")
        spades_led: Literal["when_broken", "any_time"] = setting(
            "when_broken", "When spades may be led.")
        nil_allowed: bool = setting(True, "Whether Nil may be bid.")

    declared = declared_settings(Extended)
    assert list(declared) == ["min_side_bid", "spades_led", "nil_allowed"]
    bid = declared["min_side_bid"]
    assert (bid.value_type, bid.least, bid.greatest, bid.optional) == (int, 0, 13, True)
    assert bid.help == "A side's bids add up to at least this (empty: no minimum)."
    assert declared["spades_led"].choices == ("when_broken", "any_time")
    assert declared["nil_allowed"].value_type is bool


# -- the README's table of settings --------------------------------------------------------------
def readme_settings_table() -> dict[str, str]:
    """The README's house-rule table: setting -> its default as written there."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### House rules (`rules`)", 1)[1]
    rows = [line for line in section.split("\n\n", 2)[1].splitlines() if line.startswith("| `")]
    return {cells[0].strip(" `"): cells[1].strip()
            for cells in (row.strip("|").split("|") for row in rows)}


def test_the_readme_table_lists_every_setting_with_its_default():
    def written(default) -> str:
        if default is None or isinstance(default, bool):
            return json.dumps(default).replace("null", "none")
        return f"`{default}`" if isinstance(default, str) else str(default)

    expected = {r.name: written(r.default) for r in RULES}
    table = readme_settings_table()
    assert list(table) == list(expected) and table == expected, (
        "README.md's house-rules table and rules/settings.py disagree")
