"""``TokenTextView``: the original text as people read it, with every token a coloured band
behind its glyphs.

The text is laid out once per line by Qt (``QTextLayout``: shaping, font fallback, bidi), so a
vowel sign stays on its letter, Arabic stays joined and an emoji family stays a face. Each
token's bytes get the band behind the glyphs that draw them; a thin line marks where one token
meets the next. A character that byte-level tokens split (a CJK character, an emoji) is drawn
once and its tokens' bands divide its width by their share of its bytes (geometry in
:mod:`app.widgets.text_bands`). Whitespace and invisible characters keep visible glyphs
(SPEC §2, the glyphs of :func:`core.text.offsets.visible_text`): spaces and tabs inside their own width,
zero-width ones (joiners, bidi controls, variation selectors) as a tick and a label in a lane
over the line, since replacing them would change the shaping. Tokens covering no text (a BOS,
a pair's second text) are small pills where they stand.

Only visible paragraphs are laid out (cached), so a 1.5 MB text costs a few milliseconds at a
time. The interface is the chips view's (``TokenChipsView``): ``set_encoding``, ``highlight``,
``token_hovered``/``token_clicked``/``drawn``; copying gives the original text.

Signals:
    token_hovered(int): index of the token under the mouse, -1 when none.
    token_clicked(int): index of the clicked token.
    drawn(): the encoding set is ready to be painted.
"""

from __future__ import annotations

import functools
import sys
import time
import unicodedata
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Callable

import numpy as np
from PySide6.QtCore import QEvent, QPointF, QRectF, Qt, QTimer, Signal
from PySide6.QtGui import (QAction, QColor, QFont, QFontMetricsF, QGuiApplication, QKeySequence,
                           QPainter, QPainterPath, QPalette, QPen, QTextCharFormat, QTextLayout,
                           QTextOption)
from PySide6.QtWidgets import QAbstractScrollArea, QMenu, QToolTip

from app.widgets.text_bands import (Cluster, Glyph, LaidText, Segment, SpanLookup, bands_of,
                                    boundaries_of, byte_range_x, clusters_from_glyphs,
                                    layout_text, paragraph_spans, replaced_in_layout,
                                    segments_of, string_indexes_trusted, token_at)
from app.widgets.token_view import (DIFFERENCE_MARK, FLAG_CHIP, PALETTE, SECOND_SHADES,
                                    _release_clipboard_at_exit)
from core.encodings.encoding import Encoding, Flag
from core.encodings.export import original_text
from core.text.offsets import TextIndex, hex_bytes, invisible_chars, visible_text
from core.encodings.token_cover import split_grapheme_spans

MARGIN = 6.0        # left and right of the text
PAD = 4.0           # above and below each line; its band takes half of it
CACHE_SIZE = 400    # paragraph layouts kept
SLACK = 3.0         # pixels around a zero-wide mark that still hit it
# GUI-thread time one paint may spend laying out paragraphs; the rest is laid out in the next
# paints (a screen of mixed-script lines asked grapheme by grapheme can take tens of ms)
LAYOUT_BUDGET = 0.012
MARKER_COLOR = QColor("#7b3fb0")   # invisible characters' glyphs and ticks
SPLIT_COLOR = QColor("#d32f2f")    # outline of a grapheme no token holds whole
HIGHLIGHT = QColor("#2f6fd6")
INSERTED, SECOND = int(Flag.INSERTED), int(Flag.SECOND)  # plain ints: an IntFlag
# operation per token costs microseconds in a paint
POSITION_FLAGS = (QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes
                  | QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphPositions)
GLYPH_FLAGS = POSITION_FLAGS | QTextLayout.GlyphRunRetrievalFlag.RetrieveStringIndexes


def reported(handler):
    """An event handler whose exceptions go to ``sys.excepthook`` (the app shows them) rather
    than back into Qt: one escaping a Python override crashes PySide 6.10 (shiboken reads the
    error's arguments from freed memory)."""
    @functools.wraps(handler)
    def guarded(self, *args):
        try:
            return handler(self, *args)
        except Exception:
            sys.excepthook(*sys.exc_info())
    return guarded


def band_color(flags: int, i: int) -> QColor:
    """The band colour of token ``i`` (the chips' colours: one look for both views)."""
    return _band_color(int(flags), i % (2 * len(PALETTE)))


@functools.lru_cache(maxsize=4096)
def _band_color(flags: int, slot: int) -> QColor:
    flag = next((f for f in FLAG_CHIP if flags & f), None)
    if flag == Flag.SECOND:
        return SECOND_SHADES[slot % 2]
    if flag is not None:
        return FLAG_CHIP[flag]
    return PALETTE[slot % len(PALETTE)]


def paragraph_is_rtl(text: str) -> bool:
    """The paragraph's direction from its first strong character (Unicode bidi rules P2-P3)."""
    for char in text:
        kind = unicodedata.bidirectional(char)
        if kind == "L":
            return False
        if kind in ("R", "AL"):
            return True
    return False


def _zero_width(char: str) -> bool:
    """Invisible characters with no width of their own: marked in the lane over the line."""
    return unicodedata.category(char) in ("Cf", "Mn", "Me")


def line_glyphs(layout: QTextLayout, line) -> list[Glyph]:
    """The glyphs of one laid-out line, each tagged with the first text unit of its cluster.

    One call gives every glyph with its string index, when those can be believed
    (:func:`~app.widgets.text_bands.string_indexes_trusted`); otherwise the line is asked one
    grapheme (Qt cursor position) at a time, and graphemes drawn by the same glyphs (a ligature,
    a Burmese medial wrapped around its consonant) make one cluster.
    """
    start, end = line.textStart(), line.textStart() + line.textLength()
    runs = line.glyphRuns(-1, -1, GLYPH_FLAGS)
    indexes = [list(run.stringIndexes()) for run in runs]
    if string_indexes_trusted([(run.isRightToLeft(), ix) for run, ix in zip(runs, indexes)],
                              start, end):
        glyphs = []
        for run, units in zip(runs, indexes):
            advances = run.rawFont().advancesForGlyphIndexes(run.glyphIndexes())
            glyphs += [Glyph(unit, pos.x(), adv.x(), False)
                       for unit, pos, adv in zip(units, run.positions(), advances)]
        return glyphs
    bounds = [p for p in range(start, end + 1)
              if p in (start, end) or layout.isValidCursorPosition(p)]
    groups: list[tuple[int, set, list[Glyph]]] = []
    for a, b in zip(bounds, bounds[1:]):
        keys, glyphs = [], []
        for run in line.glyphRuns(a, b - a, POSITION_FLAGS):
            rtl = run.isRightToLeft()
            advances = run.rawFont().advancesForGlyphIndexes(run.glyphIndexes())
            for index, pos, adv in zip(run.glyphIndexes(), run.positions(), advances):
                keys.append((index, round(pos.x(), 2), round(pos.y(), 2)))
                glyphs.append(Glyph(a, pos.x(), adv.x(), rtl))
        if groups and not groups[-1][1].isdisjoint(keys):  # the same glyphs: one cluster
            first, seen, kept = groups[-1]
            kept += [Glyph(first, g.x, g.advance, g.rtl) for g, key in zip(glyphs, keys)
                     if key not in seen]
            seen.update(keys)
        elif glyphs:
            groups.append((a, set(keys), glyphs))
    return [g for _, _, glyphs in groups for g in glyphs]


@dataclass
class Marker:
    """The glyph of an invisible character at ``x0``..``x1`` (zero-wide: a tick in the lane)."""

    x0: float
    x1: float
    label: str
    inline: bool


@dataclass
class VisualLine:
    """One line on screen of a paragraph: band from ``top`` (paragraph coordinates) for
    ``height``; ``text_line`` is the ``QTextLine`` index (-1: a row holding only end marks)."""

    top: float
    height: float
    text_line: int
    clusters: list[Cluster]
    segments: list[Segment]
    markers: list[Marker] = field(default_factory=list)
    labels: dict[int, str] = field(default_factory=dict)  # cluster -> text drawn in it
    split: list[tuple[float, float]] = field(default_factory=list)
    pills: list[tuple[float, float, int]] = field(default_factory=list)  # in the lane, as drawn


@dataclass
class ParagraphLayout:
    layout: QTextLayout
    lines: list[VisualLine]
    height: float
    lane: float  # height of the marker lane over each line (0: none)
    laid: LaidText  # the string laid out and its map back to the original bytes


class TokenTextView(QAbstractScrollArea):
    """The text, shaped, with the tokens as bands behind it (see the module docstring)."""

    token_hovered = Signal(int)
    token_clicked = Signal(int)
    drawn = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setAccessibleName(self.tr("Tokens over the text"))
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.viewport().setMouseTracking(True)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.setFont(font)
        self.encoding: Encoding | None = None
        self.marked: np.ndarray | None = None
        self.shown = 0
        self.outline_split = False
        # said while there is no token to show (#25: a blank view looks broken); set by the
        # view's owner, who knows what fills it
        self.placeholder = ""
        self.describe: Callable[[int], str] | None = None  # a token's tooltip (else built here)
        # views built on this one: a token's band colour (else by flags and index), tokens
        # underlined (with ``underline_color``) and tokens outlined together (a check's tokens)
        self.color_of: Callable[[int], QColor] | None = None
        self.underlined: np.ndarray | None = None
        self.underline_color = QColor("#2e7d32")
        self.outlined: set[int] = set()
        # tokens covering no text (a BOS) as pills in the lane over the line rather than in it:
        # the text does not move, so two tokenizations of one text stay aligned (Diff)
        self.pills_in_lane = False
        self.below = 0.0  # extra room under each line (views drawing marks there: Align)
        self._spans: SpanLookup | None = None
        self._starts = self._ends = self._nexts = np.zeros(0, dtype=np.int64)
        self._heights = np.zeros(0)
        self._tops = np.zeros(1)
        self._tops_stale = False
        self._pending = False
        self._cache: OrderedDict[int, ParagraphLayout] = OrderedDict()
        self._width = 0.0
        self._hovered = -1
        self._highlighted = -1
        self._anchor: int | None = None
        self._selection: tuple[int, int] | None = None
        self._build_actions()

    def _build_actions(self) -> None:
        self.copy_action = QAction(self.tr("Copy the text"), self)
        self.copy_action.setShortcut(QKeySequence.StandardKey.Copy)
        self.copy_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_action.triggered.connect(self.copy)
        self.select_all_action = QAction(self.tr("Select all"), self)
        self.select_all_action.setShortcut(QKeySequence.StandardKey.SelectAll)
        self.select_all_action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.select_all_action.triggered.connect(self.selectAll)
        self.addActions([self.copy_action, self.select_all_action])

    # -- the interface shared with TokenChipsView -------------------------------------------
    @property
    def drawing(self) -> bool:
        """True while paragraphs on screen still wait for their layout (a paint's time is
        boxed: the rest come in the next paints)."""
        return self._pending and self.isVisible()

    def set_encoding(self, enc: Encoding | None, limit: int | None = None,
                     marked: np.ndarray | None = None) -> None:
        """Show ``enc`` (all of it: ``limit`` is the chips view's and is not needed here);
        tokens where ``marked`` is true get a red wavy line under their band (compare: a
        boundary the other tokenizers lack)."""
        self.encoding = enc
        self.marked = marked
        self.shown = 0 if enc is None else len(enc)
        self._cache.clear()
        self._hovered = self._highlighted = -1
        self._anchor = self._selection = None
        self._pending = enc is not None and len(enc.text) > 0
        if enc is None:
            self._spans = None
            self._starts = self._ends = self._nexts = np.zeros(0, dtype=np.int64)
        else:
            self._spans = SpanLookup(enc.byte_starts, enc.byte_ends)
            self._starts, self._ends, self._nexts = paragraph_spans(enc.index.data)
        self._estimate_heights()
        self.verticalScrollBar().setValue(0)
        self.viewport().update()
        QTimer.singleShot(0, self, self.drawn.emit)

    def show_more(self, count: int) -> None:
        """Nothing to do: every token is shown (the chips view draws a limited number)."""

    def set_outline_split(self, on: bool) -> None:
        """Outline the graphemes that a token boundary cuts (or stop)."""
        self.outline_split = on
        self.viewport().update()

    def highlight(self, i: int) -> None:
        """Outline token ``i``'s band and scroll it into view (-1 clears)."""
        enc = self.encoding
        self._highlighted = i if enc is not None and 0 <= i < len(enc) else -1
        if self._highlighted >= 0:
            self._scroll_to_byte(int(enc.byte_starts[i]))
        self.viewport().update()

    def top_byte(self) -> int | None:
        """Byte offset (on the text) of the line at the top of the view."""
        if self.encoding is None or not len(self._heights):
            return None
        self._settle_tops()
        scroll = self.verticalScrollBar().value()
        k = self._paragraph_at(scroll)
        para = self.paragraph_layout(k)
        inside = scroll - self._tops[k]
        line = next((ln for ln in para.lines if ln.top + ln.height > inside), para.lines[-1])
        text = [c.start for c in line.clusters if c.token < 0]
        return min(text) if text else int(self._starts[k])

    def scroll_to_byte(self, offset: int) -> None:
        """Scroll so the line holding byte ``offset`` of the text is at the top."""
        if self.encoding is None or not len(self._heights):
            return
        k = min(int(np.searchsorted(self._nexts, offset, side="right")), len(self._heights) - 1)
        para = self.paragraph_layout(k)
        self._settle_tops()
        line = next((ln for ln in para.lines
                     if any(c.start <= offset < c.end for c in ln.clusters)), para.lines[0])
        self.verticalScrollBar().setValue(int(self._tops[k] + line.top - para.lane - PAD))

    # -- copying ---------------------------------------------------------------------------
    def selectAll(self) -> None:
        if self.encoding is not None:
            self._selection = (0, len(self.encoding.index.data))
            self.viewport().update()

    def selected_text(self) -> str | None:
        """The original text selected (whole characters), None when nothing is."""
        if self.encoding is None or self._selection is None:
            return None
        start, end = self._selection
        if end <= start:
            return None
        return original_text(self.encoding.index.data, start, end)

    def copy(self) -> None:
        text = self.selected_text()
        if text is not None:
            _release_clipboard_at_exit()
            QGuiApplication.clipboard().setText(text)

    # -- geometry --------------------------------------------------------------------------
    def _available_width(self) -> float:
        return max(60.0, self.viewport().width() - 2 * MARGIN)

    def _line_height(self) -> float:
        return QFontMetricsF(self.font()).height() * 1.3 + 2 * PAD + self.below

    def _estimate_heights(self) -> None:
        """Heights of paragraphs not laid out yet, from their length: exact once painted."""
        self._width = self._available_width()
        if self.encoding is None:
            self._heights = np.zeros(0)
        else:
            data = self.encoding.index.data
            chars_per_byte = len(self.encoding.text) / max(1, len(data))
            advance = QFontMetricsF(self.font()).averageCharWidth() * 1.2
            chars = (self._nexts - self._starts) * chars_per_byte
            lines = np.maximum(1, np.ceil(chars * advance / self._width))
            self._heights = lines * self._line_height()
        self._update_tops()

    def _update_tops(self) -> None:
        self._tops = np.concatenate([[0.0], np.cumsum(self._heights)])
        bar = self.verticalScrollBar()
        page = self.viewport().height()
        bar.setPageStep(page)
        bar.setSingleStep(int(self._line_height()))
        bar.setRange(0, max(0, int(self._tops[-1] - page + PAD)))

    @reported
    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if abs(self._available_width() - self._width) > 0.5:
            self._cache.clear()
            self._estimate_heights()
        else:
            self._update_tops()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange and hasattr(self, "_cache"):
            self._cache.clear()
            self._estimate_heights()

    def _paragraph_at(self, y: float) -> int:
        k = int(np.searchsorted(self._tops, y, side="right")) - 1
        return min(max(k, 0), len(self._heights) - 1)

    def _scroll_to_byte(self, byte: int) -> None:
        k = int(np.searchsorted(self._nexts, byte, side="right"))
        k = min(k, len(self._heights) - 1)
        if k < 0:
            return
        para = self.paragraph_layout(k)
        top = self._tops[k]
        line = next((ln for ln in para.lines if any(c.start <= byte < max(c.end, c.start + 1)
                                                    for c in ln.clusters)), para.lines[0])
        y0, y1 = top + line.top - para.lane, top + line.top + line.height
        bar = self.verticalScrollBar()
        if y0 < bar.value():
            bar.setValue(int(y0))
        elif y1 > bar.value() + self.viewport().height():
            bar.setValue(int(y1 - self.viewport().height()) + 1)

    # -- laying out a paragraph ------------------------------------------------------------
    def paragraph_layout(self, k: int) -> ParagraphLayout:
        """Paragraph ``k`` laid out (cached); its height corrects the estimate."""
        para = self._cache.get(k)
        if para is not None:
            self._cache.move_to_end(k)
            return para
        para = self._lay_out(k)
        self._cache[k] = para
        if len(self._cache) > CACHE_SIZE:
            self._cache.popitem(last=False)
        if abs(self._heights[k] - para.height) > 0.5:
            self._heights[k] = para.height
            self._tops_stale = True
        return para

    def _lay_out(self, k: int) -> ParagraphLayout:
        enc = self.encoding
        data = enc.index.data
        start, end, after = int(self._starts[k]), int(self._ends[k]), int(self._nexts[k])
        last = k == len(self._starts) - 1
        text = data[start:end].decode("utf-8", "replace")
        invisibles = [(i, glyph) for i, glyph in invisible_chars(text)
                      if not unicodedata.category(text[i]).startswith("M") or i > 0]
        replaced = {i: glyph for i, glyph in invisibles if replaced_in_layout(text[i])}
        shown = layout_text(text, start, replaced)
        rtl = paragraph_is_rtl(text)
        spans = self._spans.narrowed(start, after)
        if self.pills_in_lane:  # every token covering no text named over the line, in place
            prefix, suffix_before = [], []
            middle = {t: min(spans.span(t)[0], end) for t in spans.empty_at(start, after)
                      if spans.span(t)[0] < after or last}
        else:
            prefix = [t for t in spans.empty_at(start, start)]
            middle = {t: spans.span(t)[0] for t in spans.empty_at(start, end)
                      if start < spans.span(t)[0] < end}
            suffix_before = [t for t in spans.empty_at(end, after)
                             if spans.span(t)[0] < after or (last and spans.span(t)[0] != start)]
        small = self._small_font()
        fm_small = QFontMetricsF(small)
        # with pills in the lane, every line has one: two views of one text keep lines level
        lane = fm_small.height() + 2 if self.pills_in_lane or middle or any(
            _zero_width(text[i]) for i, _ in invisibles if i not in replaced) else 0.0
        layout = QTextLayout(shown.text, self.font())
        option = QTextOption()
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        option.setTextDirection(Qt.LayoutDirection.RightToLeft if rtl
                                else Qt.LayoutDirection.LeftToRight)
        option.setAlignment((Qt.AlignmentFlag.AlignRight if rtl else Qt.AlignmentFlag.AlignLeft)
                            | Qt.AlignmentFlag.AlignAbsolute)
        layout.setTextOption(option)
        if shown.replaced:
            grey = QTextCharFormat()
            grey.setForeground(MARKER_COLOR)
            ranges = []
            for unit, length in shown.replaced:
                r = QTextLayout.FormatRange()
                r.start, r.length, r.format = unit, length, grey
                ranges.append(r)
            layout.setFormats(ranges)
        labels = {t: self._pill_label(t) for t in [*prefix, *middle, *suffix_before]}
        pill_width = {t: fm_small.horizontalAdvance(label) + 8 for t, label in labels.items()}
        prefix_width = sum(pill_width[t] for t in prefix) + (2 if prefix else 0)
        width = self._width
        lines: list[VisualLine] = []
        layout.beginLayout()
        y = 0.0
        while True:
            line = layout.createLine()
            if not line.isValid():
                break
            first = not lines
            line.setLineWidth(max(40.0, width - (prefix_width if first else 0)))
            x = MARGIN + (prefix_width if first and not rtl else 0)
            y += lane + PAD
            line.setPosition(QPointF(x, y))
            lines.append(VisualLine(y, line.height(), layout.lineCount() - 1, [], []))
            y += line.height() + PAD + self.below
        layout.endLayout()
        for visual in lines:
            self._fill_line(visual, layout.lineAt(visual.text_line), layout, shown, spans,
                            middle, labels)
        self._add_prefix(lines[0], prefix, labels, pill_width, rtl, start)
        y = self._add_suffix(lines, layout, suffix_before, labels, pill_width, rtl, end, after,
                             data, y, lane)
        for visual in lines:
            visual.segments = segments_of(visual.clusters, spans)
        self._mark_invisibles(lines, text, shown, invisibles, replaced, fm_small)
        self._mark_split(lines, text, start, spans)
        return ParagraphLayout(layout, lines, y, lane, shown)

    def _small_font(self) -> QFont:
        small = QFont(self.font())
        small.setPointSizeF(max(6.0, self.font().pointSizeF() * 0.62))
        return small

    def _pill_label(self, t: int) -> str:
        enc = self.encoding
        return enc.piece_at(t) if enc.flags[t] & INSERTED and not enc.flags[t] & SECOND \
            else enc.display_piece(t)

    def _fill_line(self, visual: VisualLine, line, layout: QTextLayout, shown, spans,
                   middle: dict[int, int], labels: dict[int, str]) -> None:
        """The line's clusters from its glyph runs, plus the inserted tokens inside it
        (``middle``: token -> the byte it stands at)."""
        glyphs = line_glyphs(layout, line)
        line_end = line.textStart() + line.textLength()
        right = line.naturalTextRect().right()
        clusters = clusters_from_glyphs(glyphs, shown.unit_starts, shown.unit_ends, line_end,
                                        right)
        if not clusters:  # an empty line: where the text would start
            x = line.naturalTextRect().left()
            first = line.textStart()
            byte = shown.unit_starts[first] if first < len(shown.unit_starts) else None
            if byte is not None:
                clusters = [Cluster(byte, byte, x, x)]
        text_clusters = list(clusters)
        for t, pos in middle.items():
            at = next((c for c in text_clusters if c.start == pos), None)
            before = next((c for c in text_clusters if c.end == pos), None)
            if at is None and before is None:
                continue
            x = ((at.x1 if at.rtl else at.x0) if at is not None
                 else (before.x0 if before.rtl else before.x1))
            clusters.append(Cluster(pos, pos, x, x, token=t))
            visual.labels[len(clusters) - 1] = labels[t]
        visual.clusters = clusters

    def _add_prefix(self, visual: VisualLine, prefix: list[int], labels, widths, rtl: bool,
                    start: int) -> None:
        """Tokens covering no text at the paragraph's start, as pills before its first line."""
        if not prefix:
            return
        x = MARGIN + (self._width - sum(widths[t] for t in prefix) if rtl else 0)
        for t in (reversed(prefix) if rtl else prefix):
            visual.clusters.append(Cluster(start, start, x, x + widths[t] - 2, rtl, t))
            visual.labels[len(visual.clusters) - 1] = labels[t]
            x += widths[t]

    def _add_suffix(self, lines: list[VisualLine], layout: QTextLayout, pills: list[int],
                    labels, widths, rtl: bool, end: int, after: int, data: bytes, y: float,
                    lane: float) -> float:
        """The line break (↵) and the tokens covering no text at the paragraph's end, after its
        last line, or on a row of their own when they do not fit; returns the new height."""
        items: list[tuple[int, int, float, str, int]] = []  # start, end, width, label, token
        fm = QFontMetricsF(self._small_font())
        for t in pills:
            items.append((end, end, widths[t], labels[t], t))
        if after > end:
            mark = visible_text(data[end:after].decode("utf-8", "replace"))
            items.append((end, after, fm.horizontalAdvance(mark) + 6, mark, -1))
        if not items:
            return y
        total = sum(item[2] for item in items) + 2
        visual = lines[-1]
        rect = layout.lineAt(visual.text_line).naturalTextRect()
        fits = (rect.right() + total <= MARGIN + self._width) if not rtl \
            else (rect.left() - total >= MARGIN)
        if not fits:
            y += lane + PAD
            height = QFontMetricsF(self.font()).height()
            visual = VisualLine(y, height, -1, [], [])
            lines.append(visual)
            y += height + PAD + self.below
            rect = QRectF(MARGIN + (self._width if rtl else 0), y, 0, height)
        x = rect.right() + 2 if not rtl else rect.left() - 2
        for start, stop, width, label, token in items:
            x0, x1 = (x, x + width) if not rtl else (x - width, x)
            visual.clusters.append(Cluster(start, stop, x0, x1 - (2 if token >= 0 else 0), rtl,
                                           token))
            visual.labels[len(visual.clusters) - 1] = label
            x = x1 if not rtl else x0
        return y

    def _mark_invisibles(self, lines: list[VisualLine], text: str, shown, invisibles,
                         replaced, fm_small: QFontMetricsF) -> None:
        """Where each invisible character kept in the text is, and how its glyph is drawn."""
        for i, glyph in invisibles:
            if i in replaced:
                continue  # laid out as its glyph already
            unit = shown.cp_units[i]
            start, end = shown.unit_starts[unit], shown.unit_ends[unit]
            for visual in lines:
                cluster = next((c for c in visual.clusters
                                if c.token < 0 and c.start <= start and end <= c.end
                                and c.end > c.start), None)
                if cluster is None:
                    continue
                x0, x1 = byte_range_x(cluster, start, end)
                wide = x1 - x0 >= 3 and not _zero_width(text[i])
                label = glyph if wide else glyph.strip("⟨⟩")
                visual.markers.append(Marker(x0, x1, label, wide))
                break

    def _mark_split(self, lines: list[VisualLine], text: str, start: int, spans) -> None:
        """The x-ranges of graphemes a token boundary cuts, line by line."""
        tokens = spans.tokens
        if not tokens or text.isascii() and "\r\n" not in text:
            return
        size = len(text.encode("utf-8"))  # tokens reaching into the next line stop at its end
        starts = np.array([spans.span(t)[0] for t in tokens], dtype=np.int64) - start
        ends = np.array([spans.span(t)[1] for t in tokens], dtype=np.int64) - start
        g_starts, g_ends = split_grapheme_spans(TextIndex(text), np.clip(starts, 0, size),
                                                np.clip(ends, 0, size))
        for g0, g1 in zip((g_starts + start).tolist(), (g_ends + start).tolist()):
            for visual in lines:
                xs = [byte_range_x(c, g0, g1) for c in visual.clusters
                      if c.token < 0 and c.start < g1 and c.end > g0]
                if xs:
                    visual.split.append((min(x for x, _ in xs), max(x for _, x in xs)))

    # -- painting --------------------------------------------------------------------------
    def visible_paragraphs(self, budget: float | None = None) -> list[tuple[int, float]]:
        """The paragraphs on screen with their top (viewport coordinates), laid out; with a
        ``budget`` (seconds), those laid out within it (``drawing`` says more are due)."""
        if self.encoding is None or not len(self._heights):
            return []
        self._settle_tops()
        scroll = self.verticalScrollBar().value()
        k = self._paragraph_at(scroll)
        y = self._tops[k] - scroll
        out = []
        deadline = None if budget is None else time.perf_counter() + budget
        self._pending = False
        while k < len(self._heights) and y < self.viewport().height():
            if deadline is not None and k not in self._cache and time.perf_counter() > deadline:
                self._pending = True
                QTimer.singleShot(0, self, self.viewport().update)
                break
            para = self.paragraph_layout(k)
            out.append((k, y))
            y += para.height
            k += 1
        self._settle_tops()
        return out

    def _settle_tops(self) -> None:
        """Paragraph tops again after layouts replaced estimated heights with real ones."""
        if self._tops_stale:
            self._tops_stale = False
            self._update_tops()

    @reported
    def paintEvent(self, event) -> None:
        painter = QPainter(self.viewport())
        painter.fillRect(self.viewport().rect(), self.palette().color(QPalette.ColorRole.Base))
        if self.encoding is None or not len(self.encoding):
            if self.placeholder:
                painter.setPen(self.palette().color(QPalette.ColorRole.PlaceholderText))
                painter.drawText(self.viewport().rect().adjusted(12, 12, -12, -12),
                                 int(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop
                                     | Qt.TextFlag.TextWordWrap), self.placeholder)
            painter.end()
            return
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, False)
        for k, y in self.visible_paragraphs(LAYOUT_BUDGET):
            self._paint_paragraph(painter, self._cache[k], y)
        painter.end()

    @staticmethod
    def _band(y: float, visual: VisualLine) -> tuple[float, float]:
        """Top and height of a line's bands: its text and half the padding around it, so two
        lines' bands stay a few pixels apart."""
        return y + visual.top - PAD / 2, visual.height + PAD

    def _paint_paragraph(self, painter: QPainter, para: ParagraphLayout, y: float) -> None:
        enc = self.encoding
        flags = enc.flags
        small = self._small_font()
        for visual in para.lines:
            top, height = self._band(y, visual)
            for x0, x1, t in bands_of(visual.segments):
                if t >= 0:
                    color = self.color_of(t) if self.color_of else band_color(int(flags[t]), t)
                    painter.fillRect(QRectF(x0, top, x1 - x0, height), color)
            self._paint_selection(painter, visual, top, height)
            # a thin gap of the background where two tokens meet, under the glyphs: it divides
            # a split character's band without striking through what it draws
            painter.setPen(QPen(self.palette().color(QPalette.ColorRole.Base), 1.2))
            for x in boundaries_of(visual.segments):
                painter.drawLine(QPointF(x, top), QPointF(x, top + height))
            self._paint_underlines(painter, visual, top + height)
        painter.setPen(self.palette().color(QPalette.ColorRole.Text))
        para.layout.draw(painter, QPointF(0, y))
        painter.setFont(small)
        for visual in para.lines:
            top, height = self._band(y, visual)
            self._paint_labels(painter, visual, top, height)
            self._paint_markers(painter, visual, top, height, para.lane)
            if self.outline_split:
                pen = QPen(SPLIT_COLOR, 1.5, Qt.PenStyle.DashLine)
                painter.setPen(pen)
                painter.setBrush(Qt.BrushStyle.NoBrush)
                for x0, x1 in visual.split:
                    painter.drawRect(QRectF(x0 + 0.5, top + 0.5, x1 - x0 - 1, height - 1))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            for x0, x1, t in bands_of(visual.segments):
                width = (2.0 if t == self._highlighted or t in self.outlined
                         else 1.0 if t == self._hovered else 0.0)
                if t >= 0 and width:
                    painter.setPen(QPen(HIGHLIGHT, width))
                    painter.drawRect(QRectF(x0, top, max(x1 - x0, 1.0), height))

    def _paint_selection(self, painter: QPainter, visual: VisualLine, top: float,
                         height: float) -> None:
        if self._selection is None:
            return
        a, b = self._selection
        color = QColor(HIGHLIGHT)
        color.setAlpha(70)
        for c in visual.clusters:
            inside = (c.start < b and c.end > a) if c.end > c.start else a <= c.start < b
            if inside:
                painter.fillRect(QRectF(c.x0, top, max(c.x1 - c.x0, 1.0), height), color)

    def _paint_underlines(self, painter: QPainter, visual: VisualLine, bottom: float) -> None:
        """Compare's difference marks: a red wave under the tokens marked; a line under the
        tokens ``underlined`` (the chat's assistant mask). (Tokens covering part of a
        character need no mark here: they share its band, which shows it.)"""
        if self.underlined is not None:
            for x0, x1, t in bands_of(visual.segments):
                if 0 <= t < len(self.underlined) and self.underlined[t]:
                    painter.fillRect(QRectF(x0, bottom - 2, x1 - x0, 2), self.underline_color)
        if self.marked is None:
            return
        painter.setPen(QPen(DIFFERENCE_MARK, 1.2))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        for x0, x1, t in bands_of(visual.segments):
            if t < 0 or t >= len(self.marked) or not self.marked[t]:
                continue
            path = QPainterPath(QPointF(x0, bottom - 1))
            x, up = x0, True
            while x < x1:
                x = min(x + 2.5, x1)
                path.lineTo(QPointF(x, bottom - (3 if up else 1)))
                up = not up
            painter.drawPath(path)

    def _paint_labels(self, painter: QPainter, visual: VisualLine, top: float,
                      height: float) -> None:
        """Pills (tokens covering no text) and the line-break mark."""
        for k, label in visual.labels.items():
            c = visual.clusters[k]
            if c.x1 - c.x0 < 1:  # an inserted token inside the line: a tick, named in the lane
                continue
            italic = c.token >= 0 and bool(self.encoding.flags[c.token] & INSERTED)
            font = painter.font()
            font.setItalic(italic)
            painter.setFont(font)
            if c.token >= 0:
                painter.setPen(QPen(QColor(0, 0, 0, 90), 1))
                painter.setBrush(Qt.BrushStyle.NoBrush)
                painter.drawRoundedRect(QRectF(c.x0, top + 1, c.x1 - c.x0, height - 2), 3, 3)
            painter.setPen(MARKER_COLOR if c.token < 0 else QColor("#202020"))
            painter.drawText(QRectF(c.x0, top, c.x1 - c.x0, height),
                             Qt.AlignmentFlag.AlignCenter, label)
            font.setItalic(False)
            painter.setFont(font)

    def _paint_markers(self, painter: QPainter, visual: VisualLine, top: float, height: float,
                       lane: float) -> None:
        """Invisible characters' glyphs: inside their width, or as a tick and a label in the
        lane over the line; inserted tokens inside a line likewise."""
        fm = QFontMetricsF(painter.font())
        painter.setPen(MARKER_COLOR)
        taken = -1e9  # the lane's right end so far: labels never overlap
        ticks = [(m.x0, m.label, -1) for m in visual.markers if not m.inline]
        ticks += [(visual.clusters[k].x0, label, visual.clusters[k].token)
                  for k, label in visual.labels.items()
                  if visual.clusters[k].x1 - visual.clusters[k].x0 < 1]
        for m in visual.markers:
            if m.inline:
                painter.drawText(QRectF(m.x0, top, m.x1 - m.x0, height),
                                 Qt.AlignmentFlag.AlignCenter, m.label)
        right = self.viewport().width() - 1.0
        visual.pills = []
        for x, label, token in sorted(ticks):
            painter.setPen(MARKER_COLOR if token < 0 else QColor("#606060"))
            painter.drawLine(QPointF(x, top - 3), QPointF(x, top + 3))
            width = fm.horizontalAdvance(label)
            if not lane:
                continue
            if token >= 0:  # a token covering no text: a pill in its colour, never dropped
                x0 = min(max(x - width / 2 - 3, taken, 1.0), right - width - 6)
                self._paint_lane_pill(painter, QRectF(x0, top - lane - 1, width + 6, lane),
                                      token, label)
                taken = x0 + width + 8
                visual.pills.append((x0, x0 + width + 6, token))
            elif x - width / 2 > taken:
                painter.drawText(QPointF(x - width / 2, top - 3 - fm.descent()), label)
                taken = x + width / 2 + 2

    def _paint_lane_pill(self, painter: QPainter, rect: QRectF, token: int, label: str) -> None:
        """A token covering no text named in the lane: its band colour, framed like a pill."""
        color = self.color_of(token) if self.color_of else band_color(
            int(self.encoding.flags[token]), token)
        painter.setPen(QPen(QColor(0, 0, 0, 90), 1))
        painter.setBrush(color)
        painter.drawRoundedRect(rect, 3, 3)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        font = painter.font()
        font.setItalic(bool(self.encoding.flags[token] & INSERTED))
        painter.setFont(font)
        painter.setPen(QColor("#202020"))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, label)
        font.setItalic(False)
        painter.setFont(font)

    # -- hit testing and the mouse -----------------------------------------------------------
    def hit(self, point) -> tuple[int, VisualLine, Segment] | None:
        """The paragraph, line and segment under a viewport point (None: no text there)."""
        if self.encoding is None or not len(self._heights):
            return None
        self._settle_tops()
        y = point.y() + self.verticalScrollBar().value()
        k = self._paragraph_at(y)
        para = self.paragraph_layout(k)
        self._settle_tops()
        inside = y - self._tops[k]
        for visual in para.lines:
            if visual.top - PAD - para.lane <= inside < (visual.top + visual.height + PAD
                                                         + self.below):
                if inside < visual.top - PAD / 2:  # in the lane: a pill drawn there
                    pill = next((t for x0, x1, t in visual.pills if x0 <= point.x() < x1), None)
                    seg = next((s for s in visual.segments if s.token == pill), None)
                    if seg is not None:
                        return k, visual, seg
                seg = token_at(visual.segments, point.x(), slack=SLACK)
                return None if seg is None else (k, visual, seg)
        return None

    def token_at_point(self, point) -> int:
        """The token under a viewport point, -1 when none."""
        found = self.hit(point)
        return -1 if found is None else found[2].token

    def _byte_at(self, point) -> int | None:
        found = self.hit(point)
        if found is None:
            return None
        _, visual, seg = found
        c = visual.clusters[seg.cluster]
        middle = (c.x0 + c.x1) / 2
        before = point.x() < middle if not c.rtl else point.x() >= middle
        return c.start if before else c.end

    @reported
    def mouseMoveEvent(self, event) -> None:
        point = event.position()
        if self._anchor is not None and event.buttons() & Qt.MouseButton.LeftButton:
            byte = self._byte_at(point)
            if byte is not None:
                self._selection = (min(self._anchor, byte), max(self._anchor, byte))
                self.viewport().update()
        index = self.token_at_point(point)
        if index != self._hovered:
            self._hovered = index
            self.token_hovered.emit(index)
            self.viewport().update()

    @reported
    def mousePressEvent(self, event) -> None:
        if event.button() != Qt.MouseButton.LeftButton:
            return super().mousePressEvent(event)
        self._anchor = self._byte_at(event.position())
        self._selection = None
        self.viewport().update()
        index = self.token_at_point(event.position())
        if index >= 0:
            self.token_clicked.emit(index)

    def mouseReleaseEvent(self, event) -> None:
        self._anchor = None
        event.accept()  # the press was ours: so is its release (else Qt warns it went unhandled)

    def leaveEvent(self, event) -> None:
        super().leaveEvent(event)
        if self._hovered != -1:
            self._hovered = -1
            self.token_hovered.emit(-1)
            self.viewport().update()

    @reported
    def keyPressEvent(self, event) -> None:
        # handled here as well as by the actions' shortcuts, which need an active window
        if event.matches(QKeySequence.StandardKey.Copy):
            self.copy()
        elif event.matches(QKeySequence.StandardKey.SelectAll):
            self.selectAll()
        elif event.key() in (Qt.Key.Key_Left, Qt.Key.Key_Right) and self.encoding is not None:
            # from the keyboard: the previous or next token, picked as a click would
            step = 1 if event.key() == Qt.Key.Key_Right else -1
            token = min(max(self._highlighted + step, 0), len(self.encoding) - 1)
            self.highlight(token)
            self.token_clicked.emit(token)
        else:
            super().keyPressEvent(event)

    @reported
    def contextMenuEvent(self, event) -> None:
        menu = QMenu(self)
        self.copy_action.setEnabled(self.selected_text() is not None)
        menu.addAction(self.copy_action)
        menu.addAction(self.select_all_action)
        menu.exec(event.globalPos())

    def viewportEvent(self, event) -> bool:
        if event.type() == QEvent.Type.ToolTip:
            text = self.tooltip_at(event.position() if hasattr(event, "position")
                                   else QPointF(event.pos()))
            if text:
                QToolTip.showText(event.globalPos(), text, self.viewport())
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().viewportEvent(event)

    def tooltip_at(self, point) -> str:
        """What hovering shows: the token (piece, ID, bytes in hex), and every token sharing
        the character under the mouse when tokens split it."""
        found = self.hit(point)
        if found is None:
            return ""
        _, visual, seg = found
        if seg.token < 0:
            return self.tr("text no token covers (the normalizer removed it)")
        text = self.describe(seg.token) if self.describe else self.token_summary(seg.token)
        sharing = [s.token for s in visual.segments if s.cluster == seg.cluster and s.token >= 0]
        if len(sharing) > 1:
            c = visual.clusters[seg.cluster]
            whole = hex_bytes(self.encoding.index.data[c.start:c.end])
            lines = [self.tr("{n} tokens share this character ({hex}):", "",
                             len(sharing)).format(n=len(sharing), hex=whole)]
            lines += [self.token_summary(t) for t in sharing]
            text += "\n\n" + "\n".join(lines)
        return text

    def token_summary(self, t: int) -> str:
        """One line for token ``t``: index, piece, ID and bytes in hex."""
        enc = self.encoding
        return self.tr("#{i} {piece}  id {id}  bytes {hex}").format(
            i=t, piece=enc.display_piece(t), id=int(enc.ids[t]),
            hex=hex_bytes(enc.bytes_at(t)) or "—")
