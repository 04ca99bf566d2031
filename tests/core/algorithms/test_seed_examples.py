"""The seeds' worked examples, reproduced exactly (SPEC §3.2)."""

import pytest

from core.algorithms.bpe import END_OF_WORD, train_bpe
from core.algorithms.unigram import Lattice
from core.progress import CancelToken, Cancelled


def test_low_lower_merges_in_order():
    model = train_bpe({"low": 5, "lower": 2}, num_merges=3)
    assert [(m.left, m.right, m.count) for m in model.merges] == [
        ("l", "o", 7), ("lo", "w", 7), ("low", END_OF_WORD, 5)]
    assert model.encode_word("low") == ["low</w>"]
    assert model.encode_word("lower") == ["low", "e", "r", "</w>"]


def test_di_tan_merges_first():
    model = train_bpe({"低碳模型": 2, "低碳数据": 1}, num_merges=1)
    assert [(m.left, m.right, m.count) for m in model.merges] == [("低", "碳", 3)]


def test_ties_break_on_the_smallest_pair_whatever_the_corpus_order():
    a = train_bpe({"低碳模型": 2, "低碳数据": 1}, num_merges=3)
    b = train_bpe({"低碳数据": 1, "低碳模型": 2}, num_merges=3)
    assert a.merges == b.merges
    assert (a.merges[1].left, a.merges[1].right) == ("低碳", "模")  # 低碳+模 and 模+型 tie at 2


def test_encode_applies_merges_in_rank_order_with_a_trace():
    model = train_bpe({"low": 5, "lower": 2, "newest": 6, "widest": 3}, num_merges=10)
    trace = []
    pieces = model.encode_word("lowest", trace)
    assert "".join(pieces) == "lowest" + END_OF_WORD
    ranks = [rank for rank, _, _ in trace]
    assert ranks == sorted(ranks)


def test_min_frequency_stops_training():
    model = train_bpe({"low": 5, "lower": 2}, min_frequency=3)
    assert all(m.count >= 3 for m in model.merges)
    assert [m.merged for m in model.merges][-1] == "low</w>"


def test_cancel_stops_training():
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        train_bpe({"low": 5, "lower": 2}, num_merges=3, cancel=token)


def test_unigram_abab():
    lattice = Lattice("abab", {"a": 0.3, "b": 0.2, "ab": 0.5})
    assert lattice.total_probability() == pytest.approx(0.3136)
    counts = lattice.expected_counts()
    # The seed's formula: (2×0.25 + 1×0.03 + 1×0.03) / 0.3136 = 0.56 / 0.3136 = 1.7857.
    # Its text prints "≈ 1.689", an arithmetic slip: the formula, not the slip, is reproduced.
    assert counts["ab"] == pytest.approx(0.56 / 0.3136)
    assert counts["ab"] == pytest.approx(1.7857, abs=1e-4)
    assert counts["a"] == pytest.approx(0.214, abs=5e-4)
    assert counts["b"] == pytest.approx(0.214, abs=5e-4)
    assert lattice.viterbi()[0] == ["ab", "ab"]
    best = lattice.nbest(4)
    assert [p for p, _ in best][0] == ["ab", "ab"]
    assert [round(q, 4) for _, q in best] == [0.25, 0.03, 0.03, 0.0036]


def test_unigram_training_shrinks_to_size_and_likelihood_rises_within_em():
    from core.algorithms.unigram import train_unigram

    words = {"▁low": 5, "▁lower": 2, "▁newest": 6, "▁widest": 3, "▁abab": 4}
    probs, rounds = train_unigram(words, vocab_size=25, seed_size=120)
    assert len(probs) <= 25
    assert set("".join(words)) <= set(probs)  # single characters are always kept
    assert sum(probs.values()) == pytest.approx(1.0)
    assert [r.size for r in rounds] == sorted((r.size for r in rounds), reverse=True)
    assert Lattice("▁newest", probs).viterbi()[0]  # every word still segments
