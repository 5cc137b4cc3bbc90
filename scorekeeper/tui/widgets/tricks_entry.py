"""Trick entry: the tricks each seat won; the last count fills itself, then the hand is
confirmed with the button (Enter)."""

from __future__ import annotations

from ..messages import TricksTyped
from .bid_entry import EntryPanel


class TricksEntry(EntryPanel):
    RESTRICT = r"[0-9]{0,2}"
    PLACEHOLDER = "0-13"
    TYPED = TricksTyped
