"""Text units: the SPEC §2 reference cases, and properties over arbitrary Unicode."""

import unicodedata

import numpy as np
import pytest
import regex
from hypothesis import given, settings, strategies as st

from core.errors import TextError
from core.text.offsets import (TextIndex, Unit, check_encodable, replace_lone_surrogates, visible_bytes,
                       visible_text)

FAMILY = "👨\u200d👩\u200d👧"


def test_family_emoji_counts():
    assert TextIndex(FAMILY).counts() == {"bytes": 18, "cp": 5, "utf16": 8, "grapheme": 1}


def test_precomposed_and_combining_e():
    assert TextIndex("é").counts() == {"bytes": 2, "cp": 1, "utf16": 1, "grapheme": 1}
    assert TextIndex("e\u0301").counts() == {"bytes": 3, "cp": 2, "utf16": 2, "grapheme": 1}


def test_ni_bytes():
    assert "你".encode("utf-8").hex(" ").upper() == "E4 BD A0"
    idx = TextIndex("你")
    s, e, partial = idx.byte_spans_to(Unit.CP, [0, 1], [1, 3])
    assert s.tolist() == [0, 0] and e.tolist() == [1, 1] and partial.tolist() == [True, True]


def test_crlf_is_one_grapheme_two_code_points():
    assert TextIndex("a\r\nb").counts() == {"bytes": 4, "cp": 4, "utf16": 4, "grapheme": 3}


def test_surrogate_pair_emoji_in_utf16():
    idx = TextIndex("a😀b")
    s, e, _ = idx.byte_spans_to(Unit.UTF16, [0, 1, 5], [1, 5, 6])
    assert s.tolist() == [0, 1, 3] and e.tolist() == [1, 3, 4]
    with pytest.raises(TextError, match="surrogate pair"):
        idx.to_bytes(Unit.UTF16, [2])


def test_byte_offset_inside_character_is_refused():
    with pytest.raises(TextError, match="inside a UTF-8 character"):
        TextIndex("你").to_bytes(Unit.BYTES, [1])


def test_visible_rendering():
    assert visible_text(" \t\n\r\u200d\u202e\ufeff") == "␣⇥↵␍⟨ZWJ⟩⟨RLO⟩⟨BOM⟩"
    assert visible_bytes(b"\xe4\xbd") == "<E4 BD>"
    assert visible_bytes("你".encode() + b"\xe5\xa5") == "你<E5 A5>"
    assert "\ufffd" not in visible_bytes(b"\xff\xfe")
    assert visible_text("\u0301") == "◌\u0301"


def test_lone_surrogates():
    clean, count = replace_lone_surrogates("ab\ud83dc")
    assert clean == "ab\ufffdc" and count == 1
    with pytest.raises(TextError, match="lone surrogate"):
        check_encodable("ab\ud83dc")


def test_unit_aliases():
    assert Unit.parse("codepoints") is Unit.CP and Unit.parse("UTF-16") is Unit.UTF16
    with pytest.raises(ValueError, match="unknown unit"):
        Unit.parse("words")


# --- properties --------------------------------------------------------------------------

texts = st.text(
    alphabet=st.one_of(
        st.characters(blacklist_categories=("Cs",)),
        st.sampled_from(["\u200d", "\u0301", "\r", "\n", "👨", "👩", "🇫", "🇷", "\U0001F3FD",
                         "\ufe0f", "ᄀ", "ᅡ", "ᆨ", "한", "क", "\u094d", "ष", "\u0e33",
                         "\u0600", "\u0903", "\x00", "\u06da", "a", " ", "\u200c", "❤"]),
    ),
    max_size=40)


@settings(max_examples=300, deadline=None)
@given(texts, st.data())
def test_conversions_are_exact_on_character_boundaries(text, data):
    idx = TextIndex(text)
    n = len(text)
    a = data.draw(st.integers(0, n))
    b = data.draw(st.integers(a, n))
    bs, be = len(text[:a].encode()), len(text[:b].encode())
    s, e, partial = idx.byte_spans_to(Unit.CP, [bs], [be])
    assert (s[0], e[0], partial[0]) == (a, b, False)
    s16, e16, _ = idx.byte_spans_to(Unit.UTF16, [bs], [be])
    assert s16[0] == len(text[:a].encode("utf-16-le")) // 2
    assert e16[0] == len(text[:b].encode("utf-16-le")) // 2
    assert idx.to_bytes(Unit.CP, [a, b]).tolist() == [bs, be]
    assert idx.to_bytes(Unit.UTF16, [s16[0], e16[0]]).tolist() == [bs, be]


@settings(max_examples=300, deadline=None)
@given(texts, st.data())
def test_any_byte_span_widens_to_covering_units(text, data):
    idx = TextIndex(text)
    size = len(idx.data)
    a = data.draw(st.integers(0, size))
    b = data.draw(st.integers(a, size))
    for unit in (Unit.CP, Unit.UTF16, Unit.GRAPHEME):
        s, e, _ = idx.byte_spans_to(unit, [a], [b])
        lo, hi = idx.to_bytes(unit, [s[0], e[0]]).tolist()
        assert lo <= a and b <= hi  # the rounded span covers the bytes
    gs, ge, _ = idx.byte_spans_to(Unit.GRAPHEME, [a], [b])
    assert 0 <= gs[0] <= ge[0] <= idx.counts()["grapheme"]


def test_nfkc_compatibility_characters():
    assert unicodedata.normalize("NFKC", "Ⅳﬃ") == "IVffi"


# -- visible_bytes: one decode (surrogateescape) gives what the byte-by-byte decoder gave -------
from hypothesis import given, strategies as st  # noqa: E402

from core.text.offsets import hex_bytes, visible_bytes, visible_text  # noqa: E402


def _reference_visible_bytes(data: bytes, *, show_invisibles: bool = True) -> str:
    """Render token bytes: whole UTF-8 characters as text, any other bytes as ``<HEX>``.

    With ``show_invisibles`` (the default) whitespace and control characters become glyphs.

    >>> visible_bytes(" 你".encode() + b"\\xe5")
    '␣你<E5>'
    >>> visible_bytes(b" \\xe5", show_invisibles=False)
    ' <E5>'
    """
    render = visible_text if show_invisibles else str
    out: list[str] = []
    bad = bytearray()  # adjacent undecodable bytes are shown as one group
    pos = 0
    while pos < len(data):
        try:
            good = data[pos:].decode("utf-8")
            end = len(data)
        except UnicodeDecodeError as err:
            good = data[pos:pos + err.start].decode("utf-8")
            end = pos + err.start
        if good:
            if bad:
                out.append(f"<{hex_bytes(bytes(bad))}>")
                bad.clear()
            out.append(render(good))
        if end < len(data):
            try:
                data[end:].decode("utf-8")
            except UnicodeDecodeError as err:
                bad += data[end:end + err.end]
                end += err.end
        pos = end
    if bad:
        out.append(f"<{hex_bytes(bytes(bad))}>")
    return "".join(out)


@given(st.binary(max_size=40), st.booleans())
def test_visible_bytes_equals_the_decoder_walk(data, invisibles):
    assert visible_bytes(data, show_invisibles=invisibles) == _reference_visible_bytes(
        data, show_invisibles=invisibles)


@given(st.text(max_size=20), st.binary(max_size=6), st.booleans())
def test_visible_bytes_of_text_with_broken_bytes(text, junk, invisibles):
    data = text.encode("utf-8", "surrogatepass") + junk + text[:3].encode("utf-8", "surrogatepass")
    assert visible_bytes(data, show_invisibles=invisibles) == _reference_visible_bytes(
        data, show_invisibles=invisibles)
