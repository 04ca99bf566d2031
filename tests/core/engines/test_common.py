"""The corpus copy the sentencepiece and hf engines train from is counted against the free disk
space, before it is written and while it is (issue #15); a disk too small is said in plain words
and leaves nothing behind."""

from __future__ import annotations

import errno
import shutil
from collections import namedtuple
from pathlib import Path

import pytest

from core.corpus import CorpusSource
from core.engines import common
from core.engines.common import DISK_CHECK_EVERY, DISK_RESERVE, write_corpus
from core.engines.config import TrainingConfig
from core.engines.train import train_bundle
from core.errors import WorkbenchError
from core.notes import english
from tests.conftest import DEMO
from tests.leftovers import big_corpus, temp_leftovers, trainers
from tests.leftovers import private_tmp  # noqa: F401 - a fixture

Usage = namedtuple("Usage", "total used free")
MB = 2**20


def fake_free_space(monkeypatch, free_of) -> list[Path]:
    """Make ``shutil.disk_usage`` answer ``free_of(folder)`` bytes free; the folders asked."""
    asked = []

    def disk_usage(folder):
        asked.append(Path(folder))
        free = free_of(Path(folder))
        return Usage(10**12, 10**12 - free, free)

    monkeypatch.setattr(shutil, "disk_usage", disk_usage)
    return asked


def test_a_copy_larger_than_the_free_space_is_refused_before_reading(monkeypatch, private_tmp,
                                                                      tmp_path):
    corpus = big_corpus(tmp_path, megabytes=2.0)
    asked = fake_free_space(monkeypatch, lambda folder: DISK_RESERVE + 1 * MB)  # 2 MB won't fit
    config = TrainingConfig(engine="sentencepiece", algorithm="unigram", vocab_size=2000,
                            special_tokens=["<unk>"])
    with pytest.raises(WorkbenchError) as caught:
        train_bundle(config, [CorpusSource(corpus)], tmp_path / "out")
    assert caught.value.note.code == "training.disk_space"
    assert asked == [private_tmp]  # where the copy would go
    message = english(caught.value.note)
    assert f"in {private_tmp} " in message and "it needs 2 MB more and 64 MB kept free, and " \
        "65 MB are free" in message and "TMPDIR" in message
    assert temp_leftovers(private_tmp) == [] and trainers(private_tmp) == []
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("engine", ["hf", "reference"])
def test_engines_that_copy_nothing_do_not_count(monkeypatch, private_tmp, tmp_path, engine):
    asked = fake_free_space(monkeypatch, lambda folder: 0)
    algorithm = {"hf": "unigram", "reference": "bpe"}[engine]
    config = TrainingConfig(engine=engine, algorithm=algorithm, vocab_size=2000,
                            special_tokens=["<unk>"])
    train_bundle(config, [CorpusSource(DEMO / "corpus.txt")], tmp_path / "out")
    assert asked == []


def test_space_running_short_while_the_copy_is_written_stops_it(monkeypatch, tmp_path):
    """Another program fills the disk meanwhile: the free space shrinks as the copy grows."""
    copy = tmp_path / "copy" / "corpus.txt"
    copy.parent.mkdir()
    start = DISK_RESERVE + 2 * DISK_CHECK_EVERY

    def free(_folder):
        return start - 2 * copy.stat().st_size if copy.exists() else start

    asked = fake_free_space(monkeypatch, free)
    line = "x" * 1000
    with pytest.raises(WorkbenchError) as caught:
        write_corpus((line for _ in range(10**6)), copy)  # 1 GB, were it all written
    assert caught.value.note.code == "training.disk_space"
    assert len(asked) >= 1
    assert copy.stat().st_size < 2 * DISK_CHECK_EVERY  # stopped early, not at 1 GB


class _FillingFile:
    """A file that fails as a full disk does (or with ``code``) on its second write."""

    def __init__(self, code: int) -> None:
        self.code, self.writes = code, 0

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def write(self, text: str) -> int:
        self.writes += 1
        if self.writes > 1:
            raise OSError(self.code, "No space left on device")
        return len(text)


def test_a_full_disk_is_said_in_the_same_words(monkeypatch, tmp_path):
    fake_free_space(monkeypatch, lambda folder: 0)
    monkeypatch.setattr(common, "open", lambda *a, **k: _FillingFile(errno.ENOSPC), raising=False)
    with pytest.raises(WorkbenchError) as caught:
        write_corpus(["some words", "more words"], tmp_path / "corpus.txt")
    assert caught.value.note.code == "training.disk_space"


def test_other_write_errors_are_not_taken_for_a_full_disk(monkeypatch, tmp_path):
    monkeypatch.setattr(common, "open", lambda *a, **k: _FillingFile(errno.EIO), raising=False)
    with pytest.raises(OSError) as caught:
        write_corpus(["some words", "more words"], tmp_path / "corpus.txt")
    assert caught.value.errno == errno.EIO
