"""The card nights (events) in the database: Enter opens the director's screen of one."""

from __future__ import annotations

from rich.text import Text

from typing import TYPE_CHECKING

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import Screen
from textual.widgets import DataTable, Header
from ..widgets.plain_text import Label, Static

from ..widgets.footer import KeysFooter

if TYPE_CHECKING:
    from ..commands import AppCommand

#: Said when the database has no event yet: events are made from the command line.
NO_EVENTS = ("No card night in this database yet. Make one with\n"
             "  scorekeeper event create --name N --date D --movement individual"
             " --players \"A,B,C,...\"\nthen open it here.")


class EventListScreen(Screen):
    BINDINGS = [Binding("escape", "back", "Home")]

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="event-list"):
            yield Label("Card nights (Enter opens the director's screen)", classes="list-title")
            yield DataTable(id="events", cursor_type="row", zebra_stripes=True)
            yield Static(NO_EVENTS, id="no-events")
        yield KeysFooter()

    def on_mount(self) -> None:
        table = self.query_one("#events", DataTable)
        for key, label in (("date", "date"), ("name", "name"), ("movement", "movement"),
                           ("round", "round"), ("players", "players")):
            table.add_column(label, key=key)
        self.load_events()
        self.set_focus(table)

    def on_screen_resume(self) -> None:
        self.load_events()

    def load_events(self) -> None:
        table = self.query_one("#events", DataTable)
        table.clear()
        events = self.app.event_store().events()
        for e in events:
            rounds = f"{e.current_round} of {e.rounds}" if e.current_round else \
                f"not started ({e.rounds} planned)"
            table.add_row(e.date, Text(e.name, no_wrap=True), e.movement, rounds, str(e.players),
                          key=e.id)  # the name as typed, not read as markup
        self.query_one("#no-events").display = not events
        table.display = bool(events)

    @on(DataTable.RowSelected, "#events")
    def open_selected(self, event: DataTable.RowSelected) -> None:
        self.app.open_event(str(event.row_key.value))

    def action_back(self) -> None:
        self.app.pop_screen()

    def commands(self) -> list[AppCommand]:
        from ..commands import AppCommand

        return [AppCommand("Home", "Esc", self.action_back)]
