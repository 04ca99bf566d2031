"""Token-level labels: BIO, BILOU and IO tags per token, for a tokenizer and an alignment mode.

A span's tokens are those of its groups as the mode aligns it (:mod:`.alignment`): ``strict``
tags only spans whose both ends fall on token boundaries, ``contract`` the tokens wholly inside,
``expand`` every token it touches. A span that cannot be tagged (misaligned in strict, nothing
inside in contract, overlapping a span already tagged) is reported, and a span that expand
widened is reported with the characters it gained: nothing is dropped or widened silently.
Tokens the post-processor added get no label (None); through truncation windows each token
keeps its label (:func:`window_labels`). An exported file names its tokenizer inside (a field of
each JSONL record, a ``# tokenizer = ...`` line heading a CoNLL file), and several tokenizers'
files get names of their own (:func:`export_paths`).

>>> tag_tokens(["B", "I", "I"], "bilou"), tag_tokens(["B"], "bilou"), tag_tokens(["B", "I"], "io")
(['B', 'I', 'L'], ['U'], ['I', 'I'])
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

import numpy as np

from ..encodings.encoding import Flag
from ..errors import WorkbenchError
from ..notes import note
from ..progress import Progress, Throttle
from .alignment import MODES, align_encoding
from .dataset import Dataset
from .units import checked_records

SCHEMES = ("bio", "bilou", "io")
EXPORT_FORMATS = ("jsonl", "conll")


def tag_tokens(prefixes: list[str], scheme: str) -> list[str]:
    """Prefixes of one span's tokens in ``scheme`` (the input is BIO: ``B`` then ``I``)."""
    n = len(prefixes)
    if scheme == "io":
        return ["I"] * n
    if scheme == "bilou":
        return ["U"] if n == 1 else ["B"] + ["I"] * (n - 2) + ["L"]
    return ["B"] + ["I"] * (n - 1)


@dataclass
class Untagged:
    """A span left without tags, or tagged wider than annotated: which, and why."""

    span: int
    start: int
    end: int
    label: str
    reason: str  # "misaligned", "nothing inside", "overlap", "widened"
    extra: int = 0

    def to_json(self) -> dict:
        return {"span": self.span, "start": self.start, "end": self.end, "label": self.label,
                "reason": self.reason, "extra": self.extra}


@dataclass
class Tagged:
    """One text's tokens with a label each (None for added tokens), and the spans reported."""

    ids: list[int]
    tokens: list[str]
    labels: list[str | None]
    reported: list[Untagged] = field(default_factory=list)


def token_labels(encoding, spans: Sequence[tuple[int, int, str]], *, mode: str = "strict",
                 scheme: str = "bio") -> Tagged:
    """Label ``encoding``'s tokens from code point ``spans`` ``(start, end, label)``."""
    if mode not in MODES:
        raise WorkbenchError.of(note("align.unknown_mode", mode=mode, modes=list(MODES)))
    if scheme not in SCHEMES:
        raise WorkbenchError.of(note("align.unknown_scheme", scheme=scheme,
                                     schemes=list(SCHEMES)))
    n = len(encoding)
    inserted = (encoding.flags & Flag.INSERTED) != 0
    labels: list[str | None] = [None if inserted[i] else "O" for i in range(n)]
    taken = np.zeros(n, dtype=bool)
    reported: list[Untagged] = []
    if spans:
        starts = np.array([s for s, _, _ in spans], dtype=np.int64)
        ends = np.array([e for _, e, _ in spans], dtype=np.int64)
        groups, aligned = align_encoding(encoding, starts, ends)
        for k, (s, e, label) in enumerate(spans):
            if mode == "strict" and not aligned.strict[k]:
                reported.append(Untagged(k, s, e, label, "misaligned"))
                continue
            pair = aligned.expand_groups if mode == "expand" else aligned.contract_groups
            a, b = int(pair[0][k]), int(pair[1][k])
            tokens = np.sort(groups.tokens(a, b))
            if len(tokens) == 0:
                reported.append(Untagged(k, s, e, label, "nothing inside"))
                continue
            if taken[tokens].any():
                reported.append(Untagged(k, s, e, label, "overlap"))
                continue
            taken[tokens] = True
            for i, prefix in zip(tokens.tolist(), tag_tokens(["B"] * len(tokens), scheme)):
                labels[i] = f"{prefix}-{label}"
            extra = int(aligned.expand_extra[k]) if mode == "expand" else 0
            if extra:
                reported.append(Untagged(k, s, e, label, "widened", extra))
    pieces = [encoding.display_piece(i) for i in range(n)]
    return Tagged(encoding.ids.tolist(), pieces, labels, reported)


def window_labels(window, labels: Sequence[str | None]) -> list[str | None]:
    """A post-processing window's labels (:class:`core.pipeline.postprocess.Window`): each token of the
    first text keeps its label, added and pad tokens get None (a pair's second text too)."""
    return [labels[p] if seq == 0 else None
            for seq, p in zip(window.sequence_ids, window.positions)]


@dataclass
class ExportReport:
    """What an export wrote and what it could not tag (with the record's line)."""

    records: int = 0
    spans: int = 0
    tagged: int = 0
    reported: list[dict] = field(default_factory=list)
    counts: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"records": self.records, "spans": self.spans, "tagged": self.tagged,
                "reported": self.counts, "spans_reported": self.reported}


def export_format(path: str | Path) -> str:
    """The export format a file name asks for: CoNLL for ``.conll``, ``.bio``, ``.txt``, else
    JSONL.

    >>> export_format("tags.bio"), export_format("tags.jsonl")
    ('conll', 'jsonl')
    """
    return "conll" if Path(path).suffix.lower() in (".conll", ".bio", ".txt") else "jsonl"


def file_slug(name: str) -> str:
    """A tokenizer's name made safe inside a file name (letters, digits, ``.``, ``-``, ``_``).

    >>> file_slug("bert-minilm/tokenizer.json"), file_slug("gpt2 (2)"), file_slug("//")
    ('bert-minilm-tokenizer.json', 'gpt2-2', 'tokenizer')
    """
    return re.sub(r"[^\w.-]+", "-", name).strip("-.") or "tokenizer"


def export_paths(out: str | Path, names: Sequence[str]) -> list[Path]:
    """One export file per tokenizer: ``out`` itself for one; for several, ``out`` with each
    tokenizer's name before the extension (made safe for a file name), then a counter where two
    names would give the same file.

    >>> [p.name for p in export_paths("tags.jsonl", ["tokenizer.json", "a/tokenizer.json",
    ...                                               "tokenizer.json"])]
    ['tags.tokenizer.json.jsonl', 'tags.a-tokenizer.json.jsonl', 'tags.tokenizer.json-2.jsonl']
    """
    out = Path(out)
    if len(names) == 1:
        return [out]
    paths, taken = [], set()
    for name in names:
        slug = file_slug(name)
        candidate, n = slug, 1
        while candidate.lower() in taken:  # case-insensitive file systems too
            n += 1
            candidate = f"{slug}-{n}"
        taken.add(candidate.lower())
        paths.append(out.with_name(f"{out.stem}.{candidate}{out.suffix}"))
    return paths


def export_labels(dataset: Dataset, runtime, out: str | Path, *, mode: str = "strict",
                  scheme: str = "bio", fmt: str = "jsonl", tokenizer: str | None = None,
                  progress: Callable | None = None,
                  cancel: Callable[[], bool] | None = None) -> ExportReport:
    """Write token labels of every record: JSONL ``{tokenizer, line, ids, tokens, labels}`` or
    CoNLL (a ``# tokenizer = NAME`` line, then ``token<TAB>label``, a blank line between
    records; added tokens left out). ``tokenizer`` is the name written (default: the
    runtime's)."""
    if fmt not in EXPORT_FORMATS:
        raise WorkbenchError.of(note("align.unknown_export_format", format=fmt,
                                     formats=list(EXPORT_FORMATS)))
    out = Path(out)
    if out.resolve() == dataset.path.resolve():
        raise WorkbenchError.of(note("align.export_overwrites_dataset"), path=out)
    name = tokenizer or runtime.name or "tokenizer"
    report = ExportReport()
    throttle = Throttle(progress)
    with open(out, "w", encoding="utf-8", newline="\n") as handle:
        if fmt == "conll":
            handle.write(f"# tokenizer = {name}\n")
        for record, index, good in checked_records(dataset, cancel):
            spans = [(s, e, record.spans[j].label) for j, s, e
                     in zip(good.which, good.starts.tolist(), good.ends.tolist())]
            encoding = runtime.encode(record.text, add_special_tokens=False)
            tagged = token_labels(encoding, spans, mode=mode, scheme=scheme)
            report.records += 1
            report.spans += len(spans)
            widened = sum(1 for u in tagged.reported if u.reason == "widened")
            report.tagged += len(spans) - len(tagged.reported) + widened
            for u in tagged.reported:
                report.counts[u.reason] = report.counts.get(u.reason, 0) + 1
                span = record.spans[good.which[u.span]]
                report.reported.append({"record": record.index, "line": record.line,
                                        "start": span.start, "end": span.end,
                                        "label": u.label, "reason": u.reason,
                                        "extra": u.extra})
            if fmt == "jsonl":
                handle.write(json.dumps({"tokenizer": name, "line": record.line,
                                         "ids": tagged.ids,
                                         "tokens": tagged.tokens, "labels": tagged.labels},
                                        ensure_ascii=False) + "\n")
            else:
                for token, label in zip(tagged.tokens, tagged.labels):
                    if label is not None:
                        handle.write(f"{token}\t{label}\n")
                handle.write("\n")
            throttle(Progress("export", record.offset, dataset.size))
    return report
