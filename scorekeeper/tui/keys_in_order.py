"""Keys typed ahead reach the screen they were meant for.

Textual hands a key to the focused widget, and a screen's own keys (``r`` resumes a game)
run only once the key has bubbled back up to the app, a moment later. Keys typed quickly
are all handed out before that: after ``r``, the ``5`` and Enter meant for the game screen
went to the home screen's table (Enter there opens a game again), and keys typed while a
screen is being mounted went to a screen with no focused field (lost).

``KeysInOrder`` (mixed into the app) hands out one key at a time: the next waits until the
one before has been handled (taken by a widget, or through the bindings), and until the
screen on top is mounted (it focuses its field as it mounts). A typist never notices: a key
takes a few milliseconds, far less than the time between two keystrokes.
"""

from __future__ import annotations

import time
from typing import Any

from textual import events
from textual.app import App

#: Seconds between looks at whether the screen on top is mounted.
POLL = 0.01
#: The longest keys wait for a screen to mount, and for the key before them to be handled
#: (one a widget takes without a word, or one its screen closes on): typing is never stuck.
MOUNT_LIMIT = 2.0
KEY_LIMIT = 0.5


class KeysInOrder(App):
    """The app's key handling, one key at a time (see the module doc)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._held: list[events.Key] = []
        self._in_flight: events.Key | None = None
        self._waiting_since: float | None = None  # for a screen to mount
        self._polling = False

    async def on_event(self, event: events.Event) -> None:
        if not isinstance(event, events.Key):
            await super().on_event(event)
        elif not event.is_forwarded:  # a key from the terminal: in turn
            self._held.append(event)
            await self._hand_out()
        else:  # a key back from the focused widget: the bindings, then the next key
            await super().on_event(event)
            self._handled(event)

    def _screen_ready(self) -> bool:
        """Whether the screen on top is mounted (or has taken too long about it)."""
        if not self.screen_stack or self.screen.is_mounted:
            self._waiting_since = None
            return True
        if self._waiting_since is None:
            self._waiting_since = time.monotonic()
        return time.monotonic() - self._waiting_since > MOUNT_LIMIT

    async def _hand_out(self) -> None:
        while self._held and self._in_flight is None:
            if not self._screen_ready():
                self._poll()
                return
            event = self._held.pop(0)
            target = self.focused or self.screen
            await super().on_event(event)
            if event.is_forwarded:  # given to the focused widget: wait until it is handled
                self._in_flight = event
                target.call_later(self._taken, event)
                self.set_timer(KEY_LIMIT, lambda e=event: self._handled(e))

    def _taken(self, event: events.Key) -> None:
        """Run by the widget the key was given to, once it has handled it."""
        if event._stop_propagation:  # taken there (a character typed into a field)
            self._handled(event)
        # else it bubbles up to the app, whose bindings come last (``on_event``)

    def _handled(self, event: events.Key) -> None:
        if event is self._in_flight:
            self._in_flight = None
            self.call_later(self._hand_out)

    def _poll(self) -> None:
        if not self._polling:
            self._polling = True
            self.set_timer(POLL, self._screen_mounted)

    def _screen_mounted(self) -> None:
        self._polling = False
        if not self._screen_ready():
            self._poll()
            return
        # Behind what the screen queued as it mounted (a focus waits for the app's next
        # turn), so that the keys reach the field it focuses.
        self.call_later(self._hand_out)
