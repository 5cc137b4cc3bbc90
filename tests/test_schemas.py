"""The committed JSON Schema matches the models, and the schema and the pydantic models agree
on every example: the valid ones pass both, the wrongly shaped ones fail both."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from pydantic import ValidationError

from scorekeeper.logs.files import LogError, dump_log, log_to_data, parse_log, read_log
from scorekeeper.logs.models import GameLog
from scorekeeper.logs.schema import build_schemas

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_FILE = ROOT / "schemas" / "spades-game.v1.json"
EXAMPLES = ROOT / "examples"
VALID = sorted(p for p in EXAMPLES.rglob("*.json") if "invalid" not in p.relative_to(EXAMPLES).parts)
SCHEMA_INVALID_DIR = EXAMPLES / "invalid" / "schema"
CONSISTENCY_DIR = EXAMPLES / "invalid" / "consistency"

# The message read_log gives for each wrongly shaped log (after "<file>: ").
SCHEMA_INVALID = {
    "missing-players.json": "players: required field is missing",
    "missing-dealer.json": "hand 1, dealer: required field is missing",
    "card-1H.json": "hand 1, trick 1, cards[0]: '1H' is not a card (write it as rank then"
                    " suit, e.g. 'AS', 'TH', '2C')",
    "card-XS-in-deal.json": "hand 1, deal, N[0]: 'XS' is not a card (write it as rank then"
                            " suit, e.g. 'AS', 'TH', '2C')",
    "bid-14.json": "hand 1, bid 2, bid: should be at most 13, not 14",
    "unknown-field.json": "hand 1: unknown field 'colour' (tools may add their own fields only"
                          " with an 'x-' prefix)",
    "unknown-field-in-bid.json": "hand 1, bid 3, comment: unknown field (tools may add their"
                                 " own fields only with an 'x-' prefix)",
    "wrong-format.json": "format: 'spades-log' is not a Spades game log (expected 'spades-game')",
    "format-version-2.json": "format_version: 2.0 is newer than this tool reads (1.2); update"
                             " scorekeeper",
    "no-result.json": "hand 1: a hand needs tricks_won (counts per seat) or tricks (the play)",
    "seat-X.json": "hand 1, bid 4, seat: should be 'N', 'E', 'S' or 'W', not 'X'",
    "date-format.json": "event, date: '27/11/2026' is not a date (write it as YYYY-MM-DD, e.g."
                        " '2026-11-27')",
    "variant-unknown.json": "variant: should be 'partnership' or 'two_player', not 'three_handed'",
    "tricks-won-14.json": "hand 1, tricks_won, E: should be at most 13, not 14",
}


@pytest.fixture(scope="module")
def schema() -> dict:
    return json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def validator(schema) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(schema)


def test_committed_schema_matches_the_models(schema):
    assert schema == build_schemas()["spades-game.v1.json"], (
        "schemas/spades-game.v1.json is out of date: run `scorekeeper schema`")


def test_schema_file_is_lf_with_a_trailing_newline():
    raw = SCHEMA_FILE.read_bytes()
    assert raw.endswith(b"}\n") and b"\r\n" not in raw


@pytest.mark.parametrize("name", sorted(build_schemas()))
def test_every_committed_schema_matches_its_models(name):
    """Every document the tool reads or writes (the game log, the event document) has its
    schema committed under schemas/, generated from the models, LF-terminated and valid."""
    path = ROOT / "schemas" / name
    assert path.exists(), f"schemas/{name} is missing: run `scorekeeper schema`"
    on_disk = json.loads(path.read_text(encoding="utf-8"))
    assert on_disk == build_schemas()[name], f"schemas/{name} is out of date: run `scorekeeper schema`"
    assert path.read_bytes().endswith(b"}\n")
    jsonschema.Draft202012Validator.check_schema(on_disk)


def test_no_stray_schema_files():
    assert sorted(p.name for p in (ROOT / "schemas").glob("*.json")) == sorted(build_schemas())


def test_schema_is_a_valid_draft_2020_12_schema(schema):
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_there_are_valid_examples():
    assert len(VALID) >= 3


@pytest.mark.parametrize("path", VALID, ids=lambda p: str(p.relative_to(EXAMPLES)))
def test_valid_example_passes_jsonschema_and_pydantic(path, validator):
    data = json.loads(path.read_text(encoding="utf-8"))
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(data)]
    assert errors == []
    GameLog.model_validate(data)


@pytest.mark.parametrize("path", sorted(CONSISTENCY_DIR.glob("*.json")), ids=lambda p: p.name)
def test_consistency_examples_have_the_right_shape(path, validator):
    """Physically impossible, but well formed: the schema cannot see the problem."""
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(validator.iter_errors(data)) == []
    GameLog.model_validate(data)


def test_every_schema_invalid_file_has_an_expected_message():
    assert sorted(p.name for p in SCHEMA_INVALID_DIR.glob("*.json")) == sorted(SCHEMA_INVALID)


@pytest.mark.parametrize("name", sorted(SCHEMA_INVALID))
def test_schema_invalid_example_is_refused_by_both(name, validator):
    path = SCHEMA_INVALID_DIR / name
    data = json.loads(path.read_text(encoding="utf-8"))
    assert list(validator.iter_errors(data)), f"jsonschema accepts {name}"
    with pytest.raises(ValidationError):
        GameLog.model_validate(data)
    with pytest.raises(LogError) as caught:
        read_log(path)
    assert caught.value.problems == [SCHEMA_INVALID[name]]
    assert str(caught.value) == f"{path}: {SCHEMA_INVALID[name]}"


def test_broken_json_names_line_and_column():
    path = EXAMPLES / "invalid" / "broken.json"
    with pytest.raises(LogError) as caught:
        read_log(path)
    assert caught.value.problems == ["not valid JSON: Expecting ',' delimiter at line 5, column 3"]


# -- extension keys -------------------------------------------------------------------------
EXTENDED = {
    "format": "spades-game", "format_version": "1.0", "variant": "partnership",
    "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"},
    "event": {"season": "Fall 2026", "x-venue": {"room": "back room", "tables": 4}},
    "x-club": "Elm Street Card Club",
    "hands": [{"dealer": "W", "x-pad-line": 12, "x-photos": ["pad-12.jpg"],
               "bids": [{"seat": "N", "bid": 4}, {"seat": "E", "bid": 3},
                        {"seat": "S", "bid": 2}, {"seat": "W", "bid": 2}],
               "tricks_won": {"N": 4, "E": 4, "S": 3, "W": 2}}],
}


def without_default_blind(data: dict) -> dict:
    """The log with ``"blind": false`` taken off the bids: dump_log writes the default out."""
    data = json.loads(json.dumps(data))
    for hand in data["hands"]:
        for bid in hand["bids"]:
            if bid.get("blind") is False:
                del bid["blind"]
    return data


def test_x_keys_round_trip_through_load_and_dump(validator):
    assert list(validator.iter_errors(EXTENDED)) == []
    first = parse_log(json.dumps(EXTENDED))
    text = dump_log(first)
    again = parse_log(text)
    assert again == first
    data = json.loads(text)
    assert data["x-club"] == "Elm Street Card Club"
    assert data["event"]["x-venue"] == {"room": "back room", "tables": 4}
    assert data["hands"][0]["x-pad-line"] == 12
    assert data["hands"][0]["x-photos"] == ["pad-12.jpg"]
    assert without_default_blind(data) == EXTENDED


def test_example_with_x_key_round_trips():
    path = EXAMPLES / "partnership-game.json"
    original = json.loads(path.read_text(encoding="utf-8"))
    log = read_log(path)
    assert without_default_blind(log_to_data(log)) == original
    assert json.loads(dump_log(log))["x-scorepad"] == original["x-scorepad"]


def test_x_key_on_a_bid_is_refused_by_both(validator):
    """Only the game, a hand and the event are extensible; a bid is not."""
    data = json.loads(json.dumps(EXTENDED))
    data["hands"][0]["bids"][0]["x-note"] = "slow"
    assert list(validator.iter_errors(data))
    with pytest.raises(LogError) as caught:
        parse_log(json.dumps(data), "game.json")
    assert caught.value.problems == ["hand 1, bid 1, x-note: unknown field (tools may add their"
                                     " own fields only with an 'x-' prefix)"]
