"""The grid of the 52 cards, one suit a row: the cards still unseen can be picked with the
arrows and Enter, or with a click. It shows what it is given and posts ``CardPicked``."""

from __future__ import annotations

from collections.abc import Iterable

from rich.text import Text
from textual.binding import Binding
from textual.events import Click
from textual.reactive import reactive
from textual.widget import Widget

from ...rules.cards import CARDS, RANK_CHARS
from ..messages import CardPicked

#: Rows from the top: spades, hearts, diamonds, clubs (suit numbers 3..0).
ROW_SUITS = (3, 2, 1, 0)
SUIT_STYLE = {3: "bold", 2: "bold red", 1: "bold red", 0: "bold"}
LABEL_WIDTH = 2
CELL_WIDTH = 3


def rank_label(rank: int) -> str:
    text = RANK_CHARS[rank]
    return "10" if text == "T" else text


def cell_card(row: int, col: int) -> int:
    """The card at a grid cell: ranks run from the ace (column 0) down to the two."""
    return ROW_SUITS[row] * 13 + (12 - col)


class CardGrid(Widget, can_focus=True):
    """Unseen cards in full, seen ones as a dot; ``playable`` ones (for the seat to play)
    stand out. The cursor is the only thing the grid keeps."""

    BINDINGS = [
        Binding("up", "move(-1, 0)", "Up", show=False),
        Binding("down", "move(1, 0)", "Down", show=False),
        Binding("left", "move(0, -1)", "Left", show=False),
        Binding("right", "move(0, 1)", "Right", show=False),
        Binding("enter,space", "pick", "Enter card", show=False),
    ]

    cursor: reactive[tuple[int, int]] = reactive((0, 0))

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self._unseen: frozenset[int] = frozenset(range(52))
        self._playable: frozenset[int] = frozenset()

    def show(self, unseen: Iterable[int], playable: Iterable[int]) -> None:
        unseen, playable = frozenset(unseen), frozenset(playable)
        if (unseen, playable) != (self._unseen, self._playable):
            self._unseen, self._playable = unseen, playable
            self.refresh()

    def render(self) -> Text:
        text = Text(no_wrap=True, overflow="crop")
        focused = self.has_focus
        for row, suit in enumerate(ROW_SUITS):
            if row:
                text.append("\n")
            text.append(f"{'♠♥♦♣'[row]} ", style=SUIT_STYLE[suit])
            for col in range(13):
                c = cell_card(row, col)
                label = rank_label(c % 13) if c in self._unseen else "·"
                style = ("bold" if c in self._playable else "") if c in self._unseen else "dim"
                if c in self._unseen and suit in (1, 2):
                    style += " red"
                if focused and (row, col) == self.cursor:
                    style += " reverse"
                text.append(f"{label:>{CELL_WIDTH - 1}} ", style=style.strip())
        return text

    def get_content_width(self, container, viewport) -> int:  # noqa: ANN001 - textual API
        return LABEL_WIDTH + 13 * CELL_WIDTH

    def get_content_height(self, container, viewport, width) -> int:  # noqa: ANN001
        return len(ROW_SUITS)

    def watch_cursor(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, drow: int, dcol: int) -> None:
        row, col = self.cursor
        self.cursor = ((row + drow) % 4, (col + dcol) % 13)

    def action_pick(self) -> None:
        self._pick(*self.cursor)

    def _pick(self, row: int, col: int) -> None:
        c = cell_card(row, col)
        if c in self._unseen:
            self.post_message(CardPicked(CARDS[c]))
        else:
            self.notify(f"{CARDS[c].pretty()} has been seen already", severity="warning")

    def on_click(self, event: Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        col, row = (offset.x - LABEL_WIDTH) // CELL_WIDTH, offset.y
        if 0 <= row < 4 and offset.x >= LABEL_WIDTH and 0 <= col < 13:
            self.cursor = (row, col)
            self._pick(row, col)
