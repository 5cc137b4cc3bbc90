"""Referee mode speed: how fast each card entered reaches the table view, through Pilot.

The example partnership hand (deal, Blind Nil exchange) and a two-player hand (draw and
redraw) are entered card by card on an 80x24 and a 120x40 screen. For each card the line
is put in the field and Pilot presses Enter; timed from the key to the table widget holding
the new trick (the card parsed, ``RefereeHand.play``, the draft saved to a database file,
the view rendered), and to the next frame painted with it (as ``bench_app.py`` does). The
screen's own handling is timed too, and Pilot's press until the app is idle again (which
waits on every widget's message queue: an upper bound, not what the referee sees).

Run: python benchmarks/bench_referee_app.py
Target (issue 6): each card entered updates the table view within 50 ms.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from pathlib import Path

from textual.widgets import Input

from scorekeeper.session.game_session import new_game_log
from scorekeeper.season.storage import Store
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.screens.referee import RefereeScreen
from scorekeeper.tui.widgets.trick_table import TrickTable

EXAMPLES = Path(__file__).resolve().parents[1] / "examples"
PLAYERS = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def example(name: str, *keys: str) -> tuple[str, dict]:
    log = json.loads((EXAMPLES / name).read_text())
    return log["variant"], next(h for h in log["hands"]
                                if "tricks" in h and all(k in h for k in keys))


async def one_hand(variant: str, hand: dict, size: tuple[int, int]) -> tuple[list, list]:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "bench.db")
        app = ScorekeeperApp(store, offer_resume=False, export_dir=tmp)
        per_key, handler, updated, painted = [], [], [], []
        frames: list[float] = []
        display = app._display

        def timed_display(screen, renderable) -> None:  # noqa: ANN001
            display(screen, renderable)
            frames.append(time.perf_counter())

        app._display = timed_display  # type: ignore[method-assign]
        async with app.run_test(size=size) as pilot:
            seats = [s for s in PLAYERS if variant == "partnership" or s in ("N", "S")]
            app.start_game(new_game_log(variant, {s: PLAYERS[s] for s in seats},
                                        hand["dealer"]))
            await pilot.pause()
            await pilot.press("f2")
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, RefereeScreen)
            for b in hand["bids"]:
                screen.enter_line("b" if b.get("blind") else str(b["bid"]))
            hand_ = screen.hand
            if "deal" in hand:
                hand_.deal(hand["deal"])
            for p in hand.get("draw", ()):
                hand_.draw(p["seat"], p["kept"], p["discarded"])
            for x in hand.get("exchanges", ()):
                hand_.exchange(x["from"], x["cards"])
            for r in hand.get("redraws", ()):
                hand_.redraw(r["seat"], r["discarded"], r["drawn"])
            screen.refresh_view()
            await pilot.pause()
            field = screen.query_one("#ref-field", Input)
            table = screen.query_one(TrickTable)
            original = screen.enter_line

            def timed(text: str) -> str:
                t0 = time.perf_counter()
                try:
                    return original(text)
                finally:
                    handler.append(time.perf_counter() - t0)

            screen.enter_line = timed  # type: ignore[method-assign]
            for t in hand["tricks"]:
                for c in t["cards"]:
                    field.value = c.lower()
                    before = table.render()
                    t0 = time.perf_counter()
                    press = asyncio.create_task(pilot.press("enter"))
                    while table.render() is before:
                        await asyncio.sleep(0)
                    done = time.perf_counter()
                    while not frames or frames[-1] < done:
                        await asyncio.sleep(0.001)
                    updated.append(done - t0)
                    painted.append(frames[-1] - t0)
                    await press
                    per_key.append(time.perf_counter() - t0)
            assert screen.hand.is_over
        store.close()
    return updated, painted, handler, per_key


def ms(values: list[float]) -> str:
    return (f"median {statistics.median(values) * 1000:6.1f} ms   max"
            f" {max(values) * 1000:6.1f} ms   ({len(values)} cards)")


async def main() -> None:
    hands = [example("partnership-card-by-card.json", "exchanges"),
             example("two-player-game.json", "draw", "redraws")]
    print("each card entered -> table view updated (target 50 ms)")
    for size in ((80, 24), (120, 40)):
        got: list[list[float]] = [[], [], [], []]
        for variant, hand in hands:
            for acc, values in zip(got, await one_hand(variant, hand, size)):
                acc += values
        where = f"{size[0]}x{size[1]}"
        print(f"{where}  Enter -> table updated:  {ms(got[0])}")
        print(f"{where}  Enter -> frame painted:  {ms(got[1])}")
        print(f"{where}  screen handling:         {ms(got[2])}")
        print(f"{where}  Pilot press until idle:  {ms(got[3])}")


if __name__ == "__main__":
    asyncio.run(main())
