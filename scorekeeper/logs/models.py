"""The game log (format ``spades-game``, version 1.x) as pydantic models.

Shape only: a log that fits these models can still be physically impossible (a card played
twice) or record a renege; those are the replay's findings, not schema errors. Every field
has a description, so the generated JSON Schema documents the format.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    SerializerFunctionWrapHandler,
    Strict,
    StringConstraints,
    ValidationInfo,
    create_model,
    model_serializer,
    model_validator,
)

from ..rules.seats import Variant
from ..rules.settings import HOUSE_RULES, POINTS_LIMIT, PRESETS, Setting
from .identifiers import DATE_PATTERN, GAME_ID_MAX, GAME_ID_PATTERN, date_problem

FORMAT = "spades-game"
FORMAT_VERSION = "1.2"
"""The newest 1.y this program reads and writes: 1.1 added a hand's ``rulings``; 1.2 a hand's
``time_called``, the event's ``event_id`` and ``round``, the house rules of issue 13 and a
``preset``. A log is written as the lowest
version that holds what it uses (``files.content_version``): a 1.0 log stays 1.0, and stays
valid."""
_EXTENSION = "x-"

CARD_PATTERN = r"^[2-9TJQKA][SHDC]$"
VERSION_PATTERN = r"^1\.[0-9]+$"

CardText = Annotated[str, StringConstraints(pattern=CARD_PATTERN),
                     Field(description="A card: rank 2-9, T, J, Q, K or A, then suit S, H, D or C"
                           " (e.g. 'AS', 'TH', '2C').")]
SeatName = Literal["N", "E", "S", "W"]
SideKey = Literal["NS", "EW", "N", "S"]


def _whole(value: Any) -> Any:
    # JSON Schema's "integer" is any number with no fraction, so 3.0 is 3 in the schema too;
    # any other float (3.5) is left for the strict check to refuse.
    if type(value) is float and value.is_integer():
        return int(value)
    return value


# Strict: a log's numbers are JSON integers and its yes/no values JSON true/false, exactly as
# the published schema says; pydantic would otherwise score a bid of true as 1, or "3" as 3.
def whole(least: int | None, greatest: int | None) -> Any:
    """A whole number from ``least`` to ``greatest`` (None: no bound on that side)."""
    bounds = {k: v for k, v in (("ge", least), ("le", greatest)) if v is not None}
    # The bounds sit on the int itself, inside the before-validator, so that pydantic checks
    # them and writes them into the schema as minimum and maximum.
    return Annotated[Annotated[int, Strict(), Field(**bounds)], BeforeValidator(_whole)]


TrickCount = whole(0, 13)
Points = whole(-POINTS_LIMIT, POINTS_LIMIT)
Count = whole(0, POINTS_LIMIT)
Ordinal = whole(1, POINTS_LIMIT)
YesNo = Annotated[bool, Strict()]


def _real_day(text: str) -> str:
    problem = date_problem(text)
    if problem is not None:
        raise ValueError(problem)
    return text


Day = Annotated[str, StringConstraints(pattern=DATE_PATTERN), AfterValidator(_real_day),
                Field(json_schema_extra={"format": "date"})]


class LogModel(BaseModel):
    """Base of every log object: unknown fields are refused, values are immutable.

    Frozen is shallow: a field's list or dict (a hand's bids, deal, ``x-`` values) could be
    changed in place, and must never be. A changed log is a new object (``model_copy``):
    ``compact_text`` keeps each hand's stored text by the hand object, and the analysis
    reuses a hand's replay by it."""

    model_config = ConfigDict(extra="forbid", frozen=True)


class ExtensibleModel(LogModel):
    """An object that also keeps ``x-`` keys (tools' own data), round-tripped untouched."""

    model_config = ConfigDict(
        extra="allow", frozen=True,
        json_schema_extra={"patternProperties": {"^x-": {}}, "additionalProperties": False},
    )

    @model_validator(mode="after")
    def _only_extension_keys(self, info: ValidationInfo) -> Any:
        unknown = [k for k in (self.model_extra or {}) if not k.startswith(_EXTENSION)]
        if unknown and (info.context or {}).get("newer_minor"):
            # A log of a newer 1.y: its new fields are kept (and written back), not refused.
            (info.context.setdefault("unknown_fields", [])).extend(unknown)
            return self
        if unknown:
            raise ValueError(f"unknown field{'s' if len(unknown) > 1 else ''}"
                             f" {', '.join(repr(k) for k in unknown)} (tools may add their own"
                             f" fields only with an '{_EXTENSION}' prefix)")
        return self


def _rule_description(rule: Setting) -> str:
    """The setting's one line with its default, as a log's reader would write it."""
    text = rule.description.removesuffix(".")
    detail = f" {rule.detail}" if rule.detail else ""
    if rule.optional:
        return f"{text} (default none: {rule.when_none}).{detail}"
    default = rule.default
    shown = ("true" if default else "false") if isinstance(default, bool) else (
        f"'{default}'" if isinstance(default, str) else str(default))
    return f"{text} (default {shown}).{detail}"


def _rule_field(rule: Setting) -> tuple[Any, Any]:
    """A house rule as a field of the log's ``rules``: optional, since a missing one (or
    null) takes the docs/rules.md default; bounded and typed as declared."""
    if rule.choices:
        value_type: Any = Literal[rule.choices]
    elif rule.value_type is int:
        value_type = whole(rule.least, rule.greatest)
    else:
        value_type = Annotated[rule.value_type, Strict()]
    return value_type | None, Field(None, description=_rule_description(rule))


if TYPE_CHECKING:
    class RulesSettings(LogModel):
        """House rules: one optional field per setting of ``rules.settings.HOUSE_RULES``."""

        def __getattr__(self, name: str) -> Any: ...
else:
    # Built from the declarations, so a new setting is in the log format (and its schema)
    # without being written down here.
    RulesSettings = create_model(
        "RulesSettings", __base__=LogModel, __module__=__name__,
        __doc__="House rules. Every field is optional; a missing one takes the docs/rules.md"
                " default.",
        preset=(Literal[tuple(PRESETS)] | None, Field(
            None, description="A named preset (docs/rules.md §10): its settings apply, and any"
            " setting written beside it wins; one written null is its default (so a preset's"
            " optional setting can be set back to none). The program writes the preset's"
            " settings out beside its name.")),
        **{rule.name: _rule_field(rule) for rule in HOUSE_RULES.values()},
    )


class EventInfo(ExtensibleModel):
    season: str | None = Field(None, description="The season or league the game belongs to.")
    date: Day | None = Field(None, description="The day the game was played, YYYY-MM-DD (a day"
                             " of the calendar, ASCII digits).")
    table: str | None = Field(None, description="The table, as the club names it.")
    notes: str | None = Field(None, description="Free notes.")
    event_id: str | None = Field(
        None, min_length=1, max_length=GAME_ID_MAX, pattern=GAME_ID_PATTERN,
        description="Since 1.2: the card night (event) the game was played at, by the event's"
        " id in the season database and its spades-event document.")
    round: Ordinal | None = Field(None, description="Since 1.2: the event's round, from 1.")


class SideStart(LogModel):
    score: Points = Field(0, description="Score carried in.")
    bags: Count = Field(0, description="Bags carried in.")


class BidEntry(LogModel):
    seat: SeatName = Field(description="The seat that bid.")
    bid: TrickCount = Field(description="Tricks bid, 0 to 13; 0 is Nil.")
    blind: YesNo = Field(False, description="Bid before looking at the cards: a Blind Nil (bid"
                         " 0) or, where the game's rules have blind bids (blind_bid_min), a"
                         " blind number; one the rules do not allow is an audit finding"
                         " (blind_bid_not_allowed).")

    model_config = ConfigDict(extra="forbid", frozen=True)

    @model_serializer(mode="wrap")
    def _omit_not_blind(self, handler: SerializerFunctionWrapHandler) -> dict[str, Any]:
        # A log writes "blind" only for a Blind Nil, as people write it.
        data = handler(self)
        if not self.blind:
            data.pop("blind", None)
        return data

class TrickEntry(LogModel):
    leader: SeatName = Field(description="The seat that led the trick.")
    cards: list[CardText] = Field(description="The cards in play order from the leader.",
                                  min_length=1, max_length=4)


class ExchangeEntry(LogModel):
    from_: SeatName = Field(alias="from", description="The seat that passes the cards.")
    to: SeatName = Field(description="The seat that receives them (the partner).")
    cards: list[CardText] = Field(description="The cards passed (three).")


class DrawTurn(LogModel):
    seat: SeatName = Field(description="The player whose turn of the draw it is.")
    kept: CardText = Field(description="The card he kept.")
    discarded: CardText = Field(description="The card he put on the discard pile.")


class RedrawEntry(LogModel):
    seat: SeatName = Field(description="The two-player Blind Nil bidder.")
    discarded: list[CardText] = Field(max_length=3, description="Cards he discarded after the"
                                      " draw (up to three).")
    drawn: list[CardText] = Field(max_length=3, description="The same number of cards drawn at"
                                  " random from the 26 discarded in the draw.")


class ClaimEntry(LogModel):
    seat: SeatName = Field(description="The seat that claims.")
    after_trick: TrickCount = Field(description="Tricks played before the claim.")
    tricks: dict[SeatName, TrickCount] = Field(description="Of the remaining tricks, how many"
                                               " each seat takes, as claimed.")
    accepted: YesNo = Field(True, description="Whether the other side accepted the claim.")


class RulingEntry(LogModel):
    code: Literal["revoke"] = Field(description="The breach ruled on, as the audit's finding"
                                    " code names it (a revoke: the one breach with a penalty).")
    trick: whole(1, 13) = Field(description="The 1-based trick of the breach.")
    seat: SeatName = Field(description="The seat that committed it.")
    decision: Literal["apply", "waive"] = Field(
        description="'apply': the penalty the game's revoke_penalty sets is scored; 'waive':"
        " the play is scored as played.")
    by: str | None = Field(None, description="Who ruled, e.g. 'Sam (referee)'.")
    note: str | None = Field(None, description="Why, or what was said at the table.")


class HandLog(ExtensibleModel):
    dealer: SeatName = Field(description="The dealer; in two-player, the player who draws"
                             " first.")
    bids: list[BidEntry] = Field(description="The bids in the order they were made.")
    tricks_won: dict[SeatName, TrickCount] | None = Field(
        None, description="Tricks won by each seat, as agreed at the table (the quick way).")
    tricks: list[TrickEntry] | None = Field(
        None, description="The play, trick by trick (card by card).", max_length=13)
    deal: dict[SeatName, list[CardText]] | None = Field(
        None, description="Each seat's 13 cards before any Blind Nil exchange (two-player: the"
        " cards kept in the draw).")
    exchanges: list[ExchangeEntry] | None = Field(
        None, description="Blind Nil exchanges between partners (three cards each way).")
    draw: list[DrawTurn] | None = Field(
        None, description="Two-player: the 26 turns of the draw in order.", max_length=26)
    redraws: list[RedrawEntry] | None = Field(
        None, description="Two-player Blind Nil: each bidder's discard and redraw after the"
        " draw.")
    claim: ClaimEntry | None = Field(None, description="A claim that ended the play early.")
    recorded: dict[SideKey, Points] | None = Field(
        None, description="The running scores the table wrote down after this hand (checked by"
        " the audit, never trusted).")
    notes: str | None = Field(None, description="Free notes on the hand.")
    rulings: list[RulingEntry] | None = Field(
        None, description="Since 1.1: the referee's rulings on breaches the play proves, each"
        " applying or waiving its penalty; the hand is scored as ruled. A ruling on a breach"
        " the play does not prove is refused (ruling_unfounded).")
    time_called: YesNo | None = Field(
        None, description="Since 1.2: true on the hand during which time was called (game"
        " length by the clock). The hand is finished, then the game ends after it as at"
        " hand_limit: the higher score wins, a tie plays one more hand at a time; a side at"
        " the target still wins first. Absent (or false): time was not called.")

    model_config = ConfigDict(
        extra="allow", frozen=True,
        json_schema_extra={
            "patternProperties": {"^x-": {}}, "additionalProperties": False,
            "anyOf": [{"required": ["tricks_won"]}, {"required": ["tricks"]}],
        },
    )

    @model_validator(mode="after")
    def _has_result(self) -> HandLog:
        if self.tricks_won is None and self.tricks is None:
            raise ValueError("a hand needs tricks_won (counts per seat) or tricks (the play)")
        return self


def _seats_named(hand: HandLog) -> list[tuple[str, str]]:
    """Every (field, seat) a hand names, to check them against the variant's seats."""
    named = [("dealer", hand.dealer)]
    named += [(f"bid {i}, seat", b.seat) for i, b in enumerate(hand.bids, start=1)]
    named += [("tricks_won", s) for s in hand.tricks_won or {}]
    named += [(f"trick {i}, leader", t.leader) for i, t in enumerate(hand.tricks or [], start=1)]
    named += [("deal", s) for s in hand.deal or {}]
    named += [(f"exchange {i}", s) for i, x in enumerate(hand.exchanges or [], start=1)
              for s in (x.from_, x.to)]
    named += [(f"draw turn {i}, seat", d.seat) for i, d in enumerate(hand.draw or [], start=1)]
    named += [(f"redraw {i}, seat", r.seat) for i, r in enumerate(hand.redraws or [], start=1)]
    if hand.claim is not None:
        named += [("claim, seat", hand.claim.seat)] + [("claim, tricks", s)
                                                        for s in hand.claim.tricks]
    named += [(f"ruling {i}, seat", r.seat) for i, r in enumerate(hand.rulings or [], start=1)]
    return named


class Correction(LogModel):
    revision: Ordinal = Field(description="Grows by one with every correction.")
    at: str = Field(description="When, as an ISO 8601 timestamp.")
    by: str = Field(description="Who made the correction (the referee or scorekeeper).")
    hand: Ordinal | None = Field(None, description="The 1-based hand changed, if one.")
    what: str = Field(description="What changed, e.g. 'E bid 3, was 4'.")
    why: str | None = Field(None, description="Why.")


def _seats_of_variant(variant: Variant) -> dict[str, Any]:
    """The JSON Schema of the seats a ``variant`` log may name: what ``GameLog``'s check
    ``_seats_fit_variant`` (with ``_seats_named``) does, for readers of the schema, so that
    the schema refuses what the models refuse (the tests' fuzzing holds the two together)."""
    seats = {"enum": [s.name for s in variant.seats]}
    keys = {"propertyNames": seats}

    def seat_fields(*names: str) -> dict[str, Any]:
        return {"items": {"properties": {n: seats for n in names}}}

    hand = {"properties": {
        "dealer": seats, "bids": seat_fields("seat"), "tricks_won": keys,
        "tricks": seat_fields("leader"), "deal": keys, "exchanges": seat_fields("from", "to"),
        "draw": seat_fields("seat"), "redraws": seat_fields("seat"),
        "claim": {"properties": {"seat": seats, "tricks": keys}},
        "rulings": seat_fields("seat")}}
    return {"if": {"properties": {"variant": {"const": variant.value}}, "required": ["variant"]},
            "then": {"properties": {
                "players": {**keys, "required": seats["enum"]},
                "initial": {"propertyNames": {"enum": list(variant.sides)}},
                "hands": {"items": hand}}}}


class GameLog(ExtensibleModel):
    model_config = ConfigDict(
        extra="allow", frozen=True,
        json_schema_extra={"patternProperties": {"^x-": {}}, "additionalProperties": False,
                           "allOf": [_seats_of_variant(v) for v in Variant]},
    )

    format: Literal["spades-game"] = Field(description="Always 'spades-game'.")
    format_version: str = Field(pattern=VERSION_PATTERN, description="'1.2' (a log with a"
                                " hand's time_called, the event's event_id or round, a preset"
                                " or a house rule added in 1.2), '1.1' (a log with rulings) or"
                                " '1.0'. A reader refuses a newer major version; a 1.x log"
                                " stays valid for every later 1.y.")
    game_id: str | None = Field(
        None, min_length=1, max_length=GAME_ID_MAX, pattern=GAME_ID_PATTERN,
        description="A stable id for the game: letters, digits, '-', '_' and single dots"
        f" between them, at most {GAME_ID_MAX} characters; when absent, one is derived from"
        " the content.")
    variant: Literal["partnership", "two_player"] = Field(
        description="'partnership' (four players, N E S W) or 'two_player' (N and S).")
    players: dict[SeatName, str] = Field(description="The player's name at each seat.")
    rules: RulesSettings | None = Field(None, description="House rules; missing settings take"
                                        " the docs/rules.md defaults.")
    event: EventInfo | None = Field(None, description="Where and when the game was played.")
    initial: dict[SideKey, SideStart] | None = Field(
        None, description="Scores and bags carried in (a game begun on paper).")
    hands: list[HandLog] = Field(description="The hands in the order they were played.")
    history: list[Correction] | None = Field(
        None, description="Corrections made after entries were confirmed, oldest first.")

    @model_validator(mode="after")
    def _seats_fit_variant(self) -> GameLog:
        variant = Variant(self.variant)
        seats = [s.name for s in variant.seats]
        sides = list(variant.sides)
        problems = []
        if sorted(self.players) != sorted(seats):
            problems.append(f"players must name the seats {', '.join(seats)} of the {self.variant}"
                            f" game, not {', '.join(self.players) or 'none'}")
        for key in self.initial or {}:
            if key not in sides:
                problems.append(f"initial has side {key!r}, not a side of the {self.variant} game")
        for i, hand in enumerate(self.hands, start=1):
            for field, seat in _seats_named(hand):
                if seat not in seats:
                    problems.append(f"hand {i}, {field}: {seat!r} is not a seat of the"
                                    f" {self.variant} game ({', '.join(seats)})")
        if problems:
            raise ValueError("; ".join(problems))
        return self
