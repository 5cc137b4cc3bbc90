"""Renders of a DataTable kept row by row, for tables that change a row at a time.

``DataTable`` keys its renders (cells and lines) by a counter that every added row and every
changed cell bumps, so the frame after one change renders every visible cell again (the
score sheet: about 20 ms for 30 rows of 8 cells on a slow machine; the director's 20 tables:
20-30 ms a confirmed hand). This mixin keeps the renders by row (and the row's own version,
bumped when one of its cells changes), column widths, cursor and style: only the rows that
changed, and those the cursor left or reached, are rendered again.

A changed cell repaints its row's lines only (``update_cell``), not the whole table.

It overrides ``DataTable._render_line``, ``_render_cell`` and ``_clear_caches`` and reads
``_get_offsets``, ``_row_locations``, ``_header_row_key``, ``_show_hover_cursor`` and
``_pseudo_class_state``: private names of the Textual pinned in pyproject.toml (its comment
says how to move the pin).
"""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.strip import Strip
from textual.widgets import DataTable
from textual.widgets.data_table import RowKey

from .steady_scrollbars import SteadyScrollbars


class RowRenderCache(DataTable, SteadyScrollbars):
    #: Renders kept before the cache starts again (a long game has a few thousand cells).
    MAX_CACHED_CELLS = 20_000

    def _render_store(self) -> tuple[dict, dict, dict]:
        # Made on first use: DataTable.__init__ clears its caches before a subclass's
        # __init__ could set attributes.
        try:
            return self.__store
        except AttributeError:
            self.__store: tuple[dict, dict, dict] = ({}, {}, {})
            return self.__store

    def _forget_renders(self) -> None:
        cells, lines, versions = self._render_store()
        cells.clear()
        lines.clear()
        versions.clear()

    #: The row a cell of which is being changed (see :meth:`refresh`).
    _changing_row: RowKey | None = None

    def update_cell(self, row_key: RowKey | str, column_key: Any, value: Any, *,
                    update_width: bool = False) -> None:
        key = RowKey(row_key) if isinstance(row_key, str) else row_key
        versions = self._render_store()[2]
        versions[key] = versions.get(key, 0) + 1
        if update_width:  # the column may widen: every row moves, the whole table repaints
            super().update_cell(row_key, column_key, value, update_width=True)
            return
        self._changing_row = key
        try:
            super().update_cell(row_key, column_key, value)
        finally:
            self._changing_row = None

    def refresh(self, *regions: Any, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> Any:
        """``DataTable.update_cell`` repaints the whole table; a cell that keeps its column's
        width changes its own row's lines only, so only those are repainted (the frame then
        renders one row's lines, not every visible line, each through the styles)."""
        row = self._changing_row
        # (Not with fixed rows: they are drawn at the top whatever the scroll, where
        # refresh_row would look for them at their scrolled place.)
        if row is not None and not (regions or layout or recompose or self.fixed_rows):
            self._changing_row = None  # refresh_row refreshes a region: back here, passed on
            return self.refresh_row(self._row_locations.get(row))
        return super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)

    def remove_row(self, row_key: Any) -> None:
        self._forget_renders()
        super().remove_row(row_key)

    def clear(self, columns: bool = False):
        self._forget_renders()
        return super().clear(columns)

    def _render_line(self, y: int, x1: int, x2: int, base_style: Style) -> Strip:
        try:
            row_key, line = self._get_offsets(y)
        except LookupError:
            row_key = None
        if row_key is None or row_key is self._header_row_key:
            return super()._render_line(y, x1, x2, base_style)
        _, lines, versions = self._render_store()
        row = self._row_locations.get(row_key)
        key = (row_key, versions.get(row_key, 0), line, x1, x2, self.size.width, base_style,
               row == self.cursor_coordinate.row, row == self.hover_coordinate.row,
               self.cursor_type, self.show_cursor, self._show_hover_cursor,
               self._pseudo_class_state,
               tuple(c.get_render_width(self) for c in self.ordered_columns))
        strip = lines.get(key)
        if strip is None:
            if len(lines) >= self.MAX_CACHED_CELLS:
                lines.clear()
            strip = lines[key] = super()._render_line(y, x1, x2, base_style)
        return strip

    def _render_cell(self, row_index: int, column_index: int, base_style: Style, width: int,
                     cursor: bool = False, hover: bool = False) -> Any:
        cells, _, versions = self._render_store()
        row_key = (self._header_row_key if row_index == -1
                   else self._row_locations.get_key(row_index))
        key = (row_key, versions.get(row_key, 0), column_index, base_style, width, cursor,
               hover, self.show_cursor, self._show_hover_cursor, self._pseudo_class_state)
        rendered = cells.get(key)
        if rendered is None:
            if len(cells) >= self.MAX_CACHED_CELLS:
                cells.clear()
            rendered = cells[key] = super()._render_cell(row_index, column_index, base_style,
                                                         width, cursor, hover)
        return rendered

    def _clear_caches(self) -> None:
        self._forget_renders()
        super()._clear_caches()

    def notify_style_update(self) -> None:
        self._forget_renders()
        super().notify_style_update()
