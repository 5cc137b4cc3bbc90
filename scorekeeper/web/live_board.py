"""The live board: the night's tables and the standings, served read-only to the browsers in
the room (a TV, the players' phones) while the app writes the same database.

How it stays cheap with many browsers: one watcher task asks the database every
``check_interval`` seconds whether anything was committed (``LiveSource.version``, SQLite's
``data_version``: no table read) and, only then, reads the board again and renders it once.
The result is kept as bytes with an ETag (a hash of the bytes). The page asks ``/board``
every ``poll_interval`` seconds with ``If-None-Match``; an unchanged board costs a 304 with
no body and no database access, whatever the number of browsers.

Read-only: the database is opened with SQLite's ``mode=ro``; the routes answer only GET
(and HEAD, which Starlette adds), anything else is a 405. Every name is escaped (Jinja2
autoescaping); the page loads nothing from the network (its CSS and script are inline,
allowed by their hashes in the Content-Security-Policy, which also forbids any other
script).

Routes: ``/`` the page; ``/board`` the board's HTML fragment (what the page swaps in);
``/board.json`` the same data as JSON, for other tools and the tests.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import logging
import threading
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import anyio
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from .live_render import page_assets, render_board, render_page

log = logging.getLogger(__name__)

POLL_SECONDS = 1.0
"""How often the page asks for the board (an unchanged board is a bodyless 304)."""
CHECK_SECONDS = 0.25
"""How often the watcher asks the database whether anything was committed."""


@dataclass(frozen=True)
class Snapshot:
    """The board as last read: rendered once, served to every browser as is."""

    data: dict[str, Any]
    html: bytes
    html_etag: str
    json: bytes
    json_etag: str


def _etag(body: bytes) -> str:
    return '"' + hashlib.blake2b(body, digest_size=12).hexdigest() + '"'


def make_snapshot(data: dict[str, Any], problem: str | None = None) -> Snapshot:
    """``data`` rendered: the HTML fragment and the JSON, each with its ETag. ``problem``:
    why the board could not be read again (shown above the last board read)."""
    html = render_board(data, problem).encode()
    body = json.dumps({**data, "problem": problem}, ensure_ascii=False,
                      sort_keys=True).encode()
    return Snapshot(data, html, _etag(html), body, _etag(body))


class LiveBoard:
    """The board over a source (``live_data.LiveSource`` or anything with ``version()``,
    ``read()`` and ``close()``): its current snapshot and the watcher that renews it."""

    def __init__(self, source, *, title: str = "Live board",
                 poll_interval: float = POLL_SECONDS,
                 check_interval: float = CHECK_SECONDS) -> None:
        self.source = source
        self.title = title
        self.poll_interval = poll_interval
        self.check_interval = check_interval
        self._lock = threading.Lock()  # one read of the source at a time
        # The version before the read: a write in between is read again at the next check.
        self._version = source.version()
        self.snapshot = make_snapshot(source.read())
        self.problem: str | None = None

    def refresh(self) -> bool:
        """Read the board again if the database changed since the last read; True if the
        snapshot changed. A failed read (the file damaged or gone) keeps the last board
        and shows the problem above it; the next check tries again."""
        with self._lock:
            try:
                version = self.source.version()
                if version == self._version and self.problem is None:
                    return False
                data = self.source.read()
            except Exception as exc:  # noqa: BLE001 - any failure is shown, and retried
                problem = f"the database cannot be read just now: {exc}"
                if problem == self.problem:
                    return False
                log.warning("live board: %s", problem)
                self.problem = problem
                self.snapshot = make_snapshot(self.snapshot.data, problem)
                return True
            self._version, self.problem = version, None
            fresh = make_snapshot(data)
            if fresh.html_etag == self.snapshot.html_etag and fresh.json_etag == \
                    self.snapshot.json_etag:
                return False  # a write that changes nothing shown (a draft saved)
            self.snapshot = fresh
            return True

    async def watch(self) -> None:
        """Refresh every ``check_interval`` seconds, in a worker thread (a read may take a
        moment; the server goes on answering meanwhile), until cancelled."""
        while True:
            await anyio.to_thread.run_sync(self.refresh)
            await anyio.sleep(self.check_interval)

    def close(self) -> None:
        with self._lock:
            self.source.close()


def _cached(request: Request, body: bytes, etag: str, media_type: str) -> Response:
    """``body``, or a 304 when the browser holds it already (``If-None-Match``)."""
    headers = {"ETag": etag, "Cache-Control": "no-cache", "X-Content-Type-Options": "nosniff"}
    held = request.headers.get("if-none-match", "")
    if etag in (tag.strip() for tag in held.split(",")) or held.strip() == "*":
        return Response(status_code=304, headers=headers)
    return Response(body, media_type=media_type, headers=headers)


def create_app(board: LiveBoard, *, watch: bool = True) -> Starlette:
    """The Starlette application serving ``board``. ``watch``: run the watcher while the
    application runs (tests that call ``board.refresh`` themselves turn it off)."""
    script, style, policy = page_assets()

    async def page(request: Request) -> Response:
        snapshot = board.snapshot
        html = render_page(title=board.title, board_html=snapshot.html.decode(),
                           etag=snapshot.html_etag, poll_ms=int(board.poll_interval * 1000),
                           script=script, style=style)
        return Response(html, media_type="text/html; charset=utf-8", headers={
            "Content-Security-Policy": policy, "Cache-Control": "no-cache",
            "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer"})

    async def fragment(request: Request) -> Response:
        snapshot = board.snapshot
        return _cached(request, snapshot.html, snapshot.html_etag, "text/html; charset=utf-8")

    async def data(request: Request) -> Response:
        snapshot = board.snapshot
        return _cached(request, snapshot.json, snapshot.json_etag, "application/json")

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        async with anyio.create_task_group() as tasks:
            if watch:
                tasks.start_soon(board.watch)
            yield
            tasks.cancel_scope.cancel()

    routes = [Route("/", page, methods=["GET"]), Route("/board", fragment, methods=["GET"]),
              Route("/board.json", data, methods=["GET"])]
    return Starlette(routes=routes, lifespan=lifespan)
