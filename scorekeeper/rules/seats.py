"""Seats, sides and the two variants.

Seats are N, E, S, W clockwise. The partnership game uses all four, partners sit opposite
(sides NS and EW); the two-player game uses N and S, and each player is his own side.
"""

from __future__ import annotations

from enum import Enum, IntEnum


class Seat(IntEnum):
    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        # N is 0 as an int, but a seat is always something: `if turn:` must not skip North.
        return True

    @property
    def partner(self) -> Seat:
        return Seat((self + 2) % 4)

    @property
    def left(self) -> Seat:
        """The next seat clockwise in the four-player game."""
        return Seat((self + 1) % 4)

    def __str__(self) -> str:
        return self.name

    @classmethod
    def parse(cls, text: str) -> Seat:
        """'N', 'n', 'north' or 'North'."""
        key = text.strip().upper() if isinstance(text, str) else ""
        if key in _BY_TEXT:
            return _BY_TEXT[key]
        raise ValueError(f"not a seat: {text!r} (expected N, E, S or W)")


SEAT_NAMES = {"N": "North", "E": "East", "S": "South", "W": "West"}
_BY_TEXT = {k: Seat[k] for k in SEAT_NAMES} | {v.upper(): Seat[k] for k, v in SEAT_NAMES.items()}


class Variant(str, Enum):
    """Which game is played; the value is the log's ``variant`` field."""

    PARTNERSHIP = "partnership"
    TWO_PLAYER = "two_player"

    def __str__(self) -> str:
        return self.value

    @property
    def seats(self) -> tuple[Seat, ...]:
        return _SEATS[self]

    @property
    def n_seats(self) -> int:
        return len(_SEATS[self])

    @property
    def n_cards(self) -> int:
        """Cards in play in one hand: 52 in the partnership game, 26 in the two-player game."""
        return 13 * len(_SEATS[self])

    @property
    def sides(self) -> tuple[str, ...]:
        """Side keys as the log writes them: ('NS', 'EW') or ('N', 'S')."""
        return _SIDES[self]

    def next_seat(self, seat: Seat) -> Seat:
        """The seat that plays after ``seat``: clockwise, or the other player."""
        seats = _SEATS[self]
        return seats[(seats.index(seat) + 1) % len(seats)]

    def turn_order(self, first: Seat) -> tuple[Seat, ...]:
        """All seats in playing order starting with ``first``."""
        seats = _SEATS[self]
        i = seats.index(first)
        return seats[i:] + seats[:i]

    def side_of(self, seat: Seat) -> str:
        if self is Variant.TWO_PLAYER:
            return seat.name
        return "NS" if seat in (Seat.N, Seat.S) else "EW"

    def members(self, side: str) -> tuple[Seat, ...]:
        """The seats of a side key."""
        if side not in _SIDES[self]:
            raise ValueError(f"not a side of the {self.value} game: {side!r}")
        return tuple(Seat[ch] for ch in side)

    def first_to_act(self, dealer: Seat) -> Seat:
        """Who bids and leads first: the dealer's left, or in two-player the second player.

        In the two-player game the log's ``dealer`` is the player who draws first.
        """
        return self.next_seat(dealer)

    def next_dealer(self, dealer: Seat) -> Seat:
        """The deal passes to the left; in two-player the second player draws first next."""
        return self.next_seat(dealer)


_SEATS = {
    Variant.PARTNERSHIP: (Seat.N, Seat.E, Seat.S, Seat.W),
    Variant.TWO_PLAYER: (Seat.N, Seat.S),
}
_SIDES = {Variant.PARTNERSHIP: ("NS", "EW"), Variant.TWO_PLAYER: ("N", "S")}
