"""Whole card nights through the event store, with results worked out by hand; and the
helpers the other event tests play their tables with.

The round-robin night (4 pairs, 3 rounds, 2 tables a round, one hand a game: --hands 1).
Each meeting's hand, by pair (a side's bid is its two players' bids; no Nil; docs/rules.md:
a contract made scores 10 a bid trick and 1 a bag, a contract set loses 10 a bid trick):

  P1 Ann+Bob v P2 Cat+Dan: P1 bid 7 took 8: 71;  P2 bid 5 took 5: 50.   P1 wins.
  P1 v P3 Eve+Fay:         P1 bid 6 took 6: 60;  P3 bid 6 took 7: 61.   P3 wins.
  P1 v P4 Gus+Hal:         P1 bid 8 took 9: 81;  P4 bid 4 took 4: 40.   P1 wins.
  P2 v P3:                 P2 bid 7 took 7: 70;  P3 bid 5 took 6: 51.   P2 wins.
  P2 v P4:                 P2 bid 6 took 5: -60; P4 bid 6 took 8: 62.   P4 wins.
  P3 v P4:                 P3 bid 5 took 6: 51;  P4 bid 7 took 7: 70.   P4 wins.

Per pair: won; points; difference (own less the other side's, per game):
  P1: 2 (P2, P4); 71 + 60 + 81 = 212; 21 - 1 + 41 = +61
  P2: 1 (P3);     50 + 70 - 60 = 60;  -21 + 19 - 122 = -124
  P3: 1 (P1);     61 + 51 + 51 = 163; 1 - 19 - 19 = -37
  P4: 2 (P2, P3); 40 + 62 + 70 = 172; -41 + 122 + 19 = +100
Ranked by games won, then points: P1 (2, 212) 1st, P4 (2, 172) 2nd, P3 (1, 163) 3rd,
P2 (1, 60) 4th; every row placed by points.
"""

from __future__ import annotations

import pytest

from scorekeeper.event.records import EventSpec, TableView
from scorekeeper.event.results import night_results
from scorekeeper.event.store import EventStore
from scorekeeper.logs.files import log_from_data, log_to_data

PAIRS = (("Ann", "Bob"), ("Cat", "Dan"), ("Eve", "Fay"), ("Gus", "Hal"))
# (pair a, pair b) -> ((a's bid, a's tricks), (b's bid, b's tricks)); 13 tricks a hand.
MEETINGS = {
    (0, 1): ((7, 8), (5, 5)), (0, 2): ((6, 6), (6, 7)), (0, 3): ((8, 9), (4, 4)),
    (1, 2): ((7, 7), (5, 6)), (1, 3): ((6, 5), (6, 8)), (2, 3): ((5, 6), (7, 7)),
}


def side_hand(dealer: str, ns: tuple[int, int], ew: tuple[int, int]) -> dict:
    """One quick-form hand: each side's (bid, tricks) split between its two players (each
    bids at least one, so no Nil), bids in turn from the dealer's left."""
    order = "NESW"
    bids, tricks = {}, {}
    for (first, second), (bid, took) in ((("N", "S"), ns), (("E", "W"), ew)):
        bids[first], bids[second] = bid - bid // 2, bid // 2
        tricks[first], tricks[second] = took - took // 2, took // 2
    start = order.index(dealer) + 1
    turn = [order[(start + i) % 4] for i in range(4)]
    return {"dealer": dealer, "bids": [{"seat": s, "bid": bids[s]} for s in turn],
            "tricks_won": tricks}


def play(events: EventStore, table: TableView, hands: list[tuple[tuple, tuple]]) -> None:
    """Enter hands at a table (NS (bid, tricks), EW (bid, tricks)) as the app would: the
    table's game saved again with them."""
    data = log_to_data(events.games.load_game(table.game_id))
    dealers = "NESW"
    data["hands"] = [side_hand(dealers[i % 4], ns, ew) for i, (ns, ew) in enumerate(hands)]
    events.games.save_game(log_from_data(data), by="test")


def pair_index(names) -> int:
    return next(i for i, pair in enumerate(PAIRS) if set(pair) == set(names))


def meeting_hand(table: TableView) -> tuple[tuple, tuple]:
    """The table's hand from MEETINGS, whichever pair sits North-South."""
    ns, ew = pair_index(table.side_players("NS")), pair_index(table.side_players("EW"))
    a, b = sorted((ns, ew))
    first, second = MEETINGS[(a, b)]
    return (first, second) if ns == a else (second, first)


@pytest.fixture
def events():
    with EventStore.open(":memory:") as store:
        yield store


def round_robin_night(events: EventStore) -> str:
    event_id = events.create_event(EventSpec(
        name="Pairs night", date="2026-11-27", movement="round-robin", pairs=PAIRS, hands=1,
        season="Fall 2026"))
    for _ in range(3):
        for table in events.start_round(event_id):
            play(events, table, [meeting_hand(table)])
    return event_id


def test_the_round_robin_night_scores_as_worked_out_by_hand(events):
    event_id = round_robin_night(events)
    results = night_results(events, event_id)
    assert results.by == "pair" and results.complete and results.rounds == 3
    got = [(r.rank, r.names, r.rounds_played, r.games_won, r.points, r.points_diff,
            r.tie_break) for r in results.rows]
    assert got == [
        (1, ("Ann", "Bob"), 3, 2, 212, 61, "points"),
        (2, ("Gus", "Hal"), 3, 2, 172, 100, "points"),
        (3, ("Eve", "Fay"), 3, 1, 163, -37, "points"),
        (4, ("Cat", "Dan"), 3, 1, 60, -124, "points"),
    ]


def test_every_pair_met_every_other_once_and_every_table_finished(events):
    event_id = round_robin_night(events)
    met = []
    for number, tables in events.all_tables(event_id).items():
        for t in tables:
            assert t.status == "finished" and t.hands == 1 and t.dealer is None
            assert t.game_id == f"{event_id}.r{number}.t{t.table}"
            met.append(frozenset((pair_index(t.side_players("NS")),
                                  pair_index(t.side_players("EW")))))
    assert sorted(map(sorted, met)) == sorted(map(sorted, map(frozenset, MEETINGS)))


def test_the_nights_games_are_ordinary_games_in_the_season_standings(events):
    event_id = round_robin_night(events)
    games = events.games.games("Fall 2026")
    assert len(games) == 6 and all(g.finished for g in games)
    log = events.games.load_game(f"{event_id}.r1.t1")
    assert (log.event.event_id, log.event.round, log.event.table, log.event.date) == (
        event_id, 1, "1", "2026-11-27")
    standings = events.games.standings("Fall 2026", rate=False)
    ann = next(p for p in standings.players if p.name == "Ann")
    assert (ann.games, ann.wins) == (3, 2)


# -- an individual night with byes and an unfinished table, checked by hand -------------
# Five players, the whist tournament (each partners each once, one sits out a round),
# two hands a game (--hands 2), every game's two hands alike. Written out as a bundle
# (the event document and its games) and imported, so the seats are exactly these:
#
# round  out  NS (N & S)   EW (E & W)   hand: NS bid/took, EW bid/took  game NS - EW
#  1     Ann  Dan & Cat    Eve & Bob    7/8: 71,  5/5: 50               142 - 100  NS won
#  2     Bob  Eve & Dan    Ann & Cat    6/5: -60, 6/8: 62               -120 - 124 EW won
#  3     Cat  Ann & Eve    Bob & Dan    4/4: 40,  8/9: 81               80 - 162   EW won
#  4     Dan  Bob & Ann    Cat & Eve    5/6: 51,  7/7: 70               102 - 140  EW won
#  5     Eve  Cat & Bob    Dan & Ann    5/4: -50, 8/9: 81 (one hand)    -50 - 81   unfinished:
#                                                                       as it stands, EW won
# The round's average, halves up (the bye's points): 1: (142 + 100) / 2 = 121;
# 2: (-120 + 124) / 2 = 2; 3: (80 + 162) / 2 = 121; 4: (102 + 140) / 2 = 121;
# 5: (-50 + 81) / 2 = 15.5 -> 16.
#
# player  won  points                               difference
# Ann     2    124 + 80 + 102 + 81 + bye 121 = 508   244 - 82 - 38 + 131 = 255
# Bob     1    100 + 162 + 102 - 50 + bye 2 = 316    -42 + 82 - 38 - 131 = -129
# Cat     3    142 + 124 + 140 - 50 + bye 121 = 477  42 + 244 + 38 - 131 = 193
# Dan     3    142 - 120 + 162 + 81 + bye 121 = 386  42 - 244 + 82 + 131 = 11
# Eve     1    100 - 120 + 80 + 140 + bye 16 = 216   -42 - 244 - 82 + 38 = -330
# Ranked: Cat 1st and Dan 2nd (3 won, by points), Ann 3rd (2 won), Bob 4th and Eve 5th
# (1 won, by points). Everyone played four rounds and sat out one.

FIVE_ROUNDS = [  # (sitting out, N, E, S, W, NS hand, EW hand, hands played)
    ("Ann", "Dan", "Eve", "Cat", "Bob", (7, 8), (5, 5), 2),
    ("Bob", "Eve", "Ann", "Dan", "Cat", (6, 5), (6, 8), 2),
    ("Cat", "Ann", "Bob", "Eve", "Dan", (4, 4), (8, 9), 2),
    ("Dan", "Bob", "Cat", "Ann", "Eve", (5, 6), (7, 7), 2),
    ("Eve", "Cat", "Dan", "Bob", "Ann", (5, 4), (8, 9), 1),
]
FIVE_ID = "2026-11-28-five"


def five_player_bundle() -> dict:
    schedule, games = [], []
    for number, (out, n, e, s, w, ns, ew, played) in enumerate(FIVE_ROUNDS, start=1):
        game_id = f"{FIVE_ID}.r{number}.t1"
        table = {"table": "1", "seats": {"N": n, "E": e, "S": s, "W": w}, "game_id": game_id}
        if played < 2:
            table["director"] = "unfinished"
        schedule.append({"round": number, "started": True, "tables": [table],
                         "sitting_out": [out]})
        games.append({
            "format": "spades-game", "format_version": "1.2", "game_id": game_id,
            "variant": "partnership", "players": table["seats"],
            "rules": {"hand_limit": 2},
            "event": {"date": "2026-11-28", "table": "1", "event_id": FIVE_ID,
                      "round": number},
            "hands": [side_hand("NESW"[i], ns, ew) for i in range(played)]})
    return {
        "format": "spades-event", "format_version": "1.0", "event_id": FIVE_ID,
        "name": "Five", "date": "2026-11-28", "preset": "standard", "movement": "individual",
        "round_end": {"target_score": 500, "hand_limit": 2}, "rounds": 5,
        "rounds_given": False, "current_round": 5,
        "players": [{"name": name, "status": "in", "joined_round": 1}
                    for name in ("Ann", "Bob", "Cat", "Dan", "Eve")],
        "schedule": schedule, "games": games}


def test_the_individual_night_with_byes_scores_as_worked_out_by_hand(events):
    from scorekeeper.event.bundle import import_bundle
    from scorekeeper.logs.event_document import event_from_data

    report = import_bundle(events, event_from_data(five_player_bundle()), "five.json")
    assert (report.event, report.games["imported"]) == ("created", 5)
    tables = events.all_tables(FIVE_ID)
    assert [(t.status, t.scores["NS"], t.scores["EW"]) for (t,) in tables.values()] == [
        ("finished", 142, 100), ("finished", -120, 124), ("finished", 80, 162),
        ("finished", 102, 140), ("unfinished", -50, 81)]
    results = night_results(events, FIVE_ID)
    assert results.by == "player" and results.complete
    got = [(r.rank, r.names[0], r.rounds_played, r.byes, r.games_won, r.points,
            r.points_diff, r.tie_break) for r in results.rows]
    assert got == [
        (1, "Cat", 4, 1, 3, 477, 193, "points"),
        (2, "Dan", 4, 1, 3, 386, 11, "points"),
        (3, "Ann", 4, 1, 2, 508, 255, ""),
        (4, "Bob", 4, 1, 1, 316, -129, "points"),
        (5, "Eve", 4, 1, 1, 216, -330, "points"),
    ]
