"""``VocabBrowser``: search a vocabulary by piece, text or ID; sort by ID or length; audit it
(partial, unreachable, unused and sensitive pieces) and show only what the audit found.

Filtering, sorting and the audit run off the GUI thread (the audit as a stoppable job with
progress); the table is a lazy :class:`app.models.vocab.VocabModel` (256k rows scroll smoothly).

Signals:
    audited(object, object): a runtime and its finished :class:`core.audit.AuditReport`.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QTimer, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QProgressBar, QPushButton, QTableView, QVBoxLayout,
                               QWidget)

from app.folders import ask_save_file
from app.jobs.vocab import vocab_page
from app.models.vocab import BADGES, COUNT_SORT, SORTS, VocabModel
from app.tasks import JobHandle, TaskRunner
from app.jobs.vocab import audit_with_group_sizes
from core.audit import AuditReport
from core.audit.report import FILTERS, JSON_VERSION as AUDIT_JSON_VERSION
from core.audit.sensitive import read_names
from core.envelope import json_line
from core.formats.runtime import Runtime

PHASES = {"reachability": QT_TRANSLATE_NOOP("VocabBrowser", "encoding every token's text"),
          "merges": QT_TRANSLATE_NOOP("VocabBrowser", "replaying merges"),
          "pieces": QT_TRANSLATE_NOOP("VocabBrowser", "checking pieces"),
          "corpus": QT_TRANSLATE_NOOP("VocabBrowser", "counting use on the corpus")}


class VocabBrowser(QWidget):
    audited = Signal(object, object)

    def __init__(self, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.tasks = tasks
        self.runtime: Runtime | None = None
        self.corpus_sources: list = []
        self.corpus_policy = "strict"
        self._lengths: dict[int, np.ndarray] = {}
        self._views: dict[int, object] = {}  # id(runtime) -> its ModelView, built in a worker
        self._audits: dict[int, AuditReport] = {}
        self._audit_job: JobHandle | None = None  # the latest audit
        self.search = QLineEdit(placeholderText=self.tr("Search piece or text, or type an ID…"))
        self.search.setClearButtonEnabled(True)
        self.sort = QComboBox()
        for key, label in SORTS.items():  # shown translated; the key is what vocab_page reads
            self.sort.addItem(QCoreApplication.translate("VocabModel", label), key)
        self.count = QLabel()
        self.model = VocabModel(self)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Vocabulary"))
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.setAlternatingRowColors(True)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for col, width in enumerate((70, 170, 170, 190, 55, 110)):
            self.table.setColumnWidth(col, width)
        top = QHBoxLayout()
        top.addWidget(self.search, 1)
        top.addWidget(QLabel(self.tr("Sort by")))
        top.addWidget(self.sort)
        top.addWidget(self.count)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(top)
        layout.addLayout(self._build_audit_row())
        layout.addWidget(self.table)
        self._debounce = QTimer(self, singleShot=True, interval=200)
        self._debounce.timeout.connect(self._update_view)
        self.search.textChanged.connect(self._debounce.start)
        self.sort.currentIndexChanged.connect(self._update_view)

    def _build_audit_row(self) -> QHBoxLayout:
        self.audit_button = QPushButton()
        self._show_audit_button(running=False)
        self.audit_button.clicked.connect(self._on_audit_clicked)
        self.names = QLineEdit(placeholderText=self.tr("Your own names to look for, comma-separated"))
        self.show_only = QComboBox()
        self.show_only.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.show_only.setEnabled(False)
        self.show_only.currentIndexChanged.connect(self._update_view)
        self.export_button = QPushButton(self.tr("Export…"))
        self.export_button.setEnabled(False)
        self.export_button.clicked.connect(self._on_export_clicked)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.hide()
        self._fill_filters(None)
        row = QHBoxLayout()
        row.addWidget(self.audit_button)
        row.addWidget(self.names, 1)
        row.addWidget(self.progress)
        row.addWidget(QLabel(self.tr("Show")))
        row.addWidget(self.show_only)
        row.addWidget(self.export_button)
        return row

    # -- what is shown -------------------------------------------------------------------
    def set_runtime(self, runtime: Runtime | None) -> None:
        self._stop_audit()
        self.runtime = runtime
        self._fill_filters(self.audit)
        self._update_view()

    def set_corpus(self, sources: list, policy: str = "strict") -> None:
        """The Corpus pane's sources: the next audit counts token use on them."""
        self.corpus_sources, self.corpus_policy = list(sources), policy

    @property
    def audit(self) -> AuditReport | None:
        """The shown runtime's audit, once one has run."""
        return self.audit_for(self.runtime)

    def audit_for(self, runtime: Runtime | None) -> AuditReport | None:
        return self._audits.get(id(runtime)) if runtime is not None else None

    def _update_view(self) -> None:
        runtime = self.runtime
        if runtime is None:
            self.model.set_view(None, np.zeros(0, dtype=np.int64))
            self.count.setText("")
            return
        query, sort, only = self.search.text(), self.sort.currentData(), self.show_only.currentData()
        key = id(runtime)
        audit = self.audit
        mask = audit.mask(only) if audit is not None and only else None
        counts = audit.usage.counts if audit is not None and audit.usage is not None else None
        groups = audit.group_keys() if only == "near-duplicate" else None
        view = self._views.get(key)
        if not query and sort == "id" and mask is None and view is not None:
            self._on_view_ready((runtime, np.arange(runtime.vocab_size), None, view))
            return  # the common case needs no work at all
        self.count.setText(self.tr("searching…"))
        self.tasks.submit("vocab", vocab_page, runtime, query, sort, self._lengths.get(key),
                          mask, counts, groups, latest_only=True, on_result=self._on_view_ready)

    def _on_view_ready(self, result) -> None:
        runtime, ids, lengths, view = result
        if runtime is not self.runtime:
            return
        if lengths is not None:
            self._lengths[id(runtime)] = lengths
        self._views[id(runtime)] = view
        self.model.set_view(runtime, ids, view, self.audit)
        self.count.setText(self.tr("{shown} of {n} entry(s)", "", runtime.vocab_size).format(
            shown=f"{len(ids):,}", n=f"{runtime.vocab_size:,}"))
        query = self.search.text().strip()
        if query.isdigit() and len(ids):
            self.table.selectRow(0)

    def _fill_filters(self, audit: AuditReport | None) -> None:
        """The Show list: everything, then each audit group with its size (only after an
        audit; a group the audit has no answer for is left out)."""
        current = self.show_only.currentData()
        self.show_only.blockSignals(True)
        self.show_only.clear()
        self.show_only.addItem(self.tr("all tokens"), None)
        sizes = audit.group_sizes() if audit is not None else {}
        for name in FILTERS if audit is not None else ():
            if sizes[name] is not None:
                label = QCoreApplication.translate("VocabModel", BADGES[name])
                self.show_only.addItem(self.tr("{group} ({n})").format(
                    group=label, n=f"{sizes[name]:,}"), name)
        found = self.show_only.findData(current)
        self.show_only.setCurrentIndex(max(found, 0))
        self.show_only.blockSignals(False)
        self.show_only.setEnabled(audit is not None)
        self.export_button.setEnabled(audit is not None)
        self._offer_count_sort(audit is not None and audit.usage is not None)

    def _offer_count_sort(self, offered: bool) -> None:
        """The corpus-count sort, while the shown audit has counts."""
        found = self.sort.findData(COUNT_SORT[0])
        if offered and found < 0:
            self.sort.addItem(QCoreApplication.translate("VocabModel", COUNT_SORT[1]),
                              COUNT_SORT[0])
        elif not offered and found >= 0:
            if self.sort.currentIndex() == found:
                self.sort.setCurrentIndex(0)
            self.sort.removeItem(found)

    # -- the audit -----------------------------------------------------------------------
    def start_audit(self) -> None:
        runtime = self.runtime
        if runtime is None:
            return
        self._show_audit_button(running=True)
        self.progress.setRange(0, 0)
        self.progress.setFormat(self.tr("starting…"))
        self.progress.show()
        names = read_names(self.names.text().replace(",", "\n"))
        self._audit_job = self.tasks.submit(
            "audit", audit_with_group_sizes, runtime, sources=self.corpus_sources, names=names,
            policy=self.corpus_policy, latest_only=True, on_progress=self._on_audit_progressed,
            on_result=lambda audit: self._on_audit_finished(runtime, audit),
            on_error=self._on_audit_failed, on_cancelled=self._end_audit)

    def _stop_audit(self) -> None:
        if self._audit_job is not None:
            self._audit_job.cancel()

    def _on_audit_clicked(self) -> None:
        if not self.progress.isHidden():  # running: the button stops it
            self._stop_audit()
            self._end_audit()
        else:
            self.start_audit()

    def _on_audit_progressed(self, report) -> None:
        phase = QCoreApplication.translate("VocabBrowser", PHASES.get(report.phase, report.phase))
        if report.total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(report.fraction * 1000))
        else:
            self.progress.setRange(0, 0)
        self.progress.setFormat(phase)

    def _on_audit_finished(self, runtime: Runtime, audit: AuditReport) -> None:
        self._end_audit()
        self._audits[id(runtime)] = audit
        if runtime is self.runtime:
            self._fill_filters(audit)
            self._update_view()
        self.audited.emit(runtime, audit)

    def _on_audit_failed(self, message: str) -> None:
        self._end_audit()
        self.count.setText(self.tr("audit failed: {message}").format(message=message))

    def _end_audit(self) -> None:
        self.progress.hide()
        self._show_audit_button(running=False)

    def _show_audit_button(self, *, running: bool) -> None:
        """The one audit button starts the audit, and stops it while it runs."""
        if running:
            self.audit_button.setText(self.tr("Stop audit"))
            self.audit_button.setToolTip(self.tr("Stop the audit; nothing of it is kept"))
            return
        self.audit_button.setText(self.tr("Audit vocabulary"))
        self.audit_button.setToolTip(self.tr(
            "Encode every token's own text, look for sensitive or boilerplate pieces and, with "
            "sources in the Corpus pane, count which tokens the corpus uses"))

    def show_group(self, name: str | None) -> None:
        """Show only the audit group ``name`` (None: all tokens)."""
        self.show_only.setCurrentIndex(max(self.show_only.findData(name), 0))

    # -- export --------------------------------------------------------------------------
    def _on_export_clicked(self) -> None:
        runtime = self.runtime
        path = ask_save_file(
            self, "export", self.tr("Export the audit"), f"{runtime.name}-audit.json",
            self.tr("JSON (*.json);;CSV, one row per token (*.csv)"))
        if path:
            self.export_audit(path)

    def export_audit(self, path: str | Path) -> bool:
        """Write the audit as JSON, or as CSV when ``path`` ends in ``.csv``."""
        audit = self.audit
        if audit is None:
            return False
        path = Path(path)
        try:
            if path.suffix.lower() == ".csv":
                path.write_text(audit.csv_text(), encoding="utf-8", newline="")
            else:
                # what tokbench audit --json prints (no --fail-on)
                path.write_text(json_line("audit", AUDIT_JSON_VERSION, {
                    **audit.to_json(), "fail_on": None, "failed": False}) + "\n",
                    encoding="utf-8")
        except OSError as err:
            self.count.setText(self.tr("could not write {path}: {reason}").format(
                path=path, reason=err.strerror or err))
            return False
        self.count.setText(self.tr("exported the audit to {path}").format(path=path.name))
        return True
