"""The assistant turns of a chat without rendering every prefix: the spans of
:func:`~core.chat.mask.prefix_diff_spans`, from the marked render and a few measured turns.

The prefix method renders ``[:k]`` and ``[:k+1]`` for every assistant message ``k``: the whole
conversation again for each turn, quadratic in the chat's length (a 50-message chat renders
nearly fifty times the conversation). Most of those renders say what one already says:

* the marked render (:mod:`core.chat.segments`: every piece of message text wrapped in markers
  the template cannot tell from text, removed after, checked to leave the render unchanged)
  says where each message's text lies in the full render;
* one measured turn (its two prefix renders) says what the template writes around an
  assistant message of that kind: from the turn's start to its first text (the generation
  prompt's end, a tool call's opening) and from its last text to the turn's end (``<|im_end|>``).

So the first turn of each kind (its neighbours' roles, its fields, its tool calls' names and
argument keys: :func:`turn_kind`) is measured, and every later turn of the kind is found where
the same head and tail stand around its own text, inside the gap its neighbours' text leaves.
A turn where that does not hold is measured. A kind whose measured turn was not a prefix of
the full render (a template that writes the tool definitions before the last user message, as
Mistral's does, rewrites the history of every turn) gives the same answer for a later turn only
where the same reason holds: its prefix render held tool definitions (or documents) that the
full render writes nowhere before that turn's text; any other later turn is measured.

The spans equal the prefix method's on the real templates and the built-in ones (held so in
``tests/core/chat/test_turns.py``, also on generated conversations); where the marked render
differs from the plain one, every turn is measured.

>>> from core.chat import CHATML
>>> from core.chat.mask import prefix_diff_spans
>>> from core.chat.segments import split_segments
>>> chat = [{"role": "user", "content": "hi"}, {"role": "assistant", "content": "hello"}] * 3
>>> cut = split_segments(CHATML, chat)
>>> found = marker_diff_spans(CHATML, chat, cut.text, ["<|im_end|>"], cut)
>>> found.spans, found == prefix_diff_spans(CHATML, chat, cut.text, ["<|im_end|>"])
(((52, 67), (120, 135), (188, 203)), True)
"""

from __future__ import annotations

import json
from contextlib import contextmanager
from contextvars import ContextVar
from bisect import bisect_left, bisect_right
from dataclasses import dataclass
from typing import Iterable

from .mask import (Measured, PrefixSpans, TurnSpans, assistant_turns, measure_turn, prefix_pair,
                   prefix_renders)
from .segments import Segmentation

_DEFINITIONS = ("tools", "documents")  # fields every render of the conversation writes


def turn_kind(messages: list, k: int) -> str:
    """What makes the template write the same around assistant message ``k`` as around another:
    its neighbours' roles, which fields it fills, its tool calls' names and argument keys.

    >>> chat = [{"role": "user"}, {"role": "assistant", "content": "a"}]
    >>> turn_kind(chat, 1) == turn_kind(chat + [{"role": "user"}], 1)
    False
    """
    def role(i: int):
        message = messages[i] if 0 <= i < len(messages) else None
        return message.get("role") if isinstance(message, dict) else None

    message = messages[k]
    fields = {key: _shape(value) for key, value in message.items() if key != "role"}
    return _KIND_JSON.encode([role(k - 1), role(k + 1) if k + 1 < len(messages) else "(end)",
                              fields])


# json.dumps(..., sort_keys=True, default=repr), made once (dumps makes an encoder per call)
_KIND_JSON = json.JSONEncoder(sort_keys=True, default=repr)


def _shape(value):
    """A field's structure without its text: which keys, which kinds of values; whitespace at
    the ends of a string (the markers leave it outside, in the template's part)."""
    if isinstance(value, dict):
        return {key: _shape(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_shape(item) for item in value]
    if isinstance(value, str):
        stripped = value.strip()
        return ["str", value[:len(value) - len(value.lstrip())],
                value[len(value.rstrip()):]] if stripped else value
    return type(value).__name__ if value is not None else None


def turn_kinds(messages: list) -> dict[int, str]:
    """:func:`turn_kind` of each assistant message, by index; the ones :func:`kinds_known`
    holds for this very list, when it does (a report's prefetch and :func:`marker_diff_spans`
    both ask: 48 JSON dumps of a 50-message chat's shapes, once).

    >>> turn_kinds([{"role": "user"}, {"role": "assistant"}]) == {1: turn_kind(
    ...     [{"role": "user"}, {"role": "assistant"}], 1)}
    True
    """
    known = _KNOWN_KINDS.get()
    if known is not None and known[0] is messages:
        if known[1] is None:  # asked for the first time in the block
            known[1] = {k: turn_kind(messages, k) for k in assistant_turns(messages)}
        return known[1]
    return {k: turn_kind(messages, k) for k in assistant_turns(messages)}


# [messages, their kinds once asked for]
_KNOWN_KINDS: ContextVar[list | None] = ContextVar("turn_kinds", default=None)


@contextmanager
def kinds_known(messages: list):
    """Within the block, :func:`turn_kinds` of ``messages`` (the same list, unchanged while
    the block runs: a report's) is made once, when first asked for (a report sends its
    chat's render first)."""
    token = _KNOWN_KINDS.set([messages, None])
    try:
        yield
    finally:
        _KNOWN_KINDS.reset(token)


def turn_renders(messages: list) -> list[tuple[list, dict]]:
    """The prefix renders :func:`marker_diff_spans` asks for when every later turn is found
    from the marked render: the first turn of each kind's, as ``(messages, flags)``."""
    firsts: dict[str, int] = {}
    for k, kind in turn_kinds(messages).items():
        if k > 0:
            firsts.setdefault(kind, k)
    return [pair for k in firsts.values() for pair in prefix_pair(messages, k)]


@dataclass(frozen=True)
class _Known:
    """What a measured turn of a kind says of the later ones: the text between the turn's
    start and its first message text (``head``) and between its last text and its end
    (``tail``); or, for a turn that was not a prefix, the definition texts its prefix render
    held (a later turn none of which the full render writes before its text is not one
    either)."""

    head: str | None = None
    tail: str | None = None
    held: tuple[str, ...] = ()


class _Chat:
    """The full render and where the marked render put each message's text in it."""

    def __init__(self, text: str, segmentation: Segmentation) -> None:
        self.text = text
        content = [s for s in segmentation.segments if s.source == "content"]
        self.starts = [s.start for s in content]
        self.ends = [s.end for s in content]
        self.owners = [s.message if s.field not in _DEFINITIONS else None for s in content]
        self.definitions = [text[s.start:s.end] for s in content if s.field in _DEFINITIONS]
        self.of_message: dict[int, tuple[int, int]] = {}
        for s in content:
            if s.message is not None and s.field not in _DEFINITIONS:
                low, high = self.of_message.get(s.message, (s.start, s.end))
                self.of_message[s.message] = (min(low, s.start), max(high, s.end))

    def others_within(self, k: int, start: int, end: int) -> bool:
        """Whether text of anything but message ``k`` lies in ``[start, end)``."""
        first = bisect_right(self.ends, start)
        last = bisect_left(self.starts, end)
        return any(self.owners[i] != k for i in range(first, last))

    def learn(self, k: int, measured: Measured) -> _Known | None:
        anchors = self.of_message.get(k)
        if anchors is None:
            return None
        if measured.start is None:
            held = tuple(d for d in self.definitions if d in measured.before)
            return _Known(held=held) if held else None
        first, last = anchors
        if not measured.start <= first <= last <= measured.end:
            return None
        return _Known(self.text[measured.start:first], self.text[last:measured.end])

    def predict(self, k: int, known: _Known, after: int) -> Measured | None:
        """Turn ``k`` as ``known`` says it stands, or None where it cannot tell. ``after``:
        where the turn before it ended."""
        anchors = self.of_message.get(k)
        if anchors is None:
            return None
        first, last = anchors
        if known.head is None:  # not a prefix, for the same reason as the measured turn?
            before = self.text[:first]
            return Measured(None, None) if any(d not in before for d in known.held) else None
        start, end = first - len(known.head), last + len(known.tail)
        if (start < after or not self.text.startswith(known.head, start)
                or not self.text.startswith(known.tail, last)
                or self.others_within(k, start, end)):
            return None
        return Measured(start, end)


def marker_diff_spans(template: str, messages: list, full_text: str,
                      end_tokens: Iterable[str], segmentation: Segmentation, render_with=None,
                      **options) -> PrefixSpans:
    """:func:`~core.chat.mask.prefix_diff_spans` of ``messages`` (whose render with these
    ``options`` is ``full_text``), measuring by prefix renders only the first turn of each
    kind and the turns the marked render (``segmentation``, of the same render) cannot place.
    A renderer with a ``prefetch`` method (:class:`~core.chat.report.RenderCache`) is asked
    for the renders it will need, a few at a time."""
    prefetch = getattr(render_with, "prefetch", None)
    exact = segmentation.exact and segmentation.text == full_text
    if not exact and prefetch is not None:  # every turn is measured
        prefetch(template, [(m, {**options, **f}) for m, f in prefix_renders(messages)])
    chat = _Chat(full_text, segmentation) if exact else None
    found = TurnSpans(full_text, end_tokens)
    known: dict[str, _Known | None] = {}
    after = 0  # where the last turn found ends
    for k, kind in turn_kinds(messages).items():
        measured = None
        if chat is not None and known.get(kind) is not None:
            measured = chat.predict(k, known[kind], after)
        if measured is None:
            if prefetch is not None and kind in known:  # a lone turn: its two renders at once
                prefetch(template, [(m, {**options, **f}) for m, f in prefix_pair(messages, k)])
            measured = measure_turn(template, messages, k, full_text, render_with, **options)
            if chat is not None and kind not in known:
                known[kind] = chat.learn(k, measured)
        found.add(k, measured)
        if measured.end is not None:
            after = measured.end
    return found.result()
