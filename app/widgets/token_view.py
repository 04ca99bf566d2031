"""``TokenChipsView``: the tokens of an encoding drawn as coloured chips over the original text.

Each chip shows the original text the token covers (whitespace as visible glyphs, a split
character's bytes as hex); line breaks of the text are kept so the chips read like the text.
Hovering a chip emits its index; ``highlight(i)`` outlines one chip (linked to the table).
Copying a selection of chips gives the original text they cover, not the glyphs drawn.
"""

from __future__ import annotations

import atexit
import bisect
import time

import numpy as np
from PySide6.QtCore import QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QGuiApplication, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit

from core.encodings.encoding import Encoding, Flag
from core.encodings.export import covered_range, original_text
from core.text.offsets import visible_bytes
from core.encodings.token_html import TOKEN_COLOURS

PALETTE = [QColor(c) for c in TOKEN_COLOURS]  # the HTML exports' colours too
FLAG_CHIP = {Flag.PAD: QColor("#d6d6d6"),  # padding: grey, before SPECIAL (pads are both)
             Flag.UNK: QColor("#f4a79d"), Flag.SPECIAL: QColor("#b9a6ee"),
             Flag.BYTE_FALLBACK: QColor("#f8c88a"),
             Flag.SECOND: QColor("#c8ecd9")}  # a pair's second text: its own greens
SECOND_SHADES = (QColor("#c8ecd9"), QColor("#9fdcbc"))  # alternate: its chips stay apart
PARTIAL_BORDER = QColor("#c98a00")
DIFFERENCE_MARK = QColor("#d32f2f")  # compare: a chip at a boundary other tokenizers lack
DEFAULT_LIMIT = 4000  # chips drawn; more on request (the table always has all)
# GUI-thread time one event-loop turn may spend inserting chips. Qt then lays out and paints
# what was inserted in the same turn (about as long again), so a turn stays well under the
# 50 ms the GUI may stall even on a slow or busy machine. A fixed count of chips per turn
# (300 before) took 10-30 ms of insertion alone here, depending on the text and the load.
CHUNK_SECONDS = 0.006
CHECK_EVERY = 16  # chips inserted between two looks at the clock


def _release_clipboard_at_exit() -> None:
    """Empty the clipboard while Python still runs at exit.

    A QMimeData made in Python and handed to the clipboard is deleted by Qt's own clean-up after
    the interpreter is gone, and its wrapper's destructor then calls into Python: a segfault
    at exit (exit code 139 after every test had passed). Clearing it from an ``atexit`` hook
    deletes it while Python can still answer.
    """
    global _clipboard_hook
    if not _clipboard_hook:
        _clipboard_hook = True
        atexit.register(_clear_clipboard)


def _clear_clipboard() -> None:
    if QGuiApplication.instance() is not None:
        QGuiApplication.clipboard().clear()


_clipboard_hook = False


def chip_label(enc: Encoding, i: int, shared: bool) -> str:
    """What a chip shows: the covered original text, or the token's own piece where the token
    covers no text (inserted) or shares its source with others (normalization changed it)."""
    flags = int(enc.flags[i])
    if flags & Flag.SECOND:  # a pair's second text: its tokens, shown as pieces
        return enc.display_piece(i)
    if flags & Flag.INSERTED:
        return enc.piece_at(i)
    start, end = int(enc.byte_starts[i]), int(enc.byte_ends[i])
    if shared and enc.bytes_at(i) != enc.index.data[start:end]:
        return enc.display_piece(i)
    return visible_bytes(enc.index.data[start:end]) or "∅"


class TokenChipsView(QTextEdit):
    """Signals:
        token_hovered(int): index of the token under the mouse, -1 when none.
        token_clicked(int): index of the clicked token.
        drawn(): every chip asked for is in the document (after ``set_encoding``/``show_more``).
    """

    token_hovered = Signal(int)
    token_clicked = Signal(int)
    drawn = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        self.setLineWrapMode(QTextEdit.LineWrapMode.WidgetWidth)
        # Chips follow token order: paragraphs stay left-to-right even for Arabic or Hebrew text.
        option = self.document().defaultTextOption()
        option.setTextDirection(Qt.LayoutDirection.LeftToRight)
        self.document().setDefaultTextOption(option)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.25)
        self.setFont(font)
        self.encoding: Encoding | None = None
        self.marked: np.ndarray | None = None  # per token: drawn with the difference mark
        self.shown = 0                 # chips that will be drawn (built in chunks)
        self._built = 0                # chips drawn so far
        self._generation = 0
        self._covered = 0
        self._cursor: QTextCursor | None = None
        self._starts: list[int] = []   # document position where each drawn chip starts
        self._ends: list[int] = []
        self._gaps: list[tuple[int, int, int, int]] = []  # uncovered text: doc start, end, bytes
        self._hovered = -1
        self._gap = QTextCharFormat()
        self._gap.setForeground(QColor("#8a8a8a"))
        self._formats: dict[tuple[int, int, bool], QTextCharFormat] = {}

    @property
    def drawing(self) -> bool:
        """True while chips asked for are still being inserted, chunk by chunk."""
        return self.encoding is not None and self._built < self.shown

    def set_encoding(self, enc: Encoding | None, limit: int = DEFAULT_LIMIT,
                     marked: np.ndarray | None = None) -> None:
        """Draw the first ``limit`` tokens of ``enc`` (the table always has all of them);
        tokens where ``marked`` is true get a red wavy underline (compare: a boundary differs).

        The first chunk is drawn at once; the rest in later event-loop turns (each under
        ``CHUNK_SECONDS``), so a large encoding never blocks the GUI thread for long.
        """
        self._generation += 1
        self.encoding = enc
        self.marked = marked
        self._starts, self._ends, self._gaps = [], [], []
        self._hovered = -1
        self._built = self._covered = 0
        self.setExtraSelections([])
        self.clear()
        self.shown = 0 if enc is None else min(len(enc), limit)
        self._cursor = QTextCursor(self.document())
        if enc is not None:
            self._build_chunk(self._generation)

    def show_more(self, count: int) -> None:
        """Draw ``count`` more chips after those already drawn."""
        if self.encoding is None:
            return
        drawing = self._built < self.shown
        self.shown = min(len(self.encoding), self.shown + count)
        if not drawing:
            self._build_chunk(self._generation)

    def _build_chunk(self, generation: int) -> None:
        enc = self.encoding
        if generation != self._generation or enc is None:
            return  # a newer encoding replaced this one
        cursor = self._cursor
        data = enc.index.data
        starts, ends = enc.byte_starts, enc.byte_ends
        deadline = time.perf_counter() + CHUNK_SECONDS
        i = self._built
        cursor.beginEditBlock()
        while i < self.shown:
            if (i - self._built) % CHECK_EVERY == CHECK_EVERY - 1 and time.perf_counter() > deadline:
                break
            s, e = int(starts[i]), int(ends[i])
            if s > self._covered:  # text no token covers (a normalizer dropped it): shown grey
                self._insert_gap(cursor, data, self._covered, s)
            shared = (i > 0 and s < int(ends[i - 1])) or (i + 1 < len(enc) and int(starts[i + 1]) < e)
            chip = self._chip_format(int(enc.flags[i]), i,
                                     self.marked is not None and bool(self.marked[i]))
            self._starts.append(cursor.position())
            label = chip_label(enc, i, shared)
            if label == visible_bytes(data[s:e]) and b"\n" in data[s:e]:
                self._insert_lines(cursor, data[s:e], chip)  # keep the text's line breaks
            else:
                cursor.insertText(label.replace(" ", "\u00a0"), chip)  # keep <E4 BD> on one line
            self._ends.append(cursor.position())
            self._covered = max(self._covered, e)
            i += 1
        if i == len(enc) and self._covered < len(data):
            self._insert_gap(cursor, data, self._covered, len(data))
            self._covered = len(data)
        cursor.endEditBlock()
        self._built = i
        if i < self.shown:
            # with self as context: dropped if the view is deleted before the next turn
            QTimer.singleShot(0, self, lambda: self._build_chunk(generation))
        else:
            self.drawn.emit()

    def _insert_gap(self, cursor: QTextCursor, data: bytes, start: int, end: int) -> None:
        before = cursor.position()
        self._insert_lines(cursor, data[start:end], self._gap)
        self._gaps.append((before, cursor.position(), start, end))

    @staticmethod
    def _insert_lines(cursor: QTextCursor, raw: bytes, fmt: QTextCharFormat) -> None:
        """Insert ``raw`` visibly, breaking the line after each newline (shown as ↵)."""
        lines = raw.split(b"\n")
        for k, line in enumerate(lines):
            text = visible_bytes(line) + ("↵" if k < len(lines) - 1 else "")
            if text:
                cursor.insertText(text, fmt)
            if k < len(lines) - 1:
                cursor.insertBlock()

    def _chip_format(self, flags: int, i: int, marked: bool = False) -> QTextCharFormat:
        """The format of chip ``i``: one shared object per look (inserting reuses it);
        ``marked`` (compare: a boundary other tokenizers lack) is a red wavy underline."""
        flag = next((f for f in FLAG_CHIP if flags & f), None)
        look = flags & (Flag.PARTIAL | Flag.INSERTED)
        shade = i % 2 if flag == Flag.SECOND else 0
        key = (int(flag) if flag is not None else -1 - i % len(PALETTE), int(look), marked,
               shade)
        fmt = self._formats.get(key)
        if fmt is None:
            fmt = QTextCharFormat()
            fmt.setBackground(SECOND_SHADES[shade] if flag == Flag.SECOND
                              else FLAG_CHIP[flag] if flag is not None
                              else PALETTE[i % len(PALETTE)])
            if marked:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
                fmt.setUnderlineColor(DIFFERENCE_MARK)
            elif flags & Flag.PARTIAL:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
                fmt.setUnderlineColor(PARTIAL_BORDER)
            if flags & Flag.INSERTED:
                fmt.setFontItalic(True)
            self._formats[key] = fmt
        return fmt

    # -- copying -----------------------------------------------------------------------------
    def original_text(self, start: int, end: int) -> str | None:
        """The original text under document positions ``start``..``end``: every chip the range
        touches counts whole (a chip's glyphs or hex are not the text), widened to whole
        characters; None when the range covers no text (only inserted tokens, or nothing)."""
        enc = self.encoding
        if enc is None or start >= end:
            return None
        first = bisect.bisect_right(self._ends, start)  # the first chip ending after start
        last = bisect.bisect_left(self._starts, end)    # chips from here on start at or after end
        spans = [covered_range(enc, range(first, last))]
        spans += [(bs, be) for ds, de, bs, be in self._gaps if ds < end and de > start]
        spans = [s for s in spans if s is not None]
        if not spans:
            return None
        return original_text(enc.index.data, min(s for s, _ in spans), max(e for _, e in spans))

    def createMimeDataFromSelection(self) -> QMimeData:
        cursor = self.textCursor()
        text = self.original_text(cursor.selectionStart(), cursor.selectionEnd())
        if text is None:
            return super().createMimeDataFromSelection()
        mime = QMimeData()
        mime.setText(text)
        _release_clipboard_at_exit()
        return mime

    # -- linking ---------------------------------------------------------------------------
    def token_at(self, position: int) -> int:
        k = bisect.bisect_right(self._starts, position) - 1
        if 0 <= k < len(self._ends) and position < self._ends[k]:
            return k
        return -1

    def highlight(self, i: int) -> None:
        """Outline token ``i``'s chip and scroll it into view (-1 clears)."""
        if not 0 <= i < len(self._starts):
            self.setExtraSelections([])
            return
        selection = QTextEdit.ExtraSelection()
        cursor = QTextCursor(self.document())
        cursor.setPosition(self._starts[i])
        cursor.setPosition(self._ends[i], QTextCursor.MoveMode.KeepAnchor)
        selection.cursor = cursor
        fmt = QTextCharFormat()
        fmt.setBackground(QColor("#2f6fd6"))
        fmt.setForeground(QColor("white"))
        selection.format = fmt
        self.setExtraSelections([selection])
        visible = QTextCursor(self.document())
        visible.setPosition(self._starts[i])
        self.setTextCursor(visible)
        self.ensureCursorVisible()

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(event)
        index = self.token_at(self.cursorForPosition(event.position().toPoint()).position())
        if index != self._hovered:
            self._hovered = index
            self.token_hovered.emit(index)

    def mousePressEvent(self, event) -> None:
        super().mousePressEvent(event)
        index = self.token_at(self.cursorForPosition(event.position().toPoint()).position())
        if index >= 0 and event.button() == Qt.MouseButton.LeftButton:
            self.token_clicked.emit(index)

    def leaveEvent(self, event) -> None:
        super().leaveEvent(event)
        if self._hovered != -1:
            self._hovered = -1
            self.token_hovered.emit(-1)
