"""``VariablesEditor``: extra template variables as NAME = JSON rows (``enable_thinking`` =
``false``, ``date_string`` = ``"26 Jul 2024"``), as ``tokbench chat --var NAME=JSON`` takes them.

>>> # editor.set_variables({"enable_thinking": False}); editor.variables() -> {...}
"""

from __future__ import annotations

import json

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QHBoxLayout, QHeaderView, QLabel, QPushButton, QTableWidget,
                               QTableWidgetItem, QVBoxLayout, QWidget)

ERROR_TEXT = "color:#b3261e"


class VariablesEditor(QWidget):
    """Signals:
        changed(): a name or value changed, or a row was added or removed.
    """

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.table = QTableWidget(0, 2)
        self.table.setAccessibleName(self.tr("Variables"))
        self.table.setHorizontalHeaderLabels([self.tr("Name"), self.tr("Value (JSON)")])
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setColumnWidth(0, 160)
        self.add_button = QPushButton(self.tr("+ Add variable"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.hint = QLabel(self.tr(
            "Variables the template reads besides the messages, each a JSON value: "
            "enable_thinking = false, date_string = \"26 Jul 2024\", a string in quotes."))
        self.hint.setWordWrap(True)
        self.error = QLabel()
        self.error.setStyleSheet(ERROR_TEXT)
        self.error.setWordWrap(True)
        self.error.hide()
        buttons = QHBoxLayout()
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.hint)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.error)
        layout.addLayout(buttons)
        self.add_button.clicked.connect(lambda: self.add_row("", ""))
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.table.itemChanged.connect(self._on_item_changed)

    def add_row(self, name: str, value: str) -> None:
        row = self.table.rowCount()
        self.table.blockSignals(True)
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(name))
        self.table.setItem(row, 1, QTableWidgetItem(value))
        self.table.blockSignals(False)
        if not name:
            self.table.editItem(self.table.item(row, 0))
        self._on_item_changed()

    def set_variables(self, variables: dict) -> None:
        self.table.setRowCount(0)
        for name, value in variables.items():
            self.add_row(name, json.dumps(value, ensure_ascii=False))

    def _on_remove_clicked(self) -> None:
        rows = sorted({index.row() for index in self.table.selectedIndexes()}, reverse=True)
        for row in rows or [self.table.rowCount() - 1]:
            if row >= 0:
                self.table.removeRow(row)
        self._on_item_changed()

    def _on_item_changed(self, *_) -> None:
        problems = self.problems()
        self.error.setText("\n".join("⚠ " + p for p in problems))
        self.error.setVisible(bool(problems))
        self.changed.emit()

    def _rows(self) -> list[tuple[str, str]]:
        out = []
        for row in range(self.table.rowCount()):
            name, value = (self.table.item(row, col) for col in (0, 1))
            out.append(((name.text() if name else "").strip(), value.text() if value else ""))
        return out

    def problems(self) -> list[str]:
        """A message per row that is not NAME = JSON value (blank rows are ignored)."""
        out = []
        for row, (name, value) in enumerate(self._rows(), 1):
            if not name and not value.strip():
                continue
            if not name.isidentifier():
                out.append(self.tr("row {row}: {name!r} is not a variable name").format(
                    row=row, name=name))
                continue
            try:
                json.loads(value)
            except json.JSONDecodeError as err:
                out.append(self.tr("row {row}: {name}: {value!r} is not a JSON value ({problem}); "
                                   "a string needs quotes").format(row=row, name=name, value=value,
                                                                   problem=err.msg))
        return out

    def variables(self) -> dict:
        """The valid rows' variables (call :meth:`problems` to know what was left out)."""
        out = {}
        for name, value in self._rows():
            if name.isidentifier():
                try:
                    out[name] = json.loads(value)
                except json.JSONDecodeError:
                    pass
        return out
