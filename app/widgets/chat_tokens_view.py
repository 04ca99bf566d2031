"""``ChatTokensView``: a rendered chat as people read it, each token a band behind its glyphs,
coloured by the role of the message it came from (template text grey), the assistant mask a
green line under the tokens it keeps, an injected literal's tokens a red wave.

It is the Inspect pane's text view (:class:`~app.widgets.token_text_view.TokenTextView`: the
render laid out once per line, shaped; a character byte-level tokens split drawn once and
divided by their bytes) over the report's :class:`~core.chat.tokens.ChatToken` values.
``select(indexes)`` outlines several tokens at once (a check's tokens) and scrolls to the first.
"""

from __future__ import annotations

from typing import Callable

import numpy as np
from PySide6.QtGui import QColor

from app.widgets.chat_colors import FIELD_COLORS, MASK_COLOR, role_color, template_color
from app.widgets.token_text_view import TokenTextView
from core.encodings.encoding import Encoding, Flag
from core.text.offsets import TextIndex


def token_byte_spans(index: TextIndex, tokens, token_bytes: Callable[[int], bytes] | None
                     ) -> tuple[np.ndarray, np.ndarray]:
    """Byte spans of chat tokens from their code-point spans. Tokens sharing a character (a
    byte-level token holding half an emoji covers the whole emoji's code point) get, in turn,
    as many of the shared bytes as they stand for, when ``token_bytes`` (ID -> bytes) says and
    the counts add up; else they keep the whole shared span (and share it evenly).

    >>> class T:
    ...     def __init__(self, i, s, e): self.id, self.start, self.end = i, s, e
    >>> spans = token_byte_spans(TextIndex("a你"), [T(1, 0, 2), T(2, 1, 2)],
    ...                          {1: b"a\\xe4", 2: b"\\xbd\\xa0"}.get)
    >>> [s.tolist() for s in spans]
    [[0, 2], [2, 4]]
    """
    starts = index.cp_bytes[np.array([t.start for t in tokens], dtype=np.int64)]
    ends = index.cp_bytes[np.array([t.end for t in tokens], dtype=np.int64)]
    starts, ends = starts.astype(np.int64), ends.astype(np.int64)
    if token_bytes is None:
        return starts, ends
    k = 0
    while k < len(tokens):
        last = k  # the group of tokens sharing characters with their neighbours
        while last + 1 < len(tokens) and tokens[last + 1].start < tokens[last].end:
            last += 1
        if last > k:
            sizes = [len(token_bytes(tokens[j].id)) for j in range(k, last + 1)]
            if sum(sizes) == int(ends[last] - starts[k]):
                cursor = int(starts[k])
                for j, size in zip(range(k, last + 1), sizes):
                    starts[j], ends[j] = cursor, cursor + size
                    cursor += size
        k = last + 1
    return starts, ends


class ChatTokensView(TokenTextView):
    """Signals (as :class:`TokenTextView`): token_hovered(int), token_clicked(int), drawn()."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.text = ""
        self.tokens: tuple = ()  # core.chat.tokens.ChatToken values
        self.mask: tuple[int, ...] = ()
        self.labels: dict[int, str] = {}
        self.alerts = frozenset()
        self.color_of = self._token_color
        self.describe = self.tooltip
        self.underline_color = QColor(MASK_COLOR)
        self._colors: dict[tuple, QColor] = {}
        # said while there are no tokens to show (#25: a blank view looks broken)
        self.placeholder = self.tr("The conversation's tokens show here once a tokenizer is "
                                   "open and its chat template renders")
        self.setAccessibleDescription(self.placeholder)

    def set_tokens(self, text: str, tokens, mask, *, labels: dict | None = None,
                   alerts=frozenset(), token_bytes: Callable[[int], bytes] | None = None) -> None:
        """Show ``tokens`` over ``text``; ``mask[i]`` 1 underlines token ``i``. A content
        token's field colours it (tool definitions and documents have colours of their own).
        ``labels``: the bytes of tokens sharing a character, named on hover; ``alerts``: tokens
        marked with a red wave (an injected literal's); ``token_bytes`` (ID -> bytes) divides a
        shared character among its tokens by their bytes."""
        self.text, self.tokens, self.mask = text, tuple(tokens), tuple(mask)
        self.labels, self.alerts = dict(labels or {}), alerts
        self.outlined = set()
        if not self.tokens:  # nothing encoded (no tokenizer): the placeholder says why
            self.set_encoding(None)
            self.setAccessibleDescription(self.placeholder)
            return
        self.setAccessibleDescription("")
        index = TextIndex(text)
        starts, ends = token_byte_spans(index, self.tokens, token_bytes)
        data = index.data
        enc = Encoding.build(
            text, ids=[t.id for t in self.tokens], byte_starts=starts, byte_ends=ends,
            pieces=[t.piece for t in self.tokens], index=index,
            token_bytes=[data[s:e] if e > s else t.piece.encode("utf-8")
                         for t, s, e in zip(self.tokens, starts.tolist(), ends.tolist())],
            flags=[int(Flag.INSERTED) if t.end == t.start else 0 for t in self.tokens])
        n = len(self.tokens)
        self.underlined = np.zeros(n, dtype=bool)
        self.underlined[:min(n, len(self.mask))] = [bool(m) for m in self.mask[:n]]
        marked = np.zeros(n, dtype=bool)
        marked[[i for i in self.alerts if i < n]] = True
        self.set_encoding(enc, marked=marked if marked.any() else None)

    def _token_color(self, i: int) -> QColor:
        """A token's band: its message's role (or field), template text grey; neighbours of one
        look alternate two shades so each token shows."""
        token = self.tokens[i]
        content = token.source == "content"
        field = token.field if content else None
        key = (content, token.role, field, i % 2)
        color = self._colors.get(key)
        if color is None:
            who = field if field in FIELD_COLORS else token.role
            base = role_color(who) if content else template_color(None)
            color = self._colors[key] = base.darker(108) if i % 2 else base
        return color

    def select(self, indexes: list[int]) -> None:
        """Outline the tokens of ``indexes`` and scroll the first into view (empty clears)."""
        self.outlined = {i for i in indexes if 0 <= i < len(self.tokens)}
        if self.outlined and self.encoding is not None:
            self._scroll_to_byte(int(self.encoding.byte_starts[min(self.outlined)]))
        self.viewport().update()

    def selected(self) -> list[int]:
        """The indexes of the outlined tokens."""
        return sorted(self.outlined)

    def tooltip(self, i: int) -> str:
        token = self.tokens[i]
        who = (self.tr("template text") if token.source == "template" else
               self.tr("message {message} ({role})").format(message=token.message,
                                                            role=token.role))
        mask = self.tr("assistant mask: learned") if i < len(self.mask) and self.mask[i] \
            else self.tr("assistant mask: not learned")
        text = self.tr("#{index} · ID {id} · {piece}\n{who} · characters {start}–{end}\n{mask}"
                       ).format(index=i, id=token.id, piece=repr(token.piece), who=who,
                                start=token.start, end=token.end, mask=mask)
        if i in self.labels:
            text += "\n" + self.labels[i]
        if i in self.alerts:
            text += "\n" + self.tr("a special-token literal written into the content")
        return text

