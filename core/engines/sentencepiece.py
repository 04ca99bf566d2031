"""The ``sentencepiece`` engine: ``SentencePieceTrainer`` in a child process that can be stopped.

SentencePiece's defaults silently drop sentences over 4,192 bytes (``max_sentence_length``) and
sample ``input_sentence_size`` sentences; here both are sized to the corpus, and the bundle says
how many bytes the trainer actually used. Its log (stderr) becomes progress; cancelling
terminates the child, so nothing half-written remains.

>>> # train_sentencepiece(TrainingConfig(engine="sentencepiece", algorithm="unigram"), docs, "out")
"""

from __future__ import annotations

import json
import re
import sys
import tempfile
from pathlib import Path
from typing import Iterable, Optional

from ..bundle import save_bundle_files
from ..errors import WorkbenchError
from ..progress import CancelFn, Progress, ProgressFn, Throttle
from .common import dump_json, engine_manifest, run_child, write_corpus
from .config import TrainingConfig

_LOG_PHASES = [  # (log pattern, phase name)
    (re.compile(r"Loaded all (\d+) sentences"), "loading"),
    (re.compile(r"Making suffix array"), "seeding"),
    (re.compile(r"EM sub_iter=(\d+) size=(\d+)"), "EM"),
    (re.compile(r"Added: freq=\d+ size=(\d+)"), "merging"),
    (re.compile(r"Saving model"), "saving"),
]
_SKIPPED = re.compile(r"too long\D*(\d+)", re.IGNORECASE)


def trainer_options(config: TrainingConfig, max_line_bytes: int) -> dict:
    """SentencePieceTrainer options for ``config``, sized to a corpus whose longest line has
    ``max_line_bytes`` bytes (so no sentence is dropped and none is sampled away)."""
    if config.algorithm not in ("unigram", "bpe"):
        raise WorkbenchError(f"the sentencepiece engine trains unigram or bpe, not "
                             f"{config.algorithm!r}")
    rule = {"NFKC": "nmt_nfkc", "none": "identity"}.get(config.normalizer)
    if rule is None:
        raise WorkbenchError(f"the sentencepiece engine normalizes with NFKC or not at all, "
                             f"not {config.normalizer!r}")
    return {
        "model_type": config.algorithm, "vocab_size": config.vocab_size,
        "character_coverage": config.character_coverage, "byte_fallback": config.byte_fallback,
        "split_digits": config.split_digits,
        "normalization_rule_name": rule + ("_cf" if config.lowercase and rule == "nmt_nfkc" else ""),
        "user_defined_symbols": list(config.special_tokens),
        "max_sentence_length": max(4192, max_line_bytes + 1),
        "input_sentence_size": 0, "shuffle_input_sentence": False,
        "num_threads": 1,  # the result depends on the thread count: one is reproducible anywhere
        "minloglevel": 0,
    }


def train_sentencepiece(config: TrainingConfig, documents: Iterable[str], dest: str | Path, *,
                        name: str = "trained", corpus_report: dict | None = None,
                        progress: Optional[ProgressFn] = None,
                        cancel: Optional[CancelFn] = None) -> Path:
    """Train in a child process and save a bundle at ``dest``."""
    report = Throttle(progress)
    with tempfile.TemporaryDirectory(prefix="tokbench-spm-") as scratch:
        corpus = write_corpus(documents, Path(scratch) / "corpus.txt")
        options = trainer_options(config, corpus.longest)
        # relative names: the model records them, and a temp folder's name would make two
        # identical runs differ
        args = {"input": corpus.path.name, "model_prefix": "model", "seed": config.seed, **options}
        log = run_child([sys.executable, "-c", _CHILD, json.dumps(args)], cancel=cancel,
                        on_line=lambda line: _report_log_line(line, report), cwd=scratch,
                        what="SentencePiece training")
        model = (Path(scratch) / "model.model").read_bytes()
    report(Progress("done", 1, 1), force=True)
    skipped = sum(int(m.group(1)) for m in _SKIPPED.finditer(log))
    files = {"tokenizer.model": model, "training_config.json": dump_json(config.to_json()),
             "training_log.txt": log.encode("utf-8")}
    manifest = engine_manifest(config, name=name, source_format="sentencepiece",
                               native_file="tokenizer.model", vocab_size=config.vocab_size,
                               training={"trainer_options": options, "corpus": corpus_report or {},
                                         "sentences": corpus.sentences,
                                         "bytes_offered": corpus.bytes,
                                         "sentences_skipped_too_long": skipped,
                                         "bytes_used": corpus.bytes if skipped == 0 else None})
    return save_bundle_files(manifest, files, dest)


def _report_log_line(line: str, report: Throttle) -> None:
    for pattern, phase in _LOG_PHASES:
        match = pattern.search(line)
        if match:
            report(Progress(phase, float(match.group(1)) if match.groups() else 0, 0,
                            line.strip()[-80:]))


_CHILD = """
import json, sys
import sentencepiece as spm
args = json.loads(sys.argv[1])
seed = args.pop("seed", 0)
if hasattr(spm, "set_random_generator_seed"):
    spm.set_random_generator_seed(int(seed) or 1)
spm.SentencePieceTrainer.train(**args)
"""
