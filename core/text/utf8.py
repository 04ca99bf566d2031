"""Decode UTF-8 from a file, naming the file, line and byte of an invalid sequence.

One helper for every reader of user files (tokenizer files, corpora, ``tokbench --file``, the
Inspect pane's text files), so the message is the same wherever a user meets it.

>>> decode_utf8(b"ok\\nbad \\xff", path="t.txt")
Traceback (most recent call last):
core.errors.FormatError: t.txt:2: invalid UTF-8 at byte 7 of the file (byte 4 of the line: 0xff)
"""

from __future__ import annotations

from ..errors import FormatError
from ..notes import note

BOM = b"\xef\xbb\xbf"


def decode_utf8(data: bytes, *, path: object = None, line: int | None = None, offset: int = 0,
                where: str = "file", policy_hint: bool = False, strip_bom: bool = False) -> str:
    """``data`` decoded as UTF-8, or a :class:`FormatError` naming line and byte.

    Args:
        data: a whole file (``line`` None: the line is counted from its newlines), or one line
            of a file (``line``: its 1-based number; ``offset``: where it starts in the file).
        where: what the byte offset counts in (``file``, ``decompressed file``: a key of
            :data:`core.notes.TERMS` ``counted_in``, worded by each front end).
        policy_hint: the message says that the corpus's ``replace`` policy reads on.
        strip_bom: drop a leading UTF-8 byte order mark first.

    >>> decode_utf8(BOM + "é".encode(), strip_bom=True)
    'é'
    """
    if strip_bom and data.startswith(BOM):
        data, offset = data[len(BOM):], offset + len(BOM)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as err:
        line_start = data.rfind(b"\n", 0, err.start) + 1
        number = (line or 1) + data.count(b"\n", 0, err.start)
        code = "text.invalid_utf8_strict" if policy_hint else "text.invalid_utf8"
        raise FormatError.of(note(code, offset=offset + err.start, counted_in=where,
                                  column=err.start - line_start, byte=data[err.start]),
                             path=path, line=number, offset=offset + err.start) from None
