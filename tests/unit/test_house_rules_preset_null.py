"""A preset's setting written as null beside it is set back to its docs/rules.md default
(for an optional setting: none), read alike by both readers and kept when the log is written
(``rules.settings.rules_with_preset``)."""

from __future__ import annotations

import json

import pytest

from scorekeeper.analysis.game import analyse_game, ruleset_of
from scorekeeper.logs.files import dump_log, parse_log
from scorekeeper.logs.trusted_reader import read_fast
from scorekeeper.rules.settings import DEFAULT_RULES, PRESETS, rules_with_preset


def log_text(rules: dict) -> str:
    return json.dumps({"format": "spades-game", "format_version": "1.0",
                       "variant": "partnership",
                       "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"},
                       "rules": rules,
                       "hands": [{"dealer": "W", "bids": [{"seat": s, "bid": 3} for s in "NESW"],
                                  "tricks_won": {"N": 3, "E": 3, "S": 3, "W": 4}}]})


def both_readers(text: str):
    log = parse_log(text)
    fast = read_fast(text)
    assert fast is not None
    assert fast.rules == ruleset_of(log)
    return log, ruleset_of(log)


@pytest.mark.parametrize("preset, name", [("mercy-minus-200", "mercy_score"),
                                          ("board-4", "min_side_bid"),
                                          ("ten-for-two-hundred", "big_contract_min")])
def test_a_null_beside_a_preset_sets_its_optional_setting_back_to_none(preset, name):
    log, rules = both_readers(log_text({"preset": preset, name: None}))
    assert getattr(rules, name) is None
    # The other settings of the preset still apply.
    for other, value in PRESETS[preset].items():
        if other != name:
            assert getattr(rules, other) == value
    # Written out, the null stays beside the preset's other settings, and reads the same.
    written = json.loads(dump_log(log))["rules"]
    assert written["preset"] == preset and written[name] is None
    again, rules_again = both_readers(dump_log(log))
    assert rules_again == rules
    assert analyse_game(again).score == analyse_game(log).score


def test_a_null_beside_a_preset_sets_a_whole_number_back_to_its_default():
    _, rules = both_readers(log_text({"preset": "short-300", "target_score": None}))
    assert rules.target_score == DEFAULT_RULES.target_score == 500


def test_a_null_without_a_preset_is_the_default_as_before():
    _, rules = both_readers(log_text({"mercy_score": None, "target_score": None}))
    assert rules == DEFAULT_RULES
    assert rules_with_preset(None, {"mercy_score": None}) == DEFAULT_RULES


def test_a_setting_missing_beside_a_preset_still_takes_the_preset():
    _, rules = both_readers(log_text({"preset": "mercy-minus-200"}))
    assert rules.mercy_score == -200
