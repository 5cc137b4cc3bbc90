"""Saving a game being scored, for every screen that enters hands (the game screen, the
director's screen): the one place that writes a session to the database and says so loudly
when it cannot, so that nothing entered is lost in silence."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.app import App

    from ..session.game_session import GameSession


def save_session(app: App, s: GameSession, *, game: bool, by: str | None = None,
                 why: str | None = None) -> bool:
    """Write the session's log (``game``: the confirmed hands changed) and its hand in
    progress (the draft, or clear it) to ``app.store``; on failure, an error notice that
    stays up, and False."""
    store = app.store
    try:
        if game:
            store.save_game(s.log, by=by, why=why, analysis=s.analysis)
        if s.has_entries:
            store.save_draft(s.game_id, s.draft())
        else:
            store.clear_draft(s.game_id)
    except Exception as exc:  # noqa: BLE001 - any storage failure must be shown, not lost
        app.notify(f"NOT SAVED: {exc}", title="Database", severity="error", timeout=30)
        return False
    return True
