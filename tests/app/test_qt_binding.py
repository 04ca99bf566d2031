"""Guard against a Qt binding that corrupts Python's reference counts.

PySide6 6.12.0 released a reference to ``None`` on every call of some void methods
(``QTextCharFormat.setBackground``...), so drawing a few thousand token chips aborted the
interpreter. pyproject.toml pins a good version; this test fails on a bad one instead of crashing.
"""

import sys

import pytest
from PySide6.QtGui import QColor, QTextCharFormat, QTextCursor, QTextDocument

pytestmark = pytest.mark.gui


def test_void_calls_keep_reference_counts(qapp):
    fmt = QTextCharFormat()
    cursor = QTextCursor(QTextDocument())
    before = sys.getrefcount(None)
    for _ in range(200):
        fmt.setBackground(QColor("#ffffff"))
        fmt.setFontItalic(True)
        cursor.insertText("ab", fmt)
    assert sys.getrefcount(None) >= before - 50, "the Qt binding drops references to None"
