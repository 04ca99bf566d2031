"""Grapheme cluster boundaries from the break-class table agree with ``regex``'s ``\\X``."""

import random

import numpy as np
import regex
from hypothesis import given, settings

from core.text.graphemes import (CONTEXT, CONTROL, MARK, PLAIN, break_classes, count_graphemes,
                            grapheme_boundary_mask)
from core.text.offsets import TextIndex
from tests.core.text.test_offsets import texts


def clusters_by_regex(text: str) -> list[int]:
    expected = [0]
    for cluster in regex.findall(r"\X", text):
        expected.append(expected[-1] + len(cluster))
    return expected


@settings(max_examples=400, deadline=None)
@given(texts)
def test_grapheme_boundaries_match_regex(text):
    assert np.flatnonzero(grapheme_boundary_mask(text)).tolist() == clusters_by_regex(text)
    assert count_graphemes(text) == len(clusters_by_regex(text)) - 1


def test_grapheme_boundaries_match_regex_on_dense_joiner_strings():
    # Short strings made mostly of joiners hit rule interactions (Indic linkers after marks,
    # emoji modifiers before ZWJ, Prepend, Hangul, CR LF) that sparse random text rarely does.
    alphabet = ["\u200d", "\u0301", "\r", "\n", "👨", "👩", "🇫", "🇷", "\U0001F3FD", "\ufe0f", "ᄀ",
                "ᅡ", "ᆨ", "한", "क", "\u094d", "ष", "\u0e33", "\u0600", "\u0903", "\x00", "\u06da",
                "a", " ", "\u200c", "❤", "\u093f"]
    rnd = random.Random(7)
    for _ in range(20000):
        text = "".join(rnd.choice(alphabet) for _ in range(rnd.randint(0, 10)))
        assert np.flatnonzero(grapheme_boundary_mask(text)).tolist() == clusters_by_regex(text), \
            repr(text)
        assert TextIndex(text).counts()["utf16"] == len(text.encode("utf-16-le")) // 2


def test_long_texts_with_windows_far_apart_match_regex():
    # windows around context characters are merged or kept apart by position: long texts with
    # joiners scattered among plain runs of every length
    pieces = ["한국어", "👨\u200d👩", "🇯🇵", "क्ष", "\u0600١", "e\u0301", "\r\n", "a" * 7, "語" * 3, " "]
    rnd = random.Random(11)
    for _ in range(200):
        text = "".join(rnd.choice(pieces) for _ in range(rnd.randint(1, 60)))
        assert np.flatnonzero(grapheme_boundary_mask(text)).tolist() == clusters_by_regex(text)


def test_break_classes_agree_with_regex_properties():
    table = break_classes()
    rnd = random.Random(3)
    sample = rnd.sample(range(0x110000), 30000) + [0x0301, 0x0903, 0x094D, 0x200D, 0x0600,
                                                   0x1100, 0xAC00, 0x1F1EF, 0x0D, 0x0A, 0x00]
    mark = regex.compile(r"[\p{GCB=Extend}\p{GCB=SpacingMark}]")
    control = regex.compile(r"[\p{GCB=Control}\r\n]")
    context = regex.compile(r"[\p{GCB=ZWJ}\p{GCB=Prepend}\p{GCB=L}\p{GCB=V}\p{GCB=T}\p{GCB=LV}"
                            r"\p{GCB=LVT}\p{GCB=Regional_Indicator}\p{InCB=Linker}]")
    for cp in sample:
        char = chr(cp)
        want = (CONTEXT if context.match(char) else CONTROL if control.match(char)
                else MARK if mark.match(char) else PLAIN)
        assert table[cp] == want, hex(cp)
