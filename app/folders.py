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
