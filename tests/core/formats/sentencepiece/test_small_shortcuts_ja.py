"""The one-off path's shortcuts for a normalizing SentencePiece model (ja, nmt_nfkc) against
the readable steps they skip, on random text rich in what the model normalizes or does not know:
Japanese, full-width and half-width forms, compatibility characters, unknown scripts, emoji,
combining marks and spaces (leading, trailing, doubled, ideographic).

- :meth:`_cp_spans_of_text` (the bounds as a running sum where the normal form is the text
  itself) against :meth:`_cp_span_arrays` handed the identity offsets (its general way);
- the whole one-off encode against the batch (``encode_batch``), :meth:`_normalize_one`
  against the library (also in test_charsmap.py), and :meth:`_encode_one` (the binding
  without the wrapper) against ``sp.encode``."""

from __future__ import annotations

from itertools import compress, count

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.formats.detect import load_tokenizer
from tests.conftest import DATA, require_data

ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),          # ASCII
    st.sampled_from(" \t\n\u3000\u00a0▁"),                           # spaces, ▁
    st.characters(min_codepoint=0x3041, max_codepoint=0x30FF),      # kana
    st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF),      # CJK
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFF9F),      # full-width / half-width
    st.characters(min_codepoint=0x3300, max_codepoint=0x33FF),      # CJK compatibility
    st.characters(min_codepoint=0x0400, max_codepoint=0x04FF),      # Cyrillic (unknown)
    st.characters(min_codepoint=0x0E00, max_codepoint=0x0E7F),      # Thai (unknown)
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),      # combining marks
    st.characters(min_codepoint=0x1F300, max_codepoint=0x1F64F),    # emoji (astral)
    st.characters(min_codepoint=0x1D400, max_codepoint=0x1D4FF),    # mathematical letters
)
TEXTS = st.text(ALPHABET, max_size=40)
UNITS = ("bytes", "cp", "utf16", "grapheme")
EXAMPLES = ["", " ", "日本語のテキスト", "ｶﾞｷﾞ", "Ａ　Ｂ", "Кириллица и 日本", "😀👍🏽x",
            "e\u0301\u0308", " lead", "trail ", "a  b", "x▁", "㍿①", "あ", "\U0001d400b"]


@pytest.fixture(scope="module")
def ja():
    return load_tokenizer(require_data(DATA / "tokenizers/sentencepiece/test_ja_model.model"))


def _check_spans_of_text(ja, text: str) -> None:
    normalized, offsets = ja._normalize_one(text)
    if offsets is not None:
        return  # the shortcut is for text its normal form keeps
    ids = ja.sp.encode(text)
    tables = ja._small_tables
    if not tables.control_or_byte.isdisjoint(ids):
        return
    lengths = list(map(tables.chars.__getitem__, ids))
    unknown = list(compress(count(), map(tables.unknown.__contains__, ids)))
    if unknown and not ja._unknown_from_text(normalized, ids, unknown, lengths):
        return
    id_array = np.array(ids, dtype=np.int64)
    fast = ja._cp_span_arrays(id_array, lengths, len(normalized), None, len(text))
    slow = ja._cp_span_arrays(id_array, lengths, len(normalized),
                              ja._offsets((normalized, None)), len(text))
    if fast is None or fast == ():
        assert (fast is None and slow is None) or (fast == () and slow == ()), text
    else:
        assert slow is not None and slow != (), text
        assert [a.tolist() for a in fast] == [a.tolist() for a in slow], text


@pytest.mark.realdata
@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
@example(text="あ")
@example(text="x")
@example(text="Кириллица и 日本")
def test_spans_of_the_text_itself_as_the_general_way(ja, text):
    _check_spans_of_text(ja, text)


@pytest.mark.realdata
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=TEXTS)
def test_one_off_encode_as_the_batch(ja, text):
    for text in [text, *EXAMPLES]:
        for specials in (False, True):
            one = ja.encode(text, add_special_tokens=specials)
            batch = ja.encode_batch(["日本", text, "x"], add_special_tokens=specials)[1]
            assert one.ids.tolist() == batch.ids.tolist(), text
            assert one.flags.tolist() == batch.flags.tolist(), text
            for unit in UNITS:
                assert [a.tolist() for a in one.spans(unit)] == [
                    a.tolist() for a in batch.spans(unit)], (text, unit)
        assert ja._encode_one(text) == ja.sp.encode(text), text
        norm, offsets = ja._normalize_one(text)
        assert (norm, ja._offsets((norm, offsets))) == (
            lambda n: (n[0], list(n[1])))(ja.sp.normalize(text, with_offsets=True)), text
