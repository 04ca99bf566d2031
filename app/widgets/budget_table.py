"""``BudgetTable``: where a chat's tokens go (each message's content, tool definitions,
documents, template text, generation prompt) against the context window, from the ``budget`` of
:func:`core.chat.report.chat_report` (a :class:`~core.chat.result.TokenBudget`).

>>> # table.set_budget(report.budget)
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QBrush, QColor, QFont
from PySide6.QtWidgets import QHeaderView, QTableWidget, QTableWidgetItem

from app.widgets.chat_colors import role_color, template_color
from core.chat.result import TokenBudget

OVER = QColor("#b3261e")


class BudgetTable(QTableWidget):
    """Component · tokens · share of the total; the window and what truncation would cut."""

    def __init__(self, parent=None) -> None:
        super().__init__(0, 3, parent)
        self.setHorizontalHeaderLabels([self.tr("Component"), self.tr("Tokens"),
                                        self.tr("Share")])
        self.verticalHeader().setVisible(False)
        self.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        self.setSelectionBehavior(QTableWidget.SelectionBehavior.SelectRows)
        header = self.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        self.budget: TokenBudget | None = None

    def set_budget(self, budget: TokenBudget | None) -> None:
        self.budget = budget
        self.setRowCount(0)
        if not budget:
            return
        total = budget.total
        for entry in budget.messages:
            self._row(self.tr("message {index} · {role}").format(index=entry.message,
                                                                   role=entry.role),
                      entry.tokens, total, role_color(entry.role))
        # (label, tokens, colour, shown when 0): the template's row always is
        parts = ((self.tr("tool definitions"), budget.tools, role_color("tools"), False),
                 (self.tr("documents"), budget.documents, role_color("documents"), False),
                 (self.tr("template text (role headers, separators, BOS)"), budget.template,
                  template_color(None), True),
                 (self.tr("generation prompt"), budget.generation_prompt, template_color(None),
                  False))
        for label, count, color, always in parts:
            if count or always:
                self._row(label, count, total, color)
        self._row(self.tr("total"), total, total, None, bold=True)
        cut = budget.truncated
        if budget.context is not None:
            self._row(self.tr("context window"), budget.context, None, None)
            if budget.remaining >= 0:
                self._row(self.tr("left in the window"), budget.remaining, None, None)
        if cut:
            messages = ", ".join(map(str, cut.messages)) or "—"
            self._row(self.tr("truncation at the window cuts, from character {start} (messages "
                              "{messages})").format(start=cut.from_char, messages=messages),
                      cut.tokens, total, None, alert=True)

    def _row(self, label: str, tokens: int, total: int | None, color: QColor | None, *,
             bold: bool = False, alert: bool = False) -> None:
        row = self.rowCount()
        self.insertRow(row)
        share = "" if not total else f"{100 * tokens / total:.1f} %"
        for col, text in enumerate((label, f"{tokens:,}", share)):
            item = QTableWidgetItem(text)
            if col:
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            if color is not None and col == 0:
                item.setBackground(QBrush(color))
            if bold or alert:
                font = QFont(self.font())
                font.setBold(True)
                item.setFont(font)
            if alert:
                item.setForeground(QBrush(OVER))
            self.setItem(row, col, item)
