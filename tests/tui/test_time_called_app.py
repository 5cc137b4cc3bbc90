"""Time called on the game screen (RULES.md section 4, game length): ctrl+t asks first; during
a hand, that hand is the last (the higher score wins, a tie plays one more hand); between
hands the game ends at once unless the scores are level. The board says so, the draft and
the log keep it, undo takes it back; the palette and the help list it."""

from __future__ import annotations

from textual.command import CommandList, CommandPalette
from textual.widgets import Static
from tui_export import wait_until
from tui_keys import new_game

from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.help import HELP
from scorekeeper.tui.widgets.bid_entry import BidEntry
from scorekeeper.tui.widgets.modals import ConfirmModal, GameOverModal
from scorekeeper.tui.widgets.score_sheet import ScoreBoard
from scorekeeper.tui.widgets.tricks_entry import TricksEntry

SIZE = (80, 24)
PLAYERS = {"N": "Ann", "E": "Bob", "S": "Cy", "W": "Di"}
#: NS bid 6 and take 7 (61), EW bid 6 and take 6 (60): NS lead.
NS_LEADS = (("3", "3", "3", "3"), ("4", "3", "3"))
#: Both sides bid 8 and are set (-80 each): level.
LEVEL = (("4", "4", "4", "4"), ("3", "3", "3"))


async def start(pilot) -> GameScreen:
    await new_game(pilot, "partnership", PLAYERS, "W")  # W deals: N bids first
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, GameScreen), "the game")
    return pilot.app.screen  # type: ignore[return-value]


async def type_entries(pilot, game: GameScreen, entries: tuple[str, ...]) -> None:
    """Each entry then Enter, waiting until the session has taken it."""
    for text in entries:
        before = len(game.session.bids) + len(game.session.tricks)
        await pilot.press(*text, "enter")
        await wait_until(pilot, lambda b=before: len(game.session.bids)
                         + len(game.session.tricks) > b, f"{text!r} entered")


async def play_hand(pilot, game: GameScreen, hand, *, confirm: bool = True) -> None:
    bids, tricks = hand
    await type_entries(pilot, game, bids)
    await type_entries(pilot, game, tricks)
    await wait_until(pilot, lambda: game.session.phase == "confirm", "the hand to confirm")
    if confirm:
        played = len(game.session.log.hands)
        await pilot.press("enter")
        await wait_until(pilot, lambda: len(game.session.log.hands) > played, "confirmed")


def board(game: GameScreen) -> str:
    return str(game.query_one(ScoreBoard).render())


def message(game: GameScreen, panel) -> str:
    return " ".join(str(game.query_one(panel).query_one("#message", Static).render()).split())


def question(app) -> str:
    return " ".join(str(app.screen.query_one(".question").render()).split())


async def ask(pilot, answer: str) -> str:
    """ctrl+t, then ``answer``: the question it asked."""
    await pilot.press("ctrl+t")
    await wait_until(pilot, lambda: isinstance(pilot.app.screen, ConfirmModal), "asked")
    asked = question(pilot.app)
    await pilot.press(answer)
    await wait_until(pilot, lambda: not isinstance(pilot.app.screen, ConfirmModal),
                     "the question closed")
    return asked


async def test_time_called_during_a_hand_makes_it_the_last(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot)
        await type_entries(pilot, game, ("3", "3"))  # N and E have bid

        asked = await ask(pilot, "n")  # No: nothing changes
        assert asked == ("Call time on this game? Hand 1 is finished, then the game ends:"
                         " the higher score wins; level scores play one more hand at a"
                         " time. y/n")
        assert not game.session.time_call_pending and "time called" not in board(game)

        await ask(pilot, "y")
        await wait_until(pilot, lambda: game.session.time_call_pending, "time called")
        assert message(game, BidEntry) == ("Time called: hand 1 is the last; the higher"
                                           " score wins (a tie plays one more hand).")
        assert "Hand 1 (the last: time called)" in board(game)
        assert store.load_draft(game.session.game_id)["time_called"] == 2  # after 2 bids

        # Called once only: a second ctrl+t says why, and asks nothing.
        await pilot.press("ctrl+t")
        await wait_until(pilot, lambda: "already" in message(game, BidEntry), "refused")
        assert app.screen is game
        assert message(game, BidEntry).startswith("Time not called: time was called"
                                                  " already, during hand 1")

        await type_entries(pilot, game, ("3", "3"))
        await play_hand(pilot, game, ((), NS_LEADS[1]))
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverModal), "game over")
        assert game.session.is_over and game.session.winner == "NS"
        saved = store.load_game(game.session.game_id)
        assert len(saved.hands) == 1 and saved.hands[0].time_called
        assert store.load_draft(game.session.game_id) is None
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game, "back on the sheet")
        assert "Game over after hand 1 (time called)" in board(game)


async def test_time_called_between_hands_ends_the_game_and_undo_takes_it_back(make_app,
                                                                               store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot)
        await play_hand(pilot, game, NS_LEADS)
        asked = await ask(pilot, "y")
        assert asked.startswith("Call time on this game? No hand is in progress: the game"
                                " ends now, after hand 1: the higher score wins")
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverModal), "game over")
        assert game.session.is_over and game.session.winner == "NS"
        saved = store.load_game(game.session.game_id)
        assert saved.hands[0].time_called
        await pilot.press("escape")
        await wait_until(pilot, lambda: app.screen is game, "back on the sheet")

        await pilot.press("ctrl+z")  # a finished game: asked first
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal), "undo asks")
        await pilot.press("y")
        await wait_until(pilot, lambda: not game.session.is_over, "the call undone")
        assert game.session.time_called_at is None
        assert not store.load_game(game.session.game_id).hands[0].time_called
        await wait_until(pilot, lambda: "time called" not in board(game), "the board")


async def test_level_scores_play_one_more_hand(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot)
        await play_hand(pilot, game, LEVEL)
        await ask(pilot, "y")
        await wait_until(pilot, lambda: game.session.time_called_at == 1, "time called")
        assert not game.session.is_over and app.screen is game
        assert message(game, BidEntry) == ("Time called after hand 1: the scores are level,"
                                           " one more hand is played (then the higher score"
                                           " wins).")
        assert "Hand 2 (time called in hand 1; level: one more hand)" in board(game)
        await play_hand(pilot, game, NS_LEADS)
        await wait_until(pilot, lambda: isinstance(app.screen, GameOverModal), "game over")
        totals = game.session.totals  # hand 2: E bid first and took the 4 tricks
        assert game.session.won_at_hand == 2 and game.session.winner == "EW"
        assert totals["EW"].score > totals["NS"].score


async def test_no_time_call_before_the_first_hand_begins(make_app, store):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot)
        await pilot.press("ctrl+t")
        await wait_until(pilot, lambda: message(game, BidEntry), "refused")
        assert message(game, BidEntry).startswith("Time not called: no hand has begun")
        assert app.screen is game and game.session.time_called_at is None


def listed(app) -> list[str]:
    options = app.screen.query_one(CommandList)
    return [str(options.get_option_at_index(i).hit.text or "").strip()
            for i in range(options.option_count)]


async def test_the_palette_offers_the_call_while_it_can_be_made(make_app, store):
    app = make_app()
    async with app.run_test(size=(100, 36)) as pilot:
        game = await start(pilot)
        await type_entries(pilot, game, ("3",))
        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette)
                         and "Call time: this hand is the last" in listed(app), "listed")
        await pilot.press(*"call time")
        await wait_until(pilot, lambda: listed(app)[:1] == ["Call time: this hand is the last"],
                         "found")
        await pilot.press("enter")
        await wait_until(pilot, lambda: isinstance(app.screen, ConfirmModal), "asked")
        await pilot.press("y")
        await wait_until(pilot, lambda: game.session.time_call_pending, "time called")

        await pilot.press("ctrl+p")
        await wait_until(pilot, lambda: isinstance(app.screen, CommandPalette)
                         and "Undo the last change" in listed(app), "the palette")
        assert "Call time: this hand is the last" not in listed(app)  # called already


def test_the_help_lists_the_key():
    rows = [line for line in HELP.splitlines() if line.startswith("| `ctrl+t` | game |")]
    assert len(rows) == 1 and "the higher score wins" in rows[0]


async def test_the_tricks_line_says_so_too(make_app, store):
    """Called while the tricks are counted: the message shows on the tricks' line."""
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        game = await start(pilot)
        await type_entries(pilot, game, NS_LEADS[0] + ("4",))
        await ask(pilot, "y")
        await wait_until(pilot, lambda: game.session.time_call_pending, "time called")
        assert message(game, TricksEntry).startswith("Time called: hand 1 is the last")
