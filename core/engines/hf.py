"""The ``hf`` engine: the ``tokenizers`` trainers, for speed on large corpora.

The pipeline (normalizer, pre-tokenizer, decoder) is the one the reference engine exports, so
the two engines differ only in the model training. Training runs in a child process, which is
the only way to stop a native trainer at any moment.

>>> # train_hf(TrainingConfig(engine="hf", algorithm="bytelevel_bpe"), docs, "out")
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Iterable, Optional

from ..bundle import runtime_versions, save_bundle_files
from ..errors import WorkbenchError
from ..formats import BUNDLE_FORMAT
from ..progress import CancelFn, Cancelled, Progress, ProgressFn, Throttle
from .config import TrainingConfig
from .reference import _decoder_spec, _normalizer_spec, _pre_tokenizer_spec

_CHILD = """
import json, sys
from tokenizers import Tokenizer, models, trainers
from tokenizers.pre_tokenizers import ByteLevel
job = json.loads(sys.argv[1])
algorithm, specials = job["algorithm"], job["special_tokens"]
common = dict(vocab_size=job["vocab_size"], min_frequency=job["min_frequency"],
              special_tokens=specials, show_progress=False)
if algorithm in ("bpe", "bytelevel_bpe"):
    unk = None if algorithm == "bytelevel_bpe" else next(
        (t for t in specials if "unk" in t.lower()), "<unk>")
    if unk and unk not in specials:
        common["special_tokens"] = specials + [unk]
    model = models.BPE(unk_token=unk, **({"end_of_word_suffix": job["suffix"]} if job["suffix"] else {}))
    extra = {"initial_alphabet": ByteLevel.alphabet()} if algorithm == "bytelevel_bpe" else {}
    if job["suffix"]:
        extra["end_of_word_suffix"] = job["suffix"]
    if job["limit_alphabet"]:
        extra["limit_alphabet"] = job["limit_alphabet"]
    trainer = trainers.BpeTrainer(**common, **extra)
elif algorithm == "wordpiece":
    common["special_tokens"] = specials or ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    model = models.WordPiece(unk_token="[UNK]")
    trainer = trainers.WordPieceTrainer(**common)
else:
    common.pop("min_frequency")
    common["special_tokens"] = specials or ["<unk>"]
    model = models.Unigram()
    trainer = trainers.UnigramTrainer(**common, unk_token=common["special_tokens"][0])
tokenizer = Tokenizer(model)
spec = json.loads(tokenizer.to_str())
for key in ("normalizer", "pre_tokenizer", "decoder"):
    spec[key] = job[key]
tokenizer = Tokenizer.from_str(json.dumps(spec))
def lines():
    with open(job["input"], encoding="utf-8") as handle:
        for line in handle:
            yield line.rstrip("\\n")
tokenizer.train_from_iterator(lines(), trainer=trainer)
tokenizer.save(job["output"])
"""


def train_hf(config: TrainingConfig, documents: Iterable[str], dest: str | Path, *,
             name: str = "trained", corpus_report: dict | None = None,
             progress: Optional[ProgressFn] = None, cancel: Optional[CancelFn] = None) -> Path:
    """Train with a ``tokenizers`` trainer in a child process; save a bundle at ``dest``."""
    report = Throttle(progress)
    with tempfile.TemporaryDirectory(prefix="tokbench-hf-") as scratch:
        corpus = Path(scratch) / "corpus.txt"
        count = total = 0
        with open(corpus, "w", encoding="utf-8", newline="\n") as handle:
            for document in documents:
                line = " ".join(document.splitlines())
                if line.strip():
                    handle.write(line + "\n")
                    count += 1
                    total += len(line.encode("utf-8"))
        if count == 0:
            raise WorkbenchError("the corpus has no words to train on (empty or only whitespace)")
        output = Path(scratch) / "tokenizer.json"
        job = {"algorithm": config.algorithm, "vocab_size": config.vocab_size,
               "min_frequency": config.min_frequency, "special_tokens": config.special_tokens,
               "suffix": "</w>" if config.algorithm == "bpe" and config.end_of_word == "suffix"
               else None, "limit_alphabet": config.limit_alphabet,
               "normalizer": _normalizer_spec(config), "pre_tokenizer": _pre_tokenizer_spec(config),
               "decoder": _decoder_spec(config), "input": str(corpus), "output": str(output)}
        report(Progress("training", 0, 0, f"{count:,} lines, {total:,} bytes"), force=True)
        _run(job, cancel)
        tokenizer_json = output.read_bytes()
    report(Progress("done", 1, 1), force=True)
    files = {"tokenizer.json": tokenizer_json,
             "training_config.json": (json.dumps(config.to_json(), indent=1) + "\n").encode()}
    manifest = {
        "format": BUNDLE_FORMAT, "format_version": 1, "name": name, "version": "1",
        "created": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
        "runtime_versions": runtime_versions(), "source_format": "tokenizer.json",
        "source_file": "tokenizer.json", "tokenizer": {"files": ["tokenizer.json"], "options": {}},
        "special_tokens": [], "model_binding": {"vocab_size": config.vocab_size},
        "training": {"engine": "hf", "config": config.to_json(), "corpus": corpus_report or {},
                     "sentences": count, "bytes_offered": total, "bytes_used": total},
    }
    return save_bundle_files(manifest, files, dest)


def _run(job: dict, cancel: Optional[CancelFn]) -> None:
    child = subprocess.Popen([sys.executable, "-c", _CHILD, json.dumps(job)],
                             stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                             encoding="utf-8", errors="replace")
    errors: list[str] = []
    reader = threading.Thread(target=lambda: errors.extend(child.stderr), daemon=True)
    reader.start()
    try:
        while child.poll() is None:
            if cancel is not None and cancel():
                raise Cancelled("cancelled")
            time.sleep(0.05)
    except BaseException:
        child.kill()
        child.wait()
        raise
    reader.join(1)
    if child.returncode != 0:
        tail = " ".join(line.strip() for line in errors if line.strip())[-400:]
        raise WorkbenchError(f"tokenizers training failed: {tail}")
