"""What the user copies or exports from an encoding: ids, pieces, table rows, the original text.

Pure formatting (no Qt): the GUI's token table shows :func:`token_row`'s cells, and its copy and
export actions write them with :func:`rows_as_tsv` / :func:`rows_as_csv`, so what is copied is
what is shown.

>>> ids_as_json([15496, 220]), ids_as_text([15496, 220])
('[15496, 220]', '15496 220')
>>> rows_as_tsv(["ID", "Piece"], [["15496", "Hello"]])
'ID\\tPiece\\n15496\\tHello\\n'
"""

from __future__ import annotations

import csv
import io
import json
from typing import Iterable, Sequence

from .encoding import Encoding, Flag
from ..text.offsets import Unit, hex_bytes, visible_bytes

# the token table's columns, in order (the GUI shows them translated; the span column names its unit)
TOKEN_COLUMNS = ("#", "Piece", "ID", "Bytes", "Span", "Original text", "Flags")
WINDOW_COLUMNS = ("#", "piece", "id", "text", "type", "attention")  # a pair's model input


def token_header(unit: Unit = Unit.CP) -> list[str]:
    """The token table's column names as copies and exports write them, the span column naming
    its unit. English in every UI language: a copied or exported table is data, read by scripts
    and spreadsheets that look columns up by name, and matches ``tokbench inspect``.

    >>> token_header(Unit.BYTES)[3:5]
    ['Bytes', 'Span (UTF-8 bytes)']
    """
    return [f"Span ({unit.label})" if name == "Span" else name for name in TOKEN_COLUMNS]


def ids_as_json(ids: Iterable[int]) -> str:
    """Token ids as a JSON list: ``[15496, 220]``."""
    return json.dumps([int(i) for i in ids])


def ids_as_text(ids: Iterable[int]) -> str:
    """Token ids separated by single spaces: ``15496 220``."""
    return " ".join(str(int(i)) for i in ids)


def pieces_as_json(enc: Encoding, rows: Iterable[int]) -> str:
    """The runtime's own pieces of ``rows`` as a JSON list (``["Hello", "Ġworld"]``), non-ASCII
    kept readable."""
    return json.dumps([enc.piece_at(int(i)) for i in rows], ensure_ascii=False)


def original_slice(enc: Encoding, i: int) -> str:
    """The original text token ``i`` covers, visibly rendered (hex where it splits a character)."""
    start, end = int(enc.byte_starts[i]), int(enc.byte_ends[i])
    return visible_bytes(enc.index.data[start:end])


def token_cell(enc: Encoding, row: int, col: int, unit: Unit = Unit.CP) -> str:
    """The text of one token-table cell (columns as in :data:`TOKEN_COLUMNS`)."""
    if col == 0:
        return str(row)
    if col == 1:
        return enc.display_piece(row)
    if col == 2:
        return str(int(enc.ids[row]))
    if col == 3:
        return hex_bytes(enc.bytes_at(row))
    if col == 4:
        starts, ends = enc.spans(unit)
        return f"{starts[row]}–{ends[row]}"
    if col == 5:
        return original_slice(enc, row)
    return ", ".join(enc.flag_names(row))


def token_rows(enc: Encoding, rows: Iterable[int], unit: Unit = Unit.CP) -> list[list[str]]:
    """Every cell of the token-table ``rows``, as :func:`token_cell` gives them.

    Built for a whole table: arrays are read once and what depends only on the id (piece, hex)
    or on the covered bytes is rendered once per distinct value (a word recurs a lot).
    """
    rows = [int(r) for r in rows]
    starts, ends = (a.tolist() for a in enc.spans(unit))
    byte_starts, byte_ends = enc.byte_starts.tolist(), enc.byte_ends.tolist()
    ids, flags = enc.ids.tolist(), enc.flags.tolist()
    data = enc.index.data
    by_id: dict[tuple[int, int], tuple[str, str]] = {}  # (id, special/unk bits) -> piece, hex
    shown: dict[bytes, str] = {}
    named: dict[int, str] = {}
    visible_kind = int(Flag.SPECIAL | Flag.UNK)
    out = []
    for r in rows:
        key = (ids[r], flags[r] & visible_kind)
        piece_hex = by_id.get(key)
        if piece_hex is None:
            piece_hex = by_id[key] = (enc.display_piece(r), hex_bytes(enc.bytes_at(r)))
        covered = data[byte_starts[r]:byte_ends[r]]
        original = shown.get(covered)
        if original is None:
            original = shown[covered] = visible_bytes(covered)
        names = named.get(flags[r])
        if names is None:
            names = named[flags[r]] = ", ".join(enc.flag_names(r))
        out.append([str(r), piece_hex[0], str(ids[r]), piece_hex[1], f"{starts[r]}–{ends[r]}",
                    original, names])
    return out


def window_rows(post, piece_of) -> list[list[str]]:
    """A pair's model input (:class:`core.pipeline.postprocess.PostProcessed`), a row per token:
    position, piece, ID, the text it is of (``A``, ``B``, ``-`` for an added or pad token), its
    type ID and attention (columns :data:`WINDOW_COLUMNS`). ``piece_of`` gives an added
    token's piece from its ID."""
    window = post.window
    rows = []
    for k, (token_id, seq, pos) in enumerate(zip(window.ids, window.sequence_ids,
                                                 window.positions)):
        piece = post.encodings[seq].display_piece(pos) if seq is not None else piece_of(token_id)
        rows.append([str(k), piece, str(token_id), "-" if seq is None else "AB"[seq],
                     str(window.type_ids[k]), str(window.attention_mask[k])])
    return rows


def _delimited(header: Sequence[str], rows: Iterable[Sequence[str]], dialect: str) -> str:
    out = io.StringIO()
    writer = csv.writer(out, dialect=dialect, lineterminator="\n")
    writer.writerow(header)
    writer.writerows(rows)
    return out.getvalue()


def rows_as_tsv(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """Tab-separated, one line per row after the header (what spreadsheets paste); a cell holding
    a tab, newline or quote is quoted."""
    return _delimited(header, rows, "excel-tab")


def rows_as_csv(header: Sequence[str], rows: Iterable[Sequence[str]]) -> str:
    """Comma-separated values (RFC 4180 quoting), header first.

    >>> rows_as_csv(["Piece"], [["a,b"]])
    'Piece\\n"a,b"\\n'
    """
    return _delimited(header, rows, "excel")


def encoding_as_json(enc: Encoding) -> str:
    """The encoding's stable JSON form (:meth:`Encoding.to_json`): what ``tokbench inspect
    --json`` prints for a text, less its ``notes``."""
    return json.dumps(enc.to_json(), ensure_ascii=False)


def original_text(data: bytes, start: int, end: int) -> str:
    """The original text of ``data[start:end]``, widened outward to whole UTF-8 characters (a
    byte-level token may cover part of one).

    >>> original_text("你好".encode(), 1, 4)
    '你好'
    """
    start, end = max(0, start), min(len(data), end)
    while start > 0 and 0x80 <= data[start] < 0xC0:  # a continuation byte: step back to the lead
        start -= 1
    while end < len(data) and 0x80 <= data[end] < 0xC0:
        end += 1
    return data[start:end].decode("utf-8", errors="replace")


def covered_range(enc: Encoding, rows: Iterable[int]) -> tuple[int, int] | None:
    """The byte range of the original text that ``rows`` cover together (from the first byte of
    any to the last), or None when they cover none (tokens the post-processor inserted)."""
    lo = hi = None
    for r in rows:
        r = int(r)
        if enc.flags[r] & Flag.INSERTED:
            continue
        s, e = int(enc.byte_starts[r]), int(enc.byte_ends[r])
        lo = s if lo is None else min(lo, s)
        hi = e if hi is None else max(hi, e)
    return None if lo is None else (lo, hi)
