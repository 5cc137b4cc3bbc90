"""The live board in a real browser: ``scorekeeper serve`` run as the user runs it (its own
process, on a free port), opened in headless Chromium at phone and desktop sizes. The figures
on the page are checked against ``standings --format json``; names that are markup show as
text; a hand saved by another process (as the app saves it) appears on the open page.

Set SCOREKEEPER_SCREENSHOTS to a folder (docs/screenshots) to keep the screenshots that
``test_screenshots`` takes; otherwise they go to the test's temporary folder.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import re
import shutil
import signal
import subprocess
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from .conftest import VIEWPORTS

SCRIPT_NAME = "<script>alert(1)</script>"
IMG_NAME = "<img src=x onerror=alert(2)>"
PLAYERS = ("Alex", "Beth", "Charlie", "David", "Eve", "Frank", SCRIPT_NAME, IMG_NAME)
ADD_HAND = """\
import sys
from scorekeeper.season.storage import Store
from scorekeeper.web.live_demo import add_hand
with Store.open(sys.argv[1]) as store:
    add_hand(store, sys.argv[2], seed=5)
"""
"""The app's part, in a process of its own: one more hand confirmed and saved."""
WAIT_MS = 10_000
"""The longest a test waits for the page to show a change (it goes on as soon as it does)."""


@dataclass
class LiveServer:
    url: str
    db: Path
    event_id: str | None
    process: subprocess.Popen


def scorekeeper(db: Path, *args: str, timeout: float = 120) -> str:
    """Run a ``scorekeeper`` command in a process of its own; its standard output."""
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args],
                          capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _first_line(process: subprocess.Popen, timeout: float) -> str:
    """The first line the process prints, waiting at most ``timeout`` seconds."""
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: lines.put(process.stdout.readline()), daemon=True).start()
    try:
        return lines.get(timeout=timeout)
    except queue.Empty:
        process.kill()
        pytest.fail(f"scorekeeper serve printed nothing in {timeout} s: "
                    f"{process.stderr.read() if process.stderr else ''}")


@contextlib.contextmanager
def serving(db: Path) -> Iterator[tuple[str, subprocess.Popen]]:
    """``scorekeeper serve --port 0`` on ``db`` in its own process: its URL and process,
    stopped with Ctrl+C (SIGINT) at the end."""
    process = subprocess.Popen(
        [sys.executable, "-m", "scorekeeper", "--db", str(db), "serve", "--port", "0"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = _first_line(process, 60)
        found = re.match(r"Live board: (http://127\.0\.0\.1:\d+/) \(read-only; Ctrl\+C stops"
                         r" it\)$", line.rstrip("\n"))
        assert found, line
        yield found.group(1), process
    finally:
        if process.poll() is None:
            process.send_signal(signal.SIGINT)
            try:
                process.wait(30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        process.stdout.close()
        process.stderr.close()


@pytest.fixture(scope="module")
def live_server(tmp_path_factory) -> Iterator[LiveServer]:
    """A demo season with tonight's card night (round 2 being played), served by
    ``scorekeeper serve --port 0`` in its own process."""
    from scorekeeper.web.live_demo import write_demo_database

    db = tmp_path_factory.mktemp("live") / "season.db"
    event_id = write_demo_database(db, players=PLAYERS)
    with serving(db) as (url, process):
        yield LiveServer(url, db, event_id, process)


def _number(text: str) -> float:
    return float(text.replace("\u2212", "-").replace("+", ""))


def _rows(page, table: str) -> list[dict[str, str]]:
    """The cells of a standings table on the page, by their class."""
    return page.eval_on_selector_all(
        f"#{table} tbody tr",
        "rows => rows.map(r => Object.fromEntries([...r.cells].map("
        "c => [c.classList[c.classList.length > 1 && c.classList[0] === 'num' ? 1 : 0],"
        " c.textContent])))")


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_the_standings_on_the_page_are_those_of_standings_json(page, live_server,
                                                               external_requests, viewport):
    expected = json.loads(scorekeeper(live_server.db, "standings", "--format", "json"))
    page.goto(live_server.url)
    for table in ("players", "partnerships"):
        shown = _rows(page, table)
        assert [r["name"] for r in shown] == [r["name"] for r in expected[table]]
        for row, want in zip(shown, expected[table]):
            assert row["rank"] == ("=" if want["shared_rank"] else "") + str(want["rank"])
            assert int(row["played"]) == want["games"]
            assert int(row["wins"]) == want["wins"]
            assert _number(row["win-pct"]) == want["win_pct"]
            assert _number(row["diff"]) == want["points_for"] - want["points_against"]
    # Fits the width (nothing to scroll sideways) and fetched nothing from elsewhere.
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
    assert external_requests == []


def test_the_nights_results_on_the_page_are_those_of_event_results(page, live_server):
    expected = json.loads(scorekeeper(live_server.db, "event", "results",
                                      live_server.event_id, "--format", "json"))
    page.goto(live_server.url)
    shown = _rows(page, "night-results")
    assert [r["name"] for r in shown] == [" & ".join(r["names"]) for r in expected["rows"]]
    for row, want in zip(shown, expected["rows"]):
        assert int(row["rounds"]) == want["rounds_played"]
        assert int(row["won"]) == want["games_won"]
        assert _number(row["points"]) == want["points"]
        assert _number(row["diff"]) == want["points_diff"]


def test_names_that_are_markup_are_shown_as_text(page, live_server):
    dialogs: list[str] = []
    page.on("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.dismiss()))
    page.goto(live_server.url)
    names = page.locator("#players td.name").all_text_contents()
    assert SCRIPT_NAME in names and IMG_NAME in names
    assert page.locator("#board img").count() == 0
    assert page.locator("#board script").count() == 0
    page.wait_for_timeout(300)  # an onerror handler would have run by now: none may
    assert dialogs == []


def _playing_table(live_server: LiveServer) -> dict:
    """A table of the current round still being played (the board's own data)."""
    import urllib.request

    with urllib.request.urlopen(live_server.url + "board.json", timeout=30) as response:
        night = json.loads(response.read())["night"]
    return next(t for t in night["tables"] if t["status"] == "playing")


def test_a_hand_saved_by_another_process_appears_on_the_open_page(page, live_server):
    from playwright.sync_api import expect

    page.goto(live_server.url)
    table = _playing_table(live_server)
    card = page.locator(f'#tables [data-table="{table["table"]}"]')
    hands = table["hands"]
    expect(card.locator(".state")).to_contain_text(f"{hands} hand")
    subprocess.run([sys.executable, "-c", ADD_HAND, str(live_server.db), table["game_id"]],
                   check=True, timeout=120)
    after = _playing_table_after(live_server, table)
    expect(card.locator(".state")).to_contain_text(f"{hands + 1} hand", timeout=WAIT_MS)
    ns, ew = (s["score"] for s in after["sides"])
    expect(card.locator(".score").first).to_have_text(str(ns), timeout=WAIT_MS)
    expect(card.locator(".score").last).to_have_text(str(ew), timeout=WAIT_MS)


def _playing_table_after(live_server: LiveServer, before: dict) -> dict:
    """The same table as the event store has it now."""
    from scorekeeper.event.store import EventStore
    from scorekeeper.web.live_data import table_data

    with EventStore.open(live_server.db, create=False) as events:
        current = events.event(live_server.event_id).current_round
        return next(table_data(t) for t in events.tables(live_server.event_id, current)
                    if t.table == before["table"])


def test_on_a_tv_the_text_is_larger_and_the_page_scrolls_by_itself(page, live_server):
    page.goto(live_server.url)
    normal = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    page.goto(live_server.url + "?tv")
    assert page.evaluate("document.documentElement.classList.contains('tv')")
    larger = page.evaluate("parseFloat(getComputedStyle(document.documentElement).fontSize)")
    assert larger > normal
    assert page.evaluate("document.documentElement.scrollHeight > window.innerHeight")
    assert page.evaluate("window.scrollY") == 0
    page.wait_for_function("() => window.scrollY > 20", timeout=3 * WAIT_MS)


def test_the_page_says_when_the_server_is_gone(page, tmp_path):
    from playwright.sync_api import expect

    from scorekeeper.web.live_demo import write_demo_database

    db = tmp_path / "season.db"
    write_demo_database(db, night=False, finished=2)
    with serving(db) as (url, process):
        page.goto(url)
        expect(page.locator("#status")).to_have_text("Live")
        process.send_signal(signal.SIGINT)
        assert process.wait(30) == 0
        assert process.stdout.read() == "Live board stopped.\n"
    expect(page.locator("#status")).to_have_text(re.compile("Connection lost"),
                                                 timeout=WAIT_MS)


def test_screenshots(browser, tmp_path):
    """The board of the demo club (tonight's night, round 2 being played) at a phone's and
    a desktop's width, whole page, and on a 1920x1080 TV (``?tv``), one screen; kept in the
    folder SCOREKEEPER_SCREENSHOTS names (docs/screenshots), else in the test's folder."""
    from scorekeeper.web.live_demo import write_demo_database

    keep = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    db = tmp_path / "season.db"
    write_demo_database(db)
    with serving(db) as (url, _):
        shots = [(name, size, "") for name, size in VIEWPORTS.items()]
        shots.append(("tv", {"width": 1920, "height": 1080}, "?tv"))
        for name, size, query in shots:
            context = browser.new_context(viewport=size, device_scale_factor=1)
            try:
                shot = context.new_page()
                shot.goto(url + query)
                assert shot.locator("#tables .game").count() == 2
                path = tmp_path / f"live-board-{name}.png"
                # A TV shows one screen at a time (the top, before it scrolls).
                shot.screenshot(path=str(path), full_page=name != "tv")
                assert path.stat().st_size > 10_000
                if keep:
                    Path(keep).mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, Path(keep) / path.name)
            finally:
                context.close()
