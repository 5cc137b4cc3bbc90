"""The director's screen: every table of the round at a glance, the night's standings beside
them, and the quick entry of the game screen for the table chosen (``[`` and ``]``, or the
arrows, go from table to table).

Each table's game is a ``GameSession`` over its ordinary game log, loaded when the table is
first chosen and saved exactly as the game screen saves it: the hand in progress as a draft
after each bid or count, the log after each confirmed hand or undo. So a table can be left in
the middle of a hand and taken up again, and reopening the event after a crash resumes every
table where it was. The screen keeps no scores of its own: a table's row is drawn from its
session (or, for a table not opened yet, from the event store), the standings from
``event.results.night_results`` after each confirmed hand.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal
from textual.widgets import ContentSwitcher
from ..widgets.plain_text import Static

from ...event.results import night_results
from ...session.game_session import GameSession, HandConfirmed, SessionError
from ..widgets.event_entry import TableBidEntry, TableTricksEntry
from ..widgets.event_no_show import SIDE_NAMES, NoShowModal, side_players
from ..widgets.event_standings import EventStandings, StandingRow
from ..widgets.event_tables import EventTables, TableRow
from ..widgets.footer import KeysFooter
from ..widgets.modals import ConfirmModal
from ..widgets.round_clock import RoundClock
from ..widgets.score_sheet import ScoreBoard, SideView
from .game import GameScreen
from .quick_entry import ENTRY, QuickEntryScreen

if TYPE_CHECKING:
    from ...event.records import EventView, TableView
    from ...event.store import EventStore
    from ..commands import AppCommand

#: The standings' share of the width (the tables take the rest), and their least width (at 80
#: columns: rank, a name, games won, points, difference).
STANDINGS_SHARE = 0.36
STANDINGS_LEAST = 33
#: Tables marked by the director's ruling: scored by the event's declared rule.
DIRECTOR_STATES = ("unfinished", "no_show")


class DirectorScreen(QuickEntryScreen):
    # Footer order (after Help, Back and Quit): the keys a director needs most first. The table
    # keys are priority keys, or the entry field would take them (it gives up [ and ]:
    # widgets/event_entry.py).
    BINDINGS = [
        Binding("right_square_bracket", "next_table", "Next table", priority=True,
                key_display="]"),
        Binding("left_square_bracket", "previous_table", "Previous table", priority=True,
                key_display="[", show=False),
        Binding("down,pagedown", "next_table", show=False, priority=True),
        Binding("up,pageup", "previous_table", show=False, priority=True),
        Binding("ctrl+n", "next_round", "Next round"),
        Binding("ctrl+t", "call_time", "Call time", priority=True),
        Binding("ctrl+z", "undo", "Undo"),
        Binding("ctrl+r", "correct", "Correct"),
        Binding("ctrl+o", "open_table", "Open table"),
        Binding("ctrl+u", "unfinished", "Unfinished", show=False, priority=True),
        # Priority: the entry field would take ctrl+x (cut), of no use in a count.
        Binding("ctrl+x", "no_show", "No-show", show=False, priority=True),
        Binding("escape", "back", "Events"),
    ]

    def __init__(self, event_id: str) -> None:
        super().__init__()
        self.event_id = event_id
        self._sessions: dict[int, GameSession] = {}
        self._tables: dict[int, TableView] = {}  # by table number
        self._round = 0
        self._chosen: int | None = None
        self._view: EventView | None = None
        self._sitting_out: tuple[str, ...] = ()

    @property
    def events(self) -> EventStore:
        return self.app.event_store()

    def compose(self) -> ComposeResult:
        with Horizontal(id="dir-top"):
            yield Static(id="dir-title")
            yield RoundClock(now=self.app.clock, id="dir-clock")
        with Horizontal(id="dir-middle"):
            yield EventTables(id="dir-tables")
            yield EventStandings(id="dir-standings")
        yield ScoreBoard(id="dir-board")
        with ContentSwitcher(initial="bids", id=ENTRY[1:]):
            yield TableBidEntry(id="bids")
            yield TableTricksEntry(id="tricks")
        yield Static(id="dir-over")
        yield KeysFooter()

    def on_mount(self) -> None:
        self._fit(self.app.size.width)
        self.load_round()

    def on_screen_resume(self) -> None:
        # Back from a table's game screen (a correction, card by card): the same sessions,
        # changed there and saved there; the rows and the standings are drawn again.
        if self.is_mounted and self._view is not None:
            self.load_round()

    def on_resize(self, event: Any) -> None:
        self._fit(event.size.width)
        if self._view is not None:
            self._draw_tables()
            self._draw_standings()

    def _standings_width(self, width: int) -> int:
        return max(STANDINGS_LEAST, round(width * STANDINGS_SHARE))

    def _fit(self, width: int) -> None:
        standings = self.query_one(EventStandings)
        wanted = self._standings_width(width)
        if standings.styles.width is None or standings.styles.width.value != wanted:
            standings.styles.width = wanted

    def _tables_width(self) -> int:
        width = self.app.size.width
        return width - self._standings_width(width) - 1  # the standings' border

    # --- the round ------------------------------------------------------------------------

    def load_round(self) -> None:
        """Read the event and its current round's tables from the store; keep the sessions
        already open (they are what was saved)."""
        events = self.events
        self._view = events.event(self.event_id)
        current = self._view.current_round or 0
        if current != self._round:
            self._sessions.clear()
            self._chosen = None
        self._round = current
        tables = events.tables(self.event_id, current) if current else []
        self._tables = {t.table: t for t in tables}
        self._sitting_out = events.sitting_out(self.event_id, current) if current else ()
        for table in self._tables:  # every game open: the rows, time called, the clock
            self.session(table)
        if self._chosen not in self._tables:
            playing = [t.table for t in tables if t.status == "playing"]
            self._chosen = playing[0] if playing else (tables[0].table if tables else None)
        self._draw_clock()  # before the title, which asks to call time once it is up
        self._draw_title()
        self._draw_tables()
        self._draw_standings()
        self._show_table()

    def _row(self, table: int) -> TableRow:
        view = self._tables[table]
        session = self._sessions.get(table)
        if session is None:
            return TableRow(view.table, dict(view.seats), dict(view.scores), view.hands,
                            view.dealer, view.status)
        status = view.status
        if status == "playing" and session.is_over:
            status = "finished"
        elif status == "finished" and not session.is_over:  # reopened by an undo
            status = "playing"
        return TableRow(view.table, dict(view.seats), session.scores(), len(session.log.hands),
                        None if session.is_over or status in DIRECTOR_STATES
                        else session.dealer.name, status,
                        session.time_called_at is not None)

    def rows(self) -> list[TableRow]:
        """The round's tables as drawn now."""
        return [self._row(t) for t in sorted(self._tables)]

    def _draw_title(self) -> None:
        view = self._view
        rows = self.rows()
        done = sum(r.done for r in rows)
        of = f" of {view.rounds}" if view.rounds else ""
        text = Text(f"{view.name}", style="bold")
        if self._round:
            text.append(f"  round {self._round}{of}  {done}/{len(rows)} tables done")
            if rows and done == len(rows) and self._round < view.rounds:
                text.append("  ctrl+n: next round", style="bold reverse")
            elif self._time_to_call():
                text.append("  ctrl+t: call time", style="bold reverse")
            if self._sitting_out:
                text.append(f"  sitting out: {', '.join(self._sitting_out)}", style="dim")
        else:
            text.append("  no round started yet: ctrl+n starts round 1")
        self.query_one("#dir-title", Static).update(text)

    def _draw_clock(self) -> None:
        """The time left in the round where the event gives the round a length
        (``RoundEnd.minutes``), else what ends its games."""
        round_end = self._view.round_end
        minutes = round_end.minutes
        # The start is in the database (the round's games' first saving): after a restart
        # the clock goes on where it was.
        started = (self.events.round_started(self.event_id, self._round)
                   if minutes and self._round else None)
        ends_at = None if started is None else started + datetime.timedelta(minutes=minutes)
        if round_end.hands:
            limit = f"{round_end.hands} hand{'s' if round_end.hands > 1 else ''} a round"
        else:
            limit = f"to {round_end.target}"
        called = any(r.time_called for r in self.rows())
        self.query_one(RoundClock).show_round(ends_at, called=called, limit_text=limit)

    def _draw_tables(self) -> None:
        self.query_one(EventTables).show_tables(self.rows(), self._chosen, self._tables_width())

    def _draw_standings(self) -> None:
        results = night_results(self.events, self.event_id)
        rows = [StandingRow(r.rank, tuple(r.names), r.rounds_played, r.games_won, r.points,
                            r.points_diff) for r in results.rows]
        self.query_one(EventStandings).show_rows(
            rows, results.by, self._standings_width(self.app.size.width) - 1)

    def _time_to_call(self) -> bool:
        """The round's clock has run out and time can be called at a table still playing
        (not called there yet, its first hand begun: ``GameSession.can_call_time``)."""
        left = self.query_one(RoundClock).time_left
        if left is None or left.total_seconds() > 0:
            return False
        sessions = [self.session(r.table) for r in self.rows() if r.status == "playing"]
        return any(s is not None and s.can_call_time() for s in sessions)

    @on(RoundClock.TimeUp)
    def time_up(self) -> None:
        """The clock ran out: the director is asked to call time (the title keeps saying
        so); the screen never calls it itself, nor takes the keys typed at a table."""
        if not self._time_to_call():
            return
        self._draw_title()
        self.app.notify(f"Time is up for round {self._round}: ctrl+t calls it (the hands in"
                        " progress are finished, then the games end).", title="Round clock",
                        severity="warning", timeout=20)

    # --- the table chosen -------------------------------------------------------------------

    def session(self, table: int) -> GameSession | None:
        """The game of ``table`` (loaded from the store when first wanted); None for a table
        with no game (a bye)."""
        if table not in self._sessions:
            game_id = getattr(self._tables[table], "game_id", None)
            if not game_id:
                return None
            self._sessions[table] = self.app.session_for(game_id)
        return self._sessions[table]

    @property
    def round(self) -> int:
        """The round shown (the event's current one; 0 before the first)."""
        return self._round

    @property
    def chosen(self) -> int | None:
        """The number of the table whose entry is shown."""
        return self._chosen

    @property
    def chosen_session(self) -> GameSession | None:
        return None if self._chosen is None else self.session(self._chosen)

    @property
    def entry_name(self) -> str:
        return f"Table {self._chosen}"

    def choose(self, table: int) -> None:
        """Make ``table`` the one whose entry is shown."""
        if table == self._chosen or table not in self._tables:
            return
        self._chosen = table
        self.query_one(EventTables).show_tables(self.rows(), table, self._tables_width())
        self._show_table()
        self._panel().show_message("")

    @on(EventTables.TableChosen)
    def table_chosen(self, message: EventTables.TableChosen) -> None:
        self.choose(message.table)
        self._focus_entry()

    def action_next_table(self) -> None:
        self._step(1)

    def action_previous_table(self) -> None:
        self._step(-1)

    def _step(self, by: int) -> None:
        tables = sorted(self._tables)
        if not tables:
            return
        at = tables.index(self._chosen) if self._chosen in tables else -by
        self.choose(tables[(at + by) % len(tables)])

    def _show_table(self) -> None:
        """The chosen table's board and entry (or why there is none)."""
        board = self.query_one(ScoreBoard)
        switcher = self.query_one(ENTRY, ContentSwitcher)
        over = self.query_one("#dir-over", Static)
        s = self.chosen_session
        table = self._chosen
        status = self._row(table).status if table is not None else ""
        if s is None:
            board.show([], f"Table {table}: {status}" if table is not None else "No tables yet.")
            self._show_away(switcher, over, True)
            over.update(f"Table {table} has no game this round ({status})." if table is not None
                        else "Start a round with ctrl+n.")
            return
        totals = s.totals
        board.show([SideView(side, s.side_label(side), totals[side].score, totals[side].bags)
                    for side in s.variant.sides], self._info(table, s, status))
        away = s.is_over or s.phase == "card_by_card" or status in DIRECTOR_STATES
        self._show_away(switcher, over, away)
        if away:
            if s.is_over:
                last = all(r.done for r in self.rows())
                more = ("every table is done: ctrl+n starts the next round"
                        if last and self._round < self._view.rounds else
                        "] next table · ctrl+r correct")
                over.update(f"Table {table}: {s.result_text()}.   {more}")
            elif status in DIRECTOR_STATES:
                view = self._tables[table]
                absent = (f", {SIDE_NAMES[view.absent]} ({side_players(view.seats, view.absent)})"
                          " absent" if view.absent else "")
                key = "ctrl+x" if status == "no_show" else "ctrl+u"
                over.update(f"Table {table} is marked {status.replace('_', '-')}{absent}: the"
                            f" event's rule scores it. {key} takes it back.")
            else:
                over.update(f"Table {table}'s hand {s.hand_number} is being entered card by"
                            " card: ctrl+o opens the table.")
            return
        self._show_entry(s)

    def _show_away(self, switcher: ContentSwitcher, over: Static, away: bool) -> None:
        if switcher.display == away:
            switcher.display = not away
        if over.display != away:
            over.display = away

    def _info(self, table: int, s: GameSession, status: str) -> str:
        if s.is_over:
            return f"Table {table}   game over after hand {s.won_at_hand}"
        if status in DIRECTOR_STATES:  # no hand to deal: the director's word ends it
            played = len(s.log.hands)
            return (f"Table {table}   {status.replace('_', '-')}"
                    + (f" after hand {played}" if played else ""))
        turn = s.turn
        doing = {"bidding": f"{turn} ({s.player(turn)}) to bid" if turn else "",
                 "tricks": f"tricks won by {turn} ({s.player(turn)})" if turn else "",
                 "confirm": "confirm the hand",
                 "card_by_card": "card by card (ctrl+o)"}.get(s.phase, "")
        called = "   TIME CALLED: the last hand" if s.time_call_pending else ""
        return (f"Table {table}   hand {s.hand_number}   to {s.rules.target_score}   "
                f"{s.dealer} ({s.player(s.dealer)}) deals   {doing}{called}")

    def _changed(self, *, game: bool) -> None:
        """After an entry at the chosen table: its row, the title, its entry; the standings
        when the log changed (a confirmed hand, an undo of one, a correction)."""
        if self._chosen is not None:
            self.query_one(EventTables).update_table(self._row(self._chosen))
        self._draw_title()
        if game:
            self._draw_standings()
        self._show_table()

    def _hand_done(self, s: GameSession, done: HandConfirmed) -> None:
        table = self._chosen
        said = f"Table {table}, hand {len(s.log.hands)} in"
        if s.events:
            said += ": " + " · ".join(s.events)
        # A game won shows on its row and in place of the entry: no notice over the tables.
        if done.tied_at_target:
            said += "; tied at the target: another hand is played"
        if not s.is_over:
            self._panel().show_message(said, error=False)

    # --- undo, correction, the table's own screen ----------------------------------------

    def _say(self, text: str, *, error: bool = True) -> None:
        """Tell the director: on the entry's message line when it shows (a notice would
        cover the field being typed into), else as a notice."""
        if self.query_one(ENTRY).display:
            self._panel().show_message(text, error=error)
        else:
            self.app.notify(text, severity="warning" if error else "information", timeout=10)

    def action_open_table(self) -> None:
        """The chosen table's own game screen (sheet, corrections, card by card, export)
        over the same session: Esc comes back here."""
        s = self.chosen_session
        if s is not None:
            self.app.push_screen(GameScreen(s))

    def action_correct(self) -> None:
        s = self.chosen_session
        if s is None:
            return
        if not s.log.hands:
            self._tell(s, "No hand is confirmed yet at this table: ctrl+z takes back the"
                       " last entry.")
            return
        screen = GameScreen(s)
        self.app.push_screen(screen)
        screen.call_after_refresh(screen.action_correct)

    # --- the director's rulings and the next round ----------------------------------------

    def _mark(self, table: int, status: str, absent: str | None = None) -> None:
        """The director's word on ``table`` through the event store; a refusal is told."""
        from ...event.records import EventError

        try:
            self.events.set_table_status(self.event_id, self._round, table, status,
                                         absent=absent)
        except EventError as exc:
            self.app.notify(f"Table {table} not marked: {exc}", severity="error", timeout=20)
            return
        self.load_round()

    def _take_back(self, table: int, status: str) -> None:
        """Ask, then take back the word ``status`` on ``table``: it plays again."""
        self.app.push_screen(ConfirmModal(
            f"Table {table} is marked {status.replace('_', '-')}. Take it back? The table is"
            " playing again. y/n", "Take it back (y)", "Keep it (n)", default=False),
            lambda yes: self._mark(table, "playing") if yes else None)

    def action_unfinished(self) -> None:
        """Mark the chosen table unfinished (the event's declared rule scores it); on an
        unfinished table, take it back."""
        table = self._chosen
        status = self._row(table).status if table is not None else None
        if status == "unfinished":
            self._take_back(table, status)
            return
        if status != "playing":
            return
        self.app.push_screen(ConfirmModal(
            f"Mark table {table} unfinished? Its game stops here and the event's rule for an"
            " unfinished table scores it. y/n", "Unfinished (y)", "Keep playing (n)",
            default=False), lambda yes: self._mark(table, "unfinished") if yes else None)

    def action_no_show(self) -> None:
        """A side of the chosen table did not come: ask which, confirm, mark it (the side
        present wins by forfeit); only a table with no hand begun. On a no-show table, take
        it back."""
        table = self._chosen
        if table is None:
            return
        status = self._row(table).status
        if status == "no_show":
            self._take_back(table, status)
            return
        s = self.session(table)
        if status not in ("playing", "unfinished") or s is None:
            self._say(f"Table {table} is {status}: a no-show is for a table still to play.")
            return
        if s.log.hands or s.has_entries:
            begun = (f"played {len(s.log.hands)} hand{'s' if len(s.log.hands) > 1 else ''}"
                     if s.log.hands else "has begun its first hand")
            self._say(f"Table {table} {begun}: both sides came, so it is no no-show (ctrl+u"
                      " marks it unfinished).")
            return
        seats = dict(self._tables[table].seats)

        def confirm(absent: str | None) -> None:
            if absent is None:
                return
            present = "EW" if absent == "NS" else "NS"
            self.app.push_screen(ConfirmModal(
                f"Mark table {table} a no-show, {SIDE_NAMES[absent]}"
                f" ({side_players(seats, absent)}) absent? {SIDE_NAMES[present]}"
                f" ({side_players(seats, present)}) win by forfeit with the round's average;"
                f" {SIDE_NAMES[absent]} score nothing this round. y/n", "No-show (y)",
                "Back (n)", default=False),
                lambda yes: self._mark(table, "no_show", absent) if yes else None)

        self.app.push_screen(NoShowModal(table, seats), confirm)

    def action_next_round(self) -> None:
        playing = [r.table for r in self.rows() if not r.done]
        if playing:
            tables = ", ".join(str(t) for t in playing)
            many = len(playing) > 1
            self._say(f"Still playing: table{'s' if many else ''} {tables}. Finish"
                      f" {'them' if many else 'it'} (or ctrl+u marks the chosen one"
                      " unfinished), then ctrl+n.")
            return
        planned = self._view.rounds
        if planned and self._round >= planned:
            self._say(f"All {planned} rounds are played: the standings are the night's"
                      " results.", error=False)
            return
        next_round = self._round + 1
        self.app.push_screen(ConfirmModal(
            f"Start round {next_round}? The tables of round {self._round} are all done;"
            " the new seats come from the movement. y/n" if self._round else
            "Start round 1? y/n", f"Start round {next_round} (y)", "Not yet (n)"),
            self._start_round)

    def _start_round(self, yes: bool | None) -> None:
        if not yes:
            return
        try:
            self.events.start_round(self.event_id)
        except Exception as exc:  # noqa: BLE001 - a refusal of the store is told, not lost
            self.app.notify(f"Round not started: {exc}", severity="error", timeout=20)
            return
        self.load_round()
        self._say(f"Round {self._round} started: {len(self._tables)} tables.", error=False)

    def action_call_time(self) -> None:
        """Call time on the round: at each table still playing, the hand in progress is
        finished, then the game ends (RULES.md §4, game length); asked first."""
        playing = [r.table for r in self.rows() if r.status == "playing" and not r.time_called]
        if not playing:
            self._say("No table is playing without time called.")
            return
        self.app.push_screen(ConfirmModal(
            f"Call time on round {self._round}? At each table still playing the hand in"
            " progress is finished, then the game ends: the higher score wins, level scores"
            " play one more hand at a time. A table between hands ends now. y/n",
            "Call time (y)", "Not yet (n)", default=False), self._call_time)

    def _call_time(self, yes: bool | None) -> None:
        if not yes:
            return
        finishing: list[str] = []
        ended: list[str] = []
        refused: dict[str, list[str]] = {}  # why -> the tables (the same reason said once)
        for row in self.rows():
            s = self.session(row.table)
            if s is None or row.status != "playing" or row.time_called:
                continue
            try:
                called = s.call_time()
            except SessionError as exc:
                refused.setdefault(str(exc), []).append(str(row.table))
                continue
            if called.in_progress:
                self._save(s, game=False)
                finishing.append(str(row.table))
            else:  # between hands: the last hand carries the call, the game is re-scored
                self._save(s, game=True, by=self.app.by, why="time called")
                ended.append(str(row.table))
        self._draw_title()
        self._draw_clock()
        self._draw_tables()
        self._draw_standings()
        self._show_table()
        said = [f"{what}: {_tables_text(tables)}" for what, tables in (
            ("finishing their hand", finishing), ("ended now", ended)) if tables]
        said += [f"not called at {_tables_text(tables)} ({why})"
                 for why, tables in refused.items()]
        self._say(f"Time called on round {self._round}: " + ("; ".join(said) or "nothing"
                                                            " changed") + ".",
                  error=bool(refused))

    def action_back(self) -> None:
        self.app.pop_screen()

    def commands(self) -> list[AppCommand]:
        """The palette's commands here (``commands.py``)."""
        from ..commands import AppCommand

        return [AppCommand("Next table", "]  ([ the previous one; or the arrows)",
                           self.action_next_table),
                AppCommand("Start the next round", "ctrl+n: when every table is done",
                           self.action_next_round),
                AppCommand("Call time on the round", "ctrl+t: the hands in progress are"
                           " finished, then the games end", self.action_call_time),
                AppCommand("Undo the chosen table's last change", "ctrl+z", self.action_undo),
                AppCommand("Correct a hand of the chosen table", "ctrl+r",
                           self.action_correct),
                AppCommand("Open the chosen table's game", "ctrl+o: sheet, card by card,"
                           " export", self.action_open_table),
                AppCommand("Mark the chosen table unfinished", "ctrl+u: the event's rule"
                           " scores it (again: takes it back)", self.action_unfinished),
                AppCommand("A side of the chosen table did not come (no-show)", "ctrl+x: the"
                           " side present wins by forfeit (again: takes it back)",
                           self.action_no_show),
                AppCommand("The card nights", "Esc", self.action_back)]


def _tables_text(tables: list[str]) -> str:
    """'table 3', 'tables 2, 5, 7'."""
    return f"table{'s' if len(tables) > 1 else ''} {', '.join(tables)}"
