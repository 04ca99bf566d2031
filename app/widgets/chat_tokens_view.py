"""``ChatTokensView``: a rendered chat's tokens as chips, coloured by the role of the message
they came from (template text grey), the assistant mask shown as a green underline.

A chip shows the rendered text its token covers (whitespace as visible glyphs, line breaks
kept). Chips are inserted in time-boxed turns like :class:`~app.widgets.token_view.TokenChipsView`
(the same budget per turn), so a long conversation never stalls the GUI thread.
``select(indexes)`` outlines several chips at once (a check's tokens) and scrolls to the first.
"""

from __future__ import annotations

import bisect
import time

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QTextCharFormat, QTextCursor
from PySide6.QtWidgets import QTextEdit

from app.widgets.chat_colors import (ALERT_COLOR, FIELD_COLORS, MASK_COLOR, TEMPLATE_TEXT,
                                     role_color, template_color)
from app.widgets.token_view import CHECK_EVERY, CHUNK_SECONDS
from core.text import visible_text

SELECTED = QColor("#2f6fd6")


class ChatTokensView(QTextEdit):
    """Signals:
        token_hovered(int): the token under the mouse, -1 when none.
        token_clicked(int): a clicked token.
        drawn(): every chip is in the document.
    """

    token_hovered = Signal(int)
    token_clicked = Signal(int)
    drawn = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setMouseTracking(True)
        self.viewport().setMouseTracking(True)
        option = self.document().defaultTextOption()
        option.setTextDirection(Qt.LayoutDirection.LeftToRight)
        self.document().setDefaultTextOption(option)
        font = self.font()
        font.setPointSizeF(font.pointSizeF() * 1.15)
        self.setFont(font)
        self.text = ""
        self.tokens: tuple = ()  # core.chat.encode.ChatToken values
        self.mask: tuple[int, ...] = ()
        self.labels: dict[int, str] = {}
        self.alerts = frozenset()
        self._starts: list[int] = []
        self._ends: list[int] = []
        self._built = 0
        self._generation = 0
        self._hovered = -1
        self._formats: dict[tuple, QTextCharFormat] = {}
        self._cursor: QTextCursor | None = None

    @property
    def drawing(self) -> bool:
        return self._built < len(self.tokens)

    def set_tokens(self, text: str, tokens, mask, *, labels: dict | None = None,
                   alerts=frozenset()) -> None:
        """Draw ``tokens`` (the report's :class:`~core.chat.encode.ChatToken` values) over
        ``text``; ``mask[i]`` 1 underlines chip ``i``. A content token's field colours it (tool
        definitions and documents have colours of their own). ``labels``: chip texts by index
        (tokens sharing a character); ``alerts``: indexes marked with a red wavy underline (an
        injected literal's tokens).
        """
        self._generation += 1
        self.text, self.tokens, self.mask = text, tuple(tokens), tuple(mask)
        self.labels, self.alerts = dict(labels or {}), alerts
        self._starts, self._ends = [], []
        self._built = 0
        self._hovered = -1
        self.setExtraSelections([])
        self.clear()
        self._cursor = QTextCursor(self.document())
        self._build_chunk(self._generation)

    def _build_chunk(self, generation: int) -> None:
        if generation != self._generation:
            return  # newer tokens replaced these
        cursor = self._cursor
        deadline = time.perf_counter() + CHUNK_SECONDS
        i = self._built
        cursor.beginEditBlock()
        while i < len(self.tokens):
            if ((i - self._built) % CHECK_EVERY == CHECK_EVERY - 1
                    and time.perf_counter() > deadline):
                break
            token = self.tokens[i]
            fmt = self._format(token, i, bool(self.mask[i]) if i < len(self.mask) else False,
                               i in self.alerts)
            self._starts.append(cursor.position())
            start, end = token.start, token.end
            plain = end > start and i not in self.labels
            lines = (self.text[start:end].split("\n") if plain
                     else [self.labels.get(i, token.piece)])
            for k, line in enumerate(lines):
                shown = (visible_text(line) if plain else line).replace(" ", "\u00a0")
                if k < len(lines) - 1:
                    shown += "↵"
                if shown:
                    cursor.insertText(shown, fmt)
                if k < len(lines) - 1:
                    cursor.insertBlock()  # the chips keep the render's line breaks
            self._ends.append(cursor.position())
            i += 1
        cursor.endEditBlock()
        self._built = i
        if i < len(self.tokens):
            QTimer.singleShot(0, self, lambda: self._build_chunk(generation))
        else:
            self.drawn.emit()

    def _format(self, token, i: int, masked: bool, alert: bool) -> QTextCharFormat:
        """One shared format per look; neighbours alternate two shades so each chip shows."""
        field = token.field if token.source == "content" else None
        key = (token.source, token.role, field, i % 2, masked, alert)
        fmt = self._formats.get(key)
        if fmt is None:
            fmt = QTextCharFormat()
            content = token.source == "content"
            who = field if field in FIELD_COLORS else token.role
            base = role_color(who) if content else template_color(None)
            fmt.setBackground(base.darker(108) if i % 2 else base)
            if not content:
                fmt.setForeground(QColor(TEMPLATE_TEXT))
            if masked:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.SingleUnderline)
                fmt.setUnderlineColor(QColor(MASK_COLOR))
                fmt.setFontWeight(QFont.Weight.DemiBold)
            if alert:
                fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
                fmt.setUnderlineColor(QColor(ALERT_COLOR))
            self._formats[key] = fmt
        return fmt

    # -- linking -----------------------------------------------------------------------------
    def token_at(self, position: int) -> int:
        k = bisect.bisect_right(self._starts, position) - 1
        if 0 <= k < len(self._ends) and position < self._ends[k]:
            return k
        return -1

    def select(self, indexes: list[int]) -> None:
        """Outline the chips of ``indexes`` and scroll the first into view (empty clears)."""
        selections = []
        for i in indexes:
            if not 0 <= i < len(self._starts):
                continue
            selection = QTextEdit.ExtraSelection()
            cursor = QTextCursor(self.document())
            cursor.setPosition(self._starts[i])
            cursor.setPosition(self._ends[i], QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selection.format.setBackground(SELECTED)
            selection.format.setForeground(QColor("white"))
            selections.append(selection)
        self.setExtraSelections(selections)
        if selections:
            visible = QTextCursor(self.document())
            visible.setPosition(selections[0].cursor.selectionStart())
            self.setTextCursor(visible)
            self.ensureCursorVisible()

    def selected(self) -> list[int]:
        """The indexes of the outlined chips."""
        starts = {sel.cursor.selectionStart() for sel in self.extraSelections()}
        return [i for i, s in enumerate(self._starts) if s in starts]

    def tooltip(self, i: int) -> str:
        token = self.tokens[i]
        who = (self.tr("template text") if token.source == "template" else
               self.tr("message {message} ({role})").format(message=token.message,
                                                            role=token.role))
        mask = self.tr("assistant mask: learned") if i < len(self.mask) and self.mask[i] \
            else self.tr("assistant mask: not learned")
        return self.tr("#{index} · ID {id} · {piece}\n{who} · characters {start}–{end}\n{mask}"
                       ).format(index=i, id=token.id, piece=repr(token.piece), who=who,
                                start=token.start, end=token.end, mask=mask)

    def mouseMoveEvent(self, event) -> None:
        super().mouseMoveEvent(event)
        index = self.token_at(self.cursorForPosition(event.position().toPoint()).position())
        if index != self._hovered:
            self._hovered = index
            self.setToolTip(self.tooltip(index) if index >= 0 else "")
            self.token_hovered.emit(index)

    def mousePressEvent(self, event) -> None:
        super().mousePressEvent(event)
        index = self.token_at(self.cursorForPosition(event.position().toPoint()).position())
        if index >= 0 and event.button() == Qt.MouseButton.LeftButton:
            self.token_clicked.emit(index)
