"""Claims: whether the claiming side can guarantee the tricks it claims, and whether each
live Nil of that side is safe, decided by double-dummy search under our rules.

When a hand ends in a claim and the cards never played are known (a recorded deal, or in
two-player a recorded draw or deal), the solver (``rules.solver.claim_search``: spades trump,
no spade led before they are broken; DDS answers where those rules are bridge's, the exhaustive
search the rest) decides whether the claiming side can guarantee its claimed tricks
against every defence (``claim_refuted`` shows a defence that beats it), and whether each live
Nil of the claiming side is safe when the claim gives him no more trick
(``nil_claim_refuted``). The two are checked one at a time. Without the deal a claim is
``claim_unverifiable``. A good claim is not a finding.

The audit and the referee both ask this module, so a claim gets one verdict, worded once.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .cards import BIT, CARDS, Card
from .replay import Finding, HandReplay
from .seats import Seat, Variant
from .settings import DEFAULT_RULES, RuleSet
from .trick import winning_index


@dataclass(frozen=True)
class LineTrick:
    """One trick of a line of play (the play of a hand, or a defence against a claim)."""

    trick: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None
    """None for a trick left short."""


@dataclass(frozen=True)
class NilCheck:
    seat: Seat
    held_to: int
    """The claim gives this Nil bidder this many more tricks (normally 0)."""
    safe: bool
    defence: tuple[LineTrick, ...] = ()


@dataclass(frozen=True)
class ClaimCheck:
    """The verdict on a claim."""

    seat: Seat
    side: str
    after_trick: int
    claimed: int
    """Tricks of the rest the claim gives the claiming side."""
    remaining: int
    accepted: bool
    status: str
    """'good', 'refuted' or 'unverifiable' (a refuted Nil alone leaves the side's 'good')."""
    best: int | None = None
    """Most tricks the side can guarantee from the claim on (None: not checked)."""
    defence: tuple[LineTrick, ...] = ()
    reason: str = ""
    nils: tuple[NilCheck, ...] = ()
    remaining_hands: dict[Seat, int] = field(default_factory=dict)


# -- the check -----------------------------------------------------------------------------
def remaining_hands(replay: HandReplay) -> dict[Seat, int]:
    """What each seat still held when the claim was made (needs the deal)."""
    left = dict(replay.held)
    for t in replay.tricks:
        for seat, c in zip(replay.record.variant.turn_order(t.leader), t.cards):
            left[seat] &= ~BIT[c]
    return left


def check_claim(replay: HandReplay, rules: RuleSet = DEFAULT_RULES) -> ClaimCheck:
    """Decide a hand's claim by double-dummy search, or say why it cannot be checked. Of the
    play house rules, the search knows spades led at any time (spades broken from the
    start); a claim before the first trick under a first-trick rule it cannot check."""
    from .solver import claim_search
    from .solver import search as solver

    rec = replay.record
    claim = rec.claim
    v = rec.variant
    side = v.side_of(claim.seat)
    members = v.members(side)
    claimed = sum(claim.tricks.get(s, 0) for s in members)
    remaining = 13 - claim.after_trick
    base = dict(seat=claim.seat, side=side, after_trick=claim.after_trick, claimed=claimed,
                remaining=remaining, accepted=claim.accepted)
    if not replay.dealt_known:
        what = "draw or deal" if v is Variant.TWO_PLAYER else "deal"
        return ClaimCheck(**base, status="unverifiable",
                          reason=f"the {what} was not recorded, so the cards never played are"
                                 " unknown")
    if claim.after_trick != len(replay.tricks) or any(
            len(t.cards) != v.n_seats for t in replay.tricks):
        return ClaimCheck(**base, status="unverifiable",
                          reason="the tricks before the claim are not all recorded in full")
    if claim.after_trick == 0 and rules.first_trick != "free" and v is Variant.PARTNERSHIP:
        return ClaimCheck(**base, status="unverifiable",
                          reason=f"a claim before the first trick under first_trick"
                                 f" {rules.first_trick} is not searched")
    left = remaining_hands(replay)
    leader = replay.tricks[-1].winner if replay.tricks else v.first_to_act(rec.dealer)
    try:
        pos = solver.Position(tuple(left.get(Seat(i), 0) for i in range(4)), int(leader), (),
                              replay.spades_broken or rules.spades_lead == "any_time",
                              v is Variant.TWO_PLAYER)
    except ValueError as exc:
        return ClaimCheck(**base, status="unverifiable",
                          reason=f"the cards left do not make a position ({exc})")
    base["remaining_hands"] = left
    seats = [int(s) for s in members]
    best, line = claim_search.judge_side_claim(pos, seats, claimed)
    nils = []
    won_so_far = {s: sum(1 for t in replay.tricks if t.winner == s) for s in members}
    for b in rec.bids:
        if b.tricks == 0 and b.seat in members and won_so_far[b.seat] == 0:
            held_to = claim.tricks.get(b.seat, 0)
            nil_line = claim_search.refute_nil(pos, int(b.seat), held_to)
            nils.append(NilCheck(b.seat, held_to, nil_line is None,
                                 _line_tricks(v, nil_line or (), claim.after_trick)))
    status = "good" if line is None else "refuted"
    return ClaimCheck(**base, status=status, best=best,
                      defence=_line_tricks(v, line or (), claim.after_trick), nils=tuple(nils))


def _line_tricks(v: Variant, line, after_trick: int) -> tuple[LineTrick, ...]:
    n = v.n_seats
    out = []
    for k in range(0, len(line), n):
        plays = line[k:k + n]
        leader = Seat(plays[0][0])
        cards = tuple(CARDS[c] for _, c in plays)
        winner = v.turn_order(leader)[winning_index(cards)] if len(cards) == n else None
        out.append(LineTrick(after_trick + 1 + k // n, leader, cards, winner))
    return tuple(out)


def line_text(tricks: tuple[LineTrick, ...]) -> str:
    """'trick 10: E leads 4H, S 2H, W AH, N 3H (W wins)'; tricks joined by '; '."""
    parts = []
    for t in tricks:
        order = _order(t.leader, len(t.cards))
        plays = [f"{order[0]} leads {t.cards[0]}"] + [f"{s} {c}" for s, c in
                                                       zip(order[1:], t.cards[1:])]
        won = f" ({t.winner} wins)" if t.winner is not None else ""
        parts.append(f"trick {t.trick}: {', '.join(plays)}{won}")
    return "; ".join(parts)


def _order(leader: Seat, n: int) -> list[Seat]:
    v = Variant.PARTNERSHIP if n == 4 else Variant.TWO_PLAYER
    return list(v.turn_order(leader))


def line_json(tricks: tuple[LineTrick, ...]) -> list[dict[str, Any]]:
    return [{"trick": t.trick, "leader": str(t.leader), "cards": [str(c) for c in t.cards],
             "winner": None if t.winner is None else str(t.winner)} for t in tricks]


def claim_findings(c: ClaimCheck) -> list[Finding]:
    """The findings a claim's verdict makes: ``claim_unverifiable``, ``claim_refuted`` (with
    a defence that beats it) and ``nil_claim_refuted`` (a live Nil of the claiming side the
    opponents can break). A good claim makes none."""
    head = (f"{c.seat} claimed {c.claimed} of the last {c.remaining} trick"
            f"{'s' if c.remaining != 1 else ''} for {c.side} after trick {c.after_trick}")
    accepted = "accepted" if c.accepted else "not accepted"
    out = []
    if c.status == "unverifiable":
        out.append(Finding("claim_unverifiable",
                                f"{head} ({accepted}); it cannot be checked: {c.reason}",
                                None, c.seat, None,
                                {"claimed": c.claimed, "accepted": c.accepted,
                                 "reason": c.reason}))
        return out
    if c.status == "refuted":
        out.append(Finding(
            "claim_refuted",
            f"{head} ({accepted}), but the defence can hold {c.side} to {c.best}: "
            f"{line_text(c.defence)}", c.after_trick + 1, c.seat, None,
            {"claimed": c.claimed, "best": c.best, "accepted": c.accepted,
             "defence": line_json(c.defence), "hands": _hands_json(c.remaining_hands)}))
    for n in c.nils:
        if n.safe:
            continue
        out.append(Finding(
            "nil_claim_refuted",
            f"{c.seat}'s claim after trick {c.after_trick} gives {n.seat} (Nil)"
            f" {n.held_to} more trick{'s' if n.held_to != 1 else ''}, but the opponents can"
            f" make {n.seat} take {n.held_to + 1}: {line_text(n.defence)}",
            c.after_trick + 1, n.seat, None,
            {"nil": str(n.seat), "held_to": n.held_to, "accepted": c.accepted,
             "defence": line_json(n.defence), "hands": _hands_json(c.remaining_hands)}))
    return out


def _hands_json(hands: dict[Seat, int]) -> dict[str, list[str]]:
    return {str(s): [str(CARDS[i]) for i in range(51, -1, -1) if m >> i & 1]
            for s, m in hands.items()}


__all__ = ["ClaimCheck", "LineTrick", "NilCheck", "check_claim", "claim_findings", "line_json",
           "line_text", "remaining_hands"]
