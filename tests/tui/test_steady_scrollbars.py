"""The scroll views that skip Textual's repaint of unchanged scroll bars at every relayout
(``tui/widgets/steady_scrollbars.py``) still show, move and hide their bars when what they
scroll over grows or shrinks, or their size changes."""

from __future__ import annotations

from director_keys import until
from textual.app import App, ComposeResult

from scorekeeper.tui.widgets.event_standings import StandingsLines


class LinesApp(App):
    CSS = "StandingsLines { height: 10; width: 30; }"

    def compose(self) -> ComposeResult:
        yield StandingsLines()


async def test_the_bar_follows_the_lines_and_the_size():
    app = LinesApp()
    async with app.run_test(size=(40, 20)) as pilot:
        view = app.query_one(StandingsLines)
        view.set_lines([f"line {i}" for i in range(3)])
        await pilot.pause()
        assert not view.show_vertical_scrollbar
        view.set_lines([f"line {i}" for i in range(50)])  # more than the 10 rows
        await until(pilot, lambda: view.show_vertical_scrollbar, "the bar shown")
        assert view.max_scroll_y == 40
        view.set_lines([f"line {i}" for i in range(60)])
        await until(pilot, lambda: view.max_scroll_y == 50, "the bar's range grown")
        view.styles.height = 30  # a taller view: 60 lines over 30 rows
        await until(pilot, lambda: view.max_scroll_y == 30, "the range after a resize")
        view.set_lines(["one line"])
        await until(pilot, lambda: not view.show_vertical_scrollbar, "the bar hidden")
        assert view.max_scroll_y == 0
