"""Live scorekeeping: the game being played at a table, entry by entry.

A ``GameSession`` holds the ``GameLog`` of the confirmed hands and the hand in progress (the
bids entered so far, then the tricks each seat won). Every action follows the pattern
``verify_x`` (raise a typed ``SessionError`` saying what is wrong), ``can_x`` (the same as a
bool) and ``x`` (do it and return a small frozen record of what happened). Scores are never
kept here: after every change the log is re-scored with ``analyse_game``; the report (the
sheet) is made again from the first hand that changed (``sheet_report.py``).

A hand may instead be entered card by card (referee mode): ``card_by_card()`` hands the bids
so far to a ``RefereeHand``, which the referee screen drives; ``confirm_played_hand()`` then
appends the hand it produced, exactly as played, with the referee's rulings on its reneges
(``rulings.py``). The referee hand in progress is part of ``draft()``, entry by entry.
Corrections and undo (an undo stack of every change) are in ``changes.py``; time called
(``call_time()``, game length by the clock) in ``time_call.py``.

Bids are refused as the table would refuse them: 0 to 13 in turn, Blind Nil and a blind
number where the rules allow them, and the bidding house rules (``rules.bidding``: no Nil, a
side's minimum, a blind bid only for a side trailing enough before the hand).

No I/O: the caller saves ``session.log`` (complete hands) and ``session.draft()`` (the hand
in progress) after each action, which is how nothing confirmed is ever lost.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Literal

from ..analysis.game import GameAnalysis, analyse_game
from ..logs.models import GameLog, HandLog
from .events import (
    BidEntered,
    BidError,
    CardByCardError,
    ChangeEffect,
    ConfirmError,
    CorrectionError,
    EntryUndone,
    GameOverError,
    HandConfirmed,
    HandCorrected,
    RulingError,
    RulingMade,
    RulingQuestion,
    SessionError,
    SideOutcome,
    SetupError,
    TimeCallError,
    TimeCalled,
    TricksEntered,
    TricksError,
    UndoError,
)
from .card_by_card import CardByCardMixin, next_drawer, next_exchange
from .changes import ChangesMixin
from .rulings import RulingsMixin, ruled_by
from .sheet_report import report_after
from .time_call import TimeCallMixin
from .typed import bid_text, bid_typed, parse_bid, parse_tricks
from .new_game import EXTENSION, new_game_log, verify_setup
from ..rules.bidding import bid_refusal, blind_bid_allowed
from ..rules.scoring import Bid, SideTotals, blind_nil_allowed, initial_totals, tied_at_target
from ..rules.settings import RuleSet
from ..analysis.score_sheet import side_label
from ..rules.seats import Seat, Variant

if TYPE_CHECKING:
    from ..referee.play import RefereeHand

Phase = Literal["bidding", "tricks", "confirm", "card_by_card", "over"]



def _now() -> str:
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


class GameSession(ChangesMixin, CardByCardMixin, RulingsMixin, TimeCallMixin):
    """One game at the table: confirmed hands in a log, plus the hand being entered."""

    def __init__(self, log: GameLog, draft: Mapping[str, Any] | None = None, *,
                 clock: Callable[[], str] = _now) -> None:
        self._clock = clock
        self._report: dict[str, Any] | None = None
        # An earlier analysis and its report: the next report takes the rows of the hands
        # that did not change from it (sheet_report.py).
        self._report_base: tuple[GameAnalysis | None, dict[str, Any] | None] = (None, None)
        self._set_log(log)
        self._bids: list[tuple[Seat, int, bool]] = []
        self._tricks: list[tuple[Seat, int]] = []
        self._referee: RefereeHand | None = None
        self._time_call: int | None = None  # time called during the hand in progress
        self._changes = []  # the undo stack (changes.py): changes of the log in this session
        if draft:
            self.restore_draft(draft)

    @classmethod
    def start(cls, variant: Variant | str, players: Mapping[str, str], first_dealer: Seat | str,
              **event: Any) -> GameSession:
        """A new game (see ``new_game_log`` for the keywords)."""
        return cls(new_game_log(variant, players, first_dealer, **event))

    def _set_log(self, log: GameLog) -> None:
        # The hands kept from the previous log are the same objects: their replays are reused.
        previous = getattr(self, "_analysis", None)
        if self._report is not None:
            self._report_base = (previous, self._report)
        self._log = log
        self._analysis = analyse_game(log, previous)
        self._report = None

    # --- state --------------------------------------------------------------------------

    @property
    def log(self) -> GameLog:
        return self._log

    @property
    def analysis(self) -> GameAnalysis:
        return self._analysis

    @property
    def game_id(self) -> str:
        return self._log.game_id or ""

    @property
    def variant(self) -> Variant:
        return self._analysis.variant

    @property
    def rules(self) -> RuleSet:
        return self._analysis.rules

    @property
    def hand_number(self) -> int:
        """The 1-based number of the hand being entered (or the next one)."""
        return len(self._log.hands) + 1

    @property
    def dealer(self) -> Seat:
        """Who deals the hand being entered (two-player: who draws first)."""
        if self._log.hands:
            return self.variant.next_dealer(Seat[self._log.hands[-1].dealer])
        ext = (self._log.model_extra or {}).get(EXTENSION) or {}
        return Seat[ext.get("first_dealer", self.variant.seats[-1].name)]

    @property
    def order(self) -> tuple[Seat, ...]:
        """Bidding (and trick entry) order: from the dealer's left; two-player, the second
        player first."""
        return self.variant.turn_order(self.variant.first_to_act(self.dealer))

    @property
    def winner(self) -> str | None:
        return self._analysis.score.winner

    @property
    def won_at_hand(self) -> int | None:
        return self._analysis.score.won_at_hand

    @property
    def is_over(self) -> bool:
        return self.winner is not None

    @property
    def tied_at_target(self) -> bool:
        if self.is_over:
            return False
        return tied_at_target({s: t.score for s, t in self.totals.items()}, self.rules)

    @property
    def phase(self) -> Phase:
        if self.is_over:
            return "over"
        if self._referee is not None:
            return "card_by_card"
        if len(self._bids) < len(self.order):
            return "bidding"
        if len(self.tricks) < len(self.order):
            return "tricks"
        return "confirm"

    @property
    def turn(self) -> Seat | None:
        """The seat whose bid or trick count is wanted next (None: confirm, or game over)."""
        phase = self.phase
        if phase == "bidding":
            return self.order[len(self._bids)]
        if phase == "tricks":
            return self.order[len(self._tricks)]
        return None

    @property
    def bids(self) -> dict[Seat, tuple[int, bool]]:
        """The bids of the hand in progress, in bidding order."""
        return {s: (b, blind) for s, b, blind in self._bids}

    @property
    def tricks(self) -> dict[Seat, int]:
        """Trick counts of the hand in progress, the filled-in last one included."""
        got = dict(self._tricks)
        if len(got) == len(self.order) - 1:
            last = self.order[-1]
            got[last] = 13 - sum(got.values())
        return got

    @property
    def filled_seat(self) -> Seat | None:
        """The seat whose count was filled in to make 13, once it has been."""
        return self.order[-1] if len(self._tricks) == len(self.order) - 1 else None

    @property
    def totals(self) -> dict[str, SideTotals]:
        if self._log.hands:
            return dict(self._analysis.score.final)
        return initial_totals(self._log.initial, self.variant)

    @property
    def events(self) -> tuple[str, ...]:
        """What to announce: the events of the last confirmed hand."""
        hands = self._analysis.score.hands
        return hands[-1].events if hands else ()

    def side_of(self, seat: Seat) -> str:
        return self.variant.side_of(seat)

    def side_label(self, side: str) -> str:
        return side_label(self._analysis, side)

    def player(self, seat: Seat) -> str:
        return self._log.players.get(seat.name, seat.name)

    def report(self) -> dict[str, Any]:
        """The score sheet as ``scorekeeper score --format json`` gives it (rows with parts)."""
        if self._report is None:
            before, report = self._report_base
            self._report = report_after(before, report, self._analysis)
            self._report_base = (None, None)  # this one is the next one's base
        return self._report

    def result_text(self) -> str:
        """'NS (Alex & Charlie) win 512 to 430' once the game is won."""
        if not self.winner:
            return ""
        final = self.totals
        others = [s for s in self.variant.sides if s != self.winner]
        scores = " to ".join(str(final[s].score) for s in [self.winner, *others])
        verb = "win" if self.variant is Variant.PARTNERSHIP else "wins"
        return f"{self.side_label(self.winner)} {verb} {scores} after hand {self.won_at_hand}"

    # --- bidding ------------------------------------------------------------------------

    def scores(self) -> dict[str, int]:
        """Each side's score before the hand in progress."""
        return {s: t.score for s, t in self.totals.items()}

    def blind_nil_allowed(self, seat: Seat) -> bool:
        return blind_nil_allowed(self.side_of(seat), self.scores(), self.rules)

    def blind_bid_allowed(self, seat: Seat) -> bool:
        """Whether ``seat`` may bid a number blind now (``blind_bid_min``, and his side
        trails by ``blind_bid_min_deficit``)."""
        return blind_bid_allowed(self.side_of(seat), self.scores(), self.rules)

    def bid_examples(self, seat: Seat) -> str:
        """What ``seat`` may type now, for a prompt: '0-13, n Nil, b Blind Nil, b6: 6+ blind',
        only the kinds of bid this table's rules allow him at this score."""
        rules = self.rules
        kinds = ["0-13"] + (["n Nil"] if rules.nil_allowed else [])
        if rules.nil_allowed and self.blind_nil_allowed(seat):
            kinds.append("b Blind Nil")
        if self.blind_bid_allowed(seat):
            kinds.append(f"b{rules.blind_bid_min}: {rules.blind_bid_min}+ blind")
        return ", ".join(kinds)

    def bid_refusal(self, seat: Seat, made: list[Bid], bid: int, blind: bool) -> str | None:
        """Why the bidding house rules refuse ``seat``'s bid after ``made`` (None: they
        allow it), the scores before the hand deciding a blind bid's trailing margin."""
        return bid_refusal(self.variant, made, Bid(seat, bid, blind), self.rules, self.scores())

    def _verify_open(self) -> None:
        if self.is_over:
            raise GameOverError(f"the game is over: {self.result_text()}")
        if self._referee is not None:
            raise CardByCardError(f"hand {self.hand_number} is being entered card by card"
                                  " (F2 goes back to it)")

    def verify_bid(self, bid: int, blind: bool = False) -> None:
        self._verify_open()
        seat = self.turn
        if self.phase != "bidding" or seat is None:
            raise BidError(f"all bids of hand {self.hand_number} are in; enter the tricks won")
        if not 0 <= bid <= 13:
            raise BidError(f"{seat} bid {bid}: a bid is 0 to 13")
        made = [Bid(s, b, bl) for s, b, bl in self._bids]
        why = self.bid_refusal(seat, made, bid, blind)
        if why is not None:
            raise BidError(f"{seat} cannot bid {bid_text(bid, blind)}: {why}")
        if blind and bid == 0:
            self._verify_blind_nil(seat)

    def _verify_blind_nil(self, seat: Seat) -> None:
        """Refuse a Blind Nil by ``seat`` that the rules do not allow at this score."""
        if not self.blind_nil_allowed(seat):
            why = ("these rules do not allow Blind Nil" if not self.rules.allow_blind_nil else
                   f"Blind Nil only for a side behind by {self.rules.blind_nil_min_deficit} or"
                   " more")
            raise BidError(f"{seat} cannot bid Blind Nil: {why}")

    def can_bid(self, bid: int, blind: bool = False) -> bool:
        try:
            self.verify_bid(bid, blind)
        except SessionError:
            return False
        return True

    def bid(self, bid: int, blind: bool = False) -> BidEntered:
        """The bid of the seat whose turn it is."""
        self.verify_bid(bid, blind)
        seat = self.turn
        assert seat is not None
        self._bids.append((seat, bid, blind))
        return BidEntered(self.hand_number, seat.name, bid, blind)

    # --- tricks -------------------------------------------------------------------------

    def verify_tricks(self, tricks: int) -> None:
        self._verify_open()
        phase = self.phase
        if phase == "bidding":
            raise TricksError(f"{self.turn} has not bid yet: tricks come after the bids")
        if phase == "confirm":
            raise TricksError(f"the tricks of hand {self.hand_number} add up to 13: confirm the"
                              " hand or undo")
        seat = self.turn
        if not 0 <= tricks <= 13:
            raise TricksError(f"{seat} won {tricks}: a count is 0 to 13")
        so_far = sum(n for _, n in self._tricks)
        if so_far + tricks > 13:
            entered = " + ".join(f"{s} {n}" for s, n in [*self._tricks, (seat, tricks)])
            raise TricksError(f"{entered} = {so_far + tricks}: more than the 13 tricks of a hand"
                              f" ({seat} can have won at most {13 - so_far})")

    def can_enter_tricks(self, tricks: int) -> bool:
        try:
            self.verify_tricks(tricks)
        except SessionError:
            return False
        return True

    def enter_tricks(self, tricks: int) -> TricksEntered:
        """The tricks won by the seat whose count is wanted; the last seat's fills itself."""
        self.verify_tricks(tricks)
        seat = self.turn
        assert seat is not None
        self._tricks.append((seat, tricks))
        filled = self.filled_seat
        fill = ((filled.name, self.tricks[filled]),) if filled is not None else ()
        return TricksEntered(self.hand_number, seat.name, tricks, fill)

    # --- confirm ------------------------------------------------------------------------

    def verify_confirm(self) -> None:
        self._verify_open()
        phase = self.phase
        if phase == "bidding":
            raise ConfirmError(f"hand {self.hand_number} is not complete: {self.turn} has not"
                               " bid")
        if phase == "tricks":
            raise ConfirmError(f"hand {self.hand_number} is not complete: enter the tricks"
                               f" {self.turn} won")

    def can_confirm(self) -> bool:
        try:
            self.verify_confirm()
        except SessionError:
            return False
        return True

    def confirm_hand(self) -> HandConfirmed:
        """Add the hand in progress to the log and re-score the game."""
        self.verify_confirm()
        tricks = self.tricks
        hand = HandLog.model_validate({
            "dealer": self.dealer.name,
            "bids": [{"seat": s.name, "bid": b, **({"blind": True} if blind else {})}
                     for s, b, blind in self._bids],
            "tricks_won": {s.name: tricks[s] for s in self.variant.seats},
            **self._hand_time_called(),
        })
        self._set_log(self._log.model_copy(update={"hands": [*self._log.hands, hand]}))
        self._bids, self._tricks, self._time_call = [], [], None
        number = len(self._log.hands)
        self._record_change("confirm", number)
        return HandConfirmed(number, self.events, self.winner, self.tied_at_target)

    # --- the hand in progress, for saving -----------------------------------------------

    @property
    def has_entries(self) -> bool:
        """True when the hand in progress has something to save (a bid, a count, a card, time
        called...)."""
        return bool(self._bids or self._tricks or self._referee is not None
                    or self._time_call is not None)

    def draft(self) -> dict[str, Any]:
        """The hand in progress as JSON-able data (what ``restore_draft`` takes back); a hand
        entered card by card is kept entry by entry under ``referee``."""
        data: dict[str, Any] = {
            "hand": self.hand_number, "dealer": self.dealer.name,
            "bids": [{"seat": s.name, "bid": b, "blind": blind} for s, b, blind in self._bids],
            "tricks": [{"seat": s.name, "tricks": n} for s, n in self._tricks]}
        if self._time_call is not None:  # after this many of the bids and counts
            data["time_called"] = self._time_call
        if self._referee is not None:
            data["referee"] = self._referee.to_draft()
        return data

    def restore_draft(self, draft: Mapping[str, Any]) -> None:
        """Re-enter a saved hand in progress, entry by entry (each one checked again)."""
        if draft.get("hand") != self.hand_number or draft.get("dealer") != self.dealer.name:
            raise SessionError(f"the saved entries are for hand {draft.get('hand')} dealt by"
                               f" {draft.get('dealer')}, but hand {self.hand_number} dealt by"
                               f" {self.dealer} is next")
        self._bids, self._tricks, self._referee, self._time_call = [], [], None, None
        called = draft.get("time_called")
        if called is not None and (type(called) is not int or called < 0):
            raise SessionError(f"the saved hand in progress cannot be restored: time_called"
                               f" {called!r} is not a count of entries")
        if draft.get("referee") is not None:
            self._restore_referee(draft["referee"])
            self._time_call = None if called is None else 0
            return
        try:
            for b in draft.get("bids", []):
                if b["seat"] != (self.turn.name if self.turn else None):
                    raise SessionError(f"saved bid by {b['seat']} is out of turn")
                self.bid(int(b["bid"]), bool(b.get("blind", False)))
            for t in draft.get("tricks", []):
                if t["seat"] != (self.turn.name if self.turn else None):
                    raise SessionError(f"saved trick count of {t['seat']} is out of turn")
                self.enter_tricks(int(t["tricks"]))
        except (SessionError, KeyError, TypeError) as exc:
            self._bids, self._tricks = [], []
            raise SessionError(f"the saved hand in progress cannot be restored: {exc}") from None
        if called is not None:
            self._time_call = min(called, len(self._bids) + len(self._tricks))


__all__ = [
    "GameSession", "new_game_log", "verify_setup", "parse_bid", "parse_tricks", "bid_text",
    "bid_typed", "SessionError", "SetupError", "BidError", "TricksError", "ConfirmError",
    "UndoError", "CorrectionError", "GameOverError", "CardByCardError", "RulingError",
    "TimeCallError", "TimeCalled",
    "BidEntered", "TricksEntered", "HandConfirmed", "EntryUndone", "HandCorrected",
    "ChangeEffect", "RulingQuestion", "RulingMade", "SideOutcome", "Phase", "EXTENSION",
    "next_exchange", "next_drawer", "ruled_by",
]
