"""Graphemes a token boundary cuts, checked against ``regex``'s ``\\X`` on real tokenizations;
shares of a text unit among the tokens covering it."""

from __future__ import annotations

import pytest
import regex

from core.formats.detect import load_tokenizer
from core.inspect import text_stats
from core.text.offsets import TextIndex
from core.encodings.token_cover import count_split_graphemes, split_grapheme_spans, unit_shares
from tests.conftest import DEMO, TOKENIZERS, require_data

TEXTS = [
    "Hello world",
    "हिन्दी में नमस्ते दुनिया",
    "مرحبا بالعالم",
    "สวัสดีชาวโลก",
    "👨\u200d👩\u200d👧 family, 👍🏽 and 🇫🇷",
    "e\u0301le\u0300ve\r\nnext 你好",
    "မြန်မာဘာသာစကား",
]


def split_by_regex(text: str, starts, ends) -> list[tuple[int, int]]:
    """The oracle: graphemes from ``\\X``, in bytes, that a token boundary falls inside."""
    cuts = {int(b) for s, e in zip(starts, ends) if e > s for b in (s, e)}
    out, pos = [], 0
    for cluster in regex.findall(r"\X", text):
        size = len(cluster.encode("utf-8"))
        if any(pos < c < pos + size for c in cuts):
            out.append((pos, pos + size))
        pos += size
    return out


def tokenizers():
    yield load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    yield load_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")


@pytest.mark.parametrize("text", TEXTS)
def test_split_graphemes_agree_with_regex_on_demo_tokenizers(text):
    for tokenizer in tokenizers():
        enc = tokenizer.encode(text, add_special_tokens=False)
        got = split_grapheme_spans(enc.index, enc.byte_starts, enc.byte_ends)
        assert list(zip(*(a.tolist() for a in got))) == split_by_regex(
            text, enc.byte_starts, enc.byte_ends)


@pytest.mark.realdata
def test_gpt2_cuts_the_family_emoji_into_one_split_grapheme():
    gpt2 = load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"))
    for text in TEXTS:
        enc = gpt2.encode(text)
        expected = split_by_regex(text, enc.byte_starts, enc.byte_ends)
        assert text_stats(enc)["split_graphemes"] == len(expected)
    family = gpt2.encode("👨\u200d👩\u200d👧")
    assert len(family) > 1
    assert count_split_graphemes(family.index, family.byte_starts, family.byte_ends) == 1


def test_ascii_splits_nothing_but_a_cut_crlf_is_one_split_grapheme():
    assert count_split_graphemes(TextIndex("ab cd"), [0, 1, 2], [1, 2, 5]) == 0
    assert count_split_graphemes(TextIndex("a\r\nb"), [0, 2], [2, 4]) == 1


def test_inserted_tokens_cut_nothing():
    """An empty span (a BOS) at a position inside a character is no cut of it."""
    assert count_split_graphemes(TextIndex("你"), [0, 1], [3, 1]) == 0


def test_unit_shares_follow_bytes_and_share_overlaps_evenly():
    assert unit_shares(0, 3, [0, 1], [1, 3], [0, 1]) == [(0, 0.0, 1 / 3), (1, 1 / 3, 1.0)]
    # a normalizer made two tokens of one character (ﬃ -> "ff", "i"): both cover all of it
    assert unit_shares(0, 3, [0, 0], [3, 3], [0, 1]) == [(0, 0.0, 0.5), (1, 0.5, 1.0)]
    assert unit_shares(0, 3, [5], [6], [0]) == []
