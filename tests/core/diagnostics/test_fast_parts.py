"""The diagnostics' array shortcuts against their readable rules (issue #27, item 4): the
bootstrap's totals as one product per chunk, the UTF-8 lengths and length bands from the
joined code points, and the code pattern's matches found without its slow branch where that
branch cannot match."""

from __future__ import annotations

import numpy as np
import regex
from hypothesis import given, settings
from hypothesis import strategies as st

import core.diagnostics.parallel as parallel
from core.diagnostics.classify import (_CLASSES, SPACE_BIT, _code_starts, _length_bands,
                                       _utf8_lengths, character_table, classify, length_band)
from core.text.graphemes import code_points


def _gathered_totals(matrix: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """The readable bootstrap: each resample's rows gathered and summed."""
    n = len(matrix)
    totals = np.zeros((resamples, matrix.shape[1]), np.float64)
    if not n:
        return totals
    rng = np.random.default_rng(seed)
    values = matrix.astype(np.float64)
    step = max(1, parallel.BOOTSTRAP_CHUNK // n)
    for first in range(0, resamples, step):
        rows = min(step, resamples - first)
        draws = rng.integers(0, n, size=(rows, n))
        for row in range(rows):
            totals[first + row] = values[draws[row]].sum(axis=0)
    return totals


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 40), st.integers(1, 5), st.integers(0, 30), st.integers(0, 3),
       st.sampled_from([1, 7, 64, 1 << 20]), st.integers(0, 10**6))
def test_the_bootstrap_totals_are_the_gathered_sums(n, columns, resamples, seed, chunk, top):
    matrix = np.random.default_rng(seed).integers(0, top + 1, size=(n, columns))
    original = parallel.BOOTSTRAP_CHUNK
    try:
        parallel.BOOTSTRAP_CHUNK = chunk  # several chunks, and one draw per chunk
        fast = parallel.bootstrap_totals(matrix, resamples, seed)
        assert np.array_equal(fast, _gathered_totals(matrix, resamples, seed))
    finally:
        parallel.BOOTSTRAP_CHUNK = original


PIECES = ["a", " ", "\n", "\t", "é", "中", "🦊", "\ud800", "\u2028", "\u00a0", "{", "}", ";",
          "=", "==", "=>", "!=", "::", "()", "(", "def", "class", "import", "return",
          "function", "#include", "x", "defx", "classic", "\r\n", "\x1c"]
TEXT = st.lists(st.sampled_from(PIECES), max_size=25).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=6))
def test_the_code_matches_are_the_whole_patterns(texts):
    joined = "\n".join(texts)
    cps = code_points(joined)
    space = (character_table()[cps] & SPACE_BIT) != 0
    assert _code_starts(joined, cps, space) == [m.start()
                                               for m in _CLASSES["code"].finditer(joined)]


@settings(max_examples=200, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=6), st.lists(st.integers(0, 5000), min_size=1))
def test_utf8_lengths_and_length_bands_are_each_texts(texts, lengths):
    joined = "\n".join(texts)
    sizes = np.array([len(t) for t in texts], np.int64)
    starts = np.concatenate(([0], np.cumsum(sizes + 1)))[:-1]
    assert _utf8_lengths(code_points(joined), starts, sizes).tolist() == [
        len(t.encode("utf-8", "surrogatepass")) for t in texts]
    assert _length_bands(np.array(lengths)) == [length_band(n) for n in lengths]


@settings(max_examples=100, deadline=None)
@given(st.lists(TEXT, min_size=1, max_size=6))
def test_the_character_classes_name_the_documents_that_have_them(texts):
    traits = classify(texts)
    for name, pattern in [("number", r"\p{Nd}"), ("emoji", r"\p{Extended_Pictographic}")]:
        assert traits.classes[name].tolist() == [
            k for k, t in enumerate(texts) if regex.search(pattern, t)]
