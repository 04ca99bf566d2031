"""Every token's bytes in one flat array, so that many tokens' bytes are gathered with numpy.

A runtime answers ``token_bytes(id)`` one id at a time; checking spans of a corpus' worth of
tokens that way costs a Python call per token. :class:`VocabBytes` lays the whole vocabulary end
to end once (``blob``) with each id's start (``offsets``), so lengths and contents of any number
of ids are a gather.

>>> vocab = VocabBytes.from_list([b"a", b"", "世".encode()])
>>> vocab.lengths([2, 0, 1]).tolist()
[3, 1, 0]
>>> blob, lengths = vocab.gather([0, 2])
>>> bytes(blob), lengths.tolist()
(b'a\\xe4\\xb8\\x96', [1, 3])
>>> vocab(2) == "世".encode()
True
"""

from __future__ import annotations

from typing import Callable, Sequence

import numpy as np


class VocabBytes:
    """Token bytes of ids ``0 .. size - 1``; ids outside that range have no bytes."""

    def __init__(self, blob: np.ndarray, offsets: np.ndarray) -> None:
        self.blob = blob
        self.offsets = offsets  # size + 1 entries: id i's bytes are blob[offsets[i]:offsets[i+1]]
        self.all_lengths = np.diff(offsets)

    @classmethod
    def from_list(cls, tokens: Sequence[bytes]) -> "VocabBytes":
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        offsets = np.zeros(len(tokens) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(np.frombuffer(b"".join(tokens), dtype=np.uint8), offsets)

    @classmethod
    def of(cls, token_bytes: Callable[[int], bytes], size: int) -> "VocabBytes":
        """Built by asking ``token_bytes`` for every id once."""
        return cls.from_list([bytes(token_bytes(i)) for i in range(size)])

    def __len__(self) -> int:
        return len(self.all_lengths)

    def __call__(self, token_id: int) -> bytes:
        token_id = int(token_id)
        if not 0 <= token_id < len(self):
            return b""
        return self.blob[self.offsets[token_id]:self.offsets[token_id + 1]].tobytes()

    def _valid(self, ids) -> np.ndarray:
        ids = np.asarray(ids, dtype=np.int64)
        return np.where((ids >= 0) & (ids < len(self)), ids, len(self))

    def lengths(self, ids) -> np.ndarray:
        """Byte length of each id's token."""
        return np.append(self.all_lengths, 0)[self._valid(ids)]

    def gather(self, ids) -> tuple[np.ndarray, np.ndarray]:
        """The ids' bytes laid end to end, and each one's length."""
        ids = self._valid(ids)
        lengths = np.append(self.all_lengths, 0)[ids]
        starts = np.append(self.offsets[:-1], 0)[ids]
        return self.blob[ragged_positions(starts, lengths)], lengths


def ragged_positions(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """``concat(range(s, s + n) for s, n in zip(starts, lengths))`` without a Python loop.

    >>> ragged_positions(np.array([5, 0, 9]), np.array([2, 0, 3])).tolist()
    [5, 6, 9, 10, 11]
    """
    total = int(lengths.sum())
    firsts = np.cumsum(lengths) - lengths  # where each range begins in the output
    return np.repeat(starts - firsts, lengths) + np.arange(total, dtype=np.int64)
