"""Annotation datasets: records with labelled spans, read streaming, bad records listed by line.

Formats (``FORMATS``):

- ``jsonl``: one record per line, ``{"text", "spans": [{"start", "end", "label", "text"?}]}``, or
  spaCy-style ``{"text", "entities": [[start, end, label], ...]}``, or ``["text", {"entities":
  [...]}]``, or word-segmentation gold ``{"text", "words": [[start, end], ...]}``; any key the
  user names (``spans_key``) holding ``[start, end]``, ``[start, end, label]`` or objects; a span
  without a label is labelled ``word`` under ``words``, else with its key's name. Offsets in the
  declared unit, end exclusive.
- ``conll``: one token per line (token first, tag last: BIO / IOB / BIOES / BILOU), a blank line
  between sentences; a ``# text = ...`` comment gives the original text (the tokens must rebuild
  it), else the tokens are joined with single spaces.
- ``chars``: character-tagged BIO, one character per line (``中 B-LOC``), as Chinese NER sets ship
  it; a segmentation digit glued to the character (``中0``) is allowed, and where the file glues
  the character's position in its word to every character (Weibo NER: ``Z10``, ``u11``), any
  number of digits.
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
from ..notes import Note, english, note
from ..text.offsets import Unit
from ..text.json_errors import json_problem

FORMATS = ("jsonl", "conll", "chars", "words")
BOM = b"\xef\xbb\xbf"
PROBLEMS_KEPT = 1000  # bad records listed in full; beyond, only counted
SPAN_KEYS = ("spans", "entities", "words")  # where a JSONL record's spans are looked for
GLUE_SAMPLE = 200  # token lines read to find whether a character-BIO file glues positions


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
    """A bad record (or span): the line it is on, and what is wrong (a note, worded by each
    front end; :attr:`message` is its English)."""

    line: int
    note: Note
    record: int | None = None

    @property
    def message(self) -> str:
        return english(self.note)

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
    keys: dict = field(default_factory=dict)  # JSONL: each top-level key -> records holding it
    span_items: int = 0  # spans met in the records, good or bad

    def problem(self, line: int, found: Note, record: int | None = None) -> None:
        self.problem_count += 1
        if len(self.problems) < PROBLEMS_KEPT:
            self.problems.append(Problem(line, found, record))

    def keys_found(self) -> list[str]:
        """The JSONL records' keys, most frequent first (``["text", "words"]``)."""
        return sorted(self.keys, key=lambda k: -self.keys[k])

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
    if suffix in (".conll", ".conllu"):
        return "conll"
    lines = []
    with open(path, "rb") as handle:
        for raw in handle:
            line = raw.decode("utf-8", "replace").lstrip("\ufeff").strip()
            if line:
                lines.append(line)
            if len(lines) >= 50:
                break
    tagged = suffix in (".bio", ".iob")  # BIO tags: per token or per character
    if not lines:
        return "conll" if tagged else "jsonl"
    if lines[0][:1] in "{[" and not tagged:
        return "jsonl"
    rows = [line.split() for line in lines if not line.startswith("#")]
    if rows and all(len(r) >= 2 and _is_tag(r[-1]) for r in rows):
        glued = _glues_positions(r[0] for r in rows)
        return "chars" if all(_char_of(r[0], glued) is not None for r in rows) else "conll"
    return "conll" if tagged else "words"


def _is_tag(tag: str) -> bool:
    return tag == "O" or (len(tag) > 2 and tag[0] in "BIELSU" and tag[1] in "-_")


def _char_of(column: str, glued: bool = False) -> str | None:
    """The character of a character-BIO column, or None when it is not one: one character, or
    one with a segmentation digit glued (``中0``); where the file glues every character's
    position in its word (``glued``), with any number of digits (``Z10``).

    >>> _char_of("中"), _char_of("中0"), _char_of("Z10"), _char_of("Z10", glued=True)
    ('中', '中', None, 'Z')
    """
    if len(column) == 1:
        return column
    digits = column[1:]
    if digits.isascii() and digits.isdigit() and (glued or len(digits) == 1):
        return column[0]
    return None


def _glues_positions(columns) -> bool:
    """Whether character columns glue a position to every character (``我0``, ``Z10``): each one
    is a character and digits; columns that are no character either way (bad lines) do not
    count, a bare character counts against.

    >>> _glues_positions(["我0", "们1", "Z10"]), _glues_positions(["我0", "们"])
    (True, False)
    """
    seen = False
    for column in columns:
        if len(column) == 1:
            return False
        if _char_of(column, glued=True) is not None:
            seen = True
    return seen


class Dataset:
    """An annotation file: its format, declared unit, and its records read one at a time.

    ``records()`` streams; ``stats`` (BOM, line endings, bad records) is complete once the
    records have been read through.
    """

    def __init__(self, path: str | Path, fmt: str | None = None,
                 unit: Unit | str = Unit.CP, spans_key: str | None = None) -> None:
        self.path = Path(path)
        if not self.path.is_file():
            raise DatasetError.of(note("dataset.no_file"), path=self.path)
        if self.path.stat().st_size == 0:
            raise DatasetError.of(note("dataset.empty_file"), path=self.path)
        self.format = fmt or guess_format(self.path)
        if self.format not in FORMATS:
            raise DatasetError.of(note("dataset.unknown_format", format=self.format,
                                       formats=list(FORMATS)), path=self.path)
        # formats whose reader builds the text count in code points whatever is declared
        self.unit = Unit.parse(unit) if self.format == "jsonl" else Unit.CP
        self.spans_key = spans_key or None
        # decided once for the whole file, so a record read again is read the same way
        self.glued = self.format == "chars" and self._sample_glues()
        self.stats = ReadStats()

    def _sample_glues(self) -> bool:
        """Whether the first token lines glue a position to every character."""
        columns = []
        with open(self.path, "rb") as handle:
            for raw in handle:
                line = raw.decode("utf-8", "replace").lstrip("\ufeff").strip()
                if line and not line.startswith("#") and len(line.split()) >= 2:
                    columns.append(line.split()[0])
                    if len(columns) >= GLUE_SAMPLE:
                        break
        return _glues_positions(columns)

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
                    stats.problem(number, note("dataset.invalid_utf8", column=err.start,
                                               offset=start + err.start, byte=piece[err.start]))
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
            problem(number, note("dataset.not_json", problem=json_problem(err), column=err.colno))
            return None
        if isinstance(data, list) and len(data) == 2 and isinstance(data[1], dict):
            data = {"text": data[0], **data[1]}  # spaCy's training tuples
        if isinstance(data, dict):
            for key in data:
                self.stats.keys[key] = self.stats.keys.get(key, 0) + 1
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            problem(number, note("dataset.needs_text"))
            return None
        key = self.spans_key or next((k for k in SPAN_KEYS if k in data), "spans")
        raw_spans = data.get(key, [])
        if not isinstance(raw_spans, list):
            problem(number, note("dataset.spans_not_list", key=key))
            return None
        unlabelled = "word" if key == "words" else key
        self.stats.span_items += len(raw_spans)
        spans = []
        for k, item in enumerate(raw_spans):
            span = _json_span(item, unlabelled)
            if isinstance(span, str):
                problem(number, note(span, nth=k + 1), index)
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
                self.stats.problem(line, note("dataset.token_not_in_text", token=token))
                continue
            spans = _spans_from_tags([(s, e, tag, n) for (s, e), (_, tag, n)
                                      in zip(places, tokens)], text, self.stats, index)
            yield Record(index, number, offset, text, spans)
            index += 1

    def _chars(self, lines, index: int) -> Iterator[Record]:
        for number, offset, rows, _ in self._blocks(lines):
            chars, bad = [], None
            for n, row in rows:
                char = _char_of(row[0], self.glued)
                if char is None:
                    bad = (n, row[0])
                    break
                chars.append((char, row[-1], n))
            if bad:
                code = "dataset.not_char_position" if self.glued else "dataset.not_one_char"
                self.stats.problem(bad[0], note(code, column=bad[1]))
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
            self.stats.span_items += len(spans)
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
                self.stats.problem(number, note("dataset.needs_tag"))
                continue
            rows.append((number, columns))
        if rows:
            yield first, first_offset, rows, text


def _json_span(item, unlabelled: str) -> Span | str:
    """A span from ``{"start", "end", "label"?, "text"?}``, ``[start, end]`` or ``[start, end,
    label]`` (``unlabelled`` the label of one without), or the note code of what is wrong.

    >>> _json_span([0, 2], "word"), _json_span({"start": 0}, "word")
    (Span(start=0, end=2, label='word', text=None), 'dataset.span_not_int')
    """
    if isinstance(item, list) and len(item) >= 2:
        start, end = item[0], item[1]
        label, text = (item[2] if len(item) >= 3 else unlabelled), None
    elif isinstance(item, dict):
        start, end = item.get("start"), item.get("end")
        label, text = item.get("label", unlabelled), item.get("text")
    else:
        return "dataset.span_shape"
    if type(start) is not int or type(end) is not int:
        return "dataset.span_not_int"
    if not isinstance(label, str) or not isinstance(text, (str, type(None))):
        return "dataset.span_not_str"
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
            stats.span_items += 1
            spans.append(Span(current[0], current[1], current[2], text[current[0]:current[1]]))

    for start, end, tag, line in tagged:
        if tag == "O":
            close()
            current = None
            continue
        if not _is_tag(tag):
            stats.problem(line, note("dataset.unknown_tag", tag=tag), index)
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
