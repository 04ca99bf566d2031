"""``BucketTableModel``: a diagnostics report as a table, one row per tokenizer x bucket, with
the premium where the bucket is a language of a parallel corpus. Sorting (through a
``QSortFilterProxyModel``) uses the numbers themselves (``Qt.UserRole``), not their text.
"""

from __future__ import annotations

from PySide6.QtCore import (QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication,
                            QModelIndex, Qt)

from core.diagnostics.result import BucketReport, DiagnosticsReport, LanguagePremium

COLUMNS = (
    ("tokenizer", QT_TRANSLATE_NOOP("BucketTableModel", "Tokenizer")),
    ("bucket", QT_TRANSLATE_NOOP("BucketTableModel", "Bucket")),
    ("documents", QT_TRANSLATE_NOOP("BucketTableModel", "Documents")),
    ("tokens", QT_TRANSLATE_NOOP("BucketTableModel", "Tokens")),
    ("premium", QT_TRANSLATE_NOOP("BucketTableModel", "Premium")),
    ("ci", QT_TRANSLATE_NOOP("BucketTableModel", "95% interval")),
    ("tokens_per_byte", QT_TRANSLATE_NOOP("BucketTableModel", "Tokens/byte")),
    ("tokens_per_cp", QT_TRANSLATE_NOOP("BucketTableModel", "Tokens/char")),
    ("fertility", QT_TRANSLATE_NOOP("BucketTableModel", "Tokens/word")),
    ("p50", QT_TRANSLATE_NOOP("BucketTableModel", "p50")),
    ("p95", QT_TRANSLATE_NOOP("BucketTableModel", "p95")),
    ("p99", QT_TRANSLATE_NOOP("BucketTableModel", "p99")),
    ("max", QT_TRANSLATE_NOOP("BucketTableModel", "Max")),
    ("unk_rate", QT_TRANSLATE_NOOP("BucketTableModel", "UNK")),
    ("byte_fallback_rate", QT_TRANSLATE_NOOP("BucketTableModel", "Byte fallback")),
    ("partial_rate", QT_TRANSLATE_NOOP("BucketTableModel", "Partial chars")),
    ("truncation_rate", QT_TRANSLATE_NOOP("BucketTableModel", "Truncated")),
)
RATES = {"unk_rate", "byte_fallback_rate", "partial_rate", "truncation_rate"}
TOOLTIPS = {
    "premium": QT_TRANSLATE_NOOP("BucketTableModel", "Tokens of this language divided by the "
                                 "pivot's tokens for the same sentences"),
    "fertility": QT_TRANSLATE_NOOP("BucketTableModel", "Tokens per whitespace word, only over "
                                   "texts whose script separates words"),
    "truncation_rate": QT_TRANSLATE_NOOP("BucketTableModel", "Documents longer than the context "
                                         "window minus the template's tokens"),
}

# a bucket key's prefix (core.diagnostics.stats) and the classes ``has:`` names
BUCKET_PREFIXES = {
    "script": QT_TRANSLATE_NOOP("BucketTableModel", "script: {name}"),
    "length": QT_TRANSLATE_NOOP("BucketTableModel", "length in code points: {name}"),
    "domain": QT_TRANSLATE_NOOP("BucketTableModel", "domain: {name}"),
    "has": QT_TRANSLATE_NOOP("BucketTableModel", "with {name}"),
}
CHARACTER_CLASS_NAMES = {
    "number": QT_TRANSLATE_NOOP("BucketTableModel", "digits"),
    "emoji": QT_TRANSLATE_NOOP("BucketTableModel", "emoji"),
    "combining": QT_TRANSLATE_NOOP("BucketTableModel", "combining marks"),
    "rare": QT_TRANSLATE_NOOP("BucketTableModel", "private-use or unassigned characters"),
    "url": QT_TRANSLATE_NOOP("BucketTableModel", "URLs"),
    "email": QT_TRANSLATE_NOOP("BucketTableModel", "email addresses"),
    "code": QT_TRANSLATE_NOOP("BucketTableModel", "code"),
}


def bucket_name(key: str) -> str:
    """A diagnostics bucket as shown: ``all`` and the prefixed keys worded, a language code (or
    a Unicode script's name, a length band, a domain tag: data) as it is.

    >>> # bucket_name("has:url") -> 'with URLs'; bucket_name("eng_Latn") -> 'eng_Latn'
    """
    if key == "all":
        return QCoreApplication.translate("BucketTableModel", "all documents")
    prefix, _, name = key.partition(":")
    if name and prefix in BUCKET_PREFIXES:
        if prefix == "has" and name in CHARACTER_CLASS_NAMES:
            name = QCoreApplication.translate("BucketTableModel", CHARACTER_CLASS_NAMES[name])
        return QCoreApplication.translate("BucketTableModel",
                                          BUCKET_PREFIXES[prefix]).format(name=name)
    return key


class BucketTableModel(QAbstractTableModel):
    """Rows ``(tokenizer, bucket key, BucketReport, LanguagePremium or None)`` of a
    :class:`core.diagnostics.result.DiagnosticsReport`."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.rows: list[tuple[str, str, BucketReport, LanguagePremium | None]] = []

    def set_report(self, report: DiagnosticsReport | None) -> None:
        self.beginResetModel()
        self.rows = []
        for entry in report.tokenizers if report is not None else ():
            premium = entry.premium or {}
            for key, bucket in entry.buckets.items():
                self.rows.append((entry.name, key, bucket, premium.get(key)))
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(COLUMNS)

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation != Qt.Orientation.Horizontal:
            return None
        key, title = COLUMNS[section]
        if role == Qt.ItemDataRole.DisplayRole:
            return self.tr(title)
        if role == Qt.ItemDataRole.ToolTipRole and key in TOOLTIPS:
            return self.tr(TOOLTIPS[key])
        return None

    def value(self, row: int, key: str):
        """The number (or text) behind a cell: what sorting compares."""
        tokenizer, bucket_key, bucket, premium = self.rows[row]
        if key == "tokenizer":
            return tokenizer
        if key == "bucket":
            return bucket_key
        if key == "premium":
            return premium.premium if premium else None
        if key == "ci":
            return premium.ci[0] if premium else None
        return bucket.value(key)

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        key = COLUMNS[index.column()][0]
        value = self.value(index.row(), key)
        if role == Qt.ItemDataRole.UserRole:
            return value if value is not None else float("-inf")
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(index.row(), key, value)
        if role == Qt.ItemDataRole.TextAlignmentRole and index.column() >= 2:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return None

    def _text(self, row: int, key: str, value) -> str:
        if value is None:
            return "–"
        if key == "bucket":
            return bucket_name(value)
        if key == "ci":
            low, high = self.rows[row][3].ci
            return f"{low:.2f}–{high:.2f}"
        if key in RATES:
            return f"{value:.2%}"
        if isinstance(value, float):
            return f"{value:.3f}"
        if isinstance(value, int):
            return f"{value:,}"
        return str(value)

    def tsv(self) -> str:
        """The table as TSV (header and every row), for the clipboard."""
        lines = ["\t".join(self.tr(title) for _, title in COLUMNS)]
        for row in range(len(self.rows)):
            lines.append("\t".join(self._text(row, key, self.value(row, key))
                                   for key, _ in COLUMNS))
        return "\n".join(lines)
