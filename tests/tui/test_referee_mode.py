"""Referee mode through the keys: example hands entered card by card, then exported and
audited by ``scorekeeper audit``, which must find exactly what the screen showed."""

from __future__ import annotations

import asyncio
import json
import threading
from pathlib import Path

from click.testing import CliRunner
from textual.widgets import Input
from tui_export import save

from scorekeeper.cli import main
from scorekeeper.referee.play import RefereeHand
from scorekeeper.rules.seats import Seat
from scorekeeper.rules.solver import compiled_search
from scorekeeper.session.game_session import new_game_log
from scorekeeper.season.storage import Store
from scorekeeper.tui.app import ScorekeeperApp
from scorekeeper.tui.messages import ClaimChecked
from scorekeeper.tui.screens.game import GameScreen
from scorekeeper.tui.screens.referee import RefereeScreen
from scorekeeper.tui.widgets.lines_modal import LinesModal
from scorekeeper.tui.widgets.ruling_prompt import RulingPrompt

EXAMPLES = Path(__file__).parents[2] / "examples"
SIZE = (80, 24)
PLAYERS = {"N": "Alex", "E": "Beth", "S": "Charlie", "W": "David"}


def example_hand(name: str, *keys: str) -> tuple[str, dict]:
    log = json.loads((EXAMPLES / name).read_text())
    hand = next(h for h in log["hands"] if "tricks" in h and all(k in h for k in keys))
    return log["variant"], hand


async def start(pilot, variant: str, dealer: str) -> RefereeScreen:
    players = {s: PLAYERS[s] for s in (("N", "E", "S", "W") if variant == "partnership"
                                      else ("N", "S"))}
    pilot.app.start_game(new_game_log(variant, players, dealer))
    await pilot.pause()
    await pilot.press("f2")
    await pilot.pause()
    assert isinstance(pilot.app.screen, RefereeScreen)
    return pilot.app.screen


async def type_line(pilot, text: str) -> None:
    """Type a line into the focused field key by key, then Enter."""
    await pilot.press(*[("space" if ch == " " else ch) for ch in text.lower()], "enter")


async def line(pilot, text: str) -> None:
    """Put a line in the focused field and press Enter (as ``type_line``, fewer key events:
    the Pilot costs tens of milliseconds a key)."""
    field = pilot.app.screen.focused
    assert isinstance(field, Input)
    field.value = text.lower()
    await pilot.press("enter")


def shown(screen, selector: str) -> str:
    return str(screen.query_one(selector).render())


def posted(messages: list, kind: type) -> list:
    """The messages of ``kind`` posted, each once (the hook sees a message at every node it
    bubbles through)."""
    return list({id(m): m for m in messages if isinstance(m, kind)}.values())


async def fill_modal(pilot, values: list[str]) -> None:
    assert isinstance(pilot.app.screen, LinesModal)
    for v in values:
        field = pilot.app.screen.focused
        assert isinstance(field, Input)
        field.value = ""
        await line(pilot, v)
    await pilot.pause()


async def enter_hand(pilot, screen: RefereeScreen, hand: dict, *, deal: bool = True) -> None:
    """The hand as a referee enters it: bids, deal or draw, exchange, redraw, the cards a
    trick per line (the last trick card by card), a claim."""
    for b in hand["bids"]:
        await line(pilot, "b" if b.get("blind") else ("n" if b["bid"] == 0 else str(b["bid"])))
    if deal and "deal" in hand:
        await pilot.press("f2")
        await pilot.pause()
        await fill_modal(pilot, [" ".join(hand["deal"][s.name]) for s in screen.hand.seats])
    if deal and "draw" in hand:
        await pilot.press("f3")
        for i in range(0, 26, 2):
            pairs = hand["draw"][i:i + 2]
            await line(pilot, " ".join(f"{p['kept']} {p['discarded']}" for p in pairs))
    for x in hand.get("exchanges", ()):
        await line(pilot, " ".join(x["cards"]))
    for r in hand.get("redraws", ()):
        await pilot.press("f4")
        await pilot.pause()
        await fill_modal(pilot, [r["seat"], " ".join(r["discarded"]), " ".join(r["drawn"])])
    await pilot.pause()
    tricks = hand["tricks"]
    for c in tricks[0]["cards"]:
        await type_line(pilot, c)
    for t in tricks[1:-1]:
        await line(pilot, " ".join(t["cards"]))
    for c in tricks[-1]["cards"]:
        await line(pilot, c)
    await pilot.pause()
    if "claim" in hand:
        claim = hand["claim"]
        await pilot.press("f5")
        await pilot.pause()
        shares = [str(claim["tricks"].get(s.name, 0)) for s in screen.hand.seats]
        await fill_modal(pilot, [claim["seat"], *shares, "y" if claim["accepted"] else "n"])
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def audit_json(path: Path) -> dict:
    run = CliRunner().invoke(main, ["audit", str(path), "--format", "json"])
    assert run.exit_code in (0, 1), run.output
    return json.loads(run.output)


async def confirm_and_audit(pilot, screen: RefereeScreen, tmp_path: Path) -> dict:
    """Confirm the hand, export the game, and check the audit finds what the screen showed."""
    hand = screen.hand
    assert hand.is_over
    shown = [(f.finding.code, f.finding.message, f.finding.trick) for f in hand.findings]
    result = hand.result()
    await pilot.pause()
    while isinstance(pilot.app.screen, RulingPrompt):  # a renege: Enter applies its penalty
        await pilot.press("enter")
        await pilot.pause()
    await pilot.press("enter")  # Enter on the empty line puts the hand into the game
    await pilot.pause()
    game = pilot.app.screen
    assert isinstance(game, GameScreen) and game.session.referee is None
    assert game.session.hand_number == 2
    exported = await save(pilot)  # ctrl+s, then Enter in the save dialog (folder: tmp_path)
    assert exported.parent == tmp_path
    report = audit_json(exported)
    assert [(f["code"], f["message"], f["trick"]) for f in report["findings"]] == shown
    audited = report["files"][0]["hands"][0]
    played = audited["score"]["played"]
    assert {s: v["points"] for s, v in played.items()} == \
        {s: p.points_before_penalty for s, p in result.points.items()}
    logged = json.loads(exported.read_text())["hands"][0]
    assert logged["tricks"] == result.log_hand["tricks"]
    assert logged["tricks_won"] == {s.name: n for s, n in result.tricks_won.items()}
    assert pilot.app.store.load_draft(game.session.game_id) is None
    return report


async def test_partnership_hand_with_deal_and_blind_nil_exchange(store, make_app, tmp_path):
    variant, hand = example_hand("partnership-card-by-card.json", "exchanges")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant, hand["dealer"])
        await enter_hand(pilot, screen, hand)
        assert screen.hand.record().exchanges is not None
        assert screen.hand.to_log_hand()["tricks"] == hand["tricks"]
        assert "Hand over" in str(screen.query_one("#findings-text").render())
        await confirm_and_audit(pilot, screen, tmp_path)
        assert app.screen.session.log.hands[0].exchanges is not None


async def test_two_player_hand_with_draw_and_redraw(store, make_app, tmp_path):
    variant, hand = example_hand("two-player-game.json", "draw", "redraws")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant, hand["dealer"])
        await enter_hand(pilot, screen, hand)
        assert screen.hand.to_log_hand()["draw"] == hand["draw"]
        await confirm_and_audit(pilot, screen, tmp_path)


async def test_renege_is_flagged_when_proven_and_audits_alike(store, make_app, tmp_path):
    variant, hand = example_hand("audit/revoke-later-play.json")
    app = make_app()
    notes = []
    async with app.run_test(size=SIZE) as pilot:
        app.notify = lambda text, **kw: notes.append((kw.get("title"), text))  # type: ignore
        screen = await start(pilot, variant, hand["dealer"])
        await enter_hand(pilot, screen, hand, deal=False)
        revokes = [f for f in screen.hand.findings if f.finding.code == "revoke"]
        assert revokes and revokes[0].penalty.kind == "tricks"
        # announced when proven, with the penalty as it stood then
        assert any(title == "Finding: revoke" and revokes[0].finding.message in text
                   and "Penalty: " in text for title, text in notes)
        panel = str(screen.query_one("#findings-text").render())
        assert "revoke" in panel and "penalty:" in panel
        report = await confirm_and_audit(pilot, screen, tmp_path)
        assert any(f["code"] == "revoke" for f in report["findings"])


async def test_hand_ending_in_a_claim_is_judged_in_a_worker(store, make_app, tmp_path):
    variant, hand = example_hand("audit/claim-good.json")
    app = make_app()
    messages: list = []
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        screen = await start(pilot, variant, hand["dealer"])
        await enter_hand(pilot, screen, hand)
        [checked] = posted(messages, ClaimChecked)
        assert checked.error is None and checked.verdict.good is True
        assert screen.hand.is_over
        assert "the claim stands" in shown(screen, "#findings-text")
        await confirm_and_audit(pilot, screen, tmp_path)


async def _waited(done, seconds: float = 30) -> bool:
    """Whether ``done()`` came true within ``seconds``, asking every 20 ms."""
    for _ in range(int(seconds / 0.02)):
        if done():
            return True
        await asyncio.sleep(0.02)
    return done()


async def test_stopping_a_long_claim_check_gives_the_thread_back_at_once(store, make_app,
                                                                         monkeypatch):
    # A claim of all 13 tricks before the first lead: the Python search would search the whole
    # deal (seconds to a minute). F6 stops it, and the worker's thread ends within moments
    # (Textual marks a stopped worker cancelled at once, but cannot end its thread: the search
    # must). The compiled search answers this claim in moments, too soon to be stopped here:
    # its own stop is tested in tests/unit/test_solver_compiled.py.
    monkeypatch.setattr(compiled_search, "load", lambda: None)
    variant, hand = example_hand("audit/claim-good.json")
    started, ended = threading.Event(), threading.Event()
    judge = RefereeHand.claim_verdict

    def claim_verdict(self):
        started.set()
        try:
            return judge(self)
        finally:
            ended.set()

    monkeypatch.setattr(RefereeHand, "claim_verdict", claim_verdict)
    app = make_app()
    messages: list = []
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        screen = await start(pilot, variant, hand["dealer"])
        for b in hand["bids"]:
            await line(pilot, "n" if b["bid"] == 0 else str(b["bid"]))
        await pilot.press("f2")
        await pilot.pause()
        await fill_modal(pilot, [" ".join(hand["deal"][s.name]) for s in screen.hand.seats])
        leader = screen.hand.view().turn
        await pilot.press("f5")
        await pilot.pause()
        shares = ["13" if s == leader else "0" for s in screen.hand.seats]
        await fill_modal(pilot, [leader.name, *shares, "n"])
        # the check runs in its worker, and the screen says so
        assert "Checking the claim" in shown(screen, "#ref-prompt")
        assert "Checking the claim" in shown(screen, "#findings-text")
        assert await _waited(started.is_set)  # the worker is searching...
        assert not ended.is_set()  # ...a search of the whole deal, far from done
        await pilot.press("f6")
        # Stopped, the search ends within moments; unstopped, it would run 15 s or more (a
        # full deal), so the bound tells the two apart even on a loaded machine.
        assert await _waited(ended.is_set, seconds=10)
        await pilot.pause()
        assert "Claim check stopped" in shown(screen, "#ref-message")
        # no check runs, no verdict came, and F6 offers the check again
        assert "Hand over: Enter puts it into the game" in shown(screen, "#ref-prompt")
        assert "The claim was not checked" in shown(screen, "#findings-text")
        assert not posted(messages, ClaimChecked)
        assert screen.check_action("check", ()) is True


async def test_impossible_cards_are_refused_inline(store, make_app):
    variant, hand = example_hand("partnership-card-by-card.json", "exchanges")
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant, hand["dealer"])
        for b in hand["bids"]:
            await line(pilot, "b" if b.get("blind") else ("n" if b["bid"] == 0 else str(b["bid"])))
        for x in hand["exchanges"]:
            await line(pilot, " ".join(x["cards"]))
        first = hand["tricks"][0]["cards"][0]
        await type_line(pilot, f"{first} {first}")
        await pilot.pause()
        message = str(screen.query_one("#ref-message").render())
        assert "was already played by" in message
        assert screen.query_one("#ref-field", Input).value == first.lower()
        screen.query_one("#ref-field", Input).value = ""
        await type_line(pilot, "1x")
        assert "not a card" in str(screen.query_one("#ref-message").render())
        # undo the card, then every entry but the fixed bids: back to entry by counts
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert screen.hand.cards_played == 0


async def test_resume_restores_the_hand_mid_trick(tmp_path):
    variant, hand = example_hand("partnership-card-by-card.json", "exchanges")
    path = tmp_path / "season.db"
    cards = [c for t in hand["tricks"][:3] for c in t["cards"]] + hand["tricks"][3]["cards"][:2]
    store = Store.open(path)
    app = ScorekeeperApp(store, offer_resume=False, export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, variant, hand["dealer"])
        for b in hand["bids"]:
            await line(pilot, "b" if b.get("blind") else ("n" if b["bid"] == 0 else str(b["bid"])))
        await pilot.press("f2")
        await pilot.pause()
        await fill_modal(pilot, [" ".join(hand["deal"][s.name]) for s in screen.hand.seats])
        for x in hand["exchanges"]:
            await line(pilot, " ".join(x["cards"]))
        for c in cards:
            await line(pilot, c)
        await pilot.pause()
        before = screen.hand.view()
        draft = screen.hand.to_draft()
        await pilot.press(*"ah")  # typed, not entered: the one thing a kill may lose
    store.close()
    store = Store.open(path)
    app = ScorekeeperApp(store, offer_resume=True, export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("y")
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RefereeScreen)
        assert screen.hand.to_draft() == draft
        after = screen.hand.view()
        assert after.table == before.table and after.turn == before.turn
        assert after.tricks_won == before.tricks_won and after.trick == 4
        assert screen.hand.turn == Seat[hand["tricks"][3]["leader"]].left.left
    store.close()
