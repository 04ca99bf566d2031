"""``CheckList``: a chat's checks (the report's notes), worded in the GUI's language, each
clickable to show the part of the render it names.

>>> # checks.set_checks(report.checks); checks.check_clicked -> (start, end) of the render
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QListWidget, QListWidgetItem

from typing import Sequence

from app.messages import tables
from core.notes import Note, english, worded

SEVERITY_MARK = {"error": "✖", "warning": "⚠", "info": "ⓘ"}
STALE_COLOR = "#9e9e9e"
SEVERITY_COLOR = {"error": "#b3261e", "warning": "#8a5300", "info": "#3b5b8a"}


def check_texts(checks: Sequence[Note]) -> list[str]:
    """Each check (a :class:`~core.notes.Note` of the report) in the GUI's language; a code
    this GUI has no words for (a newer core's) keeps the core's English."""
    found = tables()
    out = []
    for check in checks:
        try:
            out.append(worded(check, *found) if check.code in found[0] else english(check))
        except (KeyError, IndexError, ValueError):
            out.append(english(check))
    return out


class CheckList(QListWidget):
    """Signals:
        check_clicked(int, int): the span (start, end) a clicked check names in the render.
    """

    check_clicked = Signal(int, int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setWordWrap(True)
        self.setAlternatingRowColors(True)
        self.checks: tuple[Note, ...] = ()
        self.itemClicked.connect(self._on_item_clicked)
        self.itemActivated.connect(self._on_item_clicked)

    def set_checks(self, checks: Sequence[Note]) -> None:
        self.checks = tuple(checks)
        self.setEnabled(True)
        self.clear()
        for check, text in zip(self.checks, check_texts(self.checks)):
            item = QListWidgetItem(f"{SEVERITY_MARK.get(check.severity, '•')} {text}")
            item.setForeground(QBrush(QColor(SEVERITY_COLOR.get(check.severity, "#000"))))
            item.setData(Qt.ItemDataRole.UserRole, list(check.span) if check.span else None)
            if check.span:
                item.setToolTip(self.tr("Click to show the tokens it names"))
            self.addItem(item)
        if not checks:
            item = QListWidgetItem(self.tr("✔ no problem found"))
            item.setForeground(QBrush(QColor("#1e7d32")))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.addItem(item)

    def set_stale(self, stale: bool) -> None:
        """Grey the checks out while they belong to an older render (the template failed)."""
        self.setEnabled(not stale)
        for row, check in enumerate(self.checks):
            color = STALE_COLOR if stale else SEVERITY_COLOR.get(check.severity, "#000")
            self.item(row).setForeground(QBrush(QColor(color)))

    def _on_item_clicked(self, item: QListWidgetItem) -> None:
        span = item.data(Qt.ItemDataRole.UserRole)
        if span:
            self.check_clicked.emit(int(span[0]), int(span[1]))
