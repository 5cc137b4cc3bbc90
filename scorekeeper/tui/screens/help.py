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
| `e` | home | card nights: the events in the database (Enter opens the director's screen) |
| `]`, `[` | director | the next, the previous table (also the arrows, PgDn and PgUp, or a click on its row); its entry shows below |
| `ctrl+n` | director | start the next round, once every table is done (asks first) |
| `ctrl+t` | director | call time on the round: at each table the hand in progress is finished, then the game ends (higher score wins, level scores play on a hand at a time); a table between hands ends now (asks first) |
| `ctrl+z` | director | undo the chosen table's last change, as on its game (a time call too) |
| `ctrl+r` | director | correct a hand of the chosen table (its game opens: pick the hand; Esc comes back) |
| `ctrl+o` | director | open the chosen table's game: its sheet, card by card, export (Esc comes back) |
| `ctrl+u` | director | mark the chosen table unfinished: its game stops, the event's rule scores it (asks first); on an unfinished table, take it back |
| `ctrl+x` | director | a no-show at the chosen table: asks which side did not come (`n` N-S, `e` E-W, with their names), then confirms; the side present wins by forfeit. Only where no hand has begun. On a no-show table, take it back |
| `Tab` | new game | take the name suggested from the players in the database (with none shown: the next field) |
| `ctrl+s` | new game | start the game |
| `ctrl+z` | game | undo the last change: a count, a bid, a confirmed hand (it comes back for entry) or a correction (recorded in the history); on a finished game it asks first |
| `ctrl+r` | game | correct a past hand: pick it on the sheet, change bids or tricks (a finished game: asked first, with the result it will have) |
| `ctrl+s` | game | export the game as its JSON log: asks the folder (the last one used) and the file name (date, table, players); an existing file is replaced only if you say so |
| `ctrl+o` | game | the score sheet to print or share (HTML: players, every hand with its parts, rulings, the result), saved as an export is |
| `ctrl+g` | game | show or hide the chart of the scores |
| `ctrl+t` | game | call time: the hand in progress is finished, then the game ends (the higher score wins; level scores play one more hand at a time); between hands it ends now. Asks first; `ctrl+z` takes it back |
| `F2` | game | enter this hand card by card (referee mode), before or after the bids |
| Enter | card by card | enter the line: a bid, a card (`ah`, `10s`, `qd`; several at once; `w ah` for a lead by W out of turn), a draw turn (`as 2c`: kept, discarded), a Blind Nil exchange (three cards); on an empty line at the end, put the hand into the game |
| `ctrl+g` | card by card | go to the grid of unseen cards and back (arrows and Enter, or click a card) |
| `ctrl+z` | card by card | undo the last entry (with only the bids left: back to entry by counts) |
| `F2` | card by card | enter the deal: each seat's 13 cards on a line (two-player: the cards kept) |
| `F3` | card by card | two-player: record the draw turn by turn |
| `F4` | card by card | two-player: a Blind Nil bidder's discard and redraw |
| `F5` | card by card | a claim: who claims, the tricks each seat takes, accepted or disputed |
| `F6` | card by card | stop the check of a claim (or start it again) |
| `ctrl+s` | card by card | put the finished hand into the game |
| `Esc` | card by card | back to the score sheet (the hand stays in progress: `F2` returns) |
| `Esc` | anywhere | back |
| `F1` | anywhere | this help |
| `ctrl+p` | anywhere | command palette: the app's commands where they apply (new game, resume, standings, export, score sheet, referee mode, call time, correct a hand, help) and Textual's (themes: "Change theme") |
| `ctrl+q` | anywhere | quit (nothing is lost) |

**Card by card.** The referee types each card as it is laid; impossible cards (played
already, not in the seat's recorded hand, out of turn) are refused with the reason, illegal
ones (a renege, spades led unbroken) are taken as played and flagged with their evidence
and penalty as soon as they are proven. With the deal entered the cards left are known, so a
claim is checked by the solver (it may take a while early in a hand; the referee can go on).
Every card is saved at once.

**A card night.** Make the event with `scorekeeper event create` (players, movement,
rounds); then `e` on the home screen lists the nights and Enter opens the director's screen:
every table of the round with its players, score, the hand being played and who deals it,
and the night's standings beside them. Choose a table with `]` and `[` and enter its hand
exactly as on a game: every entry is saved at once, so a table can be left mid-hand and
taken up again, and starting the app again offers to resume the night where it stood.
The clock at the top right shows the time left in the round where the event sets a
length (`event create --minutes M`); when it runs out, the screen asks you to call time
(`ctrl+t`: it never calls it by itself). A side that did not come: `ctrl+x` on its table.
When every table is done, `ctrl+n` starts the next round with the seats of the movement.

**The footer** shows the keys that fit, Help, Esc and Quit first; every key is in this
table and every command in the palette.

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
