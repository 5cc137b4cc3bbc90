"""Home: start a new game, resume an unfinished one, browse finished games, the standings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, DataTable, Header
from ..widgets.plain_text import Label

from ...season.storage import GameSummary
from ..widgets.footer import KeysFooter
from ..widgets.plain_cell import PlainCell

if TYPE_CHECKING:
    from ..commands import AppCommand


def players_text(g: GameSummary) -> str:
    sides = ("NS", "EW") if g.variant == "partnership" else ("N", "S")
    return " v ".join(g.side_names(side) for side in sides)


def score_text(g: GameSummary) -> str:
    return "  ".join(f"{side} {score}" for side, score in g.scores.items())


class HomeScreen(Screen):
    BINDINGS = [
        Binding("n", "new_game", "New game"),
        Binding("r", "resume", "Resume"),
        Binding("f", "finished", "Finished games"),
        Binding("s", "standings", "Standings"),
        Binding("e", "events", "Card nights"),
        Binding("q", "app.quit", "Quit", show=False),
    ]

    def __init__(self, *, offer_resume: bool = False) -> None:
        super().__init__()
        self.offer_resume = offer_resume
        #: The games the lists show, as last read from the store (None: not read yet).
        self._games: list[GameSummary] | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with Horizontal(id="home-buttons"):
            yield Button("New game (n)", id="new", variant="primary")
            yield Button("Resume (r)", id="resume")
            yield Button("Standings (s)", id="standings")
            yield Button("Help (F1)", id="help")
        with Vertical(id="home-lists"):
            yield Label("Unfinished games (Enter resumes)", classes="list-title")
            yield DataTable(id="unfinished", cursor_type="row", zebra_stripes=True)
            yield Label("Finished games (Enter opens)", classes="list-title")
            yield DataTable(id="finished", cursor_type="row", zebra_stripes=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        for table_id, last in (("#unfinished", "hand"), ("#finished", "winner")):
            table = self.query_one(table_id, DataTable)
            table.add_column("date", key="date")
            table.add_column("table", key="table")
            table.add_column("players", key="players")
            table.add_column("score", key="score")
            table.add_column(last, key=last)
        self.load_games()
        self.set_focus(self.query_one("#unfinished", DataTable))  # at once: keys typed ahead
        if self.offer_resume:
            self.offer_resume = False
            unfinished = [g for g in self._games or () if not g.finished]
            if unfinished:
                latest = max(unfinished, key=lambda g: g.updated_at)
                self.app.offer_resume(latest)

    def on_screen_resume(self) -> None:
        # Also sent when the screen is first shown, just after on_mount has filled the lists:
        # load_games then finds nothing changed and leaves the tables (and cursors) alone.
        self.load_games()

    def load_games(self) -> None:
        """Fill the lists from the store, unless they already show what it holds.

        Cells are PlainCells, not strings: DataTable would parse each string as markup and
        measure it again for every row added, most of the first paint with a season's games.
        """
        games = self.app.store.games()
        if games == self._games:
            return
        self._games = games
        unfinished = self.query_one("#unfinished", DataTable)
        finished = self.query_one("#finished", DataTable)
        unfinished.clear()
        finished.clear()
        for g in games:
            row = [PlainCell(g.date or ""), PlainCell(g.table or ""),
                   PlainCell(players_text(g)), PlainCell(score_text(g))]
            if g.finished:
                finished.add_row(*row, PlainCell(g.winner_names or ""), key=g.game_id)
            else:
                unfinished.add_row(*row, PlainCell(str(g.hands + 1)), key=g.game_id)

    @on(DataTable.RowSelected)
    def open_selected(self, event: DataTable.RowSelected) -> None:
        self.app.open_game(str(event.row_key.value))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        actions = {"new": self.action_new_game, "resume": self.action_resume,
                   "standings": self.action_standings, "help": self.app.action_help}
        actions[str(event.button.id)]()

    def action_new_game(self) -> None:
        self.app.new_game()

    def action_resume(self) -> None:
        table = self.query_one("#unfinished", DataTable)
        if not table.row_count:
            self.app.notify("No unfinished game: n starts a new one.")
            return
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
        self.app.open_game(str(key.value))

    def action_finished(self) -> None:
        self.query_one("#finished", DataTable).focus()

    def action_standings(self) -> None:
        self.app.show_standings()

    def action_events(self) -> None:
        self.app.show_events()

    def commands(self) -> list[AppCommand]:
        """The palette's commands here (``commands.py``): those that make sense now."""
        from ..commands import AppCommand

        out = [AppCommand("New game", "n", self.action_new_game)]
        if self.query_one("#unfinished", DataTable).row_count:
            out.append(AppCommand("Resume a game", "r: the unfinished game selected",
                                  self.action_resume))
        if self.query_one("#finished", DataTable).row_count:
            out.append(AppCommand("Finished games", "f: Enter opens one", self.action_finished))
        out.append(AppCommand("Standings", "s: the season's players and partnerships",
                              self.action_standings))
        out.append(AppCommand("Card nights: the director's screen", "e: the events in the"
                              " database", self.action_events))
        return out
