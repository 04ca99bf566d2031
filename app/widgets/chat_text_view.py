"""``ChatTextView``: the rendered chat text, message content on its role's colour and the
template's own text in grey, so what the template wrote and what the user wrote read apart.

Positions are code points of the render (the core's unit); the document counts UTF-16 units, so
``select_span`` converts (an emoji is two units).
"""

from __future__ import annotations

from itertools import accumulate

from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFontDatabase, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit

from app.widgets.chat_colors import FIELD_COLORS, TEMPLATE_TEXT, role_color, template_color


class ChatTextView(QTextEdit):
    """The render, coloured by :class:`~core.chat.segments.Segment`."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        option = self.document().defaultTextOption()
        option.setTextDirection(Qt.LayoutDirection.LeftToRight)
        self.document().setDefaultTextOption(option)
        self.text = ""
        self._utf16: list[int] = [0]  # document position of each code point

    def set_render(self, text: str, segments) -> None:
        """Show ``text``; each segment of ``segments`` (start, end, source, role, field) in
        its colour."""
        self.text = text
        self._utf16 = [0, *accumulate(2 if ord(c) > 0xFFFF else 1 for c in text)]
        self.clear()
        cursor = QTextCursor(self.document())
        cursor.beginEditBlock()
        covered = 0
        for seg in segments:
            if seg.start > covered:
                cursor.insertText(text[covered:seg.start], self._format("template", None))
            role = seg.field if seg.field in FIELD_COLORS else seg.role
            cursor.insertText(text[seg.start:seg.end], self._format(seg.source, role))
            covered = max(covered, seg.end)
        if covered < len(text):
            cursor.insertText(text[covered:], self._format("template", None))
        cursor.endEditBlock()
        self.moveCursor(QTextCursor.MoveOperation.Start)

    def clear_render(self) -> None:
        self.text = ""
        self._utf16 = [0]
        self.clear()

    @staticmethod
    def _format(source: str, role: str | None) -> QTextCharFormat:
        fmt = QTextCharFormat()
        if source == "content":
            fmt.setBackground(role_color(role))
        else:
            fmt.setForeground(QColor(TEMPLATE_TEXT))
            fmt.setBackground(template_color(None))
        return fmt

    def select_span(self, start: int, end: int) -> None:
        """Select code points ``start``..``end`` of the render and scroll to them."""
        last = len(self._utf16) - 1
        start, end = min(max(start, 0), last), min(max(end, 0), last)
        cursor = QTextCursor(self.document())
        cursor.setPosition(self._utf16[start])
        cursor.setPosition(self._utf16[end], QTextCursor.MoveMode.KeepAnchor)
        self.setTextCursor(cursor)
        self.ensureCursorVisible()

    def selected_span(self) -> tuple[int, int]:
        """The selection in code points of the render."""
        from bisect import bisect_left

        cursor = self.textCursor()
        return (bisect_left(self._utf16, cursor.selectionStart()),
                bisect_left(self._utf16, cursor.selectionEnd()))
