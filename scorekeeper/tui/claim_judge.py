"""The judging of a claim in referee mode, off the main thread.

A claim with the deal known is judged by the double-dummy solver (``rules.solver.claim_search``
through ``RefereeHand.claim_verdict``): DDS answers a trick claim at once where spades are
broken, but before they are, and for a Nil, our own search can still take seconds or more on
many cards. ``ClaimJudge`` runs it in a thread worker of the screen that owns it, on a copy of
the hand that nothing else touches, so the screen never waits and the referee can go on (undo,
look around) meanwhile.
The worker only posts ``ClaimChecked`` to that screen; the screen asks ``finished`` whether
the message ends the check under way, since a stopped check or a withdrawn claim may still
deliver one.
"""

from __future__ import annotations

from functools import partial

from textual.dom import DOMNode
from textual.worker import get_current_worker

from ..referee.play import RefereeHand
from ..referee.view import ClaimVerdict
from ..rules.solver import search as solver
from .messages import ClaimChecked

#: The worker group of the claim checks (at most one runs: a new check replaces the old).
GROUP = "claim"


class ClaimJudge:
    """What is known of the verdict on the hand's claim: ``verdict`` once judged, ``running``
    while a worker judges it, neither before a claim, after a check was stopped or failed,
    or once the claim is withdrawn."""

    def __init__(self, owner: DOMNode) -> None:
        self._owner = owner
        self._judging: RefereeHand | None = None  # the copy the worker judges
        self._verdict: ClaimVerdict | None = None

    @property
    def running(self) -> bool:
        return self._judging is not None

    @property
    def verdict(self) -> ClaimVerdict | None:
        return self._verdict

    def known(self, verdict: ClaimVerdict) -> None:
        """The verdict, known without solving or taken from a finished check."""
        self._verdict = verdict

    def start(self, hand: RefereeHand) -> None:
        """Judge the claim of ``hand`` in a worker, on a copy (a check under way stops)."""
        copy = RefereeHand.from_draft(hand.to_draft())
        self._judging, self._verdict = copy, None
        self._owner.run_worker(partial(judge, self._owner, copy), name="judge_claim",
                               group=GROUP, thread=True, exclusive=True, exit_on_error=False)

    def stop(self) -> bool:
        """Stop the check under way (its result will be ignored); False if none was."""
        if self._judging is None:
            return False
        self._judging = None
        self._owner.workers.cancel_group(self._owner, GROUP)
        return True

    def withdraw(self) -> None:
        """The claim was taken back: no verdict, and no check of it."""
        self.stop()
        self._verdict = None

    def finished(self, message: ClaimChecked) -> bool:
        """Whether ``message`` ends the check under way (then no check is running); False
        for a check that was stopped or replaced, whose result is to be ignored."""
        if message.hand is not self._judging:
            return False
        self._judging = None
        return True


def judge(owner: DOMNode, hand: RefereeHand) -> None:
    """The worker: solve the claim of ``hand`` and post the verdict (or the error) to
    ``owner``; it touches no widget. Cancelling the worker stops the search within a few
    hundredths of a second (a DDS call under way ends first: at most a fraction of a second),
    so the thread gives its CPU back at once."""
    worker = get_current_worker()
    try:
        with solver.stoppable(lambda: worker.is_cancelled):
            verdict = hand.claim_verdict()
    except solver.SearchStopped:
        return  # nobody waits for this verdict any more
    except Exception as exc:  # noqa: BLE001 - reported on the screen, never a traceback
        owner.post_message(ClaimChecked(hand, None, str(exc)))
        return
    owner.post_message(ClaimChecked(hand, verdict))
