"""The bulk audit: a clean card-by-card log straight from its parsed JSON to the audit's text.

``scorekeeper audit --format json`` over a season or a club's archive reads thousands of
hands, nearly all of them in order. For those the full audit (``audit/engine.py``: records, replays,
findings, penalties, claims) builds a few hundred objects a hand only to say "nothing found".
:func:`sweep_log` is the quick way for a log whose every hand is *plain*: a partnership hand
with the deal, the four bids in turn (no Blind Nil), all 13 tricks of four cards, and nothing
else but ``tricks_won``, ``recorded`` and ``notes``. It reads the card texts straight from the
parsed JSON into ints, checks the play with the rules core's own loop
(``bitplay.clean_tricks.play_tricks4``, the one ``check_play`` uses), scores the game with the
core's ``score_game``, and writes the file's part of the document with the same writer as the
full audit (``audit/json_writer.py``).

It gives up (returns None) at the first thing that is not plain or not clean: a hand of
another shape, any problem of the play, bids out of turn, tricks agreed that differ from the
play, a dealer out of rotation, a hand after the game was won, a written score that departs
from the rules. The caller then audits that log in full, which finds and words every problem.
So the document is the same either way (``tests/unit/test_plain_logs.py`` compares the two on
random logs), and a log this module takes has no finding.

It accepts only what the schema accepts: the game-level part is checked by the fast reader
(``game_part.read_head``), and each hand here with the same exact types (an int is an int,
cards and seats are looked up among the canonical texts).

This module loads no record, replay or pydantic: a bulk audit of clean logs starts without
them.
"""

from __future__ import annotations

import json
from itertools import chain
from operator import itemgetter
from typing import Any

from .json_writer import counts_text, file_text, hand_text
from ..rules.cards import CARDS
from ..logs.game_part import read_head, recorded_scores
from ..logs.json_types import DEFER
from ..rules.bitplay.clean_tricks import play_tricks4
from ..rules.bidding import has_bidding_rules
from ..rules.trick import has_play_rules
from ..rules.scoring import Bid, HandInput, ScoredHand, initial_totals, score_game
from ..rules.seats import Seat, Variant

_P = Variant.PARTNERSHIP
_SEATS = tuple(Seat)
_SEAT_INT = {s.name: int(s) for s in Seat}
_CARD_INT = {str(c): int(c) for c in CARDS}
_CARD_BIT = {str(c): 1 << c for c in CARDS}
_FULL_DECK = (1 << 52) - 1
_PLAIN_KEYS = frozenset({"dealer", "bids", "tricks", "deal", "tricks_won", "recorded", "notes"})
_BID_KEYS = frozenset({"seat", "bid", "blind"})
_LEADER_AND_CARDS = itemgetter("leader", "cards")
_TWO, _FOUR, _LIST = {2}, {4}, {list}
_SEAT_TEXT = tuple(s.name for s in Seat)
_BIDS = tuple(tuple(Bid(s, n) for n in range(14)) for s in Seat)
"""_BIDS[seat][n]: the (immutable) bid of n by seat, made once instead of once a hand."""
_FIRST_TO_ACT = tuple(int(_P.first_to_act(s)) for s in Seat)
"""_FIRST_TO_ACT[dealer]: who bids and leads first (seats as ints)."""
_BIDS_FROM = tuple(tuple(_BIDS[s] for s in _P.turn_order(first)) for first in Seat)
"""_BIDS_FROM[first]: the rows of ``_BIDS`` in bidding order from seat ``first``."""
_BIDDERS_TEXT = tuple([s.name for s in _P.turn_order(first)] for first in Seat)
_SEAT_OF_BID = itemgetter("seat")
_COUNT_OF_BID = itemgetter("bid")
_INT = {int}


class _NotPlain(Exception):
    """A hand or log this module leaves to the full audit."""


_GIVE_UP = (_NotPlain, *DEFER)


def sweep_log(data: Any, file: str) -> tuple[int, str] | None:
    """(hands audited, the file's part of the audit document) for a parsed log whose hands
    are all plain and clean and whose game has no finding; None for any other log (the
    caller audits it in full)."""
    try:
        head = read_head(data)
        if head.variant is not _P or has_play_rules(head.rules) or has_bidding_rules(
                head.rules) or head.rules.nil_passing:
            raise _NotPlain  # (house rules with findings of their own: the full audit's)
        hands = data["hands"]
        if type(hands) is not list or not hands:
            raise _NotPlain
        plain = [_plain_hand(h) for h in hands]
    except _GIVE_UP:
        return None
    for before, hand in zip(plain, plain[1:]):
        if hand[0].dealer != _P.next_dealer(before[0].dealer):
            return None  # dealer_out_of_rotation
    score = score_game(_P, [h[0] for h in plain], head.rules, initial_totals(head.initial, _P))
    if score.won_at_hand is not None and score.won_at_hand < len(plain):
        return None  # hand_after_game_won
    seats = _P.seats
    parts = []
    for number, ((given, winners, won, written), scored) in enumerate(zip(plain, score.hands),
                                                                      start=1):
        if written is not None and _departs(written, scored):
            return None  # score_mismatch
        counts = counts_text(seats, won)
        parts.append(hand_text(number, given.dealer, given.bids, True, winners, counts, counts,
                               scored, scored,
                               recorded="null" if written is None else json.dumps(written)))
    return len(plain), file_text(file, _P.value, parts, score, score)


def _departs(written: dict[str, int], scored: ScoredHand) -> bool:
    sides = scored.sides
    return any(side not in sides or sides[side].score != n for side, n in written.items())


def _plain_hand(h: Any) -> tuple[HandInput, list[int], list[int], dict[str, int] | None]:
    """(what scoring needs, each trick's winner, tricks won by seat, the written scores) of a
    plain and clean hand; raises one of ``_GIVE_UP`` for any other."""
    if type(h) is not dict or not h.keys() <= _PLAIN_KEYS:
        raise _NotPlain
    dealer = _SEAT_INT[h["dealer"]]
    first = _FIRST_TO_ACT[dealer]
    bids = h["bids"]
    # Four bids in turn, of ints 0-13, with no key but seat, bid and blind (false): checked
    # a column at a time (anything but a dict fails a lookup or the keys).
    if type(bids) is not list or len(bids) != 4 or not set().union(*bids) <= _BID_KEYS:
        raise _NotPlain
    if list(map(_SEAT_OF_BID, bids)) != _BIDDERS_TEXT[first]:
        raise _NotPlain
    counts = list(map(_COUNT_OF_BID, bids))
    if set(map(type, counts)) != _INT or min(counts) < 0 or max(counts) > 13:
        raise _NotPlain
    for b in bids:
        if "blind" in b and b["blind"] is not False:
            raise _NotPlain
    made = tuple(map(tuple.__getitem__, _BIDS_FROM[first], counts))
    deal = h["deal"]
    if type(deal) is not dict or len(deal) != 4:
        raise _NotPlain
    hold = [0, 0, 0, 0]
    deck = 0
    bit = _CARD_BIT.__getitem__
    for name, cards in deal.items():
        if type(cards) is not list or len(cards) != 13:
            raise _NotPlain
        mask = sum(map(bit, cards))
        if mask.bit_count() != 13:  # a card twice in one hand carries into another bit
            raise _NotPlain
        hold[_SEAT_INT[name]] = mask
        deck |= mask
    if deck != _FULL_DECK:  # four hands of 13 different cards that overlap
        raise _NotPlain
    tricks = h["tricks"]
    if type(tricks) is not list or len(tricks) != 13:
        raise _NotPlain
    # A trick is {"leader", "cards"} and nothing else (anything but a dict fails the lookup);
    # its cards a list of four.
    if set(map(len, tricks)) != _TWO:
        raise _NotPlain
    leader_texts, card_lists = zip(*map(_LEADER_AND_CARDS, tricks))
    if set(map(type, card_lists)) != _LIST or set(map(len, card_lists)) != _FOUR:
        raise _NotPlain
    winners: list[int] = []
    clean, won, _ = play_tricks4(
        list(map(_SEAT_INT.__getitem__, leader_texts)),
        list(map(_CARD_INT.__getitem__, chain.from_iterable(card_lists))), hold, first, winners)
    if not clean:
        raise _NotPlain
    agreed = h.get("tricks_won")
    if agreed is not None and (agreed != dict(zip(_SEAT_TEXT, won))
                               or set(map(type, agreed.values())) != _INT):
        _check_agreed(agreed, won)
    if "recorded" in h or "notes" in h:
        written = recorded_scores(h.get("recorded"), h.get("notes"))
    else:
        written = None
    given = HandInput(_SEATS[dealer], made, dict(zip(_SEATS, won)))
    return given, winners, won, written


def _check_agreed(agreed: Any, won: list[int]) -> None:
    """``tricks_won`` other than every seat with the count it won: a seat may be left out
    only when it won nothing; anything else is not clean or not plain."""
    if type(agreed) is not dict:
        raise _NotPlain
    for name, n in agreed.items():
        if type(n) is not int or n != won[_SEAT_INT[name]]:
            raise _NotPlain
    if sum(agreed.values()) != 13:  # a seat left out (counted 0) that won a trick
        raise _NotPlain


__all__ = ["sweep_log"]
