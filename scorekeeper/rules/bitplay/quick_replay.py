"""A hand's replay, the quick way: ``replay_hand``'s result built from what the bitmask
check of a clean hand computed on its way.

Sweeping many hands (a season, an audit of thousands of hands), almost all are clean: those
get their tricks, winners and hands from ``hand_check.check_play`` without event records; a
hand with any problem, or an unusual shape (a claim, exchanges, a draw or redraws), is
replayed in full by the reference, ``rules.replay.replay_hand``. The result is the same
either way, events, ``shown_out`` and the unfinished trick aside (a clean hand's play is
complete): ``tests/unit/test_quick_replay.py`` checks it.
"""

from __future__ import annotations

from ..hand import TrickTaken
from ..record import HandRecord
from ..replay import HandReplay, replay_hand
from ..cards import SPADES_MASK
from ..seats import Seat
from ..settings import DEFAULT_RULES, RuleSet
from ..trick import has_play_rules
from .hand_check import check_play


def replay_quick(record: HandRecord, rules: RuleSet = DEFAULT_RULES) -> HandReplay:
    """``replay_hand(record, rules)``, the quick way when the hand is clean (see the module
    doc)."""
    tricks = record.tricks
    if (tricks is None or record.claim is not None or record.exchanges
            or record.draw is not None or record.redraws or has_play_rules(rules)):
        return replay_hand(record, rules)
    problems, won, winners, held, played = check_play(record, rules)
    if problems:
        return replay_hand(record, rules)
    seats = record.variant.seats
    dealt = {s: held[s] for s in seats}
    seat = _SEAT_BY_INT
    return HandReplay(
        record, tricks=[TrickTaken(n, t.leader, t.cards, seat[w])
                        for n, t, w in zip(_TRICK_NUMBERS, tricks, winners)],
        tricks_won={s: won[s] for s in seats}, dealt=dealt,
        dealt_known=record.deal is not None, held=dict(dealt),
        spades_broken=bool(played & SPADES_MASK), turn=None)


_SEAT_BY_INT = tuple(Seat)
_TRICK_NUMBERS = range(1, 14)


__all__ = ["replay_quick"]
