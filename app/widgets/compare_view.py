"""``CompareView``: up to four tokenizers side by side on the same text.

Each column shows the text with its tokens as bands (or as piece chips, as the Tokens tab's
switch says); tokens touching a boundary the other columns lack are marked with a red wave
(:mod:`core.encodings.boundaries`); the columns scroll together, to the same place in the text; when they
do not fit, the row of columns scrolls sideways rather than squeezing them.
"""

from __future__ import annotations

import bisect

import numpy as np
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QScrollArea, QSplitter, QStackedWidget, QVBoxLayout, QWidget)

from app.widgets.token_text_view import TokenTextView
from app.widgets.token_view import TokenChipsView
from core.encodings.boundaries import compare_boundaries
from core.inspect import InspectResult

MAX_COMPARED = 4
COLUMN_MIN_WIDTH = 300  # narrower, chips wrap every few tokens: scroll sideways instead


class CompareColumn(QFrame):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.text_view = TokenTextView()
        self.chips = TokenChipsView()
        self.views = QStackedWidget()
        self.views.addWidget(self.text_view)
        self.views.addWidget(self.chips)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.views, 1)
        self._shown: tuple | None = None  # (result, marked) last set
        self.setMinimumWidth(COLUMN_MIN_WIDTH)

    @property
    def token_view(self) -> TokenTextView | TokenChipsView:
        """The view in use: the text with bands, or the piece chips."""
        return self.chips if self.views.currentWidget() is self.chips else self.text_view

    def set_pieces(self, on: bool) -> None:
        """Show the tokens as piece chips (or as bands on the text)."""
        view = self.chips if on else self.text_view
        if self.views.currentWidget() is not view:
            self.views.currentWidget().set_encoding(None)
            self.views.setCurrentWidget(view)
            if self._shown is not None:
                view.set_encoding(self._shown[0].encoding, marked=self._shown[1])

    def set_result(self, result: InspectResult, marked: np.ndarray | None = None) -> None:
        """Show ``result``; ``marked`` tokens are those at a boundary another column lacks."""
        stats = result.stats
        trip = self.tr("round-trips") if result.round_trip.ok else self.tr("does not round-trip")
        # short lines, never wrapped: every column's chips start at the same height
        tokens = int(stats["tokens"])
        title = (f"<b>{result.runtime.name}</b> <span style='color:#666'>"
                 f"{result.runtime.source_format}</span><br>"
                 + self.tr("<b>{n}</b> token(s) · {bpt} bytes/token<br>{tpc} tokens/char · "
                           "{trip}", "", tokens).format(n=f"{tokens:,}",
                                                        bpt=f"{stats['bytes_per_token']:.2f}",
                                                        tpc=f"{stats['tokens_per_char']:.3f}",
                                                        trip=trip))
        if marked is not None:
            differ = int(marked.sum())
            title += "<br><span style='color:#d32f2f'>" + self.tr(
                "{n} token(s) where the cuts differ", "", differ).format(n=f"{differ:,}") + "</span>"
        self.title.setText(title)
        self._shown = (result, marked)
        self.token_view.set_encoding(result.encoding, marked=marked)

    # -- scrolling together -------------------------------------------------------------------
    def top_byte(self) -> int | None:
        """Byte offset (on the text) of the first token at the top of the view."""
        if self.token_view is self.text_view:
            return self.text_view.top_byte()
        chips, enc = self.chips, self.chips.encoding
        if enc is None or not chips._starts:
            return None
        position = chips.cursorForPosition(chips.viewport().rect().topLeft()).position()
        k = min(bisect.bisect_right(chips._ends, position), len(chips._starts) - 1)
        return int(enc.byte_starts[k])

    def scroll_to_byte(self, offset: int) -> None:
        """Scroll so the token covering byte ``offset`` of the text is at the top."""
        if self.token_view is self.text_view:
            self.text_view.scroll_to_byte(offset)
            return
        chips, enc = self.chips, self.chips.encoding
        if enc is None or not chips._starts:
            return
        k = int(np.searchsorted(enc.byte_ends[:len(chips._starts)], offset, side="right"))
        k = min(k, len(chips._starts) - 1)
        bar = chips.verticalScrollBar()
        if k == 0 or offset <= 0:
            bar.setValue(0)
            return
        cursor = QTextCursor(chips.document())
        cursor.setPosition(chips._starts[k])
        bar.setValue(bar.value() + chips.cursorRect(cursor).top())


class CompareView(QWidget):
    """Signals:
        selection_changed(list): indexes (in the session) of the tokenizers to compare.
    """

    selection_changed = Signal(list)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.picker = QListWidget()
        self.picker.setAccessibleName(self.tr("Tokenizers to compare"))
        self.picker.setMaximumWidth(230)
        self.hint = QLabel(self._tick_hint())
        self.hint.setWordWrap(True)
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>" + self.tr("Compare") + "</b>"))
        left.addWidget(self.picker, 1)
        left.addWidget(self.hint)
        self.legend = QLabel(self.tr(
            "<span style='color:#d32f2f'>Red wavy line</span> under a token: a place where "
            "the tokenizers cut the text differently."))
        self.legend.setWordWrap(True)
        self.legend.hide()
        left.addWidget(self.legend)
        self.columns_box = QSplitter(Qt.Orientation.Horizontal)
        self.columns_box.setChildrenCollapsible(False)
        self.scroller = QScrollArea()
        self.scroller.setAccessibleName(self.tr("Tokenizations compared"))
        self.scroller.setWidgetResizable(True)
        self.scroller.setFrameShape(QFrame.Shape.NoFrame)
        self.scroller.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroller.setWidget(self.columns_box)
        self.columns: list[CompareColumn] = []
        self.pieces = False  # the columns show piece chips rather than bands on the text
        self._syncing = False
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(left)
        layout.addWidget(self.scroller, 1)
        self.picker.itemChanged.connect(self._on_picker_item_changed)

    def _tick_hint(self) -> str:
        return self.tr("Tick up to {n} tokenizer(s).", "", MAX_COMPARED).format(n=MAX_COMPARED)

    def set_tokenizers(self, labels: list[str]) -> None:
        """Refill the picker, keeping ticks. A tokenizer opened since is ticked: the one a user
        just opened is the one to compare, so when that makes too many, the longest-ticked
        ones make room (the first fill ticks the first ``MAX_COMPARED``)."""
        known = {self.picker.item(i).text(): self.picker.item(i).checkState()
                 for i in range(self.picker.count())}
        checked = Qt.CheckState.Checked
        new = [label for label in labels if label not in known]
        if known:
            states = [known.get(label, checked) for label in labels]
            keep = set(new[-MAX_COMPARED:])  # more new ones than room: the last opened
            ticked = [i for i, label in enumerate(labels) if states[i] == checked]
            surplus = len(ticked) - MAX_COMPARED
            for i in [i for i in ticked if labels[i] not in new] + [
                    i for i in ticked if labels[i] in new and labels[i] not in keep]:
                if surplus <= 0:
                    break
                states[i] = Qt.CheckState.Unchecked
                surplus -= 1
        else:
            states = [checked if i < MAX_COMPARED else Qt.CheckState.Unchecked
                      for i in range(len(labels))]
        self.picker.blockSignals(True)
        self.picker.clear()
        for label, state in zip(labels, states):
            item = QListWidgetItem(label)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(state)
            self.picker.addItem(item)
        self.picker.blockSignals(False)
        self.selection_changed.emit(self.selected())

    def selected(self) -> list[int]:
        return [i for i in range(self.picker.count())
                if self.picker.item(i).checkState() == Qt.CheckState.Checked][:MAX_COMPARED]

    def _on_picker_item_changed(self, item: QListWidgetItem) -> None:
        ticked = [i for i in range(self.picker.count())
                  if self.picker.item(i).checkState() == Qt.CheckState.Checked]
        if len(ticked) > MAX_COMPARED:
            self.picker.blockSignals(True)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.picker.blockSignals(False)
            self.hint.setText(self.tr("At most {n} side by side.", "", MAX_COMPARED).format(
                n=MAX_COMPARED))
            return
        self.hint.setText(self._tick_hint())
        self.selection_changed.emit(self.selected())

    def set_results(self, results: list[InspectResult],
                    compared: tuple[np.ndarray, list[np.ndarray]] | None = None) -> None:
        """Show ``results`` side by side; ``compared`` is their
        :func:`~core.encodings.boundaries.compare_boundaries` when a worker computed it already."""
        while len(self.columns) < len(results):
            column = CompareColumn()
            column.set_pieces(self.pieces)
            self.columns.append(column)
            self.columns_box.addWidget(column)
            for view in (column.text_view, column.chips):
                view.verticalScrollBar().valueChanged.connect(
                    lambda _value, source=column: self._on_column_scrolled(source))
        differing, marks = compared or compare_boundaries([r.encoding for r in results])
        self.differing = differing
        for column, result, marked in zip(self.columns, results, marks):
            column.set_result(result, marked if len(results) > 1 else None)
            column.show()
        for column in self.columns[len(results):]:
            column.hide()
        self.legend.setVisible(len(differing) > 0)

    def set_pieces(self, on: bool) -> None:
        """Show every column's tokens as piece chips (or as bands on the text)."""
        self.pieces = on
        for column in self.columns:
            column.set_pieces(on)

    def _on_column_scrolled(self, source: CompareColumn) -> None:
        """Scroll the other columns to the place in the text the source column shows at its top."""
        if self._syncing:
            return
        bar = source.token_view.verticalScrollBar()
        offset = 0 if bar.value() == 0 else source.top_byte()
        if offset is None:
            return
        self._syncing = True
        try:
            for column in self.columns:
                if column is not source and column.isVisible():
                    column.scroll_to_byte(offset)
        finally:
            self._syncing = False
