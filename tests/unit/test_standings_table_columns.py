"""The standings table and Markdown, built a column at a time (``standings_formats._columns``),
are byte for byte what building them a row at a time gave: the reference below is the
row-by-row code they replaced. Rows drawn by hypothesis: shared ranks, negative figures,
names with wide characters, ``%``, ``{}``, bars, angle brackets and line breaks, empty
sections, ratings that round to -0.00."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.analysis.text_cells import markdown_text
from scorekeeper.season.standings import StandingRow, Standings, UnfinishedGame
from scorekeeper.season.standings_formats import (
    _HEADERS,
    _legend,
    _title,
    _unfinished_text,
    format_markdown,
    format_table,
)


def reference_cells(r: StandingRow) -> list[str]:
    return [f"={r.rank}" if r.shared_rank else str(r.rank), r.name, str(r.games), str(r.wins),
            str(r.losses), f"{r.win_pct:.1f}", str(r.hands), str(r.points_for),
            str(r.points_against), f"{r.points_per_hand:.2f}", f"{r.nil_made}/{r.nil_bids}",
            f"{r.blind_nil_made}/{r.blind_nil_bids}", str(r.bags), str(r.bag_penalties),
            str(r.sets), f"{r.rating:.2f}"]


def reference_table(s: Standings) -> str:
    lines = [_title(s), *_legend(s)]
    for who, rows in (("Player", s.players), ("Partnership", s.partnerships)):
        lines.append("")
        headers = [h.format(who=who) for h in _HEADERS]
        body = [reference_cells(r) for r in rows]
        widths = [max(map(len, col)) for col in zip(headers, *body)]
        line = "  ".join(f"{{:{'<' if i == 1 else '>'}{w}}}" for i, w in enumerate(widths))
        lines += [line.format(*cells).rstrip() for cells in [headers, *body]]
        if not rows:
            lines.append("(no finished games)")
    if s.unfinished:
        lines += ["", "Unfinished games (not counted):"]
        lines += [f"  {_unfinished_text(u)}" for u in s.unfinished]
    return "\n".join(lines) + "\n"


def reference_markdown(s: Standings) -> str:
    md = markdown_text
    lines = [f"## {md(_title(s))}", ""]
    lines += [f"{md(line)}  " for line in _legend(s)]
    lines[-1] = lines[-1].rstrip()
    for who, rows in (("Player", s.players), ("Partnership", s.partnerships)):
        lines += ["", f"### {who}s", ""]
        if not rows:
            lines.append("No finished games.")
            continue
        lines.append("| " + " | ".join(h.format(who=who) for h in _HEADERS) + " |")
        lines.append("| " + " | ".join("---" if i == 1 else "---:"
                                      for i in range(len(_HEADERS))) + " |")
        lines += ["| " + " | ".join(md(c) for c in reference_cells(r)) + " |" for r in rows]
    if s.unfinished:
        lines += ["", "### Unfinished games (not counted)", ""]
        lines += [f"- {md(_unfinished_text(u))}" for u in s.unfinished]
    return "\n".join(lines) + "\n"


NAMES = st.one_of(
    st.sampled_from(["Ann", "Bob & Cy", "陳大文", "Zoë", "%s %d", "{0} {}", "a|b", "<b>",
                     "two\nlines", "cr\r\nlf", "tab\tname", " padded ", "=1+2", ""]),
    st.text(max_size=12))
FIGURE = st.integers(min_value=-100_000, max_value=10**9)
RATING = st.one_of(st.floats(min_value=-1e6, max_value=1e6, allow_nan=False),
                   st.sampled_from([0.0, -0.0, -0.004, 0.005, -0.005, 9.995, -99.995]))


@st.composite
def rows(draw) -> StandingRow:
    games = draw(st.integers(min_value=0, max_value=10**6))
    wins = draw(st.integers(min_value=0, max_value=games))
    hands = draw(st.integers(min_value=0, max_value=10**7))
    rating_mu, rating_sigma = draw(RATING), draw(RATING)
    return StandingRow(
        draw(NAMES), (), games=games, wins=wins, losses=games - wins, hands=hands,
        points_for=draw(FIGURE), points_against=draw(FIGURE), nil_bids=draw(FIGURE),
        nil_made=draw(FIGURE), blind_nil_bids=draw(FIGURE), blind_nil_made=draw(FIGURE),
        bags=draw(FIGURE), bag_penalties=draw(FIGURE), sets=draw(FIGURE),
        rating=draw(RATING), rating_mu=rating_mu, rating_sigma=rating_sigma,
        rank=draw(st.integers(min_value=1, max_value=10**6)), shared_rank=draw(st.booleans()))


UNFINISHED = st.builds(
    UnfinishedGame, game_id=NAMES, date=st.one_of(st.none(), NAMES),
    table=st.one_of(st.none(), NAMES), hands=st.integers(min_value=0, max_value=20),
    sides=st.lists(st.tuples(st.lists(NAMES, min_size=1, max_size=2).map(tuple), FIGURE),
                   min_size=2, max_size=2).map(tuple))

STANDINGS = st.builds(Standings, season=st.one_of(st.none(), NAMES),
                      players=st.lists(rows(), max_size=8),
                      partnerships=st.lists(rows(), max_size=8),
                      unfinished=st.lists(UNFINISHED, max_size=3),
                      games=st.integers(min_value=0, max_value=10**6))


@settings(max_examples=300, deadline=None)
@given(STANDINGS)
def test_table_is_the_row_by_row_table(s: Standings) -> None:
    assert format_table(s) == reference_table(s)


@settings(max_examples=300, deadline=None)
@given(STANDINGS)
def test_markdown_is_the_row_by_row_markdown(s: Standings) -> None:
    assert format_markdown(s) == reference_markdown(s)


def test_a_wide_name_pads_by_characters_as_before() -> None:
    # Widths count characters (len), as the table always has: the wide name and the
    # plain one line up the same way as row by row.
    wide = StandingRow("陳大文", ("陳大文",), games=2, wins=1, losses=1, rank=1)
    plain = StandingRow("Ann", ("Ann",), games=2, wins=1, losses=1, rank=1, shared_rank=True)
    s = Standings(None, [wide, plain], [], [])
    text = format_table(s)
    assert text == reference_table(s)
    assert "\n   1  陳大文         2  1  1  50.0" in text
    assert "\n  =1  Ann         2  1  1  50.0" in text
