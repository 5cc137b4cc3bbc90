"""The director's question at a table where a side did not come: which one, N-S or E-W,
each named with its players. Answers "NS", "EW", or None (Escape: nothing marked).

Only the side is asked here; the director's screen confirms the ruling next (what it scores)
and marks the table through the event store.
"""

from __future__ import annotations

from collections.abc import Mapping

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button
from .plain_text import Static

from .footer import KeysFooter
from .score_sheet import side_style

#: Each side as the director reads it, with the key that names it (its first seat).
SIDE_NAMES = {"NS": "N-S", "EW": "E-W"}


def side_players(seats: Mapping[str, str], side: str) -> str:
    """'Tia & Ann': the two partners of ``side`` (NS or EW)."""
    return " & ".join(seats.get(seat, "?") for seat in side)


class NoShowModal(ModalScreen[str | None]):
    """Which side of table ``table`` did not come? ``n``: N-S, ``e``: E-W, Escape: neither."""

    BINDINGS = [Binding("n", "answer('NS')", "N-S absent"),
                Binding("e", "answer('EW')", "E-W absent"),
                Binding("escape", "cancel", "Cancel")]

    def __init__(self, table: int, seats: Mapping[str, str]) -> None:
        super().__init__()
        self.table = table
        self.seats = dict(seats)

    def compose(self) -> ComposeResult:
        question = Text(f"Table {self.table}: which side did not come?\n", style="bold")
        for index, side in enumerate(SIDE_NAMES):
            question.append(f"\n  {SIDE_NAMES[side]}: ")
            question.append(side_players(self.seats, side), style=side_style(index))
        question.append("\n\nThe side present wins by forfeit (docs/events.md).")
        with Vertical(classes="dialog"):
            yield Static(question, classes="question")
            with Horizontal(classes="buttons"):
                yield Button("N-S absent (n)", id="NS")
                yield Button("E-W absent (e)", id="EW")
                yield Button("Cancel (Esc)", id="cancel", variant="primary")
        yield KeysFooter()

    def on_mount(self) -> None:
        # At once: an Enter typed ahead (meant for the table's entry) marks nothing.
        self.set_focus(self.query_one("#cancel"))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.dismiss(None if event.button.id == "cancel" else str(event.button.id))

    def action_answer(self, side: str) -> None:
        self.dismiss(side)

    def action_cancel(self) -> None:
        self.dismiss(None)
