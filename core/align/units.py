"""A record's spans in its declared unit, checked and converted to code points; a wrong unit found.

Alignment works in code points (whole characters); datasets count in any of the four units
(:class:`core.text.offsets.Unit`). :func:`spans_in_cp` checks every span against its text (beyond the
text, start after end, empty, inside a character, text mismatch) and converts the good ones.
When a span's text does not match in the declared unit, the other units are tried, and
:class:`UnitCheck` says which one fits: a file declared in code points whose span texts match
in UTF-8 bytes is named as such.

>>> from core.align.dataset import Record, Span, ReadStats
>>> check, stats = UnitCheck(Unit.CP), ReadStats()
>>> rec = Record(0, 1, 0, "東京へ", [Span(0, 6, "LOC", "東京")])
>>> spans_in_cp(rec, Unit.CP, check, stats).starts.tolist(), check.fits[Unit.BYTES]
([], 1)
>>> check.verdict()
'declared code points, but 1 of 1 span texts match in UTF-8 bytes'
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from ..errors import TextError
from ..notes import Note, english, note
from ..text.offsets import TextIndex, Unit
from .dataset import ReadStats, Record


@dataclass
class UnitCheck:
    """Span texts against the declared unit: how many were checked, fit, fit another unit."""

    declared: Unit
    with_text: int = 0
    fit_declared: int = 0
    fits: dict = field(default_factory=lambda: {u: 0 for u in Unit})

    @property
    def mismatched(self) -> int:
        return self.with_text - self.fit_declared

    def best_other(self) -> Unit | None:
        """The other unit most mismatched span texts fit (None when they fit none)."""
        others = [(n, u) for u, n in self.fits.items() if u is not self.declared and n]
        return max(others, key=lambda x: x[0])[1] if others else None

    def wrong_unit(self) -> bool:
        """The declaration is wrong: most span texts do not fit it and another unit fits them."""
        other = self.best_other()
        return (other is not None and self.mismatched * 2 > self.with_text
                and self.fits[other] * 2 > self.mismatched)

    def verdict_note(self) -> Note | None:
        """When span texts do not fit the declared unit, what they fit; None when they do."""
        if not self.mismatched:
            return None
        other = self.best_other()
        if other is None:
            return note("dataset.texts_differ", count=self.mismatched, total=self.with_text,
                        unit=self.declared.value)
        return note("dataset.wrong_unit", unit=self.declared.value, count=self.fits[other],
                    total=self.with_text, other_unit=other.value)

    def verdict(self) -> str | None:
        """:meth:`verdict_note` in English."""
        found = self.verdict_note()
        return None if found is None else english(found)

    def to_json(self) -> dict:
        return {"declared": self.declared.value, "with_text": self.with_text,
                "fit_declared": self.fit_declared,
                "fits": {u.value: n for u, n in self.fits.items() if u is not self.declared},
                "suggested": (self.best_other().value if self.wrong_unit() else None)}


@dataclass
class CpSpans:
    """A record's good spans in code points, and which of the record's spans they are."""

    starts: np.ndarray
    ends: np.ndarray
    which: list[int]


def limit_of(index: TextIndex, unit: Unit) -> int:
    """The text's length in ``unit``."""
    return index.counts()[unit.value]


def slice_in(index: TextIndex, unit: Unit, start: int, end: int) -> str | None:
    """The text between two offsets in ``unit``, or None where they do not fall on characters.

    >>> slice_in(TextIndex("é😀x"), Unit.UTF16, 1, 3)
    '😀'
    """
    if unit is Unit.CP:
        return index.text[start:end] if 0 <= start <= end <= len(index.text) else None
    try:
        b = index.to_bytes(unit, [start, end])
    except TextError:
        return None
    return index.data[int(b[0]):int(b[1])].decode("utf-8")


def to_cp(index: TextIndex, unit: Unit, offsets) -> np.ndarray:
    """Offsets in ``unit`` -> code points (raises TextError inside a character)."""
    offsets = np.asarray(offsets, dtype=np.int64)
    if unit is Unit.CP or index.ascii and unit is not Unit.GRAPHEME:
        return offsets
    if unit is Unit.GRAPHEME:
        return index.grapheme_cps[offsets].astype(np.int64)
    byte_offsets = index.to_bytes(unit, offsets)
    return np.searchsorted(index.cp_bytes, byte_offsets).astype(np.int64)


def from_cp(index: TextIndex, unit: Unit, starts, ends) -> tuple[np.ndarray, np.ndarray]:
    """Code point spans -> ``unit`` (graphemes widened outward to whole clusters)."""
    starts, ends = np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64)
    if unit is Unit.CP:
        return starts, ends
    if unit is Unit.BYTES:
        return index.cp_bytes[starts], index.cp_bytes[ends]
    if unit is Unit.UTF16:
        return tuple(np.asarray(a, dtype=np.int64) for a in index.cp_to_utf16(starts, ends))
    s, e, _ = index.cp_to_graphemes(starts, ends)
    return s.astype(np.int64), e.astype(np.int64)


def spans_in_cp(record: Record, unit: Unit, check: UnitCheck, stats: ReadStats,
                index: TextIndex | None = None) -> CpSpans:
    """The record's good spans in code points; every bad one listed on ``stats`` by line."""
    index = index or TextIndex(record.text)
    limit = limit_of(index, unit) if unit is not Unit.CP else len(record.text)
    good, starts, ends = [], [], []
    for k, span in enumerate(record.spans):
        where = {"nth": k + 1, "start": span.start, "end": span.end, "label": span.label}

        def bad(code: str, **args) -> None:
            stats.problem(record.line, note(code, **where, **args), record.index)

        if span.start > span.end:
            bad("dataset.span_after_end")
            continue
        if span.text is not None:
            check.with_text += 1
            found = slice_in(index, unit, span.start, span.end)
            if found == span.text:
                check.fit_declared += 1
            else:
                fits = [u for u in Unit if u is not unit
                        and slice_in(index, u, span.start, span.end) == span.text]
                for u in fits:
                    check.fits[u] += 1
                code = "dataset.span_text_off" if found is None else "dataset.span_text_differs"
                args = {"text": span.text, "unit": unit.value}
                if found is not None:
                    args["found"] = found
                if fits:
                    code, args["other_unit"] = code + "_fits", fits[0].value
                bad(code, **args)
                continue
        if span.start < 0 or span.end > limit:
            bad("dataset.span_beyond", limit=limit, unit=unit.value)
            continue
        if span.start == span.end:
            bad("dataset.span_empty")
            continue
        try:
            cp = to_cp(index, unit, [span.start, span.end])
        except TextError:  # within the text (checked above): an offset inside a character
            inside = span.start if _inside_char(index, unit, span.start) else span.end
            bad("dataset.span_inside_char", offset=inside, unit=unit.value)
            continue
        good.append(k)
        starts.append(int(cp[0]))
        ends.append(int(cp[1]))
    return CpSpans(np.asarray(starts, dtype=np.int64), np.asarray(ends, dtype=np.int64), good)


def _inside_char(index: TextIndex, unit: Unit, offset: int) -> bool:
    """Whether ``offset`` (within the text) falls inside a character in ``unit``."""
    try:
        index.to_bytes(unit, [offset])
    except TextError:
        return True
    return False


def checked_records(dataset, cancel=None):
    """Each record of ``dataset`` with its text index and good spans in code points (bad ones
    listed on ``dataset.stats``), stopping when ``cancel()`` turns true: the walk that writing
    a corrected copy and exporting token labels share.

    Yields ``(record, index, spans)``.
    """
    from ..progress import check_cancel

    check = UnitCheck(dataset.unit)
    for record in dataset.records():
        check_cancel(cancel)
        index = TextIndex(record.text)
        yield record, index, spans_in_cp(record, dataset.unit, check, dataset.stats, index)
