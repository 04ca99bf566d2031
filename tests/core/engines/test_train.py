"""One training run from corpus sources to a bundle (what the CLI and the Train pane call)."""

from __future__ import annotations

import pytest

from core.corpus import CorpusSource
from core.engines.config import TrainingConfig
from core.engines.train import train_bundle
from core.errors import WorkbenchError


def test_training_job_fills_the_corpus_report_and_refuses_empty_corpora(tmp_path):
    corpus = tmp_path / "en_small.txt"
    corpus.write_text("low lower lowest\nnew newer newest\n" * 3, encoding="utf-8")
    config = TrainingConfig(algorithm="bpe", end_of_word="suffix", vocab_size=30,
                            min_frequency=1)
    files = train_bundle(config, [CorpusSource(corpus, lang="en")], tmp_path / "b")
    assert files.manifest["training"]["corpus"]["en"]["documents"] == 2
    assert files.sources[0].duplicates == 4
    blank = tmp_path / "blank.txt"
    blank.write_text("\n  \n", encoding="utf-8")
    with pytest.raises(WorkbenchError, match="no words to train on"):
        train_bundle(config, [CorpusSource(blank)], tmp_path / "c")
    assert not (tmp_path / "c").exists()
