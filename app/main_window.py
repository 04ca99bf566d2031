"""The workbench window: menus, drag and drop, recent files, status bar, and the panes."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (QApplication, QFileDialog, QInputDialog, QLabel, QMainWindow,
                               QProgressBar, QTabWidget)

from app.errors import show_error
from app.panes.corpus import CorpusPane
from app.panes.inspect import InspectPane
from app.panes.train import TrainPane
from app.session import Session
from app.tasks import TaskRunner
from core.errors import FormatError, WorkbenchError
from core.formats import detect, load
from core.offload import ProcessEncoder
from core.presets import PRESETS, guess_preset
from core.runtimes.tiktoken import parse_rank_file
from core.utf8 import decode_utf8

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
DEMO = RESOURCES / "demo"
DEMO_TOKENIZERS = (DEMO / "demo-bpe" / "tokenizer.json", DEMO / "demo-unigram" / "tokenizer.model")
TEXT_FILE_LIMIT = 64 * 1024 * 1024
TOKENIZER_FILTER = ("Tokenizers (*.json *.model *.tiktoken *.txt *.zip);;All files (*)")


def read_text_file(path: Path) -> str:
    """Read a UTF-8 text file, naming the line and byte of any invalid sequence."""
    size = path.stat().st_size
    if size > TEXT_FILE_LIMIT:
        raise WorkbenchError(f"the file is {size / 2**20:.0f} MiB; the Inspect pane takes up to "
                             f"{TEXT_FILE_LIMIT // 2**20} MiB", path=path)
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        raise WorkbenchError("this is a binary file, not text", path=path)
    return decode_utf8(data, path=path, strip_bom=True)


class MainWindow(QMainWindow):
    def __init__(self, session: Session | None = None) -> None:
        super().__init__()
        self.setWindowTitle("Tokenizer Workbench")
        self.resize(1280, 860)
        self.setAcceptDrops(True)
        self.session = session or Session(parent=self)
        self.tasks = TaskRunner(self)
        self.encoder = ProcessEncoder()
        self.inspect = InspectPane(self.session, self.tasks, self.encoder)
        self.corpus = CorpusPane(self.session, self.tasks)
        self.train = TrainPane(self.session, self.tasks)
        self.panes = QTabWidget()
        self.panes.setDocumentMode(True)
        self.panes.addTab(self.corpus, "Corpus")
        self.panes.addTab(self.train, "Train")
        self.panes.addTab(self.inspect, "Inspect")
        self.panes.setCurrentWidget(self.inspect)
        self.setCentralWidget(self.panes)
        self._build_status_bar()
        self._build_menus()
        self.inspect.open_requested.connect(self.open_dialog)
        self.inspect.status.connect(self.show_status)
        self.corpus.status.connect(self.show_status)
        self.train.status.connect(self.show_status)
        self.train.inspect_requested.connect(lambda: self.panes.setCurrentWidget(self.inspect))
        self.train.corpus_requested.connect(lambda: self.panes.setCurrentWidget(self.corpus))
        self.train.save_requested.connect(self.save_bundle_dialog)
        self.tasks.failed.connect(self._on_task_failed)
        self.tasks.busy_changed.connect(self.busy.setVisible)
        self.session.recent_changed.connect(self._update_recent_menu)
        self.session.message.connect(self.show_status)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._on_app_about_to_quit)

    # -- chrome --------------------------------------------------------------------------
    def _build_status_bar(self) -> None:
        self.status_label = QLabel()
        self.busy = QProgressBar()
        self.busy.setRange(0, 0)
        self.busy.setMaximumWidth(120)
        self.busy.setMaximumHeight(14)
        self.busy.setVisible(False)
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.busy)

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu("&File")
        open_action = QAction("&Open tokenizer…", self, shortcut=QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self.open_dialog)
        file_menu.addAction(open_action)
        text_action = QAction("Open &text file…", self, shortcut="Ctrl+T")
        text_action.triggered.connect(self.open_text_dialog)
        file_menu.addAction(text_action)
        self.recent_menu = file_menu.addMenu("Open &recent")
        self._update_recent_menu()
        file_menu.addSeparator()
        save_action = QAction("&Save as bundle…", self, shortcut=QKeySequence.StandardKey.Save)
        save_action.triggered.connect(self.save_bundle_dialog)
        file_menu.addAction(save_action)
        close_action = QAction("&Close tokenizer", self, shortcut=QKeySequence.StandardKey.Close)
        close_action.triggered.connect(lambda: self.session.remove_tokenizer(self.session.current))
        file_menu.addAction(close_action)
        demo_action = QAction("Load the &demo", self)
        demo_action.triggered.connect(self.load_demo)
        file_menu.addAction(demo_action)
        file_menu.addSeparator()
        quit_action = QAction("&Quit", self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.session.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(recent))

    def show_status(self, message: str) -> None:
        self.status_label.setText(message)

    def _on_task_failed(self, key: str, message: str) -> None:
        self.show_status(f"⚠ {message}")
        if key.startswith("open:"):
            show_error(self, "Could not open the tokenizer", message)

    # -- opening -------------------------------------------------------------------------
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open tokenizer", "", TOKENIZER_FILTER)
        if path:
            self.open_path(path)

    def open_path(self, path: str | Path, *, quiet: bool = False, select: bool = True) -> bool:
        """Detect and load a tokenizer in a worker; return False if it is not one."""
        path = Path(path)
        try:
            source = detect(path)
            if source.format == "tiktoken" and not self._choose_preset(source):
                return True
        except WorkbenchError as err:
            if not quiet:
                show_error(self, "Could not open the tokenizer", err)
            return False
        self.show_status(f"loading {path.name}…")

        def loaded(runtime) -> None:
            self.session.add_tokenizer(runtime, path, select=select)
            self.session.remember(path)
            self.show_status(f"opened {runtime.name} ({runtime.source_format}, "
                             f"{runtime.vocab_size:,} tokens)")

        self.tasks.run(f"open:{path}", load, source, on_done=loaded)
        return True

    def _choose_preset(self, source) -> bool:
        """A tiktoken file of unknown size needs its regex: ask which preset."""
        try:
            ranks = parse_rank_file(source.path.read_bytes(), source.path)
        except FormatError as err:
            show_error(self, "Could not open the tokenizer", err)
            return False
        if guess_preset(len(ranks)) is not None:
            return True
        names = [p.name for p in PRESETS]
        name, ok = QInputDialog.getItem(
            self, "Which regex?", f"{source.path.name} has {len(ranks):,} ranks, which matches no "
            "known tokenizer.\nChoose the pre-tokenizer preset it was trained with:", names, 1,
            False)
        if ok:
            source.options["preset"] = name
        return ok

    def open_text_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, "Open text", "", "Text (*.txt *.md *.jsonl "
                                              "*.csv *.tsv *.py);;All files (*)")
        if path:
            self.open_text(Path(path))

    def open_text(self, path: Path) -> None:
        try:
            self.session.set_text(read_text_file(path))
            self.show_status(f"text from {path.name}")
        except (WorkbenchError, OSError) as err:
            show_error(self, "Could not open the text", err)

    def load_demo(self) -> None:
        """Open the project's own demo tokenizers and sample text."""
        sample = DEMO / "sample.txt"
        if sample.exists():
            self.session.set_text(sample.read_text(encoding="utf-8"))
        for order, path in enumerate(DEMO_TOKENIZERS):
            if path.exists():
                self.open_path(path, select=order == 0)

    def save_bundle_dialog(self) -> None:
        loaded = self.session.current_tokenizer
        if loaded is None:
            show_error(self, "Nothing to save", "Open a tokenizer first.")
            return
        path, _ = QFileDialog.getSaveFileName(self, "Save as bundle", f"{loaded.runtime.name}.zip",
                                              "Bundle zip (*.zip);;Bundle folder (*)")
        if not path:
            return
        from core.bundle import import_tokenizer

        self.tasks.run("save", import_tokenizer, loaded.path, path,
                       on_done=lambda p: self.show_status(f"saved bundle {p}"),
                       on_error=lambda m: show_error(self, "Could not save the bundle", m))

    # -- drag and drop -------------------------------------------------------------------
    def dragEnterEvent(self, event) -> None:
        if event.mimeData().hasUrls():
            event.acceptProposedAction()

    def dropEvent(self, event) -> None:
        for url in event.mimeData().urls():
            path = Path(url.toLocalFile())
            if not path.exists():
                continue
            if not self.open_path(path, quiet=True):
                self.open_text(path)  # not a tokenizer: inspect it as text
        event.acceptProposedAction()

    def closeEvent(self, event) -> None:
        self._on_app_about_to_quit()
        super().closeEvent(event)

    def _on_app_about_to_quit(self) -> None:
        self.tasks.cancel("inspect")
        self.tasks.stop_all()  # training and corpus reading stop at their next check
        self.encoder.shutdown()
        self.tasks.wait(3000)
        self.train.remove_scratch()

