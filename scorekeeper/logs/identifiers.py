"""The texts of a log that identify something, each checked in one place: a game's id, a
day, a player's name. The models (``models``), the trusted reader (``game_part``), the app's
form and the season database all ask here, so they agree on what is accepted.

No pydantic: the trusted reader loads this module.
"""

from __future__ import annotations

import datetime
import re
import unicodedata

GAME_ID_PATTERN = r"^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)*$"
"""A game id: letters, digits, ``-`` and ``_``, with single dots between them (so no ``..``,
no leading or trailing dot, no ``/``): an identifier that is safe in a file name."""
GAME_ID_MAX = 64
DATE_PATTERN = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"
"""A day written YYYY-MM-DD with ASCII digits (``\\d`` would take any script's digits)."""

_GAME_ID = re.compile(GAME_ID_PATTERN)
_DATE = re.compile(DATE_PATTERN)


def game_id_problem(text: str) -> str | None:
    """Why ``text`` is not a game id (None: it is one)."""
    if not 1 <= len(text) <= GAME_ID_MAX:
        return f"a game id has 1 to {GAME_ID_MAX} characters, not {len(text)}"
    if not _GAME_ID.fullmatch(text):  # (match: '$' would also take a final newline)
        return (f"{text!r} is not a game id (letters, digits, '-', '_' and single dots"
                f" between them)")
    return None


def date_problem(text: str) -> str | None:
    """Why ``text`` is not a day written YYYY-MM-DD that exists (None: it is one)."""
    if not _DATE.fullmatch(text):
        return f"{text!r} is not a date (write it as YYYY-MM-DD, e.g. '2026-11-27')"
    try:
        datetime.date.fromisoformat(text)
    except ValueError:
        return f"{text!r} is not a day of the calendar"
    return None


def player_key(name: str) -> str:
    """The form in which two names are compared: Unicode NFC, case-folded, surrounding
    spaces dropped. ``Alex``, ``alex`` and ``ALEX`` are one player, and so are the composed
    and decomposed ``José``; a name is still shown as first written."""
    return unicodedata.normalize("NFC", unicodedata.normalize("NFC", name).casefold()).strip()


def repeated_players(players: dict[str, str]) -> list[tuple[str, ...]]:
    """The groups of seats (two or more) whose names are one player's, in seat order."""
    seats_of: dict[str, list[str]] = {}
    for seat, name in players.items():
        seats_of.setdefault(player_key(name), []).append(seat)
    return [tuple(seats) for seats in seats_of.values() if len(seats) > 1]


__all__ = ["DATE_PATTERN", "GAME_ID_MAX", "GAME_ID_PATTERN", "date_problem", "game_id_problem",
           "player_key", "repeated_players"]
