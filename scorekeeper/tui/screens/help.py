"""The help screen: how a hand is entered, and every key."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Markdown

HELP = """\
# Scorekeeper: keys and how a hand goes

**A hand, the quick way.** Bids are asked in turn from the dealer's left (two-player: the
second player first). Type `0`-`13`, `n` for Nil, `b` for Blind Nil (where the house rules
allow it; ask before the player looks at his cards), then Enter. Then type the tricks each
seat won; the last count fills itself so that the hand adds up to 13. Press Enter on
*Confirm hand*. Every entry is saved at once: if the app is closed or killed, starting it
again offers to resume exactly where you were.

| key | where | what it does |
| --- | --- | --- |
| `n` | home | start a new game |
| `r`, Enter | home | resume the selected unfinished game |
| `f` | home | go to the finished games (Enter opens one) |
| `s` | home | season standings |
| `ctrl+s` | new game | start the game |
| `ctrl+z` | game | undo the last entry (a count, a bid, or the last confirmed hand) |
| `ctrl+r` | game | correct a past hand: pick it on the sheet, change bids or tricks |
| `ctrl+s` | game | export the game as its JSON log (`<game id>.json` in this folder) |
| `ctrl+g` | game | show or hide the chart of the scores |
| `Esc` | anywhere | back |
| `F1` | anywhere | this help |
| `ctrl+p` | anywhere | command palette (themes: "Change theme") |
| `ctrl+q` | anywhere | quit (nothing is lost) |

**Colours.** Each side has one colour, used for its name, its score, its bids and its
columns on the sheet, so that a score never goes on the wrong side.

**The sheet.** One row per hand: the bids (`nil`, `BN` for Blind Nil), the tricks won,
the points with their parts (contract, `b` bags, `nil`, `BN` Blind Nil, `pen` bag
penalty) and the running
score with the bags carried.
"""


class HelpScreen(ModalScreen[None]):
    BINDINGS = [Binding("escape,f1,q", "dismiss", "Close")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog help"):
            yield Markdown(HELP)
