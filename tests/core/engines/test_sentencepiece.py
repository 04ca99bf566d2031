"""The sentencepiece engine: long sentences are kept, runs are reproducible, cancel is prompt."""

import json
import threading
import time

import pytest

from core.bundle import load_bundle
from core.engines.config import TrainingConfig
from core.engines.sentencepiece import train_sentencepiece, trainer_options
from core.errors import WorkbenchError
from core.progress import CancelToken, Cancelled
from tests.conftest import DEMO

CORPUS = (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
CONFIG = TrainingConfig(engine="sentencepiece", algorithm="unigram", vocab_size=2000,
                        byte_fallback=True, character_coverage=0.9995,
                        special_tokens=["<unk>", "<s>", "</s>"])


def test_long_sentences_are_kept_and_reported(tmp_path):
    long_line = " ".join(["supercalifragilistic"] * 600)  # ~12 KB: over SentencePiece's 4,192
    path = train_sentencepiece(CONFIG, CORPUS + [long_line], tmp_path / "b")
    manifest = json.loads((path / "manifest.json").read_text())
    training = manifest["training"]
    assert training["sentences_skipped_too_long"] == 0
    assert training["bytes_used"] == training["bytes_offered"] >= len(long_line)
    assert training["trainer_options"]["max_sentence_length"] > len(long_line)
    runtime = load_bundle(path).runtime
    assert len(runtime.encode("supercalifragilistic")) <= 3  # learned from the long line


def test_same_corpus_and_config_give_the_same_model(tmp_path):
    a = train_sentencepiece(CONFIG, CORPUS, tmp_path / "a")
    b = train_sentencepiece(CONFIG, CORPUS, tmp_path / "b")
    assert (a / "tokenizer.model").read_bytes() == (b / "tokenizer.model").read_bytes()


def test_cancel_stops_within_a_second_and_writes_nothing(tmp_path):
    token = CancelToken()
    big = [f"{line} {i} {i * 7919}" for i in range(40) for line in CORPUS]  # unique lines
    asked: list[float] = []
    timer = threading.Timer(0.5, lambda: (asked.append(time.monotonic()), token.cancel()))
    timer.start()
    with pytest.raises(Cancelled):
        train_sentencepiece(TrainingConfig(engine="sentencepiece", algorithm="unigram",
                                           vocab_size=8000, character_coverage=0.9995,
                                           special_tokens=["<unk>"]),
                            big, tmp_path / "c", cancel=token)
    assert asked and time.monotonic() - asked[0] < 1.0
    assert not (tmp_path / "c").exists()


def test_trainer_errors_are_messages(tmp_path):
    with pytest.raises(WorkbenchError, match="Vocabulary size is smaller than required_chars"):
        train_sentencepiece(TrainingConfig(engine="sentencepiece", algorithm="unigram",
                                           vocab_size=50, special_tokens=["<unk>"]),
                            CORPUS, tmp_path / "d")
    with pytest.raises(WorkbenchError, match="unigram or bpe"):
        trainer_options(TrainingConfig(engine="sentencepiece", algorithm="wordpiece"), 10)


def test_reserved_special_tokens_become_sentencepiece_pieces_in_order(tmp_path):
    # SentencePiece refuses "<unk>" as a user-defined symbol; it becomes the unknown piece
    config = TrainingConfig(engine="sentencepiece", algorithm="unigram", vocab_size=2000,
                            character_coverage=0.9995,
                            special_tokens=["<unk>", "<s>", "</s>", "<sep>"])
    runtime = load_bundle(train_sentencepiece(config, CORPUS, tmp_path / "s")).runtime
    assert [runtime.piece(i) for i in range(4)] == ["<unk>", "<s>", "</s>", "<sep>"]
    specials = {t.content: t.kind for t in runtime.special_tokens()}
    assert specials["<sep>"] == "user_defined" and specials["<unk>"] == "unk"
