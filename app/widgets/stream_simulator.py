"""``StreamSimulator``: step through token IDs as a server streams them.

The IDs (given by :meth:`StreamSimulator.set_source`, pasted, or text typed and encoded) arrive in
chunks, after the prompt's IDs if some are given (prefill: context whose text is not emitted); at
each step the view shows what a server would emit, the bytes that wait for the rest of a
character (``⟨E4 B8⟩``), the text held back because it may still become a stop string, and the
stop once one matched (which, at which token and character). The text decoded so far is shown
as people read it, each ID a band behind the text it completed and the IDs waiting for the rest
of a character as pills with their bytes (:class:`~app.widgets.stream_text_view.StreamTextView`),
or as a row of ID chips. The decoding is
:func:`core.stream.run.replay`; it runs in a worker (:func:`app.jobs.stream.simulate`: a
100k-ID run takes a second or two), and moving between steps only reads what it computed.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import shiboken6
from PySide6.QtCore import QAbstractTableModel, QCoreApplication, QModelIndex, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import (QAbstractItemView, QButtonGroup, QCheckBox, QComboBox, QFileDialog,
                               QFormLayout, QHBoxLayout, QHeaderView, QLabel, QLineEdit,
                               QListWidget, QListWidgetItem, QPlainTextEdit, QPushButton, QSlider,
                               QSpinBox, QSplitter, QStackedWidget, QTableView, QTextEdit,
                               QToolButton, QVBoxLayout, QWidget)

from app.jobs.stream import ID_SEPARATORS, Simulation, simulate
from app.messages import error_text
from app.tasks import TaskRunner, user_message
from app.widgets.stream_text_view import (CURRENT, EARLIER, HELD, PENDING, STOPPED, UNTAKEN,
                                           StreamTextView, pending_shown)
from core.envelope import json_line
from core.stream.decode import StopHit, utf8_waiting
from core.stream.run import JSON_VERSION as STREAM_JSON_VERSION, ChunkStep, StreamRun
from core.text.offsets import visible_bytes, visible_text

CHIPS_SHOWN = 400          # IDs drawn as chips, up to the current step (the table has all steps)
SOURCE_BOX_LIMIT = 20_000  # IDs given by set_source are written into the text box up to this
DEBOUNCE_MS = 250
_ESCAPE = re.compile(r"\\(u[0-9a-fA-F]{4}|x[0-9a-fA-F]{2}|[ntr\\])")


def unescape_stop(typed: str) -> str:
    """A stop string as typed in the list: ``\\n``, ``\\t``, ``\\r``, ``\\\\``, ``\\xHH`` and
    ``\\uHHHH`` stand for the characters (a list row cannot hold a line break).

    >>> unescape_stop(r"\\n\\nUser:"), unescape_stop(r"a\\\\n")
    ('\\n\\nUser:', 'a\\\\n')
    """
    simple = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\"}

    def one(match: re.Match) -> str:
        code = match.group(1)
        return simple[code] if code in simple else chr(int(code[1:], 16))
    return _ESCAPE.sub(one, typed)


def escape_stop(stop: str) -> str:
    """A stop string as the list shows it (the inverse of :func:`unescape_stop`).

    >>> escape_stop(chr(10) + "</s>")
    '\\\\n</s>'
    """
    return (stop.replace("\\", "\\\\").replace("\n", "\\n").replace("\t", "\\t")
            .replace("\r", "\\r"))


def _typed_ids(text: str) -> list[int] | str:
    """IDs typed in a line (separated by spaces, commas or brackets), or the item that is no ID.

    >>> _typed_ids("[1, 2] 3"), _typed_ids("4 x")
    ([1, 2, 3], 'x')
    """
    ids = []
    for item in ID_SEPARATORS.split(text.strip()):
        if not item:
            continue
        try:
            ids.append(int(item))
        except ValueError:
            return item
    return ids


class StepsModel(QAbstractTableModel):
    """The steps done so far: step, IDs, emitted text, pending bytes, held-back text, stop."""

    COLUMNS = 6

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.steps: list[ChunkStep] = []
        self.shown = 0
        self.runtime = None

    def set_steps(self, steps: list[ChunkStep], runtime) -> None:
        self.beginResetModel()
        self.steps, self.runtime, self.shown = steps, runtime, 0
        self.endResetModel()

    def show_up_to(self, count: int) -> None:
        """Show the first ``count`` steps (rows added or removed, not a reset: a 100k-row table
        keeps its scroll state)."""
        count = max(0, min(count, len(self.steps)))
        if count > self.shown:
            self.beginInsertRows(QModelIndex(), self.shown, count - 1)
            self.shown = count
            self.endInsertRows()
        elif count < self.shown:
            self.beginRemoveRows(QModelIndex(), count, self.shown - 1)
            self.shown = count
            self.endRemoveRows()

    def rowCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self.shown

    def columnCount(self, parent=QModelIndex()) -> int:
        return 0 if parent.isValid() else self.COLUMNS

    def headerData(self, section, orientation, role=Qt.ItemDataRole.DisplayRole):
        if role != Qt.ItemDataRole.DisplayRole or orientation != Qt.Orientation.Horizontal:
            return None
        return (self.tr("Step"), self.tr("IDs"), self.tr("Emitted"), self.tr("Pending bytes"),
                self.tr("Held back"), self.tr("Stop"))[section]

    def data(self, index, role=Qt.ItemDataRole.DisplayRole):
        if not index.isValid() or index.row() >= self.shown:
            return None
        step = self.steps[index.row()]
        column = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(step, column)
        if role == Qt.ItemDataRole.ToolTipRole and column == 1 and step.ids:
            return "\n".join(f"{i}  {visible_bytes(self.runtime.token_bytes(i))}"  # i18n: data
                             for i in step.ids[:50])
        if role == Qt.ItemDataRole.ForegroundRole and column in (3, 4):
            return QColor("#a05a00")
        if role == Qt.ItemDataRole.BackgroundRole and column == 5 and self._stopped_here(step):
            return QColor(STOPPED)
        if role == Qt.ItemDataRole.FontRole and column in (2, 3, 4):
            font = QFont()
            font.setFamily("monospace")
            return font
        return None

    def _stopped_here(self, step: ChunkStep) -> bool:
        return step.stop is not None and step.stop.token_index >= step.start

    def _text(self, step: ChunkStep, column: int) -> str:
        if column == 0:
            return str(step.index + 1)
        if column == 1:
            if step.final:
                return self.tr("end of stream")
            taken = " ".join(map(str, step.ids[:step.taken]))
            rest = " ".join(map(str, step.ids[step.taken:]))
            return taken + (self.tr(" (ignored: {ids})").format(ids=rest) if rest else "")
        if column == 2:
            return visible_text(step.text)
        if column == 3:
            return pending_shown(step.pending)
        if column == 4:
            return visible_text(step.held)
        return stop_label(step.stop) if self._stopped_here(step) else ""


def stop_label(stop: StopHit) -> str:
    """The stop, as the table and the status line name it."""
    if isinstance(stop.stop, int):
        return QCoreApplication.translate("StepsModel", "stop ID {id}").format(id=stop.stop)
    return QCoreApplication.translate("StepsModel", "stop string “{stop}”").format(
        stop=visible_text(stop.stop))


class StreamSimulator(QWidget):
    """Step through a stream of token IDs: chunk size, stop strings, stop IDs; what a server
    emits at each step.

    Signals:
        computed(): a new simulation is shown (after a change of source or settings).
    """

    computed = Signal()

    def __init__(self, parent=None, tasks: TaskRunner | None = None) -> None:
        super().__init__(parent)
        self.tasks = tasks or TaskRunner(self)
        self.runtime = None
        self.simulation: Simulation | None = None
        self.position = 0  # steps done
        self._given_ids: list[int] | None = None  # from set_source, until the box is edited
        self._computing = False
        self._task_key = f"stream-simulator-{id(self)}"  # a shared runner may serve several
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)
        self._debounce.timeout.connect(self._recompute)
        self._build()

    # -- building ------------------------------------------------------------------------------
    def _build(self) -> None:
        self.source_mode = QComboBox()
        self.source_mode.setAccessibleName(self.tr("What the stream is made of"))
        self.source_mode.addItem(self.tr("Token IDs"), "ids")
        self.source_mode.addItem(self.tr("Text (encoded)"), "text")
        self.source = QPlainTextEdit()
        self.source.setPlaceholderText(self.tr("Paste token IDs (1 2 3, [1, 2, 3] or "
                                               "tokbench inspect --json output)"))
        self.source.setFixedHeight(self.fontMetrics().lineSpacing() * 4)
        self.parse_special = QCheckBox(self.tr("Special-token literals as special tokens"))
        self.parse_special.setChecked(True)
        self.parse_special.setToolTip(self.tr("A model emits control tokens such as the EOS; "
                                              "read their literals in the text as those IDs"))
        self.chunk = QSpinBox(minimum=1, maximum=100_000, value=1)
        self.chunk.setMaximumWidth(self.fontMetrics().horizontalAdvance("0") * 10 + 40)
        self.chunk.setToolTip(self.tr("How many IDs arrive together at each step"))
        self.stop_ids = QLineEdit()
        self.stop_ids.setPlaceholderText(self.tr("e.g. 2, 128009"))
        self.prefill = QLineEdit()
        self.prefill.setPlaceholderText(self.tr("none: the stream starts the text"))
        self.prefill.setToolTip(self.tr(
            "The prompt's token IDs, which come before the stream (prefill): the decoder's "
            "context. Their text is not emitted; a character they leave open is completed by "
            "the first IDs streamed."))
        self.skip_special = QCheckBox(self.tr("Leave out special tokens"))
        self.skip_special.setToolTip(self.tr(
            "Decode as skip_special_tokens=True: special and control tokens give no text (stop "
            "token IDs still stop the stream)"))
        self.stops = QListWidget()
        self.stops.setFixedHeight(self.fontMetrics().lineSpacing() * 4 + 8)
        self.stops.setToolTip(self.tr("One stop string a row; \\n, \\t and \\uXXXX stand for "
                                      "the characters. Double-click a row to edit it."))
        add_stop = QPushButton(self.tr("Add"))
        self.remove_stop = QPushButton(self.tr("Remove"))
        self.reset = QPushButton(self.tr("⏮ Reset"))
        self.back = QPushButton(self.tr("◀ Step back"))
        self.forward = QPushButton(self.tr("Step ▶"))
        self.to_end = QPushButton(self.tr("Run to end ⏭"))
        self.export_button = QPushButton(self.tr("Export JSON…"))
        self.export_button.setToolTip(self.tr("Save every step as tokbench stream --json "
                                              "prints them"))
        self.slider = QSlider(Qt.Orientation.Horizontal)
        self.slider.setAccessibleName(self.tr("Stream position"))
        self.where = QLabel()
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.RichText)
        self.text_view = StreamTextView()
        self.chips = QTextEdit(readOnly=True)
        self.chips.setAccessibleName(self.tr("Streamed IDs"))
        self.views = QStackedWidget()
        self.views.addWidget(self.text_view)
        self.views.addWidget(self.chips)
        self.as_text = QToolButton(text=self.tr("Text"), checkable=True, checked=True)
        self.as_text.setToolTip(self.tr("The text decoded so far, each ID a band behind the "
                                        "text it completed"))
        self.as_ids = QToolButton(text=self.tr("IDs"), checkable=True)
        self.as_ids.setToolTip(self.tr("Each ID as a chip with its bytes"))
        view_group = QButtonGroup(self)
        view_group.addButton(self.as_text)
        view_group.addButton(self.as_ids)
        self.as_ids.toggled.connect(lambda on: self.views.setCurrentIndex(1 if on else 0))
        self.legend = QLabel(self._legend())
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.model = StepsModel(self)
        self.table = QTableView()
        self.table.setAccessibleName(self.tr("Stream steps"))
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.verticalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        for column, width in enumerate((44, 120, 130, 110, 80)):
            header.resizeSection(column, width)
        self.total_label = QLabel()

        source_row = QHBoxLayout()
        source_column = QVBoxLayout()
        source_column.addWidget(self.source_mode)
        source_column.addWidget(self.parse_special)
        source_column.addStretch(1)
        source_row.addLayout(source_column)
        source_row.addWidget(self.source, 1)

        form = QFormLayout()
        form.addRow(self.tr("Chunk size:"), self.chunk)
        form.addRow(self.tr("Stop token IDs:"), self.stop_ids)
        form.addRow(self.tr("Prompt IDs (prefill):"), self.prefill)
        form.addRow("", self.skip_special)
        stop_buttons = QVBoxLayout()
        stop_buttons.addWidget(add_stop)
        stop_buttons.addWidget(self.remove_stop)
        stop_buttons.addStretch(1)
        stops_row = QHBoxLayout()
        stops_row.addWidget(self.stops, 1)
        stops_row.addLayout(stop_buttons)
        settings = QHBoxLayout()
        settings.addLayout(form, 1)
        stops_column = QVBoxLayout()
        stops_column.addWidget(QLabel(self.tr("Stop strings:")))
        stops_column.addLayout(stops_row)
        settings.addLayout(stops_column, 2)

        steps_row = QHBoxLayout()
        for button in (self.reset, self.back, self.forward, self.to_end):
            steps_row.addWidget(button)
        steps_row.addWidget(self.slider, 1)
        steps_row.addWidget(self.where)
        steps_row.addWidget(self.export_button)

        view_row = QHBoxLayout()
        view_row.setContentsMargins(0, 0, 0, 0)
        view_row.addWidget(QLabel(self.tr("Show the stream as")))
        view_row.addWidget(self.as_text)
        view_row.addWidget(self.as_ids)
        view_row.addSpacing(12)
        view_row.addWidget(self.total_label, 1)
        chips_box = QWidget()
        chips_layout = QVBoxLayout(chips_box)
        chips_layout.setContentsMargins(0, 0, 0, 0)
        chips_layout.setSpacing(2)
        chips_layout.addLayout(view_row)
        chips_layout.addWidget(self.views, 1)
        chips_layout.addWidget(self.legend)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(chips_box)
        split.addWidget(self.table)
        split.setStretchFactor(0, 1)
        split.setStretchFactor(1, 3)
        split.setChildrenCollapsible(False)  # neither the text nor the steps can vanish
        line = self.fontMetrics().lineSpacing()
        self.views.setMinimumHeight(line * 3)
        self.table.setMinimumHeight(line * 4)
        split.setSizes([line * 9, line * 18])  # a few lines of text; the steps get the room

        layout = QVBoxLayout(self)
        layout.addLayout(source_row)
        layout.addLayout(settings)
        layout.addLayout(steps_row)
        layout.addWidget(self.status)
        layout.addWidget(split, 1)

        self.source_mode.currentIndexChanged.connect(self._mode_changed)
        self.source.textChanged.connect(self._source_edited)
        self.parse_special.toggled.connect(self._schedule)
        self.chunk.valueChanged.connect(self._schedule)
        self.stop_ids.textChanged.connect(self._schedule)
        self.prefill.textChanged.connect(self._schedule)
        self.skip_special.toggled.connect(self._schedule)
        self.stops.itemChanged.connect(self._schedule)
        self.stops.itemSelectionChanged.connect(self._update_buttons)
        add_stop.clicked.connect(self._add_stop)
        self.remove_stop.clicked.connect(self._remove_stop)
        self.reset.clicked.connect(lambda: self.go_to(0))
        self.back.clicked.connect(lambda: self.go_to(self.position - 1))
        self.forward.clicked.connect(lambda: self.go_to(self.position + 1))
        self.to_end.clicked.connect(lambda: self.go_to(self.step_count))
        self.slider.valueChanged.connect(self.go_to)
        self.export_button.clicked.connect(self._on_export_clicked)
        self._mode_changed()
        self._show()

    def _legend(self) -> str:
        def swatch(color: str, label: str) -> str:
            return (f"<span style='background:{color}'>&nbsp;&nbsp;&nbsp;</span>&nbsp;"
                    f"{html.escape(label)}")
        return "&nbsp;&nbsp;&nbsp;".join([
            swatch(EARLIER, self.tr("earlier steps")),
            swatch(CURRENT, self.tr("this step's IDs")),
            swatch(PENDING, self.tr("waiting for the rest of a character")),
            swatch(HELD, self.tr("held back (may become a stop string)")),
            swatch(STOPPED, self.tr("the stop")),
            swatch(UNTAKEN, self.tr("ignored after the stop"))])

    # -- the source ----------------------------------------------------------------------------
    def set_source(self, runtime, ids: list[int]) -> None:
        """Simulate streaming ``ids`` with ``runtime`` (the chat's IDs, say), from step 0."""
        self.runtime = runtime
        ids = [int(i) for i in ids]
        self._given_ids = ids
        self.source.blockSignals(True)
        self.source_mode.blockSignals(True)
        self.source_mode.setCurrentIndex(self.source_mode.findData("ids"))
        if len(ids) <= SOURCE_BOX_LIMIT:
            self.source.setPlainText(" ".join(map(str, ids)))  # i18n: data
        else:
            self.source.clear()
            self.source.setPlaceholderText(self.tr("{n} IDs given; type or paste here to replace "
                                                   "them").format(n=f"{len(ids):,}"))
        self.source_mode.blockSignals(False)
        self.source.blockSignals(False)
        self._mode_changed(schedule=False)
        self._recompute(reset=True)

    def set_runtime(self, runtime) -> None:
        """Another tokenizer: the typed source is read again with it."""
        self.runtime = runtime
        self._recompute(reset=True)

    def _mode_changed(self, *_args, schedule: bool = True) -> None:
        is_text = self.source_mode.currentData() == "text"
        self.parse_special.setVisible(is_text)
        if is_text:
            self.source.setPlaceholderText(self.tr("Type text: it is encoded to IDs, which are "
                                                   "then streamed"))
        elif self._given_ids is None or len(self._given_ids) <= SOURCE_BOX_LIMIT:
            self.source.setPlaceholderText(self.tr("Paste token IDs (1 2 3, [1, 2, 3] or "
                                                   "tokbench inspect --json output)"))
        if schedule:
            self._source_edited()

    def _source_edited(self) -> None:
        self._given_ids = None  # the box now says what is streamed
        self._schedule()

    # -- settings ------------------------------------------------------------------------------
    def _add_stop(self) -> None:
        item = QListWidgetItem("")
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        self.stops.addItem(item)
        self.stops.setCurrentItem(item)
        self.stops.editItem(item)

    def add_stop_string(self, typed: str) -> None:
        """Add a stop string as a user types it (escapes such as ``\\n`` allowed)."""
        item = QListWidgetItem(typed)
        item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
        self.stops.addItem(item)  # itemChanged is not emitted for a new item: schedule here
        self._schedule()

    def set_stops(self, strings=(), ids=()) -> None:
        """Replace the stop strings and stop IDs (the chat's end-of-turn token and EOS, say)."""
        self.stops.blockSignals(True)
        self.stops.clear()
        for stop in strings:
            item = QListWidgetItem(escape_stop(stop))
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsEditable)
            self.stops.addItem(item)
        self.stops.blockSignals(False)
        self.stop_ids.setText(", ".join(str(int(i)) for i in ids))  # i18n: data
        self._schedule()

    def _remove_stop(self) -> None:
        for item in self.stops.selectedItems():
            self.stops.takeItem(self.stops.row(item))
        self._schedule()

    def stop_strings(self) -> list[str]:
        """The stop strings of the list (escapes read; empty rows skipped)."""
        typed = (self.stops.item(k).text() for k in range(self.stops.count()))
        return [unescape_stop(text) for text in typed if text]

    def _stop_ids(self) -> list[int] | str:
        """The stop IDs typed, or the item that is no ID."""
        return _typed_ids(self.stop_ids.text())

    def _prefill_ids(self) -> list[int] | str:
        """The prompt's IDs typed, or the item that is no ID."""
        return _typed_ids(self.prefill.text())

    def _schedule(self, *_args) -> None:
        self._debounce.start()

    # -- computing -----------------------------------------------------------------------------
    def _recompute(self, reset: bool = False) -> None:
        self._debounce.stop()
        if self.runtime is None:
            return
        stop_ids = self._stop_ids()
        if isinstance(stop_ids, str):
            self._problem(self.tr("Stop token IDs: “{item}” is not an ID (an integer)").format(
                item=stop_ids[:40]))
            return
        prefill = self._prefill_ids()
        if isinstance(prefill, str):
            self._problem(self.tr("Prompt IDs: “{item}” is not an ID (an integer)").format(
                item=prefill[:40]))
            return
        is_text = self.source_mode.currentData() == "text"
        parse_special = self.parse_special.isChecked() if is_text else None
        taken = 0 if reset else self._ids_taken()
        self._computing = True
        self.status.setText(self.tr("Computing the steps…"))
        self.tasks.submit(self._task_key, simulate, self.runtime, self._given_ids,
                          self.source.toPlainText(), parse_special, self.chunk.value(),
                          self.stop_strings(), stop_ids, prefill=prefill,
                          skip_special=self.skip_special.isChecked(), latest_only=True,
                          on_result=lambda simulation: self._alive() and self._computed(
                              simulation, taken),
                          on_error=lambda message: self._alive() and self._failed(message))

    def _alive(self) -> bool:
        """Whether this widget still exists (a shared runner may finish a job after a pane that
        held it was closed)."""
        return shiboken6.isValid(self)

    def _ids_taken(self) -> int:
        """How many IDs the stream took up to the current step (kept across a new chunk size)."""
        steps = self.simulation.run.steps if self.simulation and self.simulation.run else []
        if not self.position or not steps:
            return 0
        step = steps[self.position - 1]
        return step.start + len(step.ids)

    def _computed(self, simulation: Simulation, taken: int) -> None:
        self._computing = False
        self.simulation = simulation
        steps = simulation.run.steps if simulation.run else []
        self.model.set_steps(steps, self.runtime)
        position = next((k + 1 for k, step in enumerate(steps)
                         if step.start + len(step.ids) >= taken), len(steps)) if taken else 0
        self.position = -1  # go_to shows even the same position again
        self.slider.blockSignals(True)
        self.slider.setRange(0, len(steps))
        self.slider.blockSignals(False)
        self.go_to(position)
        self.computed.emit()

    def _failed(self, message: str) -> None:
        self._computing = False
        self._problem(message)

    def _problem(self, message: str) -> None:
        """A problem that leaves nothing to show (an unreadable source or setting)."""
        self.simulation = None
        self.model.set_steps([], self.runtime)
        self.slider.setRange(0, 0)
        self.position = 0
        self._show()
        self.status.setText(f"<span style='color:#c62828'>{html.escape(message)}</span>")
        self.computed.emit()

    @property
    def busy(self) -> bool:
        return self._computing or self._debounce.isActive()

    @property
    def step_count(self) -> int:
        run = self.simulation.run if self.simulation else None
        return len(run.steps) if run else 0

    # -- stepping ------------------------------------------------------------------------------
    def go_to(self, position: int) -> None:
        """Show the state after ``position`` steps (0: nothing streamed yet)."""
        position = max(0, min(position, self.step_count))
        if position == self.position:
            return
        self.position = position
        self.slider.blockSignals(True)
        self.slider.setValue(position)
        self.slider.blockSignals(False)
        self._show()

    def _show(self) -> None:
        steps = self.simulation.run.steps if self.simulation and self.simulation.run else []
        count = len(steps)
        self.reset.setEnabled(self.position > 0)
        self.back.setEnabled(self.position > 0)
        self.forward.setEnabled(self.position < count)
        self.to_end.setEnabled(self.position < count)
        self.slider.setEnabled(count > 0)
        self.where.setText(self.tr("Step {k} of {n}").format(k=f"{self.position:,}",
                                                             n=f"{count:,}"))
        self._update_buttons()
        self.model.show_up_to(self.position)
        step = steps[self.position - 1] if self.position else None
        if step is not None:
            row = self.model.index(self.position - 1, 0)
            self.table.selectRow(self.position - 1)
            self.table.scrollTo(row)
        self.chips.setHtml(self._chips_html(step))
        self._show_total(step)
        self.status.setText(self._status(step))

    def _update_buttons(self) -> None:
        self.remove_stop.setEnabled(bool(self.stops.selectedItems()))
        self.export_button.setEnabled(self.exportable_run() is not None)

    # -- export --------------------------------------------------------------------------------
    def exportable_run(self) -> StreamRun | None:
        """The whole run, when ``tokbench stream`` would print it for these inputs (not when an
        ID is out of range or cannot be decoded: the command refuses those)."""
        simulation = self.simulation
        if simulation is None or simulation.run is None or simulation.out_of_range is not None \
                or simulation.run.error is not None:
            return None
        return simulation.run

    def export_json(self, path: str | Path) -> bool:
        """Write the run's :meth:`~core.stream.run.StreamRun.to_json` in tokbench's envelope:
        what ``tokbench stream TOKENIZER IDS --json`` prints for the same IDs and settings."""
        run = self.exportable_run()
        if run is None:
            return False
        try:
            Path(path).write_text(json_line("stream", STREAM_JSON_VERSION, run.to_json()) + "\n",
                                  encoding="utf-8")
        except OSError as err:
            self.status.setText(self._error(self.tr("Could not save the steps: {problem}").format(
                problem=user_message(err))))
            return False
        return True

    def _on_export_clicked(self) -> None:
        path, _ = QFileDialog.getSaveFileName(self, self.tr("Export the stream's steps"),
                                              "stream.json", "JSON (*.json)")
        if path:
            self.export_json(path)

    def _chips_html(self, step: ChunkStep | None) -> str:
        if self.simulation is None or self.runtime is None:
            return ""
        ids = self.simulation.ids
        end = 0 if step is None else step.start + (len(step.ids) if not step.final else 0)
        current = range(0, 0) if step is None else range(step.start, step.start + len(step.ids))
        taken_end = 0 if step is None else step.start + step.taken
        pending = range(taken_end - step.pending_ids, taken_end) if step else range(0, 0)
        stop_at = step.stop.token_index if step and step.stop else -1
        first = max(0, end - CHIPS_SHOWN)
        parts = []
        if first:
            parts.append("<span style='color:#777'>" + html.escape(
                self.tr("… {n} earlier IDs").format(n=f"{first:,}")) + "</span> ")
        for position in range(first, end):
            token_id = ids[position]
            color = EARLIER
            if position in current:
                color = CURRENT
            if position in pending:
                color = PENDING
            if position >= taken_end and position in current:
                color = UNTAKEN
            if position == stop_at:
                color = STOPPED
            piece = html.escape(visible_bytes(self.runtime.token_bytes(token_id)))
            weight = "font-weight:bold;" if position in current else ""
            strike = "text-decoration:line-through;" if color == UNTAKEN else ""
            parts.append(f"<span style='background:{color};{weight}{strike}'>&nbsp;{token_id}"
                         f"<span style='color:#666'>&nbsp;{piece}</span>&nbsp;</span> ")
        if step is None:
            parts.append("<span style='color:#777'>" + html.escape(self.tr(
                "{n} IDs to stream: press Step").format(n=f"{len(ids):,}")) + "</span>")
        return "".join(parts)

    def _show_total(self, step: ChunkStep | None) -> None:
        run = self.simulation.run if self.simulation else None
        emitted = run.text[:step.emitted] if run and step else ""
        self.total_label.setText(self.tr("Emitted so far: {n} characters").format(
            n=f"{len(emitted):,}"))
        self.text_view.show_step(self.simulation, self.runtime, self.position)

    def emitted_text(self) -> str:
        """The text emitted up to the current step (what a server has sent)."""
        return self.text_view.emitted

    def _status(self, step: ChunkStep | None) -> str:
        simulation = self.simulation
        if simulation is None:
            if self.runtime is None:
                return html.escape(self.tr("No tokenizer: open one to simulate a stream."))
            return ""
        lines = []
        if simulation.problem is not None:
            lines.append(self._error(self.tr("Item {k} of the IDs, “{text}”, is not a token ID "
                                             "(an integer)").format(k=simulation.problem.item + 1,
                                                                    text=simulation.problem.text)))
        if simulation.out_of_range is not None:
            position = simulation.out_of_range
            lines.append(self._error(self.tr(
                "Token ID {id} at position {pos} is out of range: this tokenizer has IDs 0–{last}. "
                "The stream is shown up to the ID before it.").format(
                id=simulation.ids[position], pos=position, last=f"{self.runtime.id_space - 1:,}")))
        run = simulation.run
        if run is not None and run.error is not None:
            lines.append(self._error(error_text(run.error)))
        if simulation.prefill and run is not None:
            lines.append(html.escape(self.tr(
                "After a prompt of {n} IDs: the decoder's context, their text is not "
                "emitted.").format(n=f"{len(simulation.prefill):,}")))
            if run.prompt_pending and step is None:
                lines.append(html.escape(self.tr(
                    "The prompt leaves {bytes} open: the first IDs streamed complete it.").format(
                    bytes=pending_shown(run.prompt_pending))))
        if step is not None:
            if step.pending and utf8_waiting(step.pending):
                lines.append(html.escape(self.tr("Waiting for the rest of a character: {bytes} "
                                                 "(nothing of it is emitted yet)").format(
                    bytes=pending_shown(step.pending))))
            elif step.pending:
                lines.append(html.escape(self.tr(
                    "Held back: {bytes} ends in bytes that are no character; a server emits them "
                    "with the next whole character, or at the end").format(
                    bytes=pending_shown(step.pending))))
            if step.held:
                lines.append(html.escape(self.tr("Held back: “{text}” could still become a stop "
                                                 "string").format(text=visible_text(step.held))))
            if step.stop is not None:
                lines.append("<b>" + html.escape(self.tr(
                    "Stopped by {stop} at token index {index} (ID {id}), character offset "
                    "{offset}; nothing of the stop is emitted").format(
                    stop=stop_label(step.stop), index=step.stop.token_index,
                    id=simulation.ids[step.stop.token_index], offset=step.stop.char_offset))
                    + "</b>")
            elif step.final:
                lines.append(html.escape(self.tr("End of stream: no stop matched.")))
        return "<br>".join(lines)

    @staticmethod
    def _error(message: str) -> str:
        return f"<span style='color:#c62828'>{html.escape(message)}</span>"

