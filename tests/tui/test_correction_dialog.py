"""Issue 12, bug 6: the correction dialog clears its error once the fields change, shows its
own keys, and no notice covers it."""

from __future__ import annotations

from pathlib import Path

from textual.widgets._footer import FooterKey
from textual.widgets._toast import Toast
from tui_keys import enter_hand, new_game

from scorekeeper.logs.files import read_log
from scorekeeper.tui.widgets.modals import CorrectionModal

EXAMPLES = Path(__file__).parents[2] / "examples"


async def correction_dialog(pilot) -> CorrectionModal:
    """A game of two hands, then ctrl+r and Enter: the dialog for hand 2."""
    example = read_log(EXAMPLES / "partnership-game.json")
    await new_game(pilot, "partnership", dict(example.players), example.hands[0].dealer)
    for hand in example.hands[:2]:
        await enter_hand(pilot, hand)
    await pilot.press("ctrl+r", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, CorrectionModal)
    return pilot.app.screen


def message(dialog) -> str:
    return str(dialog.query_one("#message").render())


async def test_the_error_goes_once_the_fields_are_changed(make_app):
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        dialog = await correction_dialog(pilot)
        await pilot.press("tab", "ctrl+u", "9", "ctrl+s")  # E won 9: 18 tricks
        await pilot.pause()
        assert app.screen is dialog and "not 13" in message(dialog)
        await pilot.press("backspace", "3")
        await pilot.pause()
        assert message(dialog) == ""


async def test_the_footer_shows_the_dialogs_keys(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        dialog = await correction_dialog(pilot)
        keys = [(k.key_display or k.key, k.description) for k in dialog.query(FooterKey)]
        assert [d for _, d in keys] == ["Cancel", "Save"]
        footer = dialog.query_one(FooterKey).parent
        assert footer.region.bottom == 24  # the last line, over the game screen's footer


async def test_notices_do_not_cover_the_dialog_at_80x24(make_app):
    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        dialog = await correction_dialog(pilot)
        app.notify("A notice of two lines or so, as long as the ones the game screen gives"
                   " after a correction.")
        for _ in range(200):  # wait for the toast to be laid out (state, not time)
            await pilot.pause()
            if any(t.region.height for t in dialog.query(Toast)):
                break
        box = dialog.query_one(".dialog").region
        toasts = [t.region for t in dialog.query(Toast)]
        assert toasts and box.bottom <= 24
        assert not any(box.overlaps(t) for t in toasts), (box, toasts)
