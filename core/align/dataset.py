"""Annotation datasets: records with labelled spans, read streaming, bad records listed by line.

Formats (``FORMATS``):

- ``jsonl``: one record per line, ``{"text", "spans": [{"start", "end", "label", "text"?}]}``, or
  spaCy-style ``{"text", "entities": [[start, end, label], ...]}``, or ``["text", {"entities":
  [...]}]``; offsets in the declared unit, end exclusive.
- ``conll``: one token per line (token first, tag last: BIO / IOB / BIOES / BILOU), a blank line
  between sentences; a ``# text = ...`` comment gives the original text (the tokens must rebuild
  it), else the tokens are joined with single spaces.
- ``chars``: character-tagged BIO, one character per line (``中 B-LOC``), as Chinese NER sets ship
  it, a segmentation digit glued to the character (``中0``) allowed.
- ``words``: word-segmentation gold, one sentence per line, words separated by spaces; every
  word is a span labelled ``word`` on the text without the spaces.

Offsets of ``conll``, ``chars`` and ``words`` are code points (the reader builds the text).
A file is read line by line (a 1 GB file never sits in memory); every record carries its line
number and byte offset, so one record can be read again (:meth:`Dataset.record_at`).

>>> import os, pathlib, tempfile
>>> path = os.path.join(tempfile.mkdtemp(), "d.jsonl")
>>> _ = pathlib.Path(path).write_text('{"text": "Tokyo is big", "spans": [{"start": 0, "end": 5, "label": "LOC"}]}\\n')
>>> [(r.line, r.text, r.spans[0].label) for r in Dataset(path).records()]
[(1, 'Tokyo is big', 'LOC')]
"""

from __future__ import annotations

import json
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterator

from ..errors import WorkbenchError
from ..text import Unit

FORMATS = ("jsonl", "conll", "chars", "words")
BOM = b"\xef\xbb\xbf"
PROBLEMS_KEPT = 1000  # bad records listed in full; beyond, only counted


class DatasetError(WorkbenchError):
    """A dataset that cannot be read at all (no such file, empty, unknown format)."""

    code = "dataset"


@dataclass
class Span:
    """A labelled span in the dataset's declared unit (end exclusive); ``text`` when given."""

    start: int
    end: int
    label: str
    text: str | None = None


@dataclass
class Record:
    """One annotated text: where it is in the file (1-based line, byte offset), its spans."""

    index: int
    line: int
    offset: int
    text: str
    spans: list[Span]
    id: str | None = None


@dataclass(frozen=True)
class Problem:
    """A bad record (or span): the line it is on, and what is wrong."""

    line: int
    message: str
    record: int | None = None

    def __str__(self) -> str:
        return f"line {self.line}: {self.message}"


@dataclass
class ReadStats:
    """What reading the file found besides records: BOM, line endings, bad records."""

    bom: bool = False
    crlf_lines: int = 0
    lf_lines: int = 0
    cr_lines: int = 0
    problems: list[Problem] = field(default_factory=list)
    problem_count: int = 0

    def problem(self, line: int, message: str, record: int | None = None) -> None:
        self.problem_count += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(Problem(line, message, record))

    @property
    def mixed_line_endings(self) -> bool:
        return sum(1 for n in (self.crlf_lines, self.lf_lines, self.cr_lines) if n) > 1


def guess_format(path: Path) -> str:
    """The format from the extension, else from the first lines.

    >>> guess_format(Path("x.jsonl"))
    'jsonl'
    """
    suffix = path.suffix.lower()
    if suffix in (".jsonl", ".json", ".ndjson"):
        return "jsonl"
    if suffix in (".conll", ".bio", ".iob", ".conllu"):
        return "conll"
    lines = []
    with open(path, "rb") as handle:
        for raw in handle:
            line = raw.decode("utf-8", "replace").lstrip("\ufeff").strip()
            if line:
                lines.append(line)
            if len(lines) >= 50:
                break
    if not lines:
        return "jsonl"
    if lines[0][:1] in "{[":
        return "jsonl"
    rows = [line.split() for line in lines if not line.startswith("#")]
    if rows and all(len(r) >= 2 and _is_tag(r[-1]) for r in rows):
        return "chars" if all(len(_char_of(r[0])) == 1 for r in rows) else "conll"
    return "words"


def _is_tag(tag: str) -> bool:
    return tag == "O" or (len(tag) > 2 and tag[0] in "BIELSU" and tag[1] in "-_")


def _char_of(column: str) -> str:
    """A character column, without a segmentation digit glued to it (``中0`` -> ``中``)."""
    if len(column) == 2 and column[1].isascii() and column[1].isdigit():
        return column[0]
    return column


class Dataset:
    """An annotation file: its format, declared unit, and its records read one at a time.

    ``records()`` streams; ``stats`` (BOM, line endings, bad records) is complete once the
    records have been read through.
    """

    def __init__(self, path: str | Path, fmt: str | None = None,
                 unit: Unit | str = Unit.CP) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise DatasetError("no such file", path=self.path)
        if self.path.stat().st_size == 0:
            raise DatasetError("the file is empty: no records", path=self.path)
        self.format = fmt or guess_format(self.path)
        if self.format not in FORMATS:
            raise DatasetError(f"unknown format {self.format!r}; use {', '.join(FORMATS)}",
                               path=self.path)
        # formats whose reader builds the text count in code points whatever is declared
        self.unit = Unit.parse(unit) if self.format == "jsonl" else Unit.CP
        self.stats = ReadStats()

    @property
    def size(self) -> int:
        return self.path.stat().st_size

    def records(self, *, start_offset: int = 0, start_line: int = 1,
                first_index: int = 0) -> Iterator[Record]:
        """Every good record, in order; bad ones go to ``stats`` (with their line)."""
        self.stats = ReadStats() if start_offset == 0 else self.stats
        with open(self.path, "rb") as handle:
            handle.seek(start_offset)
            lines = self._lines(handle, start_offset, start_line)
            reader = {"jsonl": self._jsonl, "conll": self._conll, "chars": self._chars,
                      "words": self._words}[self.format]
            yield from reader(lines, first_index)

    def record_at(self, offset: int, line: int, index: int = 0) -> Record | None:
        """The record starting at byte ``offset`` (line ``line``), read again from the file."""
        saved = self.stats
        self.stats = ReadStats()
        try:
            return next(self.records(start_offset=offset, start_line=line, first_index=index),
                        None)
        finally:
            self.stats = saved

    # -- lines ------------------------------------------------------------------------------
    def _lines(self, handle: IO[bytes], offset: int, number: int
               ) -> Iterator[tuple[int, int, str | None]]:
        """``(line number, byte offset, text)``; text is None for a line that is not UTF-8
        (listed as a problem with the byte). A BOM and any line ending are removed."""
        stats = self.stats
        for raw in handle:
            start = offset
            offset += len(raw)
            if start == 0 and raw.startswith(BOM):
                raw = raw[len(BOM):]
                start += len(BOM)
                stats.bom = True
            if raw.endswith(b"\r\n"):
                stats.crlf_lines += 1
                body = raw[:-2]
            elif raw.endswith(b"\n"):
                stats.lf_lines += 1
                body = raw[:-1]
            else:
                body = raw
            pieces = body.split(b"\r")  # a lone CR ends a line too (old Mac files, mixed ones)
            stats.cr_lines += len(pieces) - 1
            for piece in pieces:
                try:
                    text = piece.decode("utf-8")
                except UnicodeDecodeError as err:
                    stats.problem(number, f"invalid UTF-8 at byte {err.start} of the line "
                                  f"(byte {start + err.start:,} of the file: "
                                  f"{piece[err.start]:#04x})")
                    text = None
                yield number, start, text
                number += 1
                start += len(piece) + 1

    # -- readers ----------------------------------------------------------------------------
    def _jsonl(self, lines, index: int) -> Iterator[Record]:
        for number, offset, line in lines:
            if line is None or not line.strip():
                continue
            record = self._json_record(line, number, offset, index)
            if record is not None:
                yield record
                index += 1

    def _json_record(self, line: str, number: int, offset: int, index: int) -> Record | None:
        problem = self.stats.problem
        try:
            data = json.loads(line)
        except json.JSONDecodeError as err:
            problem(number, f"not JSON: {err.msg} at column {err.colno}")
            return None
        if isinstance(data, list) and len(data) == 2 and isinstance(data[1], dict):
            data = {"text": data[0], **data[1]}  # spaCy's training tuples
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            problem(number, 'a record needs a "text" string')
            return None
        raw_spans = data.get("spans", data.get("entities", []))
        if not isinstance(raw_spans, list):
            problem(number, '"spans" must be a list')
            return None
        spans = []
        for k, item in enumerate(raw_spans):
            span = _json_span(item)
            if isinstance(span, str):
                problem(number, f"span {k + 1}: {span}", index)
                continue
            spans.append(span)
        ident = data.get("id")
        return Record(index, number, offset, data["text"], spans,
                      None if ident is None else str(ident))

    def _conll(self, lines, index: int) -> Iterator[Record]:
        for number, offset, rows, text in self._blocks(lines):
            tokens = [(r[0], r[-1], n) for n, r in rows]
            if text is None:
                text = " ".join(t for t, _, _ in tokens)
            places = _place_tokens(text, [t for t, _, _ in tokens])
            if isinstance(places, int):
                token, _, line = tokens[places]
                self.stats.problem(line, f"token {token!r} does not continue the text "
                                   "(the tokens do not rebuild the text of the '# text' line)")
                continue
            spans = _spans_from_tags([(s, e, tag, n) for (s, e), (_, tag, n)
                                      in zip(places, tokens)], text, self.stats, index)
            yield Record(index, number, offset, text, spans)
            index += 1

    def _chars(self, lines, index: int) -> Iterator[Record]:
        for number, offset, rows, _ in self._blocks(lines):
            chars, bad = [], None
            for n, row in rows:
                char = _char_of(row[0])
                if len(char) != 1:
                    bad = (n, row[0])
                    break
                chars.append((char, row[-1], n))
            if bad:
                self.stats.problem(bad[0], f"{bad[1]!r} is not one character (a character-BIO "
                                   "file has one character per line)")
                continue
            text = "".join(c for c, _, _ in chars)
            spans = _spans_from_tags([(i, i + 1, tag, n) for i, (_, tag, n) in enumerate(chars)],
                                     text, self.stats, index)
            yield Record(index, number, offset, text, spans)
            index += 1

    def _words(self, lines, index: int) -> Iterator[Record]:
        for number, offset, line in lines:
            if line is None or not line.strip():
                continue
            words = line.split()  # str.split: any Unicode space, the ideographic one included
            spans, at = [], 0
            for word in words:
                spans.append(Span(at, at + len(word), "word", word))
                at += len(word)
            yield Record(index, number, offset, "".join(words), spans)
            index += 1

    def _blocks(self, lines):
        """Sentences of a one-token-per-line file: ``(first line, offset, [(line, columns)],
        text of a '# text =' comment or None)``."""
        rows, text, first, first_offset = [], None, None, 0
        for number, offset, line in lines:
            if line is None:
                rows, text, first = [], None, None  # the sentence is unusable: listed already
                continue
            stripped = line.strip()
            if not stripped:
                if rows:
                    yield first, first_offset, rows, text
                rows, text, first = [], None, None
                continue
            if first is None:
                first, first_offset = number, offset
            if stripped.startswith("#"):
                key, _, value = stripped[1:].partition("=")
                if key.strip() == "text":
                    text = value.strip()
                continue
            columns = stripped.split()
            if columns[0] == "-DOCSTART-":
                first = None
                continue
            if len(columns) < 2:
                self.stats.problem(number, "a token line needs a token and a tag")
                continue
            rows.append((number, columns))
        if rows:
            yield first, first_offset, rows, text


def _json_span(item) -> Span | str:
    """A span from ``{"start", "end", "label", "text"?}`` or ``[start, end, label]``, or what
    is wrong with it."""
    if isinstance(item, list) and len(item) >= 3:
        start, end, label, text = item[0], item[1], item[2], None
    elif isinstance(item, dict):
        start, end = item.get("start"), item.get("end")
        label, text = item.get("label", ""), item.get("text")
    else:
        return "a span is {start, end, label} or [start, end, label]"
    if type(start) is not int or type(end) is not int:
        return "start and end must be integers"
    if not isinstance(label, str) or not isinstance(text, (str, type(None))):
        return "label and text must be strings"
    return Span(start, end, label, text)


def _place_tokens(text: str, tokens: list[str]) -> list[tuple[int, int]] | int:
    """Each token's code point span on ``text`` (only whitespace between them), or the index
    of the first token that does not continue the text."""
    places, at = [], 0
    for k, token in enumerate(tokens):
        while at < len(text) and text[at].isspace():
            at += 1
        if text.startswith(token, at):
            places.append((at, at + len(token)))
            at += len(token)
            continue
        # the text may hold the token in another normal form (a file written after NFKC)
        if unicodedata.normalize("NFC", text[at:at + len(token)]) == unicodedata.normalize(
                "NFC", token):
            places.append((at, at + len(token)))
            at += len(token)
            continue
        return k
    return places


def _spans_from_tags(tagged, text: str, stats: ReadStats, index: int) -> list[Span]:
    """Spans from per-token tags ``(start, end, tag, line)``: B/S/U open, I/E/L continue the same
    label, O closes; an I- after O or after another label opens a span (IOB1 files do this)."""
    spans: list[Span] = []
    current: list | None = None

    def close():
        if current is not None:
            spans.append(Span(current[0], current[1], current[2], text[current[0]:current[1]]))

    for start, end, tag, line in tagged:
        if tag == "O":
            close()
            current = None
            continue
        if not _is_tag(tag):
            stats.problem(line, f"unknown tag {tag!r} (use O, B-, I-, E-, L-, S- or U-)", index)
            close()
            current = None
            continue
        kind, label = tag[0], tag[2:]
        if kind in "BSU" or current is None or current[2] != label:
            close()
            current = [start, end, label]
        else:
            current[1] = end
        if kind in "ELSU":
            close()
            current = None
    close()
    return spans
