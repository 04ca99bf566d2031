"""The embedded demo: its files load, round-trip the sample text, and retrain to the same bytes."""

from __future__ import annotations

import importlib.util
import json

import pytest
import sentencepiece as spm
from tokenizers import Tokenizer

from tests.conftest import DEMO

BPE_JSON = DEMO / "demo-bpe" / "tokenizer.json"
BPE_CONFIG = DEMO / "demo-bpe" / "tokenizer_config.json"
UNIGRAM_MODEL = DEMO / "demo-unigram" / "tokenizer.model"
SAMPLE = DEMO / "sample.txt"
CORPUS = DEMO / "corpus.txt"


def _load_script(name: str):
    """Import a script from resources/demo (not a package) as a module."""
    spec = importlib.util.spec_from_file_location(f"demo_{name}", DEMO / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_demo():
    return _load_script("make_demo")


@pytest.fixture(scope="module")
def sample() -> str:
    return SAMPLE.read_bytes().decode("utf-8")


def test_demo_files_are_present_and_small():
    paths = [BPE_JSON, BPE_CONFIG, UNIGRAM_MODEL, SAMPLE, CORPUS]
    for path in paths:
        assert path.is_file(), path
    assert sum(p.stat().st_size for p in paths) < 1_000_000


def test_sample_covers_the_showcase_cases(sample):
    assert 600 <= len(sample) <= 1200
    for needle in ("👨\u200d👩\u200d👧", "🇫🇷", "cafe\u0301", "\t", "  ", "3.14159", "2026-11-29",
                   "https://", "    return", "<|endoftext|>", "分词器", "トークナイザー", "القاهرة"):
        assert needle in sample, needle


def test_corpus_is_utf8_lines_of_several_scripts():
    text = CORPUS.read_bytes().decode("utf-8")
    assert 60_000 <= len(text.encode("utf-8")) <= 120_000
    assert text.endswith("\n") and "\r" not in text
    for needle in ("的", "the", "です", "في", "습니다", "в", "def ", "\u200d", "e\u0301", "🇫🇷"):
        assert needle in text, needle


def test_bpe_round_trips_the_sample_exactly(sample):
    tk = Tokenizer.from_file(str(BPE_JSON))
    assert tk.get_vocab_size() == 2000
    eot, pad = tk.token_to_id("<|endoftext|>"), tk.token_to_id("<|pad|>")
    assert (eot, pad) == (0, 1)
    enc = tk.encode(sample)
    assert eot in enc.ids  # the literal is parsed as the special token by default
    assert tk.decode(enc.ids, skip_special_tokens=False) == sample
    tk.encode_special_tokens = True  # the literal as plain text: still exact
    enc = tk.encode(sample)
    assert eot not in enc.ids
    assert tk.decode(enc.ids) == sample


def test_bpe_config_names_eos_and_pad():
    config = json.loads(BPE_CONFIG.read_text(encoding="utf-8"))
    assert config["eos_token"] == "<|endoftext|>" and config["pad_token"] == "<|pad|>"


def test_unigram_has_no_unk_and_decodes_to_its_normalized_text(sample):
    sp = spm.SentencePieceProcessor(model_file=str(UNIGRAM_MODEL))
    assert sp.get_piece_size() == 1500
    ids = sp.encode(sample)
    assert sp.unk_id() not in ids  # byte fallback covers every character
    assert any(sp.is_byte(i) for i in ids)  # ... and is actually exercised by the sample
    normalized = sp.normalize(sample).replace("\u2581", " ")
    assert sp.decode(ids) == normalized.removeprefix(" ")  # minus the dummy prefix


def test_retraining_reproduces_the_committed_files(make_demo, tmp_path):
    bpe = make_demo.train_bpe(tmp_path)
    unigram = make_demo.train_unigram(tmp_path)
    assert bpe.read_bytes() == BPE_JSON.read_bytes()
    assert (tmp_path / "demo-bpe" / "tokenizer_config.json").read_bytes() == BPE_CONFIG.read_bytes()
    assert unigram.read_bytes() == UNIGRAM_MODEL.read_bytes()
    assert sorted(p.relative_to(tmp_path).as_posix() for p in tmp_path.rglob("*") if p.is_file()) == [
        "demo-bpe/tokenizer.json", "demo-bpe/tokenizer_config.json", "demo-unigram/tokenizer.model"]


def test_corpus_generator_reproduces_the_committed_corpus():
    make_corpus = _load_script("make_corpus")
    assert make_corpus.build().encode("utf-8") == CORPUS.read_bytes()
