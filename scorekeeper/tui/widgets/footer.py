"""The footer of every screen: Textual's, recomposed only when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual.widgets import Footer


def shown_keys(screen: Any) -> tuple[tuple[Any, ...], ...]:
    """What the footer draws for a screen: every shown binding with its state."""
    return tuple((b.key, b.key_display, b.description, b.action, enabled, tooltip)
                 for _, b, enabled, tooltip in screen.active_bindings.values() if b.show)


class KeysFooter(Footer):
    """Textual's footer rebuilds all its keys whenever the bindings may have changed, which
    is every focus change: on the game screen that is twice a hand (field -> Confirm button
    -> next field), about 40 widgets mounted and styled each time for the same keys. This
    one rebuilds only when the shown keys (or their enabled state) differ."""

    _shown: tuple[tuple[Any, ...], ...] | None = None

    def bindings_changed(self, screen: Any) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            keys = shown_keys(screen)
            if keys == self._shown:
                self._bindings_ready = True
                return
            self._shown = keys
        super().bindings_changed(screen)
