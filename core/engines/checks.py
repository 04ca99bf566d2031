"""What can be said about a training config before the corpus is read: whether the engine can
train it at all, which special token stands for unknown text, and what the user should know
about a model without one.

Training adds no token the user did not list. A model that cannot work without an unknown
token (WordPiece, Unigram, anything SentencePiece trains) is refused here, naming the token to
add; a BPE without one drops characters it never saw, and :func:`config_notes` says so.

>>> config_problem(TrainingConfig(algorithm="wordpiece", special_tokens=[]))
'WordPiece needs an unknown token for words it cannot split: add [UNK] to the special tokens'
>>> config_problem(TrainingConfig(algorithm="bpe", special_tokens=[])) is None
True
>>> unknown_token(["<pad>", "<unk>"])
'<unk>'

Each problem and note is a :class:`core.notes.Note` (a code and its values): ``tokbench`` says
it in English, the GUI in its own language.
"""

from __future__ import annotations

from ..errors import WorkbenchError
from ..notes import Note, english, note
from .config import TrainingConfig

SENTENCEPIECE_ALGORITHMS = ("unigram", "bpe")  # what SentencePieceTrainer's model_type can be, of ours
SENTENCEPIECE_RULES = {"NFKC": "nmt_nfkc", "none": "identity"}  # our normalizer -> its rule name
NEEDS_UNKNOWN = {"wordpiece": ("training.wordpiece_needs_unknown", "[UNK]"),
                 "unigram": ("training.unigram_needs_unknown", "<unk>")}


def unknown_token(special_tokens: list[str]) -> str | None:
    """The special token that stands for unknown text: the first whose name says "unk"."""
    return next((t for t in special_tokens if "unk" in t.lower()), None)


def unsupported_by_sentencepiece(config: TrainingConfig) -> Note | None:
    """What in ``config`` SentencePieceTrainer cannot do, or None.

    >>> english(unsupported_by_sentencepiece(TrainingConfig(engine="sentencepiece",
    ...                                                     algorithm="wordpiece")))
    "the sentencepiece engine trains unigram or bpe, not 'wordpiece'"
    """
    if config.algorithm not in SENTENCEPIECE_ALGORITHMS:
        return note("training.sentencepiece_algorithm", algorithm=config.algorithm)
    if config.normalizer not in SENTENCEPIECE_RULES:
        return note("training.sentencepiece_normalizer", normalizer=config.normalizer)
    return None


def config_problem_note(config: TrainingConfig) -> Note | None:
    """Why ``config`` cannot be trained whatever the corpus (engine and algorithm, a required
    unknown token), or None. Checked before reading a byte of the corpus.

    >>> config_problem_note(TrainingConfig(algorithm="unigram")).args
    {'token': '<unk>'}
    """
    if config.engine == "sentencepiece":
        problem = unsupported_by_sentencepiece(config)
        if problem:
            return problem
        if unknown_token(config.special_tokens) is None:
            return note("training.sentencepiece_needs_unknown")
        return None
    if config.algorithm in NEEDS_UNKNOWN and unknown_token(config.special_tokens) is None:
        code, token = NEEDS_UNKNOWN[config.algorithm]
        return note(code, token=token)
    return None


def config_problem(config: TrainingConfig) -> str | None:
    """:func:`config_problem_note` in English, or None."""
    problem = config_problem_note(config)
    return None if problem is None else english(problem)


def check_config(config: TrainingConfig) -> None:
    """Raise ``WorkbenchError`` with :func:`config_problem_note`'s reason, if there is one."""
    problem = config_problem_note(config)
    if problem:
        raise WorkbenchError.of(problem)


def config_notes(config: TrainingConfig) -> list[Note]:
    """What the user should know about the model ``config`` makes (shown in the log and kept
    in the manifest, in English), e.g. that a BPE without an unknown token drops unseen
    characters.

    >>> [n.code for n in config_notes(TrainingConfig(algorithm="bpe", special_tokens=[]))]
    ['training.no_unknown_token']
    """
    notes = []
    if config.algorithm == "bpe" and config.engine != "sentencepiece" and \
            unknown_token(config.special_tokens) is None:
        notes.append(note("training.no_unknown_token"))
    return notes
