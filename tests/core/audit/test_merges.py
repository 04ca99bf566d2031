"""Merge-unreachable BPE tokens: no merge yields them, or a better-ranked merge takes their
symbols first (shadowed) — on tiny hand-made models, run also through the native library."""

from __future__ import annotations

import json

import pytest

from core.audit.merges import bpe_symbols, merge_reachability
from core.audit.reachability import self_reachability
from core.loading import open_tokenizer
from tests.conftest import TOKENIZERS, require_data

# "abc" has a merge (a + bc), but (a, b) ranks first and "ab" + "c" is no merge: shadowed.
# "xyz" is in the vocabulary, but no merge yields it.
VOCAB = ["a", "b", "c", "x", "y", "z", "ab", "bc", "abc", "xyz"]
MERGES = ["a b", "b c", "a bc"]


def write_bpe(folder, merges=MERGES, vocab=VOCAB):
    spec = {"version": "1.0", "added_tokens": [], "normalizer": None,
            "pre_tokenizer": {"type": "Whitespace"}, "post_processor": None, "decoder": None,
            "model": {"type": "BPE", "dropout": None, "unk_token": None,
                      "continuing_subword_prefix": None, "end_of_word_suffix": None,
                      "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                      "vocab": {p: i for i, p in enumerate(vocab)}, "merges": merges}}
    path = folder / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return path


def test_shadowed_and_no_merge_tokens(tmp_path):
    runtime = open_tokenizer(write_bpe(tmp_path)).runtime
    ids = list(range(len(VOCAB)))
    found = merge_reachability(runtime.model_view(), ids)
    assert found.unreachable == {VOCAB.index("abc"): "shadowed", VOCAB.index("xyz"): "no-merge"}
    # the native model agrees: "abc" alone comes out as ab + c, "xyz" as x + y + z
    assert runtime.tk.model.tokenize("abc")[0].value == "ab"
    assert [t.value for t in runtime.tk.model.tokenize("xyz")] == ["x", "y", "z"]
    # and self-reachability, through the whole pipeline, agrees too
    reach = self_reachability(runtime)
    assert reach.encodes_to[VOCAB.index("abc")] == [VOCAB.index("ab"), VOCAB.index("c")]


def test_reordering_the_merges_makes_abc_reachable(tmp_path):
    runtime = open_tokenizer(write_bpe(tmp_path, merges=["b c", "a b", "a bc"])).runtime
    found = merge_reachability(runtime.model_view(), list(range(len(VOCAB))))
    assert found.unreachable == {VOCAB.index("xyz"): "no-merge"}


def test_rank_file_merges_by_the_rank_of_the_concatenation():
    from core.formats.tiktoken.presets import CL100K_PATTERN
    from core.formats.tiktoken.runtime import TiktokenRuntime

    # "abcd" = ab + cd, but "bc" ranks first and a + bc + d has no further merge: shadowed
    ranks = {bytes([b]): b for b in range(256)}
    for token in (b"bc", b"ab", b"cd", b"abcd", b"xyz"):
        ranks[token] = len(ranks)
    runtime = TiktokenRuntime(ranks, pattern=CL100K_PATTERN, special={})
    found = merge_reachability(runtime.model_view(), list(range(len(ranks))))
    assert found.unreachable == {ranks[b"abcd"]: "shadowed", ranks[b"xyz"]: "no-merge"}
    assert runtime.enc._encode_single_piece(b"abcd") == [ranks[b"abcd"]]  # whole-piece lookup
    # tiktoken looks a whole pre-token up first, so both are still self-reachable
    reach = self_reachability(runtime)
    assert reach.encodes_to == {}


def test_bpe_symbols_lowest_rank_first():
    ranks = {("a", "b"): 1, ("b", "c"): 0}
    assert bpe_symbols(list("abc"), ranks.get, str.__add__) == ["a", "bc"]


def test_models_without_merges_give_none(tmp_path):
    from tests.core.builders import write_spm, write_vocab_txt

    for path in (write_spm(tmp_path / "spm"), write_vocab_txt(tmp_path / "wp")):
        runtime = open_tokenizer(path).runtime
        assert merge_reachability(runtime.model_view(), [0, 1]) is None


@pytest.mark.realdata
def test_real_byte_level_bpe_has_every_token_merge_reachable():
    """GPT-2's ranks and claude-legacy's merges were made by BPE itself: every token forms."""
    for name in ("gpt2.tiktoken", "claude-legacy/tokenizer.json"):
        runtime = open_tokenizer(require_data(TOKENIZERS / name)).runtime
        reach = self_reachability(runtime)
        ids = [i for i in range(runtime.vocab_size) if reach.ordinary[i]]
        found = merge_reachability(runtime.model_view(), ids)
        assert found.checked == len(ids) > 50000 and found.unreachable == {}


def test_the_bytes_loop_equals_the_general_replay():
    """``_forms_from_bytes`` (written out for speed) answers as :func:`bpe_symbols` does."""
    import random

    from core.audit.merges import _forms_from_bytes

    rng = random.Random(3)
    ranks = {bytes([b]): b for b in b"abcd"}
    while len(ranks) < 60:  # random tokens over a small alphabet: many shadowed ones
        token = bytes(rng.choice(b"abcd") for _ in range(rng.randint(2, 6)))
        ranks.setdefault(token, len(ranks))
    rank = (lambda pair: ranks.get(pair[0] + pair[1]))
    answers = set()
    for token in ranks:
        general = bpe_symbols([token[k:k + 1] for k in range(len(token))], rank, bytes.__add__)
        assert _forms_from_bytes(token, ranks) == (general == [token]), token
        answers.add(general == [token])
    assert answers == {True, False}
