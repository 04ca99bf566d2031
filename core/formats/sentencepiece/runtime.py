"""SentencePiece ``.model`` files on the ``sentencepiece`` runtime.

Offsets come from ``encode(out_type='proto')`` (byte offsets on the original text; needs
``protobuf``). SentencePiece gives every byte-fallback piece of a character but the last an empty
span; those runs are given the character's span and then narrowed byte by byte.
"""

from __future__ import annotations

import re
from functools import cached_property
from itertools import accumulate, chain, compress, count
from operator import eq, itemgetter
from types import SimpleNamespace
from typing import Sequence

import numpy as np
import sentencepiece as spm

from ...encodings.ids_only import IdsBatch
from ...encodings.small import SmallResult, laid_spans, laid_table, lengths_end_to_end
from ...encodings.spans import NativeMany, NativeResult
from ...encodings.encoding import Flag
from ...collector import collector_paused
from ...errors import FormatError
from ...notes import Note, note
from ...pipeline.pretokens import ModelView, PreToken, char_to_byte_offsets
from ...text.offsets import TextIndex
from ...encodings.vocab_bytes import byte_piece_value, ragged_positions
from ...pipeline.special import SpecialToken, guess_role
from ...pipeline.postprocess import Template, bos_eos_template
from ..runtime import Runtime, Stage, StreamTraits, native_threads
from .layout import check_model_layout
from .piece_types import PieceType
from ...text.graphemes import code_points
from .charsmap import key_end_characters, one_for_one
from .unknown import piece_code_points, unknown_lengths_from_text

# ModelProto.SentencePiece.Type, by the short names this module compares with
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = PieceType
_UNKNOWN, _CONTROL, _BYTE = int(UNKNOWN), int(CONTROL), int(BYTE)
MODEL_TYPES = {1: "unigram", 2: "bpe", 3: "word", 4: "char"}
_FEW_TEXTS = 32  # fewer texts than this are normalized by the library alone


# a UTF-8 lead byte's top five bits -> how many continuation bytes follow it
_UTF8_MORE = {**{b: 1 for b in range(0x18, 0x1C)}, **{b: 2 for b in range(0x1C, 0x1E)}, 0x1E: 3}


def _bounds_of_chars(chars: list[int], prefix: int) -> list[int]:
    """The offsets between pieces of ``chars`` characters each, end to end, less ``prefix``
    characters in front (clipped at 0): :func:`_spans_of_chars` before its pairs are made.

    >>> _bounds_of_chars([2, 1, 3], 1)
    [0, 1, 2, 5]
    """
    bounds = list(accumulate(chars, initial=-prefix))
    k = 0
    while k < len(bounds) and bounds[k] < 0:
        bounds[k] = 0
        k += 1
    return bounds


def _spans_of_chars(chars: list[int], prefix: int) -> list[tuple[int, int]]:
    """Spans of pieces of ``chars`` characters each, end to end, less ``prefix`` characters
    in front (clipped at 0): running sums at C speed.

    >>> _spans_of_chars([2, 1, 3], 1)
    [(0, 1), (1, 2), (2, 5)]
    """
    bounds = _bounds_of_chars(chars, prefix)
    return list(zip(bounds[:-1], bounds[1:]))


def parse_model_proto(data: bytes, path: object = None):
    """Parse a ``.model`` file into a ``ModelProto``, with a clear error if it is not one."""
    from sentencepiece import sentencepiece_model_pb2 as model_pb2

    proto = model_pb2.ModelProto()
    try:
        proto.ParseFromString(data)
    except Exception:
        check_model_layout(data, path)  # says where a cut file ends
        raise FormatError.of(note("sentencepiece.corrupt"), path=path) from None
    if not proto.HasField("normalizer_spec"):
        # cut between two fields, the rest parses: sentencepiece would fail with an unrelated
        # message ("byte piece <0x00> is found...") or run without the file's normalizer
        check_model_layout(data, path)
    if len(proto.pieces) == 0:
        raise FormatError.of(note("sentencepiece.no_pieces"), path=path)
    return proto


class SentencePieceRuntime(Runtime):
    """A SentencePiece model.

    Args:
        data: the ``.model`` bytes.
        add_bos / add_eos: add the model's BOS / EOS piece when special tokens are added; None
            (``add_bos``'s default when loaded from a file, see :func:`core.formats.detect._load_spm`)
            means BOS when the model defines a BOS piece, no EOS.
        added_by: where that choice came from: ``tokenizer_config.json``, ``default`` or
            ``user`` (shown to the user, see :mod:`core.pipeline.postprocess`).

    Why BOS by default: the SentencePiece library adds nothing unless asked
    (``add_bos``/``extra_options``), but the models that ship a bare ``.model`` with a BOS
    piece are run with it: Meta's Llama reference ``Tokenizer.encode(bos=True)``, transformers
    4's ``LlamaTokenizer`` (``add_bos_token=True``), and the ``tokenizer_config.json`` of Llama-2,
    Mistral and Gemma (``add_bos_token: true``). transformers 5 loading a folder that holds only
    the ``.model`` adds nothing (its ``add_bos_token`` defaults to False): the UI says which
    default is in force, and one switch turns it off.
    """

    source_format = "sentencepiece"
    library = f"sentencepiece {spm.__version__}"

    def __init__(self, data: bytes, *, name: str = "sentencepiece", path: object = None,
                 add_bos: bool | None = False, add_eos: bool = False,
                 added_by: str = "user") -> None:
        super().__init__()
        self.name = name
        self.proto = parse_model_proto(data, path)
        self.sp = spm.SentencePieceProcessor()
        try:
            self.sp.LoadFromSerializedProto(data)
        except Exception as err:
            raise FormatError.of(note("sentencepiece.rejected", said=str(err)),
                                 path=path) from None
        self.add_bos = self.sp.bos_id() >= 0 if add_bos is None else add_bos
        if add_bos is None and self.add_bos:
            self.notes.append(note("sentencepiece.default_bos",
                                   bos=self.proto.pieces[self.sp.bos_id()].piece))
        self.add_eos = add_eos
        self.added_by = added_by
        types = np.array([p.type for p in self.proto.pieces], dtype=np.int8)
        self._types = types
        self._pieces = [p.piece for p in self.proto.pieces]
        self._control_ids = np.flatnonzero(types == CONTROL)
        self.unk_id = self.sp.unk_id()
        self.model_type = MODEL_TYPES.get(self.proto.trainer_spec.model_type, "?")
        self._user_defined = [p.piece for p in self.proto.pieces if p.type == USER_DEFINED]
        flag_table = np.zeros(len(types), dtype=np.uint8)
        flag_table[types == BYTE] = Flag.BYTE_FALLBACK
        flag_table[types == UNKNOWN] = Flag.UNK
        flag_table[types == CONTROL] = Flag.SPECIAL
        self._flag_table = flag_table
        # Byte length of each piece as text ("▁" stands for one space byte).
        self._lengths = np.fromiter((len(self.token_bytes(i)) for i in range(len(types))),
                                    dtype=np.int64, count=len(types))
        self._no_fast_path = (types == UNKNOWN) | (types == CONTROL)
        # ... and as it stands in the normalized text ("▁" kept: three bytes)
        self._piece_lengths = np.fromiter(
            (1 if kind == BYTE else len(piece.encode("utf-8"))
             for piece, kind in zip(self._pieces, types.tolist())),
            dtype=np.int64, count=len(types))
        self._piece_chars = np.fromiter(map(len, self._pieces), dtype=np.int64, count=len(types))
        self._is_byte_piece = types == BYTE
        self._has_byte_pieces = bool(self._is_byte_piece.any())
        norm = self.proto.normalizer_spec
        self._dummy_prefix = norm.add_dummy_prefix
        self._bare_space_id = self.sp.piece_to_id("▁") if "▁" in self._pieces else -1
        # Without normalization, pieces spell the text itself (see _native_identity).
        self._identity = (norm.name == "identity" and not norm.precompiled_charsmap
                          and not norm.remove_extra_whitespaces
                          and norm.escape_whitespaces
                          and not self.proto.trainer_spec.treat_whitespace_as_suffix)

    @property
    def vocab_size(self) -> int:
        return len(self._pieces)

    def piece(self, token_id: int) -> str:
        return self._pieces[int(token_id)]

    def token_to_id(self, piece: str) -> int | None:
        token_id = self.sp.piece_to_id(piece)
        return None if token_id == self.unk_id and piece != self._pieces[self.unk_id] else token_id

    def token_bytes(self, token_id: int) -> bytes:
        token_id = int(token_id)
        piece = self._pieces[token_id]
        # plain ints: comparing a numpy scalar with an IntEnum member costs a microsecond,
        # and the vocabulary's bytes table asks this once per id (32k ids: 0.5 s -> 0.03 s)
        kind = self._type_numbers[token_id]
        if kind == _BYTE:
            value = byte_piece_value(piece)
            return b"" if value is None else bytes([value])
        if kind == _CONTROL or kind == _UNKNOWN:
            return piece.encode("utf-8")
        return piece.replace("▁", " ").encode("utf-8")

    @cached_property
    def _type_numbers(self) -> list[int]:
        """Each id's piece type as a plain int (``PieceType``'s numbers)."""
        return self._types.tolist()

    def _list_special_tokens(self) -> list[SpecialToken]:
        out = []
        for token_id, (piece, kind) in enumerate(zip(self._pieces, self._types.tolist())):
            if kind == CONTROL:
                out.append(SpecialToken(piece, token_id, "control", guess_role(piece), False))
            elif kind == UNKNOWN:
                out.append(SpecialToken(piece, token_id, "unk", "unk", False))
            elif kind == USER_DEFINED:
                out.append(SpecialToken(piece, token_id, "user_defined", guess_role(piece), True))
        return out

    def decode(self, ids: Sequence[int]) -> str:
        return self.sp.decode([int(i) for i in ids])

    def _native_batch(self, texts, add_special_tokens: bool, parse_special: bool):
        """Per text ``[ids, surfaces, normalized]``: ids from one native call for all texts;
        the normalized text (with offsets where they are not the identity, see
        _normalize_many) only for models that normalize; surfaces are None until
        _resolve_unknown asks for the texts that need them."""
        texts = list(texts)
        # (normalizing in a thread while the library encodes was tried: under load it was
        # slower, the offset tables' thread already takes the core the encode leaves idle)
        id_lists = self._encode_many(texts)
        normalized = self._normalize_many(texts) if not self._identity else [None] * len(texts)
        return [[ids, None, normalized[k]] for k, ids in enumerate(id_lists)]

    def _encode_many(self, texts: list[str], **kind) -> list:
        """``encode`` of many texts in the library's threads (one text goes alone: a list
        costs a thread pool)."""
        if len(texts) == 1:
            return [self.sp.encode(texts[0], **kind)]
        return self.sp.encode(texts, num_threads=native_threads(len(texts)), **kind)

    def _normalize_many(self, texts: list[str]) -> list[tuple[str, list[int] | None]]:
        """Each text normalized, with the original code point of every normalized character
        (``normalize(with_offsets=True)``), or None where that map is the identity: the text
        itself with spaces escaped (and the dummy prefix, which maps to 0). Most of the
        library's cost is building the offsets as Python ints (a list per text, an int per
        character), so they are asked for only where the text changed."""
        spec = self.proto.normalizer_spec
        if self.proto.trainer_spec.treat_whitespace_as_suffix:
            return self.sp.normalize(texts, with_offsets=True)
        prefix = "▁" if spec.add_dummy_prefix else ""
        space = "▁" if spec.escape_whitespaces else " "
        # a few texts ask the library (a handful of numpy calls cost more than its normalize)
        may_change = (self._may_change_in_normalizing(texts) if len(texts) >= _FEW_TEXTS
                      else None)
        if may_change is not None:
            # a text none of whose characters the charsmap touches, with no space to fold,
            # is itself: the library is asked only about the others
            swapped = self._swap_one_for_one([t for t, c in zip(texts, may_change) if c == 1])
            out: list = [None if changes == 2 or not text else
                         (prefix + (next(swapped) if changes else text).replace(" ", space), None)
                         for text, changes in zip(texts, may_change)]
        else:
            plain = self.sp.normalize(texts)
            out = [(norm, None) if text and norm == prefix + text.replace(" ", space) else None
                   for text, norm in zip(texts, plain)]
        changed = [k for k, got in enumerate(out) if got is None]
        if changed:
            for k, got in zip(changed, self.sp.normalize([texts[k] for k in changed],
                                                         with_offsets=True)):
                out[k] = got
        return out

    def _normalize_one(self, text: str) -> tuple[str, list[int] | None]:
        """:meth:`_normalize_many` of one text, the charsmap read with two regex searches
        (:attr:`_touched_searches`) where the batch's table look-up costs a handful of numpy
        calls: a text none of whose characters the charsmap touches is not asked about; one
        whose touched characters are all replaced one for one is asked for its normalized
        text alone (offsets are the identity: the library builds them as a list of ints,
        ~1.3 us a line on ja). E.g. ``"ab c"`` -> ``("▁ab▁c", None)`` on ja.
        """
        searches = self._touched_searches
        spec = self.proto.normalizer_spec
        if (searches is None or not text or self.proto.trainer_spec.treat_whitespace_as_suffix
                or (spec.remove_extra_whitespaces
                    and (text.startswith(" ") or "  " in text
                         or text.endswith((" ", "▁") if spec.escape_whitespaces else " ")))):
            return self._normalize_many([text])[0]
        touched, others = searches
        prefix = "▁" if spec.add_dummy_prefix else ""
        if not touched(text):
            return prefix + text.replace(" ", "▁" if spec.escape_whitespaces else " "), None
        if not others(text):
            plain = self.sp.normalize(text)
            # one for one and no space folded: the same length, offsets the identity
            if len(plain) == len(prefix) + len(text):
                return plain, None
        return self._normalize_many([text])[0]

    @cached_property
    def _touched_searches(self):
        """Whether a text has a character the charsmap touches (1 or 2 in
        :attr:`_charsmap_touches`), and one it may change otherwise than one for one (2): two
        tests; None where the charsmap is unread.

        Each is a regex class of the BMP's characters (``re`` makes a bitmap of it: ~0.2 us a
        line) and, only for a text with an astral character, one of the rest (a class with
        astral ranges is a list of ranges tried in turn at every character: 2.4-6 us a line)."""
        if self._charsmap_touches is None:
            return None

        def char_class(mask: np.ndarray, first: int):
            edges = np.flatnonzero(np.diff(mask.astype(np.int8), prepend=0, append=0)) + first
            ranges = "".join(f"\\U{start:08x}-\\U{end - 1:08x}"
                             for start, end in zip(edges[0::2].tolist(), edges[1::2].tolist()))
            return re.compile(f"[{ranges}]" if ranges else "(?!)").search

        astral = re.compile("[\\U00010000-\\U0010ffff]").search

        def test(mask: np.ndarray):
            in_bmp, past_bmp = char_class(mask[:0x10000], 0), char_class(mask[0x10000:], 0x10000)
            return lambda text: (in_bmp(text) is not None
                                 or (astral(text) is not None and past_bmp(text) is not None))

        touches = self._charsmap_touches[0]
        return test(touches > 0), test(touches == 2)

    @cached_property
    def _charsmap_touches(self) -> tuple[np.ndarray, dict[int, str]] | None:
        """Per code point: 0 where no charsmap key ends with it, 1 where the map replaces it by
        one other character on its own account, 2 for every other key's last character (see
        :mod:`.charsmap`); and the replacements of the 1s (a ``str.translate`` table). None
        where the charsmap cannot be read (then the library's normalize decides)."""
        blob = self.proto.normalizer_spec.precompiled_charsmap
        ends, replaced = key_end_characters(blob), one_for_one(blob)
        if ends is None or replaced is None:
            return None
        touches = np.zeros(0x110000, dtype=np.uint8)
        touches[code_points(ends)] = 2
        touches[code_points("".join(replaced))] = 1
        return touches, {ord(char): into for char, into in replaced.items()}

    def _swap_one_for_one(self, texts: list[str]):
        """The texts with the charsmap's one-for-one characters replaced, in order (an
        iterator): one look-up over all their code points (``str.translate`` with a dict
        costs a Python step per character)."""
        table = self._one_for_one_code_points
        joined = table[code_points("".join(texts))].tobytes().decode("utf-32-le",
                                                                     "surrogatepass")
        ends = accumulate(map(len, texts))
        return (joined[end - len(text):end] for text, end in zip(texts, ends))

    @cached_property
    def _one_for_one_code_points(self) -> np.ndarray:
        """Per code point, what the normalizer's one-for-one replacement makes of it (itself
        where it has none; see :attr:`_charsmap_touches`)."""
        table = np.arange(0x110000, dtype=np.uint32)
        replaced = self._charsmap_touches[1]
        table[list(replaced)] = [ord(into) for into in replaced.values()]
        return table

    def _may_change_in_normalizing(self, texts: list[str]) -> list[int] | None:
        """Per text, what the normalizer may do to it: 0 nothing, 1 replace characters one for
        one (see :attr:`_charsmap_touches`), 2 anything (a character another key ends with, or
        with whitespace folding a leading, trailing or doubled space, or a trailing ``▁``); one
        table look-up for all texts' code points. None where the charsmap is unread."""
        if self._charsmap_touches is None:
            return None
        touches = self._charsmap_touches[0]
        sizes = np.fromiter(map(len, texts), dtype=np.int64, count=len(texts))
        kinds = touches[code_points("".join(texts))]
        ends = np.cumsum(sizes)
        # the texts of the characters touched (few: no cumulative sum over every character)
        kind = np.zeros(len(texts), dtype=np.int8)
        kind[np.searchsorted(ends, np.flatnonzero(kinds == 1), side="right")] = 1
        kind[np.searchsorted(ends, np.flatnonzero(kinds == 2), side="right")] = 2
        kind = kind.tolist()
        spec = self.proto.normalizer_spec
        if spec.remove_extra_whitespaces:
            tails = (" ", "▁") if spec.escape_whitespaces else (" ",)
            kind = [2 if text.startswith(" ") or text.endswith(tails) or "  " in text else k
                    for k, text in zip(kind, texts)]
        return kind

    def _offsets(self, normalized: tuple[str, list[int] | None]) -> list[int]:
        """The offset map of one :meth:`_normalize_many` answer, made up where it is None."""
        text, offsets = normalized
        if offsets is not None:
            return offsets
        prefix = int(bool(self._dummy_prefix))
        return [0] * prefix + list(range(len(text) - prefix + 1))

    def _native(self, text: str, add_special_tokens: bool, parse_special: bool) -> NativeResult:
        return self._native_many([text], add_special_tokens, parse_special).result(0)

    def _native_many(self, texts, add_special_tokens: bool, parse_special: bool) -> NativeMany:
        # the library's answer is a list of ints per text (and per normalized text): the
        # cyclic collector would walk them all again and again while this runs
        with collector_paused():
            return self._native_many_lists(texts, add_special_tokens, parse_special)

    def _native_many_lists(self, texts, add_special_tokens: bool,
                           parse_special: bool) -> NativeMany:
        """Spans of all texts without the protobuf result, in a few numpy operations.

        The pieces spell each text: with the identity normalizer, ``▁`` read as a space, the
        text itself with one dummy-prefix space in front (spans are a cumulative sum of piece
        byte lengths); otherwise the normalized text, whose ``normalize(with_offsets=True)`` maps
        every character to the original code point it came from (a cumulative sum of piece
        lengths in characters, then a lookup). A text where anything does not add up (or with a
        byte piece, which is part of a character) takes the careful way on its own.
        """
        warnings = self._warnings_many(texts, parse_special)
        raws = self._native_batch(texts, add_special_tokens, parse_special)
        k = len(texts)
        counts = np.fromiter((len(r[0]) for r in raws), dtype=np.int64, count=k)
        ids = np.fromiter(chain.from_iterable(r[0] for r in raws), dtype=np.int64,
                          count=int(counts.sum()))
        first = np.concatenate(([0], np.cumsum(counts)))
        text_of = np.repeat(np.arange(k), counts)
        if self._identity:
            lengths, ok = self._lengths[ids], np.ones(k, dtype=bool)
            measure = (lambda surface: len(surface.replace("▁", " ").encode("utf-8")))
        else:
            lengths, measure = self._piece_chars[ids], len
            # a text with a byte piece takes the careful way (a model without byte pieces,
            # like most, skips the look-up; a weighted bincount over every token took ~30 ms)
            ok = np.ones(k, dtype=bool)
            if self._has_byte_pieces:
                ok[text_of[np.flatnonzero(self._is_byte_piece[ids])]] = False
        ok &= self._resolve_unknown(texts, raws, ids, lengths, first, measure)
        running = np.concatenate(([0], np.cumsum(lengths)))
        totals = running[first[1:]] - running[first[:-1]]
        if self._identity:
            ends = running[1:] - running[first[:-1]][text_of]  # within each text
            starts, ends = self._identity_spans(texts, lengths, ends, totals, counts, ok)
        else:
            starts, ends = self._normalized_spans(ids, [r[2] for r in raws], lengths, running,
                                                  first, totals, text_of, ok)
        flags = self._flag_table[ids]
        many = NativeMany(ids, starts, ends, flags, counts, np.full(k, not self._identity),
                          np.full(k, self._identity), warnings, [None] * k)
        if ok.all() and not (add_special_tokens and (self.add_bos or self.add_eos)):
            return many
        results = [many.result(i) if ok[i] else self._careful(texts[i], raws[i], warnings[i])
                   for i in range(k)]
        return NativeMany.of([self._add_specials(r, add_special_tokens) for r in results])

    def encode_ids_batch(self, texts, *, add_special_tokens: bool = True) -> IdsBatch:
        """IDs from the library's batch call and BOS / EOS as :meth:`_add_specials` adds them,
        without the normalized texts and spans :meth:`_native_many` derives (no text is
        marked spelled: a piece's ``▁`` and the dummy prefix are no bytes of the text)."""
        self._refuse_unencodable(texts)
        id_lists = self._encode_many(list(texts))
        sp = self.sp
        bos = [sp.bos_id()] if add_special_tokens and self.add_bos and sp.bos_id() >= 0 else []
        eos = [sp.eos_id()] if add_special_tokens and self.add_eos and sp.eos_id() >= 0 else []
        if bos or eos:
            id_lists = [bos + ids + eos for ids in id_lists]
        return IdsBatch.of(id_lists, self._encode_some(texts, add_special_tokens))

    def ids_and_cp_spans(self, texts: Sequence[str], parse_special: bool) -> list[tuple]:
        """Each text's IDs and code-point spans (no added tokens), as lists: the batch
        encode's, without its notes, its arrays and its byte round trip (the chat report's
        render: a hundred short runs cut at [INST] / [/INST], where those cost 1 ms over the
        library's 0.3). Without normalization the pieces spell the text (``▁`` a space, the
        dummy prefix in front): a piece's code points are its characters, and a byte piece
        (part of a character) gets its whole character, as the batch widens it. A text where
        that does not hold (a control or unknown piece, pieces that do not add up to the
        text, bytes that are no whole UTF-8 character) and a normalizing model take the
        batch's way.

        >>> # runtime.ids_and_cp_spans(["hi 🌦"], False) -> [([...], [(0, 2), (2, 3), ...])]
        """
        return [(ids, spans if bounds is None else list(zip(bounds[:-1], bounds[1:])))
                for ids, spans, bounds in self.ids_and_cp_bounds(texts, parse_special)]

    def ids_and_cp_bounds(self, texts: Sequence[str], parse_special: bool) -> list[tuple]:
        """:meth:`ids_and_cp_spans` as ``(ids, spans, bounds)``: where the pieces lie end to
        end (no byte piece of a longer character) ``bounds``, the ``len(ids) + 1`` offsets
        between them (span ``k`` is ``(bounds[k], bounds[k + 1])``), and ``spans`` None; else
        ``spans``, ``bounds`` None. The chat's runs are moved and cut from the bounds, with no
        span made twice."""
        if not self._identity:  # the batch's spans
            return [(ids, spans, None)
                    for ids, spans in super().ids_and_cp_spans(texts, parse_special)]
        self._refuse_unencodable(texts)
        texts = list(texts)
        with collector_paused():
            if native_threads(len(texts)) == 1:
                # one text at a time, here: the library's batch starts a thread pool even for
                # one thread and waits for it, and on a busy machine (the render process on
                # the other core) that wait was 0.5-4 ms for 0.3 ms of work (the 50-message
                # chat's 50 runs)
                encode = self.sp.encode
                id_lists = [encode(text) for text in texts]
            else:
                id_lists = self._encode_many(texts)
        tables = self._small_tables
        control, unknown, byte_lengths = tables.control, tables.unknown, tables.lengths
        code_points, multi_byte = self._code_point_tables
        prefixes = (0, 1) if self._dummy_prefix else (0,)
        out: list = []
        careful: list[int] = []
        for k, (text, ids) in enumerate(zip(texts, id_lists)):
            spans = bounds = None
            if control.isdisjoint(ids) and unknown.isdisjoint(ids):
                # the pieces' bytes, less the dummy prefix, are the text's (the batch's test)
                prefix = sum(map(byte_lengths.__getitem__, ids)) - len(text.encode("utf-8"))
                if prefix in prefixes:
                    bounds = _bounds_of_chars(list(map(code_points.__getitem__, ids)), prefix)
                    if not multi_byte.isdisjoint(ids):
                        spans = self._spans_with_bytes(ids, list(zip(bounds[:-1], bounds[1:])),
                                                       prefix)
                        bounds = None
                        if spans and spans[-1][1] != len(text):
                            spans = None  # the pieces do not spell the text: the batch decides
                    elif len(bounds) > 1 and bounds[-1] != len(text):
                        bounds = None
            if spans is None and bounds is None:
                careful.append(k)
            out.append((ids, spans, bounds))
        if careful:
            done = super().ids_and_cp_spans([texts[k] for k in careful], parse_special)
            for k, (ids, spans) in zip(careful, done):
                out[k] = (ids, spans, None)
        return out

    def _spans_with_bytes(self, ids: list[int], spans: list, prefix: int) -> list | None:
        """``spans`` (:func:`_spans_of_chars` of :attr:`_code_point_tables`: a character
        counted at its lead byte) with each continuation byte piece given its character's
        span, as the lead byte has it; None where the byte pieces are no whole UTF-8
        characters (the batch decides then)."""
        if prefix and ids and self._byte_values[ids[0]] is not None:
            return None  # a byte where the dummy prefix stands: the batch's way
        values = self._byte_values
        at = list(compress(count(), map(self._code_point_tables[1].__contains__, ids)))
        j, last = 0, len(at)
        while j < last:
            i = at[j]
            more = _UTF8_MORE.get(values[ids[i]] >> 3, 0)
            if not more or j + more >= last:
                return None
            for m in range(1, more + 1):
                if at[j + m] != i + m or values[ids[i + m]] & 0xC0 != 0x80:
                    return None
                spans[i + m] = spans[i]
            j += more + 1
        return spans

    @cached_property
    def _code_point_tables(self) -> tuple[list[int], frozenset]:
        """Per id, the code points of the text its piece spells where the model does not
        normalize (its characters; a byte piece's character counted at its lead byte: 1 for
        an ASCII byte or a lead byte, 0 for a continuation byte), and the ids of the byte
        pieces that are part of a longer character."""
        values = self._byte_values
        counts = [len(piece) if value is None else int(value & 0xC0 != 0x80)
                  for piece, value in zip(self._pieces, values)]
        return counts, frozenset(k for k, value in enumerate(values)
                                 if value is not None and value >= 0x80)

    @cached_property
    def _byte_values(self) -> list[int | None]:
        """Per id: the byte of a byte piece, None for any other piece."""
        return [byte_piece_value(piece) if kind == _BYTE else None
                for piece, kind in zip(self._pieces, self._types.tolist())]

    def _native_small(self, text: str, add_special_tokens: bool,
                      parse_special: bool) -> SmallResult | None:
        """:meth:`_native_many` of one text, in lists, where its fast way holds (no control
        piece; in a normalizing model, no byte piece); else None."""
        warnings = self._warnings_many([text], parse_special)[0]
        ids = self._encode_one(text)
        tables = self._small_tables
        # a normalizing model takes no byte piece either: one look-up for both
        if not (tables.control if self._identity else tables.control_or_byte).isdisjoint(ids):
            return None
        # the per-token steps below are C-level maps: a Python step per token cost more than
        # the library's own encode
        unknown = (list(compress(count(), map(tables.unknown.__contains__, ids)))
                   if not tables.unknown.isdisjoint(ids) else [])
        if (self._identity and not unknown and self._laid_table is not None
                and not (add_special_tokens and self._adds_specials)):
            # the pieces spell the text (and a dummy-prefix space): both units' spans from one
            # gather of per-id rows, where the lists below take a step per token
            id_array = np.array(ids, dtype=np.int64)
            laid = laid_spans(self._laid_table, id_array, text, len(text.encode("utf-8")),
                              prefix=int(bool(self._dummy_prefix)))
            if laid is not None:
                byte_spans, cp_spans, flags = laid
                flags |= self._flag_table.take(id_array)
                return SmallResult(id_array, *byte_spans, flags, "bytes", True, warnings,
                                   laid=True, cp_spans=cp_spans)
        if self._identity:
            lengths = list(map(tables.lengths.__getitem__, ids))
            if unknown and not self._unknown_from_surfaces(text, len(ids), unknown, lengths):
                return None
            _, ends = lengths_end_to_end(lengths)
            # the pieces spell the text, with one dummy-prefix space in front if the model adds it
            prefix = (ends[-1] if ends else 0) - len(text.encode("utf-8"))
            if not (prefix == 0 or (prefix == 1 and self._dummy_prefix)):
                return None
            ends = [end - prefix for end in ends]
            starts = [end - length if end > length else 0 for end, length in zip(ends, lengths)]
            ends = [end if end > 0 else 0 for end in ends]
            unit, exact = "bytes", True
        else:
            lengths = list(map(tables.chars.__getitem__, ids))
            normalized, offsets = self._normalize_one(text)
            size = len(normalized)
            if unknown and not (self._unknown_from_text(normalized, ids, unknown, lengths)
                                or self._unknown_from_surfaces(text, len(ids), unknown, lengths)):
                return None
            if ids and not (add_special_tokens and self._adds_specials):
                id_array = np.array(ids, dtype=np.int64)
                spans = self._cp_span_arrays(id_array, lengths, size, offsets, len(text))
                if spans is None:
                    return None
                if spans:
                    return SmallResult(id_array, None, None, self._flag_table.take(id_array),
                                       "cp", True, warnings, cp_spans=spans)
            starts, ends = lengths_end_to_end(lengths)
            if (ends[-1] if ends else 0) != size:
                return None
            if offsets is None:  # the text itself, less the dummy prefix
                prefix = int(bool(self._dummy_prefix))
                starts = [start - prefix if start > prefix else 0 for start in starts]
                ends = [end - prefix if end > prefix else 0 for end in ends]
            else:
                starts = list(map(offsets.__getitem__, starts))
                ends = list(map(offsets.__getitem__, ends))
            self._share_orphan_span_lists(ids, starts, ends)
            unit, exact = "cp", False
        flags = list(map(tables.flags.__getitem__, ids))
        if add_special_tokens:
            marker = int(Flag.SPECIAL | Flag.INSERTED)
            if self.add_bos and self.sp.bos_id() >= 0:
                ids, flags = [self.sp.bos_id(), *ids], [marker, *flags]
                starts, ends = [0, *starts], [0, *ends]
            if self.add_eos and self.sp.eos_id() >= 0:
                end = ends[-1] if ends else 0
                ids, flags = [*ids, self.sp.eos_id()], [*flags, marker]
                starts, ends = [*starts, end], [*ends, end]
        return SmallResult(ids, starts, ends, flags, unit, exact, warnings)

    @cached_property
    def _encode_one(self):
        """``sp.encode(text)`` (ids) of one text, straight to the binding sentencepiece 0.2.3's
        ``Encode`` calls with the processor's own settings: its keyword handling cost ~0.65 us
        a call (4.6 -> 4.0 us a ja line). The wrapper itself where the binding is not that
        one, or does not answer a probe as the wrapper does (e.g. ``_encode_one("日本")`` is
        ``sp.encode("日本")``)."""
        sp = self.sp
        raw = getattr(getattr(sp, "_processor", None), "_EncodeAsIds", None)
        try:
            settings = (sp._enable_sampling, sp._nbest_size, sp._alpha, sp._add_bos,
                        sp._add_eos, sp._reverse)
        except AttributeError:
            return sp.encode
        if raw is None or settings[0] is not False:
            return sp.encode
        try:
            if any(raw(probe, *settings) != sp.encode(probe)
                   for probe in ("", "a b", " ｶﾞ日本語 Кир😀e\u0301 ")):
                return sp.encode
        except Exception:  # noqa: BLE001 - any surprise: the wrapper's way
            return sp.encode
        return lambda text: raw(text, *settings)

    def _cp_span_arrays(self, ids: np.ndarray, lengths: list[int], size: int,
                        offsets: list[int] | None, bound: int):
        """The code point spans (int32 arrays) of pieces of ``lengths`` characters laid over
        the normalized text of ``size`` characters and carried back to the text (``offsets``,
        or less the dummy prefix): the list path's steps in a handful of array calls. None
        where the pieces do not spell the normalized text; ``()`` where the list path must
        decide (an orphan to share, or a span past the text)."""
        if offsets is None and 0 not in lengths:
            return self._cp_spans_of_text(ids, lengths, size)
        # every piece's start is the one before's end: one array of the count + 1 bounds
        bounds = np.zeros(len(lengths) + 1, dtype=np.int32)
        np.add.accumulate(np.array(lengths, dtype=np.int32), out=bounds[1:])
        if int(bounds[-1]) != size:
            return None
        if offsets is None:
            if self._dummy_prefix:  # the text itself, less the dummy prefix
                bounds -= 1
                np.maximum(bounds, 0, out=bounds)
        else:  # only the bounds are looked up (an array of every offset cost more)
            bounds = np.array(list(map(offsets.__getitem__, bounds.tolist())), dtype=np.int32)
            if int(bounds.max()) > bound:
                return ()
        starts, ends = bounds[:-1], bounds[1:].copy()
        empty = starts == ends
        found = np.count_nonzero(empty)
        # an empty span before one starting at the same place is an orphan the list path
        # shares (:meth:`_share_orphan_span_lists`), but for the bare "▁" the dummy prefix
        # makes (the usual empty span, first: no array call more) and control and unknown pieces
        if found and not (found == 1 and empty[0] and ids[0] == self._bare_space_id):
            orphans = empty[:-1] & (starts[1:] == starts[:-1])
            if np.count_nonzero(orphans) and np.count_nonzero(
                    self._may_be_orphan.take(ids[:-1][orphans])):
                return ()
        return starts, ends

    def _cp_spans_of_text(self, ids: np.ndarray, lengths: list[int], size: int):
        """:meth:`_cp_span_arrays` where the normalized text is the text itself less the
        dummy prefix and no piece is empty: the bounds as a running sum in a list (C-level)
        and one array; an empty span can then only be the first piece's, where the dummy
        prefix alone stands (the list path shares it unless it is the bare "▁", a control or
        unknown piece, or the only piece).

        Where the time went: nine numpy calls on arrays of ~55 ints (4.4 us a line on ja)."""
        prefix = 1 if self._dummy_prefix else 0
        bounds = list(accumulate(lengths, initial=-prefix))
        if bounds[-1] != size - prefix:
            return None
        if prefix:
            bounds[0] = 0
            if (lengths[0] == 1 and len(lengths) > 1 and ids[0] != self._bare_space_id
                    and self._may_be_orphan[ids[0]]):
                return ()
        bounds = np.array(bounds, dtype=np.int32)
        return bounds[:-1], bounds[1:].copy()

    @cached_property
    def _may_be_orphan(self) -> np.ndarray:
        """Per id: an empty span of it is shared with the next piece's
        (:meth:`_share_orphan_span_lists`): not a control or unknown piece, not the bare "▁"."""
        table = ~self._no_fast_path
        if self._bare_space_id >= 0:
            table[self._bare_space_id] = False
        return table

    @cached_property
    def _adds_specials(self) -> bool:
        """Whether ``add_special_tokens`` adds a BOS or an EOS."""
        return ((self.add_bos and self.sp.bos_id() >= 0)
                or bool(self.add_eos and self.sp.eos_id() >= 0))

    @cached_property
    def _laid_table(self) -> np.ndarray | None:
        """Per id, the rows :func:`~core.encodings.small.laid_spans` gathers, from the pieces
        (no vocabulary bytes built): a piece's characters all start in it ("▁" one space); a
        byte piece is one byte, a character's start or inside one. None where some piece
        that can come from text has no bytes (a byte piece of an odd name)."""
        leads = self._piece_chars.astype(np.int32)
        inside = np.zeros(len(leads), dtype=bool)
        for i in np.flatnonzero(self._is_byte_piece).tolist():
            value = byte_piece_value(self._pieces[i])
            if value is None:
                return None
            inside[i] = (value & 0xC0) == 0x80
            leads[i] = 0 if inside[i] else 1
        if ((self._lengths == 0) & ~self._no_fast_path).any():
            return None
        return laid_table(self._lengths, leads, inside)

    def _unknown_from_text(self, normalized: str, ids: list[int], unknown: list[int],
                           lengths: list[int]) -> bool:
        """:func:`~.spm_unknown.unknown_lengths_from_text` of one text: each unknown piece's
        run of uncovered characters, read off the normalized text (in place); whether every
        run checks out."""
        size, last = len(normalized), len(ids) - 1
        # the piece after a run: no unknown piece, begins with a covered character (one list)
        may_follow = self._small_tables.may_follow_unknown
        uncovered = self._uncovered_run.match
        for j in unknown:
            lengths[j] = 0
        # where each piece starts, less the unknown runs before it (added up as they are read)
        before = list(accumulate(lengths, initial=0))
        read = 0
        for j in unknown:  # in order
            position = before[j] + read
            end = uncovered(normalized, position).end()
            if end == position:
                return False
            lengths[j] = end - position
            read += end - position
            if j == last:
                if end != size:
                    return False
            elif not (end < size and may_follow[ids[j + 1]]):
                return False
        return before[-1] + read == size

    def _unknown_from_surfaces(self, text: str, count: int, unknown: list[int],
                               lengths: list[int]) -> bool:
        """Each unknown piece's length measured on its surface (a second call to the library,
        ``out_type=str``), in place; False when the surfaces are not one per piece."""
        surfaces = self.sp.encode(text, out_type=str)
        if len(surfaces) != count:
            return False
        for j in unknown:
            surface = surfaces[j]
            lengths[j] = (len(surface.replace("▁", " ").encode("utf-8")) if self._identity
                          else len(surface))
        return True

    @cached_property
    def _uncovered_run(self) -> re.Pattern:
        """A run of characters no one-character piece covers (:attr:`_covered`), as a regex:
        one C-level match per unknown piece where a loop looked characters up one by one."""
        edges = np.flatnonzero(np.diff(self._covered.astype(np.int8), prepend=0, append=0))
        ranges = "".join(f"\\U{start:08x}-\\U{end - 1:08x}"
                         for start, end in zip(edges[0::2].tolist(), edges[1::2].tolist()))
        return re.compile(f"[^{ranges}]*" if ranges else ".*", re.DOTALL)

    @cached_property
    def _small_tables(self) -> SimpleNamespace:
        """For :meth:`_native_small`: the ids of control, unknown and byte pieces (sets), and
        per id (lists) its byte length, its length in characters, its flags and whether it
        begins with a covered character (:attr:`_covered`)."""
        def ids(mask: np.ndarray) -> frozenset:
            return frozenset(np.flatnonzero(mask).tolist())

        begins_covered = [bool(piece) and bool(self._covered[ord(piece[0])])
                          for piece in self._pieces]

        return SimpleNamespace(control=ids(self._types == CONTROL),
                               unknown=ids(self._types == UNKNOWN),
                               byte_pieces=ids(self._is_byte_piece),
                               control_or_byte=ids((self._types == CONTROL) | self._is_byte_piece),
                               lengths=self._lengths.tolist(), chars=self._piece_chars.tolist(),
                               flags=self._flag_table.tolist(),
                               # per id: its piece begins with a covered character
                               begins_covered=begins_covered,
                               # ... and is no unknown piece: it may follow an unknown one's run
                               may_follow_unknown=[covered and kind != _UNKNOWN for covered, kind
                                                   in zip(begins_covered, self._types.tolist())])

    def _share_orphan_span_lists(self, ids: list[int], starts: list[int],
                                 ends: list[int]) -> None:
        """:meth:`_share_orphan_spans` of one text's lists, in place."""
        tables = self._small_tables
        # only empty spans can be orphans: found at C speed (an orphan's own end is changed
        # when it is reached, from the back, so the empty ones are the same found up front)
        empty = list(compress(range(len(ids) - 1), map(eq, starts, ends)))
        for i in reversed(empty):
            if (starts[i + 1] == starts[i]
                    and ids[i] not in tables.control and ids[i] not in tables.unknown
                    and ids[i] != self._bare_space_id):
                ends[i] = ends[i + 1]

    def _warnings_many(self, texts, parse_special: bool) -> list[list[Note]]:
        warnings = self._prepare_many(texts, parse_special)
        # SentencePiece never parses control symbols from text; user-defined symbols always match
        if parse_special and len(self._control_ids):
            for some in warnings:
                some.append(note("special.control_not_parsed"))
        return warnings

    def _resolve_unknown(self, texts, raws, ids, lengths, first, measure) -> np.ndarray:
        """Fill in each unknown piece's length, in place; per text, whether that worked.

        An unknown piece has no fixed length: SentencePiece merges a run of unknown characters
        into one ``<unk>``. Where the model normalizes, the run is read off the normalized text
        (:mod:`.spm_unknown`); the texts left over ask the library once more for their pieces'
        surfaces (``encode(out_type=str)``, far cheaper than the protobuf result). A control
        piece (never made from text) means something unexpected: that text takes the protobuf
        path.
        """
        k = len(first) - 1
        ok = np.ones(k, dtype=bool)
        odd = np.flatnonzero(self._no_fast_path[ids])
        if not len(odd):
            return ok
        text_of_odd = np.searchsorted(first, odd, side="right") - 1
        is_unknown = self._types[ids[odd]] == UNKNOWN
        ok[text_of_odd[~is_unknown]] = False
        resolved = np.zeros(k, dtype=bool)
        if not self._identity:
            unknown = np.zeros(len(ids), dtype=bool)
            unknown[odd[is_unknown]] = True
            resolved = unknown_lengths_from_text([r[2][0] for r in raws], first, lengths,
                                                 unknown, self._piece_code_points, ids,
                                                 self._covered)
        need = np.unique(text_of_odd[is_unknown & ~resolved[text_of_odd]])
        if len(need):
            for t, surfaces in zip(need.tolist(), self._encode_many(
                    [texts[t] for t in need.tolist()], out_type=str)):
                raws[t][1] = surfaces
            fill = odd[is_unknown & np.isin(text_of_odd, need)]
            ok &= self._lengths_from_surfaces(ids, lengths, [r[1] for r in raws], first,
                                              measure, fill)
        return ok

    def _lengths_from_surfaces(self, ids, lengths, surfaces, first, measure, fill
                               ) -> np.ndarray:
        """Unknown pieces' lengths (tokens ``fill``) measured on their surfaces, in place; per
        text, whether its surfaces were there and as many as its pieces."""
        ok = np.ones(len(first) - 1, dtype=bool)
        if not len(fill):
            return ok
        counts = np.diff(first)
        text_of = np.searchsorted(first, fill, side="right") - 1
        spelled = [t for t in np.unique(text_of).tolist()
                   if surfaces[t] is not None and len(surfaces[t]) == counts[t]]
        has_surfaces = np.zeros(len(counts), dtype=bool)
        has_surfaces[spelled] = True
        ok[text_of[~has_surfaces[text_of]]] = False
        # every token of the spelled texts, in order, and where each sits in that list
        flat = list(chain.from_iterable(surfaces[t] for t in spelled))
        place = np.full(len(ids), -1, dtype=np.int64)
        place[ragged_positions(first[spelled], counts[spelled])] = np.arange(len(flat))
        fill = fill[has_surfaces[text_of]]
        if len(fill):
            wanted = place[fill].tolist()
            surfaces_wanted = itemgetter(*wanted)(flat) if len(wanted) > 1 else [flat[wanted[0]]]
            lengths[fill] = np.fromiter(map(measure, surfaces_wanted), dtype=np.int64,
                                        count=len(wanted))
        return ok

    @cached_property
    def _piece_code_points(self) -> tuple[np.ndarray, np.ndarray]:
        return piece_code_points(self._pieces)

    @cached_property
    def _covered(self) -> np.ndarray:
        """Per code point: a one-character piece the model can use (see spm_unknown)."""
        covered = np.zeros(0x110000, dtype=bool)
        for piece, kind in zip(self._pieces, self._types.tolist()):
            if len(piece) == 1 and kind in (NORMAL, USER_DEFINED):
                covered[ord(piece)] = True
        return covered

    def _identity_spans(self, texts, lengths, ends, totals, counts, ok):
        """Byte spans: the cumulative sums less the dummy prefix, when there is one."""
        text_bytes = np.fromiter((len(t.encode("utf-8")) for t in texts), dtype=np.int64,
                                 count=len(texts))
        prefix = totals - text_bytes
        ok &= (prefix == 0) | ((prefix == 1) & bool(self._dummy_prefix))
        ends = ends - np.repeat(prefix, counts)
        return np.maximum(ends - lengths, 0), np.maximum(ends, 0)

    def _normalized_spans(self, ids, normalized, lengths, running, first, totals, text_of, ok):
        """Code point spans on the original texts: normalized character offsets looked up in
        each text's offset map (all maps end to end, each one entry longer than its text; a
        token's place in them is the running sum of lengths shifted once per text, one
        ``repeat``)."""
        sizes = np.fromiter((len(n[0]) for n in normalized), dtype=np.int64,
                            count=len(normalized))
        ok &= totals == sizes
        bases = np.concatenate(([0], np.cumsum(sizes + 1)))
        # identity maps (None) first: position within the text, less the dummy prefix
        prefix = int(bool(self._dummy_prefix))
        prefixes = np.fromiter((prefix if n[1] is None else 0 for n in normalized),
                               dtype=np.int64, count=len(normalized))
        origin = np.arange(int(bases[-1]), dtype=np.int64)
        origin -= np.repeat(bases[:-1] + prefixes, sizes + 1)
        np.maximum(origin, 0, out=origin)
        given = [k for k, n in enumerate(normalized) if n[1] is not None]
        if given:
            origin[ragged_positions(bases[given], sizes[given] + 1)] = np.fromiter(
                chain.from_iterable(normalized[k][1] for k in given), dtype=np.int64,
                count=int((sizes[given] + 1).sum()))
        ends = running[1:] + np.repeat(bases[:-1] - running[first[:-1]], np.diff(first))
        starts = ends - lengths
        if not ok.all():
            # a text whose lengths do not add up takes the careful way: its spans here are
            # thrown away, but must be read inside the maps (and inside its own map: the
            # orphans are shared within a text alone)
            top = np.repeat(bases[:-1] + sizes, np.diff(first))
            np.minimum(starts, top, out=starts)
            np.minimum(ends, top, out=ends)
            np.maximum(starts, 0, out=starts)
        starts, ends = origin[starts], origin[ends]
        self._share_orphan_spans(ids, starts, ends, text_of)
        return starts, ends

    def _careful(self, text: str, raw, warnings: list[Note]) -> NativeResult:
        """One text the fast way could not do: byte pieces counted in bytes, or the protobuf."""
        result = None
        if not self._identity:
            result = self._native_normalized_bytes(np.asarray(raw[0], dtype=np.int64), raw[1],
                                                   (raw[2][0], self._offsets(raw[2])))
        if result is None:
            result = self._native_proto(text)
        result.warnings = warnings
        return result

    def _native_normalized_bytes(self, ids: np.ndarray, surfaces, normalized
                                 ) -> NativeResult | None:
        """A normalized text with byte pieces (parts of a character): lengths in bytes of the
        normalized text, widened to its characters, then mapped to the original."""
        lengths = self._piece_lengths[ids]
        first = np.array([0, len(ids)])
        odd = np.flatnonzero(self._no_fast_path[ids])
        if (self._types[ids[odd]] != UNKNOWN).any() or not self._lengths_from_surfaces(
                ids, lengths, [surfaces], first, lambda surface: len(surface.encode("utf-8")),
                odd)[0]:
            return None
        text, offsets = normalized
        norm_index = TextIndex(text)
        ends = np.cumsum(lengths)
        if (int(ends[-1]) if len(ends) else 0) != len(norm_index.data):
            return None
        cp_s, cp_e, _ = norm_index.cp_spans(ends - lengths, ends)
        origin = np.asarray(offsets, dtype=np.int64)
        starts, ends = origin[cp_s], origin[cp_e]
        self._share_orphan_spans(ids, starts, ends)
        return NativeResult(ids, starts, ends, self._flag_table[ids], "cp")

    def _share_orphan_spans(self, ids: np.ndarray, starts: np.ndarray, ends: np.ndarray,
                            text_of: np.ndarray | None = None) -> None:
        """SentencePiece gives the source span to the last piece made from it (the last byte of
        a character, the "i" of NFKC "ﬃ" -> "f f i"); the pieces before it get an empty span.
        They come from the same source, so they share its span (narrowed later where possible).
        A bare "▁" with an empty span is the dummy prefix or folded whitespace: it has no source.
        """
        # the empty spans first (few: the tables are read for those alone)
        empty = np.flatnonzero(starts == ends)
        some = ids[empty]
        orphan = empty[~self._no_fast_path[some] & (some != self._bare_space_id)]
        if len(orphan):
            for i in reversed(orphan[orphan < len(ids) - 1].tolist()):
                if starts[i + 1] == starts[i] and (text_of is None
                                                   or text_of[i + 1] == text_of[i]):
                    ends[i] = ends[i + 1]

    def _native_proto(self, text: str) -> NativeResult:
        pieces = self.sp.encode(text, out_type="proto").pieces
        count = len(pieces)
        ids = np.fromiter((p.id for p in pieces), dtype=np.int64, count=count)
        starts = np.fromiter((p.begin for p in pieces), dtype=np.int64, count=count)
        ends = np.fromiter((p.end for p in pieces), dtype=np.int64, count=count)
        self._share_orphan_spans(ids, starts, ends)
        return NativeResult(ids, starts, ends, self._flag_table[ids], "bytes")

    def _add_specials(self, result: NativeResult, add_special_tokens: bool) -> NativeResult:
        if not add_special_tokens:
            return result
        marker = np.uint8(Flag.SPECIAL | Flag.INSERTED)
        ids, starts, ends, flags = result.ids, result.starts, result.ends, result.flags
        if self.add_bos and self.sp.bos_id() >= 0:
            ids = np.concatenate(([self.sp.bos_id()], ids))
            starts, ends = np.concatenate(([0], starts)), np.concatenate(([0], ends))
            flags = np.concatenate(([marker], flags)).astype(np.uint8)
        if self.add_eos and self.sp.eos_id() >= 0:
            end = ends[-1:] if len(ends) else [0]
            ids = np.concatenate((ids, [self.sp.eos_id()]))
            starts, ends = np.concatenate((starts, end)), np.concatenate((ends, end))
            flags = np.concatenate((flags, [marker])).astype(np.uint8)
        result.ids, result.starts, result.ends, result.flags = ids, starts, ends, flags
        return result

    def stages(self, text: str) -> list[Stage]:
        normalized = self.sp.normalize(text)
        spec = self.proto.normalizer_spec
        stages = [Stage("normalizer", f"{spec.name or 'identity'}"
                        + (", dummy prefix ▁" if spec.add_dummy_prefix else "")
                        + (", whitespace folded" if spec.remove_extra_whitespaces else ""),
                        [(normalized, None)])]
        return stages

    def pre_tokens(self, text: str, parse_special: bool = False) -> list[PreToken]:
        """SentencePiece has no pre-tokenizer: its model runs over the whole normalized text
        (spaces as ``▁``, the dummy prefix), which is one pre-token, apart from user-defined
        symbols, which the model takes whole. Control symbols are never parsed from text, so
        ``parse_special`` changes nothing."""
        if not text:
            return []
        normalized, offsets = self.sp.normalize(text, with_offsets=True)
        to_bytes = char_to_byte_offsets(text)
        at = [to_bytes[o] for o in offsets]
        out = []
        for start, end, piece_id in self._user_defined_cuts(normalized):
            out.append(PreToken(normalized[start:end], at[start], at[end],
                                "text" if piece_id is None else "user-defined", piece_id,
                                tuple(at[start:end + 1])))
        return out

    def _user_defined_cuts(self, normalized: str):
        """``(start, end, id or None)``: user-defined symbols matched longest first, left to
        right (sentencepiece's prefix matcher), and the text between them."""
        symbols = self._user_defined_ids
        longest = max(map(len, symbols), default=0)
        pos = i = 0
        while i < len(normalized):
            size = next((n for n in range(min(longest, len(normalized) - i), 0, -1)
                         if normalized[i:i + n] in symbols), 0)
            if not size:
                i += 1
                continue
            if i > pos:
                yield pos, i, None
            yield i, i + size, symbols[normalized[i:i + size]]
            pos = i = i + size
        if pos < len(normalized):
            yield pos, len(normalized), None

    @cached_property
    def _user_defined_ids(self) -> dict[str, int]:
        return {p.piece: i for i, p in enumerate(self.proto.pieces) if p.type == USER_DEFINED}

    def model_view(self) -> ModelView:
        return self._model_view

    @cached_property
    def _model_view(self) -> ModelView:
        names = {NORMAL: "normal", UNKNOWN: "unknown", CONTROL: "control",
                 USER_DEFINED: "user-defined", UNUSED: "unused", BYTE: "byte"}
        trainer, norm = self.proto.trainer_spec, self.proto.normalizer_spec
        return ModelView(
            f"sentencepiece/{self.model_type}", self.model_type, tuple(self._pieces),
            tuple(self.token_bytes(i) for i in range(len(self._pieces))),
            tuple(names.get(t, "normal") for t in self._types.tolist()),
            scores=tuple(p.score for p in self.proto.pieces),
            special_tokens=tuple(self.special_tokens()),
            normalizer=(norm.name or "identity")
            + (", dummy prefix ▁" if norm.add_dummy_prefix else ""),
            pre_tokenizer="none (the model runs over the whole normalized text)",
            decoder="▁ -> space" + (", byte pieces joined" if trainer.byte_fallback else ""),
            post_processor=", ".join(n for n, on in (("<s>", self.add_bos), ("</s>", self.add_eos))
                                     if on) or "none",
            options={"byte_fallback": trainer.byte_fallback, "unk_id": self.unk_id,
                     "unk_piece": self._pieces[self.unk_id]})

    # -- the protocol's questions ----------------------------------------------------------
    def post_template(self) -> Template:
        """BOS / EOS as this runtime adds them, and where that choice came from."""
        sp, by = self.sp, self.added_by
        bos = (self.piece(sp.bos_id()), sp.bos_id()) if self.add_bos and sp.bos_id() >= 0 else None
        eos = (self.piece(sp.eos_id()), sp.eos_id()) if self.add_eos and sp.eos_id() >= 0 else None
        if not (bos or eos):
            return bos_eos_template(None, None, origin="none")
        detail = {"tokenizer_config.json": "add_bos_token / add_eos_token",
                  "default": "the model's BOS piece"}.get(by, "")
        return bos_eos_template(bos, eos, origin=by, detail=detail)

    @property
    def stream_traits(self) -> StreamTraits:
        # sentencepiece's decode skips control pieces wherever they are, and a piece after
        # others reads as its bytes (only the first drops its leading space)
        return StreamTraits(skips_control_anywhere=True, bytes_after_context=True)

    def declared_roles(self) -> dict[str, str]:
        """The model's own bos/eos/unk/pad pieces (transformers' tokenizer of a bare ``.model``)."""
        return {t.role: t.content for t in self.special_tokens() if t.role}

    def special_token_source(self) -> str:
        return "SentencePiece piece type"

    def describe(self) -> dict[str, str]:
        info = super().describe()
        trainer, norm = self.proto.trainer_spec, self.proto.normalizer_spec
        info.update({
            "model": self.model_type + (" + byte fallback" if trainer.byte_fallback else ""),
            "normalizer": norm.name or "identity",
            "dummy prefix": "yes" if norm.add_dummy_prefix else "no",
            "special tokens": f"{len(self._control_ids)} control, {len(self._user_defined)} user-defined",
        })
        return info
