"""The hf engine: the same pipeline as the reference engine, trained by tokenizers."""

import pytest

from core.bundles.bundle import load_bundle
from core.engines.config import TrainingConfig
from core.engines.hf import train_hf
from core.engines.reference import train_reference
from core.progress import CancelToken, Cancelled
from tests.conftest import DEMO
from tests.leftovers import needs_proc, private_tmp  # noqa: F401 - a fixture

CORPUS = (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
SAMPLE = (DEMO / "sample.txt").read_text(encoding="utf-8")


@pytest.mark.parametrize("algorithm", ["bytelevel_bpe", "wordpiece", "unigram"])
def test_hf_bundles_load_and_encode(tmp_path, algorithm):
    unknown = {"wordpiece": ["[UNK]"], "unigram": ["<unk>"]}.get(algorithm, [])
    config = TrainingConfig(engine="hf", algorithm=algorithm, vocab_size=1500,
                            special_tokens=unknown)
    runtime = load_bundle(train_hf(config, CORPUS, tmp_path / "b")).runtime
    assert len(runtime.encode(SAMPLE)) > 0
    if algorithm == "bytelevel_bpe":
        assert runtime.round_trip(SAMPLE).ok


def test_reference_and_hf_bpe_compress_alike(tmp_path):
    # same corpus, same pre-tokenization, same vocabulary size: bytes per token within a few %
    config = TrainingConfig(algorithm="bytelevel_bpe", vocab_size=1500)
    ours = load_bundle(train_reference(config, CORPUS, tmp_path / "r")).runtime
    theirs = load_bundle(train_hf(TrainingConfig(engine="hf", algorithm="bytelevel_bpe",
                                                 vocab_size=1500), CORPUS, tmp_path / "h")).runtime
    text = "\n".join(CORPUS)
    ratio = len(ours.encode(text)) / len(theirs.encode(text))
    assert 0.97 < ratio < 1.03, ratio


def test_cancel(tmp_path):
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        train_hf(TrainingConfig(engine="hf", algorithm="bytelevel_bpe"), CORPUS, tmp_path / "c",
                 cancel=token)
    assert not (tmp_path / "c").exists()


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
def test_cancel_during_training_stops_within_a_second(tmp_path):
    import threading
    import time

    token = CancelToken()
    asked: list[float] = []
    big = [f"{line} {i} {i * 7919}" for i in range(200) for line in CORPUS]  # a few seconds
    timer = threading.Timer(0.5, lambda: (asked.append(time.monotonic()), token.cancel()))
    timer.start()
    with pytest.raises(Cancelled):
        train_hf(TrainingConfig(engine="hf", algorithm="wordpiece", vocab_size=30000,
                                special_tokens=["[UNK]"]), big,
                 tmp_path / "c", cancel=token)
    assert asked and time.monotonic() - asked[0] < 1.0
    assert not (tmp_path / "c").exists()


@needs_proc
def test_the_corpus_reaches_the_trainer_through_a_pipe_not_a_copy_on_disk(private_tmp,
                                                                          tmp_path):
    """Issue #15: a killed run left an 11 MB copy of the corpus in the temporary folder."""
    import threading

    from core.corpus import CorpusSource
    from core.engines.train import train_bundle
    from tests.leftovers import LONG_RUNS, big_corpus, trainers, wait_for

    corpus = big_corpus(tmp_path)
    token = CancelToken()
    config = TrainingConfig.from_json(LONG_RUNS["hf"])
    worker = threading.Thread(target=lambda: pytest.raises(
        Cancelled, train_bundle, config, [CorpusSource(corpus)], tmp_path / "out", cancel=token))
    worker.start()
    try:
        assert wait_for(lambda: trainers(private_tmp), timeout=60)
        written = sum(p.stat().st_size for p in private_tmp.rglob("*") if p.is_file())
        assert written < 1024, f"{written:,} bytes in the temporary folder while training"
    finally:
        token.cancel()
        worker.join(30)
