"""The live board's HTML: the page, and the board fragment the page swaps in when it
changes. Jinja2 templates (``templates/live_*``) with autoescaping: every name is text,
never markup. The page's stylesheet and script are inline (nothing is fetched from the
network) and allowed by their hashes in the Content-Security-Policy."""

from __future__ import annotations

import base64
import functools
import hashlib
from importlib import resources
from typing import Any


@functools.cache
def _env():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("scorekeeper.web", "templates"), autoescape=True,
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)
    env.filters["signed"] = signed
    env.filters["minus"] = minus
    env.filters["signed_if_negative"] = lambda n: minus(str(n))
    return env


def signed(n: float) -> str:
    """+12, 0, −12 (a true minus sign, as a scoreboard shows it)."""
    return f"+{n}" if n > 0 else (f"\u2212{-n}" if n < 0 else "0")


def minus(text: str) -> str:
    """A number's text with a true minus sign (−1.50, not -1.50), as ``signed`` writes it."""
    return text.replace("-", "\u2212")


def render_board(data: dict[str, Any], problem: str | None = None) -> str:
    """The board fragment: the night's tables and standings (with an event) and the
    season's standings and games."""
    return _env().get_template("live_board.html.j2").render(
        season=data["season"], night=data.get("night"), problem=problem)


def render_page(*, title: str, board_html: str, etag: str, poll_ms: int, script: str,
                style: str) -> str:
    """The whole page around a rendered board fragment."""
    return _env().get_template("live_page.html.j2").render(
        title=title, board_html=board_html, etag=etag, poll_ms=poll_ms, script=script,
        style=style)


def _hash_source(text: str) -> str:
    """The CSP source allowing one inline script or stylesheet: its SHA-256."""
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


@functools.cache
def page_assets() -> tuple[str, str, str]:
    """The page's script, its stylesheet, and the Content-Security-Policy that allows
    these two and nothing else: no other script, no request but to this server."""
    folder = resources.files("scorekeeper.web") / "templates"
    script = (folder / "live_board.js").read_text(encoding="utf-8")
    style = (folder / "live_board.css").read_text(encoding="utf-8")
    policy = (f"default-src 'none'; script-src {_hash_source(script)}; style-src"
              f" {_hash_source(style)}; connect-src 'self'; img-src 'self' data:;"
              " base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
    return script, style, policy
