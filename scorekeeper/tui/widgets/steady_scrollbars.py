"""Scroll views whose scroll bars are repainted only when their size changes.

Textual's ``ScrollView._size_updated`` compares the virtual size the compositor passes it (the
widget's region) with its own (its content's), which never agree for a view that scrolls; so
every relayout of the screen (a label's new text, a panel shown) repaints its scroll bars. On
the director's screen that was the standings' bar, about 7 ms of the frame after each
confirmed hand, for a bar that had not moved. A view's scroll bars depend on its size, its
container's size and its own virtual size (what it scrolls over): while those three are what
they were at the last update, there is nothing to do. (A view's own virtual size has no
watcher: the relayout its change asks for is what updates the bars, so it is one of the three.)

It overrides ``_size_updated`` and reads ``_size``: private names of the Textual pinned in
pyproject.toml (its comment says how to move the pin).
"""

from __future__ import annotations

from textual.geometry import Size
from textual.scroll_view import ScrollView


class SteadyScrollbars(ScrollView):
    _bars_drawn_for: tuple[Size, Size, Size] | None = None

    def _size_updated(self, size: Size, virtual_size: Size, container_size: Size,
                      layout: bool = True) -> bool:
        drawn_for = (size, container_size, self.virtual_size)
        if drawn_for == self._bars_drawn_for and size == self._size:
            return False
        self._bars_drawn_for = drawn_for
        return super()._size_updated(size, virtual_size, container_size, layout)
