"""The Inspect pane's post-processing group: what the tokenizer adds, in words, and the controls
for a pair, a template of one's own, truncation and padding (:mod:`core.pipeline.postprocess`).

Collapsed, it is one line: what is added and where that came from, and what the settings cut.
Expanded, three compact rows of controls. The pane runs the encoding (in its worker) with
:meth:`PostprocessPanel.settings` and hands the result back to :meth:`set_result`.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import (QCheckBox, QComboBox, QHBoxLayout, QLabel, QLineEdit,
                               QPushButton, QSpinBox, QToolButton, QVBoxLayout, QWidget)

from app.messages import render
from core.pipeline.postprocess import STRATEGIES, PostSettings, Template
from core.text.offsets import visible_text

LIMIT = 1_000_000  # largest length a spin box takes
CUT_SHOWN = 60     # characters of the truncated text shown


class PostprocessPanel(QWidget):
    """Signals:
        changed(): a setting changed (the pane encodes again, debounced).
    """

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self._file_settings: PostSettings | None = None
        self._build()
        self._connect()
        self._update_enabled()

    # -- layout --------------------------------------------------------------------------------
    def _build(self) -> None:
        self.toggle = QToolButton()
        self.toggle.setText(self.tr("Post-processing"))
        self.toggle.setCheckable(True)
        self.toggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.toggle.setArrowType(Qt.ArrowType.RightArrow)
        self.toggle.setAutoRaise(True)
        self.toggle.setToolTip(self.tr("A second text, a template of your own, truncation and "
                                       "padding, computed as the tokenizers library does"))
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        head = QHBoxLayout()
        head.setContentsMargins(0, 0, 0, 0)
        head.addWidget(self.toggle)
        head.addWidget(self.summary, 1)
        self.body = QWidget()
        self.body.setVisible(False)
        rows = QVBoxLayout(self.body)
        rows.setContentsMargins(18, 0, 0, 0)
        rows.setSpacing(3)
        rows.addLayout(self._build_text_row())
        rows.addLayout(self._build_truncation_row())
        rows.addLayout(self._build_padding_row())
        self.result_line = QLabel()
        self.result_line.setTextFormat(Qt.TextFormat.RichText)
        self.result_line.setWordWrap(True)
        self.result_line.setVisible(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(2)
        layout.addLayout(head)
        layout.addWidget(self.body)
        layout.addWidget(self.result_line)

    def _build_text_row(self) -> QHBoxLayout:
        self.pair = QLineEdit()
        self.pair.setPlaceholderText(self.tr("optional second text ($B)"))
        self.template = QLineEdit()
        self.template.setToolTip(self.tr("Your own template in the tokenizers syntax: $A the "
                                         "text, special tokens by name, :1 a type ID"))
        self.pair_template = QLineEdit()
        self.pair_template.setPlaceholderText("[CLS] $A [SEP] $B:1 [SEP]:1")  # i18n: data
        self.pair_template.setToolTip(self.tr("The template for a pair: $A and $B"))
        row = QHBoxLayout()
        row.addWidget(QLabel(self.tr("Pair text")))
        row.addWidget(self.pair, 3)
        row.addSpacing(12)
        row.addWidget(QLabel(self.tr("Template")))
        row.addWidget(self.template, 2)
        row.addWidget(QLabel(self.tr("Pair")))
        row.addWidget(self.pair_template, 3)
        return row

    def _build_truncation_row(self) -> QHBoxLayout:
        self.truncate = QCheckBox(self.tr("Truncate to"))
        self.max_length = _spin(0, LIMIT, 16)
        self.max_length.setAccessibleName(self.tr("Truncate to this many tokens"))
        self.max_length.setSuffix(self.tr(" tokens"))
        self.truncation_side = self._side_box()
        self.strategy = QComboBox()
        for name in STRATEGIES:
            self.strategy.addItem(name, name)  # tokenizers' own names, as users search them
        self.strategy.setToolTip(self.tr("longest_first: cut the longer text first; only_first "
                                         "/ only_second: cut only that text"))
        self.stride = _spin(0, LIMIT, 0)
        self.stride.setToolTip(self.tr("Each overflow window repeats this many tokens of the "
                                       "one before"))
        row = QHBoxLayout()
        for widget in (self.truncate, self.max_length, QLabel(self.tr("side")),
                       self.truncation_side, self.strategy, QLabel(self.tr("Stride")),
                       self.stride):
            row.addWidget(widget)
        row.addStretch(1)
        return row

    def _build_padding_row(self) -> QHBoxLayout:
        self.pad = QCheckBox(self.tr("Pad to"))
        self.pad_to = _spin(0, LIMIT, 0)
        self.pad_to.setAccessibleName(self.tr("Pad to this many tokens"))
        self.pad_to.setSpecialValueText(self.tr("its length"))
        self.pad_multiple = _spin(0, LIMIT, 0)
        self.pad_multiple.setSpecialValueText("—")  # i18n: data
        self.pad_side = self._side_box()
        self.pad_id = _spin(-1, LIMIT, -1)
        self.pad_id.setSpecialValueText(self.tr("default"))
        self.pad_id.setToolTip(self.tr("The pad token's ID; default: the tokenizer's pad token, "
                                       "else its end-of-sequence token, else 0"))
        self.use_file = QPushButton(self.tr("Use the file's settings"))
        self.use_file.setToolTip(self.tr("The truncation and padding tokenizer.json sets itself "
                                         "(the workbench turns them off to show the text's own "
                                         "tokens)"))
        self.use_file.setVisible(False)
        row = QHBoxLayout()
        for widget in (self.pad, self.pad_to, QLabel(self.tr("multiple of")), self.pad_multiple,
                       QLabel(self.tr("side")), self.pad_side, QLabel(self.tr("Pad ID")),
                       self.pad_id):
            row.addWidget(widget)
        row.addStretch(1)
        row.addWidget(self.use_file)
        return row

    def _side_box(self) -> QComboBox:
        box = QComboBox()
        box.addItem(self.tr("right"), "right")
        box.addItem(self.tr("left"), "left")
        box.setToolTip(self.tr("The side tokens are cut from or padded on"))
        return box

    def _connect(self) -> None:
        self.toggle.toggled.connect(self._on_toggle_toggled)
        self.use_file.clicked.connect(lambda: self.apply_settings(self._file_settings))
        for edit in (self.pair, self.template, self.pair_template):
            edit.textChanged.connect(self.changed)
        for box in (self.truncate, self.pad):
            box.toggled.connect(self._update_enabled)
            box.toggled.connect(self.changed)
        for spin in (self.max_length, self.stride, self.pad_to, self.pad_multiple, self.pad_id):
            spin.valueChanged.connect(self.changed)
        for combo in (self.truncation_side, self.strategy, self.pad_side):
            combo.currentIndexChanged.connect(self.changed)

    def _on_toggle_toggled(self, on: bool) -> None:
        self.toggle.setArrowType(Qt.ArrowType.DownArrow if on else Qt.ArrowType.RightArrow)
        self.body.setVisible(on)

    def _update_enabled(self) -> None:
        for widget in (self.max_length, self.truncation_side, self.strategy, self.stride):
            widget.setEnabled(self.truncate.isChecked())
        for widget in (self.pad_to, self.pad_multiple, self.pad_side, self.pad_id):
            widget.setEnabled(self.pad.isChecked())

    # -- settings --------------------------------------------------------------------------------
    def settings(self) -> PostSettings:
        """What the controls ask for (inactive when nothing is set)."""
        truncate, pad = self.truncate.isChecked(), self.pad.isChecked()
        pad_to = self.pad_to.value() or None
        multiple = self.pad_multiple.value() or None
        return PostSettings(
            pair=self.pair.text() or None, template=self.template.text().strip() or None,
            pair_template=self.pair_template.text().strip() or None,
            max_length=self.max_length.value() if truncate else None,
            truncation_side=self.truncation_side.currentData(),
            truncation_strategy=self.strategy.currentData(),
            stride=self.stride.value() if truncate else 0,
            pad_to=pad_to if pad else None,
            # "pad to its length" with no multiple still pads: the window is its own length
            pad_multiple=(multiple or (1 if pad_to is None else None)) if pad else None,
            pad_side=self.pad_side.currentData(),
            pad_id=self.pad_id.value() if self.pad_id.value() >= 0 else None)

    def set_file_settings(self, settings: PostSettings | None) -> None:
        """The tokenizer file's own truncation and padding (a button applies them), or None."""
        self._file_settings = settings
        self.use_file.setVisible(settings is not None)

    def apply_settings(self, settings: PostSettings | None) -> None:
        """Set the truncation and padding controls to ``settings`` (one encode follows)."""
        if settings is None:
            return
        self.blockSignals(True)  # the controls' own signals still update their state
        self.truncate.setChecked(settings.max_length is not None)
        if settings.max_length is not None:
            self.max_length.setValue(settings.max_length)
            self.stride.setValue(settings.stride)
            _select(self.truncation_side, settings.truncation_side)
            _select(self.strategy, settings.truncation_strategy)
        padding = settings.pad_to is not None or settings.pad_multiple is not None
        self.pad.setChecked(padding)
        if padding:
            self.pad_to.setValue(settings.pad_to or 0)
            self.pad_multiple.setValue(settings.pad_multiple or 0)
            _select(self.pad_side, settings.pad_side)
            self.pad_id.setValue(-1 if settings.pad_id is None else settings.pad_id)
        self.blockSignals(False)
        self.changed.emit()

    # -- result ----------------------------------------------------------------------------------
    def set_result(self, result, add_special_tokens: bool) -> None:
        """Show what the inspection's template adds and what the settings did (or why not)."""
        if result is None:
            self.summary.setText("")
            self.result_line.setVisible(False)
            return
        pair = result.post is not None and len(result.post.encodings) == 2
        self.summary.setText(self._describe(result.template, pair, add_special_tokens))
        if result.template is not None and not self.template.text():
            self.template.setPlaceholderText(result.template.notation())
        lines = []
        if result.post_error:
            said = render(result.post_note) if result.post_note else result.post_error
            lines.append("<span style='color:#b3261e'>⚠ " + escape(said, quote=False) + "</span>")
        if result.post is not None:
            lines.extend(self._describe_post(result.post))
        self.result_line.setText("<br>".join(lines))
        self.result_line.setVisible(bool(lines))

    def _describe(self, template: Template | None, pair: bool, add: bool) -> str:
        """What is added, in words: "adds <s> at the start (tokenizer_config.json: ...)"."""
        if template is None:
            return self.tr("this tokenizer's post-processor cannot be described here; the "
                           "runtime still applies it")
        if not add:
            return "<i>" + self.tr("adds nothing: “Add special tokens” is off") + "</i>"
        start, middle, end = template.around(pair)
        parts = []
        if start:
            parts.append(self.tr("{tokens} at the start").format(tokens=_tokens(start)))
        if middle:
            parts.append(self.tr("{tokens} between the texts").format(tokens=_tokens(middle)))
        if end:
            parts.append(self.tr("{tokens} at the end").format(tokens=_tokens(end)))
        what = (self.tr("adds {parts}").format(parts=self.tr(", ").join(parts)) if parts
                else self.tr("adds nothing"))
        origin = escape(self._origin(template), quote=False)
        return f"{what} <span style='color:#666'>({origin})</span>"

    def _origin(self, template: Template) -> str:
        origin, detail = template.origin, template.detail
        if origin == "tokenizer_config.json":
            return self.tr("tokenizer_config.json: add_bos_token / add_eos_token")
        if origin == "default":
            return self.tr("default: the model's BOS piece, as Llama and Mistral are run")
        if origin == "tiktoken preset":
            return self.tr("tiktoken preset {name}").format(name=detail)
        if origin == "tekken":
            return self.tr("Tekken: <s> first, as mistral-common encodes a prompt")
        if origin == "user":
            return self.tr("your template")
        if origin == "none":
            return self.tr("the format adds nothing")
        return f"{origin}: {detail}" if detail else origin  # i18n: data

    def _describe_post(self, post) -> list[str]:
        window = post.window
        lines = []
        if len(post.encodings) == 2:
            second = sum(s == 1 for s in window.sequence_ids)
            lines.append(self.tr(
                "model input: {n} IDs, {second} of them from the second text (green, after "
                "the first text's) · type IDs {types}").format(
                n=len(window), second=second, types=escape(_short(window.type_ids))))
        for cut in post.truncated:
            text = visible_text(cut.text[:CUT_SHOWN]) + ("…" if len(cut.text) > CUT_SHOWN else "")
            which = self.tr("the text") if cut.sequence == 0 else self.tr("the second text")
            lines.append("<span style='color:#b3261e'>✂ " + self.tr(
                "{n} token(s) cut from {which}, code points {start}–{end}: «{text}»", "",
                cut.count).format(n=cut.count, which=which, start=cut.span[0], end=cut.span[1],
                                  text=escape(text)) + "</span>")
        pads = window.attention_mask.count(0)
        if pads:
            lines.append(self.tr("%n pad token(s) (attention mask 0, shown grey)", "", pads))
        if post.overflow:
            lines.append(self.tr("%n overflow window(s) hold the rest", "", len(post.overflow)))
        return lines


def _spin(low: int, high: int, value: int) -> QSpinBox:
    spin = QSpinBox()
    spin.setRange(low, high)
    spin.setValue(value)
    spin.setKeyboardTracking(False)  # one encode per value, not per digit typed
    return spin


def _select(box: QComboBox, value: str) -> None:
    index = box.findData(value)
    if index >= 0:
        box.setCurrentIndex(index)


def _tokens(names: list[str]) -> str:
    return " ".join(f"<b>{escape(name)}</b>" for name in names)


def _short(values: list[int], shown: int = 24) -> str:
    """``[0, 0, 1, …]`` (the first ``shown`` values)."""
    text = ", ".join(map(str, values[:shown]))
    return f"[{text}{', …' if len(values) > shown else ''}]"
