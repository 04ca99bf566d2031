"""A whole dataset against several tokenizers: shares per mode, label and tokenizer; misaligned spans.

The dataset is read in chunks of records (a 1 GB file never sits in memory); each chunk is
encoded once per tokenizer with the runtime's batch call (no special tokens added), and all its
spans are aligned at once (:mod:`.alignment`). What is kept per span is a few bytes (verdict
bits, characters expand adds); misaligned spans keep their contract / expand ranges in the
declared unit, and each record its line and byte offset, so a view reads one record again.

:func:`audit_dataset` is the one function ``tokbench align`` and the Align pane call; its
:class:`AlignReport` is what both show (the CLI's tables, the pane's tables and misaligned list)
and :meth:`AlignReport.to_json` the ``--json`` summary.

>>> # report = audit_dataset(Dataset("ner.jsonl"), [("gpt2", runtime)])
>>> # report.shares(report.tokenizers[0]).strict
>>> # 0.53
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

import numpy as np

from ..errors import WorkbenchError
from ..notes import note
from ..progress import Progress, Throttle, check_cancel
from ..text.offsets import TextIndex, Unit
from .alignment import align, token_groups
from .dataset import Dataset, DatasetError, ReadStats, Record
from .units import UnitCheck, from_cp, spans_in_cp

CHUNK_RECORDS = 2048
KINDS = ("start", "end", "both")  # failure kinds: start only, end only, both ends


@dataclass
class SpanTable:
    """Every good span of the dataset: record, label id, offsets in the declared unit."""

    record: np.ndarray
    label: np.ndarray
    start: np.ndarray
    end: np.ndarray

    def __len__(self) -> int:
        return len(self.record)


@dataclass
class TokenizerAudit:
    """One tokenizer's verdicts on every span, and the details of the misaligned ones.

    ``misaligned`` indexes the span table (spans not strict); ``contract`` / ``expand`` are
    their ranges in the declared unit (``[-1, -1]`` when empty).
    """

    name: str
    start_ok: np.ndarray
    end_ok: np.ndarray
    contract_nonempty: np.ndarray
    expand_nonempty: np.ndarray
    expand_extra: np.ndarray
    misaligned: np.ndarray
    contract: np.ndarray
    expand: np.ndarray

    @property
    def strict(self) -> np.ndarray:
        return self.start_ok & self.end_ok

    def kind(self, rows: np.ndarray) -> np.ndarray:
        """Failure kind of misaligned rows: 0 start only, 1 end only, 2 both."""
        spans = self.misaligned[rows]
        s, e = self.start_ok[spans], self.end_ok[spans]
        return np.where(~s & ~e, 2, np.where(~s, 0, 1))


@dataclass(frozen=True)
class TokenizerShares:
    """One tokenizer's shares of the spans: aligned strictly, start / end on a token boundary,
    with a token inside (contract), and the characters expand adds per span on average."""

    tokenizer: str
    strict: float
    contract_nonempty: float
    expand_extra: float
    start_ok: float
    end_ok: float


@dataclass(frozen=True)
class LabelShare:
    """One label's spans and the share of them aligned strictly."""

    spans: int
    strict: float

    def to_json(self) -> dict:
        return {"spans": self.spans, "strict": self.strict}


@dataclass(frozen=True)
class MisalignedSpan:
    """A span one tokenizer does not align strictly: where (record, line, offsets in the
    declared unit), its label, which end is off, and what contract / expand make of it (None:
    no token)."""

    record: int
    line: int
    start: int
    end: int
    label: str
    start_ok: bool
    end_ok: bool
    contract: tuple[int, int] | None
    expand: tuple[int, int] | None

    def to_json(self) -> dict:
        return {"record": self.record, "line": self.line, "start": self.start, "end": self.end,
                "label": self.label, "start_ok": self.start_ok, "end_ok": self.end_ok,
                "contract": None if self.contract is None else list(self.contract),
                "expand": None if self.expand is None else list(self.expand)}


@dataclass
class AlignReport:
    """The result of :func:`audit_dataset`: the spans, each tokenizer's verdicts on them, the
    bad records and the unit check."""

    path: str
    format: str
    unit: Unit
    records: int
    record_lines: np.ndarray
    record_offsets: np.ndarray
    spans: SpanTable
    labels: list[str]
    tokenizers: list[TokenizerAudit]
    stats: ReadStats
    unit_check: UnitCheck

    def mode_share(self, t: TokenizerAudit, mode: str, mask: np.ndarray | None = None) -> float:
        """Share of spans ``mode`` aligns: strict; contract non-empty; expand non-empty without
        widening (it may drop whitespace no token covers)."""
        values = {"strict": t.strict, "contract": t.contract_nonempty,
                  "expand": t.expand_nonempty & (t.expand_extra == 0)}[mode]
        return self.share(values, mask)

    def share(self, values: np.ndarray, mask: np.ndarray | None = None) -> float:
        if mask is not None:
            values = values[mask]
        return float(values.mean()) if len(values) else 0.0

    @property
    def bad_records(self) -> int:
        """Bad records or spans left out (``stats.problems`` lists the first of them)."""
        return self.stats.problem_count

    def shares(self, t: TokenizerAudit) -> TokenizerShares:
        """``t``'s shares over all spans."""
        return TokenizerShares(t.name, self.share(t.strict), self.share(t.contract_nonempty),
                               self.share(t.expand_extra.astype(np.float64)),
                               self.share(t.start_ok), self.share(t.end_ok))

    def per_label(self, t: TokenizerAudit) -> dict[str, LabelShare]:
        """Each label's spans and ``t``'s strict share of them, labels in order of appearance."""
        counts = np.bincount(self.spans.label, minlength=len(self.labels))
        strict = np.bincount(self.spans.label, weights=t.strict, minlength=len(self.labels))
        return {label: LabelShare(int(counts[k]),
                                  float(strict[k] / counts[k]) if counts[k] else 0.0)
                for k, label in enumerate(self.labels)}

    def rows(self, t: TokenizerAudit, *, mode: str = "strict", label: str | None = None,
             kind: str | None = None) -> np.ndarray:
        """Rows of ``t`` (indices into ``t.misaligned``) that ``mode`` cannot align (strict: not
        strict; contract: nothing inside; expand: widened, or nothing touched), filtered by
        label and failure kind (``start``, ``end``, ``both``)."""
        rows = np.arange(len(t.misaligned))
        if mode == "contract":
            rows = rows[~t.contract_nonempty[t.misaligned]]
        elif mode == "expand":
            spans = t.misaligned
            rows = rows[(t.expand_extra[spans] > 0) | ~t.expand_nonempty[spans]]
        if label is not None:
            wanted = self.labels.index(label) if label in self.labels else -1
            rows = rows[self.spans.label[t.misaligned[rows]] == wanted]
        if kind is not None:
            rows = rows[t.kind(rows) == KINDS.index(kind)]
        return rows

    def misaligned_spans(self, t: TokenizerAudit, rows: np.ndarray | None = None
                         ) -> list[MisalignedSpan]:
        """The spans of ``rows`` (indices into ``t.misaligned``, :meth:`rows`; default all)."""
        rows = np.arange(len(t.misaligned)) if rows is None else rows
        out = []
        for r in rows.tolist():
            k = int(t.misaligned[r])
            c, x = t.contract[r].tolist(), t.expand[r].tolist()
            out.append(MisalignedSpan(
                int(self.spans.record[k]), int(self.record_lines[self.spans.record[k]]),
                int(self.spans.start[k]), int(self.spans.end[k]),
                self.labels[self.spans.label[k]], bool(t.start_ok[k]), bool(t.end_ok[k]),
                None if c[0] < 0 else tuple(c), None if x[0] < 0 else tuple(x)))
        return out

    def to_json(self, mode: str = "strict") -> dict:
        """The ``tokbench align --json`` summary (docs/cli.md): per tokenizer its shares, per
        label, and the spans ``mode`` does not align; the unit check and the bad records."""
        tokenizers = []
        for t in self.tokenizers:
            shares = self.shares(t)
            tokenizers.append({
                "tokenizer": t.name, "strict": shares.strict,
                "contract_nonempty": shares.contract_nonempty,
                "expand_extra": shares.expand_extra, "start_ok": shares.start_ok,
                "end_ok": shares.end_ok,
                "per_label": {label: share.to_json()
                              for label, share in self.per_label(t).items()},
                "misaligned": [s.to_json() for s in self.misaligned_spans(
                    t, self.rows(t, mode=mode))]})
        return {"records": self.records, "spans": len(self.spans), "unit": self.unit.value,
                "tokenizers": tokenizers, "mode": mode, "unit_check": self.unit_check.to_json(),
                "bad_records": self.bad_records}


class _Collect:
    """Per-chunk arrays gathered, concatenated once at the end."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.spans: list[tuple] = []
        self.per_tok: list[list[tuple]] = [[] for _ in names]
        self.lines: list[np.ndarray] = []
        self.offsets: list[np.ndarray] = []
        self.span_count = 0  # spans of the chunks before


def audit_dataset(dataset: Dataset, tokenizers: Sequence[tuple[str, object]], *,
                  chunk: int = CHUNK_RECORDS, progress: Callable | None = None,
                  cancel: Callable[[], bool] | None = None) -> AlignReport:
    """Align every span of ``dataset`` to every tokenizer ``(name, runtime)``.

    Raises :class:`~core.align.dataset.DatasetError` for a dataset with no usable record, or
    whose records hold no span (naming their keys: a JSONL file whose spans are under a key not
    looked at); spans that are there but all bad are listed on ``dataset.stats`` as any bad
    span is.
    """
    if not tokenizers:
        raise WorkbenchError.of(note("align.no_tokenizer"))
    labels: dict[str, int] = {}
    check = UnitCheck(dataset.unit)
    collect = _Collect([name for name, _ in tokenizers])
    throttle = Throttle(progress)
    total = dataset.size
    count = 0
    batch: list[Record] = []
    for record in dataset.records():
        batch.append(record)
        if len(batch) >= chunk:
            check_cancel(cancel)
            _audit_chunk(batch, dataset, tokenizers, labels, check, collect)
            count += len(batch)
            throttle(Progress("align", record.offset, total,
                              note("progress.records", count=count)))
            batch = []
    if batch:
        check_cancel(cancel)
        _audit_chunk(batch, dataset, tokenizers, labels, check, collect)
        count += len(batch)
    throttle(Progress("align", total, total, note("progress.records", count=count)),
             force=True)
    if count == 0:
        stats = dataset.stats
        raise DatasetError.of(note("dataset.all_bad", count=stats.problem_count,
                                   line=stats.problems[0].line) if stats.problems
                              else note("dataset.no_record"), path=dataset.path)
    if dataset.stats.span_items == 0:  # spans all bad are listed instead (a wrong unit...)
        raise DatasetError.of(_no_span_note(dataset, count), path=dataset.path)
    return _finish(dataset, tokenizers, labels, check, collect, count)


def _no_span_note(dataset: Dataset, records: int):
    """Why a dataset's records hold no span: a key no record has, no key with spans, or
    (tagged formats) every tag O."""
    stats = dataset.stats
    if dataset.format != "jsonl":
        return note("dataset.no_spans_tagged", records=records)
    if dataset.spans_key and dataset.spans_key not in stats.keys:
        return note("dataset.spans_key_missing", key=dataset.spans_key, keys=stats.keys_found())
    return note("dataset.no_spans", records=records, keys=stats.keys_found())


def _cat(parts, dtype, width: int | None = None) -> np.ndarray:
    if not parts:
        return np.zeros((0, width) if width else 0, dtype=dtype)
    return np.concatenate(parts).astype(dtype, copy=False)


def _finish(dataset, tokenizers, labels, check, collect, count) -> AlignReport:
    cols = list(zip(*collect.spans)) if collect.spans else [[]] * 4
    table = SpanTable(_cat(cols[0], np.int64), _cat(cols[1], np.int32),
                      _cat(cols[2], np.int64), _cat(cols[3], np.int64))
    results = []
    for name, parts in zip(collect.names, collect.per_tok):
        c = list(zip(*parts)) if parts else [[]] * 8
        results.append(TokenizerAudit(name, _cat(c[0], bool), _cat(c[1], bool), _cat(c[2], bool),
                                      _cat(c[3], bool), _cat(c[4], np.int32),
                                      _cat(c[5], np.int64), _cat(c[6], np.int64, 2),
                                      _cat(c[7], np.int64, 2)))
    return AlignReport(str(dataset.path), dataset.format, dataset.unit, count,
                 _cat(collect.lines, np.int64), _cat(collect.offsets, np.int64), table,
                 list(labels), results, dataset.stats, check)


def _audit_chunk(records: list[Record], dataset: Dataset, tokenizers, labels: dict,
                 check: UnitCheck, collect: _Collect) -> None:
    unit = dataset.unit
    texts = [r.text for r in records]
    base = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum([len(t) + 1 for t in texts], out=base[1:])
    indexes: list[TextIndex | None] = [None] * len(records)
    rec_of, label_of, d_start, d_end, cp_start, cp_end = [], [], [], [], [], []
    for k, record in enumerate(records):
        index = TextIndex(record.text) if unit is not Unit.CP else None
        indexes[k] = index
        good = spans_in_cp(record, unit, check, dataset.stats, index)
        for j, s, e in zip(good.which, good.starts.tolist(), good.ends.tolist()):
            span = record.spans[j]
            rec_of.append(record.index)
            label_of.append(labels.setdefault(span.label, len(labels)))
            d_start.append(span.start)
            d_end.append(span.end)
            cp_start.append(base[k] + s)
            cp_end.append(base[k] + e)
    chunk_rec = np.asarray(rec_of, dtype=np.int64)
    local = chunk_rec - records[0].index  # records of a chunk are numbered consecutively
    collect.spans.append((chunk_rec, np.asarray(label_of, dtype=np.int32),
                          np.asarray(d_start, dtype=np.int64), np.asarray(d_end, dtype=np.int64)))
    collect.lines.append(np.asarray([r.line for r in records], dtype=np.int64))
    collect.offsets.append(np.asarray([r.offset for r in records], dtype=np.int64))
    starts = np.asarray(cp_start, dtype=np.int64)
    ends = np.asarray(cp_end, dtype=np.int64)
    for t, (name, runtime) in enumerate(tokenizers):
        batch = runtime.encode_batch(texts, add_special_tokens=False)
        s, e = batch.spans("cp")
        shift = base[batch.text_of_token]
        groups = token_groups(s.astype(np.int64) + shift, e.astype(np.int64) + shift)
        aligned = align(groups, starts, ends)
        strict = aligned.strict
        bad = np.flatnonzero(~strict)
        contract = np.stack([aligned.contract_start[bad], aligned.contract_end[bad]], axis=1)
        contract[~aligned.contract_nonempty[bad]] = -1
        expand = np.stack([aligned.expand_start[bad], aligned.expand_end[bad]], axis=1)
        expand[~aligned.expand_nonempty[bad]] = -1
        # back to each text's own offsets, in the declared unit
        rec_local = local[bad]
        contract = np.where(contract >= 0, contract - base[rec_local][:, None], -1)
        expand = np.where(expand >= 0, expand - base[rec_local][:, None], -1)
        if unit is not Unit.CP:
            for row, k in enumerate(rec_local.tolist()):
                if expand[row, 0] >= 0:
                    ex = from_cp(indexes[k], unit, expand[row, :1], expand[row, 1:])
                    expand[row] = [int(ex[0][0]), int(ex[1][0])]
                if contract[row, 0] >= 0:
                    co = from_cp(indexes[k], unit, contract[row, :1], contract[row, 1:])
                    contract[row] = [int(co[0][0]), int(co[1][0])]
        collect.per_tok[t].append((aligned.start_ok, aligned.end_ok, aligned.contract_nonempty,
                                   aligned.expand_nonempty, aligned.expand_extra.astype(np.int32),
                                   bad + collect.span_count, contract, expand))
    collect.span_count += len(starts)
