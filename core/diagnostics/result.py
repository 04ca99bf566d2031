"""What ``tokbench report`` and the Diagnostics pane show of one run, as typed values.

:class:`DiagnosticsReport` is made by :func:`core.diagnostics.run.diagnose` (the one function
both fronts call); :meth:`DiagnosticsReport.to_json` is the one JSON form (``tokbench report
--json``, the pane's *Export → JSON*; the CSV and the HTML page are made from it too). The views
bind to the fields: per tokenizer (:class:`TokenizerReport`) its buckets
(:class:`BucketReport`), vocabulary use, failures and premiums per language
(:class:`LanguagePremium`); the warnings are :class:`~core.notes.Note` s. The statistics the
numbers were made from (``stats``: length histograms and the documents to drill into) and the
runtimes ride along for the pane.

>>> bucket = BucketReport(**dict.fromkeys(BUCKET_FIELDS, 0))
>>> bucket.to_json()["tokens_per_byte"], list(bucket.to_json()) == list(BUCKET_FIELDS)
(0, True)
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..bundles.golden import Fingerprint
from ..notes import Note
from .settings import Settings
from .stats import ALL

REPORT_JSON_VERSION = 1  # its "version": up when a key changes meaning or goes away

BUCKET_FIELDS = ("documents", "tokens", "bytes", "code_points", "graphemes", "tokens_per_byte",
                 "tokens_per_cp", "tokens_per_grapheme", "bytes_per_token", "fertility",
                 "words", "p50", "p90", "p95", "p99", "max", "unk_rate", "byte_fallback_rate",
                 "partial_rate", "truncation_rate", "round_trip_failures",
                 "round_trip_normalized_failures", "failed")


@dataclass(frozen=True)
class BucketReport:
    """One bucket's counts and rates (:mod:`core.diagnostics.report` says what each divides
    by); a rate is None where its denominator is 0, ``truncation_rate`` without a window and
    the round-trip counts without the check."""

    documents: int
    tokens: int
    bytes: int
    code_points: int
    graphemes: int
    tokens_per_byte: float | None
    tokens_per_cp: float | None
    tokens_per_grapheme: float | None
    bytes_per_token: float | None
    fertility: float | None
    words: int
    p50: int | None
    p90: int | None
    p95: int | None
    p99: int | None
    max: int | None
    unk_rate: float | None
    byte_fallback_rate: float | None
    partial_rate: float | None
    truncation_rate: float | None
    round_trip_failures: int | None
    round_trip_normalized_failures: int | None
    failed: int

    def value(self, name: str):
        """The field ``name`` of :data:`BUCKET_FIELDS` (a table's column)."""
        if name not in BUCKET_FIELDS:
            raise KeyError(name)
        return getattr(self, name)

    def to_json(self) -> dict:
        return {name: getattr(self, name) for name in BUCKET_FIELDS}


@dataclass(frozen=True)
class TopPiece:
    """One of the most used ids, with its piece and count."""

    id: int
    piece: str
    count: int

    def to_json(self) -> dict:
        return {"id": self.id, "piece": self.piece, "count": self.count}


@dataclass(frozen=True)
class VocabularyUse:
    """Distinct ids used, their share of the vocabulary, the most used pieces, and the coverage
    curve: ``(k, share of all tokens the k most used ids take)``."""

    size: int
    used: int
    share: float
    top: tuple[TopPiece, ...] = ()
    curve: tuple[tuple[int, float], ...] = ()

    def to_json(self) -> dict:
        return {"size": self.size, "used": self.used, "share": self.share,
                "top": [t.to_json() for t in self.top],
                "curve": [[k, share] for k, share in self.curve]}


@dataclass(frozen=True)
class DocumentFailure:
    """A document the tokenizer failed on: its source, byte offset, number, and the error."""

    source: str
    offset: int
    document: int
    error: str

    def to_json(self) -> dict:
        return {"source": self.source, "offset": self.offset, "document": self.document,
                "error": self.error}


@dataclass(frozen=True)
class SentenceRatio:
    """Percentiles of the per-sentence ratios (sentences with tokens on both sides)."""

    p10: float
    p50: float
    p90: float

    def to_json(self) -> dict:
        return {"p10": self.p10, "p50": self.p50, "p90": self.p90}


@dataclass(frozen=True)
class LanguagePremium:
    """One language of a parallel corpus against the pivot (:func:`core.diagnostics.parallel.
    premiums`): its tokens, the premium with its 95% interval, the attention pairs (premium²),
    the per-sentence ratios and its rank (1: the fewest tokens)."""

    tokens: int
    premium: float
    ci: tuple[float, float]
    attention_pairs: float
    sentence_ratio: SentenceRatio | None
    rank: int

    def to_json(self) -> dict:
        return {"tokens": self.tokens, "premium": self.premium, "ci": list(self.ci),
                "attention_pairs": self.attention_pairs,
                "sentence_ratio": (self.sentence_ratio.to_json()
                                   if self.sentence_ratio is not None else None),
                "rank": self.rank}


@dataclass(frozen=True)
class PremiumSummary:
    """The worst premium and its language, and the geometric mean over the languages."""

    max: float
    language: str
    geometric_mean: float | None

    def to_json(self) -> dict:
        return {"max": self.max, "language": self.language,
                "geometric_mean": self.geometric_mean}


@dataclass(frozen=True)
class TokenizerReport:
    """One tokenizer's part of the report (``name`` is unique within it: ``gpt2 #2``)."""

    name: str
    fingerprint: Fingerprint
    files_sha256: str
    format: str
    context_window: int | None
    context_overhead: int
    buckets: dict[str, BucketReport]  # all, the languages, script:, domain:, length:, has:
    vocabulary: VocabularyUse
    failures: tuple[DocumentFailure, ...] = ()
    premium: dict[str, LanguagePremium] | None = None  # by language, with a parallel corpus
    premium_summary: PremiumSummary | None = None

    @property
    def languages(self) -> list[str]:
        """The buckets that are languages (not ``all``, nor ``script:``... groups)."""
        return [key for key in self.buckets if key != ALL and ":" not in key]

    def to_json(self) -> dict:
        out = {"tokenizer": self.name, "fingerprint": self.fingerprint.to_json(),
               "files_sha256": self.files_sha256, "format": self.format,
               "context": {"window": self.context_window, "overhead": self.context_overhead},
               "buckets": {key: bucket.to_json() for key, bucket in self.buckets.items()},
               "vocabulary": self.vocabulary.to_json(),
               "failures": [f.to_json() for f in self.failures]}
        if self.premium is not None:
            out["premium"] = {lang: p.to_json() for lang, p in self.premium.items()}
            out["premium_summary"] = (self.premium_summary.to_json()
                                      if self.premium_summary is not None else None)
        return out


@dataclass(frozen=True)
class CorpusFile:
    """One source of a corpus of files: its name, kind, tags and size."""

    path: str
    kind: str
    language: str
    domain: str
    bytes: int

    def to_json(self) -> dict:
        return {"path": self.path, "kind": self.kind, "language": self.language,
                "domain": self.domain, "bytes": self.bytes}


@dataclass(frozen=True)
class CorpusSummary:
    """What was measured: a parallel corpus (``kind`` ``parallel``: its file or folder name,
    languages and sentences per language) or sources (``kind`` ``sources``: the files)."""

    kind: str
    path: str | None = None
    languages: tuple[str, ...] = ()
    sentences: int = 0
    sources: tuple[CorpusFile, ...] = ()

    def to_json(self) -> dict:
        if self.kind == "parallel":
            return {"kind": "parallel", "path": self.path, "languages": list(self.languages),
                    "sentences": self.sentences}
        return {"kind": self.kind, "sources": [s.to_json() for s in self.sources]}


@dataclass
class DiagnosticsReport:
    """One diagnostics run: when, on what, how (``settings``: a
    :class:`~core.diagnostics.settings.Settings`), with which library versions, the warnings, and
    each tokenizer's report; ``stats``, ``runtimes`` and ``backend`` for the pane (not in the
    JSON)."""

    created: str
    corpus: CorpusSummary
    settings: Settings  # its describe() is the JSON's settings
    versions: dict[str, str]
    warnings: list[Note]
    tokenizers: list[TokenizerReport]
    stats: list = field(default_factory=list, repr=False)  # TokenizerStats, one per tokenizer
    runtimes: list = field(default_factory=list, repr=False)
    backend: str = "inprocess"

    @property
    def names(self) -> list[str]:
        return [t.name for t in self.tokenizers]

    def to_json(self) -> dict:
        """The ``tokbench report --json`` object (docs/cli.md) with the envelope every tokbench
        JSON carries, also in the GUI's exports."""
        return {"tokbench": "report", "version": REPORT_JSON_VERSION, "created": self.created,
                "corpus": self.corpus.to_json(), "settings": self.settings.describe(),
                "versions": dict(self.versions), "warnings": [w.to_json() for w in self.warnings],
                "tokenizers": [t.to_json() for t in self.tokenizers]}
