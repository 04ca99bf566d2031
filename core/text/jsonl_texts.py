"""Texts from a JSONL file, one per line: a JSON string, or an object with a ``text`` string —
how to give texts that hold newlines where a plain file gives one text per line.

>>> jsonl_texts('"a\\\\nb"\\n{"text": "c"}\\n\\n', "t.jsonl")
['a\\nb', 'c']
"""

from __future__ import annotations

import json

from ..errors import FormatError
from ..notes import note
from .json_errors import json_problem


def jsonl_texts(data: str, path: object) -> list[str]:
    """Each non-blank line's text. Raises :class:`FormatError` naming the file and line."""
    texts = []
    for number, line in enumerate(data.split("\n"), start=1):
        if not line.strip():
            continue
        try:
            value = json.loads(line)
        except json.JSONDecodeError as err:
            raise FormatError.of(note("json.invalid", problem=json_problem(err)), path=path, line=number,
                                 column=err.colno) from None
        if isinstance(value, dict):
            value = value.get("text")
        if not isinstance(value, str):
            raise FormatError.of(note("json.not_text_line"), path=path, line=number)
        texts.append(value)
    return texts
