"""The published pages' charts: SVG drawn by pygal, put inline in the page.

pygal's defaults would make a page reach the network: its SVG loads a tooltip script from
kozea.github.io, and a style with Google fonts would load those. Here ``js=[]`` asks for no
script file, the style names only fonts the reader has, and the SVG is read back to drop
what is left that the pages must not carry: the inline script holding pygal's
configuration (the names and figures are in the chart and the tables already), and the
comments (a date and pygal's web address). The chart's id, which pygal draws at random and
prefixes its CSS with, is made the caller's, so that publishing the same database twice
writes the same files. The SVG scales to its box (a ``viewBox``, no
fixed size); its text is drawn large, as a phone shows it at half size.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree import ElementTree

_COLOURS = ("#1f5fbf", "#b8421f", "#2e7d32", "#6a1b9a", "#00838f", "#ad1457", "#5d4037",
            "#f9a825")
_LINE = {"width": 2.5}
"""Lines thick enough to follow on a phone, where the chart is drawn at half size."""
_FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif'


def _style():
    from pygal.style import Style

    return Style(background="transparent", plot_background="#fafafa", foreground="#222",
                 foreground_strong="#111", foreground_subtle="#999", opacity=".9",
                 opacity_hover="1", colors=_COLOURS, font_family=_FONT,
                 label_font_family=_FONT, major_label_font_family=_FONT,
                 value_font_family=_FONT, title_font_family=_FONT,
                 legend_font_family=_FONT, tooltip_font_family=_FONT,
                 label_font_size=18, major_label_font_size=18, legend_font_size=18,
                 title_font_size=20, value_font_size=16, tooltip_font_size=16)


def _config(**options):
    """No script file (``js=[]``), no XML declaration (the SVG goes inside a page), a size
    that only sets the proportions (the page sizes the chart)."""
    from pygal import Config

    settings = {"js": [], "disable_xml_declaration": True, "style": _style(), "width": 560,
                "height": 380, "margin": 12, "dots_size": 4, "show_legend": False,
                "explicit_size": False, "print_values": False, "show_x_guides": False,
                "x_label_rotation": 0, "min_scale": 3, "max_scale": 8}
    settings.update(options)
    return Config(**settings)


def rating_chart(chart_id: str, points: Sequence[tuple[int, float]], *,
                 description: str) -> str:
    """A line of a player's rating (y) after each of his games (x: his games played so
    far), as an SVG element to put in a page. ``description`` becomes the chart's title
    (read out by a screen reader; escaped by the XML writer like every text)."""
    from pygal import XY

    chart = XY(_config(x_title="Games played", y_title="Rating"))
    chart.add("Rating", [(x, round(y, 2)) for x, y in points], stroke_style=_LINE)
    return _offline(chart.render(is_unicode=True), chart_id, description)


def ratings_chart(chart_id: str, lines: Sequence[tuple[str, Sequence[tuple[int, float]]]],
                  *, description: str) -> str:
    """Several players' ratings against the season's finished games (x: games of the
    season played so far), one line each, with a legend."""
    from pygal import XY

    chart = XY(_config(x_title="Games of the season", y_title="Rating", show_legend=True,
                       legend_at_bottom=True, legend_at_bottom_columns=2, truncate_legend=-1,
                       dots_size=3, height=480))
    for name, points in lines:
        chart.add(name, [(x, round(y, 2)) for x, y in points], stroke_style=_LINE)
    return _offline(chart.render(is_unicode=True), chart_id, description)


_SVG = "http://www.w3.org/2000/svg"
# Written back without prefixes, as pygal wrote it (ElementTree keeps the mapping for the
# process: SVG is written so by anyone else too, which is how SVG is written).
ElementTree.register_namespace("", _SVG)


def _offline(svg: str, chart_id: str, description: str) -> str:
    """pygal's SVG as the pages carry it: no script and no comment (reading it drops the
    comments), the id ``chart_id`` (in the CSS selectors pygal prefixed with its own id
    too), the title ``description`` (pygal titles an untitled chart "Pygal"; set in the
    tree, the text is escaped) and marked an image for screen readers."""
    root = ElementTree.fromstring(svg)
    for parent in list(root.iter()):
        for child in list(parent):
            if child.tag == f"{{{_SVG}}}script":
                parent.remove(child)
    drawn_id = root.get("id", "")
    if drawn_id:
        for style in root.iter(f"{{{_SVG}}}style"):
            style.text = (style.text or "").replace(drawn_id, chart_id)
    root.set("id", chart_id)
    title = root.find(f"{{{_SVG}}}title")
    if title is not None:
        title.text = description
    root.set("role", "img")
    root.set("aria-label", description)
    return ElementTree.tostring(root, encoding="unicode")


__all__ = ["rating_chart", "ratings_chart"]
