"""``DiagnosticsChart``: one chart of a diagnostics report (premiums with intervals, ranking,
tokens per byte, lengths, vocabulary use), drawn by :mod:`core.diagnostics.figures` — the very
figures the HTML report saves — on the chart thread. Clicking a language's bars emits it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Signal

from app.jobs.charts import DiagnosticsDrawing
from app.widgets.figure_widget import FigureWidget

KINDS = ("premium", "ranking", "rate", "lengths", "vocabulary")
ROW_PIXELS = 12  # per language and tokenizer in the size hint of the bar charts


class DiagnosticsChart(FigureWidget):
    """Shows one chart; ``set_chart(kind, title, labels, data)`` with data from
    :mod:`core.diagnostics.figures` (``premium_data`` and co.).

    Signals:
        language_clicked(str): the user clicked the row of this language.
    """

    drawing_class = DiagnosticsDrawing
    language_clicked = Signal(str)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.state: tuple | None = None
        self.placeholder = self.tr("Run the diagnostics to see this chart")
        self.setMinimumHeight(160)

    def set_chart(self, kind: str, title: str, labels: tuple, data) -> None:
        self.state = (kind, title, tuple(labels), data)
        self.setMinimumHeight(self.sizeHint().height())  # tall charts scroll, never squeeze
        self.updateGeometry()
        self.refresh()

    def clear(self) -> None:
        self.state = None
        self.refresh()

    def sizeHint(self) -> QSize:
        if self.state is not None and self.state[0] in ("premium", "rate", "ranking"):
            languages, series = self.state[3]
            per_row = ROW_PIXELS * (max(len(series), 1) if self.state[0] != "ranking" else 1.4)
            return QSize(520, int(80 + len(languages) * per_row + 4 * len(languages)))
        return QSize(520, 300)

    def _state(self):
        if self.state is None:
            return ("vocabulary", self.placeholder, ("", ""), ())
        return self.state

    def language_at(self, x: float, y: float) -> str | None:
        """The language whose row is at widget position ``(x, y)``, if any."""
        drawing = self.drawing
        if drawing is None or self.rendering or drawing.axes_box is None or not drawing.rows:
            return None
        ratio = self.devicePixelRatioF()
        x0, y0, x1, y1 = drawing.axes_box
        px, py = x * ratio, self.height() * ratio - y * ratio  # matplotlib: origin bottom-left
        if not (y0 <= py <= y1) or px > x1:
            return None
        bottom, top = drawing.y_limits
        value = bottom + (py - y0) / max(y1 - y0, 1e-9) * (top - bottom)
        row = int(round(value))
        return drawing.rows[row] if 0 <= row < len(drawing.rows) else None

    def mousePressEvent(self, event) -> None:
        language = self.language_at(event.position().x(), event.position().y())
        if language is not None:
            self.language_clicked.emit(language)
        super().mousePressEvent(event)
