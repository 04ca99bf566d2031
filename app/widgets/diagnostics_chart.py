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


TEXT_ROWS = 60  # rows of a chart's text alternative (a screen reader's user reads no more)


def chart_as_text(kind: str, data) -> str:
    """The table a chart draws, one line a row: its text alternative.

    >>> print(chart_as_text("rate", (["en", "zh"], [("a", [0.25, 0.5], None),
    ...                                              ("b", [0.2, 0.75], None)])))
    en: a 0.25, b 0.2
    zh: a 0.5, b 0.75
    >>> print(chart_as_text("vocabulary", [("a", [[100, 0.5], [1000, 0.9]])]))
    a: 100 0.5, 1000 0.9
    """
    lines = []
    if kind in ("premium", "rate", "ranking"):
        languages, series = data
        for row, language in enumerate(languages):
            cells = [f"{name} {_number(values[row])}" for name, values, _ in series]
            lines.append(f"{language}: " + ", ".join(cells))
    elif kind == "vocabulary":
        for name, curve in data:
            lines.append(f"{name}: " + ", ".join(f"{_number(k)} {_number(share)}"
                                                 for k, share in curve))
    elif kind == "lengths":
        for name, histogram in data:
            # documents, and the median, 90th percentile and longest length in tokens
            lines.append(f"{name}: n={histogram.total}, p50={histogram.percentile(50)}, "
                         f"p90={histogram.percentile(90)}, max={histogram.max}")
    return "\n".join(lines[:TEXT_ROWS])


def _number(value) -> str:
    return "—" if value is None else f"{value:.4g}" if isinstance(value, float) else str(value)


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
        self.setAccessibleName(title)
        self.setAccessibleDescription(chart_as_text(kind, data))  # what a screen reader reads
        self.setMinimumHeight(self.sizeHint().height())  # tall charts scroll, never squeeze
        self.updateGeometry()
        self.refresh()

    def clear(self) -> None:
        self.state = None
        self.setAccessibleDescription("")
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
