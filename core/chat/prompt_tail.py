"""What the generation prompt adds to a render, from a small render of the template's end.

The check ``chat.no_generation_prompt`` asks what ``add_generation_prompt=True`` adds to the
conversation's render. Rendering the whole conversation again for it doubles a report's
render work, yet a template reads the flag almost always once, after its loop over the
messages (``{% if add_generation_prompt %}<|im_start|>assistant\\n{% endif %}``). Everything
the template writes before its first statement that reads the flag is the same either way;
so, when the statements from there on (the *tail*) read no name the statements before it
set, the render with the flag is the render without it less the tail's text without the
flag, plus the tail's text with it. The tail is a piece of the template source that Jinja
parses into exactly those statements (checked node for node). Used only when it reads
neither the messages nor the tools nor the documents: then its text depends on the template,
the named special tokens and the variables alone, so two renders of a few lines (with a
one-message stand-in conversation) say it for every conversation, and
:class:`TailTexts` keeps them between reports.

A template that never reads the flag (Mistral's) writes the same either way: nothing to render.

>>> tail = generation_prompt_tail("{% for m in messages %}{{ m }}{% endfor %}"
...                               "{% if add_generation_prompt %}<go>{% endif %}")
>>> tail.source
'{% if add_generation_prompt %}<go>{% endif %}'
>>> generation_prompt_tail("{{ messages }}").reads_flag
False
>>> generation_prompt_tail("{% if add_generation_prompt %}{{ messages[-1] }}{% endif %}").source
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache

import jinja2
from jinja2 import nodes

from .environment import build_environment

FLAG = "add_generation_prompt"
# what a conversation brings: a tail reading any of them is no tail
CONVERSATION = frozenset({"messages", "tools", "documents"})
# the conversation a tail is rendered with (render() refuses an empty one; the tail reads none)
STAND_IN = [{"role": "user", "content": "Hi"}]
# statements whose meaning depends on more than the names they read: no tail across them
_OPAQUE = (nodes.Extends, nodes.Block, nodes.Include, nodes.Import, nodes.FromImport)
_TAG_START = re.compile(r"\{[%{]")


@dataclass(frozen=True)
class PromptTail:
    """``reads_flag``: whether the template reads ``add_generation_prompt`` at all; ``source``:
    the tail's template source (None where no tail stands for the whole render: render the
    conversation with the flag); ``reads_clock``: whether the tail calls ``strftime_now``
    (its text is then the render's moment's)."""

    reads_flag: bool
    source: str | None = None
    reads_clock: bool = False


@lru_cache(maxsize=64)
def generation_prompt_tail(template: str) -> PromptTail:
    """The :class:`PromptTail` of ``template`` (cached by source: it does not depend on the
    conversation). A template Jinja cannot parse reads the flag, with no tail."""
    env = build_environment()
    try:
        body = [node for node in env.parse(template).body if not _defaults_flag(node)]
    except (jinja2.TemplateError, RecursionError):
        return PromptTail(True)
    first = next((i for i, node in enumerate(body) if FLAG in _loaded(node)), None)
    if first is None:  # (ChatML's default-setting first statement reads it, to no effect)
        return PromptTail(False)
    tail = body[first:]
    if any(node.find(_OPAQUE) is not None or isinstance(node, _OPAQUE) for node in body):
        return PromptTail(True)
    if any(isinstance(node, nodes.For) or node.find(nodes.For) is not None for node in tail):
        return PromptTail(True)  # a tail that loops costs what the whole render does
    set_before = set().union(*(_stored(node) for node in body[:first]))
    read = set().union(*(_loaded(node) for node in tail))
    if read & (set_before | CONVERSATION):
        return PromptTail(True)
    return PromptTail(True, _tail_source(env, template, tail), "strftime_now" in read)


def _defaults_flag(node: nodes.Node) -> bool:
    """``{% if not add_generation_prompt is defined %}{% set add_generation_prompt = false %}
    {% endif %}`` (ChatML's, DeepSeek's first statement): nothing, as the flag is always
    given (:func:`~core.chat.render.render` passes it)."""
    return (isinstance(node, nodes.If) and not node.elif_ and not node.else_
            and node.test == nodes.Not(nodes.Test(nodes.Name(FLAG, "load"), "defined", [], [],
                                                  None, None))
            and len(node.body) == 1 and isinstance(node.body[0], nodes.Assign)
            and node.body[0].target == nodes.Name(FLAG, "store"))


def _tail_source(env, template: str, tail: list) -> str | None:
    """An end of ``template``, starting at a tag on the tail's first line, that parses into
    ``tail`` (the shortest tried first: a one-line template has hundreds of tags, and a short
    end parses fast or fails fast)."""
    line_start = _line_start(template, tail[0].lineno)
    if line_start is None:
        return None
    line_end = template.find("\n", line_start)
    starts = [m.start() for m in _TAG_START.finditer(
        template, line_start, len(template) if line_end < 0 else line_end)]
    for start in reversed(starts):
        source = template[start:]
        try:
            if env.parse(source).body == tail:
                return source
        except jinja2.TemplateError:
            continue
    return None


def _line_start(text: str, line: int) -> int | None:
    """Where line ``line`` (from 1) of ``text`` starts."""
    at = 0
    for _ in range(line - 1):
        at = text.find("\n", at)
        if at < 0:
            return None
        at += 1
    return at


def _loaded(node: nodes.Node) -> set[str]:
    """The names ``node`` reads."""
    return {n.name for n in (node, *node.find_all(nodes.Name))
            if isinstance(n, nodes.Name) and n.ctx == "load"}


def _stored(node: nodes.Node) -> set[str]:
    """The names ``node`` may set, anywhere inside it (a ``set`` in an ``if`` sets a
    template-level name; in a loop it does not, but counting it is only stricter)."""
    inside = [node, *node.find_all((nodes.Name, nodes.NSRef, nodes.Macro))]
    return ({n.name for n in inside if isinstance(n, nodes.Name) and n.ctx in ("store", "param")}
            | {n.name for n in inside if isinstance(n, (nodes.NSRef, nodes.Macro))})


def prompt_text(text: str, tail_without: str, tail_with: str) -> str | None:
    """What the generation prompt adds to ``text`` (the conversation's render without it),
    from the tail rendered without (``tail_without``) and with it: as a render of the whole
    conversation with the flag would give (``prompted[len(text):]`` when the render with the
    flag extends ``text``, else all of it); None when ``text`` does not end with
    ``tail_without`` (the tail is not what the template wrote: render the conversation).

    >>> prompt_text("<a><b>", "<b>", "<b><go>")
    '<go>'
    """
    if not text.endswith(tail_without):
        return None
    prompted = text[:len(text) - len(tail_without)] + tail_with
    return prompted[len(text):] if prompted.startswith(text) else prompted


class TailTexts:
    """The tails' two texts (without and with the flag; None for a render that failed), kept
    per tail source, named special tokens, variables and, for a tail that reads the clock, the
    frozen time (none kept without one); the last few only.

    >>> texts = TailTexts()
    >>> key = texts.key(PromptTail(True, "t"), {"eos_token": "</s>"}, None, None)
    >>> texts.get(key), texts.put(key, ("", "<go>")), texts.get(key)
    (None, None, ('', '<go>'))
    """

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._texts: dict[tuple, tuple[str | None, str | None]] = {}

    def key(self, tail: PromptTail, special_tokens, variables, now) -> tuple | None:
        if tail.reads_clock and now is None:
            return None  # the live clock: a text of another moment
        shown = json.dumps([special_tokens, variables], sort_keys=True, default=repr)
        return tail.source, shown, now if tail.reads_clock else None

    def get(self, key) -> tuple[str | None, str | None] | None:
        return self._texts.get(key) if key is not None else None

    def put(self, key, texts: tuple[str | None, str | None]) -> None:
        if key is None:
            return
        if len(self._texts) >= self.size:
            self._texts.pop(next(iter(self._texts)))
        self._texts[key] = texts
