"""Keyboard reach: Tab leaves every view, pane shortcuts work from any focus, focus is visible.

The window calls :func:`release_tab` on its panes and makes one :class:`PaneKeys`::

    keys = PaneKeys(window.panes, window)   # Ctrl+Tab, Ctrl+Shift+Tab, Ctrl+PgDown/PgUp, Ctrl+1…7

In an editor where Tab is text (a template, the text under inspection), Tab types a tab and
Ctrl+Tab / Ctrl+Shift+Tab leave the editor (the GTK convention); Ctrl+PgDown / Ctrl+PgUp and
Ctrl+1…7 switch panes from there as from anywhere else.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QKeySequence, QShortcut
from PySide6.QtWidgets import (QAbstractItemView, QApplication, QPlainTextEdit,
                               QTabWidget, QTextEdit, QWidget)
from shiboken6 import isValid

PANE_KEYS = 7  # Ctrl+1 … Ctrl+7


def release_tab(root: QWidget) -> None:
    """Tab moves focus out of every item view (not cell by cell) and out of every read-only
    text view under ``root``; editable editors keep Tab as text (Ctrl+Tab leaves them)."""
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)
    for edit in root.findChildren(QPlainTextEdit) + root.findChildren(QTextEdit):
        if edit.isReadOnly():
            edit.setTabChangesFocus(True)


def tab_is_text(widget: QWidget | None) -> bool:
    """An editable text editor that types a tab on Tab."""
    return (isinstance(widget, (QPlainTextEdit, QTextEdit)) and not widget.isReadOnly()
            and not widget.tabChangesFocus())


def move_focus(widget: QWidget, forward: bool) -> QWidget | None:
    """Give focus to the next (or previous) widget that Tab would reach from ``widget`` in its
    window; return it (None when there is none)."""
    step = (lambda w: w.nextInFocusChain()) if forward else (lambda w: w.previousInFocusChain())
    candidate = step(widget)
    while candidate is not None and candidate is not widget:
        if (candidate.window() is widget.window() and candidate.isVisible()
                and candidate.isEnabled() and candidate.focusPolicy() & Qt.FocusPolicy.TabFocus
                and candidate.focusProxy() is None):
            candidate.setFocus(Qt.FocusReason.TabFocusReason if forward
                               else Qt.FocusReason.BacktabFocusReason)
            return candidate
        candidate = step(candidate)
    return None


class PaneKeys(QObject):
    """Application-wide shortcuts that switch the panes of ``tabs``: they fire whichever widget
    has focus (item views, spin boxes and editors do not take them)."""

    def __init__(self, tabs: QTabWidget, window: QWidget) -> None:
        super().__init__(window)
        self.tabs = tabs
        self.shortcuts: list[QShortcut] = []
        for keys, step in (("Ctrl+Tab", 1), ("Ctrl+Shift+Tab", -1), ("Ctrl+Shift+Backtab", -1),
                           ("Ctrl+PgDown", 1), ("Ctrl+PgUp", -1)):
            self._add(keys, lambda s=step, k=keys: self._step(s, k))
        for number in range(1, PANE_KEYS + 1):
            self._add(f"Ctrl+{number}", lambda n=number: self.show_pane(n - 1))
        # the pane tab bar takes focus when clicked too, so arrows then move between panes
        tabs.tabBar().setFocusPolicy(Qt.FocusPolicy.StrongFocus)

    def _add(self, keys: str, slot) -> None:
        shortcut = QShortcut(QKeySequence(keys), self.parent())
        shortcut.setContext(Qt.ShortcutContext.ApplicationShortcut)
        shortcut.activated.connect(slot)
        self.shortcuts.append(shortcut)

    def _step(self, step: int, keys: str) -> None:
        focus = QApplication.focusWidget()
        if "Tab" in keys and tab_is_text(focus):
            move_focus(focus, step > 0)  # Tab is text here: Ctrl+Tab leaves the editor
            return
        count = self.tabs.count()
        if count:
            self.show_pane((self.tabs.currentIndex() + step) % count)

    def show_pane(self, index: int) -> None:
        """Show pane ``index`` (0-based) and put focus in it, unless it does not exist."""
        if 0 <= index < self.tabs.count():
            self.tabs.setCurrentIndex(index)
            page = self.tabs.widget(index)
            if not page.isAncestorOf(QApplication.focusWidget() or page):
                page.setFocus(Qt.FocusReason.ShortcutFocusReason)


class FocusFrame(QObject):
    """A highlight-coloured frame over the edge of the focused table or text view, so that
    focus is plain to see there (the style marks a focused button or field itself, but its
    mark on a large view is faint or missing). It follows the view when it moves or resizes."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.window = window
        self.frame = _FrameOverlay()
        self.target: QWidget | None = None
        QApplication.instance().focusChanged.connect(self._follow)

    def _follow(self, _old, new) -> None:
        if not isValid(self.frame) or not isValid(self.window):
            return  # the window is being destroyed
        framed = (new is not None and new.window() is self.window
                  and isinstance(new, (QAbstractItemView, QPlainTextEdit, QTextEdit)))
        if self.target is not None and isValid(self.target):
            self.target.removeEventFilter(self)
        self.target = new if framed else None
        if self.target is None:
            self.frame.hide()
            return
        self.target.installEventFilter(self)
        self._place()

    def _place(self) -> None:
        target = self.target
        self.frame.setParent(target.parentWidget())
        self.frame.setGeometry(target.geometry())
        self.frame.raise_()
        self.frame.setVisible(target.isVisible())

    def eventFilter(self, watched, event) -> bool:
        if watched is self.target and event.type() in (
                QEvent.Type.Move, QEvent.Type.Resize, QEvent.Type.Show, QEvent.Type.Hide):
            self._place()
        return False


class _FrameOverlay(QWidget):
    """Paints only a 2-pixel border in the palette's highlight colour; clicks go through."""

    def __init__(self) -> None:
        super().__init__()
        self.setObjectName("focus_frame")
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        self.setFocusPolicy(Qt.FocusPolicy.NoFocus)

    def paintEvent(self, _event) -> None:
        from PySide6.QtGui import QPainter, QPalette, QPen

        painter = QPainter(self)
        pen = QPen(self.palette().color(QPalette.ColorRole.Highlight), 2)
        painter.setPen(pen)
        painter.drawRect(self.rect().adjusted(1, 1, -1, -1))
        painter.end()


def mnemonic_of(text: str) -> str:
    """The letter Alt+letter presses in ``text`` (``&Open`` → ``o``), or ``""``.

    >>> mnemonic_of("&Open"), mnemonic_of("打开(&O)…"), mnemonic_of("Fish && chips")
    ('o', 'o', '')
    """
    index = 0
    while (index := text.find("&", index)) >= 0 and index + 1 < len(text):
        if text[index + 1] != "&":
            return text[index + 1].lower()
        index += 2
    return ""


def without_mnemonic(text: str) -> str:
    """``text`` as it reads, its mnemonic marks gone (to quote a button's label elsewhere).

    >>> without_mnemonic("Drop &duplicates"), without_mnemonic("去除重复(&H)")
    ('Drop duplicates', '去除重复')
    """
    import re

    text = re.sub(r"\(&[^&\s]\)", "", text)
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def with_mnemonic(text: str, taken: set[str]) -> str:
    """``text`` with a mnemonic on a letter not in ``taken`` (which it joins): the first free
    initial of a word, else any free letter of it; text without Latin letters (Chinese) gets
    one in brackets, before a trailing ellipsis, as Chinese software writes them. Unchanged
    when it has one already or no letter is free.

    >>> taken = {"f"}
    >>> with_mnemonic("Fit the file", taken), with_mnemonic("导出…", taken), sorted(taken)
    ('Fit &the file', '导出(&A)…', ['a', 'f', 't'])
    """
    if not text or mnemonic_of(text):
        return text
    letters = [i for i, c in enumerate(text) if c.isascii() and c.isalpha()]
    initials = [i for i in letters if i == 0 or not text[i - 1].isalnum()]
    for index in initials + letters:
        if text[index].lower() not in taken:
            taken.add(text[index].lower())
            return text[:index] + "&" + text[index:]
    if letters and all(c.isascii() for c in text if c.isalpha()):
        return text  # an English label whose letters are all taken: no "(&X)" in English
    free = next((c for c in "abcdefghijklmnopqrstuvwxyz" if c not in taken), None)
    if free is None:
        return text
    taken.add(free)
    stem, tail = (text[:-1], text[-1]) if text.endswith("…") else (text, "")
    return f"{stem}(&{free.upper()}){tail}"


def assign_mnemonics(root: QWidget, taken: set[str]) -> None:
    """Give the push buttons, then the check and radio boxes, under ``root`` Alt+letter
    mnemonics not in ``taken`` (the menu bar's) nor used twice under ``root``."""
    from PySide6.QtWidgets import QCheckBox, QPushButton, QRadioButton

    used = set(taken)
    buttons = [b for b in root.findChildren(QPushButton) if b.text()]
    boxes = [b for b in root.findChildren(QCheckBox) + root.findChildren(QRadioButton)
             if b.text()]
    for button in buttons + boxes:
        used.add(mnemonic_of(button.text()))
    # the most constrained first: a short word ("Reset") has few letters to choose from, a long
    # label finds a free one later (sorted is stable: reading order among equals)
    def choices(button) -> int:
        return len({c.lower() for c in button.text() if c.isascii() and c.isalpha()})
    for button in sorted(buttons, key=choices) + sorted(boxes, key=choices):
        button.setText(with_mnemonic(button.text(), used))
