"""The round clock: the time left from when the round ends, 'TIME' once over (told once),
'time called' once the director called it; time read from the clock it is given."""

from __future__ import annotations

import datetime

from textual.app import App, ComposeResult

from scorekeeper.tui.widgets.round_clock import RoundClock, clock_text

START = datetime.datetime(2026, 11, 27, 20, 0, tzinfo=datetime.UTC)


class ClockApp(App):
    def __init__(self) -> None:
        super().__init__()
        self.now = START
        self.told = 0

    def compose(self) -> ComposeResult:
        yield RoundClock(now=lambda: self.now)

    def on_round_clock_time_up(self) -> None:
        self.told += 1


def shown(app: ClockApp) -> str:
    return str(app.query_one(RoundClock).render())


def test_clock_text_rounds_up_to_the_second():
    assert clock_text(datetime.timedelta(minutes=14, seconds=4.2)) == "14:05 left"
    assert clock_text(datetime.timedelta(hours=1, minutes=2)) == "1:02:00 left"
    assert clock_text(datetime.timedelta(seconds=-3)) == "0:00 left"


async def test_the_clock_counts_down_then_says_time_once():
    app = ClockApp()
    async with app.run_test() as pilot:
        clock = app.query_one(RoundClock)
        clock.show_round(START + datetime.timedelta(minutes=20), called=False)
        await pilot.pause()
        assert shown(app) == "20:00 left"
        app.now = START + datetime.timedelta(minutes=19, seconds=30)
        clock.show_round(START + datetime.timedelta(minutes=20), called=False)
        await pilot.pause()
        assert shown(app) == "0:30 left"
        app.now = START + datetime.timedelta(minutes=21)
        for _ in range(2):  # a second look tells nothing more
            clock.show_round(START + datetime.timedelta(minutes=20), called=False)
            await pilot.pause()
        assert shown(app).strip() == "TIME"
        assert app.told == 1
        clock.show_round(START + datetime.timedelta(minutes=20), called=True)
        await pilot.pause()
        assert shown(app) == "time called"


async def test_without_a_length_the_clock_says_what_ends_the_round():
    app = ClockApp()
    async with app.run_test() as pilot:
        app.query_one(RoundClock).show_round(None, called=False, limit_text="to 500")
        await pilot.pause()
        assert shown(app) == "to 500"
        assert app.told == 0


def round_start(store, events, event_id) -> datetime.datetime:
    """When the round started: its games' first saving, as the director's screen reads it."""
    saved = store.revisions(events.tables(event_id, 1)[0].game_id)[0].saved_at
    start = datetime.datetime.fromisoformat(saved)
    return start if start.tzinfo else start.replace(tzinfo=datetime.UTC)


def title(screen) -> str:
    return str(screen.query_one("#dir-title").render())


class TestDirectorsClock:
    async def test_the_round_clock_counts_the_events_length_from_the_rounds_start(
            self, make_app, store, monkeypatch):
        from director_keys import make_event, open_director, until

        events, event_id = make_event(store, 12, start=True, hands=None, minutes=20)
        started = round_start(store, events, event_id)
        now = [started + datetime.timedelta(minutes=5)]
        app = make_app(clock=lambda: now[0])
        told: list[str] = []
        async with app.run_test(size=(100, 36)) as pilot:
            monkeypatch.setattr(app, "notify", lambda message, **kw: told.append(message))
            screen = await open_director(pilot)
            clock = screen.query_one(RoundClock)
            assert str(clock.render()) == "15:00 left"
            await pilot.press("4", "enter")  # table 1's first hand begun: time can be called
            await until(pilot, lambda: screen.session(1).bids, "the bid")
            assert "ctrl+t: call time" not in title(screen)
            now[0] = started + datetime.timedelta(minutes=20, seconds=1)
            clock.tick()  # what the clock does each second
            assert str(clock.render()).strip() == "TIME"
            await until(pilot, lambda: any("ctrl+t calls it" in m for m in told), "the notice")
            await until(pilot, lambda: "ctrl+t: call time" in title(screen),
                        "the title's prompt")
            # The screen only asks: time is called by the director, not by the clock.
            assert not any(r.time_called for r in screen.rows())
            assert pilot.app.screen is screen

    async def test_after_the_prompt_ctrl_t_calls_time_at_every_playing_table(
            self, make_app, store):
        from director_keys import (
            choose_table,
            enter_hand,
            make_event,
            open_director,
            tricks_for,
            until,
        )

        from scorekeeper.tui.widgets.modals import ConfirmModal

        events, event_id = make_event(store, 12, start=True, hands=None, minutes=20)
        started = round_start(store, events, event_id)
        now = [started + datetime.timedelta(minutes=19)]
        app = make_app(clock=lambda: now[0])
        async with app.run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            await pilot.press("4", "enter")  # table 1: a hand under way
            await choose_table(pilot, 2)
            await enter_hand(pilot, tricks_for("EW"))  # table 2: between hands
            await choose_table(pilot, 3)
            await pilot.press("2", "enter")  # table 3: a hand under way
            now[0] = started + datetime.timedelta(minutes=21)
            screen.query_one(RoundClock).tick()
            await until(pilot, lambda: "ctrl+t: call time" in title(screen), "the prompt")
            await pilot.press("ctrl+t")
            await until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal),
                        "the question")
            await pilot.press("y")
            await until(pilot, lambda: pilot.app.screen is screen
                        and all(r.time_called for r in screen.rows()), "time called")
            assert [r.status for r in screen.rows()] == ["playing", "finished", "playing"]
            assert screen.session(1).time_call_pending and screen.session(3).time_call_pending
            assert events.tables(event_id, 1)[1].winner == "EW"
            assert "ctrl+t: call time" not in title(screen)
            assert str(screen.query_one(RoundClock).render()) == "time called"

    async def test_no_prompt_where_time_cannot_be_called(self, make_app, store,
                                                          monkeypatch):
        """Table 1 a no-show, table 2 not begun (time is called once hand 1 is under way):
        nothing to ask."""
        from director_keys import make_event, open_director, until

        events, event_id = make_event(store, 8, start=True, hands=None, minutes=20)
        events.set_table_status(event_id, 1, 1, "no_show", absent="EW")
        started = round_start(store, events, event_id)
        app = make_app(clock=lambda: started + datetime.timedelta(minutes=30))
        told: list[str] = []
        async with app.run_test(size=(100, 36)) as pilot:
            monkeypatch.setattr(app, "notify", lambda message, **kw: told.append(message))
            screen = await open_director(pilot)
            clock = screen.query_one(RoundClock)
            await until(pilot, lambda: str(clock.render()).strip() == "TIME", "the clock")
            await pilot.pause()
            screen.time_up()  # as the clock's message does, once more: still nothing to ask
            assert told == [] and "ctrl+t: call time" not in title(screen)

    async def test_without_a_length_the_screen_shows_what_ends_the_round(self, make_app,
                                                                         store):
        from director_keys import make_event, open_director

        make_event(store, 12, start=True, hands=3)
        async with make_app().run_test(size=(100, 36)) as pilot:
            screen = await open_director(pilot)
            assert str(screen.query_one(RoundClock).render()) == "3 hands a round"
