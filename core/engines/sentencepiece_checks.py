"""SentencePieceTrainer's refusals, said in plain words, and the one that can be seen coming.

The trainer stops with a C++ assertion (``INTERNAL: src/trainer_interface.cc(638) [...]
Vocabulary size is smaller than required_chars. 400 vs 2900. ...``). :func:`plain_error` turns
each known one into what is wrong and what to do, the trainer's text kept as details.
:func:`check_vocabulary` makes the trainer's first check itself, on the corpus just written
and before the trainer starts: its count of the characters that character coverage keeps
(normalized as the trainer normalizes them) is the trainer's own.

>>> print(plain_error("INTERNAL: src/trainer_interface.cc(744) [...] Vocabulary size too high "
...                   "(500). Please set it to a value <= 87.", {"vocab_size": 500}).message)
vocabulary 500 is more than this corpus can fill (SentencePiece found 87 pieces): lower the vocabulary to 87 or less, or add text
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

from ..notes import Note, note
from .common import TrainingError

BYTE_PIECES = 256
_DEFAULT_IDS = {"unk": 0, "bos": 1, "eos": 2, "pad": -1}  # SentencePieceTrainer's, -1 = none
QUICK_MARGIN = 64  # characters normalization might add (NFKC: ½ -> 1⁄2): below, no need to count


def meta_pieces(options: dict) -> int:
    """Pieces the trainer reserves before any character: the special pieces that have an id,
    user-defined symbols and, with byte fallback, the 256 byte pieces.

    >>> meta_pieces({"unk_id": 0, "bos_id": -1, "eos_id": 1, "pad_id": -1,
    ...              "user_defined_symbols": ["<sep>"], "byte_fallback": True})
    259
    """
    reserved = sum(1 for role, default in _DEFAULT_IDS.items()
                   if options.get(f"{role}_id", default) >= 0)
    return reserved + len(options.get("user_defined_symbols") or []) + \
        (BYTE_PIECES if options.get("byte_fallback") else 0)


def _too_small(vocab: int, needed: int, options: dict) -> Note:
    meta = meta_pieces(options)
    code = ("sentencepiece.vocab_below_characters_bytes" if options.get("byte_fallback") else
            "sentencepiece.vocab_below_characters_unk" if meta == 1 else
            "sentencepiece.vocab_below_characters")
    return note(code, vocab=vocab, characters=needed - meta, reserved=meta, needed=needed,
                coverage=options.get("character_coverage", 1.0))


_KNOWN = [  # (the trainer's words, what they mean given the options)
    (re.compile(r"Vocabulary size is smaller than required_chars\. (\d+) vs (\d+)"),
     lambda m, o: _too_small(int(m.group(1)), int(m.group(2)), o)),
    (re.compile(r"Vocabulary size too high \((\d+)\)\. Please set it to a value <= (\d+)"),
     lambda m, o: note("sentencepiece.vocab_too_high", vocab=int(m.group(1)),
                       found=int(m.group(2)))),
    (re.compile(r"(\S+) must not be defined with --control_symbols and --user_defined_symbols"),
     lambda m, o: note("sentencepiece.reserved_as_user_symbol", piece=m.group(1))),
    (re.compile(r"<unk> must be defined"),
     lambda m, o: note("sentencepiece.needs_unknown")),
    (re.compile(r"insert_id\(trainer_spec_\.(\w+)_id\(\)"),
     lambda m, o: note("sentencepiece.same_id", role=m.group(1))),
]


def plain_error(raw: str, options: dict) -> TrainingError:
    """The trainer's failure ``raw`` as what is wrong and what to do (``raw`` as details),
    a note that each front end words; an unknown one keeps the trainer's own words."""
    for pattern, explain in _KNOWN:
        match = pattern.search(raw)
        if match:
            return TrainingError.of(explain(match, options), details=raw)
    return TrainingError.of(note("sentencepiece.failed"), details=raw)


def required_characters(corpus: Path, options: dict) -> int:
    """How many characters the trainer keeps for ``character_coverage``: the most frequent
    characters of the normalized corpus until they cover that share (the trainer's own rule;
    whitespace is its ▁ and counts)."""
    import sentencepiece as spm

    normalizer = spm.SentencePieceNormalizer(
        rule_name=options["normalization_rule_name"], add_dummy_prefix=True,
        escape_whitespaces=True, remove_extra_whitespaces=True)
    counts: Counter = Counter()
    with open(corpus, encoding="utf-8") as handle:
        for line in handle:
            counts.update(normalizer.normalize(line.rstrip("\n")))
    counts.pop(" ", None)
    total = sum(counts.values())
    kept = covered = 0
    for count in sorted(counts.values(), reverse=True):
        if total and covered / total >= options.get("character_coverage", 1.0):
            break
        covered += count
        kept += 1
    return kept


def check_vocabulary(corpus: Path, options: dict) -> None:
    """Refuse, before the trainer starts, a vocabulary smaller than the characters coverage
    keeps plus the reserved pieces (the trainer would refuse it after reading the corpus
    again). Counting is skipped when the corpus has clearly too few distinct characters."""
    import sentencepiece as spm

    if not hasattr(spm, "SentencePieceNormalizer"):  # before 0.2: the trainer's refusal, translated
        return
    vocab = options["vocab_size"]
    meta = meta_pieces(options)
    distinct: set[str] = set()
    with open(corpus, encoding="utf-8") as handle:
        while chunk := handle.read(1 << 22):
            distinct.update(chunk)
    if len(distinct) + meta + QUICK_MARGIN <= vocab:
        return
    needed = required_characters(corpus, options) + meta
    if needed > vocab:
        # no details: the trainer never ran, so there is nothing of its own to show
        raise TrainingError.of(_too_small(vocab, needed, options))
