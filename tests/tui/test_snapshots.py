"""Snapshots of the key screens at a fixed size (review before regenerating with
``pytest tests/tui/test_snapshots.py --snapshot-update``)."""

from __future__ import annotations

import json
from pathlib import Path

from textual.widgets import Input
from tui_keys import enter_hand, new_game

from scorekeeper.logs.files import read_log
from scorekeeper.logs.models import GameLog
from scorekeeper.session.game_session import new_game_log

EXAMPLES = Path(__file__).parents[2] / "examples"
SIZE = (100, 36)


async def still(pilot) -> None:
    """No blinking cursor in a snapshot."""
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    await pilot.pause()


def seed(store) -> None:
    """A finished game and an unfinished one (the example stopped after four hands)."""
    finished = read_log(EXAMPLES / "partnership-game.json")
    store.save_game(finished.model_copy(update={"game_id": "finished-1"}))
    two = read_log(EXAMPLES / "two-player-game.json")
    data = two.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["hands"] = data["hands"][:4]
    data["game_id"] = "unfinished-1"
    store.save_game(GameLog.model_validate(data))


class TestHomeScreen:
    def test_home_lists_unfinished_and_finished_games(self, snap_compare, make_app, store):
        seed(store)
        assert snap_compare(make_app(), terminal_size=SIZE, run_before=still)


class TestNewGameScreen:
    def test_new_game_form(self, snap_compare, make_app, store):
        seed(store)

        async def run_before(pilot) -> None:
            await pilot.press("n")
            await pilot.pause()
            await pilot.press("A", "l")  # completed from the names in the database
            await still(pilot)

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)


class TestGameScreen:
    def test_game_mid_hand(self, snap_compare, make_app):
        example = read_log(EXAMPLES / "partnership-game.json")

        async def run_before(pilot) -> None:
            await new_game(pilot, "partnership", dict(example.players), example.hands[0].dealer)
            for hand in example.hands[:3]:
                await enter_hand(pilot, hand)
            await pilot.press("4", "enter", "n", "enter")
            await still(pilot)

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)

    def test_game_mid_hand_small_terminal(self, snap_compare, make_app):
        example = read_log(EXAMPLES / "two-player-game.json")

        async def run_before(pilot) -> None:
            await new_game(pilot, "two_player", dict(example.players), example.hands[0].dealer)
            for hand in example.hands[:2]:
                await enter_hand(pilot, hand)
            await pilot.press("b", "enter")
            await still(pilot)

        assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)


# --- referee mode: a renege, and the referee's ruling on it (issue 12) ------------------------

RENEGE = json.loads((EXAMPLES / "audit" / "revoke-later-play.json").read_text())["hands"][0]
REFEREE_PLAYERS = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


async def play_renege(pilot, tricks: int) -> None:
    """A new game, F2, the bids and ``tricks`` tricks of the renege hand (W reneges at trick
    4, proven at trick 10); the notices of the findings cleared (they time out)."""
    log = new_game_log("partnership", REFEREE_PLAYERS, RENEGE["dealer"], date="2026-11-27")
    pilot.app.start_game(log)
    await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()
    lines = [str(b["bid"]) for b in RENEGE["bids"]]
    lines += [" ".join(t["cards"]).lower() for t in RENEGE["tricks"][:tricks]]
    for i, text in enumerate(lines, start=1):
        if i == len(lines):  # before the last: a prompt may come up over the notices
            await pilot.pause()
            pilot.app.clear_notifications()
        pilot.app.screen.query_one("#ref-field", Input).value = text
        await pilot.press("enter")
    await pilot.pause()
    await pilot.pause()
    pilot.app.clear_notifications()
    await still(pilot)


class TestRefereeScreen:
    def test_referee_screen_with_a_renege_proven_small_terminal(self, snap_compare, make_app):
        async def run_before(pilot) -> None:
            await play_renege(pilot, 10)

        assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)

    def test_ruling_prompt_small_terminal(self, snap_compare, make_app):
        async def run_before(pilot) -> None:
            await play_renege(pilot, 13)  # the hand over: the prompt is up

        assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)

    def test_referee_screen_hand_over_as_ruled(self, snap_compare, make_app):
        async def run_before(pilot) -> None:
            await play_renege(pilot, 13)
            await pilot.press("enter")  # the penalty applied
            await pilot.pause()
            await still(pilot)

        assert snap_compare(make_app(), terminal_size=SIZE, run_before=run_before)
