"""A trusted fast reader: a log's JSON text straight to the rules core's records.

Reading a log the normal way (``logio.read_log``) validates it with the pydantic models, which
word every problem precisely; sweeping thousands of hands (``scorekeeper audit`` over a
season's logs), most of the time goes into importing pydantic and validating logs that are in
order. This module is the quick way for those, like python-chess's ``push`` next to
``push_san``: :func:`read_fast` parses the text with ``json.loads`` and builds the
``HandRecord``s, the ``RuleSet`` and the other facts the analysis needs (``LogFacts``)
without importing pydantic.

It accepts only a strict subset of what the schema (``models/log.py``) accepts: known keys
only (plus ``x-`` extension keys where the schema allows them), JSON types exactly as the
schema asks (an int is an int, never ``true`` or ``3.0``), canonical card texts (one of the 52,
looked up in a dict), seats and sides of the log's variant, counts 0 to 13 and the other
bounds of the models, format_version ``1.<digits>``. For anything else it returns None, and
the caller takes the normal path (``logio.read_log`` -> ``game.analyse_game``), which reads
the log or refuses it with exactly today's messages. It never accepts a log the schema
refuses, and what it builds equals what the normal path builds
(``tests/unit/test_fastread.py`` proves both on random logs and on every example).
"""

from __future__ import annotations

import json
import re
from typing import Any, NamedTuple

from .cards import CARDS
from .rules.record import Claim, DrawPair, Exchange, HandRecord, Redraw, TrickRecord
from .rules.scoring import Bid, SideTotals
from .rules.settings import DEFAULT_RULES, RuleSet
from .seats import Seat, Variant

_CARD = {str(c): c for c in CARDS}
_SEATS = {Variant.PARTNERSHIP: {s.name: s for s in Variant.PARTNERSHIP.seats},
          Variant.TWO_PLAYER: {s.name: s for s in Variant.TWO_PLAYER.seats}}
_VARIANTS = {v.value: v for v in Variant}
_RECORDED_SIDES = frozenset({"NS", "EW", "N", "S"})  # the schema's SideKey, whatever the variant
_VERSION = re.compile(r"1\.[0-9]+")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_MAX_INT = 10 ** 15
"""Scores and settings beyond this are left to the normal path (the schema has no bound)."""

_GAME_KEYS = frozenset({"format", "format_version", "game_id", "variant", "players", "rules",
                        "event", "initial", "hands", "history"})
_HAND_KEYS = frozenset({"dealer", "bids", "tricks_won", "tricks", "deal", "exchanges", "draw",
                        "redraws", "claim", "recorded", "notes"})
_EVENT_KEYS = frozenset({"season", "date", "table", "notes"})
_CORRECTION_KEYS = frozenset({"revision", "at", "by", "hand", "what", "why"})
_BID_KEYS = frozenset({"seat", "bid", "blind"})
_CLAIM_KEYS = frozenset({"seat", "after_trick", "tricks", "accepted"})

# Each house rule: (least value or None, greatest value or None) for ints, the choices for text,
# or bool. Bounds as in models/log.py RulesSettings.
_RULE_INTS: dict[str, tuple[int | None, int | None]] = {
    "target_score": (1, None), "bag_limit": (1, None), "bag_penalty": (0, None),
    "nil_bonus": (0, None), "blind_nil_bonus": (0, None), "blind_nil_min_deficit": (0, None),
    "mercy_score": (None, None), "revoke_penalty_tricks": (0, 13),
}
_RULE_CHOICES: dict[str, frozenset[str]] = {
    "failed_nil_tricks": frozenset({"bags", "help_partner", "ignored"}),
    "revoke_penalty": frozenset({"tricks", "set"}),
}
_RULE_BOOLS = frozenset({"allow_blind_nil"})


class _Defer(Exception):
    """Not a shape this reader takes: the normal path decides."""


class EventFacts(NamedTuple):
    """A log's ``event`` (its ``x-`` keys are not needed by the analysis and are left out)."""

    season: str | None = None
    date: str | None = None
    table: str | None = None
    notes: str | None = None


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
        data = json.loads(text)
    except (ValueError, RecursionError):  # not JSON (or digits beyond int's limit)
        return None
    try:
        return from_data(data)
    except (_Defer, KeyError, TypeError):
        # KeyError/TypeError come only from looking up a value that is not one of the known
        # texts (a card, a seat) or a required key that is missing: not this reader's shape.
        return None


def _int(value: Any, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:  # not bool, not 3.0
        raise _Defer
    if (low is not None and value < low) or (high is not None and value > high) or (
            not -_MAX_INT <= value <= _MAX_INT):
        raise _Defer
    return value


def _str(value: Any) -> str:
    if type(value) is not str:
        raise _Defer
    return value


def _opt_str(value: Any) -> str | None:
    return None if value is None else _str(value)


def _list(value: Any, low: int = 0, high: int | None = None) -> list:
    if type(value) is not list or len(value) < low or (high is not None and len(value) > high):
        raise _Defer
    return value


def _dict(value: Any) -> dict:
    if type(value) is not dict:
        raise _Defer
    return value


def _known_keys(obj: dict, known: frozenset[str], extensions: bool) -> None:
    if obj.keys() <= known:
        return
    for k in obj:
        if k not in known and not (extensions and k.startswith("x-")):
            raise _Defer


def from_data(data: Any) -> FastLog:
    """Build the fast log from parsed JSON; raise ``_Defer`` (or KeyError/TypeError from a
    failed lookup) for anything outside the strict subset. Use :func:`read_fast`."""
    _dict(data)
    _known_keys(data, _GAME_KEYS, True)
    if data["format"] != "spades-game":
        raise _Defer
    version = _str(data["format_version"])
    if not _VERSION.fullmatch(version):
        raise _Defer
    game_id = data.get("game_id")
    if game_id is not None and not 1 <= len(_str(game_id)) <= 200:
        raise _Defer
    variant = _VARIANTS[data["variant"]]
    seats = _SEATS[variant]
    players = _dict(data["players"])
    if players.keys() != seats.keys():
        raise _Defer
    for name in players.values():
        _str(name)
    rules = _rules(data.get("rules"))
    event = _event(data.get("event"))
    initial = _initial(data.get("initial"), variant)
    _history(data.get("history"))
    records = []
    recorded = []
    for hand in _list(data["hands"]):
        record, written = _hand(hand, variant, seats)
        records.append(record)
        recorded.append(written)
    facts = LogFacts(variant.value, players, initial, tuple(recorded), event, game_id, version)
    return FastLog(facts, variant, rules, tuple(records))


def _rules(obj: Any) -> RuleSet:
    if obj is None:
        return DEFAULT_RULES
    _known_keys(_dict(obj), _RULE_KEYS, False)
    changes = {}
    for name, value in obj.items():
        if value is None:
            continue
        if name in _RULE_INTS:
            changes[name] = _int(value, *_RULE_INTS[name])
        elif name in _RULE_CHOICES:
            if type(value) is not str or value not in _RULE_CHOICES[name]:
                raise _Defer
            changes[name] = value
        elif type(value) is bool:
            changes[name] = value
        else:
            raise _Defer
    return DEFAULT_RULES.with_changes(**changes)


_RULE_KEYS = frozenset(_RULE_INTS) | frozenset(_RULE_CHOICES) | _RULE_BOOLS


def _event(obj: Any) -> EventFacts | None:
    if obj is None:
        return None
    _known_keys(_dict(obj), _EVENT_KEYS, True)
    date = _opt_str(obj.get("date"))
    if date is not None and not _DATE.fullmatch(date):
        raise _Defer
    return EventFacts(_opt_str(obj.get("season")), date, _opt_str(obj.get("table")),
                      _opt_str(obj.get("notes")))


def _initial(obj: Any, variant: Variant) -> dict[str, SideTotals] | None:
    if obj is None:
        return None
    out = {}
    for side, start in _dict(obj).items():
        if side not in variant.sides:
            raise _Defer
        _known_keys(_dict(start), frozenset({"score", "bags"}), False)
        out[side] = SideTotals(_int(start.get("score", 0)), _int(start.get("bags", 0), 0))
    return out


def _history(obj: Any) -> None:
    if obj is None:
        return
    for c in _list(obj):
        _known_keys(_dict(c), _CORRECTION_KEYS, False)
        _int(c["revision"], 1)
        _str(c["at"]), _str(c["by"]), _str(c["what"])
        _opt_str(c.get("why"))
        if c.get("hand") is not None:
            _int(c["hand"], 1)


def _cards(texts: Any, high: int | None = None) -> tuple:
    if type(texts) is not list or (high is not None and len(texts) > high):
        raise _Defer
    return tuple(map(_CARD.__getitem__, texts))


def _counts(obj: Any, seats: dict[str, Seat]) -> dict[Seat, int]:
    if type(obj) is not dict:
        raise _Defer
    out = {}
    for k, n in obj.items():
        if type(n) is not int or not 0 <= n <= 13:
            raise _Defer
        out[seats[k]] = n
    return out


def _hand(h: Any, variant: Variant, seats: dict[str, Seat]
          ) -> tuple[HandRecord, dict[str, int] | None]:
    if type(h) is not dict:
        raise _Defer
    if not h.keys() <= _HAND_KEYS:
        _known_keys(h, _HAND_KEYS, True)
    card = _CARD.__getitem__
    bids = []
    for b in _list(h["bids"]):
        if type(b) is not dict or not b.keys() <= _BID_KEYS:
            raise _Defer
        n = b["bid"]
        blind = b.get("blind", False)
        if type(n) is not int or not 0 <= n <= 13 or type(blind) is not bool or (blind and n):
            raise _Defer
        bids.append(Bid(seats[b["seat"]], n, blind))
    tricks_won = h.get("tricks_won")
    if tricks_won is not None:
        tricks_won = _counts(tricks_won, seats)
    tricks = h.get("tricks")
    if tricks is not None:
        if type(tricks) is not list or len(tricks) > 13:
            raise _Defer
        made = []
        for t in tricks:
            if type(t) is not dict or len(t) != 2:
                raise _Defer
            cards = t["cards"]
            if type(cards) is not list or not 0 < len(cards) <= 4:
                raise _Defer
            made.append(TrickRecord(seats[t["leader"]], tuple(map(card, cards))))
        tricks = tuple(made)
    elif tricks_won is None:
        raise _Defer  # the schema wants one of the two
    deal = h.get("deal")
    if deal is not None:
        deal = {seats[k]: _cards(v) for k, v in _dict(deal).items()}
    if not _RARE.isdisjoint(h):
        return _rare_hand(h, variant, seats, bids, tricks_won, tricks, deal)
    record = HandRecord(variant, seats[h["dealer"]], tuple(bids), tricks_won, tricks, deal)
    return record, _recorded(h.get("recorded"), h.get("notes"))


_RARE = frozenset({"exchanges", "draw", "redraws", "claim"})


def _recorded(written: Any, notes: Any) -> dict[str, int] | None:
    _opt_str(notes)
    if written is None:
        return None
    _dict(written)
    for side, score in written.items():
        if side not in _RECORDED_SIDES:
            raise _Defer
        _int(score)
    return written


def _rare_hand(h: dict, variant: Variant, seats: dict[str, Seat], bids, tricks_won, tricks,
               deal) -> tuple[HandRecord, dict[str, int] | None]:
    """A hand with exchanges, a draw, redraws or a claim."""
    card = _CARD.__getitem__
    exchanges = h.get("exchanges")
    if exchanges is not None:
        made = []
        for x in _list(exchanges):
            _known_keys(_dict(x), frozenset({"from", "to", "cards"}), False)
            made.append(Exchange(seats[x["from"]], seats[x["to"]], _cards(x["cards"])))
        exchanges = tuple(made)
    draw = h.get("draw")
    if draw is not None:
        made = []
        for d in _list(draw, 0, 26):
            _known_keys(_dict(d), frozenset({"seat", "kept", "discarded"}), False)
            made.append(DrawPair(seats[d["seat"]], card(d["kept"]), card(d["discarded"])))
        draw = tuple(made)
    redraws = h.get("redraws")
    if redraws is not None:
        made = []
        for r in _list(redraws):
            _known_keys(_dict(r), frozenset({"seat", "discarded", "drawn"}), False)
            made.append(Redraw(seats[r["seat"]], _cards(r["discarded"], 3),
                               _cards(r["drawn"], 3)))
        redraws = tuple(made)
    claim = h.get("claim")
    if claim is not None:
        _known_keys(_dict(claim), _CLAIM_KEYS, False)
        accepted = claim.get("accepted", True)
        if type(accepted) is not bool:
            raise _Defer
        claim = Claim(seats[claim["seat"]], _int(claim["after_trick"], 0, 13),
                      _counts(claim["tricks"], seats), accepted)
    record = HandRecord(variant, seats[h["dealer"]], tuple(bids), tricks_won, tricks, deal,
                        exchanges, draw, redraws, claim)
    return record, _recorded(h.get("recorded"), h.get("notes"))


__all__ = ["EventFacts", "FastLog", "LogFacts", "from_data", "read_fast"]
