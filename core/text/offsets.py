"""Text units, exact offset conversion and visible rendering.

Four units are used everywhere and always named: UTF-8 ``bytes``, code points (``cp``),
UTF-16 code units (``utf16``) and extended grapheme clusters (``grapheme``).
The canonical store is a byte span on the original UTF-8 text; the other units are
derived exactly, in bulk, with numpy.

>>> idx = TextIndex("a👨\u200d👩")
>>> idx.counts()
{'bytes': 12, 'cp': 4, 'utf16': 6, 'grapheme': 2}
>>> visible_bytes(b"\\xe4\\xbd")
'<E4 BD>'
"""

from __future__ import annotations

import re
import unicodedata

import numpy as np
import regex

from ..errors import TextError
from ..notes import note
from ..units import Unit  # noqa: F401  (the enum lives below errors and notes; imported from here too)
from .graphemes import grapheme_boundary_mask


# --- lone surrogates -------------------------------------------------------------------------

_LONE_SURROGATE = regex.compile(r"[\ud800-\udfff]")


def replace_lone_surrogates(text: str) -> tuple[str, int]:
    """Replace unpaired surrogates (from a broken clipboard, say) with U+FFFD.

    Returns the clean text and how many were replaced.

    >>> replace_lone_surrogates("a\\ud800b")
    ('a\ufffdb', 1)
    """
    count = len(_LONE_SURROGATE.findall(text))
    if count == 0:
        return text, 0
    return _LONE_SURROGATE.sub("\ufffd", text), count


def has_lone_surrogate(text: str) -> bool:
    """Whether ``text`` holds an unpaired surrogate.

    >>> has_lone_surrogate("a\\ud800"), has_lone_surrogate("a😀")
    (True, False)
    """
    return _LONE_SURROGATE.search(text) is not None


def check_encodable(text: str) -> None:
    """Raise :class:`TextError` naming the first lone surrogate, if any."""
    match = _LONE_SURROGATE.search(text)
    if match:
        count = len(_LONE_SURROGATE.findall(text))
        raise TextError.of(note("text.lone_surrogates", count=count,
                                codepoint=f"U+{ord(match.group()):04X}", start=match.start()))


# --- the index ------------------------------------------------------------------------------


class cached_property:  # noqa: N801 - a drop-in for functools.cached_property
    """``functools.cached_property`` without its lock: Python 3.11's takes an ``RLock`` shared
    by every instance on each first read (a few µs each, a fifth of a one-off encode of a short
    text). The value is computed from the text alone, so two threads computing it at once
    store the same thing.

    >>> class A:
    ...     @cached_property
    ...     def x(self):
    ...         return [1]
    >>> a = A(); a.x is a.x
    True
    """

    def __init__(self, compute):
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner, name) -> None:
        self.name = name

    def __get__(self, instance, owner=None):
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value


def index_dtype(largest: int):
    """int32 for offsets that fit (half the memory traffic of int64 on corpus-sized arrays).

    >>> index_dtype(10), index_dtype(2**31)
    (<class 'numpy.int32'>, <class 'numpy.int64'>)
    """
    return np.int32 if largest < 2**31 else np.int64


# up to this many astral characters, a text's index finds them without its code point tables
FEW_ASTRAL = 256


class TextIndex:
    """Exact offset tables for one text, built lazily with numpy.

    ``cp_bytes[i]`` is the byte offset where code point ``i`` starts (length ``n_cp + 1``);
    ``cp_utf16[i]`` the UTF-16 offset of the same place; ``cp_grapheme[i]`` the index of the
    grapheme boundary at or before it.

    >>> [a.tolist() for a in TextIndex("你a").byte_spans_to("cp", [0, 1], [3, 4])]
    [[0, 0], [1, 2], [False, True]]
    """

    def __init__(self, text: str, data: bytes | None = None,
                 counts: dict[str, int] | None = None, breaks: np.ndarray | None = None) -> None:
        self.text = text
        self.breaks = breaks  # code point offsets forced to be grapheme boundaries (joined texts)
        self.data = text.encode("utf-8") if data is None else data
        self._counts = counts  # known counts (computed elsewhere) spare the grapheme scan
        # Fast paths, decided once: most lines need no conversion at all for some units.
        self.ascii = len(self.data) == len(text)           # bytes == code points == UTF-16

    def __len__(self) -> int:
        return len(self.data)

    @cached_property
    def astral_cps(self) -> np.ndarray:
        """Code point indices of characters outside the BMP (two UTF-16 units each).

        >>> TextIndex("a😀é😀").astral_cps.tolist()
        [1, 3]
        """
        if self.ascii:
            return np.zeros(0, dtype=np.int64)
        leads = np.flatnonzero(self._raw >= 0xF0)  # lead bytes of four-byte sequences
        if "_cp_tables" in self.__dict__ or len(leads) > FEW_ASTRAL:
            return self._cp_tables[0][leads]
        # a few: a character's index is the number of characters starting before its lead
        # byte, counted between consecutive leads (one pass over the boundary mask, where the
        # tables take two running sums over every byte, which a batch that lays its code
        # point spans itself never reads)
        boundary = self.is_cp_boundary
        cuts = [0, *leads.tolist()]
        between = [np.count_nonzero(boundary[a:b]) for a, b in zip(cuts, cuts[1:])]
        return np.cumsum(between, dtype=index_dtype(len(boundary)))

    @property
    def bmp_only(self) -> bool:
        """Code points and UTF-16 units coincide."""
        return len(self.astral_cps) == 0

    @cached_property
    def simple_graphemes(self) -> bool:
        """Every code point is its own grapheme."""
        if self.ascii and "\r\n" not in self.text:
            return True
        return bool(self._is_grapheme_start.all())

    @cached_property
    def _raw(self) -> np.ndarray:
        return np.frombuffer(self.data, dtype=np.uint8)

    @cached_property
    def cp_bytes(self) -> np.ndarray:
        if self.ascii:
            return np.arange(len(self.data) + 1, dtype=np.int64)
        return np.flatnonzero(self.is_cp_boundary)

    @cached_property
    def is_cp_boundary(self) -> np.ndarray:
        """Per byte offset (``len + 1`` entries): does a code point start or end here?"""
        mask = np.empty(len(self.data) + 1, dtype=bool)
        np.not_equal(self._raw & 0xC0, 0x80, out=mask[:-1])  # not a continuation byte
        mask[-1] = True
        return mask

    @cached_property
    def cp_utf16(self) -> np.ndarray:
        """UTF-16 offset of every code point offset (``n_cp + 1`` entries)."""
        dtype = index_dtype(2 * len(self.text) + 1)
        table = np.zeros(len(self.text) + 1, dtype=dtype)
        table[self.astral_cps + 1] = 1  # an astral character takes a second unit after it
        np.cumsum(table, out=table)
        table += np.arange(len(self.text) + 1, dtype=dtype)
        return table

    @cached_property
    def grapheme_cps(self) -> np.ndarray:
        """Code point offsets of grapheme boundaries (``n_graphemes + 1`` entries)."""
        if self.ascii and "\r\n" not in self.text:
            return np.arange(len(self.text) + 1, dtype=np.int64)
        return np.flatnonzero(self._is_grapheme_start)

    @cached_property
    def _is_grapheme_start(self) -> np.ndarray:
        """Per code point offset (``n_cp + 1`` entries): does a grapheme start or end here?"""
        mask = grapheme_boundary_mask(self.text)
        if self.breaks is not None:
            mask[self.breaks] = True
        return mask

    def counts(self) -> dict[str, int]:
        if self._counts is None:
            graphemes = (len(self.text) if self.simple_graphemes
                         else int(np.count_nonzero(self._is_grapheme_start)) - 1)
            self._counts = {"bytes": len(self.data), "cp": len(self.text),
                            "utf16": int(self.cp_utf16[-1]), "grapheme": graphemes}
        return dict(self._counts)

    # -- conversion ------------------------------------------------------------------------

    def byte_spans_to(self, unit: Unit | str, starts, ends):
        """Convert end-exclusive byte spans to ``unit``.

        A span that starts or ends inside a character (or grapheme) is widened outward to whole
        units, and reported in the third array (``partial``).
        Returns ``(starts, ends, partial)`` as int64/bool arrays.
        """
        unit = Unit(unit)
        starts = np.asarray(starts, dtype=np.int64)
        ends = np.asarray(ends, dtype=np.int64)
        if unit is Unit.BYTES:
            return starts, ends, self.partial_mask(starts, ends)
        cp_s, cp_e, inside = self.cp_spans(starts, ends)
        if unit is Unit.CP:
            return cp_s, cp_e, inside
        if unit is Unit.UTF16:
            return (*self.cp_to_utf16(cp_s, cp_e), inside)
        g_s, g_e, split = self.cp_to_graphemes(cp_s, cp_e)
        return g_s, g_e, inside | split

    @staticmethod
    def _floor_ceil(is_start: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Lookup tables from offsets in a fine unit to a coarse one.

        ``is_start[i]`` says a coarse unit starts at fine offset ``i`` (``len + 1`` entries, the
        last True). ``floor[i]``: the coarse unit holding offset ``i``; ``ceil[i]``: the first
        coarse boundary at or after ``i``. A table gather is far faster than a binary search
        over millions of offsets.
        """
        floor = np.cumsum(is_start, dtype=index_dtype(len(is_start)))
        floor -= 1
        ceil = floor + ~is_start
        return floor, ceil

    @cached_property
    def _cp_tables(self) -> tuple[np.ndarray, np.ndarray]:
        return self._floor_ceil(self.is_cp_boundary)

    @cached_property
    def _grapheme_tables(self) -> tuple[np.ndarray, np.ndarray]:
        return self._floor_ceil(self._is_grapheme_start)

    def spans_in(self, unit: Unit | str, starts: np.ndarray, ends: np.ndarray,
                 cache: dict | None = None, *, ordered: bool = False
                 ) -> tuple[np.ndarray, np.ndarray]:
        """Byte spans -> spans in ``unit`` (widened outward to whole units).

        ``cache`` (a dict kept by the caller for these spans) holds every unit computed so far:
        code point spans are the way to UTF-16 and graphemes, and are computed once.
        ``ordered``: starts and ends are each non-decreasing (see :meth:`cp_to_utf16`).

        >>> idx, cache = TextIndex("é😀"), {}
        >>> [a.tolist() for a in idx.spans_in("utf16", np.array([0, 2]), np.array([2, 6]), cache)]
        [[0, 1], [1, 3]]
        >>> sorted(u.value for u in cache)
        ['cp', 'utf16']
        """
        cache = {} if cache is None else cache
        unit = Unit(unit)
        if unit not in cache:
            if unit is Unit.BYTES:
                cache[unit] = (starts, ends)
            elif unit is Unit.CP:
                cache[unit] = self.cp_spans(starts, ends, inside=False)[:2]
            elif unit is Unit.UTF16:
                cache[unit] = self.cp_to_utf16(*self.spans_in(Unit.CP, starts, ends, cache),
                                               ordered=ordered)
            else:
                cp_spans = self.spans_in(Unit.CP, starts, ends, cache)
                cache[unit] = self.cp_to_graphemes(*cp_spans, split=False)[:2]
        return cache[unit]

    def cp_spans(self, starts: np.ndarray, ends: np.ndarray, *, inside: bool = True):
        """Byte spans -> code point spans (widened outward) and, unless ``inside=False``, which
        were inside a character (else None: a corpus-sized pass saved)."""
        if self.ascii:
            return starts, ends, np.zeros(len(starts), dtype=bool) if inside else None
        floor, ceil = self._cp_tables
        boundary = self.is_cp_boundary
        return (floor[starts], ceil[ends],
                ~(boundary[starts] & boundary[ends]) if inside else None)

    def cp_to_utf16(self, cp_s: np.ndarray, cp_e: np.ndarray, *, ordered: bool = False):
        """Code point offsets -> UTF-16 offsets: add the astral characters before each.

        ``ordered``: each array is non-decreasing (tokens laid end to end, texts' starts).
        Then, with few astral characters, the stretch between two of them is shifted by one
        constant (a pass, no table), where the table takes a running sum over every code
        point and a gather per offset.

        >>> idx = TextIndex("a😀b😀c")
        >>> [a.tolist() for a in idx.cp_to_utf16(np.array([0, 2, 4]), np.array([2, 4, 5]),
        ...                                      ordered=True)]
        [[0, 3, 6], [3, 6, 7]]
        """
        if self.bmp_only:
            return cp_s, cp_e
        astral = self.astral_cps
        if ordered and len(astral) <= FEW_ASTRAL:
            dtype = index_dtype(2 * len(self.text) + 1)  # the table's
            return _shifted_after(cp_s, astral, dtype), _shifted_after(cp_e, astral, dtype)
        table = self.cp_utf16
        return table[cp_s], table[cp_e]

    def cp_to_graphemes(self, cp_s: np.ndarray, cp_e: np.ndarray, *, split: bool = True):
        """Code point spans -> grapheme spans (widened outward) and, unless ``split=False``,
        which split a cluster (else None)."""
        if self.simple_graphemes:
            return cp_s, cp_e, np.zeros(len(cp_s), dtype=bool) if split else None
        floor, ceil = self._grapheme_tables
        is_start = self._is_grapheme_start
        return (floor[cp_s], ceil[cp_e],
                ~(is_start[cp_s] & is_start[cp_e]) if split else None)

    def partial_mask(self, starts, ends) -> np.ndarray:
        """True for byte spans that start or end inside a UTF-8 character."""
        if self.ascii:
            return np.zeros(len(starts), dtype=bool)
        boundary = self.is_cp_boundary
        return ~(boundary[np.asarray(starts)] & boundary[np.asarray(ends)])

    def to_bytes(self, unit: Unit | str, offsets) -> np.ndarray:
        """Map offsets counted in ``unit`` to byte offsets; raise if one falls inside a character.

        >>> TextIndex("é👍x").to_bytes("utf16", [0, 1, 3, 4]).tolist()
        [0, 2, 6, 7]
        """
        unit = Unit(unit)
        offsets = np.asarray(offsets, dtype=np.int64)
        limit = {Unit.BYTES: len(self.data), Unit.CP: len(self.text),
                 Unit.UTF16: int(self.cp_utf16[-1]),
                 Unit.GRAPHEME: len(self.grapheme_cps) - 1}[unit]
        bad = (offsets < 0) | (offsets > limit)
        if bad.any():
            raise TextError.of(note("text.offset_outside", offset=int(offsets[bad][0]),
                                    limit=int(limit), unit=unit.value))
        if unit is Unit.BYTES:
            if not self.is_cp_boundary[offsets].all():
                first = int(offsets[~self.is_cp_boundary[offsets]][0])
                raise TextError.of(note("text.offset_inside_character", offset=first))
            return offsets
        if unit is Unit.CP:
            cps = offsets
        elif unit is Unit.UTF16:
            cps = np.searchsorted(self.cp_utf16, offsets)
            inside = self.cp_utf16[cps] != offsets
            if inside.any():
                raise TextError.of(note("text.offset_inside_pair",
                                        offset=int(offsets[inside][0])))
        else:
            cps = self.grapheme_cps[offsets]
        return self.cp_bytes[cps]


# --- visible rendering ----------------------------------------------------------------------

_NAMED_INVISIBLES = {
    " ": "␣", "\t": "⇥", "\n": "↵", "\r": "␍", "\u00a0": "⍽", "\u200b": "⟨ZWSP⟩",
    "\u200c": "⟨ZWNJ⟩", "\u200d": "⟨ZWJ⟩", "\u2060": "⟨WJ⟩", "\ufeff": "⟨BOM⟩",
    "\u200e": "⟨LRM⟩", "\u200f": "⟨RLM⟩", "\u061c": "⟨ALM⟩", "\u202a": "⟨LRE⟩",
    "\u202b": "⟨RLE⟩", "\u202c": "⟨PDF⟩", "\u202d": "⟨LRO⟩", "\u202e": "⟨RLO⟩",
    "\u2066": "⟨LRI⟩", "\u2067": "⟨RLI⟩", "\u2068": "⟨FSI⟩", "\u2069": "⟨PDI⟩",
    "\u00ad": "⟨SHY⟩", "\u3000": "⟨IDSP⟩",
}
_NEEDS_GLYPH = regex.compile(r"[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}\ufe00-\ufe0f]|^\p{M}")


def _glyph(match: regex.Match) -> str:
    char = match.group()
    if char in _NAMED_INVISIBLES:
        return _NAMED_INVISIBLES[char]
    if unicodedata.category(char).startswith("M"):
        return "◌" + char  # a combining mark at the start would attach to whatever precedes it
    if "\ufe00" <= char <= "\ufe0f":
        return f"⟨VS{ord(char) - 0xFE00 + 1}⟩"
    return f"⟨U+{ord(char):04X}⟩"


def visible_text(text: str) -> str:
    """Render whitespace, control and invisible characters as visible glyphs.

    >>> visible_text("a b\\n\u200d")
    'a␣b↵⟨ZWJ⟩'
    """
    return _NEEDS_GLYPH.sub(_glyph, text)


def invisible_chars(text: str) -> list[tuple[int, str]]:
    """Code point index and glyph of every character :func:`visible_text` shows as a glyph (a
    view that lays the text out itself marks them where they are).

    >>> invisible_chars("a b\u200d")
    [(1, '␣'), (3, '⟨ZWJ⟩')]
    """
    return [(m.start(), _glyph(m)) for m in _NEEDS_GLYPH.finditer(text)]


def hex_bytes(data: bytes) -> str:
    """``b'\\xe4\\xbd\\xa0'`` -> ``'E4 BD A0'``."""
    return data.hex(" ").upper()


_ESCAPED = re.compile("[\udc80-\udcff]")
_ESCAPED_SPLIT = re.compile("([\udc80-\udcff]+)")


def visible_bytes(data: bytes, *, show_invisibles: bool = True) -> str:
    """Render token bytes: whole UTF-8 characters as text, any other bytes as ``<HEX>``.

    With ``show_invisibles`` (the default) whitespace and control characters become glyphs.

    >>> visible_bytes(" 你".encode() + b"\\xe5")
    '␣你<E5>'
    >>> visible_bytes(b" \\xe5", show_invisibles=False)
    ' <E5>'
    """
    render = visible_text if show_invisibles else str
    # one decode: every byte that is not part of a whole character becomes a lone surrogate
    # U+DC80..U+DCFF (surrogateescape); adjacent ones are shown as one <HEX> group
    text = data.decode("utf-8", "surrogateescape")
    if text.isascii() or not _ESCAPED.search(text):
        return render(text)
    out: list[str] = []
    for k, part in enumerate(_ESCAPED_SPLIT.split(text)):
        if k % 2:  # a run of escaped bytes
            out.append(f"<{hex_bytes(bytes(ord(c) - 0xDC00 for c in part))}>")
        elif part:
            out.append(render(part))
    return "".join(out)


def _shifted_after(offsets: np.ndarray, marks: np.ndarray, dtype) -> np.ndarray:
    """Each of the non-decreasing ``offsets`` plus the number of the sorted ``marks`` below
    it, as ``dtype``: the offsets after the k-th mark form one stretch, shifted by k.

    >>> _shifted_after(np.array([0, 1, 2, 2, 5]), np.array([1, 4]), np.int32).tolist()
    [0, 1, 3, 3, 7]
    """
    out = np.empty(len(offsets), dtype=dtype)
    cuts = [0, *np.searchsorted(offsets, marks, side="right").tolist(), len(offsets)]
    for shift, (a, b) in enumerate(zip(cuts, cuts[1:])):
        np.add(offsets[a:b], shift, out=out[a:b], casting="unsafe")
    return out
