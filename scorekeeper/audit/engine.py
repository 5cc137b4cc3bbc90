"""The audit of a disputed game: every finding with its evidence, claims, corrected scores.

Built on ``scorekeeper.analysis.game.analyse_game``: the replay (``rules/replay.py``) finds reneges,
spades led unbroken, leads and bids out of turn, cards not held, invalid exchanges, a Blind Nil
the rules forbid and tricks agreed that differ from the play; ``analysis/game.py`` adds the dealer's
rotation, written scores that depart from the rules and hands after the game was won. This
module adds

- **claims**: when a hand ends in a claim and the cards never played are known (a recorded
  deal, or in two-player a recorded draw or deal), an exhaustive double-dummy search
  (``rules/solver/``, under our rules: spades trump, no spade led before they are broken)
  decides whether the claiming side can guarantee its claimed tricks against every defence
  (``claim_refuted`` shows a defence that beats it), and whether each live Nil of the claiming
  side is safe when the claim gives him no more trick (``nil_claim_refuted``). The two are
  checked one at a time. Without the deal a claim is ``claim_unverifiable``. A good claim is not
  a finding; its verdict is shown with the hand.
- **penalties**: each proven revoke is penalised by the game's rules (``rules/penalties.py``), and
  the game is scored again: the score as recorded, as played and as corrected.

A log whose record is physically impossible (codes in ``INVALID_CODES``, which ``validate``
refuses) is still audited: its problems are findings like the others. Only a log that cannot
be read at all (no file, not JSON, not the schema) is refused, by the caller.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..rules.cards import Card
from .json_writer import SEAT_TEXT, counts_text, file_text, final_json, hand_text
from ..analysis.game import GameAnalysis, HandFinding, analyse_file, analyse_text
from ..rules.penalties import HandPenalties, corrected_input
from ..rules.record import Ruling
from ..rules.rulings import corrected_penalties
from ..rules.replay import Finding, HandReplay
from ..rules.scoring import GameScore, ScoredHand, score_game
from ..rules.seats import Seat, Variant

if TYPE_CHECKING:
    from ..rules.claims import ClaimCheck


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
    ruled: ScoredHand | None = None
    """The hand as the referee ruled (None: no ruling in the game, so as played)."""

    @property
    def rulings(self) -> tuple[Ruling, ...]:
        return self.replay.record.rulings


@dataclass
class GameAudit:
    file: str
    analysis: GameAnalysis
    hands: list[HandAudit]
    """The hands audited (all, or the one asked for), in order."""
    corrected: GameScore
    game_findings: list[AuditFinding] = field(default_factory=list)
    """Findings about the game as a whole (hand None), such as one player at two seats."""

    @property
    def findings(self) -> list[AuditFinding]:
        return self.game_findings + [f for h in self.hands for f in h.findings]

    @property
    def variant(self) -> Variant:
        return self.analysis.variant

    @property
    def ruled(self) -> GameScore | None:
        """The game as the referee ruled (None: no ruling, the same as played)."""
        return self.analysis.score if self.analysis.played_score is not None else None


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
    # Corrected: as ruled where the referee ruled, and as the rules would correct every
    # proven breach no one ruled on.
    penalties = [corrected_penalties(r, r.record.rulings, rules) for r in analysis.replays]
    played_game = analysis.as_played
    ruled_game = analysis.score if analysis.played_score is not None else None
    if any(p.penalties for p in penalties):
        corrected = score_game(v, [corrected_input(r, p)
                                   for r, p in zip(analysis.replays, penalties)],
                               rules, analysis.initial)
    else:  # nothing to correct: the score as played stands (and is not worked out twice)
        corrected = played_game
    hands = []
    for i, r in enumerate(analysis.replays, start=1):
        if only_hand is not None and i != only_hand:
            continue
        findings = [_from_finding(file, i, hf.finding) for hf in by_hand.get(i, [])]
        claim = None
        if r.record.claim is not None:
            # Loaded only for a claim: most audits have none (a short log starts sooner).
            from ..rules.claims import check_claim, claim_findings

            claim = check_claim(r, rules)
            findings.extend(_from_finding(file, i, f) for f in claim_findings(claim))
        findings.sort(key=lambda f: f.trick or 0)
        recorded = analysis.recorded[i - 1]
        hands.append(HandAudit(i, r, findings, penalties[i - 1], claim,
                               played_game.hands[i - 1], corrected.hands[i - 1],
                               dict(recorded) if recorded is not None else None,
                               None if ruled_game is None else ruled_game.hands[i - 1]))
    game = [_from_finding(file, None, hf.finding) for hf in by_hand.get(None, [])]
    return GameAudit(file, analysis, hands, corrected, game)


def _from_finding(file: str, hand: int | None, f: Finding) -> AuditFinding:
    return AuditFinding(file, hand, f.code, f.message, f.trick, f.seat, f.card,
                        dict(f.evidence) if f.evidence else None)


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
                  **({} if h.ruled is None else {"ruled": _sides_json(h.ruled)}),
                  "corrected": _sides_json(h.corrected)},
        # Only in a game with rulings: an audit without any writes what it always wrote.
        **({} if h.ruled is None else {"rulings": _rulings_json(h)}),
        # Only on the hand during which time was called (RULES.md section 4, game length).
        **({"time_called": True} if r.record.time_called else {}),
    }


def _rulings_json(h: HandAudit) -> list[dict[str, Any]]:
    return [{"code": r.code, "trick": r.trick, "seat": str(r.seat), "decision": r.decision,
             "by": r.by, "note": r.note, "description": r.describe()} for r in h.rulings]


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
        played = a.analysis.as_played
        final = final_json(played, a.corrected, a.ruled)
        winner = {"played": played.winner, "corrected": a.corrected.winner}
        if a.ruled is not None:
            winner = {"played": played.winner, "ruled": a.ruled.winner,
                      "corrected": a.corrected.winner}
        files.append({"file": a.file, "variant": v.value,
                      "hands": [hand_json(h, v) for h in a.hands], "final": final,
                      "winner": winner})
    return {"hands_audited": sum(len(a.hands) for a in audits),
            "findings": [f.to_dict() for a in audits for f in a.findings],
            "files": files}


# -- many files: the audit command's library side -----------------------------------------
def audit_file(path: str, only_hand: int | None = None, text: str | None = None,
               data: object = None) -> GameAudit:
    """Read and audit one log file (``text`` and ``data``: the file already read, and parsed
    as JSON, if it was). Raises ``files.LogError`` for a log that cannot be read, with
    ``validate``'s messages, and ``NoSuchHand``."""
    analysis = analyse_file(path) if text is None else analyse_text(path, text, data)
    return audit_game(analysis, path, only_hand)


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
            recorded="null" if h.recorded is None else json.dumps(h.recorded),
            ruled_score=h.ruled, rulings=json.dumps(_rulings_json(h)),
            time_called=r.record.time_called))
    return file_text(a.file, a.variant.value, hands, a.analysis.as_played, a.corrected,
                     a.ruled)


__all__ = ["NoSuchHand", "AuditFinding", "GameAudit", "HandAudit", "audit_errors", "audit_file",
           "audit_file_text", "audit_game", "audit_report"]
