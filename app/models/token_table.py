"""``TokenTableModel``: the token table over one :class:`core.encoding.Encoding`.

Cells are computed when Qt asks for them, so a million-token encoding costs nothing until
scrolled to.
"""

from __future__ import annotations

from PySide6.QtCore import QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor, QFontDatabase

from app.messages import unit_label
from core.encoding import Encoding, Flag
from core.export import TOKEN_COLUMNS as COLUMNS
from core.export import token_cell
from core.text import Unit, hex_bytes
FLAG_COLORS = {  # background per flag, most telling first
    Flag.UNK: QColor("#f8c9c4"),
    Flag.SPECIAL: QColor("#dcd3f5"),
    Flag.BYTE_FALLBACK: QColor("#fbe3bf"),
    Flag.PARTIAL: QColor("#fff2b3"),
}
HIGHLIGHT = QColor("#9ecbff")
# the cells core formats (the same as ``tokbench inspect`` prints); "Original text" is ours


def flag_color(flags: int) -> QColor | None:
    for flag, color in FLAG_COLORS.items():
        if flags & flag:
            return color
    return None


class TokenTableModel(QAbstractTableModel):
    """One row per token: index, visible piece, id, bytes (hex), span in the chosen unit,
    the original text it covers, flags."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.encoding: Encoding | None = None
        self.unit = Unit.CP
        self.highlighted = -1
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

    def set_encoding(self, encoding: Encoding | None) -> None:
        self.beginResetModel()
        self.encoding = encoding
        self.highlighted = -1
        self.endResetModel()

    def set_unit(self, unit: Unit) -> None:
        self.unit = unit
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 4, 4)
        if self.rowCount():
            self.dataChanged.emit(self.index(0, 4), self.index(self.rowCount() - 1, 4))

    def set_highlighted(self, row: int) -> None:
        old, self.highlighted = self.highlighted, row
        for r in (old, row):
            if 0 <= r < self.rowCount():
                self.dataChanged.emit(self.index(r, 0), self.index(r, len(COLUMNS) - 1))

    # -- Qt model ------------------------------------------------------------------------
    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() or self.encoding is None else len(self.encoding)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        if section == 4:
            return f"Span ({unit_label(self.unit)})"
        return COLUMNS[section]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        enc = self.encoding
        if enc is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return token_cell(enc, row, col, self.unit)
        if role == Qt.ItemDataRole.BackgroundRole:
            if row == self.highlighted:
                return HIGHLIGHT
            return flag_color(int(enc.flags[row]))
        if role == Qt.ItemDataRole.FontRole and col in (1, 3, 5):
            return self._mono
        if role == Qt.ItemDataRole.ToolTipRole:
            return self.tooltip(row)
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 2):
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def tooltip(self, row: int) -> str:
        enc = self.encoding
        if enc is None or not 0 <= row < len(enc):
            return ""
        lines = [f"token {row}: id {int(enc.ids[row])}", f"piece: {enc.piece_at(row)}",
                 f"bytes: {hex_bytes(enc.bytes_at(row)) or '(none)'}"]
        for unit in Unit:
            s, e = enc.spans(unit)
            lines.append(f"{unit_label(unit)}: {s[row]}–{e[row]}")
        flags = enc.flag_names(row)
        if flags:
            lines.append("flags: " + ", ".join(flags))
        if enc.flags[row] & Flag.PARTIAL:
            lines.append("covers part of a character: spans in other units are widened outward")
        return "\n".join(lines)
