"""A token row's cells: the one formatting tokbench's table and the Inspect table share."""

from __future__ import annotations

import pytest

from core.formats import load_tokenizer
from core.text import Unit
from core.token_cells import CELLS, token_cell, token_row
from tests.conftest import DEMO

BPE = DEMO / "demo-bpe" / "tokenizer.json"


def test_cells_of_a_token_that_splits_a_character():
    enc = load_tokenizer(BPE).encode("a世")
    last = len(enc) - 1
    row = dict(zip(CELLS, token_row(enc, last, Unit.BYTES)))
    assert row["index"] == str(last) and row["id"] == str(int(enc.ids[last]))
    assert row["bytes"] == " ".join(f"{b:02X}" for b in enc.bytes_at(last))
    starts, ends = enc.spans(Unit.BYTES)
    assert row["span"] == f"{starts[last]}–{ends[last]}"
    assert row["flags"] == ", ".join(enc.flag_names(last))
    assert token_cell(enc, last, "span", Unit.CP) == "1–2"


def test_several_flags_are_joined_and_an_unknown_cell_is_refused():
    enc = load_tokenizer(BPE).encode("世")
    partial = [i for i in range(len(enc)) if "partial" in enc.flag_names(i)]
    assert partial and token_cell(enc, partial[0], "flags") == ", ".join(enc.flag_names(partial[0]))
    with pytest.raises(ValueError, match="unknown cell"):
        token_cell(enc, 0, "colour")
