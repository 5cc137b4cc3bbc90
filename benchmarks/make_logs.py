"""Benchmark inputs: random legal game logs written into ``benchmarks/out/`` (git-ignored).

Other benchmarks import this module; its API is small and stays stable:

- ``write_card_by_card_logs(directory, n_hands, seed) -> list[Path]``: ordinary partnership
  games (to 500, as ``scorekeeper.logs.random_logs`` plays them), card by card, ``n_hands`` hands in
  all over as many games as it takes.
- ``write_long_game_log(path, n_hands, seed, *, card_by_card=True, variant="partnership")``:
  one game of exactly ``n_hands`` hands. A real game ends at 500 long before 1,000 hands, so
  its rules set ``target_score`` to 1,000,000 (:data:`LONG_GAME_TARGET`): no hand comes after
  the game was won and the whole log is scored.
- ``random_hand_logs(n_hands, seed, variant="partnership") -> list[dict]``: the hands alone,
  as log hand dicts, dealer rotating.

Run it to write the standard inputs: ``python benchmarks/make_logs.py [--hands 1000]``.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from scorekeeper.rules.settings import DEFAULT_RULES
from scorekeeper.rules.seats import Variant
from scorekeeper.logs.random_logs import play_random_hand, random_game_log

OUT = Path(__file__).resolve().parent / "out"
LONG_GAME_TARGET = 1_000_000


def random_hand_logs(n_hands: int, seed: int, variant: str | Variant = "partnership",
                     ) -> list[dict[str, Any]]:
    """``n_hands`` random legal hands (bids, deal, every trick, tricks won), dealer rotating."""
    v = Variant(variant)
    rng = random.Random(seed)
    dealer = rng.choice(v.seats)
    hands = []
    for _ in range(n_hands):
        hands.append(play_random_hand(rng, v, dealer))
        dealer = v.next_dealer(dealer)
    return hands


def quick_form(hand: dict[str, Any]) -> dict[str, Any]:
    """A hand as most tables record it: the dealer, the bids and the tricks each seat won."""
    return {"dealer": hand["dealer"], "bids": hand["bids"], "tricks_won": hand["tricks_won"]}


def long_game(n_hands: int, seed: int, *, card_by_card: bool = True,
              variant: str | Variant = "partnership") -> dict[str, Any]:
    """One game log of ``n_hands`` hands, played to a target no side reaches."""
    v = Variant(variant)
    hands = random_hand_logs(n_hands, seed, v)
    if not card_by_card:
        hands = [quick_form(h) for h in hands]
    return {"format": "spades-game", "format_version": "1.0", "variant": v.value,
            "players": {s.name: f"Player {s.name}" for s in v.seats},
            "rules": {"target_score": LONG_GAME_TARGET},
            "event": {"notes": f"benchmark input: {n_hands} random hands, seed {seed}"},
            "hands": hands}


def write_long_game_log(path: str | Path, n_hands: int, seed: int, *, card_by_card: bool = True,
                        variant: str | Variant = "partnership") -> Path:
    """Write :func:`long_game` to ``path`` (folders made as needed); returns the path."""
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    log = long_game(n_hands, seed, card_by_card=card_by_card, variant=variant)
    p.write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")
    return p


def write_card_by_card_logs(directory: str | Path, n_hands: int, seed: int) -> list[Path]:
    """Ordinary partnership games, card by card, until ``n_hands`` hands are written (the
    last game is cut short if need be, so it may end before anyone reaches 500)."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    rng = random.Random(seed)
    paths = []
    left = n_hands
    while left > 0:
        log = random_game_log(rng, Variant.PARTNERSHIP, card_by_card=True, rules=DEFAULT_RULES,
                              max_hands=min(left, 200))
        left -= len(log["hands"])
        p = d / f"game-{seed}-{len(paths) + 1:04d}.json"
        p.write_text(json.dumps(log, indent=2) + "\n", encoding="utf-8")
        paths.append(p)
    return paths


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=1000, help="hands in the long games")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    for name, cbc in (("long-card-by-card", True), ("long-quick", False)):
        p = write_long_game_log(args.out / f"{name}-{args.hands}.json", args.hands, args.seed,
                                card_by_card=cbc)
        print(f"wrote {p} ({p.stat().st_size // 1024} KiB)")
    paths = write_card_by_card_logs(args.out / "games", args.hands, args.seed)
    print(f"wrote {len(paths)} games in {args.out / 'games'}")


if __name__ == "__main__":
    main()
