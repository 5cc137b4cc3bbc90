"""A log's game-level part and the JSON types of the schema's strict subset, checked fast.

The trusted fast reader (``fastread.py``) and the bulk audit (``sweep.py``) read a log's
parsed JSON without pydantic. Both take only a strict subset of what the schema
(``models/log.py``) accepts, and leave anything else to the normal path, which reads the log
or refuses it with ``validate``'s messages. This module holds what they share: the checks of a
JSON value's exact type (an int is an int, never ``true`` or ``3.0``), the game-level part of
a log (:func:`read_head`: format, variant, players, house rules, event, scores carried in,
history) and a hand's written scores. Each raises one of :data:`DEFER` for a shape it leaves
to the normal path.

It loads no record or replay module: the bulk audit of clean logs starts without them.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..rules.scoring import SideTotals
from ..rules.settings import DEFAULT_RULES, RuleSet
from ..rules.seats import Seat, Variant

SEATS = {Variant.PARTNERSHIP: {s.name: s for s in Variant.PARTNERSHIP.seats},
          Variant.TWO_PLAYER: {s.name: s for s in Variant.TWO_PLAYER.seats}}
_VARIANTS = {v.value: v for v in Variant}
_RECORDED_SIDES = frozenset({"NS", "EW", "N", "S"})  # the schema's SideKey, whatever the variant
_VERSION = re.compile(r"1\.[0-9]+")
_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")
_MAX_INT = 10 ** 15
"""Scores and settings beyond this are left to the normal path (the schema has no bound)."""

_GAME_KEYS = frozenset({"format", "format_version", "game_id", "variant", "players", "rules",
                        "event", "initial", "hands", "history"})
_EVENT_KEYS = frozenset({"season", "date", "table", "notes"})
_CORRECTION_KEYS = frozenset({"revision", "at", "by", "hand", "what", "why"})
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


class Defer(Exception):
    """Not a shape this reader takes: the normal path decides."""


class EventFacts(NamedTuple):
    """A log's ``event`` (its ``x-`` keys are not needed by the analysis and are left out)."""

    season: str | None = None
    date: str | None = None
    table: str | None = None
    notes: str | None = None


def check_int(value: Any, low: int | None = None, high: int | None = None) -> int:
    if type(value) is not int:  # not bool, not 3.0
        raise Defer
    if (low is not None and value < low) or (high is not None and value > high) or (
            not -_MAX_INT <= value <= _MAX_INT):
        raise Defer
    return value


def check_str(value: Any) -> str:
    if type(value) is not str:
        raise Defer
    return value


def check_opt_str(value: Any) -> str | None:
    return None if value is None else check_str(value)


def check_list(value: Any, low: int = 0, high: int | None = None) -> list:
    if type(value) is not list or len(value) < low or (high is not None and len(value) > high):
        raise Defer
    return value


def check_dict(value: Any) -> dict:
    if type(value) is not dict:
        raise Defer
    return value


def check_keys(obj: dict, known: frozenset[str], extensions: bool) -> None:
    if obj.keys() <= known:
        return
    for k in obj:
        if k not in known and not (extensions and k.startswith("x-")):
            raise Defer


def _is_utf8(text: str) -> bool:
    """False for a text with a lone surrogate (a JSON escape such as ``\\ud800``), which
    pydantic refuses in a field with length limits (``game_id``) though Python keeps it."""
    if text.isascii():
        return True
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


class LogHead(NamedTuple):
    """A log's game-level part, checked: everything but the hands."""

    variant: Variant
    seats: dict[str, Seat]
    """The variant's seats by letter."""
    players: dict[str, str]
    rules: RuleSet
    event: EventFacts | None
    initial: dict[str, SideTotals] | None
    format_version: str
    game_id: str | None


DEFER = (Defer, KeyError, TypeError)
"""What :func:`read_head` (and the bulk audit's reading of a hand) raise for a shape this
reader leaves to the normal path: ``Defer``, or a failed lookup of a text that is not one of
the known ones (a card, a seat) or of a required key."""


def read_head(data: Any) -> LogHead:
    """The game-level part of parsed JSON, in the strict subset (see the module doc); raises
    one of :data:`DEFER` for anything outside it. The hands are not looked at."""
    check_dict(data)
    check_keys(data, _GAME_KEYS, True)
    if data["format"] != "spades-game":
        raise Defer
    version = check_str(data["format_version"])
    if not _VERSION.fullmatch(version):
        raise Defer
    game_id = data.get("game_id")
    if game_id is not None and (not 1 <= len(check_str(game_id)) <= 200
                                or not _is_utf8(game_id)):
        raise Defer
    variant = _VARIANTS[data["variant"]]
    seats = SEATS[variant]
    players = check_dict(data["players"])
    if players.keys() != seats.keys():
        raise Defer
    for name in players.values():
        check_str(name)
    rules = _rules(data.get("rules"))
    event = _event(data.get("event"))
    initial = _initial(data.get("initial"), variant)
    _history(data.get("history"))
    return LogHead(variant, seats, players, rules, event, initial, version, game_id)


def _rules(obj: Any) -> RuleSet:
    if obj is None:
        return DEFAULT_RULES
    check_keys(check_dict(obj), _RULE_KEYS, False)
    changes = {}
    for name, value in obj.items():
        if value is None:
            continue
        if name in _RULE_INTS:
            changes[name] = check_int(value, *_RULE_INTS[name])
        elif name in _RULE_CHOICES:
            if type(value) is not str or value not in _RULE_CHOICES[name]:
                raise Defer
            changes[name] = value
        elif type(value) is bool:
            changes[name] = value
        else:
            raise Defer
    return DEFAULT_RULES.with_changes(**changes)


_RULE_KEYS = frozenset(_RULE_INTS) | frozenset(_RULE_CHOICES) | _RULE_BOOLS


def _event(obj: Any) -> EventFacts | None:
    if obj is None:
        return None
    check_keys(check_dict(obj), _EVENT_KEYS, True)
    date = check_opt_str(obj.get("date"))
    if date is not None and not _DATE.fullmatch(date):
        raise Defer
    return EventFacts(check_opt_str(obj.get("season")), date, check_opt_str(obj.get("table")),
                      check_opt_str(obj.get("notes")))


def _initial(obj: Any, variant: Variant) -> dict[str, SideTotals] | None:
    if obj is None:
        return None
    out = {}
    for side, start in check_dict(obj).items():
        if side not in variant.sides:
            raise Defer
        check_keys(check_dict(start), frozenset({"score", "bags"}), False)
        out[side] = SideTotals(check_int(start.get("score", 0)), check_int(start.get("bags", 0), 0))
    return out


def _history(obj: Any) -> None:
    if obj is None:
        return
    for c in check_list(obj):
        check_keys(check_dict(c), _CORRECTION_KEYS, False)
        check_int(c["revision"], 1)
        check_str(c["at"]), check_str(c["by"]), check_str(c["what"])
        check_opt_str(c.get("why"))
        if c.get("hand") is not None:
            check_int(c["hand"], 1)


def initial_totals(log: Any, variant: Variant) -> dict[str, SideTotals]:
    """Every side's score and bags carried in: from ``log.initial`` (a ``GameLog``, the fast
    reader's ``LogFacts`` or a ``LogHead``), 0 and 0 for a side it leaves out."""
    start = log.initial or {}
    return {side: SideTotals(start[side].score, start[side].bags) if side in start
            else SideTotals() for side in variant.sides}


def recorded_scores(written: Any, notes: Any) -> dict[str, int] | None:
    """A hand's ``recorded`` running scores (None: not written) once its ``notes`` and the
    scores are checked to be of the schema's types."""
    check_opt_str(notes)
    if written is None:
        return None
    check_dict(written)
    for side, score in written.items():
        if side not in _RECORDED_SIDES:
            raise Defer
        check_int(score)
    return written




__all__ = ["DEFER", "SEATS", "EventFacts", "LogHead", "Defer", "check_dict", "check_int",
           "check_keys", "check_list", "check_opt_str", "check_str", "initial_totals", "read_head",
           "recorded_scores"]
