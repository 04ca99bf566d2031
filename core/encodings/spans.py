"""Exact byte spans of every token, from a runtime's native answer: one module, one job.

A runtime hands over what its library said (:class:`NativeResult` for one text, :class:`NativeMany`
for many: ids, spans in the unit the library speaks, flags); :func:`exact_spans` turns that, with
the vocabulary's bytes (:class:`~core.encodings.vocab_bytes.VocabBytes`), into end-exclusive byte spans on
the original texts (:class:`ExactSpans`): code point spans converted, spans several tokens share
narrowed to each token's own bytes, post-processor tokens placed, partial characters flagged.
Nothing here calls back into the runtime.

All texts are handled at once with a few numpy passes: they are joined with ``\\n`` and
converted in one go, so encoding a corpus line by line costs little more than the native
library's own batch call.

>>> vocab = VocabBytes.from_list([b"\\xe4\\xb8", b"\\x96", b"a"])
>>> native = NativeResult(np.array([0, 1, 2]), np.array([0, 0, 1]), np.array([1, 1, 2]),
...                       np.zeros(3, np.uint8), unit="cp")
>>> spans = exact_spans(["世a"], NativeMany.of([native]), vocab)
>>> spans.starts.tolist(), spans.ends.tolist(), spans.flags.tolist()
([0, 2, 3], [2, 3, 4], [8, 8, 0])
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Callable, Sequence

import numpy as np

from .encoding import Flag
from ..notes import Note
from ..text.offsets import FEW_ASTRAL, TextIndex, index_dtype
from .vocab_bytes import VocabBytes, ragged_positions

SEPARATOR = "\n"  # always a grapheme boundary once the forced breaks handle "\r" + "\n"


# -- the native answer ---------------------------------------------------------------------------


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
    # the flags already carry PARTIAL (a runtime that found it while laying its tokens out)
    partial: bool = False
    # (starts, ends) in code points on the joined texts, widened outward as the texts' tables
    # widen them, when the runtime laid them out with the bytes (then those tables are not read)
    joined_cp: tuple[np.ndarray, np.ndarray] | None = None

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


def spelled_joined_spans(lengths: np.ndarray, counts: np.ndarray
                         ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Byte spans of tokens that spell their texts, on the texts joined with ``SEPARATOR``:
    ``(starts, ends, joined_starts)``, what :class:`NativeMany` takes as ``joined_starts``.

    ``lengths`` are every token's byte length (0 for a token that covers no text), ``counts``
    the tokens per text; each text's bytes are its tokens' laid end to end, so one cumulative
    sum, plus one separator byte before each text after the first, is every span (no span
    relative to its text is made only to be shifted back by :func:`exact_spans`).

    >>> starts, ends, joined = spelled_joined_spans(np.array([1, 2, 3]), np.array([2, 0, 1]))
    >>> starts.tolist(), ends.tolist(), joined.tolist()
    ([0, 1, 5], [1, 3, 8], [0, 4, 5, 8])
    """
    k = len(counts)
    # the sum in the spans' own dtype (int32 below 2 GB): no int64 pass and cast of every token
    offset_type = index_dtype(int(lengths.sum(dtype=np.int64)) + k)
    running = np.empty(len(lengths) + 1, dtype=offset_type)
    running[0] = 0
    np.cumsum(lengths, dtype=offset_type, out=running[1:])
    first = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(counts, out=first[1:])
    joined_starts = np.zeros(k + 1, dtype=np.int64)
    np.cumsum(running[first[1:]] - running[first[:-1]] + 1, out=joined_starts[1:])
    if k:
        joined_starts[-1] -= 1  # no separator after the last text
    ends = running[1:]  # the running sum is not needed after: its tail becomes the ends
    ends += np.repeat(np.arange(k, dtype=offset_type), counts)  # the separators before
    starts = np.subtract(ends, lengths, dtype=offset_type, casting="unsafe")
    return starts, ends, joined_starts


# -- exact byte spans ----------------------------------------------------------------------------


@dataclass
class ExactSpans:
    """Every token of every text with its exact byte span, on the texts joined with ``SEPARATOR``.

    Attributes:
        index: offset tables of the joined texts.
        text_cp_starts: where each text starts in code points of the joined texts (K + 1
            entries; the last is the end of the last text).
        text_byte_starts: the same in bytes (in the spans' dtype).
        token_starts: where each text's tokens start in ``ids`` (K + 1 entries).
        ids: token ids (int64).
        starts / ends: end-exclusive byte spans on the joined texts (int32 when they fit).
        flags: :class:`~core.encodings.encoding.Flag` bits, ``PARTIAL`` included.
    """

    index: TextIndex
    text_cp_starts: np.ndarray
    text_byte_starts: np.ndarray
    token_starts: np.ndarray
    ids: np.ndarray
    starts: np.ndarray
    ends: np.ndarray
    flags: np.ndarray
    joined: JoinedTexts | None = None  # whose stages say when ``index``' tables are built


def exact_spans(texts: Sequence[str], many: NativeMany, vocab: VocabBytes,
                joined: JoinedTexts | None = None) -> ExactSpans:
    """Exact byte spans and flags for every token of every text (see the module's example).

    ``vocab`` gives each id's bytes, to narrow spans several tokens share. ``many``'s flags
    array is reused (``PARTIAL`` is added in place); its spans are copied before any change.
    ``joined``: the texts' :class:`JoinedTexts`, when started before the native encode.
    """
    joined = joined or JoinedTexts(texts, ahead=False)
    index = joined.ready("cp" if many.joined_starts is None and many.in_cp.any() else "bytes")
    cp_starts, byte_offsets = joined.cp_starts, joined.byte_starts
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
    elif many.in_cp.all():  # every text in code points (a normalizing model's): no byte branch
        cp = index.cp_bytes
        cp_shift = np.repeat(cp_starts[:-1], counts)
        starts = cp[np.minimum(many.starts + cp_shift, len(cp) - 1)]
        ends = cp[np.minimum(many.ends + cp_shift, len(cp) - 1)]
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
        refine_overlapping_spans(index.data, starts, ends, ids, vocab, refine)
    if inserted is not None:
        # a post-processor token covers no text: place it where it was inserted
        running_end = np.maximum.accumulate(np.where(inserted, 0, ends))
        place = np.concatenate(([0], running_end[:-1]))
        place = np.maximum(place, text_starts())
        starts[inserted] = place[inserted]
        ends[inserted] = place[inserted]
    if not many.partial:
        flags[index.partial_mask(starts, ends)] |= np.uint8(Flag.PARTIAL)
    return ExactSpans(index, cp_starts, byte_offsets.astype(offset_type), token_offsets, ids,
                      starts, ends, flags, joined)


def _any_bit(flags: np.ndarray, bit: int) -> bool:
    """Whether any flag has ``bit`` set, without a boolean array per token when none has: the
    bitwise OR of all flags is one reduction."""
    return bool(np.bitwise_or.reduce(flags, initial=0) & bit) if len(flags) else False


class JoinedTexts:
    """The texts joined with ``SEPARATOR`` and their index (:func:`_join`), with the index's
    offset tables built ahead in a thread: they depend on the texts alone, so a corpus' tables
    are built while the native library encodes and the numpy passes that follow it run on one
    core (the code point, UTF-16 and grapheme tables of the 11 MB mono corpus: ~0.13 s of
    CPU, a third of the span work after the encode).

    Each stage has an event; whoever reads a table waits for its stage (:meth:`ready`), so a
    table is never built twice. ``cp_tables=False`` leaves the byte-to-code-point tables out
    of the ahead work (a batch whose runtime lays its code point spans never reads them; a
    reader that does builds them when first read). Below ``AHEAD_CHARS`` characters nothing
    is built ahead: the texts are joined when first asked, each table when first read (a
    thread costs more than the tables of a few texts, and most of a few texts' readers want
    one unit).

    >>> joined = JoinedTexts(["a", "é"])
    >>> joined.ready("grapheme").text, joined.byte_starts.tolist()
    ('a\\né', [0, 2, 4])
    """

    STAGES = ("bytes", "cp", "utf16", "grapheme")

    def __init__(self, texts: Sequence[str], *, ahead: bool | None = None,
                 cp_tables: bool = True) -> None:
        self._texts = texts
        self._cp_tables = cp_tables  # False: the batch lays its code point spans itself
        self._done = {stage: threading.Event() for stage in self.STAGES}
        self._error: BaseException | None = None
        if ahead is None:
            ahead = sum(map(len, texts)) >= AHEAD_CHARS
        self._thread = None
        if ahead:
            self._thread = threading.Thread(target=self._build, name="joined-texts", daemon=True)
            self._thread.start()

    def _build(self) -> None:
        try:
            self.index, self.cp_starts, self.byte_starts = _join(self._texts)
            index = self.index
            index.is_cp_boundary
            self._done["bytes"].set()
            if self._cp_tables:
                index._cp_tables, index.cp_bytes
            self._done["cp"].set()
            if self._cp_tables or len(index.astral_cps) > FEW_ASTRAL:
                index.cp_utf16  # (laid spans with few astral characters shift without it)
            self._done["utf16"].set()
            if not index.simple_graphemes:
                index._grapheme_tables
        except BaseException as error:  # raised again on the caller's thread, by ready()
            self._error = error
        finally:
            for done in self._done.values():
                done.set()

    def ready(self, stage: str) -> TextIndex:
        """The index, once the tables of ``stage`` (``"bytes"``: the joined texts and where
        characters start; ``"cp"``, ``"utf16"``, ``"grapheme"``: each unit's) are built."""
        if self._thread is None:  # few texts: joined here, tables built when first read
            if not hasattr(self, "index"):
                self.index, self.cp_starts, self.byte_starts = _join(self._texts)
            return self.index
        self._done[stage].wait()
        if self._error is not None:
            raise self._error
        return self.index


AHEAD_CHARS = 1 << 16  # texts up to this many characters have their tables built when asked


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


# -- spans several tokens share -------------------------------------------------------------


def refine_overlapping_spans(data: bytes, starts: np.ndarray, ends: np.ndarray, ids: np.ndarray,
                             vocab: VocabBytes, content: np.ndarray) -> None:
    """Narrow coarse spans that several tokens share down to each token's own bytes, in place.

    Runtimes report offsets at character granularity, so two byte-level tokens that split
    ``世`` (E4 B8 | 96) both get the whole character. Tokens whose spans overlap form a run; where
    the run's bytes, laid end to end, match the original bytes, each token gets exactly its own
    bytes; where normalization changed the text (``ﬃ`` -> ``ffi``, ``Ⅳ`` -> ``ⅳ``) the whole run
    keeps its shared spans, which is the honest answer. A leading whitespace token the tokenizer
    made up (the ``▁`` Metaspace / Prepend puts before the first word) stands for no byte of the
    text: it keeps its span and the rest of the run is matched without it.

    >>> vocab = VocabBytes.from_list([b"\\xe4\\xb8", b"\\x96", b"\\xe2", b"\\x85", b"\\xb3"])
    >>> s, e = np.array([0, 0]), np.array([3, 3])
    >>> refine_overlapping_spans("世".encode(), s, e, np.array([0, 1]), vocab, np.ones(2, bool))
    >>> s.tolist(), e.tolist()
    ([0, 2], [2, 3])
    >>> s, e = np.array([0, 0, 0]), np.array([3, 3, 3])  # "Ⅳ" lowercased: E2 85 | B3 (was A3)
    >>> refine_overlapping_spans("Ⅳ".encode(), s, e, np.array([2, 3, 4]), vocab, np.ones(3, bool))
    >>> s.tolist(), e.tolist()
    ([0, 0, 0], [3, 3, 3])
    """
    nonempty = np.flatnonzero(content & (ends > starts))
    if len(nonempty) < 2:
        return
    run_end = np.maximum.accumulate(ends[nonempty])
    joins = starts[nonempty[1:]] < run_end[:-1]  # overlaps a token before it
    if not joins.any():
        return
    run_of = np.cumsum(np.concatenate(([True], ~joins))) - 1  # run number of each token
    shared = np.bincount(run_of)[run_of] > 1
    members, run_of = nonempty[shared], run_of[shared]
    if not len(members):
        return
    heads = _heads(run_of)
    run_index = np.cumsum(np.isin(np.arange(len(members)), heads)) - 1
    # rare: a run led by a made-up whitespace token needs the careful look of _narrow_run
    blank_head = _blank_tokens(*vocab.gather(ids[members[heads]]))
    if blank_head.any():
        bounds = np.append(heads, len(members)).tolist()
        start_list, end_list = starts.tolist(), ends.tolist()
        for k in np.flatnonzero(blank_head).tolist():
            _narrow_run(data, start_list, end_list, lambda i: vocab(ids[i]),
                        members[bounds[k]:bounds[k + 1]].tolist())
        starts[:], ends[:] = start_list, end_list
        keep = ~blank_head[run_index]
        members, run_index = members[keep], run_index[keep]
        heads = _heads(run_index)
    if len(members):
        _lay_runs_end_to_end(data, starts, ends, ids, vocab, members, heads)


def _heads(run_of: np.ndarray) -> np.ndarray:
    """Where each run starts, in a sorted array of run numbers."""
    if not len(run_of):
        return np.zeros(0, dtype=np.int64)
    return np.flatnonzero(np.concatenate(([True], run_of[1:] != run_of[:-1])))


def _blank_tokens(blob: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Per token (bytes laid end to end): non-empty and only ASCII whitespace (as
    ``bytes.strip`` sees it)."""
    space = np.isin(blob, np.frombuffer(b" \t\n\r\x0b\x0c", dtype=np.uint8))
    non_space = np.concatenate(([0], np.cumsum(~space)))
    firsts = np.cumsum(lengths) - lengths
    return (lengths > 0) & (non_space[firsts + lengths] == non_space[firsts])


def _lay_runs_end_to_end(data: bytes, starts: np.ndarray, ends: np.ndarray, ids: np.ndarray,
                         vocab: VocabBytes, members: np.ndarray, heads: np.ndarray) -> None:
    """For runs of overlapping tokens (``members`` in order, runs starting at ``heads``): where
    the tokens' bytes laid end to end from the run's start are exactly the text's bytes, give
    each token its own bytes."""
    bounds = np.append(heads, len(members))
    lo = np.minimum.reduceat(starts[members], heads)
    hi = np.maximum.reduceat(ends[members], heads)
    pieces, lengths = vocab.gather(ids[members])
    run_of = np.repeat(np.arange(len(heads)), np.diff(bounds))
    run_bytes = np.add.reduceat(lengths, heads)
    # each token's place if laid end to end: the run's start plus the bytes before it in the run
    before = np.cumsum(lengths) - lengths
    place = lo[run_of] + before - before[heads][run_of]
    fits = run_bytes == hi - lo
    text = np.frombuffer(data, dtype=np.uint8)
    positions = np.minimum(ragged_positions(place, lengths), max(len(text) - 1, 0))
    differs = (text[positions] != pieces) if len(text) else np.zeros(0, dtype=bool)
    byte_run = np.repeat(run_of, lengths)
    fits &= np.bincount(byte_run[differs], minlength=len(heads)) == 0
    good = fits[run_of]
    starts[members[good]] = place[good]
    ends[members[good]] = (place + lengths)[good]


def _narrow_run(data: bytes, starts: list[int], ends: list[int],
                token_bytes: Callable[[int], bytes], members: list[int]) -> None:
    lo = min(starts[i] for i in members)
    hi = max(ends[i] for i in members)
    pieces = [bytes(token_bytes(i)) for i in members]
    first = pieces[0]
    skip = 1 if first and not first.strip() and data[lo:lo + len(first)] != first else 0
    if data[lo:hi] != b"".join(pieces[skip:]):
        return
    pos = lo
    for i, piece in zip(members[skip:], pieces[skip:]):
        starts[i], ends[i] = pos, pos + len(piece)
        pos += len(piece)
