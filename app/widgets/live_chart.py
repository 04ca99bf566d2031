"""``LiveChart``: a line chart that grows while a job runs, drawn by
:class:`core.charts.SeriesChart`.

Progress comes up to 10 times a second and the GUI thread must never stall: the figure is drawn
on the chart thread (see :mod:`app.widgets.figure_widget`), and a new point only moves the
line; unless the limits had to grow, the line and the last value are drawn over a saved copy
of the rest of the figure (blitting) rather than the whole figure again.
"""

from __future__ import annotations

from PySide6.QtCore import QTimer

from app.accessibility import TEXT_ROWS, describe_chart
from app.jobs.charts import SeriesDrawing, SeriesState
from app.widgets.figure_widget import FigureWidget

SETTLE_MS = 1500  # no new point for this long: the job ended or waits; drop the headroom
DESCRIBE_MS = 1000  # a screen reader's table of the points is made again at most this often


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
        self._describe_later = QTimer(self, singleShot=True, interval=DESCRIBE_MS)
        self._describe_later.timeout.connect(self._describe)
        self._describe()

    def set_axes(self, title: str, x_label: str, y_label: str, *, log_y: bool = False) -> None:
        """Name the chart and its axes; ``log_y`` plots y on a log scale (values must be > 0)."""
        if (title, x_label, y_label, log_y) != (self.title, self.x_label, self.y_label,
                                                self.log_y):
            self.title, self.x_label, self.y_label, self.log_y = title, x_label, y_label, log_y
            self._describe()
            self.refresh()

    def set_placeholder(self, text: str) -> None:
        """What the chart says while it has fewer than two points."""
        self.placeholder = text
        self._describe()
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
        if not self.points:
            self._describe()
        elif not self._describe_later.isActive():
            self._describe_later.start()  # the text alternative follows at most once a second
        self.settled = False
        self._settle.start()
        self.refresh()

    def _describe(self) -> None:
        """The points as a table for a screen reader: a header of the axes' names, then up to
        ``TEXT_ROWS - 1`` points spread over the run, the last one always among them."""
        points = self.points
        if not points:
            describe_chart(self, self.title, [self.placeholder])
            return
        room = TEXT_ROWS - 1
        step = max(1, -(-len(points) // room))
        chosen = points[::step][:room - 1] + [points[-1]] if len(points) > room else points
        header = f"{self.x_label}: {self.y_label}".rstrip(": ")
        describe_chart(self, self.title, [header] + [f"{_cell(x)}: {_cell(y)}" for x, y in chosen])

    def _on_settled(self) -> None:
        self.settled = True
        self.refresh()

    def clear(self) -> None:
        self.set_points([])

    def _state(self) -> SeriesState:
        return SeriesState(self.title, self.x_label, self.y_label, self.log_y, self.placeholder,
                           self.tr("last: {value} {unit}"), tuple(self.points), self.settled)


def _cell(value: float) -> str:
    """A number of the text alternative: whole above 1000 (``38,420``), else 4 digits."""
    return f"{value:,.0f}" if abs(value) >= 1000 else f"{value:.4g}"
