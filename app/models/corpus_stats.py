"""Corpus statistics: ``CorpusStatsModel``, the table over the :class:`core.corpus.CorpusReport`
that reading the corpus gave (:func:`app.jobs.corpus.read_statistics`; per source or per
language, with totals), and the bad-input report.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from PySide6.QtCore import QT_TRANSLATE_NOOP, QAbstractTableModel, QCoreApplication, QModelIndex, Qt
from PySide6.QtGui import QFont

from app.jobs.corpus import CorpusStatsResult
from core.numbers import size_text
from core.corpus import CorpusReport

NUMBERS = ("documents", "bytes", "code_points", "graphemes", "duplicates", "weighted_bytes")
HEADERS = (QT_TRANSLATE_NOOP("CorpusStatsModel", "Documents"),
           QT_TRANSLATE_NOOP("CorpusStatsModel", "Bytes"),
           QT_TRANSLATE_NOOP("CorpusStatsModel", "Code points"),
           QT_TRANSLATE_NOOP("CorpusStatsModel", "Graphemes"),
           QT_TRANSLATE_NOOP("CorpusStatsModel", "Duplicates"),
           QT_TRANSLATE_NOOP("CorpusStatsModel", "To training"))


@dataclass
class InputIssue:
    """One line of the bad-input report."""

    path: str
    what: str
    lines: list[int] = field(default_factory=list)
    count: int = 0


def input_issues(result: CorpusStatsResult) -> list[InputIssue]:
    """Everything the reader fixed or skipped, per file (invalid UTF-8, BOM, CRLF, capped lines,
    empty documents)."""
    issues = []
    for stats in result.report.sources:
        name = Path(stats.path).name
        if stats.invalid_utf8_count:
            issues.append(InputIssue(name, QCoreApplication.translate(
                "InputIssue", "invalid UTF-8 replaced with U+FFFD"),
                                     stats.invalid_utf8_lines, stats.invalid_utf8_count))
        if stats.capped_lines:
            issues.append(InputIssue(name, QCoreApplication.translate(
                "InputIssue", "over-long lines cut"), stats.capped_lines,
                                     len(stats.capped_lines)))
        if stats.bom:
            issues.append(InputIssue(name, QCoreApplication.translate(
                "InputIssue", "byte-order mark stripped"), [1], 1))
        if stats.crlf:
            issues.append(InputIssue(name, QCoreApplication.translate(
                "InputIssue", "CRLF line ends read as LF"), [], stats.crlf))
    return issues


class CorpusStatsModel(QAbstractTableModel):
    """Rows per source (``by="source"``) or per language (``by="language"``), then a total."""

    def __init__(self, by: str = "source", parent=None) -> None:
        super().__init__(parent)
        self.by = by
        self.rows: list[tuple[str, dict]] = []

    def set_report(self, report: CorpusReport | None) -> None:
        self.beginResetModel()
        self.rows = []
        if report is not None and report.sources:
            if self.by == "language":
                self.rows = sorted(report.by_language().items())
            else:
                self.rows = [(Path(s.path).name, {k: getattr(s, k) for k in NUMBERS})
                             for s in report.sources]
            total = Counter()
            for _, numbers in self.rows:
                total.update(numbers)
            self.rows.append((self.tr("Total"), dict(total)))
        self.endResetModel()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.rows)

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else len(NUMBERS) + 1

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            if section == 0:
                return self.tr("Source") if self.by == "source" else self.tr("Language")
            return self.tr(HEADERS[section - 1])
        return None

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid():
            return None
        name, numbers = self.rows[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            if column == 0:
                return name
            key = NUMBERS[column - 1]
            value = numbers.get(key, 0)
            return size_text(value) if key.endswith("bytes") else f"{value:,}"
        if role == Qt.ItemDataRole.ToolTipRole and column:
            key = NUMBERS[column - 1]
            if key == "weighted_bytes":
                return self.tr("%Ln byte(s) go to training: each source's documents times its "
                               "sampling weight", "", numbers.get(key, 0))
            if key == "bytes":
                return self.tr("%Ln byte(s)", "", numbers.get("bytes", 0))
        if role == Qt.ItemDataRole.TextAlignmentRole and column:
            return int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if role == Qt.ItemDataRole.FontRole and index.row() == len(self.rows) - 1:
            font = QFont()
            font.setBold(True)
            return font
        return None
