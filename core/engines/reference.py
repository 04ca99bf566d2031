"""The ``reference`` engine: the workbench's own algorithms, trained on a corpus, frozen as a
bundle whose ``tokenizer.json`` runs on ``tokenizers`` with the same IDs.

Pre-tokenization uses the very pre-tokenizer objects the exported ``tokenizer.json`` declares,
so training sees exactly the words the runtime will see.

>>> # bundle_path = train_reference(config, corpus, "out/bundle")
"""

from __future__ import annotations

import json
import math
from collections import Counter
from pathlib import Path
from typing import Iterable, Optional

from tokenizers import normalizers, pre_tokenizers

from ..algorithms.bpe import END_OF_WORD, train_bpe
from ..algorithms.char_split import ProbedSplitter
from ..algorithms.unigram import train_unigram
from ..algorithms.wordpiece import train_wordpiece
from ..bundles.bundle import save_bundle_files
from ..errors import WorkbenchError
from ..notes import note
from ..progress import CancelFn, Progress, ProgressFn, check_cancel
from ..formats.hf.runtime import byte_level_decoder
from ..formats.reference.runtime import MODEL_FILE, MODEL_FORMAT, bpe_model_spec
from .checks import check_config, unknown_token
from .common import dump_json, engine_manifest
from .config import TrainingConfig

GPT2_BYTES = {b: ch for ch, b in byte_level_decoder().items()}


def _normalizer_spec(config: TrainingConfig) -> dict | None:
    steps = []
    if config.normalizer != "none":
        steps.append({"type": config.normalizer})
    if config.strip_accents:
        steps += [{"type": "NFD"}, {"type": "StripAccents"}]
    if config.lowercase:
        steps.append({"type": "Lowercase"})
    if not steps:
        return None
    return steps[0] if len(steps) == 1 else {"type": "Sequence", "normalizers": steps}


def _pre_tokenizer_spec(config: TrainingConfig) -> dict:
    algorithm = config.algorithm
    if algorithm == "bytelevel_bpe":
        spec = {"type": "ByteLevel", "add_prefix_space": False, "trim_offsets": True,
                "use_regex": True}
    elif algorithm == "unigram" or config.pre_tokenizer == "metaspace":
        spec = {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always",
                "split": True}
    elif algorithm == "wordpiece":
        spec = {"type": "BertPreTokenizer"}
    else:
        spec = {"type": "WhitespaceSplit"}
    if config.split_digits:
        spec = {"type": "Sequence", "pretokenizers": [
            {"type": "Digits", "individual_digits": True}, spec]}
    return spec


def count_words(config: TrainingConfig, documents: Iterable[str],
                cancel: Optional[CancelFn] = None) -> Counter:
    """Pre-token counts, through the same normalizer and pre-tokenizer as the exported file.

    Whitespace and BERT pre-tokenizers split character by character: for them a splitter that
    learned each character's role from the pre-tokenizer itself does the work, 3-5x faster.
    """
    norm_spec = _normalizer_spec(config)
    normalize = (lambda text: text) if norm_spec is None else \
        _build(normalizers, norm_spec).normalize_str
    pre_spec = _pre_tokenizer_spec(config)
    pre = _build(pre_tokenizers, pre_spec)
    split = ProbedSplitter.for_spec(pre_spec, pre.pre_tokenize_str) or \
        (lambda text: [word for word, _ in pre.pre_tokenize_str(text)])
    counts: Counter = Counter()
    for number, document in enumerate(documents):
        if number % 256 == 0:
            check_cancel(cancel)
        counts.update(split(normalize(document)))
    return counts


def _build(module, spec: dict):
    """A tokenizers component from its JSON form (the same JSON the export writes)."""
    from tokenizers import Tokenizer

    key = "normalizer" if module is normalizers else "pre_tokenizer"
    holder = {"version": "1.0", "model": {"type": "WordLevel", "vocab": {"x": 0},
                                           "unk_token": "x"}, key: spec}
    return getattr(Tokenizer.from_str(json.dumps(holder)), key)


def train_reference(config: TrainingConfig, documents: Iterable[str], dest: str | Path, *,
                    name: str = "trained", corpus_report: dict | None = None,
                    progress: Optional[ProgressFn] = None,
                    cancel: Optional[CancelFn] = None) -> Path:
    """Train ``config.algorithm`` on ``documents`` and save a bundle at ``dest``."""
    check_config(config)
    if progress:
        progress(Progress("counting words", 0))
    seen = {"text": 0}

    def counted(docs):
        for doc in docs:
            if not doc.isspace() and doc:
                seen["text"] += 1
            yield doc

    counts = count_words(config, counted(documents), cancel)
    if not counts or not seen["text"]:
        raise WorkbenchError.of(note("training.no_words"))
    if config.algorithm == "bpe" and config.end_of_word == "symbol":
        return _save_symbol_bpe(config, counts, dest, name, corpus_report, progress, cancel)
    model, trace = _train_model(config, counts, progress, cancel)
    spec = {
        "version": "1.0",
        "truncation": None, "padding": None,
        "added_tokens": [{"id": i, "content": t, "single_word": False, "lstrip": False,
                          "rstrip": False, "normalized": False, "special": True}
                         for i, t in enumerate(config.special_tokens)],
        "normalizer": _normalizer_spec(config),
        "pre_tokenizer": _pre_tokenizer_spec(config),
        "post_processor": None,
        "decoder": _decoder_spec(config),
        "model": model,
    }
    files = {"tokenizer.json": dump_json(spec), "trace.json": dump_json(trace),
             "training_config.json": dump_json(config.to_json())}
    manifest = engine_manifest(
        config, name=name, source_format="tokenizer.json", native_file="tokenizer.json",
        vocab_size=len(model["vocab"]),
        special_tokens=[{"content": t, "id": i, "kind": "special", "role": "", "parsable": True}
                        for i, t in enumerate(config.special_tokens)],
        training={"corpus": corpus_report or {}, "words": len(counts),
                  "word_tokens": sum(counts.values())})
    return save_bundle_files(manifest, files, dest)


def _save_symbol_bpe(config: TrainingConfig, counts: Counter, dest, name: str,
                     corpus_report: dict | None, progress, cancel) -> Path:
    """The paper's separate ``</w>`` symbol has no tokenizer.json form: the bundle holds the
    workbench's own model file, run by :class:`core.formats.reference.runtime.ReferenceBPERuntime`."""
    specials = list(config.special_tokens)
    unk = unknown_token(specials)  # none listed: unseen characters are dropped (config_notes)
    model = train_bpe(counts, vocab_size=max(1, config.vocab_size - len(specials)),
                      min_frequency=config.min_frequency, end_of_word="symbol",
                      limit_alphabet=config.limit_alphabet, progress=progress, cancel=cancel)
    merges = [(m.left, m.right, m.count) for m in model.merges]
    spec = bpe_model_spec(merges, model.alphabet, specials, unk, _normalizer_spec(config),
                          _pre_tokenizer_spec(config))
    files = {MODEL_FILE: dump_json(spec),
             "trace.json": dump_json({"merges": [list(m) for m in merges]}),
             "training_config.json": dump_json(config.to_json())}
    manifest = engine_manifest(
        config, name=name, source_format=MODEL_FORMAT, native_file=MODEL_FILE,
        vocab_size=len(spec["vocab"]),
        special_tokens=[{"content": t, "id": spec["vocab"][t], "kind": "special", "role": "",
                         "parsable": True} for t in specials],
        training={"corpus": corpus_report or {}, "words": len(counts),
                  "word_tokens": sum(counts.values()),
                  "runtime": "the workbench's reference BPE encoder (no tokenizer.json form)"})
    return save_bundle_files(manifest, files, dest)


def _train_model(config: TrainingConfig, counts: Counter, progress, cancel):
    specials = list(config.special_tokens)
    base = len(specials)
    if config.algorithm in ("bpe", "bytelevel_bpe"):
        byte_level = config.algorithm == "bytelevel_bpe"
        alphabet_extra = sorted(GPT2_BYTES.values()) if byte_level else []
        suffix = config.end_of_word == "suffix" and not byte_level
        size = {"num_merges": max(0, config.vocab_size - base - 256)} if byte_level else \
            {"vocab_size": max(1, config.vocab_size - base)}
        model = train_bpe(counts, **size, min_frequency=config.min_frequency,
                          end_of_word="suffix" if suffix else "none",
                          limit_alphabet=config.limit_alphabet, progress=progress, cancel=cancel)
        # characters never seen in training become the unknown token, if the user listed one
        # (without one, tokenizers drops them: config_notes says so)
        unk = None if byte_level else unknown_token(specials)
        symbols = list(dict.fromkeys(specials + alphabet_extra + model.vocabulary()))
        vocab = {s: i for i, s in enumerate(symbols)}
        return ({"type": "BPE", "dropout": None, "unk_token": unk,
                 "continuing_subword_prefix": None,
                 "end_of_word_suffix": END_OF_WORD if suffix else None, "fuse_unk": False,
                 "byte_fallback": False, "ignore_merges": False, "vocab": vocab,
                 "merges": [[m.left, m.right] for m in model.merges]},
                {"merges": [[m.left, m.right, m.count] for m in model.merges]})
    if config.algorithm == "wordpiece":
        unk = unknown_token(specials)  # check_config made sure there is one
        vocab, merges = train_wordpiece(counts, vocab_size=config.vocab_size,
                                        min_frequency=config.min_frequency,
                                        special_tokens=tuple(specials), progress=progress,
                                        cancel=cancel)
        return ({"type": "WordPiece", "unk_token": unk, "continuing_subword_prefix": "##",
                 "max_input_chars_per_word": 100, "vocab": {p: i for i, p in enumerate(vocab)}},
                {"merges": [[m.left, m.right, m.count] for m in merges]})
    return _unigram_model(config, counts, specials, progress, cancel)


def _unigram_model(config: TrainingConfig, counts: Counter, specials: list[str], progress,
                   cancel) -> tuple[dict, dict]:
    """HF Unigram model: specials, then (with byte fallback) ``<0x00>``..``<0xFF>`` as
    SentencePiece places them, then the pieces, most probable first. Characters outside
    ``character_coverage`` have no piece: ``tokenizers`` emits their UTF-8 bytes with byte
    fallback, ``unk`` without."""
    unk = unknown_token(specials)  # check_config made sure there is one
    byte_pieces = [f"<0x{b:02X}>" for b in range(256)] if config.byte_fallback else []
    room = config.vocab_size - len(specials) - len(byte_pieces)
    # the Counter itself: training only reads it (a dict copy would live as long as training)
    probs, rounds = train_unigram(counts, vocab_size=max(1, room),
                                  character_coverage=config.character_coverage,
                                  progress=progress, cancel=cancel)
    taken = set(specials) | set(byte_pieces)
    pieces = sorted((p for p in probs if p not in taken), key=lambda p: (-probs[p], p))
    scores = [math.log(probs[p]) for p in pieces]
    # a byte piece is only reached by fallback; scored below every piece, it never wins a
    # segmentation of text that happens to read "<0x41>"
    byte_score = min(scores, default=0.0) - 10.0
    vocab = [[t, 0.0] for t in specials] + [[b, byte_score] for b in byte_pieces] + \
        [[p, s] for p, s in zip(pieces, scores)]
    return ({"type": "Unigram", "unk_id": specials.index(unk), "vocab": vocab,
             "byte_fallback": config.byte_fallback},
            {"rounds": [{"size": r.size, "log_likelihood": r.log_likelihood} for r in rounds]})


def _decoder_spec(config: TrainingConfig) -> dict | None:
    if config.algorithm == "bytelevel_bpe":
        return {"type": "ByteLevel", "add_prefix_space": True, "trim_offsets": True,
                "use_regex": True}
    if config.algorithm == "wordpiece":
        return {"type": "WordPiece", "prefix": "##", "cleanup": True}
    if config.algorithm == "unigram" or config.pre_tokenizer == "metaspace":
        return {"type": "Metaspace", "replacement": "▁", "prepend_scheme": "always",
                "split": True}
    if config.end_of_word == "suffix":
        return {"type": "BPEDecoder", "suffix": END_OF_WORD}
    return None
