"""A byte-level ``tokenizer.json`` whose normalizer changes a text character for character
(NFKC's full-width punctuation, half-width katakana, superscripts...): the one-off encode lays
the tokens over the normalized text and shifts the byte offsets by what each changed
character gained or lost (``HFRuntime._laid_one_for_one``), without the library's offsets. It
must equal the readable path (the library's code point offsets, narrowed and converted by
:func:`core.encodings.batch.encode_one`) in ids, flags and all four units."""

from __future__ import annotations

import json
import unicodedata

import pytest
from hypothesis import given, settings, strategies as st
from tokenizers import Tokenizer, decoders, models, normalizers, pre_tokenizers, trainers

from core.encodings.batch import encode_one
from core.formats.detect import load_tokenizer
from tests.conftest import TOKENIZERS, require_data

# characters NFKC changes into one other character (the path's case), and some it leaves
CHANGED_ONE_FOR_ONE = "，。！？：；（）＂＇ｱｲｳｶｷﾀﾁ²³¹ⅠＡＢｚ０９　"
KEPT = "吾輩は猫である。名前はまだ無い。ab c 😀 é e\u0301 हिन्दी 한국어\r\n"
ALPHABET = CHANGED_ONE_FOR_ONE + KEPT


def trained_nfkc_byte_level(tmp_path):
    """A small byte-level BPE with an NFKC normalizer, trained here on the alphabet above (so
    CJK characters are split into byte tokens and some tokens share a character)."""
    tk = Tokenizer(models.BPE())
    tk.normalizer = normalizers.NFKC()
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    corpus = [unicodedata.normalize("NFKC", KEPT * 3 + CHANGED_ONE_FOR_ONE)] * 20
    tk.train_from_iterator(corpus, trainers.BpeTrainer(
        vocab_size=300, initial_alphabet=pre_tokenizers.ByteLevel.alphabet(), show_progress=False))
    path = tmp_path / "tokenizer.json"
    path.write_text(tk.to_str(), encoding="utf-8")
    return load_tokenizer(path)


def assert_equal_to_the_readable_path(runtime, text: str) -> None:
    fast = runtime.encode(text, add_special_tokens=False)
    readable = encode_one(runtime, text, runtime._native(text, False, False))
    assert fast.ids.tolist() == readable.ids.tolist()
    assert fast.flags.tolist() == readable.flags.tolist()
    for unit in ("bytes", "cp", "utf16", "grapheme"):
        assert [a.tolist() for a in fast.spans(unit)] == [
            a.tolist() for a in readable.spans(unit)], unit


@pytest.fixture(scope="module")
def trained(tmp_path_factory):
    return trained_nfkc_byte_level(tmp_path_factory.mktemp("nfkc"))


def test_the_trained_tokenizer_takes_the_path_with_shared_characters(trained):
    text = "吾輩は猫，名前は？Ａ²"  # CJK split into byte tokens, the changed ones whole
    normalized = unicodedata.normalize("NFKC", text)
    assert normalized != text and len(normalized) == len(text)
    laid = trained._laid_one_for_one(text, False)
    assert laid is not None
    _, byte_spans, _, flags = laid
    assert byte_spans is not None and (flags & 8).any()  # CJK split into byte tokens
    assert_equal_to_the_readable_path(trained, text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=40))
def test_one_for_one_equals_the_readable_path(trained, text):
    assert_equal_to_the_readable_path(trained, text)


@pytest.fixture(scope="module")
def claude_legacy():
    path = require_data(TOKENIZERS / "claude-legacy/tokenizer.json")
    assert json.loads(path.read_text(encoding="utf-8"))["normalizer"]["type"] == "NFKC"
    return load_tokenizer(path)


@pytest.mark.realdata
@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=ALPHABET, min_size=1, max_size=60))
def test_one_for_one_on_claude_legacy(claude_legacy, text):
    assert_equal_to_the_readable_path(claude_legacy, text)
