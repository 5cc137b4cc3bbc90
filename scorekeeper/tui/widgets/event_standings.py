"""The night's standings beside the tables: rank, player (or pair), games won, points, and
the points difference. The widget draws the rows it is given (``StandingRow`` snapshots made
by the director screen from ``event.results.night_results``).

Drawn as text in fixed columns under a heading that stays put, not as a ``DataTable``: the
standings are drawn again after every confirmed hand, and adding 80 rows to a DataTable took
about 25 ms of the 50 the director may wait; one text takes a fraction of a millisecond.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from .plain_text import Static


@dataclass(frozen=True)
class StandingRow:
    """One line of the night's standings."""

    rank: int
    names: tuple[str, ...]
    rounds: int
    won: int
    points: int
    diff: int


#: The columns: key, heading, width (the names' is what the others leave), two spaces apart
#: (one where the names would have less than ``NAMES_LEAST``). ``rd`` (rounds played) only
#: where there is room.
COLUMNS = (("rank", "#", 3), ("names", "player", 0), ("rounds", "rd", 2), ("won", "won", 3),
           ("points", "pts", 5), ("diff", "+/-", 5))
GAP = 2
#: The least room for the names, and the width under which ``rd`` is left out.
NAMES_LEAST = 8
ROUNDS_FROM = 40
#: The scroll bar's columns (80 players do not fit any terminal), and the left margin.
SCROLLBAR = 2
MARGIN = 1
#: Every other line shaded, as the tables beside (a theme colour: Textual's content styles).
STRIPE = "on $boost"


def names_text(names: tuple[str, ...], room: int) -> str:
    text = " & ".join(names)
    return text if len(text) <= room else text[:room - 1] + "…"


def standings_lines(rows: Sequence[StandingRow], by: str, width: int) -> tuple[str, list[str]]:
    """The heading and one line a row, in columns fitted to ``width``; a shared rank is
    marked '=' as in the printed results."""
    columns = [c for c in COLUMNS if c[0] != "rounds" or width >= ROUNDS_FROM]
    fixed = width - SCROLLBAR - MARGIN - sum(w for _, _, w in columns)
    gap = GAP
    room = fixed - gap * (len(columns) - 1)
    if room < NAMES_LEAST:  # narrow (80 columns): one space apart, or "+/-" is cut off
        gap = 1
        room = fixed - gap * (len(columns) - 1)
    room = max(room, NAMES_LEAST)
    widths = {key: room if key == "names" else w for key, _, w in columns}
    ranks = [r.rank for r in rows]

    def line(cells: dict[str, str]) -> str:
        return " " * MARGIN + (" " * gap).join(cells[key].ljust(widths[key])
                                               for key, _, _ in columns)

    heading = line({key: ("pair" if by == "pair" else "player") if key == "names" else label
                    for key, label, _ in columns})
    lines = [line({"rank": f"{r.rank}{'=' if ranks.count(r.rank) > 1 else ''}",
                   "names": names_text(r.names, room), "rounds": str(r.rounds),
                   "won": str(r.won), "points": str(r.points), "diff": f"{r.diff:+d}"})
             for r in rows]
    return heading, lines


class EventStandings(Vertical):
    """The night's standings, best first, the heading above the lines that scroll."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: tuple[object, ...] | None = None
        self.lines: list[str] = []
        """The lines shown, as text (for tests and a reader of the screen)."""

    def compose(self) -> ComposeResult:
        yield Static(id="standings-heading", classes="standings-heading")
        with VerticalScroll(id="standings-lines"):
            yield Static(id="standings-body")

    def show_rows(self, rows: Sequence[StandingRow], by: str, width: int) -> None:
        """Draw ``rows`` (by "player" or "pair"), fitted to ``width`` columns."""
        shown = (tuple(rows), by, width)
        if shown == self._shown:
            return
        self._shown = shown
        heading, self.lines = standings_lines(rows, by, width)
        self.query_one("#standings-heading", Static).update(Text(heading, style="bold"))
        parts: list[str | tuple[str, str]] = []
        for i, text in enumerate(self.lines):
            if i:
                parts.append("\n")
            parts.append((text, STRIPE) if i % 2 else text)
        self.query_one("#standings-body", Static).update(Content.assemble(*parts))
