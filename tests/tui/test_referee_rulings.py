"""The referee's ruling on a renege, through the keys: once the hand is over the prompt asks
(apply, the default, or waive) with the hand scored both ways, the ruling goes into the
stored log, and the sheet, ``score``, the standings and ``audit``'s "as ruled" all give the
ruled score (docs/rules.md 5.2; issue 12)."""

from __future__ import annotations

import io
import json
from pathlib import Path

from click.testing import CliRunner
from rich.console import Console
from textual.widgets import DataTable, Input

from scorekeeper.cli import main
from scorekeeper.logs.models import GameLog
from scorekeeper.rules.settings import RuleSet
from scorekeeper.session.game_session import new_game_log
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.referee import RefereeScreen
from scorekeeper.tui.widgets.modals import CorrectionModal, SeatValues
from scorekeeper.tui.widgets.ruling_prompt import RulingPrompt

EXAMPLES = Path(__file__).parents[2] / "examples"
SIZE = (80, 24)
PLAYERS = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}
#: W reneges at trick 4 (shows out of diamonds, plays K♦ at trick 10). As played NS -50,
#: EW +63; with the penalty (3 tricks from E to N) NS +52, EW +60 (the audit's figures).
RENEGE = json.loads((EXAMPLES / "audit" / "revoke-later-play.json").read_text())["hands"][0]
AS_PLAYED, AS_RULED = {"NS": -50, "EW": 63}, {"NS": 52, "EW": 60}


def game_log(initial: dict[str, int] | None = None) -> GameLog:
    log = new_game_log("partnership", PLAYERS, RENEGE["dealer"], date="2026-11-27")
    if initial is None:
        return log
    data = log.model_dump(mode="json", by_alias=True, exclude_none=True)
    data["initial"] = {side: {"score": n} for side, n in initial.items()}
    return GameLog.model_validate(data)


async def line(pilot, text: str) -> None:
    field = pilot.app.screen.focused
    assert isinstance(field, Input)
    field.value = text
    await pilot.press("enter")


async def play_the_renege(pilot, log: GameLog | None = None) -> RefereeScreen:
    """A new game, F2, the hand of the renege card by card; stops at the ruling prompt."""
    pilot.app.start_game(log or game_log())
    await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, RefereeScreen)
    for b in RENEGE["bids"]:
        await line(pilot, str(b["bid"]))
    for trick in RENEGE["tricks"]:
        await line(pilot, " ".join(trick["cards"]).lower())
    await pilot.pause()
    await pilot.pause()
    return screen


def plain(widget) -> str:
    """What a Static shows, as text (a table too)."""
    console = Console(width=200, record=True, file=io.StringIO())
    console.print(widget.content)
    return console.export_text()


def prompt_text(pilot) -> str:
    screen = pilot.app.screen
    assert isinstance(screen, RulingPrompt)
    return " ".join(plain(w) for w in screen.query("Static"))


def stored(pilot) -> GameLog:
    session = pilot.app.screen.session
    return pilot.app.store.load_game(session.game_id)


def sheet_rows(pilot) -> list[str]:
    table = pilot.app.screen.query_one("#sheet", DataTable)
    return [" ".join(str(c) for c in table.get_row_at(i)) for i in range(table.row_count)]


async def test_enter_applies_the_penalty_and_the_sheet_records_the_ruled_score(store,
                                                                               make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_the_renege(pilot)
        # The prompt is up at the hand's end, with the hand scored both ways.
        text = prompt_text(pilot)
        assert "Renege by W at trick 4" in text and "K♦ at trick 10" in text
        assert "Waived (as played)" in text and "-50 → -50" in text and "+63 → 63" in text
        assert "Applied" in text and "+52 → 52" in text and "+60 → 60" in text
        assert "3 tricks move from EW to NS" in text
        await pilot.press("enter")  # the default: apply
        await pilot.pause()
        assert app.screen is screen
        [ruling] = screen.hand.rulings
        assert (ruling.decision, ruling.by) == ("apply", "referee")
        assert "As ruled: NS +52  EW +60" in str(screen.query_one("#findings-text").render())
        assert "penalty applied by referee" in str(screen.query_one("#ref-message").render())
        assert app.store.load_draft(screen.session.game_id)["referee"]["entries"][-1]["op"] \
            == "ruling"  # saved at once, as every entry
        await pilot.press("enter")  # the hand into the game
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        [hand] = stored(pilot).hands
        assert [(r.code, r.trick, r.seat, r.decision, r.by) for r in hand.rulings] == \
            [("revoke", 4, "W", "apply", "referee")]
        totals = app.screen.session.totals
        assert {side: t.score for side, t in totals.items()} == AS_RULED
        [row] = sheet_rows(pilot)
        assert "+52" in row and "+60" in row and "-50" not in row


async def test_w_waives_the_penalty_and_the_hand_scores_as_played(store, make_app):
    app = make_app(by="Sam (referee)")
    async with app.run_test(size=SIZE) as pilot:
        await play_the_renege(pilot)
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        [hand] = stored(pilot).hands
        assert [(r.decision, r.by) for r in hand.rulings] == [("waive", "Sam (referee)")]
        assert {side: t.score for side, t in app.screen.session.totals.items()} == AS_PLAYED
        [row] = sheet_rows(pilot)
        assert "-50" in row and "+63" in row


async def test_esc_defers_the_ruling_and_the_confirm_asks_again(store, make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_the_renege(pilot)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and not screen.hand.rulings
        assert "not ruled on yet" in str(screen.query_one("#ref-message").render())
        assert "To rule on: the renege by W at trick 4" in \
            str(screen.query_one("#findings-text").render())
        await pilot.press("ctrl+s")  # the hand cannot go in unruled: asked again...
        await pilot.pause()
        assert isinstance(app.screen, RulingPrompt)
        await pilot.press("a")  # ...and once ruled, it goes in
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert stored(pilot).hands[0].rulings[0].decision == "apply"


async def test_undo_takes_the_ruling_back(store, make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_the_renege(pilot)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.hand.rulings
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert app.screen is screen and not screen.hand.rulings
        assert "Undone: the ruling on the revoke by W at trick 4" in \
            str(screen.query_one("#ref-message").render())
        assert screen.hand.is_over  # the cards stay: only the ruling was taken back


async def test_prompt_and_findings_fit_80x24(store, make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await play_the_renege(pilot)
        prompt = app.screen
        for widget in prompt.query("Button, Static"):
            region = widget.region
            assert region.right <= 80 and region.bottom <= 24, widget
        assert prompt.query_one("#apply").region.height > 0
        await pilot.press("enter")
        await pilot.pause()
        # The hand over, the findings take the room of the grid and the trick table: the
        # summary and the whole finding (message, evidence, penalty) are in view.
        panel = screen.query_one("#findings")
        assert panel.region.width == 80
        text = screen.query_one("#findings-text")
        assert text.region.height <= panel.scrollable_content_region.height
        assert "penalty: applied by referee" in str(text.render())


async def test_a_ruled_hand_scores_alike_in_the_app_score_standings_and_audit(store,
                                                                               make_app,
                                                                               tmp_path):
    # Carried in: NS 460, EW 400. Ruled (+52), the hand ends the game (512): the standings,
    # which count finished games only, must see it too.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await play_the_renege(pilot, game_log({"NS": 460, "EW": 400}))
        await pilot.press("enter")  # apply
        await pilot.pause()
        await pilot.press("enter")  # into the game: it is won
        await pilot.pause()
        game = app.screen_stack[1] if not isinstance(app.screen, GameScreen) else app.screen
        assert isinstance(game, GameScreen)
        session = game.session
        app_scores = {side: t.score for side, t in session.totals.items()}
        assert app_scores == {"NS": 512, "EW": 460} and session.winner == "NS"
        path = tmp_path / "ruled.json"
        path.write_text(app.store.export_json(session.game_id), encoding="utf-8")
        standings = app.store.standings()
    assert json.loads(path.read_text())["format_version"] == "1.1"
    run = CliRunner().invoke(main, ["score", str(path), "--format", "json"])
    assert run.exit_code == 0, run.output
    scored = json.loads(run.output)
    assert {side: v["score"] for side, v in scored["final"].items()} == app_scores
    assert {s: v["points"] for s, v in scored["hands"][0]["sides"].items()} == AS_RULED
    assert scored["winner"] == "NS"
    run = CliRunner().invoke(main, ["audit", str(path), "--format", "json"])
    assert run.exit_code == 1, run.output  # the renege is a finding
    hand = json.loads(run.output)["files"][0]["hands"][0]
    assert {s: v["score"] for s, v in hand["score"]["ruled"].items()} == app_scores
    assert {s: v["points"] for s, v in hand["score"]["played"].items()} == AS_PLAYED
    assert [r["decision"] for r in hand["rulings"]] == ["apply"]
    assert standings.games == 1
    by_name = {row.name: row for row in standings.partnerships}
    ns, ew = by_name["Alex & Charlie"], by_name["Beth & David"]
    assert (ns.wins, ew.wins) == (1, 0)
    assert (ns.points_for, ew.points_for) == (AS_RULED["NS"], AS_RULED["EW"])


async def test_the_correction_dialog_changes_a_ruling(store, make_app):
    # The game screen opens the dialog with the hand's rulings (session.hand_rulings) and
    # hands back what it gives; here the dialog is opened as the game screen opens it.
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await play_the_renege(pilot)
        await pilot.press("enter", "enter")
        await pilot.pause()
        session = app.screen.session
        answers: list = []
        questions = session.hand_rulings(1)
        seats = [SeatValues(b.seat, b.seat, str(b.bid), 0, 0) for b in session.log.hands[0].bids]
        app.push_screen(CorrectionModal(1, seats, card_by_card=True, by="Rosa",
                                        check=lambda c: session.verify_correction(
                                            1, rulings=c["rulings"]),
                                        rulings=questions), answers.append)
        await pilot.pause()
        modal = app.screen
        field = modal.query_one("#ruling-0", Input)
        assert field.value == "a"
        assert "a apply: NS +52 EW +60   w waive: NS -50 EW +63" in \
            plain(modal.query_one("Label.description"))
        field.value = "w"
        await pilot.press("ctrl+s")
        await pilot.pause()
        [changes] = answers
        assert changes["rulings"] == {("revoke", 4, "W"): "waive"}
        done = session.correct_hand(1, rulings=changes["rulings"], by=changes["by"])
        assert done.what == "revoke by W at trick 4: penalty waived, was applied"
        assert session.totals["NS"].score == AS_PLAYED["NS"]


# --- the bidding house rules, as the scorekeeper meets them --------------------------------

async def test_bids_the_house_rules_refuse_get_the_message_under_the_field(store, make_app):
    # A side's minimum of 4 ("board"), blind bids of 6 or more for a side 100 behind.
    rules = RuleSet(min_side_bid=4, blind_bid_min=6)
    log = new_game_log("partnership", PLAYERS, "W", rules=rules)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        app.start_game(log)
        await pilot.pause()
        game = app.screen
        for keys in (["b", "6"], ["1"], ["3"], ["2"]):  # N blind 6 (not behind), ...
            await pilot.press(*keys, "enter")
            await pilot.pause()
            if keys == ["b", "6"]:
                assert "N cannot bid Blind 6: a blind bid only for a side behind by 100" in \
                    str(game.query_one("#bids #message").render())
        assert "S cannot bid 2: NS bid 3, below the minimum of 4 a side" in \
            str(game.query_one("#bids #message").render())
        assert game.session.turn.name == "S"
        # Card by card, the referee's bid line refuses it alike.
        await pilot.press("f2")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RefereeScreen)
        await line(pilot, "2")
        assert "bid by S: NS bid 3, below the minimum of 4 a side" in \
            str(screen.query_one("#ref-message").render())
        await line(pilot, "3")
        assert "S bid 3" in str(screen.query_one("#ref-message").render())


async def test_at_80_columns_a_finding_takes_the_grids_room_until_ctrl_g(store, make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        pilot.app.start_game(game_log())
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        screen = app.screen
        grid = screen.query_one("#card-grid")
        for b in RENEGE["bids"]:
            await line(pilot, str(b["bid"]))
        assert grid.display  # no finding yet: the grid beside the panel
        for trick in RENEGE["tricks"][:10]:  # the renege proven at trick 10
            await line(pilot, " ".join(trick["cards"]).lower())
        await pilot.pause()
        assert not grid.display and screen.query_one("#findings").region.width == 80
        await pilot.press("ctrl+g")  # asked for: shown, and in use
        await pilot.pause()
        assert grid.display and grid.has_focus
        await pilot.press("ctrl+g")  # back to the line: the findings get the room again
        await pilot.pause()
        assert not grid.display and screen.focused is screen.query_one("#ref-field")


async def test_a_hand_resumed_at_its_end_asks_for_the_ruling(tmp_path):
    from scorekeeper.season.storage import Store
    from scorekeeper.tui.app import ScorekeeperApp

    path = tmp_path / "season.db"
    store = Store.open(path)
    app = ScorekeeperApp(store, offer_resume=False, export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await play_the_renege(pilot)
        await pilot.press("escape")  # later...
        await pilot.pause()
    store.close()  # ...and the app closed (or killed: the draft holds every card)
    store = Store.open(path)
    app = ScorekeeperApp(store, offer_resume=True, export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")
        for _ in range(5):
            await pilot.pause()
        assert isinstance(app.screen, RulingPrompt)
        await pilot.press("w")
        await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert store.load_game(app.screen.session.game_id).hands[0].rulings[0].decision == \
            "waive"
    store.close()
