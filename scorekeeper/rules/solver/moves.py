"""The cards the double-dummy search tries at a node, and in which order.

:class:`MoveOrder` is the part of the search that picks moves: the legal cards of the seat to
play, one per group of touching cards (cards that only the seat's own cards separate, once
played cards are gone, win and lose the same tricks), likely best first so that the search
cuts off early. Which cards are legal is the core's rule: a lead is ``trick.legal_plays``
itself; following suit it is the same rule on one suit's 13 bits (``test_solver_core_rules``
proves that the cards tried, each with its touching group, are exactly ``legal_plays``).
Whether a card takes the trick comes from :data:`position.BEATS`, built from
``trick.winning_index``. The heuristics only order; a wrong guess costs time, never a wrong
answer.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..trick import legal_plays
from .position import BEATS, SPADE, SPADES

_REPS: dict[int, tuple[int, ...]] = {}
_FOLLOW: dict[int, tuple[tuple[int, ...], ...]] = {}


def memo_size() -> int:
    """Entries in this module's memo tables (see ``search.clear_caches``)."""
    return len(_REPS) + len(_FOLLOW)


def clear_memos() -> None:
    """Empty this module's memo tables (they only speed up later solves)."""
    _REPS.clear()
    _FOLLOW.clear()


def touching_reps(present: int, held: int) -> tuple[int, ...]:
    """Ranks (high to low) of one card per group of touching cards in
    ``held``: a held card represents its group when the next higher card
    still in play is not held (played cards do not separate touching ones)."""
    key = present << 13 | held
    out = _REPS.get(key)
    if out is None:
        reps, above_held = [], False
        for r in range(12, -1, -1):
            if present >> r & 1:
                mine = bool(held >> r & 1)
                if mine and not above_held:
                    reps.append(r)
                above_held = mine
        out = _REPS[key] = tuple(reps)
    return out


def _follow_orders(key: int) -> tuple[tuple[int, ...], ...]:
    """Three orderings of one holding when following suit: all low to high;
    losers high to low then winners low to high (ducking); winners low to
    high then losers low to high (winning cheaply)."""
    thr = key & 15
    held = (key >> 4) & 0x1FFF
    pres = (key >> 17) & 0x1FFF
    sh = 13 * (key >> 30)
    reps = touching_reps(pres, held)
    win = tuple(sh + r for r in reversed(reps) if r >= thr)
    lose = tuple(sh + r for r in reversed(reps) if r < thr)
    out = _FOLLOW[key] = (lose + win, lose[::-1] + win, win + lose)
    return out


class MoveOrder:
    """The search's state that move ordering reads, and the ordering itself.

    ``hands``: each seat's cards not yet played (the search changes it in place);
    ``tgt[s]``: 1 if seat s's tricks count; ``mx[s]``: whether seat s wants them many;
    ``friend[a][b]``: seat b winning a trick suits seat a; ``step``/``last``: seat step and
    index of the last card of a trick (two-player: 2 and 1); ``hist[seat * 52 + card]``:
    how often that lead cut the search off (the history heuristic).
    """

    __slots__ = ("hands", "tgt", "mx", "friend", "step", "last", "hist")

    hands: list[int]
    tgt: tuple[int, ...]
    mx: tuple[bool, ...]
    friend: tuple[tuple[bool, ...], ...]
    step: int
    last: int
    hist: list[int]

    def moves(self, seat: int, hand: int, idx: int, lead_suit: int, best: int,
              best_seat: int, played: int, broken: bool) -> Sequence[int]:
        """Legal cards, one per group of touching cards, likely best first.

        ``idx``: the card's place in the trick (0: a lead); ``best``/``best_seat``: the card
        winning the trick so far and its seat; ``played``: the cards of the trick so far.
        Following suit is the commonest case, so its orderings are memoized
        per (suit, cards in play, holding, card to beat)."""
        hands = self.hands
        if idx == 0:
            return self.leads(seat, legal_plays(hand, None, broken))
        mx = self.mx[seat]
        tgt = self.tgt
        good_now = (tgt[best_seat] == 1) == mx  # the card winning now suits us
        me_good = (tgt[seat] == 1) == mx  # winning it ourselves would suit us
        sh = 13 * lead_suit
        # legal_plays(hand, lead_suit, broken) on the suit's 13 bits: the cards of the suit
        # led when the seat has any, else every card (the branch below). Written out, not
        # called: this is the search's commonest node, and the call costs some 3% of a solve.
        held = (hand >> sh) & 0x1FFF
        orders: tuple[Sequence[int], ...]
        if held:
            pres = ((hands[0] | hands[1] | hands[2] | hands[3] | played) >> sh) & 0x1FFF
            # The lowest rank that takes the trick: above the best card if it is of the suit
            # led, none (13) once the trick is ruffed.
            thr = best % 13 + 1 if best // 13 == lead_suit else 13
            key = ((lead_suit << 13 | pres) << 13 | held) << 4 | thr
            found = _FOLLOW.get(key)
            orders = found if found is not None else _follow_orders(key)
        else:
            present = hands[0] | hands[1] | hands[2] | hands[3] | played
            beats = BEATS[best]
            win: list[int] = []
            lose: list[int] = []
            for sh in (0, 13, 26, 39):
                h = (hand >> sh) & 0x1FFF
                if h:
                    for r in touching_reps((present >> sh) & 0x1FFF, h):
                        c = sh + r
                        (win if beats[c] else lose).append(c)
            if len(lose) > 1:  # low to high by rank across suits
                lose = [c for _, c in sorted([(c % 13, c) for c in lose])]
            win.sort()
            orders = (lose + win, lose[::-1] + win, win + lose)
        if good_now:
            return orders[0] if me_good else orders[1]
        if me_good:  # second hand low; later hands win as cheaply as they can
            if idx == self.last:
                return orders[2]
            if idx == 1:
                return self.second_hand(seat, held, sh, best, orders)
            # Third hand: first the cheapest card fourth hand cannot beat.
            nxt = (seat + self.step) & 3
            if held and not self.friend[seat][nxt]:
                theirs = (hands[nxt] >> sh) & 0x1FFF
                if theirs:
                    floor = sh + theirs.bit_length() - 1
                    o = orders[2]
                    return [c for c in o if c > floor] + [c for c in o if c <= floor]
            return orders[2]
        return orders[1]  # a seat that must not win ducks with its highest

    def second_hand(self, seat: int, held: int, sh: int, best: int,
                    orders: tuple[Sequence[int], ...]) -> Sequence[int]:
        """Second hand low if partner (fourth) can top everything or third
        hand can ruff; otherwise first the cheapest card that beats both the
        lead and third hand's best card in the suit."""
        third, fourth = (seat + 1) & 3, (seat + 2) & 3
        friend = self.friend[seat]
        if not held or self.last != 3 or friend[third] or not friend[fourth]:
            return orders[0]
        hands = self.hands
        theirs = (hands[third] >> sh) & 0x1FFF
        if not theirs and hands[third] & SPADES:
            return orders[0]
        top = max(theirs.bit_length() - 1, best - sh)
        if ((hands[fourth] >> sh) & 0x1FFF).bit_length() - 1 > top:
            return orders[0]
        above = [c for c in orders[2] if c - sh > top]
        return above + [c for c in orders[0] if c - sh <= top] if above else orders[0]

    def shed_score(self, seat: int, sh: int, low: int) -> int:
        """Score a low lead (rank ``low``) by a seat that wants others to win
        the trick: the Nil bidder wants his partner able to overtake or an
        opponent forced over him; his opponents want a target seat forced
        to play over the lead (a void target seat just discards)."""
        hands, tgt, mx = self.hands, self.tgt, self.mx
        score = 1
        for o in (0, 1, 2, 3):
            h = (hands[o] >> sh) & 0x1FFF
            if o == seat or not h:
                continue
            if tgt[seat]:
                over = h.bit_length() - 1 if mx[o] == mx[seat] else (h & -h).bit_length() - 1
                if over > low:
                    return 4
            elif tgt[o]:
                score = max(score, 4 if (h & -h).bit_length() - 1 > low else 3)
        return score

    def leads(self, seat: int, legal: int) -> list[int]:
        """Order leads: cash masters, lead low towards a partner's master or
        ruff, keep away from suits the other class can ruff.  A seat that
        wants to lose tricks (Nil) prefers low leads under others' cards."""
        hands = self.hands
        friend = self.friend[seat]
        wants = friend[seat]
        allc = hands[0] | hands[1] | hands[2] | hands[3]
        scored: list[tuple[int, int]] = []
        for s in (0, 1, 2, 3):
            sh = 13 * s
            held = (legal >> sh) & 0x1FFF
            if not held:
                continue
            pres = (allc >> sh) & 0x1FFF
            reps = touching_reps(pres, held)
            top_bit = 1 << (pres.bit_length() - 1 + sh)
            owner = 0 if hands[0] & top_bit else 1 if hands[1] & top_bit else 2 if hands[2] & top_bit else 3
            ruffers = [] if s == SPADE else [friend[o] for o in (0, 1, 2, 3) if o != seat
                                             and not (hands[o] >> sh) & 0x1FFF and hands[o] & SPADES]
            enemy_ruff, friend_ruff = False in ruffers, True in ruffers
            if not wants:
                first = reps[-1]
                score = self.shed_score(seat, sh, first)
            elif owner == seat:
                score, first = (4 if not enemy_ruff else 1), reps[0]
            else:
                first = reps[-1]
                if friend[owner] or (friend_ruff and not enemy_ruff):
                    score = 1 if enemy_ruff else 3  # low to partner's winner
                elif enemy_ruff:
                    score = 0
                else:
                    # Lead towards partner's tenace when he holds the second card.
                    rest = pres & ~(1 << (pres.bit_length() - 1))
                    second = 1 << (rest.bit_length() - 1 + sh) if rest else 0
                    score = 2 if second and second & ~hands[seat] and any(
                        friend[o] and hands[o] & second for o in (0, 1, 2, 3)) else 1
            for r in reps:
                scored.append(((score << 5) + 16 + r if r == first else 12 - r, sh + r))
        # Within a score class, leads that cut off before come first.
        hist, base = self.hist, seat * 52
        scored.sort(key=lambda t: (t[0] >> 5, hist[base + t[1]], t[0]), reverse=True)
        return [c for _, c in scored]


__all__ = ["MoveOrder", "clear_memos", "memo_size", "touching_reps"]
