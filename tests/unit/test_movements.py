"""The individual movement (issue 15): for every player count from 4 to 40, the night's
schedule seats everyone at most once a round at complete tables, shares the sit-outs evenly,
repeats a partnership only when it must, and keeps oppositions even; late arrivals, leavers,
determinism and the input checks."""

import os
import subprocess
import sys
from collections import Counter
from functools import cache

import pytest

from scorekeeper.event.movement_individual import full_length
from scorekeeper.event.movements import (
    SEATS, MovementError, RoundPlan, Schedule, individual_movement, meeting_report, table_plan)

WHIST_COUNTS = (4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 25, 28, 29, 37, 40)


def names(count: int, prefix: str = "P") -> list[str]:
    return [f"{prefix}{number:02d}" for number in range(1, count + 1)]


@cache
def night(count: int) -> Schedule:
    return individual_movement(names(count))


def check_round(plan: RoundPlan, players: list[str]) -> None:
    """Every player seated at most once or sitting out, at complete tables numbered 1.."""
    assert [table.table for table in plan.tables] == list(range(1, len(plan.tables) + 1))
    for table in plan.tables:
        assert tuple(table.seats) == SEATS
    seated = plan.players()
    assert len(set(seated)) == len(seated)
    assert sorted(seated + plan.sitting_out) == sorted(players)
    assert len(plan.tables) == len(players) // 4
    assert len(plan.sitting_out) == len(players) % 4


@pytest.mark.parametrize("count", range(4, 41))
def test_every_round_seats_everyone_once(count):
    schedule = night(count)
    assert schedule.movement == "individual"
    assert [plan.round for plan in schedule.rounds] == list(range(1, full_length(count) + 1))
    for plan in schedule.rounds:
        check_round(plan, names(count))


@pytest.mark.parametrize("count", range(4, 41))
def test_sit_outs_stay_within_one_of_each_other_all_night(count):
    sat = Counter(dict.fromkeys(names(count), 0))
    for plan in night(count).rounds:
        sat.update(plan.sitting_out)
        assert max(sat.values()) - min(sat.values()) <= 1, plan.round


@pytest.mark.parametrize("count", range(4, 41))
def test_partners_repeat_only_once_everyone_has_partnered(count):
    """Over the whole night everyone partners everyone once or twice (once at 4n and 4n+1);
    and no partnership repeats before the round whose partnerships could all still be new
    (the pairs divided by the partnerships per round), give or take one round."""
    schedule = night(count)
    report = meeting_report(schedule.rounds)
    counts = set(report.partners.values())
    assert counts == ({1} if count % 4 in (0, 1) else {1, 2})
    bound = count * (count - 1) // 2 // (2 * (count // 4))
    seen: set[frozenset[str]] = set()
    for plan in schedule.rounds:
        for table in plan.tables:
            for pair in map(frozenset, table.partnerships()):
                assert pair not in seen or plan.round >= bound - 1, (plan.round, pair)
                seen.add(pair)


@pytest.mark.parametrize("count", range(4, 41))
def test_oppositions_are_even(count):
    """Everyone opposes everyone 0 to 4 times over the night (2 on average); from two tables
    up, at least 97 pairs in 100 oppose each other 1 to 3 times."""
    opposed = Counter(meeting_report(night(count).rounds).opponents.values())
    assert max(opposed) <= 4
    if count >= 8:
        assert sum(opposed[times] for times in (1, 2, 3)) >= 0.97 * opposed.total()


@pytest.mark.parametrize("count", WHIST_COUNTS)
def test_a_whist_tournament_where_one_exists(count):
    """Everyone partners everyone exactly once and opposes everyone exactly twice; at 4n+1
    everyone sits out exactly once."""
    schedule = night(count)
    assert len(schedule.rounds) == (count - 1 if count % 4 == 0 else count)
    report = meeting_report(schedule.rounds)
    assert set(report.partners.values()) == {1}
    assert set(report.opponents.values()) == {2}
    assert set(report.sat_out.values()) == {count % 4}


@pytest.mark.parametrize("count", [6, 10, 15, 24])
def test_a_shorter_night_keeps_the_rules(count):
    schedule = individual_movement(names(count), rounds=5)
    assert [plan.round for plan in schedule.rounds] == [1, 2, 3, 4, 5]
    report = meeting_report(schedule.rounds)
    assert max(report.partners.values()) == 1
    assert max(report.sat_out.values()) - min(report.sat_out.values()) <= 1


def test_a_longer_night_repeats_evenly():
    """Beyond the full movement partnerships repeat, still evenly."""
    schedule = individual_movement(names(8), rounds=14)
    assert set(meeting_report(schedule.rounds).partners.values()) == {2}
    schedule = individual_movement(names(10), rounds=20)
    report = meeting_report(schedule.rounds)
    assert max(report.partners.values()) - min(report.partners.values()) <= 1


@pytest.mark.parametrize("count", [7, 9, 14, 16, 22])
def test_the_same_input_gives_the_same_schedule(count):
    assert individual_movement(names(count)) == individual_movement(names(count))


def test_the_schedule_does_not_depend_on_the_interpreter():
    """String hashing differs from one interpreter to the next; the schedule must not."""
    code = ("from scorekeeper.event.movements import individual_movement as m;"
            "print([(r.tables, r.sitting_out) for n in (10, 14, 23)"
            " for r in m([f'P{i}' for i in range(n)]).rounds])")
    outputs = {
        subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")}
    assert len(outputs) == 1


def test_a_whist_night_continues_as_one():
    full = individual_movement(names(13))
    rest = individual_movement(names(13), played=full.rounds[:4])
    assert rest.rounds == full.rounds[4:]
    three_more = individual_movement(names(13), rounds=3, played=full.rounds[:4])
    assert three_more.rounds == full.rounds[4:7]


@pytest.mark.parametrize("count", [14, 24, 31])
def test_planning_again_after_some_rounds_changes_nothing(count):
    full = night(count)
    assert individual_movement(names(count), played=full.rounds[:5]).rounds == full.rounds[5:]
    eight = individual_movement(names(count), rounds=8)
    again = individual_movement(names(count), rounds=3, played=eight.rounds[:5])
    assert again.rounds == eight.rounds[5:]


def test_a_late_arrival_joins_the_following_rounds():
    """Nine players play three rounds of their whist tournament; a tenth arrives. The rest is
    planned for ten, numbered from round 4, taking the three rounds played into account."""
    first = individual_movement(names(9), rounds=3).rounds
    players = [*names(9), "Late"]
    rest = individual_movement(players, played=first).rounds
    assert [plan.round for plan in rest] == list(range(4, full_length(10) + 1))
    for plan in rest:
        check_round(plan, players)
    whole = meeting_report(first + rest)
    # sit-outs: within one of each other over the whole night (the late player counts none
    # for the rounds before arriving)
    sat = whole.sat_out
    assert max(sat.values()) - min(sat.values()) <= 1
    # the late player plays 7 of the 9 rounds, each with a new partner; 12 rounds of 4
    # partnerships for 45 pairs make 3 repeats unavoidable, and the planner makes 5 at most
    late = [whole.partner_count("Late", name) for name in names(9)]
    assert sorted(late) == [0, 0, 1, 1, 1, 1, 1, 1, 1]
    assert max(whole.partners.values()) == 2
    assert sum(1 for times in whole.partners.values() if times == 2) <= 5


def test_a_leaver_is_left_out_of_the_following_rounds():
    first = individual_movement(names(12), rounds=4).rounds
    players = [name for name in names(12) if name != "P05"]
    rest = individual_movement(players, rounds=4, played=first).rounds
    assert [plan.round for plan in rest] == [5, 6, 7, 8]
    for plan in rest:
        check_round(plan, players)
    whole = meeting_report(first + rest)
    assert max(whole.partners.values()) == 1  # still no partnership twice
    sat = [whole.sat_out[name] for name in players]
    assert max(sat) - min(sat) <= 1


def test_names_of_the_rounds_played_are_matched_like_the_logs_match_them():
    """A name written with other capitals in the rounds played is the same player."""
    first = individual_movement(names(8), rounds=2).rounds
    lower = [name.lower() for name in names(8)]
    rest = individual_movement(lower, rounds=5, played=first).rounds
    report = meeting_report(first + rest)
    partners = Counter()
    for (a, b), times in report.partners.items():
        partners[frozenset((a.lower(), b.lower()))] += times
    assert max(partners.values()) == 1


def test_a_full_night_already_played_leaves_nothing_to_plan():
    full = individual_movement(names(8))
    assert individual_movement(names(8), played=full.rounds).rounds == ()


@pytest.mark.parametrize(("players", "message"), [
    (["A", "B", "C"], "at least 4 players, not 3"),
    (["Ann", "Bob", "Cy", "ann"], "player 'ann' is in the list twice \\(as 'Ann'\\)"),
    (["Ann", "Bob", "Cy", "Ann"], "player 'Ann' is in the list twice$"),
    (["Ann", "Bob", "Cy", " "], "player 4: a player's name is empty"),
    (["Ann", "Bob", "Cy", 4], "player 4: a player's name must be text, not 4"),
    ("Ann,Bob,Cy,Di", "the players must be a list of names"),
])
def test_bad_player_lists_are_refused(players, message):
    with pytest.raises(MovementError, match=message):
        individual_movement(players)


@pytest.mark.parametrize(("rounds", "message"), [
    (0, "at least 1, not 0"), (-2, "at least 1, not -2"), (True, "whole number, not True"),
    (2.0, "whole number, not 2.0")])
def test_bad_round_counts_are_refused(rounds, message):
    with pytest.raises(MovementError, match=message):
        individual_movement(names(8), rounds=rounds)


def test_bad_rounds_played_are_refused():
    table = table_plan(1, "P01", "P02", "P03", "P04")
    twice = RoundPlan(1, (table, table_plan(2, "P05", "P06", "P07", "P01")), ())
    with pytest.raises(MovementError, match="round 1 has 'P01' twice"):
        individual_movement(names(8), played=[twice])
    one = RoundPlan(1, (table,), ())
    with pytest.raises(MovementError, match="numbered upwards: round 1 comes after round 1"):
        individual_movement(names(8), played=[one, one])
    assert issubclass(MovementError, ValueError)
