"""The scorekeeping app: wiring only. Screens call ``GameSession`` and the store.

Startup loads only what the home screen needs (Textual, the store, the home screen). The
other screens, and what they bring (the game layer and pydantic, the referee, plotext,
markdown for the help), are imported when first opened: about 0.3 s less before the first
screen on a slow machine (``benchmarks/bench_app.py`` measures it).
"""

from __future__ import annotations

import datetime
import os
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding

from ..season.storage import GameSummary, Store
from .exporting import Remembered, default_config_file, write_new
from .keys_in_order import MOUNT_LIMIT, KeysInOrder
from .screens.home import HomeScreen, players_text
from .widgets.round_clock import utc_now

if TYPE_CHECKING:
    from textual.command import Provider

    from ..event.store import EventStore
    from ..logs.models import GameLog
    from ..session.game_session import GameSession
    from .widgets.save_dialog import SaveChoice

#: ``config_file`` left to the app: the user's config folder, unless the caller fixed the
#: export folder (tests, benchmarks), whose runs then remember nothing on disk.
DEFAULT_CONFIG = Path("<default>")
#: The header's own parts beside the title (Textual's icon, 8 columns, and the space kept
#: for its clock, 10), the " — " between the title and the database path, and a margin.
HEADER_SPARE = 8 + 10 + 3 + 2


def _app_commands() -> type[Provider]:
    # Loaded when the palette first opens, not at startup.
    from .commands import AppCommands

    return AppCommands


def short_path(path: str, room: int) -> str:
    """``path`` in at most ``room`` characters, cut from the left at a folder where it can
    be (``…/scorekeeper/scorekeeper.db``): the file's own name is what tells databases apart."""
    if len(path) <= room:
        return path
    parts = path.split(os.sep)
    for start in range(1, len(parts)):
        text = "…" + os.sep + os.sep.join(parts[start:])
        if len(text) <= room:
            return text
    return "…" + path[-max(room - 1, 1):]


class ScorekeeperApp(KeysInOrder):
    """The app; keys typed ahead are handed out in order (``KeysInOrder``)."""

    CSS_PATH = "app.tcss"
    TITLE = "Spades scorekeeper"
    BINDINGS = [Binding("f1", "help", "Help"), Binding("ctrl+q", "quit", "Quit", priority=True)]
    COMMANDS = App.COMMANDS | {_app_commands}

    def __init__(self, store: Store, *, offer_resume: bool = True, by: str = "scorekeeper",
                 export_dir: str | Path | None = None, config_file: Path | None = DEFAULT_CONFIG,
                 today: Callable[[], datetime.date] = datetime.date.today,
                 clock: Callable[[], datetime.datetime] = utc_now) -> None:
        """``export_dir``: the folder the save dialog proposes until one is remembered (by
        default the user's home). ``config_file``: where the folder is remembered between
        runs (None: for this run only). ``clock``: the time now, in UTC (the round clock's;
        a fixed one in tests)."""
        super().__init__()
        self.store = store
        self.by = by
        self.export_dir = Path(export_dir) if export_dir is not None else None
        if config_file is DEFAULT_CONFIG:
            config_file = None if export_dir is not None else default_config_file()
        self.remembered = Remembered.load(config_file)
        self.today = today
        self.clock = clock
        self._events: EventStore | None = None
        self._offer_resume = offer_resume
        self._resume_pending: float | None = None
        """When the offer to resume was asked for, until it is on the screen."""
        self._db_path = str(getattr(store, "path", ""))
        self.sub_title = self._db_path

    def notify(self, message: str, *, markup: bool = False, **kwargs) -> None:
        """As Textual's, but the message is shown as given (it often holds a player's name,
        which is not markup: see widgets/plain_text.py)."""
        super().notify(message, markup=markup, **kwargs)

    def on_mount(self) -> None:
        self._fit_header(self.size.width)
        self.push_screen(HomeScreen(offer_resume=self._offer_resume))

    def on_resize(self, event: events.Resize) -> None:
        self._fit_header(event.size.width)

    def _fit_header(self, width: int) -> None:
        """The database path in the header, shortened from the left to fit beside the title."""
        self.sub_title = short_path(self._db_path, width - len(self.title) - HEADER_SPARE)

    def action_help(self) -> None:
        from .screens.help import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen())

    def new_game(self) -> None:
        from .screens.new_game import NewGameScreen

        self.push_screen(NewGameScreen())

    def start_game(self, log: GameLog) -> None:
        """Save the new game, then play it (in place of the new-game form)."""
        from ..session.game_session import GameSession
        from .screens.game import GameScreen

        try:
            self.store.save_game(log, by=self.by)
        except Exception as exc:  # noqa: BLE001 - a storage failure is shown, never lost
            self.notify(f"NOT SAVED: {exc}", severity="error", timeout=30)
            return
        self.switch_screen(GameScreen(GameSession(log)))

    def session_for(self, game_id: str) -> GameSession:
        """The saved game with its hand in progress, if that can be restored."""
        from ..session.game_session import GameSession, SessionError

        log = self.store.load_game(game_id)
        draft = self.store.load_draft(game_id)
        try:
            return GameSession(log, draft)
        except SessionError as exc:
            self.notify(f"{exc}; starting the hand afresh", severity="warning", timeout=15)
            return GameSession(log)

    def open_game(self, game_id: str) -> None:
        from .screens.game import GameScreen

        self.push_screen(GameScreen(self.session_for(game_id)))

    def offer_resume(self, game: GameSummary) -> None:
        """Ask whether to resume ``game``, once the home screen has been painted: the
        question needs the log's models and the game session (a quarter of a second of
        imports), which would otherwise hold back the first frame. Keys typed meanwhile
        wait for the question (``_screen_ready``)."""
        self._resume_pending = time.monotonic()
        self.call_after_refresh(self._offer_resume_now, game)

    def _screen_ready(self) -> bool:
        if (self._resume_pending is not None
                and time.monotonic() - self._resume_pending < MOUNT_LIMIT):
            return False
        return super()._screen_ready()

    def _offer_resume_now(self, game: GameSummary) -> None:
        try:
            self._ask_resume(game)
        finally:
            self._resume_pending = None

    def _ask_resume(self, game: GameSummary) -> None:
        event = self.store.load_game(game.game_id).event
        if event is not None and event.event_id and self._offer_event(event.event_id):
            return
        session = self.session_for(game.game_id)
        where = ", ".join(x for x in (game.date, f"table {game.table}" if game.table else None)
                          if x)
        turn = session.turn
        doing = {"bidding": f"{turn} to bid", "tricks": f"tricks of {turn} next",
                 "confirm": "ready to confirm", "over": "over",
                 "card_by_card": "card by card: "
                 + (session.referee.prompt() if session.referee else "")}[session.phase]
        question = (f"Resume {players_text(game)}{f' ({where})' if where else ''}?\n"
                    f"Hand {session.hand_number}, {doing}; score "
                    + ", ".join(f"{s} {t.score}" for s, t in session.totals.items()))

        from .screens.game import GameScreen
        from .widgets.modals import ConfirmModal

        def answer(yes: bool | None) -> None:
            if yes:
                self.push_screen(GameScreen(session))

        self.push_screen(ConfirmModal(question, "Resume (y)", "Not now (n)"), answer)

    # --- card nights (events) -------------------------------------------------------------

    def event_store(self) -> EventStore:
        """The card nights of the app's database, over the same connection (loaded when
        first wanted)."""
        if self._events is None:
            from ..event.store import EventStore

            self._events = EventStore(self.store)
        return self._events

    def _offer_event(self, event_id: str) -> bool:
        """Offer to resume the card night whose table was played last (False: no such
        event in the database, as for a game imported without it)."""
        from ..event.records import UnknownEventError
        from .widgets.modals import ConfirmModal

        try:
            view = self.event_store().event(event_id)
        except UnknownEventError:
            return False
        tables = self.event_store().tables(event_id, view.current_round) \
            if view.current_round else []
        done = sum(t.status != "playing" for t in tables)
        question = (f"Resume the card night {view.name} ({view.date})?\nRound"
                    f" {view.current_round} of {view.rounds}: {done} of {len(tables)} tables"
                    " done. The director's screen opens where the night stands.")

        def answer(yes: bool | None) -> None:
            if yes:
                self.open_event(event_id)

        self.push_screen(ConfirmModal(question, "Resume (y)", "Not now (n)"), answer)
        return True

    def show_events(self) -> None:
        from .screens.event_list import EventListScreen

        self.push_screen(EventListScreen())

    def open_event(self, event_id: str) -> None:
        """The director's screen of an event, where its night stands (reopening resumes it:
        every table's game and hand in progress are in the database)."""
        from .screens.director import DirectorScreen

        self.push_screen(DirectorScreen(event_id))

    def show_standings(self) -> None:
        from .screens.standings import StandingsScreen

        self.push_screen(StandingsScreen())

    # --- files saved for the scorekeeper (the log, the score sheet) ------------------------

    def export_folder(self) -> Path:
        """The folder the save dialog proposes: the one last saved in, if it is still there."""
        folder = self.remembered.export_folder
        if folder is not None and folder.is_dir():
            return folder
        return self.export_dir if self.export_dir is not None else Path.home()

    def save_as(self, title: str, name: str, produce: Callable[[], str], what: str) -> None:
        """Ask where (``SaveModal``), then write what ``produce`` returns there, in a worker
        thread (a USB stick or a network folder can take a while), and say where it went."""
        from .widgets.save_dialog import SaveModal

        def chosen(choice: SaveChoice | None) -> None:
            if choice is not None:
                self.run_worker(partial(self._write, choice, produce, what), thread=True,
                                group="save", exit_on_error=False)

        self.push_screen(SaveModal(title, self.export_folder(), name, Path(name).suffix),
                         chosen)

    def _write(self, choice: SaveChoice, produce: Callable[[], str], what: str) -> None:
        """In a worker thread: the text, then the file; the outcome is told on the app's."""
        path = choice.path
        try:
            write_new(path, produce(), replace=choice.replace)
        except FileExistsError:
            self.call_from_thread(self.notify, f"{path.name} appeared in {path.parent} in the"
                                  " meantime: it was not replaced. Save again to choose.",
                                  severity="warning", timeout=15)
        except OSError as exc:
            self.call_from_thread(self.notify, f"Could not write {path}: "
                                  f"{exc.strerror or exc}", severity="error", timeout=30)
        except Exception as exc:  # noqa: BLE001 - a failure to make the file is told, not lost
            self.call_from_thread(self.notify, f"Could not make {what}: {exc}",
                                  severity="error", timeout=30)
        else:
            self.call_from_thread(self._saved, path, what)

    def _saved(self, path: Path, what: str) -> None:
        problem = self.remembered.remember_folder(path.parent)
        note = f" (the folder could not be remembered: {problem})" if problem else ""
        self.notify(f"Wrote {what} to {path}{note}", title="Saved", timeout=12)
