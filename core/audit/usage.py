"""How a corpus uses a vocabulary: ids never produced, the rarest, and how few ids cover most
tokens — overall and per language tag.

>>> counts = np.array([5, 3, 0, 2])
>>> coverage_shares(counts, np.array([True, True, True, True]))
{'50': 0.25, '90': 0.75, '99': 0.75}
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Sequence

import numpy as np

from ..corpus import Corpus, CorpusSource
from ..progress import CancelFn, Progress, ProgressFn, Throttle, check_cancel
from ..formats.runtime import Runtime

COVERAGE = (50, 90, 99)  # percent of the corpus' tokens
RAREST = 20              # rarest used ids listed
BATCH = 2048             # documents per encode_batch call


@dataclass(frozen=True)
class LanguageUse:
    """Token use of one language's part of the corpus (or of all of it): tokens, ordinary ids
    never used, and the share of the ordinary vocabulary that covers 50 / 90 / 99 % of the
    tokens (``coverage``, by the percent as text: ``"90"``)."""

    tokens: int
    unused: int
    coverage: dict[str, float]

    def to_json(self) -> dict:
        return {"tokens": self.tokens, "unused": self.unused, "coverage": dict(self.coverage)}


@dataclass(frozen=True)
class CorpusUse(LanguageUse):
    """:class:`LanguageUse` of the whole corpus, with its documents, the rarest used ids
    ``(id, count)`` and each language's own."""

    documents: int = 0
    rarest: tuple[tuple[int, int], ...] = ()
    by_language: dict[str, LanguageUse] = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"documents": self.documents, **super().to_json(),
                "rarest": [{"id": i, "count": c} for i, c in self.rarest],
                "by_language": {lang: use.to_json() for lang, use in self.by_language.items()}}


@dataclass
class Usage:
    """Token counts of a corpus over the vocabulary (ordinary tokens only in the shares).

    Attributes:
        counts: per id, how often the corpus produced it.
        ordinary: per id, an ordinary token (the shares and the unused list count only these).
        by_language: the same counts per language tag of the sources (untagged: ``"?"``).
        documents: documents encoded.
    """

    counts: np.ndarray
    ordinary: np.ndarray
    by_language: dict[str, np.ndarray] = field(default_factory=dict)
    documents: int = 0

    @property
    def tokens(self) -> int:
        return int(self.counts.sum())

    def unused(self) -> list[int]:
        """Ordinary ids the corpus never produced."""
        return np.flatnonzero(self.ordinary & (self.counts == 0)).tolist()

    def rarest(self, n: int = RAREST) -> list[tuple[int, int]]:
        """The ``n`` least used ordinary ids that were used, ``(id, count)``, rarest first."""
        used = np.flatnonzero(self.ordinary & (self.counts > 0))
        order = used[np.argsort(self.counts[used], kind="stable")][:n]
        return [(int(i), int(self.counts[i])) for i in order]

    def summary(self) -> CorpusUse:
        """The numbers the CLI, the Tokenizer tab and the manifest give."""
        def one(counts: np.ndarray) -> LanguageUse:
            return LanguageUse(int(counts.sum()), int((self.ordinary & (counts == 0)).sum()),
                               coverage_shares(counts, self.ordinary))
        total = one(self.counts)
        return CorpusUse(total.tokens, total.unused, total.coverage, self.documents,
                         tuple(self.rarest()),
                         {lang: one(c) for lang, c in sorted(self.by_language.items())})


def coverage_shares(counts: np.ndarray, ordinary: np.ndarray) -> dict[str, float]:
    """Share of the ordinary vocabulary that, most used first, covers 50 / 90 / 99 % of the
    corpus' tokens (0.0 for an empty corpus)."""
    sizes = int(ordinary.sum())
    ranked = np.sort(counts[ordinary])[::-1].astype(np.float64)
    total = ranked.sum()
    if not total or not sizes:
        return {str(p): 0.0 for p in COVERAGE}
    cumulative = np.cumsum(ranked) / total
    return {str(p): round(float(np.searchsorted(cumulative, p / 100 - 1e-12) + 1) / sizes, 6)
            for p in COVERAGE}


def corpus_usage(runtime: Runtime, sources: Sequence[CorpusSource], ordinary: np.ndarray, *,
                 policy: str = "strict", progress: ProgressFn | None = None,
                 cancel: CancelFn | None = None) -> Usage:
    """Encode every document of ``sources`` (no special tokens added, duplicates counted as
    often as they occur) and count each id."""
    size = runtime.id_space
    usage = Usage(np.zeros(size, dtype=np.int64), ordinary)
    total = sum(s.path.stat().st_size for s in sources) or 1
    done = 0
    report = Throttle(progress)
    for source in sources:
        counts = usage.by_language.setdefault(source.lang or "?", np.zeros(size, np.int64))
        corpus = Corpus([source], policy=policy, dedup=False)
        batch: list[str] = []
        for text in corpus.documents(weighted=False, cancel=cancel):
            batch.append(text)
            if len(batch) >= BATCH:
                usage.documents += _count(runtime, batch, counts)
                batch = []
                report(Progress("corpus", done + source.path.stat().st_size / 2, total,
                                detail=source.path.name))
        usage.documents += _count(runtime, batch, counts)
        check_cancel(cancel)
        done += source.path.stat().st_size
        report(Progress("corpus", done, total, detail=source.path.name))
    for counts in usage.by_language.values():
        usage.counts += counts
    return usage


def _count(runtime: Runtime, texts: list[str], counts: np.ndarray) -> int:
    if texts:
        ids = runtime.encode_batch(texts, add_special_tokens=False).ids
        counts += np.bincount(ids[(ids >= 0) & (ids < len(counts))], minlength=len(counts))
    return len(texts)
