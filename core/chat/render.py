"""Render a conversation with a chat template, byte for byte as transformers 5 does.

This is ``tokenizer.apply_chat_template(conversation, tokenize=False, ...)`` without a tokenizer:
the named special tokens (``bos_token``, ``eos_token``, ...) come in as ``special_tokens``, extra
template variables (``enable_thinking``, ``date_string``) as ``variables`` — which win over the
special tokens, as transformers' keyword arguments do. Every failure, the template's own
(``raise_exception``) or Jinja's, becomes a :class:`ChatTemplateError` with the error's type name,
its message and, where the template is at fault, the template line.

>>> render("{% for m in messages %}<{{ m.role }}>{{ m.content }}{% endfor %}",
...        [{"role": "user", "content": "hi"}]).text
'<user>hi'
>>> render("{{ raise_exception('no system') }}", [{"role": "system", "content": ""}])
Traceback (most recent call last):
core.chat.errors.ChatTemplateError: line 1: TemplateError: no system
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Callable

import jinja2

from ..notes import note
from .environment import (OutputLimitExceeded, RenderState, activate, compile_template,
                          deactivate)
from .errors import ChatTemplateError, RenderLimitError
from .messages import REASONING_FIELDS, check_messages, plain_data, prepare_messages

# 100 MB of UTF-8 is at least this many characters; nothing a model reads comes near it.
DEFAULT_MAX_CHARS = 32 * 1024 * 1024
_CONTINUE_TAG = "CONTINUE_FINAL_MESSAGE_TAG "


@dataclass(frozen=True)
class Rendered:
    """The rendered text, the ``{% generation %}`` spans (start, end) recorded in it, and the
    template variables it read while they were undefined (``bos_token`` where the tokenizer
    names none: rendered as nothing), in the order first read."""

    text: str
    generation_spans: tuple[tuple[int, int], ...] = field(default_factory=tuple)
    undefined_reads: tuple[str, ...] = field(default_factory=tuple)
    # rendered with ``unless_differs_from``: stopped where the output left that text (``text``
    # is then what was written up to there)
    differs: bool = False


def render(template: str, messages: list, *, tools: list | None = None,
           documents: list | None = None, add_generation_prompt: bool = False,
           continue_final_message: bool | str = False, special_tokens: dict | None = None,
           variables: dict | None = None, clock: Callable[[], datetime] = datetime.now,
           max_chars: int | None = DEFAULT_MAX_CHARS,
           prepare: Callable[[list], list[dict]] = prepare_messages,
           unless_differs_from: str | None = None) -> Rendered:
    """``apply_chat_template(messages, tokenize=False, ...)`` of transformers 5.

    Args:
        template: the Jinja source.
        messages: the conversation (dicts with ``role``, ``content``, ``tool_calls``, ...).
        continue_final_message: True (continue ``content``) or the name of the field to
            continue; the render is cut just after that field's text, with no end-of-turn.
        special_tokens: named special tokens as strings (``{"eos_token": "</s>"}``).
        variables: further template variables; they override ``special_tokens``.
        clock: what ``strftime_now`` reads.
        max_chars: stop (:class:`RenderLimitError`) past this many characters of output.
        prepare: what makes the messages the template sees (a
            :class:`~core.chat.messages.PreparedMessages` shares that work between renders).
        unless_differs_from: a text the caller only compares the render with: the render
            stops where its output stops being the start of it (``differs`` is then True; an
            error or limit the template would have met later is not met).

    Raises:
        ChatTemplateError: the template or the input failed, named as transformers names it.
    """
    try:
        return _render(template, messages, tools, documents, add_generation_prompt,
                       continue_final_message, {**(special_tokens or {}), **(variables or {})},
                       RenderState(clock=clock, max_chars=max_chars), prepare,
                       unless_differs_from)
    except OutputLimitExceeded as exc:
        raise RenderLimitError.of_note("OutputLimit", note("chat.render_output_limit",
                                                           limit=exc.limit)) from None
    except jinja2.TemplateSyntaxError as exc:
        raise ChatTemplateError(type(exc).__name__, exc.message or "", line=exc.lineno) from None
    except RecursionError as exc:
        # the English detail stays Python's own, as transformers reports it; the note words it
        raise ChatTemplateError(type(exc).__name__, str(exc),
                                note=note("chat.render_recursion")) from None
    except MemoryError:
        raise RenderLimitError.of_note("MemoryError", note("chat.render_out_of_memory")) from None
    except Exception as exc:  # noqa: BLE001 - a template may raise anything; it is reported, typed
        raise ChatTemplateError(type(exc).__name__, _message(exc),
                                line=_template_line(exc.__traceback__)) from None


def _message(exc: BaseException) -> str:
    if isinstance(exc, jinja2.TemplateError):
        return exc.message or ""
    return str(exc)


def _template_line(tb) -> int | None:
    """The template line of the innermost template frame in a traceback, if any.

    Jinja rewrites tracebacks so template frames carry the template's file name and line.
    """
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def _render(template, messages, tools, documents, add_generation_prompt, continue_final_message,
            template_vars, state: RenderState, prepare=prepare_messages,
            unless_differs_from: str | None = None) -> Rendered:
    # The checks come in transformers' order, so the first error found is the same one.
    if isinstance(messages, (list, tuple)) and len(messages) == 0:
        raise ValueError("Cannot apply chat template to an empty conversation. "
                         "Provide at least one message.")
    check_messages(messages)  # prepared below, after the checks transformers makes first
    if continue_final_message and add_generation_prompt:
        raise ValueError(
            "continue_final_message and add_generation_prompt are not compatible. Use "
            "continue_final_message when you want the model to continue the final message, and "
            "add_generation_prompt when you want to add a header that will prompt it to start a "
            "new assistant message instead.")
    compiled = compile_template(template)
    if tools is not None:
        for tool in tools:
            if not isinstance(tool, dict):
                raise ValueError("Tools should either be a JSON schema, or a callable function "
                                 "with type hints and a docstring suitable for auto-conversion "
                                 "to a schema.")
    if documents is not None:
        for document in documents:
            if not isinstance(document, dict):
                raise TypeError("Documents should be a list of dicts with 'title' and 'text' keys!")
    tools, documents, template_vars = (plain_data(tools), plain_data(documents),
                                       plain_data(template_vars))
    if "messages" in template_vars:
        # transformers passes its variables beside messages=: Python refuses the second one
        raise TypeError("jinja2.environment.Template.render() got multiple values for keyword "
                        "argument 'messages'")
    chat = prepare(messages)
    final_text = None
    if continue_final_message:
        chat[-1] = plain_data(chat[-1])  # tagged below: a copy, the prepared one may be shared
        final_text = _tag_final_message(chat, continue_final_message, template)

    context = dict(template_vars, messages=chat, tools=tools, documents=documents,
                   add_generation_prompt=add_generation_prompt)
    if unless_differs_from is not None and not continue_final_message:
        text, differs = _generate_unless_differs(compiled, state, context, unless_differs_from)
        if differs:
            return Rendered(text, tuple(state.generation_spans), tuple(state.undefined_reads),
                            differs=True)
    else:
        text = _generate(compiled, state, context)
    if continue_final_message:
        text = _cut_at_tag(text, final_text)
    return Rendered(text, tuple(state.generation_spans), tuple(state.undefined_reads))


def _generate(compiled: jinja2.Template, state: RenderState, context: dict) -> str:
    """Render chunk by chunk, counting characters, so a growing output is stopped early."""
    token = activate(state)
    try:
        chunks = []
        for chunk in compiled.generate(**context):
            chunks.append(chunk)
            state.emitted += len(chunk)
            if state.max_chars is not None and state.emitted > state.max_chars:
                raise OutputLimitExceeded(state.max_chars)
        return "".join(chunks)
    finally:
        deactivate(token)


def _generate_unless_differs(compiled: jinja2.Template, state: RenderState, context: dict,
                             expected: str) -> tuple[str, bool]:
    """:func:`_generate`, stopped at the first chunk that leaves ``expected`` (the output is no
    longer its start): the output so far and whether it left it."""
    token = activate(state)
    generator = compiled.generate(**context)
    try:
        chunks = []
        for chunk in generator:
            if not expected.startswith(chunk, state.emitted):
                return "".join(chunks) + chunk, True
            chunks.append(chunk)
            state.emitted += len(chunk)
            if state.max_chars is not None and state.emitted > state.max_chars:
                raise OutputLimitExceeded(state.max_chars)
        return "".join(chunks), False
    finally:
        generator.close()
        deactivate(token)


def _tag_final_message(chat: list[dict], field: bool | str, template: str) -> str:
    """Append the continuation tag to the final message's field; returns the text continued.

    The tag shows, after the render, where the final message's text ends.
    """
    field = field if isinstance(field, str) else "content"
    final = chat[-1].get(field)
    if final is None:
        raise ValueError(f'continue_final_message is set but the final message has no "{field}" '
                         "to continue!")
    fields = [field]
    if field in REASONING_FIELDS:
        # reasoning is copied under several names: tag each copy, whichever the template reads
        fields = [name for name in REASONING_FIELDS if chat[-1].get(name) == final]
    if not any(name in template for name in fields):
        raise ValueError(f'continue_final_message is set to "{field}" but this is not an accepted '
                         "field in the chat_template")
    if isinstance(final, (list, tuple)):
        for block in reversed(final):
            if "text" in block:
                final = block["text"]
                block["text"] = block["text"] + _CONTINUE_TAG
                return final
        raise ValueError("continue_final_message is set but we could not find any text to "
                         "continue in the final message!")
    for name in fields:
        chat[-1][name] = chat[-1][name] + _CONTINUE_TAG
    return final


def _cut_at_tag(text: str, final_text: str) -> str:
    """The render up to where the continued message's text ends."""
    tag = _CONTINUE_TAG.strip()
    if final_text.strip() not in text or tag not in text:
        raise ValueError(
            "continue_final_message is set but the final message does not appear in the chat "
            "after applying the chat template! This can happen if the chat template deletes "
            "portions of the final message. Please verify the chat template and final message "
            "in your chat to ensure they are compatible."
            f"Final message to continue: {final_text.strip()}\nRendered chat:\n{text}")
    at = text.rindex(tag)
    if text[at:at + len(_CONTINUE_TAG)] == _CONTINUE_TAG:
        return text[:at]
    # the template trimmed the tag's trailing space, so it trims the message's too
    return text[:at].rstrip()
