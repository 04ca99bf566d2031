"""Status text that never clips nor widens its row: elided at the right with the whole text
in the tooltip.

    label = ElidedLabel()            # a one-line status next to buttons
    bar = ElidingProgressBar()       # a progress bar whose format says what is being done
    keep_place_when_hidden(bar)      # showing it does not push the row's buttons sideways
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtWidgets import QLabel, QProgressBar, QSizePolicy, QStyle, QStyleOptionProgressBar

MIN_CHARS = 12  # the narrowest an elided text gets: a few words stay readable


class ElidedLabel(QLabel):
    """A one-line plain-text label drawn elided (``…``) when its row is narrower than its
    text; the tooltip then holds the whole text. Its minimum width is a few characters, so a
    long message never widens the window."""

    def __init__(self, text: str = "", parent=None) -> None:
        super().__init__(text, parent)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(self.fontMetrics().averageCharWidth() * MIN_CHARS, hint.height())

    def paintEvent(self, _event) -> None:
        from PySide6.QtGui import QPainter

        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), Qt.TextElideMode.ElideRight,
                                              rect.width())
        self.setToolTip(self.text() if shown != self.text() else "")
        painter = QPainter(self)
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.drawText(rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter), shown)
        painter.end()


class ElidingProgressBar(QProgressBar):
    """A progress bar whose text is elided to fit the bar (whole text in the tooltip)."""

    _measuring = False  # initStyleOption asks text() again

    def text(self) -> str:
        full = super().text()
        if self._measuring:
            return full
        option = QStyleOptionProgressBar()
        self._measuring = True
        try:
            self.initStyleOption(option)
        finally:
            self._measuring = False
        room = self.style().subElementRect(QStyle.SubElement.SE_ProgressBarLabel, option,
                                           self).width() - 6
        shown = self.fontMetrics().elidedText(full, Qt.TextElideMode.ElideRight, max(room, 0))
        tip = full if shown != full else ""
        if self.toolTip() != tip:
            self.setToolTip(tip)
        return shown


def keep_place_when_hidden(widget) -> None:
    """Keep ``widget``'s room in its layout while hidden, so showing it moves nothing."""
    policy = widget.sizePolicy()
    policy.setRetainSizeWhenHidden(True)
    widget.setSizePolicy(policy)
