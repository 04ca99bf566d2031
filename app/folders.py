"""Where a file dialog starts: the last folder used for that kind of file, else the home folder.

The folders live on the :class:`~app.session.Session` (``session.last_folders``, kind -> folder)
and so in the workspace; dialogs ask :func:`start_folder` and tell :func:`remember_folder`.

>>> # path, _ = QFileDialog.getOpenFileName(self, title, start_folder(session, "corpus"), filters)
>>> # remember_folder(session, "corpus", path)
"""

from __future__ import annotations

from pathlib import Path

# the kinds of file a dialog asks for (each remembers its own folder)
KINDS = ("tokenizer", "text", "bundle", "corpus", "conversation", "template", "export",
         "dataset", "workspace", "config")


def start_folder(session, kind: str, name: str = "") -> str:
    """The folder a dialog for ``kind`` opens in (with ``name`` joined: a save dialog's
    suggested file name)."""
    folder = session.last_folders.get(kind)
    if folder is None or not Path(folder).is_dir():
        folder = Path.home()
    return str(Path(folder) / name) if name else str(folder)


def remember_folder(session, kind: str, path: str | Path) -> None:
    """``path`` was chosen in a dialog for ``kind``: its folder (a folder itself when one was
    chosen) is where the next such dialog starts."""
    if not path:
        return
    path = Path(path)
    session.last_folders[kind] = path if path.is_dir() else path.parent


# -- the dialogs, each starting where the last one of its kind ended ------------------------------

def session_of(widget):
    """The session of the window ``widget`` is in (None outside the workbench's window: a
    dialog then starts in the home folder)."""
    window = widget.window() if widget is not None else None
    return getattr(window, "session", None)


def _start(widget, kind: str, name: str = "") -> str:
    session = session_of(widget)
    if session is None:
        return str(Path.home() / name) if name else str(Path.home())
    if name and Path(name).is_absolute():  # a suggestion beside its source file: kept
        return name
    return start_folder(session, kind, name)


def _remember(widget, kind: str, path: str) -> None:
    session = session_of(widget)
    if session is not None and path:
        remember_folder(session, kind, path)


def ask_open_file(widget, kind: str, title: str, filters: str = "") -> str:
    """An open-file dialog for ``kind`` (its last folder); the path chosen, or ""."""
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getOpenFileName(widget, title, _start(widget, kind), filters)
    _remember(widget, kind, path)
    return path


def ask_open_files(widget, kind: str, title: str, filters: str = "") -> list[str]:
    """A dialog choosing several files of ``kind``; the paths chosen (maybe none)."""
    from PySide6.QtWidgets import QFileDialog

    paths, _ = QFileDialog.getOpenFileNames(widget, title, _start(widget, kind), filters)
    if paths:
        _remember(widget, kind, paths[0])
    return paths


def ask_folder(widget, kind: str, title: str) -> str:
    """A folder dialog for ``kind``; the folder chosen, or "" (the next one starts beside it)."""
    from PySide6.QtWidgets import QFileDialog

    path = QFileDialog.getExistingDirectory(widget, title, _start(widget, kind))
    if path:
        _remember(widget, kind, str(Path(path).parent))
    return path


def ask_save_file(widget, kind: str, title: str, name: str, filters: str = "") -> str:
    """A save dialog for ``kind`` suggesting ``name`` (a bare name: in the kind's last folder;
    an absolute path: there); the path chosen, or ""."""
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getSaveFileName(widget, title, _start(widget, kind, name), filters)
    _remember(widget, kind, path)
    return path
