"""The Corpus pane: gather training sources, tag and weigh them, preview them, and read their
statistics and bad input before training.

Sources come from a file dialog, a folder, a path or glob typed in, or drag and drop. Empty and
binary files are refused with a message in the pane. Statistics stream the whole corpus in a
worker (progress in bytes) and are recomputed when the sources or the policy change.
"""

from __future__ import annotations

from html import escape
from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QGroupBox, QHBoxLayout,
                               QHeaderView, QLabel, QLineEdit, QPlainTextEdit,
                               QPushButton, QSplitter, QTableView, QTabWidget, QTreeWidget,
                               QTreeWidgetItem, QVBoxLayout, QWidget)

from app.folders import ask_folder, ask_open_files
from app.keyboard import without_mnemonic
from app.messages import error_message, error_text
from app.models.corpus_sources import CorpusSourcesModel, guess_language
from core.numbers import size_text
from app.jobs.corpus import CorpusStatsResult, check_sources, preview_documents, read_statistics
from app.models.corpus_stats import CorpusStatsModel, input_issues
from app.screen_fit import scrolling
from app.session import Session
from app.status_message import said
from app.tasks import JobHandle, TaskRunner
from app.widgets.eliding import ElidingProgressBar
from app.widgets.script_chart import ScriptHistogram
from app.widgets.settings_fold import SettingsFold
from app.widgets.source_editor import SourceEditor
from core.corpus import CorpusSource, expand
from core.errors import WorkbenchError
from core.progress import Progress

STATS_DELAY_MS = 300
PREVIEW_CHARS = 600


class CorpusPane(QWidget):
    """Signals:
        status(str): a short message for the status bar.
        statistics_changed(object): a new :class:`CorpusStatsResult` (or None while reading).
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch
    statistics_changed = Signal(object)

    def __init__(self, session: Session, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tasks = tasks
        self.result: CorpusStatsResult | None = None
        self._stats_job: JobHandle | None = None  # the latest corpus reading
        self.setAcceptDrops(True)
        self._build()
        self._connect()
        self._update_summary()

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._build_sources())
        split.addWidget(self._build_statistics())
        split.setSizes([560, 640])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        # the input rows fold to one line once there are statistics (#25): the tables get the
        # room; adding and removing files, Stop and Recompute stay in the fold's header
        self.settings_fold = SettingsFold("corpus", self.session.settings,
                                          describe=self.settings_summary)
        self.settings_fold.add_row(self._build_add_row())
        self.settings_fold.add_row(self._build_options_row())
        for widget in (self.add_files_button, self.add_folder_button, self.remove_button,
                       self.progress, self.stop_button, self.stats_button):
            self.settings_fold.add_action(widget)
        layout.addWidget(self.settings_fold)
        layout.addWidget(self._build_banner())
        layout.addWidget(split, 1)
        self._stats_timer = QTimer(self, singleShot=True, interval=STATS_DELAY_MS)

    def _build_add_row(self) -> QHBoxLayout:
        """Add files, add a folder, remove, or type a path."""
        self.add_files_button = QPushButton(self.tr("Add files…"))
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.remove_button = QPushButton(self.tr("Remove"))
        self.remove_button.setEnabled(False)
        self.path_edit = QLineEdit()
        self.path_edit.setPlaceholderText(self.tr("…or type a path, folder or glob "
                                                  "(data/**/*.jsonl.gz) and press Enter"))
        top = QHBoxLayout()  # Add files, Add folder and Remove sit in the settings' header
        top.addWidget(self.path_edit, 1)
        return top

    def _build_options_row(self) -> QHBoxLayout:
        """The bad-input policy, de-duplication, and the statistics' progress and buttons."""
        self.policy_box = QComboBox()
        self.policy_box.addItem(self.tr("strict: stop at the first invalid UTF-8"), "strict")
        self.policy_box.addItem(self.tr("replace: use U+FFFD and list the lines"), "replace")
        self.policy_box.setToolTip(self.tr("What to do with bytes that are not valid UTF-8"))
        self.dedup_box = QCheckBox(self.tr("Drop exact duplicates"))
        self.dedup_box.setChecked(self.session.corpus_dedup)
        self.dedup_box.setToolTip(self.tr(
            "Repeated documents skew merge counts (they are counted and reported either way). "
            "Off, a word written on five lines counts five times, as in the seeds' worked "
            "examples. This is the training config's 'deduplicate'."))
        self.stats_button = QPushButton(self.tr("Recompute"))
        self.stats_button.setToolTip(self.tr("Read the whole corpus again (done automatically "
                                             "after every change)"))
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop reading the corpus"))
        self.stop_button.setEnabled(False)  # as in every pane: enabled while the job runs
        self.progress = ElidingProgressBar()
        self.progress.setMaximumWidth(220)
        self.progress.setTextVisible(True)
        self.progress.setVisible(False)
        second = QHBoxLayout()
        second.addWidget(QLabel(self.tr("Invalid UTF-8")))
        second.addWidget(self.policy_box)
        second.addWidget(self.dedup_box)
        second.addStretch(1)  # the progress, Stop and Recompute sit in the settings' header
        return second

    def _build_banner(self) -> QLabel:
        """The files that were not added, and why (hidden when there are none)."""
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextFormat(Qt.TextFormat.RichText)
        self.banner.setStyleSheet("QLabel{background:#fff4e5;color:#663c00;border:1px solid "
                                  "#f0c36d;border-radius:4px;padding:6px}")
        self.banner.setVisible(False)
        return self.banner

    def _build_sources(self) -> QSplitter:
        """The sources table with its editor, over the preview of the current source."""
        self.model = CorpusSourcesModel(self)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Corpus sources"))
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(24)
        self.table.setSelectionBehavior(QTableView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QTableView.EditTrigger.DoubleClicked
                                   | QTableView.EditTrigger.EditKeyPressed
                                   | QTableView.EditTrigger.SelectedClicked)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        for column, width in enumerate((0, 130, 80, 80, 60, 72)):
            if width:
                self.table.setColumnWidth(column, width)
        self.empty_hint = QLabel(self.tr("No sources yet. Add text, JSONL, CSV/TSV files or "
                                         "folders (.gz/.xz/.bz2 too), or drop them here."))
        self.empty_hint.setStyleSheet("color:#6b6b6b;padding:4px")
        self.empty_hint.setWordWrap(True)
        self.editor = SourceEditor()
        self.preview = QPlainTextEdit()
        self.preview.setReadOnly(True)
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.preview.setPlaceholderText(self.tr("Select a source to see its first documents"))
        self.preview_box = QGroupBox(self.tr("Preview: first documents"))
        QVBoxLayout(self.preview_box).addWidget(self.preview)
        sources_box = QWidget()
        sources_layout = QVBoxLayout(sources_box)
        sources_layout.setContentsMargins(0, 0, 0, 0)
        sources_layout.addWidget(self.table, 1)
        sources_layout.addWidget(self.empty_hint)
        sources_layout.addWidget(self.editor)
        left = QSplitter(Qt.Orientation.Vertical)
        left.addWidget(sources_box)
        left.addWidget(scrolling(self.preview_box))  # squeezed, it scrolls (#25)
        left.setSizes([380, 300])
        return left

    def _build_statistics(self) -> QSplitter:
        """The summary and tables, the script histogram, and the bad input, one over the
        other."""
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.by_source = CorpusStatsModel("source", self)
        self.by_language = CorpusStatsModel("language", self)
        self.stats_tabs = QTabWidget()
        for model, title in ((self.by_source, self.tr("Per source")),
                             (self.by_language, self.tr("Per language"))):
            view = QTableView()
            view.setModel(model)
            view.verticalHeader().setVisible(False)
            view.verticalHeader().setDefaultSectionSize(24)
            view.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
            view.horizontalHeader().setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
            self.stats_tabs.addTab(view, title)
        self.chart = ScriptHistogram()
        stats_box = QWidget()
        stats_layout = QVBoxLayout(stats_box)
        stats_layout.setContentsMargins(0, 0, 0, 0)
        stats_layout.addWidget(self.summary)
        stats_layout.addWidget(self.stats_tabs, 1)
        right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(stats_box)
        right.addWidget(scrolling(self.chart))  # squeezed, it scrolls: its labels never overlap
        right.addWidget(scrolling(self._build_bad_input()))  # scrolls rather than grow the pane
        right.setSizes([420, 210, 90])  # the tables first: they are what the pane computes
        right.setStretchFactor(0, 3)
        right.setStretchFactor(1, 1)
        right.setStretchFactor(2, 1)
        return right

    def _build_bad_input(self) -> QGroupBox:
        """Where reading stopped (strict) or which lines were replaced, file by file."""
        self.error_label = QLabel()
        self.error_label.setWordWrap(True)
        self.error_label.setTextFormat(Qt.TextFormat.RichText)
        self.error_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.issues = QTreeWidget()
        self.issues.setHeaderLabels([self.tr("File"), self.tr("What"), self.tr("Count"),
                                     self.tr("Lines")])
        self.issues.setRootIsDecorated(False)
        self.issues.setColumnWidth(0, 170)
        self.issues.setColumnWidth(1, 230)
        self.issues.setColumnWidth(2, 60)
        bad_box = QGroupBox(self.tr("Bad input"))
        bad_layout = QVBoxLayout(bad_box)
        bad_layout.addWidget(self.error_label)
        bad_layout.addWidget(self.issues, 1)
        bad_layout.addStretch(0)
        return bad_box

    def _connect(self) -> None:
        self.add_files_button.clicked.connect(self._on_add_files_clicked)
        self.add_folder_button.clicked.connect(self._on_add_folder_clicked)
        self.remove_button.clicked.connect(self._on_remove_clicked)
        self.path_edit.returnPressed.connect(self._on_path_entered)
        self.policy_box.currentIndexChanged.connect(self._on_options_changed)
        self.dedup_box.toggled.connect(self._on_options_changed)
        self.session.corpus_changed.connect(self._on_session_corpus_changed)
        self.stats_button.clicked.connect(self.compute_statistics)
        self.stop_button.clicked.connect(self._on_stop_clicked)
        self.model.sources_changed.connect(self._on_sources_changed)
        self.table.selectionModel().currentRowChanged.connect(self._on_current_row_changed)
        self.editor.edited.connect(self._on_source_edited)
        self._stats_timer.timeout.connect(self.compute_statistics)

    # -- public --------------------------------------------------------------------------
    @property
    def policy(self) -> str:
        return self.policy_box.currentData()

    def set_policy(self, policy: str) -> None:
        self.policy_box.setCurrentIndex(self.policy_box.findData(policy))

    def add_paths(self, paths: list[str | Path]) -> None:
        """Add files, folders or globs; each file is checked in a worker and refused with a
        message if it is empty, binary or unreadable."""
        sources, problems = [], []
        for path in paths:
            try:
                found = expand(path)
            except WorkbenchError as err:
                problems.append(error_text(err))
                continue
            for source in found:
                source.lang = guess_language(source.path)
            sources.extend(found)
        self._show_banner(problems)
        if not sources:
            return
        count = len(sources)
        self.status.emit(said(lambda: self.tr("checking %n file(s)…", "", count)))
        # not latest_only: each batch of added files is checked and added
        self.tasks.submit("corpus-check", check_sources, sources,
                          on_result=lambda result: self._on_sources_checked(*result, problems))

    def restore_sources(self, sources: list[CorpusSource], policy: str, dedup: bool) -> None:
        """Show a workspace's corpus: its sources as they were (tags, weights), unchecked (they
        were checked when added; a file gone since is left out before this)."""
        for widget, value in ((self.policy_box, policy), (self.dedup_box, dedup)):
            widget.blockSignals(True)
            if widget is self.policy_box:
                self.set_policy(value)
            else:
                widget.setChecked(value)
            widget.blockSignals(False)
        self.model.clear()
        self.model.add(list(sources))
        self._on_options_changed()

    def compute_statistics(self) -> None:
        """Read the whole corpus in a worker (the previous reading, if any, is stopped)."""
        self._stats_timer.stop()
        if not self.model.sources:
            self._stop_statistics()
            self._show_statistics(None)
            return
        self.progress.setRange(0, 1000)
        self.progress.setValue(0)
        self.progress.setFormat(self.tr("reading…"))
        self._set_reading(True)
        self.statistics_changed.emit(None)
        self._stats_job = self.tasks.submit(
            "corpus-stats", read_statistics, list(self.model.sources), policy=self.policy,
            dedup=self.dedup_box.isChecked(), latest_only=True,
            on_progress=self._on_stats_progressed, on_result=self._show_statistics,
            on_error=self._on_stats_failed, on_cancelled=lambda: self._set_reading(False))

    def _stop_statistics(self) -> None:
        if self._stats_job is not None:
            self._stats_job.cancel()

    # -- adding and removing -------------------------------------------------------------
    def _on_add_files_clicked(self) -> None:
        paths = ask_open_files(self, "corpus", self.tr("Add corpus files"), self.tr(
            "Text corpora (*.txt *.text *.md *.jsonl *.json *.csv *.tsv *.gz *.xz *.bz2);;"
            "All files (*)"))
        if paths:
            self.add_paths(paths)

    def _on_add_folder_clicked(self) -> None:
        path = ask_folder(self, "corpus", self.tr("Add every file of a folder"))
        if path:
            self.add_paths([path])

    def _on_path_entered(self) -> None:
        text = self.path_edit.text().strip()
        if text:
            self.add_paths([Path(text).expanduser()])
            self.path_edit.clear()

    def _on_sources_checked(self, kept: list[CorpusSource], refused: list[WorkbenchError],
                            problems: list[str]) -> None:
        added = self.model.add(kept)
        self._show_banner(problems + [error_text(err) for err in refused])
        if added:
            self.table.selectRow(self.model.rowCount() - len(added))
            count = len(added)
            self.status.emit(said(lambda: self.tr("added %n source(s)", "", count)))

    def _on_remove_clicked(self) -> None:
        rows = [index.row() for index in self.table.selectionModel().selectedRows()]
        self.model.remove(rows)

    def _show_banner(self, problems: list[str]) -> None:
        if problems:
            items = "".join(f"<li>{escape(p)}</li>" for p in problems[:8])
            more = ("<li>" + self.tr("…and %n more", "", len(problems) - 8) + "</li>"
                    if len(problems) > 8 else "")
            self.banner.setText(self.tr("<b>Not added:</b>{list}").format(
                list=f"<ul style='margin:0'>{items}{more}</ul>"))
        self.banner.setVisible(bool(problems))

    # -- drag and drop -------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        paths = [url.toLocalFile() for url in event.mimeData().urls() if url.isLocalFile()]
        if paths:
            self.add_paths(paths)
        event.acceptProposedAction()

    # -- editing -------------------------------------------------------------------------
    def _on_current_row_changed(self, current, _previous) -> None:
        row = current.row()
        source = self.model.sources[row] if 0 <= row < self.model.rowCount() else None
        self.remove_button.setEnabled(source is not None)
        self.editor.set_source(source)
        self._update_preview(source)

    def _on_source_edited(self, changes: dict) -> None:
        row = self.table.currentIndex().row()
        if not 0 <= row < self.model.rowCount():
            return
        try:
            self.model.update(row, **changes)
        except WorkbenchError as err:
            self._show_banner([error_message(err)])
            self.editor.set_source(self.model.sources[row])
            return
        source = self.model.sources[row]
        self.editor.set_source(source)
        if {"kind", "field", "column"} & set(changes):
            self._update_preview(source)

    def _on_sources_changed(self) -> None:
        self._on_options_changed()
        row = self.table.currentIndex().row()
        if 0 <= row < self.model.rowCount():
            self.editor.set_source(self.model.sources[row])
        else:
            self.editor.set_source(None)
            self._update_preview(None)

    def _on_session_corpus_changed(self) -> None:
        """A loaded training config can set de-duplication: the box follows the session."""
        if self.dedup_box.isChecked() != self.session.corpus_dedup:
            self.dedup_box.setChecked(self.session.corpus_dedup)

    def _on_options_changed(self, *_args) -> None:
        self.session.set_corpus(self.model.sources, policy=self.policy,
                                dedup=self.dedup_box.isChecked())
        self.empty_hint.setVisible(not self.model.sources)
        self._update_summary()
        self._stats_timer.start()

    # -- preview -------------------------------------------------------------------------
    def _update_preview(self, source: CorpusSource | None) -> None:
        if source is None:
            self.preview.clear()
            self.preview_box.setTitle(self.tr("Preview: first documents"))
            return
        self.preview_box.setTitle(self.tr("Preview: first documents of {name}").format(
            name=source.path.name))
        self.tasks.submit("corpus-preview", preview_documents, source, latest_only=True,
                          on_result=self._show_preview, on_error=self._on_preview_failed)

    def _show_preview(self, documents: list[str]) -> None:
        parts = []
        for number, text in enumerate(documents, start=1):
            if len(text) > PREVIEW_CHARS:
                text = self.tr("{text}… ({count} more characters)").format(
                    text=text[:PREVIEW_CHARS], count=f"{len(text) - PREVIEW_CHARS:,}")
            parts.append(f"[{number}] {text}")
        self.preview.setPlainText("\n\n".join(parts) if parts else self.tr("(no documents)"))

    def _on_preview_failed(self, message: str) -> None:
        self.preview.setPlainText(f"⚠ {message}")

    # -- statistics ----------------------------------------------------------------------
    def _set_reading(self, reading: bool) -> None:
        self.progress.setVisible(reading)
        self.stop_button.setEnabled(reading)
        self.stats_button.setEnabled(not reading)

    def _on_stop_clicked(self) -> None:
        self._stop_statistics()
        self._set_reading(False)
        self.status.emit(said(lambda: self.tr("statistics stopped")))

    def _on_stats_progressed(self, report: Progress) -> None:
        if report.total:
            self.progress.setValue(int(1000 * report.fraction))
            self.progress.setFormat(self.tr("{done} of {total}").format(
                done=size_text(report.done), total=size_text(report.total)))

    def _on_stats_failed(self, message: str) -> None:
        self._set_reading(False)
        self.error_label.setText(f"<span style='color:#b3261e'>⚠ {escape(message)}</span>")

    def _show_statistics(self, result: CorpusStatsResult | None) -> None:
        self._set_reading(False)
        self.result = result
        report = result.report if result else None
        self.by_source.set_report(report)
        self.by_language.set_report(report)
        self.chart.set_counts(result.scripts if result else None)
        self._update_bad_input(result)
        self._update_summary()
        self.statistics_changed.emit(result)
        if result is not None and self.model.sources:
            self.settings_fold.results_shown()
        if result is not None:
            ready = result.error is None
            self.status.emit(said(lambda: self.tr("corpus statistics ready") if ready else
                                  self.tr("corpus reading stopped at bad input")))

    def _update_bad_input(self, result: CorpusStatsResult | None) -> None:
        self.issues.clear()
        error = result.error if result else None
        if error is not None:
            where = [self.tr("<b>File</b> {name}").format(
                name=escape(Path(error.path).name) if error.path else "?")]
            if error.line is not None:
                where.append(self.tr("<b>line</b> {line}").format(line=f"{error.line:,}"))
            if error.offset is not None:
                where.append(self.tr("<b>byte</b> {offset}").format(offset=f"{error.offset:,}"))
            self.error_label.setText(
                self.tr("<span style='color:#b3261e'><b>Reading stopped.</b></span> ")
                + " · ".join(where) + f"<br>{escape(error_message(error))}"
                + (f"<br><span style='color:#6b6b6b'>{escape(error.path)}</span>"
                   if error.path else ""))
        elif result is None:
            self.error_label.setText("")
        else:
            replaced = result.bad_lines
            self.error_label.setText(
                self.tr("<span style='color:#1e7d32'>✔ all input is valid UTF-8</span>")
                if not replaced else
                self.tr("<b>%n</b> line(s) with invalid UTF-8 were replaced (policy "
                        "<i>replace</i>); the first ones are listed below.", "", replaced))
        for issue in input_issues(result) if result else []:
            lines = ", ".join(map(str, issue.lines[:20])) + ("…" if len(issue.lines) > 20 else "")
            item = QTreeWidgetItem([issue.path, issue.what, f"{issue.count:,}", lines])
            item.setTextAlignment(2, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.issues.addTopLevelItem(item)
        self.issues.setVisible(self.issues.topLevelItemCount() > 0)

    def settings_summary(self) -> str:
        """The folded input rows' line: how many sources, the UTF-8 policy, duplicates."""
        parts = [self.tr("%n source(s)", "", len(self.model.sources)),
                 self.tr("invalid UTF-8 stops") if self.policy_box.currentData() == "strict"
                 else self.tr("invalid UTF-8 replaced"),
                 without_mnemonic(self.dedup_box.text()) if self.dedup_box.isChecked()
                 else self.tr("duplicates kept")]
        return " · ".join(parts)

    def _update_summary(self) -> None:
        self.settings_fold.refresh_summary()
        sources = self.model.sources
        if not sources:
            self.summary.setText(self.tr("<i>The corpus is empty.</i>"))
            return
        size = sum(s.path.stat().st_size for s in sources if s.path.exists())
        langs = sorted({s.lang or self.tr("untagged") for s in sources})
        text = self.tr("<b>%n</b> source(s) · <b>{size}</b> on disk · languages: {languages}",
                       "", len(sources)).format(size=size_text(size),
                                                languages=escape(self.tr(", ").join(langs)))
        if self.result is not None and self.result.report.sources:
            numbers = {k: sum(getattr(s, k) for s in self.result.report.sources)
                       for k in ("documents", "duplicates", "empty")}
            duplicates = (self.tr("{count} exact duplicates dropped").format(
                count=f"{numbers['duplicates']:,}") if self.result.dedup
                else self.tr("duplicates kept (not counted)"))
            text += "<br>" + self.tr("<b>{documents}</b> documents kept · {duplicates} · {blank} "
                                     "blank").format(documents=f"{numbers['documents']:,}",
                                                     duplicates=duplicates,
                                                     blank=f"{numbers['empty']:,}")
            if self.result.error is not None:
                text += "<br>" + self.tr("<span style='color:#b3261e'>Reading stopped at bad "
                                         "input (see below): the figures cover what came before "
                                         "it.</span>")
        self.summary.setText(text)
