"""Windows that fit the screen: the first size, a restored geometry clamped onto the screen,
and panes that scroll rather than grow the window's minimum size.

    >>> from PySide6.QtCore import QRect, QSize
    >>> first_size(QSize(1280, 860), QRect(0, 0, 800, 500))    # 1600×1000 at 200 %
    PySide6.QtCore.QSize(800, 500)
    >>> clamp_to_screen(QRect(1500, -40, 1000, 900), QRect(0, 0, 1280, 720))
    PySide6.QtCore.QRect(280, 0, 1000, 720)
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QRect, QSize, Qt
from PySide6.QtWidgets import QFrame, QScrollArea, QTabWidget, QWidget

WANTED = QSize(1280, 860)  # the window's first size on a screen that has room for it


def first_size(wanted: QSize, available: QRect) -> QSize:
    """``wanted``, at most the screen's available size."""
    return wanted.boundedTo(available.size())


def clamp_to_screen(geometry: QRect, available: QRect) -> QRect:
    """``geometry`` (a saved window rectangle) made to fit ``available`` (the screen's free
    area): shrunk to it when larger, then moved so that all of it is on the screen."""
    size = geometry.size().boundedTo(available.size())
    left = min(max(geometry.left(), available.left()), available.right() + 1 - size.width())
    top = min(max(geometry.top(), available.top()), available.bottom() + 1 - size.height())
    return QRect(left, top, size.width(), size.height())


def scrolling(pane: QWidget) -> QScrollArea:
    """``pane`` in a frameless scroll area: it fills the area while the window is larger than
    the pane's minimum, and scrolls (rather than being cut or widening the window) below it."""
    area = FittingScrollArea()
    area.setFrameShape(QFrame.Shape.NoFrame)
    area.setFocusPolicy(Qt.FocusPolicy.NoFocus)  # the pane's own widgets take focus
    area.setWidget(pane)
    return area


def minimum_height_for(widget: QWidget, width: int) -> int:
    """The least height ``widget`` lays out in at ``width``: rows that wrap counted at their
    wrapped height, tables and charts at their minimum (not at their preferred) height.

    Qt's own resizable scroll area asks a layout with wrapping rows for its *preferred*
    height for the width, which makes every pane with a wrapping row as tall as all its
    tables' size hints: the pane scrolled even on a large screen.
    """
    layout = widget.layout()
    least = widget.minimumSizeHint().height()
    if layout is not None and layout.hasHeightForWidth():
        margins = widget.contentsMargins()
        least = max(least, layout.minimumHeightForWidth(width)
                    + margins.top() + margins.bottom())
    return max(least, widget.minimumHeight())


class FittingScrollArea(QScrollArea):
    """A scroll area that sizes its widget itself: the viewport's width and height, but never
    less than the widget's minimum width and its :func:`minimum_height_for` that width."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWidgetResizable(False)

    def setWidget(self, widget: QWidget) -> None:
        super().setWidget(widget)
        widget.installEventFilter(self)
        self.fit_widget()

    def fit_widget(self) -> None:
        widget = self.widget()
        if widget is None:
            return
        view = self.viewport().size()
        width = max(view.width(), widget.minimumSizeHint().width(), widget.minimumWidth())
        height = max(view.height(), minimum_height_for(widget, width))
        if widget.size() != QSize(width, height):
            widget.resize(width, height)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self.fit_widget()

    def eventFilter(self, watched, event) -> bool:
        if watched is self.widget() and event.type() == QEvent.Type.LayoutRequest:
            self.fit_widget()  # a row wrapped or a part appeared: the least height changed
        return super().eventFilter(watched, event)


class ScrollingTabs(QTabWidget):
    """Tabs whose pages may sit in a :func:`scrolling` area (``add_scrolling``), so that a tall
    or wide page does not grow the tabs' minimum size. Callers see the pages they added:
    ``widget``, ``currentWidget``, ``setCurrentWidget`` and ``indexOf`` look through the areas
    (``page(i)`` is the area itself). The window's panes are in one."""

    def add_scrolling(self, widget: QWidget, title: str) -> int:
        return self.addTab(scrolling(widget), title)

    def page(self, index: int) -> QWidget | None:
        return super().widget(index)

    def widget(self, index: int) -> QWidget | None:
        area = super().widget(index)
        return area.widget() if isinstance(area, QScrollArea) else area

    def currentWidget(self) -> QWidget | None:
        return self.widget(self.currentIndex())

    def indexOf(self, widget: QWidget) -> int:
        for index in range(self.count()):
            if self.widget(index) is widget or super().widget(index) is widget:
                return index
        return -1

    def setCurrentWidget(self, widget: QWidget) -> None:
        index = self.indexOf(widget)
        if index >= 0:
            self.setCurrentIndex(index)
