"""A game about to start: the new game's log, with everything that cannot go into a log
refused as the form's fields are named (``SetupError.field``), never with the schema's own
error. ``game_session.GameSession`` then plays the game this log starts."""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from pydantic import ValidationError

from ..logs.identifiers import date_problem, game_id_problem, repeated_players
from ..logs.models import GameLog
from ..rules.seats import Seat, Variant
from ..rules.settings import PARTNERSHIP_ONLY, RuleSet, not_for_variant
from .events import SetupError

#: The log extension key where the app keeps what the format has no field for.
EXTENSION = "x-scorekeeper"


def new_game_log(
    variant: Variant | str, players: Mapping[str, str], first_dealer: Seat | str, *,
    rules: RuleSet | None = None, season: str | None = None, date: str | None = None,
    table: str | None = None, game_id: str | None = None,
) -> GameLog:
    """The log of a game about to start (no hands yet).

    Anything that cannot go into a log is refused with a ``SetupError`` whose ``field`` names
    the culprit (``date``, ``name-N``...), never with the schema's own error."""
    try:
        v = Variant(variant)
    except ValueError:
        raise SetupError(f"{variant!r} is not a variant (partnership or two_player)",
                         "variant") from None
    verify_setup(v, players, first_dealer)
    for name in PARTNERSHIP_ONLY:  # a two-player game cannot be played under these
        if v is Variant.TWO_PLAYER and rules is not None and (
                getattr(rules, name) != getattr(RuleSet(), name)):
            raise SetupError(not_for_variant(rules, v.value)[0], f"rule-{name}")
    if date and (problem := date_problem(date)):
        raise SetupError(f"date: {problem}", "date")
    if game_id and (problem := game_id_problem(game_id)):
        raise SetupError(f"game id: {problem}", "game_id")
    dealer = first_dealer if isinstance(first_dealer, Seat) else Seat.parse(first_dealer)
    data: dict[str, Any] = {
        "format": "spades-game", "format_version": "1.0",
        "game_id": game_id or uuid.uuid4().hex, "variant": v.value,
        "players": {s.name: players[s.name].strip() for s in v.seats},
        "hands": [], EXTENSION: {"first_dealer": dealer.name},
    }
    changes = (rules or RuleSet()).changes()
    if changes:
        data["rules"] = changes
    event = {k: val for k, val in (("season", season), ("date", date), ("table", table)) if val}
    if event:
        data["event"] = event
    try:
        return GameLog.model_validate(data)
    except ValidationError as exc:  # the last guard: whatever the checks above missed
        raise _setup_refusal(exc) from None


def _setup_refusal(exc: ValidationError) -> SetupError:
    """The schema's refusal of a new game's log, said as the form's fields are named."""
    problems: list[str] = []
    field: str | None = None
    for error in exc.errors():
        loc = tuple(str(part) for part in error["loc"])
        where, culprit = ".".join(loc) or "the game", None
        if loc[:1] == ("players",) and len(loc) > 1:
            where, culprit = f"name at {loc[1]}", f"name-{loc[1]}"
        elif loc[:1] == ("event",) and len(loc) > 1 and loc[1] in ("season", "date", "table"):
            where, culprit = loc[1], loc[1]
        elif loc[:1] == ("rules",) and len(loc) > 1:
            where, culprit = loc[1].replace("_", " "), f"rule-{loc[1]}"
        elif loc[:1] == ("game_id",):
            where, culprit = "game id", "game_id"
        text = str(error["msg"]).removeprefix("Value error, ")
        value = error.get("input")
        if isinstance(value, (str, int)) and culprit is not None:
            text = f"{value!r} is refused: {text}"
        problems.append(f"{where}: {text}")
        field = field or culprit
    return SetupError("; ".join(problems) or str(exc), field)


_HOW_MANY = {2: "two", 3: "three", 4: "four"}


def verify_setup(variant: Variant, players: Mapping[str, str], first_dealer: Seat | str) -> None:
    """Refuse (``SetupError``, its ``field`` the seat's name or ``dealer``) a game with a seat
    unnamed, one player at two seats (names compared as ``player_key`` does: case, spaces
    and Unicode form aside) or a first dealer not at the table."""
    missing = [s.name for s in variant.seats if not (players.get(s.name) or "").strip()]
    if missing:
        raise SetupError(f"a name is needed for {', '.join(missing)}", f"name-{missing[0]}")
    seated = {s.name: players[s.name] for s in variant.seats}
    repeated = repeated_players(seated)
    if repeated:
        said = []
        for seats in repeated:
            names = [f"{seated[seat].strip()!r} ({seat})" for seat in seats]
            said.append(f"the same player is at {_HOW_MANY[len(seats)]} seats: "
                        f"{', '.join(names[:-1])} and {names[-1]}")
        raise SetupError("; ".join(said), f"name-{repeated[0][1]}")
    try:
        dealer = first_dealer if isinstance(first_dealer, Seat) else Seat.parse(first_dealer)
    except ValueError as exc:
        raise SetupError(str(exc), "dealer") from None
    if dealer not in variant.seats:
        raise SetupError(f"{dealer} is not a seat of the {variant.value} game", "dealer")


__all__ = ["EXTENSION", "new_game_log", "verify_setup"]
