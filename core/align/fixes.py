"""Suggested fixes for a misaligned span, and a corrected copy of a dataset.

For a span a tokenizer does not align strictly, :func:`suggest_fixes` offers, in order: trimming
whitespace or punctuation at its ends (an annotation slip), snapping to ``contract`` (the tokens
inside) and to ``expand`` (the tokens it touches); each says what it changes and whether the
result aligns. :func:`write_fixed_copy` applies the first aligning fix of a chosen order to
every misaligned span and writes a new JSONL file: the original file is never modified.

>>> from core.align.alignment import token_groups
>>> g = token_groups(np.array([0, 5]), np.array([5, 9]))          # "Tokyo" " Bay"
>>> [(f.kind, f.start, f.end, f.aligned) for f in suggest_fixes("Tokyo Bay", 0, 6, g)]
[('trim', 0, 5, True), ('contract', 0, 5, True), ('expand', 0, 9, True)]
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..errors import WorkbenchError
from ..notes import note
from ..progress import Progress, Throttle
from .alignment import Groups, align, align_encoding
from .dataset import Dataset
from .units import checked_records, from_cp

FIX_KINDS = ("trim", "contract", "expand")


@dataclass(frozen=True)
class Fix:
    """A changed span (code points): the kind of fix, the new ends, the texts before and after,
    and whether the new span aligns strictly."""

    kind: str
    start: int
    end: int
    before: str
    after: str
    aligned: bool

    def describe(self) -> str:
        """``trim: ' Tokyo' -> 'Tokyo'`` (for the CLI; the GUI words it itself)."""
        return f"{self.kind}: {self.before!r} -> {self.after!r}"


def _trimmable(char: str) -> bool:
    category = unicodedata.category(char)
    return category[0] in "ZP" or char.isspace()


def trimmed(text: str, start: int, end: int, *, head: bool = True,
            tail: bool = True) -> tuple[int, int]:
    """The span without whitespace or punctuation at its start (``head``) and end (``tail``);
    unchanged if nothing else would be left.

    >>> trimmed(" (Tokyo) ", 0, 9), trimmed(" Tokyo ", 0, 7, head=False)
    ((2, 7), (0, 6))
    """
    s, e = start, end
    while head and s < e and _trimmable(text[s]):
        s += 1
    while tail and e > s and _trimmable(text[e - 1]):
        e -= 1
    return (s, e) if e > s else (start, end)


def suggest_fixes(text: str, start: int, end: int, groups: Groups) -> list[Fix]:
    """Fixes for the code point span ``[start, end)`` of ``text`` given its token groups."""
    before = text[start:end]
    found = align(groups, np.array([start]), np.array([end]))
    if found.strict[0]:
        return []
    fixes = []
    # both ends, then one: byte-level tokens keep a leading space (" Tokyo" aligns, "Tokyo"
    # does not), so trimming only the end is often what aligns
    tried = set()
    for head, tail in ((True, True), (False, True), (True, False)):
        s, e = trimmed(text, start, end, head=head, tail=tail)
        if (s, e) == (start, end) or (s, e) in tried:
            continue
        tried.add((s, e))
        aligned = bool(align(groups, np.array([s]), np.array([e])).strict[0])
        fixes.append(Fix("trim", s, e, before, text[s:e], aligned))
    for kind in ("contract", "expand"):
        snapped = found.range(kind, 0)  # on group boundaries: it aligns (checked all the same)
        if snapped is not None and snapped != (start, end):
            aligned = bool(align(groups, np.array([snapped[0]]), np.array([snapped[1]])).strict[0])
            fixes.append(Fix(kind, snapped[0], snapped[1], before,
                             text[snapped[0]:snapped[1]], aligned))
    return fixes


def choose_fix(fixes: Sequence[Fix], order: Sequence[str]) -> Fix | None:
    """The first fix, in ``order`` of kinds, that makes the span align."""
    for kind in order:
        for fix in fixes:
            if fix.kind == kind and fix.aligned:
                return fix
    return None


@dataclass
class FixReport:
    """What a corrected copy changed: per fix kind, and the spans still misaligned (line)."""

    records: int = 0
    spans: int = 0
    fixed: dict = field(default_factory=dict)
    left: list[dict] = field(default_factory=list)

    def to_json(self) -> dict:
        return {"records": self.records, "spans": self.spans, "fixed": self.fixed,
                "left": self.left}


def write_fixed_copy(dataset: Dataset, runtime, out: str | Path, *,
                     order: Sequence[str] = ("trim", "contract"),
                     progress: Callable | None = None,
                     cancel: Callable[[], bool] | None = None) -> FixReport:
    """Write ``dataset`` as JSONL (its declared unit) with every span the tokenizer misaligns
    replaced by its first aligning fix in ``order``; spans with none are kept as they were and
    listed. Raises :class:`WorkbenchError` if ``out`` is the dataset itself."""
    out = Path(out)
    unknown = [k for k in order if k not in FIX_KINDS]
    if unknown:
        raise WorkbenchError.of(note("align.unknown_fix", fix=unknown[0],
                                     fixes=list(FIX_KINDS)))
    if out.exists() and out.resolve() == dataset.path.resolve():
        raise WorkbenchError.of(note("align.copy_overwrites_dataset"), path=out)
    report = FixReport()
    throttle = Throttle(progress)
    with open(out, "w", encoding="utf-8", newline="\n") as handle:
        for record, index, good in checked_records(dataset, cancel):
            encoding = runtime.encode(record.text, add_special_tokens=False)
            groups, _ = align_encoding(encoding, [], [])
            spans = []
            new_of = dict(zip(good.which, zip(good.starts.tolist(), good.ends.tolist())))
            for k, span in enumerate(record.spans):
                item = {"start": span.start, "end": span.end, "label": span.label}
                if span.text is not None:
                    item["text"] = span.text
                if k in new_of:
                    report.spans += 1
                    s, e = new_of[k]
                    fixes = suggest_fixes(record.text, s, e, groups)
                    fix = choose_fix(fixes, order) if fixes else None
                    if fix is not None:
                        ns, ne = from_cp(index, dataset.unit, [fix.start], [fix.end])
                        item.update(start=int(ns[0]), end=int(ne[0]), text=fix.after)
                        report.fixed[fix.kind] = report.fixed.get(fix.kind, 0) + 1
                    elif fixes:
                        report.left.append({"line": record.line, "start": span.start,
                                            "end": span.end, "label": span.label})
                spans.append(item)
            row = {"text": record.text, "spans": spans}
            if record.id is not None:
                row = {"id": record.id, **row}
            handle.write(json.dumps(row, ensure_ascii=False) + "\n")
            report.records += 1
            throttle(Progress("fix", record.offset, dataset.size))
    return report
