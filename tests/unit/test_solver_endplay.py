"""Cross-check the Spades solver against DDS (through the endplay package).

Once spades are broken, Spades play is bridge play with spades as trumps, so
for endings at a trick boundary with spades broken the tricks the side on
lead can take must equal DDS's answer.  Seats match bridge: N=0, E=1, S=2,
W=3, clockwise.  Skipped when endplay is not installed.
"""

from __future__ import annotations

import random

import pytest

endplay_types = pytest.importorskip("endplay.types")
endplay_dds = pytest.importorskip("endplay.dds")

from scorekeeper.rules.solver.search import Position, max_tricks, partnership  # noqa: E402

RANKS = "23456789TJQKA"
PLAYERS = ("north", "east", "south", "west")


def to_pbn(hands: tuple[int, ...]) -> str:
    """PBN deal from North, suits in PBN order S.H.D.C, ranks high to low."""
    parts = []
    for mask in hands:
        suits = []
        for suit in (3, 2, 1, 0):
            ranks = [RANKS[r] for r in range(12, -1, -1) if mask >> (suit * 13 + r) & 1]
            suits.append("".join(ranks))
        parts.append(".".join(suits))
    return "N:" + " ".join(parts)


def dds_tricks_for_leader_side(hands: tuple[int, ...], leader: int) -> int:
    deal = endplay_types.Deal(to_pbn(hands))
    deal.trump = endplay_types.Denom.spades
    deal.first = getattr(endplay_types.Player, PLAYERS[leader])
    solved = endplay_dds.solve_board(deal)
    return max(tricks for _, tricks in solved)


def random_ending(rng: random.Random, n: int) -> tuple[int, ...]:
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [0, 0, 0, 0]
    for seat in range(4):
        for c in deck[seat * n:(seat + 1) * n]:
            hands[seat] |= 1 << c
    return tuple(hands)


def test_pbn_conversion() -> None:
    # North: AS KS QH 2C.
    north = 1 << 51 | 1 << 50 | 1 << (2 * 13 + 10) | 1 << 0
    assert to_pbn((north, 0, 0, 0)) == "N:AK.Q..2 ... ... ..."


@pytest.mark.parametrize("seed", range(6))
def test_matches_dds_on_random_endings(seed: int) -> None:
    rng = random.Random(1000 + seed)
    for n in (3, 5, 6):
        hands = random_ending(rng, n)
        leader = rng.randrange(4)
        pos = Position(hands, leader, spades_broken=True)
        expected = dds_tricks_for_leader_side(hands, leader)
        assert max_tricks(pos, partnership(leader)) == expected, (to_pbn(hands), leader)
        # The other side's answer is the complement.
        assert max_tricks(pos, partnership((leader + 1) % 4)) == n - expected
