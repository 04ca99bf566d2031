"""A row of controls that wraps onto more lines when the window is narrow, instead of making
the window's minimum width the whole row's: the screen-size half of issue #25.

On one line it lays out as the ``QHBoxLayout`` it replaces (stretch factors and
``addStretch`` spacers share the spare room); when its items do not fit, the next ones move
to a new line, each line sharing its own spare room::

    row = QHBoxLayout(); row.addWidget(QLabel("Tokenizer")); row.addWidget(box, 1) ...
    layout.addLayout(wrapping(row))      # the same row, wrapping
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QBoxLayout, QLayout, QLayoutItem, QStyle

SPACING = 6  # between items and lines when the layout has no spacing of its own


class WrappingRow(QLayout):
    """Items left to right, wrapping to a new line where the next does not fit."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self._stretch: list[int] = []

    # -- QLayout's interface -------------------------------------------------------------
    def addItem(self, item: QLayoutItem) -> None:
        self.add(item, 0)

    def add(self, item: QLayoutItem, stretch: int) -> None:
        self._items.append(item)
        self._stretch.append(stretch)
        self.invalidate()

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:
        if 0 <= index < len(self._items):
            self._stretch.pop(index)
            return self._items.pop(index)
        return None

    def expandingDirections(self) -> Qt.Orientation:
        return Qt.Orientation.Horizontal

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:
        """All on one line."""
        shown = self._shown()
        width = sum(item.sizeHint().width() for item, _ in shown)
        width += self._gap() * max(len(shown) - 1, 0)
        height = max((item.sizeHint().height() for item, _ in shown), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    def minimumSize(self) -> QSize:
        """As wide as its widest item: the rest wraps."""
        shown = self._shown()
        width = max((item.minimumSize().width() for item, _ in shown), default=0)
        height = max((item.minimumSize().height() for item, _ in shown), default=0)
        margins = self.contentsMargins()
        return QSize(width + margins.left() + margins.right(),
                     height + margins.top() + margins.bottom())

    # -- arranging -----------------------------------------------------------------------
    def _gap(self) -> int:
        spacing = self.spacing()
        if spacing >= 0:
            return spacing
        widget = self.parentWidget()
        if widget is not None:
            metric = widget.style().pixelMetric(QStyle.PixelMetric.PM_LayoutHorizontalSpacing)
            if metric >= 0:
                return metric
        return SPACING

    def _shown(self) -> list[tuple[QLayoutItem, int]]:
        return [(item, stretch) for item, stretch in zip(self._items, self._stretch)
                if not item.isEmpty() or item.spacerItem() is not None]

    def _arrange(self, rect: QRect, *, move: bool) -> int:
        """Place the items in ``rect`` (when ``move``); return the height they take."""
        margins = self.contentsMargins()
        area = rect.adjusted(margins.left(), margins.top(), -margins.right(), -margins.bottom())
        gap = self._gap()
        lines: list[list[tuple[QLayoutItem, int]]] = [[]]
        used = 0
        for item, stretch in self._shown():
            width = 0 if item.spacerItem() is not None else item.sizeHint().width()
            if lines[-1] and used + gap + width > area.width():
                if item.spacerItem() is not None:
                    continue  # a spacer never starts a line
                lines.append([])
                used = 0
            used += (gap if lines[-1] else 0) + width
            lines[-1].append((item, stretch))
        y = area.top()
        for line in lines:
            if not line:
                continue
            y += self._place_line(line, area, y, gap, move) + gap
        return y - gap - area.top() + margins.top() + margins.bottom()

    def _place_line(self, line, area: QRect, y: int, gap: int, move: bool) -> int:
        widths = [0 if item.spacerItem() is not None else item.sizeHint().width()
                  for item, _ in line]
        spare = area.width() - sum(widths) - gap * (len(line) - 1)
        total = sum(stretch for _, stretch in line)
        if spare > 0 and total > 0:
            for index, (item, stretch) in enumerate(line):
                room = item.maximumSize().width() - widths[index]
                widths[index] += min(spare * stretch // total, max(room, 0))
        height = max(item.sizeHint().height() for item, _ in line)
        if move:
            x = area.left()
            for (item, _), width in zip(line, widths):
                hint = min(item.sizeHint().height(), height)
                top = y + (height - hint) // 2
                item.setGeometry(QRect(QPoint(x, top), QSize(max(width, 0), hint)))
                x += width + gap
        return height


def wrapping(row: QBoxLayout) -> WrappingRow:
    """A :class:`WrappingRow` holding ``row``'s items (widgets, spacers, inner layouts) with
    their stretch factors; ``row`` is left empty."""
    wrapped = WrappingRow()
    wrapped.setContentsMargins(row.contentsMargins())
    if row.spacing() >= 0:
        wrapped.setSpacing(row.spacing())
    stretches = [row.stretch(index) for index in range(row.count())]
    items = [row.takeAt(0) for _ in range(row.count())]
    for item, stretch in zip(items, stretches):
        inner = item.layout()
        if inner is not None:
            inner.setParent(None)
            wrapped.addChildLayout(inner)
        if item.widget() is not None:
            wrapped.addChildWidget(item.widget())
        wrapped.add(item, stretch)
    return wrapped
