"""Season standings: players and partnerships, ranked by the standings library."""

from __future__ import annotations

from rich.text import Text

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Select
from ..widgets.plain_text import Label, Static

from ...season.standings import Standings, StandingRow
from ..widgets.footer import KeysFooter

if TYPE_CHECKING:
    from ..commands import AppCommand

ALL = "__all__"
#: Short headings, so that the table fits 80 columns with the usual names (the note below
#: says what they mean); longer names scroll sideways (left and right arrows).
COLUMNS = ("#", "name", "games", "won", "lost", "win %", "+/-", "nil", "bags", "rating")


def _cells(row: StandingRow) -> list[str | Text]:
    # The rank and the win % (already a percentage: 100.0) as the CLI's table shows them.
    rank = f"={row.rank}" if row.shared_rank else str(row.rank)
    nils = f"{row.nil_made}/{row.nil_bids}"
    if row.blind_nil_bids:
        nils += f" BN {row.blind_nil_made}/{row.blind_nil_bids}"
    # The name as typed: a DataTable reads a str cell as markup ("[/b]Ann" would not draw).
    return [rank, Text(row.name, no_wrap=True), str(row.games), str(row.wins), str(row.losses),
            f"{row.win_pct:.1f}", f"{row.points_diff:+d}", nils, str(row.bags),
            f"{row.rating:.1f}"]


class StandingsScreen(Screen):
    BINDINGS = [Binding("escape", "app.pop_screen", "Back")]

    def compose(self) -> ComposeResult:
        seasons = self.app.store.seasons()
        with Horizontal(id="standings-bar"):
            yield Label("Season ")
            yield Select([("All games", ALL)] + [(s, s) for s in seasons], allow_blank=False,
                         value=seasons[-1] if seasons else ALL, id="season")
        with Vertical(id="standings-tables"):
            yield Label("Players", classes="list-title")
            yield DataTable(id="players", zebra_stripes=True, cursor_type="row")
            yield Label("Partnerships", classes="list-title")
            yield DataTable(id="pairs", zebra_stripes=True, cursor_type="row")
            yield Static(id="standings-note", classes="description")
        yield KeysFooter()

    def on_mount(self) -> None:
        for table in self.query(DataTable):
            table.add_columns(*COLUMNS)
        self.show(self.query_one("#season", Select).value)
        self.set_focus(self.query_one("#players", DataTable))  # at once: keys typed ahead

    @on(Select.Changed, "#season")
    def season_changed(self, event: Select.Changed) -> None:
        self.show(event.value)

    def show(self, value: object) -> None:
        season = None if value == ALL else str(value)
        # The store keeps the totals and ratings up to date with every game it saves.
        standings: Standings = self.app.store.standings(season)
        for table_id, rows in (("#players", standings.players),
                               ("#pairs", standings.partnerships)):
            table = self.query_one(table_id, DataTable)
            table.clear()
            for row in rows:
                table.add_row(*_cells(row))
        note = f"{standings.games} finished game{'s' if standings.games != 1 else ''}"
        if standings.unfinished:
            note += f"; {len(standings.unfinished)} unfinished (not counted)"
        self.query_one("#standings-note", Static).update(
            f"{note}. Ranked by {standings.ranking}. +/-: points for minus against; nil:"
            f" Nils made/bid (BN Blind Nil). Rating: {standings.rating}.")

    def commands(self) -> list[AppCommand]:
        """The palette's commands here (``commands.py``)."""
        from ..commands import AppCommand

        return [AppCommand("Home", "Esc", self.app.pop_screen)]
