"""The footer of every screen: the keys that fit, the essential ones first, recomposed only
when the keys it shows change."""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

#: Shown first, wherever they are bound: help, back (home, cancel, close) and quit. A user who
#: sees nothing else can still find everything (F1 lists every key; ctrl+p every command).
ESSENTIAL_KEYS = ("f1", "escape", "ctrl+q")
#: The palette key on the right: its border, key, a space and "palette".
PALETTE_WIDTH = 1 + 2 + 1 + len("palette")


def shown_keys(screen: Any) -> tuple[tuple[Any, ...], ...]:
    """What the footer draws for a screen: every shown binding (key, key as shown,
    description, action, enabled, tooltip), one per action (the first key bound to it, as
    Textual's footer does), the essential ones first."""
    by_action: dict[str, tuple[Any, ...]] = {}
    for _, b, enabled, tooltip in screen.active_bindings.values():
        if b.show and b.action not in by_action:
            by_action[b.action] = (b.key, screen.app.get_key_display(b), b.description,
                                   b.action, enabled, tooltip)
    keys = list(by_action.values())

    def rank(key: tuple[Any, ...]) -> int:
        return ESSENTIAL_KEYS.index(key[0]) if key[0] in ESSENTIAL_KEYS else len(ESSENTIAL_KEYS)

    return tuple(sorted(keys, key=rank))  # stable: the others keep the screen's order


class KeysFooter(Footer):
    """Textual's footer, compact, with three changes.

    - The essential keys first (``ESSENTIAL_KEYS``), then the screen's in its order, as many
      as fit whole: at 80 columns the game screen's last keys would be cut mid-word ("f2
      Card by ca") and Help and Quit, coming last, not shown at all.
    - It rebuilds only when the keys it shows change. Textual's rebuilds all its keys
      whenever the bindings may have changed, which is every focus change: on the game
      screen twice a hand (field -> Confirm button -> next field), about 40 widgets mounted
      and styled each time for the same keys.
    - Groups of bindings are not drawn as groups (the app has none).
    """

    DEFAULT_CSS = """
    KeysFooter.-compact {
        padding-left: 1;
    }
    """

    _shown: tuple[tuple[Any, ...], ...] | None = None

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("compact", True)
        super().__init__(**kwargs)

    def _fitting(self, keys: tuple[tuple[Any, ...], ...]) -> tuple[tuple[Any, ...], ...]:
        """The first ``keys`` that fit the footer's width whole (the palette key kept)."""
        width = self.size.width or self.app.size.width
        room = width - 1 - (PALETTE_WIDTH + 1 if self.show_command_palette else 0)
        fitting = []
        for key in keys:
            shown = len(key[1]) + 1 + len(key[2]) + 1  # key, space, description, margin
            if shown > room:
                break
            room -= shown
            fitting.append(key)
        return tuple(fitting)

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        for key, display, description, action, enabled, tooltip in self._state(self.screen):
            yield FooterKey(key, display, description, action, disabled=not enabled,
                            tooltip=tooltip).data_bind(compact=Footer.compact)
        if self.show_command_palette and self.app.ENABLE_COMMAND_PALETTE:
            palette = self.screen.active_bindings.get(self.app.COMMAND_PALETTE_BINDING)
            if palette is not None:
                _, binding, enabled, tooltip = palette
                yield FooterKey(binding.key, self.app.get_key_display(binding),
                                binding.description, binding.action,
                                classes="-command-palette", disabled=not enabled,
                                tooltip=binding.tooltip or binding.description)

    def _state(self, screen: Any) -> tuple[Any, ...]:
        return self._fitting(shown_keys(screen))

    def bindings_changed(self, screen: Any) -> None:
        if self.is_attached and screen is self.screen and screen.app.app_focus:
            keys = self._state(screen)
            if keys == self._shown:
                self._bindings_ready = True
                return
            self._shown = keys
        super().bindings_changed(screen)

    def on_resize(self, event: events.Resize) -> None:
        # More or fewer keys fit: draw those.
        if self._bindings_ready and self.is_attached:
            keys = self._state(self.screen)
            if keys != self._shown:
                self._shown = keys
                self.call_after_refresh(self.recompose)
