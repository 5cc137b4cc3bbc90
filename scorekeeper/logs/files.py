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

from .models import FORMAT, FORMAT_VERSION, GameLog
from .models import CARD_PATTERN, DATE_PATTERN


class LogError(ValueError):
    """A log that cannot be read; ``problems`` lists every message, each naming the place."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("\n".join(f"{source}: {p}" for p in problems))


_ORDINAL_KEYS = {"hands": "hand", "tricks": "trick", "bids": "bid", "draw": "draw turn",
                 "exchanges": "exchange", "redraws": "redraw", "history": "correction"}


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
        elif err["type"] == "extra_forbidden":
            msg = "unknown field (tools may add their own fields only with an 'x-' prefix)"
        elif err["type"] == "missing":
            msg = "required field is missing"
        problems.append(f"{describe_location(loc)}: {msg}")
    return problems


def parse_log(text: str, source: str = "<input>", warnings: list[str] | None = None) -> GameLog:
    """Parse and validate a log's JSON text; raise ``LogError`` listing every problem."""
    try:
        # The quick way for a good 1.0 log: pydantic parses and validates the text in one go.
        # Anything it refuses takes the slow way below, which words every problem.
        return GameLog.model_validate_json(text)
    except ValidationError:
        pass
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise LogError(source, [f"not valid JSON: {exc.msg} at line {exc.lineno},"
                                f" column {exc.colno}"]) from None
    except RecursionError:
        raise LogError(source, ["not a game log: its JSON is nested too deeply to read"]) from None
    return log_from_data(data, source, warnings)


def log_from_data(data: Any, source: str = "<input>", warnings: list[str] | None = None) -> GameLog:
    """Validate a parsed log. A newer 1.y log is read with its unknown fields kept, and a
    warning is appended to ``warnings`` (when given); a newer major version is refused."""
    if not isinstance(data, dict):
        raise LogError(source, [f"a game log is a JSON object, not {type(data).__name__}"])
    fmt = data.get("format")
    if fmt is not None and fmt != FORMAT:
        raise LogError(source, [f"format: {fmt!r} is not a Spades game log (expected {FORMAT!r})"])
    context: dict[str, Any] = {}
    version = data.get("format_version")
    if isinstance(version, str) and "." in version:
        major, _, minor = version.partition(".")
        ours_major, _, ours_minor = FORMAT_VERSION.partition(".")
        if major.isdigit() and int(major) > int(ours_major):
            raise LogError(source, [f"format_version: {version} is newer than this tool reads"
                                    f" ({FORMAT_VERSION}); update scorekeeper"])
        if major == ours_major and minor.isdigit() and int(minor) > int(ours_minor):
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
    """Read a log file; a missing or unreadable file is a ``LogError`` too."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise LogError(str(path), ["no such file"]) from None
    except IsADirectoryError:
        raise LogError(str(path), ["is a folder, not a log file"]) from None
    except UnicodeDecodeError:
        raise LogError(str(path), ["not a text file (expected UTF-8 JSON)"]) from None
    except OSError as exc:
        raise LogError(str(path), [f"cannot read: {exc.strerror}"]) from None
    return parse_log(text, str(path), warnings)


def log_to_data(log: GameLog) -> dict[str, Any]:
    """The log as plain JSON data: empty optional fields left out, ``x-`` values untouched."""
    return _prune(log.model_dump(mode="json", by_alias=True))


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
