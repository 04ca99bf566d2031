"""``TrainingConfigForm``: a form bound to :class:`core.engines.config.TrainingConfig`, with
presets and a check of what the chosen engine can do.

The form is built from the dataclass fields, so a field added to ``TrainingConfig`` appears here
(with a generic editor) without changing this module. Fields the chosen engine ignores are
disabled, with a tooltip that says so; their values are kept in the config. Corpus options
(``deduplicate``) are edited in the Corpus pane, not here: the form carries their value
(:meth:`TrainingConfigForm.set_corpus_option`) so that one box decides.
"""

from __future__ import annotations

from dataclasses import fields

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel,
                               QLineEdit, QSpinBox, QWidget)

from core.engines.config import ALGORITHMS, END_OF_WORD, ENGINES, NORMALIZERS, TrainingConfig
from core.engines.sentencepiece import ALGORITHMS as SENTENCEPIECE_ALGORITHMS
from core.errors import WorkbenchError

LABELS = {
    "engine": "Engine", "algorithm": "Algorithm", "vocab_size": "Vocabulary size",
    "min_frequency": "Min frequency", "special_tokens": "Special tokens",
    "normalizer": "Unicode normalizer", "lowercase": "Lowercase", "strip_accents": "Strip accents",
    "pre_tokenizer": "Pre-tokenizer", "split_digits": "Split digits",
    "end_of_word": "End of word", "byte_fallback": "Byte fallback",
    "character_coverage": "Character coverage", "limit_alphabet": "Limit alphabet",
    "seed": "Seed",
}
TIPS = {
    "engine": "reference: the workbench's own readable algorithms · sentencepiece: "
              "SentencePieceTrainer · hf: the tokenizers trainers (fast)",
    "special_tokens": "Separated by spaces; they get the lowest IDs, in this order",
    "pre_tokenizer": "whitespace, metaspace (▁ prefix), bytelevel, or regex:<preset or pattern>",
    "end_of_word": "symbol: the paper's separate </w> (runs on the workbench's own encoder; no "
                   "tokenizer.json) · suffix: on the last character (as HF) · "
                   "none",
    "character_coverage": "Share of characters kept; rarer ones go to byte fallback or <unk>",
    "limit_alphabet": "Keep only this many most frequent characters (0 = no limit)",
    "min_frequency": "A merge needs a pair seen at least this often",
}
CHOICES = {"engine": ENGINES, "algorithm": ALGORITHMS, "normalizer": NORMALIZERS,
           "end_of_word": END_OF_WORD}
PRE_TOKENIZERS = ("whitespace", "metaspace", "bytelevel", "regex:gpt2", "regex:cl100k",
                  "regex:o200k")
ENGINE_IGNORES = {  # fields an engine never reads
    "reference": {"seed"},
    "sentencepiece": {"min_frequency", "pre_tokenizer", "end_of_word", "limit_alphabet",
                      "strip_accents"},
    "hf": {"byte_fallback", "character_coverage", "seed"},
}


def ignored_fields(engine: str, algorithm: str) -> set[str]:
    """Fields that have no effect for this engine and algorithm (disabled in the form).

    >>> sorted(ignored_fields("reference", "wordpiece"))
    ['byte_fallback', 'character_coverage', 'end_of_word', 'limit_alphabet', 'seed']
    """
    ignored = set(ENGINE_IGNORES.get(engine, ()))
    if engine != "sentencepiece":
        if algorithm != "bpe":
            ignored.add("end_of_word")
        if algorithm not in ("bpe", "bytelevel_bpe"):
            ignored.add("limit_alphabet")
        if algorithm == "unigram":
            ignored.add("min_frequency")
        else:
            ignored |= {"byte_fallback", "character_coverage"}
    return ignored


ENGINE_ALGORITHMS = {"sentencepiece": SENTENCEPIECE_ALGORITHMS}

PRESETS: dict[str, dict] = {
    "GPT-2-like byte-level BPE": dict(
        engine="reference", algorithm="bytelevel_bpe", vocab_size=8000, min_frequency=2,
        special_tokens=["<|endoftext|>"], normalizer="none", lowercase=False,
        strip_accents=False, pre_tokenizer="bytelevel", split_digits=False, end_of_word="none",
        byte_fallback=False, character_coverage=1.0, limit_alphabet=None),
    "BERT-like WordPiece": dict(
        engine="reference", algorithm="wordpiece", vocab_size=8000, min_frequency=2,
        special_tokens=["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"], normalizer="NFD",
        lowercase=True, strip_accents=True, pre_tokenizer="whitespace", split_digits=False,
        end_of_word="none", byte_fallback=False, character_coverage=1.0, limit_alphabet=None),
    "SentencePiece-like Unigram": dict(
        engine="sentencepiece", algorithm="unigram", vocab_size=8000, min_frequency=1,
        special_tokens=["<unk>", "<s>", "</s>"], normalizer="NFKC", lowercase=False, strip_accents=False,
        pre_tokenizer="metaspace", split_digits=True, end_of_word="none", byte_fallback=True,
        character_coverage=0.9995, limit_alphabet=None),
}


CORPUS_FIELDS = ("deduplicate",)  # set in the Corpus pane


def preflight(config: TrainingConfig) -> str | None:
    """Why the chosen engine would refuse ``config`` whatever the corpus (checked before
    starting: engine and algorithm, a required unknown token), or None."""
    from core.engines.checks import config_problem

    return config_problem(config)


def effective_pre_tokenizer(config: TrainingConfig) -> str:
    """What the reference and hf engines really split words with, for this algorithm."""
    from core.engines.reference import _pre_tokenizer_spec

    spec = _pre_tokenizer_spec(config)
    names = [p["type"] for p in spec.get("pretokenizers", [])] or [spec["type"]]
    return " + ".join(names)


class TrainingConfigForm(QWidget):
    """Edits a :class:`TrainingConfig`.

    Signals:
        config_changed(): any field changed (read :meth:`config` for the new value).
    """

    config_changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.editors: dict[str, QWidget] = {}
        defaults = TrainingConfig()
        self.corpus_options = {name: getattr(defaults, name) for name in CORPUS_FIELDS}
        self.form = QFormLayout(self)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        for spec in fields(TrainingConfig):
            if spec.name in CORPUS_FIELDS:
                continue
            editor = self._editor_for(spec.name, str(spec.type), getattr(defaults, spec.name))
            editor.setToolTip(TIPS.get(spec.name, ""))
            self.editors[spec.name] = editor
            self.form.addRow(LABELS.get(spec.name, spec.name.replace("_", " ").capitalize()),
                             editor)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.form.addRow(self.note)
        self.set_config(defaults)

    # -- building ------------------------------------------------------------------------
    def _editor_for(self, name: str, annotation: str, default) -> QWidget:
        if name in CHOICES:
            editor = QComboBox()
            for choice in CHOICES[name]:
                editor.addItem(choice, choice)
            editor.currentIndexChanged.connect(self._on_field_changed)
        elif name == "pre_tokenizer":
            editor = QComboBox()
            editor.setEditable(True)
            editor.addItems(PRE_TOKENIZERS)
            editor.currentTextChanged.connect(self._on_field_changed)
        elif annotation == "bool":
            editor = QCheckBox()
            editor.toggled.connect(self._on_field_changed)
        elif annotation in ("int", "int | None"):
            editor = QSpinBox()
            editor.setRange(0 if annotation != "int" or name == "seed" else 1, 2_000_000_000)
            editor.setGroupSeparatorShown(True)
            if annotation == "int | None":
                editor.setSpecialValueText("no limit")
            editor.valueChanged.connect(self._on_field_changed)
        elif annotation == "float":
            editor = QDoubleSpinBox()
            editor.setDecimals(4)
            editor.setRange(0.0001, 1.0)
            editor.setSingleStep(0.0005)
            editor.valueChanged.connect(self._on_field_changed)
        else:  # str, list[str] and anything new: as text
            editor = QLineEdit()
            editor.textChanged.connect(self._on_field_changed)
        return editor

    # -- value ---------------------------------------------------------------------------
    def set_config(self, config: TrainingConfig) -> None:
        for name in CORPUS_FIELDS:
            self.corpus_options[name] = getattr(config, name)
        for name, editor in self.editors.items():
            editor.blockSignals(True)
            self._set_value(editor, getattr(config, name))
            editor.blockSignals(False)
        self._update_enabled()
        self.config_changed.emit()

    def apply_preset(self, name: str) -> None:
        """Set the preset's fields; the seed stays (vocab size too, if the user changed it)."""
        values = dict(PRESETS[name])
        current = self.editors["vocab_size"].value()
        if current != TrainingConfig().vocab_size:
            values["vocab_size"] = current
        config = TrainingConfig.from_json({**self.raw_values(), **values})
        self.set_config(config)

    def set_corpus_option(self, name: str, value) -> None:
        """A corpus option's value, as the Corpus pane sets it (no editor here)."""
        self.corpus_options[name] = value

    def raw_values(self) -> dict:
        values = dict(self.corpus_options)
        for spec in fields(TrainingConfig):
            if spec.name in CORPUS_FIELDS:
                continue
            values[spec.name] = self._value(spec.name, str(spec.type), self.editors[spec.name])
        return values

    def config(self) -> TrainingConfig:
        """The config in the form; raises ``WorkbenchError`` naming a bad field."""
        return TrainingConfig.from_json(self.raw_values())

    @staticmethod
    def _set_value(editor: QWidget, value) -> None:
        if isinstance(editor, QComboBox):
            index = editor.findData(value) if editor.findData(value) >= 0 else \
                editor.findText(str(value))
            if index >= 0:
                editor.setCurrentIndex(index)
            elif editor.isEditable():
                editor.setEditText(str(value))
        elif isinstance(editor, QCheckBox):
            editor.setChecked(bool(value))
        elif isinstance(editor, (QSpinBox, QDoubleSpinBox)):
            editor.setValue(0 if value is None else value)
        else:
            editor.setText(" ".join(value) if isinstance(value, list) else str(value))

    @staticmethod
    def _value(name: str, annotation: str, editor: QWidget):
        if isinstance(editor, QComboBox):
            return editor.currentText() if editor.isEditable() else editor.currentData()
        if isinstance(editor, QCheckBox):
            return editor.isChecked()
        if isinstance(editor, QSpinBox):
            value = editor.value()
            return None if annotation == "int | None" and value == 0 else value
        if isinstance(editor, QDoubleSpinBox):
            return float(editor.value())
        text = editor.text().strip()
        return text.split() if annotation == "list[str]" else text

    # -- engine-dependent state ----------------------------------------------------------
    def _on_field_changed(self, *_args) -> None:
        self._update_enabled()
        self.config_changed.emit()

    def _update_enabled(self) -> None:
        engine = self.editors["engine"].currentData()
        ignored = ignored_fields(engine, self.editors["algorithm"].currentData())
        for name, editor in self.editors.items():
            off = name in ignored
            editor.setEnabled(not off)
            label = self.form.labelForField(editor)
            if label is not None:
                label.setEnabled(not off)
                label.setToolTip(f"not used by the {engine} engine for this algorithm"
                                 if off else "")
        allowed = ENGINE_ALGORITHMS.get(engine, ALGORITHMS)
        algorithms = self.editors["algorithm"]
        for index in range(algorithms.count()):
            item = algorithms.model().item(index)
            item.setEnabled(algorithms.itemData(index) in allowed)
        try:
            config = self.config()
            problem = preflight(config)
        except WorkbenchError as err:
            problem = str(err)
        if problem:
            self._set_note(f"⚠ {problem}", warning=True)
        elif engine == "sentencepiece":
            self._set_note("SentencePiece splits words itself: a space becomes ▁ (U+2581), "
                           "the start of the next piece.")
        else:
            self._set_note(f"Words are split with {effective_pre_tokenizer(config)}.")

    def _set_note(self, text: str, *, warning: bool = False) -> None:
        self.note.setText(text)
        self.note.setStyleSheet("color:#b3261e" if warning else "color:#6b6b6b")

    @property
    def problem(self) -> str | None:
        """Why the form's config cannot be trained now, or None."""
        try:
            return preflight(self.config())
        except WorkbenchError as err:
            return str(err)
