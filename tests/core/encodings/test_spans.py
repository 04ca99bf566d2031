"""core.encodings.spans: spans several tokens share narrowed to each token's bytes, and exact spans of a
native answer."""

from __future__ import annotations

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from core.encodings.spans import refine_overlapping_spans
from core.encodings.vocab_bytes import VocabBytes


# --- refine_overlapping_spans -----------------------------------------------------------------


def _refine(text, starts, ends, pieces, content=None):
    s, e = np.array(starts, np.int64), np.array(ends, np.int64)
    mask = np.ones(len(s), bool) if content is None else np.array(content, bool)
    refine_overlapping_spans(text.encode(), s, e, np.arange(len(pieces)),
                             VocabBytes.from_list(pieces), mask)
    return list(zip(s.tolist(), e.tolist()))


def test_refine_splits_a_cjk_character_across_byte_tokens():
    text = "a世b"  # 世 = E4 B8 96 at bytes 1..4
    pieces = [b"a", b"\xe4", b"\xb8\x96", b"b"]
    assert _refine(text, [0, 1, 1, 4], [1, 4, 4, 5], pieces) == [(0, 1), (1, 2), (2, 4), (4, 5)]


def test_refine_three_way_split_and_neighbouring_characters():
    text = "世界"
    pieces = [b"\xe4", b"\xb8", b"\x96", b"\xe7\x95", b"\x8c"]
    got = _refine(text, [0, 0, 0, 3, 3], [3, 3, 3, 6, 6], pieces)
    assert got == [(0, 1), (1, 2), (2, 3), (3, 5), (5, 6)]


def test_refine_keeps_shared_span_when_normalization_changed_the_text():
    # NFKC: "ﬃ" (3 bytes) became "ffi"; the tokens' bytes do not match the original bytes
    text = "xﬃ"
    pieces = [b"x", b"ff", b"i"]
    assert _refine(text, [0, 1, 1], [1, 4, 4], pieces) == [(0, 1), (1, 4), (1, 4)]


def test_refine_ignores_non_content_tokens_and_leaves_disjoint_spans_alone():
    text = "ab世"
    pieces = [b"<s>", b"a", b"b", b"\xe4\xb8", b"\x96"]
    got = _refine(text, [0, 0, 1, 2, 2], [0, 1, 2, 5, 5], pieces,
                  content=[False, True, True, True, True])
    assert got == [(0, 0), (0, 1), (1, 2), (2, 4), (4, 5)]


def test_refine_with_one_token_is_a_no_op():
    assert _refine("世", [0], [3], [b"\xe4"]) == [(0, 3)]


def test_refine_skips_a_made_up_leading_space_token():
    # Metaspace puts "▁" (a space) before the first word; the text has no space there
    text = "世"
    pieces = [b" ", b"\xe4\xb8", b"\x96"]
    assert _refine(text, [0, 0, 0], [3, 3, 3], pieces) == [(0, 3), (0, 2), (2, 3)]


def test_refine_decides_each_run_on_its_own():
    text = "世ﬃ界"  # run 1 fits, run 2 (normalized) does not, run 3 fits
    pieces = [b"\xe4", b"\xb8\x96", b"ff", b"i", b"\xe7\x95", b"\x8c"]
    got = _refine(text, [0, 0, 3, 3, 6, 6], [3, 3, 6, 6, 9, 9], pieces)
    assert got == [(0, 1), (1, 3), (3, 6), (3, 6), (6, 8), (8, 9)]


def _refine_one_run_at_a_time(data, starts, ends, pieces):
    """The plain definition: each run of overlapping tokens, laid end to end if it fits."""
    starts, ends = list(starts), list(ends)
    order = [i for i in range(len(starts)) if ends[i] > starts[i]]
    runs, reach = [], -1
    for i in order:
        if runs and starts[i] < reach:
            runs[-1].append(i)
        else:
            runs.append([i])
        reach = max(reach, ends[i]) if len(runs[-1]) > 1 else ends[i]
    for run in (r for r in runs if len(r) > 1):
        lo, hi = min(starts[i] for i in run), max(ends[i] for i in run)
        first = pieces[run[0]]
        skip = 1 if first and not first.strip() and data[lo:lo + len(first)] != first else 0
        if data[lo:hi] == b"".join(pieces[i] for i in run[skip:]):
            pos = lo
            for i in run[skip:]:
                starts[i], ends[i] = pos, pos + len(pieces[i])
                pos += len(pieces[i])
    return list(zip(starts, ends))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["a", "世", "é", " ", "ﬃ", "😀"]), min_size=1, max_size=12),
       st.data())
def test_refine_equals_the_run_by_run_definition(chars, data):
    """Tokens split characters at random; some runs are given wrong bytes (as normalization
    does): the vectorized refinement must equal the plain one."""
    text = "".join(chars)
    starts, ends, pieces, pos = [], [], [], 0
    for ch in chars:
        raw = ch.encode()
        cut = data.draw(st.integers(0, len(raw)))
        parts = [p for p in (raw[:cut], raw[cut:]) if p]
        if data.draw(st.booleans()):
            parts = [p.upper() if p.isascii() else p for p in parts]
        if data.draw(st.integers(0, 5)) == 0:
            parts = [b" "] + parts  # a made-up space
        for part in parts:
            starts.append(pos)
            ends.append(pos + len(raw))
            pieces.append(part)
        pos += len(raw)
    expected = _refine_one_run_at_a_time(text.encode(), starts, ends, pieces)
    assert _refine(text, starts, ends, pieces) == expected
