"""Who is who: a player is known by ``player_key`` of his name (NFC, case-folded, spaces
around dropped), so ``Alex``, ``alex`` and ``ALEX``, or a composed and a decomposed
``José``, are one player in the standings, the ratings and the caches; and he is shown as
first written: his name as the earliest game has it (by date, undated games last; then by
when each game was first imported).

Each game's rows (``seats``, ``game_sides``, ``nil_bids``, ``games.players_json``) keep the
names as that game's log writes them; the caches (``cache.py``) are keyed by player key.
"""

from __future__ import annotations

import sqlite3

from ...logs.identifiers import player_key

_NOT_PLAYED = (2, "", "", "")
"""The first-game order of a name that no stored game has any longer (an edit renamed
him): after every game."""


def key_of(name: str) -> str:
    return player_key(name)


def pair_of(member1: str, member2: str | None) -> tuple[str, ...]:
    """A side's players as a partnership key: their player keys in order (one for the
    two-player game's player alone)."""
    if not member2:
        return (player_key(member1),)
    return tuple(sorted((player_key(member1), player_key(member2))))


def display_names(conn: sqlite3.Connection) -> dict[str, str]:
    """Player key -> the name shown, for every name the database has seen (``players``).

    A key written one way only (nearly every one) costs nothing more; a key written
    several ways asks which game came first for each of its spellings (through the
    index on ``seats.player``)."""
    spellings: dict[str, list[str]] = {}
    for (name,) in conn.execute("SELECT name FROM players"):
        spellings.setdefault(player_key(name), []).append(name)
    shown = {}
    for key, names in spellings.items():
        shown[key] = names[0] if len(names) == 1 else min(
            names, key=lambda name: (*_first_game(conn, name), name))
    return shown


def _first_game(conn: sqlite3.Connection, name: str) -> tuple:
    row = conn.execute(
        "SELECT g.date IS NULL, coalesce(g.date, ''), l.created_at, g.game_id"
        " FROM seats s JOIN games g ON g.game_id = s.game_id"
        " JOIN game_logs l ON l.game_id = s.game_id WHERE s.player = ?"
        " ORDER BY 1, 2, 3, 4 LIMIT 1", (name,)).fetchone()
    return _NOT_PLAYED if row is None else tuple(row)
