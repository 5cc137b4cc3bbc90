"""The app's own commands in the command palette (ctrl+p), beside Textual's (themes, quit).

Each screen says which of its commands make sense now (``commands()``: export on a game,
resume only with an unfinished game...); the palette lists those of the screen it was opened
over, and help, which makes sense everywhere. A command runs what its key runs.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from textual.command import Hit, Hits, Provider


@dataclass(frozen=True)
class AppCommand:
    """A command as the palette shows it: its title, a line of help (with its key), and
    what it runs."""

    title: str
    help: str
    run: Callable[[], Any]


def screen_commands(screen: Any) -> list[AppCommand]:
    """The commands for ``screen``: its own (if it has any), then help."""
    own = getattr(screen, "commands", None)
    commands = list(own()) if callable(own) else []
    return commands + [AppCommand("Help: keys and how a hand goes", "F1",
                                  screen.app.action_help)]


class AppCommands(Provider):
    """The palette's source of the app's commands."""

    def _commands(self) -> Iterable[AppCommand]:
        return screen_commands(self.screen)

    async def discover(self) -> Hits:
        # Listed as soon as the palette opens, before anything is typed, in the screen's
        # order and above Textual's (the palette sorts by score, and a DiscoveryHit scores
        # 0: these are Hits scored just above it instead).
        commands = list(self._commands())
        for i, command in enumerate(commands):
            yield Hit((len(commands) - i) / (len(commands) + 1), command.title, command.run,
                      text=command.title, help=command.help)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for command in self._commands():
            score = matcher.match(command.title)
            if score > 0:
                yield Hit(score, matcher.highlight(command.title), command.run,
                          help=command.help)
