"""The Diagnostics pane: how the session's tokenizers treat each language, script and domain.

Choose tokenizers (up to 8) and a corpus — the Corpus pane's sources or a parallel folder
(one file per language, named by its code: FLORES-200's ``eng_Latn.dev``, ``zho_Hans.txt``...)
and which of its languages to measure — a context window and an optional chat template, and
run: the job (:func:`core.diagnostics.run.diagnose`) reads the corpus in local processes (a
worker thread only waits for them and merges) with progress in bytes, the time left and a Stop
button. Then the charts (premium with its interval, the
ranking, tokens per byte, lengths, vocabulary use — the HTML report's own figures), a sortable
table per tokenizer and bucket, and a drill-down: a bar or a row shows that bucket's longest and
most fragmented documents as token chips. Export writes the HTML page, the JSON or the CSV.
"""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QAbstractItemView, QCheckBox, QComboBox, QHBoxLayout,
                               QLabel, QLineEdit, QListWidget, QListWidgetItem, QMenu,
                               QProgressBar, QPushButton, QRadioButton, QScrollArea, QSpinBox,
                               QSplitter, QTableView, QTabWidget, QVBoxLayout, QWidget)

from app.folders import ask_folder, ask_open_file, ask_save_file
from app.keyboard import without_mnemonic
from app.messages import error_text, render_all
from app.models.diagnostics_table import BucketTableModel, bucket_name
from app.screen_fit import scrolling
from app.session import Session
from app.status_message import said
from app.tasks import JobHandle, TaskRunner
from app.widgets.diagnostics_chart import DiagnosticsChart
from app.widgets.eliding import ElidedLabel
from app.widgets.stale_mark import StaleMark
from app.widgets.settings_fold import SettingsFold
from app.widgets.token_view import TokenChipsView
from app.widgets.wrapping_row import wrapping
from core.diagnostics.parallel import parallel_languages
from core.diagnostics.result import DiagnosticsReport
from core.diagnostics.run import MAX_TOKENIZERS, Settings, diagnose
from core.errors import WorkbenchError
from core.progress import Progress

TASK_KEY = "diagnostics"
DEFAULT_CHECKED = 3


class DiagnosticsPane(QWidget):
    """Signals:
        status(str): a short message for the status bar.
        finished(): a run ended (done, failed or stopped).
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch
    finished = Signal()

    def __init__(self, session: Session, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tasks = tasks
        self.result: DiagnosticsReport | None = None
        self.template: str | None = None
        self.template_file: Path | None = None  # the file the template came from, if one
        self._started = 0.0
        self._job: JobHandle | None = None  # the latest run
        self._build()
        self.session.tokenizers_changed.connect(self._fill_tokenizers)
        self.session.corpus_changed.connect(self._update_corpus_label)
        self._fill_tokenizers()
        self._update_corpus_label()

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        top = QHBoxLayout()
        top.addWidget(self._build_tokenizer_list(), 1)
        top.addLayout(self._build_corpus_box(), 3)
        # the settings fold to one line once there are results (#25): the charts get the room
        self.settings_fold = SettingsFold("diagnostics", self.session.settings,
                                          describe=self.settings_summary)
        self.settings_fold.add_row(top)
        self.settings_fold.add_row(wrapping(self._build_run_row()))  # wraps on a narrow screen
        for widget in (self.progress, self.progress_label, self.run_button, self.stop_button,
                       self.export_button):
            self.settings_fold.add_action(widget)
        layout.addWidget(self.settings_fold)
        self.warning_label = QLabel()
        self.warning_label.setWordWrap(True)
        self.warning_label.setStyleSheet("background: #fff4e0; color: #202020; padding: 4px;")
        self.warning_label.setVisible(False)
        layout.addWidget(self.warning_label)
        # the result stays readable when an input changes, greyed and said to be out of date
        self.stale_mark = StaleMark(self.tr("Out of date — the tokenizers, the corpus or the "
                                            "settings changed since this run. Run again (Run)."))
        self._result_inputs = None  # what the result shown was computed from
        layout.addWidget(self.stale_mark)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(self._build_charts())
        split.addWidget(self._build_table_and_drill())
        split.setSizes([460, 300])
        split.setStretchFactor(0, 3)  # the charts take most of the room a larger window gives
        split.setStretchFactor(1, 2)
        layout.addWidget(split, 1)
        self.result_view = split
        self.language_list.itemChanged.connect(self._update_stale)
        self.pivot_box.editTextChanged.connect(self._update_stale)
        self.template_box.currentIndexChanged.connect(self._update_stale)
        for spin in (self.context_box, self.bootstrap_box):
            spin.valueChanged.connect(self._update_stale)
        for check in (self.align_box, self.round_trip_box):
            check.toggled.connect(self._update_stale)

    def _build_tokenizer_list(self) -> QWidget:
        box = QWidget()
        column = QVBoxLayout(box)
        column.setContentsMargins(0, 0, 0, 0)
        column.addWidget(QLabel(self.tr("Tokenizers (up to {n})").format(n=MAX_TOKENIZERS)))
        self.tokenizer_list = QListWidget()
        self.tokenizer_list.setAccessibleName(self.tr("Tokenizers to diagnose"))
        self.tokenizer_list.setMaximumHeight(96)
        self.tokenizer_list.itemChanged.connect(self._update_run_enabled)
        column.addWidget(self.tokenizer_list)
        return box

    def _build_corpus_box(self) -> QVBoxLayout:
        column = QVBoxLayout()
        self.use_sources = QRadioButton()
        self.use_parallel = QRadioButton(self.tr("Parallel folder:"))
        self.use_parallel.setToolTip(self.tr("A folder with one file per language, named by its "
                                             "code (eng_Latn.dev, zho_Hans.txt, pt_BR.txt), or a "
                                             "TSV with a language per column: line n of every "
                                             "file is a translation of line n"))
        self.use_sources.setChecked(True)
        self.parallel_edit = QLineEdit()
        self.parallel_edit.setPlaceholderText(self.tr("folder or TSV of parallel text"))
        self.parallel_edit.editingFinished.connect(self._parallel_changed)
        self.browse_button = QPushButton(self.tr("Browse…"))
        self.browse_button.clicked.connect(self._browse_parallel)
        self.pivot_box = QComboBox()
        self.pivot_box.setEditable(True)
        self.pivot_box.setMinimumContentsLength(9)
        self.pivot_box.setToolTip(self.tr("The language premiums are measured against"))
        self.pivot_box.setEditText("eng_Latn")
        self.align_box = QCheckBox(self.tr("Align by the shortest file"))
        self.align_box.setToolTip(self.tr("Files with different line counts are refused unless "
                                          "this is on (then only the lines all files have count)"))
        self.language_list = QListWidget()
        self.language_list.setFlow(QListWidget.Flow.LeftToRight)
        self.language_list.setWrapping(True)
        self.language_list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.language_list.setMaximumHeight(64)
        self.language_list.setToolTip(self.tr("The languages to measure (the pivot always is)"))
        self.language_list.itemChanged.connect(self._update_language_count)
        self.language_count = QLabel()
        self.all_languages_button = QPushButton(self.tr("All"))
        self.all_languages_button.clicked.connect(lambda: self.check_languages(None))
        first = QHBoxLayout()
        first.addWidget(self.use_sources)
        first.addStretch(1)
        second = QHBoxLayout()
        second.addWidget(self.use_parallel)
        second.addWidget(self.parallel_edit, 1)
        second.addWidget(self.browse_button)
        second.addWidget(QLabel(self.tr("Pivot:")))
        second.addWidget(self.pivot_box)
        second.addWidget(self.align_box)
        third = QHBoxLayout()
        languages_label = QVBoxLayout()
        languages_label.addWidget(QLabel(self.tr("Languages:")))
        languages_label.addWidget(self.language_count)
        languages_label.addWidget(self.all_languages_button)
        languages_label.addStretch(1)
        third.addLayout(languages_label)
        third.addWidget(self.language_list, 1)
        column.addLayout(first)
        column.addLayout(second)
        column.addLayout(third)
        for widget in (self.use_sources, self.use_parallel):
            widget.toggled.connect(self._update_run_enabled)
        return column

    def _build_run_row(self) -> QHBoxLayout:
        self.context_box = QSpinBox()
        self.context_box.setRange(0, 10_000_000)
        self.context_box.setSingleStep(512)
        self.context_box.setValue(2048)
        self.context_box.setSpecialValueText(self.tr("off"))
        self.context_box.setToolTip(self.tr("A context window: the share of documents it would "
                                            "truncate, the template's tokens included"))
        self.template_box = QComboBox()
        self.template_box.addItem(self.tr("no chat template"), None)
        self.template_box.addItem(self.tr("each tokenizer's own"), "own")
        from core.chat.builtin import BUILTIN_TEMPLATES

        for name in sorted(BUILTIN_TEMPLATES):
            self.template_box.addItem(name, name)  # i18n: data
        self.template_box.addItem(self.tr("From file…"), "file")
        self.template_box.activated.connect(self._template_chosen)
        self.bootstrap_box = QSpinBox()
        self.bootstrap_box.setRange(10, 100_000)
        self.bootstrap_box.setValue(1000)
        self.bootstrap_box.setToolTip(self.tr("Bootstrap resamples for the premium's 95% interval "
                                              "(seed 0: the same intervals every run)"))
        self.round_trip_box = QCheckBox(self.tr("Round trip"))
        self.round_trip_box.setToolTip(self.tr("Also decode every document and count those that "
                                               "do not come back as they were"))
        self.run_button = QPushButton(self.tr("Run"))
        self.run_button.clicked.connect(self.run)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop the run; the last results stay shown"))
        self.stop_button.setEnabled(False)
        self.stop_button.clicked.connect(self.stop)
        self.progress = QProgressBar()
        self.progress.setMaximumWidth(200)
        self.progress.setVisible(False)
        self.progress_label = ElidedLabel()  # a long message never widens the pane
        self.export_button = QPushButton(self.tr("Export"))
        self.export_button.setEnabled(False)
        menu = QMenu(self.export_button)
        menu.addAction(self.tr("HTML report…"), lambda: self.export("html"))
        menu.addAction(self.tr("JSON…"), lambda: self.export("json"))
        menu.addAction(self.tr("CSV…"), lambda: self.export("csv"))
        menu.addAction(self.tr("Copy table as TSV"), self.copy_table)
        self.export_button.setMenu(menu)
        row = QHBoxLayout()
        for label, widget in ((self.tr("Context window:"), self.context_box),
                              (self.tr("Template:"), self.template_box),
                              (self.tr("Bootstrap:"), self.bootstrap_box)):
            row.addWidget(QLabel(label))
            row.addWidget(widget)
        row.addWidget(self.round_trip_box)
        row.addStretch(1)
        return row

    def _build_charts(self) -> QTabWidget:
        self.chart_tabs = QTabWidget()
        self.charts: dict[str, DiagnosticsChart] = {}
        titles = {"premium": self.tr("Premium"), "ranking": self.tr("Ranking"),
                  "rate": self.tr("Tokens per byte"), "lengths": self.tr("Lengths"),
                  "vocabulary": self.tr("Vocabulary use")}
        for kind, title in titles.items():
            chart = DiagnosticsChart()
            chart.language_clicked.connect(self.show_language)
            scroll = QScrollArea()
            scroll.setWidgetResizable(True)
            scroll.setWidget(chart)
            self.charts[kind] = chart
            self.chart_tabs.addTab(scroll, title)
        return self.chart_tabs

    def _build_table_and_drill(self) -> QSplitter:
        self.model = BucketTableModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setSortRole(Qt.ItemDataRole.UserRole)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Diagnostics table"))
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the report's order first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.selectionModel().currentRowChanged.connect(self._row_chosen)
        drill = QWidget()
        column = QVBoxLayout(drill)
        column.setContentsMargins(0, 0, 0, 0)
        self.drill_label = QLabel(self.tr("Choose a row or a bar to see its documents"))
        self.drill_label.setWordWrap(True)
        self.drill_kind = QComboBox()
        self.drill_kind.addItem(self.tr("Longest documents"), "longest")
        self.drill_kind.addItem(self.tr("Most tokens per character"), "fragmented")
        self.drill_kind.currentIndexChanged.connect(self._fill_documents)
        self.documents = QListWidget()
        self.documents.setAccessibleName(self.tr("Documents"))
        self.documents.setMaximumHeight(110)
        self.documents.currentRowChanged.connect(self._document_chosen)
        self.chips = TokenChipsView()
        self.chips.setAccessibleName(self.tr("Tokens of the document"))
        column.addWidget(self.drill_label)
        column.addWidget(self.drill_kind)
        column.addWidget(self.documents)
        column.addWidget(self.chips, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.table)
        split.addWidget(scrolling(drill))  # scrolls in its part rather than grow the pane (#25)
        split.setSizes([760, 420])
        return split

    # -- inputs --------------------------------------------------------------------------
    def _fill_tokenizers(self) -> None:
        """The session's tokenizers; those already listed keep their check, a new one is
        checked while fewer than ``DEFAULT_CHECKED`` are."""
        items = [self.tokenizer_list.item(i) for i in range(self.tokenizer_list.count())]
        known = {item.data(Qt.ItemDataRole.UserRole): item.checkState() for item in items}
        checked = sum(state == Qt.CheckState.Checked for state in known.values())
        self.tokenizer_list.blockSignals(True)
        self.tokenizer_list.clear()
        for loaded in self.session.tokenizers:
            item = QListWidgetItem(loaded.label)
            item.setData(Qt.ItemDataRole.UserRole, id(loaded))
            state = known.get(id(loaded))
            if state is None:
                state = (Qt.CheckState.Checked if checked < DEFAULT_CHECKED
                         else Qt.CheckState.Unchecked)
                checked += state == Qt.CheckState.Checked
            item.setCheckState(state)
            self.tokenizer_list.addItem(item)
        self.tokenizer_list.blockSignals(False)
        self._update_run_enabled()

    def chosen_tokenizers(self) -> list:
        return [loaded for i, loaded in enumerate(self.session.tokenizers)
                if i < self.tokenizer_list.count()
                and self.tokenizer_list.item(i).checkState() == Qt.CheckState.Checked]

    def set_checked(self, indexes: list[int]) -> None:
        """Check exactly these tokenizers of the session (by position)."""
        for i in range(self.tokenizer_list.count()):
            self.tokenizer_list.item(i).setCheckState(
                Qt.CheckState.Checked if i in indexes else Qt.CheckState.Unchecked)

    def _update_corpus_label(self) -> None:
        count = len(self.session.corpus_sources)
        self.use_sources.setText(self.tr("The Corpus pane's sources ({n})").format(n=count))
        self._update_run_enabled()

    def set_parallel(self, path: str | Path) -> None:
        """Use this parallel folder (or TSV)."""
        self.parallel_edit.setText(str(path))
        self.use_parallel.setChecked(True)
        self._parallel_changed()

    def _browse_parallel(self) -> None:
        folder = ask_folder(self, "corpus", self.tr("Parallel folder"))
        if folder:
            self.set_parallel(folder)

    def _parallel_changed(self) -> None:
        """Offer the corpus' languages (its file names or TSV header say them) to measure, all
        checked, and as pivots."""
        text = self.parallel_edit.text().strip()
        if not text:
            return
        try:
            languages = sorted(parallel_languages(text))
        except WorkbenchError as err:
            languages = []
            self.progress_label.setText(error_text(err))
        self.language_list.blockSignals(True)
        self.language_list.clear()
        for language in languages:
            item = QListWidgetItem(language)  # i18n: data (a language code)
            item.setCheckState(Qt.CheckState.Checked)
            self.language_list.addItem(item)
        self.language_list.blockSignals(False)
        self._update_language_count()
        current = self.pivot_box.currentText()
        self.pivot_box.clear()
        self.pivot_box.addItems(languages)
        self.pivot_box.setEditText(current if current in languages or not languages
                                   else ("eng_Latn" if "eng_Latn" in languages else languages[0]))
        self._update_run_enabled()

    def languages(self) -> list[str]:
        """The checked languages of the parallel corpus."""
        return [self.language_list.item(i).text() for i in range(self.language_list.count())
                if self.language_list.item(i).checkState() == Qt.CheckState.Checked]

    def check_languages(self, languages: list[str] | None) -> None:
        """Check exactly ``languages`` (None: all of them)."""
        self.language_list.blockSignals(True)
        for i in range(self.language_list.count()):
            item = self.language_list.item(i)
            item.setCheckState(Qt.CheckState.Checked if languages is None
                               or item.text() in languages else Qt.CheckState.Unchecked)
        self.language_list.blockSignals(False)
        self._update_language_count()

    def _update_language_count(self) -> None:
        self.language_count.setText(self.tr("{checked} of {total}").format(
            checked=len(self.languages()), total=self.language_list.count()))

    def _template_chosen(self) -> None:
        choice = self.template_box.currentData()
        self.template = None
        self.template_file = None
        if choice == "file":
            path = ask_open_file(self, "template", self.tr("Chat template"),
                                 self.tr("Templates (*.jinja *.json);;All files (*)"))
            if not path:
                self.template_box.setCurrentIndex(0)
                return
            self.use_template_file(path)
        elif choice is not None and choice != "own":
            from core.chat.builtin import BUILTIN_TEMPLATES

            self.template = BUILTIN_TEMPLATES[choice]

    def use_template_file(self, path: str | Path) -> bool:
        """Measure with the chat template in ``path``; False (said under the Run button, the
        template box back on "no chat template") when it is not one."""
        from core.chat.sources import choose_template, template_from_file

        self.template_box.setCurrentIndex(self.template_box.findData("file"))
        try:
            self.template = choose_template(template_from_file(path))
        except WorkbenchError as err:
            self.template, self.template_file = None, None
            self.template_box.setCurrentIndex(0)
            self.progress_label.setText(error_text(err))
            return False
        self.template_file = Path(path)
        self.template_box.setItemText(self.template_box.currentIndex(), Path(path).name)
        return True

    # -- workspace -------------------------------------------------------------------------
    def save_state(self, setup) -> None:
        """Put the ticked tokenizers and the settings in ``setup`` (a
        :class:`core.workspace.DiagnosticsSetup`)."""
        setup.tokenizers = [loaded.path for loaded in self.chosen_tokenizers()]
        parallel = self.parallel_edit.text().strip()
        setup.parallel = Path(parallel) if parallel else None
        choice = self.template_box.currentData()
        setup.template_file = self.template_file if choice == "file" else None
        every = len(self.languages()) == self.language_list.count()
        setup.settings = {"source": "parallel" if self.use_parallel.isChecked() else "corpus",
                          "pivot": self.pivot_box.currentText().strip(),
                          "languages": None if every else self.languages(),
                          "align_shortest": self.align_box.isChecked(),
                          "context": self.context_box.value(),
                          "template": choice if choice != "file" or self.template_file
                          else None,
                          "bootstrap": self.bootstrap_box.value(),
                          "round_trip": self.round_trip_box.isChecked()}

    def restore_state(self, setup) -> None:
        """Tick ``setup``'s tokenizers (none saved: the pane's default) and show its settings;
        a value of the wrong type (a file edited by hand) leaves that setting as it is."""
        if setup.tokenizers:
            ticked = {str(path) for path in setup.tokenizers}
            self.set_checked([i for i, loaded in enumerate(self.session.tokenizers)
                              if str(loaded.path) in ticked])
        settings = setup.settings

        def value(key, kind):
            found = settings.get(key)
            return found if isinstance(found, kind) and not (
                kind is int and isinstance(found, bool)) else None

        if setup.parallel is not None:
            self.set_parallel(setup.parallel)
            if value("languages", list) is not None:
                self.check_languages([str(v) for v in settings["languages"]])
        if value("pivot", str):
            self.pivot_box.setEditText(settings["pivot"])
        (self.use_parallel if value("source", str) == "parallel" and setup.parallel is not None
         else self.use_sources).setChecked(True)
        for box, key in ((self.context_box, "context"), (self.bootstrap_box, "bootstrap")):
            if value(key, int) is not None:
                box.setValue(settings[key])
        for box, key in ((self.align_box, "align_shortest"),
                         (self.round_trip_box, "round_trip")):
            if value(key, bool) is not None:
                box.setChecked(settings[key])
        template = settings.get("template")
        self.template, self.template_file = None, None
        if template == "file" and setup.template_file is not None:
            self.use_template_file(setup.template_file)
        elif isinstance(template, str) and self.template_box.findData(template) >= 0:
            self.template_box.setCurrentIndex(self.template_box.findData(template))
            self._template_chosen()
        else:
            self.template_box.setCurrentIndex(0)
        self._update_run_enabled()

    def settings_summary(self) -> str:
        """The folded settings' line: how many tokenizers, on what text, the context window."""
        if self.use_parallel.isChecked():
            corpus = Path(self.parallel_edit.text().strip()).name or self.tr("no parallel folder")
        else:
            corpus = without_mnemonic(self.use_sources.text())
        parts = [self.tr("%n tokenizer(s)", "", len(self.chosen_tokenizers())), corpus,
                 self.tr("context window {n}").format(n=self.context_box.text())]
        if self.template is not None or self.template_box.currentData() == "own":
            parts.append(self.template_box.currentText())
        return " · ".join(parts)

    def _update_run_enabled(self) -> None:
        self.settings_fold.refresh_summary()
        chosen = len(self.chosen_tokenizers())
        corpus = (bool(self.parallel_edit.text().strip()) if self.use_parallel.isChecked()
                  else bool(self.session.corpus_sources))
        running = self.stop_button.isEnabled()
        self.run_button.setEnabled(0 < chosen <= MAX_TOKENIZERS and corpus and not running)
        self._update_stale()
        if chosen > MAX_TOKENIZERS:
            self.progress_label.setText(self.tr("Choose at most {n} tokenizers").format(
                n=MAX_TOKENIZERS))

    def settings(self) -> Settings:
        template_name = self.template_box.currentText() if self.template is not None else ""
        pivot = self.pivot_box.currentText().strip() or "eng_Latn"
        chosen = self.languages()
        subset = None  # every language, also those a TSV or folder gains after it was listed
        if self.use_parallel.isChecked() and len(chosen) < self.language_list.count():
            subset = tuple(dict.fromkeys([pivot, *chosen]))  # the premium needs its pivot
        return Settings(pivot=pivot, languages=subset,
                        context=self.context_box.value() or None, template=self.template,
                        template_name=template_name, resamples=self.bootstrap_box.value(),
                        round_trip=self.round_trip_box.isChecked(),
                        own_template=self.template_box.currentData() == "own",
                        align="shortest" if self.align_box.isChecked() else "refuse")

    # -- running -------------------------------------------------------------------------
    def run(self) -> None:
        tokenizers = self.chosen_tokenizers()
        if self.use_parallel.isChecked():
            inputs = {"parallel": self.parallel_edit.text().strip()}
        else:
            inputs = {"sources": list(self.session.corpus_sources)}
        self.stop_button.setEnabled(True)
        self.run_button.setEnabled(False)
        self.progress.setVisible(True)
        self.progress.setRange(0, 0)
        self.progress_label.setText(self.tr("Reading…"))
        self._started = time.monotonic()
        self._started_inputs = self.current_inputs()
        # local processes even for a small corpus: encoding and counting in this process would
        # take the GIL from the GUI thread for tens of milliseconds at a time
        self._job = self.tasks.submit(TASK_KEY, diagnose, tokenizers, settings=self.settings(),
                                      backend="processes", latest_only=True,
                                      on_progress=self._on_progress, on_result=self._on_done,
                                      on_error=self._on_error, on_cancelled=self._on_cancelled,
                                      **inputs)

    def stop(self) -> None:
        if self._job is not None:
            self._job.cancel()
        self.progress_label.setText(self.tr("Stopping…"))

    def _on_progress(self, report: Progress) -> None:
        if not report.total:
            return
        self.progress.setRange(0, 1000)
        self.progress.setValue(int(1000 * report.fraction))
        elapsed = time.monotonic() - self._started
        left = elapsed * (1 - report.fraction) / report.fraction if report.fraction else 0
        self.progress_label.setText(self.tr("{done} of {total} MB, about {left} s left").format(
            done=f"{report.done / 1e6:,.1f}", total=f"{report.total / 1e6:,.1f}",
            left=f"{left:.0f}"))

    def _end(self) -> None:
        self.stop_button.setEnabled(False)
        self.progress.setVisible(False)
        self._update_run_enabled()
        self.finished.emit()

    def _on_cancelled(self) -> None:
        self.progress_label.setText(self.tr("Stopped; the last results stay shown"))
        self._end()

    def _on_error(self, message: str) -> None:
        self.progress_label.setText(message)
        self._end()

    def _on_done(self, result: DiagnosticsReport) -> None:
        self._result_inputs = getattr(self, "_started_inputs", None)
        self.show_result(result)
        self.settings_fold.results_shown()
        seconds = time.monotonic() - self._started
        self.progress_label.setText(self.tr("Done in {seconds} s").format(
            seconds=f"{seconds:.1f}"))
        count = len(result.names)
        self.status.emit(said(lambda: self.tr("Diagnostics of {n} tokenizer(s) done").format(
            n=count)))
        self._end()

    # -- stale results -----------------------------------------------------------------------
    def current_inputs(self) -> tuple:
        """What a run started now would be computed from."""
        corpus = (("parallel", self.parallel_edit.text().strip()) if self.use_parallel.isChecked()
                  else ("sources", tuple(self.session.corpus_sources)))
        return (tuple(id(loaded) for loaded in self.chosen_tokenizers()), corpus,
                self.settings())

    @property
    def is_stale(self) -> bool:
        return self.result is not None and self._result_inputs != self.current_inputs()

    def _update_stale(self, *_) -> None:
        """Grey the result shown when its inputs changed; ungrey it when they are back."""
        if hasattr(self, "result_view"):  # (not while _build makes the widgets)
            self.stale_mark.set_stale(self.is_stale, [self.result_view])

    # -- results -------------------------------------------------------------------------
    def show_result(self, result: DiagnosticsReport) -> None:
        from core.diagnostics import figures

        self.result = result
        if self._result_inputs is None:  # shown directly (tests, scripts): of the inputs now
            self._result_inputs = self.current_inputs()
        self._update_stale()
        pivot = result.settings.pivot
        languages, series = figures.premium_data(result)
        has_premium = bool(languages)
        if has_premium:
            self.charts["premium"].set_chart(
                "premium", self.tr("Premium per language (pivot {pivot})").format(pivot=pivot),
                (self.tr("tokens / pivot's tokens (95% interval)"),),
                (tuple(languages), tuple((n, tuple(v), tuple(map(tuple, c)))
                                         for n, v, c in series)))
            self.charts["ranking"].set_chart(
                "ranking", self.tr("Premium ranking"), (), (tuple(languages), tuple(
                    (n, tuple(v), None) for n, v, _ in series)))
        for kind in ("premium", "ranking"):
            self.chart_tabs.setTabEnabled(list(self.charts).index(kind), has_premium)
        rate_languages, rates = figures.rate_data(result)
        self.charts["rate"].set_chart(
            "rate", self.tr("Tokens per byte"), (self.tr("tokens per UTF-8 byte"),),
            (tuple(rate_languages), tuple((n, tuple(v), None) for n, v, _ in rates)))
        self._show_lengths("all")
        self.charts["vocabulary"].set_chart(
            "vocabulary", self.tr("Vocabulary use"),
            (self.tr("most used ids (k)"), self.tr("share of all tokens")),
            tuple((n, tuple(map(tuple, c))) for n, c in figures.vocabulary_data(result)))
        self.chart_tabs.setCurrentIndex(0 if has_premium else 2)
        self.model.set_report(result)
        self.table.resizeColumnsToContents()
        self.export_button.setEnabled(True)
        warnings = self.warnings(result.warnings)
        self.warning_label.setText("\n".join(warnings))
        self.warning_label.setVisible(bool(warnings))

    def warnings(self, notes) -> list[str]:
        """What the user should know before trusting the numbers (the core's warnings: unknown
        tokens that make a language look cheap, failed documents, cut files), in the GUI's
        language."""
        return render_all(notes)

    def show_language(self, language: str) -> None:
        """Select the first row of ``language``'s bucket (a clicked bar) and drill into it."""
        for row in range(self.model.rowCount()):
            if self.model.rows[row][1] == language:
                index = self.proxy.mapFromSource(self.model.index(row, 0))
                self.table.selectRow(index.row())
                self.table.scrollTo(index)
                return

    def _row_chosen(self, current, _previous=None) -> None:
        self._fill_documents()
        chosen = self._selected_bucket()
        if chosen is not None:
            self._show_lengths(chosen[1])

    def _show_lengths(self, bucket: str) -> None:
        """The length distribution of one bucket (all documents first, then the chosen row's),
        every tokenizer's line on it."""
        from core.diagnostics import figures

        self.charts["lengths"].set_chart(
            "lengths", self.tr("Length distribution · {bucket}").format(
                bucket=bucket_name(bucket)),
            (self.tr("tokens per document"), self.tr("documents")),
            tuple(figures.length_data(self.result, bucket)))

    def _selected_bucket(self):
        index = self.table.currentIndex()
        if self.result is None or not index.isValid():
            return None
        row = self.proxy.mapToSource(index).row()
        tokenizer, key, _, _ = self.model.rows[row]
        k = self.result.names.index(tokenizer)
        return k, key, self.result.stats[k].buckets.get(key)

    def _fill_documents(self) -> None:
        self.documents.clear()
        self.chips.set_encoding(None)
        chosen = self._selected_bucket()
        if chosen is None or chosen[2] is None:
            return
        k, key, bucket = chosen
        self.drill_label.setText(self.tr("{tokenizer} · {bucket}").format(
            tokenizer=self.result.names[k], bucket=bucket_name(key)))
        entries = getattr(bucket, self.drill_kind.currentData())
        for value, where, text in entries:
            label = (self.tr("{n} tokens").format(n=f"{value:,}") if isinstance(value, int)
                     else self.tr("{r} tokens per character").format(r=f"{value:.2f}"))
            item = QListWidgetItem(self.tr("{value} · {source} #{document}: {start}").format(
                value=label, source=Path(str(where[0])).name, document=where[2] + 1,
                start=text[:60]))
            item.setData(Qt.ItemDataRole.UserRole, text)
            self.documents.addItem(item)
        if self.documents.count():
            self.documents.setCurrentRow(0)

    def _document_chosen(self, row: int) -> None:
        chosen = self._selected_bucket()
        if row < 0 or chosen is None:
            return
        text = self.documents.item(row).data(Qt.ItemDataRole.UserRole)
        runtime = self.result.runtimes[chosen[0]]
        try:
            self.chips.set_encoding(runtime.encode(text, add_special_tokens=False))
        except WorkbenchError as err:
            self.drill_label.setText(error_text(err))

    def export(self, kind: str) -> None:
        if self.result is None:
            return
        filters = {"html": self.tr("HTML page (*.html)"), "json": self.tr("JSON (*.json)"),
                   "csv": self.tr("CSV (*.csv)")}
        path = ask_save_file(self, "export", self.tr("Export the report"), f"report.{kind}",
                             filters[kind])
        if path:
            self.write_export(kind, Path(path))

    def write_export(self, kind: str, path: Path) -> None:
        """Write the report as ``kind`` (html, json, csv) to ``path``."""
        from core.diagnostics.html import report_html
        from core.diagnostics.report import REPORT_JSON_VERSION, report_csv
        from core.envelope import json_line

        if kind == "html":
            from app.report_words import page_language, page_words

            text = report_html(self.result, tr=page_words(), lang=page_language())
        elif kind == "json":  # what tokbench report --json prints
            text = json_line("report", REPORT_JSON_VERSION, self.result.to_json()) + "\n"
        else:
            text = report_csv(self.result)
        try:
            path.write_text(text, encoding="utf-8")
        except OSError as err:
            self.progress_label.setText(self.tr("Cannot write {path}: {reason}").format(
                path=str(path), reason=err.strerror or str(err)))
            return
        self.status.emit(said(lambda: self.tr("Report written to {path}").format(
            path=str(path))))

    def copy_table(self) -> None:
        QGuiApplication.clipboard().setText(self.model.tsv())
