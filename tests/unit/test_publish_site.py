"""`scorekeeper publish`: the static site's files, its figures against `standings --format
json`, escaping, nothing fetched from the network, valid HTML, and writing only where
asked (never over a folder with something in it without --force, never outside it)."""

from __future__ import annotations

import hashlib
import json
import os
import random
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from page_figures import figures_text

from scorekeeper.cli import main
from scorekeeper.logs.files import log_from_data
from scorekeeper.logs.identifiers import player_key
from scorekeeper.logs.random_logs import random_game_log
from scorekeeper.rules.seats import Variant
from scorekeeper.rules.settings import DEFAULT_RULES
from scorekeeper.season.storage import Store

HOSTILE = "<script>alert(1)</script>"
NAMES = ("Alex", "Beth", "Charlie", "David", "José", HOSTILE)
SEASON = "Fall 2026"
ODD_ID = "Club.Night.T1"
"""A game id that is not a plain file name (upper case, dots): its file gets a hash."""


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


def make_season(db: str, games: int = 10, seed: int = 5) -> None:
    """A season of random short games (target 200) among ``NAMES``: partnership games,
    two two-player games, an unfinished game, an undated one, one game of another season,
    and one whose id is not a plain file name."""
    rng = random.Random(seed)
    rules = DEFAULT_RULES.with_changes(target_score=200)
    with Store.open(db) as store:
        for i in range(games):
            seated = rng.sample(NAMES, 4)
            event = {"season": SEASON, "date": f"2026-10-{1 + i // 3:02d}", "table": str(i % 3 + 1)}
            if i == 4:
                del event["date"]
            if i in (3, 7):
                while True:  # one that ends: random two-player bidders often go on and on
                    log = random_game_log(rng, Variant.TWO_PLAYER, card_by_card=False,
                                          max_hands=40, rules=rules,
                                          players={"N": seated[0], "S": seated[1]},
                                          event=event)
                    if len(log["hands"]) < 40:
                        break
            else:
                log = random_game_log(rng, Variant.PARTNERSHIP, card_by_card=False,
                                      max_hands=2 if i == games - 1 else 200, rules=rules,
                                      players=dict(zip("NESW", seated)), event=event)
            if i == 5:
                log["game_id"] = ODD_ID
            store.save_game(log_from_data(log))
        other = random_game_log(rng, Variant.PARTNERSHIP, card_by_card=False, rules=rules,
                                players=dict(zip("NESW", NAMES)),
                                event={"season": "Spring 2027", "date": "2027-03-01"})
        store.save_game(log_from_data(other))
        store.bring_standings_up_to_date()


@pytest.fixture(scope="module")
def season_db(tmp_path_factory) -> str:
    db = str(tmp_path_factory.mktemp("season") / "season.db")
    make_season(db)
    return db


@pytest.fixture(scope="module")
def published(season_db, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    result = run("--db", season_db, "publish", "--season", SEASON, "-o", str(out))
    assert result.exit_code == 0, result.output
    return out


def standings_json(db: str, season: str | None = SEASON) -> dict:
    args = ["--db", db, "standings", "--format", "json"]
    if season is not None:
        args += ["--season", season]
    result = run(*args)
    assert result.exit_code == 0
    return json.loads(result.stdout)


def site_files(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file()}


def player_file(name: str) -> str:
    """The file name the site gives a player: his name's ASCII letters and a hash of
    his player key (written out here, not taken from the code under test)."""
    stem = re.sub(r"[^a-z0-9]+", "-", name.encode("ascii", "ignore").decode().lower()
                  if name != "José" else "jose").strip("-")
    return f"players/{stem}-{hashlib.sha256(player_key(name).encode()).hexdigest()[:8]}.html"


# -- a small DOM, from the standard library's parser, that checks tags balance ---------------

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source",
        "track", "wbr"}


class Node:
    def __init__(self, tag: str, attrs: dict[str, str | None], parent: Node | None) -> None:
        self.tag, self.attrs, self.parent = tag, attrs, parent
        self.children: list[Node | str] = []

    def text(self) -> str:
        return "".join(c if isinstance(c, str) else c.text() for c in self.children)

    def iter(self):
        yield self
        for c in self.children:
            if isinstance(c, Node):
                yield from c.iter()

    def find_all(self, tag: str | None = None, **attrs: str) -> list[Node]:
        return [n for n in self.iter() if (tag is None or n.tag == tag)
                and all(n.attrs.get(k.replace("_", "-")) == v for k, v in attrs.items())]


class Page(HTMLParser):
    """Parses a page into ``Node``s; an end tag that does not close the open element, or an
    element left open, is an error (``problems``)."""

    def __init__(self, text: str) -> None:
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", {}, None)
        self.open = self.root
        self.problems: list[str] = []
        self.doctype = None
        self.feed(text)
        self.close()
        if self.open is not self.root:
            self.problems.append(f"<{self.open.tag}> never closed")

    def handle_decl(self, decl: str) -> None:
        self.doctype = decl

    def handle_starttag(self, tag, attrs):
        node = Node(tag, dict(attrs), self.open)
        self.open.children.append(node)
        if tag not in VOID:
            self.open = node

    def handle_startendtag(self, tag, attrs):
        self.open.children.append(Node(tag, dict(attrs), self.open))

    def handle_endtag(self, tag):
        if tag in VOID:
            self.problems.append(f"</{tag}> of a void element")
        elif self.open.tag != tag:
            self.problems.append(f"</{tag}> closes <{self.open.tag}> at {self.getpos()}")
        else:
            self.open = self.open.parent

    def handle_data(self, data):
        self.open.children.append(data)


def parse(path: Path) -> Page:
    page = Page(path.read_text(encoding="utf-8"))
    assert page.problems == [], f"{path}: {page.problems}"
    return page


def cells(table: Node) -> list[dict[str, str]]:
    """Each ``data-row`` row of a table: its ``data-field`` cells' text."""
    return [{c.attrs["data-field"]: c.text().strip() for c in row.find_all()
             if "data-field" in c.attrs}
            for row in table.find_all("tr") if "data-row" in row.attrs]


# -- the files ---------------------------------------------------------------------------------


def test_the_site_is_exactly_these_files(season_db, published):
    data = standings_json(season_db)
    with Store.open(season_db, create=False) as store:
        game_ids = [g.game_id for g in store.games(SEASON)]
    odd = f"games/club-night-t1-{hashlib.sha256(ODD_ID.encode()).hexdigest()[:8]}.html"
    expected = {"index.html", "games.html", "site.css", odd}
    expected |= {player_file(p["name"]) for p in data["players"]}
    expected |= {f"games/{gid}.html" for gid in game_ids if gid != ODD_ID}
    assert len(data["players"]) == len(NAMES)
    assert ODD_ID in game_ids
    assert site_files(published) == expected


def test_the_command_says_what_it_wrote(season_db, tmp_path):
    out = tmp_path / "out"
    result = run("--db", season_db, "publish", "--season", SEASON, "-o", str(out))
    assert result.exit_code == 0
    assert result.stdout == (f"wrote {len(site_files(out))} files to {out};"
                             f" open {out}/index.html\n")


def test_publishing_twice_writes_the_same_bytes(season_db, published, tmp_path):
    again = tmp_path / "again"
    assert run("--db", season_db, "publish", "--season", SEASON, "-o",
               str(again)).exit_code == 0
    for name in site_files(published):
        assert (again / name).read_bytes() == (published / name).read_bytes(), name


# -- the figures ----------------------------------------------------------------------------------


def test_the_standings_page_shows_the_standings_figures(season_db, published):
    data = standings_json(season_db)
    page = parse(published / "index.html")
    players, = page.root.find_all("table", data_table="players")
    pairs, = page.root.find_all("table", data_table="partnerships")
    assert cells(players) == [figures_text(r) for r in data["players"]]
    assert cells(pairs) == [figures_text(r) for r in data["partnerships"]]
    assert page.root.find_all("h1")[0].text() == f"Standings: {SEASON}"


def test_every_game_standings_when_no_season_is_given(season_db, tmp_path):
    out = tmp_path / "all"
    assert run("--db", season_db, "publish", "-o", str(out)).exit_code == 0
    data = standings_json(season_db, None)
    page = parse(out / "index.html")
    players, = page.root.find_all("table", data_table="players")
    assert cells(players) == [figures_text(r) for r in data["players"]]
    assert page.root.find_all("h1")[0].text() == "Standings: all games"


def test_each_player_page_shows_his_figures(season_db, published):
    data = standings_json(season_db)
    for row in data["players"]:
        page = parse(published / player_file(row["name"]))
        assert page.root.find_all("h1")[0].text() == row["name"]
        shown = {n.attrs["data-field"]: n.text().strip() for n in page.root.iter()
                 if "data-field" in n.attrs and n.parent.tag != "tr"}
        expected = figures_text(row)
        del expected["name"]
        assert {k: shown[k] for k in expected} == expected
        assert shown["bags_per_game"] == f"{row['bags'] / row['games']:.2f}"
        assert shown["set_rate"] == f"{100 * row['sets'] / row['hands']:.1f}"


def test_a_player_page_lists_his_partnerships_and_games(season_db, published):
    data = standings_json(season_db)
    alex = next(r for r in data["players"] if r["name"] == "Alex")
    page = parse(published / player_file("Alex"))
    partners = cells(page.root.find_all("table", **{"class": "partners"})[0])
    his = [p for p in data["partnerships"] if "Alex" in p["members"]]
    assert [(c["games"], c["wins"], c["win_pct"], c["rating"]) for c in partners] == [
        (str(p["games"]), str(p["wins"]), f"{p['win_pct']:.1f}", f"{p['rating']:.2f}")
        for p in his]
    assert sum(int(c["games"]) for c in partners) == alex["games"]
    games = cells(page.root.find_all("table", **{"class": "games"})[0])
    with Store.open(season_db, create=False) as store:
        played = [g for g in store.games(SEASON) if "Alex" in g.players.values()]
    assert len(games) == len(played)
    assert sum(c["result"] == "won" for c in games) == alex["wins"]
    assert sum(c["result"] == "lost" for c in games) == alex["losses"]


def test_the_rating_history_ends_at_the_standings_rating(season_db, published):
    from scorekeeper.web.site_data import rating_history

    data = standings_json(season_db)
    with Store.open(season_db, create=False) as store:
        history = rating_history(store.game_results(SEASON))
    for row in data["players"]:
        points = history[player_key(row["name"])]
        assert len(points) == row["games"]
        assert round(points[-1].mu, 3) == row["rating_mu"]
        assert round(points[-1].sigma, 3) == row["rating_sigma"]
        page = parse(published / player_file(row["name"]))
        after = [n.text() for n in page.root.find_all("td", data_field="rating_after")]
        assert after == [f"{p.rating:.2f}" for p in points]
        assert after[-1] == f"{row['rating']:.2f}"
        chart, = page.root.find_all("svg")
        assert chart.attrs["id"] == "chart-rating"


# -- safe pages -------------------------------------------------------------------------------------


def test_names_are_shown_as_text(published):
    for name in site_files(published):
        text = (published / name).read_text(encoding="utf-8")
        assert "<script" not in text.lower(), name
        assert "alert(1)</script>" not in text, name
    page = parse(published / "index.html")
    names = [n.text() for n in page.root.find_all("td", data_field="name")]
    assert HOSTILE in names
    hostile = parse(published / player_file(HOSTILE))
    assert hostile.root.find_all("h1")[0].text() == HOSTILE
    assert not any(n.tag == "script" for n in hostile.root.iter())


_LINK = re.compile(r"""\b(?:href|src|xlink:href|action|srcset|poster|data)\s*=\s*["']?([^"'\s>]*)""",
                   re.IGNORECASE)


def check_links(site: Path) -> None:
    """No page of ``site`` fetches anything from anywhere, and every link leads to one of
    its files."""
    files = site_files(site)
    for name in files:
        text = (site / name).read_text(encoding="utf-8")
        assert not re.search(r"url\(\s*['\"]?(?:https?:)?//", text, re.IGNORECASE), name
        assert "@import" not in text, name
        for target in _LINK.findall(text):
            assert not re.match(r"(?:[a-z]+:)?//", target, re.IGNORECASE), (name, target)
            assert not target.startswith("/"), (name, target)
            path = target.split("#")[0]
            resolved = os.path.normpath(os.path.join(os.path.dirname(name), path))
            assert resolved.replace(os.sep, "/") in files, (name, target)


def check_balanced(site: Path) -> None:
    """Every page of ``site`` is balanced HTML with a doctype, a language, one heading and
    no id twice."""
    for name in site_files(site):
        if not name.endswith(".html"):
            continue
        page = parse(site / name)
        assert page.doctype == "DOCTYPE html", name
        html, = page.root.find_all("html")
        assert html.attrs["lang"] == "en"
        assert len(page.root.find_all("h1")) == 1, name
        ids = [n.attrs["id"] for n in page.root.iter() if "id" in n.attrs]
        assert len(ids) == len(set(ids)), name


def test_no_page_fetches_anything_and_every_link_leads_into_the_site(published):
    check_links(published)


def test_every_page_is_balanced_html(published):
    check_balanced(published)


def test_a_game_page_is_its_score_sheet(season_db, published):
    with Store.open(season_db, create=False) as store:
        game = store.games(SEASON)[0]
    sheet = run("--db", season_db, "sheet", game.game_id, "--format", "html").stdout
    page = (published / f"games/{game.game_id}.html").read_text(encoding="utf-8")
    nav = ('<nav class="site-nav" aria-label="Pages"><a href="../index.html">Standings</a>'
           ' · <a href="../games.html">Games</a></nav>\n')
    assert nav in page
    assert page.replace(nav, "") == sheet


def test_the_charts_carry_no_script_and_are_drawn_the_same_each_time():
    from scorekeeper.web.charts import rating_chart, ratings_chart

    one = rating_chart("chart-x", [(1, 0.5), (2, 1.25)], description=f"{HOSTILE} & co")
    assert one == rating_chart("chart-x", [(1, 0.5), (2, 1.25)],
                               description=f"{HOSTILE} & co")
    assert "<script" not in one and "<!--" not in one
    assert "kozea" not in one.lower() and "googleapis" not in one
    assert one.startswith('<svg xmlns="http://www.w3.org/2000/svg" id="chart-x"')
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; co" in one
    many = ratings_chart("chart-y", [(HOSTILE, [(1, 1.0)]), ("Beth", [(1, 2.0), (2, 3.0)])],
                         description="top players")
    assert "<script" not in many and "&lt;script&gt;" in many


# -- writing only where asked ---------------------------------------------------------------------------


def test_a_folder_with_something_in_it_is_refused_without_force(season_db, tmp_path):
    out = tmp_path / "out"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    result = run("--db", season_db, "publish", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == f"error: {out}: not empty; use --force to write the pages into it\n"
    assert site_files(out) == {"notes.txt"}
    result = run("--db", season_db, "publish", "-o", str(out), "--force")
    assert result.exit_code == 0
    assert (out / "notes.txt").read_text() == "mine"
    assert "index.html" in site_files(out)


def test_an_empty_output_path_is_refused_and_nothing_is_written(season_db, tmp_path,
                                                                 monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "index.html").write_text("mine")
    for force in ((), ("--force",)):
        result = run("--db", season_db, "publish", "-o", "", *force)
        assert result.exit_code == 2
        assert result.stderr == "error: -o: the output folder path is empty\n"
    assert site_files(tmp_path) == {"index.html"}
    assert (tmp_path / "index.html").read_text() == "mine"


def test_an_empty_folder_is_written_into(season_db, tmp_path):
    assert run("--db", season_db, "publish", "-o", str(tmp_path)).exit_code == 0
    assert (tmp_path / "index.html").is_file()


def test_a_file_is_not_a_folder(season_db, tmp_path):
    target = tmp_path / "site"
    target.write_text("x")
    result = run("--db", season_db, "publish", "-o", str(target))
    assert result.exit_code == 2
    assert result.stderr == f"error: {target}: not a folder\n"


def test_an_unknown_season_writes_nothing(season_db, tmp_path):
    out = tmp_path / "out"
    result = run("--db", season_db, "publish", "--season", "Winter", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == (f"error: {season_db}: no games in season 'Winter' (seasons:"
                             f" '{SEASON}', 'Spring 2027')\n")
    assert not out.exists()


def test_a_missing_database_writes_nothing(tmp_path):
    out = tmp_path / "out"
    result = run("--db", str(tmp_path / "none.db"), "publish", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr == f"error: {tmp_path / 'none.db'}: no such database\n"
    assert not out.exists()


def test_a_link_out_of_the_folder_is_not_followed(season_db, tmp_path):
    out, elsewhere = tmp_path / "out", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "players").symlink_to(elsewhere, target_is_directory=True)
    result = run("--db", season_db, "publish", "-o", str(out), "--force")
    assert result.exit_code == 2
    assert result.stderr == (f"error: {out / 'players'}: a link out of {out}; the site does"
                             " not write there\n")
    assert list(elsewhere.iterdir()) == []
    assert site_files(out) == set()  # refused before anything was written


def test_a_linked_file_is_not_written_through(season_db, tmp_path):
    out, victim = tmp_path / "out", tmp_path / "victim.txt"
    out.mkdir()
    victim.write_text("keep")
    (out / "index.html").symlink_to(victim)
    result = run("--db", season_db, "publish", "-o", str(out), "--force")
    assert result.exit_code == 2
    assert result.stderr == (f"error: {out / 'index.html'}: a link; the site does not write"
                             " through it\n")
    assert victim.read_text() == "keep"


def test_write_site_takes_only_plain_relative_paths(tmp_path):
    from scorekeeper.web.site import SiteError, write_site

    for bad in ("../x.html", "/tmp/x.html", "a/../../x.html", "A.html", "", "a/./.x"):
        with pytest.raises(SiteError):
            write_site({bad: "x"}, tmp_path / bad.replace("/", "_") if bad else tmp_path / "e")
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_file_names_are_safe_and_unique():
    from scorekeeper.web.site_data import FileNames

    names = FileNames()
    made = [names.name(t) for t in ("g1", "G1", "g1.r1", "..", "CON", "a/b", "Zoë", "zoë",
                                    "x" * 200, "")]
    assert made[0] == "g1"
    assert len(set(made)) == len(made)
    assert len({m.casefold() for m in made}) == len(made)
    for m in made:
        assert re.fullmatch(r"[a-z0-9][a-z0-9_-]{0,63}", m), m
    assert names.name("G1") == made[1]  # the same text, the same name
    players = FileNames()
    assert players.name("alex", keep_plain=False) == (
        "alex-" + hashlib.sha256(b"alex").hexdigest()[:8])


def test_the_command_has_help():
    result = run("publish", "--help")
    assert result.exit_code == 0
    for option in ("--season", "--event", "--output", "--force"):
        assert option in result.stdout


def test_the_site_takes_the_clubs_title_as_text(season_db, tmp_path):
    from scorekeeper.cli.publish import DEFAULT_TITLE
    from scorekeeper.web.site import DEFAULT_TITLE as SITE_DEFAULT

    assert DEFAULT_TITLE == SITE_DEFAULT
    out = tmp_path / "out"
    title = "Tuesday <i>Spades</i> & Co"
    assert run("--db", season_db, "publish", "--season", SEASON, "--title", title, "-o",
               str(out)).exit_code == 0
    page = parse(out / "index.html")
    assert page.root.find_all("title")[0].text() == f"Standings: {SEASON} · {title}"
    assert page.root.find_all("p", **{"class": "club"})[0].text() == f"{title} · {SEASON}"
    assert not page.root.find_all("i")


def test_a_database_without_games_publishes_empty_standings(tmp_path):
    db = str(tmp_path / "empty.db")
    Store.open(db).close()
    out = tmp_path / "site"
    assert run("--db", db, "publish", "-o", str(out)).exit_code == 0
    assert site_files(out) == {"index.html", "games.html", "site.css"}
    page = parse(out / "index.html")
    players, = page.root.find_all("table", data_table="players")
    assert cells(players) == []
    assert "No finished games." in players.text()
    assert not page.root.find_all("svg")


def test_two_player_games_are_a_partnership_of_one(season_db, published):
    data = standings_json(season_db)
    alone = [p for p in data["partnerships"] if len(p["members"]) == 1]
    assert alone  # the season has two-player games
    for pair in alone:
        page = parse(published / player_file(pair["members"][0]))
        rows = page.root.find_all("table", **{"class": "partners"})[0].find_all("tr")
        assert any(r.text().strip().startswith("(alone: two-player games)") for r in rows)
    index = parse(published / "index.html")
    names = [n.text() for n in index.root.find_all("td", data_field="name")]
    assert all(f"{p['members'][0]} (alone)" in names for p in alone)


def test_a_stored_log_that_no_longer_reads_is_named(tmp_path):
    import sqlite3

    db = str(tmp_path / "s.db")
    make_season(db, games=3)
    with Store.open(db, create=False) as store:
        game_id = store.games(SEASON)[-1].game_id
    conn = sqlite3.connect(db)
    conn.execute("UPDATE game_logs SET json = ? WHERE game_id = ?",
                 ('{"format": "spades-game"}', game_id))
    conn.commit()
    conn.close()
    out = tmp_path / "out"
    result = run("--db", db, "publish", "-o", str(out))
    assert result.exit_code == 2
    assert result.stderr.startswith(f"error: {db}: game {game_id}: ")
    assert not out.exists()
