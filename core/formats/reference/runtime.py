"""The workbench's own BPE runtime, for what ``tokenizer.json`` cannot say: the paper's separate
``</w>`` end-of-word symbol (Sennrich et al.), where ``low</w>`` and ``low`` are different tokens
and ``</w>`` alone is a token too.

The model file (``workbench-bpe.json``) keeps the merges in rank order, the vocabulary, the
special tokens and the normalizer and pre-tokenizer in ``tokenizers``' own JSON form; words are
found by those very ``tokenizers`` components (so offsets map to the original text) and encoded by
:class:`core.algorithms.bpe.BPEModel`, the same code that trained them.

>>> spec = bpe_model_spec([("l", "o", 7), ("lo", "w", 7), ("low", "</w>", 5)],
...                       ["<", "l", "o", "w", "e", "r", "</w>"], ["<unk>"], "<unk>", None,
...                       {"type": "WhitespaceSplit"})
>>> runtime = ReferenceBPERuntime(spec)
>>> [runtime.piece(i) for i in runtime.encode("low lower").ids.tolist()]
['low</w>', 'low', 'e', 'r', '</w>']
"""

from __future__ import annotations

import json
from typing import Sequence

import numpy as np

from ...algorithms.bpe import END_OF_WORD, BPEModel, Merge
from ...encodings.spans import NativeResult
from ...encodings.encoding import Flag
from ...notes import note
from ...errors import FormatError
from ...pipeline.pretokens import ModelView, PreToken, char_to_byte_offsets
from ...pipeline.special import SpecialToken, guess_role, parses
from ..runtime import Runtime, Stage

MODEL_FORMAT = "tokbench-bpe"
MODEL_FILE = "workbench-bpe.json"
WORD_CACHE = 100_000  # words remembered by a runtime (then it starts again)


def bpe_model_spec(merges: Sequence[tuple[str, str, int]], alphabet: Sequence[str],
                   special_tokens: Sequence[str], unk_token: str | None, normalizer: dict | None,
                   pre_tokenizer: dict | None) -> dict:
    """The JSON form of a symbol-mode BPE: special tokens first, then the alphabet, then every
    merged symbol in rank order (the order training found them). Without ``unk_token``, symbols
    outside the vocabulary are dropped (as ``tokenizers``' BPE does), with a warning."""
    vocab: dict[str, int] = {}
    unknown = [] if unk_token is None else [unk_token]
    for piece in [*special_tokens, *unknown, *alphabet, *(left + right for left, right, _ in merges)]:
        vocab.setdefault(piece, len(vocab))
    return {"format": MODEL_FORMAT, "format_version": 1, "end_of_word": "symbol",
            "unk_token": unk_token, "special_tokens": list(special_tokens),
            "normalizer": normalizer, "pre_tokenizer": pre_tokenizer,
            "alphabet": list(alphabet), "vocab": vocab,
            "merges": [[left, right, count] for left, right, count in merges]}


def _component(key: str, spec: dict | None, path):
    """A ``tokenizers`` normalizer or pre-tokenizer from its JSON form (None stays None)."""
    if spec is None:
        return None
    from tokenizers import Tokenizer

    holder = {"version": "1.0", key: spec,
              "model": {"type": "WordLevel", "vocab": {"x": 0}, "unk_token": "x"}}
    try:
        return getattr(Tokenizer.from_str(json.dumps(holder)), key)
    except Exception as err:  # tokenizers reports an unknown component as a plain Exception
        raise FormatError.of(note("reference.unknown_part", key=key, said=str(err)),
                             path=path) from None


class ReferenceBPERuntime(Runtime):
    """A ``workbench-bpe.json`` model on the workbench's reference BPE encoder."""

    source_format = MODEL_FORMAT
    library = "tokbench reference BPE"

    def __init__(self, spec: dict, *, path: object = None) -> None:
        super().__init__()
        self.spec = spec
        try:
            self.vocab: dict[str, int] = {str(k): int(v) for k, v in spec["vocab"].items()}
            merges = [Merge(rank, str(m[0]), str(m[1]), int(m[2]))
                      for rank, m in enumerate(spec["merges"])]
            self.unk_token = None if spec["unk_token"] is None else str(spec["unk_token"])
            specials = [str(s) for s in spec.get("special_tokens") or []]
        except (KeyError, TypeError, ValueError, IndexError) as err:
            raise FormatError.of(note("reference.invalid", file=MODEL_FILE,
                                      said=f"{type(err).__name__} {err}"), path=path) from None
        missing = [p for p in [self.unk_token, *specials] if p is not None and p not in self.vocab]
        if missing:
            raise FormatError.of(note("reference.not_in_vocabulary", token=missing[0]), path=path)
        self._pieces = [""] * (max(self.vocab.values(), default=-1) + 1)
        for piece, token_id in self.vocab.items():
            if self._pieces[token_id]:
                raise FormatError.of(note("reference.id_twice", id=token_id,
                                          first=self._pieces[token_id], second=piece), path=path)
            self._pieces[token_id] = piece
        self.model = BPEModel(merges, list(spec.get("alphabet") or []), end_of_word="symbol")
        self.specials = {s: self.vocab[s] for s in specials}
        self.unk_id = None if self.unk_token is None else self.vocab[self.unk_token]
        self._word_cache: dict[str, list[str]] = {}
        self.normalizer = _component("normalizer", spec.get("normalizer"), path)
        self.pre_tokenizer = _component("pre_tokenizer", spec.get("pre_tokenizer"), path)
        self.notes.append(note("reference.end_of_word"))

    # -- Runtime -------------------------------------------------------------------------
    @property
    def vocab_size(self) -> int:
        return len(self._pieces)

    def piece(self, token_id: int) -> str:
        token_id = int(token_id)
        return self._pieces[token_id] if 0 <= token_id < len(self._pieces) else ""

    def token_to_id(self, piece: str) -> int | None:
        return self.vocab.get(piece)

    def token_bytes(self, token_id: int) -> bytes:
        """The text a token stands for: ``low</w>`` -> ``low``; ``</w>`` alone -> nothing."""
        piece = self.piece(token_id)
        if int(token_id) in self.specials.values() or int(token_id) == self.unk_id:
            return piece.encode("utf-8")
        if piece.endswith(END_OF_WORD):
            piece = piece[: -len(END_OF_WORD)]
        return piece.encode("utf-8")

    def _list_special_tokens(self) -> list[SpecialToken]:
        out = [SpecialToken(s, i, "special", guess_role(s)) for s, i in self.specials.items()]
        if self.unk_token is not None and self.unk_token not in self.specials:
            out.append(SpecialToken(self.unk_token, self.unk_id, "unk", "unk", False))
        return out

    def decode(self, ids: Sequence[int]) -> str:
        """Pieces joined, each ``</w>`` read as the space between words."""
        text = "".join(self.piece(i) for i in ids)
        return text.replace(END_OF_WORD, " ").rstrip(" ")

    def _words(self, text: str) -> list[tuple[str, int, int]]:
        """``(word, start, end)``: the normalized words with code point spans on ``text``."""
        from tokenizers import PreTokenizedString

        pts = PreTokenizedString(text)
        if self.normalizer is not None:
            pts.normalize(lambda ns: self.normalizer.normalize(ns))
        if self.pre_tokenizer is not None:
            self.pre_tokenizer.pre_tokenize(pts)
        return [(word, s, e) for word, (s, e), _ in pts.get_splits("original", "char")]

    def _native(self, text: str, add_special_tokens: bool, parse_special: bool) -> NativeResult:
        warnings = self._prepare(text, parse_special)
        ids: list[int] = []
        starts: list[int] = []
        ends: list[int] = []
        flags: list[int] = []
        dropped: list[str] = []
        for chunk, offset, special_id in self._chunks(text, parse_special):
            if special_id is not None:
                ids.append(special_id)
                starts.append(offset)
                ends.append(offset + len(chunk))
                flags.append(Flag.SPECIAL)
                continue
            for word, s, e in self._words(chunk):
                self._encode_word(word, text[offset + s:offset + e], offset + s, offset + e,
                                  ids, starts, ends, flags, dropped)
        if dropped:
            warnings.append(f"{len(dropped)} symbol(s) not in the vocabulary were dropped (the "
                            f"model has no unknown token): {', '.join(sorted(set(dropped))[:10])}")
        return NativeResult(np.asarray(ids, dtype=np.int64), np.asarray(starts, dtype=np.int64),
                            np.asarray(ends, dtype=np.int64), np.asarray(flags, dtype=np.uint8),
                            "cp", warnings=warnings)

    def _chunks(self, text: str, parse_special: bool):
        """``(text, code point offset, special id or None)``: special literals cut out first."""
        literals = [found for found in self._special_literals.find(text)
                    if parses(parse_special, found[2])]
        pos = 0
        for s, e, literal in literals:
            if literal in self.specials:
                if s > pos:
                    yield text[pos:s], pos, None
                yield literal, s, self.specials[literal]
                pos = e
        if pos < len(text) or not literals:
            yield text[pos:], pos, None

    def _symbols(self, word: str) -> list[str]:
        """The model's symbols for a word, remembered: text repeats its words, and merging a
        word again costs a pass over its pairs per merge."""
        symbols = self._word_cache.get(word)
        if symbols is None:
            symbols = self.model.encode_word(word)
            if len(self._word_cache) >= WORD_CACHE:
                self._word_cache.clear()
            self._word_cache[word] = symbols
        return symbols

    def _encode_word(self, word: str, original: str, start: int, end: int, ids: list,
                     starts: list, ends: list, flags: list, dropped: list) -> None:
        symbols = self._symbols(word)
        exact = word == original  # otherwise every symbol shares the word's span
        pos = start
        for k, symbol in enumerate(symbols):
            token_id = self.vocab.get(symbol)
            # the last symbol carries the end-of-word marker, which stands for no character
            length = len(symbol) - (len(END_OF_WORD) if k == len(symbols) - 1 else 0)
            if token_id is None and self.unk_id is None:
                dropped.append(symbol)
                pos += length
                continue
            ids.append(self.unk_id if token_id is None else token_id)
            flags.append(Flag.UNK if token_id is None else 0)
            starts.append(pos if exact else start)
            ends.append(pos + length if exact else end)
            pos += length

    def stages(self, text: str) -> list[Stage]:
        """The normalized text (the words are :meth:`pre_tokens`)."""
        if self.normalizer is None:
            return []
        return [Stage("normalizer", self.spec["normalizer"].get("type", ""),
                      [(self.normalizer.normalize_str(text), None)])]

    def pre_tokens(self, text: str, parse_special: bool = False) -> list[PreToken]:
        """Special literals cut out first (when parsed), then the words of the rest as its
        ``tokenizers`` normalizer and pre-tokenizer find them."""
        to_bytes = char_to_byte_offsets(text)
        out = []
        for chunk, offset, special_id in self._chunks(text, parse_special):
            if special_id is not None:
                out.append(PreToken(chunk, to_bytes[offset], to_bytes[offset + len(chunk)],
                                    "special", special_id))
                continue
            out += [PreToken(word, to_bytes[offset + s], to_bytes[offset + e])
                    for word, s, e in self._words(chunk)]
        return out

    def model_view(self) -> ModelView:
        kinds = ["normal"] * len(self._pieces)
        for token_id in self.specials.values():
            kinds[token_id] = "special"
        if self.unk_id not in self.specials.values():
            kinds[self.unk_id] = "unknown"
        component = (lambda key: (self.spec.get(key) or {}).get("type", "none"))
        return ModelView("reference/BPE", "BPE", tuple(self._pieces),
                         tuple(self.token_bytes(i) for i in range(len(self._pieces))),
                         tuple(kinds), tuple((m.left, m.right) for m in self.model.merges),
                         special_tokens=tuple(self.special_tokens()),
                         normalizer=component("normalizer"),
                         pre_tokenizer=component("pre_tokenizer"),
                         decoder="</w> -> space",
                         options={"end_of_word": "symbol", "unk_token": self.unk_token})

    def pipeline_json(self) -> dict:
        return self.spec

    def describe(self) -> dict[str, str]:
        info = super().describe()
        info.update({"model": "BPE, separate </w> symbol (reference encoder)",
                     "merges": f"{len(self.model.merges):,}",
                     "normalizer": (self.spec.get("normalizer") or {}).get("type", "none"),
                     "pre-tokenizer": (self.spec.get("pre_tokenizer") or {}).get("type", "none")})
        return info
