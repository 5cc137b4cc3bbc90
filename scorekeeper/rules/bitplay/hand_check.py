"""A fast check of a recorded hand: is it clean, and if not, which kinds of problem has it?

:func:`check_hand` answers the question :func:`~scorekeeper.rules.replay.replay_hand` answers
with ``findings``, without building any event, finding or message: it returns an ``int``, 0
for a clean hand, else a bit mask with one bit per finding code (:data:`CODES`). The mask
holds exactly the codes ``replay_hand`` would report for the same record and rules, so

    check_hand(r, rules) == 0   <=>   not replay_hand(r, rules).findings
    codes_of(check_hand(r, rules)) == {f.code for f in replay_hand(r, rules).findings}

(``tests/unit/test_hand_check.py`` proves both, in both variants, on random legal hands and on
hands with injected problems). Use it to sweep many hands; replay a flagged hand to learn
what, where and why.

How it stays fast: cards are ints and hands are 52-bit masks, each seat's in a list indexed
by seat; a 4-card (or 2-card) trick is checked unrolled, with the tables of
``clean_tricks.py`` (built from the reference: the suit mask of each card, "does card b beat
card a"); a clean partnership hand goes through its loop, which only says clean or not, and a
hand that is not is checked again card by card to name what is wrong. Spades are broken once
``played & SPADES_MASK`` (docs/rules.md as the referee reads it: any spade played breaks them). The
rare shapes (a short trick, a leader with no seat, a claim, exchanges, a draw, redraws, odd
bids) take slower branches that mirror the replay step for step.

What the play loops (``clean_tricks.play_tricks4``, ``_play2``, ``_odd_trick``) repeat: each
card is a step of ``replay._play`` through ``hand.HandPlay.record``, on masks. The lead check
is ``HandPlay._breaches``' ``lead_out_of_turn``; held and not played before is
``HandPlay.verify_possible``; ``not b & led and h & led`` (not following while holding the
suit led) is ``trick.breach``'s ``revoke``, and ``c >= 39 and not played & SPADES_MASK and h
& NON_SPADES_MASK`` (a spade led before any spade was played, by a seat with another suit)
its ``spade_led_unbroken``: both are cards ``trick.legal_plays`` leaves out. The winner, by
``BEATS``, is ``trick.winning_index``; trick sizes and count are ``replay._play``'s.

Like ``replay_hand``, a dealer with no seat in the variant (E or W in the two-player game) is
not a finding: it raises ``ValueError``.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, NamedTuple

from ..cards import BIT, NON_SPADES_MASK, SPADES_MASK
from ..seats import Seat, Variant
from .clean_tricks import (BEATS as _BEATS, LED_MASK as _LED_MASK, ORDER as _ORDER,
                           play_tricks4)
from ..bidding import bid_breaches, has_bidding_rules
from ..trick import has_play_rules
from ..settings import DEFAULT_RULES, RuleSet
from .finding_bits import (  # noqa: F401  (re-exported: a mask's codes are named here)
    CODE_BITS, CODES, INVALID_MASK, codes_of, BID_MISSING, BID_DUPLICATED, BID_SEAT_INVALID,
    DEAL_INVALID, DRAW_INVALID, EXCHANGE_INVALID, REDRAW_INVALID, CARD_DUPLICATED,
    CARD_NOT_HELD, TRICK_SIZE, TRICK_COUNT, TRICKS_WON_TOTAL, CLAIM_INVALID, RESULT_MISSING,
    BID_OUT_OF_TURN, BLIND_NIL_NOT_ALLOWED, REVOKE, SPADE_LED_UNBROKEN, LEAD_OUT_OF_TURN,
    TRICKS_MISMATCH,
)

if TYPE_CHECKING:
    from ..record import HandRecord


# -- precomputed tables (the trick tables are clean_tricks') -----------------------------
_P, _T = Variant.PARTNERSHIP, Variant.TWO_PLAYER
_SEAT_INTS = {_P: (0, 1, 2, 3), _T: (0, 2)}
_SEATS = tuple(Seat)
_SEAT_OF = attrgetter("seat")
_LEADER_OF = itemgetter(0)  # a TrickRecord's leader
_CARDS_OF = itemgetter(1)  # and its cards
_BLIND_OF = attrgetter("blind")
_KEPT_OF = attrgetter("kept")
_DISCARDED_OF = attrgetter("discarded")
#: _DRAW_ORDER[first]: the seats of the 26 turns of a two-player draw, N or S first.
_DRAW_ORDER = {0: [0, 2] * 13, 2: [2, 0] * 13}
#: _BID_ORDER[variant][first]: the seats in bidding order, as a list to compare with.
_BID_ORDER = {v: {f: list(o) for f, o in enumerate(_ORDER[v]) if o} for v in Variant}
#: _FIRST[(variant, dealer)]: who bids and leads first.
_FIRST = {(v, d): int(v.first_to_act(d)) for v in Variant for d in v.seats}


def check_hand(record: HandRecord, rules: RuleSet = DEFAULT_RULES) -> int:
    """0 when ``replay_hand(record, rules)`` finds nothing, else the mask of its finding codes.

    See the module doc; ``codes_of`` names the bits, ``mask & INVALID_MASK`` keeps the ones
    that make the record impossible.
    """
    return _check(record, rules).problems


def check_and_count(
    record: HandRecord, rules: RuleSet = DEFAULT_RULES
) -> tuple[int, dict[Seat, int]]:
    """:func:`check_hand`'s mask and the tricks each seat won, as ``replay_hand`` gives them in
    ``tricks_won``: from the play (plus a claim) when the play is recorded, else as recorded.

    A scorer can score a clean hand from this without replaying it, and replay only the hands
    whose mask is not 0 (to say what is wrong).
    """
    c = _check(record, rules)
    return c.problems, {_SEATS[s]: c.won[s] for s in _SEAT_INTS[record.variant]}


class CheckedPlay(NamedTuple):
    """What :func:`check_play` learned of a hand, seats as ints 0-3: the mask, tricks won per
    seat (a 4-list), each trick's winner in order (none without the play), each seat's cards
    when play began (``replay_hand``'s ``held``, rebuilt from the play without a deal or
    draw), and every card played."""

    problems: int
    won: list[int]
    winners: list[int]
    held: list[int]
    played: int


def check_play(record: HandRecord, rules: RuleSet = DEFAULT_RULES) -> CheckedPlay:
    """:func:`check_and_count` and what else the check computes anyway: each trick's winner
    and the holdings, so that ``quick_replay.replay_quick`` builds a clean hand's replay from them
    without walking the play again. Exact for a clean hand (``problems == 0``); for another
    the replay says what is wrong."""
    return _check(record, rules)


def _by_the_reference(record: HandRecord, rules: RuleSet) -> CheckedPlay:
    """``_check``'s answer from ``replay_hand`` itself: this module knows only RULES.md's
    play, and asks the reference for a game with play house rules (rare)."""
    from ..replay import replay_hand

    r = replay_hand(record, rules)
    mask = 0
    for f in r.findings:
        mask |= CODE_BITS[f.code]
    won = [r.tricks_won.get(s, 0) for s in _SEATS]
    start = [r.held.get(s, 0) for s in _SEATS]
    played = 0
    for t in r.tricks:
        for c in t.cards:
            played |= 1 << c
    return CheckedPlay(mask, won, [int(t.winner) for t in r.tricks], start, played)


def _check(record: HandRecord, rules: RuleSet) -> CheckedPlay:
    if has_play_rules(rules) or rules.nil_passing:
        return _by_the_reference(record, rules)
    v = record.variant
    seat_ints = _SEAT_INTS[v]
    n_seats = len(seat_ints)
    first = _FIRST.get((v, record.dealer))
    if first is None:
        first = int(v.first_to_act(record.dealer))  # raises ValueError like replay_hand
    problems = _check_bids(record, v, seat_ints, first, rules)
    held, p = _starting_holdings(record, v, seat_ints)
    problems |= p
    tricks = record.tricks
    recorded = record.tricks_won
    winners: list[int] = []
    if tricks is None:
        if recorded is None:
            return CheckedPlay(problems | RESULT_MISSING, [0, 0, 0, 0], winners, held, 0)
        won = [recorded.get(s, 0) for s in _SEATS]
        if sum(won[s] for s in seat_ints) != 13:
            problems |= TRICKS_WON_TOTAL
        return CheckedPlay(problems, won, winners, held, 0)
    start = held.copy()  # the play takes each card out of ``held``
    p, won, played = _play(tricks, n_seats, held, first, winners)
    problems |= p
    n_tricks = len(tricks)
    claim = record.claim
    if claim is not None:
        if claim.after_trick != n_tricks:
            problems |= CLAIM_INVALID
        if sum(claim.tricks.values()) != 13 - n_tricks:
            problems |= CLAIM_INVALID
        for s, k in claim.tricks.items():
            if s in seat_ints:
                won[s] += k
    elif n_tricks < 13:
        problems |= TRICK_COUNT
    if recorded is not None:
        get = recorded.get
        total = 0
        for s in seat_ints:
            k = get(_SEATS[s], 0)
            total += k
            if k != won[s]:
                problems |= TRICKS_MISMATCH
        if total != 13:
            problems |= TRICKS_WON_TOTAL
    return CheckedPlay(problems, won, winners, start, played)


# -- bids ---------------------------------------------------------------------------------
def _check_bids(record: HandRecord, v: Variant, seat_ints, first: int, rules: RuleSet) -> int:
    bids = record.bids
    blind_ok = rules.allow_blind_nil
    expected = _BID_ORDER[v][first]
    if has_bidding_rules(rules) or any(b.blind and b.tricks for b in bids):
        # The bidding house rules: asked of their one home, not repeated here (rare).
        return _check_bids_plain(bids, seat_ints, expected, rules) | _mask_of(
            bid_breaches(v, bids, rules))
    if list(map(_SEAT_OF, bids)) == expected and (blind_ok or not any(map(_BLIND_OF, bids))):
        return 0  # the usual case: each seat once, in turn, nothing forbidden
    return _check_bids_plain(bids, seat_ints, expected, rules)


def _mask_of(findings) -> int:
    mask = 0
    for f in findings:
        mask |= CODE_BITS[f.code]
    return mask


def _check_bids_plain(bids, seat_ints, expected, rules: RuleSet) -> int:
    """Each seat bids once, in turn, and Blind Nil only where allowed."""
    blind_ok = rules.allow_blind_nil
    n = len(seat_ints)
    problems = 0
    seen: set[int] = set()
    order_ok = True
    for i, bid in enumerate(bids):
        if bid.seat not in seat_ints:
            problems |= BID_SEAT_INVALID
            continue
        if bid.seat in seen:
            problems |= BID_DUPLICATED
            continue
        seen.add(bid.seat)
        if i < n and bid.seat != expected[i] and order_ok:
            order_ok = False
            problems |= BID_OUT_OF_TURN
        if bid.blind and not bid.tricks and not blind_ok:
            problems |= BLIND_NIL_NOT_ALLOWED
    if len(seen) < n:
        problems |= BID_MISSING
    return problems


# -- holdings: deal, draw, exchanges, redraws ---------------------------------------------
def _starting_holdings(record: HandRecord, v: Variant, seat_ints) -> tuple[list[int], int]:
    """(what each seat held when play began, as a 4-list of masks indexed by seat; problem
    bits). Without a deal or draw the holdings are rebuilt from the play: each seat held at
    least what it is seen to play, and a card it never held cannot be shown."""
    problems = 0
    dealt = None
    draw_discards = None
    if record.draw is not None:
        p, dealt, draw_discards = _check_draw(record, v)
        problems |= p
    if record.deal is not None:
        p, recorded = _check_deal(record.deal, v, seat_ints)
        problems |= p
        if dealt is not None and recorded is not None and recorded != dealt:
            problems |= DRAW_INVALID
        if dealt is None:
            dealt = recorded
    played = None
    if dealt is None or record.exchanges is not None or record.redraws:
        played = _played_by_seat(record.tricks or (), v)
    if dealt is None:
        # Rebuilt from the play: each seat held at least what it is seen to play.
        problems |= _check_exchanges(record, v, None, played)[0]
        problems |= _check_redraws(record, v, None, draw_discards, played)[0]
        return list(played), problems
    held = list(dealt)
    if record.exchanges is not None or (v is _P and any(map(_BLIND_OF, record.bids))):
        p, held = _check_exchanges(record, v, held, played)
        problems |= p
    if record.redraws:
        p, held = _check_redraws(record, v, held, draw_discards, played)
        problems |= p
    return held, problems


def _check_deal(deal, v: Variant, seat_ints) -> tuple[int, list[int] | None]:
    problems = 0
    hands = [0, 0, 0, 0]
    seen = 0
    complete = True
    bit = BIT.__getitem__
    for s in seat_ints:
        cards = deal.get(_SEATS[s])
        if cards is None:
            problems |= DEAL_INVALID
            complete = False
            continue
        m = sum(map(bit, cards))
        # popcount(sum) == len only when no bit was added twice (a repeat carries).
        if m.bit_count() != len(cards) or m & seen:
            problems |= DEAL_INVALID
            m = 0
            for c in cards:
                m |= BIT[c]
        if len(cards) != 13:
            problems |= DEAL_INVALID
        seen |= m
        hands[s] = m
    if v is _T and any(s not in seat_ints for s in deal):  # every Seat is a partnership seat
        problems |= DEAL_INVALID
    return problems, hands if complete else None


def _check_draw(record: HandRecord, v: Variant) -> tuple[int, list[int] | None, int]:
    if v is not _T:
        return DRAW_INVALID, None, 0
    draw = record.draw
    first = int(record.dealer)
    bit = BIT.__getitem__
    kept_cards = list(map(_KEPT_OF, draw))
    mine, theirs = sum(map(bit, kept_cards[0::2])), sum(map(bit, kept_cards[1::2]))
    discarded = sum(map(bit, map(_DISCARDED_OF, draw)))
    if (len(draw) == 26 and (mine + theirs + discarded).bit_count() == 52
            and list(map(_SEAT_OF, draw)) == _DRAW_ORDER[first]):
        # The usual case: turns alternate from the first player and the 52 cards are all
        # there (a repeat would carry, leaving fewer than 52 bits set).
        kept = [0, 0, 0, 0]
        kept[first], kept[2 - first] = mine, theirs
        return 0, kept, discarded
    problems = 0
    order = v.turn_order(record.dealer)
    kept = [0, 0, 0, 0]
    seen = 0
    discards = 0
    for i, p in enumerate(record.draw):
        if p.seat != order[i % 2]:
            problems |= DRAW_INVALID
        bk, bd = BIT[p.kept], BIT[p.discarded]
        if seen & bk or bk == bd or seen & bd:
            problems |= DRAW_INVALID
        seen |= bk | bd
        if p.seat in (0, 2):
            kept[p.seat] |= bk
        discards |= bd
    if len(record.draw) != 26:
        problems |= DRAW_INVALID
    return problems, kept, discards


def _played_by_seat(tricks, v: Variant) -> list[int]:
    """Each seat's cards in the play, attributed as the replay attributes them (a trick whose
    leader has no seat is read in seat order)."""
    order = _ORDER[v]
    plain = _SEAT_INTS[v]
    played = [0, 0, 0, 0]
    bits = BIT
    for t in tricks:
        seq = order[t.leader] or plain
        cards = t.cards
        if len(cards) == 4 == len(seq):
            c0, c1, c2, c3 = cards
            s0, s1, s2, s3 = seq
            played[s0] |= bits[c0]
            played[s1] |= bits[c1]
            played[s2] |= bits[c2]
            played[s3] |= bits[c3]
        else:
            for s, c in zip(seq, cards):
                played[s] |= bits[c]
    return played


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= BIT[c]
    return m


def _single_blind_nils(record: HandRecord) -> list[int]:
    """Seats that bid Blind Nil while their partner did not (their side exchanges cards)."""
    blinds = {b.seat for b in record.bids if b.blind and b.tricks == 0}
    return sorted({s for s in blinds if (s + 2) % 4 not in blinds})


def _check_exchanges(record, v, held, played) -> tuple[int, list[int] | None]:
    xs = record.exchanges
    if xs is None:
        if held is not None and v is _P and _single_blind_nils(record):
            return EXCHANGE_INVALID, held
        return 0, held
    if v is _T:
        return EXCHANGE_INVALID, held
    problems = 0
    needs = _single_blind_nils(record)
    done = set()
    dealt = held  # a giver must have been dealt his cards (not merely received them)
    held = list(held) if held is not None else None
    passed = 0  # without a deal: the cards earlier exchanges passed
    for x in xs:
        giver, receiver = int(x.giver), int(x.receiver)
        bad = (receiver != (giver + 2) % 4
               or (giver not in needs and receiver not in needs)
               or len(x.cards) != 3 or len(set(x.cards)) != 3
               or (giver, receiver) in done)
        done.add((giver, receiver))
        m = _mask(x.cards)
        if dealt is not None and m & ~dealt[giver]:
            bad = True
        if dealt is None:
            if m & passed:
                bad = True  # before_play's 'passed_twice'
            passed |= m
        if any(pm & m for s, pm in enumerate(played) if s != receiver):
            bad = True
        if bad:
            problems |= EXCHANGE_INVALID
        if held is not None:
            held[giver] &= ~m
            held[receiver] |= m
    for blind in needs:
        partner = (blind + 2) % 4
        if (blind, partner) not in done or (partner, blind) not in done:
            problems |= EXCHANGE_INVALID
    return problems, held


def _check_redraws(record, v, held, draw_discards, played) -> tuple[int, list[int] | None]:
    if not record.redraws:
        return 0, held
    if v is not _T:
        return REDRAW_INVALID, held
    problems = 0
    blinds = {b.seat for b in record.bids if b.blind and b.tricks == 0}
    start = held  # each player's hand before any redraw
    held = list(held) if held is not None else None
    all_played = played[0] | played[1] | played[2] | played[3]
    redrawn: set[int] = set()
    moved = 0  # the cards earlier redraws discarded or drew
    for r in record.redraws:
        seat = int(r.seat)
        gone, got = _mask(r.discarded), _mask(r.drawn)
        # The same verdict as before_play.check_redraws, kind by kind: not a Blind Nil
        # bidder, counts, a card discarded that was played; a second redraw, a card named
        # twice, a card drawn back, a card an earlier redraw moved.
        bad = (r.seat not in blinds or len(r.discarded) != len(r.drawn)
               or len(r.discarded) > 3 or gone & all_played
               or seat in redrawn or gone.bit_count() != len(r.discarded)
               or got.bit_count() != len(r.drawn) or gone & got or got & moved)
        redrawn.add(seat)
        moved |= gone | got
        if start is not None and gone & ~start[seat]:
            bad = True
        in_pile = got
        if draw_discards is not None:
            if got & ~draw_discards:
                bad = True
            in_pile = got & draw_discards
        if start is not None and in_pile & start[(seat + 2) % 4]:
            bad = True  # the other player (N or S) holds it
        if any(pm & got for s, pm in enumerate(played) if s != seat):
            bad = True
        if bad:
            problems |= REDRAW_INVALID
        if held is not None:
            held[seat] = (held[seat] & ~gone) | got
    return problems, held


# -- play ----------------------------------------------------------------------------------
# The loops keep the engine's state in locals: ``hold`` (each seat's cards not yet played),
# ``played`` (every card played, updated once per trick), ``turn`` (who should lead next) and
# ``won``. A card its seat does not hold is rare: that branch asks whether it was played
# before (a duplicate: found once for the whole hand by comparing the number of cards played
# with the number of bits set) or never held (only possible with a recorded deal: a hand
# rebuilt from the play holds every card its seat plays). With at most 13 tricks recorded the
# trick number cannot pass 13, so the fast loops do not count tricks; more tricks, or a trick
# of the wrong size or whose leader has no seat, take the card-by-card path.

def _play(tricks, n_seats: int, hold: list[int], turn: int,
          winners: list[int]) -> tuple[int, list[int], int]:
    """(problems, tricks won per seat, every card played); appends each trick's winner to
    ``winners``."""
    if len(tricks) > 13:
        return _play_slow(tricks, n_seats, hold, turn, winners)
    if n_seats == 4:
        return _play4(tricks, hold, turn, winners)
    return _play2(tricks, hold, turn, winners)


def _play4(tricks, hold: list[int], turn: int, winners: list[int]) -> tuple[int, list[int], int]:
    """Partnership play: ``play_tricks4`` says clean or not; ``_play_slow`` names what."""
    for t in tricks:
        if len(t.cards) != 4:  # a short or long trick: card by card, as the replay plays it
            return _play_slow(tricks, 4, hold, turn, winners)
    start = hold.copy()
    clean, won, played = play_tricks4(map(_LEADER_OF, tricks),
                                      chain.from_iterable(map(_CARDS_OF, tricks)), hold, turn,
                                      winners)
    if clean:
        return 0, won, played
    # Something is wrong: the card-by-card loop names exactly what.
    hold[:] = start
    winners.clear()
    return _play_slow(tricks, 4, hold, turn, winners)


def _play2(tricks, hold: list[int], turn: int, winners: list[int]) -> tuple[int, list[int], int]:
    """Two-player play, each 2-card trick unrolled (the checks of the module doc); a trick
    of another size, or led by E or W, goes card by card (``_odd_trick``)."""
    problems = 0
    played = 0
    won = [0, 0, 0, 0]
    count = 2 * len(tricks)
    bits, led_mask, beats, order = BIT, _LED_MASK, _BEATS, _ORDER[_T]
    for t in tricks:
        cards = t.cards
        seq = order[t.leader]
        try:
            c0, c1 = cards
            s0, s1 = seq
        except (ValueError, TypeError):
            p, turn, played, k = _odd_trick(cards, seq, 2, hold, turn, played, won, winners)
            problems |= p
            count += k - 2
            continue
        if s0 != turn:
            problems |= LEAD_OUT_OF_TURN
        b0 = bits[c0]
        h = hold[s0]
        if h & b0:
            hold[s0] = h ^ b0
        elif not played & b0:
            problems |= CARD_NOT_HELD
        if c0 >= 39 and not played & SPADES_MASK and h & NON_SPADES_MASK:
            problems |= SPADE_LED_UNBROKEN
        led = led_mask[c0]
        b1 = bits[c1]
        h = hold[s1]
        if h & b1:
            hold[s1] = h ^ b1
        elif not (played | b0) & b1:
            problems |= CARD_NOT_HELD
        if not b1 & led and h & led:
            problems |= REVOKE
        played |= b0 | b1
        turn = s1 if beats[c0][c1] else s0
        won[turn] += 1
        winners.append(turn)
    if played.bit_count() != count:
        problems |= CARD_DUPLICATED
    return problems, won, played


def _play_slow(tricks, n_seats: int, hold: list[int], turn: int,
               winners: list[int]) -> tuple[int, list[int], int]:
    """Any number of tricks, card by card; the replay stops at a trick after the 13th."""
    problems = 0
    played = 0
    won = [0, 0, 0, 0]
    count = 0
    order = _ORDER[_P if n_seats == 4 else _T]
    for t in tricks:
        if sum(won) >= 13:
            problems |= TRICK_COUNT
            break
        p, turn, played, k = _odd_trick(t.cards, order[t.leader], n_seats, hold, turn, played,
                                        won, winners)
        problems |= p
        count += k
    if played.bit_count() != count:
        problems |= CARD_DUPLICATED
    return problems, won, played


def _odd_trick(cards, seq, n_seats, hold, turn, played, won, winners) -> tuple[int, int, int, int]:
    """One trick card by card, as the replay plays it: a leader with no seat skips the trick,
    a trick of the wrong size is named and its first ``n_seats`` cards played, and whatever
    was played is closed as a trick. Returns (problems, next leader, played, cards played)."""
    if seq is None:
        return TRICK_SIZE, turn, played, 0
    problems = 0 if len(cards) == n_seats else TRICK_SIZE
    cards = cards[:n_seats]
    if not cards:
        return problems, turn, played, 0
    before = played
    best, winner = cards[0], seq[0]
    led = _LED_MASK[cards[0]]
    for i, (seat, c) in enumerate(zip(seq, cards)):
        b = BIT[c]
        h = hold[seat]
        if h & b:
            hold[seat] = h ^ b
        elif not played & b:
            problems |= CARD_NOT_HELD
        if i == 0:
            if seat != turn:
                problems |= LEAD_OUT_OF_TURN
            if c >= 39 and not before & SPADES_MASK and h & NON_SPADES_MASK:
                problems |= SPADE_LED_UNBROKEN
        else:
            if not b & led and h & led:
                problems |= REVOKE
            if _BEATS[best][c]:
                best, winner = c, seat
        played |= b
    won[winner] += 1
    winners.append(winner)
    return problems, winner, played, len(cards)


__all__ = ["CODES", "CODE_BITS", "INVALID_MASK", "CheckedPlay", "check_and_count", "check_hand",
           "check_play", "codes_of"]
