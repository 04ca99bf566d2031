"""The Train pane: a training configuration (presets, load/save JSON), Start/Stop, progress
with phase, rate and ETA, a live log and chart, and the result: the bundle opens in the Inspect
pane and can be saved.

Training reads the corpus the Corpus pane built (``Session.corpus_sources``) and runs in a
worker through :meth:`app.tasks.TaskRunner.submit`; stopping it takes a fraction of a
second and keeps nothing.
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from html import escape
from pathlib import Path

from PySide6.QtCore import QCoreApplication, Qt, QTimer, Signal
from PySide6.QtWidgets import (QComboBox, QGroupBox, QHBoxLayout, QHeaderView,
                               QLabel, QLineEdit, QPlainTextEdit, QProgressBar, QPushButton,
                               QScrollArea, QSplitter, QTableWidget, QTableWidgetItem,
                               QVBoxLayout, QWidget)

from app.folders import ask_open_file, ask_save_file
from app.errors import show_error
from core.numbers import size_text
from app.jobs.training import TrainingOutcome, train_to_bundle
from app.models.training_run import RunMeter
from app.session import Session
from app.status_message import said
from app.tasks import JobHandle, TaskRunner
from app.widgets.live_chart import LiveChart
from app.messages import error_text, render, render_all
from app.widgets.training_config_form import (PRESET_NAMES, PRESETS, TrainingConfigForm,
                                              preflight, shown_name)
from core.engines.checks import config_notes
from core.engines.common import split_details
from core.engines.config import TrainingConfig
from core.errors import WorkbenchError
from core.progress import Progress
from core.supervisor import run_function

TICK_MS = 250
DEFAULT_PRESET = "GPT-2-like byte-level BPE"


def run_meter_text(text: str) -> str:
    """A text of :class:`RunMeter` (marked in its context) in the GUI's language."""
    return QCoreApplication.translate("RunMeter", text)


class TrainPane(QWidget):
    """Signals:
        status(str): a short message for the status bar.
        inspect_requested(): show the Inspect pane (the trained tokenizer is current there).
        save_requested(): save the current tokenizer as a bundle (File > Save as bundle).
        corpus_requested(): show the Corpus pane.
        finished(object): a run ended: its :class:`TrainingOutcome`, or None if it failed or
            was stopped.
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch
    inspect_requested = Signal()
    save_requested = Signal()
    corpus_requested = Signal()
    finished = Signal(object)

    def __init__(self, session: Session, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tasks = tasks
        self.meter: RunMeter | None = None
        self.outcome: TrainingOutcome | None = None
        self.running = False
        self._job: JobHandle | None = None  # the latest training run
        self.stop_requested_at: float | None = None
        self.stop_seconds: float | None = None
        self._dest: Path | None = None
        self._scratch: tempfile.TemporaryDirectory | None = None
        self._runs = 0
        self._build()
        self._connect()
        self.form.apply_preset(DEFAULT_PRESET)
        self._update_corpus()

    # -- layout --------------------------------------------------------------------------
    def _build(self) -> None:
        config_box = self._build_config()
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(self._build_corpus_row())
        right_layout.addLayout(self._build_run_row())
        right_layout.addWidget(self._build_progress())
        right_layout.addWidget(self.progress_label)
        right_layout.addWidget(self._build_live(), 1)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(config_box)
        layout.addWidget(right, 1)
        self._tick = QTimer(self, interval=TICK_MS)

    def _build_config(self) -> QGroupBox:
        """The presets row (with Load/Save) over the scrolling configuration form."""
        self.preset_box = QComboBox()
        self.preset_box.addItem(self.tr("Custom settings"), "")
        self.preset_box.setToolTip(self.tr("Start from a preset; changing a field makes the "
                                           "settings custom"))
        for preset in PRESETS:  # the identifier is the item's data, the name is translated
            self.preset_box.addItem(shown_name(PRESET_NAMES, preset), preset)
        self.load_button = QPushButton(self.tr("Load…"))
        self.load_button.setToolTip(self.tr("Load a TrainingConfig JSON file"))
        self.save_config_button = QPushButton(self.tr("Save…"))
        self.save_config_button.setToolTip(self.tr("Save this configuration as JSON"))
        presets = QHBoxLayout()
        presets.addWidget(self.preset_box, 1)
        presets.addWidget(self.load_button)
        presets.addWidget(self.save_config_button)
        self.form = TrainingConfigForm()
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self.form)
        scroll.setFrameShape(QScrollArea.Shape.NoFrame)
        config_box = QGroupBox(self.tr("Configuration"))
        config_layout = QVBoxLayout(config_box)
        config_layout.addLayout(presets)
        config_layout.addWidget(scroll, 1)
        config_box.setMinimumWidth(340)
        config_box.setMaximumWidth(460)
        return config_box

    def _build_corpus_row(self) -> QHBoxLayout:
        """What the corpus is, with a way to the Corpus pane."""
        self.corpus_label = QLabel()
        self.corpus_label.setTextFormat(Qt.TextFormat.RichText)
        self.corpus_label.setWordWrap(True)
        self.corpus_button = QPushButton(self.tr("Go to Corpus"))
        corpus_row = QHBoxLayout()
        corpus_row.addWidget(self.corpus_label, 1)
        corpus_row.addWidget(self.corpus_button)
        return corpus_row

    def _build_run_row(self) -> QHBoxLayout:
        """The bundle's name, Start and Stop."""
        self.name_edit = QLineEdit()
        self.name_edit.setPlaceholderText(self.tr("bundle name (default: algorithm-vocab size)"))
        self.start_button = QPushButton(self.tr("Start training"))
        self.start_button.setDefault(True)
        self.stop_button = QPushButton(self.tr("Stop"))
        self.stop_button.setToolTip(self.tr("Stop training; nothing of the run is kept"))
        self.stop_button.setEnabled(False)
        run_row = QHBoxLayout()
        run_row.addWidget(QLabel(self.tr("Name")))
        run_row.addWidget(self.name_edit, 1)
        run_row.addWidget(self.start_button)
        run_row.addWidget(self.stop_button)
        return run_row

    def _build_progress(self) -> QProgressBar:
        """The progress bar, and under it the line with phase, rate and ETA (or the failure)."""
        self.progress = QProgressBar()
        self.progress.setTextVisible(False)
        self.progress.setMaximumHeight(12)
        self.progress_label = QLabel(self.tr("Not started."))
        self.progress_label.setStyleSheet("color:#444")
        # a failure can be long: it wraps instead of widening the window past the screen
        self.progress_label.setWordWrap(True)
        self.progress_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        return self.progress

    def _build_live(self) -> QSplitter:
        """The live chart, the log and the result, one over the other."""
        self.chart = LiveChart()
        self.chart.set_axes(self.tr("Training"), self.tr("seconds"), "")
        self.log = QPlainTextEdit()
        self.log.setReadOnly(True)
        self.log.setMaximumBlockCount(2000)
        self.log.setPlaceholderText(self.tr("The training log appears here"))
        font = self.log.font()
        font.setFamily("monospace")
        self.log.setFont(font)
        live = QSplitter(Qt.Orientation.Vertical)
        live.addWidget(self.chart)
        live.addWidget(self.log)
        live.addWidget(self._build_result())
        live.setSizes([300, 200, 220])
        return live

    def _build_result(self) -> QGroupBox:
        """The trained bundle (Show in Inspect, Save) and the bytes each source gave."""
        self.result_label = QLabel()
        self.result_label.setTextFormat(Qt.TextFormat.RichText)
        self.result_label.setWordWrap(True)
        self.inspect_button = QPushButton(self.tr("Show in Inspect"))
        self.save_button = QPushButton(self.tr("Save bundle…"))
        result_row = QHBoxLayout()
        result_row.addWidget(self.result_label, 1)
        result_row.addWidget(self.inspect_button)
        result_row.addWidget(self.save_button)
        self.bytes_table = QTableWidget(0, 5)
        self.bytes_table.setHorizontalHeaderLabels([
            self.tr("Source"), self.tr("Language"), self.tr("Documents"), self.tr("Bytes read"),
            self.tr("Used by the trainer")])
        self.bytes_table.verticalHeader().setVisible(False)
        self.bytes_table.verticalHeader().setDefaultSectionSize(22)
        self.bytes_table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
        header = self.bytes_table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Stretch)
        self.bytes_note = QLabel()
        self.bytes_note.setWordWrap(True)
        self.result_box = QGroupBox(self.tr("Result"))
        result_layout = QVBoxLayout(self.result_box)
        result_layout.addLayout(result_row)
        result_layout.addWidget(self.bytes_note)
        result_layout.addWidget(self.bytes_table, 1)
        self.result_box.setVisible(False)
        return self.result_box

    def _connect(self) -> None:
        self.preset_box.activated.connect(self._on_preset_activated)
        self.load_button.clicked.connect(self._on_load_clicked)
        self.save_config_button.clicked.connect(self._on_save_config_clicked)
        self.form.config_changed.connect(self._on_form_config_changed)
        self.session.corpus_changed.connect(self._update_corpus)
        self.corpus_button.clicked.connect(self.corpus_requested)
        self.start_button.clicked.connect(self.start)
        self.stop_button.clicked.connect(self.stop)
        self.inspect_button.clicked.connect(self.inspect_requested)
        self.save_button.clicked.connect(self.save_requested)
        self._tick.timeout.connect(self._update_progress_label)

    # -- configuration -------------------------------------------------------------------
    def _on_preset_activated(self, index: int) -> None:
        if index > 0:
            self.form.apply_preset(self.preset_box.itemData(index))

    def _on_form_config_changed(self) -> None:
        self._update_start_button()
        self._update_preset_box()

    def _update_preset_box(self) -> None:
        """Name the preset the form matches (vocabulary size and seed aside), else *custom*."""
        values = self.form.raw_values()
        index = 0
        for name, preset in PRESETS.items():
            if all(values.get(k) == v for k, v in preset.items() if k != "vocab_size"):
                index = self.preset_box.findData(name)
                break
        self.preset_box.setCurrentIndex(index)

    def _on_load_clicked(self) -> None:
        path = ask_open_file(self, "config", self.tr("Load training config"),
                             self._config_filter())
        if path:
            self.load_config(Path(path))

    def _on_save_config_clicked(self) -> None:
        path = ask_save_file(self, "config", self.tr("Save training config"), "training.json",
                             self._config_filter())
        if path:
            self.save_config(Path(path))

    # -- workspace -------------------------------------------------------------------------
    def save_state(self, setup) -> None:
        """Put the configuration and the bundle name in ``setup`` (a
        :class:`core.workspace.TrainSetup`); a form with a bad value keeps the last good
        configuration out (the workspace file holds only configurations that load)."""
        try:
            setup.config = self.form.config().to_json()
        except WorkbenchError:
            setup.config = {}
        setup.name = self.name_edit.text()

    def restore_state(self, setup) -> None:
        """Show ``setup``'s configuration (none saved: the default preset) and name; one
        this workbench cannot take (a file edited by hand, an older field) is said in the
        status bar and the form keeps its own."""
        if setup.config:
            try:
                self.form.set_config(TrainingConfig.from_json(setup.config))
            except WorkbenchError as err:
                self.status.emit(self.tr("The workspace's training configuration was not "
                                         "restored: {problem}").format(problem=error_text(err)))
        self.name_edit.setText(setup.name)

    def _config_filter(self) -> str:
        return self.tr("Training config (*.json);;All files (*)")

    def load_config(self, path: Path) -> bool:
        try:
            config = TrainingConfig.load(path)
        except (WorkbenchError, OSError) as err:
            show_error(self, self.tr("Could not load the configuration"), err)
            return False
        self.form.set_config(config)
        # a corpus option: the Corpus pane's box follows the session, so both show the config's
        self.session.set_corpus(self.session.corpus_sources, dedup=config.deduplicate)
        self.status.emit(said(lambda: self.tr("loaded {name}").format(name=path.name)))
        return True

    def save_config(self, path: Path) -> bool:
        try:
            config = self.form.config()
            path.write_text(json.dumps(config.to_json(), indent=2, ensure_ascii=False) + "\n",
                            encoding="utf-8")
        except (WorkbenchError, OSError) as err:
            show_error(self, self.tr("Could not save the configuration"), err)
            return False
        self.status.emit(said(lambda: self.tr("saved {name}").format(name=path.name)))
        return True

    # -- corpus --------------------------------------------------------------------------
    def _update_corpus(self) -> None:
        self.form.set_corpus_option("deduplicate", self.session.corpus_dedup)
        sources = self.session.corpus_sources
        if not sources:
            self.corpus_label.setText(self.tr(
                "<span style='color:#b3261e'><b>The corpus is empty.</b></span> Add sources in "
                "the Corpus pane first."))
        else:
            size = sum(s.path.stat().st_size for s in sources if s.path.exists())
            langs = self.tr(", ").join(sorted({s.lang or self.tr("untagged") for s in sources}))
            duplicates = (self.tr("duplicates dropped") if self.session.corpus_dedup
                          else self.tr("duplicates kept"))
            self.corpus_label.setText(self.tr(
                "<b>Corpus:</b> %n source(s), {size} on disk ({languages}) · invalid UTF-8: "
                "{policy} · {duplicates}", "", len(sources)).format(
                size=size_text(size), languages=escape(langs),
                policy=self.session.corpus_policy, duplicates=duplicates))
        self._update_start_button()

    def _update_start_button(self) -> None:
        problem = self.form.problem
        if not self.session.corpus_sources:
            problem = self.tr("the corpus is empty: add sources in the Corpus pane")
        self.start_button.setEnabled(not self.running and problem is None)
        self.start_button.setToolTip(problem or self.tr("Train on the corpus of the Corpus pane"))

    # -- running -------------------------------------------------------------------------
    def start(self) -> bool:
        """Start training with the form's config on the session's corpus; False if refused."""
        if self.running:
            return False
        try:
            config = self.form.config()
        except WorkbenchError as err:
            self._show_failure(error_text(err))
            return False
        problem = preflight(config)
        if not self.session.corpus_sources:
            problem = self.tr("The corpus is empty: add sources in the Corpus pane first.")
        if problem:
            self._show_failure(problem)
            return False
        name = self.name_edit.text().strip() or f"{config.algorithm}-{config.vocab_size}"
        self._runs += 1
        self._dest = self._scratch_dir() / f"run-{self._runs}" / name
        self.meter = RunMeter(target=config.vocab_size, translate=run_meter_text,
                              word_note=render)
        self.outcome = None
        self.stop_requested_at = self.stop_seconds = None
        self.chart.clear()
        self.chart.set_axes(self.tr("Training"), self.tr("seconds"), "")
        self.chart.set_placeholder(self.tr("The chart fills while training runs"))
        self.log.clear()
        self.progress_label.setToolTip("")
        self.result_box.setVisible(False)
        self._append_log([self.tr("training {name}: {engine} engine, {algorithm}, vocabulary "
                                  "{vocab}, %n source(s)", "", len(self.session.corpus_sources))
                          .format(name=name, engine=config.engine, algorithm=config.algorithm,
                                  vocab=f"{config.vocab_size:,}")])
        self._set_running(True)
        self._job = self.tasks.submit(
            "train", train_to_bundle, config, list(self.session.corpus_sources), self._dest,
            policy=self.session.corpus_policy, name=name, in_process=run_function,
            latest_only=True, on_progress=self._on_training_progressed,
            on_result=self._on_trained, on_error=self._on_training_failed,
            on_cancelled=self._on_training_stopped)
        self.status.emit(said(lambda: self.tr("training {name}…").format(name=name)))
        return True

    def stop(self) -> None:
        """Stop the run (it ends within a fraction of a second and keeps nothing)."""
        if self.running and self.stop_requested_at is None:
            self.stop_requested_at = time.monotonic()
            self._job.cancel()
            self.stop_button.setEnabled(False)
            self.progress_label.setText(self.tr("stopping…"))

    def remove_scratch(self) -> None:
        """Delete the bundles trained in this session and not saved (on close, once the
        workers have stopped)."""
        if self._scratch is not None:
            self._scratch.cleanup()
            self._scratch = None

    def owns(self, path: str | Path) -> bool:
        """Whether ``path`` lies in this pane's scratch folder (a bundle trained here, not
        saved yet: removed on quit)."""
        if self._scratch is None:
            return False
        scratch = Path(self._scratch.name).resolve()
        return scratch in Path(path).resolve().parents

    def _scratch_dir(self) -> Path:
        if self._scratch is None:
            self._scratch = tempfile.TemporaryDirectory(prefix="tokbench-trained-")
        return Path(self._scratch.name)

    def _set_running(self, running: bool) -> None:
        self.running = running
        self.stop_button.setEnabled(running)
        self.form.setEnabled(not running)
        self.preset_box.setEnabled(not running)
        self.load_button.setEnabled(not running)
        self._update_start_button()
        if running:
            self.progress.setRange(0, 0)
            self._tick.start()
        else:
            self._tick.stop()
            self.progress.setRange(0, 1)
            self.progress.setValue(0)

    def _on_training_progressed(self, report: Progress) -> None:
        if self.meter is None or not self.running:
            return
        self._append_log(self.meter.feed(report))
        if report.total:
            self.progress.setRange(0, 1000)
            self.progress.setValue(int(1000 * report.fraction))
        else:
            self.progress.setRange(0, 0)
        if self.meter.chart is not None:
            spec = self.meter.chart  # its strings are marked in the RunMeter context
            self.chart.set_axes(*(run_meter_text(text)
                                  for text in (spec.title, spec.x_label, spec.y_label)))
            self.chart.set_points(self.meter.points)
        self._update_progress_label()

    def _update_progress_label(self) -> None:
        if self.meter is not None and self.running and self.stop_requested_at is None:
            self.progress_label.setText(self.meter.describe())

    def _append_log(self, lines: list[str]) -> None:
        for line in lines:
            self.log.appendPlainText(line)

    def _finish(self) -> float:
        self._set_running(False)
        return time.monotonic() - self.meter.started if self.meter else 0.0

    def _on_training_stopped(self) -> None:
        elapsed = self._finish()
        if self.stop_requested_at is not None:
            self.stop_seconds = time.monotonic() - self.stop_requested_at
        if self._dest is not None:
            shutil.rmtree(self._dest.parent, ignore_errors=True)
        self.progress_label.setText(self.tr("Stopped after {seconds} s; nothing was kept.")
                                    .format(seconds=f"{elapsed:,.1f}"))
        self._append_log([self.tr("stopped ({seconds} s to stop)").format(
            seconds=f"{self.stop_seconds or 0:.2f}")])
        self.status.emit(said(lambda: self.tr("training stopped")))
        self.finished.emit(None)

    def _on_training_failed(self, message: str) -> None:
        self._finish()
        if len(self.chart.points) < 2:  # not "the chart fills while training runs": it ended
            self.chart.set_placeholder(self.tr("The run stopped before there was anything to "
                                               "chart"))
        self._show_failure(message)
        self.finished.emit(None)

    def _show_failure(self, message: str) -> None:
        """The failure in plain words (wrapped); the trainer's own text, if any, goes to the
        log and the label's tooltip."""
        plain, details = split_details(message)
        self.progress_label.setText(f"<span style='color:#b3261e'>⚠ {escape(plain)}</span>")
        self.progress_label.setToolTip(details)
        self._append_log([self.tr("failed: {message}").format(message=plain)])
        if details:
            self._append_log([self.tr("the trainer said: {details}").format(details=details)])
        self.status.emit(f"⚠ {plain}")

    def _on_trained(self, outcome: TrainingOutcome) -> None:
        elapsed = self._finish()
        self.outcome, self.last_elapsed = outcome, elapsed
        self.progress.setRange(0, 1)
        self.progress.setValue(1)
        runtime = outcome.runtime
        self.session.add_tokenizer(outcome.loaded, select=True)
        self.progress_label.setText(self.tr("Done in {seconds} s.").format(
            seconds=f"{elapsed:,.1f}"))
        # vocabularies are never of one token: no plural form, and the count keeps its commas
        self._append_log([self.tr("done: {tokens} tokens in {seconds} s").format(
            tokens=f"{runtime.vocab_size:,}", seconds=f"{elapsed:,.1f}")])
        # the manifest keeps the notes in English; here they are said in the GUI's language
        self._append_log([self.tr("note: {note}").format(note=note)
                          for note in render_all(config_notes(outcome.config))])
        self._show_trace_chart(outcome)
        self._show_result(outcome, elapsed)
        name, tokens = outcome.path.name, f"{runtime.vocab_size:,}"
        self.status.emit(said(lambda: self.tr("trained {name} ({tokens} tokens); it is open in "
                                              "the Inspect pane").format(name=name,
                                                                         tokens=tokens)))
        self.finished.emit(outcome)

    def _show_trace_chart(self, outcome: TrainingOutcome) -> None:
        """Once the run is over, what its trace knows: the log-likelihood of each Unigram
        round; for a merge run too short to chart live, the count of each merge by rank."""
        trace = outcome.trace or {}
        rounds = trace.get("rounds")
        merges = trace.get("merges")
        if rounds:
            self.chart.set_axes(self.tr("Unigram: log-likelihood per EM round (higher is better)"),
                                self.tr("round"), self.tr("log L"))
            self.chart.set_points([(i + 1, r["log_likelihood"]) for i, r in enumerate(rounds)])
        elif merges and len(self.chart.points) < 2:
            self.chart.set_axes(self.tr("Pair count of each merge, in merge order (the run was "
                                        "too quick to chart merges per second)"),
                                self.tr("merge rank"), self.tr("count"), log_y=True)
            self.chart.set_points([(rank, merge[2]) for rank, merge in enumerate(merges)])
        elif len(self.chart.points) < 2:
            self.chart.set_placeholder(
                self.tr("This trainer reported no figures to chart for this run"))

    def _show_result(self, outcome: TrainingOutcome, elapsed: float) -> None:
        config = outcome.config
        training = outcome.manifest.get("training", {})
        self.result_label.setText(self.tr(
            "<b>{name}</b>: {tokens} tokens ({engine} · {algorithm}) in {seconds} s — open in "
            "the Inspect pane; not saved yet.").format(
            name=escape(outcome.path.name), tokens=f"{outcome.runtime.vocab_size:,}",
            engine=escape(config.engine),
            algorithm=escape(config.algorithm), seconds=f"{elapsed:,.1f}"))
        offered = training.get("bytes_offered")
        skipped = training.get("sentences_skipped_too_long", 0) or 0
        used = training.get("bytes_used")
        if offered is not None:
            sentences = training.get("sentences", 0)
            if used == offered:
                note = self.tr("The trainer was offered {bytes} bytes in {sentences} sentences "
                               "and used all of them (none skipped, none sampled away).")
            elif used is not None:
                note = self.tr("The trainer was offered {bytes} bytes in {sentences} sentences "
                               "and used {used} bytes.")
            else:
                note = self.tr("The trainer was offered {bytes} bytes in {sentences} sentences "
                               "and skipped {skipped} as too long.")
            note = note.format(bytes=f"{offered:,}", sentences=f"{sentences:,}",
                               used=f"{used or 0:,}", skipped=f"{skipped:,}")
        else:
            note = self.tr("Trained on {words} distinct words ({tokens} in all).").format(
                words=f"{training.get('words', 0):,}", tokens=f"{training.get('word_tokens', 0):,}")
        self.bytes_note.setText(note)
        self.bytes_table.setRowCount(len(outcome.sources))
        for row, stats in enumerate(outcome.sources):
            # the source's sampling weight repeats or thins out its documents
            used_text = (size_text(stats.weighted_bytes) if offered is None or used == offered
                         else self.tr("unknown (the trainer reports totals only)"))
            values = [Path(stats.path).name, stats.lang or self.tr("untagged"),
                      f"{stats.documents:,}", size_text(stats.bytes), used_text]
            for column, value in enumerate(values):
                item = QTableWidgetItem(value)
                if column >= 2:
                    item.setTextAlignment(Qt.AlignmentFlag.AlignRight
                                          | Qt.AlignmentFlag.AlignVCenter)
                self.bytes_table.setItem(row, column, item)
        self.result_box.setVisible(True)
