"""Everything a user needs is reachable at 80x24: the footer shows whole keys, Help and Quit
first; the header's database path is shortened from the left; the standings' columns all
fit. And with the chart beside it at 120 columns, the sheet keeps the points' parts."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import DataTable, Header
from textual.widgets._footer import FooterKey
from tui_export import wait_until

from scorekeeper.logs.files import read_log
from scorekeeper.season.storage import Store
from scorekeeper.tui.app import ScorekeeperApp, short_path
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.new_game import NewGameScreen
from scorekeeper.tui.screens.standings import StandingsScreen
from scorekeeper.tui.widgets.score_sheet import ScoreSheet

EXAMPLES = Path(__file__).parents[2] / "examples"
SMALL = (80, 24)


def footer_keys(screen) -> list[tuple[str, str]]:
    """The keys the footer shows (palette key apart), as (key, description)."""
    return [(k.key, k.description) for k in screen.query(FooterKey)
            if not k.has_class("-command-palette")]


async def footer_ready(pilot) -> list[tuple[str, str]]:
    await wait_until(pilot, lambda: footer_keys(pilot.app.screen), "the footer drawn")
    return footer_keys(pilot.app.screen)


def all_whole(screen, width: int) -> bool:
    """Every key of the footer within the screen, none under the palette key."""
    keys = [k for k in screen.query(FooterKey) if not k.has_class("-command-palette")]
    palette = [k for k in screen.query(FooterKey) if k.has_class("-command-palette")]
    edge = palette[0].region.x if palette else width
    return all(k.region.right <= edge for k in keys)


async def test_the_footer_shows_help_and_quit_first_on_every_screen_at_80x24(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        keys = await footer_ready(pilot)
        assert keys[:2] == [("f1", "Help"), ("ctrl+q", "Quit")]
        assert ("n", "New game") in keys and all_whole(app.screen, 80)

        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, StandingsScreen), "standings")
        keys = await footer_ready(pilot)
        assert keys[:3] == [("f1", "Help"), ("escape", "Back"), ("ctrl+q", "Quit")]
        await pilot.press("escape", "n")
        await wait_until(pilot, lambda: isinstance(app.screen, NewGameScreen), "the form")
        keys = await footer_ready(pilot)
        assert keys[:3] == [("f1", "Help"), ("escape", "Cancel"), ("ctrl+q", "Quit")]
        await pilot.press("escape", "f", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        keys = await wait_until_keys(pilot, "Home")
        assert keys[:3] == [("f1", "Help"), ("escape", "Home"), ("ctrl+q", "Quit")]
        # Then the game's keys in their order, as many as fit whole (the rest are in the
        # help and the palette).
        assert [d for _, d in keys[3:]] == ["Undo", "Referee", "Correct", "Export"]
        assert all_whole(app.screen, 80)

        await pilot.resize_terminal(120, 40)
        keys = await wait_until_keys(pilot, "Call time")
        assert [d for _, d in keys] == ["Help", "Home", "Quit", "Undo", "Referee", "Correct",
                                        "Export", "Sheet", "Chart", "Call time"]
        assert all_whole(app.screen, 120)


async def wait_until_keys(pilot, description: str) -> list[tuple[str, str]]:
    await wait_until(pilot, lambda: description in [d for _, d in footer_keys(pilot.app.screen)],
                     f"{description!r} in the footer")
    return footer_keys(pilot.app.screen)


async def test_the_database_path_is_shortened_from_the_left(tmp_path):
    folder = tmp_path / "club" / "spades" / "seasons" / "autumn-and-winter-2026" / "records"
    folder.mkdir(parents=True)
    store = Store.open(folder / "scorekeeper.db")
    try:
        app = ScorekeeperApp(store, offer_resume=False, export_dir=tmp_path)
        async with app.run_test(size=SMALL) as pilot:
            await wait_until(pilot, lambda: app.screen.query(Header), "the header")
            shown = app.sub_title
            assert shown.startswith("…/") and shown.endswith("/records/scorekeeper.db")
            assert len(app.title) + 3 + len(shown) <= 80 - 18  # beside the icon and clock
            await pilot.resize_terminal(200, 24)
            await wait_until(pilot, lambda: app.sub_title == str(folder / "scorekeeper.db"),
                             "the whole path when it fits")
    finally:
        store.close()


@pytest.mark.parametrize(("room", "shown"), [
    (40, "/home/sam/spades/scorekeeper.db"),
    (26, "…/spades/scorekeeper.db"),
    (17, "…/scorekeeper.db"),
    (10, "…keeper.db"),
])
def test_short_path(room, shown):
    assert short_path("/home/sam/spades/scorekeeper.db", room) == shown


async def test_the_standings_columns_all_fit_at_80x24(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    store.save_game(read_log(EXAMPLES / "two-player-game.json"))
    app = make_app()
    async with app.run_test(size=SMALL) as pilot:
        await pilot.press("s")
        await wait_until(pilot, lambda: isinstance(app.screen, StandingsScreen), "standings")
        for table in app.screen.query(DataTable):
            await wait_until(pilot, lambda t=table: t.row_count and t.size.width,
                             "the table drawn")
            assert str(table.ordered_columns[-1].label) == "rating"
            assert table.virtual_size.width <= table.size.width, table.id


async def test_beside_the_chart_every_row_keeps_its_parts(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("f", "enter")
        await wait_until(pilot, lambda: isinstance(app.screen, GameScreen), "the game")
        screen = app.screen
        sheet = screen.query_one(ScoreSheet)
        await wait_until(pilot, lambda: screen.query("#chart") and sheet.row_count == 9,
                         "the sheet and the chart")
        assert screen.query_one("#chart").display and sheet.layout == "stacked"
        points = [str(sheet.get_cell(str(n), "NS-pts")) for n in range(1, 10)]
        assert points[0] == "+61: 60 +1b"  # short parts beside the points
        assert points[2] == "+151\n50 +1b +100nil"  # long ones under them
        assert not screen.query_one("#detail").display  # nothing left for the detail line
        assert sheet.region.right <= screen.query_one("#chart").region.x
        # Hidden again (ctrl+g), the parts are beside the points on every row.
        await pilot.press("ctrl+g")
        await wait_until(pilot, lambda: sheet.layout == "full", "the full sheet")
        assert str(sheet.get_cell("3", "NS-pts")) == "+151: 50 +1b +100nil"
