"""A live language switch: the window makes its panes anew in the installed language and hands
each new pane what the old one held, so nothing a user set up or computed is lost.

Why panes are rebuilt rather than retranslated in place: every text of a pane is made where its
widget is made (``self.tr`` in the builders, in the code that shows a result), about 950 of
them over seven panes and forty widgets. A ``retranslateUi`` per pane would repeat
each in a second place that drifts (a text added to the builder and forgotten there stays
English, which no test sees until a user does). Building again runs the very code that made the
first pane, so a new text is switched the day it is written. What makes the pane the same one
for a user is carried across here: its inputs (the workspace's own
``save_state``/``restore_state``, tested by the workspace round trip), its results (the Diff,
the Align audit, the Diagnostics report, the trained bundle: shown again, not recomputed; the
corpus statistics come from :mod:`app.jobs.corpus`'s cache), and its view (the tab shown in
every tab widget, splitter sizes, the current pane, a table's sort order and selection). The
status bar's message is worded again (:mod:`app.status_message`). A pane whose job runs is
not rebuilt under it: the switch waits for the job to end (said in the status bar).

>>> # carry_results(old_panes, new_panes); carry_view(old_pane, new_pane)
"""

from __future__ import annotations

from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt
from PySide6.QtWidgets import (QAbstractScrollArea, QListWidget, QSplitter, QTableView,
                               QTabWidget, QTreeView, QWidget)

from app.widgets.settings_fold import SettingsFold


def carry_results(old: dict, new: dict) -> None:
    """Show in each new pane (by workspace name) the result its old pane showed, marked stale
    or not as it was."""
    diff, was = new["diff"], old["diff"]
    diff.set_pair(was.slot_a.loaded, was.slot_b.loaded)
    if was.diff is not None:
        diff._result_inputs = was._result_inputs
        diff.show_diff(was.diff)
    align, was = new["align"], old["align"]
    if was.audit is not None:
        align.audit, align.dataset, align.runtimes = was.audit, was.dataset, was.runtimes
        align._result_inputs = was._result_inputs
        align._show_audit()
        align._update_stale()
    diagnostics, was = new["diagnostics"], old["diagnostics"]
    if was.result is not None:
        diagnostics._result_inputs = was._result_inputs
        diagnostics.show_result(was.result)
    train, was = new["train"], old["train"]
    # the trained bundles live in the old pane's scratch folder: the new pane owns it now
    train._scratch, was._scratch = was._scratch, None
    train._runs = was._runs
    if was.outcome is not None:
        train.outcome = was.outcome
        train._show_trace_chart(was.outcome)
        train._show_result(was.outcome, getattr(was, "last_elapsed", 0.0))


def carry_view(old: QWidget, new: QWidget) -> None:
    """The folded settings, the tab shown in each tab widget, the splitter sizes, the ticks in
    lists, the sort order and selection of tables, and the scroll positions of ``old`` in
    ``new`` (matched by position: both panes were built by the same code)."""
    for kind, copy in ((SettingsFold, _copy_fold), (QTabWidget, _copy_tab),
                       (QSplitter, _copy_sizes), (QListWidget, _copy_checks),
                       (QTableView, _copy_table), (QTreeView, _copy_table),
                       (QAbstractScrollArea, _copy_scroll)):
        before, after = old.findChildren(kind), new.findChildren(kind)
        if len(before) == len(after):
            for a, b in zip(before, after):
                copy(a, b)


def _copy_fold(old: SettingsFold, new: SettingsFold) -> None:
    new.set_folded(old.is_folded())  # (before the splitters: it changes the room they have)


def _copy_tab(old: QTabWidget, new: QTabWidget) -> None:
    if old.count() == new.count():
        new.setCurrentIndex(old.currentIndex())


def _copy_sizes(old: QSplitter, new: QSplitter) -> None:
    if old.count() == new.count():
        new.setSizes(old.sizes())


def _copy_checks(old: QListWidget, new: QListWidget) -> None:
    """The ticks of a list of the same items (Compare's tokenizers, Diagnostics' languages)."""
    items = [(old.item(i), new.item(i)) for i in range(min(old.count(), new.count()))]
    if old.count() != new.count() or any(a.text() != b.text() for a, b in items):
        return
    for a, b in items:
        if b.flags() & Qt.ItemFlag.ItemIsUserCheckable and a.checkState() != b.checkState():
            b.setCheckState(a.checkState())


def _copy_table(old: QTableView | QTreeView, new: QTableView | QTreeView) -> None:
    """The column sorted by and its order, then the selected rows and the current cell, where
    the new table shows the same rows (its result was carried over, not yet to be recomputed:
    a table still filling is left as it is)."""
    before, after = old.model(), new.model()
    if before is None or after is None or before.columnCount() != after.columnCount():
        return
    sorted_by = [(view.horizontalHeader() if isinstance(view, QTableView) else view.header())
                 for view in (old, new)]
    was, now = ((h.sortIndicatorSection(), h.sortIndicatorOrder()) for h in sorted_by)
    if old.isSortingEnabled() and new.isSortingEnabled() and was != now:
        new.sortByColumn(*was)  # (only then: a sort of a large table costs)
    if before.rowCount() != after.rowCount() or old.selectionModel() is None:
        return
    selection = QItemSelection()
    for area in old.selectionModel().selection():
        if area.parent().isValid() or not _same_row(before, after, area.top()):
            continue  # a nested row (a tree's), or rows that are not the same ones
        selection.select(after.index(area.top(), area.left()),
                         after.index(area.bottom(), area.right()))
    if not selection.isEmpty():
        flags = QItemSelectionModel.SelectionFlag
        current = old.currentIndex()
        if current.isValid() and not current.parent().isValid():
            new.selectionModel().setCurrentIndex(after.index(current.row(), current.column()),
                                                 flags.NoUpdate)
        new.selectionModel().select(selection, flags.ClearAndSelect)


def _same_row(before, after, row: int) -> bool:
    """The two models show the same thing in ``row``: its first cell (a name, an ID: the other
    cells may be words of the other language)."""
    return before.index(row, 0).data() == after.index(row, 0).data()


def _copy_scroll(old: QAbstractScrollArea, new: QAbstractScrollArea) -> None:
    for a, b in ((old.verticalScrollBar(), new.verticalScrollBar()),
                 (old.horizontalScrollBar(), new.horizontalScrollBar())):
        b.setValue(a.value())
