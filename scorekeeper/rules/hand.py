"""The card-play engine a referee drives: whose turn, the trick on the table, legality.

``HandPlay`` follows the pokerkit pattern: ``verify_play`` raises a typed error, ``can_play``
answers yes or no, ``play`` plays a legal card and ``record`` takes a card as it was really
played (a renege happens at real tables: it is recorded with its breach, not refused). Both
return an immutable ``CardPlayed``; a completed trick also yields a ``TrickTaken``.

Holdings are either *exact* (the deal is known) or a *lower bound* (a hand rebuilt from the
cards each seat is seen to play): any held card of the suit led still proves a renege.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import NamedTuple

from .cards import BIT, CARDS, Card, Suit
from .seats import Seat, Variant
from .settings import DEFAULT_RULES, RuleSet
from .errors import IllegalPlay, ImpossiblePlay, OutOfTurn
from .trick import breach, first_trick_breach, legal_plays, winning_index

SPADES = 3
_SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")


@dataclass(frozen=True, slots=True)
class Breach:
    """A rule broken by a play: ``code`` and the held cards that prove it (a mask)."""

    code: str
    proof: int = 0


@dataclass(frozen=True, slots=True)
class CardPlayed:
    trick: int
    """1-based trick number."""
    position: int
    """0 for the lead, then 1, 2, 3 in play order."""
    seat: Seat
    card: Card
    led_suit: Suit | None
    """The suit led to this trick (None when this card is the lead)."""
    spades_broken: bool
    """Whether spades were broken before this card."""
    breaches: tuple[Breach, ...] = ()
    impossible: tuple[str, ...] = ()
    """Only from ``record(..., force=True)``: why the card could not have been played
    ('card_duplicated', 'card_not_held', 'hand_over')."""

    @property
    def legal(self) -> bool:
        return not self.breaches and not self.impossible


class TrickTaken(NamedTuple):
    """A completed trick. A NamedTuple (immutable, like the frozen dataclasses here) because
    a sweep of many hands builds one per trick, and a NamedTuple is twice as quick to build."""

    trick: int
    """1-based trick number."""
    leader: Seat
    cards: tuple[Card, ...]
    """In play order from the leader."""
    winner: Seat


class HandPlay:
    """The play of one hand, card by card. Mutable; the events it returns are not."""

    def __init__(
        self,
        variant: Variant,
        first_leader: Seat,
        holdings: Mapping[Seat, int] | None = None,
        *,
        exact: bool = True,
        rules: RuleSet = DEFAULT_RULES,
    ) -> None:
        self.variant = variant
        # The play house rules: spades led at any time, and the first trick's rule (a
        # partnership rule: the two-player game is played free).
        self.spades_any_time = rules.spades_lead == "any_time"
        self.first_trick = rules.first_trick if variant is Variant.PARTNERSHIP else "free"
        self.seats = variant.seats
        self.exact = exact and holdings is not None
        self.holdings = {s: (holdings or {}).get(s, 0) for s in self.seats}
        """What each seat still holds (exact, or the lower bound)."""
        self.played = 0
        self.played_by = {s: 0 for s in self.seats}
        self.tricks_won = {s: 0 for s in self.seats}
        self.shown_out = {s: 0 for s in self.seats}
        """Per seat, a 4-bit mask of the suits the seat has failed to follow."""
        self.spades_broken = False
        self.trick_no = 1
        self.leader = first_leader
        self.turn: Seat | None = first_leader
        self.current: list[Card] = []
        self.tricks: list[TrickTaken] = []

    # -- state --------------------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        return len(self.tricks) == 13

    @property
    def led_suit(self) -> Suit | None:
        return self.current[0].suit if self.current else None

    def legal_moves(self, seat: Seat | None = None) -> list[Card]:
        """The legal cards for ``seat`` (default: whose turn it is); needs exact holdings."""
        seat = self.turn if seat is None else seat
        if seat is None:
            return []
        led = self.current[0] // 13 if self.current else None
        hand = self.holdings[seat]
        mask = legal_plays(hand, led, self.spades_broken or self.spades_any_time)
        if self.trick_no == 1 and self.first_trick != "free":
            mask = sum(1 << i for i in range(52) if mask >> i & 1
                       and not first_trick_breach(hand, led, i, self.first_trick))
            if not mask:  # nothing else in hand: the rule gives way
                mask = legal_plays(hand, led, self.spades_broken or self.spades_any_time)
        return [CARDS[i] for i in range(52) if mask >> i & 1]

    # -- the triad ----------------------------------------------------------------------
    def verify_play(self, seat: Seat, card: Card) -> None:
        """Raise the error that playing ``card`` by ``seat`` now would be, if any."""
        self.verify_possible(seat, card)
        found = self._breaches(seat, card)
        if found:
            raise IllegalPlay(self.describe_breach(seat, card, found[0]), code=found[0].code)

    def can_play(self, seat: Seat, card: Card) -> bool:
        try:
            self.verify_play(seat, card)
        except (IllegalPlay, ImpossiblePlay, OutOfTurn):
            return False
        return True

    def play(self, seat: Seat, card: Card) -> tuple[CardPlayed, TrickTaken | None]:
        """Play a legal card; anything else raises."""
        self.verify_play(seat, card)
        return self._apply(seat, card, (), ())

    def record(
        self, seat: Seat, card: Card, *, force: bool = False
    ) -> tuple[CardPlayed, TrickTaken | None]:
        """Record a card as it was played. Breaches (a renege, a spade led too early, a lead
        out of turn) are kept in the event. An impossible card raises, unless ``force``
        (replaying a log): then it is played anyway and named in ``impossible``."""
        impossible: tuple[str, ...] = ()
        try:
            self.verify_possible(seat, card)
        except ImpossiblePlay as exc:
            if not force:
                raise
            impossible = (exc.code,)
        except OutOfTurn:
            if not force:
                raise
            impossible = ("play_out_of_turn",)
        return self._apply(seat, card, self._breaches(seat, card), impossible)

    # -- internals ----------------------------------------------------------------------
    def verify_possible(self, seat: Seat, card: Card) -> None:
        """Raise ``ImpossiblePlay`` (code 'hand_over', 'card_duplicated', 'card_not_held') or
        ``OutOfTurn`` (code 'not_your_turn', 'seat_invalid') if ``card`` by ``seat`` cannot
        have been played now; a breach of the rules (a renege) is not checked here. With
        holdings that are a lower bound, a card is never found not held."""
        card = CARDS[card]
        if self.is_over:
            raise ImpossiblePlay(f"{card} by {seat}: the hand is over, all 13 tricks are played",
                                 "hand_over")
        if seat not in self.holdings:
            raise OutOfTurn(f"{card} by {seat}: {seat} has no seat in the {self.variant} game",
                            "seat_invalid")
        if self.current and seat != self.turn:
            raise OutOfTurn(f"{card} by {seat} at trick {self.trick_no}: it is {self.turn}'s turn")
        if self.played & BIT[card]:
            where = self._where_played(card)
            raise ImpossiblePlay(f"{card} by {seat} at trick {self.trick_no}: {card} was already"
                                 f" played{where}", "card_duplicated")
        if self.exact and not self.holdings[seat] & BIT[card]:
            raise ImpossiblePlay(f"{card} by {seat} at trick {self.trick_no}: {seat} does not"
                                 f" hold {card}", "card_not_held")

    def _breaches(self, seat: Seat, card: Card) -> tuple[Breach, ...]:
        found = []
        if not self.current and seat != self.turn:
            found.append(Breach("lead_out_of_turn", 0))
        led = self.current[0] // 13 if self.current else None
        b = breach(self.holdings[seat], led, self.spades_broken or self.spades_any_time, card)
        if b:
            found.append(Breach(*b))
        elif self.trick_no == 1 and self.first_trick != "free":
            b = first_trick_breach(self.holdings[seat], led, card, self.first_trick)
            if b:
                found.append(Breach(*b))
        return tuple(found)

    def describe_breach(self, seat: Seat, card: Card, b: Breach) -> str:
        card = CARDS[card]
        where = f"illegal play {card} by {seat} at trick {self.trick_no}"
        if b.code == "revoke":
            return f"{where}: must follow {_SUIT_NAMES[self.current[0] // 13]}"
        if b.code == "spade_led_unbroken":
            return f"{where}: spades are not broken and {seat} holds another suit"
        if b.code == "lead_out_of_turn":
            return f"{where}: {self.turn} is to lead"
        if b.code == "first_lead_invalid":
            return (f"{where}: the first lead is the two of clubs" if self.first_trick ==
                    "two_of_clubs" else f"{where}: the first lead is the leader's lowest club"
                    " (without a club, no spade unless he holds only spades)")
        if b.code == "spade_on_first_trick":
            return (f"{where}: no spade on the first trick unless {seat} holds only spades")
        return f"{where}: {b.code}"

    def _where_played(self, card: Card) -> str:
        for t in self.tricks:
            if card in t.cards:
                return f" at trick {t.trick}"
        return " in this trick" if card in self.current else ""

    def _apply(
        self, seat: Seat, card: Card, breaches: tuple[Breach, ...], impossible: tuple[str, ...]
    ) -> tuple[CardPlayed, TrickTaken | None]:
        card = CARDS[card]
        if not self.current:
            self.leader = seat
        led = self.current[0].suit if self.current else None
        event = CardPlayed(self.trick_no, len(self.current), seat, card, led, self.spades_broken,
                           breaches, impossible)
        bit = BIT[card]
        self.played |= bit
        self.played_by[seat] |= bit
        self.holdings[seat] &= ~bit
        if led is not None and card // 13 != led:
            self.shown_out[seat] |= 1 << led
        if card // 13 == SPADES:
            self.spades_broken = True
        self.current.append(card)
        if len(self.current) < len(self.seats):
            self.turn = self.variant.next_seat(seat)
            return event, None
        return event, self.close_trick()

    def close_trick(self) -> TrickTaken:
        """End the trick on the table (normally automatic when every seat has played; a
        replay calls it to close a short trick of a broken log)."""
        order = self.variant.turn_order(self.leader)
        winner = order[winning_index(self.current)]
        taken = TrickTaken(self.trick_no, self.leader, tuple(self.current), winner)
        self.tricks.append(taken)
        self.tricks_won[winner] += 1
        self.current = []
        self.trick_no += 1
        self.leader = winner
        self.turn = None if self.is_over else winner
        return taken


def suit_name(suit: int) -> str:
    return _SUIT_NAMES[suit]
