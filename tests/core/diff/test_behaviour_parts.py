"""The behaviour diff's array parts against their readable rules (issue #27, item 4): the
pre-token spans read by a tiktoken regex (``TiktokenRuntime.pre_token_spans``), the
boundary score of a batch (:func:`core.diff.behaviour._boundary_changes`), the counts of a
batch (:func:`core.diff.behaviour._count_batch`) and the batch's best examples offered to the
heap (with few kept, so that the batch's choice matters)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import core.diff.behaviour as behaviour
from core.diff.behaviour import (BehaviourDiff, _boundary_changes, _count_batch, _count_text,
                                 change_score)
from core.formats.runtime import Runtime
from core.formats.tiktoken.presets import R50K_PATTERN
from core.formats.tiktoken.runtime import TiktokenRuntime
from tests.core.builders import built, options_for  # noqa: F401 (fixtures use them)
from tests.core.diff.test_behaviour_fast import (ITEMS, _assert_same, _ids_first,  # noqa: F401
                                                 _readable, pairs)

TEXTS = st.lists(st.sampled_from(list("ab Z1 \n\t.,'") + ["é", "中", "🦊", "\u0301", "ß", "\u00a0",
                                                         "\u3000", "'s", "\ud800"]),
                 max_size=30).map("".join)


@pytest.fixture(scope="module")
def byte_runtimes():
    ranks = {bytes([b]): b for b in range(256)}
    return [TiktokenRuntime(ranks, pattern=R50K_PATTERN),
            TiktokenRuntime(ranks, pattern=R50K_PATTERN, special={"<|endoftext|>": 256}),
            TiktokenRuntime(ranks, pattern="[^ ]+| ")]


@settings(max_examples=200, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(TEXTS)
def test_the_regex_span_reader_gives_the_runtimes_pre_token_spans(byte_runtimes, text):
    for runtime in byte_runtimes:
        assert runtime.pre_token_spans()(text) == Runtime.pre_token_spans(runtime)(text)
    # a special literal is text here (the diff does not parse them)
    literal = f"{text}<|endoftext|>{text}"
    assert byte_runtimes[1].pre_token_spans()(literal) == Runtime.pre_token_spans(byte_runtimes[1])(literal)


@pytest.fixture(scope="module")
def hf_runtimes(small_bpe_spec, built, tmp_path_factory):
    """tokenizer.json runtimes: byte-level BPE (its added tokens all special: none in play),
    WordPiece (a normalizer), and the BPE with a non-special added token (the readable way)."""
    import copy

    from core.loading import open_tokenizer
    from tests.core.diff.variants import write

    folder = tmp_path_factory.mktemp("hf_spans")
    added = copy.deepcopy(small_bpe_spec)
    added["added_tokens"].append({"id": 399, "content": "fox", "single_word": False,
                                  "lstrip": False, "rstrip": False, "normalized": True,
                                  "special": False})
    return [open_tokenizer(write(small_bpe_spec, folder / "bpe")).runtime,
            open_tokenizer(built["wordpiece"], **options_for("wordpiece")).runtime,
            open_tokenizer(write(added, folder / "added")).runtime]


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(TEXTS)
def test_the_split_span_reader_gives_the_runtimes_pre_token_spans(hf_runtimes, text):
    def outcome(read, sample):  # a lone surrogate: both refuse it alike
        try:
            return read(sample)
        except UnicodeEncodeError as err:
            return type(err)

    for runtime in hf_runtimes:
        for sample in (text, f"{text} the fox<s>{text}"):
            assert outcome(runtime.pre_token_spans(), sample) == outcome(
                Runtime.pre_token_spans(runtime), sample)


class _Ends:
    """What :func:`change_score` reads of an Encoding."""

    def __init__(self, ends):
        self.byte_ends = np.array(ends, dtype=np.int64)

    def __len__(self):
        return len(self.byte_ends)


# per text, each side's token ends: a token covering no text repeats the end before it
SIDE = st.lists(st.integers(0, 3), max_size=12).map(lambda steps: np.cumsum(steps).tolist())


def _arrays(texts: list[list[int]]) -> tuple:
    at = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in texts], out=at[1:])
    ends = np.array([e for t in texts for e in t], dtype=np.int64)
    return None, at, None, ends


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(SIDE, SIDE, st.booleans()), min_size=1, max_size=12))
def test_the_batch_boundary_score_is_each_texts_change_score(texts):
    which = np.array([w for _, _, w in texts], dtype=bool)
    score = _boundary_changes(which, _arrays([o for o, _, _ in texts]),
                              _arrays([n for _, n, _ in texts]))
    assert score.tolist() == [change_score(_Ends(o), _Ends(n)) if w else 0
                              for o, n, w in texts]


@settings(max_examples=100, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(["b", "a", "c"]), st.booleans(), st.booleans(),
                          st.integers(0, 50), st.integers(0, 50)), max_size=20),
       st.sampled_from([[], ["c"], ["a", "b"]]))
def test_the_batch_counts_are_the_text_by_text_counts(rows, seen):
    batch, one_by_one = BehaviourDiff(), BehaviourDiff()
    for diff in (batch, one_by_one):  # buckets already met keep their place
        for bucket in seen:
            diff.buckets[bucket] = behaviour.BucketStats(texts=1)
    for bucket, ids, tokens, old_n, new_n in rows:
        # tokens_differ False: no pre-token check, which _compare makes itself
        _count_text(one_by_one, bucket, (None, None), "", ids, False, (old_n, new_n), None)
    _count_batch(batch, [(bucket, "") for bucket, *_ in rows],
                 np.array([r[1] for r in rows], dtype=bool), np.zeros(len(rows), dtype=bool),
                 np.array([r[3] for r in rows], dtype=np.int64),
                 np.array([r[4] for r in rows], dtype=np.int64))
    assert list(batch.buckets) == list(one_by_one.buckets)
    assert batch.to_json() == one_by_one.to_json()
    assert all(isinstance(v, int) for v in vars(batch.total).values())


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ITEMS, st.integers(0, 5), st.integers(1, 4))
def test_the_batchs_best_examples_are_the_ones_kept_one_by_one(pairs, items, which, kept):
    old_rt, new_rt = pairs[which]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(behaviour, "EXAMPLES_KEPT", kept)
        _assert_same(_ids_first(old_rt, new_rt, items), _readable(old_rt, new_rt, items))


def test_a_finished_diff_holds_no_runtime_and_pickles(pairs):
    import pickle

    old_rt, new_rt = pairs[2]  # segmentation changed: pre-tokens checked
    diff = behaviour.behaviour_diff(old_rt, new_rt, [("a", "quick brown hello world")])
    assert diff.pretokens_checked and diff._pretokens is None
    assert pickle.loads(pickle.dumps(diff)).to_json() == diff.to_json()
