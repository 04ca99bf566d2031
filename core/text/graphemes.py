"""Grapheme cluster boundaries (UAX #29) for whole corpora, with a table of break classes.

Every code point gets one of four classes, looked up with numpy in one gather:

- ``MARK`` (Extend, SpacingMark: accents, Arabic marks, skin tones...) never starts a cluster
  unless it follows a control character (GB9, GB9a, GB4): its boundary is removed directly;
- ``CONTROL`` (controls, CR, LF) keeps the boundary after it; CR LF is one cluster (GB3);
- ``CONTEXT`` (ZWJ, Prepend, Hangul jamo and syllables, regional indicators, Indic conjunct
  linkers) needs the rules that look further: only windows around those characters are handed
  to ``regex``'s full ``\\X`` matcher;
- ``PLAIN``: everything else, one cluster per code point.

The table is built once per process from ``regex``'s own Unicode data (so it agrees with
``\\X``), in about 0.1 s; a regex scan per text cost 60 ns per character, the table ~2 ns.

>>> np.flatnonzero(grapheme_boundary_mask("e\\u0301x")).tolist()
[0, 2, 3]
"""

from __future__ import annotations

import functools
import re

import numpy as np
import regex

PLAIN, MARK, CONTROL, CONTEXT = 0, 1, 2, 3

# later entries win: Indic conjunct linkers (viramas) are Extend too, but need context (GB9c)
_CLASS_PATTERNS = (
    (MARK, r"[\p{GCB=Extend}\p{GCB=SpacingMark}]+"),
    (CONTROL, r"[\p{GCB=Control}\r\n]+"),
    (CONTEXT, r"[\p{GCB=ZWJ}\p{GCB=Prepend}\p{GCB=L}\p{GCB=V}\p{GCB=T}\p{GCB=LV}\p{GCB=LVT}"
              r"\p{GCB=Regional_Indicator}\p{InCB=Linker}]+"),
)
_CLUSTER = regex.compile(r"\X")
# below the first combining mark (U+0300) no character joins a neighbour in a cluster
_FIRST_JOINING = "\u0300"
_CR, _LF = 0x0D, 0x0A


@functools.cache
def break_classes() -> np.ndarray:
    """The class of every code point (``0x110000`` entries, uint8).

    >>> int(break_classes()[0x301]) == MARK, int(break_classes()[ord("a")]) == PLAIN
    (True, True)
    """
    every = np.arange(0x110000, dtype=np.uint32).tobytes().decode("utf-32-le", "surrogatepass")
    table = np.zeros(0x110000, dtype=np.uint8)
    for value, pattern in _CLASS_PATTERNS:
        for run in regex.finditer(pattern, every):
            table[run.start():run.end()] = value
    return table


def code_points(text: str) -> np.ndarray:
    """The text's code points as a uint32 array (lone surrogates kept as they are)."""
    return np.frombuffer(text.encode("utf-32-le", "surrogatepass"), dtype=np.uint32)


def grapheme_boundary_mask(text: str) -> np.ndarray:
    """Boolean array of length ``len(text) + 1``: True where a grapheme cluster starts or ends.

    >>> grapheme_boundary_mask("e\\u0301x").tolist()
    [True, False, True, True]
    """
    n = len(text)
    mask = np.ones(n + 1, dtype=bool)
    if n < 2 or (text.isascii() and "\r\n" not in text):
        return mask
    cps = code_points(text)
    classes = break_classes()[cps]
    marks = np.flatnonzero(classes[1:] == MARK) + 1
    mask[marks[classes[marks - 1] != CONTROL]] = False
    mask[np.flatnonzero((cps[:-1] == _CR) & (cps[1:] == _LF)) + 1] = False
    for start, end in _context_windows(classes):
        pos = start
        for cluster in _CLUSTER.findall(text, start, end):
            if len(cluster) > 1:
                mask[pos + 1:pos + len(cluster)] = False
            pos += len(cluster)
    return mask


def may_join(text: str) -> bool:
    """False when every code point of ``text`` is a grapheme cluster of its own (no mark, no
    joiner, no Hangul jamo, no regional indicator, no CR LF): a look at the class table, where
    :func:`grapheme_boundary_mask` builds arrays (a regex of those classes took longer).

    >>> may_join("吾輩は猫"), may_join("e\\u0301"), may_join("a\\r\\nb"), may_join("a\\rb")
    (False, True, True, False)
    """
    if "\r\n" in text:
        return True
    if len(text) <= _SHORT:  # a set look-up per character: no arrays for a short text
        return not joining_characters().isdisjoint(text)
    if max(text) < _FIRST_JOINING:
        return False
    # MARK (1) and CONTEXT (3) are the odd classes
    return bool((break_classes()[code_points(text)] & 1).any())


_SHORT = 512  # characters up to which may_join looks characters up in a set


def lone_code_points(text: str) -> bool:
    """Every code point of ``text`` is a grapheme cluster of its own and none is past the BMP
    (its UTF-16 units are its code points too): one regex search, no array.

    >>> lone_code_points("吾輩は猫"), lone_code_points("e\\u0301"), lone_code_points("😀")
    (True, False, False)
    """
    return _may_join_pattern().search(text) is None


def mark_cluster_tables(text: str):
    """For one short text: ``()`` where every code point is a grapheme cluster of its own;
    where marks are the only characters that join (MARK class, no CONTEXT character, no CR
    LF), the tables from code point offsets to grapheme offsets (``floor``, ``ceil``; ``len +
    1`` entries, int32) that :class:`~core.text.offsets.TextIndex` would make; else None (the
    full rules of :func:`grapheme_boundary_mask` are needed). A mark joins the character before
    it unless that is a control (GB9, GB4): a handful of array calls, where the boundary mask
    and its tables took two dozen.

    >>> [t.tolist() for t in mark_cluster_tables("e\\u0301x")], mark_cluster_tables("ab")
    ([[0, 0, 1, 2], [0, 1, 1, 2]], ())
    >>> mark_cluster_tables("a\\r\\nb") is None, mark_cluster_tables("\\u1100\\u1161") is None
    (True, True)
    """
    if _may_join_pattern().search(text) is None:  # the usual line: no array made
        return ()
    if "\r\n" in text:
        return None
    classes = break_classes().take(code_points(text))
    found = classes.tobytes()  # a byte search finds a class at C speed, no array made
    if bytes((CONTEXT,)) in found:
        return None
    if bytes((MARK,)) not in found:
        return ()
    n = len(text)
    joins = np.zeros(n + 1, dtype=np.int32)  # 1 where a cluster goes on across the offset
    joins[1:n] = (classes[1:] == MARK) & (classes[:-1] != CONTROL)
    floor = np.arange(n + 1, dtype=np.int32)
    floor -= np.add.accumulate(joins)
    return floor, floor + joins


def mark_joins(text: str) -> list[int] | None:
    """Where marks are the only characters that join (as :func:`mark_cluster_tables` asks), the
    code point offsets a cluster goes on across (a mark not after a control character), found by
    two regex searches with no array; None where the full rules are needed (CR LF or a CONTEXT
    character) and where a character is past the BMP (``re`` keeps a BMP class as a bitmap, one
    look-up a character; astral ranges it tries one by one). Grapheme offsets follow: ``k``
    less the joins at or before it (a start), before it (an end).

    >>> mark_joins("e\\u0301x"), mark_joins("\\u0301a\\n\\u0301"), mark_joins("a\\r\\nb")
    ([1], [], None)
    """
    context, marks, controls = _mark_patterns()
    if context.search(text) is not None:
        return None
    # marks are few in a line: the character before each is looked up in Python (a lookbehind
    # in the pattern cost a test at every position)
    return [k for k in map(_start, marks.finditer(text)) if k and text[k - 1] not in controls]


_start = re.Match.start


@functools.cache
def _mark_patterns() -> tuple[re.Pattern, re.Pattern, frozenset[str]]:
    """:func:`mark_joins`' searches: CR LF, a CONTEXT character or one past the BMP; a MARK in
    the BMP; and the BMP's control characters (a set)."""
    def ranges(value: int) -> str:
        points = np.flatnonzero(break_classes()[:0x10000] == value)
        runs = np.split(points, np.flatnonzero(np.diff(points) != 1) + 1)
        return "".join(f"\\u{int(run[0]):04x}-\\u{int(run[-1]):04x}" for run in runs)
    controls = np.flatnonzero(break_classes()[:0x10000] == CONTROL).astype(np.uint32)
    return (re.compile(f"\r\n|[{ranges(CONTEXT)}\U00010000-\U0010ffff]"),
            re.compile(f"[{ranges(MARK)}]"),
            frozenset(controls.tobytes().decode("utf-32-le", "surrogatepass")))


@functools.cache
def _may_join_pattern() -> re.Pattern:
    """Matches CR LF, a character of the classes that can join a neighbour (MARK, CONTEXT) in
    the BMP, or any character past it: where it finds none, every code point is a cluster of
    its own. ``re`` keeps a BMP class as a bitmap, one look-up a character (0.7 µs a line of
    the mono corpus, where the class array and its byte searches took 2.4 µs).

    >>> [bool(_may_join_pattern().search(t)) for t in ("ab", "e\\u0301", "\\r\\n", "😀")]
    [False, True, True, True]
    """
    odd = np.flatnonzero(break_classes()[:0x10000] & 1)
    runs = np.split(odd, np.flatnonzero(np.diff(odd) != 1) + 1) if len(odd) else []
    ranges = "".join(f"\\u{int(run[0]):04x}-\\u{int(run[-1]):04x}" for run in runs)
    return re.compile(f"\r\n|[{ranges}\U00010000-\U0010ffff]")


@functools.cache
def joining_characters() -> frozenset[str]:
    """Every character of the classes that can join a neighbour (MARK and CONTEXT), as a set
    of one-character strings (about 16,000; made once from :func:`break_classes`)."""
    odd = np.flatnonzero(break_classes() & 1).astype(np.uint32)
    return frozenset(odd.tobytes().decode("utf-32-le", "surrogatepass"))


def count_graphemes(text: str) -> int:
    """How many grapheme clusters ``text`` has.

    >>> count_graphemes("👍🏽 e\u0301")
    3
    """
    return int(np.count_nonzero(grapheme_boundary_mask(text))) - 1


def _context_windows(classes: np.ndarray) -> list[tuple[int, int]]:
    """Stretches of text around CONTEXT characters whose boundaries ``\\X`` must decide.

    A window starts at a surely-free boundary before the run (a position with no joining
    character on either side) and ends two characters after the joiners that follow it, so the
    clusters ``\\X`` finds in it are the ones it would find in the whole text. Windows that
    touch are merged.

    >>> _context_windows(np.array([PLAIN, PLAIN, CONTEXT, CONTEXT, PLAIN, PLAIN, PLAIN]))
    [(1, 6)]
    """
    context = classes == CONTEXT
    if not context.any():
        return []
    n = len(classes)
    joiner = context | (classes == MARK)
    edges = np.diff(context.astype(np.int8), prepend=0, append=0)
    run_starts = np.flatnonzero(edges == 1)
    run_ends = np.flatnonzero(edges == -1)
    # a free position: neither it nor the one before is a joiner (position 0 always is)
    positions = np.arange(n)
    free = ~joiner
    free[1:] &= ~joiner[:-1]
    free[0] = True
    last_free = np.maximum.accumulate(np.where(free, positions, 0))
    starts = last_free[np.maximum(run_starts - 1, 0)]
    # the first non-joiner at or after each run's end (n if none)
    next_plain = np.minimum.accumulate(np.where(joiner, n, positions)[::-1])[::-1]
    ends = np.minimum(np.append(next_plain, n)[run_ends] + 2, n)
    # starts and ends both grow with the run: merge each window into the previous one it touches
    new = np.ones(len(starts), dtype=bool)
    new[1:] = starts[1:] > ends[:-1]
    firsts = np.flatnonzero(new)
    lasts = np.append(firsts[1:] - 1, len(starts) - 1)
    return list(zip(starts[firsts].tolist(), ends[lasts].tolist()))
