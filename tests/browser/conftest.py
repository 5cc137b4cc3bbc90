"""Fixtures for the tests that open pages in a real browser (the static site, the live board).

Playwright drives the operating system's Chromium (Debian's ``chromium`` package; ``.ci/run``
installs it): Playwright's own browser download is not used. Where Playwright or Chromium is
missing, every test here is skipped with a reason saying what to install.

Playwright's sync API refuses to run inside a running asyncio loop, and pytest-asyncio runs in
auto mode: write the browser tests as plain ``def`` tests, never ``async def``.

Fixtures:

- ``browser``: one headless Chromium for the tests in this folder. Package scope, not session:
  while Playwright's sync API is alive, the thread looks as if an asyncio loop were running,
  and pytest-asyncio's tests after this folder (tests/tui, tests/unit) would fail to start.
- ``viewport``: the page size, ``{"width": .., "height": ..}``; desktop (1200x900) unless a
  test asks for another through indirect parametrisation::

      @pytest.mark.parametrize("viewport", ["phone", "desktop"], indirect=True)
      def test_fits(page): ...

- ``page``: a new page per test in a context of its own (no cookies or cache shared between
  tests) at ``viewport``. Requests that would leave this machine (anything but localhost,
  ``file:``, ``data:``, ``blob:`` and ``about:``) are blocked, and recorded in
  ``external_requests``: the pages must work offline.
- ``external_requests``: the URLs of the blocked requests of this test's page (a list).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from urllib.parse import urlsplit

import pytest

VIEWPORTS: dict[str, dict[str, int]] = {
    "phone": {"width": 390, "height": 844},
    "desktop": {"width": 1200, "height": 900},
}
"""The page sizes the tests and screenshots use: a common phone, and a laptop or a TV."""

CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
"""The sandbox needs user namespaces that containers and CI runners often lack; the rest keep
the browser from calling home (updates, sync, field trials) during a test."""

NO_CHROMIUM = "no Chromium: install Debian's chromium package"
NO_PLAYWRIGHT = "no Playwright: pip install playwright (the browser download is not needed)"

_LOCAL_HOSTS = frozenset({"127.0.0.1", "localhost", "::1", "[::1]"})
_LOCAL_SCHEMES = frozenset({"file", "data", "blob", "about", "chrome", "chrome-error"})


def chromium_path() -> str | None:
    """The system Chromium, or None where none is installed."""
    for candidate in (shutil.which("chromium"), shutil.which("chromium-browser"),
                      "/usr/bin/chromium"):
        if candidate and os.access(candidate, os.X_OK):
            return candidate
    return None


def is_local(url: str) -> bool:
    """Whether a request for ``url`` stays on this machine."""
    parts = urlsplit(url)
    if parts.scheme in _LOCAL_SCHEMES:
        return True
    return parts.scheme in ("http", "https", "ws", "wss") and parts.hostname in _LOCAL_HOSTS


@pytest.fixture(scope="package")
def browser() -> Iterator[object]:
    """One headless system Chromium for the tests in this folder (skips where there is none)."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip(NO_PLAYWRIGHT)
    executable = chromium_path()
    if executable is None:
        pytest.skip(NO_CHROMIUM)
    playwright = sync_playwright().start()
    try:
        launched = playwright.chromium.launch(executable_path=executable, headless=True,
                                              args=CHROMIUM_ARGS)
        try:
            yield launched
        finally:
            launched.close()
    finally:
        playwright.stop()


@pytest.fixture
def viewport(request: pytest.FixtureRequest) -> dict[str, int]:
    """The page size: desktop, or the name given by indirect parametrisation."""
    return dict(VIEWPORTS[getattr(request, "param", "desktop")])


@pytest.fixture
def external_requests() -> list[str]:
    """URLs the test's page tried to fetch from outside this machine (blocked)."""
    return []


@pytest.fixture
def page(browser, viewport: dict[str, int], external_requests: list[str]) -> Iterator[object]:
    """A fresh page in a context of its own, at ``viewport``, offline but for localhost."""
    context = browser.new_context(viewport=viewport, service_workers="block")

    def keep_local(route) -> None:
        if is_local(route.request.url):
            route.continue_()
        else:
            external_requests.append(route.request.url)
            route.abort("blockedbyclient")

    context.route("**/*", keep_local)
    opened = context.new_page()
    try:
        yield opened
    finally:
        context.close()
