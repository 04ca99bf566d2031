"""Parallel corpora (line *n* of every language is a translation of line *n*) and the premium.

A parallel corpus is a folder of one file per language or one TSV with a header row naming a
language per column. A folder's file is a language's when its name before the first dot is a
language code (:mod:`core.language_codes`), whatever the extension: FLORES-200's
``eng_Latn.dev`` / ``zho_Hans.devtest``, ``eng_Latn.txt``, ``pt_BR.flores``; README, LICENSE
and metadata are skipped by name. ``languages`` keeps a subset (no folder of links needed).
Every language must have the same number of lines: by default a mismatch is refused, naming the
files and their counts; ``align="shortest"`` keeps the first lines every file has and says so.

The **premium** of a language is ``tokens(lang) / tokens(pivot)`` over the same sentences
(Petrov et al., NeurIPS 2023: the ratio of totals). Its confidence interval is a paired
bootstrap over sentences: ``resamples`` draws of ``n`` sentence indexes with replacement from a
seeded generator, the same draws for every language and tokenizer, the 2.5th and 97.5th
percentiles of the ratios. Attention pairs for the same content grow with the square:
``4,200 / 3,000 = 1.4x`` the tokens is ``1.96x`` the pairs of one dense attention layer.

>>> counts = {"eng": np.array([10, 20, 30]), "zho": np.array([15, 30, 45])}
>>> result = premiums(counts, "eng", resamples=200, seed=1)
>>> result["zho"].premium, result["zho"].ci, result["zho"].attention_pairs
(1.5, (1.5, 1.5), 2.25)
"""

from __future__ import annotations

import csv
import io
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import FormatError, WorkbenchError
from ..language_codes import language_of_name
from ..notes import Note, note
from ..text.utf8 import decode_utf8
from .result import CorpusSummary, LanguagePremium, SentenceRatio
from .settings import DEFAULT_RESAMPLES

ALIGN_CHOICES = ("refuse", "shortest")
CI_LEVEL = 95


@dataclass
class ParallelCorpus:
    """Each language's lines, aligned (same count); ``files`` says where each came from (a
    TSV: the TSV), ``warnings`` what alignment cut."""

    path: Path
    lines: dict[str, list[str]]
    warnings: list[Note] = field(default_factory=list)
    files: dict[str, Path] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(next(iter(self.lines.values()), []))

    def describe(self) -> CorpusSummary:
        return CorpusSummary("parallel", self.path.name, tuple(sorted(self.lines)), self.size)


def parallel_languages(path: str | Path) -> dict[str, Path]:
    """The languages of a parallel folder (each with its file) or TSV (each with the TSV, from
    its header row), without reading the sentences: what a user chooses a subset from.

    Raises :class:`~core.errors.FormatError` naming the path: no such folder or file, a folder
    with no language file, two files of one language, a TSV without a usable header.
    """
    path = Path(path)
    if path.is_dir():
        return _language_files(path)
    if path.is_file():
        return {lang: path for lang in _tsv_header(path)}
    raise FormatError.of(note("diagnostics.no_parallel_corpus"), path=path)


def read_parallel(path: str | Path, *, align: str = "refuse",
                  languages: list[str] | tuple[str, ...] | None = None) -> ParallelCorpus:
    """Read a parallel folder or TSV (see the module docstring); ``languages``: only these.

    Raises :class:`~core.errors.FormatError` naming the file: no language files, a language
    the corpus does not have, an empty file, invalid UTF-8, or (``align="refuse"``) different
    line counts.
    """
    if align not in ALIGN_CHOICES:
        raise ValueError(f"align must be one of {', '.join(ALIGN_CHOICES)}")
    path = Path(path)
    files = choose_languages(parallel_languages(path), languages, path)
    if path.is_dir():
        lines = {lang: read_language_file(file, lang) for lang, file in files.items()}
    else:
        table = _read_tsv(path)
        lines = {lang: table[lang] for lang in files}
    sizes = {lang: len(rows) for lang, rows in lines.items()}
    warnings = []
    if len(set(sizes.values())) > 1:
        listed = [f"{lang}: {n:,}" for lang, n in sorted(sizes.items(), key=lambda kv: kv[1])]
        shortest = min(sizes.values())
        if align == "refuse":
            raise FormatError.of(note("diagnostics.line_counts_differ", counts=listed),
                                 path=path)
        warnings.append(note("diagnostics.aligned_by_shortest", lines=shortest, counts=listed))
        lines = {lang: rows[:shortest] for lang, rows in lines.items()}
    return ParallelCorpus(path, lines, warnings, files)


def choose_languages(files: dict[str, Path], languages, path: Path) -> dict[str, Path]:
    """``files`` kept to ``languages`` (all of them when None), in the order given; a language
    the corpus does not have is refused, naming those it has.

    >>> choose_languages({"eng": Path("eng.dev"), "fra": Path("fra.dev")}, ["fra"], Path("."))
    {'fra': PosixPath('fra.dev')}
    """
    if not languages:
        return dict(sorted(files.items()))
    missing = [lang for lang in languages if lang not in files]
    if missing:
        raise FormatError.of(note("diagnostics.unknown_languages", languages=missing,
                                  available=sorted(files)), path=path)
    return {lang: files[lang] for lang in dict.fromkeys(languages)}


def _language_files(folder: Path) -> dict[str, Path]:
    out: dict[str, Path] = {}
    for file in sorted(folder.iterdir()):
        lang = language_of_name(file.name)
        if lang is None or not file.is_file() or file.name.startswith("."):
            continue
        if lang in out:
            raise FormatError.of(note("diagnostics.language_twice", language=lang,
                                      first=out[lang].name, second=file.name), path=folder)
        out[lang] = file
    if not out:
        raise FormatError.of(note("diagnostics.no_language_files"), path=folder)
    return out


def read_language_file(file: Path, lang: str) -> list[str]:
    """One language's lines (empty lines kept: they hold a line's place)."""
    data = file.read_bytes()
    if not data.strip():
        raise FormatError.of(note("diagnostics.language_file_empty", language=lang), path=file)
    text = decode_utf8(data, path=file, strip_bom=True)
    rows = text.split("\n")
    if text.endswith("\n"):
        rows.pop()
    return [row[:-1] if row.endswith("\r") else row for row in rows]


def _tsv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text), delimiter="\t", quoting=csv.QUOTE_NONE))


def _check_header(header: list[str], file: Path) -> list[str]:
    if len(set(header)) != len(header) or not all(header):
        raise FormatError.of(note("diagnostics.tsv_header"), path=file, line=1)
    return header


def _tsv_header(file: Path) -> list[str]:
    """A parallel TSV's languages, from its first line only."""
    with open(file, "rb") as handle:
        first = handle.readline()
    rows = _tsv_rows(decode_utf8(first, path=file, strip_bom=True))
    if not rows:
        raise FormatError.of(note("diagnostics.tsv_too_short"), path=file)
    return _check_header(rows[0], file)


def _read_tsv(file: Path) -> dict[str, list[str]]:
    text = decode_utf8(file.read_bytes(), path=file, strip_bom=True)
    rows = _tsv_rows(text)
    if len(rows) < 2:
        raise FormatError.of(note("diagnostics.tsv_too_short"), path=file)
    header = _check_header(rows[0], file)
    for number, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise FormatError.of(note("diagnostics.tsv_columns", columns=len(row),
                                      header=len(header)), path=file, line=number)
    return {lang: [row[i] for row in rows[1:]] for i, lang in enumerate(header)}


def check_pivot(pivot: str, languages) -> None:
    """Raise a :class:`WorkbenchError` naming the languages when ``pivot`` is not one."""
    if pivot not in languages:
        raise WorkbenchError.of(note("diagnostics.unknown_pivot", pivot=pivot,
                                     languages=sorted(languages)))


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
        # how often each resample drew each sentence, times the matrix: one product for the
        # chunk where a gather and a sum per resample took 30 ms a tokenizer on FLORES (1,000
        # x 997); every term and partial sum is an integer below 2**53, so the totals are
        # exact in any order, the gathered sums' too
        drawn = np.bincount((draws + np.arange(rows)[:, None] * n).ravel(),
                            minlength=rows * n).reshape(rows, n)
        totals[first:first + rows] = drawn.astype(np.float64) @ values
    return totals


def premiums(counts: dict[str, np.ndarray], pivot: str, *, resamples: int = DEFAULT_RESAMPLES,
             seed: int = 0) -> dict[str, LanguagePremium]:
    """Per language (a :class:`~core.diagnostics.result.LanguagePremium`): ``tokens``,
    ``premium`` (ratio of totals to the pivot's), ``ci`` (the bootstrap's 95% interval),
    ``attention_pairs`` (premium squared), ``sentence_ratio``
    (p10/p50/p90 of the per-sentence ratios, sentences with tokens in both) and ``rank``
    (1 = the fewest tokens). Tokenizers measured with the same ``seed`` are resampled with the
    same sentences (a paired comparison).
    """
    check_pivot(pivot, counts)
    base = np.asarray(counts[pivot], np.int64)
    if base.sum() == 0:
        raise WorkbenchError.of(note("diagnostics.pivot_no_tokens", pivot=pivot))
    languages = sorted(counts)
    matrix = np.stack([np.asarray(counts[lang], np.int64) for lang in languages], axis=1)
    totals = bootstrap_totals(matrix, resamples, seed)
    ratios = totals / np.maximum(totals[:, [languages.index(pivot)]], 1)
    bounds = (np.percentile(ratios, [(100 - CI_LEVEL) / 2, 100 - (100 - CI_LEVEL) / 2], axis=0)
              if len(ratios) and len(matrix) else None)
    rows = {}
    for column, lang in enumerate(languages):
        mine = matrix[:, column]
        point = float(mine.sum() / base.sum())
        low, high = ((float(bounds[0, column]), float(bounds[1, column]))
                     if bounds is not None else (point, point))
        both = (base > 0) & (mine > 0)
        per_sentence = mine[both] / base[both]
        ratio = (SentenceRatio(*(round(float(np.percentile(per_sentence, q)), 6)
                                 for q in (10, 50, 90)))
                 if len(per_sentence) else None)
        rows[lang] = (int(mine.sum()), round(point, 6), (round(low, 6), round(high, 6)),
                      round(point * point, 6), ratio)
    ranked = sorted(rows, key=lambda k: (rows[k][1], k))
    return {lang: LanguagePremium(*rows[lang], rank=ranked.index(lang) + 1)
            for lang in languages}
