"""The report's numbers (:mod:`.result` holds them typed; their JSON is the ``tokbench report
--json`` contract) and its CSV.

Per tokenizer: its name, its ``fingerprint`` (the behaviour and vocabulary fingerprints of
``tokbench fingerprint``: equal for equal behaviour, whatever the front end that opened it or
where its files lie), ``files_sha256`` (a hash of its files' checksums and loading options: the
same files opened the same way), the vocabulary use, the documents it failed on, and per bucket (``all``, each language by its
code, ``script:*``, ``domain:*``, ``length:*``, ``has:*``) the counts and rates below; with a
parallel corpus, each language's premium against the pivot. Rates divide by a named
denominator: ``tokens_per_byte`` (UTF-8 bytes), ``tokens_per_cp`` (code points),
``tokens_per_grapheme``, ``fertility`` (tokens per whitespace word, only over documents whose
script separates words; null when none does). Lengths are tokens per document, percentiles by
nearest rank from exact histograms. ``truncation_rate`` is the share of documents longer than
the context window minus the overhead (the chat template's tokens around one user message
when a template is chosen, else the post-processor's BOS/CLS/SEP); null without a window.

The same inputs give the same report: only ``created`` changes.

>>> bucket_report(_example(), context=3, overhead=1).truncation_rate
0.5
"""

from __future__ import annotations

import csv
import hashlib
import io
import json
import platform
from datetime import datetime, timezone

import numpy as np

from ..bundles.fingerprints import fingerprint
from ..bundles.golden import Fingerprint
from .classify import LENGTH_BANDS
from .result import (BUCKET_FIELDS, REPORT_JSON_VERSION, BucketReport, DiagnosticsReport,
                     DocumentFailure, LanguagePremium, PremiumSummary, TokenizerReport, TopPiece,
                     VocabularyUse)
from .stats import ALL, BucketStats, TokenizerStats

__all__ = ["BUCKET_FIELDS", "REPORT_JSON_VERSION", "bucket_report", "bucket_order",
           "files_sha256", "premium_summary", "report_csv", "tokenizer_report", "versions",
           "vocabulary_use"]

PERCENTILES = (50, 90, 95, 99)
TOP_PIECES = 20
CURVE_POINTS = 40


def _rate(numerator: int, denominator: int, digits: int = 6) -> float | None:
    return round(numerator / denominator, digits) if denominator else None


def bucket_report(bucket: BucketStats, *, context: int | None = None, overhead: int = 0
                  ) -> BucketReport:
    """One bucket's numbers (:data:`~core.diagnostics.result.BUCKET_FIELDS`)."""
    checked = bucket.round_trip_checked
    return BucketReport(
        documents=bucket.documents, tokens=bucket.tokens, bytes=bucket.bytes,
        code_points=bucket.code_points, graphemes=bucket.graphemes,
        tokens_per_byte=_rate(bucket.tokens, bucket.bytes),
        tokens_per_cp=_rate(bucket.tokens, bucket.code_points),
        tokens_per_grapheme=_rate(bucket.tokens, bucket.graphemes),
        bytes_per_token=_rate(bucket.bytes, bucket.tokens),
        fertility=_rate(bucket.word_tokens, bucket.words), words=bucket.words,
        **{f"p{q}": bucket.lengths.percentile(q) for q in PERCENTILES},
        max=bucket.lengths.max,
        unk_rate=_rate(bucket.unk, bucket.tokens),
        byte_fallback_rate=_rate(bucket.byte_fallback, bucket.tokens),
        partial_rate=_rate(bucket.partial, bucket.tokens),
        truncation_rate=(_rate(bucket.lengths.above(context - overhead), bucket.documents)
                         if context else None),
        round_trip_failures=bucket.round_trip_failures if checked else None,
        round_trip_normalized_failures=(bucket.round_trip_normalized_failures if checked
                                        else None),
        failed=bucket.failed)


def bucket_order(keys) -> list[str]:
    """``all``, the languages, then scripts, domains, length bands (short first), classes.

    >>> bucket_order(["has:url", "length:4096+", "zho_Hans", "all", "length:0-63", "eng_Latn"])
    ['all', 'eng_Latn', 'zho_Hans', 'length:0-63', 'length:4096+', 'has:url']
    """
    bands = [f"length:{name}" for _, name in LENGTH_BANDS]

    def rank(key: str):
        if key == ALL:
            return (0, 0, key)
        prefix = key.split(":", 1)[0] if ":" in key else ""
        group = {"": 1, "script": 2, "domain": 3, "length": 4, "has": 5}.get(prefix, 6)
        return (group, bands.index(key) if key in bands else 0, key)

    return sorted(keys, key=rank)


def files_sha256(source) -> str:
    """sha256 over the tokenizer's files (name and checksum each) and its loading options: not
    a fingerprint of behaviour (the same rank file with a preset given or guessed differs)."""
    from ..bundles.bundle import file_entry

    digest = hashlib.sha256()
    for name, path in sorted(source.files.items()):
        digest.update(f"{name}\0{file_entry(path)['sha256']}\0".encode())
    options = {k: v for k, v in source.options.items() if k != "name"}
    digest.update(json.dumps(options, sort_keys=True, default=str).encode())
    return digest.hexdigest()


def vocabulary_use(counts: np.ndarray | None, runtime) -> VocabularyUse:
    """Distinct ids used, their share of the vocabulary, the top pieces, and the coverage
    curve (share of all tokens taken by the ``k`` most used ids, ``k`` log-spaced)."""
    size = runtime.vocab_size
    if counts is None or counts.sum() == 0:
        return VocabularyUse(size, 0, 0.0)
    used = int(np.count_nonzero(counts))
    order = np.lexsort((np.arange(len(counts)), -counts))  # most used first, ties by id
    top = tuple(TopPiece(int(i), runtime.piece(int(i)), int(counts[i]))
                for i in order[:TOP_PIECES] if counts[i])
    cumulative = np.cumsum(counts[order[:used]]) / counts.sum()
    ranks = np.unique(np.geomspace(1, used, CURVE_POINTS).astype(np.int64))
    return VocabularyUse(size, used, round(used / size, 6), top,
                         tuple((int(r), round(float(cumulative[r - 1]), 6)) for r in ranks))


def versions() -> dict[str, str]:
    from ..bundles.bundle import runtime_versions

    import matplotlib

    out = {"python": platform.python_version(), "numpy": np.__version__,
           "matplotlib": matplotlib.__version__}
    out.update(runtime_versions())
    return out


def tokenizer_report(name: str, source, runtime, stats: TokenizerStats, *,
                     context: int | None, overhead: int,
                     premium: dict[str, LanguagePremium] | None) -> TokenizerReport:
    """One tokenizer's report from its statistics (``premium``: per language, with a parallel
    corpus)."""
    return TokenizerReport(
        name, Fingerprint.from_json(fingerprint(runtime)), files_sha256(source),
        runtime.source_format, context, overhead,
        {key: bucket_report(stats.buckets[key], context=context, overhead=overhead)
         for key in bucket_order(stats.buckets)},
        vocabulary_use(stats.vocab.get(ALL), runtime),
        tuple(DocumentFailure(where[0], where[1], where[2], message)
              for where, message in stats.failures),
        premium, premium_summary(premium) if premium is not None else None)


def premium_summary(premium: dict[str, LanguagePremium]) -> PremiumSummary:
    """How fair a tokenizer is over the corpus' languages: the worst premium and its
    language, and the geometric mean (a ratio's average: 2x and 0.5x cancel out).

    >>> def row(value):
    ...     return LanguagePremium(0, value, (value, value), value * value, None, 1)
    >>> premium_summary({"a": row(1.0), "b": row(4.0)})
    PremiumSummary(max=4.0, language='b', geometric_mean=2.0)
    """
    worst = max(sorted(premium), key=lambda lang: premium[lang].premium)
    values = np.array([row.premium for row in premium.values()], float)
    positive = values[values > 0]
    mean = float(np.exp(np.log(positive).mean())) if len(positive) else None
    return PremiumSummary(premium[worst].premium, worst,
                          round(mean, 6) if mean is not None else None)


def created_now() -> str:
    """The report's ``created``: now, in UTC, to the second."""
    return datetime.now(timezone.utc).isoformat(timespec="seconds")


def report_csv(report: DiagnosticsReport) -> str:
    """One row per tokenizer x bucket: the tokenizer, the bucket, :data:`BUCKET_FIELDS`, and
    the premium with its interval where the bucket is a language of a parallel corpus."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(["tokenizer", "bucket", *BUCKET_FIELDS, "premium", "ci_low", "ci_high"])
    for entry in report.tokenizers:
        premium = entry.premium or {}
        for key, bucket in entry.buckets.items():
            row = [entry.name, key, *("" if bucket.value(f) is None else bucket.value(f)
                                      for f in BUCKET_FIELDS)]
            if key in premium:
                row += [premium[key].premium, *premium[key].ci]
            else:
                row += ["", "", ""]
            writer.writerow(row)
    return buffer.getvalue()


def _example() -> BucketStats:
    from .histogram import Histogram

    return BucketStats(documents=2, tokens=5, lengths=Histogram.of([1, 4]))
