"""The window's workspace: taken from the session and the panes, saved on quit to the app-data
folder, restored at start (and by *File → Open workspace…*).

The data and its file are :mod:`core.workspace`'s; this module knows where each piece sits in
the window. Restoring opens the tokenizers first (in workers, each with the options it was
opened with), then gives every pane its inputs: a pane's own tokenizer choice (Chat, Diff)
names a tokenizer that is open by then.

>>> # store = WorkspaceStore(window); store.restore(path)  # ...later: store.save(path)
"""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtCore import QByteArray, QObject, QStandardPaths, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QSplitter

from app.jobs.opening import open_for_window
from app.messages import error_text, render_all
from app.screen_fit import clamp_to_screen
from core.errors import WorkbenchError
from core.loading import Loaded, detect_source
from core.notes import Note, note
from core.workspace import (TokenizerRef, Workspace, read_workspace, read_workspace_or_previous,
                            without_missing, write_workspace)

FILE_NAME = "workspace.json"


def default_file() -> Path:
    """The workspace saved on quit: in the platform's app-data folder (tests redirect it)."""
    folder = QStandardPaths.writableLocation(QStandardPaths.StandardLocation.AppDataLocation)
    return Path(folder or Path.home() / ".tokenizer-workbench") / FILE_NAME


def pane_splitters(pane) -> list[QSplitter]:
    """A pane's splitters in the order they were made (their sizes are saved by position)."""
    return pane.findChildren(QSplitter)


class WorkspaceStore(QObject):
    """Takes the window's workspace and gives one back.

    Signals:
        restored(list): a restore finished; the notes say what could not be restored.
    """

    restored = Signal(list)

    def __init__(self, window) -> None:
        super().__init__(window)
        self.window = window
        self._pending: Workspace | None = None
        self._waiting: set[str] = set()
        self._notes: list[Note] = []

    @property
    def restoring(self) -> bool:
        return self._pending is not None

    # -- taking ----------------------------------------------------------------------------------
    def capture(self) -> Workspace:
        """The window's workspace now."""
        w, s = self.window, self.window.session
        ws = Workspace()
        ws.tokenizers = [TokenizerRef(t.path, dict(t.source.options)) for t in s.tokenizers]
        ws.current = s.current_tokenizer.path if s.current_tokenizer is not None else None
        ws.corpus = list(s.corpus_sources)
        ws.corpus_policy, ws.corpus_dedup = s.corpus_policy, s.corpus_dedup
        ws.inspect.text, ws.inspect.unit = s.text, s.unit.value
        ws.inspect.add_special_tokens, ws.inspect.parse_special = (s.add_special_tokens,
                                                                   s.parse_special)
        w.inspect.save_state(ws.inspect)
        w.chat.save_state(ws.chat)
        w.diff.save_state(ws.diff)
        w.align.save_state(ws.align)
        w.diagnostics.save_state(ws.diagnostics)
        w.train.save_state(ws.train)
        ws.window.pane = w.pane_name(w.panes.currentWidget())
        ws.window.geometry = base64.b64encode(bytes(w.saveGeometry())).decode("ascii")
        for name, pane in w.named_panes().items():
            for index, splitter in enumerate(pane_splitters(pane)):
                ws.window.splitters[f"{name}/{index}"] = list(splitter.sizes())
        ws.window.last_folders = {k: Path(v) for k, v in s.last_folders.items()}
        return ws

    def save(self, path: str | Path) -> Path:
        """Write the workspace to ``path`` (atomically); OSError when it cannot be written."""
        return write_workspace(self.capture(), path)

    # -- giving back -----------------------------------------------------------------------------
    def restore_saved(self, path: str | Path) -> bool:
        """Restore the workspace saved on quit; False when there is none (a first start).
        A corrupt file falls back to the previous good one (said in the notes)."""
        ws, notes = read_workspace_or_previous(path)
        if ws is None:
            if notes:
                self.restored.emit(notes)
            return False
        self.restore(ws, notes)
        return True

    def open_file(self, path: str | Path) -> None:
        """Restore a workspace file a user chose. Raises :class:`WorkbenchError` for a file
        that is not one (nothing is changed then)."""
        self.restore(read_workspace(path))

    def restore(self, ws: Workspace, notes: list[Note] | None = None) -> None:
        """Replace the window's inputs by ``ws``'s: the files gone are said, the rest restored."""
        ws, missing = without_missing(ws)
        self._notes = list(notes or []) + missing
        self._pending = ws
        w, s = self.window, self.window.session
        for loaded in list(s.tokenizers):  # what was open belongs to the workspace replaced
            s.remove_tokenizer(s.tokenizers.index(loaded))
        self._apply_window(ws)
        s.last_folders.update({k: str(v) for k, v in ws.window.last_folders.items()})
        self._waiting = {str(ref.path) for ref in ws.tokenizers}
        for ref in ws.tokenizers:
            try:
                source = detect_source(ref.path, **ref.options)
            except (WorkbenchError, TypeError) as err:
                self._opened(ref, None, error_text(err) if isinstance(err, WorkbenchError)
                             else str(err))
                continue
            w.tasks.submit(f"open:{ref.path}", open_for_window, source,
                           on_result=lambda loaded, r=ref: self._opened(r, loaded, None),
                           on_error=lambda message, r=ref: self._opened(r, None, message))
        if not self._waiting:
            self._finish()

    def _opened(self, ref: TokenizerRef, loaded: Loaded | None, problem: str | None) -> None:
        if self._pending is None or str(ref.path) not in self._waiting:
            return  # another restore replaced this one
        self._waiting.discard(str(ref.path))
        if loaded is not None:
            self.window.session.add_tokenizer(loaded, select=False)
        else:
            self._notes.append(note("workspace.tokenizer_unusable", path=str(ref.path),
                                    problem=problem or ""))
        if not self._waiting:
            self._finish()

    def _finish(self) -> None:
        """Every tokenizer is open (or said not to be): the panes get their inputs, in the
        order the tokenizers were saved."""
        ws, self._pending = self._pending, None
        w, s = self.window, self.window.session
        order = {str(ref.path): i for i, ref in enumerate(ws.tokenizers)}
        s.tokenizers.sort(key=lambda t: order.get(str(t.path), len(order)))
        s.tokenizers_changed.emit()
        paths = [str(t.path) for t in s.tokenizers]
        s.set_current(paths.index(str(ws.current)) if str(ws.current) in paths else
                      (0 if paths else -1))
        s.set_text(ws.inspect.text)
        s.set_unit(ws.inspect.unit)
        s.set_options(add_special_tokens=ws.inspect.add_special_tokens,
                      parse_special=ws.inspect.parse_special)
        self.restore_panes(ws)
        notes, self._notes = self._notes, []
        self.restored.emit(notes)

    def restore_panes(self, ws: Workspace) -> None:
        """Give every pane its inputs from ``ws`` (the session's tokenizers, text and options
        are there already: after a restore opened them, or when the panes are made anew)."""
        w = self.window
        w.corpus.restore_sources(ws.corpus, ws.corpus_policy, ws.corpus_dedup)
        w.inspect.restore_state(ws.inspect)
        w.chat.restore_state(ws.chat)
        w.diff.restore_state(ws.diff)
        w.align.restore_state(ws.align)
        w.diagnostics.restore_state(ws.diagnostics)
        w.train.restore_state(ws.train)

    def _apply_window(self, ws: Workspace) -> None:
        w = self.window
        if ws.window.geometry:
            try:
                w.restoreGeometry(QByteArray(base64.b64decode(ws.window.geometry,
                                                              validate=True)))
            except ValueError:  # not base64 (edited by hand): the window keeps its size
                pass
            fit_onto_screen(w)
        panes = w.named_panes()
        if ws.window.pane in panes:
            w.panes.setCurrentWidget(panes[ws.window.pane])
        for name, pane in panes.items():
            for index, splitter in enumerate(pane_splitters(pane)):
                sizes = ws.window.splitters.get(f"{name}/{index}")
                if sizes and len(sizes) == splitter.count():
                    splitter.setSizes(sizes)


def fit_onto_screen(window) -> None:
    """A restored window wholly on a screen, at most its size: the file may come from a larger
    screen, a second monitor since unplugged, or a colleague's machine."""
    screen = window.screen() or QGuiApplication.primaryScreen()
    if screen is None or window.isMaximized() or window.isFullScreen():
        return
    frame = clamp_to_screen(window.geometry(), screen.availableGeometry())
    if frame != window.geometry():
        window.setGeometry(frame)


def notes_text(notes: list[Note]) -> str:
    """The notes of a restore, one per line, in the GUI's language."""
    return "\n".join(render_all(notes))
