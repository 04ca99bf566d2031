"""A small byte-level BPE ``tokenizer.json`` trained by ``tokenizers`` (no shared data), with a
post-processor that adds ``<s>``, and helpers to open variants of it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from core.loading import open_tokenizer
from tests.core.builders import training_lines
from tests.core.diff.variants import write


@pytest.fixture(scope="session")
def small_bpe_spec() -> dict:
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers, processors, trainers

    tok = Tokenizer(models.BPE())
    tok.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
    tok.decoder = decoders.ByteLevel()
    trainer = trainers.BpeTrainer(vocab_size=400, special_tokens=["<s>", "</s>", "<pad>"],
                                  initial_alphabet=pre_tokenizers.ByteLevel.alphabet(),
                                  show_progress=False)
    tok.train_from_iterator(training_lines(300), trainer)
    tok.post_processor = processors.TemplateProcessing(
        single="<s> $A", pair="<s> $A $B", special_tokens=[("<s>", tok.token_to_id("<s>"))])
    return json.loads(tok.to_str())


@pytest.fixture
def open_spec(tmp_path):
    """Write a spec into its own folder and open it."""
    count = [0]

    def opener(spec: dict, name: str | None = None):
        count[0] += 1
        return open_tokenizer(write(spec, tmp_path / (name or f"t{count[0]}")))
    return opener
