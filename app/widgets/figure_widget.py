"""``FigureWidget``: shows a matplotlib figure of :mod:`core.charts`, drawn off the GUI thread.

Drawing a figure takes matplotlib 50-150 ms (text layout mostly): done on the GUI thread at
every progress report, that is a stall. So the figure lives on the chart thread
(:func:`app.tasks.chart_pool`, through the widget's own runner, latest request only): the
widget hands over a copy of what to show, the thread draws it with Agg (the Qt-free drawings
of :mod:`app.jobs.charts`) and sends back pixels, which ``paintEvent`` paints. matplotlib
itself is first imported there too (about half a second), so neither start-up nor the first
look at a pane with a chart waits for it.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, QTimer
from PySide6.QtGui import QImage, QPainter, QPalette
from PySide6.QtWidgets import QSizePolicy, QWidget

from app.jobs.charts import ChartImage, ChartSide, Drawing, render_chart
from app.tasks import TaskRunner, chart_pool

REDRAW_MS = 200  # requests closer together than this are drawn once (5 images a second)


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
        self._chart_side = ChartSide(self.drawing_class)
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
        self.update()  # "Drawing the chart…" until the image comes

    def _render(self) -> None:
        if not self.isVisible() or self.width() < 2 or self.height() < 2:
            return  # showEvent and resizeEvent ask again
        ratio = self.devicePixelRatioF()
        # latest_only: a request made while one draws replaces any still waiting, so a chart
        # asked to redraw ten times a second draws as often as it can and builds no queue
        self._renderer.submit("draw", render_chart, self._chart_side, self._state(),
                              round(self.width() * ratio), round(self.height() * ratio), ratio,
                              self.chart_colours(), latest_only=True,
                              on_result=self._on_rendered, on_error=self._on_render_failed)

    def _on_rendered(self, drawn: ChartImage) -> None:
        image = QImage(drawn.rgba, drawn.width, drawn.height, 4 * drawn.width,
                       QImage.Format.Format_RGBA8888).copy()  # copy: the bytes go away
        image.setDevicePixelRatio(drawn.ratio)
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
        if self.rendering and not self._image_fits():
            self._paint_waiting(painter)
        painter.end()

    def _image_fits(self) -> bool:
        """The image covers the widget (a chart grown taller would be blank below it)."""
        if self.image is None:
            return False
        ratio = self.image.devicePixelRatio() or 1.0
        return (self.image.width() / ratio >= self.width() - 1
                and self.image.height() / ratio >= self.height() - 1)

    def _paint_waiting(self, painter: QPainter) -> None:
        """A line saying the chart is being drawn, in the middle of the part on screen."""
        area = self.visibleRegion().boundingRect() or self.rect()
        text = self.tr("Drawing the chart…")
        box = painter.fontMetrics().boundingRect(text).adjusted(-12, -6, 12, 6)
        box.moveCenter(area.center())
        painter.fillRect(box, self.palette().color(QPalette.ColorRole.Window))
        painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
        painter.drawText(box, Qt.AlignmentFlag.AlignCenter, text)

    def _state(self):
        raise NotImplementedError
