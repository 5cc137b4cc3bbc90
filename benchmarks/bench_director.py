"""Director's screen speed: how fast a confirmed hand reaches its table's row and the night's
standings with 20 tables playing (measured through Pilot).

Run: python benchmarks/bench_director.py [--hands 30] [--players 80] [--played 3]
Target (issue 15): a table's score and the night's standings updated within 50 ms of
confirming a hand, with 20 tables running.

The night is an individual card night of ``--players`` players (20 tables at 80) in a
temporary season database file, its first round started and ``--played`` hands already
confirmed at every table (saved as the app saves them). The app is opened on that file at
120x40 and at 80x24 (each size on a database of its own), the director's screen reached with
e and Enter as a director would, and ``--hands`` hands entered with the keys, one table after
the other (``]`` to the next). A confirm is timed from the Enter until the table's row shows
the new score and the standings the new points (the widgets' state, polled at every turn of
the event loop), and until the next frame is painted with them; the process's CPU time over
the same span is printed too, since the machine may be shared. Each hand is then checked
against the session's score and ``night_results`` (untimed).
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import math
import pstats
import statistics
import sys
import tempfile
import time
from pathlib import Path

from machine import load_average, machine_line

from scorekeeper.event.records import EventSpec
from scorekeeper.event.results import night_results
from scorekeeper.event.store import EventStore
from scorekeeper.season.storage import Store
from scorekeeper.session.game_session import GameSession
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.screens.director import DirectorScreen
from scorekeeper.tui.screens.event_list import EventListScreen
from scorekeeper.tui.widgets.event_standings import EventStandings
from scorekeeper.tui.widgets.event_tables import EventTables

#: Every seat bids 3; one seat of the side that wins the hand takes the extra trick: 61 to 60
#: (so a game to 500 lasts at least 9 hands).
BID = "3"
MOST_HANDS = 8
#: How long a confirm may take before the benchmark gives up on it (never the measure).
GIVE_UP = 10.0


def players(count: int) -> tuple[str, ...]:
    return tuple(f"Player{i + 1:02d}" for i in range(count))


def tricks(order: list[str], hand: int) -> list[int]:
    """The counts in entry order: 4 for the first seat of every other hand, else 3 each."""
    first = order[hand % 2]
    return [4 if seat == first else 3 for seat in order]


def build_night(path: Path, count: int, rounds: int, played: int) -> tuple[str, int]:
    """The night in a new database file at ``path``: its event id and number of tables."""
    store = Store.open(path)
    try:
        events = EventStore(store)
        event_id = events.create_event(EventSpec(
            name="Benchmark night", date="2026-12-01", movement="individual",
            players=players(count), rounds=rounds))
        tables = events.start_round(event_id)
        for view in tables:
            session = GameSession(store.load_game(view.game_id))
            for hand in range(played):
                order = [seat.name for seat in session.order]
                for _ in order:
                    session.bid(int(BID))
                for n in tricks(order, hand)[:-1]:
                    session.enter_tricks(n)
                session.confirm_hand()
                store.save_game(session.log, analysis=session.analysis)
        return event_id, len(tables)
    finally:
        store.close()


async def until(pilot, check, what: str) -> None:
    """Let the app work until ``check()`` holds (a number of turns, not a time)."""
    for _ in range(2000):
        if check():
            return
        await pilot.pause()
    raise RuntimeError(f"never happened: {what}")


def standings_agree(lines: list[str], results) -> bool:
    """Whether the standings' lines are the night's results, row for row: rank, the name (cut
    to the room, at 80 columns), games won, points, difference (columns are one or two spaces
    apart as the width allows; a player's name holds no space)."""
    if len(lines) != len(results.rows):
        return False
    ranks = [r.rank for r in results.rows]
    for line, r in zip(lines, results.rows):
        cells = line.split()
        rank = f"{r.rank}{'=' if ranks.count(r.rank) > 1 else ''}"
        if (cells[0] != rank or not r.names[0].startswith(cells[1].rstrip("…"))
                or cells[-3:] != [str(r.games_won), str(r.points), f"{r.points_diff:+d}"]):
            return False
    return True


async def confirm_times(path: Path, event_id: str, hands: int, size: tuple[int, int],
                        export_dir: Path, profile: cProfile.Profile | None = None
                        ) -> dict[str, list[float]]:
    """Enter ``hands`` hands on the director's screen, one table after the other; time each
    confirm until the row and the standings show it, and until it is painted (``profile``:
    profiled over those spans)."""
    store = Store.open(path)
    try:
        app = ScorekeeperApp(store, offer_resume=False, export_dir=export_dir)
        frames: list[float] = []
        frame_cpu: list[float] = []
        display = app._display

        def timed_display(screen, renderable) -> None:
            display(screen, renderable)
            frames.append(time.perf_counter())
            frame_cpu.append(time.process_time())

        app._display = timed_display  # type: ignore[method-assign]
        times: dict[str, list[float]] = {"updated": [], "painted": [], "cpu": [],
                                         "painted_cpu": []}
        async with app.run_test(size=size) as pilot:
            await pilot.press("e")
            await until(pilot, lambda: isinstance(app.screen, EventListScreen)
                        and app.screen.is_mounted, "the list of events")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, DirectorScreen)
                        and app.screen.is_mounted, "the director's screen")
            screen: DirectorScreen = app.screen  # type: ignore[assignment]
            rows = screen.query_one(EventTables)
            standings = screen.query_one(EventStandings)
            events = app.event_store()
            for i in range(hands):
                if i:
                    before = screen.chosen
                    await pilot.press("right_square_bracket")
                    await until(pilot, lambda before=before: screen.chosen != before,
                                "the next table")
                table = screen.chosen
                session = screen.chosen_session
                if session is None or session.is_over:
                    raise RuntimeError(f"table {table} has no game to enter a hand in")
                order = [seat.name for seat in session.order]
                for _ in order:
                    await pilot.press(*BID, "enter")
                for n in tricks(order, len(session.log.hands))[:-1]:
                    await pilot.press(*str(n), "enter")
                await until(pilot, lambda s=session: s.phase == "confirm", "the hand to confirm")
                await pilot.pause()
                key = str(table)
                score_before = str(rows.get_cell(key, "score"))
                lines_before = standings.lines
                if profile is not None:
                    profile.enable()
                start, cpu = time.perf_counter(), time.process_time()
                press = asyncio.create_task(pilot.press("enter"))
                while (str(rows.get_cell(key, "score")) == score_before
                       or standings.lines == lines_before):
                    if time.perf_counter() - start > GIVE_UP:
                        raise RuntimeError(f"table {table}: the confirm never showed")
                    await asyncio.sleep(0)
                done, cpu_done = time.perf_counter(), time.process_time()
                painted = len(frames)  # the first frame from here on shows the confirm
                while len(frames) == painted:
                    await asyncio.sleep(0.001)
                if profile is not None:
                    profile.disable()
                times["updated"].append(done - start)
                times["cpu"].append(cpu_done - cpu)
                times["painted"].append(frames[painted] - start)
                times["painted_cpu"].append(frame_cpu[painted] - cpu)
                await press
                # Untimed: what is shown is the session's score and the night's results.
                scores = session.scores()
                shown = str(rows.get_cell(key, "score"))
                if shown != f"{scores['NS']}:{scores['EW']}":
                    raise RuntimeError(f"table {table}: the row shows {shown}, the game {scores}")
                if not standings_agree(standings.lines, night_results(events, event_id)):
                    raise RuntimeError(f"table {table}: the standings are not the night's results")
        return times
    finally:
        store.close()


def _ms(times: list[float]) -> str:
    ordered = sorted(times)
    p90 = ordered[max(math.ceil(0.9 * len(ordered)) - 1, 0)]
    return (f"median {statistics.median(times) * 1000:.1f} ms,"
            f" p90 {p90 * 1000:.1f} ms, max {max(times) * 1000:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=30, help="confirms timed at each size")
    parser.add_argument("--players", type=int, default=80,
                        help="players of the individual night (4 a table)")
    parser.add_argument("--played", type=int, default=3,
                        help="hands already confirmed at every table")
    parser.add_argument("--rounds", type=int, default=7, help="rounds planned for the night")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile over the confirms (Enter until painted), at each size:"
                             " the slowest calls (the figures are then inflated)")
    args = parser.parse_args()
    if args.hands < 1 or args.players < 4 or args.played < 0 or args.rounds < 1:
        parser.error("--hands and --rounds at least 1, --players at least 4, --played at"
                     " least 0")
    per_table = args.played + math.ceil(args.hands / (args.players // 4))
    if per_table > MOST_HANDS:
        parser.error(f"{per_table} hands at a table could end its game (to 500 at 61 a hand):"
                     f" at most {MOST_HANDS} (--played plus --hands over the tables)")
    print(machine_line(with_load=False))
    for size in ((120, 40), (80, 24)):
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "night.db"
            t = time.perf_counter()
            event_id, tables = build_night(db, args.players, args.rounds, args.played)
            print(f"night database at {size[0]}x{size[1]}: {args.players} players, {tables}"
                  f" tables, {args.played} hands at each, written in"
                  f" {time.perf_counter() - t:.1f} s")
            load_before = load_average()
            profile = cProfile.Profile() if args.profile else None
            times = asyncio.run(confirm_times(db, event_id, args.hands, size, Path(tmp),
                                              profile))
            load_after = load_average()
        print(f"confirm a hand on the director's screen, {tables} tables, at {size[0]}x{size[1]},"
              f" {args.hands} hands (target < 50 ms):")
        for key, what in (("updated", "until the row and the standings show it"),
                          ("painted", "until the next frame is painted"),
                          ("cpu", "the process's CPU time until shown"),
                          ("painted_cpu", "the process's CPU time until painted")):
            print(f"  {what}: {_ms(times[key])}")
        print(f"  the first confirm: {times['updated'][0] * 1000:.1f} ms until shown; load"
              f" average before {load_before}, after {load_after}")
        if profile is not None:
            pstats.Stats(profile, stream=sys.stdout).sort_stats("cumulative").print_stats(30)


if __name__ == "__main__":
    main()
