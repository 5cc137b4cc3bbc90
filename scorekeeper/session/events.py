"""The typed errors and the small immutable records of a live game session."""

from __future__ import annotations

from dataclasses import dataclass

from ..logs.models import Correction


class SessionError(ValueError):
    """Base of every refusal of a scorekeeping action; the message says what to do instead."""


class SetupError(SessionError):
    """A new game that cannot start: a missing name, a dealer not at the table, a date that
    is not a day.

    ``field`` names what is wrong, as the new-game form names its inputs: ``name-N`` (a
    seat's name), ``dealer``, ``date``, ``season``, ``table``, ``rule-<setting>``,
    ``game_id``; None when no one field is to blame."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class BidError(SessionError):
    """A bid that is not 0 to 13, out of turn, or a Blind Nil the rules do not allow."""


class TricksError(SessionError):
    """A trick count that is not 0 to 13, or counts that cannot add up to 13."""


class ConfirmError(SessionError):
    """A hand confirmed before every bid and trick count is in."""


class UndoError(SessionError):
    """Nothing to undo, or an entry that cannot be undone (a hand recorded card by card)."""


class CorrectionError(SessionError):
    """A correction of a hand that does not exist, or one that changes nothing or is invalid."""


class GameOverError(SessionError):
    """An entry after the game was won."""


class TimeCallError(SessionError):
    """Time called twice, or before anything was played."""


class CardByCardError(SessionError):
    """Card-by-card entry that cannot start, stop or end now (the message says why)."""


@dataclass(frozen=True, slots=True)
class BidEntered:
    hand: int
    seat: str
    bid: int
    blind: bool


@dataclass(frozen=True, slots=True)
class TricksEntered:
    hand: int
    seat: str
    tricks: int
    filled: tuple[tuple[str, int], ...]
    """The last seat's count, filled in so that the hand adds up to 13 (empty if not yet)."""


@dataclass(frozen=True, slots=True)
class HandConfirmed:
    number: int
    events: tuple[str, ...]
    winner: str | None
    tied_at_target: bool


@dataclass(frozen=True, slots=True)
class EntryUndone:
    what: str
    hand: int | None = None
    """The confirmed hand the undo changed (None: an entry of the hand in progress)."""
    correction: Correction | None = None
    """The history entry that records the undo, when it changed the log."""


@dataclass(frozen=True, slots=True)
class ChangeEffect:
    """What a change would do (undo, a correction), said before it is made."""

    what: str
    result_before: str | None
    """The result now ('NS won 512-430'), or None when the game is not finished."""
    result_after: str | None
    """The result after the change, or None when the game would not be finished."""
    reopens: int | None = None
    """The hand the change reopens for entry, if it does."""

    @property
    def unfinishes(self) -> bool:
        return self.result_before is not None and self.result_after is None


@dataclass(frozen=True, slots=True)
class HandCorrected:
    number: int
    what: str
    correction: Correction


class RulingError(SessionError):
    """A ruling on a breach that is not proven, ruled already, or not 'apply'/'waive'."""


@dataclass(frozen=True, slots=True)
class SideOutcome:
    """One side's hand scored one way: the change this hand and the running score after."""

    side: str
    points: int
    score: int


@dataclass(frozen=True, slots=True)
class RulingQuestion:
    """A proven breach the referee rules on, with the hand scored both ways (by the
    analysis, so exactly as the sheet will show it)."""

    hand: int
    code: str
    trick: int
    seat: str
    message: str
    """The finding, with its proof: 'W showed out of diamonds at trick 4 ... at trick 10'."""
    penalty: str
    """What applying it does: '3 tricks move from EW to NS (...)'."""
    waived: tuple[SideOutcome, ...]
    applied: tuple[SideOutcome, ...]
    as_played: bool
    """True when 'waived' is the hand as played (no other penalty of the hand applied)."""
    decision: str | None = None
    """The ruling made so far ('apply', 'waive'), None when there is none."""

    @property
    def key(self) -> tuple[str, int, str]:
        """(code, trick, seat): what a correction names the ruling by."""
        return self.code, self.trick, self.seat

    @property
    def what(self) -> str:
        """'revoke by W at trick 4'."""
        return f"{self.code.replace('_', ' ')} by {self.seat} at trick {self.trick}"


@dataclass(frozen=True, slots=True)
class RulingMade:
    hand: int
    code: str
    trick: int
    seat: str
    decision: str
    by: str

    @property
    def what(self) -> str:
        verb = "applied" if self.decision == "apply" else "waived"
        return (f"{self.code.replace('_', ' ')} by {self.seat} at trick {self.trick}: penalty"
                f" {verb} by {self.by}")


@dataclass(frozen=True, slots=True)
class TimeCalled:
    """Time was called (RULES.md §4, game length): recorded on ``hand``, after which the
    game ends as at the hand limit (the higher score wins; a tie plays one more hand)."""

    hand: int
    """The hand time was called during: the hand in progress, or between hands the last
    confirmed one."""
    in_progress: bool
    """True: the hand is still being entered, and is finished first; False: it was already
    confirmed, and the game ends now (or, tied, goes on one hand at a time)."""
    winner: str | None
    """The game's winner once it has ended (None while a hand is still to be played)."""
    events: tuple[str, ...] = ()
    """Between hands: the last hand's events, rescored (they say how the game ended)."""
