"""The mark of a result whose inputs changed: the result stays readable, faded under a veil,
below a bar that says it is out of date and how to run again (never shown as the new inputs'
result).

The veil is a translucent widget over the result, not a ``QGraphicsOpacityEffect``: an effect
on a container of item views and charts paints their viewports dark or streaked, while a veil
fades whatever is under it and lets the mouse through (the result can still be scrolled, read
and copied).

>>> # self.stale = StaleMark(self.tr("Out of date — the inputs changed. Run again (Align)."))
>>> # self.stale.set_stale(result is not None and inputs_now != result_inputs, [self.tables])
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QColor, QPainter
from PySide6.QtWidgets import QLabel, QWidget

VEIL = QColor(255, 255, 255, 150)  # how much of the result shows through: faded, readable


class Veil(QWidget):
    """A translucent white sheet over ``target``, following its place and size; clicks pass
    through. It is the target's sibling, not its child: a splitter takes every child it is
    given as one more section."""

    def __init__(self, target: QWidget) -> None:
        super().__init__(target.parentWidget())
        self.target = target
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        self.setGeometry(target.geometry())
        target.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() in (QEvent.Type.Resize, QEvent.Type.Move):
            self.setGeometry(self.target.geometry())
        return False

    def paintEvent(self, _event) -> None:
        QPainter(self).fillRect(self.rect(), VEIL)


class StaleMark(QLabel):
    """A yellow bar, hidden until :meth:`set_stale` says the result shown is out of date."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setStyleSheet("background:#fff4ce;color:#5c4400;padding:4px")
        self.setWordWrap(True)
        self.hide()
        self._veils: dict[int, Veil] = {}

    @property
    def is_stale(self) -> bool:
        return not self.isHidden()

    def veiled(self, widget: QWidget) -> bool:
        """Whether ``widget`` is faded now."""
        veil = self._veils.get(id(widget))
        return veil is not None and not veil.isHidden()

    def set_stale(self, stale: bool, widgets: list[QWidget]) -> None:
        """Show the bar and fade ``widgets`` (the result) when ``stale``; undo both when not."""
        self.setVisible(stale)
        for widget in widgets:
            veil = self._veils.get(id(widget))
            if veil is None and stale:
                veil = self._veils[id(widget)] = Veil(widget)
            if veil is not None:
                veil.setGeometry(widget.geometry())
                veil.setVisible(stale)
                if stale:
                    veil.raise_()
