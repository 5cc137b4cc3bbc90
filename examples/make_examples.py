"""Write the example game logs in examples/ (and the invalid ones in examples/invalid/).

    python examples/make_examples.py

The partnership game (quick form) is written out by hand below, hand by hand, so that its
score can be checked with a pencil; tests/test_examples.py asserts its figures, computed by
hand from docs/rules.md. The card-by-card hands and the two-player game are played by the referee
engine (``HandPlay.play`` refuses an illegal card) with simple but sensible players: a Nil
bidder ducks, a side short of its contract tries to win the trick, everyone else plays low.
A seed makes every file the same on every run; the script refuses to write a valid example
that the replay finds anything wrong with.

The invalid logs are small edits of valid ones, one defect each; the message each must draw
is kept in the tests, not in the files.
"""

from __future__ import annotations

import copy
import json
import random
import sys
from pathlib import Path
from typing import Any

from scorekeeper.rules.cards import CARDS, Card, cards_in
from scorekeeper.analysis.game import analyse_game
from scorekeeper.logs.files import log_from_data
from scorekeeper.rules.hand import HandPlay
from scorekeeper.rules.scoring import Bid, HandInput, score_game
from scorekeeper.rules.trick import winning_index
from scorekeeper.rules.seats import Seat, Variant
from scorekeeper.logs.random_logs import estimate_bid

HERE = Path(__file__).resolve().parent
SPADES = 3

PARTNERS = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


# -- writing JSON that a person can read ---------------------------------------------------
def to_json(value: Any, level: int = 0, start: int = 0, width: int = 96) -> str:
    """JSON with two-space indent, but any object or list that fits on one line kept there
    (a bid, a trick, a seat's cards, a turn of the draw), so a hand reads like a score pad."""
    flat = json.dumps(value, ensure_ascii=False)
    if not isinstance(value, (dict, list)) or not value or start + len(flat) <= width:
        return flat
    pad = "  " * (level + 1)
    if isinstance(value, dict):
        items = []
        for k, v in value.items():
            key = json.dumps(k, ensure_ascii=False) + ": "
            items.append(pad + key + to_json(v, level + 1, len(pad) + len(key), width))
        return "{\n" + ",\n".join(items) + "\n" + "  " * level + "}"
    items = [pad + to_json(v, level + 1, len(pad), width) for v in value]
    return "[\n" + ",\n".join(items) + "\n" + "  " * level + "]"


def write(path: Path, data: dict[str, Any]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(to_json(data) + "\n", encoding="utf-8", newline="\n")


def header(variant: str, players: dict[str, str], table: str, date: str) -> dict[str, Any]:
    return {"format": "spades-game", "format_version": "1.0", "variant": variant,
            "players": players,
            "event": {"season": "Fall 2026", "date": date, "table": table}}


# -- the partnership game, quick form, written by hand ------------------------------------
# (dealer, bids in bidding order, tricks won N E S W, running score written on the pad)
# Bids: a number, "nil" or "blind". The arithmetic is in tests/test_examples.py.
PARTNERSHIP_HANDS = [
    ("W", [("N", 4), ("E", 3), ("S", 2), ("W", 2)], (4, 4, 3, 2), None),
    ("N", [("E", 4), ("S", 3), ("W", 3), ("N", 3)], (3, 4, 4, 2), None),
    ("E", [("S", "nil"), ("W", 4), ("N", 5), ("E", 3)], (6, 4, 0, 3), {"NS": 273, "EW": 51}),
    ("S", [("W", 3), ("N", 4), ("E", "nil"), ("S", 4)], (4, 1, 5, 3), None),
    ("W", [("N", 4), ("E", 5), ("S", 3), ("W", "blind")], (4, 6, 3, 0), {"NS": 424, "EW": 233}),
    ("N", [("E", 3), ("S", 3), ("W", 2), ("N", 2)], (4, 3, 4, 2), None),
    ("E", [("S", 2), ("W", 4), ("N", 2), ("E", 3)], (4, 3, 3, 3), {"NS": 420, "EW": 213}),
    ("S", [("W", 4), ("N", 3), ("E", 4), ("S", 2)], (3, 4, 2, 4), None),
    ("W", [("N", 3), ("E", 3), ("S", 3), ("W", 3)], (4, 3, 3, 3), {"NS": 531, "EW": 353}),
]
HAND_NOTES = {
    3: "Charlie's Nil is made.",
    4: "Beth's Nil fails: she is forced to win the third round of clubs.",
    5: "David bids Blind Nil with EW 372 behind; he and Beth exchanged three cards.",
    7: "NS reach 10 bags.",
}


def partnership_game() -> dict[str, Any]:
    hands = []
    for n, (dealer, bids, won, recorded) in enumerate(PARTNERSHIP_HANDS, start=1):
        hand: dict[str, Any] = {"dealer": dealer, "bids": [
            {"seat": s, "bid": 0, "blind": True} if b == "blind"
            else {"seat": s, "bid": 0 if b == "nil" else b} for s, b in bids]}
        hand["tricks_won"] = dict(zip("NESW", won))
        if recorded:
            hand["recorded"] = recorded
        if n in HAND_NOTES:
            hand["notes"] = HAND_NOTES[n]
        hands.append(hand)
    log = header("partnership", PARTNERS, "3", "2026-11-27")
    log["x-scorepad"] = {"sheet": 14, "entered_by": "Rosa (club scorer)"}
    log["hands"] = hands
    return log


# -- players for the engine ---------------------------------------------------------------
def strength(c: Card) -> tuple[bool, int]:
    return (c.suit == SPADES, c.rank)


def choose_card(engine: HandPlay, seat: Seat, bids: dict[Seat, Bid], rng: random.Random) -> Card:
    """A plausible card: Nil bidders duck; a side still short of its bid tries to win (or to
    cover its Nil partner); otherwise play low. A little randomness keeps hands varied."""
    legal = engine.legal_moves(seat)
    if len(legal) == 1:
        return legal[0]
    v = engine.variant
    cur = list(engine.current)
    pos = len(cur)
    wins = [c for c in legal if winning_index(cur + [c]) == pos] if cur else []
    losers = [c for c in legal if c not in wins]
    if bids[seat].is_nil:
        if not cur:
            return min(legal, key=strength)
        return max(losers, key=strength) if losers else min(legal, key=strength)
    if rng.random() < 0.15:
        return rng.choice(legal)
    mates = [s for s in v.seats if v.side_of(s) == v.side_of(seat)]
    contract = sum(bids[s].tricks for s in mates)
    taken = sum(engine.tricks_won[s] for s in mates if not bids[s].is_nil)
    partner = seat.partner if v is Variant.PARTNERSHIP else None
    order = v.turn_order(engine.leader)
    winner_now = order[winning_index(cur)] if cur else None
    cover_nil = partner is not None and bids[partner].is_nil and (
        winner_now == partner or partner not in order[:pos])
    need = taken < contract
    if not cur:
        if need:
            return max(legal, key=lambda c: (c.rank, c.suit != SPADES))
        return min(legal, key=strength)
    partner_winning = winner_now == partner and not bids[partner].is_nil
    if (need or cover_nil) and wins and not partner_winning:
        return max(wins, key=strength) if cover_nil else min(wins, key=strength)
    return min(losers or legal, key=strength)


def play_out(variant: Variant, dealer: Seat, held: dict[Seat, int], bids: list[Bid],
             rng: random.Random) -> tuple[list[dict[str, Any]], dict[Seat, int]]:
    engine = HandPlay(variant, variant.first_to_act(dealer), held)
    by_seat = {b.seat: b for b in bids}
    tricks: list[dict[str, Any]] = []
    while not engine.is_over:
        if not engine.current:
            tricks.append({"leader": engine.turn.name, "cards": []})
        seat = engine.turn
        card = choose_card(engine, seat, by_seat, rng)
        tricks[-1]["cards"].append(str(card))
        engine.play(seat, card)
    return tricks, dict(engine.tricks_won)


def bid_json(b: Bid) -> dict[str, Any]:
    return {"seat": b.seat.name, "bid": b.tricks, **({"blind": True} if b.blind else {})}


def cards_text(mask: int) -> list[str]:
    """Cards of a hand as a player sorts them: spades, hearts, diamonds, clubs, high first."""
    return [str(c) for c in sorted(cards_in(mask), key=lambda c: (-c.suit, -c.rank))]


def _mask(cards) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


# -- the card-by-card partnership hand with a Blind Nil ------------------------------------
def blind_nil_hand(seed: int, dealer: Seat, blind: Seat) -> dict[str, Any]:
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    deal = {s: _mask(deck[13 * i: 13 * i + 13]) for i, s in enumerate(Variant.PARTNERSHIP.seats)}
    v = Variant.PARTNERSHIP
    bids = [Bid(s, 0, True) if s == blind else Bid(s, max(1, estimate_bid(deal[s], rng)))
            for s in v.turn_order(v.first_to_act(dealer))]
    # The Blind Nil bidder passes his three strongest cards; his partner passes three low ones.
    give = sorted(cards_in(deal[blind]), key=strength)[-3:]
    take = sorted(cards_in(deal[blind.partner]), key=strength)[:3]
    held = dict(deal)
    held[blind] = (held[blind] & ~_mask(give)) | _mask(take)
    held[blind.partner] = (held[blind.partner] & ~_mask(take)) | _mask(give)
    tricks, won = play_out(v, dealer, held, bids, rng)
    return {
        "dealer": dealer.name, "bids": [bid_json(b) for b in bids],
        "deal": {s.name: cards_text(deal[s]) for s in v.seats},
        "exchanges": [{"from": blind.name, "to": blind.partner.name, "cards": [str(c) for c in give]},
                      {"from": blind.partner.name, "to": blind.name, "cards": [str(c) for c in take]}],
        "tricks": tricks,
        "tricks_won": {s.name: won[s] for s in v.seats},
    }


def partnership_card_by_card() -> dict[str, Any]:
    # Seed chosen (see find_seed below) so that the Blind Nil is made and the hand is lively.
    hand = blind_nil_hand(SEED_CARD_BY_CARD, Seat.N, Seat.W)
    hand["notes"] = ("David (W) bid Blind Nil before looking; he passed Beth his three spades"
                     " and took her three lowest cards.")
    log = header("partnership", PARTNERS, "3", "2026-11-27")
    # The same four at the same table on the same night as partnership-game.json: without its
    # own id the season database would take it for an edited version of that game.
    log = {"format": log.pop("format"), "format_version": log.pop("format_version"),
           "game_id": "2026-11-27-table-3-game-2", **log}
    log["event"]["notes"] = "A hand of the evening's second game, recorded card by card for the audit."
    log["hands"] = [hand]
    return log


SEED_CARD_BY_CARD = 22


# -- the two-player game with its draw ----------------------------------------------------
def draw_hand(rng: random.Random, first: Seat, blind: Seat | None):
    """26 turns of the draw. A player keeps a high card or a spade (a Blind Nil bidder keeps
    low cards instead); the second card of a turn is kept whenever the first is not."""
    deck = [CARDS[i] for i in range(52)]
    rng.shuffle(deck)
    order = (first, Seat.S if first == Seat.N else Seat.N)
    turns = []
    for i in range(26):
        seat = order[i % 2]
        top, second = deck[2 * i], deck[2 * i + 1]
        if seat == blind:
            keep = top.rank <= 6 and top.suit != SPADES
        else:
            keep = top.rank >= 9 or top.suit == SPADES or rng.random() < 0.25
        kept, dropped = (top, second) if keep else (second, top)
        turns.append({"seat": seat.name, "kept": str(kept), "discarded": str(dropped)})
    return turns


def two_player_bid(hand: int, rng: random.Random) -> int:
    """Tricks a player expects with 13 cards of 26 in play: about 1.8, plus 0.43 an ace,
    0.41 a king, 0.27 a queen and 0.69 a spade (fitted on these players' own games), bid a
    little under, as careful players do."""
    cs = list(cards_in(hand))
    aces, kings, queens = (sum(c.rank == r for c in cs) for r in (12, 11, 10))
    spades = sum(c.suit == SPADES for c in cs)
    expect = 1.8 + 0.43 * aces + 0.41 * kings + 0.27 * queens + 0.69 * spades
    return max(0, min(13, round(expect - 0.6 + rng.choice((-0.5, 0, 0, 0.5)))))


def two_player_hand(rng: random.Random, first: Seat, blind: Seat | None):
    v = Variant.TWO_PLAYER
    turns = draw_hand(rng, first, blind)
    held = {s: 0 for s in v.seats}
    pile = []
    for t in turns:
        held[Seat[t["seat"]]] |= 1 << Card.parse(t["kept"])
        pile.append(Card.parse(t["discarded"]))
    bids = []
    for s in v.turn_order(v.first_to_act(first)):
        if s == blind:
            bids.append(Bid(s, 0, True))
        else:
            b = two_player_bid(held[s], rng)
            bids.append(Bid(s, 0) if b <= 2 and rng.random() < 0.3 else Bid(s, max(1, b)))
    hand: dict[str, Any] = {"dealer": first.name, "bids": [bid_json(b) for b in bids],
                            "draw": turns}
    if blind is not None:
        out = sorted(cards_in(held[blind]), key=strength)[-3:]
        back = rng.sample(pile, 3)
        held[blind] = (held[blind] & ~_mask(out)) | _mask(back)
        hand["redraws"] = [{"seat": blind.name, "discarded": [str(c) for c in out],
                            "drawn": [str(c) for c in back]}]
    tricks, won = play_out(v, first, held, bids, rng)
    hand["tricks"] = tricks
    hand["tricks_won"] = {s.name: won[s] for s in v.seats}
    return hand, bids, won


def two_player_game(seed: int) -> tuple[dict[str, Any], int]:
    """A game to 500; the player behind by 150 or more bids Blind Nil once in the game.
    Returns the log and the hand (1-based) of the Blind Nil (0 if none)."""
    rng = random.Random(seed)
    v = Variant.TWO_PLAYER
    first = Seat.N
    hands, inputs = [], []
    blind_at = 0
    score = None
    for n in range(1, 41):
        blind = None
        if not blind_at and score is not None:
            t = score.final
            if t["N"].score - t["S"].score >= 150:
                blind = Seat.S
            elif t["S"].score - t["N"].score >= 150:
                blind = Seat.N
            if blind is not None:
                blind_at = n
        hand, bids, won = two_player_hand(rng, first, blind)
        hands.append(hand)
        inputs.append(HandInput(first, bids, won))
        score = score_game(v, inputs)
        if score.winner is not None:
            break
        first = v.next_dealer(first)
    log = header("two_player", {"N": "Megan", "S": "Drew"}, "7", "2026-11-28")
    for i, hand in enumerate(hands, start=1):
        if i not in (1, blind_at):
            del hand["tricks"]  # the quick form: the draw, the bids and the tricks each won
    if blind_at:
        who = log["players"][hands[blind_at - 1]["redraws"][0]["seat"]]
        hands[blind_at - 1]["notes"] = (f"{who} bid Blind Nil before the draw, kept low cards,"
                                        " then discarded three and drew three back.")
    log["hands"] = hands
    return log, blind_at


SEED_TWO_PLAYER = 52


# -- the invalid logs ---------------------------------------------------------------------
def plain_hand(seed: int, dealer: Seat) -> dict[str, Any]:
    """A partnership hand played card by card, no Nil, no deal written down."""
    rng = random.Random(seed)
    deck = list(range(52))
    rng.shuffle(deck)
    v = Variant.PARTNERSHIP
    held = {s: _mask(deck[13 * i: 13 * i + 13]) for i, s in enumerate(v.seats)}
    bids = [Bid(s, max(1, estimate_bid(held[s], rng))) for s in v.turn_order(v.first_to_act(dealer))]
    tricks, won = play_out(v, dealer, held, bids, rng)
    return {"dealer": dealer.name, "bids": [bid_json(b) for b in bids], "tricks": tricks,
            "tricks_won": {s.name: won[s] for s in v.seats}}


def small_game(hands: list[dict[str, Any]]) -> dict[str, Any]:
    log = header("partnership", PARTNERS, "3", "2026-11-27")
    log["hands"] = hands
    return log


QUICK = {"dealer": "W", "bids": [{"seat": "N", "bid": 4}, {"seat": "E", "bid": 3},
                                  {"seat": "S", "bid": 2}, {"seat": "W", "bid": 2}],
         "tricks_won": {"N": 4, "E": 4, "S": 3, "W": 2}}


def invalid_schema_logs() -> dict[str, dict[str, Any]]:
    """Logs of the wrong shape: the JSON Schema and the pydantic models both refuse them."""
    def game(**changes) -> dict[str, Any]:
        log = small_game([copy.deepcopy(QUICK)])
        log.update(changes)
        return log

    out = {}
    log = game()
    del log["players"]
    out["missing-players"] = log
    log = game()
    del log["hands"][0]["dealer"]
    out["missing-dealer"] = log
    log = game()
    log["hands"][0]["tricks"] = [{"leader": "N", "cards": ["1H", "3H", "KH", "2H"]}]
    out["card-1H"] = log
    log = game()
    log["hands"][0]["deal"] = {"N": ["XS"]}
    out["card-XS-in-deal"] = log
    log = game()
    log["hands"][0]["bids"][1]["bid"] = 14
    out["bid-14"] = log
    log = game()
    log["hands"][0]["bids"][1]["blind"] = True  # E bid 3
    out["blind-bid-3"] = log
    log = game()
    log["hands"][0]["colour"] = "red"
    out["unknown-field"] = log
    log = game()
    log["hands"][0]["bids"][2]["comment"] = "thought about it"
    out["unknown-field-in-bid"] = log
    out["wrong-format"] = game(format="spades-log")
    out["format-version-2"] = game(format_version="2.0")
    log = game()
    del log["hands"][0]["tricks_won"]
    out["no-result"] = log
    log = game()
    log["hands"][0]["bids"][3]["seat"] = "X"
    out["seat-X"] = log
    log = game()
    log["event"]["date"] = "27/11/2026"
    out["date-format"] = log
    out["variant-unknown"] = game(variant="three_handed")
    log = game()
    log["hands"][0]["tricks_won"]["E"] = 14
    out["tricks-won-14"] = log
    return out


def invalid_consistency_logs() -> dict[str, dict[str, Any]]:
    """Logs of the right shape that could not have happened: ``validate`` refuses them."""
    base = plain_hand(3, Seat.W)
    blind = blind_nil_hand(SEED_CARD_BY_CARD, Seat.N, Seat.W)
    out = {}

    h = copy.deepcopy(base)  # trick 6: the third card is replaced by a card seen at trick 2
    h["tricks"][5]["cards"][2] = h["tricks"][1]["cards"][1]
    out["card-played-twice"] = small_game([h])

    h = copy.deepcopy(base)
    del h["tricks"][12]
    del h["tricks_won"]
    out["twelve-tricks"] = small_game([h])

    h = copy.deepcopy(base)
    h["tricks"][12]["cards"].pop()
    del h["tricks_won"]
    out["trick-of-three-cards"] = small_game([h])

    h = copy.deepcopy(QUICK)
    h["bids"][3] = {"seat": "N", "bid": 3}
    out["seat-bids-twice"] = small_game([h])

    h = copy.deepcopy(QUICK)
    h["tricks_won"]["W"] = 1
    out["tricks-won-add-to-12"] = small_game([h])

    log = partnership_game()
    log["hands"].append({"dealer": "N", "bids": [{"seat": "E", "bid": 3}, {"seat": "S", "bid": 4},
                                                 {"seat": "W", "bid": 3}, {"seat": "N", "bid": 3}],
                         "tricks_won": {"N": 3, "E": 3, "S": 4, "W": 3}})
    out["hand-after-game-won"] = log

    h = copy.deepcopy(blind)  # W is written as passing a card that E was dealt, not W
    h["exchanges"][0]["cards"][0] = next(c for c in h["deal"]["E"]
                                         if c not in h["exchanges"][1]["cards"])
    out["exchange-card-not-dealt"] = small_game([h])

    h = copy.deepcopy(blind)  # the deal written down with one card of N and of E swapped
    n_card = next(c for c in h["deal"]["N"] if c[1] == "C") if any(
        c[1] == "C" for c in h["deal"]["N"]) else h["deal"]["N"][-1]
    e_card = next(c for c in h["deal"]["E"] if c not in h["exchanges"][1]["cards"])
    h["deal"]["N"][h["deal"]["N"].index(n_card)] = e_card
    h["deal"]["E"][h["deal"]["E"].index(e_card)] = n_card
    out["card-not-in-deal"] = small_game([h])

    tp, blind_at = two_player_game(SEED_TWO_PLAYER)
    first = copy.deepcopy(tp["hands"][0])  # draw turn 5 takes a card already drawn at turn 2
    first["draw"][4]["discarded"] = first["draw"][1]["kept"]
    first.pop("tricks", None)
    log = header("two_player", tp["players"], "7", "2026-11-28")
    log["hands"] = [first]
    out["impossible-draw"] = log

    bh = copy.deepcopy(tp["hands"][blind_at - 1])  # a card drawn back that was kept, not discarded
    seat = bh["redraws"][0]["seat"]
    bh["redraws"][0]["drawn"][0] = next(t["kept"] for t in bh["draw"] if t["seat"] != seat)
    del bh["tricks"]
    log = header("two_player", tp["players"], "7", "2026-11-28")
    log["hands"] = [bh]
    out["redraw-not-from-discards"] = log
    return out


# -- main -----------------------------------------------------------------------------------
def check_valid(name: str, data: dict[str, Any]) -> None:
    analysis = analyse_game(log_from_data(data, name))
    if analysis.findings:
        raise SystemExit(f"{name}: {[f.finding.message for f in analysis.findings]}")


def main() -> int:
    examples = {
        "partnership-game.json": partnership_game(),
        "partnership-card-by-card.json": partnership_card_by_card(),
        "two-player-game.json": two_player_game(SEED_TWO_PLAYER)[0],
    }
    for name, data in examples.items():
        check_valid(name, data)
        write(HERE / name, data)
    for name, data in invalid_schema_logs().items():
        write(HERE / "invalid" / "schema" / f"{name}.json", data)
    for name, data in invalid_consistency_logs().items():
        write(HERE / "invalid" / "consistency" / f"{name}.json", data)
    (HERE / "invalid" / "broken.json").write_text(
        '{\n  "format": "spades-game",\n  "format_version": "1.0",\n  "variant": "partnership"\n'
        '  "players": {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}\n}\n',
        encoding="utf-8", newline="\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
