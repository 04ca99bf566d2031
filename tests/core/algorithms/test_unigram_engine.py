"""The reference engine's Unigram bundle with byte fallback and character coverage, on
``tokenizers``: rare characters become their UTF-8 byte pieces, as in SentencePiece."""

import json
import math

from core.algorithms.unigram import Lattice
from core.bundles.bundle import load_bundle, read_bundle_files
from core.engines.config import TrainingConfig
from core.engines.reference import train_reference
from tests.conftest import DEMO

ENGLISH = [ln for ln in (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
           if ln.isascii()][:80]


def test_byte_fallback_bundle(tmp_path):
    config = TrainingConfig(algorithm="unigram", vocab_size=400, byte_fallback=True,
                            character_coverage=0.999, special_tokens=["<unk>"])
    bundle = load_bundle(train_reference(config, ENGLISH + ["snow ☃"], tmp_path / "b"))
    spec = json.loads(read_bundle_files(bundle.path, bundle.manifest)["tokenizer.json"])
    model = spec["model"]
    assert model["byte_fallback"] is True and len(model["vocab"]) <= 400
    names = [p for p, _ in model["vocab"]]
    assert names[1:257] == [f"<0x{b:02X}>" for b in range(256)]  # after <unk>, as SentencePiece
    assert "☃" not in names  # seen once: outside the 99.9% coverage
    encoding = bundle.runtime.tk.encode("tokens ☃")
    assert encoding.tokens[-3:] == ["<0xE2>", "<0x98>", "<0x83>"]
    # ordinary text: the same ids as our own Viterbi
    probs = {p: math.exp(s) for p, s in model["vocab"][257:]}
    index = {p: i for i, p in enumerate(names)}
    words = ["▁tokens", "▁and", "▁pieces"]
    ours = [index[p] for w in words for p in Lattice(w, probs).viterbi()[0]]
    assert bundle.runtime.tk.encode("tokens and pieces").ids == ours
