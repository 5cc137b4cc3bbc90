"""Timing figures for the Spades double-dummy solver.

Run from the repository root:  python benchmarks/bench_solver.py [--quick]

Prints the time to solve (exact tricks for the side on lead):
  * random 4-seat endings of 8 cards a hand (median and max of several),
  * full 13-card 4-seat deals (spades not yet broken),
  * full 13-card two-player deals.
Deals come from a fixed seed so runs are comparable.  The solver's memo
tables are cleared before every solve, so each figure is a cold start.

These are the exhaustive search's figures (the reference the tests hold the
fast path to); the claim verdicts the referee and the audit get, with DDS
where bridge's rules are ours, are timed by bench_claims.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.rules.solver.search import (  # noqa: E402
    Position,
    clear_caches,
    max_tricks,
    min_tricks_for_seat,
    partnership,
)

SEED = 20240601


def random_position(rng: random.Random, cards: int, two_player: bool = False,
                    spades_broken: bool | None = None) -> Position:
    seats = (0, 2) if two_player else (0, 1, 2, 3)
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate(seats):
        for c in deck[i * cards:(i + 1) * cards]:
            hands[seat] |= 1 << c
    broken = rng.random() < 0.5 if spades_broken is None else spades_broken
    return Position(tuple(hands), rng.choice(seats), (), broken, two_player)


def timed(fn, *args) -> tuple[float, int]:
    clear_caches()
    start = time.perf_counter()
    result = fn(*args)
    return time.perf_counter() - start, result


def bench_endings(rng: random.Random, cards: int, samples: int) -> None:
    times, nil_times = [], []
    for _ in range(samples):
        pos = random_position(rng, cards)
        t, _ = timed(max_tricks, pos, partnership(pos.leader))
        times.append(t)
        t, _ = timed(min_tricks_for_seat, pos, (pos.leader + 1) % 4)
        nil_times.append(t)
    print(f"{cards}-card endings, 4 seats, {samples} samples: "
          f"median {statistics.median(times):.3f} s, max {max(times):.3f} s "
          f"(Nil question: median {statistics.median(nil_times):.3f} s, "
          f"max {max(nil_times):.3f} s)")


def bench_full(rng: random.Random, deals: int, two_player: bool) -> None:
    label = "two-player" if two_player else "4-seat"
    times = []
    for i in range(deals):
        pos = random_position(rng, 13, two_player, spades_broken=False)
        side = {pos.leader} if two_player else partnership(pos.leader)
        t, tricks = timed(max_tricks, pos, side)
        times.append(t)
        print(f"  full 13-card {label} deal {i + 1}: {t:.1f} s "
              f"(side on lead takes {tricks})", flush=True)
    print(f"full 13-card {label} deals: median {statistics.median(times):.1f} s, "
          f"max {max(times):.1f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--samples", type=int, default=20, help="8-card endings to time")
    parser.add_argument("--deals", type=int, default=3, help="full deals of each kind")
    parser.add_argument("--quick", action="store_true", help="endings only, no full deals")
    args = parser.parse_args()
    rng = random.Random(SEED)
    bench_endings(rng, 8, args.samples)
    if not args.quick:
        bench_full(rng, args.deals, two_player=False)
        bench_full(rng, args.deals, two_player=True)


if __name__ == "__main__":
    main()
