"""Charts drawn to pixels on the chart thread: a :class:`Drawing` per kind of chart (bars, a live
series, a diagnostics figure) turns a state into a matplotlib figure and the figure into RGBA
bytes, which the widget (:class:`app.widgets.figure_widget.FigureWidget`) paints.

Drawing a figure takes matplotlib 50-150 ms (text layout mostly), so it is a job
(:func:`render_chart`), run on the one chart thread (:func:`app.tasks.chart_pool`). matplotlib
is first imported there, when a chart is first drawn, not at start-up.

>>> # side = ChartSide(BarsDrawing)
>>> # image = render_chart(side, ("Scripts", [("Latin", 3, "3", "#4e79a7")], ""), 400, 200, 1.0,
>>> #                      {"text": "#000000", "background": "#ffffff", ...})
"""

from __future__ import annotations

import time
from dataclasses import dataclass


@dataclass(frozen=True)
class ChartImage:
    """A drawn chart: ``width`` x ``height`` device pixels of RGBA, at ``ratio`` device pixels
    per logical pixel."""

    rgba: bytes
    width: int
    height: int
    ratio: float


class Drawing:
    """A figure and its Agg canvas; made, changed and drawn on the chart thread only.

    A subclass turns the widget's state into the figure (:meth:`apply`) and may name artists
    that change often (:meth:`animated`): when only those changed, they are drawn over a saved
    copy of the rest (blitting) instead of drawing the whole figure again.
    """

    def __init__(self, colours: dict) -> None:
        from matplotlib.backends.backend_agg import FigureCanvasAgg

        from core.charts import Palette, new_figure

        self.palette = Palette(**colours)
        self.figure = new_figure(palette=self.palette)
        self.canvas = FigureCanvasAgg(self.figure)
        self.full_draws = 0
        self.blits = 0
        self.seconds: list[float] = []  # how long each render took (for tests and tuning)
        self._size = None
        self._background = None

    def apply(self, state) -> bool:
        """Make the figure show ``state``; True when the whole figure must be drawn again."""
        raise NotImplementedError

    def animated(self) -> list:
        """Artists left out of the full draw and drawn over it (see :meth:`apply`)."""
        return []

    def render(self, state, width: int, height: int, ratio: float) -> ChartImage:
        """The figure showing ``state`` as ``width`` x ``height`` device pixels."""
        started = time.perf_counter()
        full = self.apply(state)
        if self._size != (width, height, ratio):
            self._size = (width, height, ratio)
            self.figure.set_dpi(100 * ratio)
            self.figure.set_size_inches(width / (100 * ratio), height / (100 * ratio))
            full = True
        if full or self._background is None:
            self.canvas.draw()
            self.full_draws += 1
            if self.animated():
                self._background = self.canvas.copy_from_bbox(self.figure.bbox)
        else:
            self.canvas.restore_region(self._background)
            self.blits += 1
        for artist in self.animated():
            self.figure.draw_artist(artist)
        pixels = self.canvas.buffer_rgba()
        rows, columns = pixels.shape[:2]
        image = ChartImage(bytes(pixels), columns, rows, ratio)  # bytes: the buffer is reused
        self.seconds.append(time.perf_counter() - started)
        return image


class ChartSide:
    """What a chart widget keeps on the chart thread: its drawing and the colours it was made
    with. Plain Python, so a job never touches the widget, which may be deleted while it runs."""

    def __init__(self, drawing_class: type[Drawing]) -> None:
        self.drawing_class = drawing_class
        self.drawing: Drawing | None = None
        self.colours: dict | None = None


def render_chart(side: ChartSide, state, width: int, height: int, ratio: float,
                 colours: dict) -> ChartImage:
    """The job: draw ``state`` with ``side``'s drawing (made anew when the colours changed, a
    light or dark theme)."""
    if side.drawing is None or colours != side.colours:
        side.drawing, side.colours = side.drawing_class(colours), colours
    return side.drawing.render(state, width, height, ratio)


class BarsDrawing(Drawing):
    """:func:`core.charts.draw_bars`; ``state`` is ``(title, bars, placeholder)`` with bars as
    ``(label, value, note, colour)``."""

    def __init__(self, colours: dict) -> None:
        super().__init__(colours)
        self._shown = None

    def apply(self, state: tuple) -> bool:
        from core.charts import Bar, draw_bars

        if state == self._shown:
            return False
        self._shown = state
        title, bars, placeholder = state
        draw_bars(self.figure, title, [Bar(*bar) for bar in bars], placeholder=placeholder,
                  palette=self.palette)
        return True


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
    settled: bool = False  # no new point for a while: limits tight, without live headroom


class SeriesDrawing(Drawing):
    """A live :class:`core.charts.SeriesChart`: a new point only moves the line; unless the
    limits had to grow, the line and the last value are drawn over a saved copy of the rest
    (blitting)."""

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


class DiagnosticsDrawing(Drawing):
    """One figure of :mod:`core.diagnostics.figures`; applies ``(kind, title, labels, data)``.
    After a draw, ``rows`` and ``axes_box`` say where the language rows are (for clicks)."""

    def __init__(self, colours: dict) -> None:
        super().__init__(colours)
        self._shown = None
        self.rows: list[str] = []
        self.axes_box: tuple[float, float, float, float] | None = None
        self.y_limits: tuple[float, float] = (0.0, 1.0)

    def apply(self, state: tuple) -> bool:
        from core.diagnostics import figures

        if state == self._shown:
            return False
        self._shown = state
        kind, title, labels, data = state
        self.rows = []
        if kind == "premium":
            languages, series = data
            figures.draw_premiums(self.figure, title, list(languages), list(series),
                                  x_label=labels[0], palette=self.palette)
            self.rows = list(languages)
        elif kind == "rate":
            languages, series = data
            figures.draw_rates(self.figure, title, list(languages), list(series),
                               x_label=labels[0], palette=self.palette)
            self.rows = list(languages)
        elif kind == "ranking":
            languages, series = data
            figures.draw_ranking(self.figure, title, list(languages), list(series),
                                 palette=self.palette)
            self.rows = list(languages)
        elif kind == "lengths":
            figures.draw_lengths(self.figure, title, list(data), x_label=labels[0],
                                 y_label=labels[1], palette=self.palette)
        else:
            figures.draw_vocabulary(self.figure, title, list(data), x_label=labels[0],
                                    y_label=labels[1], palette=self.palette)
        return True

    def render(self, state, width, height, ratio) -> ChartImage:
        image = super().render(state, width, height, ratio)
        if self.figure.axes and self.rows:
            box = self.figure.axes[0].get_window_extent()
            self.axes_box = (box.x0, box.y0, box.x1, box.y1)
            self.y_limits = self.figure.axes[0].get_ylim()
        else:
            self.axes_box = None
        return image
