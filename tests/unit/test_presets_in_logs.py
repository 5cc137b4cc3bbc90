"""A log may name a preset (docs/rules.md §10): its settings apply, a setting beside it wins,
and the program writes the preset's settings out beside its name."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.analysis.game import analyse_game, ruleset_of
from scorekeeper.logs.files import LogError, dump_log, log_from_data
from scorekeeper.logs.trusted_reader import read_fast
from scorekeeper.rules.settings import DEFAULT_RULES, PRESETS

ROOT = Path(__file__).resolve().parents[2]
GAME = json.loads((ROOT / "examples" / "partnership-game.json").read_text())


def with_rules(rules: dict) -> dict:
    return {**GAME, "rules": rules}


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_every_preset_is_read_alike_both_ways_and_written_out(name):
    data = with_rules({"preset": name})
    log = log_from_data(data)
    rules = ruleset_of(log)
    assert rules == DEFAULT_RULES.with_changes(**PRESETS[name])
    assert read_fast(json.dumps(data)).rules == rules
    written = json.loads(dump_log(log))["rules"]
    assert written == {"preset": name, **PRESETS[name]}
    assert ruleset_of(log_from_data({**GAME, "rules": written})) == rules


def test_a_setting_beside_the_preset_wins():
    log = log_from_data(with_rules({"preset": "short-300", "target_score": 250}))
    assert ruleset_of(log).target_score == 250
    assert json.loads(dump_log(log))["rules"] == {"preset": "short-300", "target_score": 250}


def test_an_unknown_preset_is_a_schema_error():
    with pytest.raises(LogError, match="rules, preset: should be 'standard'"):
        log_from_data(with_rules({"preset": "house"}), "x.json")
    assert read_fast(json.dumps(with_rules({"preset": "house"}))) is None


def test_the_sheet_names_the_preset_settings():
    a = analyse_game(log_from_data(with_rules({"preset": "two-of-clubs"})))
    assert a.rules.first_trick == "two_of_clubs"


# -- settings a two-player game cannot be played under ----------------------------------------
def test_a_partnership_rule_is_refused_for_a_two_player_game(tmp_path):
    from click.testing import CliRunner

    from scorekeeper.cli import main
    from scorekeeper.session.events import SetupError
    from scorekeeper.session.new_game import new_game_log

    data = json.loads((ROOT / "examples" / "two-player-game.json").read_text())
    data["rules"] = {"first_trick": "two_of_clubs"}
    path = tmp_path / "two.json"
    path.write_text(json.dumps(data))
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert (result.exit_code, result.stdout) == (2, (
        f"{path}: game: house rules: first_trick 'two_of_clubs' is a partnership rule; a"
        " two-player game plays without it [rules_not_for_variant]\n"))
    assert read_fast(json.dumps(data)) is None
    with pytest.raises(SetupError, match="min_side_bid 4 is a partnership rule") as caught:
        new_game_log("two_player", {"N": "Megan", "S": "Drew"}, "N",
                     rules=DEFAULT_RULES.with_changes(min_side_bid=4))
    assert caught.value.field == "rule-min_side_bid"
