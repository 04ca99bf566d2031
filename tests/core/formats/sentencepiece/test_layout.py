"""A SentencePiece model cut short is reported as truncated, wherever it was cut."""

from __future__ import annotations

import pytest

from core.errors import FormatError
from core.formats.detect import load_tokenizer
from core.formats.sentencepiece.layout import top_level_fields
from tests.conftest import DEMO, TOKENIZERS, require_data

DEMO_MODEL = DEMO / "demo-unigram" / "tokenizer.model"


def _cuts(data: bytes) -> list[int]:
    """Sizes a copy might stop at: round sizes, and the ends of fields (where protobuf parses
    cleanly and only the missing specs tell the cut), among them 100 KB."""
    fields, _ = top_level_fields(data)
    ends = [end for _, _, end in fields[:-1]]
    sizes = [10, 100, 1000, 4096, 100_000, len(data) // 2, len(data) - 1]
    return sorted({n for n in sizes + ends[:3] + ends[len(ends) // 2:][:2] + ends[-3:]
                   if 0 < n < len(data)})


def _assert_truncation_reported(source, tmp_path):
    data = source.read_bytes()
    assert load_tokenizer(source).vocab_size > 0  # the whole file loads
    for size in _cuts(data):
        path = tmp_path / f"cut-{size}.model"
        path.write_bytes(data[:size])
        with pytest.raises(FormatError) as info:
            load_tokenizer(path)
        assert "truncated" in info.value.message, (size, info.value.message)
        assert info.value.path == str(path)


def test_cut_demo_model_says_truncated(tmp_path):
    _assert_truncation_reported(DEMO_MODEL, tmp_path)


@pytest.mark.realdata
def test_cut_mistral_model_says_truncated(tmp_path):
    _assert_truncation_reported(require_data(TOKENIZERS / "mistral-v3" / "tokenizer.model"),
                                tmp_path)


def test_the_message_says_where_the_file_ends(tmp_path):
    data = DEMO_MODEL.read_bytes()
    path = tmp_path / "tokenizer.model"
    path.write_bytes(data[:100_000])
    with pytest.raises(FormatError, match="truncated: the file ends at byte 100,000"):
        load_tokenizer(path)
    fields, _ = top_level_fields(data)
    path.write_bytes(data[:fields[10][2]])  # right after piece 11
    with pytest.raises(FormatError, match="after piece 11, before the normalizer_spec"):
        load_tokenizer(path)
