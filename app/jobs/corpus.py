"""The Corpus pane's jobs: check added files, preview a source, read the whole corpus.

>>> # kept, refused = check_sources([CorpusSource("a.txt"), CorpusSource("empty.txt")])
>>> # result = read_statistics(kept, policy="strict", dedup=True)  # result.report.sources
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass

from core.corpus import Corpus, CorpusReport, CorpusSource, ReadState
from core.errors import WorkbenchError

PREVIEW_DOCUMENTS = 20


def check_sources(sources: list[CorpusSource]
                  ) -> tuple[list[CorpusSource], list[WorkbenchError]]:
    """Split sources into readable ones and the errors of refused ones (empty, binary, missing,
    not decompressible), which the pane words. Reads only the first document of each."""
    kept, refused = [], []
    probe = Corpus([])
    for source in sources:
        try:
            probe.preview(source, 1)
        except WorkbenchError as err:
            if err.line is None:  # the file itself is unusable; a bad record is shown later
                refused.append(err)
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
    """Stream every document once; bad input is returned, not raised. The sources a previous
    reading covered, unchanged since (:func:`source_identity`), are not read again: adding a
    file to a large corpus reads that file alone (:class:`StatisticsCache`)."""
    try:
        identities = [source_identity(source) for source in sources]
    except OSError:  # a file gone: the reading says which, uncached
        identities = None
    corpus = Corpus(list(sources), policy=policy, dedup=dedup)
    resume = CACHE.resume_point(identities, policy, dedup) if identities is not None else None
    try:
        for _ in corpus.documents(progress=progress, cancel=cancel, weighted=False,
                                  resume=resume):
            pass
    except WorkbenchError as err:
        return CorpusStatsResult(corpus.report, policy, dedup, err)
    if identities is not None and corpus.state is not None:
        CACHE.keep(identities, policy, dedup, corpus.state)
    return CorpusStatsResult(corpus.report, policy, dedup)


def source_identity(source: CorpusSource) -> tuple:
    """What a source's statistics depend on: its settings (path, kind, field, tags, weight)
    and its file's size and modification time (an edited file is read again)."""
    stat = source.path.stat()
    return source, stat.st_size, stat.st_mtime_ns


class StatisticsCache:
    """The last complete reading's end state, by the identities of its sources and the
    options: a reading whose sources start with those same sources resumes after them. One
    state is kept (its de-duplication set is the corpus's size in hashes, 16 bytes each)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()  # readings run in workers
        self._key: tuple | None = None
        self._state: ReadState | None = None

    def resume_point(self, identities: list[tuple], policy: str, dedup: bool
                     ) -> ReadState | None:
        with self._lock:
            if self._key is None or self._key[1:] != (policy, dedup):
                return None
            done = self._key[0]
            return self._state if tuple(identities[:len(done)]) == done else None

    def keep(self, identities: list[tuple], policy: str, dedup: bool, state: ReadState) -> None:
        with self._lock:
            self._key, self._state = (tuple(identities), policy, dedup), state

    def clear(self) -> None:
        with self._lock:
            self._key = self._state = None


CACHE = StatisticsCache()
