"""Movements of a card night (issue 15): who sits where, round by round.

- ``individual_movement``: rotating partners. For 4, 5, 8, 9, 12, 13, 16, 17, 20, 21, 25,
  28, 29, 37, 40 and 41 players a whist tournament (everyone partners everyone exactly once
  and opposes everyone exactly twice; one player sits out per round at 4n+1); for the other
  counts of the form 4n and 4n+1 everyone still partners everyone exactly once (the circle
  method) with oppositions kept even; for the rest, and after a change of the player list,
  rounds planned one by one so that sit-outs stay within one of each other, a partnership is
  repeated only when it must be, and oppositions stay as even as the planner finds
  (``movement_individual``).
- ``round_robin_movement``: fixed pairs, every pair meets every pair once (circle method; an
  odd pair count gives one pair a bye each round).
- ``swiss_round``: fixed pairs paired by standing, no rematch while avoidable.
- ``meeting_report``: who partnered, opposed and sat out how often, printable.

Pure: no I/O, no pydantic. Names are compared as ``scorekeeper.logs.identifiers.player_key``
does (case and Unicode form aside), and shown as the caller wrote them. The same input always
gives the same schedule.
"""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.event.movement_checks import check_played, check_players, check_rounds
from scorekeeper.event.movement_fixed import round_robin_movement, swiss_round
from scorekeeper.event.movement_individual import NightCounts, full_length, plan_rounds
from scorekeeper.event.movement_plan import (
    MOVEMENTS, SEATS, MovementError, RoundPlan, Schedule, TablePlan, table_plan)
from scorekeeper.event.movement_report import MeetingReport, meeting_report
from scorekeeper.event.whist_bases import WHIST_BASES, whist_round
from scorekeeper.logs.identifiers import player_key


def individual_movement(players: Sequence[str], rounds: int | None = None,
                        played: Sequence[RoundPlan] = ()) -> Schedule:
    """Rotating partners for ``players`` (at least four): ``rounds`` rounds, or with None
    the full movement (the whist tournament where one exists, otherwise the rounds needed for
    everyone to be able to partner everyone once), less the rounds already ``played``.

    ``played`` are the night's rounds so far: only the following rounds are returned,
    numbered after them. When they are the first rounds of this list's own movement (the
    same players, and as many rounds in all), the movement simply continues, so planning
    again changes nothing. Otherwise (late arrivals, leavers) the rest is planned for the new
    list with the counts of what was played (a leaver's pairs no longer count)."""
    names = check_players(players)
    rounds = check_rounds(rounds)
    history = check_played(played)
    v = len(names)
    first = history[-1].round + 1 if history else 1
    wanted = rounds if rounds is not None else max(0, full_length(v) - len(history))
    seen = {player_key(name) for plan in history for name in (*plan.players(),
                                                              *plan.sitting_out)}
    plans = None
    if not history or seen == {player_key(name) for name in names}:
        plans = _fresh_plans(v, len(history) + wanted)
        as_planned = [_round_plan(plan.round, *fresh, names)
                      for plan, fresh in zip(history, plans, strict=False)]
        plans = plans[len(history):] if (
            _keys_of_rounds(history) == _keys_of_rounds(as_planned)) else None
    if plans is None:  # the player list changed, or the night went otherwise than planned
        plans = plan_rounds(_counts_of(names, history), wanted)
    return Schedule("individual", tuple(
        _round_plan(first + index, tables, out, names)
        for index, (tables, out) in enumerate(plans)))


def _fresh_plans(v: int, total: int) -> list:
    """``total`` rounds of a night that starts with ``v`` players: the whist tournament
    (repeated when longer) where one is built in, else the planner's."""
    if v in WHIST_BASES:
        return [whist_round(v, index) for index in range(total)]
    return plan_rounds(NightCounts(v), total)


def _round_plan(number: int, tables, out, names: list[str]) -> RoundPlan:
    return RoundPlan(
        round=number,
        tables=tuple(table_plan(index, *(names[seat] for seat in table))
                     for index, table in enumerate(tables, 1)),
        sitting_out=tuple(names[player] for player in out))


def _keys_of_rounds(plans: Sequence[RoundPlan]) -> list[tuple]:
    """Rounds as who sat where and who sat out, names compared as the logs compare them."""
    return [(tuple(tuple(player_key(name) for name in table.players())
                   for table in plan.tables),
             tuple(sorted(player_key(name) for name in plan.sitting_out))) for plan in plans]


def _counts_of(names: list[str], played: list[RoundPlan]) -> NightCounts:
    """The counts of the rounds played among the players of ``names``."""
    number = {player_key(name): index for index, name in enumerate(names)}
    night = NightCounts(len(names))
    for plan in played:
        tables = [[number.get(player_key(name)) for name in table.players()]
                  for table in plan.tables]
        out = [number[key] for key in map(player_key, plan.sitting_out) if key in number]
        night.record(tables, out)
    return night


__all__ = ["MOVEMENTS", "SEATS", "MeetingReport", "MovementError", "RoundPlan", "Schedule",
           "TablePlan", "individual_movement", "meeting_report", "round_robin_movement",
           "swiss_round", "table_plan"]
