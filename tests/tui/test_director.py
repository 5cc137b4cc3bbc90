"""The director's screen: a whole card night of three tables driven through the keyboard,
switching tables, keys typed ahead, undo, a table marked unfinished, the next round refused
while a table plays, resuming after the app stopped, and the screen at 80x24 and 120x40."""

from __future__ import annotations

from director_keys import (
    choose_table, enter_hand, expected_standings, make_event, open_director, palette_titles,
    shown_standings, side_points, tricks_for, until,
)

from scorekeeper.event.results import night_results
from scorekeeper.tui.screens.director import DirectorScreen
from scorekeeper.tui.screens.event_list import EventListScreen
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.home import HomeScreen
from scorekeeper.tui.widgets.event_tables import EventTables
from scorekeeper.tui.widgets.modals import ConfirmModal, CorrectionModal

CARD_NIGHTS = "Card nights: the director's screen"

#: Who wins each table's game (two hands of 61 to 60), by round then table.
WINNERS = {1: {1: "NS", 2: "EW", 3: "NS"}, 2: {1: "EW", 2: "EW", 3: "NS"}}


async def start_next_round(pilot, screen: DirectorScreen, number: int) -> None:
    await pilot.press("ctrl+n")
    await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal), "the question")
    await pilot.press("y")
    await until(pilot, lambda: pilot.app.screen is screen and screen.round == number,
                f"round {number}")


class TestWholeNight:
    async def test_three_tables_two_rounds_from_the_first_deal_to_the_results(
            self, make_app, store):
        events, event_id = make_event(store, 12, rounds=2, hands=2)
        app = make_app()
        async with app.run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            assert screen.round == 0
            await start_next_round(pilot, screen, 1)
            for number in (1, 2):
                assert [r.table for r in screen.rows()] == [1, 2, 3]
                assert not any(r.done for r in screen.rows())
                for hand in (1, 2):
                    for table in (1, 2, 3):
                        await choose_table(pilot, table)
                        await enter_hand(pilot, tricks_for(WINNERS[number][table]))
                        assert len(screen.chosen_session.log.hands) == hand
                # Every game ended at the hand limit, won by the side given the extra trick.
                stored = events.tables(event_id, number)
                assert [t.status for t in stored] == ["finished"] * 3
                assert [t.winner for t in stored] == [WINNERS[number][t] for t in (1, 2, 3)]
                assert [(r.table, r.scores, r.status) for r in screen.rows()] == [
                    (t.table, dict(t.scores), t.status) for t in stored]
                # The standings beside the tables are the night's results as they stand.
                results = night_results(events, event_id)
                assert shown_standings(screen) == expected_standings(results)
                if number == 1:
                    await start_next_round(pilot, screen, 2)
            # Past the last round: nothing is started, the standings are the results.
            await pilot.press("ctrl+n")
            await pilot.pause()
            assert pilot.app.screen is screen and screen.round == 2
        results = night_results(events, event_id)
        assert results.complete
        # Checked by hand: each player's points are his side's scores at his two tables,
        # his games won the tables where his side won.
        played = [t for n in (1, 2) for t in events.tables(event_id, n)]
        points = side_points(played)
        won = {name: sum(t.winner is not None and name in t.side_players(t.winner)
                         for t in played) for name in points}
        assert {r.names[0]: r.points for r in results.rows} == points
        assert {r.names[0]: r.games_won for r in results.rows} == won


class TestTables:
    async def test_brackets_and_arrows_go_from_table_to_table_and_keys_typed_ahead_follow(
            self, make_app, store):
        make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            assert screen.chosen == 1
            await pilot.press("right_square_bracket", "right_square_bracket")
            assert screen.chosen == 3
            await pilot.press("right_square_bracket")  # round and round
            assert screen.chosen == 1
            await pilot.press("left_square_bracket")
            assert screen.chosen == 3
            await pilot.press("up", "down", "down")
            assert screen.chosen == 1
            # A bid typed right after ] is the new table's, never the one just left.
            await pilot.press("right_square_bracket", "4", "enter")
            await pilot.pause()
            assert screen.chosen == 2
            assert [b for b, _ in screen.session(2).bids.values()] == [4]
            assert screen.session(1).bids == {}
            assert screen.query_one(EventTables).cursor_row == 1

    async def test_a_table_keeps_its_hand_in_progress_while_another_is_entered(
            self, make_app, store):
        events, event_id = make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await pilot.press("5", "enter", "n", "enter")  # table 1: two bids
            await choose_table(pilot, 3)
            await enter_hand(pilot, tricks_for("EW"))
            await choose_table(pilot, 1)
            await pilot.pause()
            assert [b for b, _ in screen.chosen_session.bids.values()] == [5, 0]
            assert screen.chosen_session.phase == "bidding"
            assert store.load_draft(events.tables(event_id, 1)[0].game_id)
            assert events.tables(event_id, 1)[2].scores == {"NS": 60, "EW": 61}

    async def test_undo_takes_back_the_chosen_tables_last_entry(self, make_app, store):
        make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await pilot.press("right_square_bracket", "6", "enter", "2", "enter")
            await pilot.pause()
            assert len(screen.session(2).bids) == 2
            await pilot.press("ctrl+z")
            await pilot.pause()
            assert [b for b, _ in screen.session(2).bids.values()] == [6]

    async def test_undo_of_a_finished_tables_game_is_asked_first_naming_the_table(
            self, make_app, store):
        make_event(store, 12, start=True, hands=1)  # one hand ends a table's game
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await choose_table(pilot, 2)
            await enter_hand(pilot, tricks_for("NS"))
            await until(pilot, lambda: screen.session(2).is_over, "table 2's game over")
            await pilot.press("ctrl+z")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the question")
            question = pilot.app.screen
            assert question.question.startswith("Table 2: This game is finished")
            assert "Undo reopens hand 1" in question.question
            await pilot.press("n")  # kept
            await until(pilot, lambda: pilot.app.screen is screen, "back to the director")
            assert screen.session(2).is_over
            await pilot.press("ctrl+z")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the question again")
            await pilot.press("y")
            await until(pilot, lambda: not screen.session(2).is_over, "hand 1 reopened")
            assert screen.session(2).phase == "confirm"  # the hand back, as entered

    async def test_next_round_waits_for_every_table_or_the_directors_word(
            self, make_app, store):
        events, event_id = make_event(store, 12, start=True, hands=1)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            for table in (1, 2):
                await choose_table(pilot, table)
                await enter_hand(pilot, tricks_for("NS"))
            await pilot.press("ctrl+n")  # table 3 still plays: refused, nothing asked
            await pilot.pause()
            assert pilot.app.screen is screen and screen.round == 1
            await choose_table(pilot, 3)
            await pilot.press("ctrl+u")  # the director's word: unfinished
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the question")
            await pilot.press("y")
            await until(pilot, lambda: screen.rows()[2].status == "unfinished",
                        "table 3 unfinished")
            assert events.tables(event_id, 1)[2].status == "unfinished"
            await start_next_round(pilot, screen, 2)
            assert all(r.status == "playing" for r in screen.rows())


class TestResume:
    async def test_reopening_the_app_resumes_the_night_where_it_stood(self, make_app, store):
        make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            await open_director(pilot)
            await enter_hand(pilot, tricks_for("NS"))
            await choose_table(pilot, 2)
            await pilot.press("7", "enter", "1", "enter")
            await pilot.pause()
        # A new app on the database: it offers the night, and every table is where it was.
        async with make_app(offer_resume=True).run_test(size=(100, 36)) as pilot:
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the offer to resume")
            assert "Club night" in pilot.app.screen.question
            await pilot.press("y")
            await until(pilot, lambda: isinstance(pilot.app.screen, DirectorScreen),
                        "the director's screen")
            screen = pilot.app.screen
            assert len(screen.session(1).log.hands) == 1
            assert [b for b, _ in screen.session(2).bids.values()] == [7, 1]
            assert screen.rows()[0].scores == {"NS": 61, "EW": 60}


class TestSizes:
    async def _fits(self, make_app, store, players: int, size: tuple[int, int]) -> None:
        make_event(store, players, start=True)
        async with make_app().run_test(size=size) as pilot:
            screen = await open_director(pilot)
            tables = screen.query_one(EventTables)
            assert tables.row_count == players // 4
            assert tables.max_scroll_y == 0  # every table in view
            field = screen.query_one("#bids #field")
            assert field.region.bottom <= size[1] - 1  # the entry above the footer
            assert pilot.app.focused is field

    async def test_five_tables_at_80x24(self, make_app, store):
        await self._fits(make_app, store, 20, (80, 24))

    async def test_twenty_tables_at_120x40(self, make_app, store):
        await self._fits(make_app, store, 80, (120, 40))


class TestWayIn:
    async def test_no_event_yet_says_how_to_make_one(self, make_app):
        async with make_app().run_test(size=(80, 24)) as pilot:
            await pilot.press("e")
            await until(pilot, lambda: isinstance(pilot.app.screen, EventListScreen),
                        "the list of events")
            hint = pilot.app.screen.query_one("#no-events")
            assert hint.display and "scorekeeper event create" in str(hint.render())
            await pilot.press("escape")
            await until(pilot, lambda: isinstance(pilot.app.screen, HomeScreen), "home")

    async def test_the_palette_opens_the_card_nights(self, make_app, store):
        make_event(store, 12, name="Tuesday league")
        async with make_app().run_test(size=(100, 36)) as pilot:
            await pilot.press("ctrl+p")
            await until(pilot, lambda: CARD_NIGHTS in palette_titles(pilot.app),
                        "the card nights in the palette")
            await pilot.press(*"card nights")
            await until(pilot, lambda: palette_titles(pilot.app)[:1] == [CARD_NIGHTS],
                        "found")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(pilot.app.screen, EventListScreen)
                        and pilot.app.screen.is_mounted, "the list of events")
            table = pilot.app.screen.query_one("#events")
            assert table.row_count == 1
            assert "Tuesday league" in [str(c) for c in table.get_row_at(0)]


class TestCorrection:
    async def test_a_correction_is_made_on_the_tables_game_and_shows_back_here(
            self, make_app, store):
        events, event_id = make_event(store, 12, start=True)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await choose_table(pilot, 2)
            await enter_hand(pilot, tricks_for("NS"))
            session = screen.chosen_session
            await pilot.press("ctrl+r")  # the table's game, ready to pick the hand
            await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen)
                        and pilot.app.screen.is_mounted, "the table's game")
            assert pilot.app.screen.session is session  # the same game, not a copy
            await pilot.press("enter")  # hand 1, the only one
            await until(pilot, lambda: isinstance(pilot.app.screen, CorrectionModal),
                        "the correction dialog")
            # N's count from 4 to 3 and E's from 3 to 4: now EW made theirs with the bag.
            for seat, count in (("N", "3"), ("E", "4")):
                field = pilot.app.screen.query_one(f"#tricks-{seat}")
                field.value = count
            await pilot.press("ctrl+s")
            await until(pilot, lambda: isinstance(pilot.app.screen, GameScreen),
                        "back on the game")
            await pilot.press("escape")
            await until(pilot, lambda: pilot.app.screen is screen, "back on the director's")
            assert screen.rows()[1].scores == {"NS": 60, "EW": 61}
            assert events.tables(event_id, 1)[1].scores == {"NS": 60, "EW": 61}


class TestTimeCalled:
    async def test_time_called_finishes_the_hands_in_progress_and_ends_the_games(
            self, make_app, store):
        events, event_id = make_event(store, 12, start=True, hands=None)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await pilot.press("4", "enter", "3", "enter")  # table 1: a hand under way
            await choose_table(pilot, 2)
            await enter_hand(pilot, tricks_for("NS"))  # table 2: between hands, 61 to 60
            await pilot.press("ctrl+t")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the question")
            await pilot.press("y")
            await until(pilot, lambda: pilot.app.screen is screen
                        and screen.rows()[1].status == "finished", "table 2 ended")
            rows = screen.rows()
            # Table 1 finishes its hand; table 3 had not begun: time is not called there.
            assert [(r.status, r.time_called) for r in rows] == [
                ("playing", True), ("finished", True), ("playing", False)]
            assert events.tables(event_id, 1)[1].winner == "NS"
            await choose_table(pilot, 1)
            await pilot.press("3", "enter", "3", "enter")  # the last two bids
            await enter_hand(pilot, tricks_for("EW"), bids={})
            await until(pilot, lambda: screen.rows()[0].status == "finished", "table 1 ended")
            log = store.load_game(events.tables(event_id, 1)[0].game_id)
            assert [h.time_called for h in log.hands] == [True]
            assert events.tables(event_id, 1)[0].winner == "EW"
