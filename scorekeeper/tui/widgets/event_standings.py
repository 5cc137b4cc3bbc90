"""The night's standings beside the tables: rank, player (or pair), games won, points, and
the points difference. The widget draws the rows it is given (``StandingRow`` snapshots made
by the director screen from ``event.results.night_results``).

Drawn as text in fixed columns under a heading that stays put, not as a ``DataTable``: the
standings are drawn again after every confirmed hand, and adding 80 rows to a DataTable took
about 25 ms of the 50 the director may wait. The lines are a line-by-line widget
(:class:`StandingsLines`), not one ``Static``: a ``Static`` that is given a new text renders
all of it again (80 lines, 5 ms a frame at 120x40), where this one renders only the lines in
view whose text changed, each one segment, and keeps the others' strips.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.segment import Segment
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.strip import Strip

from .plain_text import Static
from .steady_scrollbars import SteadyScrollbars


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


class StandingsLines(SteadyScrollbars, can_focus=False):
    """The standings' lines, scrolling under the heading: every other line shaded, as the
    tables beside. Only the lines in view are rendered, each from its text alone, and a line
    whose text did not change keeps its strip (:meth:`set_lines` repaints the others)."""

    COMPONENT_CLASSES = {"standings-lines--stripe"}
    DEFAULT_CSS = """
    StandingsLines > .standings-lines--stripe {
        background: $boost;
    }
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._lines: list[str] = []
        self._strips: dict[tuple[str, bool, int, int], Strip] = {}
        self._styles_seen: object = None

    def set_lines(self, lines: list[str]) -> None:
        """Show ``lines``; repaint only the rows whose text changed (all when their number
        or the widest changed, which is a new virtual size)."""
        old, self._lines = self._lines, lines
        size = Size(max((len(line) for line in lines), default=0), len(lines))
        if size != self.virtual_size:
            self.virtual_size = size
            self.refresh()
            return
        top = int(self.scroll_y)
        width = self.scrollable_content_region.width
        for index, (before, after) in enumerate(zip(old, lines)):
            if before != after and top <= index < top + self.size.height:
                self.refresh(Region(0, index - top, width, 1))

    def render_line(self, y: int) -> Strip:
        width = self.scrollable_content_region.width
        base = self.rich_style
        stripe = base + self.get_component_rich_style("standings-lines--stripe")
        seen = (base, stripe)
        if seen != self._styles_seen:  # a theme changed: the kept strips are stale
            self._styles_seen = seen
            self._strips.clear()
        index = y + int(self.scroll_y)
        if index >= len(self._lines):
            return Strip.blank(width, base)
        text, striped = self._lines[index], bool(index % 2)
        key = (text, striped, width, int(self.scroll_x))
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) > 4 * max(len(self._lines), 50):
                self._strips.clear()  # bounded: old texts never come back
            strip = Strip([Segment(text, stripe if striped else base)])
            strip = strip.crop(int(self.scroll_x)).adjust_cell_length(
                width, stripe if striped else base)
            self._strips[key] = strip
        return strip


class EventStandings(Vertical):
    """The night's standings, best first, the heading above the lines that scroll."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._shown: tuple[object, ...] | None = None
        self.lines: list[str] = []
        """The lines shown, as text (for tests and a reader of the screen)."""

    def compose(self) -> ComposeResult:
        yield Static(id="standings-heading", classes="standings-heading")
        yield StandingsLines(id="standings-lines")

    def show_rows(self, rows: Sequence[StandingRow], by: str, width: int) -> None:
        """Draw ``rows`` (by "player" or "pair"), fitted to ``width`` columns."""
        shown = (tuple(rows), by, width)
        if shown == self._shown:
            return
        self._shown = shown
        heading, self.lines = standings_lines(rows, by, width)
        # The heading's size is fixed (one line, the panel's width): no relayout for it.
        self.query_one("#standings-heading", Static).update(Text(heading, style="bold"),
                                                            layout=False)
        self.query_one(StandingsLines).set_lines(self.lines)
