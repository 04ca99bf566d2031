"""HF ``tokenizer.json`` (and WordPiece ``vocab.txt`` / GPT-2 ``vocab.json``+``merges.txt``,
which are turned into the equivalent ``tokenizer.json``) on the ``tokenizers`` runtime.

``tokenizers`` reports offsets in characters of the original text; they are turned into byte spans
and, where several byte-level tokens share one character, narrowed to each token's own bytes
(:func:`core.encodings.spans.refine_overlapping_spans`).
"""

from __future__ import annotations

import json
import re
import unicodedata
from functools import cached_property, lru_cache
from itertools import chain
from typing import Any, Sequence

import numpy as np
import tokenizers
from tokenizers import Tokenizer

from ...encodings.batch import EncodingBatch
from ...encodings.ids_only import IdsBatch, spelled_texts
from ...encodings.small import (SmallResult, laid_spans, laid_table,
                                lengths_end_to_end)
from ...encodings.spans import NativeMany, NativeResult, spelled_joined_spans
from ...encodings.encoding import Flag
from ...collector import collector_paused
from ...errors import FormatError
from ...notes import note
from ...pipeline.pretokens import ModelView, PreToken
from ...pipeline.special import ROLE_BY_NAME, SpecialToken, guess_role
from ...encodings.vocab_bytes import VocabBytes, byte_piece_value, ragged_positions
from ..runtime import PreTokenizerPart, Runtime, Stage, StreamTraits
from . import tokenizer_json
from .pretokens import added_token_id, added_tokens_in_play, hf_pre_tokens, split_spans


@lru_cache(maxsize=1)
def byte_level_decoder() -> dict[str, int]:
    """The GPT-2 byte-level alphabet, reversed: printable stand-in character -> byte.

    >>> byte_level_decoder()["Ġ"]
    32
    """
    printable = (list(range(ord("!"), ord("~") + 1)) + list(range(ord("¡"), ord("¬") + 1))
                 + list(range(ord("®"), ord("ÿ") + 1)))
    mapping = {b: b for b in printable}
    extra = 0
    for b in range(256):
        if b not in mapping:
            mapping[b] = 256 + extra
            extra += 1
    return {chr(code): b for b, code in mapping.items()}


@lru_cache(maxsize=1)
def _byte_level_tables():
    table = byte_level_decoder()
    return ({ord(ch): b for ch, b in table.items()},
            re.compile("[^" + re.escape("".join(table)) + "]"))


def byte_level_bytes(word: str) -> bytes | None:
    """The bytes a byte-level piece stands for, or None when a character of it is not in the
    byte alphabet (one translate, not a generator per character: a 256k vocabulary's bytes).

    >>> byte_level_bytes("Ġhi"), byte_level_bytes("hi there")
    (b' hi', None)
    """
    codes, outside = _byte_level_tables()
    if outside.search(word):
        return None
    return word.translate(codes).encode("latin-1")


def _changed_one_for_one(text: str, normalized: str, form: str) -> list[int] | None:
    """Where ``normalized`` (as long as ``text``) is ``text`` with each character it changes
    replaced by that character's own normal form, one character (so the normalizer's
    alignment maps character i to character i): the changed characters' positions, in order;
    else None. The changed places are found in two arrays of code points, not a Python step
    per character.

    >>> _changed_one_for_one("a，b", "a,b", "NFKC")
    [1]
    >>> _changed_one_for_one("x\u0301\u0323", "x\u0323\u0301", "NFKC") is None
    True
    """
    before = np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    after = np.frombuffer(normalized.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)
    changed = np.flatnonzero(before != after).tolist()
    if all(_normal_char(text[i], form) == normalized[i] for i in changed):
        return changed
    return None


@lru_cache(maxsize=4096)
def _normal_char(char: str, form: str) -> str:
    """One character's normal form (cached: a text's changed characters repeat)."""
    return unicodedata.normalize(form, char)


def _components(node: Any) -> list[dict]:
    """Flatten a component and any ``Sequence`` of components into a list of dicts."""
    if not isinstance(node, dict):
        return []
    items = [node]
    for key in ("pretokenizers", "normalizers", "decoders", "processors"):
        for child in node.get(key) or []:
            items.extend(_components(child))
    return items


def _types(node: Any) -> list[str]:
    return [c.get("type", "") for c in _components(node)]


class HFRuntime(Runtime):
    """A ``tokenizer.json`` on the ``tokenizers`` runtime.

    Args:
        spec: the parsed ``tokenizer.json``.
        configs: sibling files by name (``tokenizer_config.json``...), already parsed.
        source_format: what the user loaded (``tokenizer.json``, ``wordpiece``, ``gpt2-bpe``).
    """

    library = f"tokenizers {tokenizers.__version__}"

    def __init__(self, spec: dict, *, name: str = "tokenizer", path: object = None,
                 configs: dict[str, dict] | None = None,
                 source_format: str = "tokenizer.json") -> None:
        super().__init__()
        self.name = name
        self.spec = spec
        self.source_format = source_format
        self.configs = configs or {}
        model = spec.get("model")
        if not isinstance(model, dict):
            raise FormatError.of(note("hf.no_model"), path=path)
        try:
            self.tk = Tokenizer.from_str(json.dumps(spec))
        except Exception as err:  # the Rust side raises a bare Exception with serde's message
            raise FormatError.of(note("hf.rejected", said=str(err)), path=path) from None
        if self.tk.padding:
            self.notes.append(note("hf.padding_off",
                                   length=self.tk.padding.get("length") or "longest"))
            self.tk.no_padding()
        if self.tk.truncation:
            self.notes.append(note("hf.truncation_off",
                                   max_length=self.tk.truncation["max_length"]))
            self.tk.no_truncation()
        self.model_type = model.get("type") or ("BPE" if "merges" in model else "?")
        kinds = _types(spec.get("pre_tokenizer")) + _types(spec.get("decoder"))
        self.byte_level = "ByteLevel" in kinds
        self.metaspace = "Metaspace" in kinds or any(
            # ensure_ascii=False: the default would write "▁" as "\u2581" and never match
            c.get("type") == "Replace" and "▁" in json.dumps(c.get("pattern"), ensure_ascii=False)
            for c in _components(spec.get("decoder")))
        self.byte_fallback = bool(model.get("byte_fallback"))
        self.prefix = model.get("continuing_subword_prefix") or ""
        self.suffix = model.get("end_of_word_suffix") or ""
        # keyed by the id the runtime uses: an added token whose content the model's vocabulary
        # already has keeps the vocabulary's id (tokenizers ignores the file's), see hf_pretokens
        self._added = {added_token_id(self.tk, t): t
                       for t in spec.get("added_tokens") or [] if "id" in t}
        self._special_ids = np.array(sorted(i for i, t in self._added.items() if t.get("special")),
                                     dtype=np.int64)
        unk = model.get("unk_token")
        self.unk_id = self.tk.token_to_id(unk) if isinstance(unk, str) else None
        if self.model_type == "Unigram" and isinstance(model.get("unk_id"), int):
            self.unk_id = model["unk_id"]  # Unigram names its unknown token by id

    # -- Runtime -------------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        return self.tk.get_vocab_size(with_added_tokens=True)

    def piece(self, token_id: int) -> str:
        piece = self.tk.id_to_token(int(token_id))
        return "" if piece is None else piece

    def token_to_id(self, piece: str) -> int | None:
        return self.tk.token_to_id(piece)

    def token_bytes(self, token_id: int) -> bytes:
        return self.vocab_bytes(token_id)

    @cached_property
    def vocab_bytes(self) -> VocabBytes:
        """Every id's bytes, read off its piece (each id once, as it is first asked for)."""
        return VocabBytes.of(self._piece_bytes, self.id_space)

    def _piece_bytes(self, token_id: int) -> bytes:
        piece = self.piece(token_id)
        if token_id in self._added or token_id == self.unk_id:
            return piece.encode("utf-8")
        if self.byte_fallback:
            value = byte_piece_value(piece)
            if value is not None:
                return bytes([value])
        if self.byte_level:
            # CLIP: "</w>" marks a word's end and is not text (its characters are all in the
            # byte alphabet, so it would otherwise read as the bytes "</w>")
            word = (piece[: -len(self.suffix)] if self.suffix and piece.endswith(self.suffix)
                    and len(piece) > len(self.suffix) else piece)
            data = byte_level_bytes(word)
            if data is not None:
                return data
        if self.prefix and piece.startswith(self.prefix):
            piece = piece[len(self.prefix):]
        if self.suffix and piece.endswith(self.suffix):
            piece = piece[: -len(self.suffix)] + " "
        if self.metaspace:
            piece = piece.replace("▁", " ")
        return piece.encode("utf-8")

    def _list_special_tokens(self) -> list[SpecialToken]:
        roles = self._configured_roles()
        out = []
        for token_id, token in sorted(self._added.items()):
            content = token.get("content", "")
            kind = "special" if token.get("special") else "added"
            out.append(SpecialToken(content, token_id, kind,
                                    roles.get(content) or guess_role(content), True))
        if self.unk_id is not None and self.unk_id not in self._added:
            out.append(SpecialToken(self.piece(self.unk_id), self.unk_id, "unk", "unk", False))
        return out

    def _configured_roles(self) -> dict[str, str]:
        roles: dict[str, str] = {}
        for name in ("special_tokens_map.json", "tokenizer_config.json"):
            for key, value in self.configs.get(name, {}).items():
                if key in ROLE_BY_NAME:
                    content = value.get("content") if isinstance(value, dict) else value
                    if isinstance(content, str):
                        roles[content] = ROLE_BY_NAME[key]
        return roles

    def decode(self, ids: Sequence[int]) -> str:
        return self.tk.decode([int(i) for i in ids], skip_special_tokens=False)

    def _native_batch(self, texts, add_special_tokens: bool, parse_special):
        with self.lock:
            if isinstance(parse_special, frozenset):  # some literals allowed, not all
                tk = self._tokenizer_allowing(parse_special)
            else:
                tk = self.tk
                tk.encode_special_tokens = not parse_special
            # encode_batch releases the GIL (encode does not) and uses every core
            return tk.encode_batch(list(texts), add_special_tokens=add_special_tokens)

    def _tokenizer_allowing(self, allowed: frozenset) -> Tokenizer:
        """The same tokenizer whose added-token matcher knows only the special tokens
        ``allowed`` (and every plain added token): ``tokenizers`` has one switch for all
        special tokens (``encode_special_tokens``), and a special token it does not match is
        text exactly as under that switch. Built once per set (the last few kept)."""
        cache = self.__dict__.setdefault("_allowing", {})
        if allowed not in cache:
            spec = dict(self.spec, added_tokens=[
                t for t in self.spec.get("added_tokens") or []
                if not t.get("special") or t.get("content") in allowed])
            tk = Tokenizer.from_str(json.dumps(spec))
            tk.no_padding()
            tk.no_truncation()
            if len(cache) >= 4:
                cache.pop(next(iter(cache)))
            cache[allowed] = tk
        return cache[allowed]

    def _native(self, text: str, add_special_tokens: bool, parse_special: bool) -> NativeResult:
        # a batch of one gives exactly what encode gives, and keeps a GUI thread responsive
        return self._native_many([text], add_special_tokens, parse_special).result(0)

    def _native_small(self, text: str, add_special_tokens: bool,
                      parse_special: bool) -> SmallResult | None:
        """:meth:`_native_many` of one text, in lists: the spelled spans where the tokens'
        bytes spell the text, else the library's code point offsets."""
        warnings = self._prepare(text, parse_special)
        spelled = (self._laid_table is not None and not parse_special
                   and self._spells_text(text))
        if (not spelled and self._laid_table is not None and not parse_special
                and not (add_special_tokens and self._post_adds)):
            laid = self._laid_one_for_one(text, add_special_tokens)
            if laid is not None:
                id_array, byte_spans, cp_spans, flags = laid
                return SmallResult(id_array, *(byte_spans or (None, None)), flags, "bytes",
                                   True, warnings, laid=True, cp_spans=cp_spans)
        # a text its tokens spell needs no offsets from the library (the spans are laid)
        # (none inserted: a post-processor's token would need them below)
        native = (self._native_without_offsets(text, add_special_tokens)
                  if spelled and not (add_special_tokens and self._post_adds) else None)
        fast = native is not None
        if not fast:
            native = self._native_batch([text], add_special_tokens, parse_special)[0]
        ids = native.ids
        # the fast call parses no literal and adds no token (laid_spans would refuse one):
        # its special-tokens mask need not be made
        if spelled and (fast or 1 not in native.special_tokens_mask):
            # no token inserted, the text as the normalizer leaves it: the tokens' bytes are
            # laid over the text, and both units' spans come from one gather of per-id rows
            id_array = np.array(ids, dtype=np.int64)
            laid = laid_spans(self._laid_table, id_array, text, len(text.encode("utf-8")))
            if laid is not None:
                byte_spans, cp_spans, flags = laid
                flags |= self._flag_table.take(id_array)
                return SmallResult(id_array, *byte_spans, flags, "bytes", True, warnings,
                                   laid=True, cp_spans=cp_spans)
        if fast:  # the steps below read the library's offsets
            native = self._native_batch([text], add_special_tokens, parse_special)[0]
            ids = native.ids
        special = native.special_tokens_mask
        if self._laid_table is not None and not parse_special and ids and 1 not in special:
            # the normalizer changed the text: the library's code point offsets, narrowed where
            # tokens share a character (core.encodings.small.narrowed_laid_spans)
            id_array = np.array(ids, dtype=np.int64)
            starts, ends = zip(*native.offsets)
            return SmallResult(id_array, np.array(starts, dtype=np.int64),
                               np.array(ends, dtype=np.int64), self._flag_table.take(id_array),
                               "cp", False, warnings, table=self._laid_table)
        flag_of = self._small_flags
        flags = list(map(flag_of.__getitem__, ids))
        marker = int(Flag.SPECIAL | Flag.INSERTED)
        if self._spells_text is not None and not parse_special and self._spells_text(text):
            # special tokens are never parsed from text here: every one is the post-processor's
            length_of = self._small_lengths
            starts, ends = lengths_end_to_end([0 if is_special else length_of[i]
                                               for i, is_special in zip(ids, special)])
            if (ends[-1] if ends else 0) == len(text.encode("utf-8")):
                return SmallResult(ids, starts, ends,
                                   [f | marker if is_special else f
                                    for f, is_special in zip(flags, special)],
                                   "bytes", True, warnings)
        starts, ends = map(list, zip(*native.offsets)) if ids else ([], [])
        if any(special):  # a special token with an empty span is the post-processor's
            flags = [f | marker if is_special and start == end else f
                     for f, is_special, start, end in zip(flags, special, starts, ends)]
        return SmallResult(ids, starts, ends, flags, "cp", False, warnings)

    def _laid_one_for_one(self, text: str, add_special_tokens: bool):
        """``(ids, byte spans, code point spans, flags)`` of a text the normalizer changes
        character for character (NFKC's full-width punctuation in Chinese text: 38% of the
        mono corpus's short lines); else None. The tokens' bytes spell the normalized text,
        whose characters are the text's one for one: the spans laid over it are the text's in
        code points, and in bytes once shifted by what the changed characters before each
        offset gained or lost; tokens sharing a character (CJK split into byte tokens) keep
        their offsets in it, where the characters they cover are unchanged (the narrowing of
        runs sharing a character gives the same); else None. The library's offsets are then
        not needed."""
        form = self._normal_form
        if form is None:
            return None
        normalized = unicodedata.normalize(form, text)
        if len(normalized) != len(text):
            return None
        changed = _changed_one_for_one(text, normalized, form)
        if changed is None:
            return None
        native = self._native_without_offsets(text, add_special_tokens)
        if native is None:
            return None
        # no special literal is parsed and no post-processor token added here: a token the
        # library inserted anyway would not spell the text, and laid_spans would refuse it
        id_array = np.array(native.ids, dtype=np.int64)
        normal_data = normalized.encode("utf-8")
        laid = laid_spans(self._laid_table, id_array, normalized, len(normal_data))
        if laid is None:
            return None
        (byte_starts, byte_ends), cp_spans, partial = laid
        flags = self._flag_table.take(id_array)
        changed_at = np.array(changed, dtype=np.int64)
        if partial.any():
            # a token sharing a character (PARTIAL) must cover unchanged ones only: the run's
            # bytes are then the text's, as narrowing finds them (else it keeps whole
            # characters). A changed character's first token (the first whose end is past
            # it) is partial wherever a token sharing a character covers it.
            if partial.take(np.searchsorted(cp_spans[1], changed_at, side="right")).any():
                return None
            flags |= partial
        # an offset in the text is the one in the normalized text plus the bytes the changed
        # characters before it lost or gained (a token starts or ends inside an unchanged
        # character only, so the bytes into it carry over)
        shift = np.zeros(len(text) + 1, dtype=np.int32)
        shift[changed_at + 1] = [len(text[i].encode("utf-8")) - len(normalized[i].encode("utf-8"))
                                 for i in changed]
        np.add.accumulate(shift, out=shift)
        return (id_array, (byte_starts + shift.take(cp_spans[0]),
                           byte_ends + shift.take(cp_spans[1])), cp_spans, flags)

    @cached_property
    def _normal_form(self) -> str | None:
        """The one Unicode normal form the normalizer applies, where the tokens' bytes spell
        the normalized text (:attr:`_spells_text`); else None."""
        if self._spells_text is None:
            return None
        forms = [k for k in _types(self.spec.get("normalizer")) if k != "Sequence"]
        return forms[0] if len(forms) == 1 and forms[0] in ("NFC", "NFD", "NFKC",
                                                             "NFKD") else None

    @cached_property
    def _post_adds(self) -> bool:
        """Whether the post-processor adds tokens to a single text."""
        return self.tk.num_special_tokens_to_add(False) > 0

    def _native_without_offsets(self, text: str, add_special_tokens: bool):
        """The library's answer for one text with no special literal parsed, without the
        offsets it tracks (``encode_batch_fast``: ~8 us of a 38 us encode of a line), for a
        text whose tokens' bytes spell it (their spans are laid from the bytes); None where
        this ``tokenizers`` has no such call."""
        fast = getattr(self.tk, "encode_batch_fast", None)
        if fast is None:
            return None
        with self.lock:
            self.tk.encode_special_tokens = True
            return fast([text], add_special_tokens=add_special_tokens)[0]

    @cached_property
    def _laid_table(self) -> np.ndarray | None:
        """Per id, the rows :func:`~core.encodings.small.laid_spans` gathers, where the tokens'
        bytes spell a text the normalizer leaves as it is (:attr:`_spells_text`) and no token
        is empty (made once); else None."""
        if self._spells_text is None or self.vocab_bytes.utf8_tables[2]:
            return None
        return laid_table(self.vocab_bytes.all_lengths, *self.vocab_bytes.utf8_arrays)

    @cached_property
    def _small_flags(self) -> list[int]:
        """Each id's flags, as a list (for :meth:`_native_small`)."""
        return self._flag_table.tolist()

    @cached_property
    def _small_lengths(self) -> list[int]:
        """Each id's byte length, as a list (the spelled spans of :meth:`_native_small`)."""
        return self.vocab_bytes.all_lengths.tolist()

    def count_many(self, texts):
        """Ids and flags without offsets: gathering the offsets costs as much as the encode."""
        self._prepare_many(texts, False)  # a lone surrogate is refused, as by encode_batch
        natives = self._native_batch(texts, False, False)
        counts = np.fromiter((len(e.ids) for e in natives), dtype=np.int64, count=len(texts))
        ids = np.fromiter(chain.from_iterable(e.ids for e in natives), dtype=np.int64,
                          count=int(counts.sum()))
        return ids, self._flag_table[ids], counts

    def encode_ids_batch(self, texts, *, add_special_tokens: bool = True) -> IdsBatch:
        """IDs without offsets (gathering them costs as much as the IDs); a text is spelled
        where :meth:`_native_many` lays its tokens end to end (:meth:`_many_of_natives`). The
        texts encoded again (``encode_some``) come from the same native answer."""
        self._refuse_unencodable(texts)
        natives = self._native_batch(texts, add_special_tokens, False)
        id_lists = [e.ids for e in natives]  # each a new list: asked once
        k = len(texts)
        counts = np.fromiter(map(len, id_lists), dtype=np.int64, count=k)
        total = int(counts.sum())
        ids = np.fromiter(chain.from_iterable(id_lists), dtype=np.int64, count=total)

        def encode_some(indexes) -> EncodingBatch:
            some = [texts[i] for i in indexes]
            return EncodingBatch(self, some, self._many_of_natives(
                some, [natives[i] for i in indexes], self._prepare_many(some, False), False))

        if self._spells_text is None:
            return IdsBatch(ids, counts, np.zeros(k, dtype=bool), encode_some)
        lengths = self.vocab_bytes.all_lengths[ids]
        if add_special_tokens and self.spec.get("post_processor") is not None:
            # only the post-processor marks tokens special (a special token read from the
            # text is not): those it inserts cover no text
            special = np.fromiter(chain.from_iterable(e.special_tokens_mask for e in natives),
                                  dtype=bool, count=total)
            lengths[special] = 0
        spelled = np.fromiter(map(self._spells_text, texts), dtype=bool, count=k)
        return IdsBatch(ids, counts, spelled & spelled_texts(texts, lengths, counts),
                        encode_some, lengths)

    def ids_and_cp_spans(self, texts: Sequence[str], parse_special: bool) -> list[tuple]:
        """Each text's IDs and code-point spans (no added tokens), as lists: the
        ``encode_batch(texts, add_special_tokens=False, parse_special=...)``'s, without its
        notes and its byte round trip (for the chat report's render: finding its literals for
        notes nobody reads, gathering the offsets into arrays, converting them to bytes and back
        cost 1.5 ms over the native encode's 3). The native offsets are the code points each
        token's bytes come from; the batch narrows the byte spans that several tokens share (a
        character split between byte-level tokens) and widens them back to whole code points,
        which gives the same offsets. Only a text with an empty span (a token the batch places
        where it was inserted) takes the batch's way, from the same native answer.

        >>> # runtime.ids_and_cp_spans(["hi"], False) -> [([6151], [(0, 2)])]
        """
        self._refuse_unencodable(texts)
        natives = self._native_batch(texts, False, parse_special)
        out = []
        for native in natives:
            offsets = native.offsets
            if any(start >= end for start, end in offsets):
                break  # an empty span: the batch's placement below
            out.append((native.ids, offsets))
        else:
            return out
        return EncodingBatch(self, texts, self._many_of_natives(
            texts, natives, [[] for _ in texts], parse_special)).ids_and_cp_spans_each()

    def _native_many(self, texts, add_special_tokens: bool, parse_special: bool) -> NativeMany:
        """All texts in one native batch call; ids, offsets and flags gathered with numpy."""
        warnings = self._prepare_many(texts, parse_special)
        # the library's answer: an Encoding per text, and a list (of ints, of offset tuples)
        # per asking; the cyclic collector would walk them again and again meanwhile
        with collector_paused():
            natives = self._native_batch(texts, add_special_tokens, parse_special)
            return self._many_of_natives(texts, natives, warnings, parse_special)

    def _many_of_natives(self, texts, natives, warnings, parse_special) -> NativeMany:
        """:meth:`_native_many` of the library's Encodings ``natives`` of ``texts``.

        Where the normalizer leaves a text as it is, the tokens' bytes spell it: its spans are
        a cumulative sum of token lengths, exact bytes, and the library is not asked for its
        offsets (a tuple per token, each built on asking: as long as the gathering of ids).
        When every text is spelled, the spans are made on the joined texts at once
        (:func:`~core.encodings.spans.spelled_joined_spans`).
        """
        k = len(texts)
        # the library builds a list on each asking of ids: counted with len(), each list asked
        # for once and let go at once (all alive together: 3 M ints the collector walks)
        counts = np.fromiter(map(len, natives), dtype=np.int64, count=k)
        total = int(counts.sum())
        ids = np.fromiter(chain.from_iterable(e.ids for e in natives), dtype=np.int64,
                          count=total)
        special = np.fromiter(chain.from_iterable(e.special_tokens_mask for e in natives),
                              dtype=bool, count=total)
        flags = self._flag_table[ids]
        spelled, lengths = np.zeros(k, dtype=bool), None
        if self._spells_text is not None and not parse_special:
            # special tokens are never parsed from text here: every one is the post-processor's
            # and covers no text
            lengths = np.where(special, 0, self.vocab_bytes.all_lengths[ids])
            spelled = np.fromiter(map(self._spells_text, texts), dtype=bool, count=k)
            spelled &= spelled_texts(texts, lengths, counts)
        if k and spelled.all():
            starts, ends, joined = spelled_joined_spans(lengths, counts)
            flags[special] |= np.uint8(Flag.SPECIAL | Flag.INSERTED)
            return NativeMany(ids, starts, ends, flags, counts, np.zeros(k, dtype=bool),
                              np.ones(k, dtype=bool), warnings, [None] * k, joined)
        # tokenizers counts offsets in characters of the original text: code points in Python
        if not spelled.any():  # no text spelled (or nothing is, as in WordPiece): all offsets
            offsets = np.fromiter(chain.from_iterable(chain.from_iterable(
                e.offsets for e in natives)), dtype=np.int64, count=2 * total).reshape(-1, 2)
            starts, ends = offsets[:, 0].copy(), offsets[:, 1].copy()
        else:
            first = np.zeros(k + 1, dtype=np.int64)
            np.cumsum(counts, out=first[1:])
            running = np.zeros(total + 1, dtype=np.int64)
            np.cumsum(lengths, out=running[1:])
            ends = running[1:] - np.repeat(running[first[:-1]], counts)  # within each text
            starts = ends - lengths
            rest = np.flatnonzero(~spelled)
            at = ragged_positions(first[rest], counts[rest])
            offsets = np.fromiter(chain.from_iterable(chain.from_iterable(
                natives[t].offsets for t in rest.tolist())), dtype=np.int64,
                count=2 * len(at)).reshape(-1, 2)
            starts[at], ends[at] = offsets[:, 0], offsets[:, 1]
        # a special token with an empty span is the post-processor's (a spelled text's special
        # tokens have length 0)
        inserted = special & (starts == ends)
        flags[inserted] |= np.uint8(Flag.SPECIAL | Flag.INSERTED)
        return NativeMany(ids, starts, ends, flags, counts, ~spelled, spelled.copy(), warnings,
                          [None] * k)

    @cached_property
    def _spells_text(self):
        """For byte-level BPE whose normalizer is at most a Unicode normal form and whose
        post-processor does not trim offsets: a test that the normalizer leaves a text unchanged.
        Then the tokens' bytes spell the text, and spans are a cumulative sum (no offsets needed).
        None where that does not hold."""
        import unicodedata

        if not self.byte_level or self.model_type != "BPE":
            return None
        if any(c.get("type") == "ByteLevel" and c.get("trim_offsets", True)
               for c in _components(self.spec.get("post_processor"))):
            return None
        if any(c.get("type") == "ByteLevel" and c.get("add_prefix_space")
               for c in _components(self.spec.get("pre_tokenizer"))):
            return None
        kinds = _types(self.spec.get("normalizer"))
        forms = [k for k in kinds if k != "Sequence"]
        if not forms:
            return lambda text: True
        if len(forms) == 1 and forms[0] in ("NFC", "NFD", "NFKC", "NFKD"):
            return lambda text, form=forms[0]: unicodedata.is_normalized(form, text)
        return None

    @property
    def id_space(self) -> int:
        return len(self._flag_table)

    @cached_property
    def _flag_table(self) -> np.ndarray:
        """Flags every id carries wherever it appears (special, unknown, byte fallback)."""
        # ids can have holes (added tokens far beyond the model's vocabulary)
        size = max(self.vocab_size, max(self._added, default=-1) + 1,
                   max(self.tk.get_vocab(with_added_tokens=True).values(), default=-1) + 1)
        table = np.zeros(size, dtype=np.uint8)
        table[self._special_ids] |= np.uint8(Flag.SPECIAL)
        if self.unk_id is not None:
            table[self.unk_id] |= np.uint8(Flag.UNK)
        if self.byte_fallback:
            for piece, token_id in self.tk.get_vocab(with_added_tokens=False).items():
                if byte_piece_value(piece) is not None:
                    table[token_id] |= np.uint8(Flag.BYTE_FALLBACK)
        return table

    def stages(self, text: str) -> list[Stage]:
        """The normalized text (the pre-tokens are :meth:`pre_tokens`)."""
        if self.tk.normalizer is None:
            return []
        return [Stage("normalizer", ", ".join(_types(self.spec.get("normalizer"))),
                      [(self.tk.normalizer.normalize_str(text), None)])]

    def pre_tokens(self, text: str, parse_special: bool = False) -> list[PreToken]:
        return hf_pre_tokens(self.tk, self.spec, text, parse_special)

    def pre_token_spans(self):
        """With no added token in play, the splits' spans as the library gives them (no
        ``PreToken`` each: claude-legacy's 400 checked FLORES lines 14.4 -> 8.8 ms)."""
        if added_tokens_in_play(self.spec, False):
            return super().pre_token_spans()
        return split_spans(self.tk)

    def model_view(self) -> ModelView:
        return self._model_view

    @cached_property
    def _model_view(self) -> ModelView:
        model = self.spec["model"]
        size = self.id_space
        vocab = self.tk.get_vocab(with_added_tokens=True)
        pieces = [""] * size
        for piece, token_id in vocab.items():
            pieces[token_id] = piece
        kinds = ["unused"] * size
        for token_id in vocab.values():
            kinds[token_id] = "normal"
        flags = self._flag_table
        for token_id in np.flatnonzero(flags & np.uint8(Flag.BYTE_FALLBACK)).tolist():
            kinds[token_id] = "byte"
        for token_id, token in self._added.items():
            kinds[token_id] = "special" if token.get("special") else "added"
        if self.unk_id is not None and self.unk_id not in self._added:
            kinds[self.unk_id] = "unknown"
        merges = tuple(tuple(m.split(" ", 1)) if isinstance(m, str) else tuple(m)
                       for m in model.get("merges") or [])
        scores = None
        if self.model_type == "Unigram":
            scores = tuple(float(entry[1]) for entry in model.get("vocab") or [])
        options = {k: v for k, v in model.items() if k not in ("vocab", "merges")}
        return ModelView(f"tokenizers/{self.model_type}", self.model_type, tuple(pieces),
                         # the bytes every encode's spans already use (built once)
                         tuple(self.vocab_bytes.tokens()),
                         tuple(kinds), merges, scores, tuple(self.special_tokens()),
                         self.byte_level and self.model_type == "BPE",
                         **self._component_names(), options=options)

    def _component_names(self) -> dict[str, str]:
        return {key: ", ".join(_types(self.spec.get(key))) or "none"
                for key in ("normalizer", "pre_tokenizer", "decoder", "post_processor")}

    # -- the protocol's questions, answered from the tokenizer.json (core.formats.hf.tokenizer_json) ---
    def post_template(self):
        return tokenizer_json.post_template_of(self.spec.get("post_processor"))

    def own_post_settings(self):
        return tokenizer_json.own_post_settings(self.spec)

    def own_pad(self):
        return tokenizer_json.own_pad(self.spec)

    def pipeline_json(self) -> dict:
        return self.spec

    @property
    def stream_traits(self) -> StreamTraits:
        return StreamTraits(whole_byte_runs=tokenizer_json.decodes_byte_runs_whole(
            self.spec, self.byte_fallback),
            bytes_after_context=tokenizer_json.decodes_bytes_after_context(self.spec.get("decoder")))

    def pre_tokenizer_part(self) -> PreTokenizerPart:
        return PreTokenizerPart("tokenizers", self.spec.get("pre_tokenizer"))

    def with_pre_tokenizer(self, part: PreTokenizerPart) -> "HFRuntime | None":
        if part.library != "tokenizers":
            return None
        return HFRuntime({**self.spec, "pre_tokenizer": part.value}, name=self.name)

    def special_token_source(self) -> str:
        return "tokenizer.json added_tokens"

    def plain_encoder(self):
        return tokenizer_json.plain_encoder(self.tk)

    def describe(self) -> dict[str, str]:
        info = super().describe()
        info.update({
            "model": self.model_type + (" + byte fallback" if self.byte_fallback else ""),
            "normalizer": ", ".join(_types(self.spec.get("normalizer"))) or "none",
            "pre-tokenizer": ", ".join(_types(self.spec.get("pre_tokenizer"))) or "none",
            "post-processor": ", ".join(_types(self.spec.get("post_processor"))) or "none",
            "decoder": ", ".join(_types(self.spec.get("decoder"))) or "none",
            "special tokens": str(len(self._added)),
        })
        return info
