"""Issue 12, bugs 2 and 3: changing a finished game is asked first, and says what changes;
undo takes back the last change, a correction included, and the history records it."""

from __future__ import annotations

from pathlib import Path

from tui_keys import enter_hand, new_game

from scorekeeper.logs.files import read_log
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.widgets.modals import ConfirmModal, CorrectionModal

EXAMPLES = Path(__file__).parents[2] / "examples"
QUESTION = ("This game is finished (NS won 531-353). Undo reopens hand 9 and the game is no"
            " longer finished; the standings will not count it until it is finished again."
            " Undo? y/n")


def seed_finished(store) -> str:
    example = read_log(EXAMPLES / "partnership-game.json")
    store.save_game(example.model_copy(update={"game_id": "finished-1"}))
    return "finished-1"


async def open_finished(pilot) -> GameScreen:
    """From home: f (the finished games), Enter on the first."""
    await pilot.pause()
    await pilot.press("f", "enter")
    await pilot.pause()
    assert isinstance(pilot.app.screen, GameScreen) and pilot.app.screen.session.is_over
    return pilot.app.screen


def question(app) -> str:
    return str(app.screen.query_one(".question").render())


async def test_undo_on_a_finished_game_asks_first_and_no_is_the_default(make_app, store):
    seed_finished(store)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        game = await open_finished(pilot)
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert " ".join(question(app).split()) == QUESTION
        await pilot.press("enter")  # the default: keep the game as it is
        await pilot.pause()
        assert app.screen is game and game.session.is_over
        assert store.games()[0].finished and not store.load_game("finished-1").history
        await pilot.press("ctrl+z")
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        assert app.screen is game and not game.session.is_over
        assert game.session.phase == "confirm" and game.session.hand_number == 9
        saved = store.load_game("finished-1")
        assert len(saved.hands) == 8 and "hand 9 reopened" in saved.history[-1].what
        assert not store.games()[0].finished
        assert store.standings(None).games == 0  # the standings no longer count it


async def test_a_correction_of_a_finished_game_asks_first(make_app, store):
    seed_finished(store)
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        game = await open_finished(pilot)
        await pilot.press("ctrl+r", *["up"] * 7, "enter")  # from hand 9 up to hand 2
        await pilot.pause()
        assert isinstance(app.screen, CorrectionModal) and app.screen.number == 2
        app.screen.query_one("#bid-W").value = "2"  # W bid 2, was 3
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmModal)
        assert " ".join(question(app).split()) == (
            "This game is finished (NS won 531-353). This correction (W bid 2, was 3)"
            " re-scores the game: the result becomes NS won 531-483. Save it? y/n")
        await pilot.press("n")
        await pilot.pause()
        assert app.screen is game and not store.load_game("finished-1").history
        assert game.session.log.hands[1].bids[2].bid == 3


async def test_undo_after_a_correction_takes_the_correction_back(make_app, store):
    example = read_log(EXAMPLES / "partnership-game.json")
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        await new_game(pilot, "partnership", dict(example.players), example.hands[0].dealer)
        for hand in example.hands[:2]:
            await enter_hand(pilot, hand)
        game = app.screen
        session = game.session
        scores = session.report()["hands"]
        await pilot.press("ctrl+r", "up", "enter")  # hand 1
        await pilot.pause()
        await pilot.press("ctrl+u", "5", "ctrl+s")  # N bid 5, was 4
        await pilot.pause()
        assert app.screen is game and session.log.hands[0].bids[0].bid == 5
        await pilot.press("ctrl+z")
        await pilot.pause()
        # The correction is taken back; hand 2 stays confirmed, the scores as before.
        assert len(session.log.hands) == 2 and session.phase == "bidding"
        assert session.log.hands[0].bids[0].bid == 4
        assert session.report()["hands"] == scores
        history = app.store.load_game(session.game_id).history
        assert [h.what for h in history] == ["N bid 5, was 4",
                                             "undo of revision 1: N bid 4, was 5"]
        assert history[-1].revision == 2 and history[-1].hand == 1
        message = str(game.query_one("#bids #message").render())
        assert message == "Undone: undo of revision 1: N bid 4, was 5; history revision 2"
