"""The Align pane: an annotation dataset against the session's tokenizers.

Open a dataset (dialog or drag and drop), say its format and unit, tick the tokenizers, and
align: a worker reads the file streaming and audits every span (progress, Stop). Then: the
declared unit checked against the span texts, bad records with their lines, a table per
tokenizer (strict, start ok, end ok, contract non-empty, characters expand adds) and per label
(bars) for the chosen mode, the misaligned spans (a lazy list, filtered by tokenizer, label and
failure kind), and for the selected span its record — the text shaped once with the tokens as
bands and the spans as label-coloured lines under it, misaligned ends and ends inside a grapheme
marked (:class:`~app.widgets.align_record_view.RecordView`; ↑/↓ pick another span of the record),
the tokens with their IDs — and the suggested fixes.
"Corrected copy…" writes a new file with the fixes applied (the original is never modified);
"Export labels…" writes BIO / BILOU / IO token labels for the chosen tokenizer or for every
aligned one at once, each file named after its tokenizer and naming it inside. Bad records and
dataset errors are the core's notes, worded in the GUI's language (:mod:`app.messages`).
"""

from __future__ import annotations

from html import escape
from pathlib import Path

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QComboBox, QHBoxLayout, QHeaderView, QLabel,
                               QLineEdit, QListWidget, QListWidgetItem, QPushButton,
                               QSplitter, QTableView, QTableWidget, QTableWidgetItem,
                               QTabWidget, QTextBrowser, QVBoxLayout, QWidget)

from app.folders import ask_open_file, ask_save_file
from app.jobs.align import export_all, run_audit
from app.messages import render
from app.models.align_misaligned import MisalignedModel
from app.screen_fit import scrolling
from app.session import Session
from app.status_message import said
from app.tasks import JobHandle, TaskRunner
from app.widgets.align_record_view import RecordView, label_color
from app.widgets.eliding import ElidingProgressBar
from app.widgets.settings_fold import SettingsFold
from app.widgets.share_bars import SHARE_ROLE, ShareBarDelegate
from app.widgets.stale_mark import StaleMark
from app.widgets.wrapping_row import wrapping
from core.align.alignment import MODES, align_encoding
from core.align.audit import AlignReport
from core.align.dataset import FORMATS, Dataset, ReadStats
from core.align.fixes import suggest_fixes, write_fixed_copy
from core.align.tags import SCHEMES, export_format, export_paths, file_slug
from core.align.units import UnitCheck, spans_in_cp
from core.progress import Progress
from core.text.offsets import TextIndex, Unit

SHOWN_TOKENS = 400


class AlignPane(QWidget):
    """Signals:
        status(str): a short message for the status bar.
        audited(object): a new :class:`~core.align.audit.AlignReport` is shown.
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch
    audited = Signal(object)

    def __init__(self, session: Session, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tasks = tasks
        self.path: Path | None = None
        self.audit: AlignReport | None = None
        self.dataset: Dataset | None = None
        self.runtimes: list = []
        self.fixes: list = []
        self._job: JobHandle | None = None  # the latest audit, copy or export: Stop stops it
        self.setAcceptDrops(True)
        self._build()
        self._connect()
        self._refresh_tokenizers()
        self._update_enabled()

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        # the settings fold to one line once there are results (#25): the tables get the room
        self.settings_fold = SettingsFold("align", self.session.settings,
                                          describe=self.settings_summary)
        self.settings_fold.add_row(wrapping(self._build_dataset_row()))  # rows wrap when narrow
        self.settings_fold.add_row(wrapping(self._build_tokenizer_row()))
        for widget in (self.align_button, self.stop_button, self.progress):
            self.settings_fold.add_action(widget)
        layout.addWidget(self.settings_fold)
        self.tokenizer_list.itemChanged.connect(lambda _item: self.settings_fold.refresh_summary())
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        layout.addWidget(self.banner)
        # the result stays readable when an input changes, greyed and said to be out of date
        self.stale_mark = StaleMark(self.tr("Out of date — the dataset, its settings or the "
                                            "tokenizers changed since this run. Run again "
                                            "(Align)."))
        self._result_inputs = None  # what the audit shown was computed from
        layout.addWidget(self.stale_mark)
        top = QSplitter(Qt.Orientation.Horizontal)
        top.addWidget(self._build_summary())
        top.addWidget(self._build_misaligned())
        top.setSizes([560, 640])
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        # the record scrolls in its part rather than set the pane's least height (#25)
        split.addWidget(scrolling(self._build_record()))
        split.setSizes([450, 320])
        split.setStretchFactor(0, 3)  # the tables take most of the room a larger window gives
        split.setStretchFactor(1, 2)
        layout.addWidget(split, 1)
        self.result_view = split

    def _build_dataset_row(self) -> QHBoxLayout:
        self.open_button = QPushButton(self.tr("Open dataset…"))
        self.path_label = QLabel(self.tr("No dataset: open one or drop it here"))
        self.path_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.format_box = QComboBox()
        self.format_box.addItem(self.tr("format: detect"), None)
        names = {"jsonl": self.tr("JSONL spans"), "conll": self.tr("CoNLL / BIO tokens"),
                 "chars": self.tr("character BIO"), "words": self.tr("word segmentation")}
        for fmt in FORMATS:
            self.format_box.addItem(names[fmt], fmt)
        self.unit_box = QComboBox()
        units = {Unit.BYTES: self.tr("offsets in UTF-8 bytes"),
                 Unit.CP: self.tr("offsets in code points"),
                 Unit.UTF16: self.tr("offsets in UTF-16 units"),
                 Unit.GRAPHEME: self.tr("offsets in graphemes")}
        for unit, name in units.items():
            self.unit_box.addItem(name, unit)
        self.unit_box.setCurrentIndex(1)
        self.unit_box.setToolTip(self.tr("The unit the JSONL offsets count in (the other formats "
                                         "count in code points)"))
        self.spans_key = QLineEdit()
        self.spans_key.setPlaceholderText(self.tr("spans key: detect"))
        self.spans_key.setMaximumWidth(150)
        self.spans_key.setToolTip(self.tr(
            "The JSONL key that holds each record's spans: a list of [start, end], "
            "[start, end, label] or objects (default: spans, entities or words)"))
        self.align_button = QPushButton(self.tr("Align"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop aligning, writing the copy or exporting; "
                                            "nothing of it is kept"))
        self.stop_button.setEnabled(False)
        self.progress = ElidingProgressBar()  # its text says the phase: elided, never cut
        self.progress.setMaximumWidth(200)
        self.progress.setVisible(False)
        row = QHBoxLayout()
        row.addWidget(self.open_button)
        row.addWidget(self.path_label, 1)
        for widget in (self.format_box, self.unit_box, self.spans_key):
            row.addWidget(widget)
        return row

    def _build_tokenizer_row(self) -> QHBoxLayout:
        self.tokenizer_list = QListWidget()
        self.tokenizer_list.setFlow(QListWidget.Flow.LeftToRight)
        self.tokenizer_list.setMaximumHeight(34)
        self.tokenizer_list.setToolTip(self.tr("The tokenizers of the session to align to "
                                               "(open more from the File menu)"))
        self.mode_box = QComboBox()
        modes = {"strict": self.tr("strict: both ends on token boundaries"),
                 "contract": self.tr("contract: the tokens inside"),
                 "expand": self.tr("expand: every token touched")}
        for mode in MODES:
            self.mode_box.addItem(modes[mode], mode)
        self.mode_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Tokenizers:")))
        row.addWidget(self.tokenizer_list, 1)
        row.addWidget(QLabel(self.tr("Mode:")))
        row.addWidget(self.mode_box)
        return row

    def _build_summary(self) -> QWidget:
        self.summary_tabs = QTabWidget()
        bars = ShareBarDelegate(self)
        self.tokenizer_table = QTableWidget(0, 6)
        self.tokenizer_table.setAccessibleName(self.tr("Per tokenizer"))
        self.tokenizer_table.setHorizontalHeaderLabels([
            self.tr("Tokenizer"), self.tr("Strict"), self.tr("Start ok"), self.tr("End ok"),
            self.tr("Contract"), self.tr("Expand adds")])
        self.tokenizer_table.horizontalHeaderItem(4).setToolTip(self.tr(
            "Share of spans with at least one token wholly inside (contract is not empty)"))
        self.tokenizer_table.horizontalHeaderItem(5).setToolTip(self.tr(
            "Characters expand adds to a span, on average"))
        self.label_table = QTableWidget(0, 1)
        self.label_table.setAccessibleName(self.tr("Per label"))
        for table in (self.tokenizer_table, self.label_table):
            table.setItemDelegate(bars)
            table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            table.verticalHeader().setVisible(False)
            table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.tokenizer_table.horizontalHeader().setSectionResizeMode(
            0, QHeaderView.ResizeMode.ResizeToContents)
        summary = QWidget()
        box = QVBoxLayout(summary)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.tokenizer_table, 2)
        self.label_caption = QLabel()
        box.addWidget(self.label_caption)
        box.addWidget(self.label_table, 3)
        self.problem_list = QListWidget()
        self.summary_tabs.addTab(summary, self.tr("Summary"))
        self.summary_tabs.addTab(self.problem_list, self.tr("Bad records"))
        return self.summary_tabs

    def _build_misaligned(self) -> QWidget:
        self.filter_tokenizer = QComboBox()
        self.filter_tokenizer.setAccessibleName(self.tr("Filter by tokenizer"))
        self.filter_label = QComboBox()
        self.filter_label.setAccessibleName(self.tr("Filter by label"))
        self.filter_kind = QComboBox()
        self.filter_kind.setAccessibleName(self.tr("Filter by misaligned end"))
        self.filter_kind.addItem(self.tr("any end"), None)
        self.filter_kind.addItem(self.tr("start only"), "start")
        self.filter_kind.addItem(self.tr("end only"), "end")
        self.filter_kind.addItem(self.tr("both ends"), "both")
        self.count_label = QLabel()
        self.model = MisalignedModel(self)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Misaligned spans"))
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QTableView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        widget = QWidget()
        box = QVBoxLayout(widget)
        box.setContentsMargins(0, 0, 0, 0)
        filters = QHBoxLayout()
        filters.addWidget(self.filter_tokenizer, 2)
        filters.addWidget(self.filter_label, 1)
        filters.addWidget(self.filter_kind, 1)
        box.addLayout(filters)
        box.addWidget(self.count_label)
        box.addWidget(self.table, 1)
        return widget

    def _build_record(self) -> QWidget:
        self.record_caption = QLabel(self.tr("Select a misaligned span to see its record"))
        self.record_view = RecordView()
        self.record_view.setMinimumHeight(90)
        self.record_legend = QLabel()
        self.record_legend.setTextFormat(Qt.TextFormat.RichText)
        self.record_legend.setWordWrap(True)
        self._record: tuple | None = None  # (record, span table index of its first span,
        #                                     spans, encoding, groups, aligned) shown
        self.tokens_view = QTextBrowser()
        self.tokens_view.setAccessibleName(self.tr("Tokens of the span"))
        self.fix_list = QListWidget()
        self.fix_list.setAccessibleName(self.tr("Fixes"))
        self.fix_order = QComboBox()
        self.fix_order.setAccessibleName(self.tr("Order of fixes"))
        # data: the fix kinds in order, comma-separated (a tuple does not survive a QVariant)
        self.fix_order.addItem(self.tr("trim, then contract"), "trim,contract")
        self.fix_order.addItem(self.tr("trim, then expand"), "trim,expand")
        self.fix_order.addItem(self.tr("contract"), "contract")
        self.fix_order.addItem(self.tr("expand"), "expand")
        self.copy_button = QPushButton(self.tr("Corrected copy…"))
        self.copy_button.setToolTip(self.tr("Write a new file with every misaligned span of the "
                                            "chosen tokenizer fixed; the original is not changed"))
        self.scheme_box = QComboBox()
        self.scheme_box.setAccessibleName(self.tr("Label scheme"))
        for scheme in SCHEMES:
            self.scheme_box.addItem(scheme.upper(), scheme)
        self.export_scope = QComboBox()
        self.export_scope.setAccessibleName(self.tr("What to export"))
        self.export_button = QPushButton(self.tr("Export labels…"))
        self.export_button.setToolTip(self.tr("Write token labels for the chosen mode (JSONL, or "
                                              "CoNLL for .conll): one file per tokenizer, named "
                                              "after it, naming it inside"))
        fixes = QWidget()
        fix_box = QVBoxLayout(fixes)
        fix_box.setContentsMargins(0, 0, 0, 0)
        fix_box.addWidget(QLabel(self.tr("Suggested fixes")))
        fix_box.addWidget(self.fix_list, 1)
        apply_row = QHBoxLayout()
        apply_row.addWidget(self.fix_order, 1)
        apply_row.addWidget(self.copy_button)
        fix_box.addLayout(apply_row)
        export_row = QHBoxLayout()
        export_row.addWidget(self.scheme_box)
        export_row.addWidget(self.export_scope, 1)
        export_row.addWidget(self.export_button)
        fix_box.addLayout(export_row)
        lower = QSplitter(Qt.Orientation.Horizontal)
        lower.addWidget(self.tokens_view)
        lower.addWidget(fixes)
        lower.setSizes([760, 420])
        widget = QWidget()
        box = QVBoxLayout(widget)
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.record_caption)
        box.addWidget(self.record_view, 2)
        box.addWidget(self.record_legend)
        box.addWidget(lower, 3)
        return widget

    def _connect(self) -> None:
        self.open_button.clicked.connect(self.open_dialog)
        self.align_button.clicked.connect(self.start_audit)
        self.stop_button.clicked.connect(self._on_stop_clicked)
        self.session.tokenizers_changed.connect(self._refresh_tokenizers)
        self.mode_box.currentIndexChanged.connect(self._show_audit)
        for box in (self.filter_tokenizer, self.filter_label, self.filter_kind):
            box.currentIndexChanged.connect(self._apply_filters)
        self.table.selectionModel().currentRowChanged.connect(self._show_row)
        self.record_view.span_selected.connect(self._show_record_span)
        self.copy_button.clicked.connect(self.write_copy_dialog)
        self.export_button.clicked.connect(self.export_dialog)
        self.tokenizer_list.itemChanged.connect(self._update_stale)
        for box in (self.format_box, self.unit_box):
            box.currentIndexChanged.connect(self._update_stale)
        self.spans_key.textChanged.connect(self._update_stale)

    # -- dataset and tokenizers ----------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            self.set_dataset(paths[0])
        event.acceptProposedAction()

    def open_dialog(self) -> None:
        path = ask_open_file(
            self, "dataset", self.tr("Open an annotation dataset"),
            self.tr("Annotation datasets (*.jsonl *.json *.conll *.bio *.txt *.tsv);;"
                    "All files (*)"))
        if path:
            self.set_dataset(path)

    def set_dataset(self, path: str | Path, *, start: bool = True) -> None:
        self.path = Path(path)
        self.path_label.setText(self.path.name)  # i18n: data (a file name; the path in the tip)
        self.path_label.setToolTip(str(self.path))  # i18n: data
        self._update_enabled()
        if start:
            self.start_audit()

    def _refresh_tokenizers(self) -> None:
        checked = {self.tokenizer_list.item(i).data(Qt.ItemDataRole.UserRole)
                   for i in range(self.tokenizer_list.count())
                   if self.tokenizer_list.item(i).checkState() == Qt.CheckState.Checked}
        known = {self.tokenizer_list.item(i).data(Qt.ItemDataRole.UserRole)
                 for i in range(self.tokenizer_list.count())}
        self.tokenizer_list.clear()
        for loaded in self.session.tokenizers:
            item = QListWidgetItem(loaded.label)
            key = str(loaded.path)
            item.setData(Qt.ItemDataRole.UserRole, key)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            new = key not in known
            item.setCheckState(Qt.CheckState.Checked if new or key in checked
                               else Qt.CheckState.Unchecked)
            self.tokenizer_list.addItem(item)
        self._update_enabled()
        self._update_stale()

    # -- workspace -------------------------------------------------------------------------
    def save_state(self, setup) -> None:
        """Put the dataset, the ticked tokenizers and the settings in ``setup`` (a
        :class:`core.workspace.AlignSetup`)."""
        setup.dataset = self.path
        setup.tokenizers = [Path(self.tokenizer_list.item(i).data(Qt.ItemDataRole.UserRole))
                            for i in range(self.tokenizer_list.count())
                            if self.tokenizer_list.item(i).checkState() == Qt.CheckState.Checked]
        unit = self.unit_box.currentData()
        setup.settings = {"format": self.format_box.currentData(),
                          "unit": Unit(unit).value if unit is not None else "cp",
                          "spans_key": self.spans_key.text(), "mode": self.mode(),
                          "fix_order": self.fix_order.currentData(),
                          "scheme": self.scheme_box.currentData()}

    def restore_state(self, setup) -> None:
        """Show ``setup``'s dataset (not aligned until Align is pressed), tick its tokenizers
        (those the session has; none saved: the pane's default) and settings."""
        settings = setup.settings
        for box, value in ((self.format_box, settings.get("format")),
                           (self.unit_box, _unit_or_none(settings.get("unit"))),
                           (self.mode_box, settings.get("mode")),
                           (self.fix_order, settings.get("fix_order")),
                           (self.scheme_box, settings.get("scheme"))):
            if value is not None and box.findData(value) >= 0:
                box.setCurrentIndex(box.findData(value))
        if isinstance(settings.get("spans_key"), str):
            self.spans_key.setText(settings["spans_key"])
        if setup.tokenizers:
            ticked = {str(path) for path in setup.tokenizers}
            for i in range(self.tokenizer_list.count()):
                item = self.tokenizer_list.item(i)
                item.setCheckState(Qt.CheckState.Checked if item.data(Qt.ItemDataRole.UserRole)
                                   in ticked else Qt.CheckState.Unchecked)
        if setup.dataset is not None:
            self.set_dataset(setup.dataset, start=False)
        self._update_enabled()

    def chosen_tokenizers(self) -> list[tuple[str, object]]:
        """The ticked tokenizers ``(name, runtime)``; a name two share gets a counter, so each
        names one tokenizer (in the tables and the exported files)."""
        chosen, seen = [], {}
        for i in range(self.tokenizer_list.count()):
            item = self.tokenizer_list.item(i)
            if item.checkState() == Qt.CheckState.Checked and i < len(self.session.tokenizers):
                loaded = self.session.tokenizers[i]
                name = loaded.runtime.name or loaded.path.name
                seen[name] = seen.get(name, 0) + 1
                chosen.append((name if seen[name] == 1 else f"{name} ({seen[name]})",
                               loaded.runtime))
        return chosen

    def _update_enabled(self) -> None:
        self.settings_fold.refresh_summary()
        has = self.path is not None and self.tokenizer_list.count() > 0
        self.align_button.setEnabled(has)
        shown = self.audit is not None
        self.copy_button.setEnabled(shown)
        self.export_button.setEnabled(shown)

    def settings_summary(self) -> str:
        """The folded settings' line: the dataset, how many tokenizers, the mode."""
        count = len(self.chosen_tokenizers())
        parts = [self.path.name if self.path is not None else self.tr("no dataset"),
                 self.tr("%n tokenizer(s)", "", count), self.mode_box.currentText()]
        return " · ".join(parts)

    # -- the audit -----------------------------------------------------------------------------
    def start_audit(self) -> None:
        tokenizers = self.chosen_tokenizers()
        if self.path is None:
            return
        if not tokenizers:
            self.banner.setText(escape(self.tr("Tick at least one tokenizer to align to")))
            return
        self._set_running(True, self.tr("aligning…"))
        self._started_inputs = self.current_inputs()
        self._job = self.tasks.submit(
            "align", run_audit, str(self.path), self.format_box.currentData(),
            self.unit_box.currentData(), tokenizers,
            spans_key=self.spans_key.text().strip() or None, latest_only=True,
            on_progress=self._on_progress, on_result=self._on_audited,
            on_error=self._on_failed, on_cancelled=self._on_cancelled)

    def _on_stop_clicked(self) -> None:
        if self._job is not None:
            self._job.cancel()

    def _set_running(self, running: bool, text: str = "") -> None:
        self.progress.setVisible(running)
        self.stop_button.setEnabled(running)
        self.align_button.setEnabled(not running and self.path is not None)
        if running:
            self.progress.setRange(0, 1000)
            self.progress.setValue(0)
            self.progress.setFormat(text)

    def _on_progress(self, report: Progress) -> None:
        self.progress.setValue(int(1000 * report.fraction))
        if report.note is not None:
            self.progress.setFormat(render(report.note))

    def _on_failed(self, message: str) -> None:
        self._set_running(False)
        self.banner.setText(f"<span style='color:#b00020'>{escape(message)}</span>")
        self.status.emit(message)

    def _on_cancelled(self) -> None:
        self._set_running(False)
        self.banner.setText(escape(self.tr("Stopped; nothing was kept")))

    def _on_audited(self, result) -> None:
        self._set_running(False)
        self.audit, self.dataset = result
        self.runtimes = self.chosen_tokenizers()
        self._result_inputs = getattr(self, "_started_inputs", self.current_inputs())
        self._update_stale()
        self._show_audit()
        self.settings_fold.results_shown()
        self.audited.emit(self.audit)
        n, k = f"{len(self.audit.spans):,}", len(self.audit.tokenizers)
        self.status.emit(said(lambda: self.tr("{n} spans aligned to {k} tokenizers").format(
            n=n, k=k)))

    # -- stale results -----------------------------------------------------------------------
    def current_inputs(self) -> tuple:
        """What an audit started now would be computed from (the mode only changes the view)."""
        return (self.path, self.format_box.currentData(), self.unit_box.currentData(),
                self.spans_key.text().strip(),
                tuple((name, id(runtime)) for name, runtime in self.chosen_tokenizers()))

    @property
    def is_stale(self) -> bool:
        return self.audit is not None and self._result_inputs != self.current_inputs()

    def _update_stale(self, *_) -> None:
        """Grey the audit shown when its inputs changed; ungrey it when they are back."""
        self.stale_mark.set_stale(self.is_stale, [self.result_view])

    def mode(self) -> str:
        return self.mode_box.currentData()

    def _show_audit(self) -> None:
        audit = self.audit
        self._update_enabled()
        if audit is None:
            return
        self._show_banner(audit)
        self._show_tables(audit)
        self._show_problems(audit.stats)
        self._fill_export_scope(audit)
        for box, items in ((self.filter_tokenizer, [(t.name, k) for k, t in
                                                    enumerate(audit.tokenizers)]),
                           (self.filter_label, [(self.tr("all labels"), None)]
                            + [(label, label) for label in audit.labels])):
            current = box.currentData()
            box.blockSignals(True)
            box.clear()
            for name, data in items:
                box.addItem(name, data)
            found = box.findData(current)
            box.setCurrentIndex(found if found >= 0 else 0)
            box.blockSignals(False)
        self._apply_filters()

    def _show_banner(self, audit: AlignReport) -> None:
        check, stats = audit.unit_check, audit.stats
        parts = [self.tr("{records} records, {spans} spans, {fmt}, offsets in {unit}").format(
            records=f"{audit.records:,}", spans=f"{len(audit.spans):,}", fmt=audit.format,
            unit=self._unit_name(audit.unit))]
        if check.with_text:
            if check.wrong_unit():
                other = check.best_other()
                parts.append("<b style='color:#b00020'>" + escape(self.tr(
                    "The span texts do not fit the declared unit: {n} of {total} match in "
                    "{unit}. Choose that unit and align again.").format(
                    n=check.fits[other], total=check.with_text,
                    unit=self._unit_name(other))) + "</b>")
            elif check.mismatched:
                parts.append(escape(self.tr("{n} span texts do not match the text").format(
                    n=check.mismatched)))
            else:
                parts.append(escape(self.tr("unit checked: all {n} span texts match").format(
                    n=f"{check.with_text:,}")))
        if stats.problem_count:
            parts.append("<span style='color:#b00020'>" + escape(self.tr(
                "{n} bad records or spans left out (see Bad records)").format(
                n=stats.problem_count)) + "</span>")
        if stats.bom:
            parts.append(escape(self.tr("byte order mark skipped")))
        if stats.mixed_line_endings:
            parts.append(escape(self.tr("mixed line endings")))
        self.banner.setText(" · ".join(parts))

    def _unit_name(self, unit: Unit) -> str:
        return {Unit.BYTES: self.tr("UTF-8 bytes"), Unit.CP: self.tr("code points"),
                Unit.UTF16: self.tr("UTF-16 units"), Unit.GRAPHEME: self.tr("graphemes")}[unit]

    def _share_item(self, share: float) -> QTableWidgetItem:
        item = QTableWidgetItem(f"{share:.1%}")
        item.setData(SHARE_ROLE, share)
        return item

    def _show_tables(self, audit: AlignReport) -> None:
        mode = self.mode()
        self.tokenizer_table.setRowCount(len(audit.tokenizers))
        for row, t in enumerate(audit.tokenizers):
            shares = audit.shares(t)
            self.tokenizer_table.setItem(row, 0, QTableWidgetItem(t.name))
            for col, share in enumerate((shares.strict, shares.start_ok, shares.end_ok,
                                         shares.contract_nonempty), 1):
                self.tokenizer_table.setItem(row, col, self._share_item(share))
            extra = QTableWidgetItem(self.tr("{n} chars/span").format(
                n=f"{shares.expand_extra:.2f}"))
            extra.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.tokenizer_table.setItem(row, 5, extra)
        captions = {"strict": self.tr("Share of spans aligned strictly, per label"),
                    "contract": self.tr("Share of spans with tokens inside, per label"),
                    "expand": self.tr("Share of spans expand does not widen, per label")}
        self.label_caption.setText(captions[mode])
        self.label_table.setColumnCount(2 + len(audit.tokenizers))
        self.label_table.setHorizontalHeaderLabels(
            [self.tr("Label"), self.tr("Spans")] + [t.name for t in audit.tokenizers])
        self.label_table.setRowCount(1 + len(audit.labels))
        rows = [(self.tr("all labels"), None)] + [(label, k) for k, label in
                                                   enumerate(audit.labels)]
        for row, (name, label_id) in enumerate(rows):
            mask = None if label_id is None else audit.spans.label == label_id
            count = len(audit.spans) if mask is None else int(mask.sum())
            name_item = QTableWidgetItem(name)
            if label_id is not None:
                name_item.setForeground(label_color(name, audit.labels))
            self.label_table.setItem(row, 0, name_item)
            count_item = QTableWidgetItem(f"{count:,}")
            count_item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.label_table.setItem(row, 1, count_item)
            for col, t in enumerate(audit.tokenizers, 2):
                self.label_table.setItem(row, col, self._share_item(
                    audit.mode_share(t, mode, mask)))
        header = self.label_table.horizontalHeader()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.ResizeToContents)

    def _show_problems(self, stats: ReadStats) -> None:
        self.problem_list.clear()
        for problem in stats.problems:
            self.problem_list.addItem(self.tr("line {line}: {message}").format(
                line=problem.line, message=render(problem.note)))
        if stats.problem_count > len(stats.problems):
            self.problem_list.addItem(self.tr("… and {n} more").format(
                n=stats.problem_count - len(stats.problems)))
        self.summary_tabs.setTabText(1, self.tr("Bad records ({n})").format(
            n=stats.problem_count))

    # -- the misaligned list -------------------------------------------------------------------
    def current_result(self):
        if self.audit is None or not self.audit.tokenizers:
            return None
        k = self.filter_tokenizer.currentData()
        return self.audit.tokenizers[k if k is not None else 0]

    def _apply_filters(self) -> None:
        result = self.current_result()
        if result is None:
            self.model.set_rows(None, None, None)
            return
        rows = self.audit.rows(result, mode=self.mode(), label=self.filter_label.currentData(),
                               kind=self.filter_kind.currentData())
        self.model.set_rows(self.audit, result, rows)
        counts = {"strict": self.tr("{n} spans not aligned strictly ({tokenizer})"),
                  "contract": self.tr("{n} spans with no token inside ({tokenizer})"),
                  "expand": self.tr("{n} spans expand widens or leaves without a token "
                                    "({tokenizer})")}
        self.count_label.setText(counts[self.mode()].format(n=f"{len(rows):,}",
                                                            tokenizer=result.name))
        if len(rows):
            self.table.selectRow(0)
        else:
            self._record = None
            self.record_view.set_record("", [])
            self.record_legend.clear()
            self.tokens_view.clear()
            self.fix_list.clear()

    def _show_row(self, current, _previous=None) -> None:
        row = current.row()
        if row < 0 or row >= self.model.rowCount():
            return
        self.show_span(self.model.span_of(row))

    def show_span(self, span: int) -> None:
        """Show the record of span ``span`` (span-table index) for the chosen tokenizer."""
        audit, result = self.audit, self.current_result()
        record_index = int(audit.spans.record[span])
        record = self.dataset.record_at(int(audit.record_offsets[record_index]),
                                        int(audit.record_lines[record_index]), record_index)
        if record is None:
            return
        runtime = dict(self.runtimes).get(result.name)
        if runtime is None:
            return
        index = TextIndex(record.text)
        good = spans_in_cp(record, audit.unit, UnitCheck(audit.unit), ReadStats(), index)
        spans = [(s, e, record.spans[j].label) for j, s, e in
                 zip(good.which, good.starts.tolist(), good.ends.tolist())]
        encoding = runtime.encode(record.text, add_special_tokens=False)
        groups, aligned = align_encoding(encoding, [s for s, _, _ in spans],
                                         [e for _, e, _ in spans])
        bad_ends = []
        for k in range(len(spans)):
            if not aligned.start_ok[k]:
                bad_ends.append((k, "start"))
            if not aligned.end_ok[k]:
                bad_ends.append((k, "end"))
        # which of the record's spans is the selected one: same offsets in the declared unit
        first_of_record = int(np.searchsorted(audit.spans.record, record_index))
        selected = span - first_of_record
        self._record = (record, first_of_record, spans, encoding, groups, aligned)
        self.record_view.set_record(record.text, spans, labels=audit.labels, encoding=encoding,
                                    bad_ends=bad_ends, selected=selected)
        self.record_legend.setText(self._record_legend(spans, audit.labels))
        self._show_record_span(selected)

    def _show_record_span(self, selected: int) -> None:
        """The caption, tokens and fixes of span ``selected`` of the record shown (picked in
        the list, or in the record from the keyboard or with the mouse)."""
        if self._record is None or self.audit is None:
            return
        record, first_of_record, spans, encoding, groups, aligned = self._record
        audit, result = self.audit, self.current_result()
        span = first_of_record + selected
        s, e, label = spans[selected] if 0 <= selected < len(spans) else (0, 0, "")
        known = 0 <= span < len(audit.spans.start)
        self.record_caption.setText(self.tr(
            "Line {line}: {label} [{start}, {end}) “{text}” — {tokenizer}").format(
            line=record.line, label=label, start=int(audit.spans.start[span]) if known else s,
            end=int(audit.spans.end[span]) if known else e, text=record.text[s:e],
            tokenizer=result.name))
        self._show_tokens(encoding, groups, aligned, selected)
        self._show_fixes(record.text, s, e, groups)

    def _record_legend(self, spans, labels) -> str:
        """What the record's marks mean: token bands, each label's line, the red marks."""
        def swatch(color: str, text: str, height: int = 4) -> str:
            return (f"<span style='background:{color};font-size:{height}px'>"
                    f"&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;</span>&nbsp;{escape(text)}")
        shown = sorted({label for _, _, label in spans}, key=lambda x: labels.index(x)
                       if x in labels else 0)
        parts = [escape(self.tr("Bands: tokens (thin gaps between them)")) + ";"]
        parts += [swatch(label_color(label, labels).name(), label) for label in shown]
        parts.append("<span style='color:#d62728'>▲</span>&nbsp;" +
                     escape(self.tr("span end inside a token")))
        parts.append("<span style='color:#d32f2f'>┆</span>&nbsp;" +
                     escape(self.tr("span end inside a grapheme")))
        parts.append(escape(self.tr("(↑/↓: previous/next span; ←/→: tokens)")))
        return "&nbsp;&nbsp; ".join(parts)

    def _show_tokens(self, encoding, groups, aligned, selected: int) -> None:
        inside = set()
        if 0 <= selected < len(aligned.start_ok):
            a, b = int(aligned.expand_groups[0][selected]), int(aligned.expand_groups[1][selected])
            inside = set(groups.tokens(a, b).tolist())
        starts, ends = encoding.spans("cp")
        chips = []
        first = min(inside) if inside else -1
        for i in range(min(len(encoding), SHOWN_TOKENS)):
            piece = escape(encoding.display_piece(i))
            style = ("background:#fde2e2;border:1px solid #d62728;" if i in inside
                     else "background:#eef1f5;border:1px solid #c9ced6;")
            anchor = "<a name='selected'></a>" if i == first else ""
            chips.append(f"{anchor}<span style='{style}'>&nbsp;{piece}&nbsp;<sub>"
                         f"{int(encoding.ids[i])} [{int(starts[i])},{int(ends[i])})</sub></span>")
        more = ""
        if len(encoding) > SHOWN_TOKENS:
            more = escape(self.tr(" … {n} more tokens").format(n=len(encoding) - SHOWN_TOKENS))
        self.tokens_view.setHtml(
            "<div style='line-height:170%'>" + escape(self.tr("Tokens (ID, code points); the "
                                                              "selected span's in red:")) +
            "<br>" + " ".join(chips) + more + "</div>")
        if first >= 0:
            self.tokens_view.scrollToAnchor("selected")

    def _show_fixes(self, text: str, start: int, end: int, groups) -> None:
        self.fix_list.clear()
        self.fixes = suggest_fixes(text, start, end, groups) if end > start else []
        kinds = {"trim": self.tr("trim"), "contract": self.tr("snap to contract"),
                 "expand": self.tr("snap to expand")}
        for fix in self.fixes:
            verdict = self.tr("aligns") if fix.aligned else self.tr("still misaligned")
            self.fix_list.addItem(self.tr("{kind}: “{before}” → “{after}” ({verdict})").format(
                kind=kinds[fix.kind], before=fix.before, after=fix.after, verdict=verdict))
        if not self.fixes:
            self.fix_list.addItem(self.tr("no fix found"))

    # -- corrected copy and export -------------------------------------------------------------
    def _chosen_runtime(self):
        result = self.current_result()
        return (result.name, dict(self.runtimes).get(result.name)) if result else (None, None)

    def write_copy_dialog(self) -> None:
        if self.dataset is None:
            return
        suggested = str(self.dataset.path.with_name(self.dataset.path.stem + ".fixed.jsonl"))
        path = ask_save_file(self, "dataset", self.tr("Write a corrected copy"), suggested,
                             self.tr("JSONL (*.jsonl)"))
        if path:
            self.write_copy(path)

    def write_copy(self, path: str) -> None:
        _, runtime = self._chosen_runtime()
        dataset = Dataset(self.dataset.path, self.dataset.format, self.dataset.unit,
                          self.dataset.spans_key)
        self._set_running(True, self.tr("writing…"))
        self._job = self.tasks.submit(
            "align-copy", write_fixed_copy, dataset, runtime, path,
            order=self.fix_order.currentData().split(","), latest_only=True,
            on_progress=self._on_progress, on_result=lambda report: self._on_written(path, report),
            on_error=self._on_failed, on_cancelled=self._on_cancelled)

    def _on_written(self, path: str, report) -> None:
        self._set_running(False)
        fixed = sum(report.fixed.values())
        message = self.tr("Corrected copy written: {path} ({n} spans fixed, {left} left "
                          "misaligned)").format(path=path, n=fixed, left=len(report.left))
        self.banner.setText(escape(message))
        self.status.emit(message)

    def _fill_export_scope(self, audit: AlignReport) -> None:
        """Export for the tokenizer chosen in the list's filter, or for all aligned at once."""
        current = self.export_scope.currentData()
        self.export_scope.blockSignals(True)
        self.export_scope.clear()
        self.export_scope.addItem(self.tr("the chosen tokenizer"), "chosen")
        if len(audit.tokenizers) > 1:
            self.export_scope.addItem(self.tr("all {n} tokenizers").format(
                n=len(audit.tokenizers)), "all")
        found = self.export_scope.findData(current)
        self.export_scope.setCurrentIndex(found if found >= 0 else 0)
        self.export_scope.blockSignals(False)

    def export_tokenizers(self) -> list[tuple[str, object]]:
        """The tokenizers ``(name, runtime)`` "Export labels…" writes for."""
        if self.export_scope.currentData() == "all":
            return list(self.runtimes)
        name, runtime = self._chosen_runtime()
        return [] if runtime is None else [(name, runtime)]

    def export_dialog(self) -> None:
        if self.dataset is None:
            return
        tokenizers = self.export_tokenizers()
        if not tokenizers:
            return
        stem = self.dataset.path.stem
        if len(tokenizers) == 1:  # the tokenizer in the file name
            suggested = self.dataset.path.with_name(
                f"{stem}.labels.{file_slug(tokenizers[0][0])}.jsonl")
        else:  # one file each: the name given, with each tokenizer's name before the extension
            suggested = self.dataset.path.with_name(f"{stem}.labels.jsonl")
        path = ask_save_file(self, "export", self.tr("Export token labels"), str(suggested),
                             self.tr("JSONL (*.jsonl);;CoNLL (*.conll)"))
        if path:
            self.export(path, tokenizers)

    def export(self, path: str, tokenizers: list | None = None) -> list[Path]:
        """Export token labels to ``path`` (one tokenizer) or to one file per tokenizer named
        after ``path`` (:func:`~core.align.tags.export_paths`); the files written."""
        tokenizers = self.export_tokenizers() if tokenizers is None else tokenizers
        paths = export_paths(path, [name for name, _ in tokenizers])
        self._set_running(True, self.tr("exporting…"))
        self._job = self.tasks.submit(
            "align-export", export_all, self.dataset, tokenizers, paths, mode=self.mode(),
            scheme=self.scheme_box.currentData(), fmt=export_format(path), latest_only=True,
            on_progress=self._on_progress,
            on_result=lambda reports: self._on_exported(paths, tokenizers, reports),
            on_error=self._on_failed, on_cancelled=self._on_cancelled)
        return paths

    def _on_exported(self, paths, tokenizers, reports) -> None:
        self._set_running(False)
        lines = [self.tr("Labels exported for {tokenizer}: {path} ({tagged} of {spans} spans "
                         "tagged, {n} reported)").format(
                     tokenizer=name, path=str(path), tagged=report.tagged, spans=report.spans,
                     n=len(report.reported))
                 for (name, _), path, report in zip(tokenizers, paths, reports)]
        self.banner.setText("<br>".join(escape(line) for line in lines))
        self.status.emit(lines[0] if len(lines) == 1 else self.tr(
            "Labels exported for {n} tokenizers").format(n=len(lines)))


def _unit_or_none(value) -> Unit | None:
    """The :class:`Unit` a saved value names, None for anything else (a file edited by hand)."""
    try:
        return Unit(value)
    except ValueError:
        return None
