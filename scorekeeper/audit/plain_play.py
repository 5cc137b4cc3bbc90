"""A plain partnership hand's deal and tricks, read from its parsed JSON and checked.

The bulk audit (``plain_logs``) asks of every hand: are these four 13-card hands of one deck,
and 13 tricks of four cards played cleanly from them? :func:`play_plain_py` answers with the
rules core's loop (``bitplay.clean_tricks.play_tricks4``) after looking every name up;
``_plain_play.c`` answers the same in C, where it was built (``pip install -e .`` builds it
where a C compiler is found; optional, like the compiled claim search). Reading and checking
are most of a one-hand file's audit after the JSON itself: in C, some 30 µs a hand less, which
is what a folder of one-hand files needs to audit faster than OpenSpiel replays it.

The C loop holds no table of its own: :func:`_configured` hands it the card and seat names and
the rules core's tables. ``tests/unit/test_plain_play.py`` compares the two on random hands and
on every kind of damaged one; :data:`play_plain` is whichever is in use.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from itertools import chain
from operator import itemgetter
from typing import Any

from ..rules.bitplay.clean_tricks import BEATS, LED_MASK, ORDER, play_tricks4
from ..rules.cards import CARDS, NON_SPADES_MASK, SPADES_MASK
from ..rules.seats import Seat, Variant

_SEAT_INT = {s.name: int(s) for s in Seat}
_CARD_INT = {str(c): int(c) for c in CARDS}
_CARD_BIT = {text: 1 << c for text, c in _CARD_INT.items()}
_FULL_DECK = (1 << 52) - 1
_LEADER_AND_CARDS = itemgetter("leader", "cards")
_TWO, _FOUR, _LIST = {2}, {4}, {list}

#: (tricks won by seat, each trick's winner) of a plain and clean hand.
Played = tuple[list[int], list[int]]


def play_plain_py(deal: Any, tricks: Any, first: int) -> Played | None:
    """(tricks won by seat, each trick's winner) when ``deal`` is a dict of the four seats'
    names to lists of 13 card names making one deck and ``tricks`` a list of 13 dicts
    ``{"leader": seat name, "cards": four card names}`` played cleanly from it, the first led
    by seat ``first`` (an int 0-3); None for anything else (the full audit names what is
    wrong). JSON's values only: the compiled twin takes no subclass of dict, list or str."""
    try:
        return _play(deal, tricks, first)
    except (KeyError, TypeError):  # a name that is not a card's or a seat's, a key missing
        return None


def _play(deal: Any, tricks: Any, first: int) -> Played | None:
    if type(deal) is not dict or len(deal) != 4:
        return None
    hold = [0, 0, 0, 0]
    deck = 0
    bit = _CARD_BIT.__getitem__
    for name, cards in deal.items():
        if type(cards) is not list or len(cards) != 13:
            return None
        mask = sum(map(bit, cards))
        if mask.bit_count() != 13:  # a card twice in one hand carries into another bit
            return None
        hold[_SEAT_INT[name]] = mask
        deck |= mask
    if deck != _FULL_DECK:  # four hands of 13 different cards that overlap
        return None
    if type(tricks) is not list or len(tricks) != 13:
        return None
    # A trick is {"leader", "cards"} and nothing else (anything but a dict fails the lookup);
    # its cards a list of four.
    if set(map(len, tricks)) != _TWO:
        return None
    leader_texts, card_lists = zip(*map(_LEADER_AND_CARDS, tricks))
    if set(map(type, card_lists)) != _LIST or set(map(len, card_lists)) != _FOUR:
        return None
    winners: list[int] = []
    clean, won, _ = play_tricks4(
        list(map(_SEAT_INT.__getitem__, leader_texts)),
        list(map(_CARD_INT.__getitem__, chain.from_iterable(card_lists))), hold, first, winners)
    return (won, winners) if clean else None


def _configure_args() -> tuple[Any, ...]:
    """What the compiled check is given: the names and the rules core's tables."""
    return (_CARD_INT, _SEAT_INT, bytes(b for row in BEATS for b in row), LED_MASK,
            ORDER[Variant.PARTNERSHIP], SPADES_MASK, NON_SPADES_MASK)


#: Set (to anything) to leave the compiled check unused, as if it had not been built.
DISABLE_ENV = "SCOREKEEPER_PURE_AUDIT"


def _configured() -> Callable[[Any, Any, int], Played | None] | None:
    """The compiled check, given the rules core's names and tables; None where it was not
    built, where ``DISABLE_ENV`` is set, or where it refuses the tables (a module left from
    another version of this file): the Python check answers then."""
    if os.environ.get(DISABLE_ENV):
        return None
    try:
        from . import _plain_play  # type: ignore[attr-defined]

        _plain_play.configure(*_configure_args())
    except (ImportError, AttributeError, TypeError, ValueError):
        return None
    return _plain_play.play


play_plain_compiled = _configured()
"""The compiled check (``_plain_play.c``), or None where it was not built."""

play_plain: Callable[[Any, Any, int], Played | None] = play_plain_compiled or play_plain_py
"""The check the bulk audit uses: the compiled one where it was built."""

__all__ = ["DISABLE_ENV", "Played", "play_plain", "play_plain_compiled", "play_plain_py"]
