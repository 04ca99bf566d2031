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
"""

from __future__ import annotations

from ..errors import WorkbenchError
from .config import TrainingConfig

NEEDS_UNKNOWN = {"wordpiece": ("WordPiece", "words it cannot split", "[UNK]"),
                 "unigram": ("Unigram", "characters outside its vocabulary", "<unk>")}


def unknown_token(special_tokens: list[str]) -> str | None:
    """The special token that stands for unknown text: the first whose name says "unk"."""
    return next((t for t in special_tokens if "unk" in t.lower()), None)


def config_problem(config: TrainingConfig) -> str | None:
    """Why ``config`` cannot be trained whatever the corpus (engine and algorithm, a required
    unknown token), or None. Checked before reading a byte of the corpus."""
    if config.engine == "sentencepiece":
        from .sentencepiece import unsupported_by_sentencepiece

        problem = unsupported_by_sentencepiece(config)
        if problem:
            return problem
        if unknown_token(config.special_tokens) is None:
            return ("SentencePiece always keeps an unknown piece: add <unk> to the special "
                    "tokens (first, for ID 0 as SentencePiece's own default)")
        return None
    if config.algorithm in NEEDS_UNKNOWN and unknown_token(config.special_tokens) is None:
        model, what, token = NEEDS_UNKNOWN[config.algorithm]
        return f"{model} needs an unknown token for {what}: add {token} to the special tokens"
    return None


def check_config(config: TrainingConfig) -> None:
    """Raise ``WorkbenchError`` with :func:`config_problem`'s reason, if there is one."""
    problem = config_problem(config)
    if problem:
        raise WorkbenchError(problem)


def config_notes(config: TrainingConfig) -> list[str]:
    """What the user should know about the model ``config`` makes (shown in the log and kept
    in the manifest), e.g. that a BPE without an unknown token drops unseen characters."""
    notes = []
    if config.algorithm == "bpe" and config.engine != "sentencepiece" and \
            unknown_token(config.special_tokens) is None:
        notes.append("no unknown token: characters not seen in training are dropped when "
                     "encoding; add <unk> to the special tokens to keep a token for them")
    return notes
