"""Alignment-preserving Unicode normalization.

Normalizing changes the text (NFKC turns ``Ⅳ`` into ``IV``); tokens found in the normalized text
must still point at the original characters. :func:`normalize_aligned` returns the normalized
text together with an :class:`Alignment` that maps spans back.

>>> norm, align = normalize_aligned("xⅣ", "NFKC")
>>> norm
'xIV'
>>> align.to_original_bytes([1, 2], [2, 3])
(array([1, 1]), array([4, 4]))
"""

from __future__ import annotations

import unicodedata

import numpy as np

from ..text.offsets import TextIndex

FORMS = ("NFC", "NFD", "NFKC", "NFKD")


class Alignment:
    """Maps byte spans on a normalized text back to byte spans on the original.

    For every normalized code point ``i``: ``orig_cp_start[i]``..``orig_cp_end[i]`` is the original
    span it came from, and ``same[i]`` says the character was copied unchanged (so even a byte
    inside it maps exactly).
    """

    def __init__(self, original: TextIndex, normalized: TextIndex, orig_cp_start: np.ndarray,
                 orig_cp_end: np.ndarray, same: np.ndarray) -> None:
        self.original = original
        self.normalized = normalized
        self.orig_cp_start = orig_cp_start
        self.orig_cp_end = orig_cp_end
        self.same = same

    @classmethod
    def identity(cls, index: TextIndex) -> "Alignment":
        n = len(index.text)
        cps = np.arange(n, dtype=np.int64)
        return cls(index, index, cps, cps + 1, np.ones(n, dtype=bool))

    def to_original_bytes(self, starts, ends) -> tuple[np.ndarray, np.ndarray]:
        """Map end-exclusive byte spans of the normalized text onto the original text."""
        starts = np.asarray(starts, dtype=np.int64)
        ends = np.asarray(ends, dtype=np.int64)
        if self.original is self.normalized:
            return starts, ends
        norm_cp = self.normalized.cp_bytes
        orig_cp = self.original.cp_bytes
        n = len(self.normalized.text)
        total = len(self.original.data)
        if n == 0:
            return np.zeros_like(starts), np.zeros_like(ends)
        # start: the character holding the byte; exact offset inside it when copied unchanged
        i = np.clip(np.searchsorted(norm_cp, starts, side="right") - 1, 0, n - 1)
        inner = np.where(self.same[i], starts - norm_cp[i], 0)
        new_starts = np.where(starts >= len(self.normalized.data), total,
                              orig_cp[self.orig_cp_start[i]] + inner)
        # end: inside character j (exact if unchanged, else its whole source), or at a boundary
        j = np.clip(np.searchsorted(norm_cp, ends, side="right") - 1, 0, n - 1)
        at_boundary = norm_cp[j] == ends
        prev = np.maximum(j - 1, 0)
        end_at_boundary = np.where(j == 0, orig_cp[self.orig_cp_start[0]],
                                   orig_cp[self.orig_cp_end[prev]])
        inside = np.where(self.same[j], orig_cp[self.orig_cp_start[j]] + (ends - norm_cp[j]),
                          orig_cp[self.orig_cp_end[j]])
        new_ends = np.where(ends >= len(self.normalized.data), total,
                            np.where(at_boundary, end_at_boundary, inside))
        return new_starts, np.maximum(new_ends, new_starts)


def normalize_aligned(text: str, form: str, index: TextIndex | None = None
                      ) -> tuple[str, Alignment]:
    """Normalize ``text`` to ``form`` (NFC/NFD/NFKC/NFKD) keeping the alignment.

    Grapheme clusters are normalized one by one: normalization never merges characters across
    a cluster boundary (clusters start with a starter), so the pieces join to the whole result.
    """
    if form not in FORMS:
        raise ValueError(f"unknown normal form {form!r}; use one of {', '.join(FORMS)}")
    index = index or TextIndex(text)
    if unicodedata.is_normalized(form, text):
        return text, Alignment.identity(index)
    bounds = index.grapheme_cps.tolist()
    out: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    same: list[bool] = []
    for a, b in zip(bounds[:-1], bounds[1:]):
        segment = text[a:b]
        result = unicodedata.normalize(form, segment)
        out.append(result)
        if result == segment:
            starts.extend(range(a, b))
            ends.extend(range(a + 1, b + 1))
            same.extend([True] * (b - a))
        else:
            starts.extend([a] * len(result))
            ends.extend([b] * len(result))
            same.extend([False] * len(result))
    normalized = "".join(out)
    if normalized != unicodedata.normalize(form, text):
        # Should not happen; fall back to one coarse span rather than a wrong one.
        normalized = unicodedata.normalize(form, text)
        n = len(normalized)
        starts, ends, same = [0] * n, [len(text)] * n, [False] * n
    return normalized, Alignment(index, TextIndex(normalized), np.asarray(starts, np.int64),
                                 np.asarray(ends, np.int64), np.asarray(same, bool))
