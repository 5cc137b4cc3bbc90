"""How many recorded card-by-card hands per second the rules core checks, on one core.

Target (the issue): 50,000 hands per second or more for the legality check of recorded
card-by-card hands (every bid and card, trick winners, tricks won), on one core.

Measures ``scorekeeper.rules.bitplay.hand_check.check_hand`` (the fast path: a code mask, no events)
and, for comparison, the full ``replay_hand`` (every event and finding), on random legal hands
from ``scorekeeper.logs.random_logs`` already converted to the core's ``HandRecord`` (parsing JSON and
pydantic are not part of the rules core). Three inputs: partnership hands with the deal
recorded, the same hands without the deal (holdings rebuilt from the play), and two-player
hands with their draw. Each figure is the best of several timed passes over the whole sample
(the least disturbed by other work on the machine), with the median alongside. Then, if the
OS allows it, the same again with the process pinned to one CPU.

    python benchmarks/bench_rules.py [--hands 3000] [--repeat 7]
"""

from __future__ import annotations

import argparse
import datetime
import os
import platform
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from make_logs import random_hand_logs  # noqa: E402

from scorekeeper.analysis.game import hand_record  # noqa: E402
from scorekeeper.logs.models import HandLog  # noqa: E402
from scorekeeper.rules.bitplay.hand_check import check_hand  # noqa: E402
from scorekeeper.rules.replay import replay_hand  # noqa: E402
from scorekeeper.rules.seats import Variant  # noqa: E402

TARGET = 50_000


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown CPU"


def machine_line() -> str:
    return (f"{cpu_model()}, {os.cpu_count()} CPUs; Python {platform.python_version()}"
            f" ({platform.python_implementation()}); {datetime.date.today().isoformat()}")


def records(variant: Variant, n: int, seed: int):
    return [hand_record(variant, HandLog.model_validate(h))
            for h in random_hand_logs(n, seed, variant)]


def rate(fn, hands, repeat: int) -> tuple[float, float, float]:
    """Hands per second over ``repeat`` passes: (best wall, median wall, best CPU time).

    CPU time (``time.process_time``) counts only the time this process ran on a core, so it
    is the fairer figure when other work shares the machine; on an idle machine the two agree.
    """
    walls, cpus = [], []
    for _ in range(repeat):
        c0, t0 = time.process_time(), time.perf_counter()
        for r in hands:
            fn(r)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    n = len(hands)
    return n / min(walls), n / statistics.median(walls), n / min(cpus)


def run(inputs, repeat: int) -> list[tuple[str, str, float, float]]:
    rows = []
    for name, hands in inputs:
        for fn_name, fn, reps in (("hand_check.check_hand", check_hand, repeat),
                                  ("replay.replay_hand", replay_hand, max(2, repeat // 3))):
            rows.append((name, fn_name, *rate(fn, hands, reps)))
    return rows


def show(rows, title: str) -> None:
    print(f"\n{title}")
    print(f"  {'input':<34} {'function':<22} {'wall best':>10} {'median':>8} {'CPU best':>9}"
          "  hands/s")
    for name, fn_name, best, median, cpu in rows:
        flag = ""
        if fn_name.startswith("hand_check"):
            flag = ("  ok (>= 50,000)" if min(best, cpu) >= TARGET
                    else "  ok by CPU time" if cpu >= TARGET else "  BELOW 50,000")
        print(f"  {name:<34} {fn_name:<22} {best:>10,.0f} {median:>8,.0f} {cpu:>9,.0f}{flag}")


def main() -> None:
    parser = argparse.ArgumentParser(description="Hands per second of the rules core's checks.")
    parser.add_argument("--hands", type=int, default=3000, help="hands per input (default 3000)")
    parser.add_argument("--repeat", type=int, default=7, help="timed passes (default 7)")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    print(f"machine: {machine_line()}")
    print(f"sample: {args.hands} random legal hands per input (seed {args.seed}), pre-parsed into"
          f" HandRecord; best of {args.repeat} passes (replay: best of {max(2, args.repeat // 3)});"
          f" one process")
    partnership = records(Variant.PARTNERSHIP, args.hands, args.seed)
    two_player = records(Variant.TWO_PLAYER, args.hands, args.seed + 1)
    inputs = [
        ("partnership, deal recorded", partnership),
        ("partnership, rebuilt from the play", [replace(r, deal=None, exchanges=None)
                                                for r in partnership]),
        ("two-player, draw and deal recorded", two_player),
    ]
    for name, hands in inputs:  # a benchmark of a wrong answer is worthless
        dirty = sum(1 for r in hands if check_hand(r))
        if dirty:
            raise SystemExit(f"{name}: {dirty} random legal hands were not clean")
    n_cards = sum(len(t.cards) for r in partnership for t in r.tricks)
    print(f"        ({n_cards:,} cards in the partnership sample; every hand checks clean)")

    show(run(inputs, args.repeat), "unpinned (the OS may move the process between CPUs):")
    if hasattr(os, "sched_setaffinity"):
        cpus = sorted(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpus[-1]})
        show(run(inputs, args.repeat), f"pinned to CPU {cpus[-1]} (os.sched_setaffinity):")
        os.sched_setaffinity(0, set(cpus))
    else:
        print("\n(os.sched_setaffinity is not available here: no pinned run)")
    load = os.getloadavg() if hasattr(os, "getloadavg") else None
    if load:
        print(f"\nload average when done: {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}"
              " (other work on the machine lowers the wall figures;\n"
              "the CPU-time figures count only the time this process was on a core)")


if __name__ == "__main__":
    main()
