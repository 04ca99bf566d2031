"""``LiveChart``: a line chart that grows while a job runs, drawn by
:class:`core.charts.SeriesChart`.

Progress comes up to 10 times a second and the GUI thread must never stall: the figure is drawn
on the chart thread (see :mod:`app.widgets.figure_widget`), and a new point only moves the
line; unless the limits had to grow, the line and the last value are drawn over a saved copy
of the rest of the figure (blitting) rather than the whole figure again.
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QTimer

from app.widgets.figure_widget import Drawing, FigureWidget

SETTLE_MS = 1500  # no new point for this long: the job ended or waits; drop the headroom


@dataclass(frozen=True)
class SeriesState:
    """What a live chart shows, copied for the chart thread."""

    title: str
    x_label: str
    y_label: str
    log_y: bool
    placeholder: str
    last_text: str
    points: tuple
    settled: bool = False  # no new point for SETTLE_MS: limits tight, without live headroom


class SeriesDrawing(Drawing):
    """A live :class:`core.charts.SeriesChart` on the chart thread."""

    def __init__(self, colours: dict) -> None:
        super().__init__(colours)
        from core.charts import SeriesChart

        self.chart = SeriesChart(self.figure, palette=self.palette, live=True)
        self._shown: SeriesState | None = None

    def apply(self, state: SeriesState) -> bool:
        shown, self._shown = self._shown, state
        full = self._names_changed(shown, state)
        if full:
            self.chart.last_text = state.last_text
            self.chart.set_axes(state.title, state.x_label, state.y_label, log_y=state.log_y)
            self.chart.set_placeholder(state.placeholder)
        if shown is None or shown.points != state.points:
            full = self.chart.set_points(list(state.points)) or full
        if state.settled and (shown is None or not shown.settled):
            full = self.chart.fit() or full
        return full

    @staticmethod
    def _names_changed(shown: SeriesState | None, state: SeriesState) -> bool:
        return shown is None or (shown.title, shown.x_label, shown.y_label, shown.log_y,
                                 shown.placeholder, shown.last_text) != (
            state.title, state.x_label, state.y_label, state.log_y, state.placeholder,
            state.last_text)

    def animated(self) -> list:
        return self.chart.animated


class LiveChart(FigureWidget):
    """One series of ``(x, y)`` points with a title, axis names and the last value.

    ``points`` and ``title`` say what it shows (``drawing.chart``, the figure, shows it once
    ``rendering`` is False).
    """

    drawing_class = SeriesDrawing

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.points: list[tuple[float, float]] = []
        self.title = ""
        self.x_label = ""
        self.y_label = ""
        self.log_y = False
        self.placeholder = self.tr("The chart fills while training runs")
        self.settled = False
        self._settle = QTimer(self, singleShot=True, interval=SETTLE_MS)
        self._settle.timeout.connect(self._on_settled)
        self.setMinimumHeight(140)

    def set_axes(self, title: str, x_label: str, y_label: str, *, log_y: bool = False) -> None:
        """Name the chart and its axes; ``log_y`` plots y on a log scale (values must be > 0)."""
        if (title, x_label, y_label, log_y) != (self.title, self.x_label, self.y_label,
                                                self.log_y):
            self.title, self.x_label, self.y_label, self.log_y = title, x_label, y_label, log_y
            self.refresh()

    def set_placeholder(self, text: str) -> None:
        """What the chart says while it has fewer than two points."""
        self.placeholder = text
        self.refresh()

    def set_points(self, points: list[tuple[float, float]]) -> None:
        if points == self.points:
            return  # the pane passes the series at every report, new point or not
        self.points = list(points)
        self._changed()

    def append(self, x: float, y: float) -> None:
        self.points.append((x, y))
        self._changed()

    def _changed(self) -> None:
        self.settled = False
        self._settle.start()
        self.refresh()

    def _on_settled(self) -> None:
        self.settled = True
        self.refresh()

    def clear(self) -> None:
        self.set_points([])

    def _state(self) -> SeriesState:
        return SeriesState(self.title, self.x_label, self.y_label, self.log_y, self.placeholder,
                           self.tr("last: {value} {unit}"), tuple(self.points), self.settled)
