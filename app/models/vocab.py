"""``VocabModel``: a lazy view over a runtime's vocabulary (256k rows scroll smoothly).

The rows shown are an array of ids (filtered and sorted off the GUI thread by
:func:`vocab_view`); a cell is computed only when Qt paints it.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QFontDatabase

from core.runtimes.base import Runtime
from core.text import hex_bytes, visible_bytes

COLUMNS = ("ID", "Piece", "Text", "Bytes", "Length", "Kind")
SORTS = ("id", "length ↑", "length ↓")


def token_kind(runtime: Runtime, token_id: int, specials: dict[int, str]) -> str:
    """The Kind column: a special token's kind; for an id whose bytes are empty (Whisper's
    ``=`` rank, or an id no token fills) a label saying so, since its other cells are blank.

    >>> # token_kind(whisper, 50256, {}) -> 'empty (never produced by encoding)'
    """
    if token_id in specials:
        return specials[token_id]
    if runtime.token_bytes(token_id):
        return ""
    return QCoreApplication.translate("VocabModel", "empty (never produced by encoding)")


def vocab_lengths(runtime: Runtime) -> np.ndarray:
    """Byte length of every id's token bytes."""
    return runtime.vocab_bytes.lengths(np.arange(runtime.vocab_size)).astype(np.int32)


def vocab_view(runtime: Runtime, query: str, sort: str, lengths: np.ndarray | None = None
               ) -> np.ndarray:
    """Ids matching ``query`` (a substring of the piece or of its text; a number also matches
    that id), in ``sort`` order.

    >>> # vocab_view(runtime, "ing", "length ↓")[:3] -> the longest pieces containing "ing"
    """
    ids = np.arange(runtime.vocab_size, dtype=np.int64)
    query = query.strip()
    if query:
        needle = query.lower()
        matches = [i for i in range(runtime.vocab_size)
                   if needle in runtime.piece(i).lower()
                   or needle in visible_bytes(runtime.token_bytes(i), show_invisibles=False).lower()]
        if query.isdigit() and int(query) < runtime.vocab_size:
            matches = [int(query)] + [i for i in matches if i != int(query)]
        ids = np.asarray(matches, dtype=np.int64)
    if sort != "id" and len(ids):
        lengths = vocab_lengths(runtime) if lengths is None else lengths
        order = np.argsort(lengths[ids], kind="stable")
        ids = ids[order[::-1]] if sort == "length ↓" else ids[order]
    return ids


class VocabModel(QAbstractTableModel):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.runtime: Runtime | None = None
        self.ids = np.zeros(0, dtype=np.int64)
        self._specials: dict[int, str] = {}
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

    def set_view(self, runtime: Runtime | None, ids: np.ndarray) -> None:
        self.beginResetModel()
        self.runtime = runtime
        self.ids = ids
        self._specials = ({t.id: t.kind for t in runtime.special_tokens()} if runtime else {})
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return COLUMNS[section]
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if self.runtime is None or not index.isValid():
            return None
        token_id = int(self.ids[index.row()])
        col = index.column()
        if role == Qt.ItemDataRole.FontRole and col in (1, 2, 3):
            return self._mono
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if col == 0:
            return str(token_id)
        if col == 1:
            return self.runtime.piece(token_id)
        data = self.runtime.token_bytes(token_id)
        if col == 2:
            return visible_bytes(data)
        if col == 3:
            return hex_bytes(data)
        if col == 4:
            return str(len(data))
        return token_kind(self.runtime, token_id, self._specials)
