"""A game's score sheet to print or share: text, Markdown or HTML.

The text sheet is ``score``'s table; Markdown and HTML are made from ``score_report`` (the
figures of ``score --format json``, rulings included) and the same words for the points'
parts (``score_sheet.parts_text``), so no format disagrees with ``score``, ``games`` or the
standings. The HTML is a Jinja2 template with autoescaping on
(a name is text, never markup) and a print stylesheet: a typical game of ten hands fits one
A4 or Letter page, in black on white.

Why Jinja2: the templating library the Python web world maintains (Flask, Ansible, Sphinx),
with autoescaping that makes a name like ``<script>`` plain text; writing HTML by string
joins is where escaping gets forgotten.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..analysis.game import GameAnalysis
from ..analysis.score_sheet import format_score_table, parts_text, score_report, side_label
from ..analysis.text_cells import markdown_text

FORMATS = ("text", "markdown", "html")


@dataclass(frozen=True)
class SheetHand:
    """One hand as a row of the sheet."""

    number: int
    dealer: str
    sides: dict[str, dict[str, Any]]
    """Per side: ``bids`` ('N 4, S Nil'), ``tricks`` ('7 (N 6, S 1)'), ``points`` ('+52'),
    ``parts`` ('contract +50, bags +2'), ``score``, ``bags``."""
    notes: tuple[str, ...]
    """Events (a bag penalty, a Nil) and rulings, in words."""


def _bid_text(n: int, blind: bool) -> str:
    if n == 0:
        return "Blind Nil" if blind else "Nil"
    return str(n)


def sheet_hands(analysis: GameAnalysis) -> list[SheetHand]:
    report = score_report(analysis)
    hands = []
    v = analysis.variant
    for hand, replay, scored in zip(report["hands"], analysis.replays, analysis.score.hands):
        sides = {}
        for side, s in hand["sides"].items():
            bids = ", ".join(f"{seat} {_bid_text(s['bids'][seat], seat in s['blind'])}"
                             for seat in map(str, v.members(side)) if seat in s["bids"])
            won = ", ".join(f"{seat} {n}" for seat, n in s["tricks_won"].items())
            tricks = f"{s['tricks']} ({won})" if len(s["tricks_won"]) > 1 else str(s["tricks"])
            sides[side] = {"bid": s["bid"], "bids": bids, "tricks": tricks,
                           "points": f"{s['points']:+d}",
                           "parts": parts_text(scored.sides[side]) or "0",
                           "score": s["score"], "bags": s["bags"]}
        notes = list(hand["events"])
        notes += [f"ruling: {r.describe()}" + (f" ({r.note})" if r.note else "")
                  for r in replay.record.rulings]
        hands.append(SheetHand(hand["number"], hand["dealer"], sides, tuple(notes)))
    return hands


def sheet_context(analysis: GameAnalysis) -> dict[str, Any]:
    """What every format shows: the game, the players, the hands and the result."""
    v = analysis.variant
    log = analysis.log
    event = log.event
    score = analysis.score
    labels = {side: side_label(analysis, side) for side in v.sides}
    if score.winner:
        result = f"{labels[score.winner]} won after hand {score.won_at_hand}"
    else:
        nd = score.next_dealer
        result = "Not finished" + (f"; {nd} {'draws first' if v.value == 'two_player' else 'deals'}"
                                   f" next" if nd is not None else "")
    changes = analysis.rules.changes()
    return {
        "title": "Partnership Spades" if v.value == "partnership" else "Two-player Spades",
        "game_id": getattr(log, "game_id", None),
        "event": {"season": event.season if event else None,
                  "date": event.date if event else None,
                  "table": event.table if event else None},
        "players": [(s.name, log.players.get(s.name, "")) for s in v.seats],
        "sides": list(v.sides), "labels": labels,
        "target": analysis.rules.target_score,
        "house_rules": ", ".join(f"{k.replace('_', ' ')} {val}" for k, val in changes.items())
                       or "none (the defaults of docs/rules.md)",
        "carried": {s: (t.score, t.bags) for s, t in (log.initial or {}).items()},
        "hands": sheet_hands(analysis),
        "final": {s: (t.score, t.bags) for s, t in score.final.items()},
        "result": result,
    }


@functools.cache
def template_environment():
    """The one Jinja2 environment of the package's templates (the sheet, the published site):
    made once, so that each template is compiled once however many sheets are rendered."""
    import jinja2

    return jinja2.Environment(
        loader=jinja2.PackageLoader("scorekeeper.web", "templates"), autoescape=True,
        trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True)


def render_sheet(analysis: GameAnalysis, fmt: str, *,
                 links: Sequence[tuple[str, str]] = ()) -> str:
    """The sheet in ``fmt`` (``text``, ``markdown`` or ``html``). The HTML is one file, its
    stylesheet inside, so it opens from a folder, a mail or a USB stick as it is. ``links``:
    (href, text) of a line of links above the sheet (the published site's way back; not
    printed)."""
    if fmt == "text":
        return format_score_table(analysis)
    if fmt == "markdown":
        return markdown_sheet(sheet_context(analysis))
    return template_environment().get_template("sheet.html.j2").render(
        **sheet_context(analysis), links=list(links))


def _bags(n: int) -> str:
    return f"{n} bag{'s' if n != 1 else ''}"


def markdown_sheet(c: dict[str, Any]) -> str:
    """The sheet as Markdown, to paste into a chat or a wiki; every text escaped as a cell."""
    md = markdown_text
    lines = [f"## {c['title']}: {' v '.join(md(c['labels'][s]) for s in c['sides'])}", ""]
    event = [md(x) for x in (c["event"]["date"], c["event"]["season"]) if x]
    if c["event"]["table"]:
        event.append(f"table {md(c['event']['table'])}")
    if event:
        lines += [" · ".join(event), ""]
    game = f" Game `{c['game_id']}`." if c["game_id"] else ""
    lines += [f"To {c['target']}. House rules: {md(c['house_rules'])}.{game}", ""]
    if c["carried"]:
        lines += ["Carried in: " + ", ".join(f"{s} {score} ({_bags(bags)})"
                                             for s, (score, bags) in c["carried"].items()), ""]
    lines += ["| hand | side | bids | tricks | points | score | bags |",
              "| ---: | --- | --- | --- | --- | ---: | ---: |"]
    for hand in c["hands"]:
        for i, side in enumerate(c["sides"]):
            s = hand.sides[side]
            first = f"{hand.number} ({hand.dealer})" if i == 0 else ""
            lines.append(f"| {first} | {side} | {md(s['bids'])} | {s['tricks']} |"
                         f" {s['points']} = {s['parts']} | {s['score']} | {s['bags']} |")
    notes = [f"- Hand {h.number}: {md('; '.join(h.notes))}" for h in c["hands"] if h.notes]
    if notes:
        lines += ["", "Notes:", ""] + notes
    final = ", ".join(f"{md(c['labels'][s])} {score} ({_bags(bags)})"
                      for s, (score, bags) in c["final"].items())
    lines += ["", f"**Final:** {final}. **{md(c['result'])}.**"]
    return "\n".join(lines) + "\n"


__all__ = ["FORMATS", "SheetHand", "markdown_sheet", "render_sheet", "sheet_context",
           "sheet_hands"]
