"""The bulk audit: a clean card-by-card log straight from its parsed JSON to the audit's text.

``scorekeeper audit --format json`` over a season or a club's archive reads thousands of
hands, nearly all of them in order. For those the full audit (``audit/engine.py``: records, replays,
findings, penalties, claims) builds a few hundred objects a hand only to say "nothing found".
:func:`sweep_log` is the quick way for a log whose every hand is *plain*: a partnership hand
with the deal, the four bids in turn (no Blind Nil), all 13 tricks of four cards, and nothing
else but ``tricks_won``, ``recorded`` and ``notes``. It reads the deal and the tricks straight
from the parsed JSON and checks the play (``plain_play``: the rules core's own loop,
``bitplay.clean_tricks.play_tricks4``, the one ``check_play`` uses, or its compiled twin),
scores the game with the core's ``score_game``, and writes the file's part of the document
with the same writer as the full audit (``audit/json_writer.py``).

It gives up (returns None) at the first thing that is not plain or not clean: a hand of
another shape, any problem of the play, bids out of turn, tricks agreed that differ from the
play, a dealer out of rotation, a hand after the game was won, a written score that departs
from the rules. The caller then audits that log in full, which finds and words every problem.
So the document is the same either way (``tests/unit/test_plain_logs.py`` compares the two on
random logs), and a log this module takes has no finding.

It accepts only what the schema accepts: the game-level part is checked by the fast reader
(``game_part.read_head``), and each hand here with the same exact types (an int is an int,
cards and seats are looked up among the canonical texts).

Per file, what a folder of one-hand files pays beside the hand itself is kept small:
:func:`sweep_text` parses the text with ``json``'s scanner alone (see its doc for how it keeps
to exactly the texts ``json_text`` takes), and a game-level part already seen (a club's logs
share players, house rules and event) is looked up instead of checked again (:func:`_head`).

This module loads no record, replay or pydantic: a bulk audit of clean logs starts without
them.
"""

from __future__ import annotations

import json
import marshal
import re
from operator import itemgetter
from typing import Any, NamedTuple

from .json_writer import counts_text4, file_text, hand_text
from .plain_play import _SEAT_INT, play_plain
from ..logs.game_part import read_head, recorded_scores
from ..logs.json_types import DEFER
from ..rules.bidding import has_bidding_rules
from ..rules.trick import has_play_rules
from ..rules.scoring import Bid, HandInput, ScoredHand, SideTotals, initial_totals, score_game
from ..rules.settings import RuleSet
from ..rules.seats import Seat, Variant

_P = Variant.PARTNERSHIP
_VARIANT_TEXT = _P.value
_SEATS = tuple(Seat)
_PLAIN_KEYS = frozenset({"dealer", "bids", "tricks", "deal", "tricks_won", "recorded", "notes"})
_BID_KEYS = frozenset({"seat", "bid", "blind"})
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
    return _sweep(data, file, None)


_TEXT_NEEDS_CARE = re.compile(r"\\u[dD][89a-fA-F]")
"""A surrogate escape, lone or in a pair: ``json_text`` looks at such a text closely."""

_DECODE = json.JSONDecoder().decode
"""The C scanner with no hook: json.loads without its per-call checks."""

UNSURE = None
"""What :func:`sweep_text` returns when the quick reading cannot vouch for the text."""


def sweep_text(text: str, file: str) -> tuple[int, str] | bool | None:
    """:func:`sweep_log` of a log file's text, read the quick way: ``json``'s scanner with no
    hook (``json_text.load_log_json`` calls back into Python for every object, a quarter of
    the time of a card-by-card log).

    The quick reading must take exactly the texts ``load_log_json`` takes, as it takes them.
    Of the things ``load_log_json`` refuses, a key twice in an object is told the way it tells
    it: the keys of every object add up to the colons of the text only if no key is twice
    (each key has one colon after it; a key twice makes one entry of two; a colon in a text
    is one more colon), and the sweep knows every object of a plain log, so it counts them
    as it goes. The other refusals (NaN, a number too large for a float, a lone surrogate
    escape) cannot reach a plain log's checked values, where anything but an int or a known
    text is not plain; in the game-level part, a float anywhere (only an ``x-`` value can
    hold one unchecked) and any surrogate escape in the text send the log the careful way.

    Returns the sweep's result; False when the log is not plain, whatever its text (the
    caller audits it in full, which reads the text the careful way and words any problem);
    :data:`UNSURE` (None) when this reading cannot vouch for the text (a colon in a text,
    a surrogate escape, a float in the game-level part, a key twice, not JSON at all): the
    caller reads it with ``load_log_json`` and calls :func:`sweep_log`.
    """
    if _TEXT_NEEDS_CARE.search(text) is not None:
        return UNSURE
    try:
        data = _DECODE(text)
    except (ValueError, RecursionError):  # the careful reading words what is wrong
        return UNSURE
    return _sweep(data, file, text.count(":"))


def _sweep(data: Any, file: str, colons: int | None) -> tuple[int, str] | bool | None:
    """The sweep; with ``colons`` (the text's), the keys are counted against them, see
    :func:`sweep_text` (whose results it returns); without, :func:`sweep_log`'s."""
    try:
        head = _head(data, colons is not None)
        hands = data["hands"]
        if type(hands) is not list or not hands:
            raise _NotPlain
        plain = list(map(_plain_hand, hands))
    except _GIVE_UP:
        return False if colons is not None else None
    if colons is not None:
        if head.unsure:
            return UNSURE
        keys = len(data) + head.keys + sum([p[4] for p in plain])
        if keys != colons:
            return UNSURE
    for before, hand in zip(plain, plain[1:]):
        if hand[0].dealer != _P.next_dealer(before[0].dealer):
            return _not_swept(colons)  # dealer_out_of_rotation
    score = score_game(_P, [h[0] for h in plain], head.rules, head.initial)
    if score.won_at_hand is not None and score.won_at_hand < len(plain):
        return _not_swept(colons)  # hand_after_game_won
    parts = []
    for number, ((given, winners, won, written, _), scored) in enumerate(
            zip(plain, score.hands), start=1):
        if written is not None and _departs(written, scored):
            return _not_swept(colons)  # score_mismatch
        counts = counts_text4(*won)
        parts.append(hand_text(number, given.dealer, given.bids, True, winners, counts, counts,
                               scored, scored,
                               recorded="null" if written is None else json.dumps(written)))
    return len(plain), file_text(file, _VARIANT_TEXT, parts, score, score)


def _not_swept(colons: int | None) -> bool | None:
    return False if colons is not None else None


class _Head(NamedTuple):
    """A log's game-level part as the sweep needs it."""

    rules: RuleSet
    initial: dict[str, SideTotals]
    """Every side's score and bags carried in."""
    keys: int
    """The keys of the objects in the game-level part, the hands left out."""
    unsure: bool
    """A float somewhere in it (see :func:`sweep_text`)."""


_HEADS: dict[bytes, _Head | None] = {}
"""The game-level parts already read, by their ``marshal.dumps`` (see :func:`_head`)."""
_dumps = marshal.dumps


def _head(data: Any, own: bool = False) -> _Head:
    """The game-level part of a plain log; raises one of ``_GIVE_UP`` for any other.

    A club's logs share their game-level part (players, house rules, event), and checking it
    (``read_head``: the rules' declarations, the players' names) is a quarter of the sweep of
    a one-hand log; so each is read once, looked up by its ``marshal.dumps``. Of parsed
    JSON (dicts, lists, texts, ints, floats, booleans, None) ``marshal`` writes all that
    makes the value, types included (1, 1.0 and True are written three ways), in bytes that
    ``marshal.loads`` reads back as that value: two heads with the same bytes are the same
    value. (Not the other way round: whether a text is shared within the parse shows in the
    bytes, so the same head may be written two ways; then it is read twice, no harm.) It is
    C all through: some three times quicker than ``repr`` (which also stands for the value,
    and was the key before), more than that than ``json.dumps``.

    ``own``: ``data`` is the sweep's own parse (:func:`sweep_text`), used for nothing else
    if the sweep gives up: its hands are taken out for the key and put back (last) instead
    of the rest being copied. A caller's parse is left as it is."""
    if type(data) is not dict:
        raise _NotPlain
    try:
        if own:
            hands = data.pop("hands")
            try:
                key = _dumps(data)
            finally:
                data["hands"] = hands
        else:
            key = _dumps({k: v for k, v in data.items() if k != "hands"})
    except ValueError:  # nested too deeply for marshal: the full audit words it
        raise _NotPlain from None
    try:
        head = _HEADS[key]
    except KeyError:
        head = _HEADS[key] = _read_head(data)
        if len(_HEADS) > 256:  # many different heads: keep the memory bounded
            _HEADS.clear()
    if head is None:
        raise _NotPlain
    return head


def _read_head(data: dict) -> _Head | None:
    try:
        head = read_head(data)
    except DEFER:
        return None
    rules = head.rules
    if head.variant is not _P or has_play_rules(rules) or has_bidding_rules(
            rules) or rules.nil_passing:
        return None  # (house rules with findings of their own: the full audit's)
    keys = floats = 0
    stack = [v for k, v in data.items() if k != "hands"]
    while stack:
        value = stack.pop()
        kind = type(value)
        if kind is dict:
            keys += len(value)
            stack.extend(value.values())
        elif kind is list:
            stack.extend(value)
        elif kind is float:
            floats += 1
    return _Head(rules, initial_totals(head.initial, _P), keys, floats > 0)


def _departs(written: dict[str, int], scored: ScoredHand) -> bool:
    sides = scored.sides
    return any(side not in sides or sides[side].score != n for side, n in written.items())


def _plain_hand(h: Any) -> tuple[HandInput, list[int], list[int], dict[str, int] | None, int]:
    """(what scoring needs, each trick's winner, tricks won by seat, the written scores, the
    keys of its objects) of a plain and clean hand; raises one of ``_GIVE_UP`` for any
    other."""
    if type(h) is not dict or not h.keys() <= _PLAIN_KEYS:
        raise _NotPlain
    dealer = _SEAT_INT[h["dealer"]]
    first = _FIRST_TO_ACT[dealer]
    bids = h["bids"]
    # Four bids in turn, of ints 0-13, with no key but seat, bid and blind (false): checked
    # a column at a time (anything but a dict fails a lookup or the keys).
    if type(bids) is not list or len(bids) != 4:
        raise _NotPlain
    bid_keys = set().union(*bids)
    if not bid_keys <= _BID_KEYS:
        raise _NotPlain
    if list(map(_SEAT_OF_BID, bids)) != _BIDDERS_TEXT[first]:
        raise _NotPlain
    counts = list(map(_COUNT_OF_BID, bids))
    if set(map(type, counts)) != _INT or min(counts) < 0 or max(counts) > 13:
        raise _NotPlain
    if "blind" in bid_keys:  # (most logs leave it out)
        for b in bids:
            if "blind" in b and b["blind"] is not False:
                raise _NotPlain
    made = tuple(map(tuple.__getitem__, _BIDS_FROM[first], counts))
    played = play_plain(h["deal"], h["tricks"], first)
    if played is None:
        raise _NotPlain
    won, winners = played
    agreed = h.get("tricks_won")
    if agreed is not None and (agreed != dict(zip(_SEAT_TEXT, won))
                               or set(map(type, agreed.values())) != _INT):
        _check_agreed(agreed, won)
    if "recorded" in h or "notes" in h:
        written = recorded_scores(h.get("recorded"), h.get("notes"))
    else:
        written = None
    given = HandInput(_SEATS[dealer], made, dict(zip(_SEATS, won)))
    # The keys of every object of the hand (see sweep_text): the hand's, the bids', two of
    # each trick's, the deal's four, and those of tricks_won and recorded.
    keys = len(h) + sum(map(len, bids)) + 30 + (len(agreed) if agreed else 0) + (
        len(written) if written else 0)
    return given, winners, won, written, keys


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


__all__ = ["UNSURE", "sweep_log", "sweep_text"]
