"""A trusted fast reader: a log's JSON text straight to the rules core's records.

Reading a log the normal way (``files.read_log``) validates it with the pydantic models, which
word every problem precisely; sweeping thousands of hands (``scorekeeper audit`` over a
season's logs), most of the time goes into importing pydantic and validating logs that are in
order. This module is the quick way for those, like python-chess's ``push`` next to
``push_san``: :func:`read_fast` parses the text with ``json.loads`` and builds the
``HandRecord``s, the ``RuleSet`` and the other facts the analysis needs (``LogFacts``)
without importing pydantic.

It accepts only a strict subset of what the schema (``logs/models.py``) accepts: known keys
only (plus ``x-`` extension keys where the schema allows them), JSON types exactly as the
schema asks (an int is an int, never ``true`` or ``3.0``), canonical card texts (one of the 52,
looked up in a dict), seats and sides of the log's variant, counts 0 to 13 and the other
bounds of the models, format_version ``1.<digits>``. For anything else it returns None, and
the caller takes the normal path (``files.read_log`` -> ``analysis.game.analyse_game``), which reads
the log or refuses it with exactly today's messages. It never accepts a log the schema
refuses, and what it builds equals what the normal path builds
(``tests/unit/test_trusted_reader.py`` proves both on random logs and on every example).
"""

from __future__ import annotations

from typing import Any, NamedTuple

from ..rules.cards import CARDS
from .game_part import EventFacts, LogHead, read_head, recorded_scores
from .json_text import JsonTextError, load_log_json
from .json_types import (DEFER, Defer, check_dict, check_int, check_keys, check_list,
                         check_opt_str)
from ..rules.record import Claim, DrawPair, Exchange, HandRecord, Redraw, Ruling, TrickRecord
from ..rules.scoring import Bid, SideTotals
from ..rules.settings import RuleSet
from ..rules.seats import Seat, Variant

_CARD = {str(c): c for c in CARDS}
_HAND_KEYS = frozenset({"dealer", "bids", "tricks_won", "tricks", "deal", "exchanges", "draw",
                        "redraws", "claim", "recorded", "notes", "rulings", "time_called"})
_RULING_KEYS = frozenset({"code", "trick", "seat", "decision", "by", "note"})
_RULING_CODES = frozenset({"revoke"})
_DECISIONS = frozenset({"apply", "waive"})
_BID_KEYS = frozenset({"seat", "bid", "blind"})
_CLAIM_KEYS = frozenset({"seat", "after_trick", "tricks", "accepted"})

class LogFacts(NamedTuple):
    """What the analysis and its reports read from a log besides the hands' records.

    It carries the attributes of ``models.GameLog`` that the analysis and the reports read
    (``variant``, ``players``, ``initial``, ``event``, ``game_id``), so a ``GameAnalysis`` of
    a log read the fast way serves them as one read by pydantic does.
    """

    variant: str
    players: dict[str, str]
    initial: dict[str, SideTotals] | None
    """Scores and bags carried in, by side, as the log has them (None: not given)."""
    recorded: tuple[dict[str, int] | None, ...]
    """Each hand's ``recorded`` running scores (None where the hand has none)."""
    event: EventFacts | None = None
    game_id: str | None = None
    format_version: str = "1.0"


class FastLog(NamedTuple):
    """A log read the fast way: the facts, the house rules and every hand as a record."""

    facts: LogFacts
    variant: Variant
    rules: RuleSet
    records: tuple[HandRecord, ...]


def read_fast(text: str) -> FastLog | None:
    """The log in ``text`` if it is one of the common shapes this reader takes, else None.

    None says nothing about the log's validity: the caller reads it the normal way.
    """
    try:
        data = load_log_json(text)
    except JsonTextError:  # not I-JSON: the normal path words the problem
        return None
    return read_fast_data(data)


def read_fast_data(data: Any) -> FastLog | None:
    """:func:`read_fast` of JSON already parsed."""
    try:
        return from_data(data)
    except DEFER:
        # KeyError/TypeError come only from looking up a value that is not one of the known
        # texts (a card, a seat) or a required key that is missing: not this reader's shape.
        return None


def from_data(data: Any) -> FastLog:
    """Build the fast log from parsed JSON; raise one of :data:`DEFER` for anything outside
    the strict subset. Use :func:`read_fast`."""
    head = read_head(data)
    variant, seats = head.variant, head.seats
    records = []
    recorded = []
    for hand in check_list(data["hands"]):
        record, written = _hand(hand, variant, seats)
        records.append(record)
        recorded.append(written)
    facts = LogFacts(variant.value, head.players, head.initial, tuple(recorded), head.event,
                     head.game_id, head.format_version)
    return FastLog(facts, variant, head.rules, tuple(records))


def _cards(texts: Any, high: int | None = None) -> tuple:
    if type(texts) is not list or (high is not None and len(texts) > high):
        raise Defer
    return tuple(map(_CARD.__getitem__, texts))


def _counts(obj: Any, seats: dict[str, Seat]) -> dict[Seat, int]:
    if type(obj) is not dict:
        raise Defer
    out = {}
    for k, n in obj.items():
        if type(n) is not int or not 0 <= n <= 13:
            raise Defer
        out[seats[k]] = n
    return out


def _hand(h: Any, variant: Variant, seats: dict[str, Seat]
          ) -> tuple[HandRecord, dict[str, int] | None]:
    if type(h) is not dict:
        raise Defer
    if not h.keys() <= _HAND_KEYS:
        check_keys(h, _HAND_KEYS, True)
    card = _CARD.__getitem__
    bids = []
    for b in check_list(h["bids"]):
        if type(b) is not dict or not b.keys() <= _BID_KEYS:
            raise Defer
        n = b["bid"]
        blind = b.get("blind", False)
        if type(n) is not int or not 0 <= n <= 13 or type(blind) is not bool:
            raise Defer
        bids.append(Bid(seats[b["seat"]], n, blind))
    tricks_won = h.get("tricks_won")
    if tricks_won is not None:
        tricks_won = _counts(tricks_won, seats)
    tricks = h.get("tricks")
    if tricks is not None:
        if type(tricks) is not list or len(tricks) > 13:
            raise Defer
        made = []
        for t in tricks:
            if type(t) is not dict or len(t) != 2:
                raise Defer
            cards = t["cards"]
            if type(cards) is not list or not 0 < len(cards) <= 4:
                raise Defer
            made.append(TrickRecord(seats[t["leader"]], tuple(map(card, cards))))
        tricks = tuple(made)
    elif tricks_won is None:
        raise Defer  # the schema wants one of the two
    deal = h.get("deal")
    if deal is not None:
        deal = {seats[k]: _cards(v) for k, v in check_dict(deal).items()}
    if not _RARE.isdisjoint(h):
        return _rare_hand(h, variant, seats, bids, tricks_won, tricks, deal)
    record = HandRecord(variant, seats[h["dealer"]], tuple(bids), tricks_won, tricks, deal)
    return record, recorded_scores(h.get("recorded"), h.get("notes"))


_RARE = frozenset({"exchanges", "draw", "redraws", "claim", "rulings", "time_called"})


def _rare_hand(h: dict, variant: Variant, seats: dict[str, Seat], bids, tricks_won, tricks,
               deal) -> tuple[HandRecord, dict[str, int] | None]:
    """A hand with exchanges, a draw, redraws, a claim, rulings or time called."""
    card = _CARD.__getitem__
    exchanges = h.get("exchanges")
    if exchanges is not None:
        made = []
        for x in check_list(exchanges):
            check_keys(check_dict(x), frozenset({"from", "to", "cards"}), False)
            made.append(Exchange(seats[x["from"]], seats[x["to"]], _cards(x["cards"])))
        exchanges = tuple(made)
    draw = h.get("draw")
    if draw is not None:
        made = []
        for d in check_list(draw, 0, 26):
            check_keys(check_dict(d), frozenset({"seat", "kept", "discarded"}), False)
            made.append(DrawPair(seats[d["seat"]], card(d["kept"]), card(d["discarded"])))
        draw = tuple(made)
    redraws = h.get("redraws")
    if redraws is not None:
        made = []
        for r in check_list(redraws):
            check_keys(check_dict(r), frozenset({"seat", "discarded", "drawn"}), False)
            made.append(Redraw(seats[r["seat"]], _cards(r["discarded"], 3),
                               _cards(r["drawn"], 3)))
        redraws = tuple(made)
    claim = h.get("claim")
    if claim is not None:
        check_keys(check_dict(claim), _CLAIM_KEYS, False)
        accepted = claim.get("accepted", True)
        if type(accepted) is not bool:
            raise Defer
        claim = Claim(seats[claim["seat"]], check_int(claim["after_trick"], 0, 13),
                      _counts(claim["tricks"], seats), accepted)
    time_called = h.get("time_called")
    if time_called is not None and type(time_called) is not bool:
        raise Defer
    record = HandRecord(variant, seats[h["dealer"]], tuple(bids), tricks_won, tricks, deal,
                        exchanges, draw, redraws, claim, rulings=_rulings(h.get("rulings"), seats),
                        time_called=bool(time_called))
    return record, recorded_scores(h.get("recorded"), h.get("notes"))


def _rulings(obj: Any, seats: dict[str, Seat]) -> tuple[Ruling, ...]:
    if obj is None:
        return ()
    made = []
    for r in check_list(obj):
        check_keys(check_dict(r), _RULING_KEYS, False)
        code, decision = r["code"], r["decision"]
        if code not in _RULING_CODES or decision not in _DECISIONS:
            raise Defer
        made.append(Ruling(code, check_int(r["trick"], 1, 13), seats[r["seat"]], decision,
                           check_opt_str(r.get("by")), check_opt_str(r.get("note"))))
    return tuple(made)


__all__ = ["EventFacts", "FastLog", "LogFacts", "LogHead", "from_data", "read_fast",
           "read_fast_data"]
