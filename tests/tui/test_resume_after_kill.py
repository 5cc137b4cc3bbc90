"""Nothing lost: the real ``scorekeeper`` process, killed with SIGKILL after entries were
confirmed, leaves them in the database, and a new app offers to resume exactly there."""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from scorekeeper.logs.models import GameLog
from scorekeeper.rules.seats import Seat
from scorekeeper.session.game_session import new_game_log
from scorekeeper.season.storage import Store
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.widgets.modals import ConfirmModal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


class Terminal:
    """The app in a pseudo-terminal of 100x36: type into it, read (and discard) its screen."""

    def __init__(self, db: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 100, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="36")
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen([str(SCOREKEEPER), "--db", str(db)], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True,
                                     start_new_session=True)
        os.close(slave)

        self.screen = b""

    def drain(self, seconds: float = 0.05) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if ready:
                try:
                    self.screen = (self.screen + os.read(self.master, 65536))[-200_000:]
                except OSError:
                    return

    def type(self, entry: str) -> None:
        """One entry at a person's pace: its keys, then a moment before the next entry."""
        for ch in entry:
            os.write(self.master, ch.encode())
            self.drain(0.03)
        self.drain(0.25)

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        os.close(self.master)


def wait_for(check, terminal: Terminal, timeout: float = 20.0):
    """Poll the database (from this process) until ``check`` holds, keeping the pty drained."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        terminal.drain(0.1)
        value = check()
        if value:
            return value
    raise AssertionError("the app did not save the entry in time")


def read(db: Path, fn):
    store = Store.open(db)
    try:
        return fn(store)
    finally:
        store.close()


async def test_kill_9_loses_nothing_confirmed_and_resume_is_offered(tmp_path):
    db = tmp_path / "season.db"
    log = new_game_log("partnership", FOUR, "W", table="3", date="2026-11-27", game_id="g-kill")
    read(db, lambda s: s.save_game(log))

    term = Terminal(db)
    try:
        # The app starts by offering to resume the unfinished game: y.
        wait_for(lambda: b"Resume (y)" in term.screen, term)
        term.type("y")
        for bid in ("4\r", "3\r", "2\r", "2\r", "4\r", "4\r", "3\r"):
            term.type(bid)
        term.type("\r")  # confirm hand 1
        wait_for(lambda: read(db, lambda s: len(s.load_game("g-kill").hands) == 1), term)
        term.type("n\r")  # hand 2: E bids Nil
        term.type("5\r")  # S bids 5
        wait_for(lambda: read(db, lambda s: len((s.load_draft("g-kill") or {})
                                                .get("bids", [])) == 2), term)
        term.type("3")  # typed but never entered: this is all a kill may lose
    finally:
        term.kill()

    saved: GameLog = read(db, lambda s: s.load_game("g-kill"))
    assert saved.hands[0].tricks_won == {"N": 4, "E": 4, "S": 3, "W": 2}
    draft = read(db, lambda s: s.load_draft("g-kill"))
    assert draft["bids"] == [{"seat": "E", "bid": 0, "blind": False},
                             {"seat": "S", "bid": 5, "blind": False}]

    from scorekeeper.tui.app import ScorekeeperApp

    store = Store.open(db)
    try:
        app = ScorekeeperApp(store, export_dir=tmp_path)
        async with app.run_test(size=(100, 36)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, ConfirmModal)
            assert "Hand 2, W to bid; score NS 61, EW 51" in app.screen.question
            await pilot.press("y")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            session = app.screen.session
            assert session.hand_number == 2
            assert session.bids == {Seat.E: (0, False), Seat.S: (5, False)}
            assert session.turn == Seat.W
    finally:
        store.close()
