"""``CompareView``: up to four tokenizers side by side on the same text."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QFrame, QHBoxLayout, QLabel, QListWidget, QListWidgetItem,
                               QSplitter, QVBoxLayout, QWidget)

from app.widgets.token_view import TokenChipsView
from core.inspect import InspectResult

MAX_COMPARED = 4


class CompareColumn(QFrame):
    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.title = QLabel()
        self.title.setTextFormat(Qt.TextFormat.RichText)
        self.title.setWordWrap(True)
        self.chips = TokenChipsView()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.title)
        layout.addWidget(self.chips, 1)

    def set_result(self, result: InspectResult) -> None:
        stats = result.stats
        trip = "round-trips" if result.round_trip.ok else "does not round-trip"
        self.title.setText(
            f"<b>{result.runtime.name}</b> <span style='color:#666'>{result.runtime.source_format}"
            f"</span><br><b>{int(stats['tokens']):,}</b> tokens · "
            f"{stats['bytes_per_token']:.2f} bytes/token · {stats['tokens_per_char']:.3f} "
            f"tokens/char · {trip}")
        self.chips.set_encoding(result.encoding)


class CompareView(QWidget):
    """Signals:
        selection_changed(list): indexes (in the session) of the tokenizers to compare.
    """

    selection_changed = Signal(list)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.picker = QListWidget()
        self.picker.setMaximumWidth(230)
        self.hint = QLabel(f"Tick up to {MAX_COMPARED} tokenizers.")
        self.hint.setWordWrap(True)
        left = QVBoxLayout()
        left.addWidget(QLabel("<b>Compare</b>"))
        left.addWidget(self.picker, 1)
        left.addWidget(self.hint)
        self.columns_box = QSplitter(Qt.Orientation.Horizontal)
        self.columns: list[CompareColumn] = []
        layout = QHBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(left)
        layout.addWidget(self.columns_box, 1)
        self.picker.itemChanged.connect(self._on_picker_item_changed)

    def set_tokenizers(self, labels: list[str]) -> None:
        """Refill the picker, keeping ticks; a newly opened tokenizer is ticked while there is room."""
        known = {self.picker.item(i).text(): self.picker.item(i).checkState()
                 for i in range(self.picker.count())}
        self.picker.blockSignals(True)
        self.picker.clear()
        ticked = 0
        for label in labels:
            state = known.get(label)
            if state is None:
                state = Qt.CheckState.Checked if ticked < MAX_COMPARED else Qt.CheckState.Unchecked
            if state == Qt.CheckState.Checked:
                if ticked >= MAX_COMPARED:
                    state = Qt.CheckState.Unchecked
                else:
                    ticked += 1
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
            self.hint.setText(f"At most {MAX_COMPARED} side by side.")
            return
        self.hint.setText(f"Tick up to {MAX_COMPARED} tokenizers.")
        self.selection_changed.emit(self.selected())

    def set_results(self, results: list[InspectResult]) -> None:
        while len(self.columns) < len(results):
            column = CompareColumn()
            self.columns.append(column)
            self.columns_box.addWidget(column)
        for column, result in zip(self.columns, results):
            column.set_result(result)
            column.show()
        for column in self.columns[len(results):]:
            column.hide()
