"""The new-game form: Tab takes the name suggested (as in a shell) and otherwise moves on;
settings that contradict each other are refused under the first one named."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import Input, Select, Static
from tui_export import wait_until
from tui_keys import choose, type_text

from scorekeeper.logs.files import read_log
from scorekeeper.rules.settings import HOUSE_RULES
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.new_game import NewGameScreen, rule_options

EXAMPLES = Path(__file__).parents[2] / "examples"
SIZE = (100, 36)
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


async def open_form(pilot) -> NewGameScreen:
    await pilot.press("n")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen), "the form")
    return pilot.app.screen


def error_under(screen: NewGameScreen, field_id: str) -> str:
    line = screen.query_one(f"#error-{field_id}", Static)
    return str(line.render()) if line.has_class("-shown") else ""


async def test_tab_takes_the_suggested_name_then_moves_on(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))  # Alex, Beth, Charlie...
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        north = screen.query_one("#name-N", Input)
        assert app.focused is north
        await type_text(pilot, "al")
        await wait_until(pilot, lambda: north._suggestion == "Alex", "Alex suggested")
        await pilot.press("tab")
        await wait_until(pilot, lambda: north.value == "Alex", "the suggestion taken")
        assert app.focused is north and north.cursor_position == len("Alex")
        await pilot.press("tab")  # nothing more to complete: the next field
        await wait_until(pilot, lambda: app.focused is not north, "focus moved on")
        assert app.focused is screen.query_one("#name-E", Input)
        await type_text(pilot, "Zed")  # a name the database does not know
        await pilot.press("tab")
        await wait_until(pilot, lambda: app.focused is screen.query_one("#name-S", Input),
                         "focus moved on")
        assert screen.query_one("#name-E", Input).value == "Zed"


async def fill(pilot, screen: NewGameScreen) -> None:
    for seat, name in FOUR.items():
        screen.query_one(f"#name-{seat}", Input).focus()
        await type_text(pilot, name)


async def retype(pilot, screen: NewGameScreen, field_id: str, text: str) -> None:
    screen.query_one(f"#{field_id}", Input).focus()
    await pilot.pause()
    await pilot.press("end", "ctrl+u")
    await type_text(pilot, text)
    await pilot.pause()


async def test_contradicting_settings_are_refused_under_the_first_named(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        await fill(pilot, screen)
        await retype(pilot, screen, "rule-mercy_score", "600")  # not below the target, 500
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: error_under(screen, "rule-mercy_score"), "refused")
        said = error_under(screen, "rule-mercy_score")
        assert said.startswith("mercy score 600 is not below target score 500")  # both named
        assert app.screen is screen and store.games() == []
        assert app.focused is screen.query_one("#rule-mercy_score", Input)
        assert error_under(screen, "rule-target_score") == ""
        line = screen.query_one("#error-rule-mercy_score")
        assert line.region.y == screen.query_one("#rule-mercy_score").region.y + 1

        # Changing the other setting named settles it as well: the message goes.
        await retype(pilot, screen, "rule-target_score", "1000")
        assert error_under(screen, "rule-mercy_score") == ""
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game starts")
        assert app.screen.session.rules.mercy_score == 600


async def test_a_contradiction_with_a_setting_picked_from_a_list(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot)
        await fill(pilot, screen)
        options = list(rule_options(HOUSE_RULES["nil_allowed"]))
        await choose(pilot, "#rule-nil_allowed", options.index("no"))
        assert screen.query_one("#rule-nil_allowed", Select).value == "no"
        await retype(pilot, screen, "rule-nil_passing", "1")
        await pilot.press("ctrl+s")
        await wait_until(pilot, lambda: error_under(screen, "rule-nil_passing"), "refused")
        assert "nil passing 1 with nil allowed false" in error_under(screen, "rule-nil_passing")
        assert app.screen is screen and store.games() == []
        await choose(pilot, "#rule-nil_allowed", options.index("yes"))
        assert error_under(screen, "rule-nil_passing") == ""
