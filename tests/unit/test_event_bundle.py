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
from test_event_nights import PAIRS, meeting_hand, play, round_robin_night

from scorekeeper.event.bundle import (
    ImportConflict,
    bundle_text,
    event_document,
    import_bundle,
)
from scorekeeper.event.records import EventSpec
from scorekeeper.event.results import night_results
from scorekeeper.event.store import EventStore
from scorekeeper.logs.event_document import (
    EventDocument,
    EventDocumentError,
    event_from_data,
    event_to_data,
)
from scorekeeper.logs.files import log_from_data, log_to_data
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


def test_a_bundle_with_an_impossible_game_is_refused_whole_every_game_checked(events,
                                                                              tmp_path):
    # A valid correction of games[0] is not saved when a later game cannot be: every game
    # is checked before any is written, and every bad one is named.
    event_id = round_robin_night(events)
    data = event_to_data(event_document(events, event_id))
    with EventStore.open(tmp_path / "other.db") as other:
        import_bundle(other, event_from_data(data), "night.json")
        version = other.data_version()
        data["games"][0]["hands"][0]["bids"][0]["bid"] += 1  # a corrected bid
        for i in (2, 4):
            data["games"][i]["hands"][0]["tricks_won"]["N"] += 6  # 19 tricks in all
        with pytest.raises(EventDocumentError) as caught:
            import_bundle(other, event_from_data(data), "night.json")
        named = [p.split(":")[0] for p in caught.value.problems]
        assert named == [f"game {data['games'][2]['game_id']}",
                         f"game {data['games'][4]['game_id']}"]
        assert all("19" in p for p in caught.value.problems), caught.value.problems
        assert other.data_version() == version
        assert [r.revision for r in other.games.revisions(data["games"][0]["game_id"])] == [1]


def another_night(events, players) -> str:
    event_id = events.create_event(EventSpec(name="Friday night", date="2026-11-27",
                                             movement="individual", players=players, rounds=2,
                                             hands=1))
    table = events.start_round(event_id)[0]
    play(events, table, [((7, 8), (5, 5))])
    return event_id


def test_another_night_of_the_same_id_is_refused_unless_forced(events, tmp_path):
    event_id = another_night(events, EIGHT)
    data = event_to_data(event_document(events, event_id))
    with EventStore.open(tmp_path / "other.db") as other:
        assert another_night(other, ("Ivy", "Jo", "Kim", "Lee")) == event_id
        here = other.event(event_id)
        version = other.data_version()
        with pytest.raises(ImportConflict) as caught:
            import_bundle(other, event_from_data(data), "night.json")
        problems = caught.value.problems
        assert problems[0] == (
            f"created_at: the night {event_id} here was created at {here.created_at}, the"
            f" bundle's at {data['created_at']}: another night of the same id")
        assert problems[1] == "players: Ivy, Jo, Kim, Lee of the night here are not in the bundle"
        assert other.data_version() == version
        # A bundle of an earlier scorekeeper (no created_at) is known by its players.
        del data["created_at"]
        with pytest.raises(ImportConflict, match="Ivy, Jo, Kim, Lee of the night here"):
            import_bundle(other, event_from_data(data), "night.json")
        assert other.data_version() == version
        data["created_at"] = events.event(event_id).created_at
        forced = import_bundle(other, event_from_data(data), "night.json", force=True)
        assert (forced.event, forced.games["updated"]) == ("updated", 1)
        assert other.event(event_id) == events.event(event_id)
        assert night_results(other, event_id) == night_results(events, event_id)


def test_an_older_bundle_of_the_night_is_refused_unless_forced(events, tmp_path):
    event_id = events.create_event(EventSpec(
        name="Pairs night", date="2026-11-27", movement="round-robin", pairs=PAIRS, hands=1))
    for table in events.start_round(event_id):
        play(events, table, [meeting_hand(table)])
    older = event_document(events, event_id)
    with EventStore.open(tmp_path / "other.db") as other:
        import_bundle(other, older, "older.json")
        first, second = other.start_round(event_id)
        play(other, first, [meeting_hand(first)])
        other.set_table_status(event_id, 2, second.table, "no_show", absent="EW")
        version = other.data_version()
        with pytest.raises(ImportConflict) as caught:
            import_bundle(other, older, "older.json")
        assert caught.value.problems == [
            ("current_round: round 2 has started here, the bundle's latest is round 1 (the"
             " rounds after it would go back to planned)")]
        assert other.data_version() == version
        # As far along, but without the director's word and a hand played here.
        newer = event_to_data(event_document(other, event_id))
        behind = json.loads(json.dumps(newer))
        del behind["schedule"][1]["tables"][1]["director"], behind["schedule"][1]["tables"][
            1]["absent"]
        behind["games"][2]["hands"] = []
        with pytest.raises(ImportConflict) as caught:
            import_bundle(other, event_from_data(behind), "behind.json")
        assert caught.value.problems == [
            f"game {event_id}.r2.t1: 1 hand here, 0 in the bundle",
            "round 2, table 2: marked no_show (EW absent) here, not marked in the bundle"]
        # A game corrected here: the bundle's version of it is a replaced revision.
        game = other.games.load_game(f"{event_id}.r1.t1")
        corrected = log_to_data(game)
        corrected["hands"][0]["notes"] = "recounted"
        other.games.save_game(log_from_data(corrected))
        with pytest.raises(ImportConflict, match=(
                f"game {event_id}.r1.t1: the bundle holds its revision 1, replaced here")):
            import_bundle(other, event_from_data(newer), "newer.json")
        # The newer night goes back the other way as an update.
        report = import_bundle(events, event_document(other, event_id), "newer.json")
        assert (report.event, report.games) == (
            "updated", {"imported": 2, "updated": 1, "unchanged": 1})
        assert [t.status for t in events.tables(event_id, 2)] == ["finished", "no_show"]
        forced = import_bundle(other, older, "older.json", force=True)
        assert forced.event == "updated" and other.event(event_id).current_round == 1


@pytest.mark.parametrize("change, message", [
    (lambda d: d.update(current_round=7),
     "current_round: round 7 cannot have started in a night of 3 rounds (rounds)"),
    (lambda d: d["players"][0].update(name="Zed"),
     ("players[0]: 'Zed' was present for round 1 but no round of the schedule seats him or"
      " has him sit out")),
    (lambda d: d["schedule"][0]["tables"][0]["seats"].update(N="Cat"),
     ("schedule, round 1, table 1: the seats (N Cat, E Gus, S Bob, W Hal) are not its game's"
      " players (N Ann, E Gus, S Bob, W Hal)")),
    (lambda d: d["schedule"][2].update(started=False),
     "schedule, round 3: started is false, but current_round is 3"),
])
def test_a_bundle_whose_fields_disagree_is_refused_naming_the_field(events, tmp_path, change,
                                                                    message):
    event_id = round_robin_night(events)
    data = event_to_data(event_document(events, event_id))
    change(data)
    with EventStore.open(tmp_path / "other.db") as other:
        with pytest.raises(EventDocumentError) as caught:
            import_bundle(other, event_from_data(data), "night.json")
        assert message in caught.value.problems, caught.value.problems
        assert other.events() == [] and other.games.games() == []
