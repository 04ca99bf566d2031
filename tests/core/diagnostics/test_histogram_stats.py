"""Exact histograms and bucket statistics: percentiles as numpy's nearest rank, merges equal
one pass, documents bucketed by language, script, length and content."""

from __future__ import annotations

import pickle

import numpy as np
from hypothesis import given, settings, strategies as st

from core.diagnostics.classify import classify
from core.diagnostics.histogram import Histogram
from core.diagnostics.stats import Accumulator, Batch


@given(st.lists(st.integers(0, 500), min_size=1, max_size=200), st.sampled_from([50, 90, 95, 99, 100]))
@settings(max_examples=60, deadline=None)
def test_percentile_is_numpys_nearest_rank(values, q):
    assert Histogram.of(values).percentile(q) == int(np.percentile(values, q,
                                                                   method="inverted_cdf"))


@given(st.lists(st.integers(0, 300), max_size=50), st.lists(st.integers(0, 300), max_size=50))
@settings(max_examples=40, deadline=None)
def test_merged_histograms_equal_one_histogram_and_survive_pickling(a, b):
    merged = Histogram.of(a).merge(pickle.loads(pickle.dumps(Histogram.of(b))))
    assert merged == Histogram.of(a + b)
    assert merged.total == len(a) + len(b)


def test_classify_names_scripts_bands_classes_and_words():
    texts = ["The cat sat.", "我们在东京见面NASA", "def f():\n    return 1", "x" * 300,
             "mail me: a.b@example.org or see www.example.com 🎉", "e\u0301"]
    traits = classify(texts)
    assert traits.scripts[:2] == ["Latin", "Han"]
    assert traits.words.tolist()[:2] == [3, 0]   # Chinese: no whitespace words
    assert traits.bands[3] == "256-1023"
    assert set(traits.classes["code"].tolist()) == {2}
    assert set(traits.classes["email"].tolist()) == {4}
    assert set(traits.classes["url"].tolist()) == {4}
    assert set(traits.classes["emoji"].tolist()) == {4}
    assert set(traits.classes["combining"].tolist()) == {5}
    assert set(traits.classes["number"].tolist()) == {2}
    assert traits.graphemes.tolist()[5] == 1


class _Fake:
    """A tiny runtime: one token per character, id = code point % 50; 'X' is unknown."""

    id_space = vocab_size = 50
    source_format = "fake"

    def _native_many(self, texts, add_special_tokens, parse_special):
        from core.encodings.spans import NativeMany, NativeResult

        results = []
        for text in texts:
            if "BOOM" in text:
                raise ValueError("cannot encode")
            ids = np.array([ord(c) % 50 for c in text], np.int64)
            flags = np.array([2 if c == "X" else 0 for c in text], np.uint8)
            n = np.arange(len(text))
            results.append(NativeResult(ids, n, n + 1, flags, unit="cp"))
        return NativeMany.of(results)

    def count_many(self, texts):
        many = self._native_many(texts, False, False)
        return many.ids, many.flags, many.counts

    def token_bytes(self, token_id):
        return bytes([token_id + 48])

    def decode(self, ids):
        return "".join(chr(i + 48) for i in ids)


def test_buckets_count_documents_tokens_and_unknowns_and_a_failing_document_is_reported():
    acc = Accumulator(_Fake(), round_trip=True)
    acc.add(Batch(["abc", "aXc 12", "BOOM", "de"], "en", "web", ("f", 0, 0)))
    stats = acc.stats
    everything = stats.buckets["all"]
    assert (everything.documents, everything.tokens, everything.unk, everything.failed) == (3, 11, 1, 1)
    assert stats.buckets["en"].tokens == 11 and stats.buckets["domain:web"].documents == 3
    assert stats.buckets["has:number"].documents == 1
    assert everything.lengths.as_dict() == {"2": 1, "3": 1, "6": 1}
    assert stats.failures == [(("f", 0, 2), "cannot encode")]
    assert everything.longest[0][0] == 6 and everything.longest[0][2] == "aXc 12"
    assert everything.round_trip_checked == 3 and everything.round_trip_failures == 3
    assert int(stats.vocab["all"].sum()) == 11


def test_two_batches_merged_equal_one_batch():
    texts = ["alpha beta", "γάμμα", "東京", "", "x 1 2 3", "https://a.b"]
    one = Accumulator(_Fake())
    one.add(Batch(texts, "l", "", ("f", 0, 0)))
    first, second = Accumulator(_Fake()), Accumulator(_Fake())
    first.add(Batch(texts[:3], "l", "", ("f", 0, 0)))
    second.add(Batch(texts[3:], "l", "", ("f", 0, 3)))
    merged = second.stats.merge(first.stats)
    assert sorted(merged.buckets) == sorted(one.stats.buckets)
    for key, bucket in one.stats.buckets.items():
        assert merged.buckets[key] == bucket, key
