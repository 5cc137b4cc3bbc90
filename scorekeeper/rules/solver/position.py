"""The ending the double-dummy solver searches: position, legal moves, tricks, goal.

Everything about an ending that is not search lives here, so ``solver.py`` can be read as the
search alone: a :class:`Position` (a part-played ending, validated on construction), the
rules of play on it (:func:`legal_moves`, :func:`trick_winner`, :func:`apply_move`,
:func:`replay`) and the :class:`Goal` of a claim (whose tricks count, who wants them many).

Rules: spades always trump, suit must be followed, spades may not be led
before broken unless the leader holds only spades.  Two-player games use
seats 0 and 2, alternating.  Cards are ``suit * 13 + rank`` (C, D, H, S;
rank 0 = deuce), hands are 52-bit masks.  Standard library only, so the
referee can use it anywhere.  The names are re-exported by ``solver.py``,
the module callers import.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
SPADE = 3
SUIT_MASKS: tuple[int, ...] = tuple(0x1FFF << (13 * s) for s in range(4))
SPADES = SUIT_MASKS[SPADE]
NON_SPADES = SUIT_MASKS[0] | SUIT_MASKS[1] | SUIT_MASKS[2]

Play = tuple[int, int]  # one play in a line: (seat, card)


def card_text(card: int) -> str:
    """Two-character text of a card, e.g. 51 -> "AS", 0 -> "2C"."""
    return RANK_CHARS[card % 13] + SUIT_CHARS[card // 13]


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
        return (0, 2) if self.two_player else (0, 1, 2, 3)

    def trick_order(self) -> tuple[int, ...]:
        """Seats in the order they play to the current trick."""
        step = 2 if self.two_player else 1
        n = len(self.seats)
        return tuple((self.leader + step * i) % 4 for i in range(n))

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
    """The seats playing on seat's side."""
    return frozenset({seat}) if two_player else frozenset({seat, (seat + 2) % 4})


def legal_moves(position: Position) -> list[int]:
    """All legal cards for the seat to move, ascending."""
    hand = position.hands[position.to_move]
    if position.trick_cards:
        legal = hand & SUIT_MASKS[position.trick_cards[0] // 13] or hand
    elif position.spades_broken:
        legal = hand
    else:
        legal = hand & NON_SPADES or hand
    return _cards(legal)


def trick_winner(leader: int, cards: Iterable[int], two_player: bool = False) -> int:
    """Seat that wins a complete trick led by ``leader``."""
    step = 2 if two_player else 1
    seat, best, best_seat = leader, -1, leader
    for i, c in enumerate(cards):
        if i == 0 or (c > best and (c >= 39 or c // 13 == best // 13)):
            best, best_seat = c, seat
        seat = (seat + step) % 4
    return best_seat


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
