"""Copy/export formats on real encodings: what is pasted must read back as what the runtime gave."""

from __future__ import annotations

import csv
import io
import json

import pytest

from core.encodings.encoding import Flag
from core.encodings.export import (TOKEN_COLUMNS, covered_range, encoding_as_json, ids_as_json, ids_as_text,
                         original_text, pieces_as_json, rows_as_csv, rows_as_tsv, token_cell,
                         token_header, token_rows)
from core.formats.detect import load_tokenizer
from core.text.offsets import Unit
from tests.conftest import DEMO, TOKENIZERS, require_data

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
TEXT = "Hello 世界 👨\u200d👩\u200d👧 café, 分词器 naïve 🍣\n\tnext line"


@pytest.fixture(scope="module")
def bpe_encoding():
    return load_tokenizer(BPE).encode(TEXT)


def test_ids_read_back_as_the_runtime_ids(bpe_encoding):
    ids = bpe_encoding.ids.tolist()
    assert json.loads(ids_as_json(bpe_encoding.ids)) == ids
    assert [int(x) for x in ids_as_text(bpe_encoding.ids).split(" ")] == ids
    assert ids_as_json([]) == "[]" and ids_as_text([]) == ""


def test_pieces_are_the_runtimes_own(bpe_encoding):
    rows = range(len(bpe_encoding))
    assert json.loads(pieces_as_json(bpe_encoding, rows)) == list(bpe_encoding.pieces)


def test_tsv_and_csv_read_back_cell_for_cell(bpe_encoding):
    rows = token_rows(bpe_encoding, range(len(bpe_encoding)), Unit.BYTES)
    # a partial-byte token shows its bytes as hex, as in the table
    partial = next(i for i in range(len(bpe_encoding)) if bpe_encoding.flags[i] & Flag.PARTIAL)
    assert rows[partial][5].startswith("<") and "partial" in rows[partial][6]
    assert [int(r[2]) for r in rows] == bpe_encoding.ids.tolist()
    header = list(TOKEN_COLUMNS)
    tsv = rows_as_tsv(header, rows)
    assert tsv.splitlines()[0] == "\t".join(header)
    assert list(csv.reader(io.StringIO(tsv), dialect="excel-tab")) == [header] + rows
    assert list(csv.reader(io.StringIO(rows_as_csv(header, rows)))) == [header] + rows


def test_cells_holding_separators_survive():
    rows = [["a\tb", 'say "hi"', "two\nlines", "x,y"]]
    for text, dialect in ((rows_as_tsv(["1", "2", "3", "4"], rows), "excel-tab"),
                          (rows_as_csv(["1", "2", "3", "4"], rows), "excel")):
        assert list(csv.reader(io.StringIO(text), dialect=dialect))[1] == rows[0]


def test_encoding_json_is_the_cli_form(bpe_encoding):
    assert json.loads(encoding_as_json(bpe_encoding)) == bpe_encoding.to_json()
    assert "\"界\"" in encoding_as_json(load_tokenizer(UNIGRAM).encode("世界"))  # no \\u escapes


def test_original_text_widens_partial_tokens_to_whole_characters(bpe_encoding):
    data = bpe_encoding.index.data
    for i in range(len(bpe_encoding)):
        s, e = int(bpe_encoding.byte_starts[i]), int(bpe_encoding.byte_ends[i])
        text = original_text(data, s, e)
        assert data[s:e] in text.encode("utf-8")
        assert text in TEXT
    assert original_text(data, 0, len(data)) == TEXT
    assert original_text(data, 3, 3) == ""


@pytest.mark.realdata
def test_covered_range_skips_inserted_tokens():
    path = require_data(TOKENIZERS / "bert-minilm" / "tokenizer.json")
    enc = load_tokenizer(path).encode("Hello 世界")
    assert enc.flags[0] & Flag.INSERTED and enc.flags[-1] & Flag.INSERTED  # [CLS] ... [SEP]
    assert covered_range(enc, range(len(enc))) == (0, len("Hello 世界".encode()))
    assert covered_range(enc, [0]) is None


@pytest.mark.parametrize("path", [
    pytest.param(BPE, id="bpe"), pytest.param(UNIGRAM, id="unigram"),
    pytest.param(TOKENIZERS / "bert-minilm" / "tokenizer.json", id="bert", marks=pytest.mark.realdata)])
def test_rows_for_a_whole_table_equal_the_cells_one_by_one(path):
    """token_rows renders once per distinct id and covered bytes: it must still give every cell
    exactly as token_cell does (special, unknown, inserted and partial tokens included)."""
    enc = load_tokenizer(require_data(path)).encode(TEXT + " <|endoftext|> [CLS] 𝔘𝔫𝔨 Hello hello")
    if path.name == "tokenizer.json" and path.parent.name == "bert-minilm":
        assert any(enc.flags & Flag.UNK) and any(enc.flags & Flag.INSERTED)
    rows = list(range(len(enc))) + [3, 1]  # any order, repeats allowed
    for unit in Unit:
        assert token_rows(enc, rows, unit) == [
            [token_cell(enc, r, c, unit) for c in range(len(TOKEN_COLUMNS))] for r in rows]


def test_the_exported_header_names_each_column_and_the_span_unit():
    """Copies and exports write these (English) names whatever the UI language."""
    for unit in Unit:
        header = token_header(unit)
        assert header == [*TOKEN_COLUMNS[:4], f"Span ({unit.label})", *TOKEN_COLUMNS[5:]]
    assert token_header()[4] == "Span (code points)"
