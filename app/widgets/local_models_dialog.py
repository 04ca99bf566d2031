"""``LocalModelsDialog``: *File → Open local model…* — every tokenizer the user's tools keep on
this machine (the Hugging Face cache, llama.cpp's cache, LM Studio, Ollama, folders added),
searchable, opened by name.

The stores are read in a worker (the window never waits), then each model's tokenizer is opened
in turn, also in a worker, to fill its format, vocabulary and chat template. Accepting gives the
name that opens exactly the chosen model (:meth:`chosen_spec`).
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import (QAbstractItemView, QDialog, QDialogButtonBox, 
                               QHBoxLayout, QHeaderView, QLabel, QLineEdit, QPushButton,
                               QTableView, QVBoxLayout, QWidget)

from app.folders import ask_folder
from app.models.local_models import (NAME, LocalModelsFilter, LocalModelsModel)
from app.tasks import JobHandle, TaskRunner
from core.model_catalog import describe
from core.models import find_models, places


class LocalModelsDialog(QDialog):
    """The searchable list of local models.

    Args:
        tasks: the runner the scan and the descriptions run on (never the GUI thread).
        folders: model folders to list too (the user adds more with *Add folder…*).
    """

    def __init__(self, tasks: TaskRunner, parent: QWidget | None = None, *,
                 folders: list[Path] = ()) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Open local model"))
        self.resize(980, 560)
        self.tasks = tasks
        self.folders = [Path(f) for f in folders]
        self._scan = 0  # which scan the arriving results belong to (a rescan drops the older)
        # the latest scan and description (one at a time each), stopped when the dialog closes
        self._find_job: JobHandle | None = None
        self._describe_job: JobHandle | None = None
        intro = QLabel(self.tr(
            "The tokenizers your tools keep on this computer: the Hugging Face cache, llama.cpp's "
            "cache, LM Studio and Ollama (and the folders you add). Nothing is downloaded."))
        intro.setWordWrap(True)
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search by name, source, format or tag…"))
        self.search.setClearButtonEnabled(True)
        self.model = LocalModelsModel(self)
        self.proxy = LocalModelsFilter(self)
        self.proxy.setSourceModel(self.model)
        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)  # the stores' order at first
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.table.setWordWrap(False)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(NAME, QHeaderView.ResizeMode.Stretch)
        self.status = QLabel()
        self.status.setWordWrap(True)
        self.status.setTextFormat(Qt.TextFormat.PlainText)  # paths are not markup
        self.add_folder_button = QPushButton(self.tr("Add folder…"))
        self.add_folder_button.setToolTip(self.tr("Also list the model folders under a folder "
                                                  "of your own"))
        self.rescan_button = QPushButton(self.tr("Rescan"))
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Open
                                        | QDialogButtonBox.StandardButton.Cancel)
        self.open_button = self.buttons.button(QDialogButtonBox.StandardButton.Open)
        self.open_button.setEnabled(False)
        bottom = QHBoxLayout()
        bottom.addWidget(self.add_folder_button)
        bottom.addWidget(self.rescan_button)
        bottom.addStretch(1)
        bottom.addWidget(self.buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.search)
        layout.addWidget(self.table, 1)
        layout.addWidget(self.status)
        layout.addLayout(bottom)
        self.search.textChanged.connect(self._on_search)
        self.table.selectionModel().selectionChanged.connect(self._update_open_button)
        self.table.doubleClicked.connect(self._on_double_clicked)
        self.buttons.accepted.connect(self._accept_if_chosen)
        self.buttons.rejected.connect(self.reject)
        self.add_folder_button.clicked.connect(self._on_add_folder)
        self.rescan_button.clicked.connect(self.scan)
        self.scan()

    # -- scanning ------------------------------------------------------------------------
    def scan(self) -> None:
        """Read the stores again, in a worker."""
        self._scan += 1
        scan = self._scan
        self.status.setText(self.tr("Looking in the Hugging Face cache, llama.cpp, LM Studio and "
                                    "Ollama…"))
        self.rescan_button.setEnabled(False)
        self._find_job = self.tasks.submit(
            "models:find", find_models, folders=list(self.folders), latest_only=True,
            on_result=lambda models: self._on_found(scan, models), on_error=self._on_failed)

    def _on_found(self, scan: int, models: list) -> None:
        if scan != self._scan:
            return
        self.rescan_button.setEnabled(True)
        self.model.set_models(models)
        self._select_first()
        if not models:
            looked = [str(p) for p in places()] + [str(f) for f in self.folders]
            self.status.setText(self.tr("No local model found. Looked in: {places}").format(
                places=", ".join(looked)))
            return
        self._describe_next(scan)

    def _describe_next(self, scan: int) -> None:
        """Open the next model not opened yet (one at a time: a worker each)."""
        row = self.model.next_to_describe()
        count = len(self.model.rows)
        if row is None:
            self._say_found()
            return
        self.status.setText(self.tr("Opening {done} of {count}: {name}…").format(
            done=row + 1, count=count, name=self.model.rows[row].name))
        self._describe_job = self.tasks.submit(
            "models:describe", describe, self.model.models[row], latest_only=True,
            on_result=lambda found: self._on_described(scan, row, found))

    def _on_described(self, scan: int, row: int, found) -> None:
        if scan != self._scan:
            return
        self.model.set_described(row, found)
        self._update_open_button()
        self._describe_next(scan)

    def _say_found(self) -> None:
        rows = self.model.rows
        broken = sum(1 for r in rows if r.error)
        text = self.tr("%n model(s) found", "", len(rows))
        if broken:
            text += self.tr("; %n do(es) not open (hover for why)", "", broken)
        self.status.setText(text)
        self.status.setToolTip("\n".join(str(p) for p in places()))

    def _on_failed(self, message: str) -> None:
        self.rescan_button.setEnabled(True)
        self.status.setText(self.tr("Could not read the stores: {problem}").format(
            problem=message))

    def _on_add_folder(self) -> None:
        path = ask_folder(self, "tokenizer", self.tr("A folder of models"))
        if path and Path(path) not in self.folders:
            self.folders.append(Path(path))
            self.scan()

    # -- choosing ------------------------------------------------------------------------
    def _on_search(self, text: str) -> None:
        self.proxy.set_search(text)
        self._select_first()

    def _select_first(self) -> None:
        if self.proxy.rowCount() and not self.table.selectionModel().hasSelection():
            self.table.selectionModel().select(
                self.proxy.index(0, 0), QItemSelectionModel.SelectionFlag.ClearAndSelect
                | QItemSelectionModel.SelectionFlag.Rows)
        self._update_open_button()

    def _current_row(self) -> int | None:
        rows = self.table.selectionModel().selectedRows()
        return self.proxy.mapToSource(rows[0]).row() if rows else None

    def chosen_spec(self) -> str | None:
        """The name that opens the chosen model exactly (None: none chosen, or it does not
        open)."""
        row = self._current_row()
        return self.model.spec(row) if row is not None else None

    def _update_open_button(self, *_args) -> None:
        self.open_button.setEnabled(self.chosen_spec() is not None)

    def _on_double_clicked(self, _index) -> None:
        self._accept_if_chosen()

    def _accept_if_chosen(self) -> None:
        if self.chosen_spec() is not None:
            self.accept()

    def done(self, result: int) -> None:
        self._scan += 1  # results still arriving belong to no scan now
        for job in (self._find_job, self._describe_job):
            if job is not None:
                job.cancel()
        super().done(result)
