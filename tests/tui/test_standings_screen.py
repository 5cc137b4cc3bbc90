"""The standings screen shows what the standings library computes, season by season."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import DataTable

from scorekeeper.logs.files import read_log
from scorekeeper.tui.screens.standings import StandingsScreen

EXAMPLES = Path(__file__).parents[2] / "examples"


def rows(table: DataTable) -> list[list[str]]:
    return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]


async def test_standings_screen_lists_players_and_partnerships(make_app, store):
    # Two finished games of Fall 2026: the partnership example (NS Alex & Charlie beat
    # EW Beth & David 531 to 353) and the two-player example (Megan beats Drew 526 to 406).
    store.save_game(read_log(EXAMPLES / "partnership-game.json"))
    store.save_game(read_log(EXAMPLES / "two-player-game.json"))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("s")
        await pilot.pause()
        assert isinstance(app.screen, StandingsScreen)
        players = rows(app.screen.query_one("#players", DataTable))
        by_name = {r[1]: r for r in players}
        assert set(by_name) == {"Alex", "Beth", "Charlie", "David", "Megan", "Drew"}
        # games, won, lost for each: every winner 1-0, every loser 0-1.
        for name in ("Alex", "Charlie", "Megan"):
            assert by_name[name][2:5] == ["1", "1", "0"], by_name[name]
        for name in ("Beth", "David", "Drew"):
            assert by_name[name][2:5] == ["1", "0", "1"], by_name[name]
        # Points for minus against: NS 531 - 353 = +178; Megan 526 - 406 = +120.
        assert by_name["Alex"][6] == "+178" and by_name["Megan"][6] == "+120"
        # Ranking: win %, then wins, then points difference. The three winners tie on 100 %
        # and one win; Alex and Charlie (+178) share rank 1, Megan (+120) is 3rd.
        assert [by_name[n][0] for n in ("Alex", "Charlie", "Megan")] == ["=1", "=1", "3"]
        pairs = rows(app.screen.query_one("#pairs", DataTable))
        assert {r[1] for r in pairs} >= {"Alex & Charlie", "Beth & David"}
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StandingsScreen)
