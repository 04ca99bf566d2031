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
from ..notes import note
from ..text.json_errors import json_problem


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
        raise FormatError.of(note("json.invalid", problem=json_problem(err)), path=path, line=err.lineno,
                             column=err.colno) from None
    tools = documents = None
    if isinstance(data, dict):
        unknown = sorted(set(data) - {"messages", "tools", "documents"})
        if unknown:
            raise FormatError.of(note("conversation.unknown_keys", keys=str(unknown)), path=path)
        tools, documents = data.get("tools"), data.get("documents")
        for name, value in (("tools", tools), ("documents", documents)):
            if value is not None and not isinstance(value, list):
                raise FormatError.of(note("conversation.not_list", key=name), path=path)
            for i, item in enumerate(value or []):
                if not isinstance(item, dict):
                    raise FormatError.of(note("conversation.item_not_object", key=name, item=i),
                                         path=path)
        data = data.get("messages")
    if not isinstance(data, list):
        raise FormatError.of(note("conversation.shape"), path=path)
    if not data:
        raise FormatError.of(note("conversation.no_messages"), path=path)
    for i, message in enumerate(data):
        if not isinstance(message, dict):
            raise FormatError.of(note("conversation.message_not_object", message=i), path=path)
        if not isinstance(message.get("role"), str):
            raise FormatError.of(note("conversation.no_role", message=i), path=path)
    return Conversation(data, tools, documents)
