"""The ``hf`` engine: the ``tokenizers`` trainers, for speed on large corpora.

The pipeline (normalizer, pre-tokenizer, decoder) is the one the reference engine exports, so
the two engines differ only in the model training. Training runs in a child process, which is
the only way to stop a native trainer at any moment; the child reads the corpus through a pipe
(``train_from_iterator``), so no copy of it is written to disk.

>>> # train_hf(TrainingConfig(engine="hf", algorithm="bytelevel_bpe"), docs, "out")
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path
from typing import Iterable, Iterator, Optional

from ..bundles.bundle import save_bundle_files
from ..lifeline import child_command
from ..notes import note
from ..progress import CancelFn, Progress, ProgressFn, Throttle
from .checks import check_config, unknown_token
from .common import dump_json, engine_manifest, fed_corpus, run_child
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
unk = job["unk"]
if algorithm in ("bpe", "bytelevel_bpe"):
    model = models.BPE(unk_token=unk, **({"end_of_word_suffix": job["suffix"]} if job["suffix"] else {}))
    extra = {"initial_alphabet": ByteLevel.alphabet()} if algorithm == "bytelevel_bpe" else {}
    if job["suffix"]:
        extra["end_of_word_suffix"] = job["suffix"]
    if job["limit_alphabet"]:
        extra["limit_alphabet"] = job["limit_alphabet"]
    trainer = trainers.BpeTrainer(**common, **extra)
elif algorithm == "wordpiece":
    model = models.WordPiece(unk_token=unk)
    trainer = trainers.WordPieceTrainer(**common)
else:
    common.pop("min_frequency")
    model = models.Unigram()
    trainer = trainers.UnigramTrainer(**common, unk_token=unk)
tokenizer = Tokenizer(model)
spec = json.loads(tokenizer.to_str())
for key in ("normalizer", "pre_tokenizer", "decoder"):
    spec[key] = job[key]
tokenizer = Tokenizer.from_str(json.dumps(spec))
tokenizer.train_from_iterator(input_lines(), trainer=trainer)  # the corpus, through the pipe
tokenizer.save(job["output"])
"""


def train_hf(config: TrainingConfig, documents: Iterable[str], dest: str | Path, *,
             name: str = "trained", corpus_report: dict | None = None,
             progress: Optional[ProgressFn] = None, cancel: Optional[CancelFn] = None) -> Path:
    """Train with a ``tokenizers`` trainer in a child process; save a bundle at ``dest``."""
    check_config(config)
    report = Throttle(progress)
    corpus, lines = fed_corpus(documents)  # no copy on disk: the child reads a pipe
    with tempfile.TemporaryDirectory(prefix="tokbench-hf-") as scratch:  # for its output
        output = Path(scratch) / "tokenizer.json"
        job = {"algorithm": config.algorithm, "vocab_size": config.vocab_size,
               "min_frequency": config.min_frequency, "special_tokens": config.special_tokens,
               # only a listed token (check_config refuses WordPiece and Unigram without one)
               "unk": None if config.algorithm == "bytelevel_bpe"
               else unknown_token(config.special_tokens),
               "suffix": "</w>" if config.algorithm == "bpe" and config.end_of_word == "suffix"
               else None, "limit_alphabet": config.limit_alphabet,
               "normalizer": _normalizer_spec(config), "pre_tokenizer": _pre_tokenizer_spec(config),
               "decoder": _decoder_spec(config), "output": str(output)}

        def fed_then_reported() -> Iterator[str]:
            yield from lines  # the corpus is read (its own progress) while it is fed
            report(Progress("training", 0, 0, note("progress.corpus_fed",
                                                   lines=corpus.sentences, bytes=corpus.bytes)),
                   force=True)

        run_child(child_command(_CHILD, json.dumps(job), reads_input=True),
                  feed=fed_then_reported(), cancel=cancel, engine="tokenizers")
        tokenizer_json = output.read_bytes()
    report(Progress("done", 1, 1), force=True)
    files = {"tokenizer.json": tokenizer_json, "training_config.json": dump_json(config.to_json())}
    manifest = engine_manifest(config, name=name, source_format="tokenizer.json",
                               native_file="tokenizer.json", vocab_size=config.vocab_size,
                               training={"corpus": corpus_report or {},
                                         "sentences": corpus.sentences,
                                         "bytes_offered": corpus.bytes, "bytes_used": corpus.bytes})
    return save_bundle_files(manifest, files, dest)
