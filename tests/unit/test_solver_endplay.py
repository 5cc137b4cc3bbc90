"""Cross-check the Spades solver against DDS (through the endplay package).

Once spades are broken, Spades play is bridge play with spades as trumps, so
for endings at a trick boundary with spades broken the tricks the side on
lead can take must equal DDS's answer.  Seats match bridge: N=0, E=1, S=2,
W=3, clockwise.  The bridge the fast claim verdicts use (``dds_positions``: libdds
called directly) is held to the solver too, on every kind of position where the
rules coincide (spades broken, a leader holding only spades, none left; inside a
trick too): the count, the yes/no answer for each target, and the best cards.
Skipped when endplay is not installed.
"""

from __future__ import annotations

import random

import pytest
from solver_deals import random_hands

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
    return random_hands(rng, n)


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


# --- the DDS bridge the fast claim verdicts use (rules/solver/dds_positions.py) --------------

from scorekeeper.rules.solver.dds_positions import (
    best_cards,
    bridge_rules_hold,
    mover_reaches,
    tricks_to_mover,
)
from scorekeeper.rules.solver.search import (
    Goal,
    apply_move,
    legal_moves,
    solve,
)


def _positions_where_the_rules_coincide(rng: random.Random, count: int) -> list[Position]:
    """Random endings that ``bridge_rules_hold`` accepts: spades broken, or not broken with a
    leader holding only spades or nobody holding a spade; a third inside a trick."""
    out: list[Position] = []
    while len(out) < count:
        n = rng.choice((3, 4, 5))
        hands = random_ending(rng, n)
        leader = rng.randrange(4)
        pos = Position(hands, leader, (), rng.random() < 0.5)
        for _ in range(rng.choice((0, 0, 1, 2, 3))):
            pos = apply_move(pos, rng.choice(legal_moves(pos)))
        if bridge_rules_hold(pos.hands, pos.leader, pos.trick_cards, pos.spades_broken):
            out.append(pos)
    return out


@pytest.mark.parametrize("seed", range(3))
def test_the_dds_bridge_matches_the_solver_where_the_rules_coincide(seed: int) -> None:
    for pos in _positions_where_the_rules_coincide(random.Random(2000 + seed), 15):
        mover = pos.to_move
        side = partnership(mover)
        value = solve(pos, Goal.side(side))
        assert tricks_to_mover(pos.hands, pos.leader, pos.trick_cards) == value, pos
        for target in range(1, pos.tricks_left + 1):
            assert mover_reaches(pos.hands, pos.leader, pos.trick_cards, target) == (
                value >= target)
        # The best cards: those after which the side still takes ``value`` (the trick
        # counted when the card completes it), by the solver card by card.
        got, cards = best_cards(pos.hands, pos.leader, pos.trick_cards)
        assert got == value
        expected = set()
        for card in legal_moves(pos):
            child = apply_move(pos, card)
            won = 1 if not child.trick_cards and child.leader in side else 0
            if won + solve(child, Goal.side(side)) == value:
                expected.add(card)
        assert cards == expected, pos
