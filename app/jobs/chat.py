"""The Chat pane's job: one call of the core's
:func:`core.chat.report.chat_report` (the function ``tokbench chat`` calls), through the pane's
long-lived :class:`~core.chat.bounded.BoundedRenderer`, and the chip labels only a view needs.
A template error is a result here, not an exception: the pane marks its line in the editor.

>>> from core.chat import CHATML, BoundedRenderer
>>> from core.chat.conversation import Conversation
>>> with BoundedRenderer() as renderer:  # doctest: +SKIP
...     out = run_chat(ChatRequest(CHATML, Conversation([{"role": "user", "content": "hi"}])),
...                    renderer)
>>> out.report.text, out.error  # doctest: +SKIP
('<|im_start|>user\\nhi<|im_end|>\\n', None)
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from datetime import datetime

from core.chat import BoundedRenderer, ChatTemplateError
from core.chat.conversation import Conversation
from core.chat.report import chat_report
from core.chat.result import ChatReport, tokens_in_span
from core.text.offsets import visible_bytes

__all__ = ["ChatOutcome", "ChatRequest", "run_chat", "shared_labels", "tokens_in_span"]


@dataclass(frozen=True)
class ChatRequest:
    """Everything one render depends on (the pane builds it from its editors): the template,
    the conversation, the tokenizer (its runtime and :class:`~core.formats.configs.Configs`; the
    template gets its named special tokens), variables and switches."""

    template: str
    conversation: Conversation
    runtime: object = None
    configs: object = None
    variables: dict = field(default_factory=dict)
    add_generation_prompt: bool = False
    continue_final_message: bool = False
    now: datetime | None = None
    context: int | None = None


@dataclass(frozen=True)
class ChatOutcome:
    """A finished render: the core's :class:`~core.chat.result.ChatReport` (its
    ``to_json()`` is what ``tokbench chat --json`` prints), or the template error that ended
    it. ``labels``: what a chip shows for a token that shares a character with its neighbour
    (its bytes, ``<F0 9F>``), by token index."""

    request: ChatRequest
    report: ChatReport | None = None
    error: ChatTemplateError | None = None
    seconds: float = 0.0
    labels: dict = field(default_factory=dict)


def run_chat(request: ChatRequest, renderer: BoundedRenderer) -> ChatOutcome:
    """Render, encode and check ``request``; a template error comes back in ``error``."""
    started = time.perf_counter()
    try:
        report = chat_report(
            request.template, request.conversation, runtime=request.runtime,
            configs=request.configs, variables=request.variables,
            add_generation_prompt=request.add_generation_prompt,
            continue_final_message=request.continue_final_message, now=request.now,
            context=request.context, renderer=renderer)
    except ChatTemplateError as err:
        return ChatOutcome(request, error=err, seconds=time.perf_counter() - started)
    return ChatOutcome(request, report, seconds=time.perf_counter() - started,
                       labels=shared_labels(report.tokens or (), request.runtime))


def shared_labels(tokens, runtime) -> dict[int, str]:
    """Chip labels of the tokens (:class:`~core.chat.tokens.ChatToken`) that share a
    character with a neighbour (a byte-level token holding half an emoji covers the whole
    emoji's code point): their own bytes, with the bytes of a partial character in hex, so
    the character is not shown twice."""
    out = {}
    for i, token in enumerate(tokens):
        shared = ((i > 0 and token.start < tokens[i - 1].end)
                  or (i + 1 < len(tokens) and tokens[i + 1].start < token.end))
        if shared and token.end > token.start:
            out[i] = visible_bytes(runtime.token_bytes(token.id))
    return out
