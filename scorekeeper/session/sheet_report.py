"""The score report of a game being played, made again only from the first hand that changed.

The game screen shows ``score_report`` (the ``score --format json`` document) after every
entry. Made whole, it took 3 ms for a game of 200 hands (and more on a loaded machine), most
of it rows that were the same as the moment before. ``report_after`` makes the rows of the
changed hands only, still with ``score_report`` (the one home of the report's form), and
takes the earlier rows as they were; ``tests/unit/test_session_sheet_report.py`` checks it
against ``score_report`` of the whole game after confirms, undos and corrections.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..analysis.game import GameAnalysis
from ..analysis.score_sheet import score_report


def same_rows(before: GameAnalysis, after: GameAnalysis) -> int:
    """How many hands from the first have the same report row in both analyses.

    A row is made from the hand as scored (its number, dealer, points, running score,
    events), its replay (the bids, time called, the rulings) and the tricks it was scored
    with. Replays are reused for the very same hand objects (``analyse_game``), so a replay
    that is the same object is the same hand; the scored hands are compared by value, as a
    change of an earlier hand changes the running scores of every later one."""
    if before.variant is not after.variant or before.rules != after.rules:
        return 0
    old_hands, new_hands = before.score.hands, after.score.hands
    old_replays, new_replays = before.replays, after.replays
    n = min(len(old_hands), len(new_hands))
    for i in range(n):
        old, new = old_hands[i], new_hands[i]
        if old_replays[i] is not new_replays[i] or (old is not new and old != new):
            return i
        if (i < len(before.ruled_tricks) or i < len(after.ruled_tricks)) and \
                before.tricks_scored(i) != after.tricks_scored(i):
            return i
    return n


def report_after(before: GameAnalysis | None, report: dict[str, Any] | None,
                 after: GameAnalysis) -> dict[str, Any]:
    """``score_report(after)``, taking the rows of the hands that did not change from
    ``report``, the report of the analysis ``before`` (None: none made yet)."""
    if before is None or report is None:
        return score_report(after)
    keep = same_rows(before, after)
    if keep == 0:
        return score_report(after)
    # The rest of the game alone: its rows, and the whole game's final scores and winner.
    rest = replace(after, replays=after.replays[keep:],
                   score=after.score._replace(hands=after.score.hands[keep:]),
                   ruled_tricks=after.ruled_tricks[keep:], findings=[])
    made = score_report(rest)
    made["hands"] = report["hands"][:keep] + made["hands"]
    return made


__all__ = ["report_after", "same_rows"]
