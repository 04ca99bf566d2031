"""Names for assistive technology: what a screen reader says for each widget, and a pass that
names the widgets whose name only their surroundings give.

Qt already speaks a button's text, a form row's label (a label's buddy) and a tab bar's current
tab; :func:`spoken_name` is what it says. :func:`name_from_context` gives the rest a name taken
from what a sighted user reads around them, in the installed language::

    >>> from PySide6.QtWidgets import QTabWidget, QTableView
    >>> tabs = QTabWidget(); _ = tabs.addTab(QTableView(), "Ranking")
    >>> name_from_context(tabs); spoken_name(tabs.widget(0))
    'Ranking'

A label just before an unnamed field in a row becomes its buddy (so its mnemonic works too).
Names set by hand (``setAccessibleName``) are never replaced. What a window shows after it
was built (a run's result tables, rows a user adds, a dialog a pane opens) is named, and its
buttons given Alt+letters, by :class:`app.late_names.LateNames`.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QAccessible
from PySide6.QtWidgets import (QAbstractButton, QAbstractSpinBox, QComboBox, QGroupBox, QLabel,
                               QLayout, QLineEdit, QPlainTextEdit, QStackedWidget, QTabWidget,
                               QTextEdit, QWidget)

HIDDEN_ON_PURPOSE = Qt.WidgetAttribute.WA_WState_ExplicitShowHide  # with isHidden(): hide()
AUTO = "_accessible_name_from_context"  # marks a name this module set (replaced on a rerun)


def spoken_name(widget: QWidget) -> str:
    """The name a screen reader announces for ``widget`` (empty if it has none)."""
    interface = QAccessible.queryAccessibleInterface(widget)
    return interface.text(QAccessible.Text.Name).strip() if interface is not None else ""


def focusable_widgets(root: QWidget) -> list[QWidget]:
    """The widgets under ``root`` that Tab can reach: not the inner line edit of a spin box or
    combo box, nor a popup's list (they speak through their owner), nor one hidden itself."""
    found = []
    for widget in root.findChildren(QWidget):
        if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus or widget.focusProxy() is not None:
            continue
        if widget.isHidden() and widget.testAttribute(HIDDEN_ON_PURPOSE):
            continue  # a button shown only when needed: named (late) when it shows
        if widget.window() is not root.window():
            continue  # a combo box's popup list
        if isinstance(widget.parentWidget(), (QAbstractSpinBox, QComboBox)):
            continue
        found.append(widget)
    return found


def has_name(widget: QWidget) -> bool:
    """A screen reader announces ``widget`` by a name, not only by its value or a symbol: a
    combo box needs a name or a label (Qt would say its current item instead); a button
    needs letters (``✕`` or ``↑`` alone say nothing)."""
    if isinstance(widget, QComboBox):
        return bool(widget.accessibleName() or _buddy_label(widget))
    name = spoken_name(widget)
    if isinstance(widget, QAbstractButton):
        return any(char.isalnum() for char in name)
    return bool(name)


def unnamed_widgets(root: QWidget) -> list[QWidget]:
    """The focusable widgets under ``root`` a screen reader would announce without a name."""
    return [widget for widget in focusable_widgets(root) if not has_name(widget)]


def _buddy_label(widget: QWidget) -> QLabel | None:
    window = widget.window()
    for label in window.findChildren(QLabel):
        if label.buddy() is widget:
            return label
    return None


def name_from_context(root: QWidget) -> None:
    """Name every focusable widget under ``root`` that has no spoken name, from (in order) the
    label just before it in its layout, its placeholder text, its tooltip, the tab it is the
    page of, or the titled group around it. Idempotent; rerun it after a language change."""
    for widget in focusable_widgets(root):
        if widget.property(AUTO):
            widget.setAccessibleName("")
        if has_name(widget):
            continue
        label = _label_before(widget)
        if label is not None:
            label.setBuddy(widget)
            if has_name(widget):
                continue
        name = _placeholder(widget) or _plain(widget.toolTip()) or _page_title(widget)
        if name:
            widget.setAccessibleName(name)
            widget.setProperty(AUTO, True)


TEXT_ROWS = 60  # rows of a chart's text alternative (a screen reader's user reads no more)


def describe_chart(chart: QWidget, title: str, rows: list[str]) -> None:
    """Give ``chart`` its text alternative: named by its title, described by the table it
    draws, one line a row (at most ``TEXT_ROWS``), as a screen reader reads it.

    >>> chart = QWidget(); describe_chart(chart, "Scripts", ["Latin: 90%", "Han: 10%"])
    >>> chart.accessibleName(), chart.accessibleDescription()
    ('Scripts', 'Latin: 90%\\nHan: 10%')
    """
    chart.setAccessibleName(title)
    chart.setAccessibleDescription("\n".join(rows[:TEXT_ROWS]))


def _plain(text: str) -> str:
    """A tooltip or label's text as one line without mnemonics or markup."""
    if not text or "<" in text:
        from PySide6.QtGui import QTextDocumentFragment
        text = QTextDocumentFragment.fromHtml(text or "").toPlainText()
    text = " ".join(text.split()).replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text.rstrip(":：").strip()


def _placeholder(widget: QWidget) -> str:
    if isinstance(widget, (QLineEdit, QPlainTextEdit, QTextEdit)):
        return _plain(widget.placeholderText())
    if isinstance(widget, QComboBox) and widget.isEditable() and widget.lineEdit() is not None:
        return _plain(widget.lineEdit().placeholderText())
    return ""


def _label_before(widget: QWidget) -> QLabel | None:
    """The text label laid out just before ``widget`` in the same layout, if it labels nothing
    else yet (a row like ``Sort by: [combo]``)."""
    parent = widget.parentWidget()
    if parent is None or parent.layout() is None:
        return None
    found = _find_in(parent.layout(), widget)
    if found is None:
        return None
    layout, index = found
    if index == 0 or isinstance(widget, QAbstractButton):
        return None
    item = layout.itemAt(index - 1)
    label = item.widget() if item is not None else None
    if (isinstance(label, QLabel) and label.buddy() is None and _plain(label.text())
            and label.isVisibleTo(parent) and len(_plain(label.text())) <= 60):
        return label
    return None


def _find_in(layout: QLayout, widget: QWidget):
    """(the layout directly holding ``widget``, its index) within ``layout``'s tree."""
    for index in range(layout.count()):
        item = layout.itemAt(index)
        if item.widget() is widget:
            return layout, index
        if item.layout() is not None:
            inner = _find_in(item.layout(), widget)
            if inner is not None:
                return inner
    return None


def _page_title(widget: QWidget) -> str:
    """The title of the tab whose page holds ``widget`` as its only focusable widget (or is
    ``widget``), else of the titled group box around it."""
    child, parent = widget, widget.parentWidget()
    while parent is not None:
        if isinstance(parent, QStackedWidget) and isinstance(parent.parentWidget(), QTabWidget):
            tabs = parent.parentWidget()
            index = tabs.indexOf(child)
            if index >= 0 and (child is widget or len(focusable_widgets(child)) == 1):
                return _plain(tabs.tabText(index))
        if isinstance(parent, QGroupBox) and _plain(parent.title()):
            return _plain(parent.title())
        child, parent = parent, parent.parentWidget()
    return ""

