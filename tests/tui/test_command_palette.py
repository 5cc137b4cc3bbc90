"""The command palette (ctrl+p) lists the app's own commands, those that make sense on the
screen it is opened over (export only on a game...), above Textual's; picking one runs it."""

from __future__ import annotations

from pathlib import Path

from textual.command import CommandList, CommandPalette
from tui_export import wait_until
from tui_keys import type_text

from scorekeeper.logs.files import read_log
from scorekeeper.logs.models import GameLog
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.standings import StandingsScreen
from scorekeeper.tui.widgets.save_dialog import SaveModal

EXAMPLES = Path(__file__).parents[2] / "examples"
SIZE = (100, 36)
HELP = "Help: keys and how a hand goes"


def listed(app) -> list[str]:
    """The titles the palette lists (its first line of each option)."""
    options = app.screen.query_one(CommandList)
    return [str(options.get_option_at_index(i).hit.text or "").strip()
            for i in range(options.option_count)]


async def open_palette(pilot, wanted: str) -> list[str]:
    """ctrl+p, then wait until the list shows ``wanted`` (commands come in as they are
    found)."""
    await pilot.press("ctrl+p")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, CommandPalette)
                     and wanted in listed(pilot.app), f"{wanted!r} in the palette")
    return listed(pilot.app)


async def test_home_lists_its_commands_first_and_no_game_commands(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))  # a finished game
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        titles = await open_palette(pilot, HELP)
        ours = ["New game", "Finished games", "Standings",
                "Card nights: the director's screen", HELP]
        assert titles[:len(ours)] == ours  # above Textual's own (Keys, Quit, Theme...)
        assert "Theme" in titles
        # No unfinished game: nothing to resume; no game open: nothing to export.
        assert not any(t.startswith(("Resume", "Export", "Score sheet")) for t in titles)


async def test_running_a_command_from_the_palette_works(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await open_palette(pilot, "Standings")
        await type_text(pilot, "standings")
        await wait_until(pilot, lambda: listed(app)[:1] == ["Standings"], "found")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, StandingsScreen), "standings")


async def test_a_game_offers_export_sheet_referee_and_correction(make_app, store):
    data = read_log(EXAMPLES / "partnership-game.json").model_dump(
        mode="json", by_alias=True, exclude_none=True)
    data["hands"] = data["hands"][:3]  # unfinished: referee mode makes sense
    store.save_game(GameLog.model_validate(data))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "on the game")
        game = app.screen
        titles = await open_palette(pilot, HELP)
        for title in ("Export the game log (JSON)", "Score sheet to print or share (HTML)",
                      "Referee mode: this hand card by card", "Correct a hand",
                      "Undo the last change", "Home", HELP):
            assert title in titles
        assert "New game" not in titles and "Standings" not in titles

        await type_text(pilot, "export")
        await wait_until(pilot, lambda: listed(app)[:1] == ["Export the game log (JSON)"],
                         "found")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, SaveModal), "export asks")
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game, "back on the game")


async def test_a_finished_game_offers_no_referee_mode(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("f", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "on the game")
        titles = await open_palette(pilot, HELP)
        assert "Export the game log (JSON)" in titles
        assert not any(t.startswith("Referee mode") for t in titles)
