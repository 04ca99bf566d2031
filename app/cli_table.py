"""Text tables for the terminal, their columns padded by display width: a wide (East Asian)
character takes two columns, a combining mark or a zero-width joiner none, an emoji sequence
two. ``str.ljust`` counts code points, so a table with Chinese pieces went out of line; the
widths come from ``wcwidth`` (the Unicode tables terminals follow), not from a table of ours.

>>> print("\\n".join(layout([("piece", "id"), ("世界", "1"), ("a", "22")])))
piece  id
世界   1
a      22
"""

from __future__ import annotations

from typing import Iterable, Sequence

from wcwidth import wcswidth, wcwidth

GAP = "  "  # between columns


def display_width(text: str) -> int:
    """Terminal columns ``text`` takes.

    >>> display_width("世界"), display_width("e\\u0301"), display_width("ab")
    (4, 1, 2)
    """
    width = wcswidth(text)
    if width >= 0:
        return width
    # a control character (wcswidth: -1) moves no column: count the others
    return sum(max(wcwidth(char), 0) for char in text)


def pad(text: str, width: int) -> str:
    """``text`` followed by spaces up to ``width`` display columns."""
    return text + " " * max(0, width - display_width(text))


def layout(rows: Iterable[Sequence[str]]) -> list[str]:
    """Rows of cells as lines, each column as wide as its widest cell (trailing spaces cut)."""
    rows = [list(row) for row in rows]
    if not rows:
        return []
    widths = [max(display_width(row[c]) for row in rows) for c in range(len(rows[0]))]
    return [GAP.join(pad(cell, w) for cell, w in zip(row, widths)).rstrip() for row in rows]
