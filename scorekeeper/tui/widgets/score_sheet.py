"""The score sheet: the board (each side's score and bags, the target, hand, dealer, turn) and
the hands, one row each. Both render the score report handed down (``score_report`` data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.widgets import DataTable, Static

from ..messages import HandPicked

#: One colour per side, used everywhere that side appears. Two fixed hues (blue, orange) that
#: read on dark and on light themes, so that a score is never put on the wrong side.
SIDE_COLOURS: tuple[str, str] = ("#3b8eea", "#e8731c")


def side_style(index: int) -> str:
    return f"bold {SIDE_COLOURS[index % 2]}"


@dataclass(frozen=True)
class SideView:
    """What the board shows of a side."""

    key: str
    label: str
    score: int
    bags: int


class ScoreBoard(Static):
    """Each side's name, score and bags in its colour, then the target, hand and turn."""

    def show(self, sides: Sequence[SideView], info: str) -> None:
        text = Text()
        for i, side in enumerate(sides):
            if i:
                text.append("   v   ", style="dim")
            text.append(f"{side.label}  ", style=side_style(i))
            text.append(f"{side.score}", style=f"{side_style(i)} reverse")
            text.append(f"  {side.bags} bag{'s' if side.bags != 1 else ''}", style=side_style(i))
        text.append("\n")
        text.append(info)
        self.update(text)


def _bid_text(report_side: dict[str, Any], seat: str) -> str:
    bid = report_side["bids"].get(seat)
    if bid is None:
        return "?"
    if bid == 0:
        return "BN" if seat in report_side["blind"] else "nil"
    return str(bid)


def _parts_text(points: int, parts: dict[str, int]) -> str:
    """'+51: 50 +1b' -- the points, then the parts: contract (or set), bags, nil, BN (Blind
    Nil), pen (bag penalty). Just the points when the contract is all there is."""
    bits = [str(parts["contract"])]
    for key, mark in (("bags", "b"), ("nil", "nil"), ("blind_nil", "BN"), ("bag_penalty", "pen")):
        if parts[key]:
            bits.append(f"{parts[key]:+d}{mark}")
    if len(bits) == 1:
        return f"{points:+d}"
    return f"{points:+d}: {' '.join(bits)}"


class ScoreSheet(DataTable):
    """The hands one row each: # and D(ealer), then per side the bids/tricks won (seat by
    seat: nil, BN), the points with their parts (contract, bags, Nil, Blind Nil, bag
    penalty) and the running score with the bags carried."""

    BINDINGS = [("escape", "leave", "Back to entry")]

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)
        self._sides: tuple[str, ...] = ()
        self._shown: dict[str, dict[str, Any]] = {}

    def set_sides(self, sides: Sequence[str]) -> None:
        """Columns for the sides of the game (NS and EW, or N and S)."""
        self._sides = tuple(sides)
        self._shown = {}
        self.clear(columns=True)
        self.add_column("#", key="n")
        self.add_column("D", key="dealer")
        for i, side in enumerate(self._sides):
            style = side_style(i)
            self.add_column(Text(f"{side} bid/won", style=style), key=f"{side}-bid")
            self.add_column(Text(f"{side} points", style=style), key=f"{side}-pts")
            self.add_column(Text(f"{side} score", style=style), key=f"{side}-score")

    def _row(self, hand: dict[str, Any]) -> list[Any]:
        cells: list[Any] = [str(hand["number"]), hand["dealer"]]
        for i, side in enumerate(self._sides):
            r = hand["sides"][side]
            seats = list(r["tricks_won"])
            cells.append("+".join(_bid_text(r, s) for s in seats) + "/"
                         + "+".join(str(r["tricks_won"][s]) for s in seats))
            cells.append(_parts_text(r["points"], r["parts"]))
            cells.append(Text(f"{r['score']} ({r['bags']}b)", style=side_style(i)))
        return cells

    def show_hands(self, hands: Sequence[dict[str, Any]]) -> None:
        """Show the report's hands; rows that did not change are kept."""
        keep = 0
        for keep, hand in enumerate(hands):
            key = str(hand["number"])
            if keep >= self.row_count or self._shown.get(key) != hand:
                break
        else:
            keep = len(hands)
        if keep < self.row_count:
            for key in [k for k in list(self._shown) if int(k) > keep]:
                self.remove_row(key)
                del self._shown[key]
        for hand in hands[keep:]:
            key = str(hand["number"])
            self.add_row(*self._row(hand), key=key)
            self._shown[key] = hand
        if self.row_count:
            self.move_cursor(row=self.row_count - 1, animate=False)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.post_message(HandPicked(int(event.row_key.value)))

    def action_leave(self) -> None:
        self.screen.focus_next("Input, Button")
