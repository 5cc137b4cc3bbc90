"""What the referee engine hands the screen: typed refusals, entry records, the live view,
the penalty each finding carries and the double-dummy verdict on a claim.

Pure values and pure functions (no I/O, no textual): ``scorekeeper.referee.RefereeHand``
builds them, the referee screen only renders them.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .cards import CARDS, SPADES_MASK, Card, Suit, cards_in
from .rules import solver
from .rules.errors import ImpossiblePlay, InvalidBid, InvalidExchange, OutOfTurn, RuleError
from .rules.hand import TrickTaken
from .rules.record import Claim
from .rules.replay import Finding, HandReplay
from .rules.scoring import Bid, SideHandPoints
from .rules.settings import RuleSet
from .seats import Seat, Variant


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
    """'tricks' (tricks move), 'set' (the side is set), 'none' (the rules set no penalty)
    or 'invalid' (the record itself is impossible)."""
    tricks: int | None = None
    """With 'tricks': the tricks that move as things stand (final once the hand is over)."""
    offender: str | None = None
    """The offending side ('NS', 'EW'; 'N', 'S' in two-player)."""
    source: str = "RuleSet"
    """Where the penalty comes from: the game's RuleSet (revoke_penalty*)."""


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
class HandResult:
    """The finished hand: findings, tricks, points, and the hand as a log entry."""

    findings: tuple[LiveFinding, ...]
    tricks_won: Mapping[Seat, int]
    points: Mapping[str, SideHandPoints]
    """score_hand on the tricks as played (and claimed); penalties are listed, not applied."""
    log_hand: dict[str, Any]
    """The hand in the game log's form (what ``HandLog`` and ``scorekeeper audit`` read)."""


@dataclass(frozen=True)
class ClaimVerdict:
    """The double-dummy verdict on a claim, when every remaining card is known."""

    available: bool
    """False when the solver cannot judge (no deal recorded): see ``summary``."""
    summary: str
    side: str | None = None
    claimed: int | None = None
    """Tricks the claimer's side claims of those left (the trick on the table included)."""
    best: int | None = None
    """Most tricks of those left the claimer's side can force against any defence."""
    good: bool | None = None
    """Whether the side can force what it claims (a claim of fewer is always good)."""
    refutation: tuple[tuple[Seat, Card], ...] = ()
    """When the claim is not good: a line of play, defence best, that beats it."""
    nil_checks: tuple[tuple[Seat, int, bool], ...] = field(default_factory=tuple)
    """For each Nil bidder of the claiming side: (seat, tricks claimed for him, whether his
    side can hold him to that many)."""


def finding_key(f: Finding) -> tuple:
    """The identity of a finding across replays (its message may cite a better proof later)."""
    return (f.code, f.trick, f.seat, f.card, f.message if f.trick is None else "")


# -- penalties ----------------------------------------------------------------------------
def penalty_for(f: Finding, variant: Variant, rules: RuleSet, replay: HandReplay,
                claim: Claim | None) -> LivePenalty:
    """The penalty the game's rules apply to a finding, from ``RuleSet.revoke_penalty``.

    RULES.md prices only a proven revoke; for anything else the rules set no penalty, and
    the view says so rather than inventing one.
    """
    if f.invalid:
        return LivePenalty("the record is impossible here: correct the entry", "invalid")
    if f.code != "revoke" or f.seat is None:
        return LivePenalty("no penalty in this game's rules; the referee rules on it", "none")
    side = variant.side_of(f.seat)
    other = next(s for s in variant.sides if s != side)
    if rules.revoke_penalty == "set":
        return LivePenalty(f"{side} are set: the contract counts as failed", "set",
                           offender=side)
    won = sum(1 for t in replay.tricks if t.trick >= (f.trick or 1)
              and variant.side_of(t.winner) == side)
    if claim is not None:
        won += sum(k for s, k in claim.tricks.items() if variant.side_of(s) == side)
    n = rules.revoke_penalty_tricks
    moved = min(n, won)
    over = claim is not None or len(replay.tricks) == 13
    if over:
        text = (f"{_tricks(moved)} move from {side} to {other} ({_tricks(n)} by the rules;"
                f" {side} won {won} from trick {f.trick} on)")
    else:
        text = (f"{_tricks(n)} move from {side} to {other}, never more than {side} win from"
                f" trick {f.trick} on ({won} so far)")
    return LivePenalty(text, "tricks", moved, side)


def _tricks(n: int) -> str:
    return f"{n} trick{'' if n == 1 else 's'}"


# -- claims -------------------------------------------------------------------------------
def judge_claim(variant: Variant, claim: Claim, bids: tuple[Bid, ...],
                remaining: Mapping[Seat, int], table: tuple[tuple[Seat, Card], ...],
                leader: Seat, spades_broken: bool) -> ClaimVerdict:
    """Solve the ending double dummy (``scorekeeper.rules.solver``) and judge the claim.

    ``remaining``: each seat's cards not yet played (exact); ``table``: the cards of the
    unfinished trick with their seats, led by ``leader``.
    """
    two = variant is Variant.TWO_PLAYER
    hands = tuple(remaining.get(Seat(i), 0) for i in range(4))
    position = solver.Position(hands, int(leader), tuple(int(c) for _, c in table),
                               spades_broken, two)
    side = variant.side_of(claim.seat)
    members = variant.members(side)
    claimed = sum(claim.tricks.get(s, 0) for s in members)
    seats = [int(s) for s in members]
    best = solver.max_tricks(position, seats)
    good = best >= claimed
    refutation: tuple[tuple[Seat, Card], ...] = ()
    if not good:
        line = solver.refute_claim(position, seats, claimed) or ()
        refutation = tuple((Seat(s), CARDS[c]) for s, c in line)
    nils = []
    for b in bids:
        if b.tricks == 0 and b.seat in members:
            share = claim.tricks.get(b.seat, 0)
            nils.append((b.seat, share, solver.can_hold_to(position, int(b.seat), share)))
    left = position.tricks_left
    verdict = (f"{side} can take {best} of the {left} tricks left against any defence")
    if good:
        verdict += f": the claim of {claimed} stands"
    else:
        shown = " ".join(f"{s} {c}" for s, c in refutation)
        verdict += f": the claim of {claimed} fails ({shown})"
    for seat, share, ok in nils:
        verdict += (f"; {seat}'s Nil {'is safe' if ok else 'can be broken'}" if share == 0
                    else f"; {seat} {'can' if ok else 'cannot'} be held to {share}")
    return ClaimVerdict(True, verdict, side, claimed, best, good, refutation, tuple(nils))


def no_verdict(reason: str) -> ClaimVerdict:
    return ClaimVerdict(False, reason)


def shown_out_suits(mask: int) -> tuple[Suit, ...]:
    return tuple(Suit(s) for s in range(4) if mask >> s & 1)


def masks_to_cards(mask: int) -> tuple[Card, ...]:
    return tuple(cards_in(mask))


def spades_seen(mask: int) -> bool:
    return bool(mask & SPADES_MASK)
