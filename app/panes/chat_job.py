"""The Chat pane's work off the GUI thread: one render of the conversation, and what the views
draw from it, computed where it costs the GUI nothing.

:func:`run_chat` calls the same core as ``tokbench chat``
(:func:`core.chat.report.chat_analysis`, which also gives the render cut into template text and
message content: the views colour by it) through the pane's long-lived
:class:`~core.chat.bounded.BoundedRenderer`, and adds what only a view needs: for each
injected special-token literal the two readings side by side. A template error is a result here,
not an exception: the pane marks its line in the editor.

>>> from core.chat import CHATML, BoundedRenderer
>>> from core.chat.conversation import Conversation
>>> with BoundedRenderer() as renderer:  # doctest: +SKIP
...     out = run_chat(ChatRequest(CHATML, Conversation([{"role": "user", "content": "hi"}])),
...                    renderer)
>>> out.report["text"], out.error  # doctest: +SKIP
('<|im_start|>user\\nhi<|im_end|>\\n', None)
"""

from __future__ import annotations

import re
import time
from bisect import bisect_right
from dataclasses import dataclass, field
from datetime import datetime

from core.chat import BoundedRenderer, ChatTemplateError
from core.chat.conversation import Conversation
from core.chat.report import chat_analysis
from core.chat.segments import Segment
from core.text import visible_bytes

INJECTION_CODE = "chat.special_in_content"


@dataclass(frozen=True)
class ChatRequest:
    """Everything one render depends on (the pane builds it from its editors)."""

    template: str
    conversation: Conversation
    runtime: object = None
    special_tokens: dict = field(default_factory=dict)
    variables: dict = field(default_factory=dict)
    add_generation_prompt: bool = False
    continue_final_message: bool = False
    now: datetime | None = None
    context: int | None = None


@dataclass(frozen=True)
class Reading:
    """One reading of an injected literal: the token IDs at its place, with their pieces."""

    ids: tuple[int, ...]
    pieces: tuple[str, ...]


@dataclass(frozen=True)
class Injection:
    """A special-token literal typed in a message, and how each pipeline reads it."""

    literal: str
    span: tuple[int, int]
    message: object  # the message index, or the field (tools, documents)
    role: str
    sanitized: Reading    # the workbench's (and transformers' sanitize_control_tokens) reading
    unsanitized: Reading  # what a plain apply_chat_template(tokenize=True) feeds the model


@dataclass(frozen=True)
class ChatOutcome:
    """A finished render: the report (as ``tokbench chat --json`` prints it), the segments of
    the rendered text, the injections; or the template error that ended it.

    ``fields``: per token, the content field it came from (``tools``, ``documents``,
    ``content``...; None for template text). ``labels``: what a chip shows for a token that
    shares a character with its neighbour (its bytes, ``<F0 9F>``), by token index.
    """

    request: ChatRequest
    report: dict | None = None
    segments: tuple[Segment, ...] = ()
    injections: tuple[Injection, ...] = ()
    error: ChatTemplateError | None = None
    seconds: float = 0.0
    fields: tuple[str | None, ...] = ()
    labels: dict = field(default_factory=dict)


def run_chat(request: ChatRequest, renderer: BoundedRenderer) -> ChatOutcome:
    """Render, encode and check ``request``; a template error comes back in ``error``."""
    started = time.perf_counter()
    try:
        report, cut = chat_analysis(
            request.template, request.conversation, runtime=request.runtime,
            special_tokens=request.special_tokens, variables=request.variables,
            add_generation_prompt=request.add_generation_prompt,
            continue_final_message=request.continue_final_message, now=request.now,
            context=request.context, renderer=renderer, with_segments=True)
        segments = cut.segments
    except ChatTemplateError as err:
        return ChatOutcome(request, error=err, seconds=time.perf_counter() - started)
    injections = tuple(injection_readings(report, request.runtime))
    tokens = report.get("tokens", [])
    return ChatOutcome(request, report, segments, injections,
                       seconds=time.perf_counter() - started,
                       fields=token_fields(tokens, segments),
                       labels=shared_labels(tokens, request.runtime))


def token_fields(tokens: list[dict], segments) -> tuple[str | None, ...]:
    """Each token's content field, read from the segment holding its first character."""
    starts = [seg.start for seg in segments]
    out = []
    for token in tokens:
        k = bisect_right(starts, token["span"][0]) - 1
        seg = segments[k] if 0 <= k < len(segments) else None
        out.append(seg.field if seg is not None and token["source"] == "content" else None)
    return tuple(out)


def shared_labels(tokens: list[dict], runtime) -> dict[int, str]:
    """Chip labels of the tokens that share a character with a neighbour (a byte-level token
    holding half an emoji covers the whole emoji's code point): their own bytes, with the
    bytes of a partial character in hex, so the character is not shown twice."""
    out = {}
    for i, token in enumerate(tokens):
        start, end = token["span"]
        shared = ((i > 0 and start < tokens[i - 1]["span"][1])
                  or (i + 1 < len(tokens) and tokens[i + 1]["span"][0] < end))
        if shared and end > start:
            out[i] = visible_bytes(runtime.token_bytes(token["id"]))
    return out


def tokens_in_span(tokens: list[dict], span: tuple[int, int]) -> list[int]:
    """Indexes of the tokens whose span overlaps ``span`` (a token of no text counts when it
    sits inside it).

    >>> toks = [{"span": [0, 2]}, {"span": [2, 5]}, {"span": [5, 5]}, {"span": [5, 9]}]
    >>> tokens_in_span(toks, (3, 5)), tokens_in_span(toks, (5, 6))
    ([1], [2, 3])
    """
    start, end = span
    out = []
    for index, token in enumerate(tokens):
        s, e = token["span"]
        if (s < end and e > start) or (s == e and start <= s < end):
            out.append(index)
    return out


def injection_readings(report: dict, runtime) -> list[Injection]:
    """For each ``chat.special_in_content`` check, the sanitized tokens at the literal's place
    and the control IDs the unsanitized reading has there (named in the check)."""
    if runtime is None or "tokens" not in report:
        return []
    out = []
    tokens = report["tokens"]
    for check in report["checks"]:
        if check["code"] != INJECTION_CODE or not check.get("span"):
            continue
        span = tuple(check["span"])
        args = check.get("args", {})
        sanitized = [tokens[i] for i in tokens_in_span(tokens, span)]
        unsanitized = [int(n) for n in re.findall(r"\d+", str(args.get("ids", "")))]
        out.append(Injection(
            literal=str(args.get("literal", "")), span=span, message=args.get("message"),
            role=str(args.get("role", "")),
            sanitized=Reading(tuple(t["id"] for t in sanitized),
                              tuple(t["piece"] for t in sanitized)),
            unsanitized=Reading(tuple(unsanitized),
                                tuple(runtime.piece(i) for i in unsanitized))))
    return out
