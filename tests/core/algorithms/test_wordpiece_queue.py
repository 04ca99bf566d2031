"""The WordPiece trainer's lazy score queue (bounds per symbol, numpy or Python) against the
readable recount-everything oracle: real small corpora (CJK, emoji, several scripts through the
engine's own word counting) and hypothesis on random ones, huge counts included (float
rounding between a bound and a score must never hide the best pair)."""

import pytest
from hypothesis import given, settings, strategies as st

from core.algorithms import wordpiece
from core.algorithms.wordpiece import train_wordpiece
from core.engines.config import TrainingConfig
from core.engines.reference import count_words
from tests.conftest import DEMO
from tests.core.algorithms.test_bpe_training import oracle_wordpiece

# both ways of bounding a symbol's pairs: all in numpy, all in Python
PATHS = {"numpy": 0, "python": 10 ** 9}


def _corpus_words(lines: list[str]) -> dict[str, int]:
    return dict(count_words(TrainingConfig(algorithm="wordpiece"), lines))


def _demo_slices() -> dict[str, dict[str, int]]:
    lines = (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
    sample = (DEMO / "sample.txt").read_text(encoding="utf-8").splitlines()
    return {"cjk": _corpus_words(lines[:2]),  # Japanese and Chinese sentences: long words
            "sample": _corpus_words(sample),  # emoji (ZWJ families, flags), Arabic, Korean, code
            "emoji": _corpus_words(["👨‍👩‍👧 👨‍👩‍👦 👩‍👩‍👧 🇫🇷🇫🇷 👍🏽👍🏽👍 😀😀😃 🇯🇵🇫🇷"] * 3),
            "mixed": _corpus_words(lines[2:6] + sample[:3])}


def _merges(words, size, min_frequency):
    _, merges = train_wordpiece(words, vocab_size=size, min_frequency=min_frequency,
                                special_tokens=())
    return [(m.left, m.right, m.count) for m in merges]


@pytest.mark.parametrize("path", PATHS)
@pytest.mark.parametrize("corpus", ["cjk", "sample", "emoji", "mixed"])
def test_real_small_corpora_train_as_the_oracle_does(corpus, path, monkeypatch):
    monkeypatch.setattr(wordpiece, "_NUMPY_RANK", PATHS[path])
    words = _demo_slices()[corpus]
    alphabet = len({w[0] for w in words} | {"##" + c for w in words for c in w[1:]})
    for min_frequency in (1, 2):
        size = alphabet + 120  # well into the merges (the emoji corpus runs out before)
        ours = _merges(words, size, min_frequency)
        assert ours == oracle_wordpiece(words, size, min_frequency)
        assert len(ours) > 10


def test_the_python_and_numpy_bounds_give_the_same_vocabulary(monkeypatch):
    """The whole demo corpus (too big for the oracle): every way of splitting symbols between
    the two paths trains the same vocabulary and merge log."""
    words = _corpus_words((DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines())
    results = []
    for threshold in (0, 3, 48, 10 ** 9):
        monkeypatch.setattr(wordpiece, "_NUMPY_RANK", threshold)
        results.append(train_wordpiece(words, vocab_size=4000, special_tokens=("[UNK]",)))
    assert all(result == results[0] for result in results)
    assert len(results[0][0]) == 4000


# words over a few symbols (ASCII, CJK, an emoji with its modifier): many respelled merges
# (``a + bc`` after ``ab + c``) and used-up symbols; counts up to 10**15, where products pass
# 2**53 and floats round (counts past 2**63: test_bpe_training's past_int64 test)
_WORDS = st.dictionaries(st.text("ab低碳👍🏽", min_size=1, max_size=8),
                         st.one_of(st.integers(1, 9), st.integers(1, 10 ** 15)),
                         min_size=1, max_size=25)


@settings(max_examples=150, deadline=None)
@given(_WORDS, st.integers(0, 30), st.integers(1, 3), st.sampled_from(sorted(PATHS)))
def test_random_small_corpora_train_as_the_oracle_does(words, merges, min_frequency, path):
    alphabet = len({w[0] for w in words} | {"##" + c for w in words for c in w[1:]})
    size = alphabet + merges
    saved = wordpiece._NUMPY_RANK
    wordpiece._NUMPY_RANK = PATHS[path]  # hypothesis runs many examples in one test call
    try:
        ours = _merges(words, size, min_frequency)
    finally:
        wordpiece._NUMPY_RANK = saved
    assert ours == oracle_wordpiece(words, size, min_frequency)
