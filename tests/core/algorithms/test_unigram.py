"""The numpy Unigram trainer: its batched lattices agree with the readable ``Lattice``, and
training is deterministic, cancellable, reports progress, and honours character coverage."""

import json
import math
import os
import random
import subprocess
import sys
import threading
import time

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from core.algorithms.unigram import Lattice, train_unigram
from core.algorithms.unigram_batch import CharTable, PieceTrie, WordBatch, _Sweep
from core.algorithms.unigram_seed import covered_chars
from core.algorithms.unigram_train import _distinct
from core.progress import CancelToken, Cancelled
from tests.conftest import ROOT


def random_case(seed: int):
    rng = random.Random(seed)
    words = {"".join(rng.choice("abc") for _ in range(rng.randint(1, 12))): rng.randint(1, 5)
             for _ in range(30)}
    pieces = sorted({w[i:i + n] for w in words for i in range(len(w)) for n in (2, 3)
                     if rng.random() < 0.3} | set("abc"))
    probs = {p: rng.random() + 0.01 for p in pieces}
    return words, pieces, probs


@pytest.mark.parametrize("seed", range(5))
def test_batched_lattices_agree_with_lattice(seed):
    words, pieces, probs = random_case(seed)
    chars = CharTable.from_words(words)
    batch = WordBatch.from_counts(words, chars)
    edges = batch.edges(PieceTrie.build(pieces, chars))
    logp = np.log(np.array([probs[p] for p in pieces]))
    counts, log_z = edges.expected_counts(logp)
    expected = {p: 0.0 for p in pieces}
    for word, freq in words.items():
        for piece, c in Lattice(word, probs).expected_counts().items():
            expected[piece] += freq * c
    assert counts == pytest.approx([expected[p] for p in pieces], rel=1e-9)
    assert np.exp(log_z) == pytest.approx([Lattice(w, probs).total_probability()
                                           for w in batch.words], rel=1e-9)
    owners, best, _ = edges.viterbi_pieces(logp)
    for index, word in enumerate(batch.words):
        ours = [pieces[p] for p in best[owners == index]][::-1]
        assert ours == Lattice(word, probs).viterbi()[0]


def test_character_coverage_keeps_the_most_frequent_characters():
    assert covered_chars({"aaaab": 9, "c": 1}, 1.0) == ["a", "b", "c"]
    assert covered_chars({"aaaab": 9, "c": 1}, 0.9) == ["a", "b"]
    probs, _ = train_unigram({"▁aaaab": 9, "▁c": 1}, vocab_size=10, character_coverage=0.9)
    assert "c" not in "".join(probs)
    # the rare character became unknown: the words around it still train
    assert {"a", "b", "▁"} <= set(probs)


CORPUS = {f"▁{w}": n for w, n in [("lower", 5), ("lowest", 3), ("newer", 6), ("wider", 4),
                                  ("новый", 4), ("分词器", 3), ("分词", 5), ("tokens", 7)]}
DETERMINISM = """
import json, sys
from core.algorithms.unigram import train_unigram
words = json.loads(sys.argv[1])
probs, rounds = train_unigram(dict(reversed(list(words.items()))), vocab_size=30)
print(json.dumps([list(probs.items()), [[r.size, r.log_likelihood] for r in rounds]]))
"""


def test_same_input_gives_identical_pieces_and_scores_whatever_the_hash_seed():
    outputs = set()
    for hash_seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run([sys.executable, "-c", DETERMINISM, json.dumps(CORPUS)], env=env,
                              cwd=ROOT, capture_output=True, text=True, check=True)
        outputs.add(done.stdout)
    assert len(outputs) == 1
    probs, rounds = json.loads(outputs.pop())
    assert len(probs) <= 30 and rounds


def test_progress_is_monotone_and_reaches_the_end():
    reports = []
    train_unigram(CORPUS, vocab_size=25, progress=reports.append)
    fractions = [r.fraction for r in reports]
    assert fractions == sorted(fractions) and fractions[-1] == 1.0


def test_cancel_stops_a_long_training_within_a_second():
    rng = random.Random(7)
    words = {"▁" + "".join(rng.choice("abcdefghijklmnop") for _ in range(3000)): 1
             for _ in range(400)}
    token = CancelToken()
    outcome = []

    def cancel_soon(report):
        # cancel once training is under way (its first report), from another thread
        if not outcome:
            outcome.append("started")
            threading.Timer(0.3, lambda: (outcome.append(time.monotonic()), token.cancel())).start()

    def run():
        try:
            train_unigram(words, vocab_size=50, progress=cancel_soon, cancel=token)
            outcome.append("finished")
        except Cancelled:
            outcome.append(time.monotonic())

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(30)
    asked, stopped = outcome[1], outcome[2]
    assert isinstance(stopped, float), outcome
    assert stopped - asked < 1.0


def test_a_rare_piece_score_stays_finite():
    probs, _ = train_unigram({"▁ab": 50, "▁abz": 1}, vocab_size=6)
    assert all(p > 0 and math.isfinite(math.log(p)) for p in probs.values())


@settings(max_examples=60, deadline=None)
@given(st.dictionaries(st.text("abcd", min_size=1, max_size=40), st.integers(1, 9),
                       min_size=1, max_size=25),
       st.lists(st.text("abcd", min_size=2, max_size=5), max_size=30),
       st.sets(st.integers(0, 33)))
def test_each_sweep_step_equals_the_readable_step_also_after_pieces_are_dropped(words, extra,
                                                                                dropped):
    """The passes' precomputed geometry (``_Sweep.step``) against ``Edges._step``, before and
    after ``keep`` filters edges, and the passes' results against ``Lattice``'s."""
    pieces = sorted(set("abcd") | set(extra))
    chars = CharTable(list("abcd"))
    batch = WordBatch.from_counts(words, chars)
    edges = batch.edges(PieceTrie.build(pieces, chars))
    alive = np.array([len(p) == 1 or i not in dropped for i, p in enumerate(pieces)])
    for _ in range(2):
        logp = np.log(np.linspace(0.1, 0.9, len(pieces)))
        sweep = _Sweep(edges, logp)
        for step in range(1, edges.steps() + 1):
            fast, readable = sweep.step(step), edges._step(step)
            for a, b in zip(fast, readable):
                assert np.array_equal(np.asarray(a), np.asarray(b))
            lo, hi = readable[:2]
            assert np.array_equal(sweep.logp[lo:hi], logp[edges.piece[lo:hi]])
            assert np.array_equal(sweep.edge_ends(lo, hi), np.repeat(readable[4], readable[3]))
        counts, log_z = edges.expected_counts(logp)
        probs = dict(zip(pieces, np.exp(logp)))
        assert np.exp(log_z) == pytest.approx([Lattice(w, probs).total_probability()
                                               for w in batch.words], rel=1e-9)
        edges.keep(alive, (np.cumsum(alive) - 1).astype(np.int32))
        pieces = [p for p, a in zip(pieces, alive) if a]
        alive = np.ones(len(pieces), dtype=bool)


@given(st.lists(st.integers(-5, 5)))
def test_distinct_equals_numpy_unique(values):
    keys = np.array(values, dtype=np.int64)
    assert np.array_equal(_distinct(keys.copy()), np.unique(keys))
