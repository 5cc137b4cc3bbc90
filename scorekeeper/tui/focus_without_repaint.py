"""Screens on which moving the focus repaints only what the focus changes.

Textual's ``Screen.focused`` is a reactive that repaints the whole screen whenever it
changes. The focus styles are updated on the widgets concerned anyway (``:focus`` and
``:focus-within``, by ``Screen._update_focus_styles``), so the whole-screen repaint draws
nothing new; but it turns the next frame into a full one. The entry screens move the focus on
every confirmed hand (the Confirm button, then the next bid's field): on the director's screen
with 20 tables that full frame was some 10 ms of the 50 a confirm may take.
"""

from __future__ import annotations

from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget


class FocusWithoutRepaint(Screen):
    #: As ``Screen.focused`` (its watcher, refreshing the bindings, still runs), without the
    #: whole-screen repaint.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)
