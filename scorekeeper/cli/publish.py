"""``scorekeeper publish``: the results as a static site (a folder of pages)."""

from __future__ import annotations

import click

from .common import CONTEXT_SETTINGS, fail
from .season import _open_store, _reading

DEFAULT_TITLE = "Spades results"
"""As ``web.site.DEFAULT_TITLE`` (not imported for the option's default: the help is shown
without loading the web layer)."""


@click.command("publish", context_settings=CONTEXT_SETTINGS)
@click.option("--season", default=None,
              help="Only this season's games and card nights (default: every game, as"
                   " standings).")
@click.option("--event", "event_id", default=None,
              help="Of the card nights, publish only this one (its id: scorekeeper event"
                   " list); the season's pages are written all the same.")
@click.option("--title", default=DEFAULT_TITLE, show_default=True,
              help="The site's name, at the top of every page (your club's).")
@click.option("-o", "--output", "output", required=True,
              type=click.Path(path_type=str),
              help="The folder to write the site into (made if need be); a folder with"
                   " anything in it only with --force.")
@click.option("--force", is_flag=True,
              help="Write into a folder that is not empty (files of the same name are"
                   " replaced; other files are left as they are).")
@click.pass_context
def publish_command(ctx: click.Context, season: str | None, event_id: str | None,
                    title: str, output: str, force: bool) -> None:
    """Write the results as a static site: the standings (players and partnerships, the
    figures of `scorekeeper standings`), each player's page (games, partners, Nil and
    Blind Nil, bags per game, set rate, rating over time), each card night's results,
    the games and each game's score sheet.

    The pages open from the folder as they are (file://), a USB stick or any web host: no
    server, no script, nothing fetched from the network. Start at index.html.
    """
    from ..event.records import UnknownEventError
    from ..web.site import SiteError, output_problem, site_pages, write_site

    # An empty path is this folder to pathlib but "nothing there" to the emptiness check:
    # refused, as export -o '' is, so that no page replaces a file where none was asked for.
    problem = "-o: the output folder path is empty" if output == "" else output_problem(
        output, force)
    if problem:
        fail(problem)
    store = _open_store(ctx, create=False)
    try:
        with _reading(store):
            if season is not None and season not in store.seasons():
                known = ", ".join(repr(s) for s in store.seasons()) or "none"
                fail(f"{store.path}: no games in season {season!r} (seasons: {known})")
            pages = site_pages(store, season, event_id=event_id, title=title)
    except UnknownEventError as exc:
        fail(f"{store.path}: {exc} (scorekeeper event list lists them)")
    except SiteError as exc:
        fail(str(exc))
    finally:
        store.close()
    try:
        written = write_site(pages, output, force=force)
    except SiteError as exc:
        fail(str(exc))
    click.echo(f"wrote {len(written)} files to {output}; open"
               f" {output.rstrip('/') or '/'}/index.html")
