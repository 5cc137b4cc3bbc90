"""A DataTable with its renders kept row by row (``tui/widgets/row_render_cache.py``) shows a
changed cell at once: its row is repainted, wherever it is drawn (a fixed row stays at the top
whatever the scroll), and the other rows keep what they showed."""

from __future__ import annotations

from director_keys import until
from textual.app import App, ComposeResult
from textual.geometry import Region

from scorekeeper.tui.widgets.row_render_cache import RowRenderCache


class TableApp(App):
    def __init__(self, fixed_rows: int) -> None:
        super().__init__()
        self.fixed = fixed_rows

    def compose(self) -> ComposeResult:
        yield RowRenderCache()

    def on_mount(self) -> None:
        table = self.query_one(RowRenderCache)
        table.fixed_rows = self.fixed
        table.add_column("row", key="row")
        table.add_column("value", key="value")
        for i in range(60):
            table.add_row(f"r{i}", "old", key=f"k{i}")


def shown(widget) -> list[str]:
    width, height = widget.size
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


async def test_a_changed_cell_shows_in_its_row_scrolled_or_fixed():
    for fixed in (0, 1):
        app = TableApp(fixed)
        async with app.run_test(size=(40, 12)) as pilot:
            table = app.query_one(RowRenderCache)
            await pilot.pause()
            table.scroll_end(animate=False)
            await until(pilot, lambda: table.scroll_y == table.max_scroll_y > 0, "scrolled")
            before = shown(table)
            table.update_cell("k59", "value", "NEW")
            await until(pilot, lambda: any("r59" in line and "NEW" in line
                                           for line in shown(table)), "the last row's cell")
            if fixed:  # the fixed first row, drawn at the top under the heading
                table.update_cell("k0", "value", "TOP")
                await until(pilot, lambda: "TOP" in shown(table)[1], "the fixed row's cell")
            after = shown(table)
            changed = [i for i, (a, b) in enumerate(zip(before, after)) if a != b]
            assert len(changed) == (2 if fixed else 1), (fixed, changed)
