"""``TokenizerInfo``: what the loaded tokenizer is, how it is run, and its special tokens."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (QHBoxLayout, QHeaderView, QLabel, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from app.messages import (describe_rows, render_all, special_kind, special_role,
                          special_source)
from app.widgets.audit_summary import audit_summary_html
from core.loading import Loaded
from core.pipeline.special import special_registry

# the special-tokens table's columns
ID, LITERAL, KIND, ROLE, PARSABLE, SOURCE = range(6)


class TokenizerInfo(QWidget):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.specials = QTableWidget(0, 6)
        self.specials.setHorizontalHeaderLabels([self.tr("ID"), self.tr("Literal"), self.tr("Kind"),
                                                 self.tr("Role"), self.tr("Parsable"),
                                                 self.tr("Source")])
        self.specials.verticalHeader().setVisible(False)
        header = self.specials.horizontalHeader()
        header.setSectionResizeMode(LITERAL, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(SOURCE, QHeaderView.ResizeMode.Stretch)
        # a role with its "(guess)" mark is longer than the default width, in Chinese too
        header.setSectionResizeMode(ROLE, QHeaderView.ResizeMode.ResizeToContents)
        self.specials.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        # the vocabulary audit's summary (Vocabulary tab), beside the facts: the table keeps
        # its height
        self.audit = QLabel(textFormat=Qt.TextFormat.RichText, wordWrap=True)
        self.audit.setAlignment(Qt.AlignmentFlag.AlignTop)
        self.summary.setAlignment(Qt.AlignmentFlag.AlignTop)
        facts = QHBoxLayout()
        facts.addWidget(self.summary, 3)
        facts.addWidget(self.audit, 2)
        layout.addLayout(facts)
        layout.addWidget(QLabel(self.tr("<b>Special tokens</b>")))
        layout.addWidget(self.specials, 1)

    def set_audit(self, audit) -> None:
        """Show a vocabulary audit's summary (None: how to run one)."""
        self.audit.setText(audit_summary_html(audit))

    def set_tokenizer(self, loaded: Loaded | None) -> None:
        self.set_audit(None)
        if loaded is None:
            self.summary.setText(self.tr("No tokenizer loaded."))
            self.specials.setRowCount(0)
            return
        runtime = loaded.runtime
        rows = "".join(f"<tr><td style='color:#555;padding-right:12px'>{escape(k)}</td>"
                       f"<td><code>{escape(v)}</code></td></tr>"
                       for k, v in describe_rows(loaded))
        registry = special_registry(loaded)
        # where the files disagree about a special token is a note on the tokenizer
        notes = "".join(f"<li>{escape(n)}</li>"
                        for n in render_all([*runtime.notes, *registry.disagreements]))
        notes_title = escape(self.tr("Notes"))
        self.summary.setText(
            f"<h3>{escape(runtime.name)}</h3>"
            f"<div style='color:#555'>{escape(str(loaded.path))}</div><table>{rows}</table>"
            + (f"<p><b>{notes_title}</b></p><ul>{notes}</ul>" if notes else ""))
        self.specials.setRowCount(len(registry.entries))
        for row, entry in enumerate(registry.entries):
            token = entry.token
            role = (self.tr("{role} (guess)").format(role=special_role(token.role))
                    if entry.role_guessed else special_role(token.role))
            values = (str(token.id), token.content, special_kind(token.kind), role,
                      self.tr("yes") if token.parsable else self.tr("no"),
                      special_source(entry.source))
            for col, value in enumerate(values):
                self.specials.setItem(row, col, QTableWidgetItem(value))
            # every role the files give, each with its file, on the role cell
            if entry.roles or entry.role_source:
                lines = [self.tr("{role}: {source}").format(role=special_role(r),
                                                            source=special_source(src))
                         for r, src in entry.roles] or [special_source(entry.role_source)]
                self.specials.item(row, ROLE).setToolTip("\n".join(lines))
