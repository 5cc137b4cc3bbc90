"""The offer to resume is asked just after the home screen is first painted (preparing it
loads the log's models and the game session), and keys typed before it is on the screen
wait for it: a "y" typed at once still resumes the game."""

import json
from pathlib import Path

from scorekeeper.logs.files import log_from_data
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.widgets.modals import ConfirmModal

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "partnership-game.json"


def save_unfinished(store) -> None:
    data = json.loads(EXAMPLE.read_text())
    data["hands"] = data["hands"][:2]  # two hands of a game to 500: still going
    data["game_id"] = "g-open"
    store.save_game(log_from_data(data))


async def test_a_key_typed_at_once_answers_the_question(make_app, store):
    save_unfinished(store)
    app = make_app(offer_resume=True)
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.press("y")  # before the question is on the screen
        for _ in range(400):
            if isinstance(app.screen, GameScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.hand_number == 3
        assert isinstance(app.screen_stack[-2], HomeScreen)


async def test_the_question_comes_after_the_home_screen(make_app, store):
    save_unfinished(store)
    app = make_app(offer_resume=True)
    async with app.run_test(size=(100, 36)) as pilot:
        for _ in range(400):
            if isinstance(app.screen, ConfirmModal):
                break
            await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert app.screen.question.startswith("Resume ")
        await pilot.press("n")
        for _ in range(400):
            if isinstance(app.screen, HomeScreen):
                break
            await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
