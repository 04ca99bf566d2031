"""The probed splitter counts exactly the words the runtime's pre-tokenizer gives."""

from collections import Counter

import pytest
from tokenizers.pre_tokenizers import BertPreTokenizer, Metaspace, WhitespaceSplit

from core.algorithms.char_split import ProbedSplitter
from core.engines.config import TrainingConfig
from core.engines.reference import count_words
from tests.conftest import DATA, DEMO, real_data_present

TRICKY = ("Tab\there, NBSP\u00a0and ideographic\u3000space; file\x1cseparator (not a space "
          "for Rust), zero\u200bwidth, «guillemets», 「括弧」、句読点。 ¿Qué? ‽ ⁂ — dash… "
          "emoji 👨‍👩‍👧 a-b_c [x] {y} ~z ` ^ | \\ ' \" \u2028line\u2029para\r\nend ")


def _sample_lines():
    lines = (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
    mono = DATA / "corpora" / "mono"
    if real_data_present(mono):  # a few lines of every script in the benchmark corpus
        for path in sorted(mono.glob("*.txt")):
            lines += path.read_text(encoding="utf-8").splitlines()[:200]
    return lines + [TRICKY]


@pytest.mark.parametrize("pre,mode", [(WhitespaceSplit(), "whitespace"),
                                      (BertPreTokenizer(), "isolate")])
def test_probed_splitter_equals_the_pre_tokenizer(pre, mode):
    split = ProbedSplitter(mode, pre.pre_tokenize_str)
    for line in _sample_lines():
        assert split(line) == [w for w, _ in pre.pre_tokenize_str(line)], line


def test_a_character_split_some_other_way_hands_over_to_the_probe():
    pre = Metaspace()
    split = ProbedSplitter("whitespace", pre.pre_tokenize_str)
    assert split("a b") == [w for w, _ in pre.pre_tokenize_str("a b")]
    assert split.pattern is None


@pytest.mark.parametrize("algorithm", ["bpe", "wordpiece"])
def test_count_words_equals_counting_through_the_runtime(algorithm):
    from core.engines.reference import _build, _pre_tokenizer_spec
    from tokenizers import pre_tokenizers

    config = TrainingConfig(algorithm=algorithm, end_of_word="suffix")
    pre = _build(pre_tokenizers, _pre_tokenizer_spec(config))
    lines = _sample_lines()
    expected = Counter(w for line in lines for w, _ in pre.pre_tokenize_str(line))
    assert count_words(config, lines) == expected


def test_metaspace_splitter_equals_the_pre_tokenizer():
    """The Unigram trainers' Metaspace (prepend always, split) split in Python, as the runtime."""
    from core.algorithms.char_split import METASPACE, MetaspaceSplitter

    pre = Metaspace(replacement="▁", prepend_scheme="always", split=True)
    split = ProbedSplitter.for_spec(METASPACE, pre.pre_tokenize_str)
    assert isinstance(split, MetaspaceSplitter)
    for line in _sample_lines() + list(MetaspaceSplitter.CHECKS) + ["▁▁a ▁ b▁", " \u2581 "]:
        assert split(line) == [w for w, _ in pre.pre_tokenize_str(line)], line


def test_a_metaspace_split_some_other_way_hands_over_to_the_probe():
    from core.algorithms.char_split import METASPACE

    pre = Metaspace(replacement="▁", prepend_scheme="always", split=False)  # no split
    assert ProbedSplitter.for_spec(METASPACE, pre.pre_tokenize_str) is None


def test_unigram_count_words_equals_counting_through_the_runtime():
    from core.engines.reference import _build, _pre_tokenizer_spec
    from tokenizers import pre_tokenizers

    config = TrainingConfig(algorithm="unigram", special_tokens=["<unk>"])
    pre = _build(pre_tokenizers, _pre_tokenizer_spec(config))
    lines = _sample_lines() + ["", "  a  "]
    expected = Counter(w for line in lines for w, _ in pre.pre_tokenize_str(line))
    assert count_words(config, lines) == expected
