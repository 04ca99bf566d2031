"""``JsonField``: a small monospace editor for a JSON value (tool calls, tool definitions, a
message's other fields), checked as the user types, the error shown under it with its line and
column and the line marked.

>>> # field = JsonField(kind=list); field.set_value([{"type": "function"}]); field.value()
"""

from __future__ import annotations

import json

from PySide6.QtCore import Signal
from PySide6.QtGui import QColor, QFontDatabase, QPalette, QTextCursor, QTextFormat
from PySide6.QtWidgets import QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget

ERROR_LINE = QColor("#fde2df")
ERROR_COLOR = QColor("#b3261e")


class JsonError(ValueError):
    """The field's text is not the JSON value it must be; ``line`` is 1-based or None."""

    def __init__(self, message: str, line: int | None = None):
        super().__init__(message)
        self.line = line


class JsonField(QWidget):
    """A JSON editor for a value of one ``kind`` (``list`` or ``dict``); empty means None.

    Signals:
        changed(): the text changed (valid or not).
    """

    changed = Signal()

    def __init__(self, kind: type, placeholder: str = "", parent=None) -> None:
        super().__init__(parent)
        self.kind = kind
        self.edit = QPlainTextEdit()
        self.edit.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.edit.setPlaceholderText(placeholder)
        self.edit.setTabChangesFocus(True)
        self.error = QLabel()
        palette = self.error.palette()  # a palette, not a style sheet: rows are made by dozens
        palette.setColor(QPalette.ColorRole.WindowText, ERROR_COLOR)
        self.error.setPalette(palette)
        self.error.setWordWrap(True)
        self.error.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addWidget(self.edit, 1)
        layout.addWidget(self.error)
        self.edit.textChanged.connect(self._on_text_changed)

    def text(self) -> str:
        return self.edit.toPlainText()

    def set_value(self, value) -> None:
        """Show ``value`` as indented JSON (None: empty)."""
        self.edit.setPlainText("" if value is None else
                               json.dumps(value, ensure_ascii=False, indent=2))

    def value(self):
        """The parsed value, None when the field is empty.

        Raises:
            JsonError: not JSON, or not a value of the field's kind.
        """
        text = self.text()
        if not text.strip():
            return None
        try:
            value = json.loads(text)
        except json.JSONDecodeError as err:
            raise JsonError(self.tr("line {line}, column {column}: {problem}").format(
                line=err.lineno, column=err.colno, problem=err.msg), err.lineno) from None
        if not isinstance(value, self.kind):
            raise JsonError(self.tr("expected a JSON list [...]") if self.kind is list
                            else self.tr("expected a JSON object {...}"), 1)
        return value

    def problem(self) -> str | None:
        """The error shown under the field, None when the text is valid."""
        try:
            self.value()
        except JsonError as err:
            return str(err)
        return None

    def _on_text_changed(self) -> None:
        self.refresh_error()
        self.changed.emit()

    def refresh_error(self) -> None:
        try:
            self.value()
        except JsonError as err:
            self.error.setText("⚠ " + str(err))
            self.error.show()
            self._mark_line(err.line)
            return
        self.error.hide()
        self._mark_line(None)

    def _mark_line(self, line: int | None) -> None:
        if line is None:
            self.edit.setExtraSelections([])
            return
        selection = QTextEdit.ExtraSelection()
        selection.format.setBackground(ERROR_LINE)
        selection.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
        cursor = QTextCursor(self.edit.document().findBlockByLineNumber(max(line - 1, 0)))
        selection.cursor = cursor
        self.edit.setExtraSelections([selection])
