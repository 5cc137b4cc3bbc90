"""``scorekeeper serve``: the live board for the room, a thin layer over
``web.live_board`` (the application) and ``web.live_data`` (the database, read-only)."""

from __future__ import annotations

import socket

import click

from .common import CONTEXT_SETTINGS, fail

DEFAULT_PORT = 8000
_EVERY_ADDRESS = ("0.0.0.0", "::", "")


def _listen(host: str, port: int) -> socket.socket:
    """A socket bound to ``host``:``port`` (0: a free port), or exit 2 saying why not: the
    port taken, the address not this computer's. Bound here, before the server starts, so
    that the failure is one line, not the server's log."""
    try:
        family, kind, proto, _, address = socket.getaddrinfo(
            host or None, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)[0]
        sock = socket.socket(family, kind, proto)
    except (OSError, UnicodeError) as exc:
        fail(f"--host {host}: not an address to listen on: {getattr(exc, 'strerror', None) or exc}")
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        fail(f"cannot listen on {host}:{port}: {exc.strerror or exc}")
    return sock


def _url(host: str, port: int) -> str:
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def _network_address() -> str | None:
    """This computer's address on its network (what a phone in the room types), or None.
    Connecting a UDP socket sends nothing: it only picks the interface a packet would
    leave by."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
            return probe.getsockname()[0]
    except OSError:
        return None


@click.command("serve", context_settings=CONTEXT_SETTINGS)
@click.option("--event", "event_id", default=None,
              help="The card night to show (its tables and results); default: the newest"
                   " dated today, if any (a night created while the board runs appears).")
@click.option("--season", default=None,
              help="The standings of this season (default: every game, as `standings`).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on: 127.0.0.1 is this computer only; 0.0.0.0 is"
                   " every network it is on (for the TV and the phones in the room).")
@click.option("--port", type=click.IntRange(0, 65535), default=DEFAULT_PORT,
              show_default=True, help="The port to listen on (0: any free port).")
@click.pass_context
def serve_command(ctx: click.Context, event_id: str | None, season: str | None, host: str,
                  port: int) -> None:
    """Serve the live board to the browsers in the room (a TV, the players' phones): the
    night's tables and results, the season's standings, the games being played and the
    latest games, updated within seconds of each hand saved by the app.

    Read-only: the database is opened so that it cannot be written, and the pages only
    read. Prints the address to open (on a TV, add ?tv to it: larger text, and the page
    scrolls by itself); Ctrl+C stops it.
    """
    import sqlite3

    import uvicorn

    from ..event.store import UnknownEventError
    from ..season.storage import NoSuchDatabaseError, StorageError, default_db_path, is_damage
    from ..web.live_board import LiveBoard, create_app
    from ..web.live_data import LiveSource

    path = (ctx.obj or {}).get("db_path") or str(default_db_path())
    try:
        source = LiveSource.open(path, season=season, event_id=event_id)
    except UnknownEventError as exc:
        fail(f"{path}: {exc} (scorekeeper event list shows them)")
    except NoSuchDatabaseError:
        fail(f"{path}: no such database")
    except StorageError as exc:
        fail(f"{path}: {exc}")
    except sqlite3.Error as exc:
        if is_damage(exc):
            fail(f"{path}: the season database is damaged: {exc}")
        fail(f"{path}: cannot open the season database: {exc}")
    try:
        title = (source.events.event(event_id).name if event_id is not None
                 else "Scorekeeper live board")
        board = LiveBoard(source, title=title)
        if season is not None and season not in source.store.seasons():
            # Not refused (unlike publish): a board is often started before the season's
            # first game is saved; its games appear as they are.
            click.echo(f"warning: {path}: no games in season {season!r} yet; they appear on"
                       " the board as they are saved", err=True)
    except (sqlite3.Error, ValueError) as exc:
        source.close()
        if is_damage(exc):
            fail(f"{path}: the season database is damaged: {exc}")
        fail(f"{path}: cannot read the season database: {exc}")
    try:
        sock = _listen(host, port)
    except SystemExit:
        board.close()
        raise
    bound_port = sock.getsockname()[1]
    # Listening on every address: the address that opens it on this computer comes first.
    local = {"0.0.0.0": "127.0.0.1", "": "127.0.0.1", "::": "::1"}.get(host, host)
    click.echo(f"Live board: {_url(local, bound_port)} (read-only; Ctrl+C stops it)")
    if host in _EVERY_ADDRESS:
        address = _network_address()
        if address is not None:
            click.echo(f"On this network: {_url(address, bound_port)}")
    config = uvicorn.Config(create_app(board), log_level="warning", access_log=False,
                            lifespan="on")
    try:
        # uvicorn stops gracefully on Ctrl+C (or SIGTERM), then raises the signal again for
        # whoever called it: here that is the end the user asked for, not an error.
        uvicorn.Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        board.close()
    click.echo("Live board stopped.")
