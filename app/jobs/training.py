"""The Train pane's job: train a bundle from the corpus, then open it for the Inspect pane.

>>> # outcome = train_to_bundle(config, sources, Path("out/run-1/bpe-8000"),
>>> #                           in_process=run_function)  # outcome.loaded.runtime
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass
from pathlib import Path

from core.corpus import CorpusSource, SourceStats
from core.engines.config import TrainingConfig
from core.engines.train import train_bundle
from core.loading import Loaded, open_tokenizer
from core.progress import Progress
from core.formats.runtime import Runtime


@dataclass
class TrainingOutcome:
    """A finished run: the bundle, opened (ready for the Inspect pane), and what it read."""

    path: Path
    loaded: Loaded
    config: TrainingConfig
    manifest: dict
    trace: dict | None
    sources: list[SourceStats]
    seconds: float

    @property
    def runtime(self) -> Runtime:
        return self.loaded.runtime


def train_to_bundle(config: TrainingConfig, sources: list[CorpusSource], dest: Path, *,
                    policy: str = "strict", name: str = "trained", progress=None, cancel=None,
                    in_process=None) -> TrainingOutcome:
    """:func:`train_bundle` (in a child process when ``in_process`` is given: the GUI passes
    :func:`core.supervisor.run_function`), then load the bundle for the Inspect pane.
    De-duplication is ``config.deduplicate``."""
    job = dict(policy=policy, name=name, progress=progress, cancel=cancel)
    if in_process is not None:
        files = in_process(train_bundle, config, list(sources), Path(dest), **job)
    else:
        files = train_bundle(config, sources, Path(dest), **job)
    if progress:
        progress(Progress("loading the bundle", 0))
    try:
        loaded = open_tokenizer(files.path)
    except BaseException:
        shutil.rmtree(files.path, ignore_errors=True)
        raise
    return TrainingOutcome(files.path, loaded, config, files.manifest, files.trace,
                           files.sources, files.seconds)
