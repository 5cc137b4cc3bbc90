"""The score sheet: the board (each side's score and bags, the target, hand, dealer, turn) and
the hands, one row each. Both render the score report handed down (``score_report`` data)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual.widgets import Button, DataTable, Input
from .plain_text import Static
from .row_render_cache import RowRenderCache

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


#: The parts of a hand's points as the detail line names them (and their marks on the sheet).
PARTS: tuple[tuple[str, str, str], ...] = (
    ("bags", "b", "bags"), ("nil", "nil", "Nil"), ("blind_nil", "BN", "Blind Nil"),
    ("bag_penalty", "pen", "bag penalty"))


def _parts_only(parts: dict[str, int]) -> str:
    """'50 +1b': the parts alone (contract or set, bags, nil, BN Blind Nil, pen bag
    penalty); '' when the contract is all there is."""
    bits = [str(parts["contract"])]
    for key, mark, _ in PARTS:
        if parts[key]:
            bits.append(f"{parts[key]:+d}{mark}")
    return " ".join(bits) if len(bits) > 1 else ""


def _parts_text(points: int, parts: dict[str, int]) -> str:
    """'+51: 50 +1b' -- the points, then the parts. Just the points when the contract is
    all there is."""
    only = _parts_only(parts)
    return f"{points:+d}: {only}" if only else f"{points:+d}"


def parts_words(points: int, parts: dict[str, int]) -> str:
    """'-54 = set -40, bags +6, Nil -100': the parts in words, for the detail line."""
    contract = parts["contract"]
    bits = [f"{'set' if contract < 0 else 'contract'} {contract:+d}"] if contract else []
    bits += [f"{word} {parts[key]:+d}" for key, _, word in PARTS if parts[key]]
    return f"{points:+d}" + (f" = {', '.join(bits)}" if bits else "")


def _bids_text(r: dict[str, Any]) -> str:
    """'4+nil/5+1': each seat's bid, then each seat's tricks."""
    seats = list(r["tricks_won"])
    return ("+".join(_bid_text(r, s) for s in seats) + "/"
            + "+".join(str(r["tricks_won"][s]) for s in seats))


def _score_text(r: dict[str, Any]) -> str:
    return f"{r['score']} ({r['bags']}b)"


class ScoreSheet(RowRenderCache):
    """The hands one row each: # and D(ealer), then per side the bids/tricks won (seat by
    seat: nil, BN), the points with their parts (contract, bags, Nil, Blind Nil, bag
    penalty) and the running score with the bags carried.

    Three layouts (``fit``), the first that fits the room the sheet has:

    - full: the points with their parts on one line ('+251: 50 +1b +200BN');
    - stacked (only where asked, beside the chart): a hand whose parts do not fit beside
      its points has them on a second line of its row, so every row keeps its parts;
    - compact: the points alone, and ``detail(key)`` words the parts of a hand for a line
      below (at 80x24, where two-line rows would leave room for too few hands).

    Speed: a confirmed hand adds one row; its renders are kept row by row
    (``RowRenderCache``), so only the new row and the rows the cursor left or reached are
    rendered again (a changed hand is removed and added again, which empties the cache).
    """

    BINDINGS = [("escape", "leave", "Back to entry")]

    def __init__(self, **kwargs: Any) -> None:
        self._sides: tuple[str, ...] = ()
        self._shown: dict[str, dict[str, Any]] = {}
        self._layout = "full"
        self._full: dict[str, int] = {}
        self._stacked: dict[str, int] = {}  # the points columns' widths, stacked
        super().__init__(cursor_type="row", zebra_stripes=True, **kwargs)

    # --- columns and widths ---------------------------------------------------------------

    @property
    def compact(self) -> bool:
        return self._layout == "compact"

    @property
    def layout(self) -> str:
        return self._layout

    def set_sides(self, sides: Sequence[str]) -> None:
        """Columns for the sides of the game (NS and EW, or N and S)."""
        self._sides = tuple(sides)
        self._shown = {}
        self._full = {}
        self._stacked = {}
        self._add_columns()

    def _add_columns(self) -> None:
        self.clear(columns=True)
        self.add_column("#", key="n")
        self.add_column("D", key="dealer")
        for i, side in enumerate(self._sides):
            style = side_style(i)
            self.add_column(Text(f"{side} bid/won", style=style), key=f"{side}-bid")
            self.add_column(Text(f"{side} points", style=style), key=f"{side}-pts")
            self.add_column(Text(f"{side} score", style=style), key=f"{side}-score")

    def full_width(self, layout: str = "full") -> int:
        """The width the sheet needs in ``layout`` ('full': the parts beside the points,
        'stacked': under them where they do not fit), scroll bar included."""
        headers = {"n": 1, "dealer": 1}
        for side in self._sides:
            headers |= {f"{side}-bid": len(side) + 8, f"{side}-pts": len(side) + 7,
                        f"{side}-score": len(side) + 6}
        widths = self._full | (self._stacked if layout == "stacked" else {})
        padding = 2 * self.cell_padding
        return sum(max(w, widths.get(k, 0)) + padding for k, w in headers.items()) + 2

    def layout_for(self, room: int, *, stack: bool = False) -> str:
        """The first layout that fits ``room`` columns (stacked only if ``stack``)."""
        if self.full_width() <= room:
            return "full"
        if stack and self.full_width("stacked") <= room:
            return "stacked"
        return "compact"

    def fit(self, room: int, *, stack: bool = False) -> None:
        self.set_layout(self.layout_for(room, stack=stack))

    def set_layout(self, layout: str) -> None:
        """Show the hands in ``layout`` (the rows are made again)."""
        if layout == self._layout:
            return
        self._layout = layout
        hands = list(self._shown.values())
        row = self.cursor_row
        self._shown = {}
        self._add_columns()
        self.show_hands(hands)
        if 0 <= row < self.row_count:
            self.move_cursor(row=row, animate=False)

    # --- rows -----------------------------------------------------------------------------

    def _measure(self, hand: dict[str, Any]) -> None:
        """Take the hand's texts into the widths the layouts need."""
        full, stacked = self._full, self._stacked
        full["n"] = max(full.get("n", 0), len(str(hand["number"])))
        for side in self._sides:
            r = hand["sides"][side]
            texts = {"bid": _bids_text(r), "pts": _parts_text(r["points"], r["parts"]),
                     "score": _score_text(r)}
            for key, text in texts.items():
                full[f"{side}-{key}"] = max(full.get(f"{side}-{key}", 0), len(text))
            lines = (f"{r['points']:+d}", _parts_only(r["parts"]))
            stacked[f"{side}-pts"] = max(stacked.get(f"{side}-pts", 0), *map(len, lines))

    def _row(self, hand: dict[str, Any]) -> tuple[list[Any], int]:
        """The row's cells and its height (2: a stacked row with parts on a second line)."""
        cells: list[Any] = [str(hand["number"]), hand["dealer"]]
        height = 1
        for i, side in enumerate(self._sides):
            r = hand["sides"][side]
            points = f"{r['points']:+d}"
            parts = _parts_text(r["points"], r["parts"])
            if self._layout == "compact":
                parts = points
            elif self._layout == "stacked" and len(parts) > max(
                    len(side) + 7, self._stacked[f"{side}-pts"]):  # its column's width
                parts = f"{points}\n{_parts_only(r['parts'])}"
                height = 2
            cells += [_bids_text(r), parts, Text(_score_text(r), style=side_style(i))]
        return cells, height

    def show_hands(self, hands: Sequence[dict[str, Any]]) -> None:
        """Show the report's hands; rows that did not change are kept."""
        keep = 0
        shown = self._shown
        rows = self.row_count
        for keep, hand in enumerate(hands):
            if keep >= rows:
                break
            # The session hands down the same row objects for hands that did not change.
            was = shown.get(str(hand["number"]))
            if was is not hand and was != hand:
                break
        else:
            keep = len(hands)
        if keep < self.row_count:
            for key in [k for k in list(self._shown) if int(k) > keep]:
                self.remove_row(key)
                del self._shown[key]
        for hand in hands[keep:]:
            self._measure(hand)
        for hand in hands[keep:]:
            key = str(hand["number"])
            cells, height = self._row(hand)
            self.add_row(*cells, key=key, height=height)
            self._shown[key] = hand
        if self.row_count:
            self.move_cursor(row=self.row_count - 1, animate=False)

    def detail(self, key: str, width: int = 0) -> Text:
        """The parts of hand ``key``'s points, each side in its colour: in words, or as on
        the wide sheet ('+51: 50 +1b') when the words would not fit in ``width``."""
        hand = self._shown.get(key)
        if hand is None:
            return Text()
        for form in (parts_words, _parts_text):
            text = Text()
            text.append(f"Hand {hand['number']}: ", style="bold")
            for i, side in enumerate(self._sides):
                r = hand["sides"][side]
                if i:
                    text.append("   ")
                text.append(f"{side} {form(r['points'], r['parts'])}", style=side_style(i))
            if not width or text.cell_len <= width:
                break
        return text

    # --- keys and mouse -------------------------------------------------------------------

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.post_message(HandPicked(int(event.row_key.value)))

    def _entry(self) -> Any:
        """The entry field (or confirm button) Esc goes back to, if one is on screen."""
        return next((w for w in self.screen.focus_chain if isinstance(w, (Input, Button))),
                    None)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # With no entry to go back to (the game is over, or the hand is entered card by
        # card), Esc is the screen's: one press goes home.
        if action == "leave":
            return self.is_mounted and self._entry() is not None
        return super().check_action(action, parameters)

    def action_leave(self) -> None:
        self.screen.set_focus(self._entry())
