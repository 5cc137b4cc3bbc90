"""Issue 12, bugs 4 and 5: keys typed while a screen opens reach it; one Esc goes home."""

from __future__ import annotations

from pathlib import Path

from textual import events
from tui_keys import play_log

from scorekeeper.logs.files import read_log
from scorekeeper.logs.models import GameLog
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.screens.referee import RefereeScreen
from scorekeeper.tui.widgets.modals import GameOverModal

EXAMPLES = Path(__file__).parents[2] / "examples"


def seed_unfinished(store) -> str:
    """The partnership example stopped after three hands (W deals hand 4, N bids first)."""
    data = read_log(EXAMPLES / "partnership-game.json").model_dump(
        mode="json", by_alias=True, exclude_none=True)
    data["hands"] = data["hands"][:3]
    data["game_id"] = "unfinished-1"
    store.save_game(GameLog.model_validate(data))
    return "unfinished-1"


async def burst(pilot, *keys: str) -> None:
    """Keys as a fast typist sends them: all in the app's queue before the first is handled
    (``pilot.press`` waits for the app to be idle after each key, which hides the bug)."""
    app = pilot.app
    for key in keys:
        event = events.Key(key, key if len(key) == 1 else None)
        event.set_sender(app)
        app._driver.send_message(event)
    # Each pause waits until the app has handled what is queued; the keys come out one at a
    # time (each waits for the screen it is meant for), so a few rounds drain them.
    for _ in range(20):
        await pilot.pause()


async def test_keys_typed_as_the_game_screen_opens_reach_its_field(make_app, store):
    seed_unfinished(store)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await burst(pilot, "r", "5", "enter", "3", "enter")
        assert isinstance(app.screen, GameScreen)
        session = app.screen.session
        assert [b for b, _ in session.bids.values()] == [5, 3]


async def test_keys_pressed_one_by_one_as_the_game_screen_opens(make_app, store):
    seed_unfinished(store)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("r", "5", "enter")
        await pilot.pause()
        assert [b for b, _ in app.screen.session.bids.values()] == [5]


async def test_one_esc_goes_home_after_the_game_over_box(make_app, store):
    example = read_log(EXAMPLES / "partnership-game.json")
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await play_log(pilot, example)
        assert isinstance(app.screen, GameOverModal)
        await pilot.press("escape")  # "See the sheet"
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_one_esc_goes_home_after_leaving_card_by_card(make_app, store):
    seed_unfinished(store)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert isinstance(app.screen, RefereeScreen)
        await pilot.press("escape")  # back to the sheet; the hand stays card by card
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)


async def test_esc_on_the_sheet_mid_hand_goes_back_to_the_entry(make_app, store):
    """Where there is an entry to go back to, Esc on the sheet still goes there first."""
    seed_unfinished(store)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.pause()
        await pilot.press("r")
        await pilot.pause()
        app.screen.query_one("#sheet").focus()
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.focused.id == "field"
