"""``SourceEditor``: the options of one corpus source (how its file is split into documents,
its tags and weight)."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, Signal
from PySide6.QtWidgets import (QComboBox, QDoubleSpinBox, QFormLayout, QGroupBox, QHBoxLayout,
                               QLineEdit)

from core.corpus import KINDS, CorpusSource

KIND_LABELS = {
    "lines": QT_TRANSLATE_NOOP("SourceEditor", "Text: a document per line"),
    "paragraphs": QT_TRANSLATE_NOOP("SourceEditor", "Text: a document per blank-line paragraph"),
    "jsonl": QT_TRANSLATE_NOOP("SourceEditor", "JSONL: a field of each record"),
    "csv": QT_TRANSLATE_NOOP("SourceEditor", "CSV: a column"),
    "tsv": QT_TRANSLATE_NOOP("SourceEditor", "TSV: a column"),
}


class SourceEditor(QGroupBox):
    """Edits the selected source; changes are reported, the caller applies them.

    Signals:
        edited(dict): field name → new value, for fields the user changed.
    """

    edited = Signal(dict)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.kind = QComboBox()
        for kind in KINDS:
            self.kind.addItem(self.tr(KIND_LABELS[kind]), kind)
        self.field = QLineEdit()
        self.field.setPlaceholderText("text")  # i18n: data (the default field's name)
        self.field.setToolTip(self.tr("Dotted path of the text in each JSON record, e.g. text or "
                                      "messages.0.content"))
        self.column = QLineEdit()
        self.column.setPlaceholderText("0")
        self.column.setToolTip(self.tr("Column name (the first row is then a header) or 0-based "
                                       "index"))
        self.lang = QLineEdit()
        self.lang.setPlaceholderText(self.tr("e.g. en, zh, ja"))
        self.domain = QLineEdit()
        self.domain.setPlaceholderText(self.tr("e.g. news, code"))
        self.weight = QDoubleSpinBox()
        self.weight.setRange(0.0, 1000.0)
        self.weight.setDecimals(2)
        self.weight.setSingleStep(0.1)
        self.weight.setToolTip(self.tr("Sampling weight of this source relative to the others"))
        tags = QHBoxLayout()
        tags.addWidget(self.lang)
        tags.addWidget(self.domain)
        tags.addWidget(self.weight)
        form = QFormLayout(self)
        form.addRow(self.tr("Documents"), self.kind)
        form.addRow(self.tr("JSON field"), self.field)
        form.addRow(self.tr("Column"), self.column)
        form.addRow(self.tr("Lang · domain · weight"), tags)
        self._form = form
        self._source: CorpusSource | None = None
        self.kind.currentIndexChanged.connect(self._on_kind_changed)
        for edit, name in ((self.field, "field"), (self.column, "column"), (self.lang, "lang"),
                           (self.domain, "domain")):
            edit.editingFinished.connect(lambda e=edit, n=name: self._on_text_edited(n, e))
        self.weight.editingFinished.connect(
            lambda: self._emit({"weight": float(self.weight.value())}))
        self.set_source(None)

    def set_source(self, source: CorpusSource | None) -> None:
        """Show ``source``'s options (``None`` disables the editor)."""
        self._source = source
        self.setEnabled(source is not None)
        widgets = (self.kind, self.field, self.column, self.lang, self.domain, self.weight)
        for widget in widgets:
            widget.blockSignals(True)
        if source is not None:
            self.setTitle(self.tr("Selected source: {name}").format(name=source.path.name))
            self.kind.setCurrentIndex(KINDS.index(source.kind))
            self.field.setText(source.field)
            self.column.setText(str(source.column))
            self.lang.setText(source.lang)
            self.domain.setText(source.domain)
            self.weight.setValue(source.weight)
        else:
            self.setTitle(self.tr("Selected source"))
            for edit in (self.field, self.column, self.lang, self.domain):
                edit.clear()
        for widget in widgets:
            widget.blockSignals(False)
        self._update_visible_rows()

    def _update_visible_rows(self) -> None:
        kind = self.kind.currentData()
        self._form.setRowVisible(self.field, kind == "jsonl")
        self._form.setRowVisible(self.column, kind in ("csv", "tsv"))

    def _on_kind_changed(self, _index: int) -> None:
        self._update_visible_rows()
        self._emit({"kind": self.kind.currentData()})

    def _on_text_edited(self, name: str, edit: QLineEdit) -> None:
        value: str | int = edit.text().strip()
        if name == "field" and not value:
            value = "text"
        if name == "column":
            value = int(value) if str(value).isdigit() else (value or 0)
        self._emit({name: value})

    def _emit(self, changes: dict) -> None:
        if self._source is None:
            return
        changed = {k: v for k, v in changes.items() if getattr(self._source, k) != v}
        if changed:
            self.edited.emit(changed)
