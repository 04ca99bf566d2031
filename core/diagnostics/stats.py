"""Per-bucket counters of one tokenizer: filled from a batch of documents, merged across shards.

A document belongs to several buckets at once: ``all``, its language (the bare code, e.g.
``zho_Hans``), ``script:<dominant script>``, ``domain:<tag>`` (when tagged),
``length:<band>`` and ``has:<class>`` for each content class it contains. Every bucket keeps
integer sums and an exact histogram of document lengths in tokens, so a shard's
:class:`TokenizerStats` merged with another's equals the statistics of both shards read at
once, whatever the order.

Tokens are the document's own tokens (no post-processor BOS/CLS, special-token literals read
as text), exactly what ``tokenizers``' ``encode(add_special_tokens=False)``, SentencePiece's
``encode`` and tiktoken's ``encode_ordinary`` return.

>>> from core.diagnostics.stats import BucketStats
>>> a, b = BucketStats(), BucketStats()
>>> a.documents, b.documents = 1, 2
>>> a.merge(b).documents
3
"""

from __future__ import annotations

import unicodedata
import weakref
from dataclasses import dataclass, field

import numpy as np

from ..encodings.encoding import Flag
from ..errors import WorkbenchError
from .classify import Traits, classify
from .histogram import Histogram

ALL = "all"
UNTAGGED_LANGUAGE = "und"  # BCP 47 "undetermined": a source without a language tag
TOP_DOCUMENTS = 5
SNIPPET = 2000  # code points of a drill-down document kept in the report
FAILURES_KEPT = 20
COUNTERS = ("documents", "tokens", "bytes", "code_points", "graphemes", "words", "word_tokens",
            "unk", "byte_fallback", "partial", "special", "round_trip_checked",
            "round_trip_failures", "round_trip_normalized_failures", "failed")


@dataclass
class BucketStats:
    """Integer sums over a bucket's documents, the histogram of their token lengths, and the
    documents worth a look (the longest, the most fragmented)."""

    documents: int = 0
    tokens: int = 0
    bytes: int = 0
    code_points: int = 0
    graphemes: int = 0
    words: int = 0          # whitespace words of documents whose script separates words
    word_tokens: int = 0    # the tokens of those documents (fertility's numerator)
    unk: int = 0
    byte_fallback: int = 0
    partial: int = 0
    special: int = 0
    round_trip_checked: int = 0
    round_trip_failures: int = 0             # decode(encode(x)) != x
    round_trip_normalized_failures: int = 0  # ... and != NFKC(x) either
    failed: int = 0                          # documents the tokenizer raised an error on
    lengths: Histogram = field(default_factory=Histogram)
    longest: list = field(default_factory=list)      # [(tokens, where, text)]
    fragmented: list = field(default_factory=list)   # [(tokens per code point, where, text)]

    def merge(self, other: "BucketStats") -> "BucketStats":
        for name in COUNTERS:
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.lengths.merge(other.lengths)
        self.longest = _top(self.longest + other.longest)
        self.fragmented = _top(self.fragmented + other.fragmented)
        return self


def _top(entries: list) -> list:
    """The largest first, ties by where they come from (so any merge order gives the same)."""
    return sorted(entries, key=lambda e: (-e[0], e[1]))[:TOP_DOCUMENTS]


@dataclass
class TokenizerStats:
    """All buckets of one tokenizer, its vocabulary use, and the documents it failed on.

    ``vocab[b]`` counts every id in bucket ``b`` (kept for ``all`` and the language buckets);
    ``parallel[lang]`` is each line's token count, in line order, when the source is one
    language of a parallel corpus.
    """

    buckets: dict[str, BucketStats] = field(default_factory=dict)
    vocab: dict[str, np.ndarray] = field(default_factory=dict)
    failures: list = field(default_factory=list)   # [(where, message)]
    parallel: dict[str, np.ndarray] = field(default_factory=dict)

    def merge(self, other: "TokenizerStats") -> "TokenizerStats":
        for key, bucket in other.buckets.items():
            self.buckets.setdefault(key, BucketStats()).merge(bucket)
        for key, counts in other.vocab.items():
            mine = self.vocab.get(key)
            self.vocab[key] = counts.copy() if mine is None else mine + counts
        self.failures = sorted(self.failures + other.failures)[:FAILURES_KEPT]
        for lang, counts in other.parallel.items():
            if lang in self.parallel:  # shards of one language come in line order
                raise ValueError(f"parallel counts of {lang} given twice")
            self.parallel[lang] = counts
        return self


@dataclass
class Batch:
    """Documents read together, with what every tokenizer needs to know about them.

    ``where`` is a sortable location of the batch's first document (source path, byte offset
    of the shard, index of the batch's first document in the shard).
    """

    texts: list[str]
    language: str
    domain: str
    where: tuple
    traits: Traits | None = None
    # bucket key -> documents (Accumulator._bucket_members), made for the first tokenizer
    # and read by the others: the same batch, the same buckets
    members: dict | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.traits is None:
            self.traits = classify(self.texts)


class Accumulator:
    """Adds batches of documents into one tokenizer's :class:`TokenizerStats`.

    Args:
        runtime: the tokenizer.
        round_trip: also decode every document and compare (costs a decode per document).
        partial: :func:`partial_ids` of ``runtime``, when already computed.
    """

    def __init__(self, runtime, *, round_trip: bool = False,
                 partial: "PartialIds | None" = None) -> None:
        self.runtime = runtime
        self.round_trip = round_trip
        self.stats = TokenizerStats()
        # the partial-character table costs a pass over the vocabulary: shards share one
        self._partial = partial_ids(runtime) if partial is None else partial

    def add(self, batch: Batch, *, parallel_lines: bool = False) -> None:
        """Count ``batch``; with ``parallel_lines``, also keep each document's token count
        (empty lines included: they hold a line's place in a parallel corpus)."""
        ids, flags, counts, failed = self._encode(batch)
        traits = batch.traits
        k = len(batch.texts)
        doc_of_token = np.repeat(np.arange(k), counts)

        def per_doc(mask: np.ndarray) -> np.ndarray:
            return np.bincount(doc_of_token[mask], minlength=k)

        special = (flags & int(Flag.SPECIAL)) != 0
        columns = {
            "documents": np.ones(k, np.int64) - failed,
            "tokens": counts,
            "bytes": traits.bytes,
            "code_points": traits.code_points,
            "graphemes": traits.graphemes,
            "words": traits.words,
            "word_tokens": np.where(traits.spaced, counts, 0),
            "unk": per_doc((flags & int(Flag.UNK)) != 0),
            "byte_fallback": per_doc((flags & int(Flag.BYTE_FALLBACK)) != 0),
            "partial": per_doc(self._partial[ids] & ~special),
            "special": per_doc(special),
            "failed": failed,
        }
        if self.round_trip:
            columns.update(self._round_trips(batch.texts, ids, counts, failed))
        ok = failed == 0
        matrix = np.stack([np.asarray(columns.get(name, np.zeros(k)), np.int64)
                           for name in COUNTERS], axis=1)
        matrix[~ok] = 0
        matrix[~ok, COUNTERS.index("failed")] = 1
        language = batch.language or UNTAGGED_LANGUAGE
        if batch.members is None:
            batch.members = self._bucket_members(batch, language)
        for key, docs in batch.members.items():
            bucket = self.stats.buckets.setdefault(key, BucketStats())
            sums = matrix[docs].sum(axis=0)
            for name, value in zip(COUNTERS, sums.tolist()):
                setattr(bucket, name, getattr(bucket, name) + value)
            good = docs[ok[docs]]
            bucket.lengths.add(counts[good])
            self._keep_documents(bucket, batch, good, counts, traits)
        if ids.size or language not in self.stats.vocab:
            used = np.bincount(ids, minlength=self.runtime.id_space).astype(np.int64)
            for key in (ALL, language):
                mine = self.stats.vocab.get(key)
                self.stats.vocab[key] = used if mine is None else mine + used
        if parallel_lines:
            previous = self.stats.parallel.get(language)
            self.stats.parallel[language] = (counts.copy() if previous is None
                                             else np.concatenate((previous, counts)))

    def _encode(self, batch: Batch):
        """Ids, flags, tokens per document, and which documents failed (their counts 0); a
        document the tokenizer cannot encode is recorded and the rest goes on."""
        runtime = self.runtime
        try:
            ids, flags, counts = runtime.count_many(batch.texts)
            # no copy where the runtime's arrays are int64 already (the ids and counts); the
            # flags stay as they come (uint8): only masks are taken of them, and a copy to
            # int64 made each of the three an eighth as fast
            return (np.asarray(ids, np.int64), np.asarray(flags),
                    np.asarray(counts, np.int64), np.zeros(len(batch.texts), np.int64))
        except (WorkbenchError, ValueError, TypeError, RuntimeError, OverflowError):
            pass  # one document spoils the batch: encode them one by one to find it
        ids, flags, counts, failed = [], [], [], []
        for index, text in enumerate(batch.texts):
            try:
                one_ids, one_flags, _ = runtime.count_many([text])
            except (WorkbenchError, ValueError, TypeError, RuntimeError, OverflowError) as err:
                where = (*batch.where[:2], batch.where[2] + index)
                self.stats.failures = sorted(self.stats.failures
                                             + [(where, str(err))])[:FAILURES_KEPT]
                ids.append(np.zeros(0, np.int64))
                flags.append(np.zeros(0, np.int64))
                counts.append(0)
                failed.append(1)
                continue
            ids.append(np.asarray(one_ids, np.int64))
            flags.append(np.asarray(one_flags, np.int64))
            counts.append(len(one_ids))
            failed.append(0)
        return (np.concatenate(ids) if ids else np.zeros(0, np.int64),
                np.concatenate(flags) if flags else np.zeros(0, np.int64),
                np.array(counts, np.int64), np.array(failed, np.int64))

    def _round_trips(self, texts, ids, counts, failed) -> dict[str, np.ndarray]:
        k = len(texts)
        bad, bad_normalized = np.zeros(k, np.int64), np.zeros(k, np.int64)
        starts = np.concatenate(([0], np.cumsum(counts)))
        for index, text in enumerate(texts):
            if failed[index]:
                continue
            decoded = self.runtime.decode(ids[starts[index]:starts[index + 1]].tolist())
            if decoded != text:
                bad[index] = 1
                bad_normalized[index] = decoded != unicodedata.normalize("NFKC", text)
        return {"round_trip_checked": 1 - failed, "round_trip_failures": bad,
                "round_trip_normalized_failures": bad_normalized}

    @staticmethod
    def _bucket_members(batch: Batch, language: str) -> dict[str, np.ndarray]:
        """Bucket key -> indexes of the batch's documents in it."""
        traits = batch.traits
        k = len(batch.texts)
        everyone = np.arange(k)
        members = {ALL: everyone, language: everyone}
        if batch.domain:
            members[f"domain:{batch.domain}"] = everyone
        for prefix, labels in (("script", traits.scripts), ("length", traits.bands)):
            groups: dict[str, list[int]] = {}
            for index, label in enumerate(labels):
                groups.setdefault(label, []).append(index)
            for label, docs in groups.items():
                members[f"{prefix}:{label}"] = np.array(docs, np.int64)
        for name, docs in traits.classes.items():
            if len(docs):
                members[f"has:{name}"] = docs
        return members

    @staticmethod
    def _keep_documents(bucket: BucketStats, batch: Batch, docs: np.ndarray, counts: np.ndarray,
                        traits: Traits) -> None:
        if not len(docs):
            return
        where = batch.where

        def entry(index: int, value) -> tuple:
            return (value, (*where[:2], where[2] + index), batch.texts[index][:SNIPPET])

        order = docs[np.argsort(-counts[docs], kind="stable")[:TOP_DOCUMENTS]]
        bucket.longest = _top(bucket.longest + [entry(i, int(counts[i])) for i in order.tolist()])
        cps = np.maximum(traits.code_points[docs], 1)
        ratio = counts[docs] / cps
        order = docs[np.argsort(-ratio, kind="stable")[:TOP_DOCUMENTS]]
        bucket.fragmented = _top(bucket.fragmented + [
            entry(i, round(float(counts[i] / max(traits.code_points[i], 1)), 6))
            for i in order.tolist()])


_PARTIAL_TABLES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


class PartialIds:
    """Per id: its bytes are not whole UTF-8 characters (a byte-level token that cuts a
    character, a ``<0xE4>`` byte piece). Worked out for an id the first time it is seen, so a
    corpus pays for the ids it uses, not the whole vocabulary.

    >>> # partial = PartialIds(runtime); int(partial[ids].sum())
    """

    def __init__(self, runtime) -> None:
        self.runtime = runtime
        self.values = np.zeros(runtime.id_space, bool)
        self.known = np.zeros(runtime.id_space, bool)

    def __getitem__(self, ids: np.ndarray) -> np.ndarray:
        # the ids not yet known, each once: after the first batches a gather finds none (a
        # sort of every batch's ids was most of the table's cost on FLORES)
        unseen = ids[~self.known[ids]]
        for token_id in np.unique(unseen).tolist():
            try:
                self.runtime.token_bytes(token_id).decode("utf-8")
            except UnicodeDecodeError:
                self.values[token_id] = True
            except (KeyError, IndexError, ValueError):
                pass  # a hole in the id space
            self.known[token_id] = True
        return self.values[ids]


def partial_ids(runtime) -> PartialIds:
    """The runtime's :class:`PartialIds`, one per runtime (a pane runs again and again)."""
    try:
        return _PARTIAL_TABLES[runtime]
    except (KeyError, TypeError):
        pass
    table = PartialIds(runtime)
    try:
        _PARTIAL_TABLES[runtime] = table
    except TypeError:  # not weakly referable: a new table next time
        pass
    return table
