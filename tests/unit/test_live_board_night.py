"""The live board's card night (scorekeeper.web.live_data.night_data): the current round's
tables and the night's results, the same as the event store and ``event results --format
json`` have them, and which night the board shows."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.event.store import EventSpec, EventStore
from scorekeeper.web.live_board import LiveBoard
from scorekeeper.web.live_data import LiveSource, table_data
from scorekeeper.web.live_demo import add_hand, write_demo_database

SCRIPT_NAME = "<script>alert(1)</script>"
PLAYERS = ("Alex", "Beth", "Charlie", "David", "Eve", "Frank", "Grace", SCRIPT_NAME)
TONIGHT = datetime.date(2026, 11, 27)


@pytest.fixture(scope="module")
def night_db(tmp_path_factory) -> tuple[Path, str]:
    """A season and the card night of TONIGHT, round 2 being played."""
    path = tmp_path_factory.mktemp("night") / "season.db"
    event_id = write_demo_database(path, 11, players=PLAYERS, tonight=TONIGHT, finished=4)
    return path, event_id


def open_board(path: Path, **options) -> LiveBoard:
    return LiveBoard(LiveSource.open(path, **options))


def test_the_board_shows_the_nights_results_as_event_results_json(night_db):
    path, event_id = night_db
    result = CliRunner().invoke(main, ["--db", str(path), "event", "results", event_id,
                                       "--format", "json"])
    assert result.exit_code == 0, result.output
    expected = json.loads(result.output)
    board = open_board(path, event_id=event_id)
    try:
        night = board.snapshot.data["night"]
    finally:
        board.close()
    assert [{k: v for k, v in row.items() if k != "shared_rank"} for row in night["results"]
            ] == expected["rows"]
    ranks = [row["rank"] for row in night["results"]]
    assert [row["shared_rank"] for row in night["results"]] == [ranks.count(r) > 1
                                                               for r in ranks]
    assert (night["name"], night["current_round"], night["complete"]) == (
        "Friday club night", 2, False)


def test_the_board_shows_the_current_rounds_tables_as_the_event_store_has_them(night_db):
    path, event_id = night_db
    with EventStore.open(path, create=False) as events:
        expected = [table_data(t) for t in events.tables(event_id, 2)]
        sitting_out = list(events.sitting_out(event_id, 2))
    board = open_board(path, event_id=event_id)
    try:
        night = board.snapshot.data["night"]
        html = board.snapshot.html.decode()
    finally:
        board.close()
    assert night["tables"] == expected
    assert night["sitting_out"] == sitting_out
    assert night["playing"] is True
    for table in expected:
        for side in table["sides"]:
            assert f'<span class="score">{side["score"]}</span>' in html
    assert SCRIPT_NAME not in html and "&lt;script&gt;alert(1)&lt;/script&gt;" in html


def test_without_an_event_the_board_shows_the_night_dated_today(night_db):
    path, event_id = night_db
    source = LiveSource.open(path)
    try:
        assert source.night(today=TONIGHT) == event_id
        assert source.night(today=TONIGHT + datetime.timedelta(days=1)) is None
    finally:
        source.close()


def test_a_night_created_while_the_board_runs_appears_and_its_games_are_at_its_tables(
        tmp_path):
    path = tmp_path / "season.db"
    write_demo_database(path, 3, night=False, finished=2)
    board = open_board(path)
    try:
        assert board.snapshot.data["night"] is None
        playing = {g["game_id"] for g in board.snapshot.data["season"]["in_progress"]}
        assert len(playing) == 2
        with EventStore.open(path) as events:
            event_id = events.create_event(EventSpec(
                name="Tonight", date=datetime.date.today().isoformat(),
                movement="individual", players=PLAYERS, rounds=2))
            assert board.refresh() is True
            assert board.snapshot.data["night"]["current_round"] == 0
            assert board.snapshot.data["night"]["tables"][0]["status"] == "planned"
            tables = events.start_round(event_id)
            add_hand(events.games, tables[0].game_id, seed=3)
        assert board.refresh() is True
        data = board.snapshot.data
        assert [t["hands"] for t in data["night"]["tables"]][:1] == [1]
        # The night's games are shown at its tables, the other games still as being played.
        assert {g["game_id"] for g in data["season"]["in_progress"]} == playing
    finally:
        board.close()


def test_a_table_the_director_stops_is_shown_stopped(tmp_path):
    path = tmp_path / "season.db"
    event_id = write_demo_database(path, tonight=datetime.date.today(), finished=2)
    board = open_board(path)
    try:
        first = next(t for t in board.snapshot.data["night"]["tables"]
                     if t["status"] == "playing")
        with EventStore.open(path) as events:
            events.set_table_status(event_id, 2, first["table"], "unfinished")
        assert board.refresh() is True
        stopped = next(t for t in board.snapshot.data["night"]["tables"]
                       if t["table"] == first["table"])
        assert (stopped["status"], stopped["dealer"]) == ("unfinished", None)
        hands = stopped["hands"]
        assert (f'<li class="game table-unfinished" data-table="{first["table"]}">'
                in board.snapshot.html.decode())
        assert f"stopped &middot; {hands} hand" in board.snapshot.html.decode()
    finally:
        board.close()
