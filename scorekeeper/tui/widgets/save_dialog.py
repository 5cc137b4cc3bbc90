"""The save dialog: where a file goes (a folder and a file name, both proposed), and never
over an existing file without asking."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Grid, Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Input
from .plain_text import Label, Static

from ..exporting import expand_folder, folder_problem, name_problem, with_suffix
from .footer import KeysFooter
from .modals import ConfirmModal


@dataclass(frozen=True)
class SaveChoice:
    """Where to write, and whether the file there may be replaced (the scorekeeper said so)."""

    path: Path
    replace: bool


class SaveModal(ModalScreen[SaveChoice | None]):
    """Ask where to save: the folder (the one remembered) and the file name (the default
    proposed); Enter in the name field saves, Esc cancels. A file already there is replaced
    only after a yes (no is the default answer)."""

    BINDINGS = [Binding("escape", "cancel", "Cancel"), Binding("ctrl+s", "save", "Save")]

    def __init__(self, title: str, folder: Path, name: str, suffix: str) -> None:
        super().__init__()
        self._title, self._folder, self._file_name = title, folder, name
        self._suffix = suffix

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog save"):
            yield Static(Text(self._title, style="bold"), classes="question")
            with Grid(classes="save-grid"):
                yield Label("Folder")
                yield Input(str(self._folder), id="folder", compact=True)
                yield Label("File name")
                yield Input(self._file_name, id="name", compact=True)
            yield Static(id="message", classes="message error")
            with Horizontal(classes="buttons"):
                yield Button("Save (Enter)", id="save", variant="primary", compact=True)
                yield Button("Cancel (Esc)", id="cancel", compact=True)
        yield KeysFooter()

    def on_mount(self) -> None:
        # The name is what is most often changed (or just accepted with Enter).
        self.set_focus(self.query_one("#name", Input))

    def on_input_changed(self) -> None:
        # What the message said was wrong is being changed: it no longer applies.
        self.query_one("#message", Static).update("")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.input.id == "name":
            self.action_save()
        else:
            self.focus_next()

    def _refuse(self, field: str, text: str) -> None:
        self.query_one("#message", Static).update(text)
        self.set_focus(self.query_one(f"#{field}", Input))

    def action_save(self) -> None:
        folder_text = self.query_one("#folder", Input).value
        name = self.query_one("#name", Input).value
        if not folder_text.strip():
            self._refuse("folder", "A folder is needed.")
            return
        folder = expand_folder(folder_text)
        problem = folder_problem(folder)
        if problem:
            self._refuse("folder", f"Cannot save there: {problem}.")
            return
        problem = name_problem(name)
        if problem:
            self._refuse("name", f"Not a file name: {problem}.")
            return
        path = folder / with_suffix(name, self._suffix)
        if not path.exists():
            self.dismiss(SaveChoice(path, replace=False))
            return
        if path.is_dir():
            self._refuse("name", f"{path.name} is a folder there: choose another name.")
            return

        def answer(yes: bool | None) -> None:
            if yes:
                self.dismiss(SaveChoice(path, replace=True))
            else:
                self._refuse("name", f"{path.name} was kept: choose another name, or Esc.")

        # The question is what matters now: an older notice would only cover its buttons.
        self.app.clear_notifications()
        self.app.push_screen(
            ConfirmModal(f"{path.name} is already in {folder}. Replace it? y/n",
                         "Replace it (y)", "Keep it (n)", default=False), answer)

    def action_cancel(self) -> None:
        self.dismiss(None)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        if event.button.id == "save":
            self.action_save()
        else:
            self.action_cancel()
