"""One training run from corpus sources to a bundle, with any engine: what the CLI and the Train
pane both call (the pane in a child process).

>>> # files = train_bundle(TrainingConfig(...), [CorpusSource("en.txt", lang="en")], "out/b")
"""

from __future__ import annotations

import json
import shutil
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterable, Iterator

from ..bundles.bundle import read_bundle_files, read_manifest
from ..corpus import Corpus, CorpusSource, SourceStats
from .checks import check_config
from .common import check_free_space
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


# they write the corpus to a temporary file (SentencePiece reads it three times: for the longest
# sentence, the check of the vocabulary against the characters, and training; hf reads a pipe)
COPYING_ENGINES = ("sentencepiece",)


@dataclass
class TrainedFiles:
    """What the training process sends back: the bundle and what it read (all picklable)."""

    path: Path
    manifest: dict
    trace: dict | None
    sources: list[SourceStats]
    seconds: float


class _CorpusReport(dict):
    """The corpus report, filled in when the documents have all been read: the options it was
    read with (whether duplicates were dropped, the invalid UTF-8 policy) and the counts per
    language.

    Engines write ``corpus_report`` into the manifest after consuming the documents, so this
    dict, passed before reading, is complete by then (an empty dict would be dropped)."""

    def __init__(self, corpus: Corpus) -> None:
        super().__init__(pending=True)
        self.corpus = corpus

    def documents(self, documents: Iterable[str]) -> Iterator[str]:
        yield from documents
        self.clear()
        self.update(deduplicate=self.corpus.dedup, invalid_utf8=self.corpus.policy,
                    languages=self.corpus.report.by_language())


def train_bundle(config: TrainingConfig, sources: list[CorpusSource], dest: Path, *,
                 policy: str = "strict", name: str = "trained", progress=None,
                 cancel=None) -> TrainedFiles:
    """Read ``sources`` (duplicates dropped if ``config.deduplicate``), train ``config`` on them
    and save a bundle at ``dest`` (a folder, or one file if it ends in ``.zip``; no Qt: this
    runs in a child process). Each engine refuses a config it cannot train before it reads
    the corpus. Nothing is left at ``dest`` when it fails or is cancelled."""
    started = time.perf_counter()
    dest = Path(dest)
    corpus = Corpus(list(sources), policy=policy, dedup=config.deduplicate)
    if config.engine in COPYING_ENGINES:  # the copy is about as large as the sources
        check_config(config)  # a config no engine can train is said first, no file read
        check_free_space(Path(tempfile.gettempdir()), corpus.total_bytes())
    report = _CorpusReport(corpus)
    documents = report.documents(corpus.documents(progress=progress, cancel=cancel))
    try:
        path = engine_function(config.engine)(config, documents, dest, name=name,
                                              corpus_report=report, progress=progress,
                                              cancel=cancel)
    except BaseException:
        shutil.rmtree(dest, ignore_errors=True)
        raise
    manifest, _ = read_manifest(path)
    files = read_bundle_files(path, manifest)  # a folder or a zip alike
    trace = json.loads(files["trace.json"].decode("utf-8")) if "trace.json" in files else None
    return TrainedFiles(path, manifest, trace, corpus.report.sources,
                        time.perf_counter() - started)
