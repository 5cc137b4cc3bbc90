"""Standings as text: an aligned table for the terminal, CSV for a spreadsheet, JSON for
other tools (a contract) and Markdown to paste into a club page.

Shared ranks: "=2" in the table and Markdown; in JSON and CSV the number (2 for both) and
``shared_rank: true``. CSV never starts a name with a character that makes a spreadsheet
read it as a formula (OWASP's list: = + - @ tab and carriage return); Markdown keeps each
row on one line and each cell in its column (line breaks become spaces, ``|`` escaped).
"""

from __future__ import annotations

import csv
import json
from itertools import repeat
from operator import attrgetter
from typing import Any

from ..analysis.text_cells import markdown_text
from ..analysis.cycle_collector import cycle_collector_paused
from .standings import Standings, StandingRow, UnfinishedGame

FORMATS = ("table", "csv", "json", "markdown")

_FIELDS = ("games", "wins", "losses", "win_pct", "hands", "points_for", "points_against",
           "points_per_hand", "nil_bids", "nil_made", "blind_nil_bids", "blind_nil_made",
           "bags", "bag_penalties", "sets", "rating")


def _title(s: Standings) -> str:
    return f"Standings: {s.season}" if s.season is not None else "Standings: all games"


def row_data(row: StandingRow, partnership: bool) -> dict[str, Any]:
    data: dict[str, Any] = {"rank": row.rank, "shared_rank": row.shared_rank, "name": row.name}
    if partnership:
        data["members"] = list(row.members)
    data.update(
        games=row.games, wins=row.wins, losses=row.losses, win_pct=round(row.win_pct, 1),
        hands=row.hands, points_for=row.points_for, points_against=row.points_against,
        points_per_hand=round(row.points_per_hand, 2), nil_bids=row.nil_bids,
        nil_made=row.nil_made, blind_nil_bids=row.blind_nil_bids,
        blind_nil_made=row.blind_nil_made, bags=row.bags, bag_penalties=row.bag_penalties,
        sets=row.sets, rating=round(row.rating, 2), rating_mu=round(row.rating_mu, 3),
        rating_sigma=round(row.rating_sigma, 3))
    return data


def _unfinished_data(u: UnfinishedGame) -> dict[str, Any]:
    return {"game_id": u.game_id, "date": u.date, "table": u.table, "hands": u.hands,
            "sides": [{"players": list(m), "score": score} for m, score in u.sides]}


def standings_data(s: Standings) -> dict[str, Any]:
    """The JSON contract: season, ranking, rating, players, partnerships, unfinished."""
    return {
        "season": s.season, "ranking": s.ranking, "rating": s.rating, "games": s.games,
        "players": [row_data(r, False) for r in s.players],
        "partnerships": [row_data(r, True) for r in s.partnerships],
        "unfinished": [_unfinished_data(u) for u in s.unfinished],
    }


def format_json(s: Standings) -> str:
    """``json.dumps(standings_data(s), indent=2, ensure_ascii=False)`` and a newline: the
    very same text (a test holds the two equal), written many times faster. With an
    indent, ``json.dumps`` takes its pure-Python encoder: about 1.5 s for the 20,000
    partnerships of a big club. Here each row is one f-string."""
    enc = _ENCODER.encode
    return (f'{{\n  "season": {enc(s.season)},\n  "ranking": {enc(s.ranking)},\n'
            f'  "rating": {enc(s.rating)},\n  "games": {enc(s.games)},\n'
            f'  "players": {_rows_json(s.players, False)},\n'
            f'  "partnerships": {_rows_json(s.partnerships, True)},\n'
            f'  "unfinished": {_list([_unfinished_json(u) for u in s.unfinished], "  ")}'
            "\n}\n")


# For strings (and None, booleans): the C encoder's escaping, as json.dumps writes them.
_ENCODER = json.JSONEncoder(ensure_ascii=False)


def _rows_json(rows: list[StandingRow], partnership: bool) -> str:
    """``row_data`` of each row, as a list two levels deep in ``format_json``."""
    enc = _ENCODER.encode
    out = []
    for r in rows:
        members = (f'\n      "members": {_list([enc(m) for m in r.members], " " * 6)},'
                   if partnership else "")
        out.append(
            f'{{\n      "rank": {r.rank},\n      "shared_rank": {enc(r.shared_rank)},\n'
            f'      "name": {enc(r.name)},{members}\n      "games": {r.games},\n'
            f'      "wins": {r.wins},\n      "losses": {r.losses},\n'
            f'      "win_pct": {round(r.win_pct, 1)!r},\n      "hands": {r.hands},\n'
            f'      "points_for": {r.points_for},\n'
            f'      "points_against": {r.points_against},\n'
            f'      "points_per_hand": {round(r.points_per_hand, 2)!r},\n'
            f'      "nil_bids": {r.nil_bids},\n      "nil_made": {r.nil_made},\n'
            f'      "blind_nil_bids": {r.blind_nil_bids},\n'
            f'      "blind_nil_made": {r.blind_nil_made},\n      "bags": {r.bags},\n'
            f'      "bag_penalties": {r.bag_penalties},\n      "sets": {r.sets},\n'
            f'      "rating": {round(r.rating, 2)!r},\n'
            f'      "rating_mu": {round(r.rating_mu, 3)!r},\n'
            f'      "rating_sigma": {round(r.rating_sigma, 3)!r}\n    }}')
    return _list(out, "  ")


def _list(items: list[str], indent: str) -> str:
    """A JSON list of already written items, laid out as ``json.dumps(indent=2)`` does at
    this indentation."""
    if not items:
        return "[]"
    return f"[\n{indent}  " + f",\n{indent}  ".join(items) + f"\n{indent}]"


def _unfinished_json(u: UnfinishedGame) -> str:
    """``_unfinished_data(u)``, as an item of the "unfinished" list in ``format_json``."""
    enc = _ENCODER.encode
    sides = [f'{{\n          "players": {_list([enc(m) for m in members], " " * 10)},\n'
             f'          "score": {score}\n        }}' for members, score in u.sides]
    return (f'{{\n      "game_id": {enc(u.game_id)},\n      "date": {enc(u.date)},\n'
            f'      "table": {enc(u.table)},\n      "hands": {u.hands},\n'
            f'      "sides": {_list(sides, " " * 6)}\n    }}')


def format_csv(s: Standings) -> str:
    """One sheet: a ``section`` column says player or partnership; unfinished games are
    not rows of the standings and are left out."""
    out = _Rows()
    # Rows ended "\r\n" for csv, so that it quotes a cell holding either line break (ended
    # "\n", it leaves a carriage return bare, and a spreadsheet ends the row there); each
    # row is then ended "\n", as always.
    w = csv.writer(out, lineterminator="\r\n")
    w.writerow(("section", "rank", "shared_rank", "name") + _FIELDS)
    for section, rows in (("player", s.players), ("partnership", s.partnerships)):
        # The figures of row_data, in _FIELDS order.
        w.writerows((section, r.rank, "yes" if r.shared_rank else "no", _csv_text(r.name),
                     r.games, r.wins, r.losses, round(r.win_pct, 1), r.hands, r.points_for,
                     r.points_against, round(r.points_per_hand, 2), r.nil_bids, r.nil_made,
                     r.blind_nil_bids, r.blind_nil_made, r.bags, r.bag_penalties, r.sets,
                     round(r.rating, 2)) for r in rows)
    return "".join(out.rows)


class _Rows:
    """A file for ``csv.writer`` (one ``write`` a row): it keeps each row, ended with a
    line feed instead of the writer's carriage return and line feed."""

    def __init__(self) -> None:
        self.rows: list[str] = []

    def write(self, row: str) -> None:
        self.rows.append(row[:-2] + "\n")


_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""OWASP's CSV injection list: a spreadsheet may read a cell starting so as a formula (a
tab or carriage return first, then one of the others)."""


def _csv_text(text: str) -> str:
    # A leading quote makes the spreadsheet show the cell as text.
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


_HEADERS = ("Rank", "{who}", "Games", "W", "L", "Win%", "Hands", "For", "Against",
            "Pts/hand", "Nil", "Blind Nil", "Bags", "Bag pen.", "Sets", "Rating")


def _columns(rows: list[StandingRow]) -> list[list[str]]:
    """The cells of the table and of Markdown, column by column (16 columns, each a list
    of one text a row): rank ("=2" when shared), name, games, wins, losses, win % (one
    decimal), hands, points for and against, points per hand (two decimals), Nil and
    Blind Nil as made/bid, bags, bag penalties, sets, rating (two decimals). A big
    club's table has 20,000 rows; built a column at a time, each column is one loop in C
    (``map`` over an attribute) instead of 16 Python-level conversions a row."""
    def col(name: str) -> list:
        return list(map(attrgetter(name), rows))

    def text(name: str, spec: str | None = None) -> list[str]:
        if spec is None:
            return list(map(str, col(name)))
        return list(map(format, col(name), repeat(spec)))

    return [[f"={r.rank}" if r.shared_rank else str(r.rank) for r in rows], col("name"),
            text("games"), text("wins"), text("losses"), text("win_pct", ".1f"),
            text("hands"), text("points_for"), text("points_against"),
            text("points_per_hand", ".2f"),
            list(map("{}/{}".format, col("nil_made"), col("nil_bids"))),
            list(map("{}/{}".format, col("blind_nil_made"), col("blind_nil_bids"))),
            text("bags"), text("bag_penalties"), text("sets"), text("rating", ".2f")]


def _legend(s: Standings) -> list[str]:
    return [f"Ranking: {s.ranking}.",
            f"Rating: {s.rating}.",
            "Finished games only; Nil and Blind Nil: made/bid; points, bags, bag penalties"
            " (times the bag limit was reached) and sets are the side's."]


def _unfinished_text(u: UnfinishedGame) -> str:
    where = ", ".join(p for p in (u.date, f"table {u.table}" if u.table else None) if p)
    score = " v ".join(f"{' & '.join(m)} {score}" for m, score in u.sides)
    return (f"{u.game_id}{f' ({where})' if where else ''}: {score} after {u.hands}"
            f" hand{'s' if u.hands != 1 else ''}")


def format_table(s: Standings) -> str:
    lines = [_title(s), *_legend(s)]
    for who, rows in (("Player", s.players), ("Partnership", s.partnerships)):
        lines.append("")
        headers = [h.format(who=who) for h in _HEADERS]
        columns = _columns(rows)
        widths = [max(len(h), max(map(len, c), default=0)) for h, c in zip(headers, columns)]
        # The name column left-aligned, the figures right-aligned ("%-9s" and "%9s" pad
        # to 9 characters as str.ljust and str.rjust do). No line ends in spaces (the last
        # column, the rating, is right-aligned): nothing to strip.
        line = "  ".join(f"%{'-' if i == 1 else ''}{w}s" for i, w in enumerate(widths))
        lines.append(line % tuple(headers))
        lines += map(line.__mod__, zip(*columns))
        if not rows:
            lines.append("(no finished games)")
    if s.unfinished:
        lines += ["", "Unfinished games (not counted):"]
        lines += [f"  {_unfinished_text(u)}" for u in s.unfinished]
    return "\n".join(lines) + "\n"


_md = markdown_text


def format_markdown(s: Standings) -> str:
    lines = [f"## {_md(_title(s))}", ""]
    lines += [f"{_md(line)}  " for line in _legend(s)]
    lines[-1] = lines[-1].rstrip()
    for who, rows in (("Player", s.players), ("Partnership", s.partnerships)):
        lines += ["", f"### {who}s", ""]
        if not rows:
            lines.append("No finished games.")
            continue
        lines.append("| " + " | ".join(h.format(who=who) for h in _HEADERS) + " |")
        lines.append("| " + " | ".join("---" if i == 1 else "---:"
                                      for i in range(len(_HEADERS))) + " |")
        # Only a name can hold a character Markdown escapes (the figures are digits, "=",
        # "-", "." and "/").
        columns = _columns(rows)
        columns[1] = list(map(_md, columns[1]))
        lines += map(("| " + " | ".join(["%s"] * len(_HEADERS)) + " |").__mod__, zip(*columns))
    if s.unfinished:
        lines += ["", "### Unfinished games (not counted)", ""]
        lines += [f"- {_md(_unfinished_text(u))}" for u in s.unfinished]
    return "\n".join(lines) + "\n"


@cycle_collector_paused  # a big club's table: 20,000 rows of 16 cells
def format_standings(s: Standings, fmt: str) -> str:
    try:
        return {"table": format_table, "csv": format_csv, "json": format_json,
                "markdown": format_markdown}[fmt](s)
    except KeyError:
        raise ValueError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})") from None
