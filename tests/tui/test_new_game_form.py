"""The new-game form refuses what cannot go into a log (a date that is not a day, one player at
two seats) under the field to blame, with the focus there and everything typed kept; fixing
the field lets the game start."""

from __future__ import annotations

from textual.pilot import Pilot
from textual.widgets import Input, Static
from tui_keys import type_text

from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.new_game import NewGameScreen

FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
SIZE = (100, 36)


async def until(pilot: Pilot, condition, what: str, tries: int = 50) -> None:
    """Let the app process its messages until ``condition()`` holds (no fixed sleep)."""
    for _ in range(tries):
        if condition():
            return
        await pilot.pause()
    raise AssertionError(f"still not {what}")


async def open_form(pilot: Pilot, players: dict[str, str]) -> NewGameScreen:
    await pilot.press("n")
    await until(pilot, lambda: isinstance(pilot.app.screen, NewGameScreen), "on the form")
    for seat, name in players.items():
        pilot.app.screen.query_one(f"#name-{seat}", Input).focus()
        await type_text(pilot, name)
    return pilot.app.screen


async def retype(pilot: Pilot, field_id: str, text: str) -> None:
    """Empty a field with the keys and type ``text`` in it."""
    pilot.app.screen.query_one(f"#{field_id}", Input).focus()
    await pilot.pause()
    await pilot.press("end", "ctrl+u")
    await type_text(pilot, text)
    await pilot.pause()


def error_under(screen: NewGameScreen, field_id: str) -> str:
    line = screen.query_one(f"#error-{field_id}", Static)
    return str(line.render()) if line.display and line.has_class("-shown") else ""


def typed(screen: NewGameScreen) -> dict[str, str]:
    return {seat: screen.query_one(f"#name-{seat}", Input).value for seat in FOUR}


async def test_a_date_the_log_refuses_is_said_under_the_date_field(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, FOUR)
        await retype(pilot, "table", "7")
        await retype(pilot, "date", "20261127")
        screen.query_one("#name-N", Input).focus()  # the focus elsewhere when starting
        await pilot.press("ctrl+s")
        await until(pilot, lambda: error_under(screen, "date"), "a message under the date")

        assert app.screen is screen
        said = error_under(screen, "date")
        assert "'20261127' is not a date (write it as YYYY-MM-DD, e.g. '2026-11-27')" in said
        date = screen.query_one("#date", Input)
        line = screen.query_one("#error-date", Static)
        assert line.region.y == date.region.y + 1 and line.region.x == date.region.x
        assert app.focused is date
        assert "'20261127' is not a date" in str(screen.query_one("#message").render())
        assert typed(screen) == FOUR
        assert date.value == "20261127" and screen.query_one("#table", Input).value == "7"
        assert [error_under(screen, f"name-{seat}") for seat in FOUR] == [""] * 4
        assert store.games() == []

        await retype(pilot, "date", "2026-11-27")
        assert error_under(screen, "date") == ""  # the edit clears it
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "on the game screen")
        games = store.games()
        assert len(games) == 1 and games[0].date == "2026-11-27" and games[0].table == "7"
        assert games[0].players == FOUR


async def test_a_day_not_on_the_calendar_is_refused(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, FOUR)
        await retype(pilot, "date", "2026-02-30")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: error_under(screen, "date"), "a message under the date")
        assert "'2026-02-30' is not a day of the calendar" in error_under(screen, "date")
        assert app.screen is screen and app.focused is screen.query_one("#date")
        assert typed(screen) == FOUR and store.games() == []


async def test_one_player_at_two_seats_is_refused_naming_both(make_app, store):
    app = make_app()
    players = {**FOUR, "S": "ALEX"}
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, players)
        await pilot.press("ctrl+s")
        await until(pilot, lambda: error_under(screen, "name-S"), "a message under South")
        said = error_under(screen, "name-S")
        assert "the same player is at two seats: 'Alex' (N) and 'ALEX' (S)" in said
        assert app.screen is screen and app.focused is screen.query_one("#name-S")
        assert typed(screen) == players and store.games() == []

        await retype(pilot, "name-S", "Charlie")
        assert error_under(screen, "name-S") == ""
        assert str(screen.query_one("#message").render()) == ""
        await pilot.press("ctrl+s")
        await until(pilot, lambda: isinstance(app.screen, GameScreen), "on the game screen")
        assert store.games()[0].players == FOUR


async def test_a_wrong_house_rule_is_said_under_its_field(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, FOUR)
        await retype(pilot, "rule-target_score", "0")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: error_under(screen, "rule-target_score"),
                    "a message under target score")
        said = error_under(screen, "rule-target_score")  # its name is the row's label
        assert said.startswith("must be 1") and said.endswith("not 0")
        assert f"target score {said}" in str(screen.query_one("#message").render())
        assert app.focused is screen.query_one("#rule-target_score")
        assert typed(screen) == FOUR and store.games() == []


async def test_the_error_lines_take_no_space_when_empty(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_form(pilot, {})
        lines = list(screen.query(".field-error"))
        assert lines and all(line.region.height == 0 for line in lines)
        assert screen.query_one("#date").region.y == screen.query_one("#season").region.y + 2
