"""`scorekeeper publish` and the card nights: a page per night with the figures of `event
results --format json`, every round's tables leading to their score sheets, `--event` and
`--season` choosing the nights, and names shown as text."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_publish_site import (
    HOSTILE,
    Node,
    cells,
    check_balanced,
    check_links,
    make_season,
    parse,
    run,
    site_files,
)

from scorekeeper.event.records import EventSpec
from scorekeeper.event.store import EventStore
from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import rules_with_preset

PLAYERS = ("Alex", "Beth", "Charlie", "David", "Eve", "Frank", "Grace", "Heidi", HOSTILE)
TARGET = 200


def play_round(events: EventStore, event_id: str, rng: random.Random,
               unfinished: int | None = None) -> None:
    """Start the night's next round and play every table's game to the end with random
    hands (table ``unfinished`` stops after two hands and is marked so)."""
    view = events.event(event_id)
    rules = rules_with_preset(view.preset, {"target_score": TARGET})
    for table in events.start_round(event_id):
        data = json.loads(events.games.game_json(table.game_id))
        stop = table.table == unfinished
        while True:
            played = random_game_log(rng, Variant.PARTNERSHIP, card_by_card=False,
                                     max_hands=2 if stop else 40, rules=rules,
                                     players=dict(table.seats))
            if stop or len(played["hands"]) < 40:
                break
        data["hands"] = played["hands"]
        events.games.save_game(log_from_data(data))
        if stop:
            events.set_table_status(event_id, table.round, table.table, "unfinished")


@pytest.fixture(scope="module")
def nights_db(tmp_path_factory) -> tuple[str, str, str]:
    """(database, the autumn night's id, the spring night's id): two individual nights of
    nine players (one sits out each round), in two seasons; the autumn one has an
    unfinished table."""
    db = str(tmp_path_factory.mktemp("nights") / "nights.db")
    rng = random.Random(9)
    with EventStore.open(db) as events:
        autumn = events.create_event(EventSpec(
            name="Tuesday <b>club</b> night", date="2026-11-03", movement="individual",
            players=PLAYERS, rounds=2, target=TARGET, season="Fall 2026", venue="The Crown"))
        play_round(events, autumn, rng, unfinished=2)
        play_round(events, autumn, rng)
        spring = events.create_event(EventSpec(
            name="Spring night", date="2027-03-02", movement="individual", players=PLAYERS[:8],
            rounds=1, target=TARGET, season="Spring 2027"))
        play_round(events, spring, rng)
        events.games.bring_standings_up_to_date()
    return db, autumn, spring


def publish(db: str, out: Path, *args: str) -> Path:
    result = run("--db", db, "publish", *args, "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def results_json(db: str, event_id: str) -> dict:
    result = run("--db", db, "event", "results", event_id, "--format", "json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def night_file(site: Path, event_id: str) -> Path:
    """The night's page, found through the nights list's link to it."""
    listing = parse(site / "nights.html")
    links = [a.attrs["href"] for a in listing.root.find_all("a")
             if a.attrs["href"].startswith("nights/")]
    for href in links:
        page = parse(site / href)
        if event_id in {g.split(".r")[0] for g in _sheet_ids(page.root)}:
            return site / href
    raise AssertionError(f"no page for {event_id} among {links}")


def _sheet_ids(root: Node) -> list[str]:
    return [a.attrs["data-game"] for a in root.find_all("a") if a.attrs.get("data-game")]


def test_a_night_page_shows_the_night_results(nights_db, tmp_path):
    db, autumn, _ = nights_db
    site = publish(db, tmp_path / "site", "--season", "Fall 2026")
    expected = results_json(db, autumn)
    page = parse(night_file(site, autumn))
    table, = page.root.find_all("table", data_table="night-results")
    ranks = [r["rank"] for r in expected["rows"]]
    assert cells(table) == [{
        "rank": f"={r['rank']}" if ranks.count(r["rank"]) > 1 else str(r["rank"]),
        "names": " & ".join(r["names"]) + (" (left)" if r["status"] == "left" else ""),
        "games_won": str(r["games_won"]), "points": str(r["points"]),
        "points_diff": f"{r['points_diff']:+d}", "rounds_played": str(r["rounds_played"]),
        "byes": str(r["byes"]), "tie_break": r["tie_break"] or ""} for r in expected["rows"]]
    assert page.root.find_all("h1")[0].text() == "Tuesday <b>club</b> night"
    assert not page.root.find_all("b")
    assert HOSTILE in [c["names"] for c in cells(table)]
    state = page.root.find_all("strong", data_field="state")[0].text()
    assert state == ("Results final" if expected["complete"] else
                     f"Results after round {expected['rounds']}")


def test_every_round_lists_its_tables_with_their_sheets(nights_db, tmp_path):
    db, autumn, _ = nights_db
    site = publish(db, tmp_path / "site", "--season", "Fall 2026")
    page = parse(night_file(site, autumn))
    with EventStore.open(db, create=False) as events:
        tables = events.all_tables(autumn)
    assert sorted(tables) == [1, 2]
    shown = {a.attrs["data-game"]: a.attrs["href"] for a in page.root.find_all("a")
             if a.attrs.get("data-game")}
    assert set(shown) == {t.game_id for ts in tables.values() for t in ts}
    for href in shown.values():
        assert (site / "nights" / href).resolve().is_file()
    words = [n.text() for n in page.root.find_all("span", **{"class": "unfinished"})]
    assert "unfinished: counted as it stands" in words


def test_the_season_chooses_the_nights_and_event_chooses_one(nights_db, tmp_path):
    db, _, spring = nights_db
    both = publish(db, tmp_path / "all")
    assert {p for p in site_files(both) if p.startswith("nights")} == {
        "nights.html", *(f"nights/{n}" for n in _night_files(both))}
    assert len(_night_files(both)) == 2
    fall = publish(db, tmp_path / "fall", "--season", "Fall 2026")
    assert len(_night_files(fall)) == 1
    one = publish(db, tmp_path / "one", "--event", spring)
    assert len(_night_files(one)) == 1
    night_file(one, spring)
    # The spring night's sheets are published with it, though its season is not the scope.
    assert any(spring in name for name in site_files(one) if name.startswith("games/"))


def test_a_season_without_nights_has_no_nights_page(tmp_path):
    db = str(tmp_path / "s.db")
    make_season(db, games=3)
    site = publish(db, tmp_path / "site")
    assert not any(p.startswith("nights") for p in site_files(site))
    assert "nights.html" not in (site / "index.html").read_text(encoding="utf-8")


def test_an_unknown_event_writes_nothing(nights_db, tmp_path):
    db, _, _ = nights_db
    out = tmp_path / "out"
    result = run("--db", db, "publish", "--event", "no-such-night", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == (f"error: {db}: no event 'no-such-night' in the database"
                             " (scorekeeper event list lists them)\n")
    assert not out.exists()


def test_the_nights_pages_are_balanced_and_lead_only_into_the_site(nights_db, tmp_path):
    db, _, _ = nights_db
    site = publish(db, tmp_path / "site")
    check_balanced(site)
    check_links(site)
    for name in site_files(site):
        assert "<script" not in (site / name).read_text(encoding="utf-8").lower()


def _night_files(site: Path) -> list[str]:
    return sorted(p.name for p in (site / "nights").iterdir()) if (site / "nights").is_dir() \
        else []
