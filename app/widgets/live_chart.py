"""``LiveChart``: a small line chart that grows while a job runs, painted by hand
(PySide6-Essentials has no QtCharts)."""

from __future__ import annotations

import math

from PySide6.QtCore import QPointF, QRectF, QSize, Qt
from PySide6.QtGui import (QColor, QFontMetrics, QLinearGradient, QPainter, QPainterPath,
                           QPalette, QPen)
from PySide6.QtWidgets import QSizePolicy, QWidget

LINE = QColor("#4e79a7")
GRID = QColor(0, 0, 0, 28)


def nice_ticks(low: float, high: float, count: int = 4) -> list[float]:
    """Round tick values covering ``low..high``.

    >>> nice_ticks(0, 97)
    [0.0, 25.0, 50.0, 75.0, 100.0]
    """
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw)
    start = math.floor(low / step) * step
    ticks = []
    value = start
    while value < high + step * 0.999:
        ticks.append(round(value, 10))
        value += step
    return ticks


def short_number(value: float) -> str:
    """``12500`` -> ``12.5k``; ``-1234567`` -> ``-1.23M``; ``0.25`` -> ``0.25``.

    >>> short_number(12500), short_number(-1234567), short_number(0.25), short_number(40)
    ('12.5k', '-1.23M', '0.25', '40')
    """
    size = abs(value)
    if size >= 1e6:
        return f"{value / 1e6:.3g}M"
    if size >= 1e4:
        return f"{value / 1e3:.3g}k"
    if size >= 100 or value == int(value):
        return f"{value:,.0f}"
    return f"{value:.3g}"


class LiveChart(QWidget):
    """One series of ``(x, y)`` points with a title, axis names, grid and a filled line."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.points: list[tuple[float, float]] = []
        self.title = ""
        self.x_label = ""
        self.y_label = ""
        self.log_y = False
        self.placeholder = "The chart fills while training runs"
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)
        self.setMinimumHeight(140)

    def sizeHint(self) -> QSize:
        return QSize(420, 220)

    def set_axes(self, title: str, x_label: str, y_label: str, *, log_y: bool = False) -> None:
        """Name the chart and its axes; ``log_y`` plots y on a log scale (values must be > 0)."""
        self.title, self.x_label, self.y_label, self.log_y = title, x_label, y_label, log_y
        self.update()

    def _y(self, value: float) -> float:
        return math.log10(max(value, 1e-12)) if self.log_y else value

    def _y_ticks(self, ys: list[float]) -> list[float]:
        if self.log_y:  # powers of ten: 1, 10, 100…
            low, high = math.floor(min(ys)), math.ceil(max(ys))
            return [float(k) for k in range(low, max(high, low + 1) + 1)]
        return nice_ticks(min(ys), max(ys))

    def _y_text(self, tick: float) -> str:
        return short_number(10 ** tick) if self.log_y else short_number(tick)

    def set_points(self, points: list[tuple[float, float]]) -> None:
        self.points = list(points)
        self.update()

    def append(self, x: float, y: float) -> None:
        self.points.append((x, y))
        self.update()

    def clear(self) -> None:
        self.points = []
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        bold = self.font()
        bold.setBold(True)
        painter.setFont(bold)
        painter.setPen(text_colour)
        painter.drawText(QRectF(8, 4, self.width() - 16, 20), Qt.AlignmentFlag.AlignLeft,
                         self.title)
        painter.setFont(self.font())
        metrics = QFontMetrics(self.font())
        if len(self.points) < 2:
            painter.setPen(QColor("#8a8a8a"))
            painter.drawText(self.rect().adjusted(8, 24, -8, -8), Qt.AlignmentFlag.AlignCenter,
                             self.placeholder)
            return
        points = [(x, self._y(y)) for x, y in self.points]
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        y_ticks = self._y_ticks(ys)
        x_ticks = nice_ticks(min(xs), max(xs), 5)
        label_width = max(metrics.horizontalAdvance(self._y_text(t)) for t in y_ticks) + 10
        right_margin = metrics.horizontalAdvance(short_number(x_ticks[-1])) // 2 + 8
        plot = QRectF(8 + label_width, 28, self.width() - label_width - 8 - right_margin,
                      self.height() - 28 - 2 * metrics.height() - 8)
        x0, x1 = x_ticks[0], x_ticks[-1]
        y0, y1 = y_ticks[0], y_ticks[-1]

        def at(x: float, y: float) -> QPointF:
            return QPointF(plot.left() + (x - x0) / (x1 - x0) * plot.width(),
                           plot.bottom() - (y - y0) / (y1 - y0) * plot.height())

        self._draw_grid(painter, plot, metrics, x_ticks, y_ticks, at)
        line = QPainterPath(at(*points[0]))
        for x, y in points[1:]:
            line.lineTo(at(x, y))
        area = QPainterPath(line)
        area.lineTo(at(points[-1][0], y0))
        area.lineTo(at(points[0][0], y0))
        area.closeSubpath()
        fill = QLinearGradient(0, plot.top(), 0, plot.bottom())
        fill.setColorAt(0, QColor(78, 121, 167, 90))
        fill.setColorAt(1, QColor(78, 121, 167, 10))
        painter.fillPath(area, fill)
        painter.setPen(QPen(LINE, 2))
        painter.drawPath(line)
        if len(points) <= 40:
            painter.setBrush(LINE)
            for x, y in points:
                painter.drawEllipse(at(x, y), 2.5, 2.5)
        painter.setPen(text_colour)
        last = self.points[-1][1]
        painter.drawText(QRectF(plot.left(), 4, self.width() - plot.left() - 8, 20),
                         Qt.AlignmentFlag.AlignRight, f"last: {short_number(last)} {self.y_label}")
        painter.end()

    def _draw_grid(self, painter, plot, metrics, x_ticks, y_ticks, at) -> None:
        text_colour = self.palette().color(QPalette.ColorRole.WindowText)
        muted = QColor(text_colour)
        muted.setAlpha(150)
        for tick in y_ticks:
            point = at(x_ticks[0], tick)
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(plot.left(), point.y()), QPointF(plot.right(), point.y()))
            painter.setPen(muted)
            painter.drawText(QRectF(0, point.y() - 8, plot.left() - 6, 16),
                             Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                             self._y_text(tick))
        for tick in x_ticks:
            point = at(tick, y_ticks[0])
            painter.setPen(QPen(GRID, 1))
            painter.drawLine(QPointF(point.x(), plot.top()), QPointF(point.x(), plot.bottom()))
            painter.setPen(muted)
            painter.drawText(QRectF(point.x() - 30, plot.bottom() + 2, 60, metrics.height()),
                             Qt.AlignmentFlag.AlignHCenter, short_number(tick))
        painter.drawText(QRectF(plot.left(), plot.bottom() + metrics.height() + 2, plot.width(),
                                metrics.height()), Qt.AlignmentFlag.AlignHCenter, self.x_label)
