"""What the referee engine hands the screen: typed refusals, entry records, the live view,
the penalty each finding carries and the double-dummy verdict on a claim.

Pure values and pure functions (no I/O, no textual): ``scorekeeper.referee.play.RefereeHand``
builds them, the referee screen only renders them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..rules.cards import Card, Suit, card
from ..rules.errors import ImpossiblePlay, InvalidBid, InvalidExchange, OutOfTurn, RuleError
from ..rules.hand import TrickTaken
from ..rules.record import Claim, HandRecord
from ..rules.replay import Finding, HandReplay
from ..rules.claims import ClaimCheck, check_claim, claim_findings, line_text
from ..rules.penalties import HandPenalties, hand_penalties
from ..rules.scoring import Bid, SideHandPoints
from ..rules.settings import DEFAULT_RULES, RuleSet
from ..rules.seats import Seat, Variant


# -- refusals ----------------------------------------------------------------------------
class EntryRefused(RuleError):
    """An entry the referee engine refuses: it cannot have happened, or not now.

    ``code`` names the reason for the screen ('card_duplicated', 'card_not_held',
    'hand_over', 'not_your_turn', ...); the message is the sentence to show.
    """

    def __init__(self, message: str, *, code: str, seat: Seat | None = None,
                 card: Card | None = None, trick: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.seat = seat
        self.card = card
        self.trick = trick


class CardAlreadyPlayed(EntryRefused, ImpossiblePlay):
    """The card was played before (the message says where)."""


class CardNotHeld(EntryRefused, ImpossiblePlay):
    """The card is not in that seat's recorded hand (or is known to be elsewhere)."""


class HandOver(EntryRefused, ImpossiblePlay):
    """All 13 tricks are played, or a claim ended the hand."""


class NotYourTurn(EntryRefused, OutOfTurn):
    """A card or bid by a seat whose turn it is not (or that has no seat in this game)."""


class NotNow(EntryRefused):
    """An entry made at the wrong stage: a card before the bids are complete, a deal after
    the first card, nothing to undo, no claim to judge."""


class BidRefused(EntryRefused, InvalidBid):
    """A bid that is not 0 to 13, a Blind Nil the rules do not allow, a second bid."""


class DealRefused(EntryRefused):
    """A deal with a card given twice, a hand that is not 13 cards, a seat missing."""


class ExchangeRefused(EntryRefused, InvalidExchange):
    """A Blind Nil exchange the bids or the deal do not allow."""


class DrawRefused(EntryRefused, InvalidExchange):
    """A two-player draw turn the deck or the turn order does not allow."""


class RedrawRefused(EntryRefused, InvalidExchange):
    """A two-player Blind Nil discard-and-redraw the bids or the draw do not allow."""


class ClaimRefused(EntryRefused):
    """A claim whose shares do not add up to the tricks left, or made when none are left."""


class DraftError(EntryRefused):
    """A saved draft that cannot be restored (the message says which entry)."""


# -- what each entry returns -------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class LivePenalty:
    """What the game's rules do about a finding, as the referee announces it."""

    text: str
    """One sentence: '3 tricks move from NS to EW (never more than NS win from trick 4 on)'."""
    kind: str
    """'tricks' (tricks move), 'set' (the side is set), 'none' (no penalty: not a revoke, or
    a repeated revoke in the same suit) or 'invalid' (the record itself is impossible)."""
    tricks: int | None = None
    """With 'tricks': the tricks that move as things stand (final once the hand is over)."""
    offender: str | None = None
    """The offending side ('NS', 'EW'; 'N', 'S' in two-player)."""
    ruling: str | None = None
    """The referee's decision on it, 'apply' or 'waive' (None: not ruled on)."""


@dataclass(frozen=True, slots=True)
class LiveFinding:
    finding: Finding
    penalty: LivePenalty

    @property
    def key(self) -> tuple:
        return finding_key(self.finding)


@dataclass(frozen=True, slots=True)
class BidEntered:
    bid: Bid


@dataclass(frozen=True, slots=True)
class DealEntered:
    hands: Mapping[Seat, tuple[Card, ...]]


@dataclass(frozen=True, slots=True)
class ExchangeEntered:
    giver: Seat
    receiver: Seat
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class DrawEntered:
    turn: int
    """1-based turn of the draw (1 to 26)."""
    seat: Seat
    kept: Card
    discarded: Card


@dataclass(frozen=True, slots=True)
class RedrawEntered:
    seat: Seat
    discarded: tuple[Card, ...]
    drawn: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class CardEntered:
    seat: Seat
    card: Card
    trick: int
    """1-based trick the card was played to."""
    position: int
    """0 for the lead, then 1, 2, 3."""
    completed: TrickTaken | None
    """The trick this card completed (with its winner), if it did."""
    new_findings: tuple[LiveFinding, ...]
    """Findings proven by this card (a renege now proven, at this trick or an earlier one)."""


@dataclass(frozen=True, slots=True)
class ClaimEntered:
    claim: Claim
    new_findings: tuple[LiveFinding, ...]
    """Findings proven by the claim; a claim with the deal known is judged only by
    ``claim_verdict()`` (slow: run it in a worker), which adds its findings then."""
    verdict: ClaimVerdict | None
    """Already known when no solving is needed (no deal: the claim cannot be checked)."""


@dataclass(frozen=True, slots=True)
class Undone:
    action: Mapping[str, Any]
    """The entry taken back, as the draft stores it ({'op': 'card', 'seat': 'E', ...})."""
    dropped_findings: tuple[LiveFinding, ...]
    """Findings that no longer hold without that entry."""


# -- the live view ----------------------------------------------------------------------
@dataclass(frozen=True)
class RefereeView:
    """Everything the referee screen shows, as plain immutable values."""

    variant: Variant
    dealer: Seat
    stage: str
    """'bidding', 'draw', 'exchange', 'play' or 'over'."""
    prompt: str
    """What is expected next, as a sentence: 'E to bid', 'W gives E three cards', 'S to play'."""
    bids: tuple[Bid, ...]
    deal_known: bool
    """True when the deal (or the two-player draw) is recorded: holdings are exact."""
    trick: int
    """The 1-based trick being played (14 once all 13 are played)."""
    leader: Seat | None
    """Who led (or leads) the trick on the table."""
    table: tuple[tuple[Seat, Card], ...]
    """The trick on the table, in play order."""
    turn: Seat | None
    last_trick: TrickTaken | None
    """The last completed trick, with its winner."""
    tricks_won: Mapping[Seat, int]
    """Per seat, tricks played and won (plus the claim's shares once a claim ends the hand)."""
    side_tricks: Mapping[str, int]
    spades_broken: bool
    shown_out: Mapping[Seat, tuple[Suit, ...]]
    """The suits each seat has failed to follow."""
    unseen: tuple[Card, ...]
    """The cards still to come, for the grid (with a known deal: exactly the cards held)."""
    remaining: Mapping[Seat, tuple[Card, ...]] | None
    """With a known deal, each seat's cards not yet played; None otherwise."""
    findings: tuple[LiveFinding, ...]
    claim: Claim | None
    is_over: bool
    can_undo: bool


@dataclass(frozen=True)
class ClaimVerdict:
    """The verdict on a claim, exactly as ``scorekeeper audit`` gives it."""

    available: bool
    """False when it cannot be checked (the deal or draw was not recorded): see ``summary``."""
    summary: str
    """One sentence for the screen."""
    check: ClaimCheck
    """The audit's verdict: ``status`` ('good', 'refuted', 'unverifiable'), ``claimed``,
    ``best`` (tricks the side can force), ``defence`` (a line that beats the claim, trick by
    trick) and ``nils`` (each live Nil of the claiming side: safe or not, with a line)."""
    findings: tuple[LiveFinding, ...]
    """The audit's claim findings: claim_refuted, nil_claim_refuted, claim_unverifiable."""

    @property
    def good(self) -> bool | None:
        return None if not self.available else self.check.status == "good"


@dataclass(frozen=True)
class HandResult:
    """The finished hand: findings, tricks, points, and the hand as a log entry."""

    findings: tuple[LiveFinding, ...]
    """Every finding of the hand, the claim's included (as ``scorekeeper audit`` lists them)."""
    tricks_won: Mapping[Seat, int]
    """As played, plus the claim's shares."""
    points: Mapping[str, SideHandPoints]
    """``score_hand`` on the tricks as played: the 'played' score of the audit."""
    penalties: HandPenalties
    """The revoke penalties (``scorekeeper.rules.penalties``) and the corrected tricks per seat."""
    corrected_points: Mapping[str, SideHandPoints]
    """Each side's points after the penalties: the 'corrected' score of the audit."""
    claim: ClaimVerdict | None
    log_hand: dict[str, Any]
    """The hand in the game log's form (what ``HandLog`` and ``scorekeeper audit`` read)."""
    ruled_points: Mapping[str, SideHandPoints] | None = None
    """Each side's points as the referee ruled (``rules.rulings``): what the game scores;
    None when no ruling was made (the hand scores as played)."""


def log_hand_dict(rec: HandRecord, tricks_won: Mapping[Seat, int] | None) -> dict[str, Any]:
    """A hand record as the game log writes a hand (``HandLog``): what the audit reads."""
    def texts(cards) -> list[str]:
        return [str(c) for c in cards]

    hand: dict[str, Any] = {
        "dealer": rec.dealer.name,
        "bids": [{"seat": b.seat.name, "bid": b.tricks, **({"blind": True} if b.blind else {})}
                 for b in rec.bids],
    }
    if tricks_won is not None:
        hand["tricks_won"] = {s.name: n for s, n in tricks_won.items()}
    hand["tricks"] = [{"leader": t.leader.name, "cards": texts(t.cards)} for t in rec.tricks or ()]
    if rec.deal is not None:
        hand["deal"] = {s.name: texts(cs) for s, cs in rec.deal.items()}
    if rec.exchanges:
        hand["exchanges"] = [{"from": x.giver.name, "to": x.receiver.name, "cards": texts(x.cards)}
                             for x in rec.exchanges]
    if rec.draw:
        hand["draw"] = [{"seat": p.seat.name, "kept": str(p.kept), "discarded": str(p.discarded)}
                        for p in rec.draw]
    if rec.redraws:
        hand["redraws"] = [{"seat": r.seat.name, "discarded": texts(r.discarded),
                            "drawn": texts(r.drawn)} for r in rec.redraws]
    if rec.claim is not None:
        cl = rec.claim
        hand["claim"] = {"seat": cl.seat.name, "after_trick": cl.after_trick,
                         "tricks": {s.name: v for s, v in cl.tricks.items()},
                         "accepted": cl.accepted}
    if rec.rulings:
        hand["rulings"] = [{"code": r.code, "trick": r.trick, "seat": r.seat.name,
                            "decision": r.decision, **({"by": r.by} if r.by else {}),
                            **({"note": r.note} if r.note else {})} for r in rec.rulings]
    return hand


def finding_key(f: Finding) -> tuple:
    """The identity of a finding across replays (its message may cite a better proof later)."""
    return (f.code, f.trick, f.seat, f.card, f.message if f.trick is None else "")


# -- penalties ----------------------------------------------------------------------------
def live_penalties(findings: list[Finding], rules: RuleSet,
                   replay: HandReplay) -> list[LivePenalty]:
    """The penalty the game's rules apply to each finding, by ``rules.penalties.hand_penalties``
    (the audit's own function, so the app and ``scorekeeper audit`` price a revoke alike).

    Revokes are priced together, in trick order, as things stand: the tricks that move are
    capped by what the offending side has won from the revoke on, so the figure can grow
    until the hand is over. docs/rules.md names a penalty for a revoke only.
    """
    priced = {(p.revoke.trick, p.revoke.seat): p
              for p in hand_penalties(replay, rules, findings).penalties}
    out = []
    for f in findings:
        p = priced.get((f.trick, f.seat)) if f.code == "revoke" else None
        if p is not None:
            out.append(LivePenalty(p.describe(), p.kind, p.tricks_moved, p.offending_side))
        elif f.invalid:
            out.append(LivePenalty("the record is impossible here: correct the entry",
                                   "invalid"))
        else:
            out.append(LivePenalty("no penalty: the rules name one for a revoke only", "none"))
    return out


# -- claims -------------------------------------------------------------------------------
def claim_verdict_of(replay: HandReplay, rules: RuleSet = DEFAULT_RULES) -> ClaimVerdict:
    """The verdict on the claim that ends ``replay`` (``rules.claims``, which the audit asks
    too: it runs the double-dummy solver when the deal is known), with its findings."""
    check = check_claim(replay, rules)
    found = tuple(LiveFinding(f, LivePenalty("no penalty: a claim is settled by the referee",
                                             "none"))
                  for f in claim_findings(check))
    head = (f"{check.seat} claims {check.claimed} of the {check.remaining} tricks left for"
            f" {check.side}")
    if check.status == "unverifiable":
        summary = f"{head}; it cannot be checked: {check.reason}"
    elif check.status == "good":
        summary = (f"{head}: the claim stands ({check.side} can force {check.best} against any"
                   " defence)")
    else:
        summary = (f"{head}: the defence can hold {check.side} to {check.best}:"
                   f" {line_text(check.defence)}")
    for n in check.nils:
        summary += (f"; {n.seat}'s Nil is {'safe' if n.safe else 'not safe'}"
                    f" ({line_text(n.defence)})" if not n.safe else f"; {n.seat}'s Nil is safe")
    return ClaimVerdict(check.status != "unverifiable", summary, check, found)


def shown_out_suits(mask: int) -> tuple[Suit, ...]:
    return tuple(Suit(s) for s in range(4) if mask >> s & 1)


def entry_text(action: Mapping[str, Any]) -> str:
    """An entry of the hand as the referee says it ("W's 2♥", "the deal"), for "Undone: ..."."""
    op = action["op"]
    if op == "card":
        return f"{action['seat']}'s {card(action['card']).pretty()}"
    if op == "bid":
        blind, n = action.get("blind", False), action["bid"]
        said = ("Blind Nil" if blind else "Nil") if n == 0 else (f"blind {n}" if blind else n)
        return f"{action['seat']}'s bid {said}"
    if op == "draw":
        return f"{action['seat']}'s draw turn"
    if op == "exchange":
        return f"the exchange from {action['from']}"
    if op == "ruling":
        return f"the ruling on the {action['code']} by {action['seat']} at trick {action['trick']}"
    return {"deal": "the deal", "claim": "the claim", "redraw": "the redraw"}.get(op, op)
