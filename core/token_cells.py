"""A token row's cells as text, the same in every table (``tokbench inspect``, the Inspect pane).

>>> # token_row(enc, 0, Unit.CP) -> ('0', 'Hello', '15496', '48 65 6C 6C 6F', '0–5', '')
"""

from __future__ import annotations

from .encoding import Encoding
from .text import Unit, hex_bytes

CELLS = ("index", "piece", "id", "bytes", "span", "flags")


def token_cell(enc: Encoding, i: int, cell: str, unit: Unit = Unit.CP) -> str:
    """One cell of token ``i``: its index, visible piece, id, bytes in hex, span in ``unit``
    (end-exclusive, ``start–end``) or flag names (``special, partial``).

    >>> # token_cell(enc, 3, "span", Unit.BYTES) -> '6–9'
    """
    if cell == "index":
        return str(i)
    if cell == "piece":
        return enc.display_piece(i)
    if cell == "id":
        return str(int(enc.ids[i]))
    if cell == "bytes":
        return hex_bytes(enc.bytes_at(i))
    if cell == "span":
        starts, ends = enc.spans(unit)
        return f"{starts[i]}–{ends[i]}"
    if cell == "flags":
        return ", ".join(enc.flag_names(i))
    raise ValueError(f"unknown cell {cell!r}; use one of {', '.join(CELLS)}")


def token_row(enc: Encoding, i: int, unit: Unit = Unit.CP) -> tuple[str, ...]:
    """All :data:`CELLS` of token ``i``, in order."""
    return tuple(token_cell(enc, i, cell, unit) for cell in CELLS)
