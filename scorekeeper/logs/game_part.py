"""A log's game-level part, read from parsed JSON without pydantic: format, variant,
players, house rules, event, scores carried in, history (:func:`read_head`), and a hand's
written scores. The trusted reader (``trusted_reader``) and the audit's plain-log path
(``audit.plain_logs``) share it; like the checks of ``json_types`` it takes only the schema's
strict subset and raises one of ``json_types.DEFER`` for a shape it leaves to the normal path.

It loads no record or replay module: the bulk audit of clean logs starts without them.
"""

from __future__ import annotations

import re
from typing import Any, NamedTuple

from ..rules.scoring import SideTotals
from .identifiers import date_problem, game_id_problem, repeated_players
from .json_types import (Defer, check_dict, check_int, check_keys, check_list, check_opt_str,
                         check_str)
from ..rules.settings import (DEFAULT_RULES, HOUSE_RULES, PRESETS, RuleSet, contradictions,
                              not_for_variant, rules_with_preset)
from ..rules.seats import Seat, Variant

SEATS = {Variant.PARTNERSHIP: {s.name: s for s in Variant.PARTNERSHIP.seats},
          Variant.TWO_PLAYER: {s.name: s for s in Variant.TWO_PLAYER.seats}}
_VARIANTS = {v.value: v for v in Variant}
_RECORDED_SIDES = frozenset({"NS", "EW", "N", "S"})  # the schema's SideKey, whatever the variant
_VERSION = re.compile(r"1\.[0-9]+")

_GAME_KEYS = frozenset({"format", "format_version", "game_id", "variant", "players", "rules",
                        "event", "initial", "hands", "history"})
_EVENT_KEYS = frozenset({"season", "date", "table", "notes", "event_id", "round"})
_CORRECTION_KEYS = frozenset({"revision", "at", "by", "hand", "what", "why"})
# The house rules' checks, tabled once from their declarations (``rules.settings``) so that
# reading a log's ``rules`` is a dict lookup per setting: the bounds of each whole number, the
# choices of each text, the yes/no settings.
_RULE_INTS: dict[str, tuple[int | None, int | None]] = {
    r.name: (r.least, r.greatest) for r in HOUSE_RULES.values() if r.value_type is int}
_RULE_CHOICES: dict[str, frozenset[str]] = {
    r.name: frozenset(r.choices) for r in HOUSE_RULES.values() if r.choices}
_RULE_BOOLS = frozenset(r.name for r in HOUSE_RULES.values() if r.value_type is bool)
_RULE_KEYS = frozenset(HOUSE_RULES) | {"preset"}


class EventFacts(NamedTuple):
    """A log's ``event`` (its ``x-`` keys are not needed by the analysis and are left out)."""

    season: str | None = None
    date: str | None = None
    table: str | None = None
    notes: str | None = None
    event_id: str | None = None
    """Since 1.2: the card night's id."""
    round: int | None = None
    """Since 1.2: the card night's round, from 1."""


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
    if game_id is not None and game_id_problem(check_str(game_id)) is not None:
        raise Defer
    variant = _VARIANTS[data["variant"]]
    seats = SEATS[variant]
    players = check_dict(data["players"])
    if players.keys() != seats.keys():
        raise Defer
    for name in players.values():
        check_str(name)  # (a lone surrogate never gets here: json_text refuses it)
    if repeated_players(players):
        raise Defer  # the analysis reports it (player_repeated)
    rules = _rules(data.get("rules"))
    if contradictions(rules) or not_for_variant(rules, variant.value):
        raise Defer  # the analysis reports it (rules_contradict, rules_not_for_variant)
    event = _event(data.get("event"))
    initial = _initial(data.get("initial"), variant)
    _history(data.get("history"))
    return LogHead(variant, seats, players, rules, event, initial, version, game_id)


def _rules(obj: Any) -> RuleSet:
    if obj is None:
        return DEFAULT_RULES
    check_keys(check_dict(obj), _RULE_KEYS, False)
    changes = {}
    preset = obj.get("preset")
    if preset is not None and (type(preset) is not str or preset not in PRESETS):
        raise Defer
    for name, value in obj.items():
        if name == "preset":
            continue
        if value is None:  # the default, whatever the preset says (rules_with_preset)
            changes[name] = None
            continue
        if name in _RULE_INTS:
            changes[name] = check_int(value, *_RULE_INTS[name])
        elif name in _RULE_CHOICES:
            if type(value) is not str or value not in _RULE_CHOICES[name]:
                raise Defer
            changes[name] = value
        elif name in _RULE_BOOLS and type(value) is bool:
            changes[name] = value
        else:
            raise Defer
    return rules_with_preset(preset, changes)


def _event(obj: Any) -> EventFacts | None:
    if obj is None:
        return None
    check_keys(check_dict(obj), _EVENT_KEYS, True)
    date = check_opt_str(obj.get("date"))
    if date is not None and date_problem(date) is not None:
        raise Defer
    event_id = check_opt_str(obj.get("event_id"))
    if event_id is not None and game_id_problem(event_id) is not None:
        raise Defer  # the same rule as a game's id (models.EventInfo)
    round_ = obj.get("round")
    if round_ is not None:
        check_int(round_, 1)
    return EventFacts(check_opt_str(obj.get("season")), date, check_opt_str(obj.get("table")),
                      check_opt_str(obj.get("notes")), event_id, round_)


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




__all__ = ["SEATS", "EventFacts", "LogHead", "read_head", "recorded_scores"]
