"""The event store: creating a night (and refusing bad input), its rounds and tables, late
arrivals and leavers planned around the rounds played, the polling number, and the
migration that adds the event tables to an older database."""

from __future__ import annotations

import datetime
import sqlite3

import pytest
from test_event_nights import PAIRS, play

from scorekeeper.event.records import EventError, EventSpec, UnknownEventError
from scorekeeper.event.results import night_results
from scorekeeper.event.store import EventStore
from scorekeeper.season.storage import Store


@pytest.fixture
def events():
    with EventStore.open(":memory:") as store:
        yield store


EIGHT = ("Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal")


def individual(events, players=EIGHT, **more):
    return events.create_event(EventSpec(name="Friday night", date="2026-11-27",
                                         movement="individual", players=players, **more))


def seated(plan) -> set[str]:
    return {name for table in plan.tables for name in table.seats.values()}


def test_a_new_event_is_listed_and_described(events):
    event_id = individual(events, rounds=3, preset="short-300", venue="Elm St", hands=8)
    assert event_id == "2026-11-27-friday-night"
    view = events.event(event_id)
    assert (view.name, view.venue, view.preset, view.movement, view.rounds,
            view.current_round) == ("Friday night", "Elm St", "short-300", "individual", 3, 0)
    assert (view.round_end.target, view.round_end.hands) == (300, 8)
    assert [p.status for p in view.players] == ["in"] * 8
    (summary,) = events.events()
    assert (summary.id, summary.rounds, summary.current_round, summary.players) == (
        event_id, 3, 0, 8)
    plans = events.schedule(event_id)
    assert [p.round for p in plans] == [1, 2, 3]
    assert all(seated(p) == set(EIGHT) and not p.sitting_out for p in plans)
    assert [t.status for t in events.tables(event_id, 1)] == ["planned", "planned"]


def test_the_rounds_length_is_kept_with_the_event(events):
    timed = individual(events, minutes=25)
    assert events.event(timed).round_end.minutes == 25
    untimed = individual(events)
    assert events.event(untimed).round_end.minutes is None
    assert events._conn.execute("SELECT event_id, round_minutes FROM events ORDER BY"
                                " event_id").fetchall() == [(timed, 25), (untimed, None)]


def test_a_round_started_when_its_games_were_first_saved(events):
    event_id = individual(events, rounds=2, minutes=20)
    assert events.round_started(event_id, 1) is None
    before = datetime.datetime.now(datetime.UTC)
    events.start_round(event_id)
    after = datetime.datetime.now(datetime.UTC)
    started = events.round_started(event_id, 1)
    assert before <= started <= after
    play(events, events.tables(event_id, 1)[0], [((4, 6), (4, 7))])  # a hand, later
    assert len(events.games.revisions(events.tables(event_id, 1)[0].game_id)) == 2
    assert events.round_started(event_id, 1) == started
    assert events.round_started(event_id, 2) is None


def test_the_same_name_and_day_get_a_new_id(events):
    assert individual(events) == "2026-11-27-friday-night"
    assert individual(events) == "2026-11-27-friday-night-2"
    assert events.create_event(EventSpec(name="Ünïcode ☃ night", date="2026-11-27",
                                         movement="individual", players=EIGHT)
                               ) == "2026-11-27-unicode-night"


@pytest.mark.parametrize(("spec", "message"), [
    ({"date": "27/11/2026"}, "date: '27/11/2026' is not a date"),
    ({"date": "2026-02-30"}, "date: '2026-02-30' is not a day of the calendar"),
    ({"name": "  "}, "name: an event needs a name"),
    ({"movement": "howell"}, "movement: 'howell' is not a movement"),
    ({"preset": "house"}, "rules: no house-rule preset 'house'"),
    ({"players": ("Ann", "Bob", "Cat", "ann")}, "players: 'ann' is named twice"),
    ({"players": ("Ann", "Bob", "Cat", "D,an")}, "players: 'D,an': a name may not hold"),
    ({"players": ("Ann", "Bob", "Cat", " ")}, "players: a name is empty"),
    ({"rounds": 0}, "rounds: at least 1, not 0"),
    ({"minutes": 0}, "minutes: a round lasts 1 to 1440 minutes, not 0"),
    ({"minutes": 1441}, "minutes: a round lasts 1 to 1440 minutes, not 1441"),
    ({"movement": "swiss"}, "pairs: the swiss movement plays fixed pairs"),
    ({"event_id": "a..b"}, "event id: 'a..b' is not a game id"),
    ({"event_id": "x" * 49}, "event id: at most 48 characters, not 49"),
])
def test_bad_input_is_refused_by_name(events, spec, message):
    base = {"name": "Friday night", "date": "2026-11-27", "movement": "individual",
            "players": EIGHT}
    with pytest.raises(EventError, match=message.replace("(", r"\(")):
        events.create_event(EventSpec(**{**base, **spec}))
    assert events.events() == []


def test_an_unknown_event_is_named(events):
    with pytest.raises(UnknownEventError, match="no event 'nope' in the database"):
        events.event("nope")
    with pytest.raises(UnknownEventError):
        events.tables("nope", 1)


def test_rounds_start_in_turn_and_not_past_the_last(events):
    event_id = individual(events, rounds=2, hands=1)
    tables = events.start_round(event_id)
    assert [(t.round, t.status, t.dealer, t.hands) for t in tables] == [
        (1, "playing", "N", 0), (2 - 1, "playing", "N", 0)]
    play(events, tables[0], [((7, 8), (5, 5))])
    play(events, tables[1], [((5, 5), (7, 8))])
    assert [(t.status, t.winner, t.scores) for t in events.tables(event_id, 1)] == [
        ("finished", "NS", {"NS": 71, "EW": 50}), ("finished", "EW", {"NS": 50, "EW": 71})]
    assert events.start_round(event_id)[0].round == 2
    for table in events.tables(event_id, 2):
        events.set_table_status(event_id, 2, table.table, "unfinished")
    with pytest.raises(EventError, match="all 2 rounds of .* have been started"):
        events.start_round(event_id)


def test_the_next_dealer_follows_the_hands_played(events):
    event_id = individual(events, rounds=1, hands=5)
    first = events.start_round(event_id)[0]
    play(events, first, [((7, 8), (5, 5)), ((5, 5), (7, 8))])
    assert events.tables(event_id, 1)[0].dealer == "S"  # N dealt, then E: S deals next


def test_a_late_arrival_is_seated_from_the_next_round_around_the_rounds_played(events):
    event_id = individual(events, rounds=4)
    events.start_round(event_id)
    before = events.schedule(event_id)[0]
    view = events.check_in(event_id, "Ivy")
    ivy = view.players[-1]
    assert (ivy.name, ivy.status, ivy.joined_round) == ("Ivy", "late", 2)
    plans = events.schedule(event_id)
    assert plans[0] == before  # the round under way is kept as it is
    assert [p.round for p in plans] == [1, 2, 3, 4]
    for plan in plans[1:]:  # nine players: eight seated, one out, Ivy among them
        assert seated(plan) | set(plan.sitting_out) == set(EIGHT) | {"Ivy"}
        assert len(plan.sitting_out) == 1
    with pytest.raises(EventError, match="Ivy is already checked in"):
        events.check_in(event_id, "ivy")


def test_a_leaver_keeps_his_rounds_and_is_not_seated_again(events):
    event_id = individual(events, players=EIGHT + ("Ivy",), rounds=4, hands=1)
    for table in events.start_round(event_id):
        play(events, table, [((7, 8), (5, 5))])
    played_by = next(n for n in EIGHT if n in seated(events.schedule(event_id)[0]))
    view = events.withdraw(event_id, played_by.upper())
    leaver = next(p for p in view.players if p.name == played_by)
    assert (leaver.status, leaver.left_round) == ("left", 1)
    for plan in events.schedule(event_id)[1:]:
        assert played_by not in seated(plan) | set(plan.sitting_out)
        assert len(seated(plan)) == 8 and not plan.sitting_out
    row = next(r for r in night_results(events, event_id).rows if r.names == (played_by,))
    assert (row.rounds_played, row.status) == (1, "left")  # his round counts, his row stays
    with pytest.raises(EventError, match=f"{played_by} has already left"):
        events.withdraw(event_id, played_by)
    with pytest.raises(EventError, match="'Zed' is not a player of"):
        events.withdraw(event_id, "Zed")
    # He comes back: seated again from the next round.
    back = events.check_in(event_id, played_by)
    assert next(p for p in back.players if p.name == played_by).status == "late"
    assert all(played_by in seated(p) | set(p.sitting_out)
               for p in events.schedule(event_id)[1:])


def test_fixed_pairs_arrive_and_leave_as_pairs(events):
    event_id = events.create_event(EventSpec(name="Pairs", date="2026-11-27",
                                             movement="round-robin", pairs=PAIRS[:3]))
    with pytest.raises(EventError, match="a fixed-pair event checks in a pair"):
        events.check_in(event_id, "Gus")
    view = events.check_in(event_id, "Gus + Hal")
    assert view.pairs[-1] == ("Gus", "Hal") and view.players[-1].pair == 4
    assert all(len(p.tables) == 2 and not p.sitting_out for p in events.schedule(event_id))
    view = events.withdraw(event_id, "Cat")  # Cat's pair leaves with her
    assert [p.name for p in view.players if p.status == "left"] == ["Cat", "Dan"]
    assert view.active_pairs() == (PAIRS[0], PAIRS[2], PAIRS[3])


def test_a_swiss_round_is_paired_when_it_starts(events):
    event_id = events.create_event(EventSpec(name="Swiss", date="2026-11-27",
                                             movement="swiss", pairs=PAIRS, hands=1))
    view = events.event(event_id)
    assert view.rounds == 2  # ceil(log2(4 pairs))
    assert [p.round for p in events.schedule(event_id)] == [1]
    for table in events.start_round(event_id):
        play(events, table, [((7, 8), (5, 5))])
    second = events.start_round(event_id)
    assert [t.round for t in second] == [2, 2]
    first_meetings = {frozenset(t.seats.values()) for t in events.tables(event_id, 1)}
    assert not {frozenset(t.seats.values()) for t in second} & first_meetings


def test_data_version_grows_with_every_change(events, tmp_path):
    before = events.data_version()
    event_id = individual(events, rounds=1, hands=1)
    created = events.data_version()
    assert created > before
    table = events.start_round(event_id)[0]
    started = events.data_version()
    assert started > created
    assert events.data_version() == started  # reading changes nothing
    play(events, table, [((7, 8), (5, 5))])
    assert events.data_version() > started


def test_another_connections_write_is_seen(tmp_path):
    path = tmp_path / "night.db"
    with EventStore.open(path) as board, EventStore.open(path) as director:
        event_id = individual(director, rounds=1)
        seen = board.data_version()
        director.start_round(event_id)
        assert board.data_version() > seen
        assert board.event(event_id).current_round == 1


def test_a_database_of_the_previous_schema_gets_the_event_tables(tmp_path):
    path = tmp_path / "old.db"
    with Store.open(path):
        pass
    conn = sqlite3.connect(path)
    for table in ("event_tables", "event_rounds", "event_players", "events"):
        conn.execute(f"DROP TABLE {table}")
    conn.execute("DELETE FROM _sqlite_migrations WHERE name = 'm006_events'")
    conn.commit()
    conn.close()
    with EventStore.open(path, create=False) as events:
        assert events.writable
        assert individual(events) == "2026-11-27-friday-night"


def test_a_substitute_entered_in_the_game_is_who_played(events):
    # The plan seats Ann's table; Zoe plays instead (the game's players corrected in the
    # app). The table and the results follow the game: Zoe's row counts the round.
    from scorekeeper.logs.files import log_from_data, log_to_data

    event_id = individual(events, rounds=1, hands=1)
    table = events.start_round(event_id)[0]
    data = log_to_data(events.games.load_game(table.game_id))
    replaced = data["players"]["N"]
    data["players"]["N"] = "Zoe"
    events.games.save_game(log_from_data(data))
    play(events, events.tables(event_id, 1)[0], [((7, 8), (5, 5))])
    assert events.tables(event_id, 1)[0].seats["N"] == "Zoe"
    rows = {r.names[0]: r for r in night_results(events, event_id).rows}
    assert (rows["Zoe"].rounds_played, rows["Zoe"].games_won, rows["Zoe"].points) == (1, 1, 71)
    assert rows[replaced].rounds_played == 0


def test_a_no_show_is_refused_once_the_first_hand_is_begun_in_the_app(events):
    # docs/events.md: only a table with no hand played, nor begun in the app (a saved
    # draft with an entry), as the director's screen refuses it.
    event_id = individual(events, rounds=1, hands=1)
    first, second = events.start_round(event_id)[:2]
    events.games.save_draft(first.game_id, {"hand": 1, "dealer": "N", "tricks": [],
                                            "bids": [{"seat": "E", "bid": 3, "blind": False}]})
    version = events.data_version()
    with pytest.raises(EventError) as caught:
        events.set_table_status(event_id, 1, first.table, "no_show", absent="EW")
    assert str(caught.value) == (f"table {first.table} of round 1 has begun its first hand"
                                 " in the app (both sides came): mark it unfinished")
    assert events.data_version() == version
    assert events.set_table_status(event_id, 1, first.table, "unfinished").status == (
        "unfinished")
    # A draft with no entry yet (the hand opened, nothing entered) is no hand begun.
    events.games.save_draft(second.game_id, {"hand": 1, "dealer": "N", "bids": [],
                                             "tricks": []})
    marked = events.set_table_status(event_id, 1, second.table, "no_show", absent="NS")
    assert (marked.status, marked.absent) == ("no_show", "NS")
