"""Training corpora: streaming sources, bad-input policies, de-duplication and statistics.

A :class:`CorpusSource` is one file (plain text with a document per line or per blank-line
paragraph, JSONL with a field path, CSV/TSV with a column; ``.gz``/``.xz``/``.bz2`` transparently)
with a language tag, a domain tag and a sampling weight. Files are read as a stream, never whole,
and never modified. Bad input follows a policy: ``strict`` stops at the first invalid UTF-8
(naming file, line and byte offset); ``replace`` substitutes U+FFFD and lists the lines.

>>> import tempfile, pathlib
>>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
>>> _ = path.write_bytes("\\ufeffhello\\r\\nworld\\nhello\\n".encode())
>>> corpus = Corpus([CorpusSource(path, lang="en")])
>>> list(corpus.documents())
['hello', 'world']
>>> corpus.report.sources[0].duplicates, corpus.report.sources[0].bom
(1, True)
"""

from __future__ import annotations

import bz2
import copy
import csv
import glob
import gzip
import hashlib
import io
import json
import lzma
import math
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterator, Optional

import regex

from .errors import FormatError, WorkbenchError
from .notes import note
from .text.graphemes import count_graphemes
from .text.json_errors import json_problem
from .progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel
from .text.utf8 import decode_utf8

OPENERS = {".gz": gzip.open, ".xz": lzma.open, ".bz2": bz2.open}
KINDS = ("lines", "paragraphs", "jsonl", "csv", "tsv")
MAX_LINE_BYTES = 1 << 20
BAD_LINES_LISTED = 100
SCRIPTS = ("Latin", "Han", "Hiragana", "Katakana", "Hangul", "Cyrillic", "Arabic", "Hebrew",
           "Greek", "Devanagari", "Thai", "Ethiopic", "Georgian", "Armenian", "Bengali", "Tamil",
           "Telugu", "Myanmar", "Khmer")
_SCRIPT_PATTERNS = [(name, regex.compile(rf"\p{{Script={name}}}")) for name in SCRIPTS]


@dataclass
class CorpusSource:
    """One input file (or glob / folder, expanded by :func:`expand`).

    Attributes:
        kind: ``lines`` (a document per line), ``paragraphs`` (per blank-line paragraph),
            ``jsonl`` (``field`` is a dotted path), ``csv``/``tsv`` (``column`` name or index);
            guessed from the suffix when empty.
        weight: how much of the source training sees: 2 gives each document twice, 0.5 one
            document in two (chosen by a hash of its text, so the same ones every run).

    Raises :class:`~core.errors.WorkbenchError` (``corpus.unknown_kind``,
    ``corpus.bad_weight``) for a kind or weight it cannot take.
    """

    path: Path
    kind: str = ""
    field: str = "text"
    column: str | int = 0
    lang: str = ""
    domain: str = ""
    weight: float = 1.0

    def __post_init__(self) -> None:
        self.path = Path(self.path)
        if not self.kind:
            self.kind = guess_kind(self.path)
        if self.kind not in KINDS:
            raise WorkbenchError.of(note("corpus.unknown_kind", kind=self.kind, kinds=list(KINDS)),
                                    path=self.path)
        if not math.isfinite(self.weight) or self.weight < 0:
            raise WorkbenchError.of(note("corpus.bad_weight", weight=self.weight), path=self.path)


def guess_kind(path: Path) -> str:
    """``a.jsonl.gz`` -> ``jsonl``; ``b.tsv`` -> ``tsv``; anything else -> ``lines``."""
    suffixes = [s for s in path.suffixes if s not in OPENERS]
    last = suffixes[-1].lower() if suffixes else ""
    return {".jsonl": "jsonl", ".json": "jsonl", ".csv": "csv", ".tsv": "tsv"}.get(last, "lines")


def expand(pattern: str | Path, **tags) -> list[CorpusSource]:
    """A file, a folder (every file below it) or a glob, as sources sharing ``tags``."""
    path = Path(pattern)
    if path.is_dir():
        files = sorted(p for p in path.rglob("*") if p.is_file())
    elif path.exists():
        files = [path]
    else:
        files = sorted(Path(p) for p in glob.glob(str(pattern), recursive=True) if Path(p).is_file())
    if not files:
        raise FormatError.of(note("file.no_match"), path=pattern)
    return [CorpusSource(f, **tags) for f in files]


@dataclass
class SourceStats:
    """What was read from one source."""

    path: str
    lang: str
    documents: int = 0
    bytes: int = 0
    code_points: int = 0
    graphemes: int = 0
    duplicates: int = 0
    empty: int = 0
    invalid_utf8_lines: list[int] = field(default_factory=list)
    invalid_utf8_count: int = 0
    capped_lines: list[int] = field(default_factory=list)
    bom: bool = False
    crlf: int = 0
    scripts: Counter = field(default_factory=Counter)
    weighted_documents: int = 0  # what training sees once the source's weight is applied
    weighted_bytes: int = 0

    def add_document(self, text: str, raw_bytes: int) -> None:
        self.documents += 1
        self.bytes += raw_bytes
        self.code_points += len(text)
        self.graphemes += count_graphemes(text)
        for name, pattern in _SCRIPT_PATTERNS:
            found = len(pattern.findall(text)) if not (text.isascii() and name != "Latin") else 0
            if found:
                self.scripts[name] += found


@dataclass
class CorpusReport:
    sources: list[SourceStats] = field(default_factory=list)

    def by_language(self) -> dict[str, dict[str, int]]:
        out: dict[str, dict[str, int]] = {}
        for stats in self.sources:
            row = out.setdefault(stats.lang or "?", Counter())
            for key in ("documents", "bytes", "code_points", "graphemes", "duplicates",
                        "weighted_documents", "weighted_bytes"):
                row[key] += getattr(stats, key)
        return {lang: dict(row) for lang, row in out.items()}


@dataclass
class ReadState:
    """Where reading the first ``count`` sources ended: their statistics and the documents
    seen (de-duplication spans sources), so that reading those sources and more resumes after
    them (:meth:`Corpus.documents`'s ``resume``): adding a file reads that file alone."""

    count: int
    report: CorpusReport
    seen: frozenset


def weighted_copies(weight: float, key: bytes) -> int:
    """How many times a document goes to training under a source's sampling ``weight``: the
    whole part always, one more with the probability of the fractional part, decided by the
    document's hash ``key`` (so a run is reproducible and needs no random state).

    >>> weighted_copies(2.0, bytes(16)), weighted_copies(0.0, bytes(16))
    (2, 0)
    >>> weighted_copies(0.5, bytes(16)), weighted_copies(0.5, bytes([255]) * 16)
    (1, 0)
    """
    whole = int(weight)
    fraction = weight - whole
    if fraction <= 0:
        return whole
    draw = int.from_bytes(key[:8], "big") / 2**64  # uniform in [0, 1) over documents
    return whole + (draw < fraction)


class Corpus:
    """Documents of several sources, streamed, de-duplicated exactly, with statistics.

    Args:
        policy: ``strict`` or ``replace`` for invalid UTF-8.
        dedup: drop exact duplicate documents (they skew merge counts).
        max_line_bytes: longer lines are cut there and reported.
    """

    def __init__(self, sources: list[CorpusSource], *, policy: str = "strict", dedup: bool = True,
                 max_line_bytes: int = MAX_LINE_BYTES) -> None:
        if policy not in ("strict", "replace"):
            raise ValueError("policy must be 'strict' or 'replace'")
        self.sources = sources
        self.policy = policy
        self.dedup = dedup
        self.max_line_bytes = max_line_bytes
        self.report = CorpusReport()
        self.state: ReadState | None = None  # set once every source was read

    def total_bytes(self) -> int:
        return sum(s.path.stat().st_size for s in self.sources)

    def documents(self, *, progress: Optional[ProgressFn] = None,
                  cancel: Optional[CancelFn] = None, weighted: bool = True,
                  resume: ReadState | None = None) -> Iterator[str]:
        """Every kept document, as many times as its source's weight says (once each without
        ``weighted``; the report counts the copies either way); progress in bytes read.

        ``resume``: the state a reading of this corpus's first sources (same files, tags and
        options) ended in: those are not read again, their statistics are taken from it and
        their documents are not yielded (for statistics, not for training)."""
        self.state = None
        skip = resume.count if resume is not None else 0
        self.report = (copy.deepcopy(resume.report) if resume is not None else CorpusReport())
        seen: set[bytes] = set(resume.seen) if resume is not None else set()
        total = self.total_bytes()
        done_before = 0
        report = Throttle(progress)
        for index, source in enumerate(self.sources):
            if index < skip:
                done_before += source.path.stat().st_size
                continue
            stats = SourceStats(str(source.path), source.lang)
            self.report.sources.append(stats)
            reader = _Reader(source, stats, self.policy, self.max_line_bytes)
            for text, raw_bytes in reader.documents():
                check_cancel(cancel)
                if not text.strip():
                    stats.empty += 1
                    continue
                key = hashlib.blake2b(text.encode("utf-8", "surrogatepass"),
                                      digest_size=16).digest()
                if self.dedup:
                    if key in seen:
                        stats.duplicates += 1
                        continue
                    seen.add(key)
                stats.add_document(text, raw_bytes)
                report(Progress("reading", done_before + reader.position(), total,
                                detail=source.path.name))
                copies = weighted_copies(source.weight, key)
                stats.weighted_documents += copies
                stats.weighted_bytes += copies * raw_bytes
                for _ in range(copies if weighted else 1):
                    yield text
            done_before += source.path.stat().st_size
        report(Progress("reading", total, total), force=True)
        self.state = ReadState(len(self.sources), self.report, frozenset(seen))

    def preview(self, source: CorpusSource, lines: int = 20) -> list[str]:
        """The first documents of one source, instantly (nothing else is read)."""
        reader = _Reader(source, SourceStats(str(source.path), source.lang), "replace",
                         self.max_line_bytes)
        out = []
        for text, _ in reader.documents():
            out.append(text)
            if len(out) >= lines:
                break
        reader.close()
        return out


class _Reader:
    """Streams one source's documents as ``(text, raw byte count)``."""

    def __init__(self, source: CorpusSource, stats: SourceStats, policy: str,
                 max_line_bytes: int, byte_range: tuple[int, int] | None = None) -> None:
        self.source = source
        self.byte_range = byte_range  # (start, end) of an uncompressed file: one shard of it
        self.stats = stats
        self.policy = policy
        self.max_line_bytes = max_line_bytes
        self.raw: IO[bytes] | None = None
        self.stream: IO[bytes] | None = None
        self._position = 0  # bytes of the file consumed so far (compressed bytes if compressed)

    def open(self) -> IO[bytes]:
        path = self.source.path
        if not path.is_file():
            raise FormatError.of(note("file.no_such"), path=path)
        if path.stat().st_size == 0:
            raise FormatError.of(note("corpus.empty_file"), path=path)
        self.raw = open(path, "rb")
        try:
            self.stream = self._text_stream(path)
        except BaseException:
            self.close()  # a refused file is not left open
            raise
        return self.stream

    def _text_stream(self, path: Path) -> IO[bytes]:
        """The file's (decompressed) bytes from the shard's start, refused when binary."""
        if self.byte_range is not None:
            self.raw.seek(self.byte_range[0])  # a shard starts at a line start (see file_shards)
        opener = OPENERS.get(path.suffix.lower())
        try:
            stream = opener(self.raw) if opener else self.raw
            head = stream.peek(8192)[:8192] if hasattr(stream, "peek") else b""
        except (OSError, EOFError, lzma.LZMAError) as err:
            raise FormatError.of(note("corpus.cannot_decompress", said=str(err)),
                                 path=path) from None
        if b"\x00" in head:
            stream.close()
            raise FormatError.of(note("corpus.binary"), path=path)
        return stream

    def position(self) -> int:
        return self._position

    def close(self) -> None:
        for handle in (self.stream, self.raw):
            if handle is not None:
                handle.close()

    def lines(self) -> Iterator[tuple[int, str, int]]:
        """``(line number, decoded line without its newline, raw bytes)``."""
        stream = self.open()
        line_start, end = self.byte_range or (0, None)  # byte offset of the line in the file
        try:
            for number, raw in enumerate(stream, start=1):
                if end is not None and line_start >= end:
                    break
                size = len(raw)
                self._position = self.raw.tell()
                text_start = line_start
                line_start += size
                if text_start == 0 and raw.startswith(b"\xef\xbb\xbf"):
                    raw = raw[3:]
                    text_start += 3
                    self.stats.bom = True
                if raw.endswith(b"\r\n"):
                    self.stats.crlf += 1
                raw = raw.rstrip(b"\r\n")
                if len(raw) > self.max_line_bytes:
                    raw = raw[:self.max_line_bytes]
                    if len(self.stats.capped_lines) < BAD_LINES_LISTED:
                        self.stats.capped_lines.append(number)
                yield number, self._decode(raw, number, text_start), size
        except (OSError, EOFError, lzma.LZMAError) as err:
            raise FormatError.of(note("corpus.cannot_read", said=str(err)),
                                 path=self.source.path) from None
        finally:
            self.close()

    def _decode(self, raw: bytes, number: int, line_start: int) -> str:
        try:
            return decode_utf8(raw, path=self.source.path, line=number, offset=line_start,
                               where="decompressed file" if self.stream is not self.raw else "file",
                               policy_hint=True)
        except FormatError:
            if self.policy == "strict":
                raise
            self.stats.invalid_utf8_count += 1
            if len(self.stats.invalid_utf8_lines) < BAD_LINES_LISTED:
                self.stats.invalid_utf8_lines.append(number)
            # a cut in the middle of a character (capped line) is replaced too
            return raw.decode("utf-8", "replace")

    def documents(self) -> Iterator[tuple[str, int]]:
        kind = self.source.kind
        if kind == "lines":
            for _, text, size in self.lines():
                yield text, size
        elif kind == "paragraphs":
            yield from self._paragraphs()
        elif kind == "jsonl":
            yield from self._jsonl()
        else:
            yield from self._table("\t" if kind == "tsv" else ",")

    def _paragraphs(self) -> Iterator[tuple[str, int]]:
        parts: list[str] = []
        size = 0
        for _, text, raw in self.lines():
            if text.strip():
                parts.append(text)
                size += raw
            elif parts:
                yield "\n".join(parts), size
                parts, size = [], 0
        if parts:
            yield "\n".join(parts), size

    def _jsonl(self) -> Iterator[tuple[str, int]]:
        keys = self.source.field.split(".")
        for number, text, size in self.lines():
            if not text.strip():
                continue
            try:
                value = json.loads(text)
                for key in keys:
                    value = value[int(key)] if isinstance(value, list) else value[key]
            except json.JSONDecodeError as err:
                raise FormatError.of(note("json.invalid", problem=json_problem(err)),
                                     path=self.source.path, line=number,
                                     column=err.colno) from None
            except (KeyError, IndexError, TypeError, ValueError):
                raise FormatError.of(note("corpus.no_field", field=self.source.field),
                                     path=self.source.path, line=number) from None
            if not isinstance(value, str):
                raise FormatError.of(note("corpus.field_not_text", field=self.source.field),
                                     path=self.source.path, line=number)
            yield value, size

    def _table(self, delimiter: str) -> Iterator[tuple[str, int]]:
        column = self.source.column
        header: list[str] | None = None
        for number, text, size in self.lines():
            row = next(csv.reader(io.StringIO(text), delimiter=delimiter), [])
            if isinstance(column, str) and not column.isdigit():
                if header is None:
                    header = row
                    if column not in header:
                        raise FormatError.of(note("corpus.no_column", column=column,
                                                  columns=header),
                                             path=self.source.path, line=number)
                    continue
                index = header.index(column)
            else:
                index = int(column)
            if index >= len(row):
                raise FormatError.of(note("corpus.row_too_short", index=index),
                                     path=self.source.path, line=number)
            yield row[index], size


def read_documents(source: CorpusSource, *, policy: str = "strict",
                   byte_range: tuple[int, int] | None = None,
                   stats: SourceStats | None = None) -> Iterator[str]:
    """Every non-empty document of one source as it is (no de-duplication, no weights): what
    diagnostics measure. ``byte_range`` reads only the lines starting in ``[start, end)`` of an
    uncompressed ``lines``/``jsonl`` file (a shard; line numbers in errors then count from the
    shard's first line, the byte offset from the file's start).

    >>> import tempfile, pathlib
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "a.txt"
    >>> _ = path.write_bytes(b"one\\n\\ntwo\\nthree\\n")
    >>> list(read_documents(CorpusSource(path))), list(read_documents(CorpusSource(path), byte_range=(4, 9)))
    (['one', 'two', 'three'], ['two'])
    """
    if byte_range is not None and (source.kind not in ("lines", "jsonl")
                                   or source.path.suffix.lower() in OPENERS):
        raise ValueError("only uncompressed lines/jsonl files are read by byte range")
    stats = stats if stats is not None else SourceStats(str(source.path), source.lang)
    reader = _Reader(source, stats, policy, MAX_LINE_BYTES, byte_range)
    for text, _ in reader.documents():
        if text.strip():
            yield text
