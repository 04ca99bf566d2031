"""Token IDs of many texts without spans: what :meth:`core.formats.runtime.Runtime.encode_ids_batch`
answers, for work that compares IDs first and needs spans for few texts (the behaviour diff).

Where a text's tokens spell it (tiktoken, byte-level BPE whose normalizer left the text as it
was), its exact byte spans are the tokens' byte lengths laid end to end, as the runtime's
batch encode makes them: :meth:`IdsBatch.byte_spans` gives those; other texts need the encode.

>>> batch = IdsBatch.of([[5, 6], [], [7]], None, lengths=[[1, 2], [], [3]])
>>> batch.token_offsets.tolist(), batch.ids_of(0)
([0, 2, 2, 3], [5, 6])
>>> [a.tolist() for a in batch.byte_spans()]
[[0, 1, 0], [1, 3, 3]]
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Sequence

import numpy as np


@dataclass
class IdsBatch:
    """IDs of K texts, as the runtime's ``encode_batch`` of the same texts and options gives them.

    Attributes:
        ids: every text's IDs, one after the other (int64).
        counts: tokens per text (K entries).
        spelled: per text, whether its exact byte spans are ``lengths`` laid end to end.
        encode_some: the runtime's batch encode of the texts at the indexes given (an
            :class:`~core.encodings.batch.EncodingBatch`, spans and all), from the native answer
            already had where the runtime can.
        lengths: per token, its byte length in the text (0 for a token the post-processor
            inserted); meaningful where ``spelled``; None when no text is spelled.
    """

    ids: np.ndarray
    counts: np.ndarray
    spelled: np.ndarray
    encode_some: Callable[[Sequence[int]], Any] | None
    lengths: np.ndarray | None = None

    @classmethod
    def of(cls, id_lists: Sequence[Sequence[int]], encode_some,
           lengths: Sequence[Sequence[int]] | None = None) -> "IdsBatch":
        """From a list of IDs per text (and their byte lengths: then every text is spelled)."""
        k = len(id_lists)
        counts = np.fromiter(map(len, id_lists), dtype=np.int64, count=k)
        total = int(counts.sum())
        ids = np.fromiter((i for one in id_lists for i in one), dtype=np.int64, count=total)
        if lengths is None:
            return cls(ids, counts, np.zeros(k, dtype=bool), encode_some)
        flat = np.fromiter((n for one in lengths for n in one), dtype=np.int64, count=total)
        return cls(ids, counts, np.ones(k, dtype=bool), encode_some, flat)

    def __len__(self) -> int:
        return len(self.counts)

    @cached_property
    def token_offsets(self) -> np.ndarray:
        """Where each text's IDs start in ``ids`` (K + 1 entries)."""
        offsets = np.zeros(len(self.counts) + 1, dtype=np.int64)
        np.cumsum(self.counts, out=offsets[1:])
        return offsets

    def ids_of(self, k: int) -> list[int]:
        """Text ``k``'s IDs."""
        a, b = self.token_offsets[k], self.token_offsets[k + 1]
        return self.ids[a:b].tolist()

    def byte_spans(self) -> tuple[np.ndarray, np.ndarray]:
        """Every token's byte span relative to its own text, from the lengths laid end to end:
        exact for the spelled texts, meaningless (zeros) for the others."""
        if self.lengths is None:
            return np.zeros(len(self.ids), dtype=np.int64), np.zeros(len(self.ids), dtype=np.int64)
        running = np.zeros(len(self.lengths) + 1, dtype=np.int64)
        np.cumsum(self.lengths, out=running[1:])
        ends = running[1:] - np.repeat(running[self.token_offsets[:-1]], self.counts)
        return ends - self.lengths, ends


def spelled_texts(texts: Sequence[str], lengths: np.ndarray, counts: np.ndarray) -> np.ndarray:
    """Per text, whether its tokens' byte ``lengths`` add up to its UTF-8 length (a test the
    runtimes make before laying tokens end to end).

    >>> spelled_texts(["ab", "c"], np.array([1, 1, 2]), np.array([2, 1])).tolist()
    [True, False]
    """
    k = len(texts)
    running = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=running[1:])
    first = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(counts, out=first[1:])
    text_bytes = np.fromiter((len(t.encode("utf-8")) for t in texts), dtype=np.int64, count=k)
    return running[first[1:]] - running[first[:-1]] == text_bytes
