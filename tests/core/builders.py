"""Tiny tokenizers of every supported format, built in memory / in tmp dirs (no ../shared/data).

Each ``write_*`` function writes one format into a folder under the canonical file name(s), or
under ``name`` when given (to test detection from content, not file name). The session fixtures
build each once and tests copy what they modify.

Import the fixtures into a test module (``from tests.core.builders import built``) to use them.
"""

from __future__ import annotations

import base64
import io
import json
import random
import shutil
from functools import lru_cache
from pathlib import Path

import pytest

from core.formats.tiktoken.presets import CL100K_PATTERN

WORDS = ("the quick brown fox jumps over the lazy dog hello world tokenizer workbench café naïve "
         "über straße 世界 你好 こんにちは привет мир γειά 😀 Ⅳ ﬃ 123 4567").split()

# Strings the multilingual ID checks run on.
SAMPLES = ["Hello world", "the quick brown fox", "café naïve über straße", "世界 你好 こんにちは",
           "привет мир γειά", "emoji 😀 and 👨\u200d👩\u200d👧", "ﬃ Ⅳ 1234567", "", "  \n\ttabs"]

# Multi-byte merges so that some tokens are whole characters and others split them.
TIKTOKEN_MERGES = [b"th", b"he", b"the", b" t", b" the", b"in", b"ng", b"ing", b"wo", b"wor",
                   b"\xe4\xb8", b"\xe4\xb8\x96", b"\xc3\xa9", b"caf", b"caf\xc3\xa9"]
ENDOFTEXT = "<|endoftext|>"
FORMAT_NAMES = ("tokenizer.json", "sentencepiece", "tiktoken", "wordpiece", "gpt2-bpe")


def training_lines(count: int = 200, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    return [" ".join(rng.choice(WORDS) for _ in range(8)) for _ in range(count)]


# --- tiktoken ---------------------------------------------------------------------------------


def tiktoken_ranks(merges=TIKTOKEN_MERGES) -> dict[bytes, int]:
    """The 256 single bytes (rank = byte value) followed by ``merges``."""
    ranks = {bytes([b]): b for b in range(256)}
    for token in merges:
        ranks[token] = len(ranks)
    return ranks


def rank_file_bytes(ranks: dict[bytes, int] | None = None) -> bytes:
    ranks = ranks or tiktoken_ranks()
    return b"".join(base64.b64encode(t) + b" " + str(r).encode() + b"\n"
                    for t, r in sorted(ranks.items(), key=lambda kv: kv[1]))


def tiktoken_options() -> dict:
    """Loader options that make the tiny rank file a cl100k-style tokenizer."""
    return {"pattern": CL100K_PATTERN, "special": {ENDOFTEXT: len(tiktoken_ranks())}}


def tiktoken_runtime(**kwargs):
    from core.formats.tiktoken.runtime import TiktokenRuntime

    ranks = tiktoken_ranks()
    kwargs.setdefault("pattern", CL100K_PATTERN)
    kwargs.setdefault("special", {ENDOFTEXT: len(ranks)})
    return TiktokenRuntime(ranks, **kwargs)


def write_tiktoken(folder: Path, name: str = "tokenizer.tiktoken") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(rank_file_bytes())
    return path


# --- HF tokenizers ----------------------------------------------------------------------------


@lru_cache(maxsize=None)
def _bpe_tokenizer_json() -> str:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, trainers

    tk = Tokenizer(models.BPE())
    tk.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tk.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=320, show_progress=False,
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                  special_tokens=[ENDOFTEXT])
    tk.train_from_iterator(training_lines(), trainer)
    return tk.to_str()


def bpe_tokenizer():
    from tokenizers import Tokenizer

    return Tokenizer.from_str(_bpe_tokenizer_json())


def tokenizer_json_spec() -> dict:
    return json.loads(_bpe_tokenizer_json())


def write_tokenizer_json(folder: Path, name: str = "tokenizer.json") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(_bpe_tokenizer_json(), encoding="utf-8")
    return path


def write_gpt2(folder: Path, vocab_name: str = "vocab.json",
               merges_name: str = "merges.txt") -> tuple[Path, Path]:
    """vocab.json + merges.txt exported from the tiny byte-level BPE."""
    folder.mkdir(parents=True, exist_ok=True)
    scratch = folder / ".gpt2-export"
    scratch.mkdir()
    bpe_tokenizer().model.save(str(scratch))
    vocab, merges = folder / vocab_name, folder / merges_name
    shutil.move(scratch / "vocab.json", vocab)
    shutil.move(scratch / "merges.txt", merges)
    scratch.rmdir()
    return vocab, merges


WORDPIECE_VOCAB = (["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
                   + list("abcdefghijklmnopqrstuvwxyz") + ["世", "界", ".", ","]
                   + ["the", "quick", "brown", "fox", "hello", "world", "token", "work", "bench",
                      "##s", "##ing", "##izer", "##er", "##ed", "##a", "##b", "##c", "##d", "##e",
                      "##f", "##g", "##h", "##i", "##k", "##l", "##m", "##n", "##o", "##p", "##r",
                      "##t", "##u", "##w", "##x", "##y"])


def write_vocab_txt(folder: Path, name: str = "vocab.txt", tokens=WORDPIECE_VOCAB) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text("\n".join(tokens) + "\n", encoding="utf-8")
    return path


# --- SentencePiece ----------------------------------------------------------------------------


@lru_cache(maxsize=None)
def spm_model_bytes() -> bytes:
    import sentencepiece as spm

    buffer = io.BytesIO()
    spm.SentencePieceTrainer.train(
        sentence_iterator=iter(training_lines()), model_writer=buffer, vocab_size=320,
        model_type="bpe", byte_fallback=True, character_coverage=1.0, hard_vocab_limit=False,
        minloglevel=2)
    return buffer.getvalue()


def write_spm(folder: Path, name: str = "tokenizer.model") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_bytes(spm_model_bytes())
    return path


# --- one of each ------------------------------------------------------------------------------


def write_format(kind: str, folder: Path, name: str | None = None) -> Path:
    """Write ``kind`` into ``folder``; returns the path to open (the file, or vocab.json)."""
    if kind == "tokenizer.json":
        return write_tokenizer_json(folder, name or "tokenizer.json")
    if kind == "sentencepiece":
        return write_spm(folder, name or "tokenizer.model")
    if kind == "tiktoken":
        return write_tiktoken(folder, name or "tokenizer.tiktoken")
    if kind == "wordpiece":
        return write_vocab_txt(folder, name or "vocab.txt")
    if kind == "gpt2-bpe":
        return write_gpt2(folder, name or "vocab.json")[0]
    raise ValueError(kind)


def options_for(kind: str) -> dict:
    return tiktoken_options() if kind == "tiktoken" else {}


def encode_ids(runtime, texts=SAMPLES) -> list[list[int]]:
    return [runtime.encode(t).ids.tolist() for t in texts]


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> dict[str, Path]:
    """Every format, each alone in its own folder under its canonical name (do not modify)."""
    root = tmp_path_factory.mktemp("formats")
    return {kind: write_format(kind, root / kind.replace(".", "_")) for kind in FORMAT_NAMES}


@pytest.fixture
def tiny_tiktoken():
    return tiktoken_runtime()
