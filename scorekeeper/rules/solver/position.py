"""The ending the double-dummy solver searches: position, legal moves, tricks, goal.

Everything about an ending that is not search lives here, so ``search.py`` can be read as the
search alone: a :class:`Position` (a part-played ending, validated on construction), the
rules of play on it (:func:`legal_moves`, :func:`trick_winner`, :func:`apply_move`,
:func:`replay`) and the :class:`Goal` of a claim (whose tricks count, who wants them many).

The rules are the core's, not a copy: legal cards come from ``trick.legal_plays``, the
winner of a trick from ``trick.winning_index``, seat order from ``Variant.turn_order``, and
the search's table :data:`BEATS` is built from ``winning_index`` at import. Cards are the
core's ints (``suit * 13 + rank``, ``cards.py``), hands 52-bit masks; a position names seats
by int (0..3: N, E, S, W), two-player games using seats 0 and 2. Spades are broken once any
spade has been played, as the replay reads docs/rules.md. The names are re-exported by
``search.py``, the module callers import.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..cards import (CARDS, NON_SPADES_MASK, RANK_CHARS, SPADES_MASK, SUIT_CHARS, SUIT_MASKS,
                     Suit)
from ..seats import Seat, Variant
from ..trick import BEATS as TRICK_BEATS
from ..trick import legal_plays, winning_index

SPADE = int(Suit.SPADES)
SPADES = SPADES_MASK
NON_SPADES = NON_SPADES_MASK

#: BEATS[best][c]: whether ``c``, played to a trick that ``best`` is winning, takes it
#: (``trick.BEATS``): the search follows a trick card by card with one lookup;
#: ``test_solver_core_rules.py`` proves that folding it over a trick gives ``winning_index``.
BEATS = TRICK_BEATS

_VARIANT = {False: Variant.PARTNERSHIP, True: Variant.TWO_PLAYER}
#: _SEATS[two_player]: the active seats as ints, in playing order from seat 0.
_SEATS = {two: tuple(int(s) for s in v.seats) for two, v in _VARIANT.items()}
#: _ORDER[two_player, leader]: the seats as ints in the order they play to a trick.
_ORDER = {(two, int(lead)): tuple(int(s) for s in v.turn_order(lead))
          for two, v in _VARIANT.items() for lead in v.seats}

Play = tuple[int, int]  # one play in a line: (seat, card)


def card_text(card: int) -> str:
    """Two-character text of a card, e.g. 51 -> "AS", 0 -> "2C"."""
    return str(CARDS[card])


def _cards(mask: int) -> list[int]:
    """Cards of a mask in increasing order."""
    return [c for c in range(52) if mask >> c & 1]


@dataclass(frozen=True, slots=True)
class Position:
    """A (part-played) ending.

    ``hands`` holds the cards not yet played (cards in ``trick_cards`` are no
    longer in any hand).  ``leader`` is the seat that leads, or led, the
    current trick.  Validation runs here so that every public function can
    trust its input: a referee feeding an inconsistent deal should get an
    error, not a silent wrong verdict.
    """

    hands: tuple[int, ...]
    leader: int
    trick_cards: tuple[int, ...] = ()
    spades_broken: bool = False
    two_player: bool = False

    def __post_init__(self) -> None:
        if len(self.hands) != 4:
            raise ValueError("hands must have 4 masks (seats 0..3)")
        seats = self.seats
        if self.leader not in seats:
            raise ValueError(f"leader {self.leader} is not an active seat")
        if self.two_player and (self.hands[1] or self.hands[3]):
            raise ValueError("two-player positions use seats 0 and 2 only")
        if len(self.trick_cards) >= len(seats):
            raise ValueError("a complete trick cannot be pending")
        seen = 0
        for mask in self.hands:
            if mask >> 52 or mask < 0 or mask & seen:
                raise ValueError("hands must be disjoint 52-bit masks")
            seen |= mask
        for card in self.trick_cards:
            if not 0 <= card < 52 or seen >> card & 1:
                raise ValueError(f"bad or duplicated trick card {card}")
            seen |= 1 << card
        played = len(self.trick_cards)
        sizes = {self.hands[s].bit_count() + (1 if i < played else 0)
                 for i, s in enumerate(self.trick_order())}
        if len(sizes) != 1:
            raise ValueError("hand sizes do not match the current trick")

    @property
    def seats(self) -> tuple[int, ...]:
        """Active seats in playing order from seat 0."""
        return _SEATS[self.two_player]

    def trick_order(self) -> tuple[int, ...]:
        """Seats in the order they play to the current trick."""
        return _ORDER[self.two_player, self.leader]

    @property
    def to_move(self) -> int:
        """Seat whose turn it is."""
        return self.trick_order()[len(self.trick_cards)]

    @property
    def tricks_left(self) -> int:
        """Remaining tricks, the current (started) trick included."""
        return self.hands[self.to_move].bit_count()


@dataclass(frozen=True, slots=True)
class Goal:
    """Whose tricks count (``target``) and who wants them many (``maximizers``).

    Every active seat not in ``maximizers`` minimizes the target's tricks.
    """

    target: frozenset[int]
    maximizers: frozenset[int]

    @staticmethod
    def side(side: Iterable[int]) -> Goal:
        """Ordinary claim: the side's own tricks, the side maximizing."""
        s = frozenset(side)
        return Goal(s, s)

    @staticmethod
    def nil(position: Position, seat: int) -> Goal:
        """Nil claim: seat's own tricks, maximized by the opponents of
        seat's partnership (the partner helps the Nil bidder)."""
        mine = partnership(seat, position.two_player)
        return Goal(frozenset({seat}), frozenset(position.seats) - mine)


def partnership(seat: int, two_player: bool = False) -> frozenset[int]:
    """The seats playing on seat's side (``Seat.partner``)."""
    return frozenset({seat}) if two_player else frozenset({seat, int(Seat(seat).partner)})


def legal_moves(position: Position) -> list[int]:
    """All legal cards for the seat to move, ascending (``trick.legal_plays``)."""
    trick = position.trick_cards
    led = trick[0] // 13 if trick else None
    return _cards(legal_plays(position.hands[position.to_move], led, position.spades_broken))


def trick_winner(leader: int, cards: Iterable[int], two_player: bool = False) -> int:
    """Seat that wins a complete trick led by ``leader`` (``trick.winning_index``); given
    the first cards of a trick, the seat winning it so far."""
    order = _ORDER.get((two_player, leader))
    if order is None:
        raise ValueError(f"leader {leader} is not an active seat")
    return order[winning_index(tuple(cards))]


def apply_move(position: Position, card: int) -> Position:
    """Position after the seat to move plays ``card`` (must be legal).

    A completed trick is gathered at once: the winner becomes the leader.
    """
    if card not in legal_moves(position):
        raise ValueError(f"{card_text(card)} is not a legal play for seat {position.to_move}")
    seat = position.to_move
    hands = list(position.hands)
    hands[seat] &= ~(1 << card)
    trick = position.trick_cards + (card,)
    broken = position.spades_broken or card >= 39
    if len(trick) == len(position.seats):
        winner = trick_winner(position.leader, trick, position.two_player)
        return Position(tuple(hands), winner, (), broken, position.two_player)
    return Position(tuple(hands), position.leader, trick, broken, position.two_player)


def replay(position: Position, line: Iterable[Play]) -> tuple[Position, tuple[int, ...]]:
    """Play a line, checking seats and legality; return the final position
    and the tricks each seat won along the line (completed tricks only)."""
    won = [0, 0, 0, 0]
    for seat, card in line:
        if seat != position.to_move:
            raise ValueError(f"seat {seat} played out of turn")
        last = len(position.trick_cards) == len(position.seats) - 1
        leader, trick = position.leader, position.trick_cards + (card,)
        position = apply_move(position, card)
        if last:
            won[trick_winner(leader, trick, position.two_player)] += 1
    return position, tuple(won)


# RANK_CHARS, SUIT_CHARS and SUIT_MASKS are the core's (``cards.py``), named here so that
# ``search`` re-exports them with the rest of the ending's names: callers import them there.
__all__ = [
    "BEATS", "NON_SPADES", "RANK_CHARS", "SPADE", "SPADES", "SUIT_CHARS", "SUIT_MASKS", "Goal",
    "Play", "Position", "apply_move", "card_text", "legal_moves", "partnership", "replay",
    "trick_winner",
]
