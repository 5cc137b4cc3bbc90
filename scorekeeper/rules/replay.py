"""Replay a recorded hand through the referee engine and collect every finding.

One function, :func:`replay_hand`, serves the scorer, ``validate``, the audit and the app's
referee mode. It never stops at the first problem: an impossible card is played anyway and
named, a renege is recorded with its proof, and the replay goes on to the last trick.

Each ``Finding`` has a code. Codes in ``INVALID_CODES`` mean the record is physically
impossible (a card twice, 12 tricks, a card the seat did not hold): ``validate`` refuses such a
log. The others are breaches of the rules by players or disagreements at the table (a renege,
a lead out of turn, tricks agreed that differ from the play): the audit reports them.

The entries before the play (deal, draw, exchanges, redraws) are checked by
``rules.before_play``, the same checks the referee runs on each entry before it takes it; the
play goes through the card-play engine (``rules.hand.HandPlay``), which the replay leaves in
``HandReplay.engine`` for a referee to ask whether the next card can be played.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from .before_play import Problem, check_deal, check_draw, check_exchanges, check_redraws
from .cards import BIT, CARDS, Card, format_hand, mask_of
from .seats import Seat, Variant
from .hand import CardPlayed, HandPlay, TrickTaken, suit_name
from .bidding import bid_breaches, has_bidding_rules
from .findings import INVALID_CODES, Finding
from .record import HandRecord
from .settings import DEFAULT_RULES, RuleSet

@dataclass
class HandReplay:
    """Everything the replay learned about one hand."""

    record: HandRecord
    events: list[CardPlayed | TrickTaken] = field(default_factory=list)
    findings: list[Finding] = field(default_factory=list)
    tricks: list[TrickTaken] = field(default_factory=list)
    tricks_won: dict[Seat, int] = field(default_factory=dict)
    """From the play (plus a claim) when the play is recorded, else as recorded."""
    dealt: dict[Seat, int] = field(default_factory=dict)
    """Each seat's hand before any exchange: as recorded, or rebuilt from the play."""
    dealt_known: bool = False
    """True when the deal (or two-player draw) was recorded, False when rebuilt."""
    held: dict[Seat, int] = field(default_factory=dict)
    """Each seat's hand when play began (after exchanges or redraws)."""
    spades_broken: bool = False
    shown_out: dict[Seat, int] = field(default_factory=dict)
    """Per seat, a 4-bit mask of the suits it failed to follow (bit = suit number)."""
    current: list[Card] = field(default_factory=list)
    """In-progress replays: the cards of the unfinished trick, from its leader."""
    current_leader: Seat | None = None
    turn: Seat | None = None
    """Whose card is next (None when the hand is over)."""
    engine: HandPlay | None = field(default=None, repr=False, compare=False)
    """The card-play engine as the replay left it: what a referee asks whether the next card
    can be played (``HandPlay.verify_possible``). None without a recorded play, and in a
    replay built the quick way (``bitplay.quick_replay``), which the referee never uses."""

    @property
    def invalid(self) -> list[Finding]:
        return [f for f in self.findings if f.invalid]

    @property
    def breaches(self) -> list[Finding]:
        return [f for f in self.findings if not f.invalid]


def replay_hand(record: HandRecord, rules: RuleSet = DEFAULT_RULES, *,
                in_progress: bool = False) -> HandReplay:
    """Replay one recorded hand; see the module doc.

    ``in_progress``: the hand is still being played (the referee's live view), so missing
    bids, tricks not yet played and a missing result are not findings; a renege is found as
    soon as the record proves it.
    """
    out = HandReplay(record)
    _check_bids(record, rules, out, in_progress)
    held = _starting_holdings(record, out, rules)
    if record.tricks is not None:
        _play(record, held, out, in_progress, rules)
    else:
        out.held = held
    if not in_progress:
        _check_result(record, out)
    return out



# -- bids --------------------------------------------------------------------------------
def _check_bids(record: HandRecord, rules: RuleSet, out: HandReplay, in_progress: bool) -> None:
    v = record.variant
    seen: set[Seat] = set()
    expected = v.turn_order(v.first_to_act(record.dealer))
    order_ok = True
    for i, bid in enumerate(record.bids):
        if bid.seat not in v.seats:
            out.findings.append(Finding("bid_seat_invalid", f"bid by {bid.seat}: there is no seat"
                                        f" {bid.seat} in the {v} game", seat=bid.seat))
            continue
        if bid.seat in seen:
            out.findings.append(Finding("bid_duplicated", f"{bid.seat} bids twice", seat=bid.seat))
            continue
        seen.add(bid.seat)
        if i < len(expected) and bid.seat != expected[i] and order_ok:
            order_ok = False
            out.findings.append(Finding(
                "bid_out_of_turn",
                f"{bid.seat} bid {i + 1}{_ordinal(i + 1)}, but {expected[i]} bids"
                f" {i + 1}{_ordinal(i + 1)} when {record.dealer} deals",
                seat=bid.seat,
                evidence={"order": [str(b.seat) for b in record.bids],
                          "expected": [str(s) for s in expected]}))
        if bid.blind and bid.tricks == 0 and not rules.allow_blind_nil:
            out.findings.append(Finding("blind_nil_not_allowed", f"{bid.seat} bid Blind Nil, which"
                                        " this game's rules do not allow", seat=bid.seat,
                                        evidence={"allow_blind_nil": False}))
    for s in v.seats:
        if s not in seen and not in_progress:
            out.findings.append(Finding("bid_missing", f"no bid by {s}", seat=s))
    if has_bidding_rules(rules) or any(b.blind and b.tricks for b in record.bids):
        out.findings.extend(bid_breaches(v, record.bids, rules))


def _ordinal(n: int) -> str:
    return {1: "st", 2: "nd", 3: "rd"}.get(n if n < 20 else n % 10, "th")


# -- holdings: deal, draw, exchanges, redraws --------------------------------------------
def _starting_holdings(record: HandRecord, out: HandReplay,
                       rules: RuleSet = DEFAULT_RULES) -> dict[Seat, int]:
    v = record.variant
    add = out.findings.append
    dealt = None
    draw_discards = None
    if record.draw is not None:
        problems, dealt, draw_discards = check_draw(v, record.dealer, record.draw)
        _add_each(problems, add)
    if record.deal is not None:
        problems, recorded = check_deal(v, record.deal)
        _add_each(problems, add)
        if dealt is not None and recorded is not None and recorded != dealt:
            add(Finding("draw_invalid", "the recorded deal differs from the cards kept in the"
                        " recorded draw", evidence={"deal": _hands_text(recorded),
                                                    "draw": _hands_text(dealt)}))
        dealt = dealt or recorded
    played = {s: 0 for s in v.seats}
    for t in record.tricks or ():
        order = v.turn_order(t.leader) if t.leader in v.seats else v.seats
        for seat, c in zip(order, t.cards):
            played[seat] |= BIT[c]
    if dealt is None:
        # Rebuilt from the play: each seat held at least what it is seen to play.
        rebuilt = dict(played)
        for x in record.exchanges or ():
            if x.giver in v.seats and x.receiver in v.seats:
                for c in x.cards:
                    rebuilt[x.receiver] &= ~BIT[c]
                    rebuilt[x.giver] |= BIT[c]
        for r in record.redraws or ():
            if r.seat in v.seats:
                rebuilt[r.seat] = (rebuilt[r.seat] & ~mask_of(r.drawn)) | mask_of(r.discarded)
        out.dealt, out.dealt_known = rebuilt, False
        held = dict(played)
    else:
        out.dealt, out.dealt_known = dict(dealt), True
        held = dict(dealt)
    known = held if dealt is not None else None
    problems, after = check_exchanges(v, record.bids, record.exchanges, known, played,
                                      rules=rules)
    _add_by_entry(problems, record.exchanges, add, lambda x: (
        f"exchange {x.giver} to {x.receiver} ({' '.join(map(str, x.cards))})", x.giver))
    problems, after = check_redraws(v, record.bids, record.redraws, after, draw_discards,
                                    played)
    _add_by_entry(problems, record.redraws, add, lambda r: (f"redraw by {r.seat}", r.seat))
    return held if after is None else after


def _add_each(problems: list[Problem], add) -> None:
    for p in problems:
        add(Finding(p.code, p.message, seat=p.seat, card=p.card))


def _add_by_entry(problems: list[Problem], entries, add, head) -> None:
    """One finding per exchange (or redraw) at fault, naming all its problems, in the order
    the entries were made; the problems of the entries as a whole after them."""
    by_entry: dict[int, list[str]] = {}
    for p in problems:
        if p.index is not None:
            by_entry.setdefault(p.index, []).append(p.message)
    for index, texts in by_entry.items():
        title, seat = head(entries[index])
        add(Finding(problems[0].code, f"{title}: {'; '.join(texts)}", seat=seat,
                    evidence={"problems": texts}))
    _add_each([p for p in problems if p.index is None], add)


# -- play -------------------------------------------------------------------------------
def _play(record: HandRecord, held: dict[Seat, int], out: HandReplay, in_progress: bool,
          rules: RuleSet = DEFAULT_RULES) -> None:
    v = record.variant
    engine = HandPlay(v, first_leader(v, record.dealer, held, rules), held,
                      exact=out.dealt_known, rules=rules)
    out.held = dict(engine.holdings)
    later: dict[tuple[Seat, int], int] = {}
    # Where each (seat, card) is first played, to cite a later play as proof of a renege.
    for n, t in enumerate(record.tricks, start=1):
        order = v.turn_order(t.leader) if t.leader in v.seats else v.seats
        for seat, c in zip(order, t.cards):
            later.setdefault((seat, c), n)
    n_tricks = len(record.tricks)
    for t in record.tricks:
        n = engine.trick_no
        if n > 13:
            out.findings.append(Finding("trick_count", f"trick {n}: a hand has only 13 tricks",
                                        trick=n))
            break
        if t.leader not in v.seats:
            out.findings.append(Finding("trick_size", f"trick {n}: the leader {t.leader} has no"
                                        f" seat in the {v} game", trick=n, seat=t.leader))
            continue
        if len(t.cards) != v.n_seats and not (in_progress and t is record.tricks[-1]
                                              and len(t.cards) < v.n_seats):
            out.findings.append(Finding("trick_size", f"{len(t.cards)} cards in the trick, not"
                                        f" {v.n_seats}", trick=n,
                                        evidence={"cards": [str(c) for c in t.cards]}))
        for seat, c in zip(v.turn_order(t.leader), t.cards[: v.n_seats]):
            expected_leader = engine.turn
            event, taken = engine.record(seat, c, force=True)
            out.events.append(event)
            _findings_for_card(record, engine, event, expected_leader, later, out)
            if taken:
                out.events.append(taken)
        if engine.current and not (in_progress and t is record.tricks[-1]):
            out.events.append(engine.close_trick())
    out.engine = engine
    out.tricks = list(engine.tricks)
    out.current = list(engine.current)
    out.current_leader = engine.leader if engine.current else None
    out.turn = engine.turn
    out.tricks_won = dict(engine.tricks_won)
    out.spades_broken = engine.spades_broken
    out.shown_out = dict(engine.shown_out)
    claim = record.claim
    if claim is not None:
        if claim.after_trick != n_tricks:
            out.findings.append(Finding("claim_invalid", f"the claim is made after trick"
                                        f" {claim.after_trick}, but {n_tricks} tricks are recorded",
                                        seat=claim.seat))
        if sum(claim.tricks.values()) != 13 - n_tricks:
            out.findings.append(Finding("claim_invalid", f"the claim shares out"
                                        f" {sum(claim.tricks.values())} tricks, but"
                                        f" {13 - n_tricks} remain", seat=claim.seat))
        for s, k in claim.tricks.items():
            if s in out.tricks_won:
                out.tricks_won[s] += k
    elif n_tricks < 13 and not in_progress:
        out.findings.append(Finding("trick_count", f"only {n_tricks} tricks are recorded and no"
                                    " claim ends the hand", evidence={"tricks": n_tricks}))


def _findings_for_card(record, engine, event: CardPlayed, expected_leader, later, out) -> None:
    n, seat, c = event.trick, event.seat, event.card
    for code in event.impossible:
        msg = {
            "card_duplicated": f"{c} by {seat} at trick {n} was already played"
                               f"{_first_play(engine, c, n)}",
            "card_not_held": f"{seat} played {c} at trick {n}, but {seat} did not hold it"
                             f" ({'after the exchange' if record.exchanges else 'in the deal'})",
            "hand_over": f"{c} by {seat}: all 13 tricks were already played",
        }.get(code, f"{c} by {seat} at trick {n}: {code}")
        out.findings.append(Finding(code, msg, trick=n, seat=seat, card=c))
    for b in event.breaches:
        if b.code == "lead_out_of_turn":
            reason = (f"{expected_leader} won trick {n - 1}" if n > 1 else
                      "the holder of the two of clubs leads first"
                      if engine.first_trick == "two_of_clubs"
                      else "the seat after the dealer leads first")
            out.findings.append(Finding(
                "lead_out_of_turn", f"{seat} led trick {n}, but {expected_leader} was to lead"
                f" ({reason})", trick=n, seat=seat, card=c,
                evidence={"expected_leader": str(expected_leader), "leader": str(seat)}))
            continue
        proof = [CARDS[i] for i in range(52) if b.proof >> i & 1]
        cited = _cite(seat, proof, n, later)
        if b.code == "revoke":
            led = suit_name(event.led_suit)
            out.findings.append(Finding(
                "revoke", f"{seat} showed out of {led} at trick {n} (played {c}) but {cited[0]}",
                trick=n, seat=seat, card=c,
                evidence={"led_suit": event.led_suit.letter, "showed_out": {"trick": n, "card": str(c)},
                          "held": cited[1]}))
        elif b.code == "first_lead_invalid":
            rule = ("the two of clubs" if engine.first_trick == "two_of_clubs"
                    else "the leader's lowest club")
            out.findings.append(Finding(
                "first_lead_invalid", f"{seat} led {c} to the first trick, where the lead is"
                f" {rule}, but {cited[0]}", trick=n, seat=seat, card=c,
                evidence={"first_trick": engine.first_trick, "led": str(c), "held": cited[1]}))
        elif b.code == "spade_on_first_trick":
            out.findings.append(Finding(
                "spade_on_first_trick", f"{seat} played {c} on the first trick, out of clubs,"
                f" but {cited[0]}", trick=n, seat=seat, card=c,
                evidence={"first_trick": engine.first_trick, "held": cited[1]}))
        elif b.code == "spade_led_unbroken":
            out.findings.append(Finding(
                "spade_led_unbroken", f"{seat} led {c} at trick {n} before spades were broken,"
                f" but {cited[0]}", trick=n, seat=seat, card=c,
                evidence={"led": {"trick": n, "card": str(c)}, "held": cited[1]}))


def first_leader(variant: Variant, dealer: Seat, held: Mapping[Seat, int],
                 rules: RuleSet = DEFAULT_RULES) -> Seat:
    """Who leads the first trick: the seat after the dealer, or under ``first_trick:
    two_of_clubs`` (partnership) the holder of the two of clubs where the holdings show it."""
    if rules.first_trick == "two_of_clubs" and variant is Variant.PARTNERSHIP:
        for s in variant.seats:
            if held.get(s, 0) & 1:
                return s
    return variant.first_to_act(dealer)


def _first_play(engine: HandPlay, card: Card, trick: int) -> str:
    for t in engine.tricks:
        if card in t.cards and t.trick <= trick:
            who = engine.variant.turn_order(t.leader)[t.cards.index(card)]
            return f" (by {who} at trick {t.trick})"
    if card in engine.current[:-1]:
        who = engine.variant.turn_order(engine.leader)[engine.current.index(card)]
        return f" (by {who} in this trick)"
    return ""


def _cite(seat: Seat, proof: list[Card], trick: int, later) -> tuple[str, dict]:
    """The clearest proof that ``seat`` held one of ``proof``: a later play, else the deal."""
    plays = sorted((later[(seat, c)], c) for c in proof if later.get((seat, c), 0) > trick)
    if plays:
        t, c = plays[0]
        return f"played {c} at trick {t}", {"card": str(c), "trick": t, "source": "play"}
    c = proof[-1]
    return (f"the deal shows {seat} held {c}",
            {"card": str(c), "trick": None, "source": "deal",
             "cards": [str(x) for x in proof]})


# -- the result -------------------------------------------------------------------------
def _check_result(record: HandRecord, out: HandReplay) -> None:
    v = record.variant
    recorded = record.tricks_won
    if recorded is not None:
        total = sum(recorded.get(s, 0) for s in v.seats)
        if total != 13:
            out.findings.append(Finding("tricks_won_total", f"tricks won add up to {total}, not 13",
                                        evidence={"tricks_won": {str(s): recorded.get(s, 0)
                                                                 for s in v.seats}}))
    if record.tricks is None:
        if recorded is None:
            out.findings.append(Finding("result_missing", "the hand has neither tricks_won nor"
                                        " tricks"))
            out.tricks_won = {s: 0 for s in v.seats}
        else:
            out.tricks_won = {s: recorded.get(s, 0) for s in v.seats}
        return
    if recorded is not None:
        diff = [s for s in v.seats if recorded.get(s, 0) != out.tricks_won.get(s, 0)]
        if diff:
            agreed = ", ".join(f"{s} {recorded.get(s, 0)}" for s in v.seats)
            played = ", ".join(f"{s} {out.tricks_won.get(s, 0)}" for s in v.seats)
            out.findings.append(Finding(
                "tricks_mismatch", f"tricks won as recorded ({agreed}) differ from the play"
                f" ({played})", seat=diff[0],
                evidence={"recorded": {str(s): recorded.get(s, 0) for s in v.seats},
                          "played": {str(s): out.tricks_won.get(s, 0) for s in v.seats}}))


def _hands_text(hands: Mapping[Seat, int]) -> dict[str, str]:
    return {str(s): format_hand(m) for s, m in hands.items()}


__all__ = ["Finding", "HandReplay", "INVALID_CODES", "replay_hand"]
