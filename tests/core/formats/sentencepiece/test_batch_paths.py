"""The SentencePiece corpus path of ``encode_batch`` (a normalizing model: ja) gives what each
text's protobuf answer gives.

The paths tried: what the charsmap may do to each text read off the touched characters'
positions (a few texts ask the library instead), unknown pieces' lengths read off the normalized
text (each character's uncovered run from the covered
characters' positions), and token places in the texts' offset maps laid end to end (one shift
per text). Random Japanese, full-width forms (NFKC folds them), characters the small model
leaves unknown (Hangul, Devanagari, emoji and ZWJ sequences), spaces to fold and empty lines.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.encodings.batch import EncodingBatch
from core.formats.detect import load_tokenizer
from core.formats.sentencepiece import runtime as runtime_module
from tests.core.encodings.test_batch_fast_paths import gathered
from core.formats.sentencepiece.unknown import _uncovered_run_lengths
from tests.conftest import DATA, require_data

UNITS = ("bytes", "cp", "utf16", "grapheme")
JA = "sentencepiece/test_ja_model.model"

ALPHABET = st.sampled_from(
    list("日本語のテキストですかなカタカナ漢字。、「」")  # Japanese
    + list("ＡＢＣａｂｃ１２３！？（）ｶﾀｶﾅﾞ")  # full-width and half-width forms
    + list("한국어नमस्ते") + ["👍", "👨‍👩‍👧", "🇯🇵", "é", "e\u0301"]  # unknown to the model
    + [" ", "  ", "\t", "a", "Z", "ﬃ", "㍿", "\u3000"])
TEXTS = st.lists(ALPHABET, max_size=24).map("".join)
BATCHES = st.lists(st.one_of(TEXTS, st.just("")), min_size=1, max_size=10)


@pytest.fixture(scope="module")
def ja():
    return load_tokenizer(require_data(DATA / "tokenizers" / JA))


def from_protobuf(runtime, texts) -> EncodingBatch:
    """Each text's protobuf answer (the library's own offsets), gathered; each unit in one
    pass."""
    return gathered(runtime, texts, [runtime._add_specials(runtime._native_proto(t), False)
                                     for t in texts])


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(texts=BATCHES, charsmap=st.booleans())
@example(texts=["", "👍👍 日本", "ＡＢＣ　１２３", "", "한국어 text"], charsmap=True)
@example(texts=["  leading and  doubled  ", "ｶﾞｷﾞ", "ﬃ㍿"], charsmap=False)
def test_batch_matches_each_text_protobuf(ja, monkeypatch, texts, charsmap):
    # the corpus' way (the charsmap read for every text) or the few texts' (the library's
    # normalize decides)
    monkeypatch.setattr(runtime_module, "_FEW_TEXTS", 1 if charsmap else 1 << 30)
    got = ja.encode_batch(texts, add_special_tokens=False)
    want = from_protobuf(ja, texts)
    assert got.ids.tolist() == want.ids.tolist()
    assert got.token_offsets.tolist() == want.token_offsets.tolist()
    assert got.flags.tolist() == want.flags.tolist()
    for unit in UNITS:
        for a, b in zip(got.spans(unit), want.spans(unit)):
            assert a.tolist() == b.tolist(), unit


def runs_readably(chars: list[int], covered: set[int], sizes: list[int]) -> list[int]:
    """Per character, the uncovered characters from it to a covered one or its text's end;
    then 0 for the position past the last text."""
    out, at = [], 0
    for size in sizes:
        for i in range(at, at + size):
            j = i
            while j < at + size and chars[j] not in covered:
                j += 1
            out.append(j - i)
        at += size
    return out + [0]


@given(sizes=st.lists(st.integers(0, 6), min_size=1, max_size=8), data=st.data())
def test_uncovered_runs_match_a_readable_scan(sizes, data):
    chars = data.draw(st.lists(st.integers(0, 4), min_size=sum(sizes), max_size=sum(sizes)))
    covered_set = data.draw(st.sets(st.integers(0, 4)))
    covered = np.zeros(0x110000, dtype=bool)
    covered[list(covered_set)] = True
    ends = np.cumsum(sizes)
    got = _uncovered_run_lengths(np.asarray(chars, dtype=np.uint32), covered, ends - sizes, ends)
    assert got.tolist() == runs_readably(chars, covered_set, sizes)
