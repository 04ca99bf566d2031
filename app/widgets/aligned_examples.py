"""``AlignedExamplesView``: a diff's most changed texts, each shown twice as people read it —
the old tokenizer's tokens behind the first copy, the new one's behind the second — one over
the other, scrolled together, so the same characters sit one above the other. Tokens covering
no text (a BOS one side adds and the other does not) are pills over the line, where they stand,
so they never push one side's text out of line with the other's.

The examples are the rows :func:`core.diff.behaviour.token_rows` makes
(``[cp start, cp end, id, piece, byte start, byte end]`` per token).
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QListWidget, QSplitter, QVBoxLayout, QWidget

from app.widgets.token_text_view import TokenTextView
from core.encodings.encoding import Encoding, Flag


def example_encoding(text: str, rows: list) -> Encoding:
    """The tokens of one side of an example as an :class:`Encoding` over its text.

    >>> enc = example_encoding("ab", [[0, 1, 5, "a", 0, 1], [1, 2, 6, "b", 1, 2]])
    >>> enc.ids.tolist(), enc.byte_ends.tolist()
    ([5, 6], [1, 2])
    """
    data = text.encode("utf-8", "surrogatepass")
    return Encoding.build(
        text, ids=[r[2] for r in rows], byte_starts=[r[4] for r in rows],
        byte_ends=[r[5] for r in rows], pieces=[r[3] for r in rows],
        token_bytes=[data[r[4]:r[5]] if r[5] > r[4] else r[3].encode("utf-8") for r in rows],
        flags=[int(Flag.INSERTED) if r[5] == r[4] else 0 for r in rows])


class AlignedExamplesView(QWidget):
    """A list of examples; the one picked shown old over new."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.picker = QListWidget()
        self.picker.setAccessibleName(self.tr("Examples"))
        self.old_view, self.new_view = TokenTextView(), TokenTextView()
        for view in (self.old_view, self.new_view):
            # a BOS on one side only must not push that side's text: the same characters stay
            # one above the other (specials are pills in the lane over the line)
            view.pills_in_lane = True
        self.examples: list[dict] = []
        sides = QWidget()
        column = QVBoxLayout(sides)
        column.setContentsMargins(0, 0, 0, 0)
        for name, view in ((self.tr("A (old)"), self.old_view), (self.tr("B (new)"), self.new_view)):
            column.addWidget(QLabel(name))
            column.addWidget(view, 1)
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self.picker)
        split.addWidget(sides)
        split.setSizes([220, 700])
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(split)
        self.picker.currentRowChanged.connect(self._on_picker_row_changed)
        self._syncing = False
        for source, target in ((self.old_view, self.new_view), (self.new_view, self.old_view)):
            source.verticalScrollBar().valueChanged.connect(
                lambda value, s=source, t=target: self._on_scrolled(s, t))

    def set_examples(self, examples: list[dict]) -> None:
        """Show ``examples`` (``bucket``, ``text``, ``old`` and ``new`` token rows each)."""
        self.examples = list(examples)
        self.picker.clear()
        for example in self.examples:
            first = example["text"].split("\n", 1)[0]
            self.picker.addItem(f"{example['bucket']} · {first[:60]}")
        if self.examples:
            self.picker.setCurrentRow(0)
        else:
            self.old_view.set_encoding(None)
            self.new_view.set_encoding(None)

    def _on_picker_row_changed(self, row: int) -> None:
        if not 0 <= row < len(self.examples):
            return
        example = self.examples[row]
        self.old_view.set_encoding(example_encoding(example["text"], example["old"]))
        self.new_view.set_encoding(example_encoding(example["text"], example["new"]))

    def _on_scrolled(self, source: TokenTextView, target: TokenTextView) -> None:
        """The other side shows the same place in the text."""
        if self._syncing:
            return
        self._syncing = True
        try:
            top = source.top_byte()
            if top is not None:
                target.scroll_to_byte(top)
        finally:
            self._syncing = False
