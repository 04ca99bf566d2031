"""The Corpus pane's jobs: check added files, preview a source, read the whole corpus.

>>> # kept, refused = check_sources([CorpusSource("a.txt"), CorpusSource("empty.txt")])
>>> # result = read_statistics(kept, policy="strict", dedup=True)  # result.report.sources
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from core.corpus import Corpus, CorpusReport, CorpusSource
from core.errors import WorkbenchError

PREVIEW_DOCUMENTS = 20


def check_sources(sources: list[CorpusSource]) -> tuple[list[CorpusSource], list[str]]:
    """Split sources into readable ones and messages for refused ones (empty, binary, missing,
    not decompressible). Reads only the first document of each."""
    kept, refused = [], []
    probe = Corpus([])
    for source in sources:
        try:
            probe.preview(source, 1)
        except WorkbenchError as err:
            if err.line is None:  # the file itself is unusable; a bad record is shown later
                refused.append(str(err))
                continue
        kept.append(source)
    return kept, refused


def preview_documents(source: CorpusSource, count: int = PREVIEW_DOCUMENTS) -> list[str]:
    """The first ``count`` documents of ``source``."""
    return Corpus([]).preview(source, count)


@dataclass
class CorpusStatsResult:
    """What reading the whole corpus gave: the report, or the error that stopped it.

    ``error`` is set in ``strict`` mode at the first invalid UTF-8 (with file and line) or for
    any other bad input; ``report`` then covers what was read before it.
    """

    report: CorpusReport
    policy: str
    dedup: bool = True
    error: WorkbenchError | None = None

    @property
    def scripts(self) -> Counter:
        total: Counter = Counter()
        for stats in self.report.sources:
            total.update(stats.scripts)
        return total

    @property
    def bad_lines(self) -> int:
        return sum(s.invalid_utf8_count for s in self.report.sources)


def read_statistics(sources: list[CorpusSource], *, policy: str, dedup: bool,
                    progress=None, cancel=None) -> CorpusStatsResult:
    """Stream every document once; bad input is returned, not raised."""
    corpus = Corpus(list(sources), policy=policy, dedup=dedup)
    try:
        for _ in corpus.documents(progress=progress, cancel=cancel, weighted=False):
            pass
    except WorkbenchError as err:
        return CorpusStatsResult(corpus.report, policy, dedup, err)
    return CorpusStatsResult(corpus.report, policy, dedup)
