"""``VocabModel``: a lazy view over a runtime's vocabulary (256k rows scroll smoothly).

The rows shown are an array of ids (filtered and sorted off the GUI thread by
:func:`vocab_view`); a cell is computed only when Qt paints it. Ids no token has (the holes of a
tiktoken rank file, o200k's 199,998 and 200,000–200,017) are labelled *unassigned* and greyed;
WordPiece continuation pieces (``##ing``) are labelled as such.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex,
                            Qt)
from PySide6.QtGui import QColor, QFontDatabase

from core.runtimes.base import Runtime
from core.text import hex_bytes, visible_bytes

COLUMNS = (QT_TRANSLATE_NOOP("VocabModel", "ID"), QT_TRANSLATE_NOOP("VocabModel", "Piece"),
           QT_TRANSLATE_NOOP("VocabModel", "Text"), QT_TRANSLATE_NOOP("VocabModel", "Bytes"),
           QT_TRANSLATE_NOOP("VocabModel", "Length"), QT_TRANSLATE_NOOP("VocabModel", "Kind"))
# sort orders: the key :func:`vocab_view` reads -> its label, translated when shown
SORTS = {"id": QT_TRANSLATE_NOOP("VocabModel", "ID"),
         "length ↑": QT_TRANSLATE_NOOP("VocabModel", "Length ↑ (shortest first)"),
         "length ↓": QT_TRANSLATE_NOOP("VocabModel", "Length ↓ (longest first)")}
UNASSIGNED_COLOR = QColor("#9a9a9a")


def is_unassigned(runtime: Runtime, token_id: int) -> bool:
    """True for an id below the vocabulary size that no token has: no piece, no bytes (and not a
    special token, whose literal is its bytes), and not a rank file's empty token."""
    return (not runtime.token_bytes(token_id) and not runtime.piece(token_id)
            and token_id != _empty_token_id(runtime))


def _empty_token_id(runtime: Runtime) -> int | None:
    """The id of a rank file's empty token (Whisper's ``=`` line), which is a real token."""
    return getattr(runtime, "ranks", {}).get(b"")


def continuation_prefix(runtime: Runtime) -> str:
    """The prefix marking a piece that continues a word (WordPiece's ``##``), or ""."""
    return getattr(runtime, "prefix", "") or ""


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
        self._prefix = ""
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

    def set_view(self, runtime: Runtime | None, ids: np.ndarray) -> None:
        self.beginResetModel()
        self.runtime = runtime
        self.ids = ids
        self._specials = ({t.id: t.kind for t in runtime.special_tokens()} if runtime else {})
        self._prefix = continuation_prefix(runtime) if runtime else ""
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.ids)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role == Qt.ItemDataRole.DisplayRole and orientation == Qt.Orientation.Horizontal:
            return self.tr(COLUMNS[section])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if self.runtime is None or not index.isValid():
            return None
        token_id = int(self.ids[index.row()])
        col = index.column()
        if role == Qt.ItemDataRole.FontRole and col in (1, 2, 3):
            return self._mono
        if role == Qt.ItemDataRole.ForegroundRole:
            return UNASSIGNED_COLOR if self._unassigned(token_id) else None
        if role != Qt.ItemDataRole.DisplayRole:
            return None
        if col == 0:
            return str(token_id)
        if self._unassigned(token_id):
            return {1: self.tr("(unassigned)"), 5: self.tr("unassigned")}.get(col, "")
        if col == 1:
            return self.runtime.piece(token_id)
        data = self.runtime.token_bytes(token_id)
        if col == 2:
            return visible_bytes(data)
        if col == 3:
            return hex_bytes(data)
        if col == 4:
            return str(len(data))
        return self.kind(token_id)

    def _unassigned(self, token_id: int) -> bool:
        return token_id not in self._specials and is_unassigned(self.runtime, token_id)

    def kind(self, token_id: int) -> str:
        """What the Kind column says: the special token's kind, "continuation (##)" for a
        WordPiece piece that continues a word, a label for a real token with no bytes (see
        :func:`token_kind`), else nothing."""
        if self._prefix and self.runtime.piece(token_id).startswith(self._prefix):
            return self.tr("continuation ({prefix})").format(prefix=self._prefix)
        return token_kind(self.runtime, token_id, self._specials)
