"""Exhaustive double-dummy solver for Spades endings, to judge claims.

Both kinds of claim are one game: the tricks of some seats (the *target*)
count, the *maximizing* seats want them many, all other seats want them few.
``Goal.side(side)`` is an ordinary claim ("we take K more"); ``Goal.nil`` is a
Nil claim: the Nil bidder and his partner (who may overtake) minimize the
bidder's own tricks against the opponents.

This module is the search and the questions a referee asks of it (exact
tricks, "can they force k?", a refutation line to show).  The ending it
searches (``Position``, ``Goal``, the rules of play, card encoding) lives in
``position.py``, and which cards the search tries at a node, in which order,
in ``moves.py``; the ending's names are re-exported here, so callers import
everything from this module.  The rules of play are the core's
(``rules.trick``): see ``position.py``.

Pure Python, so the search is built to do little work per answer:
* a boolean "can the maximizers reach k?" search (``_Search.ge``); exact
  values bisect on it, all searches sharing one transposition table;
* the table is keyed at trick boundaries on a canonical deal (each suit's
  ranks renumbered among the cards still in play) and stores (lower, upper)
  bounds, valid for any k;
* touching cards (adjacent once played cards are gone) are tried once;
* sure-trick bounds (top spades, cashable winners) close nodes unsearched;
* move ordering: cash winners, lead to partner, second hand low unless
  it can beat third hand, win cheaply, duck with the highest card that
  ducks; leads that cut off before are tried earlier (history heuristic).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from .moves import MoveOrder, clear_memos, memo_size
from .position import (BEATS, NON_SPADES, RANK_CHARS, SPADE, SPADES, SUIT_CHARS, SUIT_MASKS,
                       Goal, Play, Position, apply_move, card_text, legal_moves, partnership,
                       replay, trick_winner)

# The public API, the ending's names included: callers import all of it from here.
__all__ = [
    "NON_SPADES", "RANK_CHARS", "SPADE", "SPADES", "SUIT_CHARS", "SUIT_MASKS", "Goal", "Play",
    "Position", "apply_move", "at_least", "can_guarantee", "can_hold_to", "card_text",
    "clear_caches", "legal_moves", "max_tricks", "min_tricks_for_seat", "partnership",
    "principal_line", "refute_claim", "refute_nil", "replay", "solve", "stoppable",
    "SearchStopped", "trick_winner",
]


class SearchStopped(Exception):
    """A search started inside :func:`stoppable` ended early because its ``stop()`` said so."""


_STOP: ContextVar[Callable[[], bool] | None] = ContextVar("solver_stop", default=None)
_STOP_EVERY = 0x3FFF
"""The search asks ``stop()`` once every 16,384 positions (a few hundredths of a second)."""


@contextmanager
def stoppable(stop: Callable[[], bool]) -> Iterator[None]:
    """Let the searches started inside the block be stopped: each asks ``stop()`` every so
    often and raises :class:`SearchStopped` once it is true.

    A full deal can take a minute; the app judges a claim in a worker thread, and a referee
    who stops the check (or takes the claim back) must get that thread's CPU back at once,
    not when the search ends. A context variable, not a parameter, so the layers between the
    app and the search (the referee engine, the audit's claim check) need not carry it.
    """
    token = _STOP.set(stop)
    try:
        yield
    finally:
        _STOP.reset(token)


_CANON: dict[int, int] = {}
_MEMO_LIMIT = 1 << 21


def clear_caches(limit: int = 0) -> None:
    """Drop the solver's memo tables (they only speed up later solves) if
    they hold more than ``limit`` entries: a long-running referee process
    must not grow without bound."""
    if len(_CANON) + memo_size() > limit:
        _CANON.clear()
        clear_memos()


_SUIT4 = 0x1FFF | 0x1FFF << 52 | 0x1FFF << 104 | 0x1FFF << 156


def _canon_suit(packed: int) -> int:
    """Renumber one suit's ranks among the cards still in play.

    ``packed`` holds the four hands' 13-bit holdings of the suit at bit
    offsets 0, 52, 104, 156; the result packs each holding (13 bits apart)
    compressed to the ranks still present, which is all that matters for
    who can beat whom."""
    out = _CANON.get(packed)
    if out is None:
        hs = [(packed >> (52 * i)) & 0x1FFF for i in range(4)]
        present, out, j = hs[0] | hs[1] | hs[2] | hs[3], 0, 0
        for r in range(13):
            if present >> r & 1:
                for i in range(4):
                    if hs[i] >> r & 1:
                        out |= 1 << (13 * i + j)
                j += 1
        _CANON[packed] = out
    return out


class _Search(MoveOrder):
    """Boolean search state for one goal; the table survives across calls.

    The state move ordering reads (hands, goal, seat step) is declared by
    :class:`~.moves.MoveOrder`, which supplies ``moves``."""

    __slots__ = ("tt", "nodes", "stop")

    def __init__(self, goal: Goal, two_player: bool) -> None:
        self.hands: list[int] = [0, 0, 0, 0]
        self.tgt = tuple(int(s in goal.target) for s in range(4))
        self.mx = tuple(s in goal.maximizers for s in range(4))
        # friend[a][b]: seat b winning a trick suits seat a
        self.friend = tuple(tuple((self.tgt[b] == 1) == self.mx[a] for b in range(4))
                            for a in range(4))
        self.step = 2 if two_player else 1
        self.last = 1 if two_player else 3
        self.tt: dict[int, tuple[int, int]] = {}
        self.nodes = 0
        self.hist = [0] * 208  # seat * 52 + card: how often a lead cut off
        self.stop = _STOP.get()
        clear_caches(_MEMO_LIMIT)

    # -- entry from an arbitrary (maybe mid-trick) position -------------
    def at_least(self, pos: Position, k: int) -> bool:
        """Can the maximizers make the target take >= k tricks from pos?"""
        self.hands = list(pos.hands)
        broken = pos.spades_broken
        if not pos.trick_cards:
            return self.ge(pos.leader, broken, k)
        if k <= 0 or k > pos.tricks_left:
            return k <= 0
        return self.trick(pos.to_move, *trick_state(pos), broken, k)

    def value(self, pos: Position, lo: int = 0, hi: int | None = None) -> int:
        """Exact target tricks from pos, by bisection on ``at_least`` (between ``lo`` and
        ``hi`` when the caller knows it lies there)."""
        if hi is None:
            hi = pos.tricks_left
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.at_least(pos, mid):
                lo = mid
            else:
                hi = mid - 1
        return lo

    def keeps_value(self, pos: Position, child: Position, value: int,
                    capped: bool = False) -> bool:
        """Whether the card that leads from ``pos`` to ``child`` is optimal: the target still
        takes ``value`` tricks (its tricks from ``pos`` under best play) after it. ``capped``:
        ``value`` is not the exact count but a number of tricks the maximizers can force, and
        a card is optimal for them if it still forces that many, for the others always."""
        need = value - (self.tgt[child.leader] if not child.trick_cards else 0)
        if self.mx[pos.to_move]:
            return self.at_least(child, need)
        return capped or not self.at_least(child, need + 1)

    def answer_card(self, pos: Position, k: int) -> int | None:
        """A card with which the seat to move answers "can the maximizers make ``k`` target
        tricks from ``pos``?" as suits him (a maximizer yes, another seat no), where a search
        can name one in one go (``claim_search``'s compiled search); None here:
        :func:`principal_line` then asks card by card."""
        return None

    # -- trick boundary ---------------------------------------------------
    def ge(self, leader: int, broken: bool, k: int) -> bool:
        """At a trick boundary: can the maximizers still make k target tricks?
        Table bounds and sure-trick bounds answer most calls unsearched."""
        if k <= 0:
            return True
        hands = self.hands
        n = hands[leader].bit_count()
        if k > n:
            return False
        self.nodes += 1
        if not self.nodes & _STOP_EVERY and self.stop is not None and self.stop():
            raise SearchStopped
        if n == 1:  # last trick: no choices left
            step, seat = self.step, leader
            best, best_seat = hands[seat].bit_length() - 1, seat
            for _ in range(self.last):
                seat = (seat + step) & 3
                c = hands[seat].bit_length() - 1
                if BEATS[best][c]:
                    best, best_seat = c, seat
            return self.tgt[best_seat] >= k
        # One suit of all four hands is a single masked shift of the
        # interleaved deal; _CANON renumbers it by rank among cards in play.
        deal = hands[0] | hands[1] << 52 | hands[2] << 104 | hands[3] << 156
        p0 = deal & _SUIT4
        p1 = deal >> 13 & _SUIT4
        p2 = deal >> 26 & _SUIT4
        p3 = deal >> 39 & _SUIT4
        if not p3:
            broken = True  # nothing left to break: merge equivalent entries
        canon = _CANON
        try:
            key = ((((leader << 1 | broken) << 52 | canon[p0]) << 52 | canon[p1]) << 52
                   | canon[p2]) << 52 | canon[p3]
        except KeyError:
            key = ((((leader << 1 | broken) << 52 | _canon_suit(p0)) << 52 | _canon_suit(p1))
                   << 52 | _canon_suit(p2)) << 52 | _canon_suit(p3)
        tt = self.tt
        entry = tt.get(key)
        if entry is None:
            lo, hi = self.bounds(leader, n, k, broken) if n > 2 else (0, n)
        else:
            lo, hi = entry
        if lo >= k:
            if entry is None:
                tt[key] = (lo, hi)
            return True
        if hi < k:
            if entry is None:
                tt[key] = (lo, hi)
            return False
        result = self.trick(leader, 0, -1, -1, leader, 0, broken, k)
        if result:
            tt[key] = (k, hi)
        else:
            tt[key] = (lo, k - 1)
        return result

    def bounds(self, leader: int, n: int, k: int, broken: bool) -> tuple[int, int]:
        """Sure-trick bounds on the target's tricks at a trick boundary (a subclass may
        answer exactly here, ``claim_search``: ``broken`` says whether spades are).

        1. The run of top spades held by one class (target or not): each
           such card wins its trick for that class whatever happens, and one
           hand's cards fall in distinct tricks.
        2. A leader who wants tricks for his class cashes his top side-suit
           cards (or crosses to his partner's), for as many rounds as every
           other-class seat holding spades can follow (none can ruff).
        Computed lazily: the later parts only when the earlier do not decide.
        """
        hands, tgt = self.hands, self.tgt
        sp = [(h >> 39) & 0x1FFF for h in hands]
        allsp = sp[0] | sp[1] | sp[2] | sp[3]
        lo, hi, run, run_cls = 0, n, [0, 0, 0, 0], -1
        if allsp:
            top = 1 << (allsp.bit_length() - 1)
            run_cls = tgt[0 if sp[0] & top else 1 if sp[1] & top else 2 if sp[2] & top else 3]
            cut = 0
            for o in (0, 1, 2, 3):
                if tgt[o] != run_cls:
                    cut |= sp[o]
            cut = cut.bit_length()  # the run lies above the other class's best
            run = [(x >> cut).bit_count() for x in sp]
            if run_cls:
                lo = max(run)
            else:
                hi = n - max(run)
        cls = tgt[leader]
        if cls != self.mx[leader] or lo >= k or hi < k:
            return lo, hi
        mine = run if run_cls == cls else None
        quick, _ = self.cash(leader, cls, sp, mine)
        partner = (leader + 2) & 3
        if (quick < (k if cls else n - k + 1) and self.step == 1 and hands[partner]
                and tgt[partner] == cls and self.mx[partner] == self.mx[leader]):
            pquick, cashable = self.cash(partner, cls, sp, mine)
            if pquick > quick and any(
                    q and hands[leader] & SUIT_MASKS[s] for s, q in enumerate(cashable)):
                quick = pquick  # lead that suit to partner, who cashes
        quick = min(quick, n)
        if cls:
            return max(lo, quick), hi
        return lo, min(hi, n - quick)

    def cash(self, seat: int, cls: int, sp: list[int],
             run: list[int] | None) -> tuple[int, list[int]]:
        """Tricks ``seat`` can cash once on lead, and how many per side suit."""
        hands, tgt = self.hands, self.tgt
        hand = hands[seat]
        allc = hands[0] | hands[1] | hands[2] | hands[3]
        total = run[seat] if run is not None else 0
        per_suit = []
        for sh in (0, 13, 26):
            present = (allc >> sh) & 0x1FFF
            # cards in play above the best one seat lacks are all seat's
            top = (present >> (present & ~(hand >> sh)).bit_length()).bit_count()
            if top:
                for o in (0, 1, 2, 3):
                    if tgt[o] != cls and sp[o]:
                        top = min(top, ((hands[o] >> sh) & 0x1FFF).bit_count())
                total += top
            per_suit.append(top)
        return total, per_suit

    # -- inside a trick -----------------------------------------------------
    def trick(self, seat: int, idx: int, lead_suit: int, best: int, best_seat: int,
              played: int, broken: bool, k: int) -> bool:
        """Seat plays the idx-th card of the trick; True if the maximizers
        still reach k target tricks (counting this trick)."""
        hands = self.hands
        hand = hands[seat]
        is_max = self.mx[seat]
        last = idx == self.last
        nxt = (seat + self.step) & 3
        tgt = self.tgt
        beats = BEATS[best] if idx else ()  # which cards take the trick from ``best``
        for c in self.moves(seat, hand, idx, lead_suit, best, best_seat, played, broken):
            hands[seat] = hand ^ (1 << c)
            if idx == 0:
                ls, b, bs = c // 13, c, seat
            elif beats[c]:
                ls, b, bs = lead_suit, c, seat
            else:
                ls, b, bs = lead_suit, best, best_seat
            nb = broken or c >= 39
            if last:
                r = self.ge(bs, nb, k - tgt[bs])
            else:
                r = self.trick(nxt, idx + 1, ls, b, bs, played | 1 << c, nb, k)
            hands[seat] = hand
            if r is is_max:
                if idx == 0:
                    self.hist[seat * 52 + c] += 1 << hand.bit_count()
                return r
        return not is_max


def trick_state(pos: Position) -> tuple[int, int, int, int, int]:
    """The search's view of the trick in progress at ``pos``: (place of the next card in
    the trick, suit led, card winning so far, its seat, mask of the trick's cards); at a lead
    (0, -1, -1, leader, 0)."""
    cards = pos.trick_cards
    if not cards:
        return 0, -1, -1, pos.leader, 0
    best_seat = trick_winner(pos.leader, cards, pos.two_player)
    best = cards[pos.trick_order().index(best_seat)]
    return len(cards), cards[0] // 13, best, best_seat, sum(1 << c for c in cards)


def _check_seats(position: Position, seats: Iterable[int]) -> frozenset[int]:
    s = frozenset(seats)
    if not s <= frozenset(position.seats):
        raise ValueError(f"seats {sorted(s)} are not all active in this game")
    return s


def solve(position: Position, goal: Goal) -> int:
    """Target tricks (of those left, the current one included), perfect play."""
    _check_seats(position, goal.target | goal.maximizers)
    return _Search(goal, position.two_player).value(position)


def at_least(position: Position, goal: Goal, tricks: int) -> bool:
    """Can the maximizers force at least ``tricks`` target tricks?"""
    _check_seats(position, goal.target | goal.maximizers)
    return _Search(goal, position.two_player).at_least(position, tricks)


def max_tricks(position: Position, side: Iterable[int]) -> int:
    """Most remaining tricks (current trick included) that ``side`` can
    guarantee against any defence, all cards visible."""
    return solve(position, Goal.side(_check_seats(position, side)))


def can_guarantee(position: Position, side: Iterable[int], tricks: int) -> bool:
    """Can ``side`` take at least ``tricks`` of the remaining tricks?"""
    return at_least(position, Goal.side(_check_seats(position, side)), tricks)


def min_tricks_for_seat(position: Position, seat: int) -> int:
    """Fewest tricks ``seat`` can be held to by his own side (he and his
    partner minimizing his tricks) while the opponents try to feed him
    tricks: 0 means a Nil claim from here is good."""
    _check_seats(position, {seat})
    return solve(position, Goal.nil(position, seat))


def can_hold_to(position: Position, seat: int, tricks: int) -> bool:
    """Can ``seat``'s side keep ``seat`` to at most ``tricks`` more tricks
    against every play of the opponents?  (Nil claim: ``tricks=0``.)"""
    _check_seats(position, {seat})
    return not at_least(position, Goal.nil(position, seat), tricks + 1)


def principal_line(position: Position, goal: Goal, tricks: int,
                   claim_at_least: bool = True, search: _Search | None = None,
                   exact: bool = True) -> tuple[Play, ...] | None:
    """Refutation of a claim, or None if the claim is good.

    The claim is "target takes >= tricks" (made by the maximizers) when
    ``claim_at_least``, else "target takes <= tricks" (made by the
    minimizers).  The line is a principal variation: every seat plays a card
    of optimal value (the claimer his best try, the other side its best
    refutation), and it stops at the end of the trick that makes the claim
    impossible, so a referee can show it move by move.

    ``exact`` False (a claim "at most", the maximizers refuting it): the line is one in which
    the maximizers force ``tricks + 1`` (not their most), the others' cards the lowest that
    does not take the trick for them when there is one; it needs no search of the exact count,
    which for a Nil can cost far more than the verdict.
    """
    _check_seats(position, goal.target | goal.maximizers)
    if search is None:
        search = _Search(goal, position.two_player)
    # One boolean search decides the claim; only a refuted one needs the exact value (target
    # tricks still due under best play), which then lies on the refuted side of ``tricks``.
    if claim_at_least:
        if search.at_least(position, tricks):
            return None
        value = search.value(position, 0, tricks - 1)
    else:
        if not search.at_least(position, tricks + 1):
            return None
        value = search.value(position, tricks + 1) if exact else tricks + 1
    capped = not exact and not claim_at_least
    tgt, line, won, pos = search.tgt, [], 0, position
    while (won + pos.tricks_left >= tricks) if claim_at_least else (won <= tricks):
        seat = pos.to_move
        closes = len(pos.trick_cards) == len(pos.seats) - 1
        best_card = -1
        cards = _line_candidates(pos)
        # The line's card: the lowest optimal card that takes the trick for the mover's side
        # (the claimer is shown cashing what he can before he fails), else the lowest optimal
        # card. Cards that take the trick are asked first: most often one of them is optimal,
        # and the cards below it need no search then.
        takers = [c for c in cards if _takes_trick(pos, c, search.friend[seat])]
        order = takers + [c for c in cards if c not in takers]
        known = -1
        if len(cards) > 1 and (not capped or search.mx[seat]):
            found = search.answer_card(pos, value if search.mx[seat] else value + 1)
            if found is not None:
                # An optimal card, named by the search (as its touching group's lowest, the
                # card a line shows): no card after it in ``order`` can be the line's.
                known = max(c for c in cards if c // 13 == found // 13 and c <= found)
                order = [known] if capped else order[:order.index(known) + 1]
        for card in order:
            # A card is optimal iff it keeps the known value (one boolean search); the only
            # card (or group of touching cards) is, unasked; so is the search's own.
            if len(cards) == 1 or card == known or search.keeps_value(
                    pos, apply_move(pos, card), value, capped):
                best_card = card
                break
        line.append((seat, best_card))
        if closes:
            gained = tgt[trick_winner(pos.leader, pos.trick_cards + (best_card,), pos.two_player)]
            won += gained
            value -= gained
        pos = apply_move(pos, best_card)
    return tuple(line)


def _takes_trick(pos: Position, card: int, friend: tuple[bool, ...]) -> bool:
    """Whether ``card`` makes the trick (so far) go to a seat the mover wants
    to win it; a lead counts if it is the top card of its suit in play."""
    if not pos.trick_cards:
        suit = SUIT_MASKS[card // 13]
        rest = (pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]) & suit
        return friend[pos.leader] and rest < (2 << card)
    trick = pos.trick_cards + (card,)
    return friend[trick_winner(pos.leader, trick, pos.two_player)]


def _line_candidates(pos: Position) -> list[int]:
    """Legal cards of the seat to move, one per group of touching cards
    (the lowest of each: the natural card to show in a line)."""
    hand = pos.hands[pos.to_move]
    present = pos.hands[0] | pos.hands[1] | pos.hands[2] | pos.hands[3]
    for c in pos.trick_cards:
        present |= 1 << c
    out = []
    for c in legal_moves(pos):
        below = present & ((1 << c) - 1) & SUIT_MASKS[c // 13]
        if not below or not hand >> (below.bit_length() - 1) & 1:
            out.append(c)
    return out


def refute_claim(position: Position, side: Iterable[int],
                 tricks: int) -> tuple[Play, ...] | None:
    """None if ``side`` can guarantee ``tricks`` more tricks, else a line in
    which the defence beats the claim (ends when the claim is impossible;
    empty if more tricks are claimed than remain)."""
    return principal_line(position, Goal.side(_check_seats(position, side)), tricks, True)


def refute_nil(position: Position, seat: int, tricks: int = 0) -> tuple[Play, ...] | None:
    """None if ``seat``'s side can hold him to ``tricks`` more tricks, else a
    line in which the opponents force him to take ``tricks + 1``."""
    _check_seats(position, {seat})
    return principal_line(position, Goal.nil(position, seat), tricks, False)
