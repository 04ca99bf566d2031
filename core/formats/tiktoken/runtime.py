"""tiktoken rank files (``base64-token rank`` per line) on the ``tiktoken`` runtime.

Byte spans are exact by construction: a tiktoken encoding's token bytes concatenate to the
(normalized) text, so spans are a cumulative sum of token lengths, done with numpy.
"""

from __future__ import annotations

import base64
import binascii
import re
import sys
import threading
import unicodedata
from dataclasses import dataclass
from functools import cached_property
from itertools import accumulate
from pathlib import Path
from typing import Callable, Sequence

import numpy as np
import tiktoken

from ...collector import collector_paused
from ...encodings.ids_only import IdsBatch
from ...encodings.spans import NativeMany, NativeResult, spelled_joined_spans
from ...encodings.encoding import Encoding, Flag
from ...errors import FormatError
from ...notes import Note, note
from ...pipeline.normalizers import normalize_aligned
from ...pipeline.pretokens import ModelView, PreToken, char_to_byte_offsets, cut_literals
from .presets import TiktokenPreset, guess_preset, preset as find_preset, specials_fit
from ...encodings.small import (SMALL_TEXT, SmallResult, laid_spans, laid_table,
                                lengths_end_to_end)
from ...pipeline.special import SpecialToken, guess_role, parses
from ...text.graphemes import lone_code_points, mark_joins
from ...text.offsets import TextIndex, Unit, check_encodable, index_dtype, visible_bytes
from ...encodings.vocab_bytes import VocabBytes
from ...pipeline.postprocess import Template, bos_eos_template, plain_template
from ..runtime import (PreTokenizerPart, Runtime, Stage, StreamTraits, in_chunks,
                   native_threads, special_literal_notes)

_PARTIAL_SHIFT = int(Flag.PARTIAL).bit_length() - 1  # PARTIAL (8) >> 3 == 1


def parse_rank_file(data: bytes, path: object = None, *,
                    notes: list[Note] | None = None) -> dict[bytes, int]:
    """Parse a tiktoken rank file, naming the line of any problem.

    Every file ``tiktoken.load.load_tiktoken_bpe`` reads gives the same ranks here: tokens are
    decoded as it decodes them (``base64.b64decode`` without validation, so a bare ``=`` is the
    empty token Whisper's ``multilingual.tiktoken`` has), and a token listed twice keeps its
    later rank (said in ``notes``, when given). A rank listed twice is refused: tiktoken's
    encoder refuses it too.

    >>> parse_rank_file(b"IQ== 0\\nIg== 1\\n= 2\\n")
    {b'!': 0, b'"': 1, b'': 2}
    """
    ranks: dict[bytes, int] = {}
    seen_ranks: dict[int, int] = {}
    for number, line in enumerate(data.splitlines(), start=1):
        if not line.strip():
            continue
        parts = line.split()
        if len(parts) != 2:
            raise FormatError.of(note("tiktoken.line_shape"), path=path, line=number)
        try:
            token = base64.b64decode(parts[0])
        except (binascii.Error, ValueError):
            raise FormatError.of(note("tiktoken.bad_base64", token=parts[0][:40]), path=path,
                                 line=number) from None
        try:
            rank = int(parts[1])
        except ValueError:
            raise FormatError.of(note("tiktoken.rank_not_integer", rank=parts[1][:20]),
                                 path=path, line=number) from None
        if rank in seen_ranks:
            raise FormatError.of(note("tiktoken.rank_repeated", rank=rank,
                                      first=seen_ranks[rank]), path=path, line=number)
        if token in ranks and notes is not None:
            notes.append(note("tiktoken.token_repeated", line=number, token=repr(token),
                              before=ranks[token], rank=rank))
        ranks[token] = rank  # as tiktoken's loader: a repeated token keeps its later rank
        seen_ranks[rank] = number
    if not ranks:
        raise FormatError.of(note("tiktoken.no_tokens"), path=path)
    return ranks


@dataclass(frozen=True)
class RankFile:
    """A parsed rank file: its ranks, and what parsing noticed (read once; the GUI reads it
    before loading, to know whether a preset fits).

    >>> RankFile.parse(b"IQ== 0\\n").ranks
    {b'!': 0}
    """

    ranks: dict[bytes, int]
    notes: tuple[Note, ...] = ()

    @classmethod
    def parse(cls, data: bytes, path: object = None) -> "RankFile":
        notes: list[Note] = []
        return cls(parse_rank_file(data, path, notes=notes), tuple(notes))

    @classmethod
    def read(cls, path: str | Path) -> "RankFile":
        return cls.parse(Path(path).read_bytes(), path)



# characters up to which a one-off encode takes the library's list of ids (past it, its numpy
# buffer: the lists' per-token cost passes the buffer's fixed cost of a few array calls)
SHORT_ONE_OFF = 24
_UNITS = tuple(Unit)  # iterating the enum itself is slow
_PLAIN = frozenset()  # no special literal parsed
# characters up to which the direct one-off path takes the library's list of ids (a few dozen
# tokens at most: one array of them costs less than the buffer's wrapping and its cast)
_LISTED = 32
_ASTRAL = re.compile("[\U00010000-\U0010ffff]")  # two UTF-16 units each
# an int32 view of an int64 array: where its low and its high halves are
_LOW, _HIGH = (0, 1) if sys.byteorder == "little" else (1, 0)
_accumulate = np.add.accumulate  # np.cumsum's wrapper costs as much as the sum on a short text

class TiktokenRuntime(Runtime):
    """A tiktoken rank file with a pre-tokenizer regex and special tokens.

    Args:
        ranks: token bytes -> rank (= id).
        pattern: pre-tokenizer regex; defaults to the preset's.
        special: literal -> id; defaults to the preset's.
        preset: a :class:`TiktokenPreset` (or its name) giving pattern, specials, BOS and
            normalization; guessed from the number of ranks when omitted.
    """

    source_format = "tiktoken"
    library = f"tiktoken {getattr(tiktoken, '__version__', '')}".strip()

    def __init__(self, ranks: dict[bytes, int], *, name: str = "tiktoken",
                 preset: TiktokenPreset | str | None = None, pattern: str | None = None,
                 special: dict[str, int] | None = None, path: object = None) -> None:
        super().__init__()
        if isinstance(preset, str):
            preset = find_preset(preset)
        chosen = preset is not None  # the user's choice, not a guess
        rank_ids = set(ranks.values())
        if preset is None and (pattern is None or special is None):
            preset = guess_preset(len(ranks), rank_ids)
            if preset is None and pattern is None:
                preset = find_preset("cl100k")
                self.notes.append(note("tiktoken.no_preset", ranks=len(ranks)))
        self.preset = preset
        self.name = name
        self.pattern = pattern or preset.pattern
        self.special = dict(special) if special is not None else (
            self._preset_specials(preset, rank_ids, chosen, path) if preset else {})
        self.bos = preset.bos if preset else None
        self.normalization = preset.normalization if preset else None
        self.ranks = ranks
        # tiktoken accepts a special id that is also a rank; spans and flags would then be wrong
        by_id: dict[int, str] = {}
        for literal, token_id in self.special.items():
            if token_id in rank_ids or token_id in by_id:
                raise FormatError.of(
                    note("tiktoken.special_id_taken", literal=literal, id=token_id,
                         other=by_id[token_id]) if token_id in by_id
                    else note("tiktoken.special_id_is_rank", literal=literal, id=token_id),
                    path=path)
            by_id[token_id] = literal
        try:
            self.enc = tiktoken.Encoding(name, pat_str=self.pattern, mergeable_ranks=ranks,
                                         special_tokens=self.special)
        except Exception as err:  # tiktoken reports regex errors and id clashes as ValueError
            raise FormatError.of(note("tiktoken.rejected", said=str(err)), path=path) from None
        size = max(max(ranks.values()), max(self.special.values(), default=-1)) + 1
        self._size = size
        tokens = [b""] * size
        for token, rank in ranks.items():
            tokens[rank] = token
        for literal, token_id in self.special.items():
            tokens[token_id] = literal.encode("utf-8")
        self.vocab_bytes = VocabBytes.from_list(tokens)
        self._lengths = self.vocab_bytes.all_lengths.astype(np.int32)  # half a corpus' traffic
        self._is_special = np.zeros(size, dtype=np.uint8)  # the SPECIAL flag (1) per id
        self._is_special[list(self.special.values())] = Flag.SPECIAL
        if preset:
            if not any(n.code == "tiktoken.specials_moved" for n in self.notes):
                self.notes.append(note("tiktoken.preset", preset=preset.name))
            if preset.normalization:
                self.notes.append(note("tiktoken.preset_normalization", preset=preset.name,
                                       normalization=preset.normalization))
            if preset.bos:
                self.notes.append(note("tiktoken.preset_bos", preset=preset.name, bos=preset.bos))

    def _preset_specials(self, preset: TiktokenPreset, rank_ids: set[int], chosen: bool,
                         path: object) -> dict[str, int]:
        """The preset's special tokens, when none of their IDs is a rank. A chosen preset that
        collides is refused, naming what fits; a guessed one gets them after the last rank."""
        fit = specials_fit(preset, rank_ids)
        if not fit.colliding:
            return preset.special_tokens(len(rank_ids))
        collide = dict(preset=preset.name, count=len(fit.colliding),
                       first=min(fit.colliding.values()), last=max(fit.colliding.values()),
                       last_rank=fit.last_rank)
        if chosen:
            raise FormatError.of(note("tiktoken.specials_refused", start=fit.last_rank + 1,
                                      presets=list(fit.fitting), **collide),
                                 path=path)
        moved = fit.after_ranks.values()
        self.notes.append(note("tiktoken.specials_collide", **collide))
        self.notes.append(note("tiktoken.specials_moved", first=min(moved), last=max(moved)))
        if fit.fitting:
            self.notes.append(note("tiktoken.presets_fit", presets=list(fit.fitting)))
        return dict(fit.after_ranks)

    # -- Runtime -------------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        return self._size

    def token_bytes(self, token_id: int) -> bytes:
        return self.vocab_bytes(token_id)

    def piece(self, token_id: int) -> str:
        return visible_bytes(self.token_bytes(token_id), show_invisibles=False)

    def _list_special_tokens(self) -> list[SpecialToken]:
        return [SpecialToken(s, i, "special", guess_role(s)) for s, i in sorted(
            self.special.items(), key=lambda kv: kv[1])]

    def decode(self, ids: Sequence[int]) -> str:
        return self.enc.decode([int(i) for i in ids])

    def encode(self, text: str, *, add_special_tokens: bool = True,
               parse_special: bool = False, allowed_special=None) -> Encoding:
        """:meth:`Runtime.encode`; a short text read as plain text (the GUI's and the CLI's
        one-off encodes: no literal parsed, no BOS added, no normalizing preset) goes straight
        to its Encoding (:meth:`_laid_encoding`), without the generic small path's steps."""
        if (parse_special is False and allowed_special is None and len(text) <= SMALL_TEXT
                and self._lays_text and not (add_special_tokens and self.bos)):
            encoding = self._laid_encoding(text)
            if encoding is not None:
                return encoding
        return super().encode(text, add_special_tokens=add_special_tokens,
                              parse_special=parse_special, allowed_special=allowed_special)

    @cached_property
    def _lays_text(self) -> bool:
        """The tokens' bytes are the text's as it is (no normalizing preset) and the library's
        buffer of ids is at hand: :meth:`_laid_encoding` can answer."""
        return not self.normalization and self._buffer_of is not None

    def _laid_encoding(self, text: str) -> Encoding | None:
        """The Encoding :func:`~core.encodings.small.encode_small` makes of :meth:`_native_small`'s
        answer for a short text read as plain text, made here in one go (the SmallResult, the
        call layers and the generic checks cost ~3 µs a line, a third of the library's encode).
        The ids are the library's buffer; an ASCII text's spans in every unit are one cumulative
        sum of the tokens' lengths (graphemes too but for CR LF); other texts get bytes, code
        points and PARTIAL from :func:`~core.encodings.small.laid_spans`, and where one regex
        search finds no character that joins a neighbour and none past the BMP
        (:func:`~core.text.graphemes.lone_code_points`), UTF-16 units and graphemes are the code
        points. None where the readable path must answer (a lone surrogate, which it names; an
        empty text)."""
        try:
            data = text.encode("utf-8")
        except UnicodeEncodeError:
            return None
        size = len(data)
        if not size:
            return None
        few = self._few_literals
        warnings = []
        if few is None or True in map(text.__contains__, few):
            literals = self._special_literals.find(text)
            if literals:
                warnings = special_literal_notes(literals, False)
        if len(text) <= _LISTED:  # a few tokens: the library's list in one int64 array
            ids = np.array(self.enc.encode_ordinary(text), dtype=np.int64)
        else:  # the library's buffer (no Python int per token), widened before the gathers
            # (an int64 index is taken as it is; a uint32 one is cast by each gather)
            ids = np.frombuffer(self._buffer_of(text, _PLAIN), dtype=np.uint32).astype(np.int64)
        if size == len(text):  # ASCII: one character per byte
            lengths = self._lengths.take(ids)
            ends = _accumulate(lengths, dtype=np.int32)
            if int(ends[-1]) != size:
                return None
            byte_spans = (ends - lengths, ends)
            units = dict.fromkeys(_UNITS, byte_spans)
            if "\r\n" in text:  # one grapheme of two code points: the text index's tables
                del units[Unit.GRAPHEME]
            flags = np.zeros(len(ids), dtype=np.uint8)
        else:
            # one gather and one running sum give every start and end of both units: each
            # token's pair of packed numbers (bytes in the low half, characters in the high
            # half of an int64; no carry: a short text has far fewer than 2**31 bytes) first
            # steps back one character where it starts inside one (its start), then on by
            # its bytes and the characters it reaches into (its end)
            steps, partial = self._packed_steps
            sums = _accumulate(steps.take(ids, axis=0).reshape(-1))
            if sums.item(-1) != size | len(text) << 32:
                return None  # the tokens' bytes are not the text's
            halves = sums.view(np.int32)  # per token: start (bytes, chars), end (bytes, chars)
            byte_spans = (halves[_LOW::4], halves[2 + _LOW::4])
            cp_spans = (halves[_HIGH::4], halves[2 + _HIGH::4])
            # PARTIAL where a token starts or ends inside a character (per id: the tokens'
            # bytes are the text's, so a token ends inside one where the next starts inside it)
            flags = partial.take(ids)
            if lone_code_points(text):
                units = {Unit.BYTES: byte_spans, Unit.CP: cp_spans, Unit.UTF16: cp_spans,
                         Unit.GRAPHEME: cp_spans}
            else:
                units = _marked_units(text, byte_spans, cp_spans)
        piece, token_bytes = self.piece, self.token_bytes
        return Encoding(text, ids, *byte_spans, flags, TextIndex(text, data),
                        lambda: [piece(i) for i in ids.tolist()],
                        lambda: [token_bytes(i) for i in ids.tolist()],
                        warnings, units, piece, token_bytes)

    def _native(self, text: str, add_special_tokens: bool, parse_special: bool) -> NativeResult:
        warnings = self._prepare(text, parse_special)
        work, alignment = text, None
        if self.normalization:
            work, alignment = normalize_aligned(text, self.normalization)
        if parse_special:  # True, or the set of literals allowed: tiktoken's own choice
            allowed = parse_special if isinstance(parse_special, frozenset) else "all"
            ids = self.enc.encode(work, allowed_special=allowed, disallowed_special=())
        else:
            ids = self.enc.encode_ordinary(work)
        content = np.asarray(ids, dtype=np.int64)
        # a tiktoken encoding's token bytes are the text's bytes, in order: spans are a cumsum
        ends = np.cumsum(self._lengths[content])
        starts = ends - self._lengths[content]
        if alignment is not None:
            starts, ends = alignment.to_original_bytes(starts, ends)
        flags = self._is_special[content]
        if add_special_tokens and self.bos:
            content = np.concatenate(([self.special[self.bos]], content))
            starts = np.concatenate(([0], starts))
            ends = np.concatenate(([0], ends))
            flags = np.concatenate(([Flag.SPECIAL | Flag.INSERTED], flags)).astype(np.uint8)
        return NativeResult(content, starts, ends, flags, "bytes", exact=alignment is None,
                            warnings=warnings)

    def _native_small(self, text: str, add_special_tokens: bool,
                      parse_special: bool) -> SmallResult | None:
        """:meth:`_native` in Python lists (with a normalizing preset, for a text already in its
        normal form only): the library's list of ids as it comes, and the spans laid end to end
        from the tokens' lengths (a numpy buffer per text and five array calls on it cost
        more than the whole encode of a short text)."""
        if self.normalization and not unicodedata.is_normalized(self.normalization, text):
            return None
        if len(text) > SHORT_ONE_OFF:  # the library's own buffer: no Python int per token
            # _prepare's checks, inline: the text's UTF-8 fails exactly where a surrogate is
            # (then check_encodable names it); notes only where a literal is found
            try:
                size = len(text.encode("utf-8"))
            except UnicodeEncodeError:
                check_encodable(text)
                raise
            literals = self._special_literals.find(text)
            warnings = special_literal_notes(literals, parse_special) if literals else []
            allowed = (parse_special if isinstance(parse_special, frozenset)
                       else self.enc.special_tokens_set if parse_special else frozenset())
            return self._native_small_arrays(text, add_special_tokens, allowed, warnings, size)
        warnings = self._prepare(text, parse_special)
        allowed = (parse_special if isinstance(parse_special, frozenset)
                   else "all" if parse_special else frozenset())
        if parse_special:  # True, or the set of literals allowed: tiktoken's own choice
            ids = self.enc.encode(text, allowed_special=allowed, disallowed_special=())
            flags = list(map(self._special_flags.__getitem__, ids))
        else:
            ids = self.enc.encode_ordinary(text)  # ranks only: no special id, no flag
            flags = [0] * len(ids)
        starts, ends = lengths_end_to_end(list(map(self._length_list.__getitem__, ids)))
        if add_special_tokens and self.bos:
            ids = [self.special[self.bos], *ids]
            starts, ends = [0, *starts], [0, *ends]
            flags = [int(Flag.SPECIAL | Flag.INSERTED), *flags]
        # where the preset normalizes, _native's spans went through an alignment: not exact
        return SmallResult(ids, starts, ends, flags, "bytes", not self.normalization, warnings,
                           laid=not self.normalization and not (add_special_tokens and self.bos))

    def _native_small_arrays(self, text: str, add_special_tokens: bool, allowed,
                             warnings: list[Note], size: int) -> SmallResult:
        """:meth:`_native_small` of a longer text, in arrays: the ids as the library's numpy
        buffer; where the tokens are laid over the text as it is (no normalizing preset, no
        BOS), the spans of bytes and code points and the PARTIAL flags in one gather of
        :attr:`_laid_table` and one cumulative sum (:func:`laid_spans`), else spans a
        cumulative sum of the tokens' lengths. ``allowed``: the set of special literals the
        library parses; ``size``: the text's UTF-8 bytes."""
        ids = self._encode_to_array(text, allowed)
        if not self.normalization and not (add_special_tokens and self.bos):
            laid = laid_spans(self._laid_table, ids, text, size)
            if laid is not None:
                byte_spans, cp_spans, flags = laid
                if allowed:
                    flags |= self._is_special[ids]
                return SmallResult(ids.astype(np.int64), *byte_spans, flags, "bytes", True,
                                   warnings, laid=True, cp_spans=cp_spans)
        lengths = self._lengths[ids]
        # int32 offsets: the small path's own (a short text is far below 2**31 bytes)
        ends = np.cumsum(lengths, dtype=np.int32)
        starts = ends - lengths
        flags = self._is_special[ids]
        ids = ids.astype(np.int64)
        if add_special_tokens and self.bos:
            ids = np.concatenate(([self.special[self.bos]], ids))
            starts, ends = np.concatenate(([0], starts)), np.concatenate(([0], ends))
            flags = np.concatenate(([Flag.SPECIAL | Flag.INSERTED], flags)).astype(np.uint8)
        return SmallResult(ids, starts, ends, flags, "bytes", not self.normalization, warnings,
                           laid=not self.normalization and not (add_special_tokens and self.bos))

    def _encode_to_array(self, text: str, allowed) -> np.ndarray:
        """tiktoken's ``encode_to_numpy(text, allowed_special=allowed, disallowed_special=())``
        without its wrapper (its keyword handling and import cost ~1 µs, a tenth of the call on
        a line): the library's buffer of ids as uint32."""
        buffer_of = self._buffer_of
        if buffer_of is None:
            return self.enc.encode_to_numpy(text, allowed_special=allowed, disallowed_special=())
        return np.frombuffer(buffer_of(text, allowed), dtype=np.uint32)

    @cached_property
    def _buffer_of(self):
        """The library's own ``encode_to_tiktoken_buffer``, where this tiktoken has it."""
        return getattr(getattr(self.enc, "_core_bpe", None), "encode_to_tiktoken_buffer", None)

    @cached_property
    def _laid_table(self) -> np.ndarray:
        """Per id, the five rows :func:`~core.encodings.small.laid_spans` gathers (made once)."""
        return laid_table(self._lengths, *self.vocab_bytes.utf8_arrays)

    @cached_property
    def _packed_steps(self) -> tuple[np.ndarray, np.ndarray]:
        """Per id, for :meth:`_laid_encoding`, two int64 steps of a running sum over a short
        text's tokens (bytes in the low 32 bits, characters in the high 32): to its start, one
        character back where it starts inside one; to its end, its bytes and one character
        more than start in them where it starts inside one. And PARTIAL (8) where it starts
        or ends inside a character (uint8; :attr:`VocabBytes.ends_inside`).

        >>> ranks = {b"a": 0, "世".encode()[:2]: 1, "世".encode()[2:]: 2}
        >>> steps, partial = TiktokenRuntime(ranks, pattern=".", special={})._packed_steps
        >>> [[divmod(int(n), 1 << 32)[::-1] for n in row] for row in steps], partial.tolist()
        ([[(0, 0), (1, 1)], [(0, 0), (2, 1)], [(0, -1), (1, 1)]], [0, 8, 8])
        """
        lengths, leads, inside, _, own = self._laid_table.astype(np.int64)
        back = leads - own  # -1 where the token starts inside a character
        partial = (inside != 0) | self.vocab_bytes.ends_inside
        return (np.stack([back << 32, lengths | own << 32], axis=1),
                partial.astype(np.uint8) * np.uint8(Flag.PARTIAL))

    @cached_property
    def _few_literals(self) -> tuple[str, ...] | None:
        """The special tokens' literals where they are few (a substring test each is cheaper
        than the literals' regex on a line), else None."""
        literals = tuple(t.content for t in self.special_tokens() if t.content)
        return literals if len(literals) <= 8 else None

    @cached_property
    def _length_list(self) -> list[int]:
        """Each id's byte length, as a list (for :meth:`_native_small`)."""
        return self._lengths.tolist()

    @cached_property
    def _special_flags(self) -> list[int]:
        """Each id's SPECIAL flag, as a list (for :meth:`_native_small`)."""
        return self._is_special.tolist()

    def _lays_cp_spans(self, texts, add_special_tokens: bool, parse_special) -> bool:
        """The chunked batch below lays the code point spans too (the texts' code point
        tables are then not built ahead)."""
        return self._spelled(add_special_tokens, parse_special) and native_threads(len(texts)) > 1

    def _spelled(self, add_special_tokens: bool, parse_special) -> bool:
        """Whether a batch's tokens spell each text end to end, and nothing else: no
        normalization, no special-token literal parsed, no BOS added."""
        return not (self.normalization or parse_special or (add_special_tokens and self.bos))

    def _native_many(self, texts, add_special_tokens: bool, parse_special: bool, *,
                     cp: bool = True) -> NativeMany:
        """All texts' spans in one cumulative sum (token bytes spell each text exactly);
        ``cp``: with the code point spans of the chunked batch (``joined_cp``)."""
        if not self._spelled(add_special_tokens, parse_special):
            return super()._native_many(texts, add_special_tokens, parse_special)
        # tiktoken releases the GIL while it encodes: contiguous chunks of texts on every core
        threads = native_threads(len(texts))
        k = len(texts)
        joined_cp = None
        if threads > 1:
            with collector_paused():  # a buffer and a size per text: nothing that cycles
                warnings, (ids, starts, ends, flags, counts, joined_starts, joined_cp) = (
                    self._checked_while(texts,
                                        lambda: self._spelled_in_chunks(texts, threads, cp)))
        else:
            warnings = self._prepare_many(texts, False)
            ids, counts = self._encode_all(texts, 1)
            # token bytes spell the texts: every span on the joined texts is a cumulative sum
            starts, ends, joined_starts = spelled_joined_spans(self._lengths[ids], counts)
            flags = self._is_special[ids]
        return NativeMany(ids, starts, ends, flags, counts,
                          np.zeros(k, dtype=bool), np.ones(k, dtype=bool), warnings, [None] * k,
                          joined_starts, partial=threads > 1, joined_cp=joined_cp)

    def _checked_while(self, texts, encode: Callable[[], tuple]) -> tuple[list, tuple]:
        """``(_prepare_many(texts), encode())``, the texts' checks on a thread while ``encode``
        runs (its searches let go of the GIL: ~0.02 s off the serial start of a corpus). A text
        the checks refuse raises their error, whatever ``encode`` made of it."""
        checked: list = []

        def check() -> None:
            try:
                checked.append(self._prepare_many(texts, False))
            except BaseException as error:  # raised again below, on the caller's thread
                checked.append(error)

        checker = threading.Thread(target=check, name="tiktoken-checks")
        checker.start()
        try:
            encoded, failed = encode(), None
        except BaseException as error:
            encoded, failed = None, error
        checker.join()
        if isinstance(checked[0], BaseException):
            raise checked[0]
        if failed is not None:
            raise failed
        return checked[0], encoded

    def _spelled_in_chunks(self, texts, threads: int, cp: bool = False) -> tuple:
        """``(ids, starts, ends, flags, counts, joined_starts, joined_cp)`` as
        :func:`spelled_joined_spans` and the id gathers give them (the flags with ``PARTIAL``
        already), each chunk of texts encoded and then laid into the result arrays on a thread
        of its own: the casts, gathers and running sums of the tokens (numpy passes that let go
        of the GIL) run on every core, not on one after the encode (gpt2 on mono: ~0.07 s of
        CPU over 7 M tokens, and the PARTIAL mask exact_spans made after: ~0.06 s), and the
        chunks' buffers are not joined first.

        ``cp``: also the code point spans on the joined texts (``joined_cp``, else None), laid
        as the bytes are from each id's count of characters starting in it (as
        :func:`~core.encodings.small.laid_spans` lays a short text's): the same numbers the
        joined text's byte-to-code-point tables give (widened outward), without building those
        tables (two running sums over every byte) or gathering from them (two passes over every
        token), ~0.1 s of CPU on mono."""
        k = len(texts)
        # chunks of equal bytes (tiktoken's work), not of equal counts: the lines of a corpus
        # in several scripts differ tenfold (6.7 against 4.5 MB in the two halves of mono)
        sizes = [len(text.encode("utf-8")) for text in texts]
        parts = in_chunks(self._encode_chunk, texts, threads, sizes)  # one (ids, counts) a chunk
        chunk_counts = [np.array(part_counts, dtype=np.int64) for _, part_counts in parts]
        counts = np.concatenate(chunk_counts)
        token_at = [0, *accumulate(len(blob) >> 2 for blob, _ in parts)]
        text_at = [0, *accumulate(map(len, chunk_counts))]
        joined_starts = np.zeros(k + 1, dtype=np.int64)
        np.cumsum(np.array(sizes, dtype=np.int64) + 1, out=joined_starts[1:])
        joined_starts[-1] -= 1  # no separator after the last text
        offset_type = index_dtype(int(joined_starts[-1]) + 1)
        total = token_at[-1]
        ids = np.empty(total, dtype=np.int64)
        starts, ends = np.empty(total, dtype=offset_type), np.empty(total, dtype=offset_type)
        flags = np.empty(total, dtype=self._is_special.dtype)
        if cp:
            cp_starts, cp_ends = np.empty_like(starts), np.empty_like(ends)
            text_cp = np.zeros(k + 1, dtype=np.int64)  # each text's start in code points
            np.cumsum(np.fromiter(map(len, texts), dtype=np.int64, count=k) + 1, out=text_cp[1:])
            char_leads, _ = self.vocab_bytes.utf8_arrays

        def lay(chunk: int) -> None:
            a, b = token_at[chunk], token_at[chunk + 1]
            first, last = text_at[chunk], text_at[chunk + 1]
            chunk_ids = ids[a:b]
            chunk_ids[:] = np.frombuffer(parts[chunk][0], dtype=np.uint32)
            lengths = self._lengths[chunk_ids]
            chunk_ends = ends[a:b]
            np.cumsum(lengths, dtype=offset_type, out=chunk_ends)
            # the chunk's sum starts at its first text; each text after a separator more
            separators = np.repeat(np.arange(first, last, dtype=offset_type),
                                   chunk_counts[chunk])
            chunk_ends += separators
            chunk_ends += offset_type(joined_starts[first] - first)
            np.subtract(chunk_ends, lengths, out=starts[a:b], casting="unsafe")
            # PARTIAL: a token starting inside a character (its first byte continues one),
            # or ending inside one (the next token's does: a text's tokens spell it, and a
            # text's first token starts a character); no boolean mask over every token
            chunk_flags, opens = flags[a:b], self._starts_inside[chunk_ids]
            np.take(self._is_special, chunk_ids, out=chunk_flags)
            chunk_flags |= opens
            chunk_flags[:-1] |= opens[1:]
            if cp:  # a token ends after the characters started before its end, and starts
                # its own characters earlier, one more where it starts inside one
                leads = char_leads[chunk_ids]
                chunk_cp_ends = cp_ends[a:b]
                np.cumsum(leads, dtype=offset_type, out=chunk_cp_ends)
                chunk_cp_ends += separators
                chunk_cp_ends += offset_type(text_cp[first] - first)
                chunk_cp_starts = cp_starts[a:b]
                np.subtract(chunk_cp_ends, leads, out=chunk_cp_starts, casting="unsafe")
                chunk_cp_starts -= opens >> _PARTIAL_SHIFT  # PARTIAL (8) -> 1

        in_chunks(lambda chunks: [lay(chunk) for chunk in chunks], range(len(parts)),
                  len(parts))
        return (ids, starts, ends, flags, counts, joined_starts,
                (cp_starts, cp_ends) if cp else None)

    def count_many(self, texts: Sequence[str]) -> tuple:
        """The base's, with the flags as the library gives them (no ``PARTIAL``, which a
        corpus' batch finds while laying its tokens out)."""
        many = self._native_many(texts, False, False, cp=False)
        if many.partial:
            np.bitwise_and(many.flags, np.uint8(~Flag.PARTIAL & 0xFF), out=many.flags)
        return many.ids, many.flags, many.counts

    @cached_property
    def _starts_inside(self) -> np.ndarray:
        """Per id, ``Flag.PARTIAL`` where its first byte continues a UTF-8 character (10xxxxxx),
        else 0 (uint8)."""
        vocab = self.vocab_bytes
        firsts = vocab.blob[np.minimum(vocab.offsets[:-1], max(len(vocab.blob) - 1, 0))]
        continues = ((firsts & 0xC0) == 0x80) & (vocab.all_lengths > 0)
        return continues.astype(np.uint8) * np.uint8(Flag.PARTIAL)

    def _encode_all(self, texts, threads: int, sizes=None) -> tuple[np.ndarray, np.ndarray]:
        """Every text's ids end to end (int64) and each text's token count, in ``threads``
        threads (chunks of equal ``sizes`` when given)."""
        parts = in_chunks(self._encode_chunk, texts, threads, sizes)
        counts = np.fromiter((n for _, chunk_counts in parts for n in chunk_counts),
                             dtype=np.int64, count=len(texts))
        blob = b"".join(chunk_ids for chunk_ids, _ in parts)
        return np.frombuffer(blob, dtype=np.uint32).astype(np.int64), counts

    def encode_ids_batch(self, texts, *, add_special_tokens: bool = True) -> IdsBatch:
        """IDs in the library's threads; every text is spelled (the token bytes are the text's,
        BOS zero-width in front), but where the preset normalizes (then :meth:`_native` aligns)."""
        if self.normalization:
            return super().encode_ids_batch(texts, add_special_tokens=add_special_tokens)
        self._refuse_unencodable(texts)
        ids, counts = self._encode_all(texts, native_threads(len(texts)))
        k = len(texts)
        lengths = self._lengths[ids]
        if add_special_tokens and self.bos:
            at = np.zeros(k, dtype=np.int64)
            np.cumsum(counts[:-1], out=at[1:])
            ids = np.insert(ids, at, self.special[self.bos])
            lengths = np.insert(lengths, at, 0)
            counts = counts + 1
        return IdsBatch(ids, counts, np.ones(k, dtype=bool),
                        self._encode_some(texts, add_special_tokens), lengths)

    def _encode_chunk(self, chunk: Sequence[str]) -> list[tuple[bytes, list[int]]]:
        """One chunk of texts as ``[(every text's ids as uint32 bytes end to end, each text's
        token count)]``.

        Each text's ids come as the library's buffer (no Python int per token; its list of ids
        cost a third more on a corpus), joined into one bytes object: no numpy array per text
        (one costs more than the encode itself below a few hundred characters; a vocabulary
        audit encodes 200,000 texts of a few bytes).
        """
        encode, nothing = self.enc._core_bpe.encode_to_tiktoken_buffer, frozenset()
        # what Encoding.encode_to_numpy(text, disallowed_special=()) calls, less its checks
        buffers = [encode(text, nothing) for text in chunk]
        return [(b"".join(buffers), [memoryview(b).nbytes >> 2 for b in buffers])]

    def stages(self, text: str) -> list[Stage]:
        """The normalized text, when the preset normalizes (the pre-tokens are
        :meth:`pre_tokens`)."""
        if not self.normalization:
            return []
        work, _ = normalize_aligned(text, self.normalization)
        return [Stage("normalizer", self.normalization, [(work, None)])]

    def pre_token_spans(self):
        """Without normalization, the regex's matches over the whole text (no special literal
        is parsed here, so nothing is cut out first)."""
        return super().pre_token_spans() if self.normalization else regex_spans(self.pattern)

    def pre_tokens(self, text: str, parse_special: bool = False) -> list[PreToken]:
        """The preset's normalization, special literals split out when parsed (tiktoken's
        ``allowed_special="all"``), then the regex over the text between them.

        >>> runtime = TiktokenRuntime({bytes([b]): b for b in range(256)}, pattern="[^ ]+| ",
        ...                           special={"<s>": 256})
        >>> [(p.form, p.start, p.end, p.token_id) for p in runtime.pre_tokens("a <s>", True)]
        [('a', 0, 1, None), (' ', 1, 2, None), ('<s>', 2, 5, 256)]
        """
        import regex

        work, alignment = text, None
        if self.normalization:
            work, alignment = normalize_aligned(text, self.normalization)
        found: list[tuple[str, int, int, int | None]] = []
        pattern = regex.compile(self.pattern)
        parsed = {literal: token_id for literal, token_id in self.special.items()
                  if parses(parse_special, literal)}
        for start, end, token_id in cut_literals(work, parsed):
            if token_id is not None:
                found.append((work[start:end], start, end, token_id))
                continue
            found += [(m.group(), m.start(), m.end(), None)
                      for m in pattern.finditer(work, start, end)]
        to_bytes = char_to_byte_offsets(work)
        starts = np.array([to_bytes[s] for _, s, _, _ in found], dtype=np.int64)
        ends = np.array([to_bytes[e] for _, _, e, _ in found], dtype=np.int64)
        if alignment is not None:
            starts, ends = alignment.to_original_bytes(starts, ends)
        return [PreToken(form, int(s), int(e), "text" if token_id is None else "special",
                         token_id)
                for (form, _, _, token_id), s, e in zip(found, starts.tolist(), ends.tolist())]

    def model_view(self) -> ModelView:
        return self._model_view

    @cached_property
    def _model_view(self) -> ModelView:
        vocab = tuple(self.vocab_bytes.tokens())  # at once: id by id took seconds at 200k
        kinds = ["unused"] * self._size
        for rank in self.ranks.values():
            kinds[rank] = "normal"
        for token_id in self.special.values():
            kinds[token_id] = "special"
        pieces = tuple(visible_bytes(data, show_invisibles=False) for data in vocab)  # = piece()
        return ModelView("tiktoken/BPE", "BPE", pieces,
                         vocab, tuple(kinds), special_tokens=tuple(self.special_tokens()),
                         byte_level=True, normalizer=self.normalization or "none",
                         pre_tokenizer=self.pattern, decoder="bytes",
                         post_processor=f"{self.bos} at the start" if self.bos else "none",
                         options={"preset": self.preset.name if self.preset else None})

    # -- the protocol's questions ----------------------------------------------------------
    def post_template(self) -> Template:
        """The preset's BOS (a Tekken file has no preset: its format puts ``<s>`` first)."""
        if not self.bos:
            return plain_template("none")
        preset = self.preset
        return bos_eos_template((self.bos, self.special[self.bos]), None,
                                origin="tiktoken preset" if preset else self.source_format,
                                detail=preset.name if preset else "")

    @property
    def stream_traits(self) -> StreamTraits:
        return StreamTraits(bytes_after_context=True)  # decode is the tokens' bytes joined

    def pre_tokenizer_part(self) -> PreTokenizerPart:
        return PreTokenizerPart("tiktoken", self.pattern)

    def with_pre_tokenizer(self, part: PreTokenizerPart) -> "TiktokenRuntime | None":
        if part.library != "tiktoken":
            return None
        return TiktokenRuntime(self.ranks, name=self.name, preset=self.preset,
                               pattern=part.value, special=self.special)

    def special_token_source(self) -> str:
        # by content, not by how it was opened: a bundle stores the preset's tokens as given ones
        preset = self.preset
        if preset is not None and self.special == preset.special_tokens(len(self.ranks)):
            return f"tiktoken preset {preset.name}"
        return "user-given special tokens"

    def bundle_options(self) -> dict:
        """The resolved regex and special tokens: a bundle opens without the preset guess."""
        return {"pattern": self.pattern, "special": self.special,
                "preset": self.preset.name if self.preset else None}

    def describe(self) -> dict[str, str]:
        info = super().describe()
        info.update({"model": "byte-level BPE (ranks)",
                     "preset": self.preset.name if self.preset else "custom",
                     "pre-tokenizer": self.pattern,
                     "normalizer": self.normalization or "none",
                     "special tokens": str(len(self.special))})
        return info


def _marked_units(text: str, byte_spans: tuple, cp_spans: tuple) -> dict:
    """:func:`~core.encodings.small.other_units` of a text some character of which may join a
    neighbour: UTF-16 units are the code points where none is past the BMP; where marks are the
    only characters that join, grapheme spans are the code point spans less the joins at or
    before each start, before each end (:func:`~core.text.graphemes.mark_joins`: two regex
    searches and two binary searches, where the per-offset tables took a dozen array calls,
    ~7 µs a line of Arabic). Other units are left to the text index.

    >>> runtime = TiktokenRuntime({b"e": 0, "\\u0301".encode(): 1, b"x": 2}, pattern=r".", special={})
    >>> [a.tolist() for a in runtime.encode("e\\u0301x").spans("grapheme")]
    [[0, 0, 1], [1, 1, 2]]
    """
    units = {Unit.BYTES: byte_spans, Unit.CP: cp_spans}
    if _ASTRAL.search(text) is None:  # no surrogate pairs: UTF-16 units are code points
        units[Unit.UTF16] = cp_spans
    joins = mark_joins(text)
    if joins is not None:
        if joins:
            at = np.array(joins)
            starts, ends = cp_spans
            cp_spans = (np.subtract(starts, at.searchsorted(starts, "right"), dtype=np.int32,
                                    casting="unsafe"),
                        np.subtract(ends, at.searchsorted(ends, "left"), dtype=np.int32,
                                    casting="unsafe"))
        units[Unit.GRAPHEME] = cp_spans
    return units


def load_tiktoken(path: Path, *, preset: str | None = None, pattern: str | None = None,
                  special: dict[str, int] | None = None,
                  rank_file: RankFile | None = None) -> TiktokenRuntime:
    """Run the rank file at ``path`` (``rank_file``: that file, already parsed)."""
    rank_file = rank_file or RankFile.read(path)
    runtime = TiktokenRuntime(rank_file.ranks, name=Path(path).stem, preset=preset,
                              pattern=pattern, special=special, path=path)
    runtime.notes[:0] = rank_file.notes
    return runtime


def regex_spans(pattern: str) -> Callable[[str], list[tuple[int, int]]]:
    """The byte spans of ``pattern``'s matches over a whole text (:meth:`TiktokenRuntime.pre_tokens`
    with no normalization and no special literal parsed), code point offsets made byte offsets
    with numpy (GPT-2's 400 checked FLORES lines of the behaviour diff 12.3 -> ~4 ms).

    >>> regex_spans("[^ ]+| ")("é a")
    [(0, 2), (2, 3), (3, 4)]
    """
    import regex

    compiled = regex.compile(pattern)

    def spans(text: str) -> list[tuple[int, int]]:
        if text.isascii():  # code points are bytes
            return [m.span() for m in compiled.finditer(text)]
        found = [m.span() for m in compiled.finditer(text)]
        if not found:
            return found
        # the UTF-8 byte offset of every code point boundary (char_to_byte_offsets), surrogates
        # 3 bytes as there
        points = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
        to_bytes = np.zeros(len(points) + 1, dtype=np.int64)
        np.cumsum(1 + (points >= 0x80).astype(np.int64) + (points >= 0x800)
                  + (points >= 0x10000), out=to_bytes[1:])
        return list(map(tuple, to_bytes[np.array(found, dtype=np.int64)].tolist()))

    return spans
