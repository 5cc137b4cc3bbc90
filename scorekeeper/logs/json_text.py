"""A log's JSON text, read as I-JSON (RFC 7493): the JSON every program reads the same way.

Python's ``json`` module reads more than that, and each extra is a way for two programs to
disagree about one log, or for this one to fail later: an object with a key twice (which
value counts?), a lone surrogate escape such as ``"\\ud800"`` (not a character: it cannot
be written back as UTF-8, so scoring or importing such a name crashed), ``NaN`` and
``Infinity`` (not JSON), a number too large to be a float, an integer of more than 4,300
digits (refused by Python only when converted). This module reads the text once with those
refused, each with a message a person can act on. Every reader of log files asks here (the
normal reader, the trusted reader, the audit's bulk path), so they accept the same texts.

The checks cost little on a log without them: a key twice is ruled out by counting keys
against colons (see ``_parse``), surrogate escapes by one scan of the text, and the
constants and floats by hooks called only when such a literal appears.

No pydantic: the trusted reader loads this module.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from typing import Any


class JsonTextError(ValueError):
    """The text is not I-JSON; ``str(exc)`` says why and where."""


_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        twice = next(k for k, _ in pairs if k in seen or seen.add(k))  # type: ignore[func-returns-value]
        raise JsonTextError(f"the key {twice!r} is in one object twice (which value counts is"
                            f" not defined; keep one)")
    return obj


def _constant(name: str) -> float:
    raise JsonTextError(f"{name} is not a JSON number")


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise JsonTextError(f"the number {text[:40]} is too large for any program to read")
    return value


_CAREFUL = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant,
                            parse_float=_float)
"""Every object built from its pairs, so that a key twice is seen (about twice json's time)."""


def _parse(text: str) -> Any:
    """The text parsed, a key twice refused. The quick way first: json's own objects,
    counting their keys. Each key is followed by one colon; a key twice makes one entry of
    two, and a colon inside a text is one more colon, so the keys found equal the colons of
    the text only when no key is twice (and no text holds a colon). Otherwise, the careful
    way decides."""
    keys = 0

    def counted(obj: dict[str, Any]) -> dict[str, Any]:
        nonlocal keys
        keys += len(obj)
        return obj

    data = json.JSONDecoder(object_hook=counted, parse_constant=_constant,
                            parse_float=_float).decode(text)
    if keys == text.count(":"):
        return data
    del data  # not kept alive beside the careful parse's copy (twice the memory of a long log)
    return _CAREFUL.decode(text)


def load_log_json(text: str) -> Any:
    """Parse ``text`` as I-JSON; raise :class:`JsonTextError` naming the problem."""
    try:
        data = _parse(text)
    except JsonTextError:
        raise
    except json.JSONDecodeError as exc:
        raise JsonTextError(f"not valid JSON: {exc.msg} at line {exc.lineno},"
                            f" column {exc.colno}") from None
    except RecursionError:
        raise JsonTextError("not a game log: its JSON is nested too deeply to read") from None
    except ValueError as exc:  # int() of a literal over sys.get_int_max_str_digits()
        if "digits" in str(exc):
            raise JsonTextError("a number has more than 4,300 digits") from None
        raise JsonTextError(f"not valid JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(text):
        place = _lone_surrogate(data, "")
        if place is not None:
            raise JsonTextError(f"{place or 'the document'}: a text holds a lone surrogate"
                                f" escape (such as \\ud800), which is not a character")
    return data


def _lone_surrogate(value: Any, where: str) -> str | None:
    """Where a text (a key or a value) in ``value`` cannot be written as UTF-8, or None."""
    if isinstance(value, str):
        return None if _is_text(value) else where
    if isinstance(value, list):
        for i, item in enumerate(value):
            place = _lone_surrogate(item, f"{where}[{i}]")
            if place is not None:
                return place
    elif isinstance(value, dict):
        for key, item in value.items():
            if not _is_text(key):
                return f"{where}, a key" if where else "a key"
            place = _lone_surrogate(item, f"{where}.{key}" if where else key)
            if place is not None:
                return place
    return None


def _is_text(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def file_problem(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` cannot be a log file, found without opening it (None: a regular file).

    Opening a FIFO waits for a writer and a device may never end, so a log is read only from
    a regular file (a symbolic link to one is fine)."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        return "no such file"
    except NotADirectoryError:
        return "no such file (a part of the path is not a folder)"
    except OSError as exc:
        return f"cannot read: {exc.strerror}"
    except ValueError:  # a NUL byte in the path
        return "not a file name"
    if stat.S_ISDIR(mode):
        return "is a folder, not a log file"
    if not stat.S_ISREG(mode):
        return "not a regular file (a pipe, device or socket is not read as a log)"
    return None


def read_log_text(path: str | os.PathLike[str]) -> str:
    """The text of a log file; raise :class:`JsonTextError` if it is not a readable regular
    file of UTF-8 text."""
    problem = file_problem(path)
    if problem is not None:
        raise JsonTextError(problem)
    try:
        with open(path, encoding="utf-8") as f:
            return f.read()
    except UnicodeDecodeError:
        raise JsonTextError("not a text file (expected UTF-8 JSON)") from None
    except OSError as exc:
        raise JsonTextError(f"cannot read: {exc.strerror}") from None


__all__ = ["JsonTextError", "file_problem", "load_log_json", "read_log_text"]
