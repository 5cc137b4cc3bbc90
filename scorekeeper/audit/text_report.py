"""The audit as text for the players in a dispute (``scorekeeper audit``), in 80 columns.

For each hand audited: the bids, the hands as dealt (or rebuilt from the play), the play trick
by trick with leader and winner (an illegal card marked ``!``), the claim's verdict, the
findings with their evidence, the penalties, the tricks as played and corrected, the score
as recorded, as played and as corrected, and whether time was called during it; then the
game's final score both ways.
"""

from __future__ import annotations

import json
import textwrap
from typing import Any

from .engine import GameAudit, HandAudit
from ..rules.cards import format_hand
from ..analysis.score_sheet import side_label
from ..rules.seats import Variant

WIDTH = 80
TIME_CALLED = ("Time called during this hand: the game ends after it (the higher score"
               " wins; a tie plays one more hand).")
_MARKED = {"revoke", "spade_led_unbroken", "lead_out_of_turn", "card_not_held",
           "card_duplicated"}


def _wrap(text: str, indent: int, hang: int = 2) -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=" " * indent,
                         subsequent_indent=" " * (indent + hang), break_on_hyphens=False) or [""]


def _evidence_text(evidence: Any) -> str:
    if not isinstance(evidence, dict):
        return json.dumps(evidence)
    parts = []
    for k, v in evidence.items():
        if k in ("defence", "hands"):
            continue  # the defence is in the message; the hands are shown above
        if isinstance(v, list) and all(isinstance(x, str) for x in v):
            v = " ".join(v)
        elif not isinstance(v, str):
            v = json.dumps(v, separators=(", ", ": "))
        parts.append(f"{k}: {v}")
    return "; ".join(parts)


def _hand_lines(a: GameAudit, h: HandAudit) -> list[str]:
    v = a.variant
    r = h.replay
    rec = r.record
    lines = []
    deals = "draws first" if v is Variant.TWO_PLAYER else "deals"
    bids = ", ".join(f"{b.seat} {b}" for b in rec.bids)
    lines.append(f"Hand {h.number}  ({rec.dealer} {deals})  bids: {bids}")
    if r.dealt_known:
        lines.append("  Hands as dealt (recorded):")
    elif rec.tricks is not None:
        unplayed = "; unplayed cards not shown" if rec.claim is not None else ""
        lines.append(f"  Hands rebuilt from the play (no deal recorded{unplayed}):")
    if r.dealt_known or rec.tricks is not None:
        for s in v.seats:
            lines.append(f"    {s}  {format_hand(r.dealt.get(s, 0))}")
    if r.tricks:
        marks = {(f.trick, f.card) for f in h.findings if f.code in _MARKED and f.card is not None}
        lines.append("  Play (! marks a card named in a finding):")
        lines.append("    trick  lead  cards in play order      won by")
        for t in r.tricks:
            cards = " ".join(f"{c}{'!' if (t.trick, c) in marks else ' '}" for c in t.cards)
            lines.append(f"    {t.trick:>5}  {t.leader!s:<4}  {cards:<23}  {t.winner}")
    c = h.claim
    if c is not None:
        lines.extend(_claim_lines(c))
    if h.findings:
        lines.append("  Findings:")
        for f in h.findings:
            where = ", ".join(x for x in (f"trick {f.trick}" if f.trick else "",
                                          str(f.seat) if f.seat is not None else "",
                                          str(f.card) if f.card is not None else "") if x)
            lines.extend(_wrap(f"[{f.code}] {where + ': ' if where else ''}{f.message}", 4, 4))
            if f.evidence:
                ev = _evidence_text(f.evidence)
                if ev:
                    lines.extend(_wrap(f"evidence: {ev}", 6, 4))
    if h.rulings:
        lines.append("  Rulings:")
        for ruling in h.rulings:
            note = f" ({ruling.note})" if ruling.note else ""
            lines.extend(_wrap(ruling.describe() + note, 4, 4))
    if h.penalties.penalties:
        lines.append("  Penalties:")
        for p in h.penalties.penalties:
            lines.extend(_wrap(p.describe(), 4, 4))
    played = " ".join(f"{s} {r.tricks_won.get(s, 0)}" for s in v.seats)
    corrected = " ".join(f"{s} {h.penalties.tricks_won[s]}" for s in v.seats)
    if played != corrected:
        lines.append(f"  Tricks won: as played {played}; corrected {corrected}")
    else:
        lines.append(f"  Tricks won: {played}")
    lines.extend(_score_lines(v, h))
    if rec.time_called:  # RULES.md section 4, game length
        lines.extend(_wrap(TIME_CALLED, 2, 4))
    return lines


def _claim_lines(c) -> list[str]:
    lines = []
    acc = "accepted" if c.accepted else "not accepted"
    head = (f"  Claim by {c.seat} after trick {c.after_trick} ({acc}): {c.side} take {c.claimed}"
            f" of the last {c.remaining}")
    if c.status == "unverifiable":
        lines.extend(_wrap(f"{head}: cannot be checked ({c.reason})", 2, 4))
        return lines
    if c.remaining_hands:
        lines.append("  Cards left at the claim:")
        for s, m in c.remaining_hands.items():
            lines.append(f"    {s}  {format_hand(m)}")
    if c.status == "good":
        verdict = (f"good: {c.side} can take {c.claimed} against any defence"
                   f" (at most {c.best} with best play)")
    else:
        verdict = f"refuted: the defence can hold {c.side} to {c.best}"
    if c.status == "refuted":
        verdict += " (the defence is under Findings)"
    lines.extend(_wrap(f"{head}: {verdict}", 2, 4))
    for n in c.nils:
        if n.safe:
            lines.extend(_wrap(f"{n.seat}'s Nil: safe, {n.seat} can be kept to {n.held_to} more"
                               f" trick{'s' if n.held_to != 1 else ''} against any play", 4, 4))
        else:
            lines.extend(_wrap(f"{n.seat}'s Nil: not safe; the opponents can make {n.seat} take"
                               f" {n.held_to + 1} (the line is under Findings)", 4, 4))
    return lines


def _score_lines(v: Variant, h: HandAudit) -> list[str]:
    sides = v.sides
    lines = ["  Score after the hand  " + "".join(f"{s:>14}" for s in sides)]
    if h.recorded is not None:
        lines.append("    recorded            " + "".join(
            f"{h.recorded[s] if s in h.recorded else '-':>14}" for s in sides))
    rows = [("as played", h.played), ("as ruled", h.ruled), ("corrected", h.corrected)]
    for name, scored in rows:
        if scored is None:  # no ruling in the game: as ruled is as played
            continue
        cells = "".join(f"{f'{r.score} ({r.points:+d})':>14}" for r in
                        (scored.sides[s] for s in sides))
        lines.append(f"    {name:<20}" + cells)
    return lines


def format_audit(a: GameAudit) -> str:
    """One log's audit as text."""
    v = a.variant
    game = "Partnership Spades" if v is Variant.PARTNERSHIP else "Two-player Spades"
    labels = [side_label(a.analysis, s) for s in v.sides]
    lines = [f"Audit of {a.file}"]
    lines.extend(_wrap(f"{game}: {' v '.join(labels)}", 0, 4))
    rules = a.analysis.rules
    cost = {"tricks": f"{rules.revoke_penalty_tricks} trick"
                      f"{'s' if rules.revoke_penalty_tricks != 1 else ''}",
            "set": "the offending side is set",
            "set_and_credit": "the offending side is set and the other credited its contract",
            }[rules.revoke_penalty]
    changes = rules.changes()
    house = ", ".join(f"{k} {val}" for k, val in changes.items()) if changes else "none (docs/rules.md)"
    lines.extend(_wrap(f"House rules: {house}; a proven revoke costs {cost}", 0, 4))
    if a.game_findings:
        lines.append("")
        lines.append("Findings about the game:")
        for f in a.game_findings:
            lines.extend(_wrap(f"[{f.code}] {f.message}", 2, 4))
    for h in a.hands:
        lines.append("")
        lines.extend(_hand_lines(a, h))
    lines.append("")
    played = ", ".join(f"{s} {t.score}" for s, t in a.analysis.as_played.final.items())
    corrected = ", ".join(f"{s} {t.score}" for s, t in a.corrected.final.items())
    if a.ruled is not None:
        ruled = ", ".join(f"{s} {t.score}" for s, t in a.ruled.final.items())
        lines.extend(_wrap(f"Final score: as played {played}; as ruled {ruled}; corrected"
                           f" {corrected}", 0, 4))
    else:
        lines.append(f"Final score: as played {played}; corrected {corrected}")
    n = len(a.findings)
    lines.append(f"{n} finding{'s' if n != 1 else ''} in {len(a.hands)} hand"
                 f"{'s' if len(a.hands) != 1 else ''} audited.")
    return "\n".join(lines) + "\n"


def format_audits(audits: list[GameAudit]) -> str:
    """Several logs' audits, separated by a blank line, with a total when there are several."""
    text = "\n".join(format_audit(a) for a in audits)
    if len(audits) > 1:
        n = sum(len(a.findings) for a in audits)
        hands = sum(len(a.hands) for a in audits)
        text += (f"\nIn all: {n} finding{'s' if n != 1 else ''} in {hands} hand"
                 f"{'s' if hands != 1 else ''} of {len(audits)} logs.\n")
    return text


__all__ = ["format_audit", "format_audits"]
