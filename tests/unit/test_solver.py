"""Tests for the Spades double-dummy solver (scorekeeper.rules.solver.search).

Hand-made endings with answers worked out by hand, plus a property test
against a plain minimax written here without any pruning or equivalences.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules.solver.search import (
    Goal,
    Position,
    apply_move,
    at_least,
    can_guarantee,
    can_hold_to,
    card_text,
    legal_moves,
    max_tricks,
    min_tricks_for_seat,
    partnership,
    refute_claim,
    refute_nil,
    replay,
    SearchStopped,
    solve,
    stoppable,
    trick_winner,
)

N, E, S, W = 0, 1, 2, 3
NS, EW = frozenset({N, S}), frozenset({E, W})


def card(text: str) -> int:
    """'AS' -> 51, '2C' -> 0."""
    return "CDHS".index(text[1]) * 13 + "23456789TJQKA".index(text[0])


def hand(pbn: str) -> int:
    """A hand from PBN suit order S.H.D.C, e.g. 'AK.Q..2'."""
    mask = 0
    for suit_index, ranks in enumerate(pbn.split(".")):
        suit = "SHDC"[suit_index]
        for r in ranks:
            mask |= 1 << card(r + suit)
    return mask


def deal(n: str, e: str, s: str, w: str) -> tuple[int, int, int, int]:
    return hand(n), hand(e), hand(s), hand(w)


# ---------------------------------------------------------------- basics


def test_card_text_and_encoding() -> None:
    assert card_text(51) == "AS"
    assert card_text(0) == "2C"
    assert card("TH") == 2 * 13 + 8


def test_one_card_ending_highest_of_suit_led_wins() -> None:
    pos = Position(deal("..2.", "..K.", "..3.", "..A."), leader=N, spades_broken=True)
    assert max_tricks(pos, NS) == 0
    assert max_tricks(pos, EW) == 1


def test_trumping_in_when_void() -> None:
    # N leads the ace of hearts; East has no heart and ruffs with the 2 of spades.
    pos = Position(deal(".A..", "2...", ".3..", ".4.."), leader=N, spades_broken=True)
    assert legal_moves(apply_move(pos, card("AH"))) == [card("2S")]
    assert max_tricks(pos, NS) == 0
    assert max_tricks(pos, EW) == 1


def test_follow_suit_is_forced() -> None:
    pos = Position(deal(".A.2.", "2.3..", ".4.3.", ".5.4."), leader=N, spades_broken=True)
    after = apply_move(pos, card("AH"))
    assert legal_moves(after) == [card("3H")]
    with pytest.raises(ValueError):
        apply_move(after, card("2S"))


def test_trick_winner() -> None:
    cards = [card(c) for c in ("KH", "AH", "2S", "3D")]
    assert trick_winner(W, cards) == E  # W, N, E, S: East's 2S trumps
    assert trick_winner(N, [card("9D"), card("AC")], two_player=True) == N


# ---------------------------------------------------------------- finesses


def test_finesse_works_when_led_towards_the_tenace() -> None:
    # N holds AQ of hearts, W holds the king: a heart from S traps it.
    hands = deal(".AQ..", ".65..", ".32..", ".K4..")
    assert max_tricks(Position(hands, leader=S, spades_broken=True), NS) == 2
    # N on lead must lead away from AQ: the king takes a trick.
    assert max_tricks(Position(hands, leader=N, spades_broken=True), NS) == 1


def test_finesse_fails_when_the_king_sits_behind() -> None:
    hands = deal(".AQ..", ".K4..", ".32..", ".65..")
    assert max_tricks(Position(hands, leader=S, spades_broken=True), NS) == 1
    assert max_tricks(Position(hands, leader=S, spades_broken=True), EW) == 1


# ---------------------------------------------------------------- spades not broken


def test_spades_may_not_be_led_before_broken() -> None:
    hands = deal("A.A..", "2..2.", "..43.", "..65.")
    unbroken = Position(hands, leader=N, spades_broken=False)
    broken = Position(hands, leader=N, spades_broken=True)
    assert legal_moves(unbroken) == [card("AH")]
    assert legal_moves(broken) == [card("AH"), card("AS")]
    # Broken: cash AS (drawing East's only trump), then AH.  Unbroken: the AH
    # must go first and East ruffs it.
    assert max_tricks(broken, NS) == 2
    assert max_tricks(unbroken, NS) == 1


def test_a_leader_with_only_spades_may_lead_them() -> None:
    pos = Position(deal("AK...", "..32.", "...32", ".32.."), leader=N)
    assert legal_moves(pos) == [card("KS"), card("AS")]
    assert max_tricks(pos, NS) == 2


def test_a_spade_discard_breaks_spades() -> None:
    pos = Position(deal("..A.2", "2.3..", "..3.3", "..4.4"), leader=N)
    after = apply_move(pos, card("AD"))
    assert not after.spades_broken
    after = apply_move(after, card("2S"))  # East is void in diamonds
    assert after.spades_broken


# ---------------------------------------------------------------- two players


def test_two_player_ending() -> None:
    # N: AH QH 2C, S: KH 3C 4S.  Leading the QH loses everything (S covers,
    # cashes the 3C and ruffs), the 2C or AH holds N to one trick.
    pos = Position((hand(".AQ..2"), 0, hand("4.K..3"), 0), leader=N, two_player=True)
    assert max_tricks(pos, {N}) == 1
    assert max_tricks(pos, {S}) == 2
    assert solve(apply_move(pos, card("QH")), Goal.side({N})) == 0


def test_two_player_position_rejects_east_west_cards() -> None:
    with pytest.raises(ValueError):
        Position((hand("A..."), hand("K..."), hand("Q..."), 0), leader=N, two_player=True)


# ---------------------------------------------------------------- Nil


def test_nil_bidder_forced_to_win() -> None:
    # North (Nil) holds the only heart honour; everyone must follow hearts.
    pos = Position(deal(".A..", ".2..", ".3..", ".4.."), leader=E, spades_broken=True)
    assert min_tricks_for_seat(pos, N) == 1
    assert not can_hold_to(pos, N, 0)
    assert can_hold_to(pos, N, 1)
    line = refute_nil(pos, N)
    assert line is not None
    _, won = replay(pos, line)
    assert won[N] == 1


def test_nil_bidder_can_always_duck() -> None:
    pos = Position(deal(".32..", ".AK..", ".54..", ".QJ.."), leader=E, spades_broken=True)
    assert min_tricks_for_seat(pos, N) == 0
    assert can_hold_to(pos, N, 0)
    assert refute_nil(pos, N) is None


def test_partner_overtakes_to_save_the_nil() -> None:
    # W leads the QH; North must play his KH, South overtakes with the ace
    # and cashes the 3H; on a club lead from W, North's 2C is safe.
    hands = deal(".K..2", ".5..3", ".A3..", ".Q..5")
    pos = Position(hands, leader=W, spades_broken=True)
    assert min_tricks_for_seat(pos, N) == 0
    # If South did not help (everyone else feeding North), North is set.
    assert solve(pos, Goal(frozenset({N}), frozenset({E, S, W}))) == 1


def test_nil_in_two_player_game() -> None:
    # S (Nil) holds AH and a small club: N leads the 2H and S must win.
    pos = Position((hand(".2..A"), 0, hand(".A..2"), 0), leader=N, two_player=True)
    assert min_tricks_for_seat(pos, S) == 1
    # Here S's cards are lower than N's in both suits.
    pos2 = Position((hand(".K..A"), 0, hand(".2..3"), 0), leader=N, two_player=True)
    assert min_tricks_for_seat(pos2, S) == 0


# ---------------------------------------------------------------- claims


def test_claim_accepted_and_refuted_with_a_replayable_line() -> None:
    hands = deal(".AQ..", ".65..", ".32..", ".K4..")
    good = Position(hands, leader=S, spades_broken=True)
    assert can_guarantee(good, NS, 2)
    assert refute_claim(good, NS, 2) is None
    bad = Position(hands, leader=N, spades_broken=True)
    assert not can_guarantee(bad, NS, 2)
    line = refute_claim(bad, NS, 2)
    assert line is not None
    pos = bad
    for seat, c in line:
        assert seat == pos.to_move
        assert c in legal_moves(pos)
        pos = apply_move(pos, c)
    end, won = replay(bad, line)
    assert end == pos
    assert won[N] + won[S] + end.tricks_left < 2  # the claim is beaten
    assert won[N] + won[S] == 1  # N-S still take the trick they are due


def test_refutation_of_a_mid_trick_claim() -> None:
    # W has led the 4H into N's AQ; a heart is not a finesse any more, so
    # N-S take both tricks.  Before W's lead, N-S claim 2 with N on lead.
    hands = deal(".AQ..", ".65..", ".32..", ".K4..")
    pos = Position(hands, leader=W, spades_broken=True)
    mid = apply_move(pos, card("4H"))
    assert mid.to_move == N
    assert max_tricks(mid, NS) == 2
    assert refute_claim(mid, NS, 2) is None
    # Claiming more tricks than remain is refuted without any play.
    assert refute_claim(mid, NS, 3) == ()


def test_principal_line_claimer_plays_best_try() -> None:
    # N-S claim all 3 tricks with N to lead.  The claim fails; the line must
    # still let N-S take the 2 tricks they are due before it is beaten.
    hands = deal(".AQ.A.", ".65.2.", ".32.3.", ".K4.4.")
    pos = Position(hands, leader=N, spades_broken=True)
    assert max_tricks(pos, NS) == 2
    line = refute_claim(pos, NS, 3)
    assert line is not None
    end, won = replay(pos, line)
    assert won[N] + won[S] == 2 and won[E] + won[W] == 1


def _shuffled_deal(seed: int) -> tuple[int, int, int, int]:
    cards = list(range(52))
    random.Random(seed).shuffle(cards)
    return tuple(sum(1 << c for c in cards[13 * i:13 * i + 13]) for i in range(4))


# A random full deal: a search of millions of positions (seconds to a minute), to be stopped.
FULL_DEAL = _shuffled_deal(2026)


def test_a_stoppable_search_ends_when_asked() -> None:
    asked = []

    def stop() -> bool:
        asked.append(1)
        return len(asked) >= 2  # the second time it is asked

    with stoppable(stop), pytest.raises(SearchStopped):
        max_tricks(Position(FULL_DEAL, leader=W), NS)
    assert len(asked) == 2


def test_a_search_not_asked_to_stop_gives_the_same_answers() -> None:
    hands = deal(".AQ..", ".65..", ".32..", ".K4..")
    with stoppable(lambda: False):
        inside = (max_tricks(Position(hands, leader=S, spades_broken=True), NS),
                  refute_claim(Position(hands, leader=N, spades_broken=True), NS, 2))
    assert inside == (2, refute_claim(Position(hands, leader=N, spades_broken=True), NS, 2))
    # Outside the block, nothing stops a search (the stop belonged to the block).
    with stoppable(lambda: True), pytest.raises(SearchStopped):
        max_tricks(Position(FULL_DEAL, leader=W), NS)
    assert max_tricks(Position(hands, leader=S, spades_broken=True), NS) == 2


def test_bad_arguments() -> None:
    pos = Position(deal(".A..", ".2..", ".3..", ".4.."), leader=E)
    with pytest.raises(ValueError):
        max_tricks(pos, {5})
    with pytest.raises(ValueError):
        Position(deal(".A..", ".2..", ".3..", ".4.."), leader=E, trick_cards=(card("AH"),))
    with pytest.raises(ValueError):
        Position((hand("A..."), hand("A..."), 0, 0), leader=N)


# ---------------------------------------------------------------- property test


def naive_value(pos: Position, goal: Goal) -> int:
    """Plain minimax over every legal card: target tricks under best play."""
    if pos.tricks_left == 0:
        return 0
    closes = len(pos.trick_cards) == len(pos.seats) - 1
    values = []
    for c in legal_moves(pos):
        child = apply_move(pos, c)
        gained = int(closes and child.leader in goal.target)
        values.append(gained + naive_value(child, goal))
    return max(values) if pos.to_move in goal.maximizers else min(values)


@st.composite
def endings(draw: st.DrawFn) -> Position:
    two = draw(st.booleans())
    seats = (0, 2) if two else (0, 1, 2, 3)
    n = draw(st.integers(1, 4 if two else 3))
    deck = draw(st.permutations(range(52)))
    hands = [0, 0, 0, 0]
    for i, s in enumerate(seats):
        for c in deck[i * n:(i + 1) * n]:
            hands[s] |= 1 << c
    pos = Position(tuple(hands), draw(st.sampled_from(seats)),
                   spades_broken=draw(st.booleans()), two_player=two)
    for _ in range(draw(st.integers(0, len(seats) - 1))):
        pos = apply_move(pos, draw(st.sampled_from(legal_moves(pos))))
    return pos


@settings(max_examples=150, deadline=None)
@given(pos=endings(), data=st.data())
def test_solver_matches_plain_minimax(pos: Position, data: st.DataObject) -> None:
    seat = data.draw(st.sampled_from(pos.seats))
    side = partnership(seat, pos.two_player)
    expected = naive_value(pos, Goal.side(side))
    assert max_tricks(pos, side) == expected
    k = data.draw(st.integers(0, pos.tricks_left + 1))
    assert can_guarantee(pos, side, k) == (expected >= k)
    nil = naive_value(pos, Goal.nil(pos, seat))
    assert min_tricks_for_seat(pos, seat) == nil
    assert can_hold_to(pos, seat, 0) == (nil == 0)
    line = refute_claim(pos, side, k)
    assert (line is None) == (expected >= k)
    if line is not None:
        end, won = replay(pos, line)
        assert sum(won[s] for s in side) + end.tricks_left < k
    line = refute_nil(pos, seat)
    assert (line is None) == (nil == 0)
    if line is not None:
        assert replay(pos, line)[1][seat] == 1


@settings(max_examples=50, deadline=None)
@given(pos=endings(), data=st.data())
def test_custom_goals_match_plain_minimax(pos: Position, data: st.DataObject) -> None:
    # Goals a referee does not need but the solver accepts: a partner who
    # works against his side, everybody keeping one seat down.
    seat = data.draw(st.sampled_from(pos.seats))
    side = partnership(seat, pos.two_player)
    for goal in (Goal(side, frozenset({seat})), Goal(frozenset({seat}), frozenset()),
                 Goal.side({seat})):
        assert solve(pos, goal) == naive_value(pos, goal)


def test_at_least_with_custom_goal() -> None:
    # Everybody else keeps North from a trick: with only hearts, the AH wins.
    pos = Position(deal(".A..", ".2..", ".3..", ".4.."), leader=E)
    assert at_least(pos, Goal(frozenset({N}), frozenset()), 1)
