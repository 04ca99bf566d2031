"""``VocabDiffModel``: the vocabulary diff as a table, one row per id pair, made lazily so a
256k-row vocabulary costs one numpy array per filter, not a Python object per row."""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt

OLD_ID, OLD_PIECE, NEW_ID, NEW_PIECE, CHANGE = range(5)
FILTERS = ("all", "kept_new_id", "id_new_piece", "added", "removed", "kind_changed")


class VocabDiffModel(QAbstractTableModel):
    """Rows ``(old_id, new_id)`` (-1 where a side has none) of a :class:`TokenizerDiff`,
    filtered to one category."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.diff = None
        self.rows = np.zeros((0, 2), dtype=np.int64)
        self.category = "all"

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return (self.tr("Old ID"), self.tr("Old piece"), self.tr("New ID"), self.tr("New piece"),
                self.tr("Change"))[section]

    def change_names(self) -> dict[str, str]:
        return {"all": self.tr("all"), "same": self.tr("kept"),
                "kept_new_id": self.tr("same piece, new ID"),
                "id_new_piece": self.tr("same ID, new piece"), "added": self.tr("added"),
                "removed": self.tr("removed"), "kind_changed": self.tr("kind changed")}

    def set_diff(self, diff, category: str = "all") -> None:
        self.beginResetModel()
        self.diff = diff
        self.category = category
        self.rows = self._rows(category) if diff is not None else np.zeros((0, 2), np.int64)
        self.endResetModel()

    def _rows(self, category: str) -> np.ndarray:
        v = self.diff.vocab
        if category == "all":
            old = np.arange(v.old_size)
            added = v.added()
            return np.concatenate([np.stack([old, v.new_id_of_old], axis=1),
                                   np.stack([np.full(len(added), -1), added], axis=1)])
        if category == "added":
            added = v.added()
            return np.stack([np.full(len(added), -1), added], axis=1)
        if category == "id_new_piece":
            ids = v.id_new_piece()
            return np.stack([ids, ids], axis=1)
        ids = {"kept_new_id": v.kept_new_id, "removed": v.removed,
               "kind_changed": v.kind_changed}[category]()
        return np.stack([ids, v.new_id_of_old[ids] if len(ids) else ids], axis=1)

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else 5

    def change_of(self, old_id: int, new_id: int) -> str:
        """The category of one row (the first that applies)."""
        v = self.diff.vocab
        if old_id < 0:
            return "added"
        if new_id < 0:
            return "removed"
        if self.category == "id_new_piece" or (old_id == new_id and
                                               v.old_keys[old_id] != v.new_keys[new_id]):
            return "id_new_piece"
        if old_id != new_id:
            return "kept_new_id"
        if v.old_kinds[old_id] != v.new_kinds[new_id]:
            return "kind_changed"
        return "same"

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or role not in (Qt.ItemDataRole.DisplayRole,
                                               Qt.ItemDataRole.ToolTipRole):
            return None
        old_id, new_id = (int(x) for x in self.rows[index.row()])
        column = index.column()
        if column == OLD_ID:
            return str(old_id) if old_id >= 0 else ""
        if column == NEW_ID:
            return str(new_id) if new_id >= 0 else ""
        if column == OLD_PIECE:
            return self.diff.old_pieces[old_id] if old_id >= 0 else ""
        if column == NEW_PIECE:
            # "same ID, new piece" rows show the piece the new vocabulary has at that id
            return self.diff.new_pieces[new_id] if new_id >= 0 else ""
        return self.change_names()[self.change_of(old_id, new_id)]

    def row_of(self, old_id: int | None, new_id: int | None) -> int | None:
        """The row showing ``old_id`` (else ``new_id``), or None."""
        for side, wanted in ((0, old_id), (1, new_id)):
            if wanted is None or wanted < 0:
                continue
            found = np.flatnonzero(self.rows[:, side] == wanted)
            if len(found):
                return int(found[0])
        return None
