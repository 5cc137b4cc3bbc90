"""GameSession with a hand entered card by card: start, bids, drafts, the confirmed hand."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import log_from_data
from scorekeeper.rules.settings import RuleSet
from scorekeeper.rules.seats import Seat
from scorekeeper.session.game_session import (
    BidError, CardByCardError, ConfirmError, GameSession, SessionError, UndoError,
    new_game_log, next_drawer, next_exchange,
)

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def example_hand(name: str, *keys: str) -> dict:
    log = json.loads((EXAMPLES / name).read_text())
    return next(h for h in log["hands"] if "tricks" in h and all(k in h for k in keys))


def session_for(hand: dict, variant: str = "partnership", **kw) -> GameSession:
    players = FOUR if variant == "partnership" else {"N": "Alex", "S": "Beth"}
    return GameSession(new_game_log(variant, players, hand["dealer"], **kw))


def test_quick_bids_go_to_the_referee_hand_and_back() -> None:
    hand = example_hand("partnership-card-by-card.json", "exchanges")
    s = session_for(hand)
    s.bid(5)
    s.bid(2)
    h = s.card_by_card()
    assert s.phase == "card_by_card" and s.has_entries and s.referee is h
    assert [(b.seat, b.tricks) for b in h.bids] == [(Seat.E, 5), (Seat.S, 2)]
    assert not h.can_undo()  # the quick-flow bids are fixed on the hand
    s.referee_bid(0, True)
    assert next_exchange(h) is None and h.stage == "bidding"
    with pytest.raises(CardByCardError, match="being entered card by card"):
        s.bid(4)
    with pytest.raises(UndoError, match="undo its entries there"):
        s.undo()
    s.quick_entry()
    assert s.referee is None and s.phase == "bidding"
    assert s.bids == {Seat.E: (5, False), Seat.S: (2, False), Seat.W: (0, True)}


def test_card_by_card_refused_once_tricks_are_counted() -> None:
    hand = example_hand("partnership-card-by-card.json", "exchanges")
    s = session_for(hand)
    for b in (5, 2, 1, 4):
        s.bid(b)
    s.enter_tricks(3)
    with pytest.raises(CardByCardError, match="take them back"):
        s.card_by_card()


def test_blind_nil_deficit_is_checked_on_referee_bids() -> None:
    hand = example_hand("partnership-card-by-card.json", "exchanges")
    s = session_for(hand, rules=RuleSet(blind_nil_min_deficit=100))
    s.card_by_card()
    with pytest.raises(BidError, match="behind by 100 or more"):
        s.referee_bid(0, True)
    with pytest.raises(BidError, match="not a bid"):
        s.referee_bid(14)


def test_draft_holds_the_hand_card_by_card_and_restores_it() -> None:
    hand = example_hand("partnership-card-by-card.json", "exchanges")
    s = session_for(hand)
    h = s.card_by_card()
    for b in hand["bids"]:
        s.referee_bid(b["bid"], b.get("blind", False))
    assert next_exchange(h) == (Seat.W, Seat.E) and h.stage == "exchange"
    for x in hand["exchanges"]:
        h.exchange(x["from"], x["cards"])
    for c in hand["tricks"][0]["cards"][:3]:
        h.play(c)
    draft = json.loads(json.dumps(s.draft()))
    again = GameSession(s.log, draft)
    assert again.referee is not None and again.referee.to_draft() == h.to_draft()
    assert again.referee.view().table == h.view().table
    other = session_for({"dealer": "E"})
    with pytest.raises(SessionError, match="dealt by N"):
        other.restore_draft({**draft, "dealer": "E"})


def test_confirm_played_hand_appends_it_as_played() -> None:
    hand = example_hand("partnership-card-by-card.json", "exchanges")
    s = session_for(hand)
    h = s.card_by_card()
    for b in hand["bids"]:
        s.referee_bid(b["bid"], b.get("blind", False))
    h.deal(hand["deal"])
    for x in hand["exchanges"]:
        h.exchange(x["from"], x["cards"])
    with pytest.raises(ConfirmError, match="not complete"):
        s.confirm_played_hand(h.to_log_hand())
    for t in hand["tricks"]:
        for c in t["cards"]:
            h.play(c)
    result = h.result()
    done = s.confirm_played_hand(result.log_hand)
    assert done.number == 1 and s.referee is None and not s.has_entries
    assert s.phase == "bidding" and s.hand_number == 2
    logged = s.log.hands[0]
    assert logged.tricks is not None and logged.exchanges is not None
    score = analyse_game(log_from_data(s.log.model_dump(mode="json", by_alias=True,
                                                         exclude_none=True))).score
    assert {side: r.hand for side, r in score.hands[0].sides.items()} == dict(result.points)
    with pytest.raises(UndoError, match="recorded card by card"):
        s.undo()


def test_adopt_checked_only_takes_the_same_hand() -> None:
    hand = example_hand("audit/claim-good.json")
    s = session_for(hand)
    h = s.card_by_card()
    for b in hand["bids"]:
        s.referee_bid(b["bid"])
    h.deal(hand["deal"])
    for t in hand["tricks"]:
        for c in t["cards"]:
            h.play(c)
    claim = hand["claim"]
    h.claim(claim["seat"], claim["tricks"])
    copy = type(h).from_draft(h.to_draft())
    verdict = copy.claim_verdict()
    s.adopt_checked(copy)
    assert s.referee is copy and copy.claim_verdict() is verdict and verdict.good
    stale = type(h).from_draft(copy.to_draft())
    copy.undo()  # the claim taken back while a check of it was running
    with pytest.raises(CardByCardError, match="changed"):
        s.adopt_checked(stale)


def test_next_drawer_alternates_from_the_first_player() -> None:
    hand = example_hand("two-player-game.json", "draw")
    s = session_for(hand, "two_player")
    h = s.card_by_card()
    first = Seat[hand["dealer"]]
    assert next_drawer(h) == first
    p = hand["draw"][0]
    h.draw(p["seat"], p["kept"], p["discarded"])
    assert next_drawer(h) != first
