"""Timing figures for claim verdicts (issue 14's "Claims" target), beside DDS's.

Run from the repository root:  python benchmarks/bench_claims.py [--deals N] [--quick]

For random four-seat positions from a fixed seed it times what the referee and the audit ask
(``rules.solver.claim_search``, which ``rules.claims.check_claim`` calls):
  * a trick claim of every trick left ("the rest are ours"; refuted in most deals, then with
    the line that refutes it) and a claim of exactly the most the side can force (good, the
    tightest proof), by the side on lead;
  * a Nil claim (no more trick for the Nil bidder, his line when refuted) by the seat with the
    fewest high cards (the likely Nil bidder);
on full 13-card deals with spades broken (spades led any time) and not, and on 8-card
endings. Beside each, DDS (through endplay's libdds) solving the same position's trick count
under bridge's rules: the reference speed, and the answer where the rules coincide (it knows
nothing of Nil). The solver's tables are emptied before each verdict (a cold start), and DDS is
timed in a pass of its own, so neither reuses what the other left in its tables.

A verdict that runs past ``--limit`` seconds is stopped and counted as the limit ("> " marks a
worst figure that was cut short).

The claims use the compiled search (``rules/solver/compiled_search.py``) where it was built;
``--python-search`` times them without it (the Python search, as where no compiler was found).
``--every-nil-seat`` times a Nil claim by each of the four seats, not only the likely bidder:
the worst Nil positions are those of a bidder holding high cards, whom the opponents can
hardly be proven unable to force.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from scorekeeper.rules.solver import claim_search, compiled_search
from scorekeeper.rules.solver.dds_positions import tricks_to_mover
from scorekeeper.rules.solver.search import (
    Position,
    SearchStopped,
    clear_caches,
    partnership,
    stoppable,
)

SEED = 20261201


def random_position(rng: random.Random, cards: int, broken: bool) -> Position:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for c in deck[seat * cards:(seat + 1) * cards]:
            hands[seat] |= 1 << c
    return Position(tuple(hands), rng.randrange(4), (), broken)


def likely_nil(pos: Position) -> int:
    """The seat with the fewest high-card points (A 4, K 3, Q 2, J 1)."""
    def points(mask: int) -> int:
        return sum(max(0, c % 13 - 8) for c in range(52) if mask >> c & 1)
    return min(pos.seats, key=lambda s: (points(pos.hands[s]), s))


def timed(fn: Callable[[], object], limit: float) -> tuple[float, bool]:
    """Seconds ``fn`` took from cold tables, and whether it finished within ``limit``."""
    clear_caches()
    start = time.perf_counter()
    deadline = start + limit
    try:
        with stoppable(lambda: time.perf_counter() > deadline):
            fn()
    except SearchStopped:
        return limit, False
    return time.perf_counter() - start, True


def figures(times: list[tuple[float, bool]]) -> str:
    values = [t for t, _ in times]
    cut = "> " if not all(done for _, done in times) else ""
    return f"median {statistics.median(values):7.3f} s, worst {cut}{max(values):7.3f} s"


def bench(label: str, positions: list[Position], limit: float,
          every_nil_seat: bool = False) -> None:
    rest, tight, nil, dds = [], [], [], []
    for pos in positions:
        side = partnership(pos.leader)
        found: list[int] = []
        rest.append(timed(lambda p=pos, s=side, f=found: f.append(
            claim_search.judge_side_claim(p, s, p.tricks_left)[0]), limit))
        if found:
            tight.append(timed(lambda p=pos, s=side, b=found[0]:
                               claim_search.judge_side_claim(p, s, b), limit))
        seats = pos.seats if every_nil_seat else (likely_nil(pos),)
        for seat in seats:
            nil.append(timed(lambda p=pos, s=seat: claim_search.refute_nil(p, s, 0), limit))
        nils = ", ".join(f"{t:.3f}" for t, _ in nil[-len(seats):])
        print(f"  {label}: rest {rest[-1][0]:.3f} s, exact claim "
              f"{tight[-1][0] if found else float('nan'):.3f} s, Nil {nils} s",
              file=sys.stderr, flush=True)
    for pos in positions:  # DDS in a pass of its own: it keeps its table for a repeated deal
        start = time.perf_counter()
        tricks_to_mover(pos.hands, pos.leader)
        dds.append((time.perf_counter() - start, True))
    n = len(positions)
    print(f"{label} ({n} positions)")
    print(f"  claim of every trick left : {figures(rest)}")
    if tight:
        print(f"  claim of exactly the best : {figures(tight)}")
    nil_label = "Nil claim (every seat)" if every_nil_seat else "Nil claim"
    print(f"  {nil_label:<26}: {figures(nil)}")
    print(f"  DDS, bridge trick count   : {figures(dds)}   (no Nil answer)", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=10, help="full deals of each kind")
    parser.add_argument("--unbroken-deals", type=int, default=3,
                        help="full deals with spades not broken (slow: see the README)")
    parser.add_argument("--endings", type=int, default=20, help="8-card endings of each kind")
    parser.add_argument("--limit", type=float, default=60.0, help="seconds before a verdict"
                        " is stopped and counted as the limit")
    parser.add_argument("--quick", action="store_true", help="endings and broken deals only")
    parser.add_argument("--only", choices=("endings", "broken", "unbroken"),
                        help="time one kind of position only (the same ones as in a full run)")
    parser.add_argument("--every-nil-seat", action="store_true",
                        help="time a Nil claim by every seat, not only the likely bidder")
    parser.add_argument("--python-search", action="store_true",
                        help="leave the compiled search unused (the Python search answers)")
    args = parser.parse_args()
    if args.python_search:
        os.environ[compiled_search.DISABLE_ENV] = "1"  # read at the first claim
    print(f"search: {'Python' if compiled_search.load() is None else 'compiled'}", flush=True)
    every = args.every_nil_seat
    # Each kind from a seed of its own: --only times the positions a full run times.
    if args.only in (None, "endings"):
        rng = random.Random(SEED)
        for broken in (True, False):
            ends = [random_position(rng, 8, broken) for _ in range(args.endings)]
            bench(f"8-card endings, spades {'broken' if broken else 'not broken'}", ends,
                  args.limit, every)
    if args.only in (None, "broken"):
        rng = random.Random(SEED + 1)
        deals = [random_position(rng, 13, True) for _ in range(args.deals)]
        bench("full deals, spades broken (led any time)", deals, args.limit, every)
    if args.only == "unbroken" or (args.only is None and not args.quick):
        rng = random.Random(SEED + 2)
        deals = [random_position(rng, 13, False) for _ in range(args.unbroken_deals)]
        bench("full deals, spades not broken", deals, args.limit, every)


if __name__ == "__main__":
    main()
