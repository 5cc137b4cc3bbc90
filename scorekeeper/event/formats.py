"""The events printed: the list of nights, a night's schedule (for the terminal, or as the
JSON contract of ``scorekeeper event schedule --format json``) and a round's tables."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from .movement_plan import SEATS, RoundPlan
from .records import EventSummary, EventView, RoundEnd, TableView


def _aligned(rows: Sequence[Sequence[str]], indent: str = "") -> list[str]:
    widths = [max(len(c) for c in col) for col in zip(*rows)]
    return [indent + "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
            for cells in rows]


def format_events(events: Sequence[EventSummary]) -> str:
    """``event list``: one line a night, newest first."""
    if not events:
        return "no events\n"
    rows = [("Date", "Event", "Name", "Movement", "Round", "Players")]
    rows += [(e.date, e.id, e.name, e.movement, f"{e.current_round}/{e.rounds}", str(e.players))
             for e in events]
    return "\n".join(_aligned(rows)) + "\n"


def round_end_text(round_end: RoundEnd) -> str:
    """'500 points, 2 hands, or time called (a 20-minute clock)': what ends a round."""
    parts = [f"{round_end.target} points"]
    if round_end.hands:
        parts.append(f"{round_end.hands} hand{'s' if round_end.hands != 1 else ''}")
    called = "time called"
    if round_end.minutes:
        called += f" (a {round_end.minutes}-minute clock)"
    return ", ".join(parts) + (", or " if len(parts) > 1 else " or ") + called


def schedule_data(event_id: str, plans: Sequence[RoundPlan]) -> dict[str, Any]:
    """The schedule as ``--format json`` prints it (a contract: exactly these keys)."""
    return {"event": event_id, "rounds": [
        {"round": plan.round,
         "tables": [{"table": str(t.table), "seats": {s: t.seats[s] for s in SEATS}}
                    for t in plan.tables],
         "sitting_out": list(plan.sitting_out)} for plan in plans]}


def format_schedule(view: EventView, plans: Sequence[RoundPlan], fmt: str, *,
                    whole: bool = True) -> str:
    """``table`` (terminal) or ``json``; ``whole``: every round planned (not one asked
    for), then a Swiss night says when its later rounds are paired."""
    if fmt == "json":
        return json.dumps(schedule_data(view.id, plans), indent=2, ensure_ascii=False) + "\n"
    lines = [(f"{view.name} ({view.id}), {view.date}: {view.movement}, {view.rounds}"
              f" round{'s' if view.rounds != 1 else ''}"),
             f"Round end: {round_end_text(view.round_end)}."]
    for plan in plans:
        state = ("played" if plan.round < view.current_round else "current"
                 if plan.round == view.current_round else "to come")
        lines += ["", f"Round {plan.round} ({state})"]
        rows = [("Table", *SEATS)] + [(str(t.table), *(t.seats[s] for s in SEATS))
                                      for t in plan.tables]
        lines += _aligned(rows, "  ")
        if plan.sitting_out:
            lines.append(f"  Sitting out: {', '.join(plan.sitting_out)}")
    later = max((p.round for p in plans), default=0) + 1
    if whole and view.movement == "swiss" and later <= view.rounds:
        lines += ["", f"Round {later} is paired by the standing when it starts."
                  if later == view.rounds else f"Rounds {later}-{view.rounds} are paired by"
                  " the standing, each when it starts."]
    return "\n".join(lines) + "\n"


def format_tables(tables: Sequence[TableView], sitting_out: Sequence[str] = ()) -> str:
    """A round's tables: seats, score, hands, state."""
    rows = [("Table", *SEATS, "Score", "Hands", "State")]
    for t in tables:
        rows.append((str(t.table), *(t.seats[s] for s in SEATS),
                     f"{t.scores['NS']}:{t.scores['EW']}", str(t.hands),
                     t.status if t.absent is None else f"{t.status} ({t.absent} absent)"))
    lines = _aligned(rows)
    if sitting_out:
        lines.append(f"Sitting out: {', '.join(sitting_out)}")
    return "\n".join(lines) + "\n"
