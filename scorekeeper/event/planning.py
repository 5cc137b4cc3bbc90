"""Which rounds an event plans, and when: the movements (``movements``) asked for the rounds
not yet started, for the players present, around the rounds already played.

- Individual and round-robin: every round is planned when the event is created, and the
  rounds not started are planned again when a player arrives late or leaves.
- Swiss: round 1 pairs the pairs in the order given (their seeding); every later round is
  paired when it starts, by the standing of the night so far (``tally.pair_ranking``).
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from . import movements
from .movement_plan import MovementError, RoundPlan
from .records import EventView


def default_swiss_rounds(pairs: int) -> int:
    """A Swiss night's rounds when none are asked for: enough for one pair to beat every
    other in a knock-out, ceil(log2(pairs)), at least one and never more than the other
    pairs there are to meet."""
    if pairs < 2:
        return 1
    return max(1, min(math.ceil(math.log2(pairs)), pairs - 1 + pairs % 2))


def plan_rounds(view: EventView, *, played: Sequence[RoundPlan],
                ranking: Sequence[tuple[str, str]]) -> tuple[list[RoundPlan], int]:
    """The rounds to plan after ``played`` (the rounds started), and the night's number of
    rounds. Raises ``MovementError`` for players no movement can seat."""
    current = len(played)
    if view.movement == "swiss":
        pairs = view.active_pairs()
        total = view.rounds if view.rounds_given or current else default_swiss_rounds(len(pairs))
        if current:
            return [], max(total, current)  # the next round is paired when it starts
        first = movements.swiss_round(pairs, ranking or pairs, (), 1)
        return [first], total
    remaining = None if not (current or view.rounds_given) else view.rounds - current
    if remaining is not None and remaining < 1:
        return [], current
    if view.movement == "individual":
        schedule = movements.individual_movement(view.active_players(), remaining, played)
    elif view.movement == "round-robin":
        schedule = movements.round_robin_movement(view.active_pairs(), remaining, played)
    else:
        raise MovementError(f"{view.movement!r} is not a movement")
    plans = list(schedule.rounds)
    return plans, current + len(plans)


def swiss_plan(view: EventView, ranking: Sequence[tuple[str, str]],
               played: Sequence[RoundPlan], number: int) -> RoundPlan:
    """Swiss round ``number`` for the pairs present, ``ranking`` best first."""
    pairs = view.active_pairs()
    present = set(pairs)
    ranked = [p for p in ranking if p in present]
    ranked += [p for p in pairs if p not in set(ranked)]
    return movements.swiss_round(pairs, ranked, played, number)
