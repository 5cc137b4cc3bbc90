"""The published site in a real browser: ``scorekeeper publish`` run as the user runs it, the
pages opened from the folder (``file://``, no server) in headless Chromium at phone and
desktop sizes. The figures the browser shows are checked against ``standings --format
json``; names that are markup show as text and run nothing; no page asks the network for
anything; a phone shows the page without the page itself scrolling sideways (only a wide
table does, inside its box).

Set SCOREKEEPER_SCREENSHOTS to a folder (docs/screenshots) to keep the screenshots that
``test_screenshots`` takes; otherwise they go to the test's temporary folder.
"""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from page_figures import figures_text

from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import DEFAULT_RULES
from scorekeeper.season.storage import Store

from .conftest import VIEWPORTS

SCRIPT_NAME = "<script>alert(1)</script>"
IMG_NAME = "<img src=x onerror=alert(2)>"
CLUB = ("Alex", "Beth", "Charlie", "David", "Eve", "Frank", "Grace", "Heidi")
SEASON = "Fall 2026"


def scorekeeper(db: Path, *args: str, timeout: float = 120) -> str:
    """Run a ``scorekeeper`` command in a process of its own; its standard output."""
    done = subprocess.run([sys.executable, "-m", "scorekeeper", "--db", str(db), *args],
                          capture_output=True, text=True, timeout=timeout, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def random_game(rng: random.Random, players: dict[str, str], event: dict, hands: int) -> dict:
    """A random game to 200 that ends within ``hands`` hands, as a club's games do (the
    random bidders overbid: a game that drags on is drawn again); ``hands`` 1: a game
    stopped after its first hand (unfinished: no side reaches 200 in one hand, nearly)."""
    rules = DEFAULT_RULES.with_changes(target_score=200)
    while True:
        log = random_game_log(rng, Variant.PARTNERSHIP, card_by_card=False, max_hands=hands,
                              rules=rules, players=players, event=event, nil_rate=0.1)
        if hands == 1 or len(log["hands"]) < hands:
            return log


def make_club(db: Path, names: tuple[str, ...], games: int, seed: int) -> None:
    """A season of random games to 200 among ``names``, four a week, the last one stopped
    after a hand."""
    rng = random.Random(seed)
    with Store.open(db) as store:
        for i in range(games):
            event = {"season": SEASON, "table": str(i % 4 + 1),
                     "date": f"2026-{9 + i // 16:02d}-{1 + (i // 4) * 7 % 28:02d}"}
            log = random_game(rng, dict(zip("NESW", rng.sample(names, 4))), event,
                              1 if i == games - 1 else 30)
            store.save_game(log_from_data(log))
        store.bring_standings_up_to_date()


@pytest.fixture(scope="module")
def club(tmp_path_factory) -> tuple[Path, Path]:
    """(database, published folder) of a club's season."""
    folder = tmp_path_factory.mktemp("club")
    db = folder / "club.db"
    make_club(db, CLUB, 24, seed=2)
    scorekeeper(db, "publish", "--season", SEASON, "-o", str(folder / "site"))
    return db, folder / "site"


@pytest.fixture(scope="module")
def hostile(tmp_path_factory) -> tuple[Path, Path]:
    """(database, published folder) of a season whose players' names are markup."""
    folder = tmp_path_factory.mktemp("hostile")
    db = folder / "hostile.db"
    make_club(db, ("Alex", "Beth", SCRIPT_NAME, IMG_NAME), 3, seed=4)
    scorekeeper(db, "publish", "-o", str(folder / "site"))
    return db, folder / "site"


def standings(db: Path, season: str | None = SEASON) -> dict:
    return json.loads(scorekeeper(db, "standings", "--format", "json",
                                  *(("--season", season) if season else ())))


def shown_rows(page, table: str) -> list[dict[str, str]]:
    """The figures a standings table shows: per row, each ``data-field`` cell's text."""
    return page.eval_on_selector_all(
        f'table[data-table="{table}"] tr[data-row]',
        """rows => rows.map(row => Object.fromEntries(
               [...row.querySelectorAll('[data-field]')].map(
                   c => [c.dataset.field, c.innerText.trim()])))""")


def no_sideways_scroll(page) -> bool:
    """The page fits the window's width (a wide table scrolls inside its own box)."""
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_the_season_page_shows_the_standings(club, page, external_requests):
    db, site = club
    data = standings(db)
    page.goto((site / "index.html").as_uri())
    assert page.title() == f"Standings: {SEASON} · Spades results"
    assert shown_rows(page, "players") == [figures_text(r) for r in data["players"]]
    assert shown_rows(page, "partnerships") == [figures_text(r)
                                                for r in data["partnerships"]]
    assert page.locator("#chart-season").is_visible()
    assert no_sideways_scroll(page)
    assert external_requests == []


@pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
def test_a_player_page_opened_from_the_standings(club, page, external_requests):
    db, site = club
    leader = standings(db)["players"][0]
    page.goto((site / "index.html").as_uri())
    page.locator('table[data-table="players"] tr[data-row="0"] a').click()
    page.wait_for_url("**/players/*.html")
    assert page.locator("h1").inner_text() == leader["name"]
    field = {name: page.locator(f'dl.stats [data-field="{name}"]').inner_text()
             for name in ("games", "wins", "losses", "win_pct", "rating", "points_for",
                          "nil", "blind_nil", "bags_per_game", "set_rate")}
    assert field == {"games": str(leader["games"]), "wins": str(leader["wins"]),
                     "losses": str(leader["losses"]), "win_pct": f"{leader['win_pct']:.1f}",
                     "rating": f"{leader['rating']:.2f}",
                     "points_for": str(leader["points_for"]),
                     "nil": f"{leader['nil_made']}/{leader['nil_bids']}",
                     "blind_nil": f"{leader['blind_nil_made']}/{leader['blind_nil_bids']}",
                     "bags_per_game": f"{leader['bags'] / leader['games']:.2f}",
                     "set_rate": f"{100 * leader['sets'] / leader['hands']:.1f}"}
    chart = page.locator("#chart-rating")
    assert chart.is_visible()
    assert chart.bounding_box()["width"] <= page.viewport_size["width"]
    assert no_sideways_scroll(page)
    # A game of his opens its score sheet, and the sheet leads back.
    page.locator("table.games a[href^='../games/']").first.click()
    page.wait_for_url("**/games/*.html")
    assert page.locator("h1").inner_text() in ("Partnership Spades", "Two-player Spades")
    page.locator("nav.site-nav a", has_text="Standings").click()
    page.wait_for_url("**/index.html")
    assert external_requests == []


def test_names_that_are_markup_show_as_text(hostile, page, external_requests):
    db, site = hostile
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    page.goto((site / "index.html").as_uri())
    names = [r["name"] for r in shown_rows(page, "players")]
    assert sorted(names) == sorted(r["name"] for r in standings(db, None)["players"])
    assert SCRIPT_NAME in names and IMG_NAME in names
    assert page.evaluate("document.scripts.length") == 0
    assert page.evaluate("document.images.length") == 0
    page.locator('table[data-table="players"] a', has_text=SCRIPT_NAME).click()
    page.wait_for_url("**/players/*.html")
    assert page.locator("h1").inner_text() == SCRIPT_NAME
    assert page.evaluate("document.scripts.length") == 0
    assert dialogs == []
    assert external_requests == []


def test_screenshots(browser, club, tmp_path):
    """The season page and the leader's page at a phone's and a desktop's width, whole
    page; kept in the folder SCOREKEEPER_SCREENSHOTS names (docs/screenshots), else only
    in the test's folder."""
    db, site = club
    leader = standings(db)["players"][0]["name"]
    keep = os.environ.get("SCOREKEEPER_SCREENSHOTS")
    for size_name, size in VIEWPORTS.items():
        context = browser.new_context(viewport=size, device_scale_factor=1)
        try:
            shot = context.new_page()
            shot.goto((site / "index.html").as_uri())
            season = tmp_path / f"season-{size_name}.png"
            shot.screenshot(path=str(season), full_page=True)
            shot.locator('table[data-table="players"] a', has_text=leader).first.click()
            shot.wait_for_url("**/players/*.html")
            player = tmp_path / f"player-{size_name}.png"
            shot.screenshot(path=str(player), full_page=True)
            for path in (season, player):
                assert path.stat().st_size > 10_000
                if keep:
                    Path(keep).mkdir(parents=True, exist_ok=True)
                    shutil.copyfile(path, Path(keep) / path.name)
        finally:
            context.close()
