"""``ShareBarDelegate``: a table cell showing a share (0..1) as a percentage over a bar."""

from __future__ import annotations

from PySide6.QtCore import QRectF, Qt
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QStyle, QStyledItemDelegate

SHARE_ROLE = Qt.ItemDataRole.UserRole + 1
GOOD, BAD = QColor("#2ca02c"), QColor("#d62728")


def bar_color(share: float) -> QColor:
    """Red at 0, amber half-way, green at 1 (light, so the text stays readable)."""
    share = min(max(share, 0.0), 1.0)
    r = int(BAD.red() + (GOOD.red() - BAD.red()) * share)
    g = int(BAD.green() + (GOOD.green() - BAD.green()) * share)
    b = int(BAD.blue() + (GOOD.blue() - BAD.blue()) * share)
    return QColor(r, g, b, 90)


class ShareBarDelegate(QStyledItemDelegate):
    """Paints the share stored under ``SHARE_ROLE`` as a bar behind the cell's text."""

    def paint(self, painter, option, index) -> None:
        share = index.data(SHARE_ROLE)
        if share is None:
            super().paint(painter, option, index)
            return
        painter.save()
        if option.state & QStyle.StateFlag.State_Selected:
            painter.fillRect(option.rect, option.palette.highlight())
        rect = QRectF(option.rect).adjusted(2, 3, -2, -3)
        painter.fillRect(QRectF(rect.x(), rect.y(), rect.width() * min(max(share, 0.0), 1.0),
                                rect.height()), bar_color(share))
        painter.setPen(option.palette.text().color())
        painter.drawText(rect.adjusted(0, 0, -4, 0),
                         Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter,
                         index.data(Qt.ItemDataRole.DisplayRole) or "")
        painter.restore()
