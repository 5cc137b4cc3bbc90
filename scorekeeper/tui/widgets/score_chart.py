"""Both sides' scores over the hands, drawn with plotext, in the sides' colours."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from textual_plotext import PlotextPlot

from .score_sheet import SIDE_COLOURS


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16)


class ScoreChart(PlotextPlot):
    """A line per side: the running score after each hand (hand 0: the score carried in).

    plotext builds the whole picture on every render (10-30 ms over a long game on a slow
    machine), and the screen renders the chart again whenever its layout changes (every
    confirmed hand), so the last picture is kept until the scores, size or theme change."""

    _drawn: tuple[Any, ...] | None = None
    _picture: Any = None
    _version = 0

    def render(self) -> Any:
        key = (self._version, self.size, self.app.theme, self.theme)
        if key != self._drawn:
            self._picture = super().render()
            self._drawn = key
        return self._picture

    def show_scores(self, series: Mapping[str, Sequence[int]], target: int) -> None:
        self._version += 1
        plt = self.plt
        plt.clear_data()
        plt.clear_figure()
        plt.title("Scores")
        n = max((len(v) for v in series.values()), default=0)
        for i, (label, scores) in enumerate(series.items()):
            plt.plot(list(range(len(scores))), list(scores), label=label,
                     color=_rgb(SIDE_COLOURS[i % 2]), marker="braille")
        if n:
            plt.hline(target, "gray")
            # Whole hands on the x axis (plotext would label 0.25, 0.50 ... on short games).
            step = max(1, (n - 1) // 8 + 1)
            plt.xticks(list(range(0, n, step)))
            plt.xlim(0, max(1, n - 1))
        plt.xlabel("hand")
        self.refresh()
