"""Undo on a game being scored: asked first when it changes a finished game, then done, saved
and told. The game screen and the card night's quick entry undo the same way; each says how
it saves, redraws and tells (a game of its own, or one table of several)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ..session.game_session import ChangeEffect, SessionError
from .widgets.modals import ConfirmModal

if TYPE_CHECKING:
    from textual.screen import Screen

    from ..session.game_session import GameSession


def finished_question(effect: ChangeEffect, change: str, ask: str) -> str:
    """The question before a finished game is changed: its result now, what the change
    does, and what it does to the result (and so to the standings, which count finished
    games only)."""
    text = f"This game is finished ({effect.result_before}). {change}"
    if effect.unfinishes:
        text += (" and the game is no longer finished; the standings will not count it until"
                 " it is finished again.")
    elif effect.result_after != effect.result_before:
        text += f": the result becomes {effect.result_after}."
    else:
        text += ": the game stays finished with the same result."
    return f"{text} {ask} y/n"


def ask_then_undo(screen: Screen, s: GameSession, *, tell: Callable[[str], None],
                  saved: Callable[[bool], None], note: Callable[[str], None],
                  name: str = "") -> None:
    """Undo the last change of ``s``. A finished game counts in the standings: changing it
    is asked first, never done by a stray ctrl+z (No is the default answer).

    ``tell``: how a refusal is told; ``saved(game_changed)``: save and redraw after the undo
    (``game_changed``: the stored game changed, not only the hand in progress); ``note``: how
    the undo is told, given its words; ``name``: the game's name before the question (a table
    among several)."""
    try:
        effect = s.undo_effect()
    except SessionError as exc:
        tell(str(exc))
        return

    def undo() -> None:
        try:
            undone = s.undo(by=screen.app.by)
        except SessionError as exc:  # the game changed since the question was asked
            screen.app.notify(str(exc), severity="warning")
            return
        changed = undone.correction is not None
        saved(changed)
        words = undone.what
        if changed:
            words += f"; history revision {undone.correction.revision}"
        note(words)

    if effect.result_before is None:
        undo()
        return
    what = (f"Undo reopens hand {effect.reopens}" if effect.reopens is not None
            else f"Undo takes back the last change ({effect.what})")
    screen.app.push_screen(
        ConfirmModal(f"{name}: " * bool(name) + finished_question(effect, what, "Undo?"),
                     "Undo (y)", "Keep it (n)", default=False),
        lambda yes: undo() if yes else None)


__all__ = ["ask_then_undo", "finished_question"]
