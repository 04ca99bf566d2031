"""From a runtime's native answer to :class:`~core.encoding.Encoding` objects, for one text or many.

Every runtime returns a :class:`NativeResult` per text: ids, spans in the unit its library speaks
(bytes or code points), and flags. :func:`finish` turns those into exact byte spans on the
original text (narrowing shared spans, placing post-processor tokens, flagging partial
characters) with a few numpy operations over *all* texts at once: the texts are joined with
``\\n`` and converted in one go, so encoding a corpus line by line costs little more than the
native library's own calls.

>>> # batch = runtime.encode_batch(["Hello", "世界"]); batch.spans("grapheme"); batch[1].ids
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable, Sequence

import numpy as np

from .encoding import Encoding, Flag, refine_overlapping_spans
from .notes import Note
from .text import TextIndex, Unit, index_dtype

SEPARATOR = "\n"  # always a grapheme boundary once the forced breaks handle "\r" + "\n"


@dataclass
class NativeResult:
    """One text as the native library encoded it.

    Attributes:
        ids: token ids (int64).
        starts / ends: spans in ``unit`` (``"bytes"`` or ``"cp"``) on the original text.
        flags: SPECIAL / UNK / BYTE_FALLBACK / INSERTED bits (PARTIAL is derived later).
        exact: spans are already each token's own bytes (no narrowing needed).
        pieces: the library's piece strings when it returned them, else None (looked up by id).
    """

    ids: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    flags: np.ndarray
    unit: str = "bytes"
    exact: bool = False
    warnings: list[Note] = field(default_factory=list)
    pieces: list[str] | None = None


@dataclass
class NativeMany:
    """Native results of many texts, concatenated: spans relative to each text, or (when
    ``joined_starts`` is given) exact byte spans on the texts joined with ``SEPARATOR``."""

    ids: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    flags: np.ndarray
    counts: np.ndarray          # tokens per text
    in_cp: np.ndarray           # per text: spans counted in code points (else bytes)
    exact: np.ndarray           # per text: spans already exact
    warnings: list[list[Note]]
    pieces: list[list[str] | None]
    # byte offset of every text in the joined texts (K + 1 entries) when spans are on those
    joined_starts: np.ndarray | None = None

    def result(self, k: int) -> NativeResult:
        """Text ``k``'s answer on its own."""
        if getattr(self, "_firsts", None) is None or len(self._firsts) != len(self.counts) + 1:
            # where each text's tokens start: computed once, not per call (k calls would be
            # quadratic)
            self._firsts = np.concatenate(([0], np.cumsum(self.counts))).tolist()
        a, b = self._firsts[k], self._firsts[k + 1]
        shift = 0 if self.joined_starts is None else self.joined_starts[k]
        return NativeResult(self.ids[a:b], self.starts[a:b] - shift, self.ends[a:b] - shift,
                            self.flags[a:b],
                            "cp" if self.in_cp[k] else "bytes", bool(self.exact[k]),
                            list(self.warnings[k]), self.pieces[k])

    @classmethod
    def of(cls, results: Sequence[NativeResult]) -> "NativeMany":
        def cat(name: str, dtype) -> np.ndarray:
            arrays = [getattr(r, name) for r in results]
            return (np.concatenate(arrays).astype(dtype, copy=False) if arrays
                    else np.zeros(0, dtype=dtype))

        k = len(results)
        return cls(cat("ids", np.int64), cat("starts", np.int64), cat("ends", np.int64),
                   cat("flags", np.uint8).copy(),
                   np.fromiter((len(r.ids) for r in results), dtype=np.int64, count=k),
                   np.fromiter((r.unit == "cp" for r in results), dtype=bool, count=k),
                   np.fromiter((r.exact for r in results), dtype=bool, count=k),
                   [r.warnings for r in results], [r.pieces for r in results])


def _join(texts: Sequence[str]) -> tuple[TextIndex, np.ndarray, np.ndarray]:
    """Index of the joined texts and each text's start in code points and in bytes (K + 1
    entries each)."""
    k = len(texts)
    cp_starts = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=k) + 1, out=cp_starts[1:])
    encoded = [text.encode("utf-8") for text in texts]
    byte_starts = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(np.fromiter(map(len, encoded), dtype=np.int64, count=k) + 1, out=byte_starts[1:])
    if k:  # the last entry is the end of the last text (no separator after it)
        byte_starts[-1] -= 1
        cp_starts[-1] -= 1
    if k == 1:
        return TextIndex(texts[0], encoded[0]), cp_starts, byte_starts
    # breaks before and after every separator keep clusters (like "\r" + "\n") inside one text
    breaks = np.concatenate((cp_starts[1:-1] - 1, cp_starts[1:-1]))
    joined = TextIndex(SEPARATOR.join(texts), SEPARATOR.encode().join(encoded), breaks=breaks)
    return joined, cp_starts, byte_starts


def finish(runtime, texts: Sequence[str], many: NativeMany):
    """Exact byte spans and flags for every token of every text.

    Returns ``(index, cp_starts, byte_starts_of_texts, ids, starts, ends, flags, token_offsets)``
    over the joined texts.
    """
    index, cp_starts, byte_offsets = _join(texts)
    counts = many.counts
    token_offsets = np.zeros(len(counts) + 1, dtype=np.int64)
    np.cumsum(counts, out=token_offsets[1:])
    ids, flags = many.ids, many.flags
    offset_type = index_dtype(len(index.data))  # half the memory traffic for every unit after

    def text_starts() -> np.ndarray:
        # where each token's text starts: np.repeat writes it in order, a gather would not
        return np.repeat(byte_offsets[:-1].astype(offset_type), counts)

    if many.joined_starts is not None:
        starts, ends = many.starts, many.ends
    elif many.in_cp.any():
        in_cp = np.repeat(many.in_cp, counts)
        cp = index.cp_bytes
        cp_shift = np.repeat(cp_starts[:-1], counts)
        shift = text_starts()
        starts = np.where(in_cp, cp[np.minimum(many.starts + cp_shift, len(cp) - 1)],
                          many.starts + shift)
        ends = np.where(in_cp, cp[np.minimum(many.ends + cp_shift, len(cp) - 1)],
                        many.ends + shift)
    else:
        shift = text_starts()
        starts, ends = many.starts + shift, many.ends + shift
    starts = starts.astype(offset_type, copy=False)
    ends = ends.astype(offset_type, copy=False)
    inserted = (flags & Flag.INSERTED) != 0 if _any_bit(flags, Flag.INSERTED) else None
    if starts is many.starts and (inserted is not None or not many.exact.all()):
        starts, ends = starts.copy(), ends.copy()  # changed in place below: not the caller's
    if not many.exact.all():
        inexact = np.repeat(~many.exact, counts)
        refine = inexact if inserted is None else inexact & ~inserted
        refine_overlapping_spans(index.data, starts, ends, ids, runtime.vocab_bytes, refine)
    if inserted is not None:
        # a post-processor token covers no text: place it where it was inserted
        running_end = np.maximum.accumulate(np.where(inserted, 0, ends))
        place = np.concatenate(([0], running_end[:-1]))
        place = np.maximum(place, text_starts())
        starts[inserted] = place[inserted]
        ends[inserted] = place[inserted]
    flags[index.partial_mask(starts, ends)] |= np.uint8(Flag.PARTIAL)
    return (index, cp_starts, byte_offsets.astype(offset_type), ids, starts, ends, flags,
            token_offsets)


def _any_bit(flags: np.ndarray, bit: int) -> bool:
    """Whether any flag has ``bit`` set, without a boolean array per token when none has: the
    bitwise OR of all flags is one reduction."""
    return bool(np.bitwise_or.reduce(flags, initial=0) & bit) if len(flags) else False


def encode_one(runtime, text: str, result: NativeResult) -> Encoding:
    """Finish a single text into an Encoding (other units converted lazily)."""
    index, _, _, ids, starts, ends, flags, _ = finish(runtime, [text], NativeMany.of([result]))
    id_list = ids.tolist()
    pieces: Sequence[str] | Callable = (result.pieces if result.pieces is not None
                                        else lambda: [runtime.piece(i) for i in id_list])
    return Encoding(text, ids, starts, ends, flags, index, pieces,
                    lambda: [runtime.token_bytes(i) for i in id_list], list(result.warnings),
                    {}, runtime.piece, runtime.token_bytes)


class EncodingBatch(Sequence[Encoding]):
    """Encodings of many texts, converted together; ``batch[k]`` is text ``k``'s Encoding.

    ``spans(unit)`` gives every token's span in ``unit`` relative to its own text, computed once
    for the whole batch; ``text_of_token`` says which text each token belongs to.
    """

    def __init__(self, runtime, texts: Sequence[str], many: NativeMany) -> None:
        (self.index, self._cp_starts, self._byte_offsets, self.ids, self._starts, self._ends,
         self.flags, self._token_offsets) = finish(runtime, texts, many)
        self.runtime = runtime
        self.texts = list(texts)
        self._many = many
        self._spans: dict[Unit, tuple[np.ndarray, np.ndarray]] = {}  # relative to each text
        self._joined_spans: dict = {}  # on the joined text

    def __len__(self) -> int:
        return len(self.texts)

    @cached_property
    def text_of_token(self) -> np.ndarray:
        """Which text each token belongs to."""
        return np.repeat(np.arange(len(self.texts)), self._many.counts)

    def _unit_offsets(self, unit: Unit) -> np.ndarray:
        """Where each text starts in ``unit`` within the joined text."""
        cps = np.minimum(self._cp_starts, len(self.index.text)).astype(self._starts.dtype)
        if unit is Unit.BYTES:
            return self._byte_offsets
        if unit is Unit.CP:
            return cps
        if unit is Unit.UTF16:
            return self.index.cp_to_utf16(cps, cps)[0]
        return self.index.cp_to_graphemes(cps, cps, split=False)[0]

    def spans(self, unit: Unit | str) -> tuple[np.ndarray, np.ndarray]:
        """Every token's span in ``unit``, relative to the start of its own text."""
        unit = Unit(unit)
        if unit not in self._spans:
            s, e = self.index.spans_in(unit, self._starts, self._ends, self._joined_spans)
            shift = np.repeat(self._unit_offsets(unit)[:-1].astype(s.dtype), self._many.counts)
            if unit in (Unit.UTF16, Unit.GRAPHEME) and not self._shared(s):
                # no other unit is derived from these: made relative where they are (a corpus
                # batch allocates two arrays fewer, each tens of MB)
                del self._joined_spans[unit]
                s -= shift
                e -= shift
            else:
                s, e = s - shift, e - shift
            self._spans[unit] = (s, e)
        return self._spans[unit]

    def _shared(self, array: np.ndarray) -> bool:
        """Whether ``array`` is the byte or code point spans (a unit that needed no conversion
        hands back its parent's arrays)."""
        parents = (self._starts, self._ends, *self._joined_spans.get(Unit.CP, ()))
        return any(array is parent for parent in parents)

    def __getitem__(self, k):  # type: ignore[override]
        if isinstance(k, slice):
            return [self[i] for i in range(*k.indices(len(self)))]
        k = range(len(self))[k]  # normalizes negative indexes, raises IndexError out of range
        a, b = int(self._token_offsets[k]), int(self._token_offsets[k + 1])
        text = self.texts[k]
        ids = self.ids[a:b]
        shift = self._byte_offsets[k]
        spans = {unit: (s[a:b], e[a:b]) for unit, (s, e) in self._spans.items()}
        runtime = self.runtime
        id_list = ids.tolist()
        pieces = self._many.pieces[k]
        return Encoding(text, ids, self._starts[a:b] - shift, self._ends[a:b] - shift,
                        self.flags[a:b], TextIndex(text),
                        pieces if pieces is not None
                        else (lambda: [runtime.piece(i) for i in id_list]),
                        lambda: [runtime.token_bytes(i) for i in id_list],
                        list(self._many.warnings[k]), spans, runtime.piece, runtime.token_bytes)
