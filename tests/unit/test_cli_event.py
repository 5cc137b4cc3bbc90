"""``scorekeeper event`` end to end, exact outputs: create, list, schedule, start-round,
check-in, withdraw, table-status, results in every format, export and import; bad input
exits 2 with a message naming it, and writes nothing.

The results are the round-robin night of test_event_nights.py (worked out by hand there),
its games entered through the library as the app would enter them.
"""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from test_event_nights import PAIRS, meeting_hand, play

from scorekeeper.cli import main
from scorekeeper.event.store import EventStore

NIGHT = "2026-11-27-pairs-night"
RULE_LINES = (
    "Ranked by games won, then points, then points difference, then head-to-head (games won\n"
    "against each other) where every two of the tied met; otherwise the rank is shared. A bye\n"
    "scores the round's average; a no-show table: the side present wins by forfeit with the\n"
    "round's average; an unfinished table counts as it stands (docs/events.md).\n")


def run(db, *args):
    return CliRunner().invoke(main, ["--db", str(db), "event", *args],
                              catch_exceptions=False)


def ok(db, *args) -> str:
    result = run(db, *args)
    assert result.exit_code == 0, result.output + result.stderr
    assert result.stderr == ""
    return result.stdout


def refused(db, *args) -> str:
    result = run(db, *args)
    assert result.exit_code == 2, result.output
    assert result.stdout == ""
    return result.stderr


@pytest.fixture
def db(tmp_path):
    return tmp_path / "season.db"


def create_pairs_night(db) -> None:
    pairs = ",".join(f"{a}+{b}" for a, b in PAIRS)
    assert ok(db, "create", "--name", "Pairs night", "--date", "2026-11-27", "--movement",
              "round-robin", "--pairs", pairs, "--hands", "1", "--season", "Fall 2026"
              ) == f"{NIGHT}\n"


def play_round(db) -> None:
    with EventStore.open(db) as events:
        current = events.event(NIGHT).current_round
        for table in events.tables(NIGHT, current):
            play(events, table, [meeting_hand(table)])


@pytest.fixture
def night(db):
    create_pairs_night(db)
    for _ in range(3):
        ok(db, "start-round", NIGHT)
        play_round(db)
    return db


def test_create_prints_the_id_and_list_shows_the_night(db):
    create_pairs_night(db)
    assert ok(db, "list") == (
        "Date        Event                   Name         Movement     Round  Players\n"
        "2026-11-27  2026-11-27-pairs-night  Pairs night  round-robin  0/3    8\n")


def test_list_of_a_database_without_events(db):
    CliRunner().invoke(main, ["--db", str(db), "games"])
    assert not db.exists()  # reading never makes the file
    with EventStore.open(db):
        pass
    assert ok(db, "list") == "no events\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--players", "A,B,C,D", "--movement", "swiss"],
     "--players: the swiss movement plays fixed pairs: give --pairs \"A+B,C+D,...\""),
    (["--pairs", "A+B,C+D", "--movement", "individual"],
     "--pairs: the individual movement rotates partners: give --players \"A,B,C,...\""),
    (["--movement", "individual"],
     "--players: the individual movement needs the players: --players \"A,B,C,...\""),
    (["--movement", "round-robin"],
     "--pairs: the round-robin movement needs the pairs: --pairs \"A+B,C+D,...\""),
    (["--pairs", "A+B,C", "--movement", "round-robin"],
     "--pairs: 'C' is not a pair (write two names joined by '+', e.g. 'Ann+Bob')"),
    (["--players", "A,,C,D", "--movement", "individual"],
     "--players: an empty name in 'A,,C,D' (names are separated by commas)"),
    (["--players", "A,B,C,D", "--movement", "individual", "--rules", "house"],
     ("--rules: no house-rule preset 'house' (known: standard, short-300, long-1000, nil-50,"
      " nil-helps-partner, no-blind-nil, mercy-minus-200, board-4, ten-for-two-hundred,"
      " two-of-clubs)")),
])
def test_create_refuses_bad_options_and_writes_nothing(db, args, message):
    assert refused(db, "create", "--name", "N", "--date", "2026-11-27", *args) == (
        f"error: {message}\n")
    assert not db.exists()


def test_create_refuses_what_the_event_refuses_naming_the_database(db):
    assert refused(db, "create", "--name", "N", "--date", "2026-13-01", "--movement",
                   "individual", "--players", "A,B,C,D") == (
        f"error: {db}: date: '2026-13-01' is not a day of the calendar\n")
    assert refused(db, "create", "--name", "N", "--date", "2026-11-27", "--movement",
                   "individual", "--players", "A,B,C,a") == (
        f"error: {db}: players: 'a' is named twice\n")


def test_the_schedule_as_json_is_the_contract(db):
    create_pairs_night(db)
    data = json.loads(ok(db, "schedule", NIGHT, "--format", "json"))
    assert list(data) == ["event", "rounds"] and data["event"] == NIGHT
    assert [r["round"] for r in data["rounds"]] == [1, 2, 3]
    for plan in data["rounds"]:
        assert list(plan) == ["round", "tables", "sitting_out"] and plan["sitting_out"] == []
        assert [t["table"] for t in plan["tables"]] == ["1", "2"]
        for table in plan["tables"]:
            assert list(table) == ["table", "seats"] and list(table["seats"]) == list("NESW")
    one = json.loads(ok(db, "schedule", NIGHT, "--round", "2", "--format", "json"))
    assert one == {"event": NIGHT, "rounds": [data["rounds"][1]]}


FIVE = "2026-11-28-five"


def test_the_schedule_of_a_whist_night_as_a_table(db):
    # Five players: the whist tournament (each partners each once, opposes each twice, one
    # sits out a round).
    assert ok(db, "create", "--name", "Five", "--date", "2026-11-28", "--movement",
              "individual", "--players", "Ann,Bob,Cat,Dan,Eve") == f"{FIVE}\n"
    ok(db, "start-round", FIVE)
    assert ok(db, "schedule", FIVE) == (
        "Five (2026-11-28-five), 2026-11-28: individual, 5 rounds\n"
        "Round end: 500 points or time called.\n"
        "\n"
        "Round 1 (current)\n"
        "  Table  N    E    S    W\n"
        "  1      Dan  Eve  Cat  Bob\n"
        "  Sitting out: Ann\n"
        "\n"
        "Round 2 (to come)\n"
        "  Table  N    E    S    W\n"
        "  1      Eve  Ann  Dan  Cat\n"
        "  Sitting out: Bob\n"
        "\n"
        "Round 3 (to come)\n"
        "  Table  N    E    S    W\n"
        "  1      Ann  Bob  Eve  Dan\n"
        "  Sitting out: Cat\n"
        "\n"
        "Round 4 (to come)\n"
        "  Table  N    E    S    W\n"
        "  1      Bob  Cat  Ann  Eve\n"
        "  Sitting out: Dan\n"
        "\n"
        "Round 5 (to come)\n"
        "  Table  N    E    S    W\n"
        "  1      Cat  Dan  Bob  Ann\n"
        "  Sitting out: Eve\n")
    assert ok(db, "schedule", FIVE, "--round", "2", "--format", "json") == (
        '{\n  "event": "2026-11-28-five",\n  "rounds": [\n    {\n      "round": 2,\n'
        '      "tables": [\n        {\n          "table": "1",\n          "seats": {\n'
        '            "N": "Eve",\n            "E": "Ann",\n            "S": "Dan",\n'
        '            "W": "Cat"\n          }\n        }\n      ],\n'
        '      "sitting_out": [\n        "Bob"\n      ]\n    }\n  ]\n}\n')


def test_start_round_prints_the_round_and_who_sits_out(db):
    ok(db, "create", "--name", "Five", "--date", "2026-11-28", "--movement", "individual",
       "--players", "Ann,Bob,Cat,Dan,Eve")
    assert ok(db, "start-round", FIVE) == (
        f"round 1 of {FIVE} started\n"
        "Table  N    E    S    W    Score  Hands  State\n"
        "1      Dan  Eve  Cat  Bob  0:0    0      playing\n"
        "Sitting out: Ann\n")


def test_a_rounds_length_is_created_shown_and_carried_by_the_bundle(db, tmp_path):
    assert ok(db, "create", "--name", "Five", "--date", "2026-11-28", "--movement",
              "individual", "--players", "Ann,Bob,Cat,Dan,Eve", "--hands", "4",
              "--minutes", "25") == f"{FIVE}\n"
    assert ok(db, "schedule", FIVE).splitlines()[:2] == [
        "Five (2026-11-28-five), 2026-11-28: individual, 5 rounds",
        "Round end: 500 points, 4 hands, or time called (a 25-minute clock)."]
    assert ok(db, "start-round", FIVE).splitlines()[0] == (
        f"round 1 of {FIVE} started: 25 minutes on the app's round clock")
    bundle = tmp_path / "five.json"
    ok(db, "export", FIVE, "-o", str(bundle))
    assert json.loads(bundle.read_text(encoding="utf-8"))["round_end"] == {
        "target_score": 500, "hand_limit": 4, "minutes": 25}
    other = tmp_path / "other.db"
    ok(other, "import", str(bundle))
    assert ok(other, "schedule", FIVE) == ok(db, "schedule", FIVE)


@pytest.mark.parametrize("minutes", ["0", "1441", "ten"])
def test_create_refuses_a_round_length_out_of_range(db, minutes):
    result = run(db, "create", "--name", "N", "--date", "2026-11-27", "--movement",
                 "individual", "--players", "A,B,C,D", "--minutes", minutes)
    assert result.exit_code == 2
    assert "Invalid value for '--minutes'" in result.stderr
    assert not db.exists()


def test_a_swiss_schedule_says_when_its_rounds_are_paired(db):
    assert ok(db, "create", "--name", "Swiss", "--date", "2026-11-29", "--movement", "swiss",
              "--pairs", "Ann+Bob,Cat+Dan,Eve+Fay,Gus+Hal,Ivy+Jo") == "2026-11-29-swiss\n"
    assert ok(db, "schedule", "2026-11-29-swiss") == (
        "Swiss (2026-11-29-swiss), 2026-11-29: swiss, 3 rounds\n"
        "Round end: 500 points or time called.\n"
        "\n"
        "Round 1 (to come)\n"
        "  Table  N    E    S    W\n"
        "  1      Ann  Cat  Bob  Dan\n"
        "  2      Eve  Gus  Fay  Hal\n"
        "  Sitting out: Ivy, Jo\n"
        "\n"
        "Rounds 2-3 are paired by the standing, each when it starts.\n")


def test_schedule_of_a_round_not_planned_or_an_unknown_event(db):
    create_pairs_night(db)
    assert refused(db, "schedule", NIGHT, "--round", "4") == (
        f"error: {NIGHT}: no round 4 planned (scorekeeper event schedule {NIGHT} lists them)\n")
    assert refused(db, "schedule", "nope") == (
        f"error: {db}: no event 'nope' in the database (scorekeeper event list lists them)\n")


def test_start_round_prints_the_tables_and_waits_for_them(db):
    create_pairs_night(db)
    out = ok(db, "start-round", NIGHT).splitlines()
    assert out[:2] == [f"round 1 of {NIGHT} started",
                       "Table  N    E    S    W    Score  Hands  State"]
    assert [line.split()[0] for line in out[2:]] == ["1", "2"]
    assert all(line.endswith("0:0    0      playing") for line in out[2:])
    assert refused(db, "start-round", NIGHT) == (
        f"error: {db}: round 1 is still being played at tables 1, 2: finish it, or mark it"
        " unfinished or no_show (event table-status)\n")


def test_table_status_settles_a_table(db):
    create_pairs_night(db)
    ok(db, "start-round", NIGHT)
    assert ok(db, "table-status", NIGHT, "1", "1", "unfinished") == (
        f"{NIGHT} round 1, table 1: unfinished\n")
    assert ok(db, "table-status", NIGHT, "1", "2", "no_show", "--absent", "EW") == (
        f"{NIGHT} round 1, table 2: no_show, EW absent\n")
    assert refused(db, "table-status", NIGHT, "1", "2", "no_show") == (
        f"error: {db}: a no-show needs the side that did not come: NS or EW\n")
    assert refused(db, "table-status", NIGHT, "1", "3", "unfinished") == (
        f"error: {db}: {NIGHT} has no table 3 in round 1\n")
    assert "Invalid value for 'STATUS'" in run(db, "table-status", NIGHT, "1", "1",
                                               "lost").stderr
    assert ok(db, "start-round", NIGHT).startswith(f"round 2 of {NIGHT} started\n")


def test_check_in_and_withdraw_say_what_is_planned_again(tmp_path):
    db = tmp_path / "season.db"
    assert ok(db, "create", "--name", "Rota", "--date", "2026-11-27", "--movement",
              "individual", "--players", "Ann,Bob,Cat,Dan,Eve,Fay,Gus,Hal", "--rounds", "3"
              ) == "2026-11-27-rota\n"
    ok(db, "start-round", "2026-11-27-rota")
    assert ok(db, "check-in", "2026-11-27-rota", "Ivy") == (
        "Ivy checked in to 2026-11-27-rota; rounds 2-3 planned again\n")
    assert ok(db, "withdraw", "2026-11-27-rota", "bob") == (
        "Bob withdrawn from 2026-11-27-rota; rounds 2-3 planned again\n")
    assert refused(db, "withdraw", "2026-11-27-rota", "Zed") == (
        f"error: {db}: 'Zed' is not a player of 2026-11-27-rota\n")
    assert refused(db, "check-in", "2026-11-27-rota", "ivy") == (
        f"error: {db}: Ivy is already checked in to 2026-11-27-rota\n")


def test_results_in_every_format(night):
    assert ok(night, "results", NIGHT) == (
        "Pairs night (2026-11-27-pairs-night), 2026-11-27: final results\n"
        "\n"
        "Rank  Pair       Rounds  Byes  Won  Points  Diff  Tie-break\n"
        "   1  Ann & Bob       3     0    2     212   +61  points\n"
        "   2  Gus & Hal       3     0    2     172  +100  points\n"
        "   3  Eve & Fay       3     0    1     163   -37  points\n"
        "   4  Cat & Dan       3     0    1      60  -124  points\n"
        "\n" + RULE_LINES)
    assert ok(night, "results", NIGHT, "--format", "csv") == (
        "rank,pair,rounds_played,byes,games_won,points,points_diff,tie_break,status\n"
        "1,Ann & Bob,3,0,2,212,61,points,in\n"
        "2,Gus & Hal,3,0,2,172,100,points,in\n"
        "3,Eve & Fay,3,0,1,163,-37,points,in\n"
        "4,Cat & Dan,3,0,1,60,-124,points,in\n")
    assert ok(night, "results", NIGHT, "--format", "markdown") == (
        "## Pairs night (2026-11-27-pairs-night), 2026-11-27: final results\n"
        "\n"
        "| Rank | Pair | Rounds | Byes | Won | Points | Diff | Tie-break |\n"
        "|---:|---|---:|---:|---:|---:|---:|---|\n"
        "| 1 | Ann & Bob | 3 | 0 | 2 | 212 | +61 | points |\n"
        "| 2 | Gus & Hal | 3 | 0 | 2 | 172 | +100 | points |\n"
        "| 3 | Eve & Fay | 3 | 0 | 1 | 163 | -37 | points |\n"
        "| 4 | Cat & Dan | 3 | 0 | 1 | 60 | -124 | points |\n"
        "\n" + RULE_LINES.replace("\n", " ").rstrip() + "\n")
    data = json.loads(ok(night, "results", NIGHT, "--format", "json"))
    assert {k: v for k, v in data.items() if k != "rows"} == {
        "event": NIGHT, "name": "Pairs night", "date": "2026-11-27", "by": "pair",
        "rounds": 3, "complete": True,
        "tie_breaks": ["games won", "points", "points difference", "head-to-head"]}
    assert data["rows"][0] == {
        "rank": 1, "names": ["Ann", "Bob"], "rounds_played": 3, "byes": 0, "games_won": 2,
        "points": 212, "points_diff": 61, "tie_break": "points", "status": "in"}
    assert [r["names"][0] for r in data["rows"]] == ["Ann", "Gus", "Eve", "Cat"]


def test_the_nights_games_are_in_the_season_standings(night):
    result = CliRunner().invoke(main, ["--db", str(night), "standings", "--season",
                                       "Fall 2026", "--format", "json"])
    assert result.exit_code == 0
    ann = next(p for p in json.loads(result.stdout)["players"] if p["name"] == "Ann")
    assert (ann["games"], ann["wins"]) == (3, 2)


def test_export_then_import_elsewhere_twice(night, tmp_path):
    bundle = tmp_path / "night.json"
    assert ok(night, "export", NIGHT, "-o", str(bundle)) == f"wrote {bundle}\n"
    assert refused(night, "export", NIGHT, "-o", str(bundle)) == (
        f"error: {bundle}: already exists; use --force to replace it\n")
    assert ok(night, "export", NIGHT, "-o", str(bundle), "--force") == f"wrote {bundle}\n"
    other = tmp_path / "other.db"
    assert ok(other, "import", str(bundle)) == (
        f"{bundle}: event {NIGHT} created; games: 6 imported, 0 updated, 0 unchanged\n")
    assert ok(other, "import", str(bundle)) == (
        f"{bundle}: event {NIGHT} unchanged; games: 0 imported, 0 updated, 6 unchanged\n")
    assert ok(other, "results", NIGHT) == ok(night, "results", NIGHT)
    assert ok(other, "export", NIGHT) == bundle.read_text(encoding="utf-8")


def test_import_refuses_a_file_that_is_not_a_bundle(tmp_path):
    bundle = tmp_path / "night.json"
    bundle.write_text('{"format": "spades-game"}')
    db = tmp_path / "other.db"
    assert refused(db, "import", str(bundle)) == (
        f"error: {bundle}: format: 'spades-game' is not a Spades event document (expected"
        f" 'spades-event')\nerror: {bundle}: not imported\n")
    assert refused(db, "import", str(tmp_path / "missing.json")).startswith(
        f"error: {tmp_path / 'missing.json'}: ")
    assert not db.exists()


@pytest.mark.parametrize("command", ["create", "list", "schedule", "results", "start-round",
                                     "check-in", "withdraw", "table-status", "export",
                                     "import"])
def test_every_command_has_help(command):
    result = CliRunner().invoke(main, ["event", command, "--help"])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"Usage: main event {command} ")
    body = result.stdout.split("\n\n")[1].strip()
    assert len(body) > 20


def test_results_before_and_during_the_night(db):
    create_pairs_night(db)
    before = ok(db, "results", NIGHT).splitlines()
    assert before[0] == "Pairs night (2026-11-27-pairs-night), 2026-11-27: no round started yet"
    assert before[3:7] == [
        "  1=  Ann & Bob       0     0    0       0    +0  shared",
        "  1=  Cat & Dan       0     0    0       0    +0  shared",
        "  1=  Eve & Fay       0     0    0       0    +0  shared",
        "  1=  Gus & Hal       0     0    0       0    +0  shared"]
    ok(db, "start-round", NIGHT)
    play_round(db)
    during = ok(db, "results", NIGHT, "--format", "json")
    assert json.loads(during)["complete"] is False
    assert ok(db, "results", NIGHT).splitlines()[0] == (
        "Pairs night (2026-11-27-pairs-night), 2026-11-27: results so far (round 1 of 3)")


def test_a_pair_arrives_and_leaves_as_a_pair(db):
    create_pairs_night(db)
    assert ok(db, "check-in", NIGHT, "ivy + jo") == (
        f"ivy+jo checked in to {NIGHT}; rounds 1-5 planned again\n")
    assert ok(db, "withdraw", NIGHT, "cat") == (
        f"Cat+Dan withdrawn from {NIGHT}; rounds 1-3 planned again\n")
    assert refused(db, "check-in", NIGHT, "Kim") == (
        f"error: {db}: 'Kim': a fixed-pair event checks in a pair, \"A+B\"\n")


def test_schedule_counts_show_who_partners_and_opposes_whom(db):
    """A whist night of 8: everyone partners everyone once and opposes everyone twice, which
    the counts after the schedule show; with JSON the counts are refused (the JSON is a
    contract)."""
    assert ok(db, "create", "--name", "Whist", "--date", "2026-11-27", "--movement",
              "individual", "--players", "A1,B2,C3,D4,E5,F6,G7,H8") == "2026-11-27-whist\n"
    out = ok(db, "schedule", "2026-11-27-whist", "--counts")
    counts = out[out.index("Partners and opponents over the 7 rounds planned:\n"):]
    lines = counts.splitlines()
    assert lines[2] == "  #  player  played  out  partners  opponents"
    assert lines[3] == "  1  A1           7    0       1-1        2-2"
    assert len([line for line in lines if line.endswith("       1-1        2-2")]) == 8
    assert "times as partners:" in lines and "times as opponents:" in lines
    one_round = ok(db, "schedule", "2026-11-27-whist", "--round", "1", "--counts")
    assert "Partners and opponents over round 1:\n" in one_round
    assert refused(db, "schedule", "2026-11-27-whist", "--counts", "--format", "json") == (
        "error: --counts: the partner and opponent counts are printed with --format table\n")


def test_import_refuses_a_bundle_behind_the_night_unless_forced(db, tmp_path):
    create_pairs_night(db)
    ok(db, "start-round", NIGHT)
    play_round(db)
    older = tmp_path / "older.json"
    ok(db, "export", NIGHT, "-o", str(older))
    ok(db, "start-round", NIGHT)
    assert refused(db, "import", str(older)) == (
        f"error: {older}: current_round: round 2 has started here, the bundle's latest is"
        " round 1 (the rounds after it would go back to planned)\n"
        f"error: {older}: not imported: the database's night {NIGHT} would be replaced by it"
        " (--force imports it all the same)\n")
    with EventStore.open(db) as events:
        assert events.event(NIGHT).current_round == 2
    assert ok(db, "import", str(older), "--force") == (
        f"{older}: event {NIGHT} updated; games: 0 imported, 0 updated, 2 unchanged\n")
    assert ok(db, "import", str(older)) == (
        f"{older}: event {NIGHT} unchanged; games: 0 imported, 0 updated, 2 unchanged\n")


def test_import_checks_every_game_before_writing_any(night, tmp_path):
    bundle = tmp_path / "night.json"
    ok(night, "export", NIGHT, "-o", str(bundle))
    data = json.loads(bundle.read_text(encoding="utf-8"))
    data["games"][0]["hands"][0]["bids"][0]["bid"] += 1
    data["games"][2]["hands"][0]["tricks_won"]["N"] += 6
    bundle.write_text(json.dumps(data), encoding="utf-8")
    lines = refused(night, "import", str(bundle)).splitlines()
    assert lines[0].startswith(f"error: {bundle}: game {NIGHT}.r2.t1: ")
    assert lines[-1] == f"error: {bundle}: not imported"
    with EventStore.open(night) as events:  # started, then played: nothing more
        assert len(events.games.revisions(f"{NIGHT}.r1.t1")) == 2


def test_withdrawing_a_pair_needs_the_pair_as_it_is(tmp_path):
    """A typo in the second name must not withdraw the first player's real pair."""
    db = tmp_path / "season.db"
    pairs = ",".join(f"{a}+{b}" for a, b in PAIRS)
    ok(db, "create", "--name", "Pairs", "--date", "2026-11-27", "--movement", "round-robin",
       "--pairs", pairs)
    assert refused(db, "withdraw", "2026-11-27-pairs", "Cat+Eve") == (
        f"error: {db}: 'Cat+Eve' is not a pair of 2026-11-27-pairs: Cat's pair is Cat+Dan\n")
    assert refused(db, "withdraw", "2026-11-27-pairs", "Ann+Zed") == (
        f"error: {db}: 'Ann+Zed' is not a pair of 2026-11-27-pairs: Ann's pair is Ann+Bob\n")
    assert ok(db, "withdraw", "2026-11-27-pairs", "dan+cat").startswith("Cat+Dan withdrawn")
