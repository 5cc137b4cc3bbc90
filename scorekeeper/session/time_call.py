"""Time called (game length by the clock, RULES.md §4), for ``GameSession``.

When the director calls time, "the hand in progress is finished first, and 'time called' is
recorded in the log": the game then ends after that hand as at the hand limit (the higher
score wins; a tie plays one more hand at a time; a side at the target still wins first).

- **During a hand** (the hand in progress has an entry: a bid, a count, or it is entered card
  by card), the call is an entry of that hand: it waits (``time_call_pending``), is saved
  with the draft, and the hand is confirmed with ``time_called``. Undo takes it back in its
  turn among the hand's entries (``changes.py`` counts it as one).
- **Between hands** (nothing of the next hand entered yet), no hand is in progress to finish:
  the call is recorded on the last confirmed hand, and the game is re-scored at once, ending
  now unless the scores are level. It is a change of the log like a confirmation (undo takes
  it back, and the history says so); no new hand is begun after it.

Kept apart from ``game_session.py`` so each stays readable; ``TimeCallMixin`` uses its state
(``_log``, ``_time_call``, ``_set_log``, ``_record_change``).
"""

from __future__ import annotations

from .events import GameOverError, TimeCallError, TimeCalled


class TimeCallMixin:
    """The time-called half of ``GameSession`` (see the module doc)."""

    _time_call: int | None
    """Pending on the hand in progress: how many of its entries (bids and counts) came before
    the call (None: time was not called during it)."""

    @property
    def time_call_pending(self) -> bool:
        """Time was called during the hand in progress (it ends the game once confirmed)."""
        return self._time_call is not None

    @property
    def time_called_at(self) -> int | None:
        """The 1-based hand during which time was called (pending or confirmed), or None."""
        if self._time_call is not None:
            return self.hand_number
        return next((i for i, h in enumerate(self._log.hands, start=1) if h.time_called),
                    None)

    def verify_call_time(self) -> None:
        if self.is_over:
            raise GameOverError(f"the game is over: {self.result_text()}")
        called = self.time_called_at
        if called is not None:
            how = ("is still being played" if self._time_call is not None else
                   "ended level: one more hand at a time is played until a side leads")
            raise TimeCallError(f"time was called already, during hand {called}, which {how}")
        if not self.has_entries and not self._log.hands:
            raise TimeCallError("no hand has begun: time can be called once hand 1 is under"
                                " way (or the game ends with no hand played)")

    def can_call_time(self) -> bool:
        try:
            self.verify_call_time()
        except (TimeCallError, GameOverError):
            return False
        return True

    def call_time(self) -> TimeCalled:
        """Time is called: on the hand in progress (finished first), or, between hands, on
        the last confirmed hand, which ends the game now unless the scores are level."""
        self.verify_call_time()
        if self.has_entries:
            self._time_call = len(self._bids) + len(self._tricks)
            return TimeCalled(self.hand_number, True, None)
        number = len(self._log.hands)
        before = self._log.hands[-1]
        hand = before.model_copy(update={"time_called": True})
        self._set_log(self._log.model_copy(update={"hands": [*self._log.hands[:-1], hand]}))
        self._record_change("time", number, before=before)
        return TimeCalled(number, False, self.winner, self.events)

    def _hand_time_called(self) -> dict[str, bool]:
        """The field the hand in progress is confirmed with (nothing when time was not
        called during it)."""
        return {"time_called": True} if self._time_call is not None else {}
