"""The season commands end to end: import, export, games, standings in every format.

The season (target 100 so games are short; every figure worked out by hand below):

g1 2026-11-01 table 1, NS Alex & Charlie v EW Beth & David:
  hand 1: NS bid 4+2 = 6 took 4+3 = 7: 60 + 1 bag = 61. EW bid 3+2 = 5 took 6: 51.
  hand 2: Alex Nil made (+100); Charlie bid 3 took 5: 30 + 2 bags; NS 132 -> 193 (3 bags).
          EW bid 5 took 8: 53 -> 104 (4 bags). NS reach 100 and lead: NS win 193-104.
g2 2026-11-08 table 1 (bag limit 2, penalty 10), NS Alex & Beth v EW Charlie & David:
  hand 1: NS bid 9 took 6: set, -90. EW bid 6 took 7: 61 (1 bag).
  hand 2: NS bid 4 took 5: 41 -> -49 (1 bag). EW bid 7 took 8: 71, bags 1 + 1 = 2 reach the
          limit: -10 -> 61, 122 (0 bags). EW win 122 to -49.
g3 2026-11-08 table 2, two-player, N Alex v S Beth:
  hand 1: Alex bid 4 took 6: 42 (2 bags). Beth bid 5 took 7: 52 (2 bags).
  hand 2: Alex bid 6 took 12: 66 -> 108 (8 bags). Beth's Blind Nil fails: -200, her trick a
          bag +1: -199 -> -147 (3 bags). Alex wins 108 to -147.
g4 2026-11-15 table 1, as g1: one hand, NS 42, EW 43: unfinished.

Per player (finished games only):
  Charlie: g1 won, g2 won: for 193 + 122 = 315, against 104 + -49 = 55, 4 hands, 78.75 a
           hand, bags 3 + 2 = 5, 1 bag penalty (g2).
  Alex: g1 won, g2 lost, g3 won: for 193 - 49 + 108 = 252, against 104 + 122 - 147 = 79,
        6 hands, 42.00, bags 3 + 1 + 8 = 12, 1 set (g2), his Nil 1/1.
  David: g1 lost, g2 won: for 104 + 122 = 226, against 193 - 49 = 144, bags 4 + 2 = 6.
  Beth: lost all three: for 104 - 49 - 147 = -92, against 193 + 122 + 108 = 423, -15.33 a
        hand, bags 4 + 1 + 3 = 8, 1 set, Blind Nil 0/1.
  Ranked by win %: Charlie 100, Alex 66.7, David 50, Beth 0.
Partnerships: every pair played once; the winners (100%, 1 win) by points difference:
  Alex alone +255, Charlie & David +171, Alex & Charlie +89; then the losers: Beth & David
  -89, Alex & Beth -171, Beth alone -255.
The ratings are openskill's (Plackett-Luce, mu - 3 sigma) over g1, g2 (table 1), g3.
"""

import json
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from scorekeeper.cli import main
from scorekeeper.logs.files import dump_log, log_from_data

SCHEMA = Path(__file__).resolve().parents[2] / "schemas" / "spades-game.v1.json"
SEASON = "Fall 2026"
G1, G2, G3, G4 = ("2026-11-01-aaac839a49", "2026-11-08-1813c4ac55", "2026-11-08-04981101a4",
                  "2026-11-15-855674a512")


def bids(*pairs):
    return [{"seat": s, "bid": b, **({"blind": True} if blind else {})}
            for s, b, blind in pairs]


def four(n, e, s, w):
    return {"N": n, "E": e, "S": s, "W": w}


def game(players, date, table, hands, rules, variant="partnership"):
    return {"format": "spades-game", "format_version": "1.0", "variant": variant,
            "players": players, "rules": rules,
            "event": {"season": SEASON, "date": date, "table": table}, "hands": hands}


TARGET_100 = {"target_score": 100}
LOGS = {
    "g1.json": game(four("Alex", "Beth", "Charlie", "David"), "2026-11-01", "1", [
        {"dealer": "W", "bids": bids(("N", 4, 0), ("E", 3, 0), ("S", 2, 0), ("W", 2, 0)),
         "tricks_won": {"N": 4, "E": 3, "S": 3, "W": 3}},
        {"dealer": "N", "bids": bids(("E", 3, 0), ("S", 3, 0), ("W", 2, 0), ("N", 0, 0)),
         "tricks_won": {"N": 0, "E": 4, "S": 5, "W": 4}}], TARGET_100),
    "g2.json": game(four("Alex", "Charlie", "Beth", "David"), "2026-11-08", "1", [
        {"dealer": "W", "bids": bids(("N", 5, 0), ("E", 4, 0), ("S", 4, 0), ("W", 2, 0)),
         "tricks_won": {"N": 3, "E": 4, "S": 3, "W": 3}},
        {"dealer": "N", "bids": bids(("E", 3, 0), ("S", 2, 0), ("W", 4, 0), ("N", 2, 0)),
         "tricks_won": {"N": 2, "E": 3, "S": 3, "W": 5}}],
        {"target_score": 100, "bag_limit": 2, "bag_penalty": 10}),
    "g3.json": game({"N": "Alex", "S": "Beth"}, "2026-11-08", "2", [
        {"dealer": "N", "bids": bids(("S", 5, 0), ("N", 4, 0)), "tricks_won": {"N": 6, "S": 7}},
        {"dealer": "S", "bids": bids(("N", 6, 0), ("S", 0, 1)),
         "tricks_won": {"N": 12, "S": 1}}], TARGET_100, variant="two_player"),
    "g4.json": game(four("Alex", "Beth", "Charlie", "David"), "2026-11-15", "1", [
        {"dealer": "W", "bids": bids(("N", 2, 0), ("E", 2, 0), ("S", 2, 0), ("W", 2, 0)),
         "tricks_won": {"N": 3, "E": 3, "S": 3, "W": 4}}], TARGET_100),
}


@pytest.fixture
def season(tmp_path, monkeypatch):
    """A folder with the season's logs (the working directory) and a database path."""
    monkeypatch.chdir(tmp_path)
    for name, data in LOGS.items():
        Path(name).write_text(json.dumps(data, indent=2))
    return str(tmp_path / "season.db")


def run(db, *args):
    return CliRunner().invoke(main, ["--db", db, *args], catch_exceptions=False)


@pytest.fixture
def imported(season):
    result = run(season, "import", *LOGS)
    assert result.exit_code == 0, result.output
    return season


def test_import_reports_each_log_then_a_second_import_changes_nothing(season):
    first = run(season, "import", *LOGS)
    assert (first.exit_code, first.stdout) == (0, f"""\
g1.json: imported as {G1}
g2.json: imported as {G2}
g3.json: imported as {G3}
g4.json: imported as {G4}
4 imported, 0 updated, 0 unchanged, 0 refused
""")
    again = run(season, "import", "g1.json")
    assert (again.exit_code, again.stdout) == (0, f"""\
g1.json: {G1} already stored (revision 1), unchanged
0 imported, 0 updated, 1 unchanged, 0 refused
""")


def test_edited_log_replaces_its_earlier_version_which_is_kept(imported):
    edited = json.loads(Path("g4.json").read_text())
    edited["hands"][0]["tricks_won"].update(N=4, W=3)  # N took a trick W was credited with
    Path("g4-fixed.json").write_text(json.dumps(edited))
    result = run(imported, "import", "g4-fixed.json", "--by", "Referee", "--why", "trick 7")
    assert result.stdout == f"""\
g4-fixed.json: {G4} updated to revision 2 (revision 1 kept)
0 imported, 1 updated, 0 unchanged, 0 refused
"""
    assert json.loads(run(imported, "export", G4).stdout) == edited
    assert json.loads(run(imported, "export", G4, "--revision", "1").stdout) == LOGS["g4.json"]


def test_invalid_logs_are_refused_with_validates_messages_and_the_others_imported(season):
    bad = json.loads(json.dumps(LOGS["g2.json"]))
    bad["hands"][0]["tricks_won"]["N"] = 9
    Path("bad-count.json").write_text(json.dumps(bad))
    Path("bad-json.json").write_text("{ not json")
    files = ["bad-count.json", "g1.json", "bad-json.json", "missing.json", "g3.json"]
    validate = CliRunner().invoke(main, ["validate", *files])
    result = run(season, "import", *files)
    assert result.exit_code == 2
    assert result.stderr == """\
bad-count.json: hand 1: tricks won add up to 19, not 13 [tricks_won_total]
bad-count.json: refused, not imported
bad-json.json: not valid JSON: Expecting property name enclosed in double quotes at line 1, column 3
bad-json.json: refused, not imported
missing.json: no such file
missing.json: refused, not imported
"""
    refused_lines = [line for line in result.stderr.splitlines() if "refused" not in line]
    assert refused_lines == [line for line in validate.stdout.splitlines()
                             if ": valid (" not in line]
    assert result.stdout == f"""\
g1.json: imported as {G1}
g3.json: imported as {G3}
2 imported, 0 updated, 0 unchanged, 3 refused
"""
    assert [line.split()[0] for line in run(season, "games").stdout.splitlines()[1:]] == [
        "2026-11-08", "2026-11-01"]


def test_export_round_trip_is_valid_under_the_schema(imported, tmp_path):
    schema = json.loads(SCHEMA.read_text())
    for gid, name in ((G1, "g1.json"), (G3, "g3.json")):
        out = tmp_path / f"{gid}.json"
        result = run(imported, "export", gid, "-o", str(out))
        assert result.stdout == f"wrote {out}\n"
        data = json.loads(out.read_text())
        jsonschema.Draft202012Validator(schema).validate(data)
        assert log_from_data(data) == log_from_data(LOGS[name])
        assert out.read_text() == dump_log(log_from_data(LOGS[name]))
        again = run(imported, "import", str(out))
        assert f"{gid} already stored (revision 1), unchanged" in again.stdout


def test_export_of_an_unknown_game_names_it(imported):
    result = run(imported, "export", "nope")
    assert result.exit_code == 2
    assert result.stderr.endswith(
        "season.db: no game 'nope' in the database (scorekeeper games lists them)\n")


def test_games_lists_date_table_players_score_and_winner(imported):
    assert run(imported, "games", "--season", SEASON).stdout == f"""\
Date        Table  Players                        Score       Result                         Game
2026-11-15  1      Alex & Charlie v Beth & David  42 v 43     unfinished (1 hand)            {G4}
2026-11-08  2      Alex v Beth                    108 v -147  Alex won (2 hands)             {G3}
2026-11-08  1      Alex & Beth v Charlie & David  -49 v 122   Charlie & David won (2 hands)  {G2}
2026-11-01  1      Alex & Charlie v Beth & David  193 v 104   Alex & Charlie won (2 hands)   {G1}
"""
    assert run(imported, "games", "--season", "Spring").stdout == "no games in season 'Spring'\n"


LEGEND = """\
Ranking: win percentage, then wins, then points difference (points for minus against); equal on all three share a rank.
Rating: openskill Plackett-Luce (Weng-Lin Bayesian) over every finished game in date order (undated games last, then by table and game id); shown: mu - 3 sigma, starting at 0; a partnership: its players' team rating, per player.
Finished games only; Nil and Blind Nil: made/bid; points, bags, bag penalties (times the bag limit was reached) and sets are the side's."""


def test_standings_table(imported):
    assert run(imported, "standings", "--season", SEASON).stdout == f"""\
Standings: Fall 2026
{LEGEND}

Rank  Player   Games  W  L   Win%  Hands  For  Against  Pts/hand  Nil  Blind Nil  Bags  Bag pen.  Sets  Rating
   1  Charlie      2  2  0  100.0      4  315       55     78.75  0/0        0/0     5         1     0    4.81
   2  Alex         3  2  1   66.7      6  252       79     42.00  1/1        0/0    12         0     1    3.83
   3  David        2  1  1   50.0      4  226      144     56.50  0/0        0/0     6         1     0    0.88
   4  Beth         3  0  3    0.0      6  -92      423    -15.33  0/0        0/1     8         0     1   -4.37

Rank  Partnership      Games  W  L   Win%  Hands   For  Against  Pts/hand  Nil  Blind Nil  Bags  Bag pen.  Sets  Rating
   1  Alex (alone)         1  1  0  100.0      2   108     -147     54.00  0/0        0/0     8         0     0    3.83
   2  Charlie & David      1  1  0  100.0      2   122      -49     61.00  0/0        0/0     2         1     0    2.84
   3  Alex & Charlie       1  1  0  100.0      2   193      104     96.50  1/1        0/0     3         0     0    4.32
   4  Beth & David         1  0  1    0.0      2   104      193     52.00  0/0        0/0     4         0     0   -1.75
   5  Alex & Beth          1  0  1    0.0      2   -49      122    -24.50  0/0        0/0     1         0     1   -0.27
   6  Beth (alone)         1  0  1    0.0      2  -147      108    -73.50  0/0        0/1     3         0     0   -4.37

Unfinished games (not counted):
  {G4} (2026-11-15, table 1): Alex & Charlie 42 v Beth & David 43 after 1 hand
"""


def test_standings_csv(imported):
    assert run(imported, "standings", "--season", SEASON, "--format", "csv").stdout == """\
section,rank,shared_rank,name,games,wins,losses,win_pct,hands,points_for,points_against,points_per_hand,nil_bids,nil_made,blind_nil_bids,blind_nil_made,bags,bag_penalties,sets,rating
player,1,no,Charlie,2,2,0,100.0,4,315,55,78.75,0,0,0,0,5,1,0,4.81
player,2,no,Alex,3,2,1,66.7,6,252,79,42.0,1,1,0,0,12,0,1,3.83
player,3,no,David,2,1,1,50.0,4,226,144,56.5,0,0,0,0,6,1,0,0.88
player,4,no,Beth,3,0,3,0.0,6,-92,423,-15.33,0,0,1,0,8,0,1,-4.37
partnership,1,no,Alex (alone),1,1,0,100.0,2,108,-147,54.0,0,0,0,0,8,0,0,3.83
partnership,2,no,Charlie & David,1,1,0,100.0,2,122,-49,61.0,0,0,0,0,2,1,0,2.84
partnership,3,no,Alex & Charlie,1,1,0,100.0,2,193,104,96.5,1,1,0,0,3,0,0,4.32
partnership,4,no,Beth & David,1,0,1,0.0,2,104,193,52.0,0,0,0,0,4,0,0,-1.75
partnership,5,no,Alex & Beth,1,0,1,0.0,2,-49,122,-24.5,0,0,0,0,1,0,1,-0.27
partnership,6,no,Beth (alone),1,0,1,0.0,2,-147,108,-73.5,0,0,1,0,3,0,0,-4.37
"""


def test_standings_markdown(imported):
    legend = "  \n".join(LEGEND.splitlines())
    assert run(imported, "standings", "--season", SEASON, "--format", "markdown").stdout == f"""\
## Standings: Fall 2026

{legend}

### Players

| Rank | Player | Games | W | L | Win% | Hands | For | Against | Pts/hand | Nil | Blind Nil | Bags | Bag pen. | Sets | Rating |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| 1 | Charlie | 2 | 2 | 0 | 100.0 | 4 | 315 | 55 | 78.75 | 0/0 | 0/0 | 5 | 1 | 0 | 4.81 |
| 2 | Alex | 3 | 2 | 1 | 66.7 | 6 | 252 | 79 | 42.00 | 1/1 | 0/0 | 12 | 0 | 1 | 3.83 |
| 3 | David | 2 | 1 | 1 | 50.0 | 4 | 226 | 144 | 56.50 | 0/0 | 0/0 | 6 | 1 | 0 | 0.88 |
| 4 | Beth | 3 | 0 | 3 | 0.0 | 6 | -92 | 423 | -15.33 | 0/0 | 0/1 | 8 | 0 | 1 | -4.37 |

### Partnerships

| Rank | Partnership | Games | W | L | Win% | Hands | For | Against | Pts/hand | Nil | Blind Nil | Bags | Bag pen. | Sets | Rating |
| ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
| 1 | Alex (alone) | 1 | 1 | 0 | 100.0 | 2 | 108 | -147 | 54.00 | 0/0 | 0/0 | 8 | 0 | 0 | 3.83 |
| 2 | Charlie & David | 1 | 1 | 0 | 100.0 | 2 | 122 | -49 | 61.00 | 0/0 | 0/0 | 2 | 1 | 0 | 2.84 |
| 3 | Alex & Charlie | 1 | 1 | 0 | 100.0 | 2 | 193 | 104 | 96.50 | 1/1 | 0/0 | 3 | 0 | 0 | 4.32 |
| 4 | Beth & David | 1 | 0 | 1 | 0.0 | 2 | 104 | 193 | 52.00 | 0/0 | 0/0 | 4 | 0 | 0 | -1.75 |
| 5 | Alex & Beth | 1 | 0 | 1 | 0.0 | 2 | -49 | 122 | -24.50 | 0/0 | 0/0 | 1 | 0 | 1 | -0.27 |
| 6 | Beth (alone) | 1 | 0 | 1 | 0.0 | 2 | -147 | 108 | -73.50 | 0/0 | 0/1 | 3 | 0 | 0 | -4.37 |

### Unfinished games (not counted)

- {G4} (2026-11-15, table 1): Alex & Charlie 42 v Beth & David 43 after 1 hand
"""


def test_standings_json_contract(imported):
    text = run(imported, "standings", "--season", SEASON, "--format", "json").stdout
    data = json.loads(text)
    assert text == json.dumps(data, indent=2) + "\n"
    assert list(data) == ["season", "ranking", "rating", "games", "players", "partnerships",
                          "unfinished"]
    assert (data["season"], data["games"]) == (SEASON, 3)
    assert data["ranking"].startswith("win percentage, then wins, then points difference")
    assert data["players"][1] == {
        "rank": 2, "shared_rank": False, "name": "Alex", "games": 3, "wins": 2, "losses": 1,
        "win_pct": 66.7, "hands": 6, "points_for": 252, "points_against": 79,
        "points_per_hand": 42.0, "nil_bids": 1, "nil_made": 1, "blind_nil_bids": 0,
        "blind_nil_made": 0, "bags": 12, "bag_penalties": 0, "sets": 1, "rating": 3.83,
        "rating_mu": 27.176, "rating_sigma": 7.781}
    assert [(p["rank"], p["name"], p["members"]) for p in data["partnerships"]] == [
        (1, "Alex (alone)", ["Alex"]), (2, "Charlie & David", ["Charlie", "David"]),
        (3, "Alex & Charlie", ["Alex", "Charlie"]), (4, "Beth & David", ["Beth", "David"]),
        (5, "Alex & Beth", ["Alex", "Beth"]), (6, "Beth (alone)", ["Beth"])]
    assert data["unfinished"] == [{
        "game_id": G4, "date": "2026-11-15", "table": "1", "hands": 1,
        "sides": [{"players": ["Alex", "Charlie"], "score": 42},
                  {"players": ["Beth", "David"], "score": 43}]}]


def test_standings_of_an_empty_database(season):
    from scorekeeper.season.storage import Store

    Store.open(season).close()  # standings read a database, never create one
    data = json.loads(run(season, "standings", "--format", "json").stdout)
    assert {k: v for k, v in data.items() if k not in ("ranking", "rating")} == {
        "season": None, "games": 0, "players": [], "partnerships": [], "unfinished": []}
    assert run(season, "standings").stdout.splitlines()[5:8] == [
        "Rank  Player  Games  W  L  Win%  Hands  For  Against  Pts/hand  Nil  Blind Nil  Bags"
        "  Bag pen.  Sets  Rating", "(no finished games)", ""]


@pytest.mark.parametrize("command", ["import", "export", "games", "standings"])
def test_every_command_has_help(command):
    result = CliRunner().invoke(main, [command, "--help"])
    assert result.exit_code == 0
    assert len(result.output.split("\n\n")[1].strip()) > 40


def test_importing_the_cli_loads_neither_the_database_nor_the_rating_package():
    code = ("import sys\nimport scorekeeper.cli\n"
            "print(' '.join(m for m in ('sqlite_utils', 'openskill') if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == ""


def test_sql_sums_agree_with_the_plain_python_sums(imported):
    from scorekeeper.season.standings_formats import standings_data
    from scorekeeper.season.standings import compute_standings
    from scorekeeper.season.storage import Store

    with Store.open(imported) as store:
        for season in (SEASON, None):
            by_sql = standings_data(store.standings(season))
            by_python = standings_data(compute_standings(store.game_results(season), season))
            assert by_sql == by_python


def test_import_out_of_date_order_rates_once_at_the_end_and_standings_rate_nothing(
        season, tmp_path, monkeypatch):
    from scorekeeper.season.storage import Store
    from scorekeeper.season.storage import cache

    in_order = str(tmp_path / "in-order.db")
    assert run(in_order, "import", "g1.json", "g2.json", "g3.json").exit_code == 0
    # g1 comes before g3, which started the ratings: it drops them; the end of the
    # import rates the three games again, once.
    assert run(season, "import", "g3.json", "g1.json", "g2.json").exit_code == 0
    with Store.open(season) as store:
        assert store.db.execute("SELECT scope, games, game_id FROM rating_heads"
                                " ORDER BY scope").fetchall() == [("\x00all", 3, G3),
                                                                  (SEASON, 3, G3)]

    def refuse(*args):
        raise AssertionError("standings rated games again")

    monkeypatch.setattr(cache, "rated_games", refuse)
    for args in ((), ("--season", SEASON)):
        assert run(season, "standings", "--format", "json", *args).stdout == run(
            in_order, "standings", "--format", "json", *args).stdout
