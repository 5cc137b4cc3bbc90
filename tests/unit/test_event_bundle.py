"""The spades-event document and the bundle: valid under its committed JSON Schema (games
checked against the game log's), the round trip to another database with the same
results, an idempotent import, a changed game becoming a new revision, and a bundle that
does not hold together refused with nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource
from test_event_nights import round_robin_night

from scorekeeper.event.bundle import bundle_text, event_document, import_bundle
from scorekeeper.event.records import EventSpec
from scorekeeper.event.results import night_results
from scorekeeper.event.store import EventStore
from scorekeeper.logs.event_document import (
    EventDocument,
    EventDocumentError,
    event_from_data,
    event_to_data,
)
from scorekeeper.logs.schema import build_schemas


@pytest.fixture
def events():
    with EventStore.open(":memory:") as store:
        yield store


EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")
SCHEMAS = Path(__file__).resolve().parents[2] / "schemas"


def validator() -> jsonschema.Draft202012Validator:
    event = json.loads((SCHEMAS / "spades-event.v1.json").read_text(encoding="utf-8"))
    game = json.loads((SCHEMAS / "spades-game.v1.json").read_text(encoding="utf-8"))
    registry = Registry().with_resources(
        [(schema["$id"], Resource.from_contents(schema)) for schema in (event, game)])
    return jsonschema.Draft202012Validator(event, registry=registry)


def test_the_committed_event_schema_matches_the_models():
    committed = json.loads((SCHEMAS / "spades-event.v1.json").read_text(encoding="utf-8"))
    assert committed == build_schemas()["spades-event.v1.json"], (
        "schemas/spades-event.v1.json is out of date: run `scorekeeper schema`")
    jsonschema.Draft202012Validator.check_schema(committed)


def test_a_bundle_is_valid_under_the_schema_and_the_models(events):
    event_id = round_robin_night(events)
    data = json.loads(bundle_text(events, event_id))
    assert list(validator().iter_errors(data)) == []
    assert (data["format"], data["format_version"], data["event_id"]) == (
        "spades-event", "1.0", event_id)
    assert len(data["games"]) == 6 and len(data["schedule"]) == 3
    assert event_to_data(event_from_data(data)) == data


def test_the_schema_and_the_models_refuse_the_same_wrong_shapes(events):
    event_id = round_robin_night(events)
    good = json.loads(bundle_text(events, event_id))
    wrong = [
        {**good, "format": "spades-game"},
        {**good, "movement": "howell"},
        {**good, "colour": "red"},
        {**good, "current_round": "3"},
        {**good, "schedule": [{**good["schedule"][0], "started": 1}]},
        {**good, "players": [{**good["players"][0], "name": "A+B"}]},
        {**good, "games": [{**good["games"][0], "hands": "none"}]},
    ]
    for data in wrong:
        assert list(validator().iter_errors(data)), data
    for data in wrong[:-1]:  # a game is checked as a game log on import
        with pytest.raises(EventDocumentError):
            event_from_data(data, "night.json")


def test_a_wrong_field_is_named():
    with pytest.raises(EventDocumentError) as caught:
        event_from_data({"format": "spades-event", "format_version": "1.0"}, "night.json")
    assert "night.json: event_id: required field is missing" in str(caught.value)
    with pytest.raises(EventDocumentError, match="format_version: 2.0 is not a version"):
        event_from_data({"format": "spades-event", "format_version": "2.0"}, "night.json")


def test_the_round_trip_gives_the_same_night_and_a_second_import_changes_nothing(events,
                                                                                 tmp_path):
    event_id = round_robin_night(events)
    document = event_document(events, event_id)
    with EventStore.open(tmp_path / "other.db") as other:
        first = import_bundle(other, document, "night.json")
        assert (first.event, first.games) == (
            "created", {"imported": 6, "updated": 0, "unchanged": 0})
        assert night_results(other, event_id) == night_results(events, event_id)
        assert bundle_text(other, event_id) == bundle_text(events, event_id)
        version = other.data_version()
        again = import_bundle(other, document, "night.json")
        assert (again.event, again.games, again.changed()) == (
            "unchanged", {"imported": 0, "updated": 0, "unchanged": 6}, False)
        assert other.data_version() == version
        assert len(other.games.games()) == 6
        assert len(other.games.standings(rate=False).players) == 8


def test_the_rounds_length_goes_with_the_bundle(events, tmp_path):
    event_id = events.create_event(EventSpec(
        name="Timed", date="2026-11-27", movement="individual", players=EIGHT, rounds=1,
        hands=4, minutes=20))
    events.start_round(event_id)
    data = json.loads(bundle_text(events, event_id))
    assert data["round_end"] == {"target_score": 500, "hand_limit": 4, "minutes": 20}
    assert list(validator().iter_errors(data)) == []
    assert list(validator().iter_errors({**data, "round_end": {
        **data["round_end"], "minutes": 0}}))
    with pytest.raises(EventDocumentError, match="round_end, minutes: should be a whole number"):
        event_from_data({**data, "round_end": {**data["round_end"], "minutes": "20"}})
    with EventStore.open(tmp_path / "other.db") as other:
        assert import_bundle(other, event_from_data(data), "timed.json").event == "created"
        assert other.event(event_id).round_end == events.event(event_id).round_end
        # Another length is a change of the event's rows, and is taken.
        changed = {**data, "round_end": {**data["round_end"], "minutes": 30}}
        assert import_bundle(other, event_from_data(changed), "timed.json").event == "updated"
        assert other.event(event_id).round_end.minutes == 30
        untimed = {**data, "round_end": {"target_score": 500, "hand_limit": 4}}
        assert import_bundle(other, event_from_data(untimed), "timed.json").event == "updated"
        assert other.event(event_id).round_end.minutes is None


def test_a_changed_game_is_imported_as_its_next_revision(events, tmp_path):
    event_id = round_robin_night(events)
    data = event_to_data(event_document(events, event_id))
    with EventStore.open(tmp_path / "other.db") as other:
        import_bundle(other, event_from_data(data), "night.json")
        game = data["games"][0]
        game["hands"][0]["notes"] = "recounted"
        report = import_bundle(other, event_from_data(data), "night.json")
        assert (report.event, report.games) == (
            "unchanged", {"imported": 0, "updated": 1, "unchanged": 5})
        assert [r.revision for r in other.games.revisions(game["game_id"])] == [1, 2]


def test_a_changed_event_replaces_its_rows(events, tmp_path):
    event_id = round_robin_night(events)
    data = event_to_data(event_document(events, event_id))
    with EventStore.open(tmp_path / "other.db") as other:
        import_bundle(other, event_from_data(data), "night.json")
        data["venue"] = "The back room"
        report = import_bundle(other, event_from_data(data), "night.json")
        assert (report.event, report.games["unchanged"]) == ("updated", 6)
        assert other.event(event_id).venue == "The back room"
        assert night_results(other, event_id) == night_results(events, event_id)


def test_a_bundle_that_does_not_hold_together_is_refused_whole(events, tmp_path):
    event_id = round_robin_night(events)
    data = event_to_data(event_document(events, event_id))
    data["games"] = data["games"][1:]  # round 1, table 1's game is missing
    data["schedule"][1]["tables"].append(data["schedule"][1]["tables"][0])
    with EventStore.open(tmp_path / "other.db") as other:
        with pytest.raises(EventDocumentError) as caught:
            import_bundle(other, event_from_data(data), "night.json")
        assert caught.value.problems == [
            "schedule, round 2: a table is listed twice",
            (f"schedule, round 1, table 1: its game {event_id}.r1.t1 is neither in the bundle"
             " nor stored")]
        assert other.events() == [] and other.games.games() == []


def test_a_document_without_games_is_a_valid_document(events):
    event_id = round_robin_night(events)
    document = event_document(events, event_id, games=False)
    assert isinstance(document, EventDocument) and document.games is None
    assert list(validator().iter_errors(event_to_data(document))) == []
