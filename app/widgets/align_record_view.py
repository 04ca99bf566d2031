"""``RecordView``: one annotated record as people read it — the text laid out once, shaped
(:class:`~app.widgets.token_text_view.TokenTextView`: Indic conjuncts, Arabic, Thai and emoji
families stay whole), the tokenizer's tokens as bands behind it, and the annotator's spans as
coloured lines under it.

Each span is a line in its label's colour under the characters it covers (spans that overlap
stack), the selected one thicker. A span end that falls inside a token (not aligned) has a red
triangle under it; one that falls inside a grapheme (between a letter and its vowel sign, inside
an emoji family) also has a red dashed line through the glyph, since no tokenizer can honour it.
Left/Right pick tokens as in every token view; Up/Down (or a click on a span's line) pick the
previous/next span (``span_selected``); hovering a span's line names it.

>>> # view.set_record("東京都に住む", [(0, 3, "LOC")], labels=["LOC"], encoding=enc,
>>> #                 bad_ends=[(0, "end")], selected=0)
"""

from __future__ import annotations

import numpy as np
from PySide6.QtCore import QPointF, QRectF, Qt, Signal
from PySide6.QtGui import QColor, QPainter, QPen, QPolygonF

from app.widgets.text_bands import byte_range_x
from app.widgets.token_text_view import PAD, SPLIT_COLOR, TokenTextView, reported
from core.encodings.encoding import Encoding
from core.text.offsets import TextIndex

PALETTE = ("#1f77b4", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22",
           "#ff7f0e", "#7f7f7f", "#393b79")
MISALIGNED = QColor("#d62728")
STRIPE = 3.0   # height of a span's line; the selected one is thicker
STEP = 6.0     # vertical distance between stacked spans' lines
TRIANGLE = 7.0


def label_color(label: str, labels: list[str]) -> QColor:
    """A stable colour per label (its place in the dataset's label list)."""
    index = labels.index(label) if label in labels else 0
    return QColor(PALETTE[index % len(PALETTE)])


def span_levels(spans: list[tuple[int, int, str]]) -> list[int]:
    """A stacking level per span: overlapping spans get different levels (greedy, in order of
    start), so each keeps a line of its own under the text.

    >>> span_levels([(0, 5, "A"), (2, 4, "B"), (5, 8, "C")])
    [0, 1, 0]
    """
    levels = [0] * len(spans)
    ends: list[int] = []  # per level, where its last span ends
    for k in sorted(range(len(spans)), key=lambda k: (spans[k][0], -spans[k][1])):
        start, end, _ = spans[k]
        level = next((n for n, e in enumerate(ends) if e <= start), len(ends))
        if level == len(ends):
            ends.append(end)
        else:
            ends[level] = end
        levels[k] = level
    return levels


def inside_grapheme(index: TextIndex, cp: int) -> bool:
    """Whether code point offset ``cp`` falls inside a grapheme (not on a boundary).

    >>> inside_grapheme(TextIndex("e\\u0301x"), 1), inside_grapheme(TextIndex("e\\u0301x"), 2)
    (True, False)
    """
    bounds = index.grapheme_cps
    k = int(np.searchsorted(bounds, cp))
    return not (k < len(bounds) and int(bounds[k]) == cp)


class RecordView(TokenTextView):
    """The text of one record, tokens as bands, spans as lines under it (module docstring).

    Signals (besides :class:`TokenTextView`'s): span_selected(int): the span picked from the
    keyboard or with the mouse.
    """

    span_selected = Signal(int)

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Record: tokens over the text, spans under it"))
        self.text = ""
        self.spans: list[tuple[int, int, str]] = []
        self.labels: list[str] = []
        self.bad_ends: list[tuple[int, str]] = []  # (span index, "start" / "end")
        self.selected = -1
        self._levels: list[int] = []
        self._byte_spans: list[tuple[int, int]] = []
        self._cut: set[tuple[int, str]] = set()  # span ends inside a grapheme
        self._span_rects: list[tuple[QRectF, int]] = []  # where spans were drawn (viewport)

    def set_record(self, text: str, spans, *, labels=(), encoding: Encoding | None = None,
                   bad_ends=(), selected: int = -1) -> None:
        """Show ``text`` with ``encoding``'s tokens and ``spans`` (code point offsets, end
        exclusive, label); ``bad_ends`` lists the span ends no token boundary meets."""
        self.text = text
        self.spans = [(int(s), int(e), str(label)) for s, e, label in spans]
        self.labels = list(labels)
        self.bad_ends = list(bad_ends)
        self.selected = selected
        self._levels = span_levels(self.spans)
        # room under each line for the stacked spans and the triangles under them
        self.below = self._level_count() * STEP + TRIANGLE + 4 if spans else 0.0
        if encoding is None or not text:
            self._byte_spans, self._cut = [], set()
            self.set_encoding(None)
            return
        index = encoding.index
        self._byte_spans = [(int(index.cp_bytes[s]), int(index.cp_bytes[e]))
                            for s, e, _ in self.spans]
        self._cut = {(k, which) for k, (s, e, _) in enumerate(self.spans)
                     for which, cp in (("start", s), ("end", e)) if inside_grapheme(index, cp)}
        self.set_encoding(encoding)
        if 0 <= selected < len(self.spans):
            self._scroll_to_byte(self._byte_spans[selected][0])

    def select_span(self, k: int) -> None:
        """Make span ``k`` the selected one (thicker), scrolled into view."""
        if not 0 <= k < len(self.spans) or k == self.selected:
            return
        self.selected = k
        if self.encoding is not None:
            self._scroll_to_byte(self._byte_spans[k][0])
        self.viewport().update()
        self.span_selected.emit(k)

    def cut_graphemes(self) -> set[tuple[int, str]]:
        """The span ends that fall inside a grapheme: ``(span, "start" / "end")``."""
        return set(self._cut)

    # -- where spans are drawn --------------------------------------------------------------
    def span_pieces(self) -> list[tuple[int, float, float, float]]:
        """``(span, x0, x1, y)`` of every piece of a span's line on screen (a span over two
        lines, or crossing right-to-left text, has several); ``y`` is the top of its line."""
        out = []
        for k, top in self.visible_paragraphs():
            for visual in self.paragraph_layout(k).lines:
                bottom = top + visual.top + visual.height + PAD / 2
                texts = [c for c in visual.clusters if c.token < 0 and c.end > c.start]
                for n, (s, e) in enumerate(self._byte_spans):
                    xs = sorted(byte_range_x(c, s, e) for c in texts if c.start < e and c.end > s)
                    merged: list[list[float]] = []
                    for x0, x1 in xs:  # touching pieces are one line
                        if merged and x0 - merged[-1][1] < 0.5:
                            merged[-1][1] = max(merged[-1][1], x1)
                        else:
                            merged.append([x0, x1])
                    y = bottom + 2 + self._levels[n] * STEP
                    out += [(n, x0, x1, y) for x0, x1 in merged]
        return out

    def end_x(self, k: int, which: str) -> tuple[float, float] | None:
        """Where span ``k``'s start or end is drawn: ``(x, y of its line)``, or None off screen.
        In right-to-left text a span starts on the right."""
        s, e = self._byte_spans[k]
        byte = s if which == "start" else e
        for p, top in self.visible_paragraphs():
            for visual in self.paragraph_layout(p).lines:
                bottom = top + visual.top + visual.height + PAD / 2
                for c in visual.clusters:
                    if c.token >= 0 or c.end <= c.start:
                        continue
                    inside = c.start <= byte < c.end if which == "start" else \
                        c.start < byte <= c.end
                    if inside:
                        x0, x1 = byte_range_x(c, byte, byte)
                        return x0, bottom + 2 + self._levels[k] * STEP
        return None

    # -- painting ---------------------------------------------------------------------------
    @reported
    def paintEvent(self, event) -> None:
        super().paintEvent(event)
        if self.encoding is None or not self.spans:
            return
        painter = QPainter(self.viewport())
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        self._span_rects = []
        for k, x0, x1, y in self.span_pieces():
            thick = STRIPE + 2 if k == self.selected else STRIPE
            rect = QRectF(x0, y, max(x1 - x0, 2.0), thick)
            painter.fillRect(rect, label_color(self.spans[k][2], self.labels))
            self._span_rects.append((rect.adjusted(0, -1, 0, 2), k))
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(MISALIGNED)
        for k, which in self.bad_ends:
            if not 0 <= k < len(self.spans):
                continue
            place = self.end_x(k, which)
            if place is None:
                continue
            x, y = place
            y += (self._level_count() - self._levels[k]) * STEP + 1  # under every span's line
            painter.drawPolygon(QPolygonF([QPointF(x, y), QPointF(x - 4.5, y + TRIANGLE),
                                           QPointF(x + 4.5, y + TRIANGLE)]))
        painter.setPen(QPen(SPLIT_COLOR, 1.5, Qt.PenStyle.DashLine))
        for k, which in sorted(self._cut):
            place = self.end_x(k, which)
            if place is not None:
                x, y = place
                painter.drawLine(QPointF(x, y - self._line_extent()), QPointF(x, y + STRIPE))
        painter.end()

    def _level_count(self) -> int:
        """How many lines the spans stack under the text."""
        return max(self._levels, default=-1) + 1

    def _line_extent(self) -> float:
        """From a span's line up through the glyphs above it."""
        return self.fontMetrics().height() * 1.3 + PAD

    # -- keyboard, mouse, hover -------------------------------------------------------------
    def span_at(self, point) -> int:
        """The span whose line is under a viewport point (as last painted), -1 when none."""
        return next((k for rect, k in self._span_rects if rect.contains(point)), -1)

    @reported
    def keyPressEvent(self, event) -> None:
        if event.key() in (Qt.Key.Key_Up, Qt.Key.Key_Down) and self.spans:
            step = 1 if event.key() == Qt.Key.Key_Down else -1
            self.select_span(min(max(self.selected + step, 0), len(self.spans) - 1))
            return
        super().keyPressEvent(event)

    @reported
    def mousePressEvent(self, event) -> None:
        k = self.span_at(event.position())
        if k >= 0 and event.button() == Qt.MouseButton.LeftButton:
            self.select_span(k)
            return
        super().mousePressEvent(event)

    def tooltip_at(self, point) -> str:
        k = self.span_at(point)
        if k < 0:
            return super().tooltip_at(point)
        start, end, label = self.spans[k]
        lines = [self.tr("{label} [{start}, {end}) “{text}”").format(
            label=label, start=start, end=end, text=self.text[start:end])]
        ends = {which for n, which in self.bad_ends if n == k}
        names = {"start": self.tr("its start falls inside a token"),
                 "end": self.tr("its end falls inside a token")}
        lines += [names[which] for which in ("start", "end") if which in ends]
        cut = {which for n, which in self._cut if n == k}
        if cut:
            lines.append(self.tr("an end falls inside a grapheme (a letter with its marks, an "
                                 "emoji): no token boundary can be there"))
        return "\n".join(lines)
