"""``TokenizerInfo``: what the loaded tokenizer is, how it is run, and its special tokens."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHeaderView, QLabel, QTableWidget, QTableWidgetItem, QVBoxLayout,
                               QWidget)

from app.messages import describe_rows, render_all, special_kind
from core.loading import Loaded


class TokenizerInfo(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.specials = QTableWidget(0, 5)
        self.specials.setHorizontalHeaderLabels([self.tr("ID"), self.tr("Literal"), self.tr("Kind"),
                                                 self.tr("Role"), self.tr("Parsable")])
        self.specials.verticalHeader().setVisible(False)
        self.specials.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.specials.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(QLabel(self.tr("<b>Special tokens</b>")))
        layout.addWidget(self.specials, 1)

    def set_tokenizer(self, loaded: Loaded | None) -> None:
        if loaded is None:
            self.summary.setText(self.tr("No tokenizer loaded."))
            self.specials.setRowCount(0)
            return
        runtime = loaded.runtime
        rows = "".join(f"<tr><td style='color:#555;padding-right:12px'>{escape(k)}</td>"
                       f"<td><code>{escape(v)}</code></td></tr>"
                       for k, v in describe_rows(loaded))
        notes = "".join(f"<li>{escape(n)}</li>" for n in render_all(runtime.notes))
        notes_title = escape(self.tr("Notes"))
        self.summary.setText(
            f"<h3>{escape(runtime.name)}</h3>"
            f"<div style='color:#555'>{escape(str(loaded.path))}</div><table>{rows}</table>"
            + (f"<p><b>{notes_title}</b></p><ul>{notes}</ul>" if notes else ""))
        specials = runtime.special_tokens()
        self.specials.setRowCount(len(specials))
        for row, token in enumerate(specials):
            values = (str(token.id), token.content, special_kind(token.kind), token.role,
                      self.tr("yes") if token.parsable else self.tr("no"))
            for col, value in enumerate(values):
                self.specials.setItem(row, col, QTableWidgetItem(value))
