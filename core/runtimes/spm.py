"""SentencePiece ``.model`` files on the ``sentencepiece`` runtime.

Offsets come from ``encode(out_type='proto')`` (byte offsets on the original text; needs
``protobuf``). SentencePiece gives every byte-fallback piece of a character but the last an empty
span; those runs are given the character's span and then narrowed byte by byte.
"""

from __future__ import annotations

import re
from typing import Sequence

import numpy as np
import sentencepiece as spm

from ..encoding import Encoding, Flag, refine_overlapping_spans
from ..errors import FormatError
from ..special import SpecialToken, guess_role
from ..text import TextIndex
from .base import Runtime, Stage

_BYTE_PIECE = re.compile(r"^<0x([0-9A-Fa-f]{2})>$")
# ModelProto.SentencePiece.Type
NORMAL, UNKNOWN, CONTROL, USER_DEFINED, UNUSED, BYTE = 1, 2, 3, 4, 5, 6
MODEL_TYPES = {1: "unigram", 2: "bpe", 3: "word", 4: "char"}


def parse_model_proto(data: bytes, path: object = None):
    """Parse a ``.model`` file into a ``ModelProto``, with a clear error if it is not one."""
    from sentencepiece import sentencepiece_model_pb2 as model_pb2

    proto = model_pb2.ModelProto()
    try:
        proto.ParseFromString(data)
    except Exception:
        raise FormatError("not a SentencePiece model: the protobuf data is truncated or corrupt",
                          path=path) from None
    if len(proto.pieces) == 0:
        raise FormatError("not a SentencePiece model: it has no pieces", path=path)
    return proto


class SentencePieceRuntime(Runtime):
    """A SentencePiece model.

    Args:
        data: the ``.model`` bytes.
        add_bos / add_eos: add ``<s>`` / ``</s>`` when special tokens are added. SentencePiece itself
            adds neither by default; HF's Llama tokenizers add BOS (see ``tokenizer_config.json``).
    """

    source_format = "sentencepiece"
    library = f"sentencepiece {spm.__version__}"

    def __init__(self, data: bytes, *, name: str = "sentencepiece", path: object = None,
                 add_bos: bool = False, add_eos: bool = False) -> None:
        super().__init__()
        self.name = name
        self.proto = parse_model_proto(data, path)
        self.sp = spm.SentencePieceProcessor()
        try:
            self.sp.LoadFromSerializedProto(data)
        except Exception as err:
            raise FormatError(f"sentencepiece could not load the model: {err}", path=path) from None
        self.add_bos, self.add_eos = add_bos, add_eos
        types = np.array([p.type for p in self.proto.pieces], dtype=np.int8)
        self._types = types
        self._pieces = [p.piece for p in self.proto.pieces]
        self._control_ids = np.flatnonzero(types == CONTROL)
        self.unk_id = self.sp.unk_id()
        self.model_type = MODEL_TYPES.get(self.proto.trainer_spec.model_type, "?")
        self._user_defined = [p.piece for p in self.proto.pieces if p.type == USER_DEFINED]

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
        kind = self._types[token_id]
        if kind == BYTE:
            match = _BYTE_PIECE.match(piece)
            return bytes([int(match.group(1), 16)]) if match else b""
        if kind in (CONTROL, UNKNOWN):
            return piece.encode("utf-8")
        return piece.replace("▁", " ").encode("utf-8")

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

    def encode(self, text: str, *, add_special_tokens: bool = True,
               parse_special: bool = False) -> Encoding:
        # SentencePiece never parses control symbols from text; user-defined symbols always match.
        warnings = self._prepare(text, parse_special)
        if parse_special and len(self._control_ids):
            warnings.append("SentencePiece never parses control symbols from text; "
                            "they stay plain text")
        proto = self.sp.encode(text, out_type="proto")
        pieces = proto.pieces
        index = TextIndex(text)
        count = len(pieces)
        ids = np.fromiter((p.id for p in pieces), dtype=np.int64, count=count)
        starts = np.fromiter((p.begin for p in pieces), dtype=np.int64, count=count)
        ends = np.fromiter((p.end for p in pieces), dtype=np.int64, count=count)
        types = self._types[ids] if count else np.zeros(0, np.int8)
        flags = np.zeros(count, dtype=np.uint8)
        flags[types == BYTE] |= np.uint8(Flag.BYTE_FALLBACK)
        flags[types == UNKNOWN] |= np.uint8(Flag.UNK)
        flags[types == CONTROL] |= np.uint8(Flag.SPECIAL)
        # SentencePiece gives the source span to the last piece made from it (the last byte of a
        # character, the "i" of NFKC "ﬃ" -> "f f i"); the pieces before it get an empty span.
        # They come from the same source, so they share its span, narrowed below where possible.
        orphan = (starts == ends) & (types != CONTROL)
        if orphan.any():
            for i in reversed(np.flatnonzero(orphan[:-1]).tolist()):
                if starts[i + 1] == starts[i]:
                    ends[i] = ends[i + 1]
        content = np.ones(count, dtype=bool)
        refine_overlapping_spans(index.data, starts, ends,
                                 lambda i: self.token_bytes(int(ids[i])), content)
        ids, starts, ends, flags = self._add_specials(ids, starts, ends, flags, len(index.data),
                                                      add_special_tokens)
        id_list = ids.tolist()
        return Encoding.build(text, ids=ids, byte_starts=starts, byte_ends=ends, flags=flags,
                              index=index, pieces=lambda: [self._pieces[i] for i in id_list],
                              token_bytes=lambda: [self.token_bytes(i) for i in id_list],
                              warnings=warnings, piece_of=self.piece, bytes_of=self.token_bytes)

    def _add_specials(self, ids, starts, ends, flags, length, add_special_tokens):
        marker = np.uint8(Flag.SPECIAL | Flag.INSERTED)
        if add_special_tokens and self.add_bos and self.sp.bos_id() >= 0:
            ids = np.concatenate(([self.sp.bos_id()], ids))
            starts, ends = np.concatenate(([0], starts)), np.concatenate(([0], ends))
            flags = np.concatenate(([marker], flags)).astype(np.uint8)
        if add_special_tokens and self.add_eos and self.sp.eos_id() >= 0:
            ids = np.concatenate((ids, [self.sp.eos_id()]))
            starts, ends = np.concatenate((starts, [length])), np.concatenate((ends, [length]))
            flags = np.concatenate((flags, [marker])).astype(np.uint8)
        return ids, starts, ends, flags

    def stages(self, text: str) -> list[Stage]:
        normalized, offsets = self.sp.normalize(text, with_offsets=True) if hasattr(
            self.sp, "normalize") else (text, None)
        spec = self.proto.normalizer_spec
        stages = [Stage("normalizer", f"{spec.name or 'identity'}"
                        + (", dummy prefix ▁" if spec.add_dummy_prefix else "")
                        + (", whitespace folded" if spec.remove_extra_whitespaces else ""),
                        [(normalized, None)])]
        return stages

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
