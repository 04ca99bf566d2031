"""Cut a rendered chat into template text and message content, with where each came from.

The render is done twice: once as it is, once with every piece of user-supplied text wrapped in
private-use marker characters (``U+F0000`` + an index character, text, ``U+F0001``). The marked
render, markers removed, must equal the plain one — then the markers say exactly which characters
came from which message field, and everything else is the template's. A template that edits
content in a way markers disturb (``content.split(...)``, ``content[:10]``, ``| upper``) makes
the two renders differ; then each message's text is searched for in order in the plain render
(``exact`` is False, and what is not found is listed in ``unlocated``).

Leading and trailing whitespace stays outside the markers, so templates that ``| trim`` content
(Llama 3, Gemma) render the same with and without them. Empty or blank strings are not marked,
so a template's ``{% if message.content %}`` is not fooled.

>>> from core.chat import CHATML
>>> cut = split_segments(CHATML, [{"role": "user", "content": "hi"}])
>>> for s in cut.segments:
...     print(s.source, repr(cut.text[s.start:s.end]), s.message, s.role, s.field)
template '<|im_start|>user\\n' None None None
content 'hi' 0 user content
template '<|im_end|>\\n' None None None
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from .messages import REASONING_FIELDS
from .render import render as _render

_OPEN, _CLOSE = "\U000f0000", "\U000f0001"
_ID_BASE, _ID_LAST = 0xF0100, 0xFFFFD
_MARKED = re.compile(f"{_OPEN}([\U000f0100-\U000ffffd])(.*?){_CLOSE}", re.DOTALL)
_ANY_MARKER = re.compile(f"{_OPEN}[\U000f0100-\U000ffffd]|{_CLOSE}")


@dataclass(frozen=True)
class Segment:
    """Characters ``[start, end)`` of the rendered text and what wrote them.

    ``source`` is ``template`` or ``content``; for content, ``message`` is the message index
    (None for tool definitions and documents), ``role`` its role, and ``field`` one of
    ``content``, ``reasoning``, ``tool_call_arguments``, ``tools``, ``documents``.
    """

    start: int
    end: int
    source: str
    message: int | None = None
    role: str | None = None
    field: str | None = None


@dataclass(frozen=True)
class Segmentation:
    """The rendered text cut into contiguous segments that cover it."""

    text: str
    segments: tuple[Segment, ...]
    exact: bool
    unlocated: tuple[tuple[int | None, str], ...] = field(default_factory=tuple)


class _Origin(NamedTuple):
    """Where a marked string came from, and its text (a named tuple: a long chat marks some
    eighty strings per report, and a frozen dataclass' ``__init__`` cost a microsecond each)."""

    message: int | None
    role: str | None
    field: str
    text: str


class _Marker:
    """Wraps strings in numbered markers and remembers each one's origin."""

    def __init__(self):
        self.origins: list[_Origin] = []

    def mark(self, text: Any, origin: tuple[int | None, str | None, str]) -> Any:
        if not isinstance(text, str):
            return text
        core = text.strip()
        if not core or _ID_BASE + len(self.origins) > _ID_LAST:
            return text
        if len(core) == len(text):  # nothing to keep outside the markers, as most texts
            lead = trail = ""
        else:
            lead = text[:len(text) - len(text.lstrip())]
            trail = text[len(text.rstrip()):]
        ident = chr(_ID_BASE + len(self.origins))
        self.origins.append(_Origin(*origin, text=core))
        return f"{lead}{_OPEN}{ident}{core}{_CLOSE}{trail}"

    def mark_all(self, value: Any, origin) -> Any:
        """Every string leaf of a JSON value marked (dict keys are structure, left alone)."""
        if isinstance(value, dict):
            return {key: self.mark_all(item, origin) for key, item in value.items()}
        if isinstance(value, (list, tuple)):
            return type(value)(self.mark_all(item, origin) for item in value)
        return self.mark(value, origin)


def _marked_message(marker: _Marker, index: int, message: Any) -> Any:
    if not isinstance(message, dict):
        return message
    role = message.get("role") if isinstance(message.get("role"), str) else None
    out = dict(message)
    for key, value in message.items():
        if key == "content":
            if isinstance(value, str):
                out[key] = marker.mark(value, (index, role, "content"))
            elif isinstance(value, list):  # content blocks: their text is content
                out[key] = [{**block, "text": marker.mark(block["text"], (index, role, "content"))}
                            if isinstance(block, dict) and "text" in block else block
                            for block in value]
        elif key in REASONING_FIELDS:
            out[key] = marker.mark(value, (index, role, "reasoning"))
        elif key == "tool_calls" and isinstance(value, list):
            out[key] = [_marked_tool_call(marker, index, role, call) for call in value]
    return out


def _marked_tool_call(marker: _Marker, index: int, role, call: Any) -> Any:
    if not isinstance(call, dict):
        return call
    function = call.get("function")
    if isinstance(function, dict) and "arguments" in function:
        return {**call, "function": {**function, "arguments": marker.mark_all(
            function["arguments"], (index, role, "tool_call_arguments"))}}
    if "arguments" in call:
        return {**call, "arguments": marker.mark_all(call["arguments"],
                                                     (index, role, "tool_call_arguments"))}
    return call


def split_segments(template: str, messages: list, *, tools: list | None = None,
                   documents: list | None = None, render_with=None, marked=None,
                   **options) -> Segmentation:
    """The render of ``messages`` (same options as :func:`~core.chat.render.render`) with its
    segments. Raises what :func:`render` raises. ``render_with``: another renderer with the same
    signature (a bounded one, for untrusted templates). ``marked``: :func:`mark_conversation`
    of these messages, tools and documents, when already made (a report asks for the marked
    render beforehand, with the same objects)."""
    render = render_with or _render
    plain = render(template, messages, tools=tools, documents=documents, **options).text
    marker, (marked_messages, marked_options) = (
        marked if marked is not None else _marked(messages, tools, documents))
    try:
        marked = render(template, marked_messages, **marked_options, **options).text
    except Exception:  # noqa: BLE001 - markers upset this template; locate by search instead
        marked = None
    if marked is not None and _ANY_MARKER.sub("", marked) == plain:
        return Segmentation(plain, _from_markers(marked, marker.origins), exact=True)
    return _by_search(plain, marker.origins)


def mark_conversation(messages: list, tools: list | None = None,
                      documents: list | None = None):
    """The conversation with its text marked, for :func:`segment_renders` and
    :func:`split_segments` to share (marking a long chat's every string twice cost a report
    as much as its checks)."""
    return _marked(messages, tools, documents)


def segment_renders(messages: list, *, tools: list | None = None,
                    documents: list | None = None, marked=None) -> list[tuple[list, dict]]:
    """The renders :func:`split_segments` asks for, as ``(messages, options)``: the plain one
    and the marked one (add the caller's other options), so a caller can have them rendered
    at once.

    >>> [(m[0]["content"] == "hi", o) for m, o in segment_renders([{"content": "hi"}])]
    [(True, {'tools': None, 'documents': None}), (False, {'tools': None, 'documents': None})]
    """
    return [(messages, {"tools": tools, "documents": documents}),
            (marked if marked is not None else _marked(messages, tools, documents))[1]]


def _marked(messages: list, tools, documents) -> tuple[_Marker, tuple[list, dict]]:
    """The marker, and the messages with tools and documents (as ``options``) marked."""
    marker = _Marker()
    marked_messages = [_marked_message(marker, i, m) for i, m in enumerate(messages)]
    marked_tools = marker.mark_all(tools, (None, None, "tools")) if tools is not None else None
    marked_documents = (marker.mark_all(documents, (None, None, "documents"))
                        if documents is not None else None)
    return marker, (marked_messages, {"tools": marked_tools, "documents": marked_documents})


def _from_markers(marked: str, origins: list[_Origin]) -> tuple[Segment, ...]:
    segments: list[Segment] = []
    position = 0  # in the text without markers
    last = 0  # in the marked text
    for match in _MARKED.finditer(marked):
        before = _ANY_MARKER.sub("", marked[last:match.start()])
        _template(segments, position, position + len(before))
        position += len(before)
        body = _ANY_MARKER.sub("", match.group(2))
        origin = origins[ord(match.group(1)) - _ID_BASE]
        if body:
            segments.append(_segment(position, position + len(body), "content", origin.message,
                                     origin.role, origin.field))
        position += len(body)
        last = match.end()
    rest = _ANY_MARKER.sub("", marked[last:])
    _template(segments, position, position + len(rest))
    return tuple(segments)


def _template(segments: list[Segment], start: int, end: int) -> None:
    if end > start:
        segments.append(_segment(start, end, "template", None, None, None))


def _segment(start, end, source, message, role, field) -> Segment:
    """``Segment(...)``, without the frozen dataclass' ``__init__`` (an ``object.__setattr__``
    per field: half the cost of a 50-message chat's segments); an equal object."""
    segment = _new_object(Segment)
    _set_attribute(segment, "__dict__", {"start": start, "end": end, "source": source,
                                         "message": message, "role": role, "field": field})
    return segment


_new_object, _set_attribute = object.__new__, object.__setattr__


def _by_search(plain: str, origins: list[_Origin]) -> Segmentation:
    """Each message text found in order after the previous one; tool definitions and
    documents (formatted by the template) are not searched."""
    segments: list[Segment] = []
    unlocated = []
    cursor = 0
    for origin in origins:
        at = plain.find(origin.text, cursor) if origin.message is not None else -1
        if at < 0:
            unlocated.append((origin.message, origin.field))
            continue
        _template(segments, cursor, at)
        segments.append(Segment(at, at + len(origin.text), "content", origin.message,
                                origin.role, origin.field))
        cursor = at + len(origin.text)
    _template(segments, cursor, len(plain))
    return Segmentation(plain, tuple(segments), exact=False, unlocated=tuple(unlocated))
