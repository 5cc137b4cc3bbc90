"""What the scorekeeper types for a hand, read and written back: a bid ('4', 'n', 'b') and a
number of tricks. Shared by the session, its corrections and the app's fields."""

from __future__ import annotations

from .events import BidError, TricksError


def parse_bid(text: str) -> tuple[int, bool]:
    """A typed bid: '0'-'13', 'n'/'nil' for Nil, 'b'/'bn'/'blind' for Blind Nil, and a blind
    number as 'b6' (or 'b 6', 'blind 6'): whether the rules allow it is the session's to say."""
    t = text.strip().lower()
    if t in ("n", "nil"):
        return 0, False
    if t in ("b", "bn", "blind", "blind nil"):
        return 0, True
    if t.isdigit() and 0 <= int(t) <= 13:
        return int(t), False
    # 'b' then the number: 'b' alone stays Blind Nil, the one blind bid every table knows.
    number = t.removeprefix("blind").removeprefix("b").strip()
    if number != t and number.isdigit() and 0 <= int(number) <= 13:
        return int(number), True
    raise BidError(f"{text.strip() or 'nothing'!r} is not a bid: type 0 to 13, n for Nil"
                   " or b for Blind Nil (b6: 6 bid blind, where the rules allow it)")


def parse_tricks(text: str) -> int:
    t = text.strip()
    if t.isdigit() and 0 <= int(t) <= 13:
        return int(t)
    raise TricksError(f"{t or 'nothing'!r} is not a number of tricks: type 0 to 13")


def bid_text(bid: int, blind: bool) -> str:
    """'4', 'Nil', 'Blind Nil', 'Blind 6'."""
    if bid == 0:
        return "Blind Nil" if blind else "Nil"
    return f"Blind {bid}" if blind else str(bid)


def bid_typed(bid: int, blind: bool) -> str:
    """A bid as it is typed ('4', 'n', 'b', 'b6'): what a field shows to be typed over."""
    if bid == 0:
        return "b" if blind else "n"
    return f"b{bid}" if blind else str(bid)


def tricks_text(n: int) -> str:
    """'1 trick', '4 tricks'."""
    return f"{n} trick{'s' if n != 1 else ''}"
