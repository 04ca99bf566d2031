"""The token table's copy and export jobs: the chosen rows formatted (a million rows take
seconds) by :mod:`core.encodings.export`, for the clipboard or a file.

>>> # copy_text(enc, rows, "ids-json", header, Unit.CP) -> '[15496, 220]'
>>> # export_file(enc, "tokens.csv", "table-csv", header, Unit.CP) -> 2 (tokens written)
"""

from __future__ import annotations

from pathlib import Path
from typing import Sequence

import numpy as np

from core.encodings.encoding import Encoding
from core.encodings.export import (encoding_as_json, ids_as_json, ids_as_text, pieces_as_json, rows_as_csv,
                         rows_as_tsv, token_rows)
from core.text.offsets import Unit

COPY_KINDS = ("rows-tsv", "ids-json", "ids-text", "pieces-json")
EXPORT_KINDS = ("table-csv", "tokens-json")


def copy_text(enc: Encoding, rows: np.ndarray, kind: str, header: Sequence[str],
              unit: Unit) -> str:
    """``rows`` of the table as ``kind`` (one of :data:`COPY_KINDS`): the table's cells as TSV
    under ``header``, the IDs as a JSON list or space-separated, or the pieces as JSON."""
    if kind == "rows-tsv":
        return rows_as_tsv(header, token_rows(enc, rows, unit))
    if kind == "ids-json":
        return ids_as_json(enc.ids[rows].tolist())
    if kind == "ids-text":
        return ids_as_text(enc.ids[rows].tolist())
    if kind == "pieces-json":
        return pieces_as_json(enc, rows)
    raise ValueError(f"unknown copy format {kind!r}; use one of {', '.join(COPY_KINDS)}")


def export_file(enc: Encoding, path: str | Path, kind: str, header: Sequence[str],
                unit: Unit) -> int:
    """Write the whole table to ``path`` as ``kind`` (one of :data:`EXPORT_KINDS`): CSV of its
    cells, or the encoding's JSON form; the number of tokens written."""
    if kind == "table-csv":
        text = rows_as_csv(header, token_rows(enc, range(len(enc)), unit))
    elif kind == "tokens-json":
        text = encoding_as_json(enc)
    else:
        raise ValueError(f"unknown export format {kind!r}; use one of {', '.join(EXPORT_KINDS)}")
    Path(path).write_text(text, encoding="utf-8")
    return len(enc)
