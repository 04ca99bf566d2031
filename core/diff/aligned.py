"""Two tokenizations of one text laid out on a shared grid, so that old tokens sit over the new
tokens that cover the same bytes: a column per stretch of text between two boundaries of either
side (and one per token that covers no text, such as an added BOS).

Long texts are cut into chunks where neither side has a token across the cut.

>>> old = [[0, 2, 5, "ab"], [2, 3, 6, "c"]]
>>> new = [[0, 1, 7, "a"], [1, 3, 8, "bc"]]
>>> chunk = aligned_chunks("abc", old, new)[0]
>>> chunk["columns"], chunk["old"], chunk["new"]
([[0, 1], [1, 2], [2, 3]], [[0, 2, 5, 'ab'], [2, 1, 6, 'c']], [[0, 1, 7, 'a'], [1, 2, 8, 'bc']])
"""

from __future__ import annotations

MAX_COLUMNS = 16  # columns per chunk before a cut is looked for


def _cell_text(data: bytes, start: int, end: int, piece: str) -> str:
    """What a cell shows: the text its bytes spell, hex for a part of a character, the piece for
    a token that covers no text."""
    if start == end:
        return piece
    try:
        return data[start:end].decode("utf-8")
    except UnicodeDecodeError:
        return "‹" + data[start:end].hex(" ") + "›"


def _columns(old: list, new: list) -> list[tuple[int, int]]:
    """Byte intervals between every boundary of both sides, and a zero-width column per token that
    covers no text (the k-th such token of each side at one position share a column)."""
    points = sorted({p for rows in (old, new) for s, e, *_ in rows if s < e for p in (s, e)})
    empties: dict[int, int] = {}
    for rows in (old, new):
        here: dict[int, int] = {}
        for s, e, *_ in rows:
            if s == e:
                here[s] = here.get(s, 0) + 1
        for position, count in here.items():
            empties[position] = max(empties.get(position, 0), count)
    columns = []
    for k, point in enumerate(points or [0]):
        columns += [(point, point)] * empties.pop(point, 0)
        if k + 1 < len(points):
            columns.append((point, points[k + 1]))
    for position, count in sorted(empties.items()):  # zero-width tokens outside every span
        columns += [(position, position)] * count
    return columns


def _place(rows: list, columns: list[tuple[int, int]], data: bytes) -> list[list]:
    """Each token as ``[first column, column count, id, text]``."""
    placed, used = [], set()
    for s, e, token_id, piece in rows:
        if s == e:
            first = next(k for k, c in enumerate(columns) if c == (s, s) and k not in used)
            used.add(first)
            placed.append([first, 1, token_id, piece])
            continue
        first = next(k for k, c in enumerate(columns) if c[0] == s and c[1] > c[0])
        last = next(k for k in range(first, len(columns)) if columns[k][1] == e)
        placed.append([first, last - first + 1, token_id, _cell_text(data, s, e, piece)])
    return placed


def example_chunks(text: str, old: list, new: list, max_columns: int = MAX_COLUMNS
                   ) -> list[dict]:
    """:func:`aligned_chunks` of a behaviour example: its text and both sides' token rows
    (:func:`core.diff.behaviour.token_rows`)."""
    def by_bytes(rows):
        return [[r[4], r[5], r[2], r[3]] for r in rows]
    return aligned_chunks(text, by_bytes(old), by_bytes(new), max_columns)


def chunk_html(chunk: dict, old_colour: str = "#fdecea", new_colour: str = "#e8f5e9") -> str:
    """One chunk as an HTML table: old tokens in the first row, new ones in the second, each
    cell spanning the columns of its bytes, its ID in small type."""
    from html import escape

    def row(placed, colour):
        return "".join(
            f"<td colspan={span} style='background:{colour};border:1px solid #bbb;"
            f"padding:1px 3px'>{escape(text).replace(' ', '&middot;')}"
            f"<sub style='color:#666'>{token_id}</sub></td>" for _, span, token_id, text in placed)
    return ("<table cellspacing=1 style='border-collapse:separate;margin:2px 0'>"
            f"<tr>{row(chunk['old'], old_colour)}</tr><tr>{row(chunk['new'], new_colour)}</tr>"
            "</table>")


def aligned_chunks(text: str, old: list, new: list, max_columns: int = MAX_COLUMNS) -> list[dict]:
    """``old`` and ``new``: ``[byte start, byte end, id, piece]`` per token. Returns chunks of
    ``{"columns": [[start, end], ...], "old": [[column, span, id, text]], "new": [...]}`` with
    column numbers relative to the chunk."""
    data = text.encode("utf-8", "surrogatepass")
    columns = _columns(old, new)
    sides = [_place(old, columns, data), _place(new, columns, data)]
    # a cut may fall after column k when no token of either side spans k and k + 1
    crossing = set()
    for placed in sides:
        for first, span, *_ in placed:
            crossing.update(range(first, first + span - 1))
    chunks, start = [], 0
    for k in range(len(columns)):
        if k - start + 1 >= max_columns and k not in crossing or k == len(columns) - 1:
            chunks.append({"columns": [list(c) for c in columns[start:k + 1]],
                           **{name: [[f - start, span, i, t] for f, span, i, t in placed
                                     if start <= f <= k]
                              for name, placed in zip(("old", "new"), sides)}})
            start = k + 1
    return chunks
