"""The card night as a file (format ``spades-event``, version 1.0): the event, its players,
its planned and played rounds with their tables, and (in a bundle) the tables' games as
``spades-game`` logs.

Shape only, like ``models``: a document that fits these models can still name a game it
does not carry; the importer (``scorekeeper.event.bundle``) checks that. Every field has a
description, so the generated JSON Schema (schemas/spades-event.v1.json) documents the format.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field, ValidationError

from ..rules.settings import PRESETS
from .identifiers import GAME_ID_MAX, GAME_ID_PATTERN
from .json_text import JsonTextError, load_log_json, read_log_text
from .models import VERSION_PATTERN, Count, Day, LogModel, Ordinal, YesNo, whole

EVENT_FORMAT = "spades-event"
EVENT_FORMAT_VERSION = "1.0"
EVENT_SCHEMA_ID = "https://scorekeeper.invalid/schemas/spades-event.v1.json"
GAME_SCHEMA_ID = "https://scorekeeper.invalid/schemas/spades-game.v1.json"
EVENT_ID_MAX = 48
"""An event id leaves room for ``.r<round>.t<table>`` within a game id's characters."""
TABLE_PATTERN = r"^[1-9][0-9]*$"
ROUND_MINUTES_MAX = 24 * 60
"""The longest round length (a day), as ``event.records.ROUND_MINUTES_MAX``."""

class EventSeats(LogModel):
    """A table's seats: who plays North, East, South and West."""

    N: str = Field(min_length=1, description="North's player (North and South are partners).")
    E: str = Field(min_length=1, description="East's player (East and West are partners).")
    S: str = Field(min_length=1, description="South's player.")
    W: str = Field(min_length=1, description="West's player.")


class EventTable(LogModel):
    """One table of a round: its seats, its game, and the director's word on it."""

    table: str = Field(pattern=TABLE_PATTERN, description="The table's number, from '1', as"
                       " the games' event.table names it.")
    seats: EventSeats = Field(description="Who sits where.")
    game_id: str | None = Field(
        None, min_length=1, max_length=GAME_ID_MAX, pattern=GAME_ID_PATTERN,
        description="The game played at the table (a spades-game log's game_id); absent while"
        " the round has not started.")
    director: Literal["unfinished", "no_show"] | None = Field(
        None, description="The director's word on a table whose game did not end by the"
        " round's rules: 'unfinished' (scored as it stands) or 'no_show' (a side did not"
        " come; see absent). Absent: the game's own state says (playing or finished).")
    absent: Literal["NS", "EW"] | None = Field(
        None, description="A no-show table: the side that did not come.")


class EventRound(LogModel):
    """One round of the night: its tables and who sits out."""

    round: Ordinal = Field(description="The round's number, from 1.")
    started: YesNo = Field(description="Whether the round has started (its games exist).")
    tables: list[EventTable] = Field(description="The round's tables, by number.")
    sitting_out: list[str] = Field(description="The players with a bye this round (fixed"
                                   " partnerships: both players of the pair).")


class EventPlayer(LogModel):
    """A player checked in to the night."""

    name: str = Field(min_length=1, max_length=200, pattern=r"^[^,+\r\n\t]+$",
                      description="The player's name, as the games name him.")
    status: Literal["in", "late", "left"] = Field(
        description="'in': checked in before the first round; 'late': checked in after it"
        " started; 'left': withdrew (his rounds played stay).")
    pair: Ordinal | None = Field(None, description="Fixed partnerships: the pair's number, from"
                                 " 1 in seeding order; both players of a pair carry it.")
    joined_round: Ordinal = Field(description="The first round he could be seated in.")
    left_round: Count | None = Field(None, description="When he left: the last round he could"
                                     " be seated in (0: before the first).")


class EventRoundEnd(LogModel):
    """How a round (each table's game) ends: the first of the target, the hand limit, or
    time called."""

    target_score: whole(1, None) = Field(description="A table's game ends when a side reaches"
                                         " this score (the house rules' target_score).")
    hand_limit: whole(1, None) | None = Field(
        None, description="A table's game ends after this many hands (the house rules'"
        " hand_limit); absent: no limit. Time may also be called (the hand in progress is"
        " finished; the game log's hand says time_called).")
    minutes: whole(1, ROUND_MINUTES_MAX) | None = Field(
        None, description="The round's length in minutes: the director's round clock counts"
        " it down from the round's start and, when it is over, asks him to call time (the"
        " hand in progress is finished, then the game ends as at the hand limit). Absent: no"
        " clock (time may still be called).")


class EventDocument(LogModel):
    """A card night (format spades-event, version 1.x): the event, its players, its rounds
    and tables; a bundle also carries the tables' games."""

    format: Literal["spades-event"] = Field(description="Always 'spades-event'.")
    format_version: str = Field(pattern=VERSION_PATTERN, description="'1.0'. A reader refuses"
                                " a newer major version.")
    event_id: str = Field(min_length=1, max_length=EVENT_ID_MAX, pattern=GAME_ID_PATTERN,
                          description="The event's id (letters, digits, '-', '_' and single"
                          " dots between them); its games' ids are <event_id>.r<round>.t<table>.")
    name: str = Field(min_length=1, description="The night's name.")
    date: Day = Field(description="The day of the night, YYYY-MM-DD.")
    created_at: str | None = Field(
        None, min_length=1, max_length=64, description="When the night was created (UTC, ISO"
        " 8601), on whichever machine; with event_id, what makes it this night and no other:"
        " an import refuses a night of the same id created at another time. Absent in a"
        " bundle of an earlier scorekeeper.")
    venue: str | None = Field(None, description="Where it is played.")
    season: str | None = Field(None, description="The season its games count in.")
    preset: Literal[tuple(PRESETS)] = Field(description="The house-rule preset the games are"
                                            " played under (docs/rules.md).")
    movement: Literal["individual", "round-robin", "swiss"] = Field(
        description="'individual': rotating partners, results per player; 'round-robin' and"
        " 'swiss': fixed pairs, results per pair.")
    round_end: EventRoundEnd = Field(description="How a round (a table's game) ends.")
    rounds: Count = Field(description="The rounds planned for the night.")
    rounds_given: YesNo = Field(description="Whether the number of rounds was asked for (else"
                                " the movement's full length).")
    current_round: Count = Field(description="The latest round started (0: none yet).")
    players: list[EventPlayer] = Field(description="Everyone checked in, in order, left"
                                       " players included.")
    schedule: list[EventRound] = Field(description="The rounds planned so far, in order.")
    games: list[dict[str, Any]] | None = Field(
        None, description="A bundle: the games of the started rounds, each a spades-game log"
        " (schemas/spades-game.v1.json). Absent in a document without its games.",
        json_schema_extra={"items": {"$ref": GAME_SCHEMA_ID}})


class EventDocumentError(ValueError):
    """A document that cannot be read; ``problems`` lists every message, each naming the
    place."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = problems
        super().__init__("\n".join(f"{source}: {p}" for p in problems))


def event_from_data(data: Any, source: str = "<input>") -> EventDocument:
    """Validate a parsed document; a newer major version is refused by name."""
    from .files import _format_pydantic, json_type

    if not isinstance(data, dict):
        raise EventDocumentError(source, [(f"an event document is a JSON object, not"
                                           f" {json_type(data)}")])
    fmt = data.get("format")
    if fmt != EVENT_FORMAT:
        raise EventDocumentError(source, [(f"format: {fmt!r} is not a Spades event document"
                                           f" (expected {EVENT_FORMAT!r})")])
    version = data.get("format_version")
    if isinstance(version, str) and not version.startswith("1."):
        raise EventDocumentError(source, [(f"format_version: {version} is not a version this"
                                           f" tool reads ({EVENT_FORMAT_VERSION})")])
    try:
        return EventDocument.model_validate(data)
    except ValidationError as exc:
        raise EventDocumentError(source, _format_pydantic(exc)) from None


def read_event_document(path: str) -> EventDocument:
    """Read an event document (or bundle) file, as ``files.read_log`` reads a log."""
    try:
        data = load_log_json(read_log_text(path))
    except JsonTextError as exc:
        raise EventDocumentError(str(path), [str(exc)]) from None
    return event_from_data(data, str(path))


def event_to_data(document: EventDocument) -> dict[str, Any]:
    """The document as plain JSON data, empty optional fields left out (``games`` as given)."""
    data = document.model_dump(mode="json", exclude_none=True, exclude={"games"})
    if document.games is not None:
        data["games"] = document.games  # the logs as written (their nulls are theirs)
    return data


__all__ = ["EVENT_FORMAT", "EVENT_FORMAT_VERSION", "EVENT_SCHEMA_ID", "EventDocument",
           "EventDocumentError", "EventPlayer", "EventRound", "EventRoundEnd", "EventSeats",
           "EventTable", "event_from_data", "event_to_data", "read_event_document"]
