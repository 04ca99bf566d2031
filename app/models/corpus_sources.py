"""``CorpusSourcesModel``: the table of training sources (file, kind, language, domain, weight).

Language, domain and weight are edited in place; kind, JSON field and CSV column through
:class:`app.widgets.source_editor.SourceEditor`, which calls :meth:`CorpusSourcesModel.update`.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex,
                            Qt, Signal)
from PySide6.QtGui import QColor

from core.corpus import CorpusSource
from core.errors import WorkbenchError
from core.language_codes import file_language
from core.numbers import size_text

COLUMNS = (QT_TRANSLATE_NOOP("CorpusSourcesModel", "File"),
           QT_TRANSLATE_NOOP("CorpusSourcesModel", "Kind"),
           QT_TRANSLATE_NOOP("CorpusSourcesModel", "Language"),
           QT_TRANSLATE_NOOP("CorpusSourcesModel", "Domain"),
           QT_TRANSLATE_NOOP("CorpusSourcesModel", "Weight"),
           QT_TRANSLATE_NOOP("CorpusSourcesModel", "Size"))
LANG, DOMAIN, WEIGHT = 2, 3, 4


def guess_language(path: Path) -> str:
    """A file's language tag (:func:`core.language_codes.file_language`): ``en_botchan.txt``
    -> ``en``; FLORES ``kor_Hang.devtest`` -> ``kor_Hang``; ``corpus.txt`` -> ``""`` (the user
    sets it).

    >>> guess_language(Path("zh_hans_song_ci.txt")), guess_language(Path("code_flask.jsonl"))
    ('zh', '')
    >>> guess_language(Path("eng_Latn.devtest")), guess_language(Path("pt_BR.dev"))
    ('eng_Latn', 'pt_BR')
    """
    return file_language(path)


def file_size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


class CorpusSourcesModel(QAbstractTableModel):
    """The sources of the corpus, one row each.

    Signals:
        sources_changed(): a source was added, removed or edited.
    """

    sources_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.sources: list[CorpusSource] = []

    # -- changes -------------------------------------------------------------------------
    def add(self, sources: list[CorpusSource]) -> list[CorpusSource]:
        """Append sources whose file is not listed yet; return the ones added."""
        known = {s.path.resolve() for s in self.sources}
        new = [s for s in sources if s.path.resolve() not in known]
        if new:
            first = len(self.sources)
            self.beginInsertRows(QModelIndex(), first, first + len(new) - 1)
            self.sources.extend(new)
            self.endInsertRows()
            self.sources_changed.emit()
        return new

    def remove(self, rows: list[int]) -> None:
        for row in sorted(set(rows), reverse=True):
            if 0 <= row < len(self.sources):
                self.beginRemoveRows(QModelIndex(), row, row)
                del self.sources[row]
                self.endRemoveRows()
        self.sources_changed.emit()

    def clear(self) -> None:
        self.beginResetModel()
        self.sources.clear()
        self.endResetModel()
        self.sources_changed.emit()

    def update(self, row: int, **changes) -> None:
        """Replace fields of one source; raises :class:`~core.errors.WorkbenchError` for a bad
        value (nothing changes)."""
        source = dataclasses.replace(self.sources[row], **changes)  # validates
        if source != self.sources[row]:
            self.sources[row] = source
            self.dataChanged.emit(self.index(row, 0), self.index(row, len(COLUMNS) - 1))
            self.sources_changed.emit()

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.sources)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return self.tr(COLUMNS[section])
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.ToolTipRole:
            if section == LANG:
                return self.tr("Language tag (statistics are grouped by it); double-click to edit")
            if section == DOMAIN:
                return self.tr("Domain tag (news, code, chat…); double-click to edit")
            if section == WEIGHT:
                return self.tr("Sampling weight; double-click to edit")
        return None

    def flags(self, index):
        base = super().flags(index)
        if index.column() in (LANG, DOMAIN, WEIGHT):
            return base | Qt.ItemFlag.ItemIsEditable
        return base

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        source = self.sources[index.row()]
        column = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self._text(source, column, edit=role == Qt.ItemDataRole.EditRole)
        if role == Qt.ItemDataRole.ToolTipRole:
            return str(source.path)
        if role == Qt.ItemDataRole.TextAlignmentRole and column in (WEIGHT, 5):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.ForegroundRole and column in (LANG, DOMAIN):
            if not (source.lang if column == LANG else source.domain):
                return QColor("#8a8a8a")
        return None

    @staticmethod
    def _text(source: CorpusSource, column: int, *, edit: bool):
        if column == 0:
            return source.path.name
        if column == 1:
            column = QCoreApplication.translate("CorpusSourcesModel", " · col {column}").format(
                column=source.column)
            detail = {"jsonl": f" · {source.field}", "csv": column, "tsv": column}.get(
                source.kind, "")
            return source.kind + detail
        none = QCoreApplication.translate("CorpusSourcesModel", "(none)")
        if column == LANG:
            return source.lang if (source.lang or edit) else none
        if column == DOMAIN:
            return source.domain if (source.domain or edit) else none
        if column == WEIGHT:
            return source.weight if edit else f"{source.weight:g}"
        return size_text(file_size(source.path))

    def setData(self, index, value, role=Qt.ItemDataRole.EditRole) -> bool:
        if role != Qt.ItemDataRole.EditRole or not index.isValid():
            return False
        key = {LANG: "lang", DOMAIN: "domain", WEIGHT: "weight"}.get(index.column())
        if key is None:
            return False
        try:
            value = float(value) if key == "weight" else str(value).strip()
            self.update(index.row(), **{key: value})
        except (TypeError, ValueError, WorkbenchError):  # not a number, or one a source refuses
            return False
        return True
