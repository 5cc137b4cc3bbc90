"""The records of a movement (the schedule of a card night): a table's seats, a round, the
whole schedule, and the error raised for input a movement cannot be made from.

Pure data: no I/O, no pydantic. ``movements`` re-exports everything here; the builders
(``movement_individual``, ``movement_fixed``) and the report read it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

SEATS = ("N", "E", "S", "W")
"""The seats of a table in playing order; N-S are partners and so are E-W."""

MOVEMENTS = ("individual", "round-robin", "swiss")


class MovementError(ValueError):
    """Input a movement cannot be made from (too few players, a name twice, a pair with one
    player twice, a round count below one...); the message names the input."""


@dataclass(frozen=True)
class TablePlan:
    """One table of a round: its number (from 1) and who sits where."""

    table: int
    seats: Mapping[str, str]
    """``"N"``, ``"E"``, ``"S"``, ``"W"`` -> player name; N-S play against E-W."""

    def partnerships(self) -> tuple[tuple[str, str], tuple[str, str]]:
        """The two partnerships of the table: (N, S) and (E, W)."""
        return (self.seats["N"], self.seats["S"]), (self.seats["E"], self.seats["W"])

    def players(self) -> tuple[str, ...]:
        """The four players in seat order N, E, S, W."""
        return tuple(self.seats[seat] for seat in SEATS)


@dataclass(frozen=True)
class RoundPlan:
    """One round: its number (from 1), its tables, and who sits it out."""

    round: int
    tables: tuple[TablePlan, ...]
    sitting_out: tuple[str, ...]
    """Players (individual) or the players of the pair with a bye (fixed partnerships)."""

    def players(self) -> tuple[str, ...]:
        """Everyone seated this round, table by table in seat order."""
        return tuple(name for table in self.tables for name in table.players())


@dataclass(frozen=True)
class Schedule:
    """A movement's rounds: ``movement`` is ``"individual"``, ``"round-robin"`` or
    ``"swiss"``."""

    movement: str
    rounds: tuple[RoundPlan, ...]


def table_plan(table: int, north: str, east: str, south: str, west: str) -> TablePlan:
    """A table with its seats given in order N, E, S, W."""
    return TablePlan(table, dict(zip(SEATS, (north, east, south, west), strict=True)))


__all__ = ["MOVEMENTS", "SEATS", "MovementError", "RoundPlan", "Schedule", "TablePlan",
           "table_plan"]
