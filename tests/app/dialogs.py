"""No modal dialog under pytest: each one the app would open is recorded and answered instead.

A modal dialog (``QMessageBox.warning``, ``QFileDialog.getSaveFileName``, ``QDialog.exec``,
``QMenu.exec``, ``app.ask.ask_unsaved`` ...) runs its own event loop until a user clicks: in a
headless test nobody does, and the test hangs for ever. ``tests/app/conftest.py`` installs a
:class:`ModalGuard` around every test there (the ``dialogs`` fixture): a dialog the test did not
announce fails it at once (an :class:`UnexpectedDialog` raised where the app opened it) and
again at teardown (in case the app caught that error), naming the dialog, its title and text.
A test that expects one says so and gives the answer::

    def test_save(window, dialogs, tmp_path):
        dialogs.answer("save_file", tmp_path / "out.zip")   # what the user picks
        window.save_bundle_dialog()

    def test_bad_file(window, dialogs):
        dialogs.expect("warning")                            # the error box is the point
        window.open_path(bad)
        assert "invalid JSON" in dialogs.texts("warning")[0]

The unsaved-edits question (``unsaved``) is answered "discard" unless a test answers it: windows
closed at teardown must not ask anyone.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from PySide6.QtGui import QColor
from PySide6.QtWidgets import (QColorDialog, QDialog, QFileDialog, QFontDialog, QInputDialog,
                               QMenu, QMessageBox)

# kind -> (class, static method names) of the modal calls replaced; each returns what a user's
# Cancel would when the test gave no answer
_STATIC = {
    "warning": (QMessageBox, ("warning",)),
    "information": (QMessageBox, ("information",)),
    "critical": (QMessageBox, ("critical",)),
    "question": (QMessageBox, ("question",)),
    "about": (QMessageBox, ("about", "aboutQt")),
    "open_file": (QFileDialog, ("getOpenFileName", "getOpenFileUrl")),
    "open_files": (QFileDialog, ("getOpenFileNames", "getOpenFileUrls")),
    "save_file": (QFileDialog, ("getSaveFileName", "getSaveFileUrl")),
    "directory": (QFileDialog, ("getExistingDirectory", "getExistingDirectoryUrl")),
    "input": (QInputDialog, ("getText", "getMultiLineText", "getInt", "getDouble", "getItem")),
    "color": (QColorDialog, ("getColor",)),
    "font": (QFontDialog, ("getFont",)),
}
_CANCELLED = {
    "warning": QMessageBox.StandardButton.Ok, "information": QMessageBox.StandardButton.Ok,
    "critical": QMessageBox.StandardButton.Ok, "question": QMessageBox.StandardButton.Cancel,
    "about": None, "open_file": ("", ""), "open_files": ([], ""), "save_file": ("", ""),
    "directory": "", "input": (None, False), "color": QColor(), "font": (False, None),
    "dialog": QDialog.DialogCode.Rejected, "menu": None, "unsaved": "discard",
}
_FILE_KINDS = {"open_file": lambda path: (str(path), ""), "save_file": lambda path: (str(path), ""),
               "open_files": lambda paths: ([str(p) for p in paths], ""),
               "directory": str}


class UnexpectedDialog(AssertionError):
    """A modal dialog the test did not announce (``dialogs.expect`` / ``dialogs.answer``)."""


@dataclass(frozen=True)
class Shown:
    """One modal call: its kind, title (or a dialog's class and window title) and text (a
    message box's text; a file dialog's start folder)."""

    kind: str
    title: str
    text: str

    def __str__(self) -> str:
        return f"{self.kind}: {self.title!r}: {self.text!r}"


def _strings(args: tuple) -> tuple[str, str]:
    """Title and text of a static call ``(parent, title, text_or_folder, ...)``."""
    rest = [str(a) for a in args[1:3] if isinstance(a, (str, Path))]
    return (rest + ["", ""])[0], (rest + ["", ""])[1]


class ModalGuard:
    """Records and answers every modal call while installed (``install(monkeypatch)``)."""

    def __init__(self) -> None:
        self.shown: list[Shown] = []
        self._expected: set[str] = {"unsaved"}
        self._answers: dict[str, Any] = {}

    # -- what tests say ---------------------------------------------------------------------
    def expect(self, *kinds: str) -> "ModalGuard":
        """These kinds of dialog may open; each answered as Cancel / OK would be."""
        for kind in kinds:
            if kind not in _CANCELLED:
                raise ValueError(f"unknown dialog kind {kind!r}: one of {sorted(_CANCELLED)}")
            self._expected.add(kind)
        return self

    def answer(self, kind: str, value: Any) -> "ModalGuard":
        """The user's answer to every ``kind`` dialog from now on: a path (or paths) for the
        file dialogs (None: Cancel), the return value for others, or a callable given the
        call's arguments that returns it."""
        self.expect(kind)
        if value is None:
            value = _CANCELLED[kind]
        elif kind in _FILE_KINDS and not callable(value):
            value = _FILE_KINDS[kind](value)
        self._answers[kind] = value
        return self

    def texts(self, kind: str) -> list[str]:
        """The texts (file dialogs: start folders) of the ``kind`` dialogs shown so far."""
        return [s.text for s in self.shown if s.kind == kind]

    def titles(self, kind: str) -> list[str]:
        """The titles of the ``kind`` dialogs shown so far."""
        return [s.title for s in self.shown if s.kind == kind]

    def unexpected(self) -> list[Shown]:
        return [s for s in self.shown if s.kind not in self._expected]

    # -- the replacements -------------------------------------------------------------------
    def _shown(self, kind: str, title: str, text: str, args: tuple) -> Any:
        record = Shown(kind, title, text)
        self.shown.append(record)
        if kind not in self._expected:
            raise UnexpectedDialog(
                f"a modal dialog opened under test (it would wait for a click for ever): {record}"
                f"; a test that expects it says dialogs.expect({kind!r}) or dialogs.answer(...)")
        answer = self._answers.get(kind, _CANCELLED[kind])
        return answer(*args) if callable(answer) else answer

    def _static(self, kind: str) -> Callable:
        def replacement(*args, **kwargs):
            title, text = _strings(args)
            return self._shown(kind, title, text, args)
        return replacement

    def _exec(self, kind: str) -> Callable:
        def replacement(widget, *args, **kwargs):
            title = f"{type(widget).__name__} {widget.windowTitle()!r}" if kind == "dialog" \
                else type(widget).__name__
            text = widget.text() if isinstance(widget, QMessageBox) else ""
            return self._shown(kind, title, text, (widget, *args))
        return replacement

    def install(self, monkeypatch) -> "ModalGuard":
        for kind, (cls, names) in _STATIC.items():
            for name in names:
                if hasattr(cls, name):
                    monkeypatch.setattr(cls, name, self._static(kind))
        for name in ("exec", "exec_"):
            monkeypatch.setattr(QDialog, name, self._exec("dialog"))
        # QMenu.exec is also a static overload, so PySide6 finds the built-in for ``menu.exec()``
        # whatever the class attribute says: the app's modules get a QMenu whose exec is ours
        guarded_exec = self._exec("menu")
        menu = type("QMenu", (QMenu,), {"exec": guarded_exec, "exec_": guarded_exec})
        for name, module in list(sys.modules.items()):
            found = getattr(module, "QMenu", None)
            if name.startswith("app.") and isinstance(found, type) and issubclass(found, QMenu):
                monkeypatch.setattr(module, "QMenu", menu)
        monkeypatch.setattr("app.ask.ask_unsaved", self._static("unsaved"))
        return self
