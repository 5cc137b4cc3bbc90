"""Random hands for the solver tests: one home for dealing them."""

from __future__ import annotations

import random
from collections.abc import Sequence


def random_hands(rng: random.Random, n: int,
                 seats: Sequence[int] = (0, 1, 2, 3)) -> tuple[int, int, int, int]:
    """``n`` cards of one shuffled deck to each of ``seats`` in turn (the others none), as
    52-bit masks."""
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for i, seat in enumerate(seats):
        for c in deck[i * n:(i + 1) * n]:
            hands[seat] |= 1 << c
    return hands[0], hands[1], hands[2], hands[3]
