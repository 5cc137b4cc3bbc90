"""The JSON types of the schema's strict subset, checked fast: an int is an int (never
``true`` or ``3.0``), a list a list, an object has only the keys it may have.

The trusted reader (``trusted_reader``, ``game_part``) and the audit's plain-log path read
a log's parsed JSON without pydantic, and take only a strict subset of what the schema
(``models``) accepts; each check raises one of :data:`DEFER` for a shape it leaves to the
normal path, which reads the log or refuses it with ``validate``'s messages.
"""

from __future__ import annotations

from typing import Any

from ..rules.settings import POINTS_LIMIT

_MAX_INT = POINTS_LIMIT
"""The schema's bound on every number of points or bags, either way."""


class Defer(Exception):
    """Not a shape this reader takes: the normal path decides."""


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


DEFER = (Defer, KeyError, TypeError)
"""What :func:`read_head` (and the bulk audit's reading of a hand) raise for a shape this
reader leaves to the normal path: ``Defer``, or a failed lookup of a text that is not one of
the known ones (a card, a seat) or of a required key."""



__all__ = ["DEFER", "Defer", "check_dict", "check_int", "check_keys", "check_list",
           "check_opt_str", "check_str"]
