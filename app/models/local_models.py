"""``LocalModelsModel``: the table of local models the *Open local model* dialog lists, and the
filter its search box drives.

Rows arrive in two steps: what the stores hold (:func:`core.models.find_models`: source, name,
revision, size — at once), then, model by model, what opening each tokenizer tells (format,
vocabulary, chat template: :func:`core.model_catalog.describe`), filled in place.
"""

from __future__ import annotations

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex,
                            QSortFilterProxyModel, Qt)
from PySide6.QtGui import QColor

from app.messages import error_text
from core.errors import WorkbenchError
from core.model_catalog import ModelRow
from core.models import BrokenModel, LocalModel
from core.numbers import size_text

COLUMNS = (QT_TRANSLATE_NOOP("LocalModelsModel", "Source"),
           QT_TRANSLATE_NOOP("LocalModelsModel", "Name"),
           QT_TRANSLATE_NOOP("LocalModelsModel", "Revision / tag"),
           QT_TRANSLATE_NOOP("LocalModelsModel", "Format"),
           QT_TRANSLATE_NOOP("LocalModelsModel", "Vocabulary"),
           QT_TRANSLATE_NOOP("LocalModelsModel", "Chat template"),
           QT_TRANSLATE_NOOP("LocalModelsModel", "Size"))
SOURCE, NAME, REVISION, FORMAT, VOCABULARY, TEMPLATE, SIZE = range(len(COLUMNS))
BROKEN_COLOR = QColor("#9a9a9a")
SORT_ROLE = Qt.ItemDataRole.UserRole + 1


def source_names() -> dict[str, str]:
    """Each store by its name in the GUI's language."""
    return {"hf": QCoreApplication.translate("LocalModelsModel", "Hugging Face"),
            "ollama": "Ollama", "lmstudio": "LM Studio", "llama.cpp": "llama.cpp",
            "folder": QCoreApplication.translate("LocalModelsModel", "Folder")}


class LocalModelsModel(QAbstractTableModel):
    """The local models, one row each: the store's facts, then the tokenizer's once opened."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.models: list[LocalModel | BrokenModel] = []
        self.rows: list[ModelRow] = []

    # -- changes -------------------------------------------------------------------------
    def set_models(self, models: list) -> None:
        """What the stores hold (not opened yet)."""
        self.beginResetModel()
        self.models = list(models)
        self.rows = [ModelRow.broken(m.source, m.name, m.revision, m.path, m.error)
                     if isinstance(m, BrokenModel) else ModelRow.found(m) for m in models]
        self.endResetModel()

    def set_described(self, row: int, described: ModelRow) -> None:
        """A model's row once its tokenizer was opened."""
        self.rows[row] = described
        self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))

    def next_to_describe(self) -> int | None:
        """The first row not opened yet, None when all are."""
        return next((i for i, r in enumerate(self.rows) if not r.described), None)

    def spec(self, row: int) -> str | None:
        """The name that opens the model of ``row``; None for one that does not open."""
        found = self.rows[row]
        return found.spec if found.opens and found.spec else None

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(COLUMNS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        row, column = self.rows[index.row()], index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, column)
        if role == SORT_ROLE:
            if column == VOCABULARY:
                return row.vocab_size or 0
            if column == SIZE:
                return row.size
            return self._text(row, column)
        if role == Qt.ItemDataRole.ToolTipRole:
            if row.error:
                return self._problem(row)
            return f"{row.spec}\n{row.path}"
        if role == Qt.ItemDataRole.ForegroundRole and row.error:
            return BROKEN_COLOR
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (VOCABULARY, SIZE):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, row: ModelRow, column: int) -> str:
        if column == SOURCE:
            return source_names().get(row.source, row.source)
        if column == NAME:
            return row.name
        if column == REVISION:
            return row.revision_text
        if column == FORMAT:
            if row.error:
                return QCoreApplication.translate("LocalModelsModel", "does not open")
            return row.format or "…"
        if column == VOCABULARY:
            return f"{row.vocab_size:,}" if row.vocab_size is not None else (
                "" if row.error else "…")
        if column == TEMPLATE:
            return self._template(row)
        if column == SIZE:
            return size_text(row.size) if row.size else ""
        return ""

    @staticmethod
    def _template(row: ModelRow) -> str:
        if row.template == "jinja" and row.templates:
            return QCoreApplication.translate("LocalModelsModel", "yes ({names})").format(
                names=", ".join(row.templates))
        if row.template == "jinja":
            return QCoreApplication.translate("LocalModelsModel", "yes")
        if row.template == "go":
            return QCoreApplication.translate("LocalModelsModel", "Go template (Ollama)")
        if row.template == "none":
            return QCoreApplication.translate("LocalModelsModel", "no")
        return "" if row.error else "…"

    @staticmethod
    def _problem(row: ModelRow) -> str:
        problem = row.problem
        return error_text(problem) if isinstance(problem, WorkbenchError) else (row.error or "")


class LocalModelsFilter(QSortFilterProxyModel):
    """Keeps the rows in which every word of the search appears (in any column, case aside).

    >>> # proxy.set_search("qwen gguf") keeps Qwen's GGUF quantizations
    """

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._words: list[str] = []
        self.setSortRole(SORT_ROLE)

    def set_search(self, text: str) -> None:
        if hasattr(self, "beginFilterChange"):  # Qt 6.10 on (invalidateFilter is deprecated)
            self.beginFilterChange()
            self._words = text.lower().split()
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:
            self._words = text.lower().split()
            self.invalidateRowsFilter()

    def filterAcceptsRow(self, source_row: int, source_parent) -> bool:
        if not self._words:
            return True
        model = self.sourceModel()
        row = model.rows[source_row]
        haystack = " ".join([model._text(row, c) for c in range(len(COLUMNS))]
                            + [row.spec, row.source, row.path]).lower()
        return all(word in haystack for word in self._words)
