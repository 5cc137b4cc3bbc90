"""A dialog of a few labelled lines (the deal, a redraw, a claim). ``check`` turns the typed
lines into the entry and raises a ``ValueError`` (an ``EntryRefused``) when it cannot be
made: its message is shown in the dialog, which stays open, so nothing is refused silently."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input
from .plain_text import Label, Static

from .footer import KeysFooter


@dataclass(frozen=True)
class Line:
    key: str
    label: str
    value: str = ""
    placeholder: str = ""


class LinesModal(ModalScreen[Any]):
    """Dismissed with what ``check`` returned for the lines, or None on Escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Enter it")]

    def __init__(self, title: str, lines: Sequence[Line], check: Callable[[dict[str, str]], Any],
                 *, note: str = "") -> None:
        super().__init__()
        self.title_text, self.lines, self.check, self.note = title, list(lines), check, note

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog lines"):
            yield Static(Text(self.title_text, style="bold"), classes="question")
            if self.note:
                yield Static(self.note, classes="description")
            with Grid(classes="lines-grid"):
                for line in self.lines:
                    yield Label(line.label)
                    yield Input(line.value, id=f"line-{line.key}", placeholder=line.placeholder)
            yield Static(id="message", classes="message error")
            with Horizontal(classes="buttons"):
                yield Button("Enter it (ctrl+s)", id="save", variant="primary")
                yield Button("Cancel (Esc)", id="cancel")
        yield KeysFooter()  # the dialog's own keys, over the screen's beneath

    def on_mount(self) -> None:
        self.set_focus(self.query_one(Input))

    def on_input_changed(self) -> None:
        # What the message said was wrong is being changed: it no longer applies.
        self.query_one("#message", Static).update("")

    def values(self) -> dict[str, str]:
        return {line.key: self.query_one(f"#line-{line.key}", Input).value
                for line in self.lines}

    def action_save(self) -> None:
        try:
            result = self.check(self.values())
        except ValueError as exc:
            self.query_one("#message", Static).update(str(exc))
            return
        self.dismiss(result)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        """Enter goes to the next line, and enters it all on the last one."""
        event.stop()
        inputs = list(self.query(Input))
        if event.input is inputs[-1]:
            self.action_save()
        else:
            inputs[inputs.index(event.input) + 1].focus()

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()
