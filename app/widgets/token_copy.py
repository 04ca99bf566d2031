"""``TokenCopyActions``: copy and export from the token table (context menu and keyboard).

The formats are :mod:`core.encodings.export`'s; this only finds the rows, runs the formatting in a worker
(:mod:`app.jobs.tokens`: a million rows take seconds) and puts the result on the clipboard or
in a file.
"""

from __future__ import annotations


import numpy as np
from PySide6.QtCore import QObject, QPoint, Qt, Signal
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence
from PySide6.QtWidgets import QMenu, QTableView

from app.folders import ask_save_file
from app.jobs.tokens import copy_text, export_file
from app.models.token_table import TokenTableModel
from app.status_message import Said
from app.tasks import TaskRunner
from core.encodings.export import token_header


def selected_rows(table: QTableView) -> np.ndarray:
    """The rows selected in ``table``, in order, read from the selection's ranges (a select-all
    over a million rows is one range, not a million indexes)."""
    ranges = table.selectionModel().selection()
    parts = [np.arange(r.top(), r.bottom() + 1) for r in ranges]
    if not parts:
        return np.zeros(0, dtype=np.int64)
    return np.unique(np.concatenate(parts))


class TokenCopyActions(QObject):
    """The token table's copy and export actions; they act on the selected rows, or on every
    token when none is selected (exports always take the whole table).

    Signals:
        status(str): what was copied or written, or why not.
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch

    def __init__(self, table: QTableView, model: TokenTableModel, tasks: TaskRunner) -> None:
        super().__init__(table)
        self.table, self.model, self.tasks = table, model, tasks
        self.copy_rows = self._action(self.tr("Copy rows (TSV, with headers)"), self._copy_rows,
                                      QKeySequence.StandardKey.Copy)
        self.copy_ids_json = self._action(self.tr("Copy IDs as a JSON list"), self._copy_ids_json)
        self.copy_ids_text = self._action(self.tr("Copy IDs, space-separated"), self._copy_ids_text)
        self.copy_pieces = self._action(self.tr("Copy tokens as a JSON list"), self._copy_pieces)
        self.select_all = self._action(self.tr("Select all"), table.selectAll,
                                       QKeySequence.StandardKey.SelectAll)
        self.export_csv = self._action(self.tr("Export table as CSV…"), self._export_csv)
        self.export_json = self._action(self.tr("Export tokens as JSON…"), self._export_json)
        table.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        table.customContextMenuRequested.connect(self._show_menu)

    def _action(self, text: str, slot, shortcut=None) -> QAction:
        action = QAction(text, self.table)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
            action.setShortcutContext(Qt.ShortcutContext.WidgetShortcut)
            self.table.addAction(action)  # the shortcut works while the table has focus
        action.triggered.connect(slot)
        return action

    def menu(self) -> QMenu:
        """The context menu (a new one each time: its actions are this object's)."""
        menu = QMenu(self.table)
        menu.addActions([self.copy_rows, self.copy_ids_json, self.copy_ids_text, self.copy_pieces])
        menu.addSeparator()
        menu.addAction(self.select_all)
        menu.addSeparator()
        menu.addActions([self.export_csv, self.export_json])
        enabled = self.model.encoding is not None and self.model.rowCount() > 0
        for action in menu.actions():
            action.setEnabled(enabled)
        return menu

    def _show_menu(self, pos: QPoint) -> None:
        self.menu().popup(self.table.viewport().mapToGlobal(pos))

    # -- rows --------------------------------------------------------------------------------
    def rows(self) -> np.ndarray:
        """The selected rows, or every row when none is selected."""
        rows = selected_rows(self.table)
        return rows if len(rows) else np.arange(self.model.rowCount())

    def header(self) -> list[str]:
        """The header row of a copy or export: core's English column names, not the translated
        ones the table shows (see :func:`core.encodings.export.token_header` for why)."""
        return token_header(self.model.unit)

    # -- copy ----------------------------------------------------------------------------------
    def _copy(self, kind: str, said) -> None:
        """Format as ``kind`` (:data:`app.jobs.tokens.COPY_KINDS`) in a worker, then put the
        text on the clipboard and say ``said(n)``: the message translated for the number of
        rows copied, with ``{n}`` in it."""
        enc = self.model.encoding
        if enc is None:
            return
        rows = self.rows()

        def done(text: str) -> None:
            QGuiApplication.clipboard().setText(text)
            count = len(rows)
            self.status.emit(Said(lambda: said(count).format(n=f"{count:,}")))

        # latest_only: a slow copy that ends after a newer one must not take the clipboard
        self.tasks.submit("copy", copy_text, enc, rows, kind, self.header(), self.model.unit,
                          latest_only=True, on_result=done, on_error=self.status.emit)

    def _copy_rows(self) -> None:
        self._copy("rows-tsv", lambda n: self.tr("Copied {n} row(s) as TSV", "", n))

    def _copy_ids_json(self) -> None:
        self._copy("ids-json", lambda n: self.tr("Copied {n} ID(s) as a JSON list", "", n))

    def _copy_ids_text(self) -> None:
        self._copy("ids-text", lambda n: self.tr("Copied {n} ID(s), space-separated", "", n))

    def _copy_pieces(self) -> None:
        self._copy("pieces-json", lambda n: self.tr("Copied {n} token(s) as a JSON list", "", n))

    # -- export --------------------------------------------------------------------------------
    def _export(self, caption: str, suggested: str, file_filter: str, kind: str) -> None:
        """Ask for a file, then write the table to it as ``kind``
        (:data:`app.jobs.tokens.EXPORT_KINDS`) in a worker."""
        enc = self.model.encoding
        if enc is None:
            return
        path = ask_save_file(self.table, "export", caption, suggested, file_filter)
        if not path:
            return
        self.tasks.submit("export", export_file, enc, path, kind, self.header(), self.model.unit,
                          on_error=self.status.emit,
                          on_result=lambda n: self.status.emit(Said(lambda: self.tr(
                              "Wrote {n} token(s) to {path}", "", n).format(n=f"{n:,}",
                                                                          path=path))))

    def _export_csv(self) -> None:
        self._export(self.tr("Export table as CSV"), "tokens.csv", self.tr("CSV (*.csv)"),
                     "table-csv")

    def _export_json(self) -> None:
        self._export(self.tr("Export tokens as JSON"), "tokens.json", self.tr("JSON (*.json)"),
                     "tokens-json")
