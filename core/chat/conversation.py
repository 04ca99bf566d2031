"""A conversation file: a list of messages, or ``{"messages": [...], "tools": [...],
"documents": [...]}``, checked with messages that name where the problem is.

>>> parse_conversation('[{"role": "user", "content": "hi"}]', "c.json").messages
[{'role': 'user', 'content': 'hi'}]
>>> parse_conversation('[{"content": "hi"}]', "c.json")
Traceback (most recent call last):
  ...
core.errors.FormatError: c.json: message 0 has no "role" (a string)
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import FormatError


@dataclass(frozen=True)
class Conversation:
    messages: list
    tools: list | None = None
    documents: list | None = None

    def to_json(self) -> dict:
        """The conversation as a file holds it (what :func:`parse_conversation` reads back):
        its messages, and its tools and documents when it has them.

        >>> Conversation([{"role": "user", "content": "hi"}], tools=[]).to_json()
        {'messages': [{'role': 'user', 'content': 'hi'}], 'tools': []}
        """
        data = {"messages": self.messages}
        for key in ("tools", "documents"):
            if getattr(self, key) is not None:
                data[key] = getattr(self, key)
        return data


def parse_conversation(text: str, path: object) -> Conversation:
    """Parse and check a conversation JSON text (``path`` names it in errors)."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise FormatError(f"invalid JSON: {err.msg}", path=path, line=err.lineno,
                          column=err.colno) from None
    tools = documents = None
    if isinstance(data, dict):
        unknown = sorted(set(data) - {"messages", "tools", "documents"})
        if unknown:
            raise FormatError(f"unknown key(s) {unknown}: a conversation holds \"messages\", "
                              "\"tools\" and \"documents\"", path=path)
        tools, documents = data.get("tools"), data.get("documents")
        for name, value in (("tools", tools), ("documents", documents)):
            if value is not None and not isinstance(value, list):
                raise FormatError(f'"{name}" must be a list', path=path)
            for i, item in enumerate(value or []):
                if not isinstance(item, dict):
                    raise FormatError(f'"{name}" item {i} is not an object', path=path)
        data = data.get("messages")
    if not isinstance(data, list):
        raise FormatError('expected a list of messages, or {"messages": [...]}', path=path)
    if not data:
        raise FormatError("the conversation has no messages", path=path)
    for i, message in enumerate(data):
        if not isinstance(message, dict):
            raise FormatError(f"message {i} is not an object", path=path)
        if not isinstance(message.get("role"), str):
            raise FormatError(f'message {i} has no "role" (a string)', path=path)
    return Conversation(data, tools, documents)
