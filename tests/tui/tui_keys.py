"""Driving the app through the keyboard, as a scorekeeper at the table would."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Select

from scorekeeper.logs.models import GameLog


async def type_text(pilot: Pilot, text: str) -> None:
    await pilot.press(*text)


async def choose(pilot: Pilot, select_id: str, index: int) -> None:
    """Pick the ``index``-th option of a Select with the keys: open it, move, Enter."""
    select = pilot.app.screen.query_one(select_id, Select)
    select.focus()
    await pilot.press("enter")
    await pilot.press("home", *(["down"] * index), "enter")
    await pilot.pause()


async def new_game(pilot: Pilot, variant: str, players: dict[str, str], dealer: str) -> None:
    """From the home screen: n, then the form, then ctrl+s."""
    await pilot.press("n")
    await pilot.pause()
    seats = ["N", "E", "S", "W"] if variant == "partnership" else ["N", "S"]
    if variant == "two_player":
        await choose(pilot, "#variant", 1)
    for seat in seats:
        pilot.app.screen.query_one(f"#name-{seat}").focus()
        await type_text(pilot, players[seat])
    await choose(pilot, "#dealer", seats.index(dealer))
    await pilot.press("ctrl+s")
    await pilot.pause()


def bid_keys(bid: int, blind: bool) -> str:
    if bid == 0:
        return "b" if blind else "n"
    return str(bid)


async def enter_hand(pilot: Pilot, hand, *, confirm: bool = True) -> None:
    """One hand the quick way: each bid, each count but the last, then confirm."""
    session = pilot.app.screen.session
    for b in hand.bids:
        await type_text(pilot, bid_keys(b.bid, b.blind))
        await pilot.press("enter")
        await pilot.pause()
    for seat in session.order[:-1]:
        await type_text(pilot, str(hand.tricks_won[seat.name]))
        await pilot.press("enter")
        await pilot.pause()
    if confirm:
        await pilot.press("enter")
        await pilot.pause()


async def play_log(pilot: Pilot, log: GameLog) -> None:
    await new_game(pilot, log.variant, dict(log.players), log.hands[0].dealer)
    for hand in log.hands:
        await enter_hand(pilot, hand)
