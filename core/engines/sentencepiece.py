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
import tempfile
from pathlib import Path
from typing import Iterable, Optional

from ..bundles.bundle import save_bundle_files
from ..errors import WorkbenchError
from ..lifeline import child_command
from ..notes import note
from ..progress import CancelFn, Progress, ProgressFn, Throttle
from ..pipeline.special import guess_role
from .checks import SENTENCEPIECE_RULES, check_config, unsupported_by_sentencepiece
from .common import ChildFailed, dump_json, engine_manifest, run_child, write_corpus
from .config import TrainingConfig
from .sentencepiece_checks import check_vocabulary, plain_error

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
    problem = unsupported_by_sentencepiece(config)
    if problem:
        raise WorkbenchError.of(problem)
    rule = SENTENCEPIECE_RULES[config.normalizer]
    return {
        "model_type": config.algorithm, "vocab_size": config.vocab_size,
        "character_coverage": config.character_coverage, "byte_fallback": config.byte_fallback,
        "split_digits": config.split_digits,
        "normalization_rule_name": rule + ("_cf" if config.lowercase and rule == "nmt_nfkc" else ""),
        **special_token_options(config.special_tokens),
        "max_sentence_length": max(4192, max_line_bytes + 1),
        "input_sentence_size": 0, "shuffle_input_sentence": False,
        "num_threads": 1,  # the result depends on the thread count: one is reproducible anywhere
        "minloglevel": 0,
    }


_RESERVED = ("unk", "bos", "eos", "pad")  # SentencePiece's own pieces, each with an id option


def special_token_options(special_tokens: list[str]) -> dict:
    """SentencePiece options that give the special tokens ids in the order listed.

    SentencePiece refuses ``<unk>`` (and the other pieces it reserves) as a user-defined symbol:
    the first token in the list for each reserved role becomes that piece, with its id; the rest
    are user-defined symbols, which follow. Reserved roles not listed are switched off, except
    the unknown piece, which SentencePiece always needs.

    >>> special_token_options(["<unk>", "<s>", "</s>", "<sep>"])["user_defined_symbols"]
    ['<sep>']
    >>> opts = special_token_options(["<s>", "</s>"])
    >>> opts["bos_id"], opts["eos_id"], opts["unk_id"], opts["pad_id"]
    (0, 1, 2, -1)
    """
    if not special_tokens:
        return {"user_defined_symbols": []}
    reserved: dict[str, str] = {}
    others = []
    for token in special_tokens:
        role = guess_role(token)
        if role in _RESERVED and role not in reserved:
            reserved[role] = token
        else:
            others.append(token)
    if "unk" not in reserved:
        reserved["unk"] = "<unk>"  # a listed "<unk>" would have taken the role already
    options: dict = {"user_defined_symbols": others}
    for role in _RESERVED:
        options[f"{role}_id"] = list(reserved).index(role) if role in reserved else -1
        if role in reserved:
            options[f"{role}_piece"] = reserved[role]
    return options


def train_sentencepiece(config: TrainingConfig, documents: Iterable[str], dest: str | Path, *,
                        name: str = "trained", corpus_report: dict | None = None,
                        progress: Optional[ProgressFn] = None,
                        cancel: Optional[CancelFn] = None) -> Path:
    """Train in a child process and save a bundle at ``dest``."""
    check_config(config)
    report = Throttle(progress)
    with tempfile.TemporaryDirectory(prefix="tokbench-spm-") as scratch:
        corpus = write_corpus(documents, Path(scratch) / "corpus.txt")
        options = trainer_options(config, corpus.longest)
        report(Progress("checking", 0, 0, note("progress.characters_to_keep")), force=True)
        check_vocabulary(corpus.path, options)  # now, not after the trainer reads it again
        # relative names: the model records them, and a temp folder's name would make two
        # identical runs differ
        args = {"input": corpus.path.name, "model_prefix": "model", "seed": config.seed, **options}
        try:
            log = run_child(child_command(_CHILD, json.dumps(args)), cancel=cancel,
                            on_line=lambda line: _report_log_line(line, report), cwd=scratch,
                            engine="SentencePiece")
        except ChildFailed as err:
            raise plain_error(err.raw, options) from None
        model = (Path(scratch) / "model.model").read_bytes()
    report(Progress("done", 1, 1), force=True)
    skipped = sum(int(m.group(1)) for m in _SKIPPED.finditer(log))
    files = {"tokenizer.model": model, "training_config.json": dump_json(config.to_json()),
             "training_log.txt": _without_stamps(log).encode("utf-8")}
    manifest = engine_manifest(config, name=name, source_format="sentencepiece",
                               native_file="tokenizer.model", vocab_size=config.vocab_size,
                               training={"trainer_options": options, "corpus": corpus_report or {},
                                         "sentences": corpus.sentences,
                                         "bytes_offered": corpus.bytes,
                                         "sentences_skipped_too_long": skipped,
                                         "bytes_used": corpus.bytes if skipped == 0 else None})
    return save_bundle_files(manifest, files, dest)


_STAMP = re.compile(r"^([IWEF])\d{4} [\d:.]+\s+\d+ ", re.MULTILINE)


def _without_stamps(log: str) -> str:
    """The log without each line's time and thread id, so that two identical runs give
    identical bundles.

    >>> _without_stamps("I0000 00:00:1795975903.558995    7868 trainer.cc:149] Starts")
    'I trainer.cc:149] Starts'
    """
    return _STAMP.sub(r"\1 ", log)


def _report_log_line(line: str, report: Throttle) -> None:
    for pattern, phase in _LOG_PHASES:
        match = pattern.search(line)
        if match:
            report(Progress(phase, float(match.group(1)) if match.groups() else 0, 0,
                            detail=line.strip()[-80:]))  # the trainer's own words


_CHILD = """
import json, sys
import sentencepiece as spm
args = json.loads(sys.argv[1])
seed = args.pop("seed", 0)
if hasattr(spm, "set_random_generator_seed"):
    spm.set_random_generator_seed(int(seed) or 1)
spm.SentencePieceTrainer.train(**args)
"""
