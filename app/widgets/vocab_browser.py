"""``VocabBrowser``: search a vocabulary by piece, text or ID; sort by ID or length.

Filtering and sorting run off the GUI thread for large vocabularies; the table is a lazy
:class:`app.models.vocab.VocabModel`.
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QCoreApplication, QTimer
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QTableView, QVBoxLayout, QWidget)

from app.models.vocab import SORTS, VocabModel, vocab_lengths, vocab_view
from app.tasks import TaskRunner
from core.runtimes.base import Runtime


class VocabBrowser(QWidget):
    def __init__(self, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.runtime: Runtime | None = None
        self._lengths: dict[int, np.ndarray] = {}
        self.search = QLineEdit(placeholderText=self.tr("Search piece or text, or type an ID…"))
        self.search.setClearButtonEnabled(True)
        self.sort = QComboBox()
        for key, label in SORTS.items():  # shown translated; the key is what vocab_view reads
            self.sort.addItem(QCoreApplication.translate("VocabModel", label), key)
        self.count = QLabel()
        self.model = VocabModel(self)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for col, width in enumerate((80, 200, 200, 220, 60)):
            self.table.setColumnWidth(col, width)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(QLabel(self.tr("Sort by")))
        top.addWidget(self.sort)
        top.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addWidget(self.table)
        self._debounce = QTimer(self, singleShot=True, interval=200)
        self._debounce.timeout.connect(self._update_view)
        self.search.textChanged.connect(self._debounce.start)
        self.sort.currentIndexChanged.connect(self._update_view)

    def set_runtime(self, runtime: Runtime | None) -> None:
        self.runtime = runtime
        self._update_view()

    def _update_view(self) -> None:
        runtime = self.runtime
        if runtime is None:
            self.model.set_view(None, np.zeros(0, dtype=np.int64))
            self.count.setText("")
            return
        query, sort = self.search.text(), self.sort.currentData()
        key = id(runtime)
        if not query and sort == "id":  # the common case needs no work at all
            self._on_view_ready((runtime, np.arange(runtime.vocab_size), None))
            return
        self.count.setText(self.tr("searching…"))

        def compute():
            lengths = self._lengths.get(key)
            if lengths is None and sort != "id":
                lengths = vocab_lengths(runtime)
            return runtime, vocab_view(runtime, query, sort, lengths), lengths

        self.tasks.run("vocab", compute, on_done=self._on_view_ready)

    def _on_view_ready(self, result) -> None:
        runtime, ids, lengths = result
        if runtime is not self.runtime:
            return
        if lengths is not None:
            self._lengths[id(runtime)] = lengths
        self.model.set_view(runtime, ids)
        self.count.setText(self.tr("{shown} of {n} entry(s)", "", runtime.vocab_size).format(
            shown=f"{len(ids):,}", n=f"{runtime.vocab_size:,}"))
        query = self.search.text().strip()
        if query.isdigit() and len(ids):
            self.table.selectRow(0)
