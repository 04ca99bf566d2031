"""Where tokenizers cut the same text differently: token boundaries as byte offsets on the text.

A boundary is a byte offset of the original text where a token starts or ends (tokens a
post-processor inserted cover no text and have none). Two tokenizers agree on a stretch of text
where they have the same boundaries in it; a boundary one has and another lacks is a difference.

Whitespace does not make a difference: GPT-2 keeps the space with the next word (`` quick``),
BERT drops it (``quick``), SentencePiece writes it as ``▁``. A boundary is therefore moved
forward past ASCII whitespace to the next character that is not, so ``The| quick`` and
``The |quick`` are the same cut; only where words themselves are cut differently is a
difference reported.

>>> import numpy as np
>>> differing_boundaries([np.array([0, 5, 10]), np.array([0, 3, 5, 10])]).tolist()
[3]
"""

from __future__ import annotations

from typing import Sequence

import numpy as np

from .encoding import Encoding, Flag


_IS_WHITESPACE = np.zeros(256, dtype=bool)  # per byte value: a look-up beats np.isin tenfold
_IS_WHITESPACE[list(b" \t\n\r\x0b\x0c")] = True


def past_whitespace(data: bytes, offsets: np.ndarray) -> np.ndarray:
    """Each offset moved forward past ASCII whitespace (to the end of ``data`` at most).

    >>> past_whitespace(b"The quick", np.array([3, 4, 9])).tolist()
    [4, 4, 9]
    """
    text = np.frombuffer(data, dtype=np.uint8)
    solid = np.append(np.flatnonzero(~_IS_WHITESPACE[text]), len(text))
    return solid[np.searchsorted(solid, np.asarray(offsets, dtype=np.int64))]


def token_boundaries(enc: Encoding) -> np.ndarray:
    """Sorted distinct byte offsets where ``enc``'s text-covering tokens start or end, each
    moved past whitespace (see the module's notes)."""
    covers = (enc.flags & Flag.INSERTED) == 0
    raw = np.concatenate((enc.byte_starts[covers], enc.byte_ends[covers])).astype(np.int64)
    return np.unique(past_whitespace(enc.index.data, raw))


def differing_boundaries(boundaries: Sequence[np.ndarray]) -> np.ndarray:
    """Offsets that are a boundary for some of the tokenizers but not for all (sorted)."""
    if len(boundaries) < 2:
        return np.zeros(0, dtype=np.int64)
    # each set holds an offset once: an offset every tokenizer has is counted len(boundaries) times
    union, counts = np.unique(np.concatenate([np.unique(b) for b in boundaries]),
                              return_counts=True)
    return union[counts < len(boundaries)]


def tokens_at_differences(enc: Encoding, differing: np.ndarray) -> np.ndarray:
    """Per token of ``enc``: True where a differing offset lies on its span, edges included (so
    both tokens beside a boundary the others lack are marked, and so is a token another
    tokenizer cuts inside); a span's end counts past the whitespace after it, as boundaries do.
    Inserted tokens are never marked.

    >>> from core.encodings.encoding import Encoding
    >>> enc = Encoding.build("abcdef", ids=[1, 2], byte_starts=[0, 3], byte_ends=[3, 6],
    ...                      pieces=["abc", "def"], token_bytes=[b"abc", b"def"])
    >>> tokens_at_differences(enc, np.array([5])).tolist()
    [False, True]
    """
    differing = np.asarray(differing, dtype=np.int64)
    first = np.searchsorted(differing, enc.byte_starts, side="left")
    past = np.searchsorted(differing, past_whitespace(enc.index.data, enc.byte_ends), side="right")
    return (past > first) & ((enc.flags & Flag.INSERTED) == 0)


def compare_boundaries(encodings: Sequence[Encoding]) -> tuple[np.ndarray, list[np.ndarray]]:
    """For encodings of the same text: the differing offsets, and per encoding which of its
    tokens touch one (see :func:`tokens_at_differences`)."""
    differing = differing_boundaries([token_boundaries(e) for e in encodings])
    return differing, [tokens_at_differences(e, differing) for e in encodings]
