"""How often each player partnered, opposed and sat out in some rounds: the check of a
movement and its printable report."""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

from scorekeeper.event.movement_plan import RoundPlan


def _natural(name: str) -> tuple:
    """Sort key: case aside, and runs of digits by their value."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.split(r"(\d+)", name.casefold()) if part), name


def _key(a: str, b: str) -> tuple[str, str]:
    return (a, b) if a < b else (b, a)


@dataclass(frozen=True)
class MeetingReport:
    """Counts over some rounds. Every pair of players seen in them has an entry (0 when they
    never partnered or opposed), keyed ``(a, b)`` with ``a < b`` (``partner_count`` and
    ``opponent_count`` take the two in either order)."""

    players: tuple[str, ...]
    """Everyone seated or sitting out in the rounds, in natural order (P2 before P10)."""
    partners: Mapping[tuple[str, str], int]
    opponents: Mapping[tuple[str, str], int]
    sat_out: Mapping[str, int]
    """Rounds each player sat out (every player has an entry)."""
    played: Mapping[str, int]
    """Rounds each player was seated at a table."""

    def partner_count(self, a: str, b: str) -> int:
        return self.partners.get(_key(a, b), 0)

    def opponent_count(self, a: str, b: str) -> int:
        return self.opponents.get(_key(a, b), 0)

    def render_table(self) -> str:
        """A printable report: one line per player (rounds played and sat out, the fewest
        and most times with any one partner and opponent), then the partner and opponent
        counts pair by pair as two grids whose columns are the players' numbers."""
        names = self.players
        width = max([len(name) for name in names] + [6])
        lines = [f"{'#':>3}  {'player':<{width}}  played  out  partners  opponents"]
        for number, name in enumerate(names, 1):
            others = [other for other in names if other != name]
            part = [self.partner_count(name, other) for other in others] or [0]
            opp = [self.opponent_count(name, other) for other in others] or [0]
            lines.append(f"{number:>3}  {name:<{width}}  {self.played[name]:>6}"
                         f"  {self.sat_out[name]:>3}  {f'{min(part)}-{max(part)}':>8}"
                         f"  {f'{min(opp)}-{max(opp)}':>9}")
        for title, count in (("partners", self.partner_count),
                             ("opponents", self.opponent_count)):
            lines += ["", f"times as {title}:", self._grid(count, width)]
        return "\n".join(lines) + "\n"

    def _grid(self, count, width: int) -> str:
        names = self.players
        cell = max(2, len(str(len(names))))
        header = f"{'':>3}  {'':<{width}} " + "".join(
            f" {number:>{cell}}" for number in range(1, len(names) + 1))
        rows = [header.rstrip()]
        for number, name in enumerate(names, 1):
            cells = "".join(
                f" {'.' if other == name else count(name, other):>{cell}}" for other in names)
            rows.append(f"{number:>3}  {name:<{width}} {cells}")
        return "\n".join(rows)


def meeting_report(rounds: Sequence[RoundPlan]) -> MeetingReport:
    """Count who partnered, opposed and sat out with whom over ``rounds``."""
    order: dict[str, None] = {}
    partners: Counter[tuple[str, str]] = Counter()
    opponents: Counter[tuple[str, str]] = Counter()
    sat_out: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for plan in rounds:
        for table in plan.tables:
            (north, south), (east, west) = table.partnerships()
            for name in table.players():
                order.setdefault(name)
                played[name] += 1
            partners[_key(north, south)] += 1
            partners[_key(east, west)] += 1
            for a in (north, south):
                for b in (east, west):
                    opponents[_key(a, b)] += 1
        for name in plan.sitting_out:
            order.setdefault(name)
            sat_out[name] += 1
    names = tuple(sorted(order, key=_natural))
    pairs = [_key(a, b) for a, b in combinations(names, 2)]
    return MeetingReport(
        players=names,
        partners={pair: partners[pair] for pair in pairs},
        opponents={pair: opponents[pair] for pair in pairs},
        sat_out={name: sat_out[name] for name in names},
        played={name: played[name] for name in names})


__all__ = ["MeetingReport", "meeting_report"]
