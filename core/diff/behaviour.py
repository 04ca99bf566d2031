"""Behaviour of two tokenizers on the same texts: how many texts get other IDs, other token
strings, the token count ratio per bucket (language, source), how much of the change the
pre-tokenizer takes part in, and the most changed examples with both tokenizations.

Texts stream in batches (a 2 GB corpus is never held whole) and each batch is encoded with the
runtimes' batch call; ``cancel`` is checked between batches.

>>> d = BehaviourDiff()
>>> d.total.texts, d.total.ids_differ_share, d.to_json()["ids_differ"]
(0, 0.0, 0.0)
"""

from __future__ import annotations

import heapq
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Iterable, Iterator

import numpy as np

from ..collector import collector_paused
from ..corpus import Corpus, CorpusSource
from ..errors import WorkbenchError
from ..notes import note
from ..progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel
from ..encodings.encoding import Flag
from ..encodings.vocab_bytes import ragged_positions
from ..text.offsets import Unit

BATCH_TEXTS = 1024
EXAMPLES_KEPT = 20
PRETOKEN_CHECKS = 400  # changed texts whose pre-tokens are compared (pre_tokens is per text)


@dataclass
class BucketStats:
    """Counts of one bucket (or of all texts): texts, how many got other IDs, other token
    strings, and both sides' token counts."""

    texts: int = 0
    ids_differ: int = 0
    tokens_differ: int = 0
    old_tokens: int = 0
    new_tokens: int = 0

    @property
    def ids_differ_share(self) -> float:
        return self.ids_differ / self.texts if self.texts else 0.0

    @property
    def tokens_differ_share(self) -> float:
        return self.tokens_differ / self.texts if self.texts else 0.0

    @property
    def token_ratio(self) -> float:
        """Tokens new / old (1.0 when the old side has none)."""
        return self.new_tokens / self.old_tokens if self.old_tokens else 1.0

    def to_json(self) -> dict:
        return {"texts": self.texts, "ids_differ": self.ids_differ_share,
                "tokens_differ": self.tokens_differ_share, "old_tokens": self.old_tokens,
                "new_tokens": self.new_tokens, "token_ratio": self.token_ratio}


@dataclass(frozen=True)
class HybridSplit:
    """Of the changed texts checked: how many the old model behind the new pre-tokenizer
    reproduces (the regex explains them), and the new model behind the old pre-tokenizer."""

    explained_by_regex: int
    explained_by_model: int


@dataclass(frozen=True)
class ChangedExample:
    """A text whose IDs changed, with both tokenizations (:func:`token_rows`) and how much the
    segmentation changed (``score``)."""

    bucket: str
    text: str
    score: int
    old: list
    new: list

    def to_json(self) -> dict:
        return {"bucket": self.bucket, "text": self.text, "score": self.score, "old": self.old,
                "new": self.new}


@dataclass
class BehaviourDiff:
    """Totals, per-bucket statistics and the most changed examples.

    ``pretokens_checked`` changed texts had their pre-tokens compared; in ``pretokens_differ``
    of them the pre-tokens (the regex's or pre-tokenizer's segments) differ too: there the
    pre-tokenizer takes part in the change, elsewhere the model alone explains it.
    """

    total: BucketStats = field(default_factory=BucketStats)
    buckets: dict[str, BucketStats] = field(default_factory=dict)
    examples: list = field(default_factory=list)  # heap of ((score, ids), -seq, example)
    pretokens_checked: int = 0
    pretokens_differ: int = 0
    hybrid: HybridSplit | None = None  # None: the runtimes cannot be combined (explain_by_regex)
    refused: int = 0  # texts one runtime refused to encode (not counted in the statistics)
    _seq: int = 0
    _changed: list = field(default_factory=list)  # changed texts kept for explain_by_regex
    _ids_first: bool = True  # whether the next batch compares IDs before any span (_add_ids)
    # (both runtimes, each one's span reader) while texts are added (_check_pretokens); let
    # go when the diff is done, so the result holds no runtime or closure
    _pretokens: tuple | None = field(default=None, repr=False, compare=False)

    def ranked_examples(self) -> list[ChangedExample]:
        # most changed first; among equals the one met first
        return [e for _, _, e in sorted(self.examples, key=lambda x: (x[0], x[1]), reverse=True)]

    def per_bucket(self) -> list[tuple[str, BucketStats]]:
        """Each bucket's statistics, by name."""
        return sorted(self.buckets.items())

    def to_json(self) -> dict:
        total = self.total
        hybrid = ({"hybrid": True, "explained_by_regex": self.hybrid.explained_by_regex,
                   "explained_by_model": self.hybrid.explained_by_model}
                  if self.hybrid is not None else {"hybrid": False})
        return {"texts": total.texts, "ids_differ": total.ids_differ_share,
                "tokens_differ": total.tokens_differ_share, "token_ratio": total.token_ratio,
                "old_tokens": total.old_tokens, "new_tokens": total.new_tokens,
                "refused": self.refused,
                "per_bucket": {name: b.to_json() for name, b in self.per_bucket()},
                "pretokenizer": {"checked": self.pretokens_checked,
                                 "differ": self.pretokens_differ, **hybrid},
                "examples": [e.to_json() for e in self.ranked_examples()]}


def token_rows(enc) -> list[list]:
    """``[[start, end, id, piece, byte start, byte end], ...]``: code point spans, then byte
    spans (what :mod:`core.diff.aligned` lays out: bytes never overlap, split characters do)."""
    return _token_rows(enc, None)


_UNK = int(Flag.UNK)  # an int: an IntFlag's ``&`` per token cost as much as the rows


def _token_rows(enc, pieces: dict | None) -> list[list]:
    """:func:`token_rows`, each piece looked up once per id in ``pieces`` (a runtime's piece of
    an id is the same everywhere but for the unknown token, whose surface some runtimes give:
    that one is asked each time); None: asked for each token."""
    starts, ends = enc.spans(Unit.CP)
    ids, flags = enc.ids.tolist(), enc.flags.tolist()
    if pieces is None:
        names = [enc.piece_at(k) for k in range(len(ids))]
    else:
        names = list(map(pieces.get, ids))
        # the tokens to ask (unknown, or not met yet), in order; most texts have none once
        # the pieces of a few texts are known: scans in C, not a loop over every token
        unknown = np.flatnonzero(enc.flags & _UNK).tolist()
        ask = (sorted({*unknown, *(k for k, name in enumerate(names) if name is None)})
               if None in names else unknown)
        for k in ask:
            if flags[k] & _UNK:
                names[k] = enc.piece_at(k)
            elif (name := pieces.get(ids[k])) is not None:  # met earlier in this text
                names[k] = name
            else:
                names[k] = pieces[ids[k]] = enc.piece_at(k)
    return list(map(list, zip(starts.tolist(), ends.tolist(), ids, names,
                              enc.byte_starts.tolist(), enc.byte_ends.tolist())))


def _segments(enc) -> list[tuple[int, int, bytes]]:
    """A token string per token: its byte span, or its literal when it covers no text."""
    starts, ends = enc.byte_starts.tolist(), enc.byte_ends.tolist()
    return [(s, e, enc.bytes_at(k) if s == e else b"")
            for k, (s, e) in enumerate(zip(starts, ends))]


def change_score(old_enc, new_enc) -> int:
    """How much a text's segmentation changed: token boundaries in one and not the other, plus
    the difference in count.

    Boundaries are byte offsets where a token ends."""
    old_b = set(old_enc.byte_ends.tolist())
    new_b = set(new_enc.byte_ends.tolist())
    return len(old_b ^ new_b) + abs(len(old_enc) - len(new_enc))


def add_batch(diff: BehaviourDiff, old_rt, new_rt, items: list[tuple[str, str]]) -> None:
    """Encode ``items`` (``(bucket, text)``) with both runtimes and add them to ``diff``.

    IDs first (:func:`_add_ids`): spans only for the texts whose IDs differ. Where a runtime
    has no IDs-only call, both batches compared as arrays (:func:`_add_batches`); where a
    runtime refuses the batch, text by text (:func:`~core.bundles.fingerprints.encode_each`, the
    refused ones counted) and Encoding by Encoding (:func:`_add_encodings`, the readable rule the
    fast ones are tested against)."""
    _add_batch(diff, old_rt, new_rt, items)
    finish_examples(diff, old_rt, new_rt)
    diff._pretokens = None


def _add_batch(diff: BehaviourDiff, old_rt, new_rt, items: list[tuple[str, str]],
               ids=None) -> None:
    """:func:`add_batch`, leaving the examples of the IDs-first path without their rows
    (:func:`finish_examples` makes them once, for those still kept at the end). ``ids``: the
    future of :func:`_ids_batches` of these items, when it was started before."""
    from ..bundles.fingerprints import encode_each

    texts = [text for _, text in items]
    if diff._ids_first and _add_ids(diff, old_rt, new_rt, items, ids):
        return
    try:
        old_batch, new_batch = old_rt.encode_batch(texts), new_rt.encode_batch(texts)
    except Exception:  # the native library's own error type: any of them
        _add_encodings(diff, old_rt, new_rt, items, encode_each(old_rt, texts),
                       encode_each(new_rt, texts))
        return
    _add_batches(diff, old_rt, new_rt, items, old_batch, new_batch)


def _ids_batches(old_rt, new_rt, items) -> tuple | None:
    """Both runtimes' :meth:`~core.formats.runtime.Runtime.encode_ids_batch` of ``items``' texts;
    None where a runtime has no such call or refuses the batch (the native library's own
    error type: the caller then takes the careful way)."""
    if not (hasattr(old_rt, "encode_ids_batch") and hasattr(new_rt, "encode_ids_batch")):
        return None
    texts = [text for _, text in items]
    try:
        return old_rt.encode_ids_batch(texts), new_rt.encode_ids_batch(texts)
    except Exception:
        return None


def _add_ids(diff: BehaviourDiff, old_rt, new_rt, items, ids=None) -> bool:
    """:func:`_add_batches` from both runtimes' IDs-only batch call
    (:meth:`~core.formats.runtime.Runtime.encode_ids_batch`): byte spans are needed only where
    a text's IDs differ; a side whose tokens spell the text has them from the token lengths,
    the other side's batch encode makes them for just those texts (``tokenizers`` from the
    native answer it already had). False (nothing added) where a runtime has no such call or
    refuses the batch.

    Profiled on 4,000 FLORES lines (GPT-2 against claude-legacy): beyond the two native
    encodes, the batch encodes' offsets, spans and Encoding arrays cost as much as this
    comparison; GPT-2's tokens always spell the text, claude-legacy's wherever NFKC leaves it
    as it is (89% of the lines). Where more than half of a batch's texts needed the encode on
    one side (a SentencePiece or WordPiece side with most IDs changed), the next batches go
    straight to the batch encodes: IDs first would only add a call."""
    both = ids.result() if ids is not None else _ids_batches(old_rt, new_rt, items)
    if both is None:
        return False
    texts = [text for _, text in items]
    old, new = both
    old_at, new_at = old.token_offsets, new.token_offsets
    differ = _id_changes(len(texts), (old.ids, old_at), (new.ids, new_at))[0]
    try:
        old_spans, old_encoded = _byte_spans(old, differ)
        new_spans, new_encoded = _byte_spans(new, differ)
    except Exception:
        return False
    diff._ids_first = 2 * max(old_encoded, new_encoded) <= len(texts)
    _compare(diff, (old_rt, new_rt), items, (old.ids, old_at, *old_spans),
             (new.ids, new_at, *new_spans), None)
    return True


def _byte_spans(batch, differ: np.ndarray) -> tuple[tuple[np.ndarray, np.ndarray], int]:
    """Every token's byte span in ``batch`` (an :class:`~core.encodings.ids_only.IdsBatch`) where
    its text's IDs ``differ`` (elsewhere anything), and how many texts were encoded for them:
    those the tokens do not spell (``encode_some``)."""
    starts, ends = batch.byte_spans()
    need = np.flatnonzero(differ & ~batch.spelled)
    if len(need):
        again = batch.encode_some(need)
        at = batch.token_offsets
        positions = ragged_positions(at[need], batch.counts[need])
        if not np.array_equal(again.ids, batch.ids[positions]):
            raise ValueError("the batch encode disagrees with the IDs-only call")
        starts[positions], ends[positions] = again.spans(Unit.BYTES)
    return (starts, ends), len(need)


def _add_batches(diff: BehaviourDiff, old_rt, new_rt, items, old_batch, new_batch) -> None:
    """:func:`_add_encodings` of two :class:`~core.encodings.batch.EncodingBatch` es, from their arrays
    (IDs and byte spans as lists, each text a slice): the same statistics and examples.

    Profiled on 4,000 FLORES lines (GPT-2 against claude-legacy, every line's IDs differ):
    an Encoding per text and side, each token's byte span as a tuple and the pieces of the
    examples each looked up per token cost more than the two encodes; here only the texts
    still among the examples when the batch is done get Encodings and rows (of 4,000 lines
    522 entered the examples, 20 stayed)."""
    batches = (old_batch, new_batch)
    _compare(diff, (old_rt, new_rt), items,
             (old_batch.ids, old_batch.token_offsets, *old_batch.spans(Unit.BYTES)),
             (new_batch.ids, new_batch.token_offsets, *new_batch.spans(Unit.BYTES)), batches)
    # the rows of the examples this batch still holds (most that entered were pushed out by
    # a better one of the same batch): keys unchanged, so the heap stays a heap
    pieces: tuple[dict, dict] = ({}, {})
    for at, (score_key, seq, example) in enumerate(diff.examples):
        if isinstance(example, _Pending) and example.source is batches:
            diff.examples[at] = (score_key, seq, ChangedExample(
                example.bucket, example.text, example.score,
                _token_rows(old_batch[example.at], pieces[0]),
                _token_rows(new_batch[example.at], pieces[1])))


def _compare(diff: BehaviourDiff, runtimes: tuple, items, old: tuple, new: tuple,
             source) -> None:
    """Count every text of ``items`` and rank its change, as :func:`_add_encodings` does; each
    side is ``(ids, token offsets, byte starts, byte ends)`` numpy arrays (text ``k``'s tokens at
    ``offsets[k]:offsets[k + 1]``, spans relative to its text and read only where the IDs
    differ). Which texts differ and by how much is found for the whole batch with numpy, and
    so are the counts per bucket (:func:`_count_batch`); only the texts whose pre-tokens are
    checked and the batch's best changes (kept as :class:`_Pending` from ``source``) are
    visited one by one.

    Profiled on 4,000 FLORES lines (GPT-2 against claude-legacy, every line's IDs differ): a
    loop counting each text and offering it to the examples' heap cost 30 ms, as much as the
    arrays' work."""
    old_ids, old_at, old_starts, old_ends = old
    new_ids, new_at, new_starts, new_ends = new
    ids_differ, tokens_differ, score, renumbered = _changes(runtimes, len(items), old, new)
    _count_batch(diff, items, ids_differ, tokens_differ, np.diff(old_at), np.diff(new_at))
    room = PRETOKEN_CHECKS - diff.pretokens_checked
    if room > 0:
        for k in np.flatnonzero(tokens_differ)[:room].tolist():
            _check_pretokens(diff, runtimes, items[k][1],
                             new_ends[new_at[k]:new_at[k + 1]].tolist())
    changed = np.flatnonzero(ids_differ)
    first_seq = diff._seq + 1
    diff._seq += len(changed)
    # ranked by how much the segmentation changed, then (a renumbering keeps every boundary)
    # by how many IDs changed, then the one met first: only the batch's best EXAMPLES_KEPT can
    # be among the examples after it (the heap keeps the best of what it held and the batch),
    # offered in the order met as one by one
    scores, ranks = score[changed], np.where(tokens_differ, 0, renumbered)[changed]
    best = np.sort(np.lexsort((np.arange(len(changed)), -ranks, -scores))[:EXAMPLES_KEPT])
    for j, k, score_k, rank_k in zip(best.tolist(), changed[best].tolist(),
                                     scores[best].tolist(), ranks[best].tolist()):
        entry = ((score_k, rank_k), -(first_seq + j))
        if len(diff.examples) < EXAMPLES_KEPT or entry > diff.examples[0][:2]:
            bucket, text = items[k]
            item = (*entry, _Pending(bucket, text, score_k, k, source))  # rows made later
            if len(diff.examples) < EXAMPLES_KEPT:
                heapq.heappush(diff.examples, item)
            else:
                heapq.heapreplace(diff.examples, item)


def _count_batch(diff: BehaviourDiff, items, ids_differ: np.ndarray, tokens_differ: np.ndarray,
                 old_n: np.ndarray, new_n: np.ndarray) -> None:
    """:func:`_count_text`'s counts of a batch of texts (``old_n``, ``new_n``: their token
    counts) at once: a sum per bucket (buckets added in the order first met, as text by text)."""
    index: dict = {}
    codes = np.fromiter((index.setdefault(bucket, len(index)) for bucket, _ in items),
                        dtype=np.intp, count=len(items))
    size = len(index)
    columns = [np.bincount(codes, minlength=size)]
    columns += [np.bincount(codes[flags], minlength=size) for flags in (ids_differ, tokens_differ)]
    # token counts summed as int64 (bincount's weights would be floats)
    for counts in (old_n, new_n):
        sums = np.zeros(size, dtype=np.int64)
        np.add.at(sums, codes, counts)
        columns.append(sums)
    table = np.stack(columns, axis=1)
    rows, totals = table.tolist(), table.sum(axis=0).tolist()
    for target, row in [*((diff.buckets.setdefault(bucket, BucketStats()), rows[j])
                          for bucket, j in index.items()), (diff.total, totals)]:
        target.texts += row[0]
        target.ids_differ += row[1]
        target.tokens_differ += row[2]
        target.old_tokens += row[3]
        target.new_tokens += row[4]


def _changes(runtimes: tuple, count: int, old: tuple, new: tuple) -> tuple[np.ndarray, ...]:
    """Per text of the sides ``old`` and ``new`` (see :func:`_compare`): whether the IDs
    differ, whether the token strings do (:func:`_segments`: the byte spans, or a token's
    literal where it covers no text), :func:`change_score` and how many IDs changed in place
    (for texts with as many tokens on both sides)."""
    old_rt, new_rt = runtimes
    old_ids, old_at, old_starts, old_ends = old
    new_ids, new_at, new_starts, new_ends = new
    ids_differ, renumbered, (same_n, text_of, o, n) = _id_changes(count, old, new)
    other_span = (old_starts[o] != new_starts[n]) | (old_ends[o] != new_ends[n])
    same_spans = same_n & (np.bincount(text_of[other_span], minlength=count) == 0)
    tokens_differ = ids_differ & ~same_spans
    # the same spans, other IDs: a token covering no text (a special token) is its literal
    empty = (ids_differ & same_spans)[text_of] & (new_starts[n] == new_ends[n])
    for at in np.flatnonzero(empty).tolist():
        k = int(text_of[at])
        if not tokens_differ[k] and bytes(old_rt.token_bytes(int(old_ids[o[at]]))) != bytes(
                new_rt.token_bytes(int(new_ids[n[at]]))):
            tokens_differ[k] = True
    return ids_differ, tokens_differ, _boundary_changes(tokens_differ, old, new), renumbered


def _id_changes(count: int, old: tuple, new: tuple) -> tuple:
    """Per text: whether the IDs differ and how many changed in place (texts with as many
    tokens on both sides); with how the tokens pair: ``(same count per text, text of each
    pair, old positions, new positions)``."""
    old_ids, old_at = old[:2]
    new_ids, new_at = new[:2]
    old_n, new_n = np.diff(old_at), np.diff(new_at)
    same_n = old_n == new_n
    # the tokens of the texts with as many on both sides, side by side
    paired = np.flatnonzero(same_n & (old_n > 0))
    text_of = np.repeat(paired, old_n[paired])
    o = ragged_positions(old_at[paired], old_n[paired])
    n = ragged_positions(new_at[paired], new_n[paired])
    renumbered = np.bincount(text_of[old_ids[o] != new_ids[n]], minlength=count)
    return ~same_n | (renumbered > 0), renumbered, (same_n, text_of, o, n)


def _boundary_changes(which: np.ndarray, old: tuple, new: tuple) -> np.ndarray:
    """:func:`change_score` of the texts ``which`` marks (0 elsewhere): the byte offsets where a
    token ends on one side only, plus the difference in token count."""
    _, old_at, _, old_ends = old
    _, new_at, _, new_ends = new
    texts = np.flatnonzero(which)
    score = np.zeros(len(which), dtype=np.int64)
    if not len(texts):
        return score
    keys = []
    for at, ends in ((old_at, old_ends), (new_at, new_ends)):
        counts = np.diff(at)[texts]
        positions = ragged_positions(at[texts], counts)
        # one key per (text, end): the texts' boundaries as sets, all texts at once
        keys.append(_sorted_unique(np.repeat(texts, counts) * (1 << 32)
                                   + ends[positions].astype(np.int64)))
    # each side's keys sorted and distinct: merged (a stable sort of two sorted runs is one
    # merge pass, a third of a binary search per key), a key met twice ends a token on both
    # sides; the symmetric difference per text is all its keys less twice the common ones
    merged = np.sort(np.concatenate(keys), kind="stable")
    common = merged[1:][merged[1:] == merged[:-1]]
    size = len(which)
    score += np.bincount(merged >> 32, minlength=size)
    score -= 2 * np.bincount(common >> 32, minlength=size)
    score[texts] += np.abs(np.diff(old_at)[texts] - np.diff(new_at)[texts])
    return score


def finish_examples(diff: BehaviourDiff, old_rt, new_rt) -> None:
    """Give the examples still waiting for their rows (the IDs-first path's) both
    tokenizations: their texts encoded once more, together, on each side."""
    waiting = [at for at, (_, _, e) in enumerate(diff.examples) if isinstance(e, _Pending)]
    if not waiting:
        return
    texts = [diff.examples[at][2].text for at in waiting]
    old_batch, new_batch = old_rt.encode_batch(texts), new_rt.encode_batch(texts)
    for batch in (old_batch, new_batch):
        batch.spans(Unit.CP)  # once for all texts, which each Encoding then takes its part of
    pieces: tuple[dict, dict] = ({}, {})
    for j, at in enumerate(waiting):
        score_key, seq, example = diff.examples[at]
        diff.examples[at] = (score_key, seq, ChangedExample(
            example.bucket, example.text, example.score, _token_rows(old_batch[j], pieces[0]),
            _token_rows(new_batch[j], pieces[1])))


def _sorted_unique(keys: np.ndarray) -> np.ndarray:
    """The distinct ``keys``, sorted: a sort where they are not in order already (token ends
    mostly are) then a mask, what ``np.unique`` did by hashing at four times the cost.

    >>> _sorted_unique(np.array([3, 1, 3, 2])).tolist()
    [1, 2, 3]
    """
    if len(keys) > 1 and (keys[1:] < keys[:-1]).any():  # mostly in order already
        keys = np.sort(keys)
    return keys[np.concatenate(([True], keys[1:] != keys[:-1]))] if len(keys) else keys


def _count_text(diff: BehaviourDiff, bucket: str, runtimes: tuple, text: str, ids_differ: bool,
                tokens_differ: bool, token_counts: tuple[int, int], new_ends) -> None:
    """Count one compared text in its bucket and the total (``token_counts``: old, new); the
    first :data:`PRETOKEN_CHECKS` texts whose segmentation changed also say whether their
    pre-tokens did (:func:`_check_pretokens`, with the new side's token ends ``new_ends()``).
    The Encoding path counts through here; the array path counts a batch at once
    (:func:`_count_batch`)."""
    for target in (diff.buckets.setdefault(bucket, BucketStats()), diff.total):
        target.texts += 1
        target.ids_differ += ids_differ
        target.tokens_differ += tokens_differ
        target.old_tokens += token_counts[0]
        target.new_tokens += token_counts[1]
    if tokens_differ and diff.pretokens_checked < PRETOKEN_CHECKS:
        _check_pretokens(diff, runtimes, text, new_ends())


def _check_pretokens(diff: BehaviourDiff, runtimes: tuple, text: str,
                     new_ends: list[int]) -> None:
    """Whether the pre-tokens of a text whose segmentation changed differ too; the text is
    kept with the new side's token ends for the migration's checks (:func:`explain_by_regex`).
    Each side's spans come from its runtime's
    :meth:`~core.formats.runtime.Runtime.pre_token_spans`, made once per diff."""
    made = diff._pretokens
    if made is None or made[0] is not runtimes[0] or made[1] is not runtimes[1]:
        made = diff._pretokens = (*runtimes, *(runtime.pre_token_spans() for runtime in runtimes))
    old_spans, new_spans = made[2:]
    diff.pretokens_checked += 1
    diff.pretokens_differ += old_spans(text) != new_spans(text)
    diff._changed.append((text, new_ends))


@dataclass(frozen=True)
class _Pending:
    """An example of the batch being added, before its rows are made."""

    bucket: str
    text: str
    score: int
    at: int  # its index in the batch
    source: object = None  # the batches it came from (None: the IDs-first path)


def _add_encodings(diff: BehaviourDiff, old_rt, new_rt, items: list[tuple[str, str]],
                   old_batch: list, new_batch: list) -> None:
    """Add ``items`` with their Encodings on each side (or the runtime's refusal, a string)."""
    for (bucket, text), old_enc, new_enc in zip(items, old_batch, new_batch):
        if isinstance(old_enc, str) or isinstance(new_enc, str):
            diff.refused += 1  # a runtime refused the text: nothing to compare
            continue
        ids_differ = not np.array_equal(old_enc.ids, new_enc.ids)
        tokens_differ = ids_differ and _segments(old_enc) != _segments(new_enc)
        _count_text(diff, bucket, (old_rt, new_rt), text, ids_differ, tokens_differ,
                    (len(old_enc), len(new_enc)), lambda: new_enc.byte_ends.tolist())
        if not ids_differ:
            continue
        # ranked by how much the segmentation changed, then (a renumbering keeps every
        # boundary) by how many IDs changed
        score = change_score(old_enc, new_enc) if tokens_differ else 0
        renumbered = int(np.sum(old_enc.ids != new_enc.ids)) if not tokens_differ else 0
        diff._seq += 1
        entry = ((score, renumbered), -diff._seq)
        if len(diff.examples) < EXAMPLES_KEPT or entry > diff.examples[0][:2]:
            example = ChangedExample(bucket, text, score, token_rows(old_enc),
                                     token_rows(new_enc))
            item = (*entry, example)
            if len(diff.examples) < EXAMPLES_KEPT:
                heapq.heappush(diff.examples, item)
            else:
                heapq.heapreplace(diff.examples, item)


def behaviour_diff(old_rt, new_rt, items: Iterable[tuple[str, str]], *,
                   progress: ProgressFn | None = None, cancel: CancelFn | None = None,
                   total: int = 0) -> BehaviourDiff:
    """The behaviour diff of ``items`` (``(bucket, text)``), batch by batch.

    ``total``: how many items to expect, for progress (0 if unknown)."""
    diff = BehaviourDiff()
    report = Throttle(progress)
    # the next batch's IDs are encoded (native code, the GIL released) while this one is
    # compared (Python): the comparison no longer leaves a core idle. Beside it run this
    # batch's pre-token checks and the encodes of a few texts: each library's encode may be
    # called from two threads, and the tokenizers runtime changes its settings under its lock.
    # The cyclic collector is paused while a batch is compared and its examples made: the
    # batches' arrays and lists hold no cycles, yet every allocation counts towards the next
    # collection, and one full collection walked every object the process had (15 ms at
    # times, beside 9 ms of younger ones per 4,000 lines); between batches it runs as usual.
    with ThreadPoolExecutor(1) as ahead:
        waiting: tuple | None = None  # (items, future of their IDs or None)
        for batch in _in_batches(items, BATCH_TEXTS):
            check_cancel(cancel)
            started = (ahead.submit(_ids_batches, old_rt, new_rt, batch) if diff._ids_first
                       else None)
            if waiting is not None:
                with collector_paused():
                    _add_batch(diff, old_rt, new_rt, *waiting)
                report(Progress("comparing", diff.total.texts, total))
            waiting = (batch, started)
        check_cancel(cancel)
        if waiting is not None:
            with collector_paused():
                _add_batch(diff, old_rt, new_rt, *waiting)
    with collector_paused():
        finish_examples(diff, old_rt, new_rt)
    report(Progress("comparing", diff.total.texts, total or diff.total.texts), force=True)
    diff.hybrid = explain_by_regex(old_rt, new_rt, diff._changed)
    diff._changed = []
    diff._pretokens = None
    return diff


def _in_batches(items: Iterable, size: int) -> Iterator[list]:
    """``items`` in lists of ``size`` (the last one shorter), read as they are needed.

    >>> list(_in_batches(range(5), 2))
    [[0, 1], [2, 3], [4]]
    """
    batch: list = []
    for item in items:
        batch.append(item)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def explain_by_regex(old_rt, new_rt, changed: list[tuple[str, list[int]]]
                     ) -> HybridSplit | None:
    """Of the changed texts (with the new tokenization's token ends), how many the old model
    behind the new pre-tokenizer reproduces (the regex explains the change), and how many the new
    model behind the old pre-tokenizer reproduces (the model explains it).

    None when the two runtimes cannot be combined (:mod:`core.diff.hybrid`) or no text
    changed."""
    from .hybrid import with_pretokenizer

    old_model_new_regex = with_pretokenizer(old_rt, new_rt)
    new_model_old_regex = with_pretokenizer(new_rt, old_rt)
    if old_model_new_regex is None or new_model_old_regex is None or not changed:
        return None
    texts = [text for text, _ in changed]
    ends = [e for _, e in changed]
    by_regex = old_model_new_regex.encode_batch(texts)
    by_model = new_model_old_regex.encode_batch(texts)
    return HybridSplit(sum(h.byte_ends.tolist() == e for h, e in zip(by_regex, ends)),
                       sum(h.byte_ends.tolist() == e for h, e in zip(by_model, ends)))


def source_bucket(source: CorpusSource) -> str:
    """A source's bucket: its language tag, else its file name without suffixes."""
    return source.lang or source.path.name.split(".")[0]


def corpus_items(sources: list[CorpusSource], *, cancel: CancelFn | None = None,
                 progress: ProgressFn | None = None) -> Iterator[tuple[str, str]]:
    """``(bucket, text)`` for every document of every source, streamed (empty lines skipped,
    duplicates kept: each text counts as it occurs); ``progress`` in bytes read of all sources.
    Raises when the corpus holds no text."""
    found = False
    total = sum(source.path.stat().st_size for source in sources)
    done = 0
    for source in sources:
        corpus = Corpus([source], policy="replace", dedup=False)
        before = done

        def report(p: Progress, before=before) -> None:
            if progress is not None:
                progress(Progress("comparing", before + p.done, total, p.note, p.detail))
        for text in corpus.documents(cancel=cancel, weighted=False, progress=report):
            found = True
            yield source_bucket(source), text
        done += source.path.stat().st_size
    if not found:
        raise WorkbenchError.of(note("diff.corpus_empty"),
                                path=sources[0].path if sources else None)


def golden_items() -> list[tuple[str, str]]:
    """The built-in stress set, as ``("golden", text)`` items."""
    from ..bundles.golden_stress import STRESS_SAMPLES

    return [("golden", text) for _, text in STRESS_SAMPLES]
