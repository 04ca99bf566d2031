"""Encodings of one text or many, from a runtime's native answer.

The spans come from :mod:`core.encodings.spans` (exact byte spans of all texts, converted together);
this module wraps them as :class:`~core.encodings.encoding.Encoding` objects, with the runtime's pieces
and token bytes looked up by id on demand.

>>> # batch = runtime.encode_batch(["Hello", "世界"]); batch.spans("grapheme"); batch[1].ids
"""

from __future__ import annotations

import os
import threading
from functools import cached_property
from typing import Callable, Sequence

import numpy as np

from .encoding import Encoding
from .spans import JoinedTexts, NativeMany, NativeResult, exact_spans
from ..text.offsets import TextIndex, Unit


# tokens from which a batch converts each unit's spans in two halves, on two threads (a thread
# costs ~0.1 ms; the two halves of mono's 3 M tokens take ~0.1 s less than one pass)
SPLIT_TOKENS = 1 << 18
_CORES = os.cpu_count() or 1


def encode_one(runtime, text: str, result: NativeResult) -> Encoding:
    """Finish a single text into an Encoding (other units converted lazily)."""
    spans = exact_spans([text], NativeMany.of([result]), runtime.vocab_bytes)
    ids = spans.ids
    id_list = ids.tolist()
    pieces: Sequence[str] | Callable = (result.pieces if result.pieces is not None
                                        else lambda: [runtime.piece(i) for i in id_list])
    return Encoding(text, ids, spans.starts, spans.ends, spans.flags, spans.index, pieces,
                    lambda: [runtime.token_bytes(i) for i in id_list], list(result.warnings),
                    {}, runtime.piece, runtime.token_bytes)


class EncodingBatch(Sequence[Encoding]):
    """Encodings of many texts, converted together; ``batch[k]`` is text ``k``'s Encoding.

    ``spans(unit)`` gives every token's span in ``unit`` relative to its own text, computed once
    for the whole batch; ``text_of_token`` says which text each token belongs to.
    """

    def __init__(self, runtime, texts: Sequence[str], many: NativeMany,
                 joined: JoinedTexts | None = None) -> None:
        spans = exact_spans(texts, many, runtime.vocab_bytes, joined)
        self._joined = spans.joined
        self.index, self.ids, self.flags = spans.index, spans.ids, spans.flags
        self._cp_starts, self._byte_offsets = spans.text_cp_starts, spans.text_byte_starts
        self._starts, self._ends, self._token_offsets = spans.starts, spans.ends, spans.token_starts
        self.runtime = runtime
        self.texts = list(texts)
        self._many = many
        self._spans: dict[Unit, tuple[np.ndarray, np.ndarray]] = {}  # relative to each text
        self._joined_spans: dict = {}  # on the joined text
        # tokens the runtime laid end to end, code point spans included: no table makes those
        # again, and every unit's spans are non-decreasing
        self._laid = many.joined_cp is not None
        if self._laid:
            self._joined_spans[Unit.CP] = many.joined_cp
        self._halves: list | None = None  # a corpus' two halves of tokens (_spans_in_halves)

    def __len__(self) -> int:
        return len(self.texts)

    @property
    def token_offsets(self) -> np.ndarray:
        """Where each text's tokens start in ``ids`` (K + 1 entries)."""
        return self._token_offsets

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
            return self.index.cp_to_utf16(cps, cps, ordered=True)[0]  # texts in order
        return self.index.cp_to_graphemes(cps, cps, split=False)[0]

    def spans(self, unit: Unit | str) -> tuple[np.ndarray, np.ndarray]:
        """Every token's span in ``unit``, relative to the start of its own text."""
        unit = Unit(unit)
        if unit not in self._spans and len(self.ids) >= SPLIT_TOKENS and _CORES > 1:
            self._joined.ready(unit.value)  # this unit's tables, when built ahead
            self._spans[unit] = self._spans_in_halves(unit)
        if unit not in self._spans:
            self._joined.ready(unit.value)
            s, e = self.index.spans_in(unit, self._starts, self._ends, self._joined_spans,
                                       ordered=self._laid)
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

    def _spans_in_halves(self, unit: Unit) -> tuple[np.ndarray, np.ndarray]:
        """:meth:`spans` of a corpus: each half of the tokens converted on a thread of its
        own (the table look-ups and subtractions are numpy passes that let go of the GIL; the
        other core idles once the native library is done). The halves keep their own code
        point spans, which UTF-16 and graphemes are converted from."""
        if self._halves is None:
            middle = len(self.ids) // 2
            self._halves = [(a, b, self._seeded(a, b)) for a, b in
                            ((0, middle), (middle, len(self.ids)))]
        offsets = self._unit_offsets(unit)[:-1]
        token_offsets = self._token_offsets
        # the unit's dtype, from one token (a cache of its own: the halves keep theirs): both
        # halves write into the same two arrays
        dtype = self.index.spans_in(unit, self._starts[:1], self._ends[:1],
                                    self._seeded(0, 1), ordered=self._laid)[0].dtype
        out_s, out_e = np.empty(len(self.ids), dtype=dtype), np.empty(len(self.ids), dtype=dtype)

        def convert(k: int) -> None:
            a, b, cache = self._halves[k]
            s, e = self.index.spans_in(unit, self._starts[a:b], self._ends[a:b], cache,
                                       ordered=self._laid)
            # each token's text's start in ``unit``: the texts this half holds, the first and
            # last of them cut to the tokens inside the half
            first, last = np.searchsorted(token_offsets, [a, max(b - 1, a)], side="right") - 1
            counts = self._many.counts[first:last + 1].copy()
            if len(counts) and b > a:
                counts[0] -= a - token_offsets[first]
                counts[-1] -= token_offsets[last + 1] - b
            else:
                counts[:] = 0
            shift = np.repeat(offsets[first:last + 1].astype(dtype), counts)
            np.subtract(s, shift, out=out_s[a:b])
            np.subtract(e, shift, out=out_e[a:b])
            if unit in (Unit.UTF16, Unit.GRAPHEME):  # no other unit is derived from these
                cache.pop(unit, None)

        failed: list[BaseException] = []

        def convert_second() -> None:
            try:
                convert(1)
            except BaseException as error:  # raised again below, on the caller's thread
                failed.append(error)

        other = threading.Thread(target=convert_second, name="spans-half")
        other.start()
        try:
            convert(0)
        finally:
            other.join()
        if failed:
            raise failed[0]
        return out_s, out_e

    def _seeded(self, a: int, b: int) -> dict:
        """A conversion cache for tokens ``a:b``: their code point spans where the runtime
        laid them (views, not copies), else empty.

        >>> # batch._seeded(0, 2) -> {Unit.CP: (cp_starts[0:2], cp_ends[0:2])} or {}
        """
        laid = self._many.joined_cp
        return {} if laid is None else {Unit.CP: (laid[0][a:b], laid[1][a:b])}

    def ids_and_cp_spans_each(self) -> list[tuple[list[int], list[tuple[int, int]]]]:
        """Each text's IDs and code-point spans as lists, from the batch's arrays at once (an
        Encoding per text costs more than its tokens when the texts are short, as a chat's
        pieces are)."""
        starts, ends = self.spans("cp")
        ids, spans = self.ids.tolist(), list(zip(starts.tolist(), ends.tolist()))
        bounds = self.token_offsets.tolist()
        return [(ids[a:b], spans[a:b]) for a, b in zip(bounds[:-1], bounds[1:])]

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
