"""Saving a file from the app as a scorekeeper does: the key, then the save dialog's proposal
(or a folder and name typed in), then wait until the worker has written it."""

from __future__ import annotations

from pathlib import Path

from textual.pilot import Pilot
from textual.widgets import Input

from scorekeeper.tui.widgets.save_dialog import SaveModal

#: Turns of the app's loop a test waits for something before it fails.
PATIENCE = 200


async def wait_until(pilot: Pilot, condition, what: str) -> None:
    """Let the app run until ``condition()`` holds (never a fixed sleep)."""
    for _ in range(PATIENCE):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"never happened: {what}")


async def save_dialog(pilot: Pilot, key: str = "ctrl+s") -> SaveModal:
    await pilot.press(key)
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, SaveModal),
                     "the save dialog opened")
    return pilot.app.screen


def proposed(dialog: SaveModal) -> tuple[str, str]:
    """The folder and the file name the dialog proposes."""
    return dialog.query_one("#folder", Input).value, dialog.query_one("#name", Input).value


async def save(pilot: Pilot, key: str = "ctrl+s", *, folder: Path | None = None,
               name: str | None = None) -> Path:
    """Open the dialog with ``key``, change what is given (a name with its suffix), Enter;
    the file, once written."""
    dialog = await save_dialog(pilot, key)
    if folder is not None:
        dialog.query_one("#folder", Input).value = str(folder)
    if name is not None:
        dialog.query_one("#name", Input).value = name
    shown_folder, shown_name = proposed(dialog)
    path = Path(shown_folder) / shown_name
    dialog.query_one("#name", Input).focus()
    await pilot.press("enter")
    await wait_until(pilot, lambda: not saving(pilot) and path.exists(), f"{path} written")
    return path


def saving(pilot: Pilot) -> bool:
    """Whether a file is being written (the app's workers of the group "save")."""
    return any(w.group == "save" and not w.is_finished for w in pilot.app.workers)
