"""The quick entry of the game screen (``BidEntry``, ``TricksEntry``) on the director's
screen: the same panels, with a field that leaves ``[`` and ``]`` to the screen, which goes
from table to table with them.

A focused ``Input`` claims every printable key, and Textual then drops the screen's bindings
of those keys, even priority ones; no bid or trick count holds a bracket, so the field gives
them up.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.widgets import Button, Input
from .plain_text import Label, Static

from .bid_entry import BidEntry, EntryPanel
from .tricks_entry import TricksEntry

#: The characters the director's screen keeps for itself (previous, next table).
TABLE_KEYS = frozenset("[]")


class TableKeysField(Input):
    """The entry field, without the table keys."""

    def check_consume_key(self, key: str, character: str | None = None) -> bool:
        if character in TABLE_KEYS:
            return False
        return super().check_consume_key(key, character)


def _compose(panel: EntryPanel) -> ComposeResult:
    """EntryPanel's children, with the field above (same ids and classes: the panel's
    methods find them)."""
    yield Static(id="entries", classes="entries")
    with Horizontal(classes="entry-line"):
        yield Label(id="prompt", classes="prompt")
        yield TableKeysField(id="field", restrict=panel.RESTRICT,
                             placeholder=panel.PLACEHOLDER, classes="field")
        yield Button("Confirm hand", id="confirm", variant="success", classes="confirm")
    yield Static(id="message", classes="message")


# Subclasses of the game screen's panels first (their CSS type names, and so the app's
# styles and queries by type, follow the first base class), with the compose above.
class TableBidEntry(BidEntry):
    """Bids, as on the game screen."""

    compose = _compose


class TableTricksEntry(TricksEntry):
    """Trick counts, as on the game screen."""

    compose = _compose
