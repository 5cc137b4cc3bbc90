"""A name field that completes as a shell does: Tab takes the suggestion shown."""

from __future__ import annotations

from textual.binding import Binding
from textual.widgets import Input


class NameInput(Input):
    """An ``Input`` whose suggestion (greyed after the cursor) Tab accepts; with no
    suggestion shown, Tab moves on to the next field as everywhere else.

    Textual's Input takes a suggestion with the right arrow only, which nobody at a card table
    guesses; Tab is what shells and browsers taught everyone."""

    BINDINGS = [Binding("tab", "accept_suggestion", "Complete the name", show=False)]

    def suggestion_shown(self) -> bool:
        suggestion = self._suggestion
        return bool(suggestion) and len(suggestion) > len(self.value) and self.has_focus

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # False: the key goes on to the screen's Tab (the next field), as if unbound here.
        if action == "accept_suggestion":
            return self.suggestion_shown()
        return super().check_action(action, parameters)

    def action_accept_suggestion(self) -> None:
        self.value = self._suggestion
        self.cursor_position = len(self.value)
