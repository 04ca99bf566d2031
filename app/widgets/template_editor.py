"""``TemplateEditor``: a chat template's Jinja source as plain monospace text, with line
numbers, and the line a render failed on marked.

>>> # editor.set_template(source); editor.mark_error(3)  # line 3 marked; mark_error(None) clears
"""

from __future__ import annotations

from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontDatabase, QPainter, QTextCursor, QTextFormat
from PySide6.QtWidgets import QPlainTextEdit, QTextEdit, QWidget

ERROR_LINE = QColor("#f8c9c4")
ERROR_NUMBER = QColor("#b3261e")


class _LineNumbers(QWidget):
    def __init__(self, editor: "TemplateEditor") -> None:
        super().__init__(editor)
        self.editor = editor

    def sizeHint(self) -> QSize:
        return QSize(self.editor.number_width(), 0)

    def paintEvent(self, event) -> None:
        self.editor.paint_numbers(self, event.rect())


class TemplateEditor(QPlainTextEdit):
    """The template source; ``error_line`` is the 1-based line marked, or None."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setPlaceholderText(self.tr("The chat template (Jinja), as in tokenizer_config.json"))
        self.error_line: int | None = None
        self._numbers = _LineNumbers(self)
        self.blockCountChanged.connect(self._update_margin)
        self.updateRequest.connect(self._on_update_request)
        self._update_margin()

    def set_template(self, source: str) -> None:
        self.mark_error(None)
        self.setPlainText(source)

    # -- the error line ----------------------------------------------------------------------
    def mark_error(self, line: int | None) -> None:
        """Mark ``line`` (1-based) as where the render failed and scroll to it; None clears."""
        self.error_line = line if line is not None and line >= 1 else None
        if self.error_line is None:
            self.setExtraSelections([])
            self._numbers.update()
            return
        block = self.document().findBlockByNumber(self.error_line - 1)
        if not block.isValid():
            block = self.document().lastBlock()
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(ERROR_LINE)
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        selection.cursor = QTextCursor(block)
        self.setExtraSelections([selection])
        if not self.hasFocus():  # the user types elsewhere: show them where it broke
            cursor = QTextCursor(block)
            self.setTextCursor(cursor)
            self.centerCursor()
        self._numbers.update()

    # -- line numbers ------------------------------------------------------------------------
    def number_width(self) -> int:
        digits = len(str(max(1, self.blockCount())))
        return 10 + self.fontMetrics().horizontalAdvance("9") * digits

    def _update_margin(self, *_) -> None:
        self.setViewportMargins(self.number_width(), 0, 0, 0)

    def _on_update_request(self, rect: QRect, dy: int) -> None:
        if dy:
            self._numbers.scroll(0, dy)
        else:
            self._numbers.update(0, rect.y(), self._numbers.width(), rect.height())

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        area = self.contentsRect()
        self._numbers.setGeometry(QRect(area.left(), area.top(), self.number_width(),
                                        area.height()))

    def paint_numbers(self, widget: QWidget, rect: QRect) -> None:
        painter = QPainter(widget)
        painter.fillRect(rect, QColor("#f3f3f3"))
        block = self.firstVisibleBlock()
        number = block.blockNumber()
        top = round(self.blockBoundingGeometry(block).translated(self.contentOffset()).top())
        height = self.fontMetrics().height()
        while block.isValid() and top <= rect.bottom():
            bottom = top + round(self.blockBoundingRect(block).height())
            if block.isVisible() and bottom >= rect.top():
                error = self.error_line == number + 1
                painter.setPen(ERROR_NUMBER if error else QColor("#8a8a8a"))
                font = QFont(self.font())
                font.setBold(error)
                painter.setFont(font)
                painter.drawText(0, top, widget.width() - 5, height,
                                 Qt.AlignmentFlag.AlignRight, str(number + 1))
            block = block.next()
            top = bottom
            number += 1
        painter.end()
