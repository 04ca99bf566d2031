"""The seeds' worked examples, explained step by step (SPEC §3.5), with the reference algorithms
and with bundles the reference engine trains (whose IDs the runtime must reproduce)."""

import math

import pytest

from core.algorithms.bpe import END_OF_WORD, train_bpe
from core.bundles.bundle import load_bundle
from core.engines.config import TrainingConfig
from core.engines.reference import train_reference
from core.explain import explain
from core.explain.bpe import merge_steps
from core.explain.unigram import ScoreTable, explain_lattice
from core.explain.wordpiece import explain_wordpiece
from tests.core.families import corpus_lines


def test_bpe_low_lower_merges_in_rank_order():
    model = train_bpe({"low": 5, "lower": 2}, num_merges=3)
    initial, pieces, steps = merge_steps(model, "lower")
    assert initial == ["l", "o", "w", "e", "r", END_OF_WORD]
    assert [(s.rank, s.left, s.right, s.symbols) for s in steps] == [
        (0, "l", "o", ["lo", "w", "e", "r", END_OF_WORD]),
        (1, "lo", "w", ["low", "e", "r", END_OF_WORD])]
    assert pieces == ["low", "e", "r", END_OF_WORD]
    _, pieces, steps = merge_steps(model, "low")
    assert [s.rank for s in steps] == [0, 1, 2] and pieces == ["low" + END_OF_WORD]


def test_unigram_abab_lattice_viterbi_and_nbest():
    probs = {"a": 0.3, "b": 0.2, "ab": 0.5}
    table = ScoreTable({p: math.log(q) for p, q in probs.items()})
    trace = explain_lattice("abab", table, unk_score=-100.0, nbest=4)
    assert [(e.start, e.end, e.piece) for e in trace.best] == [(0, 2, "ab"), (2, 4, "ab")]
    # every piece starting at every position: a, ab at 0 and 2; b at 1 and 3
    assert [(e.start, e.end, e.piece, e.best) for e in trace.edges] == [
        (0, 1, "a", False), (0, 2, "ab", True), (1, 2, "b", False),
        (2, 3, "a", False), (2, 4, "ab", True), (3, 4, "b", False)]
    assert [p.pieces for p in trace.nbest] == [["ab", "ab"], ["a", "b", "ab"], ["ab", "a", "b"],
                                               ["a", "b", "a", "b"]]
    # the seed's numbers: path probabilities 0.25, 0.03, 0.03, 0.0036 out of Z = 0.3136
    assert math.exp(trace.log_z) == pytest.approx(0.3136)
    assert [round(math.exp(p.score), 4) for p in trace.nbest] == [0.25, 0.03, 0.03, 0.0036]
    assert [round(p.p_all, 4) for p in trace.nbest] == [0.7972, 0.0957, 0.0957, 0.0115]
    # these four are all the segmentations: n-best shares equal the shares of all of them
    assert [p.p_nbest for p in trace.nbest] == pytest.approx([p.p_all for p in trace.nbest])


def test_unigram_unknown_character_gets_the_penalty_edge():
    table = ScoreTable({"a": -1.0, "b": -2.0})
    trace = explain_lattice("a?b", table, unk_score=-12.0)
    assert [(e.piece, e.kind, e.score) for e in trace.best] == [
        ("a", "piece", -1.0), ("?", "unk", -12.0), ("b", "piece", -2.0)]
    assert trace.nbest[0].unknown == [1]


def test_wordpiece_unaffable_and_a_failed_word():
    vocab = {"un", "##aff", "##able", "##a", "[UNK]"}
    pieces, matches = explain_wordpiece("unaffable", vocab)
    assert pieces == ["un", "##aff", "##able"]
    assert [(m.start, m.end, m.piece) for m in matches] == [(0, 2, "un"), (2, 5, "##aff"),
                                                            (5, 9, "##able")]
    pieces, matches = explain_wordpiece("unax", vocab)
    assert pieces == ["[UNK]"]
    assert [(m.start, m.end, m.piece) for m in matches] == [(0, 2, "un"), (2, 3, "##a"),
                                                            (3, 4, None)]


@pytest.mark.parametrize("config", [
    TrainingConfig(algorithm="bpe", vocab_size=400, end_of_word="suffix", min_frequency=2),
    TrainingConfig(algorithm="bytelevel_bpe", vocab_size=500, pre_tokenizer="bytelevel",
                   special_tokens=["<|endoftext|>"]),
    TrainingConfig(algorithm="wordpiece", vocab_size=500, lowercase=True,
                   special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]),
    TrainingConfig(algorithm="unigram", vocab_size=400, pre_tokenizer="metaspace",
                   special_tokens=["<unk>"]),
], ids=["bpe-suffix", "bytelevel-bpe", "wordpiece", "unigram"])
def test_bundles_the_workbench_trains_are_explained_with_the_runtime_ids(config, tmp_path):
    lines = corpus_lines()
    runtime = load_bundle(train_reference(config, lines[:300], tmp_path / "b")).runtime
    texts = list(lines[300:340]) + ["Hello 世界 👨\u200d👩\u200d👧 café", "lowest newest"]
    for text in texts:
        ex = explain(runtime, text)
        assert ex.supported, ex.reason
        assert ex.agreement.ok, (text, ex.agreement.summary())
        assert ex.ids == runtime.encode(text, add_special_tokens=False).ids.tolist()
