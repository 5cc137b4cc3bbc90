"""Card-by-card entry of a game's hand in progress (referee mode), for ``GameSession``.

Kept apart from ``game_session.py`` so each stays readable: ``CardByCardMixin`` holds the methods
that hand the bids so far to a ``RefereeHand``, restore it from a draft, and append the hand
it produced, exactly as played, to the game's log. It uses ``GameSession``'s state
(``_bids``, ``_tricks``, ``_referee``, the log) and its typed errors.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..rules.record import HandRecord
from ..rules.scoring import Bid
from ..rules.seats import Seat, Variant
from .events import (
    BidEntered,
    BidError,
    CardByCardError,
    ConfirmError,
    EntryUndone,
    GameOverError,
    HandConfirmed,
    SessionError,
)

from ..logs.models import HandLog

if TYPE_CHECKING:
    from ..referee.play import RefereeHand

# The referee engine (and the audit and solver behind it) is imported by the methods that
# need it: a game entered the quick way never loads it, which makes opening a game faster.


def next_exchange(hand: RefereeHand) -> tuple[Seat, Seat] | None:
    """The (giver, receiver) of the Blind Nil exchange to enter next, in the order the
    referee engine asks for them (its prompt), or None."""
    rec: HandRecord = hand.record()
    if hand.stage != "exchange":
        return None
    blinds = {b.seat for b in rec.bids if b.blind}
    done = {(x.giver, x.receiver) for x in rec.exchanges or ()}
    for s in sorted(blinds):
        if s.partner in blinds:
            continue
        for pair in ((s, s.partner), (s.partner, s)):
            if pair not in done:
                return pair
    return None


def next_drawer(hand: RefereeHand) -> Seat | None:
    """Two-player: whose turn of the draw comes next (the first player draws first), or None
    once the 26 turns are in."""
    n = len(hand.record().draw or ())
    if hand.variant is not Variant.TWO_PLAYER or n >= 26:
        return None
    return hand.variant.turn_order(hand.dealer)[n % 2]



class CardByCardMixin:
    """The card-by-card half of ``GameSession`` (see the module doc)."""

    def _restore_referee(self, data: Mapping[str, Any]) -> None:
        from ..referee.play import RefereeHand
        from ..referee.view import EntryRefused

        try:
            hand = RefereeHand.from_draft(data)
        except EntryRefused as exc:
            raise SessionError(f"the saved card-by-card hand cannot be restored: {exc}") from None
        if hand.variant is not self.variant or hand.dealer != self.dealer:
            raise SessionError(f"the saved card-by-card hand is a {hand.variant.value} hand dealt"
                               f" by {hand.dealer}, but hand {self.hand_number} of this"
                               f" {self.variant.value} game is dealt by {self.dealer}")
        if hand.rules != self.rules:
            raise SessionError("the saved card-by-card hand was entered under other rules than"
                               " this game's")
        self._referee = hand

    # --- card by card (referee mode) ----------------------------------------------------

    @property
    def referee(self) -> RefereeHand | None:
        """The hand in progress when it is entered card by card, else None."""
        return self._referee

    def verify_card_by_card(self) -> None:
        if self.is_over:
            raise GameOverError(f"the game is over: {self.result_text()}")
        if self._referee is not None:
            raise CardByCardError(f"hand {self.hand_number} is already entered card by card")
        if self._tricks:
            raise CardByCardError(f"the tricks of hand {self.hand_number} are being counted:"
                                  " take them back (ctrl+z) to enter the hand card by card")

    def can_card_by_card(self) -> bool:
        try:
            self.verify_card_by_card()
        except SessionError:
            return False
        return True

    def card_by_card(self) -> RefereeHand:
        """Enter the hand in progress card by card from now on: the bids made so far go to
        a ``RefereeHand`` (fixed there); the rest of the hand is entered on it."""
        self.verify_card_by_card()
        bids = [Bid(s, b, blind) for s, b, blind in self._bids]
        from ..referee.play import RefereeHand

        self._referee = RefereeHand(self.variant, self.dealer, self.rules, bids=bids)
        self._bids = []
        if self._time_call is not None:  # the bids went to the referee hand: the call stays
            self._time_call = 0
        return self._referee

    def verify_referee_bid(self, bid: int, blind: bool = False) -> None:
        """A bid entered on the referee hand, checked against the game too: a blind bid may
        depend on the score (``blind_nil_min_deficit``, ``blind_bid_min_deficit``), which
        the hand alone cannot know."""
        hand = self._referee
        if hand is None:
            raise CardByCardError("no hand is being entered card by card")
        seat = hand.next_bidder()
        if blind and bid == 0 and seat is not None:
            self._verify_blind_nil(seat)
        from ..referee.view import EntryRefused

        try:
            hand.verify_bid(seat if seat is not None else self.order[0], bid, blind=blind)
        except EntryRefused as exc:
            raise BidError(str(exc)) from None
        assert seat is not None  # verify_bid refuses a bid once every seat has bid
        why = self.bid_refusal(seat, list(hand.bids), bid, blind)
        if why is not None:
            raise BidError(f"bid by {seat}: {why}")

    def referee_bid(self, bid: int, blind: bool = False) -> BidEntered:
        """The bid of the seat whose turn it is, on the hand entered card by card."""
        self.verify_referee_bid(bid, blind)
        hand = self._referee
        assert hand is not None
        seat = hand.next_bidder()
        assert seat is not None
        hand.bid(seat, bid, blind=blind)
        return BidEntered(self.hand_number, seat.name, bid, blind)

    def verify_quick_entry(self) -> None:
        hand = self._referee
        if hand is None:
            raise CardByCardError("the hand is not being entered card by card")
        rec = hand.record()
        if rec.tricks or rec.deal or rec.exchanges or rec.draw or rec.redraws or rec.claim:
            raise CardByCardError(f"hand {self.hand_number} has entries beyond the bids: take"
                                  " them back (ctrl+z) first")

    def quick_entry(self) -> EntryUndone:
        """Go back to entering the hand by counts, keeping its bids (nothing else entered)."""
        self.verify_quick_entry()
        hand = self._referee
        assert hand is not None
        self._bids = [(b.seat, b.tricks, b.blind) for b in hand.bids]
        self._referee = None
        return EntryUndone(f"hand {self.hand_number} back to entry by counts")

    def adopt_checked(self, hand: RefereeHand) -> None:
        """Take ``hand`` in place of the hand in progress: a copy of it whose claim a worker
        judged (the solver is slow, so it runs on a copy that no entry can change meanwhile).
        Refused if the hand in progress has changed since the copy was made."""
        if self._referee is None or hand.to_draft() != self._referee.to_draft():
            raise CardByCardError("the hand changed while its claim was being checked")
        self._referee = hand

    def verify_played_hand(self, log_hand: Mapping[str, Any]) -> HandLog:
        if self.is_over:
            raise GameOverError(f"the game is over: {self.result_text()}")
        try:
            hand = HandLog.model_validate(dict(log_hand))
        except ValueError as exc:
            raise ConfirmError(f"hand {self.hand_number} is not a valid log hand: {exc}") from None
        if hand.dealer != self.dealer.name:
            raise ConfirmError(f"hand {self.hand_number} is dealt by {self.dealer}, not"
                               f" {hand.dealer}")
        if hand.tricks is None or hand.tricks_won is None:
            raise ConfirmError(f"hand {self.hand_number} is not complete: its play and the"
                               " tricks won are needed")
        return hand

    def confirm_played_hand(self, log_hand: Mapping[str, Any]) -> HandConfirmed:
        """Add a hand recorded card by card (``RefereeHand.to_log_hand()``, a ``HandLog`` as a
        dict) to the log as it is, and re-score the game. Ends card-by-card entry."""
        hand = self.verify_played_hand(log_hand)
        if self._time_call is not None:
            hand = hand.model_copy(update={"time_called": True})
        self._set_log(self._log.model_copy(update={"hands": [*self._log.hands, hand]}))
        self._bids, self._tricks, self._referee, self._time_call = [], [], None, None
        number = len(self._log.hands)
        self._record_change("played", number)
        return HandConfirmed(number, self.events, self.winner, self.tied_at_target)
