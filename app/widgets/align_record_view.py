"""``RecordView``: one annotated text with its label spans underlined and the tokenizer's
boundaries as ticks.

Each character is drawn in a cell (lines wrap at the widget's width); a tick above the text marks
every place a token group starts or ends (a token covering part of a character makes no tick
there); each span is a coloured underline (its label's colour), the selected one thicker; an end
of a span that does not fall on a tick is marked with a red triangle under it.

>>> # view.set_record("東京都に住む", [(0, 3, "LOC")], ticks={0, 2, 3, 4, 6}, bad_ends=[(0, "end")])
"""

from __future__ import annotations

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetricsF, QPainter, QPen, QPolygonF
from PySide6.QtWidgets import QSizePolicy, QWidget

from core.text.offsets import visible_text

PALETTE = ("#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#ff7f0e", "#7f7f7f", "#393b79")
MISALIGNED = QColor("#d62728")
TICK = QColor("#555555")


def label_color(label: str, labels: list[str]) -> QColor:
    """A stable colour per label (its place in the dataset's label list)."""
    index = labels.index(label) if label in labels else 0
    return QColor(PALETTE[index % len(PALETTE)])


class RecordView(QWidget):
    """The text of one record, spans underlined, token boundaries ticked."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.text = ""
        self.spans: list[tuple[int, int, str]] = []
        self.labels: list[str] = []
        self.ticks: set[int] = set()
        self.bad_ends: list[tuple[int, str]] = []  # (span index, "start" / "end")
        self.selected = -1
        font = QFont(self.font())
        font.setPointSizeF(font.pointSizeF() * 1.35)
        self.setFont(font)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self._cells: list[QRectF] = []

    def set_record(self, text: str, spans, *, labels=(), ticks=(), bad_ends=(),
                   selected: int = -1) -> None:
        self.text = text
        self.spans = list(spans)
        self.labels = list(labels)
        self.ticks = set(ticks)
        self.bad_ends = list(bad_ends)
        self.selected = selected
        self._layout()
        self.updateGeometry()
        self.update()

    # -- geometry ------------------------------------------------------------------------------
    def _metrics(self) -> QFontMetricsF:
        return QFontMetricsF(self.font())

    def _line_height(self) -> float:
        return self._metrics().height() + 16  # room for ticks above and underlines below

    def _layout(self) -> None:
        """A cell per character, wrapped at the widget's width."""
        metrics = self._metrics()
        width = max(200.0, float(self.width()) - 16)
        x, y = 8.0, 8.0
        cells = []
        for char in self.text:
            shown = visible_text(char) if char.isspace() or not char.isprintable() else char
            w = max(metrics.horizontalAdvance(shown), 4.0)
            if x + w > width + 8 and x > 8:
                x, y = 8.0, y + self._line_height()
            cells.append(QRectF(x, y, w, metrics.height()))
            x += w
        self._cells = cells

    def sizeHint(self) -> QSize:
        lines = 1 + (int((self._cells[-1].y() - 8) // self._line_height()) if self._cells else 0)
        return QSize(600, int(lines * self._line_height() + 20))

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self.sizeHint().height()

    def resizeEvent(self, event) -> None:
        self._layout()
        super().resizeEvent(event)

    def _x_at(self, cp: int) -> tuple[float, float]:
        """(x, y) of the boundary before character ``cp`` (after the last one at the end)."""
        if not self._cells:
            return 8.0, 8.0
        if cp < len(self._cells):
            cell = self._cells[cp]
            return cell.x(), cell.y()
        cell = self._cells[-1]
        return cell.right(), cell.y()

    # -- painting ------------------------------------------------------------------------------
    def paintEvent(self, event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        painter.setFont(self.font())
        metrics = self._metrics()
        text_pen = QPen(self.palette().text().color())
        for char, cell in zip(self.text, self._cells):
            painter.setPen(text_pen)
            shown = visible_text(char) if char.isspace() or not char.isprintable() else char
            painter.drawText(cell, Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                             shown)
        painter.setPen(QPen(TICK, 1.2))
        for cp in sorted(self.ticks):
            x, y = self._x_at(cp)
            painter.drawLine(QPointF(x, y - 6), QPointF(x, y + 2))
        for k, (start, end, label) in enumerate(self.spans):
            color = label_color(label, self.labels)
            thick = 4.0 if k == self.selected else 2.0
            painter.setPen(QPen(color, thick))
            for cp in range(start, min(end, len(self._cells))):
                cell = self._cells[cp]
                base = cell.bottom() + 3
                painter.drawLine(QPointF(cell.left(), base), QPointF(cell.right(), base))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(MISALIGNED)
        for k, which in self.bad_ends:
            if not 0 <= k < len(self.spans):
                continue
            start, end, _ = self.spans[k]
            x, y = self._x_at(start if which == "start" else end)
            base = y + metrics.height() + 6
            painter.drawPolygon(QPolygonF([QPointF(x, base), QPointF(x - 5, base + 8),
                                           QPointF(x + 5, base + 8)]))
        painter.end()
