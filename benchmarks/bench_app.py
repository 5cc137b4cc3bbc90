"""App speed: time to ready on a database holding a season, and how fast a confirmed hand
reaches the score sheet with 200 hands on it (measured through Pilot).

Run: python benchmarks/bench_app.py [--games 200] [--hands 200] [--rounds 20]
Targets (issues 5 and 14): ready within 1 s; a confirmed hand on the sheet within 50 ms on
a loaded machine, at 80x24 and 120x40, with 200 hands on the sheet (the load average is
printed with the figure).

Time to ready is measured three ways: the imports in a fresh interpreter, next to the floor
that Textual itself sets (``import textual.app``); a real ``python -m scorekeeper --db``
process in a pseudo-terminal, from spawning it until the home screen, then the question
offering to resume the latest unfinished game, are on the terminal; and in-process through
Pilot. A confirm is timed from the Enter until the sheet holds the new row (the state) and
until the next frame is painted with it, at 120x40 (chart shown) and 80x24.
"""

from __future__ import annotations

import argparse
import asyncio
import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import random
import statistics
import tempfile
import time
from pathlib import Path

from scorekeeper.logs.models import GameLog
from scorekeeper.rules.settings import RuleSet
from scorekeeper.rules.seats import Variant
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.season.storage import Store
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.widgets.score_sheet import ScoreSheet

NAMES = ["Alex", "Beth", "Charlie", "David", "Erin", "Frank", "Gail", "Hugo", "Ines", "Jon",
         "Kim", "Lena"]


def season_db(path: Path, games: int) -> None:
    rng = random.Random(2026)
    store = Store.open(path)
    try:
        for i in range(games):
            variant = Variant.PARTNERSHIP if i % 4 else Variant.TWO_PLAYER
            names = rng.sample(NAMES, variant.n_seats)
            data = random_game_log(
                rng, variant, card_by_card=False,
                players={s.name: n for s, n in zip(variant.seats, names)},
                event={"season": "Fall 2026", "date": f"2026-{9 + i % 3:02d}-{1 + i % 28:02d}",
                       "table": str(1 + i % 6)})
            data["game_id"] = f"g{i:04d}"
            store.save_game(GameLog.model_validate(data))
    finally:
        store.close()


async def time_to_ready(path: Path) -> float:
    """In-process, through Pilot: from creating the app to the home screen focused on the
    games list with its first frame painted."""
    store = Store.open(path)
    try:
        start = time.perf_counter()
        app = ScorekeeperApp(store, offer_resume=False)
        painted: list[float] = []
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            if isinstance(screen, HomeScreen) and app.focused is not None:
                painted.append(time.perf_counter())

        app._display = timed_display  # type: ignore[method-assign]
        async with app.run_test(size=(120, 40)):
            while not painted:
                await asyncio.sleep(0.001)
            return painted[0] - start
    finally:
        store.close()


#: What shows that a screen is on the terminal: the home screen's last button, and the
#: resume question's answer.
HOME_SHOWN, RESUME_SHOWN = b"Standings (s)", b"Resume (y)"


def process_time_to_ready(path: Path) -> dict[bytes, float]:
    """A real process: ``python -m scorekeeper --db PATH`` in a pseudo-terminal, from
    spawning it until the home screen and the resume question are on the terminal (imports
    and database opening included)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    start = time.perf_counter()
    proc = subprocess.Popen([sys.executable, "-m", "scorekeeper", "--db", str(path)],
                            stdin=slave, stdout=slave, stderr=slave,
                            env=dict(os.environ, TERM="xterm-256color"),
                            start_new_session=True)
    os.close(slave)
    seen = b""
    times: dict[bytes, float] = {}
    try:
        while len(times) < 2 and time.perf_counter() - start < 30:
            if select.select([master], [], [], 0.005)[0]:
                seen += os.read(master, 65536)
                now = time.perf_counter()
                for marker in (HOME_SHOWN, RESUME_SHOWN):
                    if marker not in times and marker in seen:
                        times[marker] = now - start
        return times
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def import_time(code: str) -> float:
    """Wall time of a fresh interpreter running ``code`` (start-up included)."""
    start = time.perf_counter()
    subprocess.run([sys.executable, "-c", code], check=True)
    return time.perf_counter() - start


def long_game(hands: int) -> GameLog:
    """A quick-form game still going after ``hands`` hands (a target no one reaches)."""
    data = random_game_log(random.Random(5), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6), max_hands=hands)
    data["game_id"] = "long"
    return GameLog.model_validate(data)


async def confirm_times(hands: int, rounds: int,
                        size: tuple[int, int]) -> tuple[list[float], list[float]]:
    """Confirm a hand with Pilot's Enter; time until the sheet holds the new row and the
    board the new totals, and until the next frame is painted with them."""
    store = Store.open(":memory:")
    try:
        log = long_game(hands)
        store.save_game(log)
        app = ScorekeeperApp(store, offer_resume=False)
        frames: list[float] = []
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            frames.append(time.perf_counter())

        app._display = timed_display  # type: ignore[method-assign]
        updated, painted = [], []
        async with app.run_test(size=size) as pilot:
            app.open_game("long")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, GameScreen)
            sheet = screen.query_one(ScoreSheet)
            for _ in range(rounds):
                for key in ("3", "3", "3", "3", "3", "3", "3"):
                    await pilot.press(key, "enter")
                await pilot.pause()
                rows = sheet.row_count
                start = time.perf_counter()
                press = asyncio.create_task(pilot.press("enter"))
                while sheet.row_count == rows:
                    await asyncio.sleep(0)
                done = time.perf_counter()
                while not frames or frames[-1] < done:
                    await asyncio.sleep(0.001)
                updated.append(done - start)
                painted.append(frames[-1] - start)
                await press
        return updated, painted
    finally:
        store.close()


def _ms(times: list[float]) -> str:
    return (f"median {statistics.median(times) * 1000:.0f} ms,"
            f" max {max(times) * 1000:.0f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--runs", type=int, default=5, help="processes started per figure")
    args = parser.parse_args()
    runs = args.runs
    floor = [import_time("import textual.app") for _ in range(runs)]
    app = [import_time("import scorekeeper.cli, scorekeeper.tui.app") for _ in range(runs)]
    print(f"imports in a fresh interpreter: Textual's floor (import textual.app) {_ms(floor)};"
          f" the app (cli + tui.app) {_ms(app)}")
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "season.db"
        t = time.perf_counter()
        season_db(db, args.games)
        print(f"season database: {args.games} games written in {time.perf_counter() - t:.1f} s")
        ready = [asyncio.run(time_to_ready(db)) for _ in range(3)]
        print(f"time to ready in-process (Pilot: app created -> home painted, focused),"
              f" {args.games} games: {_ms(ready)} (target < 1000 ms)")
        spawned = [process_time_to_ready(db) for _ in range(runs)]
        for marker, what in ((HOME_SHOWN, "home screen"), (RESUME_SHOWN, "resume question")):
            times = [t[marker] for t in spawned if marker in t]
            if len(times) < len(spawned):
                print(f"  ({len(spawned) - len(times)} of {len(spawned)} processes never showed"
                      f" the {what})")
            if times:
                print(f"time to ready as a process (spawn -> {what} on the terminal),"
                      f" {args.games} games: {_ms(times)} (target < 1000 ms)")
    for size in ((120, 40), (80, 24)):
        updated, painted = asyncio.run(confirm_times(args.hands, args.rounds, size))
        for what, times in (("the sheet and board updated", updated),
                            ("the next frame painted", painted)):
            print(f"confirm a hand with {args.hands}+ hands on the sheet at {size[0]}x{size[1]},"
                  f" until {what} ({args.rounds} hands): {_ms(times)} (target < 50 ms;"
                  f" load average {os.getloadavg()[0]:.2f})")


if __name__ == "__main__":
    main()
