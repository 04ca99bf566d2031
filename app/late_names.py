"""Names and Alt+letters for what a window shows after it was built (issue #25): a run's
result tables, rows a user adds, a dialog a pane opens. The window names its panes once when
it is built (:func:`app.accessibility.name_from_context`, :func:`app.keyboard.assign_mnemonics`);
:class:`LateNames` does it again where new widgets may have appeared::

    late = LateNames(window, window.panes, menu_letters)
    tasks.busy_changed.connect(lambda busy: busy or late.schedule())
"""

from __future__ import annotations

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QApplication, QDialog, QTabWidget, QWidget
from shiboken6 import isValid

from app.accessibility import has_name, name_from_context
from app.keyboard import assign_mnemonics, release_tab


class LateNames(QObject):
    """Names and Alt+letter mnemonics for widgets made after the window was built. The current
    pane is named again (:func:`name_from_context`, and :func:`assign_mnemonics` with the menu
    bar's letters taken) shortly after it is shown or a job ends; a widget that takes focus without a name is named at once; a dialog
    gets names and mnemonics of its own when it becomes the active window.
    """

    DELAY_MS = 150  # one pass after a burst of changes (a run fills several tables at once)

    def __init__(self, window: QWidget, panes: QTabWidget, taken: set[str]) -> None:
        super().__init__(window)
        self.window, self.panes, self.taken = window, panes, set(taken)
        self.timer = QTimer(self, singleShot=True, interval=self.DELAY_MS)
        self.timer.timeout.connect(self.name_current_pane)
        panes.currentChanged.connect(lambda _index: self.timer.start())
        app = QApplication.instance()
        app.focusChanged.connect(self._on_focus)
        app.focusWindowChanged.connect(self._on_window)

    def schedule(self) -> None:
        """Name the current pane again soon (a job ended: its results may be new widgets)."""
        self.timer.start()

    def name_current_pane(self) -> None:
        if not isValid(self.window) or not isValid(self.panes):
            return
        pane = self.panes.currentWidget()
        if pane is not None:
            name_pane(pane, self.taken)

    def _on_focus(self, _old, new) -> None:
        if new is None or not isValid(self.window) or not isValid(new):
            return
        window = new.window()
        if window is self.window and not has_name(new):
            name_from_context(new.parentWidget() or new)
        elif isinstance(window, QDialog):
            name_dialog(window)

    def _on_window(self, shown) -> None:
        if shown is None or not isValid(self.window):
            return
        for widget in QApplication.topLevelWidgets():
            if isinstance(widget, QDialog) and widget.windowHandle() is shown:
                name_dialog(widget)


def name_pane(pane: QWidget, taken: set[str]) -> None:
    """Alt+letters for ``pane``'s buttons (none of ``taken``, none twice), names for its
    widgets that only their surroundings name, Tab out of its item views. Idempotent."""
    release_tab(pane)  # a table made later lets Tab leave it too
    assign_mnemonics(pane, taken)
    name_from_context(pane)


def name_dialog(dialog: QDialog) -> None:
    """:func:`name_pane` for a dialog: a window of its own, so its letters are its own."""
    name_pane(dialog, set())
