"""Nothing lost: the real ``scorekeeper`` process, killed with SIGKILL after entries were
confirmed, leaves them in the database, and a new app offers to resume exactly there."""

from __future__ import annotations

import fcntl
import os
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from scorekeeper.rules.seats import Seat
from scorekeeper.session.game_session import new_game_log
from scorekeeper.season.storage import Store
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.widgets.modals import ConfirmModal

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a pseudo-terminal")

SCOREKEEPER = Path(sys.executable).with_name("scorekeeper")
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
#: How long the app may take to show or save something. Generous: on a loaded 2-core machine
#: the app's start alone can take several seconds; a wait ends as soon as the thing is there.
DEADLINE = 60.0
#: Terminal control sequences (CSI, OSC, DCS, charset and keypad modes), taken out of the
#: output so that what the app shows can be searched as text.
CONTROL = re.compile(rb"\x1b(?:\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)"
                     rb"|P.*?\x1b\\|[()][0-9A-B]|[=>78DEHM])", re.S)


class Terminal:
    """The app in a pseudo-terminal of 100x36: type into it, and read what it shows (the
    output is read all along, so that the app never blocks on a full terminal)."""

    def __init__(self, db: Path) -> None:
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 36, 100, 0, 0))
        env = dict(os.environ, TERM="xterm-256color", COLUMNS="100", LINES="36")
        env.pop("TEXTUAL", None)
        self.proc = subprocess.Popen([str(SCOREKEEPER), "--db", str(db)], stdin=slave,
                                     stdout=slave, stderr=slave, env=env, close_fds=True,
                                     start_new_session=True)
        os.close(slave)
        self.output = b""
        self.mark = 0  # where the output since the last keys typed starts

    def read(self, timeout: float) -> None:
        """Take what the app has written, waiting up to ``timeout`` for something."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if ready:
            try:
                self.output += os.read(self.master, 65536)
            except OSError:  # the app has gone: what it wrote is all there is
                pass

    def shown_since_typing(self) -> str:
        """The text the app has drawn since the last keys were typed (control sequences out)."""
        return CONTROL.sub(b"", self.output[self.mark:]).decode(errors="replace")

    def type(self, keys: str) -> None:
        self.mark = len(self.output)
        os.write(self.master, keys.encode())

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)
        os.close(self.master)


def wait_until(check, terminal: Terminal, what: str):
    """Read the app's output until ``check()`` holds (at once if it does); fail after the
    deadline with the end of what the app showed."""
    end = time.monotonic() + DEADLINE
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > end or terminal.proc.poll() is not None:
            shown = CONTROL.sub(b"", terminal.output[-3000:]).decode(errors="replace")
            raise AssertionError(f"the app did not {what} within {DEADLINE:.0f} s"
                                 f" (exit code {terminal.proc.poll()}); it last showed:\n{shown}")
        terminal.read(0.05)


def read(db: Path, fn):
    store = Store.open(db)
    try:
        return fn(store)
    finally:
        store.close()


def saved(db: Path) -> tuple[int, dict | None]:
    """What the database holds of the game: its confirmed hands and the hand in progress."""
    return read(db, lambda s: (len(s.load_game("g-kill").hands), s.load_draft("g-kill")))


def enter(terminal: Terminal, db: Path, entry: str) -> None:
    """Type one entry, then wait until the app has saved it: the next keys are typed only
    once the app has taken this one."""
    before = saved(db)
    terminal.type(entry)
    wait_until(lambda: saved(db) != before, terminal, f"save the entry {entry!r}")


async def test_kill_9_loses_nothing_confirmed_and_resume_is_offered(tmp_path):
    db = tmp_path / "season.db"
    log = new_game_log("partnership", FOUR, "W", table="3", date="2026-11-27", game_id="g-kill")
    read(db, lambda s: s.save_game(log))

    term = Terminal(db)
    try:
        # The app starts by offering to resume the unfinished game: y, then the game screen
        # asks for N's bid (keys typed before it shows would go to the screens before it).
        wait_until(lambda: "Resume (y)" in term.shown_since_typing(), term,
                   "offer to resume the game")
        term.type("y")
        wait_until(lambda: "N Alex bids (0-13" in term.shown_since_typing(), term,
                   "show the game screen asking for N's bid")
        for entry in ("4\r", "3\r", "2\r", "2\r", "4\r", "4\r", "3\r"):
            enter(term, db, entry)  # the bids of hand 1, then the tricks of N, E and S
        enter(term, db, "\r")  # confirm hand 1
        enter(term, db, "n\r")  # hand 2: E bids Nil
        enter(term, db, "5\r")  # S bids 5
        term.type("3")  # typed but never entered: this is all a kill may lose
    finally:
        term.kill()

    log = read(db, lambda s: s.load_game("g-kill"))
    assert log.hands[0].tricks_won == {"N": 4, "E": 4, "S": 3, "W": 2}
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
