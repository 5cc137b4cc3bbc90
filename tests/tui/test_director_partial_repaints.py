"""The director's screen repaints only what a confirmed hand changed (the table's row, the
standings' lines whose text changed; a focus move repaints no more than the focus styles):
what it shows after many such partial repaints is what a screen drawn from scratch on the
same database shows, line for line."""

from __future__ import annotations

from director_keys import choose_table, enter_hand, make_event, open_director, tricks_for, until
from textual.geometry import Region

from scorekeeper.tui.widgets.event_standings import EventStandings, StandingsLines
from scorekeeper.tui.widgets.event_tables import EventTables


def shown(widget) -> list[str]:
    """The widget's lines as its render gives them to the screen (through Textual's line
    cache, where a line not repainted would still hold its old text)."""
    width, height = widget.size
    return [strip.text for strip in widget.render_lines(Region(0, 0, width, height))]


async def test_tables_and_standings_after_confirms_are_what_a_fresh_screen_shows(
        make_app, store):
    make_event(store, 40, start=True, rounds=3, hands=None)  # 10 tables: the standings scroll
    async with make_app().run_test(size=(120, 40)) as pilot:
        screen = await open_director(pilot)
        lines = screen.query_one(StandingsLines)
        # The last hand's cells fit their columns (the first two hands widened them): its row
        # alone is repainted, and nothing moves the cursor over it afterwards.
        for table, winner in ((1, "NS"), (4, "EW"), (1, "EW"), (7, "NS")):
            await choose_table(pilot, table)
            await enter_hand(pilot, tricks_for(winner))
            if table == 4:  # the rest while the standings are scrolled
                lines.scroll_to(y=6, animate=False)
                await until(pilot, lambda: lines.scroll_y == 6, "the standings scrolled")
        await pilot.pause()
        tables_after = shown(screen.query_one(EventTables))
        standings_after = shown(lines)
        texts_after = list(screen.query_one(EventStandings).lines)
        assert lines.max_scroll_y > 0, "the standings should scroll here"
    async with make_app().run_test(size=(120, 40)) as pilot:
        screen = await open_director(pilot)
        fresh = screen.query_one(StandingsLines)
        await until(pilot, lambda: len(screen.query_one(EventStandings).lines) == 40,
                    "the standings drawn")
        fresh.scroll_to(y=6, animate=False)
        await until(pilot, lambda: fresh.scroll_y == 6, "the standings scrolled")
        await choose_table(pilot, 7)  # the cursor where the first app left it
        await pilot.pause()
        assert texts_after == screen.query_one(EventStandings).lines
        assert shown(fresh) == standings_after
        assert shown(screen.query_one(EventTables)) == tables_after
    # The standings' lines are the texts in view, each on its own line.
    assert [line.rstrip() for line in standings_after] == \
        [text.rstrip() for text in texts_after[6:6 + len(standings_after)]]
    assert any("61:60" in line or "60:61" in line for line in tables_after)
