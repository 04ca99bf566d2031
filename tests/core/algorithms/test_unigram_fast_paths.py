"""The Unigram trainer's fast passes against their readable, step-at-a-time forms, bit for bit.

``Edges.expected_counts`` and ``Edges.viterbi_pieces`` restructure the sweeps (whole-block
factors, one ``bincount`` per block of steps, winners recorded as edges, a one-word tail by
``argmax``); ``_readable_expected_counts`` and ``_readable_viterbi_pieces`` are the plain
per-step forms. Equal floats, not approximately equal ones: training decisions (pruning ranks,
the 0.5 cut-off) hang on the last bits.
"""

from __future__ import annotations

import contextlib
import random

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from core.algorithms import unigram_batch
from core.algorithms.unigram_batch import CharTable, Edges, KeyIndex, PieceTrie, WordBatch
from core.algorithms.unigram_seed import _TopList
from core.algorithms.unigram_train import train


@contextlib.contextmanager
def small_blocks(count_block: int, slice_: int, many_runs: int = 3, wide_step: int = 2):
    """Blocks and slices a few steps / edges long, so that small corpora cross their borders,
    steps of a few runs already take the integer-key maxima, and blocks of either width add
    their counts (step by step, or in one call)."""
    names = ("COUNT_BLOCK", "SLICE", "MANY_RUNS", "WIDE_STEP")
    saved = [getattr(unigram_batch, name) for name in names]
    for name, value in zip(names, (count_block, slice_, many_runs, wide_step)):
        setattr(unigram_batch, name, value)
    try:
        yield
    finally:
        for name, value in zip(names, saved):
            setattr(unigram_batch, name, value)


@contextlib.contextmanager
def readable_passes():
    """Training with the readable passes in place of the fast ones."""
    fast = Edges.expected_counts, Edges.viterbi_pieces
    Edges.expected_counts = Edges._readable_expected_counts
    Edges.viterbi_pieces = Edges._readable_viterbi_pieces
    try:
        yield
    finally:
        Edges.expected_counts, Edges.viterbi_pieces = fast


def assert_passes_equal(edges: Edges, logp: np.ndarray) -> None:
    counts, log_z = edges.expected_counts(logp)
    slow_counts, slow_log_z = edges._readable_expected_counts(logp)
    assert np.array_equal(counts, slow_counts)
    assert np.array_equal(log_z, slow_log_z)
    for fast, slow in zip(edges.viterbi_pieces(logp), edges._readable_viterbi_pieces(logp)):
        assert np.array_equal(fast, slow)


ALPHABET = "ab▁字語😀"  # BMP and astral characters: ids, not UTF-16 units


@settings(max_examples=80, deadline=None)
@given(st.dictionaries(st.text(ALPHABET, min_size=1, max_size=60), st.integers(1, 9),
                       min_size=1, max_size=25),
       st.lists(st.text(ALPHABET, min_size=2, max_size=6), max_size=30),
       st.sets(st.integers(0, 40)), st.integers(1, 5), st.integers(1, 40), st.integers(0, 4),
       st.integers(0, 2**32 - 1), st.integers(0, 6))
def test_fast_passes_equal_the_readable_ones_bit_for_bit(words, extra, dropped, block, slice_,
                                                         many_runs, seed, wide_step):
    pieces = sorted(set(ALPHABET) | set(extra))
    chars = CharTable(sorted(set(ALPHABET) - {"b"}))  # "b" is unknown: its own edges
    batch = WordBatch.from_counts(words, chars)
    edges = batch.edges(PieceTrie.build(pieces, chars), unknown_piece=len(pieces))
    rng = np.random.default_rng(seed)
    logp = np.log(rng.uniform(0.01, 1.0, len(pieces) + 1))
    logp[rng.random(len(logp)) < 0.2] = np.log(0.5)  # ties: the first maximum must win
    with small_blocks(block, slice_, many_runs, wide_step):
        assert_passes_equal(edges, logp)
        alive = np.array([len(p) == 1 or i not in dropped for i, p in enumerate(pieces)] + [True])
        edges.keep(alive, (np.cumsum(alive) - 1).astype(np.int32))
        assert_passes_equal(edges, logp[alive])


def _corpus(seed: int, alphabet: str, longest: int) -> dict[str, int]:
    rng = random.Random(seed)
    stems = ["".join(rng.choice(alphabet) for _ in range(rng.randint(1, 6))) for _ in range(40)]
    words = {}
    for _ in range(300):
        word = "▁" + "".join(rng.choice(stems) for _ in range(rng.randint(1, longest)))
        words[word] = words.get(word, 0) + rng.randint(1, 20)
    return words


CORPORA = {  # words, vocabulary size (well under the seed's)
    "latin": (_corpus(1, "abcdefgh", 4), 60),
    "cjk, long words": (_corpus(2, "的一是不了人我在有他这中大来上", 60), 60),
    "emoji and mixed": (_corpus(3, "ab😀👍🏽字é\u0301", 8), 60),
    "repetitive": ({"▁" + "ab" * n: n for n in range(1, 80)}, 6),
}


@pytest.mark.parametrize("name", CORPORA)
def test_training_with_fast_passes_equals_training_with_readable_ones(name):
    words, vocab_size = CORPORA[name]
    with small_blocks(7, 50):  # borders of blocks and slices inside every chunk
        fast = train(words, vocab_size=vocab_size, shrinking_factor=0.6)
        with readable_passes():
            slow = train(words, vocab_size=vocab_size, shrinking_factor=0.6)
    assert fast[0] == slow[0]
    assert np.array_equal(fast[1], slow[1])
    assert fast[2] == slow[2]
    assert len(fast[2]) > 2  # pruning ran: Viterbi passes took part


@settings(max_examples=100, deadline=None)
@given(st.lists(st.lists(st.tuples(st.integers(0, 6), st.integers(2, 4)), max_size=12),
                max_size=8),
       st.integers(1, 10))
def test_seed_top_list_equals_one_sort_of_every_offer(offers, size):
    """Merging offers whenever ``size`` are pending keeps what one sort of all would keep."""
    positions = iter(range(10**6))  # distinct positions: the order is strict, as in the seed
    columns = [(np.array([float(s) for s, _ in offer]), np.array([n for _, n in offer], np.int8),
                np.array([next(positions) for _ in offer], np.int64)) for offer in offers]
    top = _TopList(size)
    for found in columns:
        top.offer(found)
    kept = top.result()
    every = [(-s, n, w) for found in columns for s, n, w in zip(*(c.tolist() for c in found))]
    expected = sorted(every)[:size]
    assert [(-s, n, w) for s, n, w in zip(*(c.tolist() for c in kept))] == expected


@settings(max_examples=200, deadline=None)
@given(st.lists(st.floats(allow_nan=False, width=64), min_size=1, max_size=40), st.data())
def test_run_maxima_by_integer_keys_equal_numpys(values, data):
    values = np.array(values)
    cuts = data.draw(st.sets(st.integers(1, len(values) - 1), max_size=10)) if len(values) > 1 \
        else set()
    first = np.array([0] + sorted(cuts), dtype=np.int64)
    expected = np.maximum.reduceat(values, first)
    with small_blocks(unigram_batch.COUNT_BLOCK, unigram_batch.SLICE, 0):
        ours = unigram_batch._run_max(values, first)
    assert ours.dtype == np.float64
    assert np.array_equal(ours, expected)  # (-0.0 == 0.0: the sign of a zero maximum aside)


@settings(max_examples=150, deadline=None)
@given(st.sets(st.integers(0, 2**40), max_size=300), st.lists(st.integers(0, 2**40), max_size=50))
def test_key_index_finds_what_searchsorted_finds(keys, others):
    """The trie's hash index: a key's place in the sorted keys, -1 for any other number
    (tables from 8 slots up: long probe chains, wrap-around at the table's end; queries left
    open after one probe round, or after the usual rounds, take the binary search)."""
    keys = np.array(sorted(keys), dtype=np.int64)
    queries = np.array(list(keys) + others + [k + 1 for k in keys.tolist()], dtype=np.int64)
    expected = np.searchsorted(keys, queries)
    present = expected < len(keys)
    present[present] = keys[expected[present]] == queries[present]
    for rounds in (1, KeyIndex.ROUNDS, 1000):
        index = KeyIndex(keys)
        index.ROUNDS = rounds
        assert np.array_equal(index.lookup(queries), np.where(present, expected, -1))
