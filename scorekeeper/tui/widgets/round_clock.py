"""The round clock: the time left in the round, drawn from when the round ends.

The end is given (attributes down): the director screen knows when the round started and how
long it lasts, both kept in the database, so the clock goes on where it was after a restart.
The clock reads the time through the ``now`` it is given (a fixed one in tests), redraws once
a second, and posts ``TimeUp`` once when the time is over.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable

from rich.text import Text
from textual.message import Message
from .plain_text import Static

Now = Callable[[], datetime.datetime]


def utc_now() -> datetime.datetime:
    return datetime.datetime.now(datetime.UTC)


def clock_text(left: datetime.timedelta) -> str:
    """'14:05 left', '1:02:00 left'; whole seconds, rounded up (0:00 only at the end)."""
    seconds = max(int(-(-left.total_seconds() // 1)), 0)
    hours, rest = divmod(seconds, 3600)
    minutes, seconds = divmod(rest, 60)
    text = f"{hours}:{minutes:02d}:{seconds:02d}" if hours else f"{minutes}:{seconds:02d}"
    return f"{text} left"


class RoundClock(Static):
    """'12:34 left', 'TIME' once over, 'time called' once the director called it."""

    class TimeUp(Message):
        """The round's time is over (posted once a round)."""

    def __init__(self, now: Now = utc_now, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._now = now
        self._ends_at: datetime.datetime | None = None
        self._called = False
        self._told = False
        self._limit_text = ""
        self._shown = ""

    def on_mount(self) -> None:
        self.set_interval(1, self.tick)
        self.tick()

    def show_round(self, ends_at: datetime.datetime | None, *, called: bool,
                   limit_text: str = "") -> None:
        """The round ends at ``ends_at`` (None: no time limit; ``limit_text`` says what ends
        it instead); ``called``: the director has called time."""
        if ends_at != self._ends_at:
            self._told = False
        self._ends_at = ends_at
        self._called = called
        self._limit_text = limit_text
        self.tick()

    @property
    def time_left(self) -> datetime.timedelta | None:
        if self._ends_at is None:
            return None
        return self._ends_at - self._now()

    def tick(self) -> None:
        """Look at the time and redraw if the text changed (once a second, and whenever the
        round's end is given)."""
        left = self.time_left
        if self._called:
            text = Text("time called", style="bold reverse")
        elif left is None:
            text = Text(self._limit_text, style="dim")
        elif left.total_seconds() <= 0:
            text = Text(" TIME ", style="bold reverse")
            if not self._told:
                self._told = True
                self.post_message(self.TimeUp())
        else:
            text = Text(clock_text(left), style="bold" if left.total_seconds() < 300 else "")
        if text.markup != self._shown:
            self._shown = text.markup
            self.update(text)
