"""`scorekeeper sheet`: a stored game's score sheet as text, Markdown and HTML, with the
figures of `score` (rulings applied), every name escaped, and nothing written unasked."""

from __future__ import annotations

import copy
import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from click.testing import CliRunner

from scorekeeper.cli import main

ROOT = Path(__file__).resolve().parents[2]
RULED = ROOT / "examples" / "audit" / "revoke-ruled.json"


def run(*args: str):
    return CliRunner().invoke(main, list(args), catch_exceptions=False)


@pytest.fixture
def season(tmp_path):
    """A database with the ruled game and a game whose names are hostile."""
    db = str(tmp_path / "s.db")
    hostile = copy.deepcopy(json.loads((ROOT / "examples" / "partnership-game.json").read_text()))
    hostile["game_id"] = "hostile"
    hostile["players"] = {"N": "<script>alert(1)</script>", "E": "Bo|b", "S": "A\nB",
                          "W": "Dee & Dum"}
    (tmp_path / "hostile.json").write_text(json.dumps(hostile))
    ruled = json.loads(RULED.read_text())
    ruled["game_id"] = "ruled"
    (tmp_path / "ruled.json").write_text(json.dumps(ruled))
    assert run("--db", db, "import", str(tmp_path / "hostile.json"),
               str(tmp_path / "ruled.json")).exit_code == 0
    return db


def test_markdown_sheet_of_a_ruled_hand(season):
    result = run("--db", season, "sheet", "ruled", "--format", "markdown")
    assert result.exit_code == 0
    assert result.stdout == """\
## Partnership Spades: NS (Alex & Charlie) v EW (Beth & David)

To 500. House rules: none (the defaults of docs/rules.md). Game `ruled`.

| hand | side | bids | tricks | points | score | bags |
| ---: | --- | --- | --- | --- | ---: | ---: |
| 1 (W) | NS | N 4, S 1 | 7 (N 6, S 1) | +52 = contract +50, bags +2 | 52 | 2 |
|  | EW | E 5, W 1 | 6 (E 3, W 3) | +60 = contract +60 | 60 | 0 |

Notes:

- Hand 1: ruling: revoke by W at trick 4: penalty applied by Sam (referee) (conceded at the table)

**Final:** NS (Alex & Charlie) 52 (2 bags), EW (Beth & David) 60 (0 bags). **Not finished; N deals next.**
"""


class _Texts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)

    def handle_data(self, data):
        self.texts.append(data)


def test_html_sheet_escapes_names_and_has_the_scores_figures(season, tmp_path):
    out = tmp_path / "sheet.html"
    result = run("--db", season, "sheet", "hostile", "--format", "html", "-o", str(out))
    assert (result.exit_code, result.stdout) == (0, f"wrote {out}\n")
    html = out.read_text(encoding="utf-8")
    parser = _Texts()
    parser.feed(html)
    assert "script" not in parser.tags  # the name is text, not a script
    assert "NS (<script>alert(1)</script> & A\nB)" in "".join(parser.texts)
    score = json.loads(run("score", str(tmp_path / "hostile.json"), "--format", "json").stdout)
    totals = re.findall(r'<td class="num total">(-?\d+)</td>', html)
    expected = [str(s["score"]) for h in score["hands"] for s in h["sides"].values()]
    expected += [str(t["score"]) for t in score["final"].values()]
    assert totals == expected


def test_markdown_keeps_a_hostile_name_in_its_cell(season):
    text = run("--db", season, "sheet", "hostile", "--format", "markdown").stdout
    assert ("## Partnership Spades: NS (&lt;script&gt;alert(1)&lt;/script&gt; & A B) v EW"
            " (Bo\\|b & Dee & Dum)") in text
    rows = [line for line in text.splitlines() if line.startswith("| ")]
    assert all(line.count(" | ") == 6 for line in rows[2:])


def test_text_sheet_is_the_score_table(season, tmp_path):
    sheet = run("--db", season, "sheet", "ruled").stdout
    assert sheet == run("score", str(RULED)).stdout


def test_nothing_is_overwritten_without_force(season, tmp_path):
    out = tmp_path / "kept.html"
    out.write_text("mine")
    result = run("--db", season, "sheet", "ruled", "--format", "html", "-o", str(out))
    assert (result.exit_code, result.stderr) == (
        2, f"error: {out}: already exists; use --force to replace it\n")
    assert out.read_text() == "mine"
    assert run("--db", season, "sheet", "ruled", "--format", "html", "-o", str(out),
               "--force").exit_code == 0
    assert out.read_text().startswith("<!DOCTYPE html>")


def test_an_unknown_game_is_named(season):
    result = run("--db", season, "sheet", "nope")
    assert (result.exit_code, result.stderr) == (
        2, f"error: {season}: no game 'nope' in the database (scorekeeper games lists them)\n")
