"""The fast BPE and WordPiece trainers against plain recount-everything oracles; pair statistics
against a brute-force recount; determinism across hash seeds; cancel and progress."""

import json
import os
import random
import subprocess
import sys
import threading
import time
from collections import Counter

import pytest

from core.algorithms.bpe import split_word, train_bpe
from core.algorithms.pairs import PairStats, SymbolTable
from core.algorithms import wordpiece
from core.algorithms.wordpiece import train_wordpiece
from core.progress import CancelToken, Cancelled
from tests.conftest import DEMO, ROOT


def _merge(symbols, left, right, merged):
    out, i = [], 0
    while i < len(symbols):
        if i + 1 < len(symbols) and symbols[i] == left and symbols[i + 1] == right:
            out.append(merged)
            i += 2
        else:
            out.append(symbols[i])
            i += 1
    return out


def _pair_counts(words, counts):
    pairs = Counter()
    for symbols, count in zip(words, counts):
        for pair in zip(symbols, symbols[1:]):
            pairs[pair] += count
    return pairs


def oracle_bpe(word_counts, num_merges, min_frequency, end_of_word):
    """Recount every pair after every merge; most frequent, then smallest (left, right)."""
    words = [split_word(w, end_of_word) for w in word_counts]
    counts = list(word_counts.values())
    merges = []
    while len(merges) < num_merges:
        pairs = _pair_counts(words, counts)
        if not pairs:
            break
        (left, right), count = min(pairs.items(), key=lambda item: (-item[1], item[0]))
        if count < min_frequency:
            break
        merges.append((left, right, count))
        words = [_merge(w, left, right, left + right) for w in words]
    return merges


def oracle_wordpiece(word_counts, vocab_size, min_frequency):
    """Recount everything after every merge; best score, then count, then smallest pair."""
    words = [[w[0]] + ["##" + c for c in w[1:]] for w in word_counts]
    counts = list(word_counts.values())
    vocab = sorted({s for w in words for s in w})
    merges = []
    while len(vocab) < vocab_size:
        units = Counter()
        for symbols, count in zip(words, counts):
            for symbol in symbols:
                units[symbol] += count
        pairs = {p: c for p, c in _pair_counts(words, counts).items() if c >= min_frequency}
        if not pairs:
            break
        (left, right), count = min(pairs.items(), key=lambda item: (
            -item[1] / (units[item[0][0]] * units[item[0][1]]), -item[1], item[0]))
        merged = left + right[2:]
        merges.append((left, right, count))
        if merged not in vocab:
            vocab.append(merged)
        words = [_merge(w, left, right, merged) for w in words]
    return merges


def random_words(seed):
    rng = random.Random(seed)
    alphabet = ["ab", "abc", "abcde", "aé低碳"][seed % 4]
    return {"".join(rng.choice(alphabet) for _ in range(rng.randint(1, 12))): rng.randint(1, 6)
            for _ in range(rng.randint(1, 30))}


@pytest.mark.parametrize("seed", range(120))
def test_bpe_equals_the_recounting_oracle(seed):
    words = random_words(seed)
    end_of_word = ["symbol", "suffix", "none"][seed % 3]
    min_frequency = 1 + seed % 3
    model = train_bpe(words, num_merges=40, min_frequency=min_frequency, end_of_word=end_of_word)
    assert [(m.left, m.right, m.count) for m in model.merges] == \
        oracle_bpe(words, 40, min_frequency, end_of_word)


@pytest.mark.parametrize("seed", range(0, 120, 5))
def test_pair_counts_past_int64_stay_exact(seed):
    """Frequencies near 2**62 (pair counts past 2**63, where an int64 sum would wrap and lose
    the pair): both trainers still merge as the oracle counting Python ints does."""
    words = {word: count * 2**62 + seed for word, count in random_words(seed).items()}
    model = train_bpe(words, num_merges=20, end_of_word="none")
    assert [(m.left, m.right, m.count) for m in model.merges] == oracle_bpe(words, 20, 1, "none")
    _, merges = train_wordpiece(words, vocab_size=30, special_tokens=())
    assert [(m.left, m.right, m.count) for m in merges] == oracle_wordpiece(words, 30, 1)


def test_words_emptied_by_limit_alphabet_count_nothing():
    words = {"x": 1, "ab": 3, "xabab": 2, "yy": 1, "bab": 2}
    limited = train_bpe(words, num_merges=5, limit_alphabet=2, end_of_word="none")
    assert limited.alphabet == ["a", "b"]
    plain = train_bpe({"ab": 3, "abab": 2, "bab": 2}, num_merges=5, end_of_word="none")
    assert limited.merges == plain.merges


@pytest.mark.parametrize("seed", range(120))
def test_wordpiece_equals_the_recounting_oracle(seed):
    words = random_words(seed)
    min_frequency = 1 + seed % 3
    size = 5 + seed % 40
    _, merges = train_wordpiece(words, vocab_size=size, min_frequency=min_frequency,
                                special_tokens=())
    assert [(m.left, m.right, m.count) for m in merges] == \
        oracle_wordpiece(words, size, min_frequency)


@pytest.mark.parametrize("seed", range(0, 120, 3))
def test_wordpiece_ranking_pairs_in_numpy_equals_the_recounting_oracle(seed, monkeypatch):
    """The numpy bounds (for symbols with at least ``_NUMPY_RANK`` pairs) on every symbol."""
    monkeypatch.setattr(wordpiece, "_NUMPY_RANK", 0)
    test_wordpiece_equals_the_recounting_oracle(seed)


@pytest.mark.parametrize("seed", range(60))
def test_pair_stats_match_a_recount_after_every_merge_even_when_a_symbol_is_respelled(seed):
    rng = random.Random(seed)
    table = SymbolTable()
    chars = [table.add(s) for s in "abcd"]
    words = ["".join(rng.choice(chars) for _ in range(rng.randint(1, 10))) for _ in range(20)]
    freqs = [rng.randint(1, 4) for _ in words]
    floor = 1 + seed % 3
    stats = PairStats(list(words), freqs, floor)
    for step in range(12):
        if not stats.counts:
            break
        pair = min(stats.counts)
        existing = [c for c in table.chars.values() if c not in pair]
        respell = step % 4 == 3 and existing  # merge into a symbol some words already hold
        merged = rng.choice(existing) if respell else table.add(f"s{step}")
        stats.merge(pair, merged, respelled=bool(respell))
        truth = Counter()
        for word, freq in zip(stats.words, freqs):
            for a, b in zip(word, word[1:]):
                truth[a + b] += freq
        assert stats.counts == {p: c for p, c in truth.items() if c >= floor}
        for key in stats.counts:  # every holder of a kept pair is listed
            holders = {i for i, w in enumerate(stats.words) if key in w}
            assert holders <= set(stats.listed(key))


_DETERMINISM = """
import json, sys
from core.algorithms.bpe import train_bpe
from core.algorithms import wordpiece
from core.algorithms.wordpiece import train_wordpiece
from core.engines.config import TrainingConfig
from core.engines.reference import count_words
lines = open(sys.argv[1], encoding="utf-8").read().splitlines()
bpe = train_bpe(dict(count_words(TrainingConfig(end_of_word="suffix"), lines)), num_merges=400,
                min_frequency=2, end_of_word="suffix")
vocab, merges = train_wordpiece(dict(count_words(TrainingConfig(algorithm="wordpiece"), lines)),
                                vocab_size=2500, min_frequency=2)
print(json.dumps([[(m.left, m.right, m.count) for m in bpe.merges], vocab,
                  [(m.left, m.right, m.count) for m in merges]]))
"""


def test_same_words_give_the_same_merges_whatever_the_hash_seed():
    outputs = []
    for seed in ("0", "1", "12345"):
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", _DETERMINISM, str(DEMO / "corpus.txt")],
                              cwd=ROOT, env=env, capture_output=True, text=True, check=True)
        outputs.append(json.loads(done.stdout))
    assert outputs[0] == outputs[1] == outputs[2]
    assert len(outputs[0][0]) > 100 and len(outputs[0][2]) > 100


def test_word_order_does_not_matter():
    words = random_words(7)
    backwards = dict(reversed(list(words.items())))
    assert train_bpe(words, num_merges=30).merges == train_bpe(backwards, num_merges=30).merges
    assert train_wordpiece(words, vocab_size=40) == train_wordpiece(backwards, vocab_size=40)


def _big_words():
    rng = random.Random(1)
    letters = "abcdefghijklmnopqrstuvwxyz"
    return {"".join(rng.choice(letters) for _ in range(rng.randint(3, 14))): rng.randint(1, 9)
            for _ in range(40_000)}


@pytest.mark.parametrize("train", [
    lambda words, cancel: train_bpe(words, vocab_size=10**6, cancel=cancel),
    lambda words, cancel: train_wordpiece(words, vocab_size=10**6, cancel=cancel)],
    ids=["bpe", "wordpiece"])
def test_cancel_stops_a_long_training_within_a_second(train):
    words, token, stopped = _big_words(), CancelToken(), []

    def run():
        try:
            train(words, token)
        except Cancelled:
            stopped.append(time.monotonic())

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(0.8)
    asked = time.monotonic()
    token.cancel()
    worker.join(10)
    assert stopped and stopped[0] - asked < 1.0


def test_progress_is_monotone_and_ends_at_one_hundred_percent():
    lines = (DEMO / "corpus.txt").read_text(encoding="utf-8").split()
    words = Counter(lines)
    for train in (lambda p: train_bpe(words, vocab_size=600, progress=p),
                  lambda p: train_wordpiece(words, vocab_size=600, progress=p)):
        reports = []
        train(reports.append)
        merging = [r for r in reports if r.phase == "merges"]
        fractions = [r.fraction for r in merging]
        assert fractions == sorted(fractions) and fractions[-1] == 1.0
        assert reports[0].phase == "counting pairs"
