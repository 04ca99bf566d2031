"""``MisalignedModel``: the misaligned spans of one tokenizer of an :class:`core.align.audit.AlignReport`.

Lazy: rows are indices into the audit's numpy arrays and each cell is computed when the view
asks for it, so 100,000 misaligned spans cost a few arrays, not 100,000 Python objects.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt

from core.align.audit import AlignReport, TokenizerAudit

HEADERS = (QT_TRANSLATE_NOOP("MisalignedModel", "Line"),
           QT_TRANSLATE_NOOP("MisalignedModel", "Label"),
           QT_TRANSLATE_NOOP("MisalignedModel", "Span"),
           QT_TRANSLATE_NOOP("MisalignedModel", "Misaligned"),
           QT_TRANSLATE_NOOP("MisalignedModel", "Contract"),
           QT_TRANSLATE_NOOP("MisalignedModel", "Expand"))
KIND_NAMES = (QT_TRANSLATE_NOOP("MisalignedModel", "start"),
              QT_TRANSLATE_NOOP("MisalignedModel", "end"),
              QT_TRANSLATE_NOOP("MisalignedModel", "both ends"))


def _tr(text: str) -> str:
    return QCoreApplication.translate("MisalignedModel", text)


class MisalignedModel(QAbstractTableModel):
    """Rows: misaligned spans of one tokenizer (``rows`` indexes its ``misaligned`` arrays)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.audit: AlignReport | None = None
        self.result: TokenizerAudit | None = None
        self.rows = np.zeros(0, dtype=np.int64)
        self._kinds = np.zeros(0, dtype=np.int64)

    def set_rows(self, audit: AlignReport | None, result: TokenizerAudit | None,
                 rows: np.ndarray | None) -> None:
        self.beginResetModel()
        self.audit, self.result = audit, result
        self.rows = rows if rows is not None else np.zeros(0, dtype=np.int64)
        self._kinds = result.kind(self.rows) if result is not None else self.rows
        self.endResetModel()

    def span_of(self, row: int) -> int:
        """The span-table index of ``row``."""
        return int(self.result.misaligned[self.rows[row]])

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return _tr(HEADERS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or self.result is None:
            return None
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() in (0, 2, 4, 5):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        r = int(self.rows[index.row()])
        k = int(self.result.misaligned[r])
        spans, column = self.audit.spans, index.column()
        if column == 0:
            return str(int(self.audit.record_lines[spans.record[k]]))
        if column == 1:
            return self.audit.labels[spans.label[k]]
        if column == 2:
            return f"[{int(spans.start[k])}, {int(spans.end[k])})"
        if column == 3:
            return _tr(KIND_NAMES[int(self._kinds[index.row()])])
        if column == 4:
            s, e = self.result.contract[r].tolist()
            return QCoreApplication.translate("MisalignedModel", "empty") if s < 0 else f"[{s}, {e})"
        s, e = self.result.expand[r].tolist()
        if s < 0:  # a span of whitespace no token covers: expand holds no token
            return QCoreApplication.translate("MisalignedModel", "empty")
        extra = int(self.result.expand_extra[k])
        return f"[{s}, {e})" + (f" +{extra}" if extra else "")
