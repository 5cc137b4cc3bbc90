"""App speed: time to ready on a database holding a season, and how fast a confirmed hand
reaches the score sheet with 200 hands on it (both measured through Pilot).

Run: python benchmarks/bench_app.py [--games 200] [--hands 200]
Targets (issue 5): ready within 1 s; a confirmed hand on the sheet within 50 ms.
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

from scorekeeper.models import GameLog
from scorekeeper.rules.settings import RuleSet
from scorekeeper.seats import Variant
from scorekeeper.simulate import random_game_log
from scorekeeper.storage import Store
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


def process_time_to_ready(path: Path) -> float:
    """A real process: ``scorekeeper --db PATH`` in a pseudo-terminal, from spawning it to
    the home screen's buttons on the terminal (imports and database opening included)."""
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 40, 120, 0, 0))
    exe = Path(sys.executable).with_name("scorekeeper")
    start = time.perf_counter()
    proc = subprocess.Popen([str(exe), "--db", str(path)], stdin=slave, stdout=slave,
                            stderr=slave, env=dict(os.environ, TERM="xterm-256color"),
                            start_new_session=True)
    os.close(slave)
    seen = b""
    try:
        while b"Standings (s)" not in seen and time.perf_counter() - start < 30:
            if select.select([master], [], [], 0.01)[0]:
                seen += os.read(master, 65536)
        return time.perf_counter() - start
    finally:
        proc.kill()
        proc.wait()
        os.close(master)


def long_game(hands: int) -> GameLog:
    """A quick-form game still going after ``hands`` hands (a target no one reaches)."""
    data = random_game_log(random.Random(5), Variant.PARTNERSHIP, card_by_card=False,
                           rules=RuleSet(target_score=10**6), max_hands=hands)
    data["game_id"] = "long"
    return GameLog.model_validate(data)


async def confirm_times(hands: int, rounds: int) -> tuple[list[float], list[float]]:
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
        async with app.run_test(size=(120, 40)) as pilot:
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--hands", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=10)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "season.db"
        t = time.perf_counter()
        season_db(db, args.games)
        print(f"season database: {args.games} games written in {time.perf_counter() - t:.1f} s")
        ready = [asyncio.run(time_to_ready(db)) for _ in range(3)]
        print(f"time to ready in-process (Pilot: app created -> home painted, focused),"
              f" {args.games} games: median {statistics.median(ready) * 1000:.0f} ms,"
              f" max {max(ready) * 1000:.0f} ms (target < 1000 ms)")
        ready = [process_time_to_ready(db) for _ in range(3)]
        print(f"time to ready as a process (spawn -> home screen on the terminal),"
              f" {args.games} games: median {statistics.median(ready) * 1000:.0f} ms,"
              f" max {max(ready) * 1000:.0f} ms (target < 1000 ms)")
    updated, painted = asyncio.run(confirm_times(args.hands, args.rounds))
    for what, times in (("the sheet and board updated", updated),
                        ("the next frame painted", painted)):
        print(f"confirm a hand with {args.hands}+ hands on the sheet, until {what}"
              f" ({args.rounds} hands): median {statistics.median(times) * 1000:.1f} ms,"
              f" max {max(times) * 1000:.1f} ms (target < 50 ms)")


if __name__ == "__main__":
    main()
