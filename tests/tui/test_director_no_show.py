"""A no-show from the director's screen: ctrl+x asks which side did not come (named with its
players), confirms, and marks the table through the event store; refused at a table where a
hand has begun; ctrl+x again takes the word back; Escape or n marks nothing."""

from __future__ import annotations

from director_keys import (
    choose_table,
    enter_hand,
    make_event,
    open_director,
    tricks_for,
    until,
)

from scorekeeper.event.results import night_results
from scorekeeper.tui.widgets.event_no_show import NoShowModal
from scorekeeper.tui.widgets.modals import ConfirmModal


def question_text(app) -> str:
    return str(app.screen.query_one(".question").render())


def said(screen) -> str:
    """The chosen table's message line."""
    return str(screen._panel().query_one("#message").render())


async def ask_no_show(pilot) -> None:
    await pilot.press("ctrl+x")
    await until(pilot, lambda: isinstance(pilot.app.screen, NoShowModal), "which side")


class TestNoShow:
    async def test_the_side_asked_by_name_then_confirmed_marks_the_table(self, make_app,
                                                                         store):
        events, event_id = make_event(store, 12, start=True)
        seats = events.tables(event_id, 1)[1].seats
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await choose_table(pilot, 2)
            await ask_no_show(pilot)
            asked = question_text(pilot.app)
            assert "Table 2: which side did not come?" in asked
            assert f"N-S: {seats['N']} & {seats['S']}" in asked
            assert f"E-W: {seats['E']} & {seats['W']}" in asked
            await pilot.press("e")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the confirmation")
            confirm = pilot.app.screen.question
            assert f"E-W ({seats['E']} & {seats['W']}) absent" in confirm
            assert f"N-S ({seats['N']} & {seats['S']}) win by forfeit" in confirm
            await pilot.press("y")
            await until(pilot, lambda: pilot.app.screen is screen
                        and screen.rows()[1].status == "no_show", "table 2 a no-show")
            stored = events.tables(event_id, 1)[1]
            assert (stored.status, stored.absent) == ("no_show", "EW")
            over = str(screen.query_one("#dir-over").render())
            assert "Table 2 is marked no-show, E-W" in over and "ctrl+x takes it back" in over
            # Scored by the declared rule: the side present has a game won, the absent none.
            won = {r.names[0]: r.games_won for r in night_results(events, event_id).rows}
            assert won[seats["N"]] == won[seats["S"]] == 1
            assert won[seats["E"]] == won[seats["W"]] == 0

    async def test_ctrl_x_again_takes_the_no_show_back(self, make_app, store):
        events, event_id = make_event(store, 12, start=True)
        events.set_table_status(event_id, 1, 1, "no_show", absent="NS")
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            assert screen.chosen == 2  # the first table playing
            await choose_table(pilot, 1)
            await pilot.press("ctrl+x")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the question")
            assert "Table 1 is marked no-show. Take it back?" in pilot.app.screen.question
            await pilot.press("y")
            await until(pilot, lambda: pilot.app.screen is screen
                        and screen.rows()[0].status == "playing", "table 1 playing")
            stored = events.tables(event_id, 1)[0]
            assert (stored.status, stored.absent) == ("playing", None)
            assert screen.query_one("#bids #field").display  # its entry is back

    async def test_refused_at_a_table_where_a_hand_has_begun(self, make_app, store):
        events, event_id = make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await enter_hand(pilot, tricks_for("NS"))  # table 1: a hand played
            await pilot.press("ctrl+x")
            await until(pilot, lambda: "no no-show" in said(screen), "the refusal")
            assert "Table 1 played 1 hand: both sides came" in said(screen)
            await choose_table(pilot, 2)
            await pilot.press("5", "enter")  # table 2: a bid, its first hand begun
            await pilot.press("ctrl+x")
            await until(pilot, lambda: "Table 2 has begun its first hand" in said(screen),
                        "the refusal")
            assert pilot.app.screen is screen
            assert [t.status for t in events.tables(event_id, 1)] == ["playing"] * 3

    async def test_escape_or_no_marks_nothing(self, make_app, store):
        events, event_id = make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await ask_no_show(pilot)
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is screen, "back")
            await ask_no_show(pilot)
            await pilot.press("n")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the confirmation")
            await pilot.press("n")
            await until(pilot, lambda: pilot.app.screen is screen, "back")
            await ask_no_show(pilot)
            await pilot.press("enter")  # typed ahead: Cancel has the focus
            await until(pilot, lambda: pilot.app.screen is screen, "back")
            assert [t.status for t in events.tables(event_id, 1)] == ["playing"] * 3
            assert screen.rows()[0].status == "playing"


def test_every_key_of_the_directors_screen_is_in_the_help():
    from scorekeeper.tui.screens.director import DirectorScreen
    from scorekeeper.tui.screens.help import HELP

    rows = [line for line in HELP.splitlines() if "| director |" in line]
    for binding in DirectorScreen.BINDINGS:
        if binding.description and binding.key != "escape":  # Esc: "back", anywhere
            shown = binding.key_display or binding.key
            assert any(f"`{shown}`" in row for row in rows), shown
