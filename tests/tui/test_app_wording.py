"""Issue 12, bugs 1 and 7: the standings' win % as the CLI shows it; the referee screen's
entry line shows bid examples for a bid, the two-player side panel says each thing once,
and refusals write cards with the suit symbols the screen uses."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable, Input

from scorekeeper.logs.files import read_log
from scorekeeper.session.game_session import new_game_log
from scorekeeper.tui.screens.referee import RefereeScreen
from scorekeeper.tui.screens.standings import StandingsScreen

EXAMPLES = Path(__file__).parents[2] / "examples"
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


async def test_standings_show_the_win_percentage_as_the_cli(make_app, store):
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        table = app.screen.query_one("#players", DataTable)
        win = {str(r[1]): str(r[5]) for r in map(table.get_row_at, range(table.row_count))}
        assert win == {"Alex": "100.0", "Charlie": "100.0", "Beth": "0.0", "David": "0.0"}


async def referee(pilot, variant: str, players: dict[str, str]) -> RefereeScreen:
    pilot.app.start_game(new_game_log(variant, players, "N"))
    await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RefereeScreen)
    return pilot.app.screen


async def line(pilot, text: str) -> None:
    pilot.app.screen.query_one("#ref-field", Input).value = text
    await pilot.press("enter")
    await pilot.pause()


async def test_the_entry_line_shows_bid_examples_while_bidding(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await referee(pilot, "partnership", FOUR)
        field = screen.query_one("#ref-field", Input)
        assert field.placeholder == "0-13 n b"
        for bid in ("3", "4", "3", "3"):
            await line(pilot, bid)
        assert field.placeholder == "ah 10s qd"  # the play: cards


async def test_the_two_player_panel_says_each_side_once(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await referee(pilot, "two_player", {"N": "Megan", "S": "Drew"})
        await line(pilot, "4")  # S bids first (N draws first)
        await line(pilot, "n")
        status = str(screen.query_one("#hand-status").render()).splitlines()
        assert status[:2] == ["N 0 (nil)", "S 0/4"]


async def test_refusals_write_cards_with_suit_symbols(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await referee(pilot, "partnership", FOUR)
        for bid in ("3", "4", "3", "3"):
            await line(pilot, bid)
        await line(pilot, "2h 2h")
        message = str(screen.query_one("#ref-message").render())
        assert "2♥ was already played" in message and "2H" not in message
        screen.query_one("#ref-field", Input).value = ""
        await line(pilot, "ts")
        await line(pilot, "ts")
        assert "10♠ was already played" in str(screen.query_one("#ref-message").render())
