"""Which bids the house rules allow: Nil at all, a side's minimum, blind bids of a number.

One home for each bidding rule beyond RULES.md's defaults, asked two ways: at the table
(:func:`bid_refusal`, before a bid is entered: the referee refuses it) and of a record
(:func:`bid_breaches`, the findings of a hand's bids: the audit reports them and the hand is
scored as bid). The scores a rule needs (how far a side trails) are the caller's; a record's
hands are checked against them by the analysis, hand by hand (:func:`blind_bid_allowed`).

Blind Nil's own rules (``allow_blind_nil``, ``blind_nil_min_deficit``) are older and live with
scoring (``scoring.blind_nil_allowed``); a Nil not allowed is a Blind Nil not allowed too.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from .findings import Finding
from .scoring import Bid, behind_by, blind_bid_allowed, blind_number_counts
from .seats import Seat, Variant
from .settings import DEFAULT_RULES, RuleSet


def has_bidding_rules(rules: RuleSet) -> bool:
    """Whether ``rules`` has any bidding setting away from RULES.md (most games do not)."""
    return not rules.nil_allowed or rules.min_side_bid is not None or (
        rules.blind_bid_min is not None)


def _below_minimum(variant: Variant, side: str, bids: Mapping[Seat, Bid],
                   rules: RuleSet) -> str | None:
    """Why ``side``'s bids (all made) fall short of ``min_side_bid``, or None."""
    least = rules.min_side_bid
    mine = [bids[s] for s in variant.members(side) if s in bids]
    nils = [b for b in mine if b.tricks == 0]
    if least is None or variant is not Variant.PARTNERSHIP or len(nils) == len(mine):
        return None  # two Nils are exempt
    total = sum(b.tricks for b in mine)
    if total >= least:
        return None
    if nils:
        return f"{side} bid {total} beside a Nil; with one Nil the partner alone bids {least}"
    return f"{side} bid {total}, below the minimum of {least} a side"


def bid_breaches(variant: Variant, bids: Sequence[Bid], rules: RuleSet = DEFAULT_RULES
                 ) -> list[Finding]:
    """The bidding rules a hand's bids break (none under RULES.md's defaults): a Nil where
    Nil is not allowed (``nil_not_allowed``), a blind bid of a number the rules do not allow
    (``blind_bid_not_allowed``: none at all, or below ``blind_bid_min``; how far the side
    trails is the analysis's to check), a side below ``min_side_bid``
    (``bid_below_minimum``)."""
    out = []
    for b in bids:
        if b.tricks == 0 and not rules.nil_allowed:
            out.append(Finding("nil_not_allowed", f"{b.seat} bid {b}, but this game's rules do"
                               " not allow Nil", seat=b.seat, evidence={"nil_allowed": False}))
        if b.blind and b.tricks > 0 and not blind_number_counts(b, rules):
            least = rules.blind_bid_min
            why = ("this game's rules have no blind bids" if least is None else
                   f"a blind bid is {least} or more")
            out.append(Finding("blind_bid_not_allowed", f"{b.seat} bid {b.tricks} blind, but"
                               f" {why}", seat=b.seat, evidence={"blind_bid_min": least}))
    if rules.min_side_bid is not None:
        by_seat = {b.seat: b for b in bids}
        for side in variant.sides:
            if all(s in by_seat for s in variant.members(side)):
                why = _below_minimum(variant, side, by_seat, rules)
                if why is not None:
                    out.append(Finding("bid_below_minimum", why, evidence={
                        "side": side, "min_side_bid": rules.min_side_bid}))
    return out


def bid_refusal(variant: Variant, made: Iterable[Bid], bid: Bid, rules: RuleSet,
                scores: Mapping[str, int] | None) -> str | None:
    """Why the referee refuses ``bid`` after the bids ``made`` this hand (None: it may be
    made), by the bidding house rules; ``scores``: each side's score before the hand (None:
    not known here, the trailing margin is not asked)."""
    if bid.tricks == 0 and not rules.nil_allowed:
        return "these rules do not allow Nil"
    side = variant.side_of(bid.seat)
    if bid.blind and bid.tricks > 0:
        if rules.blind_bid_min is None:
            return "only a Nil can be bid blind (these rules have no blind bids of a number)"
        if bid.tricks < rules.blind_bid_min:
            return f"a blind bid is {rules.blind_bid_min} or more"
        if scores is not None and not blind_bid_allowed(side, scores, rules):
            return (f"a blind bid only for a side behind by {rules.blind_bid_min_deficit} or"
                    f" more ({side} is behind by {behind_by(side, scores)})")
    by_seat = {b.seat: b for b in made}
    by_seat[bid.seat] = bid
    if all(s in by_seat for s in variant.members(side)):
        why = _below_minimum(variant, side, by_seat, rules)
        if why is not None:
            return why
    return None


__all__ = ["bid_breaches", "bid_refusal", "blind_bid_allowed", "blind_number_counts",
           "has_bidding_rules"]
