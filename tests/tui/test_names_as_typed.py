"""Names are shown as typed on every screen that lists them: a name that looks like Rich
markup ('[/b]Ann', '[b]Bo') neither crashes a table nor changes its style."""

from __future__ import annotations

from textual.widgets import DataTable

from scorekeeper.event.records import EventSpec
from scorekeeper.event.store import EventStore
from scorekeeper.tui.screens.standings import StandingsScreen

from director_keys import enter_hand, open_director, tricks_for, until

MARKUP = ("[/b]Ann", "[b]Bo", "Cy [red]", "Di")


def texts(table: DataTable) -> list[str]:
    return [str(cell) for i in range(table.row_count) for cell in table.get_row_at(i)]


async def test_markup_like_names_on_the_director_screen_and_the_standings(make_app, store):
    events = EventStore(store)
    events.create_event(EventSpec(name="[/b]Night", date="2026-11-27", movement="individual",
                                  players=MARKUP, rounds=1, hands=1))
    event_id = events.events()[0].id
    events.start_round(event_id)
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        director = await open_director(pilot)
        await enter_hand(pilot, tricks_for("N"))
        await until(pilot, lambda: director.query_one("EventTables", DataTable).row_count == 1
                    and "done" in " ".join(texts(director.query_one("EventTables",
                                                                    DataTable))),
                    "the table finished")
        shown = " ".join(texts(director.query_one("EventTables", DataTable)))
        assert "[/b]Ann" in shown or "[/b]A" in shown
        await pilot.press("escape")  # back to the list of nights
        await until(pilot, lambda: "[/b]Night" in " ".join(texts(app.screen.query_one(
            DataTable))), "the night's name in the list, as typed")
        await pilot.press("escape")
        await pilot.press("s")
        await until(pilot, lambda: isinstance(app.screen, StandingsScreen)
                    and app.screen.is_mounted, "the standings")
        names = texts(app.screen.query_one("#players", DataTable))
        assert "[/b]Ann" in names and "[b]Bo" in names and "Cy [red]" in names
