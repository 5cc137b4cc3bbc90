"""A snapshot of the director's screen at 80x24 with five tables (review before regenerating
with ``pytest tests/tui/test_director_snapshot.py --snapshot-update``)."""

from __future__ import annotations

from director_keys import choose_table, enter_hand, make_event, open_director, tricks_for

from textual.widgets import Input


class TestDirectorScreen:
    def test_five_tables_mid_round_at_80x24(self, snap_compare, make_app, store):
        make_event(store, 20, name="Friday club", start=True, rounds=3, hands=None)

        async def run_before(pilot) -> None:
            await open_director(pilot)
            await enter_hand(pilot, tricks_for("NS"))  # table 1: a hand in
            await choose_table(pilot, 2)
            await enter_hand(pilot, tricks_for("EW"))  # table 2: a hand in
            await pilot.press("4", "enter", "n", "enter")  # and two bids of the next
            for field in pilot.app.screen.query(Input):
                field.cursor_blink = False
            await pilot.pause()

        assert snap_compare(make_app(), terminal_size=(80, 24), run_before=run_before)
