"""The game screen: bids and tricks entered hand by hand, the score sheet always in view.

Every entry goes through ``GameSession`` and is written to the database before the screen
moves on: the hand in progress as a draft after each bid or count, the log after each
confirmed hand, undo or correction. F2 enters the hand card by card instead (before or after
the bids): the referee screen takes over until the hand is in the game.
"""

from __future__ import annotations

import gc

from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.timer import Timer
from textual.widgets import ContentSwitcher, DataTable
from ..widgets.plain_text import Static

from ..focus_without_repaint import FocusWithoutRepaint
from ..saving import save_session
from ...rules.scoring import initial_totals
from ...logs.files import dump_log
from ...rules.seats import Seat, Variant
from ...session.game_session import (
    GameSession, HandConfirmed, SessionError, bid_text, bid_typed, parse_bid,
    parse_tricks,
)
from ..exporting import default_file_name
from ..messages import BidTyped, ConfirmPressed, HandPicked, TricksTyped
from ..widgets.bid_entry import BidEntry, EntryPanel, SeatCell
from ..widgets.footer import KeysFooter
from ..undo_flow import ask_then_undo, finished_question
from ..widgets.modals import ConfirmModal, CorrectionModal, GameOverModal, SeatValues
from ..widgets.score_sheet import ScoreBoard, ScoreSheet, SideView, side_style
from ..widgets.tricks_entry import TricksEntry

if TYPE_CHECKING:
    from ..commands import AppCommand
    from ..widgets.score_chart import ScoreChart

#: Below this width the chart is hidden unless asked for (the sheet needs the room).
CHART_MIN_WIDTH = 110
#: Seconds from a change of the score to the chart's redrawing (after the sheet's frame).
CHART_DELAY = 0.1
#: The chart's least width (app.tcss ``#chart``) and its border.
CHART_WIDTH = 31


class GameScreen(FocusWithoutRepaint):
    # In the order the footer drops them when the terminal is narrow (after Help, Home and
    # Quit, which it shows first): every one is also in the palette (ctrl+p) and the help.
    BINDINGS = [
        Binding("ctrl+z", "undo", "Undo"),
        Binding("f2", "card_by_card", "Referee"),
        Binding("ctrl+r", "correct", "Correct"),
        Binding("ctrl+s", "export", "Export"),
        Binding("ctrl+o", "sheet", "Sheet"),
        Binding("ctrl+g", "toggle_chart", "Chart"),
        Binding("ctrl+t", "call_time", "Call time"),
        Binding("escape", "home", "Home"),
    ]

    def __init__(self, session: GameSession) -> None:
        super().__init__()
        self.session = session
        self._chart_wanted: bool | None = None
        self._chart_timer: Timer | None = None

    def compose(self) -> ComposeResult:
        yield ScoreBoard(id="board")
        with Horizontal(id="middle"):
            yield ScoreSheet(id="sheet")
        yield Static(id="detail")
        yield Static(id="announce")
        with ContentSwitcher(initial="bids", id="entry"):
            yield BidEntry(id="bids")
            yield TricksEntry(id="tricks")
        yield Static(id="over")
        yield KeysFooter()

    def on_mount(self) -> None:
        self.query_one(ScoreSheet).set_sides(self.session.variant.sides)
        self.refresh_view()
        self._place_chart(self.app.size.width)
        if self.session.referee is not None:  # resumed in the middle of a card-by-card hand
            self.call_after_refresh(self.action_card_by_card)
        self.call_after_refresh(_settle_memory)

    def on_unmount(self) -> None:
        gc.unfreeze()  # the game is closed: its objects go back to the collector

    def on_resize(self, event: Any) -> None:
        self._place_chart(event.size.width)

    # --- rendering ---------------------------------------------------------------------

    def _side_index(self, seat: Seat) -> int:
        return self.session.variant.sides.index(self.session.side_of(seat))

    def _seat_label(self, seat: Seat) -> str:
        return f"{seat} {self.session.player(seat)}"

    def _info(self) -> str:
        s = self.session
        called = s.time_called_at
        if s.is_over:
            how = "" if called is None else " (time called)"
            return f"Game over after hand {s.won_at_hand}{how}   to {s.rules.target_score}"
        # First on the line, where a long pair of names cannot push it off the board.
        hand = f"Hand {s.hand_number}"
        if s.time_call_pending:
            hand += " (the last: time called)"
        elif called is not None:
            hand += f" (time called in hand {called}; level: one more hand)"
        deals = "draws first" if s.variant is Variant.TWO_PLAYER else "deals"
        turn = s.turn
        doing = {"bidding": f"{turn} ({s.player(turn)}) to bid" if turn else "",
                 "tricks": f"tricks won by {turn} ({s.player(turn)})" if turn else "",
                 "confirm": "confirm the hand",
                 "card_by_card": "card by card (F2)"}[s.phase]
        return (f"{hand}   to {s.rules.target_score}   {s.dealer}"
                f" ({s.player(s.dealer)}) {deals}   {doing}")

    def refresh_view(self) -> None:
        s = self.session
        report = s.report()
        totals = s.totals
        self.query_one(ScoreBoard).show(
            [SideView(side, s.side_label(side), totals[side].score, totals[side].bags)
             for side in s.variant.sides], self._info())
        sheet = self.query_one(ScoreSheet)
        sheet.show_hands(report["hands"])
        if sheet.layout != sheet.layout_for(self._sheet_room(), stack=self._chart_shown()):
            self._place_chart(self.app.size.width)
        self._announce(s.events)
        if self._chart_shown():
            # A moment after the frame with the sheet: the chart takes 10-30 ms to draw over
            # a long game, which is not to delay the new row (quick entries: drawn once).
            if self._chart_timer is not None:
                self._chart_timer.stop()
            self._chart_timer = self.set_timer(CHART_DELAY, self._draw_chart)
        self._show_entry()

    def _announce(self, events: tuple[str, ...]) -> None:
        text = Text()
        if events:
            text.append(f"Hand {len(self.session.log.hands)}: ", style="bold")
            text.append(" · ".join(events))
        self.query_one("#announce", Static).update(text)

    def _draw_chart(self) -> None:
        s = self.session
        report = s.report()
        start = {side: t.score for side, t in initial_totals(s.log.initial, s.variant).items()}
        series = {side: [start[side]] + [h["sides"][side]["score"] for h in report["hands"]]
                  for side in s.variant.sides}
        chart = self._chart()
        if chart is not None:
            chart.show_scores(series, s.rules.target_score)

    def _show_entry(self) -> None:
        s = self.session
        switcher = self.query_one("#entry", ContentSwitcher)
        over = self.query_one("#over", Static)
        away = s.is_over or s.phase == "card_by_card"
        if switcher.display == away:
            switcher.display = not away
        if over.display != away:
            over.display = away
        if not s.is_over and away:
            over.update(f"Hand {s.hand_number} is being entered card by card: F2 goes back to"
                        " it.")
            return
        if s.is_over:
            winner = s.variant.sides.index(s.winner)
            over.update(Text.assemble((s.result_text(), side_style(winner)),
                                      "   ctrl+s export · ctrl+o score sheet · ctrl+r correct"))
            return
        bids = s.bids
        if s.phase == "bidding":
            if switcher.current != "bids":
                switcher.current = "bids"
            cells = [SeatCell(self._seat_label(seat), bid_text(*bids[seat]) if seat in bids else "",
                              self._side_index(seat), seat == s.turn) for seat in s.order]
            turn = s.turn
            # What this seat may bid under the table's rules (Nil, Blind Nil, a blind number).
            prompt = f"{self._seat_label(turn)} bids ({s.bid_examples(turn)}):"
            self.query_one(BidEntry).show(prompt, cells)
        else:
            if switcher.current != "tricks":
                switcher.current = "tricks"
            tricks = s.tricks
            # Each seat with its bid, so the counts are typed against what was bid.
            cells = [SeatCell(f"{self._seat_label(seat)} ({_short_bid(*bids[seat])})"
                              if seat in bids else self._seat_label(seat),
                              str(tricks[seat]) if seat in tricks else "",
                              self._side_index(seat), seat == s.turn) for seat in s.order]
            if s.phase == "tricks":
                prompt = f"Tricks won by {self._seat_label(s.turn)}:"
            else:
                prompt = f"Tricks add up to 13. Confirm hand {s.hand_number}:"
            self.query_one(TricksEntry).show(prompt, cells, ready=s.phase == "confirm")
        self._panel().focus_field()

    def _panel(self) -> EntryPanel:
        return self.query_one(BidEntry) if self.session.phase == "bidding" else \
            self.query_one(TricksEntry)

    def _chart(self) -> ScoreChart | None:
        """The chart, once it has been shown (plotext is loaded only then)."""
        try:
            return self.query_one("#chart")  # type: ignore[return-value]
        except NoMatches:
            return None

    def _chart_shown(self) -> bool:
        chart = self._chart()
        return chart is not None and chart.display

    def _sheet_room(self) -> int:
        return self.app.size.width - (CHART_WIDTH if self._chart_shown() else 0)

    def _place_chart(self, width: int) -> None:
        """Show the chart when wanted (or when the terminal is wide); then the sheet shows
        the parts of the points in its column if they fit, beside the chart under the
        points where they do not (a terminal that wide is tall enough for rows of two
        lines), else on the detail line."""
        show = self._chart_wanted if self._chart_wanted is not None else width >= CHART_MIN_WIDTH
        chart = self._chart()
        if show and chart is None:
            from ..widgets.score_chart import ScoreChart

            chart = ScoreChart(id="chart")
            self.query_one("#middle").mount(chart)
            self._draw_chart()
        elif chart is not None and show != chart.display:
            chart.display = show
            if show:
                self._draw_chart()
        sheet = self.query_one(ScoreSheet)
        sheet.fit(self._sheet_room(), stack=self._chart_shown())
        detail = self.query_one("#detail", Static)
        if detail.display != sheet.compact:
            detail.display = sheet.compact
        self._show_detail()

    def _show_detail(self) -> None:
        sheet = self.query_one(ScoreSheet)
        if not sheet.compact:
            return
        key = (sheet.coordinate_to_cell_key(sheet.cursor_coordinate).row_key.value
               if sheet.row_count else None)
        detail = self.query_one("#detail", Static)
        detail.update(sheet.detail(key, self.app.size.width - 2) if key
                      else "The parts of each hand's points (the selected row's) show here.")

    @on(DataTable.RowHighlighted, "#sheet")
    def sheet_row_highlighted(self) -> None:
        self._show_detail()

    # --- saving ------------------------------------------------------------------------

    def _save(self, *, game: bool, by: str | None = None, why: str | None = None) -> bool:
        """Write the log (``game``) and the hand in progress; say so loudly if it fails."""
        return save_session(self.app, self.session, game=game, by=by, why=why)

    # --- entry -------------------------------------------------------------------------

    @on(BidTyped)
    @on(TricksTyped)
    def entry_typed(self, message: BidTyped | TricksTyped) -> None:
        """A value typed into either field counts for what the hand wants now: keys typed
        quickly after an Enter can reach the field that was just left."""
        phase = self.session.phase
        if phase == "bidding":
            self.enter_bid(message.text)
        elif phase == "tricks":
            self.enter_tricks(message.text)
        elif phase == "confirm" and not message.text.strip():
            self.confirm_hand()

    def enter_bid(self, text: str) -> None:
        panel = self.query_one(BidEntry)
        try:
            entered = self.session.bid(*parse_bid(text))
        except SessionError as exc:
            panel.show_message(str(exc))
            return
        self._save(game=False)
        self.refresh_view()
        self._panel().show_message(f"{entered.seat} bid {bid_text(entered.bid, entered.blind)}",
                                   error=False)

    def enter_tricks(self, text: str) -> None:
        panel = self.query_one(TricksEntry)
        try:
            entered = self.session.enter_tricks(parse_tricks(text))
        except SessionError as exc:
            panel.show_message(str(exc))
            return
        self._save(game=False)
        self.refresh_view()
        note = f"{entered.seat} won {entered.tricks}"
        for seat, n in entered.filled:
            note += f"; {seat} {n} filled in to make 13 (ctrl+z to change)"
        panel.show_message(note, error=False)

    @on(ConfirmPressed)
    def confirm_hand(self) -> None:
        try:
            done = self.session.confirm_hand()
        except SessionError as exc:
            self._panel().show_message(str(exc))
            return
        self._save(game=True)
        self.refresh_view()
        self._panel().show_message("")
        self._hand_done(done)

    def _hand_done(self, done: HandConfirmed) -> None:
        if done.winner:
            self.app.push_screen(GameOverModal(self.session.result_text(),
                                               self.session.variant.sides.index(done.winner)),
                                 self._after_game_over)
        elif done.tied_at_target:
            self.app.notify("Tied at the target: another hand is played.", timeout=8)
        elif self.session.time_called_at is not None:
            self.app.notify("Time was called and the scores are level: one more hand is"
                            " played (then the higher score wins).", timeout=8)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "export":
            self.action_export()
        elif choice == "home":
            self.action_home()

    def action_undo(self) -> None:
        s = self.session

        def saved(changed: bool) -> None:
            self._save(game=changed, by=self.app.by, why="undo" if changed else None)
            self.refresh_view()

        def note(words: str) -> None:
            if s.is_over:
                self.app.notify(f"Undone: {words}", timeout=8)
            else:
                self._panel().show_message(f"Undone: {words}", error=False)

        ask_then_undo(self, s, tell=self._tell, saved=saved, note=note)

    # --- corrections -------------------------------------------------------------------

    def action_correct(self) -> None:
        if not self.session.log.hands:
            self.app.notify("No hand is confirmed yet: ctrl+z takes back the last entry.")
            return
        self.query_one(ScoreSheet).focus()
        self.app.notify("Pick the hand to correct (arrows, then Enter, or click it).")

    @on(HandPicked)
    def open_correction(self, message: HandPicked) -> None:
        s = self.session
        number = message.number
        hand = s.log.hands[number - 1]
        won = s.analysis.replays[number - 1].tricks_won
        seats = [SeatValues(b.seat, self._seat_label(Seat[b.seat]), bid_typed(b.bid, b.blind),
                            won.get(Seat[b.seat], 0), self._side_index(Seat[b.seat]))
                 for b in hand.bids]

        def check(changes: dict[str, Any]) -> None:
            s.verify_correction(number, bids=changes["bids"], tricks=changes["tricks"],
                                rulings=changes.get("rulings"))

        def save(changes: dict[str, Any]) -> None:
            done = s.correct_hand(number, bids=changes["bids"], tricks=changes["tricks"],
                                  rulings=changes.get("rulings"), by=changes["by"],
                                  why=changes["why"])
            self._save(game=True, by=changes["by"], why=changes["why"] or done.what)
            self.refresh_view()
            result = f" {s.result_text()}." if s.is_over else ""
            self.app.notify(f"Hand {number} corrected: {done.what}. Later hands re-scored."
                            f"{result}")

        def apply(changes: dict[str, Any] | None) -> None:
            if changes is None:
                self._show_entry()
                return
            effect = s.correction_effect(number, bids=changes["bids"],
                                         tricks=changes["tricks"],
                                         rulings=changes.get("rulings"))
            if effect.result_before is None:
                save(changes)
                return
            change = f"This correction ({effect.what}) re-scores the game"
            self.app.push_screen(
                ConfirmModal(finished_question(effect, change, "Save it?"), "Save (y)",
                             "Keep the game as it is (n)", default=False),
                lambda yes: save(changes) if yes else self.app.notify("Nothing was changed."))

        # The notice "pick the hand" has done its work: it would only cover the dialog.
        self.app.clear_notifications()
        self.app.push_screen(CorrectionModal(number, seats, card_by_card=hand.tricks is not None,
                                             by=self.app.by, check=check,
                                             rulings=s.hand_rulings(number)), apply)

    # --- time called (RULES.md section 4, game length) ----------------------------------

    def action_call_time(self) -> None:
        """Call time (the hand in progress is finished, then the higher score wins; between
        hands, the game ends now): asked first, No the default (a stray key ends no game)."""
        s = self.session
        try:
            s.verify_call_time()
        except SessionError as exc:
            self._tell(f"Time not called: {exc}.")
            return
        what = (f"Hand {s.hand_number} is finished, then the game ends" if s.has_entries else
                f"No hand is in progress: the game ends now, after hand {len(s.log.hands)}")
        what += ": the higher score wins; level scores play one more hand at a time."
        self.app.push_screen(
            ConfirmModal(f"Call time on this game? {what} y/n", "Call time (y)",
                         "Not yet (n)", default=False),
            lambda yes: self._call_time() if yes else self._tell("Time not called.",
                                                                error=False))

    def _call_time(self) -> None:
        s = self.session
        try:
            called = s.call_time()
        except SessionError as exc:  # the game changed since the question was asked
            self._tell(f"Time not called: {exc}.")
            return
        if called.in_progress:  # a pending entry of the hand, saved with its draft
            self._save(game=False)
        else:  # the last confirmed hand carries the call: the game is re-scored
            self._save(game=True, by=self.app.by, why="time called")
        self.refresh_view()
        if called.in_progress:
            self._tell(f"Time called: hand {called.hand} is the last; the higher score wins"
                       " (a tie plays one more hand).", error=False)
        elif called.winner is not None:
            self.app.push_screen(GameOverModal(s.result_text(),
                                               s.variant.sides.index(called.winner)),
                                 self._after_game_over)
        else:
            self._tell(f"Time called after hand {called.hand}: the scores are level, one more"
                       " hand is played (then the higher score wins).", error=False)

    def _tell(self, text: str, *, error: bool = True) -> None:
        """On the entry's message line when it shows (a notice would cover the field), else
        as a notice."""
        if self.session.is_over or self.session.phase == "card_by_card":
            self.app.notify(text, severity="warning" if error else "information")
        else:
            self._panel().show_message(text, error=error)

    # --- the rest ----------------------------------------------------------------------

    def action_export(self) -> None:
        """Save the game's JSON log where the scorekeeper says (the log as it is now)."""
        log = self.session.log
        self.app.save_as("Export the game log (JSON)", default_file_name(log, ".json"),
                         lambda: dump_log(log), "the game log")

    def action_sheet(self) -> None:
        """Save the printable score sheet (HTML) of the game as it is now."""
        analysis = self.session.analysis

        def html() -> str:
            from ...web.sheet import render_sheet  # Jinja2, loaded when first wanted

            return render_sheet(analysis, "html")

        self.app.save_as("The score sheet to print or share (HTML)",
                         default_file_name(self.session.log, ".html"), html, "the score sheet")

    def commands(self) -> list[AppCommand]:
        """The palette's commands here (``commands.py``): those that make sense now."""
        from ..commands import AppCommand

        s = self.session
        out = [AppCommand("Export the game log (JSON)", "ctrl+s: asks where",
                          self.action_export),
               AppCommand("Score sheet to print or share (HTML)", "ctrl+o: asks where",
                          self.action_sheet)]
        if not s.is_over:
            out.append(AppCommand("Referee mode: this hand card by card", "F2",
                                  self.action_card_by_card))
        if s.can_call_time():
            out.append(AppCommand("Call time: this hand is the last", "ctrl+t: asks first;"
                                  " then the higher score wins", self.action_call_time))
        if s.log.hands:
            out.append(AppCommand("Correct a hand", "ctrl+r: pick it on the sheet",
                                  self.action_correct))
        out += [AppCommand("Undo the last change", "ctrl+z", self.action_undo),
                AppCommand("Show or hide the chart", "ctrl+g", self.action_toggle_chart),
                AppCommand("Home", "Esc", self.action_home)]
        return out

    def action_card_by_card(self) -> None:
        """Enter the hand in progress card by card (or go back to it)."""
        s = self.session
        if s.referee is None:
            try:
                s.card_by_card()
            except SessionError as exc:
                self._tell(str(exc))
                return
            self._save(game=False)
            self.refresh_view()
        from .referee import RefereeScreen  # loaded when first wanted: it is a big screen

        if not isinstance(self.app.screen, RefereeScreen):
            self.app.push_screen(RefereeScreen(s), self._after_referee)

    def _after_referee(self, done: HandConfirmed | None) -> None:
        self.refresh_view()
        if done is not None:
            self._hand_done(done)

    def action_toggle_chart(self) -> None:
        self._chart_wanted = not self._chart_shown()
        self._place_chart(self.app.size.width)

    def action_home(self) -> None:
        self.app.pop_screen()


def _short_bid(bid: int, blind: bool) -> str:
    """A bid in a few letters for the trick-entry line: 'bid 4', 'nil', 'BN'."""
    if bid == 0:
        return "BN" if blind else "nil"
    return f"bid {bid}"


def _settle_memory() -> None:
    """Collect once, then freeze what is alive (the modules, Textual, the game as loaded).

    Python's full (generation 2) collections otherwise walk every object of a long game on
    the sheet: 70-90 ms pauses that landed in the middle of confirming a hand. Frozen objects
    are still freed by reference counting; only cyclic garbage among them would stay, and what
    exists when a game opens is the app itself.
    """
    gc.collect()
    gc.freeze()
