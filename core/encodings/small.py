"""One small text's Encoding without the array set-up: the GUI's and the CLI's one-off encodes.

:func:`core.encodings.spans.exact_spans` is built for corpora: every text joined, a few dozen numpy passes
over all their tokens. For one short text those passes are nearly all fixed cost (~100–300 µs,
10–60 times the native call). A runtime that can answer a short text in plain Python lists
(:meth:`~core.formats.runtime.Runtime._native_small`) hands a :class:`SmallResult` to
:func:`encode_small`, which does the same steps as ``exact_spans`` for one text — code point
spans to bytes, post-processor tokens placed, partial characters flagged — on the lists, and
makes the arrays once at the end. The Encoding is the one the array path gives (the tests hold
the two paths equal on every runtime family).

Where the tokens' bytes are laid end to end over the text (tiktoken, a byte-level
``tokenizer.json`` on text its normalizer keeps, SentencePiece without normalization), the
runtime hands arrays over instead: one gather of per-id rows (:func:`laid_table`) and one
cumulative sum give the spans in bytes and code points and the PARTIAL flags
(:func:`laid_spans`); on text the normalizer changed, :func:`narrowed_laid_spans` narrows the
tokens sharing a character with the same rows (a ``tokenizer.json`` runtime lays the tokens
over text its normal form changes character for character itself, and hands the spans
over). A handful of array calls a text, where a Python
step per token cost more than the library's own encode.

>>> from core.formats.tiktoken.runtime import TiktokenRuntime
>>> runtime = TiktokenRuntime({"你".encode(): 0, b"a": 1}, pattern=r".", special={})
>>> enc = encode_small(runtime, "你a", SmallResult([0, 1], [0, 1], [1, 2], [0, 0], unit="cp"))
>>> enc.byte_starts.tolist(), enc.byte_ends.tolist(), [a.tolist() for a in enc.spans("cp")]
([0, 3], [3, 4], [[0, 1], [1, 2]])
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from itertools import accumulate
from operator import eq, le, lt, or_, sub

import numpy as np

from .encoding import Encoding, Flag
from .vocab_bytes import VocabBytes
from ..notes import Note
from ..text.graphemes import mark_cluster_tables
from ..text.offsets import TextIndex, Unit, index_dtype

# texts up to this many code points take the small path (past it the arrays cost less than
# the per-token Python work)
SMALL_TEXT = 2048

_INSERTED, _PARTIAL, _SPECIAL = int(Flag.INSERTED), int(Flag.PARTIAL), int(Flag.SPECIAL)
_UNITS = tuple(Unit)  # iterating the enum itself is slow
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # two UTF-16 units each
_CP_DTYPE = index_dtype(4 * SMALL_TEXT + 1)  # the index's tables' dtype for any small text


@dataclass
class SmallResult:
    """One text as the native library encoded it, in Python lists (as
    :class:`~core.encodings.spans.NativeResult` holds it in arrays), or in arrays where the library hands
    the ids over as one (tiktoken) and the spans are exact bytes.

    ``starts``/``ends`` are in ``unit`` (``"bytes"`` or ``"cp"``) on the original text;
    ``flags`` carry SPECIAL / UNK / BYTE_FALLBACK / INSERTED; ``exact``: spans are each token's
    own bytes already (no narrowing can be needed). Arrays are the runtime's own for this
    call: :func:`encode_small` may keep them or change them in place."""

    ids: list[int] | np.ndarray
    starts: list[int] | np.ndarray
    ends: list[int] | np.ndarray
    flags: list[int] | np.ndarray
    unit: str = "bytes"
    exact: bool = True
    warnings: list[Note] = field(default_factory=list)
    pieces: list[str] | None = None
    # the spans are the tokens' own bytes laid end to end from 0 over the whole text, none empty
    # and none inserted (a tiktoken encode): code point spans come from per-id tables
    laid: bool = False
    # code point spans already made with the byte spans (:func:`laid_spans`): ``starts``/``ends``
    # are then the byte spans' arrays (or None: made from these, none partial) and ``flags``
    # carry PARTIAL; no narrowing, no inserted token
    cp_spans: tuple | None = None
    # the runtime's :func:`laid_table`, for code point spans (arrays) of tokens whose bytes spell
    # the text as the normalizer changed it: :func:`narrowed_laid_spans` narrows them in arrays
    table: np.ndarray | None = None


def encode_small(runtime, text: str, small: SmallResult) -> Encoding:
    """The Encoding of ``text`` from ``small``: what :func:`core.encodings.batch.encode_one` makes of the
    same answer, without its array passes.

    The steps on the lists keep their order with the array path's, whose conversion of code
    point offsets to bytes keeps order (offsets past the text clipped to its end first): the
    overlap test and the placing of post-processor tokens come out the same in either unit.
    Byte spans laid end to end over the text (tiktoken's, a byte-level ``tokenizer.json``'s)
    get their code point spans from per-id tables of the vocabulary (:func:`_laid_cp_spans`):
    a few list passes where the text's offset tables took a dozen numpy calls."""
    data = text.encode("utf-8")
    index = TextIndex(text, data)
    if small.cp_spans is not None:
        return _laid_encoding(runtime, text, index, small)
    if small.table is not None:
        narrowed = narrowed_laid_spans(index, small.ids, small.starts, small.ends, small.table,
                                       runtime.vocab_bytes)
        if narrowed is not None:
            byte_spans, cp_spans, partial = narrowed
            return _laid_encoding(runtime, text, index, SmallResult(
                small.ids, *byte_spans, small.flags | partial, "bytes", True, small.warnings,
                laid=True, cp_spans=cp_spans))
    ids, starts, ends, flags = small.ids, small.starts, small.ends, small.flags
    if isinstance(flags, np.ndarray):
        inserted = not small.laid and len(flags) > 0 and int(flags.max()) >= _INSERTED
        if inserted or small.unit == "cp" or not small.exact:  # the steps below take lists
            ids, starts, ends, flags = (a.tolist() for a in (ids, starts, ends, flags))
    in_cp = small.unit == "cp" and not index.ascii
    bound = len(text)
    if in_cp and (max(starts, default=0) > bound or max(ends, default=0) > bound):
        # a span past the text's end is clipped to it, as in exact_spans
        starts = [s if s <= bound else bound for s in starts]
        ends = [e if e <= bound else bound for e in ends]
    if not isinstance(flags, np.ndarray):
        # runtimes set SPECIAL, UNK, BYTE_FALLBACK and INSERTED only: a flag of 16 or more has
        # the last, and max() is one C call where any() is a Python loop
        inserted = max(flags, default=0) >= _INSERTED
    if not small.exact and not _end_to_end(starts, ends):
        narrowed = _narrowed_arrays(index, ids, starts, ends, in_cp,
                                    flags if inserted else None, runtime.vocab_bytes)
        if narrowed is not None:
            starts, ends = narrowed
            in_cp = False
    if inserted:
        starts, ends = _placed(starts, ends, flags)
    laid = None
    if small.laid and not index.ascii and not inserted and len(ids):
        laid = (_laid_cp_arrays if isinstance(ids, np.ndarray) else _laid_cp_spans)(
            runtime.vocab_bytes, len(text), ids)
    if index.ascii:  # bytes, code points and UTF-16 units coincide; so do graphemes but CR LF
        offset_type = index_dtype(len(data))
        byte_spans = (np.asarray(starts, dtype=offset_type), np.asarray(ends, dtype=offset_type))
        spans = dict.fromkeys(_UNITS, byte_spans)
        if "\r\n" in text:
            del spans[Unit.GRAPHEME]
        flag_array = np.array(flags, dtype=np.uint8)
    elif laid is not None:
        cp_spans, partial = laid
        # a runtime's arrays are its own for this text: PARTIAL may be added in place
        flag_array = np.asarray(flags, dtype=np.uint8)
        if partial is not None:
            flag_array[partial] |= np.uint8(_PARTIAL)
        offset_type = index_dtype(len(data))
        byte_spans = (np.asarray(starts, dtype=offset_type), np.asarray(ends, dtype=offset_type))
        spans = _other_units(text, byte_spans, cp_spans)
    else:
        flag_array = np.array(flags, dtype=np.uint8)  # a copy: PARTIAL is added in place
        cp_spans, byte_spans = _both_units(index, starts, ends, in_cp, flag_array)
        spans = _other_units(text, byte_spans, cp_spans)
    id_array = np.asarray(ids, dtype=np.int64)
    pieces = small.pieces if small.pieces is not None else (
        lambda: [runtime.piece(i) for i in id_array.tolist()])
    return Encoding(text, id_array, *byte_spans, flag_array, index, pieces,
                    lambda: [runtime.token_bytes(i) for i in id_array.tolist()],
                    list(small.warnings), spans, runtime.piece, runtime.token_bytes)


def _laid_encoding(runtime, text: str, index: TextIndex, small: SmallResult) -> Encoding:
    """The Encoding of a :func:`laid_spans` answer: every unit's spans are there or follow
    from the code point spans."""
    byte_spans = (small.starts, small.ends)
    if small.starts is None:  # code point spans only: bytes from the text's table
        if index.ascii:
            byte_spans = small.cp_spans
        else:
            table = _char_starts(index.data).astype(index_dtype(len(index.data)))
            byte_spans = (table.take(small.cp_spans[0]), table.take(small.cp_spans[1]))
    if index.ascii:  # bytes, code points and UTF-16 units coincide; so do graphemes but CR LF
        spans = dict.fromkeys(_UNITS, byte_spans)
        if "\r\n" in text:
            del spans[Unit.GRAPHEME]
    else:
        spans = _other_units(text, byte_spans, small.cp_spans)
    id_array = small.ids
    return Encoding(text, id_array, *byte_spans, small.flags, index,
                    lambda: [runtime.piece(i) for i in id_array.tolist()],
                    lambda: [runtime.token_bytes(i) for i in id_array.tolist()],
                    small.warnings, spans, runtime.piece, runtime.token_bytes)


def _char_starts(data: bytes) -> np.ndarray:
    """Where each character of ``data`` (UTF-8) starts, and its end: the text index's
    ``cp_bytes``, in three array calls (a byte below -64 as int8 is a continuation byte; a NUL
    put after the text is one more start, its end) where the index's cached tables take six.

    >>> _char_starts("a世b".encode()).tolist()
    [0, 1, 4, 5]
    """
    return np.flatnonzero(np.frombuffer(data + b"\0", dtype=np.int8) >= -64)


def laid_table(lengths: np.ndarray, leads: np.ndarray, inside: np.ndarray) -> np.ndarray:
    """Per id, in five int32 rows: its byte length, the characters that start in its bytes
    (``leads``), PARTIAL (8) where it starts inside a character (``inside``), and again its
    byte length and its characters plus 1 where it starts inside one. One gather of a text's
    ids (:func:`laid_spans`) then gives every per-token number the spans of both units need.
    (:attr:`VocabBytes.utf8_arrays` are ``leads`` and ``inside`` of a vocabulary.)

    >>> vocab = VocabBytes.from_list([b"a", "世".encode()[:2], "世".encode()[2:]])
    >>> laid_table(np.array([1, 2, 1]), *vocab.utf8_arrays).tolist()
    [[1, 2, 1], [1, 1, 0], [0, 0, 8], [1, 2, 1], [1, 1, 1]]
    """
    inside = inside.astype(np.int32)
    return np.stack([lengths, leads, inside * _PARTIAL, lengths, leads + inside]).astype(np.int32)


def laid_spans(table: np.ndarray, ids: np.ndarray, text: str, size: int, prefix: int = 0):
    """Byte spans, code point spans (widened outward to whole characters) and PARTIAL flags
    (uint8) of tokens laid end to end over ``text`` of ``size`` UTF-8 bytes
    (:attr:`SmallResult.laid`), from :func:`laid_table` in a few array calls; None where the
    tokens' bytes and characters do not add up to the text's. ``prefix``: the tokens may spell
    one made-up ASCII character in front of the text (a SentencePiece dummy prefix); its
    spans are then cut off at 0, as the list path cuts them.
    As :func:`_laid_cp_spans`: a token's code point end counts the characters started before
    its byte end; its start is its end less its own characters, less one more where it starts
    inside a character; it is partial where it or the next token starts inside one.
    (``np.add.accumulate``, not ``np.cumsum``: the wrapper's dispatch cost as much as the sum.)

    >>> vocab = VocabBytes.from_list([b"a", "世".encode()[:2], "世".encode()[2:], b" "])
    >>> table = laid_table(vocab.all_lengths, *vocab.utf8_arrays)
    >>> b, c, f = laid_spans(table, np.array([0, 1, 2]), "a世", 4)
    >>> [a.tolist() for a in b], [a.tolist() for a in c], f.tolist()
    ([[0, 1, 3], [1, 3, 4]], [[0, 1, 1], [1, 2, 2]], [0, 8, 8])
    >>> [a.tolist() for a in laid_spans(table, np.array([3, 0]), "a", 1, prefix=1)[1]]
    [[0, 0], [0, 1]]
    """
    if not len(ids):
        empty = np.zeros(0, dtype=np.int32)
        return (empty, empty), (empty, empty), np.zeros(0, dtype=np.uint8)
    if size == len(text) and not prefix:  # ASCII: one character per byte, none inside another
        lengths = table[0].take(ids)
        ends = _accumulate(lengths, dtype=np.int32)
        if int(ends[-1]) != size:
            return None
        spans = (ends - lengths, ends)
        return spans, spans, np.zeros(len(ids), dtype=np.uint8)
    rows = table.take(ids, axis=1)
    ends = _accumulate(rows[:3], axis=1, dtype=np.int32)  # bytes, characters, PARTIAL starts
    total_bytes, total_chars, partial_starts = ends[:, -1].tolist()  # one call, not three
    extra = total_bytes - size
    if extra != total_chars - len(text) or not (extra == 0 or extra == prefix):
        return None
    starts = ends[:2] - rows[3:]
    if extra:  # the made-up character is no part of the text: spans start at 0 at the least
        ends[:2] -= extra
        starts -= extra
        np.maximum(starts, 0, out=starts)
        np.maximum(ends[:2], 0, out=ends[:2])
    if partial_starts:
        inside = rows[2]
        partial = inside.copy()
        partial[:-1] |= inside[1:]
        flags = partial.astype(np.uint8)
    else:
        flags = np.zeros(len(ids), dtype=np.uint8)
    return (starts[0], ends[0]), (starts[1], ends[1]), flags


_accumulate = np.add.accumulate


def _other_units(text: str, byte_spans: tuple, cp_spans: tuple) -> dict:
    """The spans known without the text's offset tables: bytes and code points, UTF-16 units
    where no character takes two, graphemes where only marks join code points in a cluster
    (:func:`~core.text.graphemes.mark_cluster_tables`; the others are derived from the code
    point spans when first read)."""
    spans = {Unit.BYTES: byte_spans, Unit.CP: cp_spans}
    if _ASTRAL.search(text) is None:  # no surrogate pairs: UTF-16 units are code points
        spans[Unit.UTF16] = cp_spans
    tables = mark_cluster_tables(text)
    if tables == ():  # every code point its own cluster
        spans[Unit.GRAPHEME] = cp_spans
    elif tables is not None:
        floor, ceil = tables
        spans[Unit.GRAPHEME] = (floor.take(cp_spans[0]), ceil.take(cp_spans[1]))
    return spans


def _laid_cp_spans(vocab: VocabBytes, size: int, ids: list[int]):
    """Code point spans (widened outward to whole characters, as
    :meth:`~core.text.offsets.TextIndex.cp_spans` widens them) of a few tokens laid end to end
    over a text of ``size`` code points (:attr:`SmallResult.laid`), and which tokens cut a
    character (None when none does); None where the vocabulary's arrays are not built yet (a
    one-off encode does not start that) or the tokens do not spell the text.

    A token's code point end is the number of characters starting before its byte end (the
    vocabulary's per-id count of non-continuation bytes, summed); its start is the same count
    before its byte start, less one where its first byte is a continuation byte (it starts
    inside a character, so the character it is in started one earlier). Its end cuts a
    character when the next token starts inside one.

    >>> vocab = VocabBytes.from_list([b"a", "世".encode()[:2], "世".encode()[2:]])
    >>> [a.tolist() for a in _laid_cp_spans(vocab, 2, [0, 1, 2])[0]], _laid_cp_spans(vocab, 2, [0, 1, 2])[1]
    ([[0, 1, 1], [1, 2, 2]], [False, True, True])
    """
    if not vocab.built:
        return None
    leads, inside, _ = vocab.utf8_tables
    try:  # a runtime's ids are never negative; one past the vocabulary has no bytes
        cp_ends = list(accumulate(map(leads.__getitem__, ids)))
    except IndexError:
        return None
    if cp_ends[-1] != size:
        return None  # the tokens' bytes are not the text's
    cp_starts = [0, *cp_ends[:-1]]
    firsts = list(map(inside.__getitem__, ids))
    partial = None
    if True in firsts:
        cp_starts = list(map(sub, cp_starts, firsts))
        partial = list(map(or_, firsts, [*firsts[1:], False]))
    cp_dtype = _CP_DTYPE
    return (np.array(cp_starts, dtype=cp_dtype), np.array(cp_ends, dtype=cp_dtype)), partial


def _laid_cp_arrays(vocab: VocabBytes, size: int, ids: np.ndarray):
    """:func:`_laid_cp_spans` of more tokens, with gathers from the per-id arrays (a fixed
    handful of numpy calls, where the lists take a step per token)."""
    if not vocab.built:  # (a runtime's ids are within its vocabulary)
        return None
    leads, inside = vocab.utf8_arrays
    lead = leads[ids]
    cp_ends = np.cumsum(lead, dtype=_CP_DTYPE)
    if int(cp_ends[-1]) != size:
        return None
    cp_starts = cp_ends - lead
    firsts = inside[ids]
    partial = None
    if firsts.any():
        cp_starts -= firsts
        partial = firsts.copy()
        partial[:-1] |= firsts[1:]
    return (cp_starts, cp_ends), partial


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
    byte_spans = (np.asarray(starts, dtype=offset_type), np.asarray(ends, dtype=offset_type))
    cp_starts, cp_ends, partial = index.cp_spans(*byte_spans)
    flags[partial] |= np.uint8(_PARTIAL)
    return (cp_starts, cp_ends), byte_spans


def narrowed_laid_spans(index: TextIndex, ids: np.ndarray, cp_starts: np.ndarray,
                        cp_ends: np.ndarray, table: np.ndarray, vocab: VocabBytes):
    """Byte spans, code point spans and PARTIAL flags (int32, int32, uint8 arrays) of tokens
    with the code point spans a byte-level tokenizer's offsets give on a text its normalizer
    changed (a character split between tokens: each its whole span), narrowed as
    :func:`_shared_runs` and :func:`_narrowed` narrow them and converted as the text index
    converts them, in a fixed number of array calls: a run of tokens sharing spans whose bytes
    are the text's gets its tokens' own spans, in both units, from the :func:`laid_table` rows
    (shifted to where the run starts); every other token keeps the library's span (whole
    characters: no PARTIAL). None where the readable way must decide (an empty span, a span
    past the text, a run led by a whitespace token the tokenizer may have made up).

    >>> vocab = VocabBytes.from_list([b"a", "世".encode()[:2], "世".encode()[2:]])
    >>> table = laid_table(vocab.all_lengths, *vocab.utf8_arrays)
    >>> b, c, f = narrowed_laid_spans(TextIndex("a世"), np.array([0, 1, 2]), np.array([0, 1, 1]),
    ...                               np.array([1, 2, 2]), table, vocab)
    >>> [a.tolist() for a in b], [a.tolist() for a in c], f.tolist()
    ([[0, 1, 3], [1, 3, 4]], [[0, 1, 1], [1, 2, 2]], [0, 8, 8])
    """
    count = len(ids)
    token_list = vocab.token_list
    if (not count or int(cp_ends.max()) > len(index.text)
            or np.count_nonzero(cp_starts >= cp_ends) or int(ids.max()) >= len(token_list)):
        return None
    if index.ascii:
        byte_starts, byte_ends = cp_starts, cp_ends
    else:
        positions = _char_starts(index.data)
        byte_starts, byte_ends = positions.take(cp_starts), positions.take(cp_ends)
    # a token joins the run before it when it starts before the furthest end so far
    new = np.empty(count, dtype=bool)
    new[0] = True
    np.greater_equal(byte_starts[1:], np.maximum.accumulate(byte_ends)[:-1], out=new[1:])
    groups = np.flatnonzero(new)
    int32 = np.int32
    if len(groups) < count:
        nexts = np.empty_like(groups)
        nexts[:-1] = groups[1:]
        nexts[-1] = count
        several = np.flatnonzero(nexts - groups > 1)
        heads, lasts = groups.take(several), nexts.take(several) - 1
        if any(bool(p) and not p.strip() for p in map(token_list.__getitem__,
                                                       ids.take(heads).tolist())):
            return None
        lows = np.minimum.reduceat(byte_starts, groups).take(several)
        highs = np.maximum.reduceat(byte_ends, groups).take(several)
        rows = table.take(ids, axis=1)
        laid_ends = _accumulate(rows[:3], axis=1, dtype=int32)  # over the tokens' own bytes
        laid_starts = laid_ends[:2] - rows[3:]
        pieces = b"".join(map(token_list.__getitem__, ids.tolist()))
        data = index.data
        ok = list(map(eq, map(data.__getitem__, map(slice, lows.tolist(), highs.tolist())),
                      map(pieces.__getitem__, map(slice, laid_starts[0].take(heads).tolist(),
                                                  laid_ends[0].take(lasts).tolist()))))
        if True in ok:
            good = np.zeros(len(groups), dtype=bool)
            good[several[np.array(ok)]] = True
            label = np.add.accumulate(new, dtype=np.intp)
            label -= 1
            mine = good.take(label)
            # where a run that checks out starts, in the text and among the tokens' own bytes
            shift = np.zeros((2, len(groups)), dtype=np.int64)
            shift[0, several] = lows - laid_starts[0].take(heads)
            shift[1, several] = (np.minimum.reduceat(cp_starts, groups).take(several)
                                 - laid_starts[1].take(heads))
            shifts = shift.take(label, axis=1)
            byte_starts = np.where(mine, laid_starts[0] + shifts[0], byte_starts)
            byte_ends = np.where(mine, laid_ends[0] + shifts[0], byte_ends)
            cp_starts = np.where(mine, laid_starts[1] + shifts[1], cp_starts)
            cp_ends = np.where(mine, laid_ends[1] + shifts[1], cp_ends)
            if laid_ends[2, -1]:
                inside = rows[2]
                partial = inside.copy()
                partial[:-1] |= inside[1:]  # (a run that checks out ends on a character)
                partial[~mine] = 0
                return ((byte_starts.astype(int32), byte_ends.astype(int32)),
                        (cp_starts.astype(int32), cp_ends.astype(int32)), partial.astype(np.uint8))
    return ((byte_starts.astype(int32), byte_ends.astype(int32)),
            (cp_starts.astype(int32), cp_ends.astype(int32)), np.zeros(count, dtype=np.uint8))


def _end_to_end(starts: list[int], ends: list[int]) -> bool:
    """Spans laid end to end (none overlaps the next): the common case, tested at C speed."""
    return all(map(le, ends[:-1], starts[1:])) and all(map(le, starts, ends))


def _narrowed_arrays(index: TextIndex, ids: list[int], starts: list[int], ends: list[int],
                     in_cp: bool, flags: list[int] | None, vocab: VocabBytes):
    """:func:`_shared_runs` and :func:`_narrowed` in a fixed number of array calls, with a C-level
    slice comparison per run (a byte-level BPE's text changed by its normalizer has a run per
    character split between tokens: dozens in a line, where the per-token and per-run Python
    steps cost twice the native encode). Byte spans (arrays), or None where no run
    overlaps (the spans stay as they are, in their unit). ``flags``, when some tokens are
    inserted, tell those (no content).

    >>> vocab = VocabBytes.from_list([b"a", "世".encode()[:2], "世".encode()[2:]])
    >>> [a.tolist() for a in _narrowed_arrays(TextIndex("a世"), [0, 1, 2], [0, 1, 1], [1, 2, 2], True, None, vocab)]
    [[0, 1, 3], [1, 3, 4]]
    """
    byte_starts, byte_ends = np.array(starts, dtype=np.int64), np.array(ends, dtype=np.int64)
    if in_cp:  # narrowing compares bytes
        table = index.cp_bytes
        byte_starts, byte_ends = table.take(byte_starts), table.take(byte_ends)
    token_ids = np.array(ids, dtype=np.int64)
    if flags is None and all(map(lt, starts, ends)):  # every token has text (the common case)
        where, first, last = None, byte_starts, byte_ends
    else:
        content = byte_ends > byte_starts
        if flags is not None:
            content &= (np.array(flags) & _INSERTED) == 0
        where = np.flatnonzero(content)
        first, last, token_ids = byte_starts[where], byte_ends[where], token_ids[where]
    count = len(first)
    if count < 2:
        return None
    # a content token joins the run before it when it starts before the furthest end so far
    new = np.empty(count, dtype=bool)
    new[0] = True
    np.greater_equal(first[1:], np.maximum.accumulate(last)[:-1], out=new[1:])
    groups = np.flatnonzero(new)
    if len(groups) == count:
        return None
    token_list = vocab.token_list
    lengths = vocab.all_lengths
    if (int(token_ids.min()) < 0 or int(token_ids.max()) >= len(token_list)
            or vocab.utf8_tables[2]):  # an id without bytes: the readable way
        return _narrowed_lists(index.data, ids, byte_starts, byte_ends, where, groups, count,
                               token_list)
    lengths = lengths.take(token_ids)
    position = np.zeros(count + 1, dtype=np.int64)
    np.add.accumulate(lengths, out=position[1:])
    nexts = np.empty_like(groups)
    nexts[:-1] = groups[1:]
    nexts[-1] = count
    several = np.flatnonzero(nexts - groups > 1)
    heads, tails = groups.take(several), nexts.take(several)
    lows = np.minimum.reduceat(first, groups).take(several)
    highs = np.maximum.reduceat(last, groups).take(several)
    pieces = b"".join(map(token_list.__getitem__, token_ids.tolist()))
    data = index.data
    ok = list(map(eq, map(data.__getitem__, map(slice, lows.tolist(), highs.tolist())),
                  map(pieces.__getitem__, map(slice, position.take(heads).tolist(),
                                              position.take(tails).tolist()))))
    # a run whose first token is whitespace only may have it made up by the tokenizer (not in
    # the text): those few take the readable way (the check above is theirs without it)
    heads_list = heads.tolist()
    blank = [bool(p) and not p.strip() for p in map(token_list.__getitem__,
                                                     token_ids.take(heads).tolist())]
    if True in blank:
        odd = [k for k, b in enumerate(blank) if b]
        _narrow_odd_runs(data, ids, byte_starts, byte_ends, where,
                         [(heads_list[k], int(tails[k])) for k in odd], token_list)
        for k in odd:
            ok[k] = False
    if True in ok:
        # each content token's run (its group's number), and whether that run checks out
        label = np.add.accumulate(new, dtype=np.intp) - 1
        good = np.zeros(len(groups), dtype=bool)
        good[several[np.array(ok)]] = True
        mine = good.take(label)
        # a member's own bytes, laid from its run's low end
        low_of = np.zeros(len(groups), dtype=np.int64)
        low_of[several] = lows - position.take(heads)
        placed = (low_of.take(label) + position[:-1])[mine]
        at = np.flatnonzero(mine) if where is None else where[mine]
        byte_starts[at] = placed
        byte_ends[at] = placed + lengths[mine]
    return byte_starts, byte_ends


def _narrow_odd_runs(data: bytes, ids: list[int], byte_starts: np.ndarray, byte_ends: np.ndarray,
                     where, runs: list[tuple[int, int]], token_list: list[bytes]) -> None:
    """:func:`_narrowed` of some runs (content token ranges ``[head, tail)``), in place."""
    members = [list(range(h, t)) if where is None else where[h:t].tolist() for h, t in runs]
    new_starts, new_ends = _narrowed(data, ids, byte_starts.tolist(), byte_ends.tolist(),
                                     members, token_list)
    for run in members:
        byte_starts[run] = [new_starts[i] for i in run]
        byte_ends[run] = [new_ends[i] for i in run]


def _narrowed_lists(data: bytes, ids: list[int], byte_starts: np.ndarray, byte_ends: np.ndarray,
                    where, groups: np.ndarray, count: int, token_list: list[bytes]):
    """:func:`_narrowed` of every run of several content tokens (groups start at ``groups``)."""
    bounds = [*groups.tolist(), count]
    runs = [(h, t) for h, t in zip(bounds[:-1], bounds[1:]) if t - h > 1]
    _narrow_odd_runs(data, ids, byte_starts, byte_ends, where, runs, token_list)
    return byte_starts, byte_ends


def _shared_runs(starts: list[int], ends: list[int], flags: list[int] | None) -> list[list[int]]:
    """The runs of content tokens (with text; ``flags``, when some tokens are inserted, tell
    those, which are no content) whose spans overlap: what ``refine_overlapping_spans``
    narrows. Spans in code points or bytes alike (the conversion keeps their order)."""
    if all(map(le, ends[:-1], starts[1:])) and all(map(le, starts, ends)):
        return []  # laid end to end: the common case, tested at C speed
    runs, run, reach = [], [], None
    for i, (start, end) in enumerate(zip(starts, ends)):
        if end <= start or (flags is not None and flags[i] & _INSERTED):
            continue
        if reach is not None and start < reach:
            run.append(i)
        else:
            if len(run) > 1:
                runs.append(run)
            run = [i]
        if reach is None or end > reach:
            reach = end
    if len(run) > 1:
        runs.append(run)
    return runs


def _narrowed(data: bytes, ids: list[int], starts: list[int], ends: list[int],
              runs: list[list[int]], token_bytes: list[bytes]) -> tuple[list, list]:
    """:func:`core.encodings.spans.refine_overlapping_spans` of one text's lists (byte spans): each run
    gets its tokens' own bytes where those, laid end to end from the run's start, are the
    text's bytes (a leading whitespace token the tokenizer made up is left out of the run when
    the text does not have it); other runs keep their shared spans."""
    starts, ends = list(starts), list(ends)
    size = len(token_bytes)
    for run in runs:
        low, high = min(map(starts.__getitem__, run)), max(map(ends.__getitem__, run))
        pieces = [token_bytes[ids[i]] if 0 <= ids[i] < size else b"" for i in run]
        first = pieces[0]
        skip = 1 if first and not first.strip() and data[low:low + len(first)] != first else 0
        if data[low:high] != b"".join(pieces[skip:]):
            continue  # normalization changed these bytes: the run keeps its shared spans
        position = low
        for i, piece in zip(run[skip:], pieces[skip:]):
            starts[i] = position
            position += len(piece)
            ends[i] = position
    return starts, ends


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
