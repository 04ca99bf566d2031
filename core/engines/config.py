"""``TrainingConfig``: everything a training run needs, as a plain dataclass with a JSON form.

Unknown keys and values of the wrong type are refused with the field named, so a typo in a
config file never trains silently with defaults.

>>> config = TrainingConfig.from_json({"algorithm": "wordpiece", "vocab_size": 8000})
>>> TrainingConfig.from_json(config.to_json()) == config
True
>>> TrainingConfig.from_json({"vocab_sise": 10})
Traceback (most recent call last):
...
core.errors.WorkbenchError: config: unknown field 'vocab_sise' (did you mean 'vocab_size'?)
"""

from __future__ import annotations

import difflib
import json
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from ..errors import WorkbenchError
from ..notes import note
from ..text.json_errors import json_problem

ENGINES = ("reference", "sentencepiece", "hf")
ALGORITHMS = ("bpe", "bytelevel_bpe", "wordpiece", "unigram")
END_OF_WORD = ("symbol", "suffix", "none")
NORMALIZERS = ("none", "NFC", "NFD", "NFKC", "NFKD")


@dataclass
class TrainingConfig:
    """A training run's settings (saved inside the bundle it makes).

    Attributes:
        normalizer: Unicode form (``none``, ``NFC``, ``NFD``, ``NFKC``, ``NFKD``).
        lowercase / strip_accents: extra normalization steps.
        pre_tokenizer: ``whitespace``, ``metaspace``, ``bytelevel``, or ``regex:<preset or pattern>``.
        end_of_word: ``symbol`` (the paper's separate ``</w>``), ``suffix`` (on the last
            character, as HF does) or ``none``.
        special_tokens: the only tokens added to what training learns, lowest IDs first, in
            this order (none is added unasked: a model that needs an unknown token says so).
        deduplicate: drop exact duplicate documents before training (they skew merge counts,
            seed 002 §10.1); off, a word written on five lines counts five times.
    """

    engine: str = "reference"
    algorithm: str = "bpe"
    vocab_size: int = 8000
    min_frequency: int = 2
    special_tokens: list[str] = field(default_factory=list)
    normalizer: str = "none"
    lowercase: bool = False
    strip_accents: bool = False
    pre_tokenizer: str = "whitespace"
    split_digits: bool = False
    end_of_word: str = "symbol"
    byte_fallback: bool = False
    character_coverage: float = 1.0
    limit_alphabet: int | None = None
    seed: int = 0
    deduplicate: bool = True

    def __post_init__(self) -> None:
        self.validate()

    def validate(self) -> None:
        choices = {"engine": ENGINES, "algorithm": ALGORITHMS, "end_of_word": END_OF_WORD,
                   "normalizer": NORMALIZERS}
        for name, allowed in choices.items():
            if getattr(self, name) not in allowed:
                raise WorkbenchError.of(note("training.config_choice", name=name,
                                             allowed=list(allowed),
                                             value=repr(getattr(self, name))))
        if self.vocab_size < 1:
            raise WorkbenchError.of(note("training.config_vocab_size"))
        if self.min_frequency < 1:
            raise WorkbenchError.of(note("training.config_min_frequency"))
        if not 0 < self.character_coverage <= 1:
            raise WorkbenchError.of(note("training.config_coverage"))
        if any(not t for t in self.special_tokens):
            raise WorkbenchError.of(note("training.config_empty_special"))
        duplicates = {t for t in self.special_tokens if self.special_tokens.count(t) > 1}
        if duplicates:
            # a note: the Train pane's form says it in the GUI's language as the user types
            raise WorkbenchError.of(note("training.special_tokens_repeated",
                                         tokens=str(sorted(duplicates))))

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "TrainingConfig":
        if not isinstance(data, dict):
            raise WorkbenchError.of(note("training.config_not_object"))
        known = {f.name: f for f in fields(cls)}
        for key in data:
            if key not in known:
                close = difflib.get_close_matches(key, known, n=1)
                raise WorkbenchError.of(
                    note("training.config_unknown_field_close", key=key, close=close[0]) if close
                    else note("training.config_unknown_field", key=key))
        defaults = cls.__new__(cls)
        for name, spec in known.items():
            value = data.get(name, getattr(cls(), name))
            _check_type(name, value, spec.type)
            setattr(defaults, name, value)
        defaults.validate()
        return defaults

    @classmethod
    def load(cls, path: str | Path) -> "TrainingConfig":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise WorkbenchError.of(note("json.invalid", problem=json_problem(err)), path=path,
                                    line=err.lineno, column=err.colno) from None
        try:
            return cls.from_json(data)
        except WorkbenchError as err:
            raise WorkbenchError(err.message, path=path, note=err.note) from None


def _check_type(name: str, value: Any, annotation: str) -> None:
    expected = {"str": str, "int": int, "bool": bool, "float": (int, float),
                "list[str]": list, "int | None": (int, type(None))}.get(str(annotation))
    if expected is None:
        return
    bad = not isinstance(value, expected) or (isinstance(value, bool) and annotation in
                                              ("int", "float", "int | None"))
    if annotation == "list[str]" and not bad:
        bad = not all(isinstance(v, str) for v in value)
    if bad:
        raise WorkbenchError.of(note("training.config_type", name=name, expected=str(annotation),
                                     found=type(value).__name__, value=repr(value)))
