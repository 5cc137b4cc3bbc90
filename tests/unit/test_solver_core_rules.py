"""The double-dummy solver plays by the core's rules (``scorekeeper.rules.trick``).

The solver takes its legal cards and trick winners from the core (``solver/position.py``), but
two parts of its search are fast paths that repeat a rule: which cards a seat may play when it
follows suit (``moves.MoveOrder.moves``, one card per group of touching cards) and who is
winning a trick card by card (the table ``trick.BEATS``, which bitplay shares). Proven here on random positions
of both variants, spades broken or not, at a lead or mid-trick:

* the cards the search tries, each with its touching group, are exactly ``legal_plays``;
* ``legal_moves``, ``trick_winner``, ``apply_move``, ``partnership`` agree with
  ``legal_plays``, ``winning_index``, ``Variant.turn_order`` and ``Variant.members``;
* folding ``BEATS`` over a trick names ``winning_index``'s winner;
* ``max_tricks`` and ``min_tricks_for_seat`` equal a brute-force minimax written here with the
  core's functions only (no solver code).
"""

from __future__ import annotations

import itertools
from functools import cache

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.cards import SUIT_MASKS, cards_in, mask_of
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.rules.trick import BEATS
from scorekeeper.rules.solver.search import (
    Goal, Position, _Search, apply_move, legal_moves, max_tricks, min_tricks_for_seat,
    partnership, trick_state, trick_winner)
from scorekeeper.rules.trick import legal_plays, winning_index
from scorekeeper.rules.trick import trick_winner as core_trick_winner

SPADES = 3
VARIANT = {False: Variant.PARTNERSHIP, True: Variant.TWO_PLAYER}


# -- random positions ------------------------------------------------------------------------
def core_legal(pos: Position) -> int:
    """The core's legal cards for the seat to move at ``pos``."""
    led = pos.trick_cards[0] // 13 if pos.trick_cards else None
    return legal_plays(pos.hands[pos.to_move], led, pos.spades_broken)


@st.composite
def positions(draw: st.DrawFn, max_cards: int = 13, two_player: bool | None = None) -> Position:
    """A dealt ending of either variant, then 0 to (seats - 1) cards of a trick played with
    the core's legal cards. The cards come from a random set of suits, so that voids (a seat
    that cannot follow) and hands of spades only (a spade lead before they are broken) are
    common."""
    two = draw(st.booleans()) if two_player is None else two_player
    variant = VARIANT[two]
    seats = [int(s) for s in variant.seats]
    suits = draw(st.sets(st.integers(0, 3), min_size=1))
    pool = [c for c in range(52) if c // 13 in suits]
    n = draw(st.integers(1, min(max_cards, len(pool) // len(seats))))
    deck = draw(st.permutations(pool))
    hands = [0, 0, 0, 0]
    for i, s in enumerate(seats):
        hands[s] = mask_of(deck[i * n:(i + 1) * n])
    pos = Position(tuple(hands), draw(st.sampled_from(seats)),
                   spades_broken=draw(st.booleans()), two_player=two)
    for _ in range(draw(st.integers(0, len(seats) - 1))):
        pos = apply_move(pos, draw(st.sampled_from(list(cards_in(core_legal(pos))))))
    return pos


def goals(pos: Position) -> st.SearchStrategy[Goal]:
    seats = pos.seats
    return st.one_of(
        st.sampled_from(seats).map(lambda s: Goal.side(partnership(s, pos.two_player))),
        st.sampled_from(seats).map(lambda s: Goal.nil(pos, s)),
        st.builds(Goal, st.frozensets(st.sampled_from(seats)),
                  st.frozensets(st.sampled_from(seats))))


# -- the search's legal cards ----------------------------------------------------------------
def touching_groups(pos: Position, legal: int) -> list[int]:
    """The legal cards of the seat to move cut into groups of touching cards, as masks: cards
    of one suit with no card between them still in play (in another seat's hand, or on the
    table in this trick). Written from the definition, rank by rank."""
    hand = pos.hands[pos.to_move]
    in_play = mask_of(pos.trick_cards)
    for h in pos.hands:
        in_play |= h
    groups = []
    for suit in range(4):
        group = 0
        for c in range(13 * suit, 13 * suit + 13):
            if not in_play >> c & 1:
                continue  # played in an earlier trick: separates nothing
            if legal >> c & 1:
                group |= 1 << c
            else:
                if group:
                    groups.append(group)
                group = 0
                # a card of the seat's that is not legal cannot sit between legal ones
                assert not (hand >> c & 1 and legal & SUIT_MASKS[suit])
        if group:
            groups.append(group)
    return groups


@settings(max_examples=400, deadline=None)
@given(data=st.data())
def test_the_cards_the_search_tries_are_the_core_legal_plays(data: st.DataObject) -> None:
    pos = data.draw(positions())
    goal = data.draw(goals(pos))
    search = _Search(goal, pos.two_player)
    search.hands = list(pos.hands)
    seat = pos.to_move
    tried = list(search.moves(seat, pos.hands[seat], *trick_state(pos), pos.spades_broken))
    legal = core_legal(pos)
    assert len(tried) == len(set(tried))
    assert mask_of(tried) & ~legal == 0, "the search tries a card the core forbids"
    # One card of each group of touching legal cards, and every group.
    groups = touching_groups(pos, legal)
    assert sorted(sum(1 for c in tried if g >> c & 1) for g in groups) == [1] * len(groups)


@settings(max_examples=300, deadline=None)
@given(pos=positions())
def test_legal_moves_seat_order_and_sides_are_the_cores(pos: Position) -> None:
    variant = VARIANT[pos.two_player]
    assert legal_moves(pos) == list(cards_in(core_legal(pos)))
    assert pos.seats == tuple(int(s) for s in variant.seats)
    assert pos.trick_order() == tuple(int(s) for s in variant.turn_order(Seat(pos.leader)))
    assert pos.to_move == variant.turn_order(Seat(pos.leader))[len(pos.trick_cards)]
    for seat in variant.seats:
        side = variant.members(variant.side_of(seat))
        assert partnership(int(seat), pos.two_player) == frozenset(int(s) for s in side)


@settings(max_examples=300, deadline=None)
@given(pos=positions(), data=st.data())
def test_the_trick_winner_is_the_cores(pos: Position, data: st.DataObject) -> None:
    variant = VARIANT[pos.two_player]
    leader = Seat(pos.leader)
    if pos.trick_cards:  # mid-trick: the seat winning it so far
        winning = variant.turn_order(leader)[winning_index(pos.trick_cards)]
        assert trick_winner(pos.leader, pos.trick_cards, pos.two_player) == winning
        _, _, best, best_seat, _ = trick_state(pos)
        assert (best_seat, best) == (winning, pos.trick_cards[pos.trick_order().index(winning)])
    # Finish the trick: the next leader is the core's winner; spades broken as the core says.
    while True:
        card = data.draw(st.sampled_from(legal_moves(pos)))
        closes = len(pos.trick_cards) == len(pos.seats) - 1
        trick = pos.trick_cards + (card,)
        after = apply_move(pos, card)
        assert after.spades_broken == (pos.spades_broken or card // 13 == SPADES)
        if closes:
            break
        pos = after
    expected = core_trick_winner(trick, leader, variant)
    assert trick_winner(int(leader), trick, pos.two_player) == after.leader == expected


def fold_beats(cards) -> int:
    """The index of the trick's winner, following it card by card through ``BEATS``."""
    best = 0
    for i in range(1, len(cards)):
        if BEATS[cards[best]][cards[i]]:
            best = i
    return best


def test_beats_is_winning_index_on_two_cards_and_on_every_three_card_trick() -> None:
    assert all(BEATS[a][b] == (winning_index((a, b)) == 1)
               for a in range(52) for b in range(52))
    # Every three-card trick of distinct cards: the table walks to the core's winner, so the
    # search, which keeps only the card winning so far, can follow a trick through it.
    for trick in itertools.permutations(range(52), 3):
        assert fold_beats(trick) == winning_index(trick), trick


@settings(max_examples=500, deadline=None)
@given(trick=st.lists(st.integers(0, 51), min_size=2, max_size=4, unique=True))
def test_beats_walks_to_the_core_winner_on_any_trick(trick: list[int]) -> None:
    assert fold_beats(trick) == winning_index(trick)


# -- the search's answer against a brute-force minimax on the core's rules ---------------------
def brute_force(pos: Position, goal: Goal) -> int:
    """Target tricks under best play, every legal card of every seat tried, nothing pruned or
    merged: only ``legal_plays``, ``winning_index`` and ``Variant.turn_order``, and spades
    broken once a spade is played (docs/rules.md)."""
    variant = VARIANT[pos.two_player]

    @cache
    def value(hands: tuple[int, ...], leader: Seat, trick: tuple[int, ...], broken: bool) -> int:
        order = variant.turn_order(leader)
        seat = order[len(trick)]
        if not hands[seat]:
            return 0
        led = trick[0] // 13 if trick else None
        results = []
        for c in cards_in(legal_plays(hands[seat], led, broken)):
            rest = hands[:seat] + (hands[seat] & ~(1 << c),) + hands[seat + 1:]
            now = trick + (c,)
            spade = broken or c // 13 == SPADES
            if len(now) == len(order):
                winner = order[winning_index(now)]
                results.append((winner in goal.target) + value(rest, winner, (), spade))
            else:
                results.append(value(rest, leader, now, spade))
        return max(results) if seat in goal.maximizers else min(results)

    return value(pos.hands, Seat(pos.leader), pos.trick_cards, pos.spades_broken)


@settings(max_examples=150, deadline=None)
@given(pos=st.one_of(positions(max_cards=4, two_player=False),
                     positions(max_cards=7, two_player=True)),
       data=st.data())
def test_max_tricks_equals_a_brute_force_on_the_core_rules(pos: Position,
                                                           data: st.DataObject) -> None:
    seat = data.draw(st.sampled_from(pos.seats))
    side = partnership(seat, pos.two_player)
    assert max_tricks(pos, side) == brute_force(pos, Goal.side(side))
    assert min_tricks_for_seat(pos, seat) == brute_force(pos, Goal.nil(pos, seat))


def test_the_brute_force_sees_the_rules() -> None:
    # N must not lead his AS before spades are broken (he has a heart); E ruffs the AH.
    hands = (mask_of([51, 38]), mask_of([39, 13]), mask_of([27, 28]), mask_of([29, 30]))
    unbroken = Position(hands, leader=0)
    assert brute_force(unbroken, Goal.side({0, 2})) == max_tricks(unbroken, {0, 2}) == 1
    broken = Position(hands, leader=0, spades_broken=True)
    assert brute_force(broken, Goal.side({0, 2})) == max_tricks(broken, {0, 2}) == 2
