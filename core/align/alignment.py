"""Character spans aligned to tokens exactly as spaCy's ``Doc.char_span`` does, many at once.

The tokens are those of a spaCy ``Doc`` built from the tokenizer's offsets (so numbers compare
across tools, and ``tests/core/align/test_spacy_oracle.py`` checks every mode against spaCy):

- Token spans are the native ones on the original text, in code points (a leading space stays
  inside ``Ġx`` / ``▁x``: such a token is a spaCy token holding whitespace). Tokens the
  post-processor added (no span) are never aligned.
- Tokens that share a character (byte-level tokens of CJK, byte fallback) form one **group**
  with the whole characters they cover: a token covering part of a character is never a
  boundary at that character. Groups are spaCy's tokens.
- Characters no token covers (spaces a WordPiece pre-tokenizer drops) are the trailing
  whitespace of the group before them (spaCy's ``whitespace_``; ``token_by_char`` finds that
  group for them); before the first group, of the text's start.
- *start ok*: the span's start is the start of the group holding its first character;
  *end ok*: its end is the end of the group holding its last character; *strict*: both (then
  contract = expand = the span).
- *contract*: the groups wholly inside the span (spaCy: the boundary groups dropped when
  misaligned); empty when none is.
- *expand*: the groups the span's characters touch, whole; a start on trailing whitespace
  begins at the next group ("don't consider the trailing whitespace to be part of the previous
  token"), so a span of uncovered whitespace only expands to nothing (spaCy: an empty Span),
  and a span expand aligns always falls on group boundaries: it may drop the uncovered
  whitespace at its ends (``"This "`` -> ``"This"`` under a tokenizer that drops spaces).

Every span of many texts is aligned with a few ``searchsorted`` calls over the groups of all
texts laid end to end (``base``: where each text starts, one apart so no group spans two).

>>> g = token_groups(np.array([0, 0, 1, 4]), np.array([1, 1, 3, 5]))   # 世 in 2 tokens; "ab"; " "; "c"
>>> r = align(g, np.array([0, 1, 2, 3]), np.array([1, 4, 5, 4]))
>>> r.strict.tolist(), r.contract_nonempty.tolist()
([True, False, False, False], [True, True, True, False])
>>> [r.range("expand", k) for k in range(4)]
[(0, 1), (1, 3), (1, 5), None]
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

MODES = ("strict", "contract", "expand")


@dataclass
class Groups:
    """Token groups laid end to end: native extents, sorted and disjoint; ``order`` sorts the
    tokens given, ``first`` is where each group's tokens start in that order (G + 1 entries)."""

    starts: np.ndarray
    ends: np.ndarray
    order: np.ndarray
    first: np.ndarray

    def __len__(self) -> int:
        return len(self.starts)

    def tokens(self, a: int, b: int) -> np.ndarray:
        """Indices (into the tokens given) of groups ``a..b`` inclusive, in text order."""
        if b < a:
            return np.zeros(0, dtype=np.int64)
        return self.order[self.first[a]:self.first[b + 1]]


def token_groups(starts: np.ndarray, ends: np.ndarray) -> Groups:
    """Groups of tokens from their code point spans (empty spans, as added tokens have, are
    left out; tokens that overlap share a group)."""
    starts = np.asarray(starts, dtype=np.int64)
    ends = np.asarray(ends, dtype=np.int64)
    kept = np.flatnonzero(ends > starts)
    order = kept[np.argsort(starts[kept], kind="stable")]
    s, e = starts[order], ends[order]
    if len(s) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return Groups(empty, empty, order, np.zeros(1, dtype=np.int64))
    reach = np.maximum.accumulate(e)
    opens = np.empty(len(s), dtype=bool)
    opens[0] = True
    np.greater_equal(s[1:], reach[:-1], out=opens[1:])
    first = np.flatnonzero(opens)
    last = np.append(first[1:], len(s)) - 1
    return Groups(s[first], reach[last], order, np.append(first, len(s)))


@dataclass
class Aligned:
    """Per span: the verdicts and the contract / expand ranges (code points, as given; the
    span's start where the range is empty), and the group ranges (``contract_groups``,
    ``expand_groups``: first, last; empty when last < first)."""

    start_ok: np.ndarray
    end_ok: np.ndarray
    contract_start: np.ndarray
    contract_end: np.ndarray
    expand_start: np.ndarray
    expand_end: np.ndarray
    contract_groups: tuple[np.ndarray, np.ndarray]
    expand_groups: tuple[np.ndarray, np.ndarray]
    starts: np.ndarray  # the spans, as given
    ends: np.ndarray

    @property
    def width(self) -> np.ndarray:
        """Each span's length."""
        return self.ends - self.starts

    @property
    def strict(self) -> np.ndarray:
        return self.start_ok & self.end_ok

    @property
    def contract_nonempty(self) -> np.ndarray:
        return self.contract_groups[1] >= self.contract_groups[0]

    @property
    def expand_nonempty(self) -> np.ndarray:
        """Expand holds a group (it does not for a span of uncovered whitespace only)."""
        return self.expand_groups[1] >= self.expand_groups[0]

    @property
    def expand_extra(self) -> np.ndarray:
        """Characters expand adds to each span, outside it on either side (0 when empty)."""
        added = (np.maximum(self.starts - self.expand_start, 0)
                 + np.maximum(self.expand_end - self.ends, 0))
        return np.where(self.expand_nonempty, added, 0)

    @property
    def contract_dropped(self) -> np.ndarray:
        """Characters contract drops from each span (all of them when contract is empty)."""
        width = np.where(self.contract_nonempty, self.contract_end - self.contract_start, 0)
        return self.width - width

    def range(self, mode: str, k: int) -> tuple[int, int] | None:
        """Span ``k`` as ``mode`` aligns it, or None (strict misaligned, contract or expand
        empty)."""
        if mode == "strict":
            return ((int(self.contract_start[k]), int(self.contract_end[k]))
                    if self.strict[k] else None)
        if mode == "contract":
            return ((int(self.contract_start[k]), int(self.contract_end[k]))
                    if self.contract_nonempty[k] else None)
        return ((int(self.expand_start[k]), int(self.expand_end[k]))
                if self.expand_nonempty[k] else None)


def align(groups: Groups, starts: np.ndarray, ends: np.ndarray) -> Aligned:
    """Align spans (code points in the same coordinates as the groups; ``end > start``), as
    spaCy's ``char_span`` does in each mode (see the module's definitions)."""
    starts = np.asarray(starts, dtype=np.int64)
    ends = np.asarray(ends, dtype=np.int64)
    g_s, g_e = groups.starts, groups.ends
    n = len(g_s)
    if n == 0:
        none = np.zeros(len(starts), dtype=bool)
        empty = (np.zeros(len(starts), dtype=np.int64), np.full(len(starts), -1, dtype=np.int64))
        return Aligned(none, none.copy(), starts.copy(), starts.copy(), starts.copy(),
                       starts.copy(), empty, empty, starts, ends)
    # a group starts exactly at the span's start / ends exactly at its end: then it is the one
    # holding the first / last character (groups are disjoint and non-empty)
    i = np.searchsorted(g_s, starts)
    start_ok = (i < n) & (g_s[np.minimum(i, n - 1)] == starts)
    j = np.searchsorted(g_e, ends)
    end_ok = (j < n) & (g_e[np.minimum(j, n - 1)] == ends)
    # contract: first group starting at or after the start .. last group ending at or before
    # the end (all between lie inside the span, hence in its text)
    c_a = i
    c_b = np.searchsorted(g_e, ends, side="right") - 1
    inside = c_b >= c_a
    ca_clip, cb_clip = np.minimum(c_a, n - 1), np.maximum(c_b, 0)
    contract_start = np.where(inside, g_s[ca_clip], starts)
    contract_end = np.where(inside, g_e[cb_clip], starts)
    # expand: spaCy's token_by_char of the last character is the last group starting at or
    # before it; of the first character likewise, moved to the next group when the start is on
    # that group's trailing whitespace -- together, the first group ending after the start
    x_a = np.searchsorted(g_e, starts, side="right")
    x_b = np.searchsorted(g_s, ends) - 1
    touched = x_b >= x_a
    xa_clip, xb_clip = np.minimum(x_a, n - 1), np.maximum(x_b, 0)
    expand_start = np.where(touched, g_s[xa_clip], starts)
    expand_end = np.where(touched, g_e[xb_clip], starts)
    return Aligned(start_ok, end_ok, contract_start, contract_end, expand_start, expand_end,
                   (c_a, c_b), (x_a, x_b), starts, ends)


def align_encoding(encoding, starts, ends) -> tuple[Groups, Aligned]:
    """Align code point spans of one text to an :class:`~core.encodings.encoding.Encoding`.

    >>> # groups, aligned = align_encoding(runtime.encode("東京都"), [0], [2])
    """
    from ..encodings.encoding import Flag

    s, e = encoding.spans("cp")
    content = (encoding.flags & Flag.INSERTED) == 0
    groups = token_groups(np.where(content, s, 0), np.where(content, e, 0))
    return groups, align(groups, np.asarray(starts), np.asarray(ends))
