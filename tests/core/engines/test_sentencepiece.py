"""The sentencepiece engine: long sentences are kept, runs are reproducible, cancel is prompt."""

import json
import pickle
import threading
import time

import pytest

from core.bundles.bundle import load_bundle
from core.engines.config import TrainingConfig
from core.engines.common import TrainingError, split_details
from core.engines.sentencepiece import train_sentencepiece, trainer_options
from core.engines.sentencepiece_checks import plain_error
from core.errors import WorkbenchError
from core.notes import english
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
    # learned from the long line (the BOS a .model adds by default not counted)
    assert len(runtime.encode("supercalifragilistic", add_special_tokens=False)) <= 3


def test_same_corpus_and_config_give_the_same_model(tmp_path):
    a = train_sentencepiece(CONFIG, CORPUS, tmp_path / "a")
    b = train_sentencepiece(CONFIG, CORPUS, tmp_path / "b")
    assert (a / "tokenizer.model").read_bytes() == (b / "tokenizer.model").read_bytes()


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
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


def test_a_vocabulary_below_the_characters_to_keep_is_refused_before_training(tmp_path):
    """The check made before the trainer starts counts what the trainer counts: its refusal of
    the same corpus names the same number."""
    import re

    import sentencepiece as spm

    config = TrainingConfig(engine="sentencepiece", algorithm="unigram", vocab_size=400,
                            character_coverage=0.9995, special_tokens=["<unk>", "<s>", "</s>"])
    started = time.monotonic()
    with pytest.raises(TrainingError) as caught:
        train_sentencepiece(config, CORPUS, tmp_path / "d")
    plain = caught.value.message
    assert plain.startswith("vocabulary 400 is smaller than the ") and \
        "character coverage 0.9995 (+ 3 special pieces): raise the vocabulary to at least" in plain
    corpus = tmp_path / "corpus.txt"
    corpus.write_text("\n".join(line for line in CORPUS if line.strip()) + "\n", encoding="utf-8")
    options = trainer_options(config, max(len(line.encode()) for line in CORPUS))
    with pytest.raises(RuntimeError) as native:
        spm.SentencePieceTrainer.train(input=str(corpus), model_prefix=str(tmp_path / "m"),
                                       **{**options, "minloglevel": 3})
    theirs = int(re.search(r"(\d+) vs (\d+)", str(native.value)).group(2))
    assert f"at least {theirs:,} " in plain
    assert caught.value.note.code == "sentencepiece.vocab_below_characters"
    assert caught.value.note.args["needed"] == theirs and caught.value.note.args["reserved"] == 3
    assert plain_error(str(native.value), options).message == plain  # either way, same words
    assert not (tmp_path / "d").exists() and time.monotonic() - started < 30


@pytest.mark.parametrize("options,expected,code", [
    ({"vocab_size": 500}, "vocabulary 500 is more than this corpus can fill (SentencePiece found",
     "sentencepiece.vocab_too_high"),
    ({"vocab_size": 40, "user_defined_symbols": ["<unk>"]},
     "<unk> is one of SentencePiece's own pieces and cannot also be a user-defined symbol",
     "sentencepiece.reserved_as_user_symbol"),
    ({"vocab_size": 40, "unk_id": -1}, "SentencePiece needs an unknown piece: add <unk>",
     "sentencepiece.needs_unknown"),
    ({"vocab_size": 40, "unk_id": 0, "bos_id": 0}, "two special pieces were given the ID of",
     "sentencepiece.same_id"),
])
def test_the_trainers_fatal_messages_are_said_plainly(tmp_path, options, expected, code):
    import sentencepiece as spm

    corpus = tmp_path / "small.txt"
    corpus.write_text("hello world\nthis is a test\nanother line of text here\n")
    with pytest.raises(RuntimeError) as native:
        spm.SentencePieceTrainer.train(input=str(corpus), model_prefix=str(tmp_path / "m"),
                                       model_type="unigram", minloglevel=3, **options)
    error = plain_error(str(native.value), options)
    assert error.message.startswith(expected)
    assert error.details == str(native.value)  # the trainer's words are kept
    # a code and its values, so the GUI can say it in its own language; they survive the
    # trip from the training process
    assert error.note.code == code and english(error.note) == error.message
    again = pickle.loads(pickle.dumps(error))
    assert (again.note, again.details, str(again)) == (error.note, error.details, str(error))


def test_an_error_from_the_trainer_process_arrives_in_plain_words(tmp_path):
    config = TrainingConfig(engine="sentencepiece", algorithm="bpe", vocab_size=500,
                            special_tokens=["<unk>"])
    with pytest.raises(TrainingError) as caught:
        train_sentencepiece(config, ["hello world", "this is a test"], tmp_path / "e")
    plain, details = split_details(str(caught.value))
    assert plain.startswith("vocabulary 500 is more than this corpus can fill")
    assert "Vocabulary size too high (500)" in details
    with pytest.raises(WorkbenchError, match="unigram or bpe"):
        trainer_options(TrainingConfig(engine="sentencepiece", algorithm="wordpiece"), 10)
