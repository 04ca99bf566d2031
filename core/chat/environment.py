"""The Jinja sandbox chat templates run in, configured as transformers 5 configures it.

transformers (``utils/chat_template_utils.py``) renders with an ``ImmutableSandboxedEnvironment``
with ``trim_blocks``, ``lstrip_blocks``, the ``loopcontrols`` extension and a ``{% generation %}``
tag; its globals are ``raise_exception``, ``strftime_now``, a ``dict`` without attribute tricks
and a ``namespace`` that refuses ``_``-names; its ``tojson`` filter is ``json.dumps`` without HTML
escaping. This module builds the same environment, with two additions that never change what a
template renders: the clock behind ``strftime_now`` is injectable, and string/list repetition
(``'x' * n``) is checked against the render's output limit *before* it allocates. Its undefined
value (:class:`RecordingUndefined`) behaves as Jinja's default one, which transformers uses, and
notes the name of each undefined variable the template reads (``{{ bos_token }}`` on a tokenizer
that names no BOS renders nothing, silently).

>>> template = compile_template("{{ messages[0]['content'] | tojson }}")
>>> template.render(messages=[{"content": "é<"}])
'"é<"'
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from dataclasses import dataclass, field
from datetime import datetime
from functools import lru_cache
from typing import Callable

import jinja2
import jinja2.ext
import jinja2.nodes
from jinja2.runtime import LoopContext
from jinja2.exceptions import SecurityError, TemplateError
from jinja2.sandbox import ImmutableSandboxedEnvironment
from jinja2.utils import Namespace


@dataclass
class RenderState:
    """What one render shares with the environment's hooks.

    ``emitted`` is the number of characters the top-level render has yielded so far: a
    ``{% generation %}`` span starts there, as transformers measures it.
    """

    clock: Callable[[], datetime] = datetime.now
    max_chars: int | None = None
    emitted: int = 0
    generation_spans: list[tuple[int, int]] = field(default_factory=list)
    undefined_reads: list[str] = field(default_factory=list)  # in the order first read


_STATE: ContextVar[RenderState | None] = ContextVar("chat_render_state", default=None)


def current_state() -> RenderState:
    """The state of the render running in this context (a default one outside a render)."""
    state = _STATE.get()
    return state if state is not None else RenderState()


def activate(state: RenderState):
    """Make ``state`` the current render's state; returns the token for :func:`deactivate`."""
    return _STATE.set(state)


def deactivate(token) -> None:
    _STATE.reset(token)


class GenerationTag(jinja2.ext.Extension):
    """``{% generation %}...{% endgeneration %}``: renders its body and records where it lands.

    The span is (characters yielded before the block, that + the body's length), which is what
    transformers records; it is exact when the tag is at the top level of the template (not
    inside a macro), as in every template that uses it.
    """

    tags = {"generation"}

    def parse(self, parser):
        lineno = next(parser.stream).lineno
        body = parser.parse_statements(("name:endgeneration",), drop_needle=True)
        call = self.call_method("_record_generation")
        return jinja2.nodes.CallBlock(call, [], [], body).set_lineno(lineno)

    def _record_generation(self, caller) -> str:
        text = caller()
        state = _STATE.get()
        if state is not None:
            state.generation_spans.append((state.emitted, state.emitted + len(text)))
        return text


def raise_exception(message):
    """The template's way to refuse an input: a ``TemplateError`` with the template's words."""
    raise TemplateError(message)


def tojson(value, ensure_ascii=False, indent=None, separators=None, sort_keys=False):
    """``json.dumps`` with transformers' defaults: non-ASCII kept, no HTML escaping."""
    return json.dumps(value, ensure_ascii=ensure_ascii, indent=indent, separators=separators,
                      sort_keys=sort_keys)


def strftime_now(format):
    """The current time (the render's clock) formatted with ``strftime``."""
    return current_state().clock().strftime(format)


class _DictFactory:
    """``dict(...)`` and ``dict.fromkeys(...)`` in a template, and nothing else of ``dict``."""

    def __call__(self, *args, **kwargs):
        return dict(*args, **kwargs)

    def fromkeys(self, *args, **kwargs):
        return dict.fromkeys(*args, **kwargs)


def _check_namespace_name(name) -> None:
    if isinstance(name, str) and name.startswith("_"):
        raise SecurityError(
            "Chat templates cannot store underscore-prefixed attributes on a namespace, but got "
            f"{name!r}. Please rename the attribute.")


class _SafeNamespace(Namespace):
    """Jinja's ``namespace`` refusing ``_``-names, so no dunder can be planted on it."""

    def __init__(*args, **kwargs):  # noqa: N805 - Namespace's trick: ``self=`` allowed
        self, args = args[0], args[1:]
        attrs = dict(*args, **kwargs)
        for name in attrs:
            _check_namespace_name(name)
        Namespace.__init__(self, attrs)

    def __setitem__(self, name, value):
        _check_namespace_name(name)
        Namespace.__setitem__(self, name, value)


class ChatSandbox(ImmutableSandboxedEnvironment):
    """The sandbox, plus a size check on ``*`` so ``'x' * 10**10`` fails before allocating."""

    intercepted_binops = frozenset({"*"})

    def call_binop(self, context, operator, left, right):
        if operator == "*":
            _check_repeat(left, right)
            _check_repeat(right, left)
        return super().call_binop(context, operator, left, right)

    def getattr(self, obj, attribute):
        """``obj.attribute``: Jinja's answer, found at once for a plain dict's key and for
        a plain value of ``loop`` or a namespace (the tests hold it equal to Jinja's own).

        Jinja tries the attribute first and reads the item on its ``AttributeError``; a
        plain dict (every message, tool and call a template sees: :mod:`~core.chat.messages`
        builds them) has no attribute but those of ``dict`` itself, so for any other name
        the item is read straight away (the exception raised and caught for each
        ``message.role`` was a third of a 50-message render). An attribute found is then
        checked (internal types, mutating methods: abstract-class checks, another third).

        >>> env = build_environment()
        >>> env.getattr({"role": "user"}, "role"), env.getattr({"items": 1}, "items")
        ('user', <built-in method items of dict object at ...>)
        >>> env.getattr({}, "role")
        Undefined
        """
        if type(attribute) is str:
            kind = type(obj)
            if kind is dict and attribute not in _DICT_ATTRIBUTES:
                try:
                    return obj[attribute]
                except KeyError:
                    return self.undefined(obj=obj, name=attribute)
            if kind in _SAFE_HOLDERS and not attribute.startswith("_"):
                # ``loop.last``, ``ns.index``: Jinja's checks pass any such name of these
                # (no internal type, no mutating method); only a ``str.format`` kept on a
                # namespace would be wrapped, so a value of a plain type is answered at once
                try:
                    value = getattr(obj, attribute)
                except AttributeError:
                    pass  # the item, or undefined: Jinja's way below
                else:
                    if type(value) in _PLAIN_VALUES:
                        return value
        return super().getattr(obj, attribute)


# what ``getattr`` finds on a plain dict: the attributes of its class and of ``object``
_DICT_ATTRIBUTES = frozenset(name for cls in dict.__mro__ for name in vars(cls))
# a template's loop variable and namespaces: Jinja's sandbox finds every attribute of theirs
# not named with ``_`` safe
_SAFE_HOLDERS = frozenset({LoopContext, Namespace, _SafeNamespace})
_PLAIN_VALUES = frozenset({str, int, float, bool, type(None), list, dict, tuple})


def _check_repeat(sequence, times) -> None:
    if isinstance(sequence, (str, list, tuple)) and isinstance(times, int):
        limit = current_state().max_chars
        if limit is not None and len(sequence) * times > limit:
            raise OutputLimitExceeded(limit)


class OutputLimitExceeded(Exception):
    """The render would produce more than its output limit (characters)."""

    def __init__(self, limit: int):
        self.limit = limit
        super().__init__(f"the template produced more than {limit:,} characters; stopped")


class RecordingUndefined(jinja2.Undefined):
    """Jinja's default undefined value (printed as nothing, false, empty), which records in
    the running render the name of a template *variable* read while undefined: printed,
    tested for truth, iterated, measured or compared. ``x is defined`` and ``x | default(..)``
    only look at the value's type, so a guarded read is no read; an undefined attribute or
    item (``message.tool_calls``) is not a variable and is not recorded.

    >>> t = compile_template("{% if x is defined %}{{ x }}{% endif %}[{{ bos_token }}]")
    >>> state = RenderState()
    >>> token = activate(state)
    >>> t.render(), state.undefined_reads
    ('[]', ['bos_token'])
    >>> deactivate(token)
    """

    __slots__ = ()

    def _read(self) -> None:
        state = _STATE.get()
        name = self._undefined_name
        if (state is not None and self._undefined_obj is jinja2.utils.missing
                and isinstance(name, str) and name not in state.undefined_reads):
            state.undefined_reads.append(name)

    def __str__(self) -> str:
        self._read()
        return super().__str__()

    def __bool__(self) -> bool:
        self._read()
        return super().__bool__()

    def __iter__(self):
        self._read()
        return super().__iter__()

    def __len__(self) -> int:
        self._read()
        return super().__len__()

    def __eq__(self, other) -> bool:
        self._read()
        return super().__eq__(other)

    def __ne__(self, other) -> bool:
        self._read()
        return super().__ne__(other)

    __hash__ = jinja2.Undefined.__hash__


def build_environment() -> ChatSandbox:
    """A fresh sandbox with transformers' settings, filters and globals."""
    env = ChatSandbox(trim_blocks=True, lstrip_blocks=True, undefined=RecordingUndefined,
                      extensions=[GenerationTag, jinja2.ext.loopcontrols])
    env.filters["tojson"] = tojson
    env.globals["raise_exception"] = raise_exception
    env.globals["strftime_now"] = strftime_now
    env.globals["dict"] = _DictFactory()
    env.globals["namespace"] = _SafeNamespace
    return env


@lru_cache(maxsize=64)
def compile_template(source: str) -> jinja2.Template:
    """The compiled template (cached by source); raises Jinja's ``TemplateSyntaxError``."""
    return build_environment().from_string(source)
