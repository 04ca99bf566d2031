"""Alignment-preserving normalization: every normalized character points at its original span."""

from __future__ import annotations

import unicodedata

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from core.pipeline.normalizers import FORMS, Alignment, normalize_aligned
from core.formats.tiktoken.runtime import TiktokenRuntime
from core.text.offsets import TextIndex
from tests.core.builders import TIKTOKEN_MERGES, tiktoken_ranks


def _char_sources(text: str, form: str) -> list[tuple[str, str]]:
    """(normalized char, the original text it came from) for each normalized code point."""
    norm, align = normalize_aligned(text, form)
    return [(ch, text[a:b]) for ch, a, b in zip(norm, align.orig_cp_start.tolist(),
                                                align.orig_cp_end.tolist())]


def _byte_map(align: Alignment, norm: str) -> list[tuple[int, int]]:
    """Each normalized character's byte span mapped to the original."""
    idx = TextIndex(norm)
    starts, ends = idx.cp_bytes[:-1], idx.cp_bytes[1:]
    s, e = align.to_original_bytes(starts, ends)
    return list(zip(s.tolist(), e.tolist()))


def test_nfkc_maps_each_output_char_to_its_source():
    text = "xⅣyﬃ"
    norm, align = normalize_aligned(text, "NFKC")
    assert norm == "xIVyffi"
    assert _char_sources(text, "NFKC") == [("x", "x"), ("I", "Ⅳ"), ("V", "Ⅳ"), ("y", "y"),
                                           ("f", "ﬃ"), ("f", "ﬃ"), ("i", "ﬃ")]
    assert align.same.tolist() == [True, False, False, True, False, False, False]
    # bytes: x=0..1, Ⅳ=1..4, y=4..5, ﬃ=5..8
    assert _byte_map(align, norm) == [(0, 1), (1, 4), (1, 4), (4, 5), (5, 8), (5, 8), (5, 8)]
    # a span covering "Vy" in the normalized text covers "Ⅳy" in the original
    s, e = align.to_original_bytes([2], [4])
    assert (s.tolist(), e.tolist()) == ([1], [5])


def test_nfc_of_e_acute_maps_to_both_code_points():
    text = "e\u0301"
    norm, align = normalize_aligned(text, "NFC")
    assert norm == "é"
    assert align.orig_cp_start.tolist() == [0] and align.orig_cp_end.tolist() == [2]
    # é is 2 bytes in NFC; the original is e (1) + U+0301 (2) = 3 bytes
    assert _byte_map(align, norm) == [(0, 3)]
    # each half of the composed character maps to the whole original cluster
    s, e = align.to_original_bytes([0, 1], [1, 2])
    assert list(zip(s.tolist(), e.tolist())) == [(0, 3), (0, 3)]


def test_nfd_splits_to_the_same_source():
    norm, align = normalize_aligned("aé", "NFD")
    assert norm == "ae\u0301"
    assert _char_sources("aé", "NFD") == [("a", "a"), ("e", "é"), ("\u0301", "é")]
    assert _byte_map(align, norm) == [(0, 1), (1, 3), (1, 3)]


def test_unchanged_characters_keep_exact_inner_byte_offsets():
    text = "世Ⅳ界"  # Ⅳ (3 bytes) becomes IV (2 bytes): later offsets shift by one
    norm, align = normalize_aligned(text, "NFKC")
    assert norm == "世IV界"
    # a byte inside 世 / 界 (copied unchanged) maps exactly, not to the whole character
    s, e = align.to_original_bytes([1, 7], [2, 8])
    assert list(zip(s.tolist(), e.tolist())) == [(1, 2), (8, 9)]
    assert _byte_map(align, norm) == [(0, 3), (3, 6), (3, 6), (6, 9)]


def test_identity_fast_path():
    text = "already NFC: é 世界 😀"
    index = TextIndex(text)
    norm, align = normalize_aligned(text, "NFC", index)
    assert norm is text
    assert align.original is index and align.normalized is index
    assert align.same.all()
    starts, ends = np.array([0, 3, 5]), np.array([3, 5, 9])
    s, e = align.to_original_bytes(starts, ends)
    assert s.tolist() == [0, 3, 5] and e.tolist() == [3, 5, 9]


def test_empty_text_and_spans_at_the_end():
    norm, align = normalize_aligned("", "NFKC")
    assert norm == "" and align.to_original_bytes([], [])[0].tolist() == []
    norm, align = normalize_aligned("aﬁ", "NFKC")
    s, e = align.to_original_bytes([3, 1], [3, 3])  # an empty span at the very end; a full one
    assert list(zip(s.tolist(), e.tolist())) == [(4, 4), (1, 4)]


def test_unknown_form():
    with pytest.raises(ValueError, match="unknown normal form"):
        normalize_aligned("x", "NFX")


_TEXT = st.text(alphabet=st.characters(blacklist_categories=("Cs",)), max_size=40)
_TRICKY = st.lists(st.sampled_from(["e\u0301", "ﬃ", "Ⅳ", "한", "\u1100\u1161", "Å", "\u212b",
                                    "a", " ", "😀", "\u0301", "ｶ\uff9e", "\u0958"]),
                   max_size=15).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.one_of(_TEXT, _TRICKY), st.sampled_from(FORMS))
def test_alignment_property(text, form):
    norm, align = normalize_aligned(text, form)
    assert norm == unicodedata.normalize(form, text)
    n = len(norm)
    starts, ends = align.orig_cp_start, align.orig_cp_end
    assert len(starts) == len(ends) == len(align.same) == n
    assert ((0 <= starts) & (starts < ends) & (ends <= len(text))).all()
    assert (np.diff(starts) >= 0).all() and (np.diff(ends) >= 0).all()
    for i in np.flatnonzero(align.same).tolist():
        assert text[starts[i]:ends[i]] == norm[i]
    # the whole normalized text maps onto the whole original
    s, e = align.to_original_bytes([0], [len(norm.encode())])
    assert (s.tolist(), e.tolist()) == ([0], [len(text.encode())])
    # mapped character spans are in order and inside the original
    spans = _byte_map(align, norm)
    total = len(text.encode())
    assert all(0 <= a <= b <= total for a, b in spans)
    assert all(a1 <= a2 and b1 <= b2 for (a1, b1), (a2, b2) in zip(spans, spans[1:]))


# --- the qwen preset: NFC inside the tiktoken runtime ----------------------------------------


def _qwen() -> TiktokenRuntime:
    assert b"\xc3\xa9" in TIKTOKEN_MERGES and b"caf\xc3\xa9" in TIKTOKEN_MERGES
    return TiktokenRuntime(tiktoken_ranks(), preset="qwen")


def test_qwen_preset_spans_are_on_the_original_decomposed_text():
    runtime = _qwen()
    assert runtime.normalization == "NFC"
    text = "cafe\u0301 e\u0301!"  # decomposed: e + COMBINING ACUTE
    data = text.encode()
    enc = runtime.encode(text)
    assert enc.text == text
    assert enc.pieces == ["café", " ", "é", "!"]
    spans = list(zip(enc.byte_starts.tolist(), enc.byte_ends.tolist()))
    assert spans == [(0, 6), (6, 7), (7, 10), (10, 11)]
    assert [data[a:b].decode() for a, b in spans] == ["cafe\u0301", " ", "e\u0301", "!"]
    s, e = enc.spans("cp")
    assert list(zip(s.tolist(), e.tolist())) == [(0, 5), (5, 6), (6, 8), (8, 9)]
    assert not (enc.flags & 8).any()  # no partial tokens: each span is whole characters
    # the same ids as the composed text; decode gives the NFC text back
    assert enc.ids.tolist() == runtime.encode(unicodedata.normalize("NFC", text)).ids.tolist()
    assert runtime.decode(enc.ids.tolist()) == "café é!"
    trip = runtime.round_trip(text)
    assert not trip.ok and trip.original_range == (3, 8)


def test_qwen_preset_stages_show_the_normalized_text():
    stages = _qwen().stages("e\u0301x")
    assert [s.name for s in stages] == ["normalizer"]
    assert stages[0].items[0][0] == "éx"
    # the pre-tokens are on the normalized text, their spans on the original
    assert [(p.form, p.start, p.end) for p in _qwen().pre_tokens("e\u0301x")] == [("éx", 0, 4)]


def test_qwen_preset_specials_follow_the_ranks():
    runtime = _qwen()
    n = len(tiktoken_ranks())
    assert runtime.special["<|endoftext|>"] == n
    assert runtime.special["<|im_end|>"] == n + 2
    parsed = runtime.encode("<|im_start|>e\u0301", parse_special=True)
    assert parsed.ids.tolist()[0] == n + 1
    assert list(zip(parsed.byte_starts.tolist(), parsed.byte_ends.tolist())) == [(0, 12), (12, 15)]
