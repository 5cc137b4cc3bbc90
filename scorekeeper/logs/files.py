"""Reading and writing game-log files, with messages a person can act on.

Every problem names the file and, where it lies inside a hand, the hand (1-based), the trick
(1-based) and the field, e.g. ``game.json: hand 3, trick 5, cards[2]: 'XH' is not a card``.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from ..rules.settings import HOUSE_RULES, PRESETS
from .identifiers import DATE_PATTERN, GAME_ID_PATTERN
from .json_text import JsonTextError, load_log_json, read_log_text
from .models import CARD_PATTERN, FORMAT, FORMAT_VERSION, VERSION_PATTERN, GameLog


class LogError(ValueError):
    """A log that cannot be read; ``problems`` lists every message, each naming the place."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("\n".join(f"{source}: {p}" for p in problems))


_DIGITS = re.compile(r"[0-9]+")

_JSON_TYPES = {dict: "an object", list: "an array", str: "a text", bool: "true or false",
               int: "a whole number", float: "a number", type(None): "null"}


def json_type(value: Any) -> str:
    """What a parsed JSON value is, in the words of JSON (never a Python type name)."""
    return _JSON_TYPES.get(type(value), "a value")


def _shown(value: Any) -> str:
    """A value as a message quotes it: JSON, cut short."""
    if isinstance(value, str):
        text = repr(value)  # quoted as the other messages quote a text: 'AS'
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


# pydantic's error types -> what the schema wanted, in JSON's words.
_WANTED = {"int_type": "a whole number", "int_parsing": "a whole number",
           "int_from_float": "a whole number", "bool_type": "true or false",
           "bool_parsing": "true or false", "string_type": "a text", "list_type": "an array",
           "dict_type": "an object", "model_type": "an object", "model_attributes_type":
           "an object", "tuple_type": "an array"}

_ORDINAL_KEYS = {"hands": "hand", "tricks": "trick", "bids": "bid", "draw": "draw turn",
                 "exchanges": "exchange", "redraws": "redraw", "history": "correction", "rulings": "ruling"}


def describe_location(loc: tuple[Any, ...]) -> str:
    """('hands', 2, 'tricks', 4, 'cards', 1) -> 'hand 3, trick 5, cards[1]'."""
    parts: list[str] = []
    i = 0
    while i < len(loc):
        key = loc[i]
        nxt = loc[i + 1] if i + 1 < len(loc) else None
        if key in _ORDINAL_KEYS and isinstance(nxt, int):
            parts.append(f"{_ORDINAL_KEYS[key]} {nxt + 1}")
            i += 2
        elif isinstance(nxt, int):
            parts.append(f"{key}[{nxt}]")
            i += 2
        else:
            parts.append(str(key))
            i += 1
    return ", ".join(parts) if parts else "game"


def _format_pydantic(exc: ValidationError) -> list[str]:
    problems = []
    for err in exc.errors(include_url=False):
        loc = tuple(p for p in err["loc"] if not (isinstance(p, str) and p.startswith("function-")))
        msg = err["msg"]
        if msg.startswith("Value error, "):
            msg = msg[len("Value error, "):]
        pattern = (err.get("ctx") or {}).get("pattern", "")
        if err["type"] == "string_pattern_mismatch" and pattern == CARD_PATTERN:
            msg = f"{err['input']!r} is not a card (write it as rank then suit, e.g. 'AS', 'TH', '2C')"
        elif err["type"] == "string_pattern_mismatch" and pattern == DATE_PATTERN:
            msg = f"{err['input']!r} is not a date (write it as YYYY-MM-DD, e.g. '2026-11-27')"
        elif err["type"] == "string_pattern_mismatch" and pattern == GAME_ID_PATTERN:
            msg = (f"{err['input']!r} is not a game id (letters, digits, '-', '_' and single"
                   f" dots between them)")
        elif err["type"] == "string_pattern_mismatch" and pattern == VERSION_PATTERN:
            msg = f"{_shown(err['input'])} is not a version of the 1.x format (e.g. '1.0')"
        elif err["type"] in ("less_than_equal", "greater_than_equal"):
            word = "at most" if err["type"] == "less_than_equal" else "at least"
            bound = (err.get("ctx") or {}).get("le", (err.get("ctx") or {}).get("ge"))
            msg = f"should be {word} {bound:,}, not {_shown(err['input'])}"
        elif err["type"] in _WANTED:
            msg = f"should be {_WANTED[err['type']]}, not {_what(err['input'])}"
        elif err["type"] == "literal_error":
            msg = f"{msg.removeprefix('Input ')}, not {_shown(err['input'])}"
        elif msg.startswith("Input should"):
            msg = msg.removeprefix("Input ")
        elif err["type"] == "extra_forbidden":
            msg = "unknown field (tools may add their own fields only with an 'x-' prefix)"
        elif err["type"] == "missing":
            msg = "required field is missing"
        problems.append(f"{describe_location(loc)}: {msg}")
    return problems


def _what(value: Any) -> str:
    """A wrong value as a message names it: 'true', 'null', 'an array', "a text ('3')"."""
    if isinstance(value, (dict, list)):
        return json_type(value)
    if isinstance(value, str):
        return f"a text ({_shown(value)})"
    return _shown(value)


def parse_log(text: str, source: str = "<input>", warnings: list[str] | None = None) -> GameLog:
    """Parse and validate a log's JSON text; raise ``LogError`` listing every problem.

    The text is read as I-JSON (``json_text``: no key twice in an object, no lone surrogate,
    no NaN), then validated by the models."""
    try:
        data = load_log_json(text)
    except JsonTextError as exc:
        raise LogError(source, [str(exc)]) from None
    return log_from_data(data, source, warnings)


def log_from_data(data: Any, source: str = "<input>", warnings: list[str] | None = None) -> GameLog:
    """Validate a parsed log. A newer 1.y log is read with its unknown fields kept, and a
    warning is appended to ``warnings`` (when given); a newer major version is refused."""
    if not isinstance(data, dict):
        raise LogError(source, [f"a game log is a JSON object, not {json_type(data)}"])
    fmt = data.get("format")
    if fmt is not None and fmt != FORMAT:
        raise LogError(source, [f"format: {fmt!r} is not a Spades game log (expected {FORMAT!r})"])
    context: dict[str, Any] = {}
    version = data.get("format_version")
    if isinstance(version, str) and "." in version:
        major, _, minor = version.partition(".")
        ours_major, _, ours_minor = FORMAT_VERSION.partition(".")
        # ASCII digits only: str.isdigit() also takes '²', which int() refuses.
        if _DIGITS.fullmatch(major) and int(major) > int(ours_major):
            raise LogError(source, [f"format_version: {version} is newer than this tool reads"
                                    f" ({FORMAT_VERSION}); update scorekeeper"])
        if major == ours_major and _DIGITS.fullmatch(minor) and int(minor) > int(ours_minor):
            context["newer_minor"] = True
    try:
        log = GameLog.model_validate(data, context=context)
    except ValidationError as exc:
        raise LogError(source, _format_pydantic(exc)) from None
    if warnings is not None and context.get("unknown_fields"):
        warnings.append(f"{source}: format_version {version} is newer than {FORMAT_VERSION};"
                        f" kept fields this version does not know:"
                        f" {', '.join(sorted(set(context['unknown_fields'])))}")
    return log


def read_log(path: str | Path, warnings: list[str] | None = None) -> GameLog:
    """Read a log file; a missing or unreadable file (or one that is not a regular file, such
    as a pipe that would never end) is a ``LogError`` too."""
    try:
        text = read_log_text(path)
    except JsonTextError as exc:
        raise LogError(str(path), [str(exc)]) from None
    return parse_log(text, str(path), warnings)


def log_to_data(log: GameLog) -> dict[str, Any]:
    """The log as plain JSON data: empty optional fields left out, ``x-`` values untouched.

    The ``x-`` values (tools' own data, already plain JSON) are put back as they were read
    rather than serialised by pydantic, which stops at a nesting depth of about 255: a log
    that was read can always be written."""
    extensions: list[tuple[tuple[Any, ...], dict[str, Any]]] = []
    exclude: dict[Any, Any] = {}

    def collect(model: Any, where: tuple[Any, ...]) -> dict[Any, Any] | None:
        extra = model.model_extra if model is not None else None
        if not extra:
            return None
        extensions.append((where, extra))
        return {k: True for k in extra}

    exclude.update(collect(log, ()) or {})
    event = collect(log.event, ("event",))
    if event:
        exclude["event"] = event
    hands = {i: e for i, h in enumerate(log.hands) if (e := collect(h, ("hands", i)))}
    if hands:
        exclude["hands"] = hands
    data = _prune(log.model_dump(mode="json", by_alias=True, exclude=exclude or None))
    rules = data.get("rules")
    if rules and rules.get("preset") in PRESETS:
        # A preset is written out: its settings beside its name (the settings written with
        # it win), so that a reader who knows no preset reads the same rules. A setting the
        # log wrote as null (the default) stays null where the preset would set it.
        preset = PRESETS[rules["preset"]]
        nulls = {k: None for k in log.rules.model_fields_set
                 if k in preset and getattr(log.rules, k) is None}
        data["rules"] = {"preset": rules["preset"], **preset,
                         **{k: v for k, v in rules.items() if k != "preset"}, **nulls}
    # A field of a later 1.y raises the version, so that an older reader sees it; a log that
    # uses none stays as it was written (1.0 stays 1.0).
    needed = content_version(log)
    if _minor(needed) > _minor(data.get("format_version", "1.0")):
        data["format_version"] = needed
    for where, extra in extensions:
        target = data
        for step in where:
            target = target[step]
        target.update(extra)  # after the fields, where pydantic writes extras
    return data


_RULES_OF_1_1 = frozenset({
    "target_score", "bag_limit", "bag_penalty", "nil_bonus", "blind_nil_bonus",
    "failed_nil_tricks", "allow_blind_nil", "blind_nil_min_deficit", "mercy_score",
    "revoke_penalty", "revoke_penalty_tricks"})
"""The house rules a 1.0 or 1.1 log may hold. The others (issue 13's) and a ``preset`` came
with 1.2: a 1.1 reader refuses them as unknown fields unless the log says it is newer."""


def content_version(log: GameLog) -> str:
    """The lowest 1.y that holds what ``log`` uses: '1.2' for a hand's ``time_called``, the
    event's ``event_id`` or ``round``, a house rule newer than 1.1 or a preset; '1.1' for a
    hand's ``rulings``; else '1.0'."""
    event, rules = log.event, log.rules
    if any(h.time_called is not None for h in log.hands) or (
            event is not None and (event.event_id is not None or event.round is not None)):
        return "1.2"
    if rules is not None and (rules.preset is not None or any(
            name not in _RULES_OF_1_1 and getattr(rules, name) is not None
            for name in HOUSE_RULES)):
        return "1.2"
    if any(h.rulings is not None for h in log.hands):
        return "1.1"
    return "1.0"


def _minor(version: str) -> int:
    # The model checked the version ('1.' and digits); a newer 1.y keeps its number.
    return int(version.partition(".")[2])


def _prune(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: (v if k.startswith("x-") else _prune(v)) for k, v in value.items()
                if v is not None or k.startswith("x-")}
    if isinstance(value, list):
        return [_prune(v) for v in value]
    return value


def dump_log(log: GameLog) -> str:
    """The log as JSON text: two-space indent, keys in model order, a trailing newline."""
    return json.dumps(log_to_data(log), indent=2, ensure_ascii=False) + "\n"


_UNSAFE_IN_FILE_NAME = re.compile(r"[^A-Za-z0-9_-]")


def safe_file_name(text: str, suffix: str = ".json") -> str:
    """A file name made from text a log holds (a ``game_id``), safe to write in a folder:
    only letters, digits, ``-`` and ``_`` (anything else becomes ``_``, so no ``/`` and no
    ``..``), at most 64 characters before the suffix, never empty."""
    return (_UNSAFE_IN_FILE_NAME.sub("_", text)[:64] or "game") + suffix
