"""What a vocabulary piece is, in SentencePiece's numbering: the one enum the SentencePiece
runtime and the GGUF reader (:mod:`core.formats.gguf.tokenizer`, which sits above the
SentencePiece package in the formats' layers) both use.
"""

from __future__ import annotations

from enum import IntEnum


class PieceType(IntEnum):
    """``ModelProto.SentencePiece.Type``: what a piece is. llama.cpp's ``llama_token_type`` (a
    GGUF's ``tokenizer.ggml.token_type``) uses the same numbers, so the SentencePiece runtime and
    the GGUF reader share this one enum.

    >>> PieceType(3).name, int(PieceType.BYTE)
    ('CONTROL', 6)
    """

    NORMAL = 1
    UNKNOWN = 2
    CONTROL = 3
    USER_DEFINED = 4
    UNUSED = 5
    BYTE = 6
