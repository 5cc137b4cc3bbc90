"""Referee mode's engine: hands entered card by card, live findings equal to the audit's."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.audit.engine import audit_game
from scorekeeper.cli import main
from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import log_from_data
from scorekeeper.referee.play import RefereeHand
from scorekeeper.referee.view import (
    BidRefused, CardAlreadyPlayed, CardNotHeld, ClaimRefused, DealRefused, DraftError,
    DrawRefused, EntryRefused, ExchangeRefused, HandOver, NotNow, NotYourTurn, RedrawRefused,
)
from scorekeeper.rules.solver import search as solver
from scorekeeper.rules.errors import ImpossiblePlay, OutOfTurn
from scorekeeper.rules.scoring import Bid
from scorekeeper.rules.trick import trick_winner
from scorekeeper.rules.cards import Card
from scorekeeper.rules.settings import DEFAULT_RULES, RuleSet
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.logs.random_logs import play_random_hand

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def example_hands(name: str) -> list[dict]:
    return json.loads((EXAMPLES / name).read_text())["hands"]


def card_by_card(name: str, *keys: str) -> dict:
    return next(h for h in example_hands(name) if "tricks" in h and all(k in h for k in keys))


def enter(hand: dict, variant: str, *, deal: bool = True, rules: RuleSet = DEFAULT_RULES,
          tricks: int = 13) -> tuple[RefereeHand, list]:
    """Enter a log hand the way a referee would: bids, deal or draw, exchanges, redraws,
    then every card, letting the engine say whose turn it is."""
    h = RefereeHand(variant, hand["dealer"], rules)
    for b in hand["bids"]:
        h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
    if deal and "draw" in hand:
        for p in hand["draw"]:
            h.draw(p["seat"], p["kept"].lower(), p["discarded"])
    elif deal and "deal" in hand:
        h.deal(hand["deal"])
    for x in hand.get("exchanges", ()):
        h.exchange(x["from"], x["cards"])
    for r in hand.get("redraws", ()):
        h.redraw(r["seat"], r["discarded"], r["drawn"])
    entered = []
    for t in hand["tricks"][:tricks]:
        assert h.turn == Seat[t["leader"]]
        for c in t["cards"]:
            entered.append(h.play(c.lower()))
    return h, entered


def audit_of(h: RefereeHand, tmp_path: Path | None = None):
    log = {"format": "spades-game", "format_version": "1.0", "variant": h.variant.value,
           "players": {s.name: f"Player {s.name}" for s in h.seats}, "hands": [h.to_log_hand()]}
    if h.rules.changes():
        log["rules"] = h.rules.changes()
    audit = audit_game(analyse_game(log_from_data(log)), "hand.json")
    if tmp_path is not None:
        (tmp_path / "hand.json").write_text(json.dumps(log))
    return audit


def shown(findings) -> list[tuple]:
    return [(f.finding.code, f.finding.message, f.finding.trick, f.finding.seat, f.finding.card)
            for f in findings]


def assert_audits_alike(h: RefereeHand, tmp_path: Path) -> None:
    """The exported hand replays and audits to the tricks, score and findings shown live,
    through the library and through ``scorekeeper audit`` / ``score``."""
    result = h.result()
    audit = audit_of(h, tmp_path)
    hand = audit.hands[0]
    assert [(f.code, f.message, f.trick, f.seat, f.card) for f in audit.findings] == \
        shown(result.findings)
    assert hand.replay.tricks == h.replay.tricks
    assert hand.replay.tricks_won == dict(result.tricks_won)
    assert {s: r.hand for s, r in hand.played.sides.items()} == dict(result.points)
    assert {s: r.hand for s, r in hand.corrected.sides.items()} == dict(result.corrected_points)
    assert hand.penalties == result.penalties
    path = str(tmp_path / "hand.json")
    run = CliRunner().invoke(main, ["audit", path, "--format", "json"])
    assert run.exit_code == (1 if result.findings else 0), run.output
    report = json.loads(run.output)
    assert [(f["code"], f["message"], f["trick"]) for f in report["findings"]] == \
        [(f.finding.code, f.finding.message, f.finding.trick) for f in result.findings]
    played = report["files"][0]["hands"][0]["score"]["played"]
    assert {s: v["points"] for s, v in played.items()} == \
        {s: p.points_before_penalty for s, p in result.points.items()}


# -- whole hands, card by card -----------------------------------------------------------------
@pytest.mark.parametrize("deal", [True, False], ids=["deal", "no-deal"])
def test_partnership_blind_nil_example(deal: bool, tmp_path: Path) -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, entered = enter(hand, "partnership", deal=deal)
    assert h.is_over and h.stage == "over" and len(entered) == 52
    assert [e.completed.winner for e in entered if e.completed] == \
        [t.winner for t in h.replay.tricks]
    v = h.view()
    assert sum(v.tricks_won.values()) == 13 and v.turn is None and v.unseen == ()
    assert v.deal_known is deal
    assert h.result().log_hand["exchanges"] == hand["exchanges"]
    assert_audits_alike(h, tmp_path)


@pytest.mark.parametrize("deal", [True, False], ids=["draw", "no-draw"])
@pytest.mark.parametrize("keys", [("draw",), ("draw", "redraws")], ids=["plain", "redraw"])
def test_two_player_example(deal: bool, keys: tuple[str, ...], tmp_path: Path) -> None:
    hand = card_by_card("two-player-game.json", *keys)
    h, entered = enter(hand, "two_player", deal=deal)
    assert len(entered) == 26 and h.is_over
    assert h.result().log_hand["tricks"] == hand["tricks"]
    assert_audits_alike(h, tmp_path)


def test_view_during_a_trick() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", tricks=2)
    leader = Seat[hand["tricks"][2]["leader"]]
    first, second = hand["tricks"][2]["cards"][:2]
    h.play(first)
    h.play(second)
    v = h.view()
    assert v.trick == 3 and v.leader == leader and v.stage == "play"
    assert [(s, str(c)) for s, c in v.table] == [(leader, first), (leader.left, second)]
    assert v.turn == leader.left.left and v.prompt == f"{v.turn} to play"
    assert v.last_trick.winner == h.replay.tricks[1].winner
    assert len(v.unseen) == 52 - 10 and sum(len(r) for r in v.remaining.values()) == 42
    assert set(h.playable()) == set(v.remaining[v.turn])
    assert v.findings == ()


# -- reneges: flagged when proven ---------------------------------------------------------------
def with_renege(seed: int) -> tuple[dict, Seat, int, int]:
    """A legal random hand with two of one seat's cards swapped so that exactly one renege
    results: (hand, offender, renege trick, trick of the first later play proving it)."""
    rng = random.Random(seed)
    while True:
        hand = play_random_hand(rng, Variant.PARTNERSHIP, Seat.N, nil_rate=0, blind_rate=0)
        plays = [(n, Variant.PARTNERSHIP.turn_order(Seat[t["leader"]])[i], i, c)
                 for n, t in enumerate(hand["tricks"], start=1) for i, c in enumerate(t["cards"])]
        for n, seat, i, a in plays:
            led = hand["tricks"][n - 1]["cards"][0][-1]
            if i == 0 or a[-1] != led:
                continue
            for m, seat2, j, b in plays:
                if m <= n or seat2 != seat or b[-1] == led:
                    continue
                trial = json.loads(json.dumps(hand))
                trial["tricks"][n - 1]["cards"][i], trial["tricks"][m - 1]["cards"][j] = b, a
                del trial["tricks_won"]
                if not _same_leaders(trial):
                    continue  # the swap changed who wins a trick: the rest no longer fits
                h, _ = enter(trial, "partnership")
                if [(f.finding.code, f.finding.trick) for f in h.findings] == [("revoke", n)]:
                    later = [k for k, t in enumerate(trial["tricks"], start=1) if k > n
                             for s, c in zip(Variant.PARTNERSHIP.turn_order(Seat[t["leader"]]),
                                             t["cards"]) if s == seat and c[-1] == led]
                    return trial, seat, n, later[0]


def _same_leaders(hand: dict) -> bool:
    leaders = [Seat[t["leader"]] for t in hand["tricks"]]
    for k, t in enumerate(hand["tricks"][:-1]):
        cards = [Card.parse(c) for c in t["cards"]]
        if trick_winner(cards, leaders[k]) != leaders[k + 1]:
            return False
    return True


@pytest.mark.parametrize("seed", [3, 11])
def test_renege_flagged_at_once_with_the_deal(seed: int, tmp_path: Path) -> None:
    hand, offender, n, _ = with_renege(seed)
    h, entered = enter(hand, "partnership")
    flagged = [(e.trick, e.seat, [f.finding.code for f in e.new_findings])
               for e in entered if e.new_findings]
    assert flagged == [(n, offender, ["revoke"])]
    live = h.findings[0]
    assert live.finding.seat == offender and live.penalty.kind == "tricks"
    assert live.penalty.text == h.result().penalties.penalties[0].describe()
    assert_audits_alike(h, tmp_path)


@pytest.mark.parametrize("seed", [3, 11])
def test_renege_flagged_when_proven_without_the_deal(seed: int, tmp_path: Path) -> None:
    hand, offender, n, proof_trick = with_renege(seed)
    h, entered = enter(hand, "partnership", deal=False)
    flagged = [(e.trick, e.seat, [(f.finding.code, f.finding.trick) for f in e.new_findings])
               for e in entered if e.new_findings]
    assert flagged == [(proof_trick, offender, [("revoke", n)])]
    # Proven by the later play (not by a deal): the card the offender played at proof_trick.
    held = h.findings[0].finding.evidence["held"]
    assert (held["source"], held["trick"]) == ("play", proof_trick)
    assert_audits_alike(h, tmp_path)


def test_lead_out_of_turn_is_accepted_and_flagged() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", tricks=0)
    wrong = h.turn.left
    # The seat after the proper leader leads a card he holds (after the exchange).
    card = next(c for c in h.view().remaining[wrong] if c.suit != 3)
    e = h.play(card, seat=wrong)
    assert [f.finding.code for f in e.new_findings] == ["lead_out_of_turn"]
    assert e.new_findings[0].penalty.kind == "none"
    assert h.turn == wrong.left


# -- claims -----------------------------------------------------------------------------------
@pytest.mark.parametrize("variant", [Variant.PARTNERSHIP, Variant.TWO_PLAYER])
@pytest.mark.parametrize("extra", [0, 1], ids=["good", "refuted"])
def test_hand_ending_in_a_claim(variant: Variant, extra: int, tmp_path: Path) -> None:
    hand = play_random_hand(random.Random(7), variant, Seat.E if variant.n_seats == 4 else Seat.N)
    h, _ = enter(hand, variant.value, tricks=8)
    claimer = h.turn
    held = h.holdings()
    pos = solver.Position(tuple(held.get(Seat(i), 0) for i in range(4)), int(claimer), (),
                          h.view().spades_broken, variant is Variant.TWO_PLAYER)
    side = variant.members(variant.side_of(claimer))
    best = solver.max_tricks(pos, [int(s) for s in side])
    claimed = best + extra
    assert claimed <= 5  # the seed gives a claim the solver can refute
    shares = {claimer: claimed} | {s: 0 for s in h.seats if s != claimer}
    shares[next(s for s in h.seats if s not in side)] = 5 - claimed
    entered = h.claim(claimer, shares, accepted=not extra)
    assert entered.verdict is None and h.is_over
    verdict = h.claim_verdict()
    assert verdict.available and verdict.good is (claimed <= best)
    codes = [f.finding.code for f in h.findings]
    assert ("claim_refuted" in codes) is (claimed > best)
    assert h.result().log_hand["claim"] == {
        "seat": claimer.name, "after_trick": 8, "tricks": {s.name: v for s, v in shares.items()},
        "accepted": not extra}
    assert_audits_alike(h, tmp_path)


def test_claim_without_the_deal_cannot_be_checked(tmp_path: Path) -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", deal=False, tricks=10)
    e = h.claim("n", {"N": 1, "E": 1, "S": 1})
    assert not e.verdict.available
    assert [f.finding.code for f in e.new_findings] == ["claim_unverifiable"]
    assert e.verdict.summary.endswith("it cannot be checked: the deal was not recorded, so the"
                                      " cards never played are unknown")
    assert_audits_alike(h, tmp_path)


def test_claim_mid_trick_keeps_the_cards_on_the_table(tmp_path: Path) -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", tricks=10)
    h.play(hand["tricks"][10]["cards"][0])
    h.claim(h.turn, {h.turn: 3})
    log_hand = h.result().log_hand
    assert log_hand["x-claim-trick"] == {"leader": hand["tricks"][10]["leader"],
                                         "cards": hand["tricks"][10]["cards"][:1]}
    assert len(log_hand["tricks"]) == 10 and log_hand["claim"]["after_trick"] == 10
    assert_audits_alike(h, tmp_path)


# -- refusals ---------------------------------------------------------------------------------
# Each refusal is identified by its values (``what``: code, seat, card, trick); each template's
# wording is checked once, by the ``str(...)`` assertion next to it.
def refused(exc_type, fn, *args, **kwargs) -> EntryRefused:
    with pytest.raises(exc_type) as info:
        fn(*args, **kwargs)
    assert isinstance(info.value, (EntryRefused, ValueError))
    return info.value


def what(exc: EntryRefused) -> tuple:
    return (exc.code, exc.seat, exc.card, exc.trick)


def test_impossible_cards_are_refused_with_their_reason() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", tricks=2)
    t1 = hand["tricks"][0]
    first = hand["tricks"][0]["cards"][0]
    e = refused(CardAlreadyPlayed, h.play, first)
    assert what(e) == ("card_duplicated", h.turn, Card.parse(first), 3)
    assert str(e) == (
        f"{first} by {h.turn} at trick 3: {first} was already played by {t1['leader']} at"
        " trick 1")
    leader = h.turn
    other = leader.left
    theirs = str(h.view().remaining[other][0])
    e = refused(CardNotHeld, h.play, theirs)
    assert what(e) == ("card_not_held", leader, Card.parse(theirs), 3)
    assert str(e) == (
        f"{theirs} by {leader} at trick 3: {theirs} is not in {leader}'s recorded hand"
        f" ({other} holds it)")
    h.play(hand["tricks"][2]["cards"][0])
    mine = str(h.view().remaining[leader][0])
    e = refused(NotYourTurn, h.play, mine, leader)
    assert what(e) == ("not_your_turn", leader, Card.parse(mine), 3) and h.turn == other
    assert str(e) == f"{mine} by {leader} at trick 3: it is {other}'s turn"
    assert issubclass(NotYourTurn, OutOfTurn) and issubclass(CardNotHeld, ImpossiblePlay)
    led = hand["tricks"][2]["cards"][0]
    e = refused(CardAlreadyPlayed, h.play, led)
    assert what(e) == ("card_duplicated", other, Card.parse(led), 3)
    assert str(e).endswith(f"was already played by {leader} in this trick")
    assert not h.can_play(theirs, leader)


def test_refusals_without_a_deal_use_the_exchange() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", deal=False, tricks=0)
    x = hand["exchanges"][0]
    passed = x["cards"][0]
    e = refused(CardNotHeld, h.play, passed, x["from"])
    assert what(e) == ("card_not_held", Seat[x["from"]], Card.parse(passed), 1)
    assert str(e) == (
        f"{passed} by {x['from']} at trick 1: {x['from']} passed it to {x['to']} in the Blind"
        " Nil exchange")
    assert h.can_play(passed, x["to"])


def test_the_hand_over_and_a_fourteenth_card() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", deal=False)
    e = refused(HandOver, h.play, "2c")
    assert what(e) == ("hand_over", None, Card.parse("2C"), None)
    assert str(e) == "2C: the hand is over, all 13 tricks are played"
    e = refused(HandOver, h.claim, "N", {"N": 0})
    assert what(e) == ("hand_over", Seat.N, None, None)
    assert str(e) == "the hand is over: there is nothing left to claim"


def test_bids_and_stages() -> None:
    h = RefereeHand("partnership", "W", RuleSet(allow_blind_nil=False))
    assert h.stage == "bidding" and h.prompt() == "N to bid"
    e = refused(NotYourTurn, h.bid, "E", 3)
    assert what(e) == ("not_your_turn", Seat.E, None, None) and h.next_bidder() == Seat.N
    assert str(e) == "bid by E: it is N's turn to bid"
    e = refused(BidRefused, h.bid, "N", 14)
    assert what(e) == ("bid_invalid", Seat.N, None, None)
    assert str(e) == "bid by N: 14 is not a bid (0 to 13)"
    e = refused(BidRefused, h.bid, "N", 0, blind=True)
    assert what(e) == ("blind_nil_not_allowed", Seat.N, None, None)
    assert str(e) == "N cannot bid Blind Nil: this game's rules do not allow it"
    e = refused(NotNow, h.play, "AS")
    assert what(e) == ("bids_incomplete", None, None, None)
    assert str(e) == "AS: the bids are not complete (N to bid)"
    for seat, n in zip("NESW", (4, 3, 2, 2)):
        h.bid(seat, n)
    e = refused(BidRefused, h.bid, "N", 1)
    assert what(e) == ("bid_duplicated", Seat.N, None, None)
    assert str(e) == "bid by N: every seat has bid"
    assert h.stage == "play" and h.prompt() == "N to lead"


def test_deal_refusals() -> None:
    h = RefereeHand("partnership", "N", bids=[Bid(Seat.E, 3), Bid(Seat.S, 3), Bid(Seat.W, 3),
                                            Bid(Seat.N, 3)])
    hand = card_by_card("partnership-card-by-card.json", "deal")
    deal = dict(hand["deal"])
    e = refused(DealRefused, h.deal, {k: v for k, v in deal.items() if k != "W"})
    assert what(e) == ("deal_invalid", Seat.W, None, None)
    assert str(e) == "the deal has no hand for W"
    twice = dict(deal, E=[deal["N"][0]] + deal["E"][1:])
    e = refused(DealRefused, h.deal, twice)
    assert what(e) == ("deal_invalid", Seat.E, Card.parse(deal["N"][0]), None)
    assert str(e) == f"the deal gives {deal['N'][0]} to N and to E"
    short = dict(deal, S=deal["S"][:12])
    e = refused(DealRefused, h.deal, short)
    assert what(e) == ("deal_invalid", Seat.S, None, None)
    assert str(e) == "S is dealt 12 cards, not 13"
    assert not h.can_undo()  # the bids came from the quick flow
    h.deal({k: " ".join(v).lower() for k, v in deal.items()})
    e = refused(NotNow, h.deal, deal)
    assert what(e) == ("deal_duplicated", None, None, None)
    assert str(e) == "the deal is already recorded (undo it to enter it again)"


def test_exchange_refusals() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h = RefereeHand("partnership", hand["dealer"])
    for b in hand["bids"]:
        h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
    h.deal(hand["deal"])
    blind = next(Seat[b["seat"]] for b in hand["bids"] if b.get("blind"))
    assert h.stage == "exchange"
    e = refused(NotNow, h.play, hand["tricks"][0]["cards"][0])
    assert what(e) == ("exchange_missing", blind, None, None)
    assert str(e).endswith(
        "enter the Blind Nil exchange first (" + f"{blind} gives {blind.partner} three cards)")
    other = blind.left
    e = refused(ExchangeRefused, h.exchange, other, hand["deal"][other.name][:3])
    assert what(e) == ("exchange_invalid", other, None, None)
    assert str(e) == f"exchange from {other}: neither {other} nor {other.partner} bid Blind Nil"
    not_his = hand["deal"][other.name][:1] + hand["deal"][blind.name][:2]
    e = refused(ExchangeRefused, h.exchange, blind, not_his)
    assert what(e) == ("exchange_invalid", blind, Card.parse(not_his[0]), None)
    assert str(e) == f"{blind} cannot pass {not_his[0]}: it was dealt to {other}"
    e = refused(ExchangeRefused, h.exchange, blind, hand["deal"][blind.name][:2])
    assert what(e) == ("exchange_invalid", blind, None, None)
    assert str(e) == f"{blind} passes 2 different cards, not three"
    h.exchange(blind, hand["deal"][blind.name][:3])
    e = refused(ExchangeRefused, h.exchange, blind, hand["deal"][blind.name][3:6])
    assert what(e) == ("exchange_invalid", blind, None, None)
    assert str(e) == f"{blind} has already passed three cards to {blind.partner}"


def test_draw_and_redraw_refusals() -> None:
    hand = card_by_card("two-player-game.json", "draw", "redraws")
    first = Seat[hand["dealer"]]
    h = RefereeHand("two_player", first)
    p = hand["draw"][0]
    second = hand["draw"][1]
    e = refused(NotYourTurn, h.draw, second["seat"], second["kept"], second["discarded"])
    assert what(e) == ("not_your_turn", Seat[second["seat"]], None, None)
    assert str(e) == f"draw turn 1 is {first}'s ({first} draws first)"
    h.draw(p["seat"], p["kept"], p["discarded"])
    e = refused(DrawRefused, h.draw, second["seat"], p["discarded"], second["discarded"])
    assert what(e) == ("draw_invalid", Seat[second["seat"]], Card.parse(p["discarded"]), None)
    assert str(e) == \
        f"draw turn 2: {p['discarded']} was already drawn (discarded by {first} at turn 1)"
    e = refused(DrawRefused, h.draw, second["seat"], second["kept"], second["kept"])
    assert what(e) == ("draw_invalid", Seat[second["seat"]], Card.parse(second["kept"]), None)
    assert str(e) == f"draw turn 2: {second['kept']} cannot be both kept and discarded"
    for q in hand["draw"][1:20]:
        h.draw(q["seat"], q["kept"], q["discarded"])
    assert h.stage == "bidding"
    for b in hand["bids"]:
        h.bid(b["seat"], b["bid"], blind=b.get("blind", False))
    assert h.stage == "draw" and h.prompt().startswith("draw turn 21:")
    r = hand["redraws"][0]
    e = refused(NotNow, h.redraw, r["seat"], r["discarded"], r["drawn"])
    assert what(e) == ("draw_incomplete", Seat[r["seat"]], None, None)
    assert str(e) == "the draw is not finished (20 of 26 turns)"
    for q in hand["draw"][20:]:
        h.draw(q["seat"], q["kept"], q["discarded"])
    e = refused(DrawRefused, h.draw, first, "2c", "3c")
    assert what(e) == ("draw_invalid", first, None, None)
    assert str(e) == "the draw is complete: 26 turns, 13 cards kept each"
    kept = next(q["kept"] for q in hand["draw"] if q["seat"] == r["seat"]
                and q["kept"] not in r["discarded"])
    bad = r["discarded"][:2] + [kept]
    wrong = [q["kept"] for q in hand["draw"] if q["seat"] != r["seat"]][:3]
    e = refused(RedrawRefused, h.redraw, r["seat"], r["discarded"], wrong)
    assert what(e) == ("redraw_invalid", Seat[r["seat"]], Card.parse(wrong[0]), None)
    assert str(e) == \
        f"{r['seat']} cannot draw {wrong[0]}: it is not among the cards discarded in the draw"
    other = next(s for s in "NS" if s != r["seat"])
    e = refused(RedrawRefused, h.redraw, other, [], [])
    assert what(e) == ("redraw_invalid", Seat[other], None, None)
    assert str(e) == f"{other} did not bid Blind Nil: only a Blind Nil bidder redraws"
    h.redraw(r["seat"], bad, r["drawn"])
    assert not h.can_redraw(r["seat"], r["discarded"], r["drawn"])


def test_claim_refusals() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", tricks=9)
    e = refused(ClaimRefused, h.claim, "N", {"N": 3})
    assert what(e) == ("claim_invalid", Seat.N, None, None)
    assert str(e) == "the claim shares out 3 tricks, but 4 remain"
    e = refused(NotNow, h.claim_verdict)
    assert what(e) == ("no_claim", None, None, None)
    assert str(e) == "no claim has been entered"


# -- undo and drafts --------------------------------------------------------------------------
def test_undo_takes_back_cards_and_entries() -> None:
    hand, offender, n, _ = with_renege(3)
    h, entered = enter(hand, "partnership")
    assert h.findings
    before = h.view()
    undone = None
    while h.cards_played > 4 * (n - 1):
        undone = h.undo()
    assert undone.action["op"] == "card" and h.findings == ()
    assert h.view().trick == n
    h2, _ = enter(hand, "partnership", tricks=n - 1)
    assert h.view() == h2.view()
    while h.can_undo():
        last = h.undo()
    assert last.action["op"] == "bid" and h.stage == "bidding" and h.bids == ()
    e = refused(NotNow, h.undo)
    assert what(e) == ("nothing_to_undo", None, None, None)
    assert str(e) == "nothing to undo"
    assert before.is_over


def test_undo_a_deal_and_a_claim() -> None:
    hand = card_by_card("partnership-card-by-card.json", "exchanges")
    h, _ = enter(hand, "partnership", tricks=12)
    h.claim(h.turn, {h.turn: 1})
    assert h.is_over
    assert h.undo().action["op"] == "claim" and not h.is_over and h.turn is not None
    h2, _ = enter(hand, "partnership", tricks=0)
    for _ in range(len(hand["exchanges"])):
        assert h2.undo().action["op"] == "exchange"
    assert h2.undo().action["op"] == "deal" and not h2.view().deal_known


def test_draft_round_trip_mid_trick() -> None:
    for name, variant, keys in (("partnership-card-by-card.json", "partnership", ("exchanges",)),
                                ("two-player-game.json", "two_player", ("redraws",))):
        hand = card_by_card(name, *keys)
        h, _ = enter(hand, variant, tricks=6)
        h.play(hand["tricks"][6]["cards"][0])
        draft = json.loads(json.dumps(h.to_draft()))
        back = RefereeHand.from_draft(draft)
        assert back.view() == h.view() and back.to_log_hand() == h.to_log_hand()
        nxt = hand["tricks"][6]["cards"][1]
        assert back.play(nxt) == h.play(nxt)
        assert back.undo().action == {"op": "card", "seat": str(back.turn), "card": nxt}


def test_draft_keeps_quick_flow_bids_fixed_and_rules() -> None:
    rules = RuleSet(revoke_penalty="set", target_score=300)
    h = RefereeHand("two_player", "S", rules, bids=[Bid(Seat.N, 5), Bid(Seat.S, 4)])
    back = RefereeHand.from_draft(h.to_draft())
    assert back.rules == rules and back.bids == h.bids and not back.can_undo()


def test_bad_drafts_are_refused() -> None:
    h = RefereeHand("partnership", "N")
    h.bid("E", 3)
    draft = h.to_draft()
    e = refused(DraftError, RefereeHand.from_draft, {"format": "x"})
    assert what(e) == ("draft_invalid", None, None, None)
    assert str(e) == "not a referee draft (format 'scorekeeper-referee-hand' expected)"
    draft["entries"].append({"op": "bid", "seat": "E", "bid": 3, "blind": False})
    e = refused(DraftError, RefereeHand.from_draft, draft)
    assert what(e) == ("draft_invalid", None, None, None)
    # The entry refused: E's second bid.
    assert what(e.__cause__) == ("bid_duplicated", Seat.E, None, None)
    assert str(e) == "referee draft entry 2: E has already bid"
