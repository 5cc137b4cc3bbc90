"""The compiled search (``rules.solver._spades_dd`` through ``compiled_search``) against the
reference search (``rules.solver.search._Search``) on seeded random positions: four seats and
two, spades broken and not, at a trick boundary and inside a trick, trick claims and Nil
claims, every question from "at least 0" to "more than are left". The lines built on its
answers are the reference's (``test_claim_search.py`` runs every claim test with the compiled
search and without it); here also its DDS oracle, its stop and its absence."""

from __future__ import annotations

import random

import pytest
from solver_deals import random_hands

from scorekeeper.rules.solver import claim_search, compiled_search
from scorekeeper.rules.solver.search import (
    Goal,
    Position,
    SearchStopped,
    _Search,
    apply_move,
    legal_moves,
    partnership,
    replay,
    solve,
    stoppable,
    trick_state,
)

MODULE = compiled_search.load()
needs_module = pytest.mark.skipif(MODULE is None, reason="the compiled search was not built")


def random_position(rng: random.Random, n: int, two_player: bool, broken: bool,
                    plays: int) -> Position:
    seats = (0, 2) if two_player else (0, 1, 2, 3)
    pos = Position(random_hands(rng, n, seats), rng.choice(seats), (), broken, two_player)
    for _ in range(plays):
        pos = apply_move(pos, rng.choice(legal_moves(pos)))
    return pos


def random_case(rng: random.Random, sizes: tuple[int, ...]) -> tuple[Position, Goal, int]:
    """A position, a goal (a side's tricks, or a Nil), and the Nil bidder for the bound."""
    two = rng.random() < 0.2
    n = rng.choice(sizes) + (3 if two else 0)
    pos = random_position(rng, n, two, rng.random() < 0.4, rng.randrange(2 if two else 4))
    seat = rng.choice(pos.seats)
    if rng.random() < 0.5:
        return pos, Goal.side(partnership(seat, two)), -1
    return pos, Goal.nil(pos, seat), -1 if two else seat


@needs_module
@pytest.mark.parametrize("seed", range(6))
def test_every_answer_is_the_reference_answer(seed: int) -> None:
    rng = random.Random(1400 + seed)
    for _ in range(40):
        pos, goal, nil_seat = random_case(rng, (3, 4, 5, 6))
        compiled = compiled_search.CompiledSearch(MODULE, goal, pos.two_player, nil_seat)
        reference = _Search(goal, pos.two_player)
        for k in range(-1, pos.tricks_left + 2):
            assert compiled.at_least(pos, k) == reference.at_least(pos, k), (pos, goal, k)


@needs_module
@pytest.mark.parametrize("table_bits", [4, 15, 18])
def test_every_table_size_gives_the_reference_answer(table_bits: int) -> None:
    # A table of 16 buckets overwrites entries all the time (it may lose work, never answer
    # wrong); from 16 MB (18 bits) the table is mapped in huge pages where Linux gives them,
    # as a full deal's is: the same answers either way.
    rng = random.Random(1600 + table_bits)
    for _ in range(30):
        pos, goal, nil_seat = random_case(rng, (4, 5, 6, 7))
        searcher = MODULE.Searcher(sum(1 << s for s in goal.target),
                                   sum(1 << s for s in goal.maximizers), pos.two_player,
                                   nil_seat, table_bits=table_bits)
        reference = _Search(goal, pos.two_player)
        idx, lead_suit, best, best_seat, played = trick_state(pos)
        for k in range(pos.tricks_left + 2):
            got = searcher.at_least(pos.hands, pos.leader, idx, lead_suit, best, best_seat,
                                    played, pos.spades_broken, k, None)
            assert got == reference.at_least(pos, k), (pos, goal, k, table_bits)


@needs_module
def test_a_fresh_table_and_a_shared_one_agree() -> None:
    # One searcher asked many questions (its table carrying bounds from one to the next), as
    # a verdict and its line do, against a fresh reference for each.
    rng = random.Random(77)
    for _ in range(25):
        pos, goal, nil_seat = random_case(rng, (5, 6, 7))
        compiled = compiled_search.CompiledSearch(MODULE, goal, pos.two_player, nil_seat)
        value = solve(pos, goal)
        for card in legal_moves(pos):
            child = apply_move(pos, card)
            for k in (value - 1, value, value + 1):
                assert compiled.at_least(child, k) == _Search(goal, pos.two_player).at_least(
                    child, k), (child, goal, k)


@needs_module
@pytest.mark.parametrize("seed", range(3))
def test_the_dds_oracle_gives_the_reference_values(monkeypatch: pytest.MonkeyPatch,
                                                   seed: int) -> None:
    # DDS answers every broken trick boundary of 3 cards or more: still the reference's counts
    # (spades not broken at the start, so the search plays our rule until they are).
    monkeypatch.setattr(claim_search, "ORACLE_FROM", 3)
    rng = random.Random(1500 + seed)
    for _ in range(10):
        pos = random_position(rng, rng.choice((5, 6, 7)), False, False, rng.randrange(4))
        goal = Goal.side(partnership(rng.randrange(4)))
        search = claim_search.BridgeSearch(goal, False)
        assert search.compiled is not None
        assert search.value(pos) == solve(pos, goal), pos


@needs_module
def test_the_oracle_is_asked_and_its_error_stops_the_search() -> None:
    rng = random.Random(9)
    pos = random_position(rng, 7, False, True, 0)
    goal = Goal.side(partnership(pos.leader))
    asked = []

    def oracle(hands: tuple[int, int, int, int], leader: int, k: int) -> bool:
        asked.append((hands, leader, k))
        raise RuntimeError("the oracle failed")

    compiled = compiled_search.CompiledSearch(MODULE, goal, False, -1, oracle, 3)
    with pytest.raises(RuntimeError, match="the oracle failed"):
        compiled.at_least(pos, 3)
    assert asked and sum(asked[0][0][s].bit_count() for s in range(4)) == 4 * 7


@needs_module
def test_a_searcher_answers_one_question_at_a_time() -> None:
    # Its question's state lives on it while the GIL is released: a second question meanwhile
    # (another thread, or here its own oracle asking again) is refused, not a crash.
    rng = random.Random(9)
    pos = random_position(rng, 7, False, True, 0)
    goal = Goal.side(partnership(pos.leader))
    again = [True]

    def oracle(hands: tuple[int, int, int, int], leader: int, k: int) -> bool:
        if again[0]:
            again[0] = False
            compiled.at_least(pos, 2)
        return False

    compiled = compiled_search.CompiledSearch(MODULE, goal, False, -1, oracle, 3)
    with pytest.raises(RuntimeError, match="already searching"):
        compiled.at_least(pos, 3)
    assert compiled.at_least(pos, 0)  # free again afterwards


@needs_module
def test_a_searcher_without_a_table_or_given_no_card_is_refused() -> None:
    hands = [0b111, 0b111000, 0b111000000, 0b111000000000]
    bare = MODULE.Searcher.__new__(MODULE.Searcher)
    with pytest.raises(RuntimeError, match="no table"):
        bare.at_least(hands, 0, 0, -1, -1, 0, 0, True, 2, None)
    searcher = MODULE.Searcher(0b0101, 0b0101, False, -1, table_bits=10)
    with pytest.raises(ValueError, match="above 51"):
        searcher.at_least([1 << 52, *hands[1:]], 0, 0, -1, -1, 0, 0, True, 1, None)
    with pytest.raises(ValueError, match="trick so far"):
        searcher.at_least(hands, 0, 1, 7, 0, 0, 1, True, 1, None)
    assert searcher.at_least(hands, 0, 0, -1, -1, 0, 0, True, 0, None) is True


@needs_module
def test_stop_ends_a_long_search() -> None:
    # A full deal's Nil with spades not broken that runs far past the first stop() question
    # (some 1.4 million positions).
    pos = random_position(random.Random(1), 13, False, False, 0)
    seat = 2
    asked = []

    def stop() -> bool:
        asked.append(True)
        return True

    with pytest.raises(SearchStopped), stoppable(stop):
        claim_search.refute_nil(pos, seat, 0)
    assert asked == [True]


def test_without_the_module_the_python_search_judges(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(compiled_search, "load", lambda: None)
    pos = random_position(random.Random(4), 5, False, False, 1)
    side = partnership(pos.to_move)
    search = claim_search.BridgeSearch(Goal.side(side), False)
    assert search.compiled is None
    best, line = claim_search.judge_side_claim(pos, side, 5)
    assert best == solve(pos, Goal.side(side))
    if line is not None:
        end, won = replay(pos, line)
        assert sum(won[s] for s in side) + end.tricks_left < 5


def test_the_environment_switch_leaves_it_unused(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(compiled_search.DISABLE_ENV, "1")
    monkeypatch.setattr(compiled_search, "_TRIED", False)
    monkeypatch.setattr(compiled_search, "_MODULE", None)
    assert compiled_search.load() is None
    assert claim_search.BridgeSearch(Goal.side({0, 2}), False).compiled is None
