"""Referee mode: the time to enter one card and get the table view back.

    python benchmarks/bench_referee.py [--hands N]

Per card it times what the screen does: ``RefereeHand.play`` (checks, replay of the hand so
far, new findings) then ``view()``, and the draft written after every card
(``to_draft`` + ``json.dumps``). Random legal hands (``scorekeeper.logs.random_logs``, fixed seeds),
both variants, with the deal (or draw) recorded and without. Target: each card within 50 ms.
Also: restoring a draft of a whole hand, and the claim verdict (double-dummy solve) with 5
and 7 tricks left, which the screen must run in a worker.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from scorekeeper.referee.play import RefereeHand
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.logs.random_logs import play_random_hand


def setup(hand: dict, variant: Variant, deal: bool) -> RefereeHand:
    h = RefereeHand(variant, hand["dealer"])
    for b in hand["bids"]:
        h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
    if deal and "draw" in hand:
        for p in hand["draw"]:
            h.draw(p["seat"], p["kept"], p["discarded"])
    elif deal:
        h.deal(hand["deal"])
    for x in hand.get("exchanges", ()):
        h.exchange(x["from"], x["cards"])
    return h


def ms(xs: list[float]) -> str:
    return f"median {statistics.median(xs) * 1000:6.2f} ms  max {max(xs) * 1000:6.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=20, help="hands per case (default 20)")
    args = ap.parse_args()
    for variant in (Variant.PARTNERSHIP, Variant.TWO_PLAYER):
        for deal in (True, False):
            rng = random.Random(2026)
            per_card, per_draft, restore = [], [], []
            for _ in range(args.hands):
                hand = play_random_hand(rng, variant, Seat.N, blind_rate=0.05)
                h = setup(hand, variant, deal)
                for t in hand["tricks"]:
                    for c in t["cards"]:
                        t0 = time.perf_counter()
                        h.play(c.lower())
                        h.view()
                        t1 = time.perf_counter()
                        json.dumps(h.to_draft())
                        t2 = time.perf_counter()
                        per_card.append(t1 - t0)
                        per_draft.append(t2 - t1)
                draft = json.loads(json.dumps(h.to_draft()))
                t0 = time.perf_counter()
                RefereeHand.from_draft(draft)
                restore.append(time.perf_counter() - t0)
            label = f"{variant.value:11} {'with deal' if deal else 'no deal  '}"
            print(f"{label}  card + view: {ms(per_card)}   draft: {ms(per_draft)}"
                  f"   restore whole hand: {ms(restore)}   ({len(per_card)} cards)")
    for variant in (Variant.PARTNERSHIP, Variant.TWO_PLAYER):
        for left in (5, 7):
            rng = random.Random(7)
            times = []
            for _ in range(5):
                hand = play_random_hand(rng, variant, Seat.N)
                h = setup(hand, variant, True)
                for t in hand["tricks"][:13 - left]:
                    for c in t["cards"]:
                        h.play(c)
                h.claim(h.turn, {h.turn: left})
                t0 = time.perf_counter()
                h.claim_verdict()
                times.append(time.perf_counter() - t0)
            print(f"{variant.value:11} claim verdict, {left} tricks left: {ms(times)}")


if __name__ == "__main__":
    main()
