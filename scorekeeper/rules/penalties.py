"""Revoke penalties and the corrected tricks: pure rules, no I/O, no pydantic.

What a proven revoke costs is a house rule (``RuleSet.revoke_penalty``); this module applies it
to the tricks each seat won, hand by hand, and scores the game again.

**``revoke_penalty: "tricks"``** (the default). Each recorded revoke is established: the log
shows the card played to the trick and play going on. For each one, in trick order:

- Up to ``revoke_penalty_tricks`` (default 3) tricks move from the offending side to the other
  side, never more than the offending side won from the revoke trick on (that trick included;
  tricks of an accepted claim count as won after it), less what earlier revokes of the same
  side in the hand already moved. Tricks won before the revoke never move.
- A repeated revoke in the same suit by the same player in the same hand is reported but not
  penalised again (bridge law 64B2: the first revoke's penalty covers it).
- The tricks come off the offending seats that won them from the revoke on, a seat that bid a
  number first; a Nil bidder's tricks are taken last and never his last one, so a penalty never
  turns a failed Nil into a made one.
- The tricks go to a seat of the other side that bid a number (the first in seat order N, E,
  S, W); if both seats there bid Nil, to one whose Nil already failed; if every Nil there is
  still made, to nobody: the tricks only leave the offending side. So a penalty never breaks a
  Nil of the side it helps. In two-player that is the other player, unless his Nil is made.

**``revoke_penalty: "set"``**. The offending side is set for the hand (``HandPenalties.
set_sides``, which ``scoring.score_hand`` honours): every bid of the side fails (the contract
scores -10 per bid trick, each Nil or Blind Nil of the side fails) and the side earns no bags
that hand; the other side is scored as played. Several revokes by one side in a hand set it
once. **``"set_and_credit"``** sets it so and credits the other side its contract exactly
(made, no bags; its Nils as played); if both sides revoked, both are set.

**``second_revoke_forfeits``**: each penalised revoke is counted for its side
(``HandPenalties.revoking_sides``, a repeated one in the same suit not); scoring ends the game
at the hand of a side's second (``scoring._GameEnds``).

A spade led before spades were broken is a finding of the audit but costs no tricks: docs/rules.md
names a penalty for a revoke only.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from .hand import suit_name
from .cards import Suit
from .replay import Finding, HandReplay
from .scoring import Bid, HandInput
from .settings import DEFAULT_RULES, RuleSet
from .seats import Seat, Variant


@dataclass(frozen=True, slots=True)
class Revoke:
    """A proven revoke, as the penalty needs it."""

    trick: int
    """1-based trick of the revoke."""
    seat: Seat
    suit: int
    """The suit led, which the seat failed to follow."""


@dataclass(frozen=True, slots=True)
class RevokePenalty:
    """What one revoke cost."""

    revoke: Revoke
    offending_side: str
    other_side: str
    kind: str
    """'tricks', 'set', or 'none' (a repeated revoke in the same suit: no second penalty)."""
    tricks_moved: int = 0
    won_from_revoke: int = 0
    """Tricks the offending side won from the revoke trick on (the cap)."""
    taken_from: tuple[tuple[Seat, int], ...] = ()
    credited_to: Seat | None = None
    """The seat of the other side credited with the moved tricks (None: nobody)."""

    def describe(self) -> str:
        r = self.revoke
        head = f"revoke by {r.seat} at trick {r.trick}"
        if self.kind == "none":
            return (f"{head}: no further penalty (a repeated revoke in {suit_name(r.suit)} by"
                    f" {r.seat})")
        if self.kind == "set":
            return f"{head}: {self.offending_side} are set for the hand"
        if self.kind == "set_and_credit":
            return (f"{head}: {self.offending_side} are set for the hand and"
                    f" {self.other_side} credited their contract exactly")
        if not self.tricks_moved:
            return (f"{head}: no trick moves ({self.offending_side} won no trick from trick"
                    f" {r.trick} on that is not already moved)")
        taken = ", ".join(f"{n} from {s}" for s, n in self.taken_from)
        to = (f"credited to {self.credited_to}" if self.credited_to is not None
              else f"credited to no seat of {self.other_side} (each bid a Nil still made)")
        plural, verb = ("", "moves") if self.tricks_moved == 1 else ("s", "move")
        return (f"{head}: {self.tricks_moved} trick{plural} {verb} from {self.offending_side} to"
                f" {self.other_side} ({taken}; {to}; {self.offending_side} won"
                f" {self.won_from_revoke} from trick {r.trick} on)")


@dataclass(frozen=True, slots=True)
class HandPenalties:
    """A hand's tricks after every revoke penalty."""

    penalties: tuple[RevokePenalty, ...]
    tricks_won: dict[Seat, int]
    """Corrected tricks per seat (equal to the play when nothing moved)."""
    set_sides: frozenset[str]
    """Sides set for the hand (``revoke_penalty: "set"`` or ``"set_and_credit"``)."""
    credited_sides: frozenset[str] = frozenset()
    """Sides credited their contract exactly (``revoke_penalty: "set_and_credit"``)."""
    revoking_sides: tuple[str, ...] = ()
    """The side of each proven revoke but a repeated one in the same suit (bridge law 64B2:
    covered by the first), whatever the penalty: what ``second_revoke_forfeits`` counts."""


def penalise_hand(
    variant: Variant,
    bids: Iterable[Bid],
    trick_winners: Sequence[Seat],
    tricks_won: Mapping[Seat, int],
    revokes: Iterable[Revoke],
    rules: RuleSet = DEFAULT_RULES,
) -> HandPenalties:
    """Apply the revoke penalties of one hand (see the module doc).

    ``trick_winners`` is the winner of each trick played (1-based trick n is index n-1);
    ``tricks_won`` the tricks per seat as played, a claim's tricks included (tricks beyond the
    play count as won after any revoke).
    """
    won = {s: tricks_won.get(s, 0) for s in variant.seats}
    revokes = sorted(revokes, key=_trick_and_seat)
    if not revokes:  # nearly every hand
        return HandPenalties((), won, _NO_SIDE)
    counted: list[str] = []
    nil = {b.seat for b in bids if b.tricks == 0}
    penalties: list[RevokePenalty] = []
    set_sides: set[str] = set()
    credited: set[str] = set()
    seen: set[tuple[Seat, int]] = set()
    taken_so_far = {s: 0 for s in variant.seats}
    for r in revokes:
        side = variant.side_of(r.seat)
        other = next(s for s in variant.sides if s != side)
        if (r.seat, r.suit) in seen:
            penalties.append(RevokePenalty(r, side, other, "none"))
            continue
        seen.add((r.seat, r.suit))
        counted.append(side)
        if rules.revoke_penalty in ("set", "set_and_credit"):
            kind = "none" if side in set_sides else rules.revoke_penalty
            set_sides.add(side)
            if rules.revoke_penalty == "set_and_credit":
                credited.add(other)
            penalties.append(RevokePenalty(r, side, other, kind))
            continue
        members = variant.members(side)
        from_revoke = _won_from(variant, members, trick_winners, tricks_won, r.trick)
        cap = sum(from_revoke.values())
        avail = {s: max(0, from_revoke[s] - taken_so_far[s]) for s in members}
        taken = _take(members, avail, won, nil, rules.revoke_penalty_tricks)
        moved = sum(n for _, n in taken)
        for s, n in taken:
            won[s] -= n
            taken_so_far[s] += n
        credit = _receiver(variant.members(other), won, nil)
        if credit is not None:
            won[credit] += moved
        penalties.append(RevokePenalty(r, side, other, "tricks", moved, cap, tuple(taken),
                                       credit if moved else None))
    # A side set and credited at once (both sides revoked): set wins, it is the penalty.
    return HandPenalties(tuple(penalties), won, frozenset(set_sides),
                         frozenset(credited - set_sides), tuple(counted))


_NO_SIDE: frozenset[str] = frozenset()


def _trick_and_seat(r: Revoke) -> tuple[int, Seat]:
    return r.trick, r.seat


def _won_from(variant, members, trick_winners, tricks_won, trick) -> dict[Seat, int]:
    """Tricks each member won from ``trick`` on: in the play, plus a claim's tricks."""
    played = {s: 0 for s in members}
    total_played = {s: 0 for s in members}
    for n, w in enumerate(trick_winners, start=1):
        if w in played:
            total_played[w] += 1
            if n >= trick:
                played[w] += 1
    return {s: played[s] + max(0, tricks_won.get(s, 0) - total_played[s]) for s in members}


def _take(members, avail, won, nil, want) -> list[tuple[Seat, int]]:
    """Which seats give up ``want`` tricks: number bidders first, then the seat that won more
    from the revoke on; never more than a seat won from the revoke on and not already moved,
    and never a Nil bidder's last trick."""
    order = sorted(members, key=lambda s: (s in nil, -avail[s], s))
    taken = []
    for s in order:
        limit = min(avail[s], won[s] - (1 if s in nil else 0))
        n = max(0, min(want, limit))
        if n:
            taken.append((s, n))
            want -= n
    return taken


def _receiver(members: Sequence[Seat], won: Mapping[Seat, int], nil: set[Seat]) -> Seat | None:
    for s in members:
        if s not in nil:
            return s
    for s in members:
        if won[s] > 0:
            return s
    return None


def proven_revokes(findings: Iterable[Finding]) -> list[Revoke]:
    """The revokes among a hand's findings, as the penalty needs them."""
    return [Revoke(f.trick, f.seat, Suit.parse(f.evidence["led_suit"]))
            for f in findings if f.code == "revoke"]


def hand_penalties(replay: HandReplay, rules: RuleSet = DEFAULT_RULES,
                   findings: Iterable[Finding] | None = None) -> HandPenalties:
    """The penalties of a replayed hand's proven revokes and its corrected tricks: the one
    way the audit, the referee and its live view price a revoke. ``findings``: the findings
    to price (default: all the replay's); the tricks that move are capped by what the
    offending side won from the revoke on, so for a hand still in play the figure is as
    things stand."""
    revokes = proven_revokes(replay.findings if findings is None else findings)
    winners = [t.winner for t in replay.tricks] if revokes else ()
    return penalise_hand(replay.record.variant, replay.record.bids, winners, replay.tricks_won,
                         revokes, rules)


def corrected_input(replay: HandReplay, penalties: HandPenalties) -> HandInput:
    """The hand as scoring reads it once its penalties are applied: the corrected tricks,
    and the sides a penalty sets."""
    rec = replay.record
    return HandInput(rec.dealer, rec.bids, penalties.tricks_won, penalties.set_sides,
                     penalties.credited_sides, penalties.revoking_sides, rec.time_called)


__all__ = ["HandPenalties", "Revoke", "RevokePenalty", "corrected_input", "hand_penalties",
           "penalise_hand", "proven_revokes"]
