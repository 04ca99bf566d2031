"""Same corpus + config + seed => identical bundle files, for every engine and algorithm that
allows it; only the manifest's creation time may differ.

Each run is a fresh Python process with a different hash seed, so set iteration order, dict
order of string keys built from sets, and anything else hash-dependent would show up.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.bundles.bundle import read_bundle_files, read_manifest
from tests.conftest import DEMO

# slow: trains every engine twice, in fresh processes (make check skips it)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[3]

CASES = [
    ("reference", "bpe", 600), ("reference", "bytelevel_bpe", 600),
    ("reference", "wordpiece", 600), ("reference", "unigram", 600),
    ("sentencepiece", "bpe", 1500), ("sentencepiece", "unigram", 1500),
    ("hf", "bytelevel_bpe", 600),
]
# Not deterministic, and said so in docs/training.md: the hf engine's character-level "bpe",
# "wordpiece" and "unigram". tokenizers adds end-of-word and continuation symbols in the order
# of a Rust HashMap, whose seed is random in every process, so ids of equal-count symbols move;
# its Unigram sums floats in that order too (scores differ in the last digits, even on one
# thread).
NOT_DETERMINISTIC = [("hf", "bpe", 1500), ("hf", "wordpiece", 1500), ("hf", "unigram", 1500)]

TRAIN = """
import sys
from pathlib import Path
from core.engines.config import TrainingConfig
from core.engines.hf import train_hf
from core.engines.reference import train_reference
from core.engines.sentencepiece import train_sentencepiece
config = TrainingConfig.load(sys.argv[1])
lines = Path(sys.argv[2]).read_text(encoding="utf-8").splitlines()
engines = {"reference": train_reference, "sentencepiece": train_sentencepiece, "hf": train_hf}
engines[config.engine](config, lines, Path(sys.argv[3]), name="det")
"""


def _train(tmp_path: Path, config: dict, hash_seed: str, out: str) -> dict[str, bytes]:
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(config))
    corpus = tmp_path / "corpus.txt"
    if not corpus.exists():
        # a third of the demo corpus keeps each run to about a second
        lines = (DEMO / "corpus.txt").read_text(encoding="utf-8").splitlines()
        corpus.write_text("\n".join(lines[: len(lines) // 3]), encoding="utf-8")
    env = dict(os.environ, PYTHONHASHSEED=hash_seed)
    run = subprocess.run([sys.executable, "-c", TRAIN, str(config_path), str(corpus),
                          str(tmp_path / out)], cwd=ROOT, env=env, timeout=300,
                         capture_output=True, text=True)
    assert run.returncode == 0, run.stderr[-2000:]
    bundle = tmp_path / out
    manifest, _ = read_manifest(bundle)
    files = read_bundle_files(bundle, manifest)
    manifest.pop("created", None)
    files["manifest.json"] = json.dumps(manifest, sort_keys=True).encode()
    return files


@pytest.mark.parametrize("engine,algorithm,vocab_size", CASES,
                         ids=[f"{e}-{a}" for e, a, _ in CASES])
def test_two_runs_give_identical_bundle_files(tmp_path, engine, algorithm, vocab_size):
    config = {"engine": engine, "algorithm": algorithm, "vocab_size": vocab_size,
              "special_tokens": ["<unk>", "<s>", "</s>"], "seed": 7}
    if engine == "sentencepiece":
        config["character_coverage"] = 0.9995  # the demo corpus has ~1,000 rare characters
    if algorithm == "bpe":
        config["end_of_word"] = "suffix"  # "symbol" has no tokenizer.json form
    first = _train(tmp_path, config, "1", "a")
    second = _train(tmp_path, config, "4242", "b")
    assert sorted(first) == sorted(second)
    for name in first:
        assert first[name] == second[name], f"{name} differs between two identical runs"


@pytest.mark.parametrize("engine,algorithm,vocab_size", NOT_DETERMINISTIC,
                         ids=[f"{e}-{a}" for e, a, _ in NOT_DETERMINISTIC])
def test_the_known_exceptions_still_differ(tmp_path, engine, algorithm, vocab_size):
    """If tokenizers makes these deterministic one day, this fails: move them to CASES."""
    config = {"engine": engine, "algorithm": algorithm, "vocab_size": vocab_size,
              "special_tokens": ["<unk>", "<s>", "</s>"], "seed": 7, "end_of_word": "suffix"}
    if algorithm == "wordpiece":
        config.pop("end_of_word")
    runs = [_train(tmp_path, config, seed, f"run{seed}") for seed in ("1", "2", "3")]
    assert any(run["tokenizer.json"] != runs[0]["tokenizer.json"] for run in runs[1:])
