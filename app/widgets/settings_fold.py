"""A pane's settings that fold to one summary line once a run has results, so that the results
get the height (issue #25: at 200 % scale the settings took half of a laptop screen).

The header holds a *Settings* toggle, the summary (shown while folded) and the pane's run
buttons, which stay in reach either way::

    fold = SettingsFold("align", session.settings, describe=pane.settings_summary)
    fold.add_row(dataset_row); fold.add_row(tokenizer_row)
    fold.add_action(run_button); fold.add_action(stop_button)
    fold.results_shown()          # folds, unless the user opened it by hand
    fold.refresh_summary()        # a setting changed: describe() gives the line again

Space or Enter on the toggle (or its Alt+letter) folds and unfolds it. Once the user opens or
folds it by hand, that choice is kept (in the session's settings, per pane): later runs no
longer fold it.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSettings, Qt, Signal
from PySide6.QtWidgets import (QApplication, QLayout, QPushButton, QSizePolicy, QStyle,
                               QVBoxLayout, QWidget, QWidgetItem)

from app.widgets.eliding import ElidedLabel
from app.widgets.wrapping_row import WrappingRow

KEEP_OPEN = "settings_fold/{key}/keep_open"  # "true": opened by hand, "false": folded by hand


class SettingsFold(QWidget):
    """Settings rows under a header that folds them to a summary line."""

    folded_changed = Signal(bool)

    def __init__(self, key: str, settings: QSettings | None = None,
                 describe: Callable[[], str] | None = None, parent=None) -> None:
        super().__init__(parent)
        self.key = key
        self.settings = settings
        self.describe = describe
        self.toggle = QPushButton()
        self.toggle.setObjectName(f"{key}_settings_toggle")
        self.toggle.setCheckable(True)
        self.toggle.setChecked(True)  # checked: the settings are shown
        self.toggle.setFlat(True)
        self._set_texts()
        self.toggle.clicked.connect(self._toggled_by_user)
        self.summary = _SummaryLabel()
        self.summary.setEnabled(False)  # greyed: it repeats the settings, it does not act
        self._summary_text = ""
        self._last_in_header = self.toggle  # Tab order: the header as it reads, then the rows
        # one header line when there is room; the buttons wrap under it when there is not
        self.header = WrappingRow()
        self.header.setContentsMargins(0, 0, 0, 0)
        self._add_to_header(self.toggle, 0)
        self._add_to_header(self.summary, 1)  # empty while unfolded: it keeps the buttons right
        self.body = QWidget()
        self.body.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self.rows = QVBoxLayout(self.body)
        self.rows.setContentsMargins(0, 0, 0, 0)
        column = QVBoxLayout(self)
        column.setContentsMargins(0, 0, 0, 0)
        column.addLayout(self.header)
        column.addWidget(self.body)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._show_arrow()

    def _set_texts(self) -> None:
        self.toggle.setText(self.tr("Settings"))
        self.toggle.setToolTip(self.tr("Show or hide the settings; the results get the room"))

    def changeEvent(self, event) -> None:
        if event.type() == QEvent.Type.LanguageChange:  # the window gives the Alt+letter again
            self._set_texts()
            self.refresh_summary()
        super().changeEvent(event)

    # -- building ----------------------------------------------------------------------------
    def add_row(self, row: QLayout | QWidget) -> None:
        """A settings row (a layout or a widget) under the header, hidden while folded."""
        if isinstance(row, QLayout):
            self.rows.addLayout(row)
        else:
            self.rows.addWidget(row)

    def add_action(self, widget: QWidget) -> None:
        """A widget of the header's right end (Run, Stop, progress): shown folded or not.
        Tab reaches it after the toggle and the actions before it, then the settings rows."""
        self._add_to_header(widget, 0)
        if widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            QWidget.setTabOrder(self._last_in_header, widget)
            self._last_in_header = widget

    def _add_to_header(self, widget: QWidget, stretch: int) -> None:
        self.header.addChildWidget(widget)
        self.header.add(QWidgetItem(widget), stretch)

    def set_summary(self, text: str) -> None:
        """The one line that stands for the settings while they are folded."""
        self._summary_text = text
        self._show_summary()

    def refresh_summary(self) -> None:
        """The summary line again from ``describe`` (a setting changed)."""
        if self.describe is not None:
            self.set_summary(self.describe())

    # -- folding -----------------------------------------------------------------------------
    def is_folded(self) -> bool:
        return not self.toggle.isChecked()

    def keeps_open(self) -> bool | None:
        """The user's own choice: True opened, False folded by hand, None not chosen yet."""
        if self.settings is None:
            return None
        value = self.settings.value(KEEP_OPEN.format(key=self.key))
        return None if value is None else str(value).lower() == "true"

    def results_shown(self) -> None:
        """A run has results: fold, unless the user opened the settings by hand."""
        if self.keeps_open() is not True:
            self.set_folded(True)

    def set_folded(self, folded: bool) -> None:
        if folded == self.is_folded() and self.body.isHidden() == folded:
            return
        if folded:
            self.refresh_summary()
            focus = QApplication.focusWidget()
            if focus is not None and self.body.isAncestorOf(focus):
                self.toggle.setFocus()  # focus must not stay on a hidden field
        self.toggle.setChecked(not folded)
        self.body.setVisible(not folded)
        self._show_summary()
        self._show_arrow()
        self.folded_changed.emit(folded)

    def _toggled_by_user(self, checked: bool) -> None:
        if self.settings is not None:
            self.settings.setValue(KEEP_OPEN.format(key=self.key), "true" if checked else "false")
        self.set_folded(not checked)

    def _show_summary(self) -> None:
        folded = self.is_folded()
        self.summary.setText(self._summary_text if folded else "")
        self.toggle.setAccessibleDescription(self._summary_text if folded else "")

    def _show_arrow(self) -> None:
        arrow = (QStyle.StandardPixmap.SP_ArrowDown if self.toggle.isChecked()
                 else QStyle.StandardPixmap.SP_ArrowRight)
        self.toggle.setIcon(self.style().standardIcon(arrow))


class _SummaryLabel(ElidedLabel):
    """The summary asks for no more than its minimum: it takes the header's spare room
    (elided), never a line of its own."""

    def sizeHint(self):
        return self.minimumSizeHint()
