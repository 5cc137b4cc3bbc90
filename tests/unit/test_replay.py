"""Replay of a recorded hand: every finding code, with messages worked out by hand.

Findings are identified by their values (``identified``: code, trick, seat, card, and the
evidence); ``found`` compares whole messages only where a test keeps the wording of a template
(or where the finding carries no value that names what its message says).

The partnership records start from ``group_deal`` / ``group_tricks`` (tests/conftest.py):
S deals, W leads, tricks 1-3 are clubs, 4-6 diamonds, 7-9 hearts, 10-12 spades (W holds only
spades by then), 13 the four twos; W wins all 13. Each test changes just what it needs.
"""

import pytest

from scorekeeper.rules.cards import card, mask_of
from scorekeeper.rules import (
    INVALID_CODES,
    Bid,
    Claim,
    DrawPair,
    Exchange,
    HandRecord,
    Redraw,
    RuleSet,
    TrickRecord,
    replay_hand,
)
from scorekeeper.rules.seats import Seat, Variant

N, E, S, W = Seat.N, Seat.E, Seat.S, Seat.W
P, T = Variant.PARTNERSHIP, Variant.TWO_PLAYER
BIDS = (Bid(W, 5), Bid(N, 3), Bid(E, 3), Bid(S, 2))  # S deals: W bids first


def cs(text):
    return tuple(card(t) for t in text.split())


def tricks_of(group_tricks, changes=None, count=13):
    """The legal play with some tricks replaced: {trick number: (leader, 'cards ...')}."""
    out = [TrickRecord(leader, tuple(cards)) for leader, cards in group_tricks[:count]]
    for n, (leader, text) in (changes or {}).items():
        out[n - 1] = TrickRecord(leader, cs(text))
    return tuple(out)


def found(replay):
    """(code, message): for the tests that keep the wording of a finding's template."""
    return [(f.code, f.message) for f in replay.findings]


def identified(replay):
    """What each finding names, as values: (code, trick, seat, card)."""
    return [(f.code, f.trick, f.seat, f.card) for f in replay.findings]


def codes(replay):
    return sorted(f.code for f in replay.findings)


# -- a legal hand ------------------------------------------------------------------------
@pytest.mark.parametrize("with_deal", [True, False])
def test_the_legal_hand_has_no_finding(group_deal, group_tricks, with_deal):
    rec = HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks),
                     deal=group_deal if with_deal else None, tricks_won={W: 13, N: 0, E: 0, S: 0})
    r = replay_hand(rec)
    assert r.findings == []
    assert r.tricks_won == {N: 0, E: 0, S: 0, W: 13}
    assert r.dealt_known is with_deal
    assert r.dealt == {s: mask_of(c) for s, c in group_deal.items()}  # rebuilt == recorded
    assert r.spades_broken
    assert len(r.tricks) == 13


# -- revoke ------------------------------------------------------------------------------
# Trick 7 (hearts led by W's 6H): N shows out with 2C although he holds 3H 7H JH; he plays
# 3H to trick 13 instead of 2C, so the record stays physically possible.
REVOKE = {7: (W, "6H 2C 4H 5H"), 13: (W, "2S 3H 2D 2H")}


@pytest.mark.parametrize("with_deal", [True, False])
def test_revoke_proven_by_a_later_play(group_deal, group_tricks, with_deal):
    rec = HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks, REVOKE),
                     deal=group_deal if with_deal else None)
    r = replay_hand(rec)
    # The earliest later heart N plays is 7H to trick 8.
    assert found(r) == [("revoke", "N showed out of hearts at trick 7 (played 2C) but played 7H"
                                   " at trick 8")]
    f = r.findings[0]
    assert (f.trick, f.seat, str(f.card)) == (7, N, "2C")
    assert f.evidence["held"] == {"card": "7H", "trick": 8, "source": "play"}
    assert f.evidence["led_suit"] == "H"
    assert not f.invalid


def test_revoke_proven_by_the_recorded_deal(group_deal, group_tricks):
    # The hand ends by a claim after trick 7, so N's hearts are never played: only the deal
    # proves he held one (it cites his highest, JH).
    tricks = tricks_of(group_tricks, {7: REVOKE[7]}, count=7)
    claim = Claim(W, 7, {N: 0, E: 0, S: 0, W: 6})
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks, deal=group_deal, claim=claim))
    assert found(r) == [("revoke", "N showed out of hearts at trick 7 (played 2C) but the deal"
                                   " shows N held JH")]
    assert r.findings[0].evidence["held"]["source"] == "deal"
    assert r.tricks_won == {N: 0, E: 0, S: 0, W: 13}
    # Without the deal nothing proves it.
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks, claim=claim))
    assert r.findings == []


def test_two_player_revoke():
    rec = two_player_record(tricks=two_player_tricks({7: (S, "AC 8H"), 13: (S, "8C 2C")}))
    r = replay_hand(rec)
    # N showed out of clubs at trick 7 with 8H, and 3C at trick 8 proves it.
    assert identified(r) == [("revoke", 7, N, card("8H"))]
    assert r.findings[0].evidence["led_suit"] == "C"
    assert r.findings[0].evidence["held"] == {"card": "3C", "trick": 8, "source": "play"}


# -- spade led before spades are broken -----------------------------------------------------
# Tricks 1 and 12 swapped: W leads AS at trick 1 while he holds clubs, diamonds and hearts.
SPADE_LEAD = {1: (W, "AS JS QS KS"), 12: (W, "6C 3C 4C 5C")}


@pytest.mark.parametrize("with_deal", [True, False])
def test_spade_led_unbroken_proven_by_a_later_play(group_deal, group_tricks, with_deal):
    rec = HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks, SPADE_LEAD),
                     deal=group_deal if with_deal else None)
    r = replay_hand(rec)
    assert identified(r) == [("spade_led_unbroken", 1, W, card("AS"))]
    assert r.findings[0].evidence["held"] == {"card": "TC", "trick": 2, "source": "play"}
    assert found(r) == [
        ("spade_led_unbroken", "W led AS at trick 1 before spades were broken, but played TC"
                               " at trick 2")]


def test_spade_led_unbroken_proven_by_the_recorded_deal(group_deal, group_tricks):
    tricks = tricks_of(group_tricks, {1: SPADE_LEAD[1]}, count=1)
    claim = Claim(W, 1, {N: 0, E: 0, S: 0, W: 12})
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks, deal=group_deal, claim=claim))
    assert found(r) == [("spade_led_unbroken", "W led AS at trick 1 before spades were broken,"
                                               " but the deal shows W held AH")]
    assert replay_hand(HandRecord(P, S, BIDS, tricks=tricks, claim=claim)).findings == []


def test_spade_lead_from_an_all_spade_hand_is_legal(group_deal, group_tricks):
    # Trick 10 of the legal play: nobody has played a spade, W holds only spades.
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks), deal=group_deal))
    lead10 = [e for e in r.events if getattr(e, "trick", None) == 10][0]
    assert str(lead10.card) == "6S" and lead10.spades_broken is False and lead10.legal


# -- turns -------------------------------------------------------------------------------
def test_lead_out_of_turn_at_trick_1(group_tricks):
    # N deals, so E bids and leads first; W leads.
    bids = (Bid(E, 3), Bid(S, 2), Bid(W, 5), Bid(N, 3))
    r = replay_hand(HandRecord(P, N, bids, tricks=tricks_of(group_tricks)))
    assert found(r) == [("lead_out_of_turn", "W led trick 1, but E was to lead (the seat after"
                                             " the dealer leads first)")]
    assert r.findings[0].evidence == {"expected_leader": "E", "leader": "W"}


def test_lead_out_of_turn_later(group_tricks):
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks,
                                                            {5: (N, "7D 8D 9D TD")})))
    assert identified(r) == [("lead_out_of_turn", 5, N, card("7D"))]
    assert r.findings[0].evidence == {"expected_leader": "W", "leader": "N"}
    assert found(r) == [("lead_out_of_turn", "N led trick 5, but W was to lead (W won trick 4)")]


def test_bid_out_of_turn(group_tricks):
    bids = (Bid(N, 3), Bid(E, 3), Bid(S, 2), Bid(W, 5))  # S deals: W should bid first
    r = replay_hand(HandRecord(P, S, bids, tricks=tricks_of(group_tricks)))
    assert found(r) == [("bid_out_of_turn", "N bid 1st, but W bids 1st when S deals")]
    assert r.findings[0].evidence == {"order": ["N", "E", "S", "W"],
                                      "expected": ["W", "N", "E", "S"]}


def test_two_player_bid_out_of_turn():
    # N draws first, so S (the second player) bids first.
    rec = two_player_record(bids=(Bid(N, 5), Bid(S, 8)))
    r = replay_hand(rec)
    assert identified(r) == [("bid_out_of_turn", None, N, None)]
    assert r.findings[0].evidence == {"order": ["N", "S"], "expected": ["S", "N"]}


# -- physically impossible records -----------------------------------------------------------
@pytest.mark.parametrize("with_deal", [True, False])
def test_card_duplicated(group_deal, group_tricks, with_deal):
    rec = HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks, {13: (W, "2S 3C 2D 2H")}),
                     deal=group_deal if with_deal else None)
    r = replay_hand(rec)
    assert identified(r) == [("card_duplicated", 13, N, card("3C"))]
    assert found(r) == [("card_duplicated", "3C by N at trick 13 was already played (by N at"
                                            " trick 1)")]
    assert r.findings[0].invalid


def test_card_not_held(group_deal, group_tricks):
    tricks = tricks_of(group_tricks, {1: (W, "6C 4C 3C 5C")})  # N and E swap their clubs
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks, deal=group_deal))
    assert identified(r) == [("card_not_held", 1, N, card("4C")),
                             ("card_not_held", 1, E, card("3C"))]
    # The wording of card_not_held (without an exchange: "in the deal").
    assert r.findings[0].message == "N played 4C at trick 1, but N did not hold it (in the deal)"
    # Without the deal the record is possible: each seat held what it played.
    assert replay_hand(HandRecord(P, S, BIDS, tricks=tricks)).findings == []


def test_trick_size(group_tricks):
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks,
                                                            {13: (W, "2S 2C 2D")})))
    # 3 cards in trick 13 (the wording is checked by tests/test_examples.py, CONSISTENCY).
    assert identified(r) == [("trick_size", 13, None, None)]
    assert r.findings[0].evidence == {"cards": ["2S", "2C", "2D"]}
    assert r.tricks_won[W] == 13


def test_trick_count_too_few(group_tricks):
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks, count=12)))
    # The wording is checked by tests/test_examples.py (CONSISTENCY, twelve-tricks.json).
    assert identified(r) == [("trick_count", None, None, None)]
    assert r.findings[0].evidence == {"tricks": 12}


def test_trick_count_too_many(group_tricks):
    tricks = tricks_of(group_tricks) + (TrickRecord(W, cs("2S 2C 2D 2H")),)
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks))
    assert identified(r) == [("trick_count", 14, None, None)]
    assert found(r) == [("trick_count", "trick 14: a hand has only 13 tricks")]
    assert r.tricks_won[W] == 13


def test_tricks_won_total():
    r = replay_hand(HandRecord(P, S, BIDS, tricks_won={N: 4, E: 3, S: 3, W: 2}))
    # The wording is checked by tests/test_examples.py (CONSISTENCY, tricks-won-add-to-12.json).
    assert identified(r) == [("tricks_won_total", None, None, None)]
    assert r.findings[0].evidence == {"tricks_won": {"N": 4, "E": 3, "S": 3, "W": 2}}
    assert sum(r.findings[0].evidence["tricks_won"].values()) == 12


def test_tricks_mismatch(group_tricks):
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks),
                               tricks_won={N: 1, E: 0, S: 0, W: 12}))
    assert identified(r) == [("tricks_mismatch", None, N, None)]
    assert r.findings[0].evidence == {"recorded": {"N": 1, "E": 0, "S": 0, "W": 12},
                                      "played": {"N": 0, "E": 0, "S": 0, "W": 13}}
    assert found(r) == [("tricks_mismatch", "tricks won as recorded (N 1, E 0, S 0, W 12) differ"
                                            " from the play (N 0, E 0, S 0, W 13)")]
    assert r.tricks_won == {N: 0, E: 0, S: 0, W: 13}  # the play is scored
    assert not r.findings[0].invalid


def test_result_missing():
    assert codes(replay_hand(HandRecord(P, S, BIDS))) == ["result_missing"]


# -- Blind Nil exchanges (partnership) -------------------------------------------------------
BLIND_N = (Bid(W, 5), Bid(N, 0, blind=True), Bid(E, 3), Bid(S, 2))
GIVE = Exchange(N, S, cs("3C 7C JC"))
TAKE = Exchange(S, N, cs("5C 9C KC"))
WON = {N: 0, E: 0, S: 0, W: 13}


def exchange_replay(group_deal, exchanges, bids=BLIND_N, variant=P):
    return replay_hand(HandRecord(variant, S, bids, tricks_won=WON, deal=group_deal,
                                  exchanges=exchanges))


def test_valid_exchange(group_deal):
    r = exchange_replay(group_deal, (GIVE, TAKE))
    assert r.findings == []
    assert r.held[N] == mask_of(group_deal[N]) & ~mask_of(GIVE.cards) | mask_of(TAKE.cards)
    assert r.held[S] == mask_of(group_deal[S]) & ~mask_of(TAKE.cards) | mask_of(GIVE.cards)


@pytest.mark.parametrize(("exchanges", "messages"), [
    (None, ["N bid Blind Nil but no exchange is recorded, so the play cannot be checked against"
            " the deal"]),
    ((GIVE,), ["N bid Blind Nil but no exchange from S to N is recorded"]),
    ((Exchange(N, E, cs("3C 7C JC")), TAKE), [
        "exchange N to E (3C 7C JC): E is not N's partner",
        "N bid Blind Nil but no exchange from N to S is recorded"]),
    ((Exchange(N, S, cs("3C 7C")), TAKE), [
        "exchange N to S (3C 7C): 2 cards passed, not three different cards"]),
    ((Exchange(N, S, cs("3C 7C 4C")), TAKE), ["exchange N to S (3C 7C 4C): N was not dealt 4C"]),
    ((GIVE, TAKE, GIVE), ["exchange N to S (3C 7C JC): a second exchange from N to S"]),
])
def test_exchange_invalid(group_deal, exchanges, messages):
    r = exchange_replay(group_deal, exchanges)
    assert found(r) == [("exchange_invalid", m) for m in messages]
    assert all(f.invalid for f in r.findings)


def test_exchange_without_a_lone_blind_nil(group_deal):
    r = exchange_replay(group_deal, (GIVE, TAKE), bids=BIDS)
    assert found(r) == [
        ("exchange_invalid", "exchange N to S (3C 7C JC): neither N nor S bid a lone Blind Nil"),
        ("exchange_invalid", "exchange S to N (5C 9C KC): neither S nor N bid a lone Blind Nil"),
    ]


def test_both_partners_blind_nil_exchange_nothing(group_deal):
    both = (Bid(W, 5), Bid(N, 0, blind=True), Bid(E, 3), Bid(S, 0, blind=True))
    assert exchange_replay(group_deal, None, bids=both).findings == []
    assert codes(exchange_replay(group_deal, (GIVE, TAKE), bids=both)) == ["exchange_invalid"] * 2


def test_exchanged_card_played_by_the_giver(group_deal, group_tricks):
    # N passes 3C to S, yet N plays 3C to trick 1.
    rec = HandRecord(P, S, BLIND_N, tricks=tricks_of(group_tricks), deal=group_deal,
                     exchanges=(GIVE, TAKE))
    messages = [m for c, m in found(replay_hand(rec)) if c == "exchange_invalid"]
    assert messages == ["exchange N to S (3C 7C JC): 3C went to S, but N played it; 7C went to S,"
                        " but N played it; JC went to S, but N played it",
                        "exchange S to N (5C 9C KC): 5C went to N, but S played it; 9C went to"
                        " N, but S played it; KC went to N, but S played it"]


# -- the two-player draw and redraws ---------------------------------------------------------
# N keeps 2H-8H and 2C-7C, S keeps 9H-AH and 8C-AC; all diamonds and spades are discarded.
N_KEPT = cs("2H 3H 4H 5H 6H 7H 8H 2C 3C 4C 5C 6C 7C")
S_KEPT = cs("9H TH JH QH KH AH 8C 9C TC JC QC KC AC")
DISCARDS = cs(" ".join(r + s for s in "DS" for r in "23456789TJQKA"))


def two_player_draw(first=N):
    second = S if first == N else N
    kept = {first: N_KEPT if first == N else S_KEPT, second: S_KEPT if first == N else N_KEPT}
    turns = []
    for i in range(26):
        seat = first if i % 2 == 0 else second
        turns.append(DrawPair(seat, kept[seat][i // 2], DISCARDS[i]))
    return tuple(turns)


def two_player_tricks(changes=None):
    """S leads AH down to 9H (N follows 2H up), then AC down to 8C: N follows 2C up and shows
    out with 8H at the last trick. S wins all 13."""
    hearts = list(zip("AKQJT9", "234567"))
    clubs = list(zip("AKQJT98", ["2", "3", "4", "5", "6", "7", None]))
    out = [TrickRecord(S, cs(f"{s}H {n}H")) for s, n in hearts]
    out += [TrickRecord(S, cs(f"{s}C {n}C" if n else f"{s}C 8H")) for s, n in clubs]
    for k, (leader, text) in (changes or {}).items():
        out[k - 1] = TrickRecord(leader, cs(text))
    return tuple(out)


def two_player_record(bids=(Bid(S, 8), Bid(N, 5)), **kw):
    kw.setdefault("tricks_won", None if "tricks" in kw else {N: 0, S: 13})
    return HandRecord(T, N, bids, **kw)


def test_two_player_legal_hand_with_draw():
    r = replay_hand(two_player_record(tricks=two_player_tricks(), draw=two_player_draw(),
                                      deal={N: N_KEPT, S: S_KEPT}))
    assert r.findings == []
    assert r.tricks_won == {N: 0, S: 13}
    assert r.dealt == {N: mask_of(N_KEPT), S: mask_of(S_KEPT)}
    assert r.dealt_known


def test_draw_in_a_partnership_game(group_deal):
    r = replay_hand(HandRecord(P, S, BIDS, tricks_won=WON, draw=two_player_draw()))
    assert found(r) == [("draw_invalid", "a draw is recorded in a partnership game")]


def test_draw_turn_out_of_order():
    draw = list(two_player_draw())
    draw[1] = DrawPair(N, draw[1].kept, draw[1].discarded)
    r = replay_hand(two_player_record(draw=tuple(draw)))
    assert found(r) == [("draw_invalid", "draw turn 2 is by N, but it is S's turn (N draws"
                                         " first)")]


def test_draw_card_drawn_twice():
    draw = list(two_player_draw())
    draw[25] = DrawPair(S, draw[25].kept, card("2D"))  # 2D was discarded at turn 1
    r = replay_hand(two_player_record(draw=tuple(draw)))
    assert found(r) == [("draw_invalid", "2D is drawn twice (draw turn 26)")]


def test_draw_too_short():
    r = replay_hand(two_player_record(draw=two_player_draw()[:25]))
    assert found(r) == [("draw_invalid", "the draw has 25 turns, not 26")]


def test_deal_differs_from_the_draw():
    r = replay_hand(two_player_record(draw=two_player_draw(), deal={N: S_KEPT, S: N_KEPT}))
    assert codes(r) == ["draw_invalid"]
    assert r.findings[0].message == ("the recorded deal differs from the cards kept in the"
                                     " recorded draw")


BLIND_S = (Bid(S, 0, blind=True), Bid(N, 5))


def test_valid_redraw():
    r = replay_hand(two_player_record(bids=BLIND_S, draw=two_player_draw(),
                                      redraws=(Redraw(S, cs("9H TH"), cs("2D 3D")),)))
    assert r.findings == []
    assert r.held[S] == mask_of(S_KEPT) & ~mask_of(cs("9H TH")) | mask_of(cs("2D 3D"))


@pytest.mark.parametrize(("redraw", "message"), [
    (Redraw(N, cs("2H"), cs("2D")), "redraw by N: N did not bid Blind Nil"),
    (Redraw(S, cs("9H TH"), cs("2D")), "redraw by S: 2 discarded but 1 drawn"),
    (Redraw(S, cs("9H TH JH QH"), cs("2D 3D 4D 5D")),
     "redraw by S: 4 cards discarded, at most three"),
    (Redraw(S, cs("2H"), cs("2D")), "redraw by S: S did not hold 2H"),
    (Redraw(S, cs("9H"), cs("2H")), "redraw by S: 2H is not among the cards discarded in the"
                                    " draw"),
])
def test_redraw_invalid(redraw, message):
    r = replay_hand(two_player_record(bids=BLIND_S, draw=two_player_draw(), redraws=(redraw,)))
    assert found(r) == [("redraw_invalid", message)]


def test_redraw_in_a_partnership_game():
    r = replay_hand(HandRecord(P, S, BIDS, tricks_won=WON,
                               redraws=(Redraw(N, cs("2H"), cs("2D")),)))
    assert found(r) == [("redraw_invalid", "a Blind Nil redraw is recorded in a partnership game"
                                           " (partners exchange cards instead)")]


def test_exchange_in_a_two_player_game():
    r = replay_hand(two_player_record(bids=BLIND_S, exchanges=(Exchange(S, N, cs("9H TH JH")),)))
    assert found(r) == [("exchange_invalid", "exchanges are recorded in a two-player game (a"
                                             " Blind Nil bidder there discards and redraws)")]


# -- claims ----------------------------------------------------------------------------------
def test_valid_claim(group_tricks):
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks, count=9),
                               claim=Claim(W, 9, {W: 4})))
    assert r.findings == []
    assert r.tricks_won == {N: 0, E: 0, S: 0, W: 13}


@pytest.mark.parametrize(("claim", "messages"), [
    (Claim(W, 8, {W: 4}), ["the claim is made after trick 8, but 9 tricks are recorded"]),
    (Claim(W, 9, {W: 3}), ["the claim shares out 3 tricks, but 4 remain"]),
    (Claim(W, 10, {W: 2}), ["the claim is made after trick 10, but 9 tricks are recorded",
                            "the claim shares out 2 tricks, but 4 remain"]),
])
def test_claim_invalid(group_tricks, claim, messages):
    r = replay_hand(HandRecord(P, S, BIDS, tricks=tricks_of(group_tricks, count=9), claim=claim))
    assert found(r) == [("claim_invalid", m) for m in messages]


# -- house rules the replay enforces ---------------------------------------------------------
def test_blind_nil_not_allowed():
    rec = HandRecord(P, S, BLIND_N, tricks_won=WON)
    assert replay_hand(rec).findings == []
    r = replay_hand(rec, RuleSet(allow_blind_nil=False))
    assert found(r) == [("blind_nil_not_allowed", "N bid Blind Nil, which this game's rules do"
                                                  " not allow")]
    assert not r.findings[0].invalid


# -- the replay never stops at the first problem ---------------------------------------------
def test_three_different_problems_are_all_reported(group_tricks):
    bids = (Bid(N, 3), Bid(E, 3), Bid(S, 2), Bid(W, 5))          # 1: bid out of turn
    tricks = tricks_of(group_tricks, REVOKE)                      # 2: N revokes at trick 7
    tricks = tricks[:12] + (TrickRecord(W, cs("2S 3H 2D 2D")),)   # 3: 2D played twice
    r = replay_hand(HandRecord(P, S, bids, tricks=tricks, tricks_won={N: 1, E: 0, S: 0, W: 12}))
    assert codes(r) == ["bid_out_of_turn", "card_duplicated", "revoke", "tricks_mismatch"]
    assert [f.code for f in r.invalid] == ["card_duplicated"]
    assert {f.code for f in r.breaches} == {"bid_out_of_turn", "revoke", "tricks_mismatch"}


def test_invalid_codes_are_the_physically_impossible_ones():
    assert {"card_duplicated", "card_not_held", "trick_size", "trick_count", "tricks_won_total",
            "exchange_invalid", "draw_invalid", "redraw_invalid", "claim_invalid",
            "hand_after_game_won"} <= INVALID_CODES
    assert not {"revoke", "spade_led_unbroken", "lead_out_of_turn", "bid_out_of_turn",
                "tricks_mismatch", "blind_nil_not_allowed"} & INVALID_CODES


def test_two_player_log_with_a_dealer_of_no_seat_is_refused_with_a_message():
    from scorekeeper.logs.files import LogError, parse_log

    text = ('{"format": "spades-game", "format_version": "1.0", "variant": "two_player",'
            ' "players": {"N": "Kathy", "S": "Steve"}, "hands": [{"dealer": "E", "bids":'
            ' [{"seat": "N", "bid": 3}, {"seat": "S", "bid": 3}], "tricks_won": {"N": 6, "S": 7}}]}')
    with pytest.raises(LogError, match="dealer"):
        parse_log(text, "game.json")
