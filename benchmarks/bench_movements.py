"""How long the movements of a card night take to plan (issue 15).

Target (the issue): a schedule for 20 tables (80 players) in under a second.

Times ``individual_movement`` for a few player counts, both the full movement (every player
can partner every other once: 79 rounds for 80 players) and a night of 10 rounds, with a
late arrival re-planning the rest of a night after 4 rounds, and the fixed-partnership
movements (a round robin, a Swiss round after 6 rounds) for 40 pairs. Each figure is the
best of ``--repeat`` runs, wall clock and CPU time (the machine may be shared).

    python benchmarks/bench_movements.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from bench_rules import machine_line  # noqa: E402

from scorekeeper.event.movements import (  # noqa: E402
    individual_movement, round_robin_movement, swiss_round)

TARGET = 1.0


def best(fn, repeat: int) -> tuple[float, float]:
    """The best wall-clock and CPU seconds of ``repeat`` calls of ``fn``."""
    walls, cpus = [], []
    for _ in range(repeat):
        wall, cpu = time.perf_counter(), time.process_time()
        fn()
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return min(walls), min(cpus)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    args = parser.parse_args()
    print(machine_line())
    print(f"{'what':<44} {'rounds':>6} {'wall s':>8} {'cpu s':>8}")

    def line(what: str, rounds: int, fn) -> float:
        wall, cpu = best(fn, args.repeat)
        print(f"{what:<44} {rounds:>6} {wall:>8.3f} {cpu:>8.3f}")
        return wall

    figures = {}
    for count in (8, 13, 22, 27, 40, 41, 78, 79, 80, 81, 82, 83):
        players = [f"P{number}" for number in range(1, count + 1)]
        full = individual_movement(players)
        figures[count] = line(f"individual, {count} players, full movement", len(full.rounds),
                              lambda players=players: individual_movement(players))
        if count >= 40:
            line(f"individual, {count} players, 10 rounds", 10,
                 lambda players=players: individual_movement(players, rounds=10))
    players = [f"P{number}" for number in range(1, 80)]
    played = individual_movement(players, rounds=4).rounds
    line("individual, 79 + 1 late after 4 rounds, 6 more", 6,
         lambda: individual_movement([*players, "Late"], rounds=6, played=played))
    pairs = [(f"A{number}", f"B{number}") for number in range(1, 41)]
    robin = round_robin_movement(pairs)
    line("round robin, 40 pairs", len(robin.rounds), lambda: round_robin_movement(pairs))
    swiss_played = list(robin.rounds[:6])
    line("Swiss round 7, 40 pairs", 1,
         lambda: swiss_round(pairs, pairs[::-1], swiss_played, 7))
    verdict = "met" if figures[80] < TARGET else "NOT met"
    print(f"target: 80 players' full movement under {TARGET:.1f} s: {verdict}"
          f" ({figures[80]:.3f} s wall)")


if __name__ == "__main__":
    main()
