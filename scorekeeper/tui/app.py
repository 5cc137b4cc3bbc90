"""The scorekeeping app: wiring only. Screens call ``GameSession`` and the store.

Startup loads only what the home screen needs (Textual, the store, the home screen). The
other screens, and what they bring (the game layer and pydantic, the referee, plotext,
markdown for the help), are imported when first opened: about 0.3 s less before the first
screen on a slow machine (``benchmarks/bench_app.py`` measures it).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from textual.binding import Binding

from ..season.storage import GameSummary, Store
from .keys_in_order import KeysInOrder
from .screens.home import HomeScreen, players_text

if TYPE_CHECKING:
    from ..logs.models import GameLog
    from ..session.game_session import GameSession


class ScorekeeperApp(KeysInOrder):
    """The app; keys typed ahead are handed out in order (``KeysInOrder``)."""

    CSS_PATH = "app.tcss"
    TITLE = "Spades scorekeeper"
    BINDINGS = [Binding("f1", "help", "Help"), Binding("ctrl+q", "quit", "Quit", priority=True)]

    def __init__(self, store: Store, *, offer_resume: bool = True, by: str = "scorekeeper",
                 export_dir: str | Path | None = None,
                 today: Callable[[], datetime.date] = datetime.date.today) -> None:
        super().__init__()
        self.store = store
        self.by = by
        self.export_dir = Path(export_dir) if export_dir is not None else Path.cwd()
        self.today = today
        self._offer_resume = offer_resume
        self.sub_title = str(getattr(store, "path", ""))

    def on_mount(self) -> None:
        self.push_screen(HomeScreen(offer_resume=self._offer_resume))

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

    def show_standings(self) -> None:
        from .screens.standings import StandingsScreen

        self.push_screen(StandingsScreen())
