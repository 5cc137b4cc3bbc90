"""``cache.unfinished_games`` reads each seat as it uses it (a big club has thousands of
unfinished games): what it gives is what reading every seat into a dict first gave (the
reference below is the code it replaced), for partnership and two-player games, names
shown as another spelling, a name shown as the empty text, and a season's games only."""

from __future__ import annotations

import json
import sqlite3

from scorekeeper.season.standings import UnfinishedGame
from scorekeeper.season.storage.cache import unfinished_games
from scorekeeper.season.storage.names import key_of


def reference(conn: sqlite3.Connection, season: str | None,
              shown: dict[str, str]) -> list[UnfinishedGame]:
    where, params = ("", ()) if season is None else (" AND season = ?", (season,))
    unfinished = []
    for game_id, date, table, variant, hands, players, scores in conn.execute(
            "SELECT game_id, date, table_name, variant, hands, players_json, scores_json"
            f" FROM games WHERE finished = 0{where}", params):
        seat = {s: shown.get(key_of(name), name) for s, name in json.loads(players).items()}
        if variant == "partnership":
            sides, keys = ((seat["N"], seat["S"]), (seat["E"], seat["W"])), ("NS", "EW")
        else:
            sides, keys = ((seat["N"],), (seat["S"],)), ("N", "S")
        score_map = json.loads(scores)
        unfinished.append(UnfinishedGame(game_id, date, table, hands, tuple(
            (m, score_map[k]) for m, k in zip(sides, keys))))
    return unfinished


def games_db() -> sqlite3.Connection:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE games (game_id TEXT PRIMARY KEY, season TEXT, date TEXT,"
                 " table_name TEXT, variant TEXT, hands INTEGER, finished INTEGER,"
                 " players_json TEXT, scores_json TEXT)")
    four = {"N": "ann", "E": "Bob", "S": "Cy", "W": "Di"}
    rows = [
        ("g1", "Fall", "2026-11-01", "1", "partnership", 3, 0, four, {"NS": 120, "EW": -40}),
        ("g2", "Fall", None, None, "two_player", 1, 0, {"N": "BOB", "S": "Eve"},
         {"N": 10, "S": 52}),
        ("g3", "Spring", "2027-03-01", "2", "partnership", 7, 0,
         {"N": "Cy", "E": "ANN", "S": "Zoë", "W": "bob"}, {"NS": 0, "EW": 301}),
        ("g4", "Fall", "2026-11-02", "1", "partnership", 12, 1, four, {"NS": 520, "EW": 90}),
    ]
    conn.executemany("INSERT INTO games VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                     [(*r[:7], json.dumps(r[7]), json.dumps(r[8])) for r in rows])
    return conn


SHOWN = {key_of("Ann"): "Ann", key_of("Bob"): "Bob", key_of("Eve"): ""}


def test_every_unfinished_game_as_before() -> None:
    conn = games_db()
    got = unfinished_games(conn, None, SHOWN)
    assert got == reference(conn, None, SHOWN)
    assert [u.game_id for u in got] == ["g1", "g2", "g3"]  # g4 is finished
    assert got[0].sides == ((("Ann", "Cy"), 120), (("Bob", "Di"), -40))
    assert got[1].sides == ((("Bob",), 10), (("",), 52))


def test_one_season_as_before() -> None:
    conn = games_db()
    got = unfinished_games(conn, "Spring", SHOWN)
    assert got == reference(conn, "Spring", SHOWN)
    assert got == [UnfinishedGame("g3", "2027-03-01", "2", 7,
                                  ((("Cy", "Zoë"), 0), (("Ann", "Bob"), 301)))]
