"""``ScriptHistogram``: characters per writing system as horizontal bars, drawn by
:func:`core.charts.draw_bars` (the same figure a report saves as SVG)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QSize

from app.accessibility import describe_chart
from app.jobs.charts import BarsDrawing
from app.widgets.figure_widget import FigureWidget
from core.numbers import share_text

BAR_HEIGHT = 20  # pixels per bar in the size hint
MAX_BARS = 12
# one calm colour per script family, so the same script looks the same everywhere
COLOURS = {
    "Latin": "#4e79a7", "Han": "#e15759", "Hiragana": "#f28e2b", "Katakana": "#ffbe7d",
    "Hangul": "#b07aa1", "Cyrillic": "#59a14f", "Arabic": "#76b7b2", "Hebrew": "#9c755f",
    "Greek": "#edc948", "Devanagari": "#ff9da7", "Thai": "#86bcb6", "Other": "#bab0ac",
}


def ranked_scripts(counts: Counter | dict | None, limit: int = MAX_BARS) -> list[tuple[str, int]]:
    """``{script: code points}`` largest first, empty ones dropped; past ``limit`` the rest
    is summed as *Other*.

    >>> ranked_scripts({"Latin": 5, "Han": 9, "Greek": 0, "Thai": 1, "Arabic": 1}, limit=3)
    [('Han', 9), ('Latin', 5), ('Other', 2)]
    """
    ranked = sorted((counts or {}).items(), key=lambda kv: (-kv[1], kv[0]))
    ranked = [(name, n) for name, n in ranked if n > 0]
    if len(ranked) > limit:
        rest = sum(n for _, n in ranked[limit - 1:])
        ranked = ranked[:limit - 1] + [("Other", rest)]
    return ranked


class ScriptHistogram(FigureWidget):
    """Bars of code points per script, largest first, with the count and share after each bar.

    ``counts`` is what it shows: ``[(script, code points), ...]``.
    """

    drawing_class = BarsDrawing

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.counts: list[tuple[str, int]] = []
        self.placeholder = self.tr("Script histogram: computed with the statistics")
        self.setMinimumHeight(80)
        describe_chart(self, self.tr("Characters per script"), [self.placeholder])

    def set_counts(self, counts: Counter | dict | None) -> None:
        """Show ``{script: code points}``; past ``MAX_BARS`` the rest is summed as *Other*."""
        self.counts = ranked_scripts(counts)
        title, bars, placeholder = self._state()
        # what a screen reader reads: the bars as a table, or why there are none yet
        describe_chart(self, title, [f"{name}: {label}" for name, _, label, _ in bars]
                       or [placeholder])
        self.updateGeometry()
        self.refresh()

    def sizeHint(self) -> QSize:
        rows = max(len(self.counts), 3)
        return QSize(360, 60 + rows * BAR_HEIGHT)

    def minimumSizeHint(self) -> QSize:
        """Tall enough that the bars' labels do not overlap (a splitter squeezing it scrolls)."""
        rows = max(len(self.counts), 3)
        return QSize(200, 50 + rows * self.fontMetrics().height())

    def _state(self) -> tuple:
        total = sum(n for _, n in self.counts)
        bars = tuple((self._script_name(name), count,
                      self.tr("{count} · {share}").format(count=f"{count:,}",
                                                          share=share_text(count, total)),
                      COLOURS.get(name, "#8cd17d"))
                     for name, count in self.counts)
        return self.tr("Characters per script"), bars, self.placeholder


    def _script_name(self, name: str) -> str:
        # the scripts' names are Unicode's (Latin, Han…); only the catch-all is ours to translate
        return self.tr("Other") if name == "Other" else name
