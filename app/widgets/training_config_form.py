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

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDoubleSpinBox, QFormLayout, QLabel,
                               QLineEdit, QSpinBox, QWidget)

from app.messages import error_text
from core.engines.config import ALGORITHMS, END_OF_WORD, ENGINES, NORMALIZERS, TrainingConfig
from core.engines.checks import SENTENCEPIECE_ALGORITHMS
from core.errors import WorkbenchError

# Shown texts are English marked in the "TrainingConfigForm" context (lupdate needs the context
# written out in each mark) and translated where shown (:func:`shown_name`).
C = "TrainingConfigForm"
LABELS = {  # field -> its label
    "engine": QT_TRANSLATE_NOOP("TrainingConfigForm", "Engine"),
    "algorithm": QT_TRANSLATE_NOOP("TrainingConfigForm", "Algorithm"),
    "vocab_size": QT_TRANSLATE_NOOP("TrainingConfigForm", "Vocabulary size"),
    "min_frequency": QT_TRANSLATE_NOOP("TrainingConfigForm", "Min frequency"),
    "special_tokens": QT_TRANSLATE_NOOP("TrainingConfigForm", "Special tokens"),
    "normalizer": QT_TRANSLATE_NOOP("TrainingConfigForm", "Unicode normalizer"),
    "lowercase": QT_TRANSLATE_NOOP("TrainingConfigForm", "Lowercase"),
    "strip_accents": QT_TRANSLATE_NOOP("TrainingConfigForm", "Strip accents"),
    "pre_tokenizer": QT_TRANSLATE_NOOP("TrainingConfigForm", "Pre-tokenizer"),
    "split_digits": QT_TRANSLATE_NOOP("TrainingConfigForm", "Split digits"),
    "end_of_word": QT_TRANSLATE_NOOP("TrainingConfigForm", "End of word"),
    "byte_fallback": QT_TRANSLATE_NOOP("TrainingConfigForm", "Byte fallback"),
    "character_coverage": QT_TRANSLATE_NOOP("TrainingConfigForm", "Character coverage"),
    "limit_alphabet": QT_TRANSLATE_NOOP("TrainingConfigForm", "Limit alphabet"),
    "seed": QT_TRANSLATE_NOOP("TrainingConfigForm", "Seed"),
}
TIPS = {  # field -> its tooltip
    "engine": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "reference: the workbench's own readable algorithms · sentencepiece: SentencePieceTrainer "
        "· hf: the tokenizers trainers (fast)"),
    "special_tokens": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "Separated by spaces; they get the lowest IDs, in this order"),
    "pre_tokenizer": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "whitespace, metaspace (▁ prefix), bytelevel, or regex:<preset or pattern>"),
    "end_of_word": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "symbol: the paper's separate </w> (runs on the workbench's own encoder; no "
        "tokenizer.json) · suffix: on the last character (as HF) · none"),
    "character_coverage": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "Share of characters kept; rarer ones go to byte fallback or <unk>"),
    "limit_alphabet": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "Keep only this many most frequent characters (0 = no limit)"),
    "min_frequency": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "A merge needs a pair seen at least this often"),
}
# what a choice shows; the identifier (``bytelevel_bpe``) stays the item's data
CHOICE_NAMES = {
    "engine": {
        "reference": QT_TRANSLATE_NOOP("TrainingConfigForm", "reference (the workbench's own)"),
        "sentencepiece": QT_TRANSLATE_NOOP("TrainingConfigForm", "SentencePiece"),
        "hf": QT_TRANSLATE_NOOP("TrainingConfigForm", "Hugging Face tokenizers"),
    },
    "algorithm": {
        "bpe": QT_TRANSLATE_NOOP("TrainingConfigForm", "BPE"),
        "bytelevel_bpe": QT_TRANSLATE_NOOP("TrainingConfigForm", "byte-level BPE"),
        "wordpiece": QT_TRANSLATE_NOOP("TrainingConfigForm", "WordPiece"),
        "unigram": QT_TRANSLATE_NOOP("TrainingConfigForm", "Unigram"),
    },
    "normalizer": {
        "none": QT_TRANSLATE_NOOP("TrainingConfigForm", "none"),
    },
    "end_of_word": {
        "symbol": QT_TRANSLATE_NOOP("TrainingConfigForm", "separate </w> symbol"),
        "suffix": QT_TRANSLATE_NOOP("TrainingConfigForm", "suffix on the last character"),
        "none": QT_TRANSLATE_NOOP("TrainingConfigForm", "none"),
    },
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

# preset identifier -> its fields; identifiers are data (saved, looked up), names are shown
PRESET_NAMES = {
    "GPT-2-like byte-level BPE": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "GPT-2-like byte-level BPE"),
    "BERT-like WordPiece": QT_TRANSLATE_NOOP("TrainingConfigForm", "BERT-like WordPiece"),
    "SentencePiece-like Unigram": QT_TRANSLATE_NOOP("TrainingConfigForm",
        "SentencePiece-like Unigram"),
}
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


def shown_name(table: dict[str, str], key: str) -> str:
    """``table[key]`` translated in this module's context; an unknown key as it is.

    >>> shown_name(PRESET_NAMES, "BERT-like WordPiece")  # English when no translator is installed
    'BERT-like WordPiece'
    """
    return QCoreApplication.translate(C, table[key]) if key in table else key


def preflight(config: TrainingConfig) -> str | None:
    """Why the chosen engine would refuse ``config`` whatever the corpus (checked before
    starting: engine and algorithm, a required unknown token), in the GUI's language, or None."""
    from app.messages import render
    from core.engines.checks import config_problem_note

    problem = config_problem_note(config)
    return None if problem is None else render(problem)


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
            editor.setToolTip(shown_name(TIPS, spec.name) if spec.name in TIPS else "")
            self.editors[spec.name] = editor
            # a field added to TrainingConfig and not labelled here shows its own name
            label = (shown_name(LABELS, spec.name) if spec.name in LABELS
                     else spec.name.replace("_", " ").capitalize())
            self.form.addRow(label, editor)
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.form.addRow(self.note)
        self.set_config(defaults)

    # -- building ------------------------------------------------------------------------
    def _editor_for(self, name: str, annotation: str, default) -> QWidget:
        if name in CHOICES:
            editor = QComboBox()
            for choice in CHOICES[name]:
                editor.addItem(shown_name(CHOICE_NAMES.get(name, {}), choice), choice)
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
                editor.setSpecialValueText(self.tr("no limit"))
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
                label.setToolTip(self.tr("not used by the {engine} engine for this algorithm")
                                 .format(engine=shown_name(CHOICE_NAMES["engine"], engine))
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
            problem = error_text(err)
        if problem:
            self._set_note(self.tr("⚠ {problem}").format(problem=problem), warning=True)
        elif engine == "sentencepiece":
            self._set_note(self.tr("SentencePiece splits words itself: a space becomes ▁ "
                                   "(U+2581), the start of the next piece."))
        else:
            self._set_note(self.tr("Words are split with {pre_tokenizer}.").format(
                pre_tokenizer=effective_pre_tokenizer(config)))

    def _set_note(self, text: str, *, warning: bool = False) -> None:
        self.note.setText(text)
        self.note.setStyleSheet("color:#b3261e" if warning else "color:#6b6b6b")

    @property
    def problem(self) -> str | None:
        """Why the form's config cannot be trained now, or None."""
        try:
            return preflight(self.config())
        except WorkbenchError as err:
            return error_text(err)
