"""The checks of a movement's input, each raising ``MovementError`` with a message that names
what is wrong: the player list, the pairs, the rounds, the rounds already played."""

from __future__ import annotations

from collections.abc import Sequence

from scorekeeper.event.movement_plan import SEATS, MovementError, RoundPlan, TablePlan
from scorekeeper.logs.identifiers import player_key

MAX_PLAYERS = 400
"""A bound far above any card night, so that a mistaken input fails at once."""


def check_name(name: object, where: str) -> str:
    if not isinstance(name, str):
        raise MovementError(f"{where}: a player's name must be text, not {name!r}")
    if not name.strip():
        raise MovementError(f"{where}: a player's name is empty")
    return name


def check_players(players: Sequence[str]) -> list[str]:
    """The player list of an individual movement: at least four, each once."""
    if isinstance(players, str) or not isinstance(players, Sequence):
        raise MovementError(f"the players must be a list of names, not {players!r}")
    names = [check_name(name, f"player {number}") for number, name in enumerate(players, 1)]
    if len(names) < 4:
        raise MovementError(f"an individual movement needs at least 4 players, not {len(names)}")
    if len(names) > MAX_PLAYERS:
        raise MovementError(f"at most {MAX_PLAYERS} players, not {len(names)}")
    first: dict[str, str] = {}
    for name in names:
        key = player_key(name)
        if key in first:
            raise MovementError(f"player {name!r} is in the list twice"
                                + ("" if first[key] == name else f" (as {first[key]!r})"))
        first[key] = name
    return names


def check_pairs(pairs: Sequence[tuple[str, str]], minimum: int = 2) -> list[tuple[str, str]]:
    """The pairs of a fixed-partnership movement: two different players each, no player in
    two pairs, at least ``minimum`` pairs."""
    if isinstance(pairs, str) or not isinstance(pairs, Sequence):
        raise MovementError(f"the pairs must be a list of two names each, not {pairs!r}")
    checked: list[tuple[str, str]] = []
    seen: dict[str, int] = {}
    for number, pair in enumerate(pairs, 1):
        if isinstance(pair, str) or not isinstance(pair, Sequence) or len(pair) != 2:
            raise MovementError(f"pair {number} must be two names, not {pair!r}")
        a = check_name(pair[0], f"pair {number}")
        b = check_name(pair[1], f"pair {number}")
        if player_key(a) == player_key(b):
            raise MovementError(f"pair {number} has {a!r} twice: a pair is two players")
        for name in (a, b):
            key = player_key(name)
            if key in seen:
                raise MovementError(f"player {name!r} is in pair {seen[key]} and pair {number}")
            seen[key] = number
        checked.append((a, b))
    if len(checked) < minimum:
        raise MovementError(f"a fixed-partnership movement needs at least {minimum} pairs,"
                            f" not {len(checked)}")
    if 2 * len(checked) > MAX_PLAYERS:
        raise MovementError(f"at most {MAX_PLAYERS // 2} pairs, not {len(checked)}")
    return checked


def check_rounds(rounds: int | None) -> int | None:
    if rounds is None:
        return None
    if isinstance(rounds, bool) or not isinstance(rounds, int):
        raise MovementError(f"the number of rounds must be a whole number, not {rounds!r}")
    if rounds < 1:
        raise MovementError(f"the number of rounds must be at least 1, not {rounds}")
    return rounds


def check_played(played: Sequence[RoundPlan]) -> list[RoundPlan]:
    """Rounds already played: numbered upwards, every player at most once in a round, every
    table with its four seats."""
    if isinstance(played, (str, RoundPlan)) or not isinstance(played, Sequence):
        raise MovementError(f"the rounds played must be a list of rounds, not {played!r}")
    previous = 0
    for plan in played:
        if not isinstance(plan, RoundPlan):
            raise MovementError(f"a round played must be a RoundPlan, not {plan!r}")
        if plan.round <= previous:
            raise MovementError(f"the rounds played must be numbered upwards: round"
                                f" {plan.round} comes after round {previous}")
        previous = plan.round
        seen: set[str] = set()
        for table in plan.tables:
            if not isinstance(table, TablePlan) or set(table.seats) != set(SEATS):
                raise MovementError(f"round {plan.round}: a table must have the seats"
                                    f" N, E, S, W: {table!r}")
        for name in (*plan.players(), *plan.sitting_out):
            check_name(name, f"round {plan.round}")
            key = player_key(name)
            if key in seen:
                raise MovementError(f"round {plan.round} has {name!r} twice")
            seen.add(key)
    return list(played)


__all__ = ["MAX_PLAYERS", "check_name", "check_pairs", "check_played", "check_players",
           "check_rounds"]
