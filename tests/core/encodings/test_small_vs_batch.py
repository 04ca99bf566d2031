"""The one-off path of ``encode`` (:mod:`core.encodings.small`: lists, per-id tables, a handful of
arrays) gives, token for token, what the readable batch path gives (``encode_batch``: every text
joined and converted with the text's offset tables, :mod:`core.encodings.spans`): the same IDs,
flags, spans in every unit, token bytes, pieces and notes, on random multilingual text (CJK,
kana, Hangul syllables and jamo, Devanagari with viramas, Arabic, Cyrillic, combining marks,
emoji with skin tones, ZWJ sequences and flags, CR LF, special-token literals) and on edge cases
(the empty text, whitespace only, a lone surrogate, which both refuse alike).

The other comparison, with the array path of one text, is tests/core/encodings/test_small.py.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.errors import TextError
from core.formats.detect import load_tokenizer
from core.formats.tiktoken.presets import preset
from core.encodings.small import SMALL_TEXT
from tests.conftest import DEMO, TOKENIZERS, require_data
from tests.core import families as fam

UNITS = ("bytes", "cp", "utf16", "grapheme")

# characters from every script the path has a branch for (lead bytes of 1 to 4, marks, joiners)
ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),          # ASCII
    st.sampled_from(" \t\n\r\u00a0\u3000"),                          # whitespace
    st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF),      # CJK
    st.characters(min_codepoint=0x3041, max_codepoint=0x30FF),      # kana
    st.characters(min_codepoint=0xAC00, max_codepoint=0xAC40),      # Hangul syllables
    st.characters(min_codepoint=0x1100, max_codepoint=0x1175),      # Hangul jamo
    st.characters(min_codepoint=0x0900, max_codepoint=0x097F),      # Devanagari (viramas)
    st.characters(min_codepoint=0x0600, max_codepoint=0x06FF),      # Arabic
    st.characters(min_codepoint=0x0400, max_codepoint=0x04FF),      # Cyrillic
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),      # combining marks
    st.characters(min_codepoint=0x1F300, max_codepoint=0x1F64F),    # emoji (astral)
    st.characters(min_codepoint=0x1F3FB, max_codepoint=0x1F3FF),    # skin tones
    st.characters(min_codepoint=0x1F1E6, max_codepoint=0x1F1FF),    # regional indicators
    st.sampled_from("\u200d\u200b\ufeff\ufe0f\x00\x7f\ufffd"),      # joiners, odd controls
)
PIECES = ["<|endoftext|>", "<s>", "</s>", "<unk>", "[CLS]", "👨\u200d👩\u200d👧", "🇯🇵",
          "नमस्ते", "\r\n", "ﬃ", "①", "ｆｕｌｌ", "e\u0301"]
TEXTS = st.one_of(
    st.text(ALPHABET, max_size=60),
    st.lists(st.one_of(st.text(ALPHABET, max_size=8), st.sampled_from(PIECES)),
             max_size=12).map("".join),
    st.text(max_size=30),
)


def assert_same_as_batch(runtime, text: str, add_special_tokens: bool,
                         parse_special: bool) -> None:
    """``encode(text)`` equals ``text``'s Encoding in a batch, where it sits between two other
    texts (their spans are converted on the joined texts)."""
    one = runtime.encode(text, add_special_tokens=add_special_tokens,
                         parse_special=parse_special)
    batch = runtime.encode_batch(["a\u0301 x", text, "世界 👍🏽"],
                                 add_special_tokens=add_special_tokens,
                                 parse_special=parse_special)
    for unit in UNITS:  # the batch's spans of every unit, as its callers read them
        batch.spans(unit)
    other = batch[1]
    where = (text, add_special_tokens, parse_special)
    assert one.ids.tolist() == other.ids.tolist(), where
    assert one.flags.tolist() == other.flags.tolist(), where
    assert one.byte_starts.tolist() == other.byte_starts.tolist(), where
    assert one.byte_ends.tolist() == other.byte_ends.tolist(), where
    for unit in UNITS:
        for a, b in zip(one.spans(unit), other.spans(unit)):
            assert np.asarray(a).tolist() == np.asarray(b).tolist(), (where, unit)
        for a, b in zip(one.spans(unit), batch.spans(unit)):  # the batch's own arrays
            assert np.asarray(a).tolist() == np.asarray(b)[batch.token_offsets[1]:
                                                          batch.token_offsets[2]].tolist()
    assert [bytes(b) for b in one.token_bytes] == [bytes(b) for b in other.token_bytes], where
    assert [one.bytes_at(i) for i in range(len(one))] == list(map(bytes, other.token_bytes))
    assert list(one.pieces) == list(other.pieces), where
    assert one.warnings == other.warnings, where


def check(runtime, examples: int = 60) -> None:
    @settings(max_examples=examples, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(text=TEXTS, add_special_tokens=st.booleans(), parse_special=st.booleans())
    @example(text="", add_special_tokens=True, parse_special=False)
    @example(text="   ", add_special_tokens=False, parse_special=False)
    @example(text="\r\n\r\n", add_special_tokens=False, parse_special=False)
    @example(text="👨\u200d👩\u200d👧 नमस्ते 世界 ﬃ", add_special_tokens=True, parse_special=True)
    def run(text, add_special_tokens, parse_special):
        assert_same_as_batch(runtime, text, add_special_tokens, parse_special)

    run()


def assert_same_refusal(runtime, text: str) -> None:
    """A lone surrogate is refused by both paths, with the same note."""
    with pytest.raises(TextError) as one:
        runtime.encode(text)
    with pytest.raises(TextError) as many:
        runtime.encode_batch(["ok", text])
    assert one.value.note.code == many.value.note.code == "text.lone_surrogates"


@pytest.fixture(scope="module")
def gpt2_family(tmp_path_factory):
    """A byte-level BPE behind the GPT-2 preset's regex, as a tiktoken rank file (no shared
    data needed): the tiktoken small path, lists and arrays."""
    folder = tmp_path_factory.mktemp("tiktoken")
    path = fam.write_rank_file(folder, fam.tiktoken_ranks(preset("gpt2").pattern),
                               name="gpt2.tiktoken")
    return load_tokenizer(path, preset="gpt2")


def test_tiktoken_family_small_path_equals_batch_path(gpt2_family):
    check(gpt2_family)
    assert_same_refusal(gpt2_family, "a\ud800b")


def test_a_text_long_enough_for_the_arrays_agrees_with_the_batch(gpt2_family):
    """Past a few dozen characters tiktoken's one-off answer comes as arrays (per-id tables
    gathered, not looked up one by one): both ways against the batch, up to the small path's
    limit."""
    line = "".join(fam.corpus_lines()) + "世界👍🏽नमस्ते"
    for size in (23, 24, 25, 200, SMALL_TEXT):
        assert_same_as_batch(gpt2_family, line[-size:], False, False)


@pytest.mark.parametrize("what", ["demo-bpe/tokenizer.json", "demo-unigram/tokenizer.model"])
def test_demo_tokenizers_small_path_equals_batch_path(what):
    runtime = load_tokenizer(DEMO / what)
    check(runtime, examples=40)
    assert_same_refusal(runtime, "\udc80")


@pytest.mark.realdata
@pytest.mark.parametrize("rel", ["gpt2.tiktoken", "bert-minilm/tokenizer.json",
                                 "claude-legacy/tokenizer.json", "mistral-v3/tokenizer.model",
                                 "sentencepiece/test_ja_model.model"])
def test_benched_tokenizers_small_path_equals_batch_path(rel):
    runtime = load_tokenizer(require_data(TOKENIZERS / rel))
    check(runtime, examples=40)
    assert_same_refusal(runtime, "x\ud83d")


FULL_WIDTH = st.text(st.one_of(
    st.characters(min_codepoint=0x4E00, max_codepoint=0x4E40),      # CJK
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFF5E),      # full-width ASCII (NFKC)
    st.sampled_from("，。：；！？《》　…①ﬃ\u0301 a\r\n\xa0Õé"),  # one for one, or not
), max_size=40) | st.lists(st.sampled_from(  # changed characters next to ones cut in bytes
    ["\xa0Õ", "\xa0", "Õ", "，世", "世界", "ｆｕｌｌ", "é", " ", "…", "①", "«\xa0", "ﾊ"]),
    max_size=12).map("".join)


@pytest.mark.realdata
def test_nfkc_one_for_one_small_path_equals_batch_path():
    """claude-legacy's NFKC changes full-width punctuation one character for one: the small
    path lays the spans over the normalized text (no library offsets) where it can."""
    runtime = load_tokenizer(require_data(TOKENIZERS / "claude-legacy/tokenizer.json"))

    @settings(max_examples=300, deadline=None,
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(text=FULL_WIDTH, add_special_tokens=st.booleans())
    @example(text="清平乐，有人长倚妆楼。", add_special_tokens=False)
    @example(text="un caractère «\xa0Õ/õ » a été", add_special_tokens=False)  # NBSP, then Õ cut
    def run(text, add_special_tokens):
        assert_same_as_batch(runtime, text, add_special_tokens, False)

    run()
