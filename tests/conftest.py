"""Shared fixtures: where the real data lives, and the project's own demo tokenizers."""

from __future__ import annotations

from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT.parent / "shared" / "data"
TOKENIZERS = DATA / "tokenizers"
FLORES = DATA / "corpora" / "flores200-dev"
DEMO = ROOT / "resources" / "demo"

# (name, path relative to TOKENIZERS) of every real tokenizer we are given
REAL_TOKENIZERS = [
    ("gpt2", "gpt2.tiktoken"),
    ("bert-json", "bert-minilm/tokenizer.json"),
    ("bert-vocab", "bert-minilm/vocab.txt"),
    ("spm-en", "sentencepiece/test_model.model"),
    ("spm-ja", "sentencepiece/test_ja_model.model"),
    ("mistral", "mistral-v3/tokenizer.model"),
    ("claude-legacy", "claude-legacy/tokenizer.json"),
]


def require_data(path: Path) -> Path:
    """Skip (with the reason) when the shared real data is not on this machine."""
    if not path.exists():
        pytest.skip(f"real data not present: {path} (../shared/data is absent)")
    return path


@pytest.fixture
def real_tokenizer_path(request) -> Path:
    return require_data(TOKENIZERS / request.param)


def flores_lines(limit: int | None = None) -> dict[str, list[str]]:
    require_data(FLORES)
    out = {}
    for path in sorted(FLORES.glob("*.dev")):
        lines = path.read_text(encoding="utf-8").splitlines()
        out[path.stem] = lines[:limit] if limit else lines
    return out
