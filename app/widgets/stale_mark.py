"""The mark of a result whose inputs changed: the result stays readable, greyed, under a bar
that says it is out of date and how to run again (never shown as the new inputs' result).

>>> # self.stale = StaleMark(self.tr("Out of date — the inputs changed. Run again (Align)."))
>>> # self.stale.set_stale(result is not None and inputs_now != result_inputs, [self.tables])
"""

from __future__ import annotations

from PySide6.QtWidgets import QGraphicsOpacityEffect, QLabel, QWidget

GREYED_OPACITY = 0.45


class StaleMark(QLabel):
    """A yellow bar, hidden until :meth:`set_stale` says the result shown is out of date."""

    def __init__(self, text: str, parent: QWidget | None = None) -> None:
        super().__init__(text, parent)
        self.setStyleSheet("background:#fff4ce;color:#5c4400;padding:4px")
        self.setWordWrap(True)
        self.hide()

    @property
    def is_stale(self) -> bool:
        return not self.isHidden()

    def set_stale(self, stale: bool, widgets: list[QWidget]) -> None:
        """Show the bar and grey ``widgets`` (the result) when ``stale``; undo both when not."""
        self.setVisible(stale)
        for widget in widgets:
            if stale:
                if not isinstance(widget.graphicsEffect(), QGraphicsOpacityEffect):
                    effect = QGraphicsOpacityEffect(widget)
                    effect.setOpacity(GREYED_OPACITY)
                    widget.setGraphicsEffect(effect)
            else:
                widget.setGraphicsEffect(None)
