"""The night's standings beside the tables fit their panel at 80x24, the "+/-" column whole
(not under the scroll bar): one space between the columns where two leave the names less
than their least room; two spaces apart where there is room."""

from __future__ import annotations

from director_keys import enter_hand, make_event, open_director, tricks_for, until

from scorekeeper.tui.widgets.event_standings import (
    NAMES_LEAST,
    SCROLLBAR,
    EventStandings,
    StandingRow,
    standings_lines,
)

WIDE = (StandingRow(10, ("Alexandra",), 3, 2, -1200, -1200),
        StandingRow(10, ("Bea", "Carlos"), 3, 2, 1200, 1200))


def test_every_line_fits_the_width_with_the_difference_whole():
    for width in (32, 35, 42, 60):
        heading, lines = standings_lines(WIDE, "player", width)
        for line in (heading, *lines):
            assert len(line) <= width - SCROLLBAR
        assert heading.rstrip().endswith("+/-")
        assert [line.split()[-1] for line in lines] == ["-1200", "+1200"]


def test_two_spaces_apart_where_the_names_have_room():
    heading, _ = standings_lines(WIDE, "player", 35)  # the director's screen at 100 columns
    assert heading == " #    player    won  pts    +/-  "
    narrow, lines = standings_lines(WIDE, "player", 32)  # at 80 columns
    assert " won pts   +/-" in narrow
    names = lines[1].split(" ", 2)[2][:NAMES_LEAST + 1]
    assert names.startswith("Bea & C")


async def test_the_standings_fit_their_panel_at_80x24(make_app, store):
    make_event(store, 20, name="Friday club", start=True, rounds=3, hands=None)
    async with make_app().run_test(size=(80, 24)) as pilot:
        screen = await open_director(pilot)
        await enter_hand(pilot, tricks_for("NS"))
        standings = screen.query_one(EventStandings)
        body = standings.query_one("#standings-lines")
        await until(pilot, lambda: standings.lines and body.scrollable_content_region.width,
                    "the standings drawn")
        room = body.scrollable_content_region.width  # inside the border and the scroll bar
        assert body.show_vertical_scrollbar  # 20 players: more lines than the panel
        assert all(len(line) <= room for line in standings.lines)
        assert all(line.split()[-1] in ("+1", "-1", "+0") for line in standings.lines)
