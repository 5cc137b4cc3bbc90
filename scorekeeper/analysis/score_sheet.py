"""The score sheet of a game as plain data (the JSON contract) and as text for a terminal."""

from __future__ import annotations

from typing import Any

from .game import GameAnalysis
from ..rules.scoring import SideHandResult
from ..rules.seats import Variant


def side_label(analysis: GameAnalysis, side: str) -> str:
    """'NS (Alex & Charlie)' or, in two-player, 'N (Megan)'."""
    names = [analysis.log.players.get(s.name, "") for s in analysis.variant.members(side)]
    names = [n for n in names if n]
    return f"{side} ({' & '.join(names)})" if names else side


def _parts(r: SideHandResult) -> dict[str, int]:
    h = r.hand
    return {"contract": h.contract, "bags": h.bags, "nil": h.nil, "blind_nil": h.blind_nil,
            "bag_penalty": r.bag_penalty}


def score_report(analysis: GameAnalysis) -> dict[str, Any]:
    """The ``scorekeeper score --format json`` document.

    The keys of the contract are ``variant``, ``hands`` (``number``, ``dealer``, ``sides`` with
    ``bid``, ``tricks``, ``points``, ``score``, ``bags``), ``final`` and ``winner``; the
    others (``parts``, ``events``, ``next_dealer``...) are additions for people and tools.
    """
    v = analysis.variant
    hands = []
    for i, (scored, replay) in enumerate(zip(analysis.score.hands, analysis.replays)):
        sides = {}
        won = analysis.tricks_scored(i)
        for side, r in scored.sides.items():
            sides[side] = {
                "bid": r.hand.bid, "tricks": r.hand.tricks, "points": r.points, "score": r.score,
                "bags": r.bags, "parts": _parts(r),
                "bids": {str(b.seat): b.tricks for b in replay.record.bids
                         if v.side_of(b.seat) == side},
                "blind": [str(b.seat) for b in replay.record.bids
                          if b.blind and v.side_of(b.seat) == side],
                "tricks_won": {str(s): won.get(s, 0) for s in v.members(side)},
            }
        hand = {"number": scored.number, "dealer": str(scored.dealer), "sides": sides,
                "events": list(scored.events)}
        if replay.record.time_called:  # the game ended after it (the events say how)
            hand["time_called"] = True
        if replay.record.rulings:  # the tricks above are as ruled
            hand["rulings"] = [{"code": r.code, "trick": r.trick, "seat": str(r.seat),
                                "decision": r.decision, "by": r.by, "note": r.note}
                               for r in replay.record.rulings]
        hands.append(hand)
    final = {side: {"score": t.score, "bags": t.bags} for side, t in analysis.score.final.items()}
    nd = analysis.score.next_dealer
    return {"variant": v.value, "hands": hands, "final": final, "winner": analysis.score.winner,
            "won_at_hand": analysis.score.won_at_hand,
            "next_dealer": str(nd) if nd is not None else None,
            "rules": analysis.rules.to_dict()}


def _signed(n: int) -> str:
    return f"{n:+d}"


def parts_text(r: SideHandResult) -> str:
    """'contract +60, bags +1' (a missed contract: 'set -70'), as every sheet words them."""
    h = r.hand
    parts = [f"{'contract' if h.made else 'set'} {_signed(h.contract)}"] if h.bid else []
    if h.bags:
        parts.append(f"bags {_signed(h.bags)}")
    if h.nil:
        parts.append(f"nil {_signed(h.nil)}")
    if h.blind_nil:
        parts.append(f"blind nil {_signed(h.blind_nil)}")
    if r.bag_penalty:
        parts.append(f"bag penalty {_signed(r.bag_penalty)}")
    return ", ".join(parts)


def format_score_table(analysis: GameAnalysis) -> str:
    """What a scorekeeper reads: hand by hand, each side's bids, tricks and points with their
    parts, the running score and bags, who deals next, and the winner."""
    v, log, rules = analysis.variant, analysis.log, analysis.rules
    lines = []
    game = "Partnership Spades" if v is Variant.PARTNERSHIP else "Two-player Spades"
    labels = {side: side_label(analysis, side) for side in v.sides}
    lines.append(f"{game}: {' v '.join(labels.values())}, to {rules.target_score}")
    if log.event is not None:
        bits = [x for x in (log.event.season, log.event.date,
                            f"table {log.event.table}" if log.event.table else None) if x]
        if bits:
            lines.append("  ".join(bits))
    changes = analysis.rules.changes()
    lines.append("House rules: " + (", ".join(f"{k} {v_}" for k, v_ in changes.items())
                                    if changes else "none (docs/rules.md)"))
    start = analysis.log.initial
    if start:
        lines.append("Carried in: " + ", ".join(f"{s} {t.score} ({t.bags} bags)"
                                                for s, t in start.items()))
    width = max(len(s) for s in v.sides)
    for i, (scored, replay) in enumerate(zip(analysis.score.hands, analysis.replays)):
        lines.append("")
        tricks = analysis.tricks_scored(i)
        deal_word = "draws first" if v is Variant.TWO_PLAYER else "deals"
        lines.append(f"Hand {scored.number}  ({scored.dealer} {deal_word})")
        for side, r in scored.sides.items():
            members = v.members(side)
            bids = {b.seat: b for b in replay.record.bids}
            bid_txt = " ".join(f"{s} {bids[s] if s in bids else '?'}" for s in members)
            won = " ".join(f"{s} {tricks.get(s, 0)}" for s in members)
            lines.append(f"  {side:<{width}}  bid {r.hand.bid:>2} ({bid_txt})  tricks"
                         f" {r.hand.tricks:>2} ({won})")
            lines.append(f"  {'':<{width}}  {_signed(r.points):>5} = {parts_text(r)}")
            lines.append(f"  {'':<{width}}  score {r.score:>4}  bags {r.bags}")
        for e in scored.events:
            lines.append(f"  * {e}")
        for ruling in replay.record.rulings:
            lines.append(f"  * ruling: {ruling.describe()}")
    lines.append("")
    final = analysis.score.final
    lines.append("Final: " + ",  ".join(f"{labels[s]} {t.score} ({t.bags} bag{'s' if t.bags != 1 else ''})"
                                         for s, t in final.items()))
    if analysis.score.winner:
        lines.append(f"Winner: {labels[analysis.score.winner]} after hand"
                     f" {analysis.score.won_at_hand}")
    else:
        nd = analysis.score.next_dealer
        who = "draws first" if v is Variant.TWO_PLAYER else "deals"
        lines.append("Winner: none yet" + (f"; {nd} {who} next" if nd is not None else ""))
    return "\n".join(lines) + "\n"
