"""The night's results: per player (individual movement) or per pair (fixed partnerships),
rounds played, byes, games won, points, points difference and rank, under the declared
rules of ``tally`` (docs/events.md); and their four printed forms.
"""

from __future__ import annotations

import csv
import io
import textwrap
from dataclasses import dataclass
from typing import Any

from .store import EventStore
from .tally import TIE_BREAKS, tally_night

RULE_TEXT = ("Ranked by games won, then points, then points difference, then head-to-head"
             " (games won against each other) where every two of the tied met; otherwise the"
             " rank is shared. A bye scores the round's average; a no-show table: the side"
             " present wins by forfeit with the round's average; an unfinished table counts"
             " as it stands (docs/events.md).")


@dataclass(frozen=True)
class ResultRow:
    rank: int
    names: tuple[str, ...]
    """One player, or a pair's two players."""
    rounds_played: int
    games_won: int
    points: int
    points_diff: int
    tie_break: str
    """The tie-break that placed the row ('' when games won did; 'shared': a shared rank)."""
    byes: int = 0
    status: str = "in"
    """Individual: the player's status (in, late, left); fixed: 'left' when the pair left."""
    provisional: int = 0
    """Tables counted as they stand while still being played."""

    @property
    def label(self) -> str:
        return " & ".join(self.names)

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "names": list(self.names),
                "rounds_played": self.rounds_played, "byes": self.byes,
                "games_won": self.games_won, "points": self.points,
                "points_diff": self.points_diff, "tie_break": self.tie_break or None,
                "status": self.status}


@dataclass(frozen=True)
class NightResults:
    event_id: str
    name: str
    date: str
    by: str
    """``player`` or ``pair``."""
    rounds: int
    """Rounds started."""
    rows: tuple[ResultRow, ...]
    complete: bool
    """No table of a started round still playing, and every planned round started."""
    planned: int = 0
    """Rounds planned for the night."""

    def to_json(self) -> dict[str, Any]:
        return {"event": self.event_id, "name": self.name, "date": self.date, "by": self.by,
                "rounds": self.rounds, "complete": self.complete,
                "tie_breaks": list(TIE_BREAKS), "rows": [r.to_json() for r in self.rows]}


def night_results(store: EventStore, event_id: str) -> NightResults:
    view = store.event(event_id)
    tables = store.all_tables(event_id)
    rows = tally_night(view, tables, store.schedule(event_id))
    status = {p.name: p.status for p in view.players}
    playing = any(t.status == "playing" for ts in tables.values() for t in ts)
    return NightResults(
        event_id=view.id, name=view.name, date=view.date,
        by="pair" if view.fixed else "player", rounds=view.current_round,
        planned=view.rounds,
        complete=not playing and view.current_round >= view.rounds,
        rows=tuple(ResultRow(
            rank=r.rank, names=r.names, rounds_played=r.rounds_played,
            games_won=r.games_won, points=r.points, points_diff=r.points_diff,
            tie_break=r.tie_break, byes=r.byes, provisional=r.provisional,
            status="left" if any(status.get(n) == "left" for n in r.names) else
            status.get(r.names[0], "in") if len(r.names) == 1 else "in")
            for r in rows))


_HEADERS = ("Rank", "{by}", "Rounds", "Byes", "Won", "Points", "Diff", "Tie-break")


def _cells(row: ResultRow, shared: bool) -> tuple[str, ...]:
    label = row.label + (" (left)" if row.status == "left" else "")
    return (f"{row.rank}{'=' if shared else ''}", label, str(row.rounds_played), str(row.byes),
            str(row.games_won), str(row.points), f"{row.points_diff:+d}", row.tie_break or "")


def _table_rows(results: NightResults) -> list[tuple[str, ...]]:
    ranks = [r.rank for r in results.rows]
    return [_cells(r, ranks.count(r.rank) > 1) for r in results.rows]


def _heading(results: NightResults) -> str:
    if results.complete:
        state = "final results"
    elif results.rounds:
        state = f"results so far (round {results.rounds} of {results.planned})"
    else:
        state = "no round started yet"
    return f"{results.name} ({results.event_id}), {results.date}: {state}"


def format_results(results: NightResults, fmt: str) -> str:
    """``table`` (terminal), ``csv``, ``json`` (a contract) or ``markdown``."""
    headers = tuple(h.format(by="Player" if results.by == "player" else "Pair")
                    for h in _HEADERS)
    if fmt == "json":
        import json

        return json.dumps(results.to_json(), indent=2, ensure_ascii=False) + "\n"
    if fmt == "csv":
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerow(["rank", results.by, "rounds_played", "byes", "games_won", "points",
                         "points_diff", "tie_break", "status"])
        for r in results.rows:
            writer.writerow([r.rank, r.label, r.rounds_played, r.byes, r.games_won, r.points,
                             r.points_diff, r.tie_break, r.status])
        return out.getvalue()
    rows = _table_rows(results)
    if fmt == "markdown":
        lines = [f"## {_heading(results)}", "", "| " + " | ".join(headers) + " |",
                 "|" + "|".join("---:" if h not in ("{by}", "Tie-break") and i != 1 else "---"
                                for i, h in enumerate(_HEADERS)) + "|"]
        lines += ["| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
                  for cells in rows]
        return "\n".join([*lines, "", RULE_TEXT]) + "\n"
    if fmt != "table":
        raise ValueError(f"no results format {fmt!r} (table, csv, json, markdown)")
    widths = [max(len(c) for c in col) for col in zip(headers, *rows)]
    right = {0, 2, 3, 4, 5, 6}
    body = ["  ".join(c.rjust(w) if i in right else c.ljust(w)
                      for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
            for cells in [headers, *rows]]
    return "\n".join([_heading(results), "", *body, "", *textwrap.wrap(RULE_TEXT, 88)]) + "\n"
