"""Checks on what a template does with a conversation, needing no tokenizer.

* ``chat.no_end_of_turn``: an assistant turn the template ends with no end-of-turn or EOS
  literal (a model trained on the render never learns to stop);
* ``chat.system_dropped`` / ``chat.system_moved`` / ``chat.system_refused``: the conversation
  rendered with and without a system message (the conversation's own, else a probe one);
* ``chat.tools_dropped`` / ``chat.tool_calls_dropped``: tool definitions or an assistant's tool
  calls whose names (and argument names) do not appear in the render.

>>> [n.code for n in tool_notes("hi", [], [{"function": {"name": "get_weather"}}])]
['chat.tools_dropped']
"""

from __future__ import annotations

import json
from typing import Callable, Iterable

from ..notes import Note, note
from ..pipeline.special import ROLE_BY_CONTENT
from .errors import ChatTemplateError, RenderLimitError

END_ROLES = ("eos", "end of turn")
# a system message for templates to place when the conversation has none: words no template
# writes on its own (Qwen's default system prompt says "You are a helpful assistant")
SYSTEM_PROBE = "Reply in formal English, please."
# one object: a report's render cache keys messages by identity, so system_renders() and
# system_notes() name the same render
_SYSTEM_PROBE_MESSAGE = {"role": "system", "content": SYSTEM_PROBE}


def end_literals(template: str, named: dict | None, tokens: Iterable = ()) -> set[str]:
    """The literals that end a turn or a text: the named ``eos_token``, the special tokens whose
    role is EOS or end of turn (``tokens``: :class:`~core.pipeline.special.SpecialToken` or registry
    entries), and the well-known ones the template writes (``<|eot_id|>``, ``<end_of_turn>``).

    >>> sorted(end_literals("{{ m }}<|eot_id|>", {"eos_token": "</s>"}))
    ['</s>', '<|eot_id|>']
    """
    ends = {(named or {}).get("eos_token")}
    for item in tokens:
        token = getattr(item, "token", item)
        roles = {token.role, *(role for role, _ in getattr(item, "roles", ()))}
        if roles & set(END_ROLES):
            ends.add(token.content)
    ends |= {literal for literal, role in ROLE_BY_CONTENT.items()
             if role in END_ROLES and literal in template}
    return {e for e in ends if isinstance(e, str) and e.strip()}


def turn_tails(text: str, messages: list, turns) -> list[tuple[int, int, int]]:
    """``(message, start, end)``: what the template writes after each assistant turn's
    content (the whole turn where the content is not found in it), from
    :attr:`~core.chat.mask.PrefixSpans.turns`."""
    tails = []
    for k, start, end in turns:
        content = messages[k].get("content") if isinstance(messages[k], dict) else None
        core = content.strip() if isinstance(content, str) else ""
        at = text.rfind(core, start, end) if core else -1
        tails.append((k, at + len(core) if at >= 0 else start, end))
    return tails


def end_of_turn_notes(text: str, tails, ends: set[str]) -> list[Note]:
    """A ``chat.no_end_of_turn`` note per assistant turn whose tail holds none of ``ends``
    (no note when no end literal is known at all: nothing to judge by)."""
    if not ends:
        return []
    shown = sorted(ends)
    return [note("chat.no_end_of_turn", span=(start, end), message=k, tokens=shown)
            for k, start, end in tails if not any(e in text[start:end] for e in ends)]


def system_notes(template: str, messages: list, render: Callable, **options) -> list[Note]:
    """Render with and without a system message (the conversation's first, else
    :data:`SYSTEM_PROBE` put before it) and compare: refused (the template raises an error
    naming the system role), dropped (its text is not in the render, or the render equals the
    one without it), or moved (its text comes after the first user message's content: folded
    into the first user turn, as ``[INST]`` templates do, is not a move)."""
    variants = _system_variants(messages)
    if variants is None:
        return []
    system, with_system, rest, offset = variants
    try:
        text = render(template, with_system, **options).text
    except RenderLimitError:
        raise  # a template that hangs is stopped, not read as refusing
    except ChatTemplateError as err:
        if "system" in err.detail.lower():
            return [note("chat.system_refused", said=f"{err.kind}: {err.detail}")]
        return []
    # rendered only as far as it is the render with the system message when that is the
    # conversation's own (only their equality counts); in full when the conversation is it
    compare = {"unless_differs_from": text} if with_system is messages else {}
    try:
        without = render(template, rest, **options, **compare) if rest else None
    except RenderLimitError:
        raise
    except ChatTemplateError:  # one that demands a system message: compare by its text alone
        without = None
    same = without is not None and not getattr(without, "differs", False) and without.text == text
    core = system.strip()
    at = text.find(core)
    if at < 0 or same:
        return [note("chat.system_dropped", text=_short(core))]
    for k, message in enumerate(rest, start=offset):
        if not isinstance(message, dict) or message.get("role") != "user":
            continue
        content = message.get("content")
        if isinstance(content, str) and content.strip():
            seen = text.find(content.strip())
            if 0 <= seen < at:
                return [note("chat.system_moved", span=(at, at + len(core)), at=at, message=k,
                             role=message.get("role"))]
            break
    return []


def system_renders(messages: list, text_of=None) -> list[tuple[list, dict]]:
    """The conversations :func:`system_notes` renders (with the system message, then without
    it when anything is left) and their further options, so a caller can have them rendered
    at once. ``text_of``: what stands for the text of the render of ``messages`` in the
    caller's renderer (a :class:`~core.chat.report.RenderCache`'s ``text_of``), the
    ``unless_differs_from`` the render without the system message is made with when the
    conversation has its own.

    >>> [len(m) for m, _ in system_renders([{"role": "user", "content": "hi"}])]
    [2, 1]
    """
    variants = _system_variants(messages)
    if variants is None:
        return []
    _, with_system, rest, _ = variants
    if not rest:
        return [(with_system, {})]
    compare = ({"unless_differs_from": text_of}
               if text_of is not None and with_system is messages else {})
    return [(with_system, {}), (rest, compare)]


def _system_variants(messages: list) -> tuple[str, list, list, int] | None:
    """(system text, the conversation with it, without it, index of the first message left);
    None when the conversation's own system message is blank (nothing to look for)."""
    first = messages[0] if messages and isinstance(messages[0], dict) else {}
    if first.get("role") == "system":
        system = first.get("content")
        if not isinstance(system, str) or not system.strip():
            return None
        return system, messages, messages[1:], 1
    return SYSTEM_PROBE, [_SYSTEM_PROBE_MESSAGE, *messages], messages, 0


def tool_notes(text: str, messages: list, tools: list | None) -> list[Note]:
    """Tool definitions whose names are not in the render; per assistant message, the tool
    calls whose names or argument names are not in it."""
    notes = []
    missing = [name for name in map(_tool_name, tools or []) if name and name not in text]
    if missing:
        notes.append(note("chat.tools_dropped", names=missing))
    for k, message in enumerate(messages):
        calls = message.get("tool_calls") if isinstance(message, dict) else None
        if not isinstance(calls, list):
            continue
        missing = [part for call in calls for part in _call_parts(call)
                   if part and part not in text]
        if missing:
            notes.append(note("chat.tool_calls_dropped", message=k, role=message.get("role"),
                              names=list(dict.fromkeys(missing))))
    return notes


def _tool_name(tool) -> str | None:
    if not isinstance(tool, dict):
        return None
    function = tool.get("function")
    name = function.get("name") if isinstance(function, dict) else tool.get("name")
    return name if isinstance(name, str) else None


def _call_parts(call) -> list[str]:
    """A tool call's function name and argument names (arguments as an object or a JSON
    string of one)."""
    if not isinstance(call, dict):
        return []
    function = call.get("function") if isinstance(call.get("function"), dict) else call
    name = function.get("name")
    arguments = function.get("arguments")
    if isinstance(arguments, str):
        try:
            arguments = json.loads(arguments)
        except ValueError:
            arguments = None
    keys = [key for key in arguments if isinstance(key, str)] if isinstance(arguments, dict) else []
    return [name if isinstance(name, str) else "", *keys]


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[:limit - 1] + "…"
