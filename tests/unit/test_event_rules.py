"""The declared rules of docs/events.md: an unfinished table, a no-show, a bye (an odd
pair), and the ranking's tie-breaks down to head-to-head. Figures worked out by hand."""

from __future__ import annotations

import pytest
from test_event_nights import PAIRS, pair_index, play

from scorekeeper.event.movement_plan import RoundPlan, table_plan
from scorekeeper.event.records import (
    EventError,
    EventSpec,
    EventView,
    PlayerEntry,
    RoundEnd,
    TableView,
)
from scorekeeper.event.results import night_results
from scorekeeper.event.store import EventStore
from scorekeeper.event.tally import rank_rows, round_average, tally_night


@pytest.fixture
def events():
    with EventStore.open(":memory:") as store:
        yield store



def rows_of(results):
    return {r.names: (r.rounds_played, r.byes, r.games_won, r.points, r.points_diff)
            for r in results.rows}


def two_table_round(events):
    event_id = events.create_event(EventSpec(
        name="Rules night", date="2026-11-28", movement="round-robin", pairs=PAIRS, hands=2))
    return event_id, events.start_round(event_id)


def test_an_unfinished_table_counts_as_it_stands_and_a_no_show_is_a_forfeit(events):
    # Table 1 plays one hand of its two: NS bid 7 took 8: 71; EW bid 5 took 5: 50. The
    # director calls it unfinished: scored as it stands, NS ahead win. At table 2 EW did not
    # come: NS win by forfeit with the round's average, the mean of the sides that played:
    # (71 + 50) / 2 = 60.5, halves up: 61; difference 0. EW count nothing.
    event_id, (first, second) = two_table_round(events)
    play(events, first, [((7, 8), (5, 5))])
    with pytest.raises(EventError, match="still being played at tables 1, 2"):
        events.start_round(event_id)
    assert events.set_table_status(event_id, 1, 1, "unfinished").status == "unfinished"
    view = events.set_table_status(event_id, 1, 2, "no_show", absent="EW")
    assert (view.status, view.absent, view.dealer) == ("no_show", "EW", None)
    got = rows_of(night_results(events, event_id))
    ns1, ew1 = (tuple(first.side_players(s)) for s in ("NS", "EW"))
    ns2, ew2 = (tuple(second.side_players(s)) for s in ("NS", "EW"))
    assert got[_pair(ns1)] == (1, 0, 1, 71, 21)
    assert got[_pair(ew1)] == (1, 0, 0, 50, -21)
    assert got[_pair(ns2)] == (1, 0, 1, 61, 0)
    assert got[_pair(ew2)] == (0, 0, 0, 0, 0)  # the row stays, with nothing counted
    # The round is settled: the next one starts.
    assert [t.round for t in events.start_round(event_id)] == [2, 2]


def _pair(names):
    return PAIRS[pair_index(names)]


def test_the_directors_word_is_checked(events):
    event_id, (first, _) = two_table_round(events)
    with pytest.raises(EventError, match="a no-show needs the side that did not come"):
        events.set_table_status(event_id, 1, 2, "no_show")
    with pytest.raises(EventError, match="only a no-show names an absent side"):
        events.set_table_status(event_id, 1, 2, "unfinished", absent="NS")
    with pytest.raises(EventError, match="has no table 3 in round 1"):
        events.set_table_status(event_id, 1, 3, "unfinished")
    with pytest.raises(EventError, match="round 2 of .* has not started"):
        events.set_table_status(event_id, 2, 1, "unfinished")
    with pytest.raises(EventError, match="'lost' is not one of playing, unfinished, no_show"):
        events.set_table_status(event_id, 1, 1, "lost")
    play(events, first, [((7, 8), (5, 5))])
    with pytest.raises(EventError, match="played 1 hand: mark it unfinished"):
        events.set_table_status(event_id, 1, 1, "no_show", absent="NS")
    play(events, first, [((7, 8), (5, 5)), ((7, 8), (5, 5))])  # two hands: finished
    with pytest.raises(EventError, match="has finished: its game stands"):
        events.set_table_status(event_id, 1, 1, "unfinished")
    # A word taken back: the table plays on.
    events.set_table_status(event_id, 1, 2, "unfinished")
    assert events.set_table_status(event_id, 1, 2, "playing").status == "playing"


def test_an_odd_pair_sits_out_with_the_rounds_average(events):
    # Three pairs: one table a round, one pair sitting out. Every table plays one hand:
    # NS bid 7 took 8: 71, EW bid 5 took 5: 50, so each round's average is (71 + 50) / 2 =
    # 60.5 -> 61. Every pair plays twice and sits out once: a bye is 61 points, no round
    # played, no game won, difference 0.
    three = PAIRS[:3]
    event_id = events.create_event(EventSpec(
        name="Odd night", date="2026-11-29", movement="round-robin", pairs=three, hands=1))
    totals = {pair: [0, 0, 0, 0] for pair in three}  # won, points, diff, played
    for number in (1, 2, 3):
        (table,) = events.start_round(event_id)
        play(events, table, [((7, 8), (5, 5))])
        out = events.sitting_out(event_id, number)
        assert len(out) == 2 and _pair(out) not in (_pair(table.side_players("NS")),
                                                     _pair(table.side_players("EW")))
        for side, (won, points, diff) in (("NS", (1, 71, 21)), ("EW", (0, 50, -21))):
            row = totals[_pair(table.side_players(side))]
            row[0] += won
            row[1] += points
            row[2] += diff
            row[3] += 1
        totals[_pair(out)][1] += 61
    got = rows_of(night_results(events, event_id))
    for pair, (won, points, diff, played) in totals.items():
        assert played == 2
        assert got[pair] == (2, 1, won, points, diff)


def test_round_average_is_the_mean_side_score_halves_up():
    def table(status, ns, ew):
        return TableView(1, 1, dict(zip("NESW", "abcd")), "g", status, {"NS": ns, "EW": ew})
    assert round_average([]) == 0
    assert round_average([table("no_show", 0, 0)]) == 0
    assert round_average([table("finished", 71, 50)]) == 61
    assert round_average([table("finished", -71, 50)]) == -10  # -10.5 -> -10 (halves up)
    assert round_average([table("finished", 300, 120), table("unfinished", 40, -20),
                          table("no_show", 0, 0)]) == 110


# -- the ranking, on a hand-made individual night (no store) ----------------------------

def individual_view(names):
    return EventView(id="e", name="e", date="2026-11-27", venue=None, season=None,
                     preset="standard", movement="individual",
                     players=tuple(PlayerEntry(n, "in") for n in names), pairs=(), rounds=2,
                     current_round=2, round_end=RoundEnd(500, None))


def finished(number, seats, ns, ew):
    table = table_plan(1, *seats)
    winner = "NS" if ns > ew else "EW"
    return TableView(number, 1, table.seats, f"g{number}", "finished", {"NS": ns, "EW": ew},
                     3, None, winner)


def test_level_rows_are_told_apart_by_head_to_head_where_all_of_them_met():
    # Round 1: Ann & Pia (NS) 300 beat Bob & Quin 200. Round 2: Bob & Rex (NS) 300 beat Sam
    # & Tom 200; Ann & Uma (NS) 200 lose to Val & Wes 300. Ann: 1 won, 300 + 200 = 500,
    # +100 - 100 = 0; Bob: the same (200 + 300, -100 + 100). They met once, Ann won:
    # head-to-head puts Ann above Bob. Pia, Rex, Val and Wes: 1 won, 300, +100, and not
    # every two of them met: they share 3rd. Then Uma (0 won, 200, -100; round 2), Quin
    # (0, 200, -100; round 1): level, never met, share 7th; Sam and Tom (0, 200, -100)
    # too: 7th for all four.
    names = ["Ann", "Bob", "Pia", "Quin", "Rex", "Sam", "Tom", "Uma", "Val", "Wes"]
    view = individual_view(names)
    tables = {1: [finished(1, ("Ann", "Bob", "Pia", "Quin"), 300, 200)],
              2: [finished(2, ("Bob", "Sam", "Rex", "Tom"), 300, 200),
                  finished(2, ("Ann", "Val", "Uma", "Wes"), 200, 300)]}
    schedule = [RoundPlan(1, (), ()), RoundPlan(2, (), ())]
    rows = tally_night(view, tables, schedule)
    got = [(r.rank, r.names[0], r.games_won, r.points, r.points_diff, r.tie_break)
           for r in rows]
    assert got == [
        (1, "Ann", 1, 500, 0, "head-to-head"), (2, "Bob", 1, 500, 0, "head-to-head"),
        (3, "Pia", 1, 300, 100, "shared"), (3, "Rex", 1, 300, 100, "shared"),
        (3, "Val", 1, 300, 100, "shared"), (3, "Wes", 1, 300, 100, "shared"),
        (7, "Quin", 0, 200, -100, "shared"), (7, "Sam", 0, 200, -100, "shared"),
        (7, "Tom", 0, 200, -100, "shared"), (7, "Uma", 0, 200, -100, "shared")]


def test_level_rows_that_did_not_all_meet_share_the_rank():
    # Two tables of one round, both 300-200 to NS: the four NS players are level (1 won,
    # 300, +100) but Ann never met Eve: no head-to-head, they share 1st; the EW players
    # share 5th.
    view = individual_view(list("ABCDEFGH"))
    tables = {1: [finished(1, "ABCD", 300, 200), finished(1, "EFGH", 300, 200)]}
    rows = tally_night(view, tables, [RoundPlan(1, (), ())])
    assert [(r.rank, r.names[0], r.tie_break) for r in rows] == [
        (1, "A", "shared"), (1, "C", "shared"), (1, "E", "shared"), (1, "G", "shared"),
        (5, "B", "shared"), (5, "D", "shared"), (5, "F", "shared"), (5, "H", "shared")]


def test_the_deepest_criterion_needed_is_the_rows_tie_break():
    class Row:  # what rank_rows reads
        def __init__(self, name, won, points, diff):
            self.names, self.games_won, self.points, self.points_diff = (name,), won, points, diff
            self.beat, self.met, self.rank, self.tie_break = {}, set(), 0, ""

        def key(self):
            return (self.games_won, self.points, self.points_diff)
    rows = [Row("d", 1, 100, 5), Row("a", 3, 10, 0), Row("c", 1, 100, 9), Row("b", 1, 120, 0)]
    rank_rows(rows)
    assert [(r.rank, r.names[0], r.tie_break) for r in rows] == [
        (1, "a", ""), (2, "b", "points"), (3, "c", "points difference"),
        (4, "d", "points difference")]
