"""Referee mode: one hand entered card by card, with live legality.

The screen drives the session's ``RefereeHand`` (``scorekeeper.referee.play``) and renders its
``view()``; every accepted entry is written to the database at once as the game's draft
(``GameSession.draft()`` holds the hand entry by entry), so killing the app loses at most the
line being typed. One entry line takes what the hand wants now: a bid, a draw turn ("kept
discarded"), a Blind Nil exchange (three cards), or cards as they are played (``ah``, ``10s``;
several at once; ``w ah`` for a lead by W out of turn). The grid of unseen cards does the
same by keyboard or mouse. The deal, a redraw and a claim have their own dialogs.

A claim with the deal known is judged by the double-dummy solver, which can take minutes
early in a hand: ``ClaimJudge`` (``tui.claim_judge``) judges a copy of the hand in a worker,
which posts ``ClaimChecked``; the referee can go on (undo, look around) or stop the check
meanwhile (F6).

A renege's penalty is the referee's ruling (docs/rules.md 5.2): once the hand is over, the
``RulingPrompt`` asks for each one (apply, the default, or waive; the hand scored both ways)
and the ruling goes into the hand like an entry. Not during the play: the penalty's size is
known only at the end, and a prompt mid-trick would catch the next card's keys ('a' of 'ah').
"""

from __future__ import annotations

from functools import partial
from typing import Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Input
from ..widgets.plain_text import Label, Static

from ...rules.cards import CARDS
from ...referee.play import RefereeHand
from ...referee.view import ClaimVerdict, LiveFinding, RefereeView, entry_text
from ...rules.seats import Seat, Variant
from ...session.game_session import (
    GameSession, HandConfirmed, RulingQuestion, SessionError, bid_text, next_drawer,
    next_exchange, parse_bid,
)
from ..claim_judge import ClaimJudge
from ..messages import CardPicked, ClaimChecked
from ..widgets.card_grid import CardGrid
from ..widgets.findings_panel import FindingsPanel
from ..widgets.footer import KeysFooter
from ..widgets.hand_summary import hand_summary
from ..widgets.referee_dialogs import Claim, Redraw, claim_dialog, deal_dialog, redraw_dialog
from ..widgets.ruling_prompt import RulingPrompt
from ..widgets.score_sheet import ScoreBoard, SideView
from ..widgets.trick_table import HandStatus, TrickTable, cards_pretty

SEAT_LETTERS = {"n", "e", "s", "w"}
#: Below these, the findings take the room of the card grid and the trick table (_make_room).
ROOMY_WIDTH, ROOMY_HEIGHT = 100, 30
#: What the entry line takes, by ``mode()``: examples of that, never cards for a bid.
PLACEHOLDERS = {"bid": "0-13 n b", "draw": "kept discarded: as 2c",
                "exchange": "3 cards: ah kd 2c", "card": "ah 10s qd", "over": "Enter"}


class RefereeScreen(Screen[HandConfirmed | None]):
    """Dismissed with the ``HandConfirmed`` of the hand once it is in the game, or None when
    the referee goes back to the sheet (the hand stays in progress: F2 there resumes it)."""

    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("f2", "deal", "Deal"),
        Binding("f3", "draw", "Draw"),
        Binding("f4", "redraw", "Redraw"),
        Binding("f5", "claim", "Claim"),
        Binding("f6", "check", "Check claim"),
        Binding("ctrl+g", "grid", "Grid"),
        Binding("ctrl+s", "confirm", "Confirm hand"),
        Binding("escape", "sheet", "Sheet"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self._draw_mode = False
        self._judge = ClaimJudge(self)
        self._keys_shown: tuple[bool | None, ...] = ()
        self._shown: dict[str, object] = {}
        v = session.variant
        self._labels = {s: f"{s.name} {session.player(s)[:10]}" for s in v.seats}
        self._sides = {s: v.sides.index(v.side_of(s)) for s in v.seats}
        self._asking = False  # a ruling prompt is up: one at a time
        self._grid_wanted = False  # ctrl+g: the grid shown even where findings need its room

    @property
    def hand(self) -> RefereeHand:
        hand = self.session.referee
        assert hand is not None, "the referee screen needs a hand entered card by card"
        return hand

    def compose(self) -> ComposeResult:
        yield ScoreBoard(id="board")
        with Horizontal(id="ref-top"):
            yield TrickTable(id="trick-table")
            yield HandStatus(id="hand-status")
        with Horizontal(id="ref-middle"):
            yield CardGrid(id="card-grid")
            yield FindingsPanel(id="findings")
        with Horizontal(classes="entry-line", id="ref-entry"):
            yield Label(id="ref-prompt", classes="prompt")
            yield Input(id="ref-field", classes="field", restrict=r"[0-9a-zA-Z♠♥♦♣ :/]*",
                        placeholder="ah 10s qd")
        yield Static(id="ref-message", classes="message")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one("#card-grid").border_title = "Unseen cards"
        hand = self.hand
        if hand.view().claim is not None:
            self._claim_entered(None)
        self.refresh_view()
        self.set_focus(self.query_one("#ref-field", Input))  # at once: keys typed ahead
        if hand.is_over:  # resumed at the end of a hand: a renege may await its ruling
            self.call_after_refresh(self._ask_rulings)

    # --- what the hand wants now --------------------------------------------------------

    def _draw_count(self) -> int:
        return len(self.hand.record().draw or ())

    def mode(self) -> str:
        """What the entry line takes now: 'bid', 'draw', 'exchange', 'card' or 'over'."""
        h = self.hand
        if h.is_over:
            return "over"
        n = self._draw_count()
        if (self._draw_mode or n) and n < 26 and not h.cards_played:
            return "draw"
        if h.stage in ("bidding", "exchange"):
            return {"bidding": "bid", "exchange": "exchange"}[h.stage]
        return "card"

    def _prompt(self, mode: str, view: RefereeView) -> str:
        h = self.hand
        if mode == "bid":
            seat = h.next_bidder()
            return f"{self._labels[seat]} bids ({self.session.bid_examples(seat)}):"
        if mode == "draw":
            return f"Draw {self._draw_count() + 1}: {next_drawer(h)} kept, discarded:"
        if mode == "exchange":
            giver, receiver = next_exchange(h) or (None, None)
            return f"Blind Nil: {giver} passes {receiver} 3 cards:"
        if mode == "card":
            doing = "lead" if not view.table else "play"
            return f"Trick {view.trick}: {self._labels[view.turn]} to {doing}:"
        if self._judge.running:
            return "Checking the claim… (F6 stops):"
        return "Hand over: Enter puts it into the game:"

    # --- rendering ----------------------------------------------------------------------

    def refresh_view(self) -> None:
        s, h = self.session, self.hand
        view = h.view()
        mode = self.mode()
        totals = s.totals
        prompt = self._prompt(mode, view)
        # Each widget is updated only when what it shows has changed: repainting the
        # rest of the screen for every card would cost more than the card itself.
        board = ([SideView(side, s.side_label(side), totals[side].score, totals[side].bags)
                  for side in s.variant.sides],
                 f"Hand {s.hand_number} card by card   {s.dealer} "
                 f"{'draws first' if s.variant is Variant.TWO_PLAYER else 'deals'}"
                 f"   {view.prompt}")
        if self._changed("board", board):
            self.query_one(ScoreBoard).show(*board)
        self.query_one(TrickTable).show(view, self._labels, self._sides)
        status = (view.tricks_won, view.bids, view.spades_broken, view.shown_out,
                  view.deal_known)
        if self._changed("status", status):
            self.query_one(HandStatus).show(view, self._labels, self._sides)
        self._make_room(mode, view)
        self.query_one(CardGrid).show(view.unseen, h.playable() if mode == "card" else ())
        summary = self._summary(view)
        if self._changed("findings", (view.findings, summary)):
            self.query_one(FindingsPanel).show(view.findings, summary)
        self.query_one("#ref-prompt", Label).update(prompt)
        field = self.query_one("#ref-field", Input)
        if field.placeholder != PLACEHOLDERS[mode]:
            field.placeholder = PLACEHOLDERS[mode]
        # The footer is rebuilt on refresh_bindings (tens of ms): only when the keys change.
        keys = tuple(self.check_action(b.action, ()) for b in self.BINDINGS)
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def _make_room(self, mode: str, view: RefereeView) -> None:
        """Room for the findings at 80x24: beside the grid they get thirty columns, so with
        a finding the grid shows only when asked for (ctrl+g); the hand over, no card is left
        to pick, and in a short terminal the trick table gives way to the summary too."""
        size = self.app.size
        grid_shown = mode != "over" and (size.width >= ROOMY_WIDTH or not view.findings
                                         or self._grid_wanted)
        top_shown = mode != "over" or size.height >= ROOMY_HEIGHT
        for widget, shown in ((self.query_one(CardGrid), grid_shown),
                              (self.query_one("#ref-top"), top_shown)):
            if widget.display != shown:
                widget.display = shown

    def on_resize(self) -> None:
        self.refresh_view()

    def _summary(self, view: RefereeView) -> Text | None:
        h = self.hand
        if not view.is_over:
            return None
        result = h.result() if self._verdict_ready() and not self._judge.running else None
        return hand_summary(view, result, h.rulings, h.unruled(), checking=self._judge.running)

    def _changed(self, key: str, value: object) -> bool:
        if self._shown.get(key) == value:
            return False
        self._shown[key] = value
        return True

    def _verdict_ready(self) -> bool:
        return self.hand.view().claim is None or self._judge.verdict is not None

    def message(self, text: str, *, error: bool = False) -> None:
        widget = self.query_one("#ref-message", Static)
        widget.set_class(error and bool(text), "error")
        widget.update(text)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if not self.is_mounted or self.session.referee is None:
            return True
        h = self.hand
        two = h.variant is Variant.TWO_PLAYER
        before_play = not h.cards_played and not h.is_over
        # Only what can be done now is shown: the footer must fit 80 columns.
        if action == "deal":
            return before_play and not h.deal_known and not self._draw_count()
        if action == "draw":
            return two and before_play and not h.deal_known and not self._draw_count()
        if action == "redraw":
            return two and before_play and any(b.blind for b in h.bids)
        if action == "claim":
            return self.mode() == "card"
        if action == "check":
            return h.view().claim is not None and h.deal_known and self._judge.verdict is None
        if action == "confirm":
            return h.is_over
        return True

    # --- saving -------------------------------------------------------------------------

    def _save_draft(self) -> bool:
        s = self.session
        try:
            self.app.store.save_draft(s.game_id, s.draft())
        except Exception as exc:  # noqa: BLE001 - a storage failure must be shown, not lost
            self.app.notify(f"NOT SAVED: {exc}", title="Database", severity="error", timeout=30)
            return False
        return True

    def _announce(self, findings: tuple[LiveFinding, ...]) -> None:
        for f in findings:
            self.app.notify(f"{f.finding.message}\nPenalty: {f.penalty.text}",
                            title=f"Finding: {f.finding.code.replace('_', ' ')}",
                            severity="warning", timeout=12)

    # --- the entry line -----------------------------------------------------------------

    @on(Input.Submitted, "#ref-field")
    def line_entered(self, event: Input.Submitted) -> None:
        event.stop()
        rest = self.enter_line(event.value)
        event.input.value = rest

    def enter_line(self, text: str) -> str:
        """Enter what was typed; returns what was not entered (from the refused part on)."""
        tokens = text.replace(",", " ").split()
        mode = self.mode()
        if mode == "over":
            if tokens:
                self.message("The hand is over: ctrl+z takes back the last entry.", error=True)
                return text
            self.action_confirm()
            return ""
        if not tokens:
            self.message(self._prompt(mode, self.hand.view()) + " type it, then Enter",
                         error=True)
            return ""
        if mode == "bid":
            return self._enter_bid(text)
        if mode == "exchange":
            return self._enter_exchange(tokens)
        if mode == "draw":
            return self._enter_draw(tokens)
        return self._enter_cards(tokens)

    def _refused(self, exc: Exception) -> None:
        self.message(cards_pretty(str(exc)), error=True)

    def _enter_bid(self, text: str) -> str:
        try:
            entered = self.session.referee_bid(*parse_bid(text))
        except SessionError as exc:
            self._refused(exc)
            return text
        self._save_draft()
        self.refresh_view()
        self.message(f"{entered.seat} bid {bid_text(entered.bid, entered.blind)}")
        return ""

    def _enter_exchange(self, tokens: list[str]) -> str:
        giver, _ = next_exchange(self.hand) or (None, None)
        try:
            x = self.hand.exchange(giver, tokens)
        except ValueError as exc:
            self._refused(exc)
            return " ".join(tokens)
        self._save_draft()
        self.refresh_view()
        self.message(f"{x.giver} passed {' '.join(c.pretty() for c in x.cards)} to {x.receiver}")
        return ""

    def _enter_draw(self, tokens: list[str]) -> str:
        done = 0
        try:
            while len(tokens) - done >= 2:
                seat = next_drawer(self.hand)
                d = self.hand.draw(seat, tokens[done], tokens[done + 1])
                done += 2
                self._save_draft()
                self.message(f"Draw {d.turn}: {d.seat} kept {d.kept.pretty()}, discarded"
                             f" {d.discarded.pretty()}")
        except ValueError as exc:
            self._refused(exc)
        else:
            if len(tokens) - done == 1:
                self.message("A draw turn is two cards: the card kept, then the one discarded",
                             error=True)
        if self._draw_count() >= 26:
            self._draw_mode = False
        self.refresh_view()
        return " ".join(tokens[done:])

    def _enter_cards(self, tokens: list[str]) -> str:
        done = 0
        try:
            while done < len(tokens):
                seat = None
                step = 1
                if tokens[done].lower() in SEAT_LETTERS and done + 1 < len(tokens):
                    seat, step = Seat.parse(tokens[done]), 2
                self._play(tokens[done + step - 1], seat)
                done += step
        except ValueError as exc:
            self._refused(exc)
        self.refresh_view()
        return " ".join(tokens[done:])

    def _play(self, card: Any, seat: Seat | None = None) -> None:
        entered = self.hand.play(card, seat)
        self._save_draft()
        note = f"{entered.seat} played {entered.card.pretty()}"
        if entered.completed is not None:
            t = entered.completed
            note += f"; trick {t.trick} won by {self._labels[t.winner]}"
        self.message(note)
        self._announce(entered.new_findings)
        if self.hand.is_over:  # the last card: the reneges are ruled on now
            self.call_after_refresh(self._ask_rulings)

    @on(CardPicked)
    def card_picked(self, message: CardPicked) -> None:
        mode = self.mode()
        card = CARDS[message.card]
        if mode == "card":
            try:
                self._play(card)
            except ValueError as exc:
                self._refused(exc)
            self.refresh_view()
            return
        if mode in ("draw", "exchange"):
            field = self.query_one("#ref-field", Input)
            field.value = f"{field.value} {card}".strip()
            if len(field.value.split()) >= (2 if mode == "draw" else 3):
                field.value = self.enter_line(field.value)
            return
        self.message("The grid picks cards for the play, a draw turn or an exchange",
                     error=True)

    # --- actions ------------------------------------------------------------------------

    def action_grid(self) -> None:
        grid = self.query_one(CardGrid)
        self._grid_wanted = not grid.has_focus  # shown while in use, even at 80 columns
        self.refresh_view()
        (grid if self._grid_wanted else self.query_one("#ref-field", Input)).focus()

    def action_undo(self) -> None:
        h = self.hand
        if not h.can_undo():
            try:
                undone = self.session.quick_entry()
            except SessionError as exc:
                self._refused(exc)
                return
            self._save_draft()
            self.app.notify(f"Undone: {undone.what}")
            self.dismiss(None)
            return
        undone = h.undo()
        if undone.action["op"] == "claim":
            self._judge.withdraw()
        self._save_draft()
        self.refresh_view()
        self.message(f"Undone: {entry_text(undone.action)}")
        for f in undone.dropped_findings:
            self.app.notify(f"Withdrawn: {f.finding.message}", timeout=6)

    def _dealt(self, hands: dict[str, str] | None) -> None:
        if hands is None:
            return
        try:
            self.hand.deal(hands)
        except ValueError as exc:
            self._refused(exc)
            return
        self._draw_mode = False
        self._save_draft()
        self.refresh_view()
        self.message("The deal is recorded: cards not in a seat's hand are refused from now on")

    def action_deal(self) -> None:
        h = self.hand
        self.app.push_screen(deal_dialog(h.seats, self._labels, h.verify_deal,
                                         two_player=h.variant is Variant.TWO_PLAYER),
                             self._dealt)

    def action_draw(self) -> None:
        self._draw_mode = True
        self.refresh_view()
        self.message("Type each draw turn as the card kept then the card discarded"
                     " ('as 2c'); several turns on a line are fine")

    def action_redraw(self) -> None:
        h = self.hand
        done = {r.seat for r in h.record().redraws or ()}
        blind = [b.seat for b in h.bids if b.blind and b.seat not in done]
        if not blind:
            self.message("No Blind Nil bidder is left to redraw", error=True)
            return

        def apply(entry: Redraw | None) -> None:
            if entry is None:
                return
            try:
                r = h.redraw(*entry)
            except ValueError as exc:
                self._refused(exc)
                return
            self._save_draft()
            self.refresh_view()
            self.message(f"{r.seat} discarded {' '.join(c.pretty() for c in r.discarded)},"
                         f" drew {' '.join(c.pretty() for c in r.drawn)}")

        self.app.push_screen(redraw_dialog(blind[0], h.verify_redraw), apply)

    def action_claim(self) -> None:
        h = self.hand
        if self.mode() != "card":
            self.message("A claim comes once the play has begun (or could begin)", error=True)
            return
        claimer = h.view().turn or h.seats[0]
        self.app.push_screen(claim_dialog(h.seats, claimer, 13 - h.completed_tricks,
                                          h.verify_claim), self._claimed)

    def _claimed(self, entry: Claim | None) -> None:
        if entry is None:
            return
        try:
            entered = self.hand.claim(*entry)
        except ValueError as exc:
            self._refused(exc)
            return
        self._save_draft()
        self._announce(entered.new_findings)
        self._claim_entered(entered.verdict)
        self.refresh_view()
        self.message(f"{entered.claim.seat} claims: " + ", ".join(
            f"{s.name} {n}" for s, n in entered.claim.tricks.items()))

    def _claim_entered(self, verdict: ClaimVerdict | None) -> None:
        """A claim is on the hand: take its verdict if known, else judge it in a worker."""
        h = self.hand
        if verdict is None and not h.deal_known:
            verdict = h.claim_verdict()  # nothing to solve: known at once
        if verdict is not None:
            self._judge.known(verdict)
            self._announce(verdict.findings)
            self.call_after_refresh(self._ask_rulings)
        else:  # the rulings wait for the verdict: a ruling made meanwhile would change the
            self._judge.start(h)  # hand under the check, and the verdict be thrown away

    @on(ClaimChecked)
    def claim_checked(self, message: ClaimChecked) -> None:
        if not self._judge.finished(message):
            return  # stopped, or the claim was taken back meanwhile
        if message.error is not None:
            self.app.notify(f"The claim could not be checked: {message.error}",
                            severity="error")
        else:
            try:
                self.session.adopt_checked(message.hand)  # the copy, verdict included
            except SessionError:
                return
            self._judge.known(message.verdict)
            self._announce(message.verdict.findings)
            self.app.notify(message.verdict.summary, title="Claim", timeout=12)
            self.call_after_refresh(self._ask_rulings)
        if self.is_mounted:
            self.refresh_view()

    def action_check(self) -> None:
        if self._judge.stop():
            self.message("Claim check stopped: F6 starts it again")
        elif self.hand.view().claim is not None and self._judge.verdict is None:
            self._judge.start(self.hand)
            self.message("Checking the claim…")
        self.refresh_view()

    def action_confirm(self) -> None:
        h = self.hand
        if not h.is_over:
            self.message(f"The hand is not over: {h.prompt()}", error=True)
            return
        if self._judge.running:
            self.message("The claim is being checked: wait, or F6 stops the check", error=True)
            return
        self._ask_rulings(confirm=True)

    # --- rulings ------------------------------------------------------------------------

    def _ask_rulings(self, confirm: bool = False) -> None:
        """Ask the referee about the next renege not ruled on (the hand over); with
        ``confirm``, put the hand into the game once none is left."""
        if self._asking or self._judge.running or self.session.referee is None:
            return  # (a claim being checked: asked when its verdict comes)
        question = self.session.ruling_question()
        if question is None:
            if confirm:
                self._confirm_now()
            return
        self._asking = True
        # The finding's notice says what the prompt says, and at 80x24 it would cover the
        # prompt's buttons.
        self.app.clear_notifications()
        labels = [self.session.side_label(side) for side in self.session.variant.sides]
        self.app.push_screen(RulingPrompt(question, labels),
                             partial(self._ruled, question, confirm))

    def _ruled(self, question: RulingQuestion, confirm: bool, decision: str | None) -> None:
        self._asking = False
        if decision is None:
            self.refresh_view()
            self.message(f"The renege by {question.seat} at trick {question.trick} is not ruled"
                         " on yet: Enter asks again before the hand goes into the game")
            return
        try:
            made = self.session.rule(question.trick, question.seat, decision,
                                     code=question.code, by=self.app.by)
        except SessionError as exc:
            self._refused(exc)
            return
        self._save_draft()
        self.refresh_view()
        self.message(f"Ruling: {made.what}")
        self._ask_rulings(confirm)

    def _confirm_now(self) -> None:
        h, s = self.hand, self.session
        log_hand = h.result().log_hand if self._verdict_ready() else h.to_log_hand()
        try:
            done = s.confirm_played_hand(log_hand)
        except SessionError as exc:
            self._refused(exc)
            return
        try:
            self.app.store.save_game(s.log, by=self.app.by, analysis=s.analysis)
            self.app.store.clear_draft(s.game_id)
        except Exception as exc:  # noqa: BLE001 - a storage failure must be shown, not lost
            self.app.notify(f"NOT SAVED: {exc}", title="Database", severity="error", timeout=30)
        self.dismiss(done)

    def action_sheet(self) -> None:
        self._judge.stop()
        self.dismiss(None)
