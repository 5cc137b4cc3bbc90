"""A made-up season to see the live board with: games in the quick form (bids and tricks
won, as a score pad has them) among a club's players, some finished on earlier nights and
some being played now, and tonight's card night with its first round played. Used for the
board's screenshots, its benchmark and its tests. ``demo_logs`` only makes logs;
``write_demo_database`` and ``add_hand`` write the database they are given, as the app does
(saving the game at each hand).

The hands are made up, not played: each seat bids 1 to 6 (now and then Nil) and takes about
its bid, the tricks adding up to 13. Scores then look like a club's (a pair that plays its
random cards gets set hand after hand). The game ends where the rules core says it is won.
"""

from __future__ import annotations

import datetime
import json
import os
import random
from typing import Any

from ..event.store import EventSpec, EventStore
from ..logs.files import log_from_data
from ..rules.scoring import Bid, HandInput, score_game
from ..rules.seats import Seat, Variant
from ..season.storage import Store

DEMO_PLAYERS = ("Alex", "Beth", "Charlie", "David", "Eve", "Frank", "Grace", "Hannah")
SEASON = "Fall 2026"
_VARIANT = Variant.PARTNERSHIP
_MAX_HANDS = 40


def quick_hand(rng: random.Random, dealer: Seat) -> dict[str, Any]:
    """One made-up hand of the partnership game, as a log hand in the quick form."""
    seats = list(_VARIANT.turn_order(_VARIANT.first_to_act(dealer)))
    bids = {s: 0 if rng.random() < 0.05 else rng.choice((1, 2, 2, 3, 3, 3, 3, 4, 4, 5))
            for s in seats}
    tricks = {s: 0 if bids[s] == 0 else max(0, bids[s] + rng.choice((-1, 0, 0, 0, 0, 0, 1)))
              for s in seats}
    takers = [s for s in seats if bids[s] > 0]
    while sum(tricks.values()) != 13:
        seat = rng.choice(takers)
        if sum(tricks.values()) < 13:
            tricks[seat] += 1
        elif tricks[seat] > 0:
            tricks[seat] -= 1
    return {"dealer": dealer.name, "bids": [{"seat": s.name, "bid": bids[s]} for s in seats],
            "tricks_won": {s.name: tricks[s] for s in seats}}


def _hand_input(hand: dict[str, Any]) -> HandInput:
    return HandInput(Seat[hand["dealer"]], tuple(Bid(Seat[b["seat"]], b["bid"])
                                                 for b in hand["bids"]),
                     {Seat[k]: v for k, v in hand["tricks_won"].items()})


def demo_game(rng: random.Random, players: dict[str, str], event: dict[str, Any]
              ) -> dict[str, Any]:
    """A whole made-up game, played until a side wins, as a log dict."""
    dealer = rng.choice(_VARIANT.seats)
    hands: list[dict[str, Any]] = []
    for _ in range(_MAX_HANDS):
        hands.append(quick_hand(rng, dealer))
        if score_game(_VARIANT, map(_hand_input, hands)).winner is not None:
            break
        dealer = _VARIANT.next_dealer(dealer)
    return {"format": "spades-game", "format_version": "1.0", "variant": _VARIANT.value,
            "players": players, "event": event, "hands": hands}


def demo_logs(seed: int = 2026, *, players: tuple[str, ...] = DEMO_PLAYERS,
              finished: int = 12, playing: int = 2, season: str = SEASON,
              first_date: datetime.date = datetime.date(2026, 9, 4),
              tonight: datetime.date = datetime.date(2026, 11, 27)) -> list[dict[str, Any]]:
    """``finished`` finished games (two a week from ``first_date``) and ``playing`` games
    cut short after a few hands (tonight's, at tables 1, 2, ...), as log dicts."""
    rng = random.Random(seed)
    logs = []
    for i in range(finished + playing):
        table = i % 2 + 1 if i < finished else i - finished + 1
        date = (first_date + datetime.timedelta(weeks=i // 2) if i < finished else tonight)
        log = demo_game(rng, dict(zip("NESW", rng.sample(players, 4))),
                        {"season": season, "date": date.isoformat(), "table": str(table)})
        if i >= finished:
            log["hands"] = log["hands"][:min(len(log["hands"]) - 1, rng.randint(2, 5))]
        logs.append(log)
    return logs


def next_hand(log: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """``log`` with one more made-up hand, dealt by the next dealer: what the app saves
    when a hand is confirmed."""
    dealer = _VARIANT.next_dealer(Seat[log["hands"][-1]["dealer"]])
    return {**log, "hands": [*log["hands"], quick_hand(random.Random(seed), dealer)]}


def add_hand(store: Store, game_id: str, seed: int = 0) -> int:
    """Save the stored game ``game_id`` with one more made-up hand (a new revision, as the
    app saves a confirmed hand); returns its number of hands. A table's game has no hand
    yet: its first deal is North's."""
    log = json.loads(store.game_json(game_id))
    if log["hands"]:
        log = next_hand(log, seed)
    else:
        log["hands"] = [quick_hand(random.Random(seed), Seat.N)]
    store.save_game(log_from_data(log, f"game {game_id}"), by="demo")
    return len(log["hands"])


def play_table(events: EventStore, event_id: str, round_number: int, table: int,
               rng: random.Random, hands: int | None = None) -> None:
    """Play ``hands`` hands at a table (None: until its game is over), saving each."""
    def current():
        return next(t for t in events.tables(event_id, round_number) if t.table == table)

    played = 0
    while current().status == "playing" and (hands is None or played < hands):
        add_hand(events.games, current().game_id, rng.randrange(1 << 30))
        played += 1


def write_demo_database(path: str | os.PathLike, seed: int = 2026, *,
                        players: tuple[str, ...] = DEMO_PLAYERS,
                        tonight: datetime.date | None = None, finished: int = 12,
                        night: bool = True) -> str | None:
    """A season database at ``path`` (created; it must not hold games yet): the season of
    ``demo_logs`` and (``night``) tonight's card night, an individual movement of the eight
    players, 300 to win: round 1 played, round 2 under way a few hands in. Returns the
    event's id (None without the night)."""
    day = tonight or datetime.date.today()
    rng = random.Random(seed)
    with EventStore.open(path) as events:
        for log in demo_logs(seed, players=players, finished=finished, tonight=day,
                             playing=0 if night else 2):
            events.games.save_game(log_from_data(log, "demo game"), by="demo")
        if not night:
            return None
        event_id = events.create_event(EventSpec(
            name="Friday club night", date=day.isoformat(), movement="individual",
            players=tuple(players[:8]), rounds=3, season=SEASON, target=300))
        tables = events.start_round(event_id)
        for t in tables:
            play_table(events, event_id, 1, t.table, rng)
        for t in events.start_round(event_id):
            play_table(events, event_id, 2, t.table, rng, hands=rng.randint(2, 4))
    return event_id
