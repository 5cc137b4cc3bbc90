"""Export (ctrl+s) and the score sheet (ctrl+o) ask where: a folder (the one last used,
remembered between runs) and a readable file name (date, table, players); an existing file
is replaced only after a yes."""

from __future__ import annotations

import datetime
import json
from pathlib import Path

import pytest
from textual.widgets import Input, Static
from tui_export import proposed, save, save_dialog, saving, wait_until

from scorekeeper.logs.files import read_log
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.exporting import NAME_LIMIT, name_problem, readable_file_name
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.widgets.modals import ConfirmModal
from scorekeeper.tui.widgets.save_dialog import SaveModal

EXAMPLES = Path(__file__).parents[2] / "examples"
TODAY = datetime.date(2026, 11, 27)
SIZE = (80, 24)
NAME = "2026-11-27 table 3 Alex+Charlie v Beth+David"


def seed(store) -> str:
    """The partnership example (2026-11-27, table 3, Alex & Charlie v Beth & David)."""
    return store.save_game(read_log(EXAMPLES / "partnership-game.json")).game_id


async def open_game(pilot) -> GameScreen:
    """From home: the finished games (f), Enter opens the first."""
    await pilot.press("f", "enter")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen), "on the game")
    return pilot.app.screen


def app_with(store, tmp_path: Path, **kw) -> ScorekeeperApp:
    kw.setdefault("export_dir", tmp_path / "start")
    (tmp_path / "start").mkdir(exist_ok=True)
    return ScorekeeperApp(store, offer_resume=False, today=lambda: TODAY, **kw)


async def test_export_asks_where_with_a_readable_name_and_writes_the_log(store, tmp_path):
    game_id = seed(store)
    app = app_with(store, tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_game(pilot)
        dialog = await save_dialog(pilot)
        assert proposed(dialog) == (str(tmp_path / "start"), f"{NAME}.json")
        # The dialog fits 80x24, and nothing was written before the scorekeeper says where.
        box = dialog.query_one(".dialog").region
        assert box.right <= 80 and box.bottom <= 24
        assert list((tmp_path / "start").iterdir()) == []
        await pilot.press("escape")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "cancelled")

        path = await save(pilot)
        assert path == tmp_path / "start" / f"{NAME}.json"
        assert json.loads(path.read_text())["players"]["N"] == "Alex"
        assert read_log(path).hands == store.load_game(game_id).hands
        await wait_until(pilot, lambda: any(str(path) in n.message
                                            for n in app._notifications), "said where")


async def test_the_folder_is_remembered_in_the_run_and_between_runs(store, tmp_path):
    seed(store)
    config = tmp_path / "config" / "app.json"
    chosen = tmp_path / "club night"
    chosen.mkdir()
    app = app_with(store, tmp_path, config_file=config)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        path = await save(pilot, folder=chosen)
        assert path.parent == chosen
        dialog = await save_dialog(pilot, "ctrl+o")  # the next save proposes the same folder
        assert proposed(dialog) == (str(chosen), f"{NAME}.html")
        await pilot.press("escape")
    assert json.loads(config.read_text()) == {"export_folder": str(chosen)}

    again = app_with(store, tmp_path, config_file=config)
    async with again.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        dialog = await save_dialog(pilot)
        assert proposed(dialog)[0] == str(chosen)


async def test_an_existing_file_is_replaced_only_after_a_yes(store, tmp_path):
    seed(store)
    app = app_with(store, tmp_path)
    existing = tmp_path / "start" / f"{NAME}.json"
    existing.write_text("the log of another night\n")
    async with app.run_test(size=SIZE) as pilot:
        screen = await open_game(pilot)
        dialog = await save_dialog(pilot)
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal), "asked first")
        assert "already in" in str(app.screen.query_one(".question", Static).render())
        await pilot.press("enter")  # the default answer keeps the file
        await wait_until(pilot, lambda: app.screen is dialog, "back in the dialog")
        assert existing.read_text() == "the log of another night\n"
        assert "was kept" in str(dialog.query_one("#message", Static).render())

        await pilot.press("enter", "y")
        await wait_until(pilot, lambda: app.screen is screen and not saving(pilot)
                         and existing.read_text().startswith("{"), "replaced after a yes")
        assert json.loads(existing.read_text())["players"]["W"] == "David"


async def test_the_score_sheet_is_written_as_html_with_the_players(store, tmp_path):
    seed(store)
    app = app_with(store, tmp_path)
    async with app.run_test(size=SIZE, notifications=True) as pilot:
        await open_game(pilot)
        path = await save(pilot, "ctrl+o")
        assert path.name == f"{NAME}.html"
        html = path.read_text()
        assert html.lstrip().lower().startswith("<!doctype html")
        for name in ("Alex", "Beth", "Charlie", "David"):
            assert name in html
        assert "531" in html  # the final score
        await wait_until(pilot, lambda: any(str(path) in n.message
                                            for n in app._notifications), "said where")


@pytest.mark.parametrize(("typed", "said"), [
    ("../outside.json", "without a folder"),
    ("a/b.json", "without a folder"),
    ("", "a file name is needed"),
])
async def test_a_name_that_is_not_a_file_name_is_refused(store, tmp_path, typed, said):
    seed(store)
    app = app_with(store, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        dialog = await save_dialog(pilot)
        dialog.query_one("#name", Input).value = typed
        await pilot.press("enter")
        await wait_until(pilot, lambda: said in str(dialog.query_one("#message").render()),
                         "the refusal")
        assert app.screen is dialog and list((tmp_path / "start").iterdir()) == []


async def test_a_folder_that_does_not_exist_is_refused(store, tmp_path):
    seed(store)
    app = app_with(store, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        dialog = await save_dialog(pilot)
        dialog.query_one("#folder", Input).value = str(tmp_path / "nowhere")
        await pilot.press("enter")
        await wait_until(pilot, lambda: "no folder" in str(dialog.query_one("#message").render()),
                         "the refusal")
        assert app.focused is dialog.query_one("#folder", Input)
        assert isinstance(app.screen, SaveModal)


# --- the default name ---------------------------------------------------------------------

@pytest.mark.parametrize(("text", "name"), [
    ("2026-11-27 table 3 Alex+Charlie v Beth+David", f"{NAME}.json"),
    ("table ../../etc/passwd", "table ._._etc_passwd.json"),
    ("a\\b/c:d", "a_b_c_d.json"),
    ("tab\there\nnewline\x00nul", "tab here newline_nul.json"),
    ("..hidden..", "hidden.json"),
    ("José & Zoë", "José _ Zoë.json"),
    ("", "game.json"),
    ("CON", "game CON.json"),
])
def test_a_readable_file_name_never_leads_out_of_its_folder(text, name):
    assert readable_file_name(text, ".json") == name


def test_a_readable_file_name_is_at_most_the_limit():
    made = readable_file_name("Alexandra+Christopher v Bartholomew+Dorothea " * 5, ".html")
    assert len(made) <= NAME_LIMIT + len(".html") and made.endswith(".html")
    assert not made[:-len(".html")].endswith((" ", "."))


@pytest.mark.parametrize("name", ["..", "x/../y", "a\\b", "bad\x07bell", "  "])
def test_a_typed_name_that_is_a_path_or_has_control_characters_is_refused(name):
    assert name_problem(name) is not None


def test_a_typed_name_is_otherwise_kept():
    assert name_problem("Friday's game (final).json") is None


async def test_a_name_typed_without_its_suffix_gets_it(store, tmp_path):
    seed(store)
    app = app_with(store, tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await open_game(pilot)
        dialog = await save_dialog(pilot, "ctrl+o")
        dialog.query_one("#name", Input).value = "Friday night"
        await pilot.press("enter")
        written = tmp_path / "start" / "Friday night.html"
        await wait_until(pilot, lambda: not saving(pilot) and written.exists(), "written")
        assert "Alex" in written.read_text()
