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
import subprocess
import sys
import tempfile
import threading
import time
from queue import Empty, Queue
from pathlib import Path
from typing import Iterable, Optional

from ..bundle import runtime_versions, save_bundle_files
from ..errors import WorkbenchError
from ..formats import BUNDLE_FORMAT
from ..progress import CancelFn, Cancelled, Progress, ProgressFn, Throttle
from .config import TrainingConfig

_LOG_PHASES = [  # (log pattern, phase name)
    (re.compile(r"Loaded all (\d+) sentences"), "loading"),
    (re.compile(r"Making suffix array"), "seeding"),
    (re.compile(r"EM sub_iter=(\d+) size=(\d+)"), "EM"),
    (re.compile(r"Added: freq=\d+ size=(\d+)"), "merging"),
    (re.compile(r"Saving model"), "saving"),
]
_SKIPPED = re.compile(r"(?:Too long|skipped)\D*(\d+)", re.IGNORECASE)


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
        corpus = Path(scratch) / "corpus.txt"
        lines = total_bytes = longest = 0
        with open(corpus, "w", encoding="utf-8", newline="\n") as handle:
            for document in documents:
                line = " ".join(document.splitlines())  # SentencePiece reads one sentence a line
                if not line.strip():
                    continue
                size = len(line.encode("utf-8"))
                handle.write(line + "\n")
                lines += 1
                total_bytes += size
                longest = max(longest, size)
        if lines == 0:
            raise WorkbenchError("the corpus has no words to train on (empty or only whitespace)")
        options = trainer_options(config, longest)
        model_path = Path(scratch) / "model"
        # relative names: the model records them, and a temp folder's name would make two
        # identical runs differ
        args = {"input": corpus.name, "model_prefix": model_path.name, "seed": config.seed,
                **options}
        log = _run_child(args, report, cancel, cwd=scratch)
        model = Path(str(model_path) + ".model").read_bytes()
    skipped = sum(int(m.group(1)) for m in _SKIPPED.finditer(log) if "too long" in m.group(0).lower())
    files = {"tokenizer.model": model, "training_config.json": _dump(config.to_json()),
             "training_log.txt": log.encode("utf-8")}
    manifest = {
        "format": BUNDLE_FORMAT, "format_version": 1, "name": name, "version": "1",
        "created": time.strftime("%Y-%m-%dT%H:%M:%S+00:00", time.gmtime()),
        "runtime_versions": runtime_versions(), "source_format": "sentencepiece",
        "source_file": "tokenizer.model",
        "tokenizer": {"files": ["tokenizer.model"], "options": {}},
        "special_tokens": [], "model_binding": {"vocab_size": config.vocab_size},
        "training": {"engine": "sentencepiece", "config": config.to_json(),
                     "trainer_options": options, "corpus": corpus_report or {},
                     "sentences": lines, "bytes_offered": total_bytes,
                     "sentences_skipped_too_long": skipped,
                     "bytes_used": total_bytes if skipped == 0 else None},
    }
    return save_bundle_files(manifest, files, dest)


def _run_child(args: dict, report: Throttle, cancel: Optional[CancelFn], cwd: str) -> str:
    command = [sys.executable, "-c", _CHILD, json.dumps(args)]
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                             text=True, encoding="utf-8", errors="replace", cwd=cwd)
    lines: list[str] = []
    queue: Queue = Queue()
    reader = threading.Thread(target=lambda: [queue.put(ln) for ln in child.stderr] + [queue.put(None)],
                              daemon=True)
    reader.start()
    try:
        while True:
            if cancel is not None and cancel():  # checked every 0.1 s, log or not
                raise Cancelled("cancelled")
            try:
                line = queue.get(timeout=0.1)
            except Empty:
                continue
            if line is None:
                break
            lines.append(line)
            for pattern, phase in _LOG_PHASES:
                match = pattern.search(line)
                if match:
                    report(Progress(phase, float(match.group(1)) if match.groups() else 0, 0,
                                    line.strip()[-80:]))
        child.wait()
    except BaseException:
        child.kill()
        child.wait()
        raise
    log = "".join(lines)
    if child.returncode != 0:
        last = [ln for ln in lines if ln.strip()][-3:]
        raise WorkbenchError("SentencePiece training failed: " + " ".join(s.strip() for s in last))
    report(Progress("done", 1, 1), force=True)
    return log


_CHILD = """
import json, sys
import sentencepiece as spm
args = json.loads(sys.argv[1])
seed = args.pop("seed", 0)
if hasattr(spm, "set_random_generator_seed"):
    spm.set_random_generator_seed(int(seed) or 1)
spm.SentencePieceTrainer.train(**args)
"""


def _dump(data) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode()
