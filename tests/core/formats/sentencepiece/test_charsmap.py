"""Texts the charsmap cannot touch skip the library's normalize: read from the model's own
precompiled charsmap (:mod:`core.formats.sentencepiece.charsmap`), the skip must never pass a
text the library would change, and the normalized texts and offsets (then the spans) must equal
the readable way's (the library asked about every text) on real and random text rich in what
NFKC and SentencePiece's map change: full-width forms, compatibility ideographs, ligatures,
composed and combining marks, odd spaces, unknown-heavy scripts."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from core.formats.detect import load_tokenizer
from core.formats.sentencepiece.charsmap import key_end_characters
from tests.conftest import DATA, FLORES, require_data

JA = "tokenizers/sentencepiece/test_ja_model.model"
MODELS = [JA, "tokenizers/sentencepiece/test_model.model", "tokenizers/mistral-v3/tokenizer.model"]

ALPHABET = st.one_of(
    st.characters(min_codepoint=0x20, max_codepoint=0x7E),          # ASCII
    st.sampled_from(" \t\n\u00a0\u2002\u3000\u200b▁\u00ad\x7f\x01，…"),  # spaces, ▁, invisibles
    st.characters(min_codepoint=0xFF01, max_codepoint=0xFF9F),      # full-width / half-width
    st.characters(min_codepoint=0xF900, max_codepoint=0xFAFF),      # compatibility ideographs
    st.characters(min_codepoint=0xFB00, max_codepoint=0xFB4F),      # ligatures, presentation
    st.characters(min_codepoint=0x2460, max_codepoint=0x24FF),      # enclosed alphanumerics
    st.characters(min_codepoint=0x3300, max_codepoint=0x33FF),      # CJK compatibility
    st.characters(min_codepoint=0x0300, max_codepoint=0x036F),      # combining marks
    st.characters(min_codepoint=0x00C0, max_codepoint=0x017F),      # composed Latin
    st.characters(min_codepoint=0x1100, max_codepoint=0x11FF),      # Hangul jamo (compose)
    st.characters(min_codepoint=0x0900, max_codepoint=0x097F),      # Devanagari (nukta forms)
    st.characters(min_codepoint=0x0400, max_codepoint=0x04FF),      # Cyrillic (unknown in ja)
    st.characters(min_codepoint=0x3041, max_codepoint=0x30FF),      # kana
    st.characters(min_codepoint=0x4E00, max_codepoint=0x4FFF),      # CJK
    st.characters(min_codepoint=0x1D400, max_codepoint=0x1D4FF),    # mathematical letters
)
TEXTS = st.lists(st.text(ALPHABET, max_size=24), min_size=1, max_size=12)


def _runtime(rel: str):
    return load_tokenizer(require_data(DATA / rel))


def _readable(runtime, work):
    """``work()`` with the library asked about every text (no charsmap skip)."""
    kept = runtime._charsmap_touches
    runtime.__dict__["_charsmap_touches"] = None  # the library's normalize decides
    try:
        return work()
    finally:
        runtime.__dict__["_charsmap_touches"] = kept


def _normalized(runtime, texts: list[str]) -> list[tuple[str, list[int]]]:
    return [(n[0], runtime._offsets(n)) for n in runtime._normalize_many(texts)]


def _check_same(runtime, texts: list[str]) -> None:
    skipped = runtime._may_change_in_normalizing(texts)
    spec = runtime.proto.normalizer_spec
    prefix = "▁" if spec.add_dummy_prefix else ""
    table = runtime._charsmap_touches[1]
    for text, kind, norm in zip(texts, skipped, runtime.sp.normalize(texts)):
        if kind < 2 and text:  # never skip a change, never replace one character wrongly
            assert norm == prefix + text.translate(table if kind else {}).replace(" ", "▁"), text
    fast = _normalized(runtime, texts)
    assert fast == _readable(runtime, lambda: _normalized(runtime, texts))
    assert fast == [(n[0], list(n[1])) for n in runtime.sp.normalize(texts, with_offsets=True)]


@pytest.fixture(autouse=True, scope="module")
def _even_few_texts_take_the_skip():
    """The batch skips the library from a few dozen texts on; here every batch does."""
    from core.formats.sentencepiece import runtime as module

    kept, module._FEW_TEXTS = module._FEW_TEXTS, 0
    yield
    module._FEW_TEXTS = kept


@pytest.fixture(scope="module")
def ja():
    runtime = _runtime(JA)
    assert runtime._charsmap_touches is not None  # the map is read, the fast way is taken
    return runtime


@pytest.mark.realdata
def test_every_character_the_library_changes_alone_ends_a_key(ja):
    points = [c for c in range(0x20, 0x30000) if not 0xD800 <= c < 0xE000]
    texts = [f"a{chr(c)}b" for c in points]
    changed = [c for c, t, n in zip(points, texts, ja.sp.normalize(texts))
               if n != "▁" + t.replace(" ", "▁")]
    assert len(changed) > 1000
    assert (ja._charsmap_touches[0][changed] > 0).all()
    # and it is no blanket: most characters are left to themselves
    assert (ja._charsmap_touches[0] > 0).sum() < 20_000


@pytest.mark.realdata
def test_one_for_one_characters_are_replaced_alone_with_identity_offsets(ja):
    kinds, table = ja._charsmap_touches
    ones = np.flatnonzero(kinds == 1).tolist()
    assert len(ones) > 1000 and ord("，") in ones and sorted(table) == ones
    for code in ones:
        into = table[code]
        for text in (f"a{chr(code)}b", f"{chr(code)}{chr(code)}", f"x {chr(code)}"):
            want = "▁" + text.replace(" ", "▁").replace(chr(code), into)
            assert ja.sp.normalize(text, with_offsets=True) == (want, [0, *range(len(text) + 1)])


@pytest.mark.realdata
@pytest.mark.parametrize("rel", MODELS)
def test_flores_with_compatibility_characters_normalizes_as_the_library(rel):
    runtime = _runtime(rel)
    texts = []
    for path in sorted(require_data(FLORES).glob("*.dev")):
        texts += path.read_text(encoding="utf-8").splitlines()[:12]
    # the same lines in full-width, with ligatures, compatibility ideographs, odd spaces
    wide = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})
    texts += [t.translate(wide) for t in texts[::7]]
    texts += [t.replace("fi", "ﬁ").replace("ff", "ﬀ").replace(" ", "\u3000", 2) + " \uf900\u2460"
              for t in texts[::5]]
    texts += ["", " ", "  a  b ", "a▁", "▁a", "e\u0301", "\u1100\u1161", "\u00ad"]
    if runtime._identity:
        pytest.skip("an identity normalizer is never asked (the pieces spell the text)")
    _check_same(runtime, texts)
    # and end to end: IDs and spans in every unit as the readable way gives them
    fast = runtime.encode_batch(texts, add_special_tokens=False)
    slow = _readable(runtime, lambda: runtime.encode_batch(texts, add_special_tokens=False))
    assert fast.ids.tolist() == slow.ids.tolist()
    for unit in ("bytes", "cp", "utf16", "grapheme"):
        assert all(np.array_equal(a, b) for a, b in zip(fast.spans(unit), slow.spans(unit)))


@pytest.mark.realdata
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=TEXTS)
@example(texts=["a…b", "x，y", "ﬁ ﬀ", "Ａ Ｂ", " lead", "trail ", "a  b", "x▁", "\uf900", "e\u0301", "plain"])
def test_random_compatibility_text_normalizes_as_the_library(ja, texts):
    _check_same(ja, texts)


def test_an_unreadable_map_reads_as_none():
    assert key_end_characters(b"") == ""
    assert key_end_characters(b"\x08\x00\x00\x00\x01") is None  # trie runs past the data


def _check_one_same(runtime, texts: list[str]) -> None:
    """The one-off path's :meth:`_normalize_one` against the library asked with offsets."""
    for text in texts:
        norm, offsets = runtime._normalize_one(text)
        assert (norm, runtime._offsets((norm, offsets))) == tuple(
            (n[0], list(n[1])) for n in [runtime.sp.normalize(text, with_offsets=True)])[0], text


@pytest.mark.realdata
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(texts=TEXTS)
@example(texts=["a…b", "x，y", "ﬁ ﬀ", "Ａ Ｂ", " lead", "trail ", "a  b", "x▁", "\uf900", "e\u0301",
                "plain", "日本語", "ｶﾞ", "\u3000全角\u3000", "😀👍🏽", "a\u0308\u0301", "Кириллица"])
def test_one_text_normalizes_as_the_library(ja, texts):
    _check_one_same(ja, texts)


@pytest.mark.realdata
@pytest.mark.parametrize("rel", MODELS)
def test_one_text_of_flores_normalizes_as_the_library(rel):
    runtime = _runtime(rel)
    if runtime._identity:
        pytest.skip("an identity normalizer is never asked (the pieces spell the text)")
    texts = []
    for path in sorted(require_data(FLORES).glob("*.dev")):
        texts += path.read_text(encoding="utf-8").splitlines()[:6]
    wide = str.maketrans({chr(c): chr(c + 0xFEE0) for c in range(0x21, 0x7F)})
    texts += [t.translate(wide) for t in texts[::7]]
    _check_one_same(runtime, texts + ["", " ", "  a  b ", "a▁", "▁a", "ａ b", "\u00ad"])
