"""Parallel corpora (line *n* of every language is a translation of line *n*) and the premium.

A parallel corpus is a folder of ``<lang>.<split>`` files (FLORES-200: ``eng_Latn.dev``,
``zho_Hans.dev``...) or one TSV with a header row naming a language per column. Every
language must have the same number of lines: by default a mismatch is refused, naming the
files and their counts; ``align="shortest"`` keeps the first lines every file has and says so.

The **premium** of a language is ``tokens(lang) / tokens(pivot)`` over the same sentences
(Petrov et al., NeurIPS 2023: the ratio of totals). Its confidence interval is a paired
bootstrap over sentences: ``resamples`` draws of ``n`` sentence indexes with replacement from a
seeded generator, the same draws for every language and tokenizer, the 2.5th and 97.5th
percentiles of the ratios. Attention pairs for the same content grow with the square:
``4,200 / 3,000 = 1.4x`` the tokens is ``1.96x`` the pairs of one dense attention layer.

>>> counts = {"eng": np.array([10, 20, 30]), "zho": np.array([15, 30, 45])}
>>> result = premiums(counts, "eng", resamples=200, seed=1)
>>> result["zho"]["premium"], result["zho"]["ci"], result["zho"]["attention_pairs"]
(1.5, [1.5, 1.5], 2.25)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import FormatError, WorkbenchError
from ..utf8 import decode_utf8

ALIGN_CHOICES = ("refuse", "shortest")
DEFAULT_PIVOT = "eng_Latn"
DEFAULT_RESAMPLES = 1000
CI_LEVEL = 95


@dataclass
class ParallelCorpus:
    """Each language's lines, aligned (same count); ``warnings`` says what alignment cut."""

    path: Path
    lines: dict[str, list[str]]
    warnings: list[str] = field(default_factory=list)

    @property
    def size(self) -> int:
        return len(next(iter(self.lines.values()), []))

    def describe(self) -> dict:
        return {"kind": "parallel", "path": self.path.name, "languages": sorted(self.lines),
                "sentences": self.size}


def read_parallel(path: str | Path, *, align: str = "refuse") -> ParallelCorpus:
    """Read a parallel folder or TSV (see the module docstring).

    Raises :class:`~core.errors.FormatError` naming the file: no language files, an empty
    file, invalid UTF-8, or (``align="refuse"``) different line counts.
    """
    if align not in ALIGN_CHOICES:
        raise ValueError(f"align must be one of {', '.join(ALIGN_CHOICES)}")
    path = Path(path)
    if path.is_dir():
        lines = _read_folder(path)
    elif path.is_file():
        lines = _read_tsv(path)
    else:
        raise FormatError("no such parallel folder or TSV file", path=path)
    sizes = {lang: len(rows) for lang, rows in lines.items()}
    warnings = []
    if len(set(sizes.values())) > 1:
        listed = ", ".join(f"{lang}: {n:,}" for lang, n in sorted(sizes.items(),
                                                                   key=lambda kv: kv[1]))
        shortest = min(sizes.values())
        if align == "refuse":
            raise FormatError(f"the languages have different line counts ({listed}); line n "
                              "must be a translation of line n in every file (choose to align "
                              "by the shortest to keep the first lines only)", path=path)
        warnings.append(f"aligned by the shortest: {shortest:,} lines kept of each ({listed})")
        lines = {lang: rows[:shortest] for lang, rows in lines.items()}
    return ParallelCorpus(path, lines, warnings)


def _read_folder(folder: Path) -> dict[str, list[str]]:
    files = sorted(p for p in folder.iterdir()
                   if p.is_file() and "." in p.name and not p.name.startswith(".")
                   and p.suffix.lower() not in (".md", ".txt", ".tsv", ".json", ".flores")
                   and not p.name.upper().startswith("README"))
    if not files:
        raise FormatError("no language files (<lang>.<split>, e.g. eng_Latn.dev) in this "
                          "folder", path=folder)
    out: dict[str, list[str]] = {}
    for file in files:
        lang = file.name.split(".", 1)[0]
        if lang in out:
            raise FormatError(f"two files for language {lang}", path=file)
        out[lang] = read_language_file(file, lang)
    return out


def read_language_file(file: Path, lang: str) -> list[str]:
    """One language's lines (empty lines kept: they hold a line's place)."""
    data = file.read_bytes()
    if not data.strip():
        raise FormatError(f"the file of language {lang} is empty", path=file)
    text = decode_utf8(data, path=file, strip_bom=True)
    rows = text.split("\n")
    if text.endswith("\n"):
        rows.pop()
    return [row[:-1] if row.endswith("\r") else row for row in rows]


def _read_tsv(file: Path) -> dict[str, list[str]]:
    text = decode_utf8(file.read_bytes(), path=file, strip_bom=True)
    rows = list(csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))
    if len(rows) < 2:
        raise FormatError("a parallel TSV needs a header row of language codes and at least "
                          "one row of sentences", path=file)
    header = rows[0]
    if len(set(header)) != len(header) or not all(header):
        raise FormatError("the header must name each language once", path=file, line=1)
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise FormatError(f"{len(row)} columns where the header has {len(header)}",
                              path=file, line=number)
    return {lang: [row[i] for row in rows[1:]] for i, lang in enumerate(header)}


def check_pivot(pivot: str, languages) -> None:
    """Raise a :class:`WorkbenchError` naming the languages when ``pivot`` is not one."""
    if pivot not in languages:
        raise WorkbenchError(f"unknown pivot language {pivot!r}; the corpus has "
                             f"{', '.join(sorted(languages))}")


BOOTSTRAP_CHUNK = 1 << 20  # draws made at once: bounded memory, short numpy calls


def bootstrap_totals(matrix: np.ndarray, resamples: int, seed: int) -> np.ndarray:
    """Each resample's total of every column of ``matrix`` (sentences x languages):
    ``resamples`` draws of ``n`` sentences with replacement from a seeded generator (the same
    seed, the same draws: every language and tokenizer is resampled with the same sentences).
    Drawn a chunk of resamples at a time, so a corpus of a million sentences needs no
    ``resamples x n`` array.

    >>> counts = np.array([[1, 2], [3, 6]])
    >>> totals = bootstrap_totals(counts, 5, 0)
    >>> totals.shape, bool((totals[:, 1] == 2 * totals[:, 0]).all())
    ((5, 2), True)
    """
    n = len(matrix)
    totals = np.zeros((resamples, matrix.shape[1]), np.float64)
    if not n:
        return totals
    rng = np.random.default_rng(seed)
    values = matrix.astype(np.float64)  # integer sums far below 2**53: exact
    step = max(1, BOOTSTRAP_CHUNK // n)
    for first in range(0, resamples, step):
        rows = min(step, resamples - first)
        draws = rng.integers(0, n, size=(rows, n))
        for row in range(rows):
            totals[first + row] = values[draws[row]].sum(axis=0)
    return totals


def premiums(counts: dict[str, np.ndarray], pivot: str, *, resamples: int = DEFAULT_RESAMPLES,
             seed: int = 0) -> dict[str, dict]:
    """Per language: ``tokens``, ``premium`` (ratio of totals to the pivot's), ``ci`` (the
    bootstrap's 95% interval), ``attention_pairs`` (premium squared), ``sentence_ratio``
    (p10/p50/p90 of the per-sentence ratios, sentences with tokens in both) and ``rank``
    (1 = the fewest tokens). Tokenizers measured with the same ``seed`` are resampled with the
    same sentences (a paired comparison).
    """
    check_pivot(pivot, counts)
    base = np.asarray(counts[pivot], np.int64)
    if base.sum() == 0:
        raise WorkbenchError(f"the pivot language {pivot} has no tokens")
    languages = sorted(counts)
    matrix = np.stack([np.asarray(counts[lang], np.int64) for lang in languages], axis=1)
    totals = bootstrap_totals(matrix, resamples, seed)
    ratios = totals / np.maximum(totals[:, [languages.index(pivot)]], 1)
    bounds = (np.percentile(ratios, [(100 - CI_LEVEL) / 2, 100 - (100 - CI_LEVEL) / 2], axis=0)
              if len(ratios) and len(matrix) else None)
    out = {}
    for column, lang in enumerate(languages):
        mine = matrix[:, column]
        point = float(mine.sum() / base.sum())
        low, high = ((float(bounds[0, column]), float(bounds[1, column]))
                     if bounds is not None else (point, point))
        both = (base > 0) & (mine > 0)
        per_sentence = mine[both] / base[both]
        out[lang] = {
            "tokens": int(mine.sum()),
            "premium": round(point, 6),
            "ci": [round(low, 6), round(high, 6)],
            "attention_pairs": round(point * point, 6),
            "sentence_ratio": ({"p10": round(float(np.percentile(per_sentence, 10)), 6),
                                "p50": round(float(np.percentile(per_sentence, 50)), 6),
                                "p90": round(float(np.percentile(per_sentence, 90)), 6)}
                               if len(per_sentence) else None),
        }
    for rank, lang in enumerate(sorted(out, key=lambda k: (out[k]["premium"], k)), start=1):
        out[lang]["rank"] = rank
    return out
