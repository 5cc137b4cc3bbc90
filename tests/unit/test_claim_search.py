"""The fast claim verdicts (``rules.solver.claim_search``: DDS where bridge's rules are ours,
the search elsewhere) agree with the reference search (``rules.solver.search``) on seeded
random endings: spades broken and not, at a trick boundary and inside a trick, trick claims
(the same best count and the same refuting line) and Nil claims (the same verdict, and a line
in which the opponents do force the Nil bidder). Each test runs twice: with DDS answering only
positions of ``DDS_FROM`` cards or more, as in play, and with DDS answering from 3 cards, so
that small endings (quick for the reference) exercise every DDS call."""

from __future__ import annotations

import gc
import random
import weakref

import pytest
from solver_deals import random_hands

from scorekeeper.rules.solver import claim_search, compiled_search
from scorekeeper.rules.solver.dds_positions import bridge_rules_hold
from scorekeeper.rules.solver.search import (
    Goal,
    Position,
    apply_move,
    at_least,
    legal_moves,
    partnership,
    refute_claim,
    replay,
    solve,
)

N, E, S, W = 0, 1, 2, 3
SPADE_2, HEART_2, CLUB_2 = 39, 26, 0


@pytest.fixture(params=[3, claim_search.DDS_FROM], ids=["dds-from-3", "dds-as-in-play"])
def dds_from(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> int:
    monkeypatch.setattr(claim_search, "DDS_FROM", request.param)
    monkeypatch.setattr(claim_search, "ORACLE_FROM", max(request.param, 3))
    return request.param


@pytest.fixture(autouse=True, params=["compiled", "python"])
def search_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """Every test with the compiled search (where it was built) and with the Python one."""
    if request.param == "python":
        monkeypatch.setattr(compiled_search, "load", lambda: None)
    elif compiled_search.load() is None:
        pytest.skip("the compiled search was not built")
    return request.param


def random_position(rng: random.Random, n: int, broken: bool, plays: int = 0) -> Position:
    """A random four-seat ending of ``n`` cards a hand, then ``plays`` random legal cards."""
    pos = Position(random_hands(rng, n), rng.randrange(4), (), broken)
    for _ in range(plays):
        pos = apply_move(pos, rng.choice(legal_moves(pos)))
    return pos


def positions(seed: int, count: int, sizes: tuple[int, ...]) -> list[Position]:
    """Seeded endings: spades broken and not, a third of them inside a trick."""
    rng = random.Random(seed)
    return [random_position(rng, rng.choice(sizes), rng.random() < 0.4, rng.choice((0, 0, 1, 2, 3)))
            for _ in range(count)]


def test_bridge_rules_hold_only_where_no_lead_can_be_refused() -> None:
    spade, heart = 1 << SPADE_2, 1 << HEART_2
    mixed, only_spades, no_spades = spade | heart << 1, spade << 1 | spade << 2, heart << 3
    hands = (mixed, only_spades, no_spades, 1 << CLUB_2)
    assert bridge_rules_hold(hands, N, (), True)  # broken: the rules are bridge's
    assert not bridge_rules_hold(hands, N, (), False)  # N may not lead his spade
    assert bridge_rules_hold(hands, E, (), False)  # E must lead a spade, which breaks them
    assert not bridge_rules_hold(hands, S, (), False)  # S leads a heart; N may lead later
    assert bridge_rules_hold(hands, S, (HEART_2 + 5,), False) is False
    assert bridge_rules_hold(hands, S, (HEART_2 + 5, SPADE_2 + 9), False)  # a ruff broke them
    spadeless = (heart, heart << 1, heart << 2, heart << 4)
    assert bridge_rules_hold(spadeless, N, (), False)  # no spade left to lead


@pytest.mark.parametrize("seed", range(4))
def test_side_claims_match_the_reference(dds_from: int, seed: int) -> None:
    for pos in positions(100 + seed, 12, (4, 5, 6)):
        side = partnership(pos.to_move if seed % 2 else (pos.to_move + 1) % 4)
        best = solve(pos, Goal.side(side))
        for claimed in (best, best + 1, pos.tricks_left):
            got_best, line = claim_search.judge_side_claim(pos, side, claimed)
            assert got_best == best, pos
            # Both search the same optimal cards in the same order: the very same line.
            assert line == refute_claim(pos, side, claimed), (pos, claimed)
            if line is not None:
                end, won = replay(pos, line)
                assert sum(won[s] for s in side) + end.tricks_left < claimed
        assert claim_search.max_tricks(pos, side) == best


@pytest.mark.parametrize("seed", range(3))
def test_nil_claims_match_the_reference(dds_from: int, seed: int) -> None:
    for pos in positions(200 + seed, 10, (3, 4, 5)):
        seat = random.Random(seed).choice(pos.seats) if seed else pos.to_move
        goal = Goal.nil(pos, seat)
        for held_to in (0, 1):
            forced = at_least(pos, goal, held_to + 1)  # the reference: the opponents force more
            line = claim_search.refute_nil(pos, seat, held_to)
            assert (line is not None) == forced, (pos, seat, held_to)
            if line is None:
                continue
            # Every card of the opponents keeps the extra trick forced, and it is taken.
            at, won = pos, 0
            for mover, card in line:
                child = apply_move(at, card)
                if not child.trick_cards:
                    won = replay(pos, line[:line.index((mover, card)) + 1])[1][seat]
                if mover not in partnership(seat):
                    assert at_least(child, goal, held_to + 1 - won), (pos, line)
                at = child
            assert replay(pos, line)[1][seat] == held_to + 1


def test_a_full_deal_with_spades_broken_is_judged_by_dds() -> None:
    # Thirteen cards a hand: the reference would search for a minute; DDS answers at once.
    rng = random.Random(7)
    pos = random_position(rng, 13, broken=True)
    side = partnership(pos.leader)
    search = claim_search.BridgeSearch(Goal.side(side), False)
    best = search.value(pos)
    assert search.dds_calls >= 1 and search.nodes <= 1
    assert claim_search.judge_side_claim(pos, side, best) == (best, None)
    got, line = claim_search.judge_side_claim(pos, side, best + 1)
    assert got == best and line is not None
    end, won = replay(pos, line)
    assert sum(won[s] for s in side) + end.tricks_left < best + 1


def test_two_player_positions_go_to_the_reference() -> None:
    pos = Position(random_hands(random.Random(3), 5, (N, S)), N, (), False, two_player=True)
    search = claim_search.BridgeSearch(Goal.side({N}), True)
    assert not search.bridge
    assert search.value(pos) == solve(pos, Goal.side({N}))
    assert search.dds_calls == 0


def test_nil_safe_is_never_wrong() -> None:
    # Whenever the static test says a seat can win nothing, the reference agrees; and it
    # does say so in a good share of low hands (else the bound would be worth nothing).
    rng = random.Random(31)
    said_safe = 0
    for _ in range(400):
        n = rng.choice((3, 4, 5))
        pos = random_position(rng, n, rng.random() < 0.5)
        seat = rng.randrange(4)
        low = [c for c in range(52) if c % 13 < 6 and c < 39]  # give him low non-spades
        rng.shuffle(low)
        if rng.random() < 0.7:
            pos = _with_hand(pos, seat, low[:n])
        if claim_search.nil_safe(pos.hands, pos.leader, seat):
            said_safe += 1
            assert solve(pos, Goal.nil(pos, seat)) == 0, (pos, seat)
    assert said_safe >= 20


def _with_hand(pos: Position, seat: int, cards: list[int]) -> Position:
    """``pos`` with ``seat`` holding ``cards``: whoever held one of them gets one of his old
    cards in its place (old cards left over go out of play)."""
    new = sum(1 << c for c in cards)
    spare = pos.hands[seat] & ~new
    hands = list(pos.hands)
    for s in range(4):
        if s == seat:
            continue
        taken = hands[s] & new
        hands[s] &= ~taken
        for _ in range(taken.bit_count()):
            low = spare & -spare
            spare ^= low
            hands[s] |= low
    hands[seat] = new
    return Position(tuple(hands), pos.leader, (), pos.spades_broken)


def test_a_claim_search_and_its_table_go_when_the_verdict_is_given() -> None:
    # The compiled search's table (64 MB on a full deal) goes with the claim's search at
    # once: its DDS oracle holds the search weakly, so no cycle waits for the collector.
    pos = random_position(random.Random(8), 6, True)
    search = claim_search.BridgeSearch(Goal.side(partnership(pos.leader)), False)
    gc.disable()
    try:
        assert search.value(pos) == solve(pos, Goal.side(partnership(pos.leader)))
        gone = weakref.ref(search)
        del search
        assert gone() is None
    finally:
        gc.enable()


def test_without_dds_the_search_judges_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(claim_search, "available", lambda: False)
    pos = random_position(random.Random(5), 5, broken=True)
    side = partnership(pos.leader)
    search = claim_search.BridgeSearch(Goal.side(side), False)
    assert not search.bridge
    assert claim_search.judge_side_claim(pos, side, 5)[0] == solve(pos, Goal.side(side))
    assert search.dds_calls == 0
