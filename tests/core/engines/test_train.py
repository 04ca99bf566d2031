"""One training run from corpus sources to a bundle (what the CLI and the Train pane call)."""

from __future__ import annotations

import zipfile

import pytest

from core.bundles.bundle import load_bundle
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
    report = files.manifest["training"]["corpus"]
    assert report["deduplicate"] is True and report["invalid_utf8"] == "strict"
    assert report["languages"]["en"]["documents"] == 2
    assert files.sources[0].duplicates == 4
    blank = tmp_path / "blank.txt"
    blank.write_text("\n  \n", encoding="utf-8")
    with pytest.raises(WorkbenchError, match="no words to train on"):
        train_bundle(config, [CorpusSource(blank)], tmp_path / "c")
    assert not (tmp_path / "c").exists()


def test_deduplication_off_counts_every_repeated_line(tmp_path):
    corpus = tmp_path / "words.txt"
    corpus.write_text("low\n" * 5 + "lower\n" * 2, encoding="utf-8")
    kept = TrainingConfig(algorithm="bpe", vocab_size=9, min_frequency=1, deduplicate=False)
    files = train_bundle(kept, [CorpusSource(corpus)], tmp_path / "kept")
    assert files.manifest["training"]["corpus"]["deduplicate"] is False
    assert files.manifest["training"]["corpus"]["languages"]["?"]["documents"] == 7
    assert files.manifest["training"]["word_tokens"] == 7
    assert files.trace["merges"][0] == ["l", "o", 7]
    dropped = train_bundle(TrainingConfig(algorithm="bpe", vocab_size=9, min_frequency=1),
                           [CorpusSource(corpus)], tmp_path / "dropped")
    assert dropped.manifest["training"]["word_tokens"] == 2
    assert dropped.trace["merges"][0][2] == 2


def test_a_zip_destination_is_read_back(tmp_path):
    corpus = tmp_path / "words.txt"
    corpus.write_text("low lower newest widest\n", encoding="utf-8")
    config = TrainingConfig(algorithm="bpe", end_of_word="suffix", vocab_size=20, min_frequency=1)
    files = train_bundle(config, [CorpusSource(corpus)], tmp_path / "out.zip")
    assert zipfile.is_zipfile(files.path)
    assert files.manifest["name"] == "trained" and files.trace["merges"]


def test_no_token_is_added_unasked_and_the_bundle_says_what_that_means(tmp_path):
    corpus = tmp_path / "words.txt"
    corpus.write_text("low\nlower\n", encoding="utf-8")
    for end_of_word in ("symbol", "suffix"):
        config = TrainingConfig(algorithm="bpe", vocab_size=12, min_frequency=1,
                                end_of_word=end_of_word)
        files = train_bundle(config, [CorpusSource(corpus)], tmp_path / end_of_word)
        assert files.manifest["special_tokens"] == []
        assert "no unknown token" in files.manifest["training"]["notes"][0]
        runtime = load_bundle(files.path).runtime
        assert runtime.token_to_id("<unk>") is None
        enc = runtime.encode("low☃")
        assert "☃" not in "".join(enc.piece_at(i) for i in range(len(enc)))
        if end_of_word == "symbol":  # the reference encoder says what it dropped
            assert any("dropped" in w and "☃" in w for w in enc.warnings)


@pytest.mark.parametrize("engine,algorithm,needs", [
    ("reference", "wordpiece", "[UNK]"), ("reference", "unigram", "<unk>"),
    ("hf", "wordpiece", "[UNK]"), ("sentencepiece", "unigram", "<unk>"),
])
def test_models_that_need_an_unknown_token_are_refused_before_reading(tmp_path, engine,
                                                                       algorithm, needs):
    missing = CorpusSource(tmp_path / "never-read.txt")  # reading it would fail differently
    config = TrainingConfig(engine=engine, algorithm=algorithm, special_tokens=["<pad>"])
    with pytest.raises(WorkbenchError, match=f"add {needs.replace('[', '.').replace(']', '.')}"):
        train_bundle(config, [missing], tmp_path / "x")


def test_config_problems_and_notes_are_codes_the_cli_says_in_english():
    """The early checks hand over a note (code + values): ``tokbench`` prints its English, the
    GUI words the same code in its language (tests/app/test_train_pane.py)."""
    from core.engines.checks import check_config, config_notes, config_problem_note
    from core.errors import WorkbenchError
    from core.notes import english

    problem = config_problem_note(TrainingConfig(algorithm="wordpiece", special_tokens=[]))
    assert (problem.code, problem.args) == ("training.wordpiece_needs_unknown",
                                            {"token": "[UNK]"})
    spm = TrainingConfig(engine="sentencepiece", algorithm="wordpiece", special_tokens=["<unk>"])
    assert config_problem_note(spm).args == {"algorithm": "wordpiece"}
    with pytest.raises(WorkbenchError) as caught:
        check_config(TrainingConfig(engine="sentencepiece", algorithm="unigram"))
    assert caught.value.note.code == "training.sentencepiece_needs_unknown"
    assert str(caught.value) == english(caught.value.note)
    [said] = config_notes(TrainingConfig(algorithm="bpe", special_tokens=[]))
    assert said.code == "training.no_unknown_token" and said.severity == "warning"


def test_an_empty_corpus_and_a_repeated_special_token_are_note_codes(tmp_path):
    blank = tmp_path / "blank.txt"
    blank.write_text("  \n\n", encoding="utf-8")
    with pytest.raises(WorkbenchError) as caught:
        train_bundle(TrainingConfig(vocab_size=300), [CorpusSource(blank)], tmp_path / "out")
    assert caught.value.note.code == "training.no_words"
    assert "no words to train on" in str(caught.value)  # tokbench's English is unchanged
    with pytest.raises(WorkbenchError) as caught:
        TrainingConfig(special_tokens=["<unk>", "<unk>"])
    assert caught.value.note.args == {"tokens": "['<unk>']"}
    assert str(caught.value) == "config: special_tokens repeats ['<unk>']"
