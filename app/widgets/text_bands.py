"""Where each token lies on a line of shaped text: the geometry behind ``TokenTextView``, free
of Qt so it can be tested and reasoned about on plain numbers.

Qt lays a line out (shaping, font fallback, bidi) and reports its glyphs: each with the index
of the text unit its cluster starts at, its x position and the font's advance. From those,
:func:`clusters_from_glyphs` makes the line's clusters — the smallest pieces of text drawn as
a whole (a letter with its vowel signs, an emoji family) — each with its x-range and the
original bytes it stands for; :func:`segments_of` divides every cluster among the tokens that
cover it in proportion to their bytes (:func:`core.encodings.token_cover.unit_shares`); :func:`token_at`
is the hit test, :func:`bands_of` and :func:`boundaries_of` what is painted.

>>> glyphs = [Glyph(0, 0.0, 10.0), Glyph(1, 10.0, 10.0)]
>>> clusters = clusters_from_glyphs(glyphs, [0, 3], [3, 6], 2, 20.0)
>>> [(c.start, c.end, c.x0, c.x1) for c in clusters]
[(0, 3, 0.0, 10.0), (3, 6, 10.0, 20.0)]
>>> spans = SpanLookup([0, 1], [1, 6])  # a token ends one byte into the first character
>>> [(s.token, round(s.x0, 2), round(s.x1, 2)) for s in segments_of(clusters, spans)]
[(0, 0.0, 3.33), (1, 3.33, 10.0), (1, 10.0, 20.0)]
"""

from __future__ import annotations

import bisect
import unicodedata
from dataclasses import dataclass
from typing import Sequence

import numpy as np
import regex

from core.encodings.token_cover import unit_shares

_CLUSTER = regex.compile(r"\X")


@dataclass(frozen=True, slots=True)
class Glyph:
    """One glyph of a laid-out line: ``unit`` is the index (in the laid-out string's UTF-16
    units) of the cluster it belongs to, ``x`` its left edge, ``advance`` the font's advance
    (a glyph shaped to zero width, like a joiner, still reports the font's)."""

    unit: int
    x: float
    advance: float
    rtl: bool = False


@dataclass(slots=True)
class Cluster:
    """A piece of a line drawn as a whole: original bytes ``start``..``end`` at ``x0``..``x1``.

    ``token`` >= 0 marks a cluster that shows one token covering no text (an inserted BOS, a
    pair's second text) or a line's end; -1: the tokens covering the bytes share it.
    """

    start: int
    end: int
    x0: float
    x1: float
    rtl: bool = False
    token: int = -1


@dataclass(slots=True)
class Segment:
    """The part ``x0``..``x1`` of cluster ``cluster`` that token ``token`` covers (-1: text
    no token covers, which a normalizer dropped)."""

    x0: float
    x1: float
    token: int
    cluster: int


class SpanLookup:
    """The tokens near a byte range, found by binary search over token spans in text order.

    >>> SpanLookup([0, 2, 5], [2, 5, 9]).near(3, 4)
    [1]
    """

    def __init__(self, starts, ends) -> None:
        self.starts = np.asarray(starts, dtype=np.int64)
        self.ends = np.asarray(ends, dtype=np.int64)
        ordered = len(self.starts) < 2 or bool(np.all(self.starts[1:] >= self.starts[:-1]))
        self.order = None if ordered else np.argsort(self.starts, kind="stable")
        sorted_starts = self.starts if ordered else self.starts[self.order]
        sorted_ends = self.ends if ordered else self.ends[self.order]
        self._sorted_starts = sorted_starts
        # the largest end among the tokens so far: tokens before the first one reaching past a
        # byte all end before it, even when a normalizer made spans overlap
        self._max_end = (np.maximum.accumulate(sorted_ends) if len(sorted_ends)
                         else sorted_ends)

    def near(self, start: int, end: int) -> list[int]:
        """Tokens, in text order, whose span overlaps ``[start, end)`` or is empty and lies
        inside ``[start, end]`` (tokens a post-processor inserted there)."""
        lo = int(np.searchsorted(self._max_end, start, side="left"))
        hi = int(np.searchsorted(self._sorted_starts, end, side="right"))
        if hi <= lo:
            return []
        picked = np.arange(lo, hi) if self.order is None else self.order[lo:hi]
        s, e = self.starts[picked], self.ends[picked]
        keep = ((s < end) & (e > start)) | ((s == e) & (s >= start) & (s <= end))
        return picked[keep].tolist()

    def narrowed(self, start: int, end: int) -> "SpanLookup":
        """The same lookup over only the tokens near ``[start, end]``: a paragraph's tokens,
        searched cluster by cluster with cheap Python bisection (token numbers are kept)."""
        picked = self.near(start, end)
        return _LocalLookup(picked, self.starts[picked].tolist(), self.ends[picked].tolist())


class _LocalLookup(SpanLookup):
    """A few tokens in text order, as Python lists (see :meth:`SpanLookup.narrowed`)."""

    def __init__(self, tokens: list[int], starts: list[int], ends: list[int]) -> None:
        order = sorted(range(len(tokens)), key=lambda k: (starts[k], tokens[k]))
        self.tokens = [tokens[k] for k in order]
        self.token_starts = [starts[k] for k in order]
        self.token_ends = [ends[k] for k in order]
        self._max_end, top = [], -1
        for e in self.token_ends:
            top = max(top, e)
            self._max_end.append(top)
        self._span = dict(zip(self.tokens, zip(self.token_starts, self.token_ends)))
        # by token number, as :func:`core.encodings.token_cover.unit_shares` reads them
        self.starts = dict(zip(self.tokens, self.token_starts))
        self.ends = dict(zip(self.tokens, self.token_ends))

    def near(self, start: int, end: int) -> list[int]:
        lo = bisect.bisect_left(self._max_end, start)
        hi = bisect.bisect_right(self.token_starts, end)
        out = []
        for k in range(lo, hi):
            s, e = self.token_starts[k], self.token_ends[k]
            if (s < end and e > start) or (s == e and start <= s <= end):
                out.append(self.tokens[k])
        return out

    def span(self, token: int) -> tuple[int, int]:
        return self._span[token]

    def empty_at(self, start: int, end: int) -> list[int]:
        """Tokens covering no text whose position lies in ``[start, end]``, in token order."""
        return sorted(t for t in self.near(start, end) if self._span[t][0] == self._span[t][1])


def string_indexes_trusted(runs: Sequence[tuple[bool, Sequence[int]]], start: int,
                           end: int) -> bool:
    """Whether the string indexes Qt reported for a line's glyph runs can be believed.

    ``runs`` are ``(right_to_left, indexes)`` per run; the line holds units ``start``..``end``.
    Qt 6.10 walks an item's clusters from its first glyph when it fills them, so a run that
    does not begin at its item's first glyph (a second font inside one item, a wrapped line's
    continuation, right-to-left items, whose clusters run backwards) gets the item's first
    character for every glyph. Believed: left-to-right runs whose indexes lie in the line, grow
    within each run, and are claimed by one run only.

    >>> string_indexes_trusted([(False, [0, 1]), (False, [2])], 0, 3)
    True
    >>> string_indexes_trusted([(False, [0, 3]), (False, [0])], 0, 7)  # a second font's run
    False
    """
    owner: dict[int, int] = {}
    for k, (rtl, indexes) in enumerate(runs):
        if rtl:
            return False
        previous = start
        for unit in indexes:
            if not start <= unit < end or unit < previous or owner.get(unit, k) != k:
                return False
            owner[unit] = k
            previous = unit
    return bool(owner)


def clusters_from_glyphs(glyphs: Sequence[Glyph], unit_starts: Sequence[int],
                         unit_ends: Sequence[int], line_end: int,
                         right_limit: float) -> list[Cluster]:
    """The clusters of one laid-out line, in text order.

    ``unit_starts[u]``/``unit_ends[u]`` are the original bytes of the character that text unit
    ``u`` belongs to; ``line_end`` is the unit after the line's last; ``right_limit`` the x where
    the line's text ends (the last glyph's advance may overshoot a zero-width glyph).

    A cluster's left edge is where its first spacing glyph starts; clusters are tiled left to
    right: each ends where the next one on screen begins (whatever shaping did to advances), the
    rightmost at its glyphs' advance. Clusters whose glyphs are all zero-wide (a mark Qt placed
    apart) stay zero-wide where they stand. Adjacent clusters of one character (a control shown
    as ``⟨U+0001⟩``) are joined.

    >>> g = [Glyph(0, 8.0, 8.0, True), Glyph(1, 0.0, 8.0, True)]  # two letters, right to left
    >>> [(c.x0, c.x1) for c in clusters_from_glyphs(g, [0, 2], [2, 4], 2, 16.0)]
    [(8.0, 16.0), (0.0, 8.0)]
    """
    by_unit: dict[int, list] = {}
    for g in glyphs:
        entry = by_unit.get(g.unit)
        if entry is None:  # [left of spacing glyphs, left of any, right, rtl]
            entry = by_unit[g.unit] = [float("inf"), float("inf"), float("-inf"), g.rtl]
        if g.advance > 0:
            entry[0] = min(entry[0], g.x)
        entry[1] = min(entry[1], g.x)
        entry[2] = max(entry[2], g.x + g.advance)
    units = sorted(by_unit)
    if not units:
        return []
    lefts = [by_unit[u][0] if by_unit[u][0] != float("inf") else by_unit[u][1] for u in units]
    spacing = [by_unit[u][0] != float("inf") for u in units]
    rtl = [by_unit[u][3] for u in units]
    rights = [0.0] * len(units)
    # ties on screen (a joiner shaped to zero width before the next letter): text order for
    # left-to-right runs, reversed for right-to-left ones
    tiled = sorted((k for k in range(len(units)) if spacing[k]),
                   key=lambda k: (lefts[k], -k if rtl[k] else k))
    for pos, k in enumerate(tiled):
        if pos + 1 < len(tiled):
            rights[k] = lefts[tiled[pos + 1]]
        else:
            rights[k] = min(by_unit[units[k]][2], max(right_limit, lefts[k]))
        rights[k] = max(rights[k], lefts[k])
    for k in range(len(units)):
        if not spacing[k]:
            rights[k] = lefts[k]
    clusters: list[Cluster] = []
    bounds = units + [line_end]
    for k, u in enumerate(units):
        last = max(u, bounds[k + 1] - 1)
        start = min(unit_starts[u:last + 1])
        end = max(unit_ends[u:last + 1])
        prev = clusters[-1] if clusters else None
        if prev is not None and prev.start == start and prev.end == end:
            prev.x0, prev.x1 = min(prev.x0, lefts[k]), max(prev.x1, rights[k])
            continue
        clusters.append(Cluster(start, end, lefts[k], rights[k], rtl[k]))
    return clusters


def segments_of(clusters: Sequence[Cluster], spans: SpanLookup) -> list[Segment]:
    """Each cluster divided among the tokens covering its bytes, by byte share, in screen
    order (left to right). In a right-to-left cluster the first token is on the right.

    >>> c = [Cluster(0, 4, 0.0, 8.0, rtl=True)]
    >>> [(s.token, s.x0, s.x1) for s in segments_of(c, SpanLookup([0, 2], [2, 4]))]
    [(1, 0.0, 4.0), (0, 4.0, 8.0)]
    """
    out: list[Segment] = []
    for k, c in enumerate(clusters):
        if c.token >= 0:
            out.append(Segment(c.x0, c.x1, c.token, k))
            continue
        shares = unit_shares(c.start, c.end, spans.starts, spans.ends,
                             spans.near(c.start, c.end)) if c.end > c.start else []
        if not shares:
            out.append(Segment(c.x0, c.x1, -1, k))
            continue
        width = c.x1 - c.x0
        for token, lo, hi in shares:
            if c.rtl:
                out.append(Segment(c.x1 - hi * width, c.x1 - lo * width, token, k))
            else:
                out.append(Segment(c.x0 + lo * width, c.x0 + hi * width, token, k))
    out.sort(key=lambda s: (s.x0, s.x1))
    return out


def token_at(segments: Sequence[Segment], x: float, slack: float = 0.0) -> Segment | None:
    """The segment under ``x`` (segments in screen order), or None off the text.

    Zero-wide segments (a joiner, a token covering no text placed inside a line) are hit within
    ``slack`` of where they stand, so they can still be pointed at.

    >>> segs = [Segment(0.0, 5.0, 0, 0), Segment(5.0, 5.0, 1, 1), Segment(5.0, 9.0, 2, 1)]
    >>> [token_at(segs, x, slack=0.5).token for x in (1.0, 5.2, 6.0)]
    [0, 1, 2]
    """
    if slack > 0:
        for s in segments:
            if s.x1 - s.x0 < 1e-6 and abs(x - s.x0) <= slack:
                return s
    k = bisect.bisect_right([s.x0 for s in segments], x) - 1
    while k >= 0:
        s = segments[k]
        if s.x0 <= x < s.x1:
            return s
        if s.x1 - s.x0 > 1e-6:
            return None
        k -= 1  # a zero-wide segment at the same place: look at the one before it
    return None


def bands_of(segments: Sequence[Segment]) -> list[tuple[float, float, int]]:
    """Coloured bands to paint: touching segments of one token joined, ``(x0, x1, token)``.

    >>> bands_of([Segment(0.0, 2.0, 0, 0), Segment(2.0, 5.0, 0, 1), Segment(5.0, 6.0, 1, 2)])
    [(0.0, 5.0, 0), (5.0, 6.0, 1)]
    """
    bands: list[list] = []
    for s in segments:
        if s.x1 - s.x0 <= 0:
            continue
        if bands and bands[-1][2] == s.token and abs(bands[-1][1] - s.x0) < 0.01:
            bands[-1][1] = s.x1
        else:
            bands.append([s.x0, s.x1, s.token])
    return [tuple(b) for b in bands]


def boundaries_of(segments: Sequence[Segment]) -> list[float]:
    """x positions where one token's band meets another's (a thin line is drawn there).

    >>> boundaries_of([Segment(0.0, 2.0, 0, 0), Segment(2.0, 5.0, 0, 1), Segment(5.0, 6.0, 1, 2)])
    [5.0]
    """
    bands = bands_of(segments)
    return [b[0] for a, b in zip(bands, bands[1:])
            if a[2] != b[2] and a[2] >= 0 and b[2] >= 0 and abs(a[1] - b[0]) < 0.5]


def byte_range_x(cluster: Cluster, start: int, end: int) -> tuple[float, float]:
    """The x-range of bytes ``start``..``end`` inside ``cluster``, by byte share.

    >>> byte_range_x(Cluster(0, 4, 0.0, 8.0), 1, 2)
    (2.0, 4.0)
    """
    size = cluster.end - cluster.start
    if size <= 0:
        return cluster.x0, cluster.x1
    lo = (max(start, cluster.start) - cluster.start) / size
    hi = (min(end, cluster.end) - cluster.start) / size
    width = cluster.x1 - cluster.x0
    if cluster.rtl:
        return cluster.x1 - hi * width, cluster.x1 - lo * width
    return cluster.x0 + lo * width, cluster.x0 + hi * width


# -- the text to lay out ---------------------------------------------------------------------

def replaced_in_layout(char: str) -> bool:
    """Characters laid out as their visible glyph rather than themselves: controls (a tab,
    a carriage return), private-use and unassigned code points and line or paragraph
    separators, which a font has no glyph for or which would break the line. Whitespace and
    format characters (joiners, bidi controls, variation selectors) stay in the text, since
    replacing them would change shaping, and are marked over it."""
    return unicodedata.category(char) in ("Cc", "Co", "Cn", "Zl", "Zp")


@dataclass(slots=True)
class LaidText:
    """The string handed to Qt for one paragraph and how it maps back to the original.

    ``unit_starts[u]``/``unit_ends[u]``: original bytes of the character UTF-16 unit ``u``
    shows; ``cp_units[i]``: the first unit of code point ``i``; ``replaced``: ``(unit, length)``
    of each character laid out as its glyph.
    """

    text: str
    unit_starts: list[int]
    unit_ends: list[int]
    cp_units: list[int]
    replaced: list[tuple[int, int]]


def layout_text(text: str, base: int, replaced: dict[int, str]) -> LaidText:
    """The string to lay out for ``text`` (which starts at byte ``base`` of the original) with
    the characters at the code point indices in ``replaced`` shown as their glyphs.

    >>> laid = layout_text("a\\t😀", 10, {1: "⇥"})
    >>> laid.text, laid.unit_starts, laid.unit_ends, laid.cp_units, laid.replaced
    ('a⇥😀', [10, 11, 12, 12], [11, 12, 16, 16], [0, 1, 2], [(1, 1)])
    """
    pieces: list[str] = []
    starts: list[int] = []
    ends: list[int] = []
    cp_units: list[int] = []
    swapped: list[tuple[int, int]] = []
    pos = base
    for k, char in enumerate(text):
        size = len(char.encode("utf-8"))
        shown = replaced.get(k, char)
        pieces.append(shown)
        units = len(shown.encode("utf-16-le")) // 2
        cp_units.append(len(starts))
        if k in replaced:
            swapped.append((len(starts), units))
        starts.extend([pos] * units)
        ends.extend([pos + size] * units)
        pos += size
    return LaidText("".join(pieces), starts, ends, cp_units, swapped)


def paragraph_spans(data: bytes, max_bytes: int = 4000) -> tuple[np.ndarray, np.ndarray,
                                                                   np.ndarray]:
    """The text's paragraphs as byte offsets: ``starts``, ``ends`` (before the line break) and
    ``nexts`` (after it: the next paragraph's start). A line longer than ``max_bytes`` is cut
    into several, after a space where there is one near the limit, else between graphemes, so
    no layout is ever long (laying out a megabyte on one line would stall the GUI).

    >>> [a.tolist() for a in paragraph_spans(b"ab\\r\\ncd\\n")]
    [[0, 4, 7], [2, 6, 7], [4, 7, 7]]
    """
    raw = np.frombuffer(data, dtype=np.uint8)
    breaks = np.flatnonzero(raw == 10)
    starts = np.concatenate([[0], breaks + 1]).astype(np.int64)
    nexts = np.concatenate([breaks + 1, [len(data)]]).astype(np.int64)
    ends = np.concatenate([breaks, [len(data)]]).astype(np.int64)
    crlf = np.zeros(len(ends), dtype=bool)
    crlf[:-1] = (breaks > 0) & (raw[np.maximum(breaks - 1, 0)] == 13)
    ends[crlf & (ends > starts)] -= 1
    long = np.flatnonzero(ends - starts > max_bytes)
    if not len(long):
        return starts, ends, nexts
    out_s, out_e, out_n = [], [], []
    previous = 0
    for k in long.tolist():
        out_s.append(starts[previous:k])
        out_e.append(ends[previous:k])
        out_n.append(nexts[previous:k])
        cuts = _cuts(data, int(starts[k]), int(ends[k]), max_bytes)
        bounds = [int(starts[k])] + cuts + [int(ends[k])]
        out_s.append(np.array(bounds[:-1], dtype=np.int64))
        out_e.append(np.array(bounds[1:], dtype=np.int64))
        out_n.append(np.array(bounds[1:-1] + [int(nexts[k])], dtype=np.int64))
        previous = k + 1
    out_s.append(starts[previous:])
    out_e.append(ends[previous:])
    out_n.append(nexts[previous:])
    return np.concatenate(out_s), np.concatenate(out_e), np.concatenate(out_n)


def _cuts(data: bytes, start: int, end: int, max_bytes: int) -> list[int]:
    """Where to cut the line ``data[start:end]`` into pieces of at most ``max_bytes``."""
    cuts = []
    pos = start
    while end - pos > max_bytes:
        target = pos + max_bytes
        space = data.rfind(b" ", pos + max_bytes // 2, target)
        cut = space + 1 if space >= 0 else _grapheme_cut(data, pos + max_bytes // 2, target)
        cuts.append(cut)
        pos = cut
    return cuts


def _grapheme_cut(data: bytes, low: int, target: int) -> int:
    """The last grapheme boundary at or before ``target`` and after ``low``."""
    begin = max(low, target - 256)
    while begin > low and 0x80 <= data[begin] < 0xC0:
        begin -= 1
    while 0x80 <= data[begin] < 0xC0:
        begin += 1
    window = data[begin:target + 64].decode("utf-8", "ignore")
    best, pos = begin, begin
    for cluster in _CLUSTER.findall(window):
        pos += len(cluster.encode("utf-8"))
        if pos > target:
            break
        best = pos
    if best > low:
        return best
    while 0x80 <= data[target] < 0xC0:  # one grapheme longer than the window: any character
        target -= 1
    return target
