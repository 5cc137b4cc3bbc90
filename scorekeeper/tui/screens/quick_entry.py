"""A screen with the quick entry of the game screen for a game it chooses (the director's
screen: the chosen table's). The entry goes through ``GameSession`` and is saved as the game
screen saves it: the hand in progress as a draft after each bid or count, the log after each
confirmed hand, undo or correction, before the screen moves on.

The screen says which game (``chosen_session``, ``entry_name``) and what follows a change
(``_changed``, ``_hand_done``); it composes a ``ContentSwitcher`` ``#entry-panels`` holding
the two panels ``#bids`` and ``#tricks``.
"""

from __future__ import annotations

from textual import on
from textual.widgets import ContentSwitcher

from ..focus_without_repaint import FocusWithoutRepaint
from ..saving import save_session
from ...rules.seats import Seat
from ...session.game_session import (
    GameSession, HandConfirmed, SessionError, bid_text, parse_bid, parse_tricks,
)
from ..messages import BidTyped, ConfirmPressed, TricksTyped
from ..widgets.bid_entry import BidEntry, EntryPanel, SeatCell
from ..widgets.tricks_entry import TricksEntry
from ..undo_flow import ask_then_undo
from .game import _short_bid

#: The switcher of the two entry panels.
ENTRY = "#entry-panels"


class QuickEntryScreen(FocusWithoutRepaint):
    """Bids and trick counts for the game the screen has chosen."""

    @property
    def chosen_session(self) -> GameSession | None:
        """The game entered now (None: none; the subclass says)."""
        return None

    @property
    def entry_name(self) -> str:
        """What the game is called in messages ('Table 3')."""
        return "The game"

    def _changed(self, *, game: bool) -> None:
        """After an entry was saved: draw what it changed (``game``: the log changed)."""

    def _hand_done(self, s: GameSession, done: HandConfirmed) -> None:
        """After a hand was confirmed and saved."""

    def _seat_label(self, s: GameSession, seat: Seat) -> str:
        return f"{seat} {s.player(seat)}"

    def _side_index(self, s: GameSession, seat: Seat) -> int:
        return s.variant.sides.index(s.side_of(seat))

    def _show_entry(self, s: GameSession) -> None:
        """As the game screen's entry: the seats with their bids or counts, the prompt."""
        switcher = self.query_one(ENTRY, ContentSwitcher)
        bids = s.bids
        if s.phase == "bidding":
            if switcher.current != "bids":
                switcher.current = "bids"
            cells = [SeatCell(self._seat_label(s, seat),
                              bid_text(*bids[seat]) if seat in bids else "",
                              self._side_index(s, seat), seat == s.turn) for seat in s.order]
            turn = s.turn
            self.query_one(BidEntry).show(
                f"{self._seat_label(s, turn)} bids ({s.bid_examples(turn)}):", cells)
        else:
            if switcher.current != "tricks":
                switcher.current = "tricks"
            tricks = s.tricks
            cells = [SeatCell(f"{self._seat_label(s, seat)} ({_short_bid(*bids[seat])})"
                              if seat in bids else self._seat_label(s, seat),
                              str(tricks[seat]) if seat in tricks else "",
                              self._side_index(s, seat), seat == s.turn) for seat in s.order]
            prompt = (f"Tricks won by {self._seat_label(s, s.turn)}:" if s.phase == "tricks"
                      else f"Tricks add up to 13. Confirm hand {s.hand_number}:")
            self.query_one(TricksEntry).show(prompt, cells, ready=s.phase == "confirm")
        self._panel().focus_field()

    def _focus_entry(self) -> None:
        if self.query_one(ENTRY).display:
            self._panel().focus_field()

    def _panel(self) -> EntryPanel:
        s = self.chosen_session
        if s is not None and s.phase == "bidding":
            return self.query_one(BidEntry)
        return self.query_one(TricksEntry)

    # --- saving -----------------------------------------------------------------------------

    def _save(self, s: GameSession, *, game: bool, by: str | None = None,
              why: str | None = None) -> bool:
        """Write the table's log (``game``) and its hand in progress, as the game screen does;
        say so loudly if it fails."""
        return save_session(self.app, s, game=game, by=by, why=why)

    # --- entry ------------------------------------------------------------------------------

    @on(BidTyped)
    @on(TricksTyped)
    def entry_typed(self, message: BidTyped | TricksTyped) -> None:
        """A value typed counts for what the chosen table's hand wants now (as on the game
        screen: keys typed quickly after an Enter can reach the field just left)."""
        s = self.chosen_session
        if s is None:
            return
        if s.phase == "bidding":
            self.enter_bid(s, message.text)
        elif s.phase == "tricks":
            self.enter_tricks(s, message.text)
        elif s.phase == "confirm" and not message.text.strip():
            self.confirm_hand()

    def enter_bid(self, s: GameSession, text: str) -> None:
        try:
            entered = s.bid(*parse_bid(text))
        except SessionError as exc:
            self.query_one(BidEntry).show_message(str(exc))
            return
        self._save(s, game=False)
        self._changed(game=False)
        self._panel().show_message(f"{entered.seat} bid {bid_text(entered.bid, entered.blind)}",
                                   error=False)

    def enter_tricks(self, s: GameSession, text: str) -> None:
        try:
            entered = s.enter_tricks(parse_tricks(text))
        except SessionError as exc:
            self.query_one(TricksEntry).show_message(str(exc))
            return
        self._save(s, game=False)
        self._changed(game=False)
        note = f"{entered.seat} won {entered.tricks}"
        for seat, n in entered.filled:
            note += f"; {seat} {n} filled in to make 13 (ctrl+z to change)"
        self._panel().show_message(note, error=False)

    @on(ConfirmPressed)
    def confirm_hand(self) -> None:
        s = self.chosen_session
        if s is None:
            return
        try:
            done = s.confirm_hand()
        except SessionError as exc:
            self._panel().show_message(str(exc))
            return
        self._save(s, game=True)
        self._changed(game=True)
        self._hand_done(s, done)

    def action_undo(self) -> None:
        s = self.chosen_session
        if s is None:
            return

        def saved(changed: bool) -> None:
            self._save(s, game=changed, by=self.app.by, why="undo" if changed else None)
            self._changed(game=changed)

        ask_then_undo(self, s, tell=lambda text: self._tell(s, text), saved=saved,
                      note=lambda words: self._tell(s, f"{self.entry_name}, undone: {words}",
                                                    error=False),
                      name=self.entry_name)

    def _tell(self, s: GameSession, text: str, *, error: bool = True) -> None:
        if s.is_over or s.phase == "card_by_card":
            self.app.notify(text, severity="warning" if error else "information")
        else:
            self._panel().show_message(text, error=error)

