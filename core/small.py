"""One small text's Encoding without the array set-up: the GUI's and the CLI's one-off encodes.

:func:`core.spans.exact_spans` is built for corpora: every text joined, a few dozen numpy passes
over all their tokens. For one short text those passes are nearly all fixed cost (~100–300 µs,
10–60 times the native call). A runtime that can answer a short text in plain Python lists
(:meth:`~core.runtimes.base.Runtime._native_small`) hands a :class:`SmallResult` to
:func:`encode_small`, which does the same steps as ``exact_spans`` for one text — code point
spans to bytes, post-processor tokens placed, partial characters flagged — on the lists, and
makes the arrays once at the end. The Encoding is the one the array path gives (the tests hold
the two paths equal on every runtime family); what the small path does not cover (spans that
several tokens share and must be narrowed) it hands to the array path.

>>> from core.runtimes.tiktoken import TiktokenRuntime
>>> runtime = TiktokenRuntime({"你".encode(): 0, b"a": 1}, pattern=r".", special={})
>>> enc = encode_small(runtime, "你a", SmallResult([0, 1], [0, 1], [1, 2], [0, 0], unit="cp"))
>>> enc.byte_starts.tolist(), enc.byte_ends.tolist(), [a.tolist() for a in enc.spans("cp")]
([0, 3], [3, 4], [[0, 1], [1, 2]])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import accumulate
from operator import le

import numpy as np

from .batch import encode_one
from .encoding import Encoding, Flag
from .notes import Note
from .spans import NativeResult
from .graphemes import may_join
from .text import TextIndex, Unit, index_dtype

# texts up to this many code points take the small path (past it the arrays cost less than
# the per-token Python work)
SMALL_TEXT = 2048

_INSERTED, _PARTIAL, _SPECIAL = int(Flag.INSERTED), int(Flag.PARTIAL), int(Flag.SPECIAL)
_UNITS = tuple(Unit)  # iterating the enum itself is slow
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # two UTF-16 units each


@dataclass
class SmallResult:
    """One text as the native library encoded it, in Python lists (see :class:`NativeResult`).

    ``starts``/``ends`` are in ``unit`` (``"bytes"`` or ``"cp"``) on the original text;
    ``flags`` carry SPECIAL / UNK / BYTE_FALLBACK / INSERTED; ``exact``: spans are each token's
    own bytes already (no narrowing can be needed)."""

    ids: list[int]
    starts: list[int]
    ends: list[int]
    flags: list[int]
    unit: str = "bytes"
    exact: bool = True
    warnings: list[Note] = field(default_factory=list)
    pieces: list[str] | None = None

    def native(self) -> NativeResult:
        """The same answer as the array path takes it."""
        return NativeResult(np.array(self.ids, dtype=np.int64),
                            np.array(self.starts, dtype=np.int64),
                            np.array(self.ends, dtype=np.int64),
                            np.array(self.flags, dtype=np.uint8), self.unit, self.exact,
                            list(self.warnings), self.pieces)


def encode_small(runtime, text: str, small: SmallResult) -> Encoding:
    """The Encoding of ``text`` from ``small``: what :func:`core.batch.encode_one` makes of the
    same answer, without its array passes (or through them, where spans overlap).

    The steps on the lists keep their order with the array path's, whose conversion of code
    point offsets to bytes keeps order (offsets past the text clipped to its end first): the
    overlap test and the placing of post-processor tokens come out the same in either unit."""
    data = text.encode("utf-8")
    index = TextIndex(text, data)
    ids, starts, ends, flags = small.ids, small.starts, small.ends, small.flags
    in_cp = small.unit == "cp" and not index.ascii
    if in_cp:
        bound = len(text)  # a span past the text's end is clipped to it, as in exact_spans
        starts = [s if s <= bound else bound for s in starts]
        ends = [e if e <= bound else bound for e in ends]
    # runtimes set SPECIAL, UNK, BYTE_FALLBACK and INSERTED only: a flag of 16 or more has the
    # last, and max() is one C call where any() is a Python loop
    inserted = max(flags, default=0) >= _INSERTED
    if not small.exact and _overlapping(starts, ends, flags if inserted else None):
        return encode_one(runtime, text, small.native())  # narrowing needs the arrays
    if inserted:
        starts, ends = _placed(starts, ends, flags)
    flag_array = np.array(flags, dtype=np.uint8)
    if index.ascii:  # bytes, code points and UTF-16 units coincide; so do graphemes but CR LF
        offset_type = index_dtype(len(data))
        byte_spans = (np.array(starts, dtype=offset_type), np.array(ends, dtype=offset_type))
        spans = dict.fromkeys(_UNITS, byte_spans)
        if "\r\n" in text:
            del spans[Unit.GRAPHEME]
    else:
        cp_spans, byte_spans = _both_units(index, starts, ends, in_cp, flag_array)
        spans = {Unit.BYTES: byte_spans, Unit.CP: cp_spans}
        if _ASTRAL.search(text) is None:  # no surrogate pairs: UTF-16 units are code points
            spans[Unit.UTF16] = cp_spans
            if not may_join(text):  # every code point its own cluster
                spans[Unit.GRAPHEME] = cp_spans
    pieces = small.pieces if small.pieces is not None else (
        lambda: [runtime.piece(i) for i in ids])
    return Encoding(text, np.array(ids, dtype=np.int64), *byte_spans, flag_array, index, pieces,
                    lambda: [runtime.token_bytes(i) for i in ids], list(small.warnings), spans,
                    runtime.piece, runtime.token_bytes)


def _both_units(index: TextIndex, starts: list[int], ends: list[int], in_cp: bool,
                flags: np.ndarray) -> tuple[tuple, tuple]:
    """Code point and byte spans of a text that is not ASCII, from spans in code points
    (``in_cp``) or bytes, with the text index's own tables; PARTIAL added to ``flags`` where a
    byte span cuts a character."""
    offset_type = index_dtype(len(index.data))
    if in_cp:  # every offset is a character's start: no span is partial
        cp_dtype = index_dtype(len(index.data) + 1)  # the dtype of the index's tables
        cp_spans = (np.array(starts, dtype=cp_dtype), np.array(ends, dtype=cp_dtype))
        table = index.cp_bytes
        return cp_spans, (table[cp_spans[0]].astype(offset_type),
                          table[cp_spans[1]].astype(offset_type))
    byte_spans = (np.array(starts, dtype=offset_type), np.array(ends, dtype=offset_type))
    cp_starts, cp_ends, partial = index.cp_spans(*byte_spans)
    flags[partial] |= np.uint8(_PARTIAL)
    return (cp_starts, cp_ends), byte_spans


def _overlapping(starts: list[int], ends: list[int], flags: list[int] | None) -> bool:
    """Whether content tokens with text overlap (what ``refine_overlapping_spans`` narrows;
    without an overlap it changes nothing). ``flags``: given when some tokens are inserted
    (those are no content)."""
    if all(map(le, ends[:-1], starts[1:])) and all(map(le, starts, ends)):
        return False  # laid end to end (C-speed test of the common case)
    reach = None
    for i, (start, end) in enumerate(zip(starts, ends)):
        if end <= start or (flags is not None and flags[i] & _INSERTED):
            continue
        if reach is not None and start < reach:
            return True
        reach = end if reach is None or end > reach else reach
    return False


def _placed(starts: list[int], ends: list[int], flags: list[int]) -> tuple[list, list]:
    """Post-processor tokens put where they were inserted: after the text before them."""
    starts, ends = list(starts), list(ends)
    reach = 0
    for i, flag in enumerate(flags):
        if flag & _INSERTED:
            starts[i] = ends[i] = reach
        elif ends[i] > reach:
            reach = ends[i]
    return starts, ends


def lengths_end_to_end(lengths: list[int]) -> tuple[list[int], list[int]]:
    """Spans of tokens laid end to end from 0, given their lengths.

    >>> lengths_end_to_end([2, 1, 3])
    ([0, 2, 3], [2, 3, 6])
    """
    ends = list(accumulate(lengths))
    return [0, *ends[:-1]] if ends else [], ends
