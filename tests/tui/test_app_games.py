"""Whole games through the keyboard: the examples entered hand by hand, the exported log
scored by ``scorekeeper score``; wrong entries, undo, corrections, saving as we go."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from tui_export import save
from tui_keys import enter_hand, new_game, play_log, type_text

from scorekeeper.cli import main
from scorekeeper.logs.files import read_log
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.new_game import NewGameScreen
from scorekeeper.tui.widgets.modals import CorrectionModal, GameOverModal
from scorekeeper.tui.widgets.score_sheet import ScoreSheet

EXAMPLES = Path(__file__).parents[2] / "examples"
FOUR = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def score_json(path: Path) -> dict:
    result = CliRunner().invoke(main, ["score", str(path), "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


def message(app) -> str:
    return str(app.screen.query_one(f"#{app.screen.session.phase == 'bidding' and 'bids' or 'tricks'} #message").render())


@pytest.mark.parametrize("name", ["partnership-game.json", "two-player-game.json"])
async def test_example_game_through_the_keys_scores_as_the_cli(make_app, store, tmp_path, name):
    example = read_log(EXAMPLES / name)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await play_log(pilot, example)
        assert isinstance(app.screen, GameOverModal)
        # Export from the end-of-game dialog, where the save dialog proposes.
        exported = await save(pilot, "x")
        session = app.screen.session
        assert exported.parent == tmp_path
    ours, theirs = score_json(exported), score_json(EXAMPLES / name)
    assert ours["final"] == theirs["final"]
    assert ours["winner"] == theirs["winner"] and ours["winner"] is not None
    assert [h["sides"] for h in ours["hands"]] == [h["sides"] for h in theirs["hands"]]
    saved = store.games()
    assert len(saved) == 1 and saved[0].finished and saved[0].winner == theirs["winner"]
    assert store.load_draft(session.game_id) is None


async def test_each_entry_is_saved_before_the_screen_moves_on(make_app, store):
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await new_game(pilot, "partnership", FOUR, "W")
        session = app.screen.session
        assert store.load_game(session.game_id).players["N"] == "Alex"
        await type_text(pilot, "4")
        await pilot.press("enter")
        await pilot.pause()
        assert store.load_draft(session.game_id)["bids"] == [
            {"seat": "N", "bid": 4, "blind": False}]
        await pilot.press("b", "enter")
        await pilot.pause()
        assert store.load_draft(session.game_id)["bids"][1] == {"seat": "E", "bid": 0,
                                                                "blind": True}
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(store.load_draft(session.game_id)["bids"]) == 1
        assert "Undone: E's bid Blind Nil taken back" in message(app)


async def test_wrong_entries_get_an_inline_message(make_app):
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await new_game(pilot, "partnership", FOUR, "W")
        await pilot.press("1", "4", "enter")
        await pilot.pause()
        assert "'14' is not a bid: type 0 to 13" in message(app)
        for b in "4322":
            await pilot.press(b, "enter")
            await pilot.pause()
        await pilot.press("9", "enter", "5", "enter")
        await pilot.pause()
        assert "N 9 + E 5 = 14: more than the 13 tricks" in message(app)
        assert app.screen.session.turn.name == "E"


async def test_new_game_form_refuses_missing_names_inline(make_app):
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        await type_text(pilot, "Alex")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert "a name is needed for E, S, W" in str(app.screen.query_one("#message").render())


async def test_correction_rescores_later_hands_and_keeps_history(make_app, store):
    example = read_log(EXAMPLES / "partnership-game.json")
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await new_game(pilot, "partnership", dict(example.players), example.hands[0].dealer)
        for hand in example.hands[:3]:
            await enter_hand(pilot, hand)
        session = app.screen.session
        before = session.report()["hands"][2]["sides"]["NS"]["score"]
        await pilot.press("ctrl+r")
        await pilot.press("up", "up", "enter")  # from hand 3 up to hand 1
        await pilot.pause()
        assert isinstance(app.screen, CorrectionModal) and app.screen.number == 1
        await pilot.press("ctrl+u", "5")  # N bid 5, was 4
        await pilot.press("tab", "ctrl+u", "5")  # N won 5, was 4
        await pilot.press("tab", "tab", "ctrl+u", "3")  # E won 3, was 4
        app.screen.query_one("#why").value = "misheard N"
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        after = session.report()["hands"]
        assert after[0]["sides"]["NS"]["points"] == 71
        assert after[2]["sides"]["NS"]["score"] == before + 10
        history = store.load_game(session.game_id).history
        assert history[-1].hand == 1 and history[-1].why == "misheard N"
        assert history[-1].what == "N bid 5, was 4; N won 5 tricks, was 4; E won 3 tricks, was 4"
        sheet = app.screen.query_one("#sheet")
        assert str(sheet.get_row("3")[-1]) == f"{after[2]['sides']['EW']['score']}" \
            f" ({after[2]['sides']['EW']['bags']}b)"


async def test_correction_dialog_refuses_counts_that_do_not_add_up(make_app):
    example = read_log(EXAMPLES / "partnership-game.json")
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await new_game(pilot, "partnership", dict(example.players), example.hands[0].dealer)
        await enter_hand(pilot, example.hands[0])
        await pilot.press("ctrl+r", "enter")
        await pilot.pause()
        await pilot.press("tab", "ctrl+u", "9", "ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, CorrectionModal)
        assert "= 18, not 13" in str(app.screen.query_one("#message").render())


async def test_undo_reopens_the_last_confirmed_hand(make_app, store):
    example = read_log(EXAMPLES / "partnership-game.json")
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await new_game(pilot, "partnership", dict(example.players), example.hands[0].dealer)
        await enter_hand(pilot, example.hands[0])
        session = app.screen.session
        assert len(store.load_game(session.game_id).hands) == 1
        await pilot.press("ctrl+z")
        await pilot.pause()
        saved = store.load_game(session.game_id)
        assert saved.hands == [] and "reopened" in saved.history[-1].what
        assert session.phase == "confirm"
        assert store.load_draft(session.game_id)["tricks"] != []
        await pilot.press("ctrl+z", "2", "enter")  # S won 2, not 3; W fills 3
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert store.load_game(session.game_id).hands[0].tricks_won == {
            "N": 4, "E": 4, "S": 2, "W": 3}
        assert app.screen.query_one("#sheet").row_count == 1


async def test_tie_at_the_target_says_so_and_goes_on(make_app, store):
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await pilot.press("n")
        await pilot.pause()
        screen = app.screen
        screen.query_one("#rule-target_score").value = "100"
        from tui_keys import choose
        await choose(pilot, "#variant", 1)
        for seat, name in (("N", "Megan"), ("S", "Drew")):
            screen.query_one(f"#name-{seat}").focus()
            await type_text(pilot, name)
        await pilot.press("ctrl+s")
        await pilot.pause()
        for bids, first in (("55", "5"), ("55", "5")):
            for b in bids:
                await pilot.press(b, "enter")
            await pilot.press(first, "enter")
            await pilot.pause()
            await pilot.press("enter")
            await pilot.pause()
        session = app.screen.session
        assert session.totals["N"].score == session.totals["S"].score == 103
        assert isinstance(app.screen, GameScreen) and session.phase == "bidding"
        assert "tied at the target" in str(app.screen.query_one("#announce").render())


async def test_sheet_at_80_columns_shows_every_column_and_the_parts_below(make_app):
    """A hand with several parts is too wide for 80 columns: the points column keeps the
    points, the detail line words the parts of the selected hand, and nothing is cut off."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await new_game(pilot, "partnership", {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"},
                       "N")
        # E Nil (fails with 1), S 4, W 4, N 4; E 1, S 5, W 4, N 3 filled in.
        for key in ("n", "4", "4", "4", "1", "5", "4"):
            await pilot.press(*key, "enter")
        await pilot.press("enter")
        await pilot.pause()
        sheet = app.screen.query_one(ScoreSheet)
        assert sheet.compact and sheet.row_count == 1
        assert sheet.virtual_size.width <= sheet.size.width
        assert [str(c) for c in sheet.get_row("1")] == [
            "1", "N", "4+4/3+5", "+80", "80 (0b)", "nil+4/1+4", "-59", "-59 (1b)"]
        detail = str(app.screen.query_one("#detail").render())
        assert detail == ("Hand 1: NS +80 = contract +80   EW -59 = contract +40, bags +1,"
                          " Nil -100")
