"""Claims judged fast: the search of ``search.py`` with DDS answering where it may.

A side's claim in the four-seat game is a trick-count question between two partnerships, which
is the question DDS answers, under bridge's rules. Where those rules are ours
(``dds_positions.bridge_rules_hold``: spades broken, none left, or a leader holding only
spades), :class:`BridgeSearch` asks DDS instead of searching: one call for the exact count, one
call a card for the refuting line. Before spades are broken it searches our own tree, with the
leader's rule, transpositions and the bounds of ``search._Search``, and asks DDS wherever play
breaks spades (inside the trick that breaks them, from the card that does). The answers are
exact (DDS's where the rules coincide, ours elsewhere), so the verdicts and the lines are the
reference's (``tests/unit/test_claim_search.py`` checks them against the plain search).

A Nil claim is not a trick count of a partnership (the partner may win tricks; the opponents
want the Nil bidder to win one), so DDS cannot answer it: the search answers it, asked as one
yes/no question ("can the opponents make him take one more?"), which is what decides the
claim, with one more bound (:func:`nil_safe`: hands that can win nothing). A refuted Nil's
line shows the opponents forcing that one trick, without the search for the most they could
force (the reference's line), which can cost far more than the verdict; with the compiled
search each opponent's card in it is the one its search forced with (one search a card, where
trying each card is one search a card tried). The compiled search adds a bound of its own: an
opponent's lead the Nil bidder must win (``nil_forced`` in ``_spades_dd.c``).

Where DDS may not answer (spades not broken, a Nil, two players) the compiled search answers
(``compiled_search``: the reference search's game in C, built with the package where a compiler
is found), asking DDS in turn at the trick boundaries of its tree where spades are broken (from
``ORACLE_FROM`` cards a hand) when the goal is a partnership's tricks; without the compiled
module, the Python search of ``search.py`` answers, with DDS as said above. Two-player
positions, which DDS does not play, go to the compiled or the reference search.

Speed (``benchmarks/bench_claims.py``): with spades broken a full deal's trick claim takes
about what DDS takes; before they are broken, and for a Nil, the compiled search's size
decides (see the README's Speed table).
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable

from . import compiled_search
from .dds_positions import (
    available,
    best_cards,
    bridge_rules_hold,
    mover_reaches,
    tricks_to_mover,
)
from .position import NON_SPADES, SPADES, Goal, Play, Position, partnership
from .search import _check_seats, _Search, principal_line

#: DDS answers positions of at least this many cards a hand; smaller ones the search solves
#: faster itself than a call to DDS costs (some 0.5 ms however small the position).
DDS_FROM = 5

#: The compiled search asks DDS at trick boundaries with spades broken from this many cards a
#: hand: below it, its own search is quicker than DDS's calls (measured on full deals with
#: spades not broken: 9 beat 8, 10, 11 and never).
ORACLE_FROM = 9


class BridgeSearch(_Search):
    """The reference search, with DDS's exact answer wherever the bridge rules hold and the
    goal is a partnership's tricks (``bridge``); elsewhere exactly ``_Search``. DDS is asked
    the search's own yes/no question ("can the maximizers make k?") once the sure-trick
    bounds have not answered it."""

    __slots__ = ("__weakref__", "_best_cards", "_dds_bounds", "_mid_trick", "bridge", "compiled",
                 "dds_calls", "nil_seat")

    def __init__(self, goal: Goal, two_player: bool, compiled: bool = True) -> None:
        super().__init__(goal, two_player)
        target, mx = goal.target, goal.maximizers
        other = frozenset({0, 1, 2, 3}) - target
        self.bridge = (not two_player and len(target) == 2
                       and target == partnership(min(target)) and mx in (target, other)
                       and available())
        self.dds_calls = 0
        # A Nil: the one target seat, every seat not on his side wanting him to win tricks.
        self.nil_seat = -1
        if len(target) == 1 and not two_player:
            (seat,) = target
            if mx == frozenset({0, 1, 2, 3}) - partnership(seat):
                self.nil_seat = seat
        module = compiled_search.load() if compiled else None
        self.compiled = (None if module is None else compiled_search.CompiledSearch(
            module, goal, two_player, self.nil_seat, _boundary_oracle(self) if self.bridge
            else None, ORACLE_FROM))
        self._best_cards: dict[Position, tuple[int, frozenset[int]]] = {}
        self._mid_trick: dict[tuple[int, ...], tuple[int, int]] = {}
        self._dds_bounds: dict[tuple[int, ...], tuple[int, int]] = {}

    def _reaches(self, hands: list[int] | tuple[int, ...], leader: int, trick: list[int],
                 mover: int, n: int, k: int) -> bool:
        """DDS: can the maximizers make the target take ``k`` of the ``n`` tricks left (the
        current one included), ``mover`` to play?"""
        self.dds_calls += 1
        if self.tgt[mover]:
            return mover_reaches(hands, leader, trick, k)
        return not mover_reaches(hands, leader, trick, n - k + 1)

    def _boundary_reaches(self, hands: tuple[int, int, int, int], leader: int, k: int) -> bool:
        """DDS at a trick boundary with spades broken, for the compiled search."""
        return self._reaches(hands, leader, [], leader, hands[leader].bit_count(), k)

    def bounds(self, leader: int, n: int, k: int, broken: bool) -> tuple[int, int]:
        """The sure-trick bounds, and for a Nil (one seat's tricks, his opponents wanting
        them many) none at all where he is sure to win no trick (:func:`nil_safe`)."""
        seat = self.nil_seat
        if seat >= 0 and nil_safe(self.hands, leader, seat):
            return 0, 0
        return super().bounds(leader, n, k, broken)

    def ge(self, leader: int, broken: bool, k: int) -> bool:
        """At a trick boundary where DDS may answer (spades broken or none left, or a leader
        holding only spades) and the sure-trick bounds do not, DDS answers for ``k``; what it
        said for other ``k`` bounds the count, kept beside the search's table."""
        hands = self.hands
        n = hands[leader].bit_count()
        if not (self.bridge and 0 < k <= n and n >= DDS_FROM and (
                broken or not hands[leader] & NON_SPADES
                or not (hands[0] | hands[1] | hands[2] | hands[3]) & SPADES)):
            return super().ge(leader, broken, k)
        self.nodes += 1
        key = (leader, hands[0], hands[1], hands[2], hands[3])
        lo, hi = self._dds_bounds.get(key) or self.bounds(leader, n, k, True)
        if lo < k <= hi:
            if self._reaches(hands, leader, [], leader, n, k):
                lo = k
            else:
                hi = k - 1
        self._dds_bounds[key] = lo, hi
        return lo >= k

    def value(self, pos: Position, lo: int = 0, hi: int | None = None) -> int:
        """Where DDS may answer, one call gives the exact count. Elsewhere (spades not yet
        broken) bridge's count is the first guess: most often it is ours, or one off, so two
        searches tell, where halving the range from nothing would take four or so."""
        if not self.bridge or pos.tricks_left < DDS_FROM:
            return super().value(pos, lo, hi)
        n = pos.tricks_left
        self.dds_calls += 1
        mover = tricks_to_mover(pos.hands, pos.leader, pos.trick_cards)
        guess = mover if self.tgt[pos.to_move] else n - mover
        if bridge_rules_hold(pos.hands, pos.leader, pos.trick_cards, pos.spades_broken):
            return guess
        hi = n if hi is None else hi
        guess = min(max(guess, lo), hi)
        if self.at_least(pos, guess):
            if guess == hi or not self.at_least(pos, guess + 1):
                return guess
            return super().value(pos, guess + 1, hi)
        if guess == lo or self.at_least(pos, guess - 1):
            return max(guess - 1, lo)
        return super().value(pos, lo, guess - 2)

    def trick(self, seat: int, idx: int, lead_suit: int, best: int, best_seat: int,
              played: int, broken: bool, k: int) -> bool:
        """Inside a trick: once a spade breaks spades, DDS answers from there (the rest of the
        trick included) instead of the search trying each way to finish the trick."""
        hands = self.hands
        n = hands[seat].bit_count()
        if not (broken and idx and self.bridge and n >= DDS_FROM):
            return super().trick(seat, idx, lead_suit, best, best_seat, played, broken, k)
        if k <= 0 or k > n:
            return k <= 0
        leader = (seat - idx) & 3
        key = (leader, played, best, hands[0], hands[1], hands[2], hands[3])
        lo, hi = self._mid_trick.get(key, (0, n))  # what DDS said here for other k
        if lo < k <= hi:
            cards = _trick_cards(leader, idx, lead_suit, best, best_seat, played)
            if self._reaches(hands, leader, cards, seat, n, k):
                lo = k
            else:
                hi = k - 1
            self._mid_trick[key] = lo, hi
        return lo >= k

    def at_least(self, pos: Position, k: int) -> bool:
        """DDS where the bridge rules hold (a trick boundary goes through ``ge``, which asks
        DDS); elsewhere the compiled search where it was built, else the Python one."""
        if self.bridge and 0 < k <= pos.tricks_left and bridge_rules_hold(
                pos.hands, pos.leader, pos.trick_cards, pos.spades_broken):
            if pos.trick_cards:
                return self._reaches(pos.hands, pos.leader, list(pos.trick_cards),
                                     pos.to_move, pos.tricks_left, k)
            return super().at_least(pos, k)
        if self.compiled is not None:
            return self.compiled.at_least(pos, k)
        return super().at_least(pos, k)

    def answer_card(self, pos: Position, k: int) -> int | None:
        """The compiled search's card (see ``search._Search.answer_card``); None where the
        compiled search does not answer (DDS does, or the module was not built)."""
        if self.compiled is None or (self.bridge and bridge_rules_hold(
                pos.hands, pos.leader, pos.trick_cards, pos.spades_broken)):
            return None
        return self.compiled.answer_card(pos, k)

    def keeps_value(self, pos: Position, child: Position, value: int,
                    capped: bool = False) -> bool:
        """One DDS call names the optimal cards of the seat to move, where DDS may answer."""
        if capped or not self.bridge or pos.tricks_left < DDS_FROM or not bridge_rules_hold(
                pos.hands, pos.leader, pos.trick_cards, pos.spades_broken):
            return super().keeps_value(pos, child, value, capped)
        found = self._best_cards.get(pos)
        if found is None:
            self.dds_calls += 1
            found = self._best_cards[pos] = best_cards(pos.hands, pos.leader, pos.trick_cards)
        seat = pos.to_move
        mover, optimal = found
        if value != (mover if self.tgt[seat] else pos.tricks_left - mover):
            raise RuntimeError("DDS and the search disagree on a position's value")
        return (pos.hands[seat] & ~child.hands[seat]).bit_length() - 1 in optimal


def _boundary_oracle(search: BridgeSearch) -> compiled_search.Oracle:
    """``search._boundary_reaches`` for its compiled search, holding ``search`` weakly: a
    bound method would make a cycle (search -> compiled search -> oracle -> search), and the
    compiled search's table (up to 64 MB) would then outlive the verdict until the cycle
    collector happened to run."""
    ref = weakref.ref(search)

    def oracle(hands: tuple[int, int, int, int], leader: int, k: int) -> bool:
        owner = ref()
        if owner is None:  # only asked while its search runs, which holds it
            raise RuntimeError("the claim search was freed while its compiled search ran")
        return owner._boundary_reaches(hands, leader, k)
    return oracle


def nil_safe(hands: list[int] | tuple[int, ...], leader: int, seat: int) -> bool:
    """Whether ``seat`` can win no trick from this trick boundary whatever the others play.

    Sufficient, not necessary (the search decides the rest). He must hold no spade: he then
    never ruffs, and a card he discards wins nothing. In each suit he holds, with his ranks
    a1 < a2 < ... and the other hands' b1 < b2 < ..., every a_i < b_i (as far as both go):
    then a card of the suit led by another seat is above his lowest, he plays his highest card
    below it and loses the trick, and the condition still holds after it (and after any card
    of the suit the others play or discard, and after his discards, taken from the top of a
    suit). A suit only he holds is never led by another. On lead he needs more: in every suit
    he and someone else hold, all his cards below all the others' (which no play can undo),
    and at least one such suit, to lead."""
    mine = hands[seat]
    if mine & SPADES:
        return False
    others = (hands[0] | hands[1] | hands[2] | hands[3]) & ~mine
    on_lead = leader == seat
    lead_safe = not on_lead
    for sh in (0, 13, 26):
        held = (mine >> sh) & 0x1FFF
        if not held:
            continue
        theirs = (others >> sh) & 0x1FFF
        if not theirs:
            continue
        if on_lead:
            if held.bit_length() > (theirs & -theirs).bit_length() - 1:
                return False  # his highest is not below their lowest
            lead_safe = True
            continue
        while held and theirs:  # a_i < b_i, lowest first
            a, b = held & -held, theirs & -theirs
            if a > b:
                return False
            held ^= a
            theirs ^= b
    return lead_safe


def _trick_cards(leader: int, idx: int, lead_suit: int, best: int, best_seat: int,
                 played: int) -> list[int]:
    """The first ``idx`` cards of a trick, in playing order from ``leader``, as far as DDS
    needs them: the search keeps only the set (``played``), the card winning (``best``, of
    ``best_seat``) and the suit led. Who holds the winning card and that the lead is of the
    suit led are kept; which seat played which losing card changes nothing from here on
    (those cards are gone either way, and none of them wins the trick)."""
    rest = [c for c in range(52) if played >> c & 1 and c != best]
    order = [(leader + i) & 3 for i in range(idx)]
    cards = []
    for s in order:
        if s == best_seat:
            cards.append(best)
        elif s == leader:
            lead = next(c for c in rest if c // 13 == lead_suit)
            rest.remove(lead)
            cards.append(lead)
        else:
            cards.append(rest.pop())
    return cards


def judge_side_claim(position: Position, side: Iterable[int],
                     tricks: int) -> tuple[int, tuple[Play, ...] | None]:
    """The most tricks ``side`` can guarantee from ``position`` (the current trick included),
    and None if that makes ``tricks``, else a line in which the defence beats the claim (as
    ``search.refute_claim`` gives it)."""
    goal = Goal.side(_check_seats(position, side))
    search = BridgeSearch(goal, position.two_player)
    best = search.value(position)
    if best >= tricks:
        return best, None
    return best, principal_line(position, goal, tricks, True, search)


def max_tricks(position: Position, side: Iterable[int]) -> int:
    """``search.max_tricks``, fast."""
    goal = Goal.side(_check_seats(position, side))
    return BridgeSearch(goal, position.two_player).value(position)


def refute_claim(position: Position, side: Iterable[int],
                 tricks: int) -> tuple[Play, ...] | None:
    """``search.refute_claim``, fast."""
    return judge_side_claim(position, side, tricks)[1]


def refute_nil(position: Position, seat: int, tricks: int = 0) -> tuple[Play, ...] | None:
    """``search.refute_nil``: None if ``seat``'s side can hold him to ``tricks`` more tricks,
    else a line in which the opponents force him to take ``tricks + 1``."""
    _check_seats(position, {seat})
    goal = Goal.nil(position, seat)
    return principal_line(position, goal, tricks, False, BridgeSearch(goal, position.two_player),
                          exact=False)


__all__ = ["BridgeSearch", "judge_side_claim", "max_tricks", "refute_claim", "refute_nil"]
