"""The audit of a disputed game: every finding with its evidence, claims, corrected scores.

Built on ``scorekeeper.analysis.game.analyse_game``: the replay (``rules/replay.py``) finds reneges,
spades led unbroken, leads and bids out of turn, cards not held, invalid exchanges, a Blind Nil
the rules forbid and tricks agreed that differ from the play; ``game.py`` adds the dealer's
rotation, written scores that depart from the rules and hands after the game was won. This
module adds

- **claims**: when a hand ends in a claim and the cards never played are known (a recorded
  deal, or in two-player a recorded draw or deal), an exhaustive double-dummy search
  (``rules/solver.py``, under our rules: spades trump, no spade led before they are broken)
  decides whether the claiming side can guarantee its claimed tricks against every defence
  (``claim_refuted`` shows a defence that beats it), and whether each live Nil of the claiming
  side is safe when the claim gives him no more trick (``nil_claim_refuted``). The two are
  checked one at a time. Without the deal a claim is ``claim_unverifiable``. A good claim is not
  a finding; its verdict is shown with the hand.
- **penalties**: each proven revoke is penalised by the game's rules (``penalties.py``), and
  the game is scored again: the score as recorded, as played and as corrected.

A log whose record is physically impossible (codes in ``INVALID_CODES``, which ``validate``
refuses) is still audited: its problems are findings like the others. Only a log that cannot
be read at all (no file, not JSON, not the schema) is refused, by the caller.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from ..rules.cards import BIT, CARDS, Card, Suit
from .batch import JsonAudit, audit_json, paused_cycle_collector
from .json_writer import SEAT_TEXT, counts_text, file_text, final_json, hand_text
from ..analysis.game import GameAnalysis, HandFinding, analyse_file, analyse_text
from ..rules.penalties import HandPenalties, Revoke, corrected_score, penalise_hand
from ..rules.replay import Finding, HandReplay
from ..rules.scoring import GameScore, HandInput, ScoredHand
from ..rules.trick import winning_index
from ..rules.seats import Seat, Variant


class NoSuchHand(ValueError):
    """``--hand N`` beyond the hands of a log."""


@dataclass(frozen=True)
class AuditFinding:
    """One finding of the audit, in the shape of the JSON contract."""

    file: str
    hand: int | None
    code: str
    message: str
    trick: int | None = None
    seat: Seat | None = None
    card: Card | None = None
    evidence: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {"file": self.file, "hand": self.hand, "trick": self.trick,
                "seat": None if self.seat is None else str(self.seat),
                "card": None if self.card is None else str(self.card),
                "code": self.code, "message": self.message, "evidence": self.evidence}


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


@dataclass
class HandAudit:
    number: int
    replay: HandReplay
    findings: list[AuditFinding]
    penalties: HandPenalties
    claim: ClaimCheck | None
    played: ScoredHand
    corrected: ScoredHand
    recorded: dict[str, int] | None


@dataclass
class GameAudit:
    file: str
    analysis: GameAnalysis
    hands: list[HandAudit]
    """The hands audited (all, or the one asked for), in order."""
    corrected: GameScore

    @property
    def findings(self) -> list[AuditFinding]:
        return [f for h in self.hands for f in h.findings]

    @property
    def variant(self) -> Variant:
        return self.analysis.variant


def audit_game(analysis: GameAnalysis, file: str, only_hand: int | None = None) -> GameAudit:
    """Audit a replayed log. ``only_hand`` (1-based) keeps one hand's findings and report;
    the scores are still those of the whole game, as they run from hand to hand."""
    v, rules = analysis.variant, analysis.rules
    n = len(analysis.replays)
    if only_hand is not None and not 1 <= only_hand <= n:
        raise NoSuchHand(f"{file}: there is no hand {only_hand} (the log has {n}"
                         f" hand{'s' if n != 1 else ''})")
    by_hand: dict[int | None, list[HandFinding]] = {}
    for hf in analysis.findings:
        by_hand.setdefault(hf.hand, []).append(hf)
    penalties = []
    for r in analysis.replays:
        revokes = [Revoke(f.trick, f.seat, Suit.parse(f.evidence["led_suit"]))
                   for f in r.findings if f.code == "revoke"]
        winners = [t.winner for t in r.tricks] if revokes else ()
        penalties.append(penalise_hand(v, r.record.bids, winners, r.tricks_won, revokes, rules))
    inputs = [HandInput(r.record.dealer, r.record.bids, p.tricks_won)
              for r, p in zip(analysis.replays, penalties)]
    if any(p.penalties for p in penalties):
        corrected = corrected_score(v, inputs, [p.set_sides for p in penalties], rules,
                                    analysis.initial)
    else:  # nothing to correct: the score as played stands (and is not worked out twice)
        corrected = analysis.score
    hands = []
    for i, r in enumerate(analysis.replays, start=1):
        if only_hand is not None and i != only_hand:
            continue
        findings = [_from_finding(file, i, hf.finding) for hf in by_hand.get(i, [])]
        claim = None
        if r.record.claim is not None:
            claim = check_claim(r)
            findings.extend(_claim_findings(file, i, claim))
        findings.sort(key=lambda f: f.trick or 0)
        recorded = analysis.recorded[i - 1]
        hands.append(HandAudit(i, r, findings, penalties[i - 1], claim,
                               analysis.score.hands[i - 1], corrected.hands[i - 1],
                               dict(recorded) if recorded is not None else None))
    return GameAudit(file, analysis, hands, corrected)


def _from_finding(file: str, hand: int, f: Finding) -> AuditFinding:
    return AuditFinding(file, hand, f.code, f.message, f.trick, f.seat, f.card,
                        dict(f.evidence) if f.evidence else None)


# -- claims -----------------------------------------------------------------------------
def remaining_hands(replay: HandReplay) -> dict[Seat, int]:
    """What each seat still held when the claim was made (needs the deal)."""
    left = dict(replay.held)
    for t in replay.tricks:
        for seat, c in zip(replay.record.variant.turn_order(t.leader), t.cards):
            left[seat] &= ~BIT[c]
    return left


def check_claim(replay: HandReplay) -> ClaimCheck:
    """Decide a hand's claim by exhaustive search, or say why it cannot be checked."""
    from ..rules.solver import search as solver

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
    left = remaining_hands(replay)
    leader = replay.tricks[-1].winner if replay.tricks else v.first_to_act(rec.dealer)
    try:
        pos = solver.Position(tuple(left.get(Seat(i), 0) for i in range(4)), int(leader), (),
                              replay.spades_broken, v is Variant.TWO_PLAYER)
    except ValueError as exc:
        return ClaimCheck(**base, status="unverifiable",
                          reason=f"the cards left do not make a position ({exc})")
    base["remaining_hands"] = left
    seats = [int(s) for s in members]
    best = solver.max_tricks(pos, seats)
    line = solver.refute_claim(pos, seats, claimed) if best < claimed else None
    nils = []
    won_so_far = {s: sum(1 for t in replay.tricks if t.winner == s) for s in members}
    for b in rec.bids:
        if b.tricks == 0 and b.seat in members and won_so_far[b.seat] == 0:
            held_to = claim.tricks.get(b.seat, 0)
            nil_line = solver.refute_nil(pos, int(b.seat), held_to)
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


def _claim_findings(file: str, hand: int, c: ClaimCheck) -> list[AuditFinding]:
    head = (f"{c.seat} claimed {c.claimed} of the last {c.remaining} trick"
            f"{'s' if c.remaining != 1 else ''} for {c.side} after trick {c.after_trick}")
    accepted = "accepted" if c.accepted else "not accepted"
    out = []
    if c.status == "unverifiable":
        out.append(AuditFinding(file, hand, "claim_unverifiable",
                                f"{head} ({accepted}); it cannot be checked: {c.reason}",
                                None, c.seat, None,
                                {"claimed": c.claimed, "accepted": c.accepted,
                                 "reason": c.reason}))
        return out
    if c.status == "refuted":
        out.append(AuditFinding(
            file, hand, "claim_refuted",
            f"{head} ({accepted}), but the defence can hold {c.side} to {c.best}: "
            f"{line_text(c.defence)}", c.after_trick + 1, c.seat, None,
            {"claimed": c.claimed, "best": c.best, "accepted": c.accepted,
             "defence": line_json(c.defence), "hands": _hands_json(c.remaining_hands)}))
    for n in c.nils:
        if n.safe:
            continue
        out.append(AuditFinding(
            file, hand, "nil_claim_refuted",
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


# -- the JSON document ------------------------------------------------------------------
def _sides_json(scored: ScoredHand) -> dict[str, dict[str, int]]:
    return {s: {"points": r.points, "score": r.score, "bags": r.bags}
            for s, r in scored.sides.items()}


def _claim_json(c: ClaimCheck) -> dict[str, Any]:
    return {"seat": str(c.seat), "side": c.side, "after_trick": c.after_trick,
            "claimed": c.claimed, "remaining": c.remaining, "accepted": c.accepted,
            "verdict": c.status, "best": c.best, "reason": c.reason or None,
            "nils": [{"seat": str(n.seat), "held_to": n.held_to, "safe": n.safe}
                     for n in c.nils]}


def hand_json(h: HandAudit, v: Variant) -> dict[str, Any]:
    r = h.replay
    name = SEAT_TEXT
    won, corrected = r.tricks_won, h.penalties.tricks_won
    return {
        "number": h.number, "dealer": name[r.record.dealer],
        "bids": [{"seat": name[b.seat], "bid": b.tricks, "blind": b.blind}
                 for b in r.record.bids],
        "dealt_known": r.dealt_known,
        "trick_winners": [name[t.winner] for t in r.tricks],
        "tricks_won": {"played": {name[s]: won.get(s, 0) for s in v.seats},
                       "corrected": {name[s]: corrected[s] for s in v.seats}},
        "penalties": _penalties_json(h),
        "claim": None if h.claim is None else _claim_json(h.claim),
        "score": {"recorded": h.recorded, "played": _sides_json(h.played),
                  "corrected": _sides_json(h.corrected)},
    }


def _penalties_json(h: HandAudit) -> list[dict[str, Any]]:
    return [{"trick": p.revoke.trick, "seat": str(p.revoke.seat), "kind": p.kind,
             "offending_side": p.offending_side, "tricks_moved": p.tricks_moved,
             "won_from_revoke": p.won_from_revoke,
             "taken_from": {str(s): n for s, n in p.taken_from},
             "credited_to": None if p.credited_to is None else str(p.credited_to),
             "description": p.describe()} for p in h.penalties.penalties]


def audit_report(audits: list[GameAudit]) -> dict[str, Any]:
    """The ``scorekeeper audit --format json`` document.

    The contract: ``hands_audited`` and ``findings`` (each with ``file``, ``hand``, ``trick``,
    ``seat``, ``card``, ``code``, ``message``, ``evidence``). ``files`` adds, per log, each
    audited hand (the winner of each trick played, tricks as played and corrected, penalties,
    claim verdict, scores recorded, as played and corrected) and the final scores both ways.
    The deal and the cards played are in the log itself and are not repeated.
    """
    files = []
    for a in audits:
        v = a.variant
        final = final_json(a.analysis.score, a.corrected)
        files.append({"file": a.file, "variant": v.value,
                      "hands": [hand_json(h, v) for h in a.hands], "final": final,
                      "winner": {"played": a.analysis.score.winner,
                                 "corrected": a.corrected.winner}})
    return {"hands_audited": sum(len(a.hands) for a in audits),
            "findings": [f.to_dict() for a in audits for f in a.findings],
            "files": files}


# -- many files: the audit command's library side -----------------------------------------
def audit_file(path: str, only_hand: int | None = None, text: str | None = None,
               data: object = None) -> GameAudit:
    """Read and audit one log file (``text`` and ``data``: the file already read, and parsed
    as JSON, if it was). Raises ``logio.LogError`` for a log that cannot be read, with
    ``validate``'s messages, and ``NoSuchHand``."""
    analysis = analyse_file(path) if text is None else analyse_text(path, text, data)
    return audit_game(analysis, path, only_hand)


def audit_paths(paths: Iterable[str], only_hand: int | None = None
                ) -> tuple[list[GameAudit], list[str]]:
    """Audit log files in order: the audits of those that can be read, and a message for
    each problem of those that cannot (``file: place: problem``, as ``validate`` words it)
    or that have no hand ``only_hand``. Each file goes the trusted fast way when it can
    (``game.analyse_file``)."""
    audits, errors = [], []
    with paused_cycle_collector():
        for path in paths:
            try:
                audits.append(audit_file(path, only_hand))
            except ValueError as exc:
                errors.extend(audit_errors(exc))
    return audits, errors


def audit_errors(exc: ValueError) -> list[str]:
    """The messages of a file that could not be audited (``NoSuchHand`` or ``LogError``);
    any other error is raised again."""
    if isinstance(exc, NoSuchHand):
        return [str(exc)]
    from ..logs.files import LogError  # already loaded when a log was refused

    if not isinstance(exc, LogError):
        raise exc
    return [f"{exc.source}: {p}" for p in exc.problems]


def audit_file_text(a: GameAudit) -> str:
    """``json.dumps`` of the audit's file in ``audit_report(...)["files"]``."""
    seats = a.variant.seats
    hands = []
    for h in a.hands:
        r = h.replay
        won = [0, 0, 0, 0]
        for s, n in r.tricks_won.items():
            won[s] = n
        played = counts_text(seats, won)
        fixed = h.penalties.tricks_won
        hands.append(hand_text(
            h.number, r.record.dealer, r.record.bids, r.dealt_known,
            [t.winner for t in r.tricks], played,
            played if fixed == r.tricks_won else counts_text(seats, fixed), h.played,
            h.corrected,
            penalties=json.dumps(_penalties_json(h)) if h.penalties.penalties else "[]",
            claim="null" if h.claim is None else json.dumps(_claim_json(h.claim)),
            recorded="null" if h.recorded is None else json.dumps(h.recorded)))
    return file_text(a.file, a.variant.value, hands, a.analysis.score, a.corrected)


__all__ = ["NoSuchHand", "AuditFinding", "ClaimCheck", "GameAudit", "HandAudit", "JsonAudit",
           "LineTrick", "NilCheck", "audit_errors", "audit_file", "audit_file_text",
           "audit_game", "audit_json", "audit_paths", "audit_report", "check_claim", "line_text",
           "remaining_hands"]
