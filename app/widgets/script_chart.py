"""``ScriptHistogram``: a horizontal bar chart of characters per writing system, painted by hand
(PySide6-Essentials has no QtCharts)."""

from __future__ import annotations

from collections import Counter

from PySide6.QtCore import QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

BAR_HEIGHT = 18
GAP = 6
MAX_BARS = 12
# one calm colour per script family, so the same script looks the same everywhere
COLOURS = {
    "Latin": "#4e79a7", "Han": "#e15759", "Hiragana": "#f28e2b", "Katakana": "#ffbe7d",
    "Hangul": "#b07aa1", "Cyrillic": "#59a14f", "Arabic": "#76b7b2", "Hebrew": "#9c755f",
    "Greek": "#edc948", "Devanagari": "#ff9da7", "Thai": "#86bcb6", "Other": "#bab0ac",
}


def share_text(count: int, total: int) -> str:
    """``12.5%``; a share that would round to zero says ``<0.1%``.

    >>> share_text(1, 4), share_text(1, 10_000)
    ('25.0%', '<0.1%')
    """
    share = 100 * count / total if total else 0.0
    return "<0.1%" if 0 < share < 0.05 else f"{share:.1f}%"


class ScriptHistogram(QWidget):
    """Bars of code points per script, largest first, with the count and share on each bar."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.counts: list[tuple[str, int]] = []
        self.placeholder = "Script histogram: computed with the statistics"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.setMinimumHeight(80)

    def set_counts(self, counts: Counter | dict | None) -> None:
        """Show ``{script: code points}``; past ``MAX_BARS`` the rest is summed as *Other*."""
        ranked = sorted((counts or {}).items(), key=lambda kv: (-kv[1], kv[0]))
        ranked = [(name, n) for name, n in ranked if n > 0]
        if len(ranked) > MAX_BARS:
            rest = sum(n for _, n in ranked[MAX_BARS - 1:])
            ranked = ranked[:MAX_BARS - 1] + [("Other", rest)]
        self.counts = ranked
        self.updateGeometry()
        self.update()

    def sizeHint(self) -> QSize:
        rows = max(len(self.counts), 3)
        return QSize(360, 34 + rows * (BAR_HEIGHT + GAP))

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text_colour = palette.color(QPalette.ColorRole.WindowText)
        painter.setPen(text_colour)
        title = self.font()
        title.setBold(True)
        painter.setFont(title)
        painter.drawText(QRectF(8, 4, self.width() - 16, 20), Qt.AlignmentFlag.AlignLeft,
                         "Characters per script")
        painter.setFont(self.font())
        if not self.counts:
            painter.setPen(QColor("#8a8a8a"))
            painter.drawText(self.rect().adjusted(8, 24, -8, -8), Qt.AlignmentFlag.AlignCenter,
                             self.placeholder)
            return
        metrics = QFontMetrics(self.font())
        label_width = max(metrics.horizontalAdvance(name) for name, _ in self.counts) + 12
        total = sum(n for _, n in self.counts)
        largest = self.counts[0][1]
        value_width = metrics.horizontalAdvance("00,000,000 · 100.0%") + 12
        left = 8 + label_width
        span = max(10.0, self.width() - left - value_width - 8)
        y = 30.0
        for name, count in self.counts:
            painter.setPen(text_colour)
            painter.drawText(QRectF(8, y, label_width - 8, BAR_HEIGHT),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter, name)
            width = max(2.0, span * count / largest)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.setBrush(QColor(COLOURS.get(name, "#8cd17d")))
            painter.drawRoundedRect(QRectF(left, y + 2, width, BAR_HEIGHT - 4), 3, 3)
            painter.setPen(text_colour)
            painter.drawText(QRectF(left + width + 6, y, value_width, BAR_HEIGHT),
                             Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             f"{count:,} · {share_text(count, total)}")
            y += BAR_HEIGHT + GAP
        painter.end()
