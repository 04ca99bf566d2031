"""How tokens cover the text as a person reads it: graphemes a token boundary cuts, and each
token's share of a unit of text (a grapheme, or a cluster of glyphs) that several tokens cover.

Byte-level tokenizers cut characters: GPT-2 writes ``👨‍👩‍👧`` (one grapheme, 18 bytes) as seven
tokens. A view that draws the text once, shaped, gives each of those tokens a part of the
glyph in proportion to the bytes it covers; an HTML export does the same with a gradient.

>>> from core.text.offsets import TextIndex
>>> split = split_grapheme_spans(TextIndex("a你"), [0, 1, 3], [1, 3, 4])
>>> [s.tolist() for s in split]
[[1], [4]]
>>> unit_shares(1, 4, [0, 1, 3], [1, 3, 4], [1, 2])
[(1, 0.0, 0.6666666666666666), (2, 0.6666666666666666, 1.0)]
"""

from __future__ import annotations

from typing import Iterable, Sequence

import numpy as np

from ..text.offsets import TextIndex


def split_grapheme_spans(index: TextIndex, starts, ends) -> tuple[np.ndarray, np.ndarray]:
    """Byte spans of the graphemes a token boundary falls inside: characters, or clusters of
    them (an emoji family, a base letter and its vowel sign), that no token holds whole.

    Linear in the tokens: a table of grapheme boundaries per byte is looked up at every token
    start and end (sorting a million boundaries took seconds on a busy machine).

    >>> fam = "👨\u200d👩\u200d👧"
    >>> [s.tolist() for s in split_grapheme_spans(TextIndex(fam), [0, 4], [4, 18])]
    [[0], [18]]
    """
    empty = np.zeros(0, dtype=np.int64)
    if index.ascii and "\r\n" not in index.text:
        return empty, empty  # every byte is a grapheme: no boundary can fall inside one
    starts = np.asarray(starts, dtype=np.int64)
    ends = np.asarray(ends, dtype=np.int64)
    covering = ends > starts
    bounds = index.cp_bytes[index.grapheme_cps]  # byte offset of every grapheme boundary
    is_bound = np.zeros(len(index.data) + 1, dtype=bool)
    is_bound[bounds] = True
    cuts = np.concatenate([starts[covering], ends[covering]])
    cuts = cuts[~is_bound[cuts]]
    if not len(cuts):
        return empty, empty
    inside = np.unique(np.searchsorted(bounds, cuts, side="right") - 1)
    return bounds[inside].astype(np.int64), bounds[inside + 1].astype(np.int64)


def count_split_graphemes(index: TextIndex, starts, ends) -> int:
    """How many graphemes a token boundary falls inside (see :func:`split_grapheme_spans`).

    >>> count_split_graphemes(TextIndex("é!"), [0, 1], [1, 3])
    1
    """
    return len(split_grapheme_spans(index, starts, ends)[0])


def unit_shares(unit_start: int, unit_end: int, starts: Sequence[int], ends: Sequence[int],
                candidates: Iterable[int]) -> list[tuple[int, float, float]]:
    """Each token's part of the text unit ``[unit_start, unit_end)`` (byte offsets), as the
    fractions ``(token, lo, hi)`` of it, in text order, in proportion to the bytes it covers.

    ``candidates`` are the tokens to consider (those near the unit); tokens that do not overlap
    the unit get no part. Tokens covering the same bytes (a normalizer made two tokens of one
    character) share them evenly. A unit no token covers gives an empty list.

    >>> unit_shares(0, 4, [0, 2], [2, 4], [0, 1])
    [(0, 0.0, 0.5), (1, 0.5, 1.0)]
    """
    parts = []
    for t in candidates:
        overlap = min(int(ends[t]), unit_end) - max(int(starts[t]), unit_start)
        if overlap > 0:
            parts.append((int(starts[t]), t, overlap))
    if not parts:
        return []
    parts.sort()
    total = float(sum(p[2] for p in parts))
    shares, done = [], 0
    for _, t, overlap in parts:
        shares.append((t, done / total, (done + overlap) / total))
        done += overlap
    return shares
