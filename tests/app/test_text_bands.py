"""The Qt-free geometry of the text view: paragraphs, clusters, byte shares, hit tests."""

from __future__ import annotations

import regex

from app.widgets.text_bands import (Glyph, SpanLookup, bands_of, boundaries_of,
                                    clusters_from_glyphs, paragraph_spans, segments_of,
                                    string_indexes_trusted, token_at)


def test_paragraphs_tile_the_text_and_long_lines_are_cut_between_graphemes():
    text = ("नमस्ते " * 300 + "\r\n" + "👨\u200d👩\u200d👧" * 400 + "\n" + "x" * 10 + "\n")
    data = text.encode("utf-8")
    starts, ends, nexts = paragraph_spans(data, max_bytes=1000)
    assert starts[0] == 0 and nexts[-1] == len(data)
    assert (starts[1:] == nexts[:-1]).all()  # nothing lost, nothing twice
    assert ((ends - starts) <= 1000).all()
    graphemes = {0}
    pos = 0
    for cluster in regex.findall(r"\X", text):
        pos += len(cluster.encode("utf-8"))
        graphemes.add(pos)
    assert set(starts.tolist()) <= graphemes  # no cut inside a grapheme (an emoji family)
    # the line break itself is left out of the paragraph, CRLF as a whole
    first_break = data.index(b"\r\n")
    assert first_break in ends.tolist() and first_break + 2 in starts.tolist()
    # a long Hindi line is cut after a space
    assert all(data[s - 1:s] == b" " for s, n in zip(starts[1:], nexts[:-1])
               if s < first_break)


def test_joiners_shaped_to_zero_width_stay_zero_wide_and_hit_nothing_else():
    """a ZWJ b: the joiner's glyph has the font's advance but is shaped to zero width (it
    sits where b starts): it gets no width, and a and b keep theirs."""
    glyphs = [Glyph(0, 0.0, 9.0), Glyph(1, 9.0, 4.2), Glyph(2, 9.0, 9.8)]
    clusters = clusters_from_glyphs(glyphs, [0, 1, 4], [1, 4, 5], 3, 18.8)
    assert [(c.x0, c.x1) for c in clusters] == [(0.0, 9.0), (9.0, 9.0), (9.0, 18.8)]
    segments = segments_of(clusters, SpanLookup([0, 1, 4], [1, 4, 5]))
    assert [token_at(segments, x).token for x in (4.0, 9.5, 18.0)] == [0, 2, 2]
    assert token_at(segments, 9.0, slack=1.0).token == 1
    assert token_at(segments, 30.0) is None


def test_bidi_line_tiles_runs_and_divides_right_to_left_clusters_from_the_right():
    # "ab" then a Hebrew letter of 2 bytes cut by two tokens (1 byte each)
    glyphs = [Glyph(0, 0.0, 8.0), Glyph(1, 8.0, 8.0), Glyph(2, 16.0, 10.0, True)]
    clusters = clusters_from_glyphs(glyphs, [0, 1, 2], [1, 2, 4], 3, 26.0)
    segments = segments_of(clusters, SpanLookup([0, 1, 2, 3], [1, 2, 3, 4]))
    assert [(s.token, s.x0, s.x1) for s in segments] == [
        (0, 0.0, 8.0), (1, 8.0, 16.0), (3, 16.0, 21.0), (2, 21.0, 26.0)]
    assert boundaries_of(segments) == [8.0, 16.0, 21.0]
    assert bands_of(segments)[-1] == (21.0, 26.0, 2)


def test_a_laid_out_control_glyph_is_one_cluster():
    """⟨U+0001⟩ is laid out as eight characters standing for one byte: one cluster."""
    glyphs = [Glyph(k, 10.0 * k, 10.0) for k in range(8)]
    clusters = clusters_from_glyphs(glyphs, [5] * 8, [6] * 8, 8, 80.0)
    assert [(c.start, c.end, c.x0, c.x1) for c in clusters] == [(5, 6, 0.0, 80.0)]


def test_qt_string_indexes_are_believed_only_when_consistent():
    assert string_indexes_trusted([(False, [0, 0, 2, 4, 4])], 0, 6)
    assert not string_indexes_trusted([(True, [0, 1])], 0, 2)  # right to left
    assert not string_indexes_trusted([(False, [0, 0])], 3, 6)  # a wrapped line's run
    assert not string_indexes_trusted([(False, [3, 1])], 0, 6)  # going backwards


def test_span_lookup_finds_overlapping_and_inserted_tokens():
    # token 1 is inserted at 3 (empty), token 2 overlaps token 3 (a normalizer's shared span)
    spans = SpanLookup([0, 3, 3, 3, 6], [3, 3, 6, 6, 9])
    assert spans.near(4, 5) == [2, 3]
    assert spans.near(3, 3) == [1]
    local = spans.narrowed(0, 9)
    assert local.empty_at(3, 3) == [1] and local.span(4) == (6, 9)
    assert SpanLookup([5, 0], [9, 5]).near(0, 1) == [1]  # out of order: still found
