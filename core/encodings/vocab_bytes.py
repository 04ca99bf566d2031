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

import re
from typing import Callable, Sequence

import numpy as np


class VocabBytes:
    """Token bytes of ids ``0 .. size - 1``; ids outside that range have no bytes."""

    def __init__(self, blob: np.ndarray, offsets: np.ndarray) -> None:
        # blob, offsets (size + 1 entries: id i's bytes are blob[offsets[i]:offsets[i+1]]) and
        # every id's length; None until first needed when made by `of`
        self._arrays: tuple[np.ndarray, np.ndarray, np.ndarray] | None = (
            blob, offsets, np.diff(offsets))
        self._source: tuple[Callable[[int], bytes], int] | None = None
        self._asked: dict[int, bytes] = {}

    @classmethod
    def from_list(cls, tokens: Sequence[bytes]) -> "VocabBytes":
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        offsets = np.zeros(len(tokens) + 1, dtype=np.int64)
        np.cumsum(lengths, out=offsets[1:])
        return cls(np.frombuffer(b"".join(tokens), dtype=np.uint8), offsets)

    @classmethod
    def of(cls, token_bytes: Callable[[int], bytes], size: int) -> "VocabBytes":
        """Built by asking ``token_bytes`` for every id once, when an array is first needed.

        Until then a single id is asked of ``token_bytes`` (and remembered): showing a few
        tokens, or encoding texts whose spans need no narrowing, never pays for the whole
        vocabulary (65,000 ids take about a second).

        >>> asked = []
        >>> vocab = VocabBytes.of(lambda i: asked.append(i) or b"ab"[i:i + 1], 2)
        >>> vocab(1), vocab(1), asked
        (b'b', b'b', [1])
        >>> vocab.lengths([0, 1]).tolist(), asked
        ([1, 1], [1, 0])
        """
        vocab = cls.__new__(cls)
        vocab._arrays, vocab._source, vocab._asked = None, (token_bytes, size), {}
        return vocab

    def _built(self) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        if self._arrays is None:
            token_bytes, size = self._source
            asked = self._asked
            tokens = [asked[i] if i in asked else bytes(token_bytes(i)) for i in range(size)]
            self._arrays = VocabBytes.from_list(tokens)._arrays
            self._asked = {}
        return self._arrays

    @property
    def blob(self) -> np.ndarray:
        """Every id's bytes, end to end (uint8)."""
        return self._built()[0]

    @property
    def offsets(self) -> np.ndarray:
        """Where each id's bytes start in ``blob`` (size + 1 entries)."""
        return self._built()[1]

    @property
    def all_lengths(self) -> np.ndarray:
        """Every id's byte length."""
        return self._built()[2]

    def tokens(self) -> list[bytes]:
        """Every id's bytes, as a list (one slice of the joined bytes per id: building a model
        view of 200k tokens id by id through ``__call__`` took seconds).

        >>> VocabBytes.from_list([b"a", b"", b"bc"]).tokens()
        [b'a', b'', b'bc']
        """
        blob, offsets, _ = self._built()
        whole = blob.tobytes()
        bounds = offsets.tolist()
        return [whole[bounds[i]:bounds[i + 1]] for i in range(len(bounds) - 1)]

    @property
    def token_list(self) -> list[bytes]:
        """:meth:`tokens`, made once and kept (a short text's spans look ids up one by one:
        a list index, where a slice of the array costs a few µs each)."""
        listed = getattr(self, "_listed", None)
        if listed is None:
            listed = self._listed = self.tokens()
        return listed

    @property
    def built(self) -> bool:
        """Whether the arrays are there (a vocabulary made by :meth:`of` builds them on first
        use, which can take a second: a one-off encode does not start it)."""
        return self._arrays is not None

    @property
    def utf8_tables(self) -> tuple[list[int], list[bool], bool]:
        """Per id (lists, for a short text's tokens looked up one by one): how many UTF-8
        characters start in its bytes (bytes that are no continuation byte), and whether its
        first byte is a continuation byte (it starts inside a character); and whether any id
        has no bytes. Made once.

        >>> VocabBytes.from_list([b"a", "世".encode()[1:], "世".encode()]).utf8_tables
        ([1, 0, 1], [False, True, False], False)
        """
        tables = getattr(self, "_utf8_tables", None)
        if tables is None:
            blob, offsets, lengths = self._built()
            leads = np.zeros(len(blob) + 1, dtype=np.int64)
            np.cumsum((blob & 0xC0) != 0x80, out=leads[1:])
            counts = leads[offsets[1:]] - leads[offsets[:-1]]
            firsts = blob[np.minimum(offsets[:-1], max(len(blob) - 1, 0))] if len(blob) else (
                np.zeros(len(lengths), dtype=np.uint8))
            inside = (lengths > 0) & ((firsts & 0xC0) == 0x80)
            self._utf8_arrays = (counts.astype(np.int32), inside)
            tables = self._utf8_tables = (counts.tolist(), inside.tolist(),
                                          bool((lengths == 0).any()))
        return tables

    @property
    def ends_inside(self) -> np.ndarray:
        """Per id (bool): its bytes end inside a character: the lead byte of its last
        character is in them, and fewer continuation bytes than that lead calls for. (An id
        of continuation bytes only is False: where it ends depends on what follows.) Made
        once, in a few array calls over the whole vocabulary.

        >>> world = "世".encode()
        >>> VocabBytes.from_list([b"a", world[:2], world[2:], world, b"a" + world[:1]]
        ...                      ).ends_inside.tolist()
        [False, True, False, False, True]
        """
        found = getattr(self, "_ends_inside", None)
        if found is None:
            blob, offsets, lengths = self._built()
            if not len(blob):  # no bytes: nothing ends inside a character
                found = self._ends_inside = np.zeros(len(lengths), dtype=bool)
                return found
            positions = np.arange(len(blob), dtype=np.int64)
            # the last lead byte at or before each byte (-1: none yet)
            last_lead = np.maximum.accumulate(np.where((blob & 0xC0) != 0x80, positions, -1))
            # the bytes a lead calls for: 1 (ASCII, or no valid lead), 2, 3 or 4
            calls_for = np.select([blob >= 0xF0, blob >= 0xE0, blob >= 0xC0], [4, 3, 2], 1)
            ends = offsets[1:]
            last = last_lead[np.maximum(ends - 1, 0)]  # each id's last lead byte
            has_lead = (lengths > 0) & (last >= offsets[:-1])
            found = self._ends_inside = has_lead & (last + calls_for[np.maximum(last, 0)] > ends)
        return found

    @property
    def utf8_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """:attr:`utf8_tables`' two per-id tables as arrays (int32, bool), for a text of more
        than a few tokens (a gather each, where the lists take a Python step per token)."""
        if getattr(self, "_utf8_tables", None) is None:
            self.utf8_tables
        return self._utf8_arrays

    def __len__(self) -> int:
        return self._source[1] if self._arrays is None else len(self._arrays[2])

    def __call__(self, token_id: int) -> bytes:
        token_id = int(token_id)
        if not 0 <= token_id < len(self):
            return b""
        if self._arrays is None:
            found = self._asked.get(token_id)
            if found is None:
                found = self._asked[token_id] = bytes(self._source[0](token_id))
            return found
        blob, offsets, _ = self._arrays
        return blob[offsets[token_id]:offsets[token_id + 1]].tobytes()

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


_BYTE_PIECE = re.compile(r"^<0x([0-9A-Fa-f]{2})>$")


def byte_piece_value(piece: str) -> int | None:
    """The byte a byte-fallback piece stands for, or None.

    >>> byte_piece_value("<0x0A>"), byte_piece_value("a")
    (10, None)
    """
    match = _BYTE_PIECE.match(piece)
    return int(match.group(1), 16) if match else None
