"""The tables of a round at a glance: one row a table (players, score, hand, deal, state).

The widget only draws what the director screen gives it (``TableRow`` snapshots); choosing a
row is posted up as ``TableChosen``. Names are cut to the room the terminal leaves, so that
five tables fit 80 columns beside the standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import on
from textual.message import Message
from textual.widgets import DataTable
from textual.widgets.data_table import ColumnKey

from .row_render_cache import RowRenderCache
from .score_sheet import side_style

#: What the state column says for each table status (short: the column is narrow at 80).
STATE_TEXT = {"playing": "play", "finished": "done", "unfinished": "unf.",
              "no_show": "n/s", "bye": "bye"}
#: Each state's style: finished tables fade, the ones that need the director stand out.
STATE_STYLE = {"playing": "", "finished": "dim", "unfinished": "bold yellow",
               "no_show": "bold yellow", "bye": "dim"}
#: The least room for a pair's names.
NAMES_LEAST = 7
#: Each column's padding (one either side), and the scroll bar's width.
PADDING = 2
SCROLLBAR = 2
COLUMN_KEYS = ("table", "NS", "EW", "score", "hand", "state")


@dataclass(frozen=True)
class TableRow:
    """What a table shows: its number, the players by seat, each side's score, the hands
    played, the seat of the next deal (None: none to come), its state, and whether time was
    called on its game (it plays its last hand, or one more at a time while level)."""

    table: int
    seats: Mapping[str, str]
    scores: Mapping[str, int]
    hands: int
    dealer: str | None
    status: str
    time_called: bool = False

    @property
    def done(self) -> bool:
        """Whether the table needs nothing more this round."""
        return self.status != "playing"


def pair_text(seats: Mapping[str, str], first: str, second: str, room: int) -> str:
    """The two partners' names in at most ``room`` characters: the longer one is cut first
    ('Carlos Eve' in 8: 'Carl Eve'), so that each stays as recognisable as it can."""
    names = [n for n in (seats.get(first, ""), seats.get(second, "")) if n]
    while len(" ".join(names)) > room and max(map(len, names)) > 1:
        longest = max(range(len(names)), key=lambda i: len(names[i]))
        names[longest] = names[longest][:-1]
    return " ".join(names)[:room]


class EventTables(RowRenderCache):
    """The round's tables, the chosen one under the cursor."""

    class TableChosen(Message):
        """The director picked a table (by the arrows or a click)."""

        def __init__(self, table: int) -> None:
            super().__init__()
            self.table = table

    def __init__(self, **kwargs: object) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)  # type: ignore[arg-type]
        self._rows: tuple[TableRow, ...] = ()
        self._room = NAMES_LEAST
        self._width = 0

    def on_mount(self) -> None:
        for key, label in zip(COLUMN_KEYS, ("#", "N-S", "E-W", "score", "hand", "state"), strict=True):
            self.add_column(label, key=key)

    def names_room(self, rows: Sequence[TableRow], width: int) -> int:
        """Room for each pair's names when the widget is ``width`` columns wide: what the
        other columns (as wide as their widest cell) and the scroll bar leave."""
        others = [self._cells(row) for row in rows]
        fixed = sum(max([len(header), *(len(str(cells[i])) for cells in others)]) + PADDING
                    for i, header in ((0, "#"), (3, "score"), (4, "hand"), (5, "state")))
        # The scroll bar only when the rows do not all fit (the heading takes a line).
        scrolls = self.size.height and len(rows) > self.size.height - 1
        fixed += 2 * PADDING + (SCROLLBAR if scrolls else 0)
        return max((width - fixed) // 2, NAMES_LEAST)

    def show_tables(self, rows: Sequence[TableRow], chosen: int | None, width: int) -> None:
        """Draw ``rows`` (all of them again: a round has at most a few dozen tables) with the
        cursor on table ``chosen``; names fitted to ``width`` columns."""
        rows = tuple(rows)
        self._width = width
        room = self.names_room(rows, width)
        if rows == self._rows and room == self._room:
            self._move_to(chosen)
            return
        if [r.table for r in rows] != [r.table for r in self._rows] or room != self._room:
            self._room = room
            self.clear()
            for row in rows:
                self.add_row(*self._cells(row), key=str(row.table))
        else:
            for old, row in zip(self._rows, rows, strict=True):
                if old != row:
                    before = self._cells(old)
                    for key, cell, was in zip(COLUMN_KEYS, self._cells(row), before,
                                              strict=True):
                        if cell == was:
                            continue
                        # Widening a column relays the whole table out and repaints every
                        # row; a cell that still fits repaints its own row only.
                        wider = _cell_width(cell) > self.columns[ColumnKey(key)].content_width
                        self.update_cell(str(row.table), key, cell, update_width=wider)
        self._rows = rows
        self._move_to(chosen)

    def on_resize(self) -> None:
        # Taller or shorter: the scroll bar comes or goes, and the names' room with it.
        if self._rows:
            self.show_tables(self._rows, None, self._width)

    def update_table(self, row: TableRow) -> None:
        """Redraw one table's row (after an entry at that table)."""
        self.show_tables([row if old.table == row.table else old for old in self._rows], None,
                         self._width)

    def _move_to(self, chosen: int | None) -> None:
        if chosen is None:
            return
        for i, row in enumerate(self._rows):
            if row.table == chosen and self.cursor_row != i:
                self.move_cursor(row=i, animate=False)

    def _cells(self, row: TableRow) -> list[Text | str]:
        faded = "dim" if row.done else ""
        state = STATE_TEXT.get(row.status, row.status)
        if row.status == "playing" and row.time_called:
            state = "time"
        scores = row.scores
        score = Text.assemble((str(scores.get("NS", 0)), side_style(0)), ":",
                              (str(scores.get("EW", 0)), side_style(1)))
        return [
            Text(str(row.table), style="bold"),
            Text(pair_text(row.seats, "N", "S", self._room), style=f"{side_style(0)} {faded}"),
            Text(pair_text(row.seats, "E", "W", self._room), style=f"{side_style(1)} {faded}"),
            score,
            # The hand being played and who deals it (none once the game is over).
            f"{row.hands + 1}·{row.dealer}" if row.dealer else str(row.hands),
            Text(state, style=STATE_STYLE.get(row.status, "")),
        ]

    @on(DataTable.RowHighlighted)
    def _highlighted(self, event: DataTable.RowHighlighted) -> None:
        event.stop()
        # Only the director's own moves: the cursor the screen places (on a new table, or
        # back to row 0 as the rows are redrawn) is no choice.
        if self.has_focus and event.row_key.value is not None:
            self.post_message(self.TableChosen(int(event.row_key.value)))

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        if event.row_key.value is not None:
            self.post_message(self.TableChosen(int(event.row_key.value)))


def _cell_width(cell: Text | str) -> int:
    return cell.cell_len if isinstance(cell, Text) else Text.from_markup(cell).cell_len
