"""The tiktoken runtime's direct one-off path (``TiktokenRuntime.encode`` -> ``_laid_encoding``:
one gather and one sum of packed per-id numbers, UTF-16 and graphemes from regex searches)
gives the Encoding the readable paths give: the generic small path
(:func:`core.encodings.small.encode_small` of ``_native_small``) and the array path
(:func:`core.encodings.batch.encode_one` of ``_native``), dtype for dtype. Texts: ASCII with and
without CR LF, CJK split between byte tokens, emoji, combining marks after letters and
controls, Arabic, Hangul, special-token literals; a lone surrogate is refused as before.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.encodings.batch import encode_one
from core.encodings.small import encode_small
from core.errors import TextError
from core.formats.detect import load_tokenizer
from core.formats.tiktoken.presets import preset
from core.text.graphemes import mark_cluster_tables, mark_joins
from tests.conftest import DATA
from tests.core import families as fam
from tests.core.encodings.test_small import assert_same_encoding

UNITS = ("bytes", "cp", "utf16", "grapheme")
PIECES = ["Hello", " world", "  ", "\t", "\n", "\r\n", "\r", "a", "I'm", "123", ".", "x" * 30,
          "世界", "日本語の文", "こんにちは", "안녕", "\u1112\u1161\u11ab", "e\u0301", "A\u030a",
          "\u0301", "\n\u0301", "\x00\u0308", "مَرْحَبًا", "नमस्ते", "ภาษา", "👍🏽", "👨\u200d👩\u200d👧",
          "🇯🇵", "😀", "𝔘𝔫", "Straße", "Ω", "\u200b", "\ufeff", "\x7f", "<|endoftext|>", "<|x",
          "�", "\u0e33", "ǅ"]
ASCII = st.text(st.characters(max_codepoint=0x7f), max_size=60)
TEXTS = st.one_of(
    st.lists(st.sampled_from(PIECES), max_size=30).map("".join),
    ASCII,
    ASCII.map(lambda t: t.replace("\n", "\r\n")),
    st.text(max_size=40),
)


@pytest.fixture(scope="module")
def runtimes(tmp_path_factory):
    folder = tmp_path_factory.mktemp("tiktoken")
    found = [load_tokenizer(fam.write_rank_file(folder, fam.tiktoken_ranks(preset(name).pattern),
                                                name=f"{name}.tiktoken"), preset=name)
             for name in ("gpt2", "cl100k")]
    real = DATA / "tokenizers" / "gpt2.tiktoken"
    if real.exists():
        found.append(load_tokenizer(real))
    return found


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=TEXTS)
def test_the_direct_path_gives_the_readable_paths_encoding(runtimes, text):
    for runtime in runtimes:
        fast = runtime.encode(text, add_special_tokens=False)
        assert (runtime._laid_encoding(text) is not None) == bool(text), text  # taken
        small = runtime._native_small(text, False, False)
        assert_same_encoding(fast, encode_small(runtime, text, small), (runtime.name, text, "small"))
        assert_same_encoding(fast, encode_one(runtime, text, runtime._native(text, False, False)),
                    (runtime.name, text, "array"))


@settings(max_examples=50, deadline=None)
@given(text=TEXTS, at=st.integers(min_value=0, max_value=40))
def test_a_lone_surrogate_is_refused_as_before(runtimes, text, at):
    text = text[:at] + "\ud800" + text[at:]
    for runtime in runtimes:
        with pytest.raises(TextError) as fast:
            runtime.encode(text, add_special_tokens=False)
        with pytest.raises(TextError) as slow:
            encode_one(runtime, text, runtime._native(text, False, False))
        assert str(fast.value) == str(slow.value)


@settings(max_examples=300, deadline=None)
@given(text=st.one_of(st.lists(st.sampled_from(PIECES), max_size=20).map("".join),
                      st.text(max_size=30)))
def test_mark_joins_are_the_mark_cluster_tables(text):
    joins = mark_joins(text)
    tables = mark_cluster_tables(text)
    if joins is None:  # CR LF, a CONTEXT character or one past the BMP
        assert tables is None or "\r\n" in text or max(text) > "\uffff", text
        return
    assert tables is not None, text
    n = len(text)
    offsets = np.arange(n + 1)
    at = np.array(joins, dtype=np.int64)
    floor, ceil = offsets - at.searchsorted(offsets, "right"), offsets - at.searchsorted(offsets)
    if tables == ():
        assert floor.tolist() == ceil.tolist() == offsets.tolist(), text
    else:
        assert floor.tolist() == tables[0].tolist() and ceil.tolist() == tables[1].tolist(), text
