"""One training run from corpus sources to a bundle, with any engine: what the CLI and the Train
pane both call (the pane in a child process).

>>> # files = train_bundle(TrainingConfig(...), [CorpusSource("en.txt", lang="en")], "out/b")
"""

from __future__ import annotations

import json
import shutil
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..corpus import Corpus, CorpusSource, SourceStats
from .config import TrainingConfig


def engine_function(engine: str) -> Callable:
    """The ``train_*`` function of an engine (imported when first needed)."""
    if engine == "sentencepiece":
        from .sentencepiece import train_sentencepiece
        return train_sentencepiece
    if engine == "hf":
        from .hf import train_hf
        return train_hf
    from .reference import train_reference
    return train_reference


@dataclass
class TrainedFiles:
    """What the training process sends back: the bundle and what it read (all picklable)."""

    path: Path
    manifest: dict
    trace: dict | None
    sources: list[SourceStats]
    seconds: float


class _CorpusReport(dict):
    """The per-language report, filled in when the documents have all been read.

    Engines write ``corpus_report`` into the manifest after consuming the documents, so this
    dict, passed before reading, is complete by then (an empty dict would be dropped)."""

    def __init__(self, corpus: Corpus) -> None:
        super().__init__(pending=True)
        self.corpus = corpus

    def documents(self, documents: Iterable[str]) -> Iterator[str]:
        yield from documents
        self.clear()
        self.update(self.corpus.report.by_language())


def train_bundle(config: TrainingConfig, sources: list[CorpusSource], dest: Path, *,
                 policy: str = "strict", dedup: bool = True, name: str = "trained",
                 progress=None, cancel=None) -> TrainedFiles:
    """Read ``sources``, train ``config`` on them and save a bundle at ``dest`` (no Qt: this
    runs in a child process). Nothing is left at ``dest`` when it fails or is cancelled."""
    started = time.perf_counter()
    dest = Path(dest)
    corpus = Corpus(list(sources), policy=policy, dedup=dedup)
    report = _CorpusReport(corpus)
    documents = report.documents(corpus.documents(progress=progress, cancel=cancel))
    try:
        path = engine_function(config.engine)(config, documents, dest, name=name,
                                              corpus_report=report, progress=progress,
                                              cancel=cancel)
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        raise
    manifest = json.loads((path / "manifest.json").read_text(encoding="utf-8"))
    trace_file = path / "trace.json"
    trace = json.loads(trace_file.read_text(encoding="utf-8")) if trace_file.exists() else None
    return TrainedFiles(path, manifest, trace, corpus.report.sources,
                        time.perf_counter() - started)
