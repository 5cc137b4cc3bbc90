"""The JSON audit document written as text, part by part.

``scorekeeper audit --format json`` writes ``json.dumps(engine.audit_report(...))`` exactly
(``tests/unit/test_audit_json_text.py``), but not by building that report's dicts and
encoding them: a hand's part is a few joins of seat letters and numbers that need no escaping,
and a rare part (penalties, a claim, written scores, a file name) goes through ``json.dumps``.
Both ways of auditing a file write through these functions: the full audit of a log with
findings (``engine``) and the bulk audit of a clean log (``plain_logs``), so a hand's text
is written in one place.

This module imports only the seats: the bulk audit loads it without the replay.
"""

from __future__ import annotations

import json
from json.encoder import encode_basestring_ascii
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..rules.seats import Seat

if TYPE_CHECKING:
    from ..rules.scoring import Bid, GameScore, ScoredHand

SEAT_TEXT = tuple(str(s) for s in Seat)
"""A seat's letter by its number: ``str(seat)`` goes through the enum's ``name`` property,
and the document writes a seat some 25 times a hand."""
_QUOTED_SEAT = tuple(f'"{s}"' for s in SEAT_TEXT)
_BOOL = ("false", "true")


class _BidTexts(dict):
    """Each bid's JSON text, written the first time it is asked for (there are 112 bids, and
    the document writes four a hand; a bid is a NamedTuple, so the lookup is a tuple's)."""

    def __missing__(self, bid: Bid) -> str:
        text = self[bid] = (f'{{"seat": "{SEAT_TEXT[bid.seat]}", "bid": {bid.tricks},'
                            f' "blind": {_BOOL[bid.blind]}}}')
        return text


_BID_TEXTS = _BidTexts()


def sides_text(scored: ScoredHand) -> str:
    """``{"NS": {"points": .., "score": .., "bags": ..}, ...}`` of one scored hand."""
    return "{" + ", ".join([f'"{s}": {{"points": {r.points}, "score": {r.score}, "bags": {r.bags}}}'
                            for s, r in scored.sides.items()]) + "}"


def counts_text(seats: Sequence[Seat], counts: Sequence[int] | Mapping[Seat, int]) -> str:
    """``"N": 3, "E": 4, ...``: tricks by seat, ``counts`` indexed by seat."""
    name = SEAT_TEXT
    return ", ".join([f'"{name[s]}": {counts[s]}' for s in seats])


counts_text4 = ", ".join(f'"{name}": {{}}' for name in SEAT_TEXT).format
"""``counts_text`` of the four seats, N E S W, from four counts in that order:
``counts_text4(*won)`` (one C call instead of a comprehension and a join, once a hand of a
bulk audit)."""


def hand_text(number: int, dealer: int, bids: Iterable[Bid], dealt_known: bool,
              winners: Iterable[int], played: str, corrected: str, played_score: ScoredHand,
              corrected_score: ScoredHand, penalties: str = "[]", claim: str = "null",
              recorded: str = "null", ruled_score: ScoredHand | None = None,
              rulings: str = "[]", time_called: bool = False) -> str:
    """One hand of the document. ``played`` and ``corrected``: the tricks by seat as
    ``counts_text`` writes them; ``penalties``, ``claim``, ``recorded``, ``rulings``: their
    JSON. ``ruled_score`` (a game with rulings only): the hand as ruled, written with the
    hand's ``rulings``. ``time_called``: written (``true``, last) only on the hand during
    which time was called, so that a document without a time call is what it always was."""
    name = SEAT_TEXT
    bids_text = ", ".join(map(_BID_TEXTS.__getitem__, bids))
    winners_text = ", ".join(map(_QUOTED_SEAT.__getitem__, winners))
    sides = sides_text(played_score)
    sides_fixed = sides if corrected_score is played_score else sides_text(corrected_score)
    ruled = "" if ruled_score is None else f' "ruled": {sides_text(ruled_score)},'
    tail = "" if ruled_score is None else f', "rulings": {rulings}'
    if time_called:
        tail += ', "time_called": true'
    return (f'{{"number": {number}, "dealer": "{name[dealer]}", "bids": [{bids_text}],'
            f' "dealt_known": {_BOOL[dealt_known]}, "trick_winners": [{winners_text}],'
            f' "tricks_won": {{"played": {{{played}}}, "corrected": {{{corrected}}}}},'
            f' "penalties": {penalties}, "claim": {claim},'
            f' "score": {{"recorded": {recorded}, "played": {sides},{ruled}'
            f' "corrected": {sides_fixed}}}{tail}}}')


def final_json(played: GameScore, corrected: GameScore, ruled: GameScore | None = None
               ) -> dict[str, Any]:
    """The document's ``final`` of a file: scores and bags as played, as ruled (a game with
    rulings only) and as corrected."""
    def totals(game: GameScore) -> dict[str, Any]:
        return {s: {"score": t.score, "bags": t.bags} for s, t in game.final.items()}

    if ruled is None:
        return {"played": totals(played), "corrected": totals(corrected)}
    return {"played": totals(played), "ruled": totals(ruled), "corrected": totals(corrected)}


def file_text(file: str, variant: str, hands: Iterable[str], played: GameScore,
              corrected: GameScore, ruled: GameScore | None = None) -> str:
    """One file of the document's ``files``, its hands already written by ``hand_text``."""
    if ruled is None:
        # The common case written by hand, as json.dumps writes it (a sweep of one-hand files
        # spent a tenth of its time in json.dumps here): ``final`` and ``winner``.
        totals = _totals_text(played)
        final = (f'{{"played": {totals}, "corrected": '
                 f'{totals if corrected is played else _totals_text(corrected)}}}')
        winner = (f'{{"played": {_text_or_null(played.winner)}, "corrected":'
                  f' {_text_or_null(corrected.winner)}}}')
    else:
        final = json.dumps(final_json(played, corrected, ruled))
        winner = json.dumps({"played": played.winner, "ruled": ruled.winner,
                             "corrected": corrected.winner})
    return (f'{{"file": {_quoted(file)}, "variant": "{variant}",'
            f' "hands": [{", ".join(hands)}], "final": {final}, "winner": {winner}}}')


_quoted = encode_basestring_ascii
"""``json.dumps`` of a text (its C encoder, without the call's overhead)."""


def _text_or_null(text: str | None) -> str:
    return "null" if text is None else _quoted(text)


def _totals_text(game: GameScore) -> str:
    """``json.dumps`` of ``final_json``'s totals of one game."""
    return "{" + ", ".join([f'{_quoted(s)}: {{"score": {t.score}, "bags": {t.bags}}}'
                            for s, t in game.final.items()]) + "}"


__all__ = ["SEAT_TEXT", "counts_text", "counts_text4", "file_text", "final_json", "hand_text",
           "sides_text"]
