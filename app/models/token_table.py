"""``TokenTableModel``: the token table over one :class:`core.encodings.encoding.Encoding`.

Cells are computed when Qt asks for them, so a million-token encoding costs nothing until
scrolled to.
"""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QModelIndex, Qt
from PySide6.QtGui import QColor, QFontDatabase

from app.messages import unit_label
from core.encodings.encoding import Encoding, Flag
from core.encodings.export import TOKEN_COLUMNS as COLUMNS
from core.encodings.export import token_cell
from core.text.offsets import Unit, hex_bytes

FLAG_COLORS = {  # background per flag, most telling first
    Flag.PAD: QColor("#e3e3e3"),  # padding: grey, not the special tokens' violet
    Flag.UNK: QColor("#f8c9c4"),
    Flag.SPECIAL: QColor("#dcd3f5"),
    Flag.BYTE_FALLBACK: QColor("#fbe3bf"),
    Flag.SECOND: QColor("#dff4e8"),  # a pair's second text
    Flag.PARTIAL: QColor("#fff2b3"),
}
HIGHLIGHT = QColor("#9ecbff")
# core's column names (English, Qt-free) -> the header shown, translated when shown; the span
# column names its unit (see ``headerData``). Copies and exports write core's English names
# instead (:func:`core.encodings.export.token_header`): they are data, the same in every UI language.
HEADERS = {
    "#": QT_TRANSLATE_NOOP("TokenTableModel", "#"),
    "Piece": QT_TRANSLATE_NOOP("TokenTableModel", "Piece"),
    "ID": QT_TRANSLATE_NOOP("TokenTableModel", "ID"),
    "Bytes": QT_TRANSLATE_NOOP("TokenTableModel", "Bytes"),
    "Span": QT_TRANSLATE_NOOP("TokenTableModel", "Span"),
    "Original text": QT_TRANSLATE_NOOP("TokenTableModel", "Original text"),
    "Flags": QT_TRANSLATE_NOOP("TokenTableModel", "Flags"),
}
SPAN = COLUMNS.index("Span")
FLAGS = COLUMNS.index("Flags")
# core's flag names (:data:`core.encodings.encoding.FLAG_NAMES`, also the JSON output's) -> shown, translated
FLAG_LABELS = {
    "special": QT_TRANSLATE_NOOP("TokenTableModel", "special"),
    "unk": QT_TRANSLATE_NOOP("TokenTableModel", "unk"),
    "byte_fallback": QT_TRANSLATE_NOOP("TokenTableModel", "byte_fallback"),
    "partial": QT_TRANSLATE_NOOP("TokenTableModel", "partial"),
    "inserted": QT_TRANSLATE_NOOP("TokenTableModel", "inserted"),
    "pad": QT_TRANSLATE_NOOP("TokenTableModel", "pad"),
    "second_text": QT_TRANSLATE_NOOP("TokenTableModel", "second_text"),
}


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
        if section == SPAN:
            return self.tr("Span ({unit})").format(unit=unit_label(self.unit))
        return self.tr(HEADERS[COLUMNS[section]])

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        enc = self.encoding
        if enc is None or not index.isValid():
            return None
        row, col = index.row(), index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if col == FLAGS:
                return self.flags_text(row)
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

    def flags_text(self, row: int) -> str:
        """The Flags cell: core's flag names, translated (a copy writes core's own names)."""
        separator = self.tr(", ", "between two flag names")
        return separator.join(self.tr(FLAG_LABELS[name]) for name in self.encoding.flag_names(row))

    def tooltip(self, row: int) -> str:
        enc = self.encoding
        if enc is None or not 0 <= row < len(enc):
            return ""
        lines = [self.tr("token {row}: id {id}").format(row=row, id=int(enc.ids[row])),
                 self.tr("piece: {piece}").format(piece=enc.piece_at(row)),
                 self.tr("bytes: {hex}").format(hex=hex_bytes(enc.bytes_at(row))
                                                or self.tr("(none)"))]
        for unit in Unit:
            s, e = enc.spans(unit)
            lines.append(f"{unit_label(unit)}: {s[row]}–{e[row]}")
        flags = self.flags_text(row)
        if flags:
            lines.append(self.tr("flags: {flags}").format(flags=flags))
        if enc.flags[row] & Flag.PARTIAL:
            lines.append(self.tr("covers part of a character: spans in other units are widened "
                                 "outward"))
        return "\n".join(lines)
