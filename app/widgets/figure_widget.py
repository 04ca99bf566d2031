"""``FigureWidget``: shows a matplotlib figure of :mod:`core.charts`, drawn off the GUI thread.

Drawing a figure takes matplotlib 50-150 ms (text layout mostly): done on the GUI thread at
every progress report, that is a stall. So the figure lives on the chart thread
(:func:`app.tasks.chart_pool`, through the widget's own runner, latest request only): the
widget hands over a copy of what to show, the thread draws it with Agg and sends back an
image, which ``paintEvent`` paints. matplotlib itself is
first imported there too (about half a second), so neither start-up nor the first look at a
pane with a chart waits for it.
"""

from __future__ import annotations

import time

from PySide6.QtCore import QSize, QTimer
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.tasks import TaskRunner, chart_pool

REDRAW_MS = 200  # requests closer together than this are drawn once (5 images a second)


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

    def render(self, state, width: int, height: int, ratio: float) -> QImage:
        """The figure showing ``state`` as an image of ``width`` x ``height`` device pixels."""
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
        image = QImage(bytes(pixels), columns, rows, 4 * columns,
                       QImage.Format.Format_RGBA8888).copy()  # copy: the bytes go away
        image.setDevicePixelRatio(ratio)
        self.seconds.append(time.perf_counter() - started)
        return image


class _ChartThreadSide:
    """What a widget keeps on the chart thread: its drawing and the colours it was made with.
    Plain Python, so a job never touches the widget, which may be deleted while it runs."""

    def __init__(self, drawing_class: type[Drawing]) -> None:
        self.drawing_class = drawing_class
        self.drawing: Drawing | None = None
        self.colours: dict | None = None

    def render(self, state, width: int, height: int, ratio: float, colours: dict) -> QImage:
        if self.drawing is None or colours != self.colours:
            self.drawing, self.colours = self.drawing_class(colours), colours
        return self.drawing.render(state, width, height, ratio)


class FigureWidget(QWidget):
    """Paints the latest image of its :class:`Drawing`; ``refresh()`` asks for a new one.

    Subclasses set ``drawing_class`` and implement ``_state()`` (on the GUI thread: a copy of
    what to show, which the drawing applies on the chart thread). ``drawing`` is that
    drawing, for tests: read it only while ``rendering`` is False.
    """

    drawing_class: type[Drawing] = Drawing

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.image: QImage | None = None
        self.render_error = ""
        self._chart_side = _ChartThreadSide(self.drawing_class)
        # its own runner on the chart thread: a failed drawing is said here, not in the window
        self._renderer = TaskRunner(self, pool=chart_pool())
        self._debounce = QTimer(self, singleShot=True, interval=REDRAW_MS)
        self._debounce.timeout.connect(self._render)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Expanding)

    def sizeHint(self) -> QSize:
        return QSize(420, 220)

    @property
    def drawing(self) -> Drawing | None:
        """The figure's drawing (None until first shown)."""
        return self._chart_side.drawing

    @property
    def rendering(self) -> bool:
        """A new image is asked for or being drawn."""
        return self._debounce.isActive() or self._renderer.busy

    def refresh(self) -> None:
        """Draw again soon (requests within ``REDRAW_MS`` are drawn once)."""
        if not self._debounce.isActive():
            self._debounce.start()

    def _render(self) -> None:
        if not self.isVisible() or self.width() < 2 or self.height() < 2:
            return  # showEvent and resizeEvent ask again
        ratio = self.devicePixelRatioF()
        # latest_only: a request made while one draws replaces any still waiting, so a chart
        # asked to redraw ten times a second draws as often as it can and builds no queue
        self._renderer.submit("draw", self._chart_side.render, self._state(),
                              round(self.width() * ratio), round(self.height() * ratio), ratio,
                              self.chart_colours(), latest_only=True,
                              on_result=self._on_rendered, on_error=self._on_render_failed)

    def _on_rendered(self, image: QImage) -> None:
        self.image = image
        if self.render_error:
            self.render_error = ""
            self.setToolTip("")
        self.update()

    def _on_render_failed(self, message: str) -> None:
        # the last good image stays and the reason is in the tooltip: not worth a dialog
        self.render_error = message
        self.setToolTip(self.tr("This chart could not be drawn: {reason}").format(reason=message))

    def chart_colours(self) -> dict:
        """The fields of :class:`core.charts.Palette` from this widget's Qt palette, so the
        chart follows a light or dark theme."""
        palette = self.palette()
        return {"text": palette.color(QPalette.ColorRole.WindowText).name(),
                "background": palette.color(QPalette.ColorRole.Window).name(),
                "muted": palette.color(QPalette.ColorRole.PlaceholderText).name(),
                "grid": palette.color(QPalette.ColorRole.Mid).name() + "46"}  # #rrggbbaa

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.refresh()

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.refresh()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.fillRect(self.rect(), self.palette().color(QPalette.ColorRole.Window))
        if self.image is not None:
            painter.drawImage(0, 0, self.image)
        painter.end()

    def _state(self):
        raise NotImplementedError
