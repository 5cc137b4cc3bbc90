"""Cards, suits and ranks, as small ints so that a hand is one 52-bit mask.

A card is an int ``suit * 13 + rank``: suits C=0, D=1, H=2, S=3 and ranks 0..12 for 2..A,
the same numbering OpenSpiel uses for its card actions. ``Card`` is an ``int`` subclass with
one cached instance per card, so it can index tables and be or-ed into masks at int speed
while printing as its canonical text (``AS``, ``TH``, ``2C``).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum

RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "CDHS"
#: The order suits are written in when a hand is shown: spades first, as docs/rules.md lists them.
DISPLAY_SUIT_ORDER = (3, 2, 1, 0)


class Suit(IntEnum):
    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def plural(self) -> str:
        """Lower-case name as a referee says it: 'must follow hearts'."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Suit:
        key = text.strip().upper()
        if key in _SUIT_ALIASES:
            return _SUIT_ALIASES[key]
        raise CardParseError(f"not a suit: {text!r} (expected one of S, H, D, C)")


class CardParseError(ValueError):
    """Text that does not name a card (or a suit); the message quotes the input."""


class Card(int):
    """One of the 52 cards. Use :func:`card` or :meth:`Card.parse`; instances are cached."""

    __slots__ = ()

    def __bool__(self) -> bool:
        # The two of clubs is 0 as an int, but a card is always something.
        return True

    @property
    def suit(self) -> Suit:
        return _SUITS[self // 13]

    @property
    def rank(self) -> int:
        """0 for a two up to 12 for an ace."""
        return self % 13

    @property
    def bit(self) -> int:
        return 1 << self

    def __str__(self) -> str:
        return RANK_CHARS[self % 13] + SUIT_CHARS[self // 13]

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def pretty(self) -> str:
        """Text with a suit symbol and a '10', as on a card face: 'A♠', '10♥'."""
        rank = RANK_CHARS[self % 13]
        return ("10" if rank == "T" else rank) + "♣♦♥♠"[self // 13]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse what a person types: ``AS``, ``as``, ``10h``, ``Th``, ``A♠``, ``♠A``."""
        if not isinstance(text, str):
            raise CardParseError(f"not a card: {text!r} (expected text such as 'AS' or '10h')")
        found = _PARSE_CACHE.get(text)
        if found is not None:
            return found
        key = text.strip().upper().replace("\ufe0f", "")
        if key[:1] in _SYMBOLS:  # '♠A' -> 'A♠'
            key = key[1:] + key[:1]
        rank_text, suit_text = key[:-1], key[-1:]
        if rank_text in ("10", "1O"):
            rank_text = "T"
        suit = _SUIT_ALIASES.get(suit_text)
        if suit is None or len(rank_text) != 1 or rank_text not in RANK_CHARS:
            raise CardParseError(
                f"not a card: {text!r} (expected a rank 2-10, J, Q, K or A and a suit S, H, D or C,"
                " such as 'AS' or '10h')"
            )
        return CARDS[suit * 13 + RANK_CHARS.index(rank_text)]


_SUITS = tuple(Suit)
_SYMBOLS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}
_SUIT_ALIASES: dict[str, Suit] = {c: Suit(i) for i, c in enumerate(SUIT_CHARS)}
_SUIT_ALIASES.update({sym: _SUIT_ALIASES[letter] for sym, letter in _SYMBOLS.items()})

#: All 52 cards, indexed by their number.
CARDS: tuple[Card, ...] = tuple(Card(i) for i in range(52))
_PARSE_CACHE: dict[str, Card] = {str(c): c for c in CARDS}

FULL_DECK = (1 << 52) - 1
#: SUIT_MASKS[suit] has the 13 bits of that suit set.
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
SPADES_MASK = SUIT_MASKS[Suit.SPADES]
NON_SPADES_MASK = FULL_DECK & ~SPADES_MASK
#: BIT[c] == 1 << c and SUIT_OF[c] == c // 13, as tuples for the fast paths.
BIT: tuple[int, ...] = tuple(1 << i for i in range(52))
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))


def card(text: str | int) -> Card:
    """A card from its text or its number."""
    if isinstance(text, int):
        if 0 <= text < 52:
            return CARDS[text]
        raise CardParseError(f"not a card number: {text!r} (expected 0 to 51)")
    return Card.parse(text)


def mask_of(cards: Iterable[int]) -> int:
    """The 52-bit mask of some cards (duplicates collapse: count with :func:`popcount`)."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> Iterator[Card]:
    """The cards of a mask, lowest number first (clubs 2 up to the ace of spades)."""
    while mask:
        low = mask & -mask
        yield CARDS[low.bit_length() - 1]
        mask ^= low


def popcount(mask: int) -> int:
    return mask.bit_count()


def format_hand(mask: int, *, symbols: bool = False, void: str = "-") -> str:
    """A hand as a person reads it, suit by suit from spades, high cards first.

    ``format_hand(m)`` gives ``'S: A K 4  H: Q 9  D: -  C: T 3 2'``.
    """
    parts = []
    for s in DISPLAY_SUIT_ORDER:
        ranks = [RANK_CHARS[c.rank] for c in cards_in(mask & SUIT_MASKS[s])][::-1]
        label = "♣♦♥♠"[s] if symbols else SUIT_CHARS[s]
        parts.append(f"{label}: {' '.join(ranks) if ranks else void}")
    return "  ".join(parts)
