"""The workbench window: menus, drag and drop, recent files, status bar, and the panes."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent, Qt, QTimer
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import (QApplication, QDialog, QFileDialog, QLabel, QMainWindow, QMenu,
                               QMessageBox, QProgressBar)

from app import i18n
from app.accessibility import name_from_context
from app.errors import show_error
from app.folders import remember_folder, start_folder
from app.heap import settle
from app.panes.align import AlignPane
from app.panes.chat import ChatPane
from app.panes.corpus import CorpusPane
from app.panes.diff import DiffPane
from app.panes.diagnostics import DiagnosticsPane
from app.panes.inspect import InspectPane
from app.panes.train import TrainPane
from app.keyboard import FocusFrame, PaneKeys, assign_mnemonics, mnemonic_of, release_tab
from app.late_names import LateNames
from app.pane_rebuild import carry_results, carry_view
from app.screen_fit import WANTED, ScrollingTabs, first_size, scrolling
from app.session import Session
from app.status_message import Said
from app.tasks import TaskRunner
from app.jobs.opening import open_for_window
from app.widgets.local_models_dialog import LocalModelsDialog
from app.widgets.rank_file_dialog import RankFileDialog
from app.workspace import WorkspaceStore, default_file, notes_text
from core.errors import WorkbenchError
from core.formats.detect import TokenizerSource
from core.loading import Loaded, detect_source, save_loaded
from core.models import looks_like_model_name
from core.offload import ProcessEncoder
from core.formats.tiktoken.runtime import RankFile
from core.text.graphemes import break_classes
from core.text.utf8 import decode_utf8
from core.workspace import PANES

RESOURCES = Path(__file__).resolve().parents[1] / "resources"
DEMO = RESOURCES / "demo"
DEMO_TOKENIZERS = (DEMO / "demo-bpe" / "tokenizer.json", DEMO / "demo-unigram" / "tokenizer.model")
TEXT_FILE_LIMIT = 64 * 1024 * 1024


def tokenizer_filter() -> str:
    """The open dialog's filters. "All files" comes first, so is the default: formats are
    detected by content, and names like ``tokenizer.model.v1`` match no pattern."""
    return (QCoreApplication.translate("MainWindow", "All files (*)") + ";;"
            + QCoreApplication.translate(
                "MainWindow", "Tokenizers (*.json *.model *.tiktoken *.gguf *.txt *.zip)"))


def _shown(path: str | Path) -> str:
    """A file by its name, a local model by the name it was opened with."""
    return path.name if isinstance(path, Path) else path


def file_stem_for(name: str) -> str:
    """A tokenizer's name as a file name: a model's ``org/name`` or ``model:tag`` would
    otherwise name folders.

    >>> file_stem_for("Qwen/Qwen2.5-7B-Instruct"), file_stem_for("llama3.1:8b")
    ('Qwen_Qwen2.5-7B-Instruct', 'llama3.1_8b')
    """
    return "".join("_" if c in '/\\:*?"<>|' else c for c in name)


def read_text_file(path: Path) -> str:
    """Read a UTF-8 text file, naming the line and byte of any invalid sequence."""
    size = path.stat().st_size
    if size > TEXT_FILE_LIMIT:
        message = QCoreApplication.translate(
            "MainWindow", "the file is {size} MiB; the Inspect pane takes up to {limit} MiB")
        raise WorkbenchError(message.format(size=f"{size / 2**20:.0f}",
                                            limit=TEXT_FILE_LIMIT // 2**20), path=path)
    data = path.read_bytes()
    if b"\x00" in data[:8192]:
        raise WorkbenchError(QCoreApplication.translate(
            "MainWindow", "this is a binary file, not text"), path=path)
    return decode_utf8(data, path=path, strip_bom=True)


class MainWindow(QMainWindow):
    def __init__(self, session: Session | None = None) -> None:
        super().__init__()
        self.setWindowTitle(self.tr("Tokenizer Workbench"))
        self._fit_to_screen()
        self.setAcceptDrops(True)
        self.session = session or Session(parent=self)
        self.tasks = TaskRunner(self)
        # every token view marks the graphemes tokens split as it paints, from a table of break
        # classes built once per process (0.1 s): built here in a worker, not at a first paint
        self.tasks.submit("grapheme-table", break_classes)
        self.encoder = ProcessEncoder()
        self._make_panes()
        self.workspace = WorkspaceStore(self)
        self.workspace_file = default_file()  # saved on quit, restored at start
        self._closing_checked = False
        self.restore_notes: list = []  # what the last restore could not restore
        self.panes = ScrollingTabs()  # each pane scrolls where the screen is smaller than it
        self.panes.setDocumentMode(True)
        for pane, title in self._pane_titles().items():
            self.panes.add_scrolling(pane, title)
        self.panes.setCurrentWidget(self.inspect)
        self.setCentralWidget(self.panes)
        self._build_status_bar()
        self._build_menus()
        release_tab(self.panes)  # Tab leaves tables and text views
        self.pane_keys = PaneKeys(self.panes, self)
        self.focus_frame = FocusFrame(self)
        self._name_panes()
        # what panes make later (result tables, added rows, dialogs) is named as it appears
        self.late_names = LateNames(self, self.panes, {
            mnemonic_of(action.text()) for action in self.menuBar().actions()})
        self.tasks.busy_changed.connect(lambda busy: busy or self.late_names.schedule())
        self._connect_panes()
        self._panes_language = i18n.current_language()  # the language the panes were made in
        self._rebuild_pending = False
        self.tasks.busy_changed.connect(self._rebuild_when_idle)
        self.tasks.failed.connect(self._on_task_failed)
        self.tasks.busy_changed.connect(self.busy.setVisible)
        self.session.recent_changed.connect(self._update_recent_menu)
        self.session.message.connect(self.show_status)
        self.workspace.restored.connect(self._on_workspace_restored)
        app = QApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self._on_app_about_to_quit)
        # the window and each opened tokenizer live on: out of the collector's full scans,
        # which otherwise took 50 ms of the GUI thread in the middle of a training run
        self.session.tokenizers_changed.connect(settle)
        settle()

    def _make_panes(self) -> None:
        self.inspect = InspectPane(self.session, self.tasks, self.encoder)
        self.corpus = CorpusPane(self.session, self.tasks)
        self.train = TrainPane(self.session, self.tasks)
        self.chat = ChatPane(self.session, self.tasks)
        self.align = AlignPane(self.session, self.tasks)
        self.diff = DiffPane(self.session, self.tasks)
        self.diagnostics = DiagnosticsPane(self.session, self.tasks)

    def _connect_panes(self) -> None:
        self.inspect.open_requested.connect(self.open_dialog)
        for pane in self.named_panes().values():
            pane.status.connect(self.show_status)
        self.train.inspect_requested.connect(lambda: self.panes.setCurrentWidget(self.inspect))
        self.train.corpus_requested.connect(lambda: self.panes.setCurrentWidget(self.corpus))
        self.train.save_requested.connect(self.save_bundle_dialog)

    # -- live language switch --------------------------------------------------------------
    def rebuild_panes(self) -> bool:
        """Make the panes anew in the installed language, each with the old one's inputs,
        results and view (:mod:`app.pane_rebuild` says why and what). While a job runs (a
        training, an audit...) it waits for its end; False then."""
        if self.tasks.busy or self.workspace.restoring:
            self._rebuild_pending = True
            self.show_status(self.tr("The panes switch to the new language when the running "
                                     "job ends"))
            return False
        self._rebuild_pending = False
        ws = self.workspace.capture()
        ws.diff.a = ws.diff.b = None  # the Diff's pair is handed over as it is, not reopened
        old = self.named_panes()
        current = self.panes.currentIndex()
        self.panes.setUpdatesEnabled(False)
        try:
            self._make_panes()
            titles = self._pane_titles()
            pages = []  # the old panes' scroll areas: deleted (with their pane) at the end
            for name, pane in self.named_panes().items():
                index = self.panes.indexOf(old[name])
                pages.append(self.panes.page(index))
                self.panes.removeTab(index)
                self.panes.insertTab(index, scrolling(pane), titles[pane])
            self.panes.setCurrentIndex(current)
            self._connect_panes()
            self.workspace.restore_panes(ws)
            carry_results(old, self.named_panes())
            for name, pane in self.named_panes().items():
                carry_view(old[name], pane)
            self._name_panes()
        finally:
            self.panes.setUpdatesEnabled(True)
        old["chat"].shutdown()  # its render child ends; the new pane has its own
        for page in pages:
            page.hide()
            page.deleteLater()
        self._panes_language = i18n.current_language()
        self._say_status_again()  # its message was in the other language
        return True

    def _rebuild_when_idle(self, busy: bool) -> None:
        if not busy and self._rebuild_pending:
            QTimer.singleShot(0, self._rebuild_for_language)

    def _rebuild_for_language(self) -> None:
        """The translators changed (several events for one switch: one rebuild, later)."""
        if self._panes_language != i18n.current_language() and not self._closing_checked:
            self.rebuild_panes()

    def _fit_to_screen(self) -> None:
        """The first size: the wanted one, at most the screen's free area."""
        screen = self.screen() or QApplication.primaryScreen()
        size = first_size(WANTED, screen.availableGeometry()) if screen is not None else WANTED
        self.resize(size)

    def _name_panes(self) -> None:
        """Alt+letter mnemonics on each pane's buttons (not the menu bar's letters), and
        accessible names for the pane tabs and the widgets only their surroundings name."""
        menu_letters = {mnemonic_of(action.text()) for action in self.menuBar().actions()}
        for index in range(self.panes.count()):
            assign_mnemonics(self.panes.widget(index), menu_letters)
        self.panes.tabBar().setAccessibleName(self.tr("Panes"))
        name_from_context(self.panes)
        if hasattr(self, "late_names"):  # a language change: the menu's letters may differ,
            self.late_names.taken = menu_letters  # and the panes' own texts change after this
            self.late_names.schedule()

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

    def _pane_titles(self) -> dict:
        return {self.corpus: self.tr("Corpus"), self.train: self.tr("Train"),
                self.inspect: self.tr("Inspect"), self.chat: self.tr("Chat"),
                self.align: self.tr("Align"), self.diff: self.tr("Diff"),
                self.diagnostics: self.tr("Diagnostics")}

    def named_panes(self) -> dict:
        """The panes by the names the workspace file gives them."""
        return dict(zip(PANES, (self.corpus, self.train, self.inspect, self.chat, self.align,
                                self.diff, self.diagnostics)))

    def pane_name(self, pane) -> str:
        return next((name for name, p in self.named_panes().items() if p is pane), "inspect")

    def _build_menus(self) -> None:
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        open_action = QAction(self.tr("&Open tokenizer…"), self,
                              shortcut=QKeySequence.StandardKey.Open)
        open_action.triggered.connect(self.open_dialog)
        file_menu.addAction(open_action)
        self.open_folder_action = QAction(self.tr("Open &folder…"), self, shortcut="Ctrl+Shift+O")
        self.open_folder_action.setToolTip(self.tr("A bundle folder, or a folder holding a "
                                                   "tokenizer (a Hugging Face model folder)"))
        self.open_folder_action.triggered.connect(self.open_folder_dialog)
        file_menu.addAction(self.open_folder_action)
        self.open_model_action = QAction(self.tr("Open &local model…"), self,
                                         shortcut="Ctrl+Shift+M")
        self.open_model_action.setToolTip(self.tr(
            "A tokenizer from the Hugging Face cache, llama.cpp's cache, LM Studio or Ollama, "
            "by name"))
        self.open_model_action.triggered.connect(self.open_model_dialog)
        file_menu.addAction(self.open_model_action)
        text_action = QAction(self.tr("Open &text file…"), self, shortcut="Ctrl+T")
        text_action.triggered.connect(self.open_text_dialog)
        file_menu.addAction(text_action)
        self.recent_menu = file_menu.addMenu(self.tr("Open &recent"))
        self._update_recent_menu()
        file_menu.addSeparator()
        save_action = QAction(self.tr("&Save as bundle…"), self,
                              shortcut=QKeySequence.StandardKey.Save)
        save_action.triggered.connect(self.save_bundle_dialog)
        file_menu.addAction(save_action)
        close_action = QAction(self.tr("&Close tokenizer"), self,
                               shortcut=QKeySequence.StandardKey.Close)
        close_action.triggered.connect(lambda: self.session.remove_tokenizer(self.session.current))
        file_menu.addAction(close_action)
        demo_action = QAction(self.tr("Load the &demo"), self)
        demo_action.triggered.connect(self.load_demo)
        file_menu.addAction(demo_action)
        file_menu.addSeparator()
        open_workspace = QAction(self.tr("Open &workspace…"), self)
        open_workspace.setToolTip(self.tr("Replace every pane's inputs by a saved workspace's"))
        open_workspace.triggered.connect(self.open_workspace_dialog)
        file_menu.addAction(open_workspace)
        save_workspace = QAction(self.tr("Save workspace &as…"), self)
        save_workspace.setToolTip(self.tr("Every pane's inputs in one file a colleague can open "
                                          "(paths inside its folder are kept relative)"))
        save_workspace.triggered.connect(self.save_workspace_dialog)
        file_menu.addAction(save_workspace)
        file_menu.addSeparator()
        quit_action = QAction(self.tr("&Quit"), self, shortcut=QKeySequence.StandardKey.Quit)
        quit_action.triggered.connect(self.close)
        file_menu.addAction(quit_action)
        self._build_language_menu()

    def _build_language_menu(self) -> None:
        """English / 简体中文, each named in its own language; the current one checked."""
        menu = self.menuBar().addMenu(self.tr("&Language"))
        group = QActionGroup(menu)
        for code, name in i18n.LANGUAGES.items():
            action = menu.addAction(name)
            action.setCheckable(True)
            action.setChecked(code == i18n.current_language())
            action.setData(code)
            group.addAction(action)
            action.triggered.connect(lambda _=False, c=code: self.set_language(c))

    def set_language(self, language: str) -> None:
        """Save the choice and install its translations: the window's title, tabs and menus
        switch at once, the panes are made anew in it (``changeEvent``), nothing lost."""
        if language == i18n.current_language():
            return
        i18n.save_language(self.session.settings, language)
        i18n.install_language(language)

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange and hasattr(self, "recent_menu"):
            self._retranslate()  # (not while __init__ has yet to make the menus)
            QTimer.singleShot(0, self._rebuild_for_language)
        super().changeEvent(event)

    def _retranslate(self) -> None:
        """Re-make the texts this window owns in the installed language."""
        self.setWindowTitle(self.tr("Tokenizer Workbench"))
        for pane, title in self._pane_titles().items():
            self.panes.setTabText(self.panes.indexOf(pane), title)
        self._name_panes()
        # found as children: QAction.menu() gives a dead wrapper in PySide6 6.10
        bar = self.menuBar()
        menus = [menu for menu in bar.findChildren(QMenu) if menu.parent() is bar]
        owned = [action for menu in menus for action in menu.actions() if action.parent() is self]
        bar.clear()
        for item in owned + menus:
            item.deleteLater()
        self._build_menus()

    def _update_recent_menu(self) -> None:
        self.recent_menu.clear()
        recent = self.session.recent_files()
        for path in recent:
            action = self.recent_menu.addAction(path)
            action.triggered.connect(lambda _=False, p=path: self.open_path(p))
        self.recent_menu.setEnabled(bool(recent))

    def show_status(self, message: str) -> None:
        """Say ``message`` in the status bar; a :class:`~app.status_message.Said` is kept to be
        said again in the new language after a live switch."""
        self._last_status = message if isinstance(message, Said) else None
        self.status_label.setText(str(message))

    def _say_status_again(self) -> None:
        """The status bar's message in the language just installed: a message that knows how it
        was worded is worded again; one that does not (a failure's text) is cleared."""
        message = getattr(self, "_last_status", None)
        if message is None:
            self.status_label.clear()
            return
        try:
            self.show_status(message.again())
        except RuntimeError:  # what worded it is gone (a pane two switches ago)
            self.status_label.clear()

    def _on_task_failed(self, key: str, message: str) -> None:
        self.show_status(self.tr("⚠ {message}").format(message=message))
        if key.startswith("open:"):
            show_error(self, self.tr("Could not open the tokenizer"), message)

    # -- opening -------------------------------------------------------------------------
    def open_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.tr("Open tokenizer"),
                                              start_folder(self.session, "tokenizer"),
                                              tokenizer_filter())
        if path:
            remember_folder(self.session, "tokenizer", path)
            self.open_path(path)

    def open_folder_dialog(self) -> None:
        """A folder bundle, or a folder holding a tokenizer (which a file dialog cannot pick)."""
        path = QFileDialog.getExistingDirectory(self, self.tr("Open tokenizer folder"),
                                                start_folder(self.session, "tokenizer"))
        if path:
            remember_folder(self.session, "tokenizer", Path(path).parent)
            self.open_path(path)

    def open_model_dialog(self) -> None:
        """The local models found on this machine; the chosen one opens by its name."""
        dialog = LocalModelsDialog(self.tasks, self)
        if dialog.exec() == QDialog.DialogCode.Accepted and dialog.chosen_spec():
            self.open_path(dialog.chosen_spec())

    def open_path(self, path: str | Path, *, quiet: bool = False, select: bool = True,
                  ask: bool = True) -> bool:
        """Detect and load a tokenizer in a worker; return False if it is not one.

        A rank file is read first, and a dialog asks how to run it (``ask=False``: with the
        preset its size matches, if any, as the command line does). A local model's name (no
        file of that name: ``Qwen/Qwen2.5-7B-Instruct``, ``llama3.1:8b``) is looked up in a
        worker, its stores' files being read (and, for several matches, their tokenizers
        compared).
        """
        if isinstance(path, str) and not Path(path).exists() and looks_like_model_name(path):
            self.show_status(self.tr("looking for {name}…").format(name=path))
            self.tasks.submit(f"open:{path}", detect_source, path, latest_only=True,
                              on_result=lambda source: self._opened_source(path, source, select,
                                                                           ask))
            return True
        path = Path(path)
        try:
            source = detect_source(path)
        except WorkbenchError as err:
            if not quiet:
                show_error(self, self.tr("Could not open the tokenizer"), err)
            return False
        self._opened_source(path, source, select, ask)
        return True

    def _opened_source(self, path: str | Path, source: TokenizerSource, select: bool,
                       ask: bool) -> None:
        """Go on with a detected source: ask how to run a rank file, else load it."""
        path = Path(path) if source.origin is None else path
        if source.format == "tiktoken" and ask:
            # parsed once, in a worker; the dialog then asks how to run it
            self.show_status(self.tr("reading {name}…").format(name=_shown(path)))
            self.tasks.submit(f"open:{path}", RankFile.read, source.path, latest_only=True,
                              on_result=lambda rank_file: self._ask_how_to_run(
                                  path, source, rank_file, select))
            return
        self._load(path, source, select=select)

    def _ask_how_to_run(self, path: Path, source: TokenizerSource, rank_file: RankFile,
                        select: bool) -> None:
        """A rank file holds no regex and no special tokens: ask for the preset and, if the
        file has its own, the special tokens."""
        dialog = RankFileDialog(source.path.name, rank_file, self)
        if dialog.exec() != QDialog.DialogCode.Accepted:
            self.show_status(self.tr("{name} was not opened").format(name=_shown(path)))
            return
        source.options["preset"] = dialog.preset_name()
        special = dialog.special_tokens()
        if special:
            source.options["special"] = special
        self._load(path, source, select=select, rank_file=rank_file)

    def _load(self, path: Path, source: TokenizerSource, *, select: bool,
              rank_file: RankFile | None = None) -> None:
        self.show_status(self.tr("loading {name}…").format(name=_shown(path)))

        def loaded(result: Loaded) -> None:
            runtime = result.runtime
            self.session.add_tokenizer(result, select=select)
            self.session.remember(path)
            name, kind, size = runtime.name, runtime.source_format, runtime.vocab_size
            self.show_status(Said(lambda: self.tr("opened {name} ({format}, %Ln token(s))", "",
                                                  size).format(name=name, format=kind)))

        self.tasks.submit(f"open:{path}", open_for_window, source, rank_file=rank_file,
                          latest_only=True, on_result=loaded)

    def open_text_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open text"), start_folder(self.session, "text"),
            self.tr("Text (*.txt *.md *.jsonl *.csv *.tsv *.py);;All files (*)"))
        if path:
            remember_folder(self.session, "text", path)
            self.open_text(Path(path))

    def open_text(self, path: Path) -> None:
        try:
            self.session.set_text(read_text_file(path))
            self.show_status(Said(lambda: self.tr("text from {name}").format(name=path.name)))
        except (WorkbenchError, OSError) as err:
            show_error(self, self.tr("Could not open the text"), err)

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
            show_error(self, self.tr("Nothing to save"), self.tr("Open a tokenizer first."))
            return
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save as bundle"),
            start_folder(self.session, "bundle", f"{file_stem_for(loaded.runtime.name)}.zip"),
            self.tr("Bundle zip (*.zip);;Bundle folder (*)"))
        if not path:
            return
        remember_folder(self.session, "bundle", path)
        # what was loaded, as it was loaded: re-detecting the file would drop the options
        # chosen when opening it (a rank file's preset and special tokens)
        audit = self.inspect.vocab.audit_for(loaded.runtime)  # kept in the manifest
        self.tasks.submit("save", save_loaded, loaded, path,
                          audit=audit.manifest() if audit is not None else None,
                          on_result=lambda p: self._bundle_saved(loaded, p),
                          on_error=lambda m: show_error(self, self.tr("Could not save the bundle"),
                                                        m))

    def _bundle_saved(self, loaded: Loaded, path) -> None:
        """Said; and a tokenizer trained in this session (kept in a scratch folder removed on
        quit) becomes the saved bundle in its place: the panes show, and the workspace keeps,
        the path that lasts; the recent list gets it once."""
        self.show_status(Said(lambda: self.tr("saved bundle {path}").format(path=path)))
        if not self.train.owns(loaded.path):
            return
        self.session.remember(path)

        def reopened(saved: Loaded) -> None:
            index = next((i for i, t in enumerate(self.session.tokenizers) if t is loaded), -1)
            if index >= 0:
                self.session.replace_tokenizer(index, saved)

        self.tasks.submit(f"open:{path}", open_for_window, detect_source(Path(path)),
                          on_result=reopened, on_error=self.show_status)

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

    # -- the workspace -----------------------------------------------------------------------
    def restore_workspace(self) -> bool:
        """Restore the workspace saved on quit; False when there is none (a first start)."""
        return self.workspace.restore_saved(self.workspace_file)

    def save_workspace(self) -> bool:
        """Save the workspace where it is restored from at start; False (said) if it cannot."""
        try:
            self.workspace.save(self.workspace_file)
        except OSError as err:
            show_error(self, self.tr("Could not save the workspace"), f"{self.workspace_file}: "
                       f"{err.strerror or err}")
            return False
        return True

    def open_workspace_dialog(self) -> None:
        path, _ = QFileDialog.getOpenFileName(
            self, self.tr("Open workspace"), start_folder(self.session, "workspace"),
            self.tr("Workspace (*.json);;All files (*)"))
        if path:
            remember_folder(self.session, "workspace", path)
            self.open_workspace(path)

    def open_workspace(self, path: str | Path) -> bool:
        """Replace every pane's inputs by the workspace in ``path`` (after asking about unsaved
        edits); False when it is not one (said, nothing changed) or the user cancelled."""
        if not self.chat.confirm_discard(self.tr("Open workspace"), conversation=True):
            return False
        try:
            self.workspace.open_file(path)
        except WorkbenchError as err:
            show_error(self, self.tr("Could not open the workspace"), err)
            return False
        self.show_status(self.tr("opening workspace {name}…").format(name=Path(path).name))
        return True

    def save_workspace_dialog(self) -> None:
        path, _ = QFileDialog.getSaveFileName(
            self, self.tr("Save workspace as"),
            start_folder(self.session, "workspace", "workspace.json"),  # i18n: data (a name)
            self.tr("Workspace (*.json);;All files (*)"))
        if not path:
            return
        remember_folder(self.session, "workspace", path)
        try:
            self.workspace.save(path)
        except OSError as err:
            show_error(self, self.tr("Could not save the workspace"),
                       f"{path}: {err.strerror or err}")
            return
        self.show_status(Said(lambda: self.tr("saved the workspace to {path}").format(
            path=path)))

    def _on_workspace_restored(self, notes: list) -> None:
        """Say what was not restored, in a box that does not stop the window (the rest is
        there to work with)."""
        self.restore_notes = notes
        if not notes:
            self.show_status(Said(lambda: self.tr("workspace restored")))
            return
        count = len(notes)
        self.show_status(Said(lambda: self.tr("workspace restored; %n item(s) not", "", count)))
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("Some of the workspace was not "
                                                            "restored"),
                          notes_text(notes), QMessageBox.StandardButton.Ok, self)
        box.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        box.open()

    def closeEvent(self, event) -> None:
        # unsaved edits first: Cancel keeps the window open with nothing lost
        if not self._closing_checked and not self.chat.confirm_discard(self.tr("Quit")):
            event.ignore()
            return
        self._closing_checked = True
        if not self.workspace.restoring:  # a half-restored window would overwrite the file
            self.save_workspace()
        self._on_app_about_to_quit()
        super().closeEvent(event)

    def _on_app_about_to_quit(self) -> None:
        if not self._closing_checked and not self.workspace.restoring:
            # a stop signal (SIGTERM, SIGINT, SIGHUP) quits without closing the window: the
            # workspace is saved as on quit (an edited template as the unsaved edit it is),
            # without a box, since nobody may be there to answer it
            self._closing_checked = True
            try:
                self.workspace.save(self.workspace_file)
            except OSError as err:
                print(f"could not save the workspace {self.workspace_file}: "  # i18n: data
                      f"{err.strerror or err}", file=sys.stderr)
        # every job is cancelled (training and corpus reading stop at their next check)
        self.tasks.cancel_all()
        self.encoder.shutdown()
        self.tasks.shutdown()
        self.chat.shutdown()  # after the wait: a render in flight finishes, then the child ends
        self.train.remove_scratch()

