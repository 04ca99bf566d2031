"""The behaviour diff's array path (:func:`core.diff.behaviour._add_batches`) and its IDs-first
path (:func:`core.diff.behaviour._add_ids`: spans only where the IDs differ) against the
readable one, Encoding by Encoding (:func:`core.diff.behaviour._add_encodings`): the same
statistics, pre-token checks, changed texts and examples, on generated texts and on the real
tokenizers with FLORES (issue #27, item 4)."""

from __future__ import annotations

import functools

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.diff.behaviour as behaviour
from core.diff.behaviour import (BehaviourDiff, _add_batches, _add_encodings, _add_ids,
                                 behaviour_diff, finish_examples)
from core.bundles.fingerprints import encode_each
from tests.conftest import TOKENIZERS, flores_lines, require_data
from tests.core.builders import built, options_for  # noqa: F401
from tests.core.diff.variants import with_block_inserted, without_merge

WORDS = ["the", "quick", "brown", "fox", "你好", "世界", " ", "  ", "\n", "<s>", "é", "🦊",
         "zzz", "hello", "world", "th", "e"]


def _both_ways(old_rt, new_rt, items):
    texts = [text for _, text in items]
    fast, readable = BehaviourDiff(), BehaviourDiff()
    _add_batches(fast, old_rt, new_rt, items, old_rt.encode_batch(texts),
                 new_rt.encode_batch(texts))
    _add_encodings(readable, old_rt, new_rt, items, encode_each(old_rt, texts),
                   encode_each(new_rt, texts))
    return fast, readable


def _readable(old_rt, new_rt, items):
    readable = BehaviourDiff()
    texts = [text for _, text in items]
    _add_encodings(readable, old_rt, new_rt, items, encode_each(old_rt, texts),
                   encode_each(new_rt, texts))
    readable.hybrid = behaviour.explain_by_regex(old_rt, new_rt, readable._changed)
    return readable


def _ids_first(old_rt, new_rt, items):
    diff = BehaviourDiff()
    assert _add_ids(diff, old_rt, new_rt, items)  # the path was taken, not refused
    finish_examples(diff, old_rt, new_rt)
    diff.hybrid = behaviour.explain_by_regex(old_rt, new_rt, diff._changed)
    return diff


def _assert_same(fast, readable):
    assert fast.to_json() == readable.to_json()
    assert fast._changed == readable._changed and fast._seq == readable._seq


@pytest.fixture(scope="module")
def pairs(small_bpe_spec, tmp_path_factory, built):
    from core.loading import open_tokenizer
    from tests.core.diff.variants import write

    merges = [m if isinstance(m, list) else m.split(" ")
              for m in small_bpe_spec["model"]["merges"]]
    # a merge the words use: removing it changes their segmentation and token counts
    rank = next(r for r, (a, b) in enumerate(merges)
                if (a + b).isascii() and (a + b).isalpha() and a + b in "quick brown hello world")
    folder = tmp_path_factory.mktemp("fast")
    opened = [open_tokenizer(write(spec, folder / name)).runtime for name, spec in [
        ("base", small_bpe_spec), ("renumbered", with_block_inserted(small_bpe_spec, 3)),
        ("merge", without_merge(small_bpe_spec, rank))]]
    # WordPiece's tokens never spell the text: its side is encoded again where IDs differ
    wordpiece = open_tokenizer(built["wordpiece"], **options_for("wordpiece")).runtime
    return [(opened[0], opened[0]), (opened[0], opened[1]), (opened[0], opened[2]),
            (opened[2], opened[1]), (opened[0], wordpiece), (wordpiece, opened[2])]


# lines of either side's kind ("a"/"b") made of words both tokenizers split differently
ITEMS = st.lists(st.tuples(st.sampled_from(["a", "b"]),
                           st.lists(st.sampled_from(WORDS), max_size=8).map("".join)),
                 min_size=1, max_size=30)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ITEMS, st.integers(0, 5))
def test_the_array_path_gives_what_the_encoding_path_gives(pairs, items, which):
    old_rt, new_rt = pairs[which]
    fast, readable = _both_ways(old_rt, new_rt, items)
    _assert_same(fast, readable)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ITEMS, st.integers(0, 5))
def test_the_ids_first_path_gives_what_the_encoding_path_gives(pairs, items, which):
    old_rt, new_rt = pairs[which]
    _assert_same(_ids_first(old_rt, new_rt, items), _readable(old_rt, new_rt, items))


REAL_PAIRS = [("gpt2.tiktoken", "claude-legacy/tokenizer.json"),
              ("claude-legacy/tokenizer.json", "mistral-v3/tokenizer.model"),
              ("bert-minilm/tokenizer.json", "bert-minilm/vocab.txt"),
              ("sentencepiece/test_model.model", "gpt2.tiktoken"),
              ("claude-legacy/tokenizer.json", "claude-legacy/tokenizer.json")]


@functools.lru_cache(maxsize=None)  # each opened once for all the pairs it is in
def _real_runtime(rel: str):
    from core.loading import open_tokenizer

    return open_tokenizer(TOKENIZERS / rel).runtime


@pytest.mark.realdata
@pytest.mark.parametrize("old, new", REAL_PAIRS)
def test_the_ids_first_diff_on_real_tokenizers_is_the_readable_one(old, new, monkeypatch):
    from tests.core.formats.test_parity import EXTRA

    old_rt, new_rt = (_real_runtime(str(require_data(TOKENIZERS / rel).relative_to(TOKENIZERS)))
                      for rel in (old, new))
    items = [(lang, line) for lang, lines in flores_lines(6).items() for line in lines]
    items += [("extra", text) for text in EXTRA if text]
    readable = _readable(old_rt, new_rt, items)
    _assert_same(_ids_first(old_rt, new_rt, items), readable)
    # in small batches: examples wait for their rows across batches, and a batch where most
    # texts needed their spans sends the next ones to the batch encodes
    monkeypatch.setattr(behaviour, "BATCH_TEXTS", 40)
    whole = behaviour_diff(old_rt, new_rt, items)
    assert whole.to_json() == readable.to_json() and whole._seq == readable._seq


def test_the_generated_pairs_differ_in_ids_only_and_in_segmentation(pairs):
    """The pairs above take every branch: equal, renumbered only, segmentation changed."""
    items = [("a", "quick brown hello world 你好")]
    shares = [(d.total.ids_differ, d.total.tokens_differ, d.total.old_tokens != d.total.new_tokens)
              for d, _ in (_both_ways(old, new, items) for old, new in pairs)]
    assert shares[:3] == [(0, 0, False), (1, 0, False), (1, 1, True)]
