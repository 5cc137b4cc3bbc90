"""Bid entry: the seats in bidding order with the bids so far, and a field for the next bid."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input
from .plain_text import Label, Static

from ..messages import BidTyped, ConfirmPressed, TricksTyped
from .score_sheet import side_style


@dataclass(frozen=True)
class SeatCell:
    """One seat in the entry row: its label, the value entered (or ''), its side's colour
    index, and whether it is the seat wanted now."""

    label: str
    value: str
    side: int
    current: bool = False


class EntryPanel(Vertical):
    """The common shape of bid and trick entry: seats row, prompt + field, inline message."""

    RESTRICT = r"[0-9]{0,2}"
    PLACEHOLDER = ""
    TYPED: type[BidTyped] | type[TricksTyped] = TricksTyped
    """The message a typed value is posted as."""

    def compose(self) -> ComposeResult:
        yield Static(id="entries", classes="entries")
        with Horizontal(classes="entry-line"):
            yield Label(id="prompt", classes="prompt")
            yield Input(id="field", restrict=self.RESTRICT, placeholder=self.PLACEHOLDER,
                        classes="field")
            yield Button("Confirm hand", id="confirm", variant="success", classes="confirm")
        yield Static(id="message", classes="message")

    def on_mount(self) -> None:
        self.query_one("#confirm").display = False

    def show(self, prompt: str, cells: Sequence[SeatCell], *, ready: bool = False) -> None:
        """Render the seats and the prompt; ``ready``: all in, show the confirm button."""
        row = Text()
        for i, cell in enumerate(cells):
            if i:
                row.append("  ")
            style = side_style(cell.side) + (" reverse" if cell.current else "")
            row.append(f" {cell.label} ", style=style)
            row.append(f" {cell.value or '·'}", style="bold" if cell.value else "dim")
        self.query_one("#entries", Static).update(row)
        self.query_one("#prompt", Label).update(prompt)
        field = self.query_one("#field", Input)
        button = self.query_one("#confirm", Button)
        if button.display != ready:
            field.display = not ready
            button.display = ready

    def show_message(self, text: str, *, error: bool = True) -> None:
        message = self.query_one("#message", Static)
        if message.has_class("error") != (error and bool(text)):
            message.set_class(error and bool(text), "error")
        message.update(text)

    def focus_field(self) -> None:
        button = self.query_one("#confirm", Button)
        # At once (``focus()`` waits for the app's next turn): keys typed ahead while the
        # game screen opens, or just after an Enter, must reach this field.
        self.screen.set_focus(button if button.display else self.query_one("#field", Input))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        text = event.value
        # Only what was entered goes: keys typed after the Enter (the next bid) stay.
        field = event.input
        field.value = field.value[len(text):] if field.value.startswith(text) else ""
        self.post_message(self.TYPED(text))

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "confirm":
            event.stop()
            self.post_message(ConfirmPressed())


class BidEntry(EntryPanel):
    """Bids in turn: 0-13, n for Nil, b for Blind Nil, b6 for a blind 6 (where the rules have
    blind bids)."""

    RESTRICT = r"[0-9nNbB]{0,3}"
    PLACEHOLDER = "0-13 n b"
    TYPED = BidTyped
