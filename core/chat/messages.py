"""What a conversation becomes before a template sees it, as transformers 5 prepares it.

transformers (``apply_chat_template`` and ``render_jinja_template``) drops the keys whose value is
``None`` (``content: null`` and ``tool_calls: null`` from OpenAI-style APIs), rebuilds every value
out of plain JSON types (anything else becomes a ``"<TypeName>"`` placeholder), and copies a
message's reasoning found under ``thinking`` or ``reasoning`` to ``reasoning_content`` (and to
``thinking``, which gpt-oss templates read).

>>> prepare_messages([{"role": "assistant", "content": None, "reasoning": "hm"}])
[{'thinking': 'hm', 'role': 'assistant', 'reasoning': 'hm', 'reasoning_content': 'hm'}]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np

# Names a message's reasoning goes under; templates read the first.
REASONING_FIELDS = ("reasoning_content", "thinking", "reasoning")


def plain_data(value: Any) -> Any:
    """A fresh copy of ``value`` built only of JSON types (tuples kept as tuples).

    Subclasses of str/int/float lose their extra methods, which the sandbox does not know to
    refuse; any other object becomes an inert ``"<TypeName>"``.

    >>> plain_data({"a": (1, 2.0), "b": object()})
    {'a': (1, 2.0), 'b': '<object>'}
    """
    kind = type(value)
    if value is None or kind in _JSON_SCALARS:
        return value
    # a conversation is plain dicts and lists (as JSON gives them): those first, without the
    # checks below (a Mapping's is an abstract-class check, a message's render paid it per
    # value, 150 messages a report)
    if kind is dict:
        return {plain_data(key): plain_data(item) for key, item in value.items()}
    if kind is list:
        return [plain_data(item) for item in value]
    if isinstance(value, str):
        return str.__str__(value)
    if isinstance(value, int):
        return int.__int__(value)
    if isinstance(value, float):
        return float.__float__(value)
    if isinstance(value, Mapping):
        return {plain_data(key): plain_data(item) for key, item in value.items()}
    if isinstance(value, list):
        return [plain_data(item) for item in value]
    if isinstance(value, tuple):
        return tuple(plain_data(item) for item in value)
    if isinstance(value, np.generic):  # np.bool_(False) must not become a truthy "<bool_>"
        return plain_data(value.item())
    return f"<{type(value).__name__}>"


_JSON_SCALARS = frozenset({str, int, float, bool})


def drop_none_values(messages: list) -> list[dict]:
    """Each message without its ``None``-valued keys; a message that is not a dict is an error.

    Raises:
        TypeError: with transformers' words, for a message that is not a dict.
    """
    out = []
    for message in messages:
        if type(message) is not dict and not isinstance(message, Mapping):
            raise TypeError("Chat messages should be dicts, dataclasses or pydantic models, "
                            f"but got {message!r}.")
        out.append({key: value for key, value in message.items() if value is not None})
    return out


def check_messages(messages: list) -> None:
    """Raise what :func:`drop_none_values` raises, where it raises it, without its copies
    (a render checks its messages first, in transformers' order, and prepares them later:
    each render of a report copied its fifty messages only to check them).

    >>> check_messages([{"role": "user"}, "hi"])
    Traceback (most recent call last):
    TypeError: Chat messages should be dicts, dataclasses or pydantic models, but got 'hi'.
    """
    for message in messages:
        if type(message) is not dict:  # a plain dict's items() cannot fail: no copy needed
            drop_none_values([message])


def alias_reasoning(messages: list[dict]) -> list[dict]:
    """Reasoning under any of its names also under ``thinking`` and ``reasoning_content``.

    Key order matters to templates that iterate a message: ``thinking`` goes first (unless the
    message has it already), ``reasoning_content`` last, as transformers builds them.
    """
    out = []
    for message in messages:
        reasoning = next((message[key] for key in REASONING_FIELDS
                          if message.get(key) is not None), None)
        if reasoning is not None:
            message = {"thinking": reasoning, **message, "reasoning_content": reasoning}
        out.append(message)
    return out


def prepare_messages(messages: list) -> list[dict]:
    """The messages a template sees: None-valued keys dropped, plain data, reasoning aliased."""
    return alias_reasoning(plain_data(drop_none_values(messages)))


class PreparedMessages:
    """:func:`prepare_messages` with each message object prepared once while this lives.

    The renders of one batch repeat the same messages (a chat's prefixes: some 1,300 message
    preparations for a 50-message report, a third of its render time); a template cannot
    change what it is given (the sandbox refuses every mutating method), so the renders can
    share the prepared copies.

    >>> prepare = PreparedMessages()
    >>> hi = {"role": "user", "content": "hi", "name": None}
    >>> prepare([hi])[0] is prepare([hi, hi])[1], prepare([hi])
    (True, [{'role': 'user', 'content': 'hi'}])
    """

    def __init__(self):
        self._seen: dict[int, tuple[object, dict]] = {}

    def __call__(self, messages: list) -> list[dict]:
        known = self._seen
        messages = messages if isinstance(messages, list) else list(messages)  # read twice
        fresh = [message for message in messages
                 if (seen := known.get(id(message))) is None or seen[0] is not message]
        # the new ones prepared in one call (one per message cost a trip's first render,
        # which the report waits for, a tenth of its time)
        for message, prepared in zip(fresh, prepare_messages(fresh) if fresh else ()):
            # kept with the message: its id cannot be reused while it is here
            known[id(message)] = (message, prepared)
        return [known[id(message)][1] for message in messages]
