"""The published site: static pages a club puts on any web host, a USB stick or a shared
folder, opened from ``file://`` as well as over the web (no server, no script, nothing
fetched from anywhere: one stylesheet beside the pages, the charts inline SVG).

The pages (every link relative, so the folder may be moved whole)::

    index.html            the standings: players and partnerships, ratings chart
    games.html            every game, newest first
    players/<name>.html   a player's figures, rating over time, partners, games
    games/<id>.html       a game's score sheet (``scorekeeper sheet --format html``)
    nights.html           the card nights (when the database has any)
    nights/<id>.html      a night's results and its rounds' tables
    site.css

File names come from ids and names made safe (``site_data.FileNames``). The pages are all
rendered before any is written, so a database that cannot be read leaves no half site;
``write_site`` refuses a folder that is not empty unless told to write over it, and never
writes outside the folder (a link inside it that leads out is refused).
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING, Any

from ..logs.identifiers import player_key
from ..season.standings import StandingRow
from ..season.standings_formats import row_data
from ..season.storage import GameSummary, Store
from . import charts
from .sheet import template_environment
from .site_data import SeasonSite, season_site

if TYPE_CHECKING:
    from .site_nights import Night

DEFAULT_TITLE = "Spades results"
"""The site's name, in every page's title and header, unless the club gives its own."""
SEASON_CHART_PLAYERS = 6
"""The season page's chart draws the top players' ratings: more lines are not readable."""


class SiteError(Exception):
    """A site that cannot be made or written: the message says what and where."""


def heading(season: str | None) -> str:
    """The standings' title, as ``scorekeeper standings`` prints it."""
    return f"Standings: {season}" if season is not None else "Standings: all games"


class Pages:
    """Renders the site's pages from one ``SeasonSite`` and the nights published."""

    def __init__(self, site: SeasonSite, nights: Sequence[Night] = (), *,
                 title: str = DEFAULT_TITLE) -> None:
        self.site = site
        self.title = title
        self.nights = list(nights)
        self.env = template_environment()
        self.has_nights = bool(self.nights)

    def player_href(self, name: str) -> str | None:
        page = self.site.player_of(name)
        return None if page is None else f"players/{page.file}.html"

    def context(self, root: str, current: str, **extra: Any) -> dict[str, Any]:
        s = self.site
        return {"root": root, "current": current, "season": s.season,
                "site_title": self.title, "heading": heading(s.season),
                "has_nights": self.has_nights,
                "game_files": s.game_files, "player_href": self.player_href,
                "figures": _figures, "partners_of": _partners_of,
                "side_players": _side_players, **self.night_helpers(), **extra}

    def night_helpers(self) -> dict[str, Any]:
        """What the nights' templates call (nothing when no night is published)."""
        if not self.nights:
            return {}
        from .site_nights import night_context

        return night_context()

    def render(self, template: str, root: str, current: str, **extra: Any) -> str:
        return self.env.get_template(f"site/{template}").render(
            **self.context(root, current, **extra))

    def stylesheet(self) -> str:
        return self.env.loader.get_source(self.env, "site/site.css")[0]

    def season(self) -> str:
        s = self.site
        chart = None
        top = [p for p in (s.player_of(r.name) for r in s.standings.players) if p is not None
               and p.history][:SEASON_CHART_PLAYERS]
        if top:
            chart = charts.ratings_chart(
                "chart-season", [(p.name, [(pt.season_number, pt.rating) for pt in p.history])
                                 for p in top],
                description=f"Ratings over the season of the top {len(top)} players")
        dates = [g.date for g in s.games if g.date]
        return self.render("season.html.j2", "", "standings", standings=s.standings,
                           chart=chart, latest_date=max(dates) if dates else None,
                           chart_caption=f"The top {len(top)} players' ratings (mu - 3 sigma)"
                                         " after each finished game of the season.")

    def games(self) -> str:
        return self.render("games.html.j2", "", "games", games=self.site.games)

    def player(self, key: str) -> str:
        page = self.site.players[key]
        chart = None
        if page.history:
            chart = charts.rating_chart(
                "chart-rating", [(p.number, p.rating) for p in page.history],
                description=f"{page.name}'s rating after each game")
        return self.render("player.html.j2", "../", "player", page=page, chart=chart,
                           player_count=len(self.site.standings.players))

    def nights_index(self) -> str:
        return self.render("nights.html.j2", "", "nights", nights=self.nights)

    def night(self, night: Night) -> str:
        return self.render("night.html.j2", "../", "nights", night=night)


def _figures(row: StandingRow, partnership: bool) -> dict[str, Any]:
    """A row's figures as ``standings --format json`` gives them (rounded the same)."""
    return row_data(row, partnership)


def _partners_of(pair: StandingRow, name: str) -> list[str]:
    key = player_key(name)
    return [m for m in pair.members if player_key(m) != key]


def _side_players(game: GameSummary, side: str) -> list[str]:
    return [game.players[seat] for seat in side]


def _site_links(nights: bool) -> list[tuple[str, str]]:
    """The line of links back to the site above each game's score sheet."""
    links = [("../index.html", "Standings"), ("../games.html", "Games")]
    if nights:
        links.append(("../nights.html", "Card nights"))
    return links


def score_sheet(store: Store, game_id: str, *, nights: bool = False) -> str:
    """The game's score sheet as ``scorekeeper sheet GAME --format html`` writes it, with a
    line of links back to the site above it."""
    from ..analysis.game import analyse_game
    from ..logs.files import LogError, parse_log
    from .sheet import render_sheet

    try:
        log = parse_log(store.game_json(game_id), f"{store.path}: game {game_id}")
    except LogError as exc:  # stored by an older version, or edited by hand
        raise SiteError("; ".join(f"{exc.source}: {p}" for p in exc.problems)) from None
    return render_sheet(analyse_game(log), "html", links=_site_links(nights))


def site_pages(store: Store, season: str | None, *, event_id: str | None = None,
               title: str = DEFAULT_TITLE) -> dict[str, str]:
    """Every page of the site (path in the site -> text): the season's (``season`` None:
    every game, as ``standings``), the card nights' (``event_id`` alone, or the season's
    nights; ``UnknownEventError`` for an unknown one) and the score sheets of every game
    either shows. ``title``: the site's name (the club's)."""
    from ..event.store import EventStore
    from .site_nights import nights_of

    nights = nights_of(EventStore(store), season, event_id)
    site = season_site(store, season,
                       extra_games=[gid for night in nights for gid in night.game_ids])
    pages = Pages(site, nights, title=title)
    out = {"site.css": pages.stylesheet(), "index.html": pages.season(),
           "games.html": pages.games()}
    for key, page in site.players.items():
        out[f"players/{page.file}.html"] = pages.player(key)
    if nights:
        out["nights.html"] = pages.nights_index()
        for night in nights:
            out[f"nights/{night.file}.html"] = pages.night(night)
    for game_id, name in site.game_files.items():
        out[f"games/{name}.html"] = score_sheet(store, game_id, nights=bool(nights))
    return out


# -- writing ---------------------------------------------------------------------------------------

_SAFE_PART = re.compile(r"[a-z0-9][a-z0-9_.-]*")


def output_problem(directory: str | os.PathLike, force: bool) -> str | None:
    """Why the site may not be written into ``directory`` (None: it may): not a folder, or
    a folder with something in it and no ``force``."""
    path = os.fspath(directory)
    if not os.path.lexists(path):
        return None
    if not os.path.isdir(path):
        return f"{path}: not a folder"
    try:
        entries = os.listdir(path)
    except OSError as exc:
        return f"{path}: cannot read the folder: {exc.strerror or exc}"
    if entries and not force:
        return f"{path}: not empty; use --force to write the pages into it"
    return None


def write_site(pages: dict[str, str], directory: str | os.PathLike, *,
               force: bool = False) -> list[str]:
    """Write ``pages`` (path in the site -> text) into ``directory`` (made if need be) and
    return the paths written, in order. Refused (``SiteError``) before anything is
    written: a folder ``output_problem`` refuses, a path of ``pages`` that is not a plain
    relative one, and a file or folder of the site's that is a link leading out of
    ``directory`` (written through, it would put a page elsewhere)."""
    problem = output_problem(directory, force)
    if problem:
        raise SiteError(problem)
    root = Path(directory)
    for relative in pages:
        parts = PurePosixPath(relative).parts
        if not parts or not all(_SAFE_PART.fullmatch(p) for p in parts):
            raise SiteError(f"{relative!r}: not a file name the site may write")
    targets = {relative: root.joinpath(*PurePosixPath(relative).parts)
               for relative in sorted(pages)}
    try:
        root.mkdir(parents=True, exist_ok=True)
        real_root = root.resolve()
        for target in targets.values():
            _check_inside(target, root, real_root)
        for relative, target in targets.items():
            target.parent.mkdir(parents=True, exist_ok=True)
            _check_inside(target, root, real_root)  # made since by someone else?
            with open(target, "w", encoding="utf-8", newline="\n") as f:
                f.write(pages[relative])
    except OSError as exc:
        where = exc.filename or root
        raise SiteError(f"{where}: cannot write: {exc.strerror or exc}") from None
    return list(targets)


def _check_inside(target: Path, root: Path, real_root: Path) -> None:
    """``SiteError`` when writing ``target`` would write outside the site's folder: the
    file is a link, or its nearest existing folder resolves outside."""
    if target.is_symlink():
        raise SiteError(f"{target}: a link; the site does not write through it")
    folder = target.parent
    while not folder.exists() and folder != root:
        folder = folder.parent
    if not folder.resolve().is_relative_to(real_root):
        raise SiteError(f"{folder}: a link out of {root}; the site does not write there")


__all__ = ["DEFAULT_TITLE", "Pages", "SiteError", "heading", "output_problem", "score_sheet", "site_pages",
           "write_site"]
