"""The check of full partnership tricks, card by card at int speed, and its tables.

``play_tricks4`` is the loop every clean partnership hand goes through when many hands are
swept: ``hand_check.check_play`` (a season's import, the app's analysis of a game) and the
bulk audit (``scorekeeper.audit.plain_logs``, straight from a log's card lists). It only says
whether the play is clean; when it is not, ``hand_check`` checks the hand card by card to name
what is wrong. The tables are shared with ``hand_check``'s card-by-card loops.

The tables are built from the reference at import, so the rules are written once:
:data:`BEATS` from ``trick.winning_index``, :data:`LED_MASK` from ``cards.SUIT_MASKS``,
:data:`ORDER` from ``Variant.turn_order`` (``tests/unit/test_bitplay_clean_tricks.py`` checks them).

A module of its own so that the bulk audit loads the loop without the rest of ``hand_check``.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..cards import BIT, NON_SPADES_MASK, SPADES_MASK, SUIT_MASKS, SUIT_OF
from ..seats import Seat, Variant
from ..trick import BEATS as TRICK_BEATS

#: LED_MASK[c]: the 13-bit mask of c's suit, shifted in place (the suit a lead of c asks for).
LED_MASK: tuple[int, ...] = tuple(SUIT_MASKS[SUIT_OF[c]] for c in range(52))

#: BEATS[best][c]: whether c takes the trick from the card now winning it (``trick.BEATS``).
BEATS = TRICK_BEATS

_P, _T = Variant.PARTNERSHIP, Variant.TWO_PLAYER
#: ORDER[variant][leader]: the seats (plain ints) in play order, or None for a leader with no
#: seat in the variant (E or W in the two-player game).
ORDER: dict[Variant, tuple[tuple[int, ...] | None, ...]] = {
    v: tuple(tuple(int(s) for s in v.turn_order(lead)) if lead in v.seats else None
             for lead in Seat)
    for v in Variant
}


def play_tricks4(leaders: Iterable[int], cards: Iterable[int], hold: list[int], turn: int,
                 winners: list[int]) -> tuple[bool, list[int], int]:
    """Whether the play of up to 13 full partnership tricks is clean: trick ``i`` led by the
    ``i``-th of ``leaders`` (a seat as an int), its cards the ``4*i``-th to ``4*i+3``-th of
    ``cards`` (ints) in play order (iterables: a log's lists, or iterators over records).
    ``hold``: each seat's mask when play began, updated as cards leave it; ``turn``: the seat
    to lead the first; each trick's winner is appended to ``winners``. Returns (clean, tricks
    won by seat, every card played); when not clean, the counts, winners and ``hold`` mean
    nothing, and the card-by-card check (``hand_check._play_slow``) says what is wrong.

    Clean means what ``check_play`` means by no problem: each trick led by the last winner,
    every card held, none played twice, suit followed, no spade led before spades are broken
    by a seat that has another suit. It is the loop every clean hand of a sweep goes through
    (``check_play``, and the bulk audit, ``scorekeeper.audit.plain_logs``, straight from a log's card
    lists), so it does the least per card: a card leaves its seat's mask by exclusive or,
    which never fails; a card the seat did not hold shows at the end as a bit that was not
    there at the start (or as a card played twice). Until then the masks are exact, so every
    revoke and spade lead is seen. The checks repeat ``trick.breach`` (revoke, spade led before
    spades are broken) and ``trick.winning_index`` (through ``BEATS``); ``hand_check``'s module
    doc lists them.
    """
    clean = True
    played = 0
    won = [0, 0, 0, 0]
    start = hold.copy()
    tricks_before = len(winners)
    bits, led_mask, beats, order = BIT, LED_MASK, BEATS, ORDER[_P]
    it = iter(cards)
    for leader, c0, c1, c2, c3 in zip(leaders, it, it, it, it):
        s0, s1, s2, s3 = order[leader]
        if s0 != turn:
            clean = False
        b0 = bits[c0]
        h = hold[s0]
        hold[s0] = h ^ b0
        if c0 >= 39 and not played & SPADES_MASK and h & NON_SPADES_MASK:
            clean = False
        led = led_mask[c0]
        b1 = bits[c1]
        h = hold[s1]
        hold[s1] = h ^ b1
        if not b1 & led and h & led:
            clean = False
        b2 = bits[c2]
        h = hold[s2]
        hold[s2] = h ^ b2
        if not b2 & led and h & led:
            clean = False
        b3 = bits[c3]
        h = hold[s3]
        hold[s3] = h ^ b3
        if not b3 & led and h & led:
            clean = False
        played |= b0 | b1 | b2 | b3
        best, turn = c0, s0
        if beats[c0][c1]:
            best, turn = c1, s1
        if beats[best][c2]:
            best, turn = c2, s2
        if beats[best][c3]:
            turn = s3
        won[turn] += 1
        winners.append(turn)
    if played.bit_count() != 4 * (len(winners) - tricks_before):
        clean = False  # a card played twice
    for now, then in zip(hold, start):
        if now & ~then:
            clean = False  # a card its seat did not hold
    return clean, won, played


__all__ = ["BEATS", "LED_MASK", "ORDER", "play_tricks4"]
