"""``GoTemplateNotice``: the Chat pane's word about an Ollama model whose only chat template is
Ollama's own Go template — which Ollama renders itself, and the workbench does not (it renders
Jinja, as transformers does) — with a read-only view of that template.

>>> # notice.show_for(loaded.model)  # an Ollama model with a Go template and no Jinja one
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (QDialog, QDialogButtonBox, QHBoxLayout, QLabel, QPlainTextEdit,
                               QPushButton, QVBoxLayout, QWidget)

# the look of the Chat pane's warning banners
BANNER_WARN = "background:#fff4d6; color:#6b4a00; padding:4px; border-radius:3px"


class GoTemplateNotice(QWidget):
    """A banner (hidden until :meth:`show_for` gets a model with a Go template) and its
    *Show Ollama's template…* button."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = None
        self.label = QLabel()
        self.label.setWordWrap(True)
        self.label.setTextFormat(Qt.TextFormat.PlainText)  # a model's name is not markup
        self.button = QPushButton(self.tr("Show Ollama's template…"))
        self.button.clicked.connect(self.show_template)
        self.label.setStyleSheet(BANNER_WARN)
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.button)
        self.hide()

    def show_for(self, model) -> None:
        """Show the notice for a local model whose only template is Ollama's Go template;
        hide it for anything else (None included)."""
        self.model = model if model is not None and model.go_template else None
        if self.model is None:
            self.hide()
            return
        self.label.setText(self.tr(
            "{name} has no Jinja chat template, only Ollama's Go template, which Ollama renders "
            "itself (the workbench renders Jinja, as transformers does). Choose a template above "
            "to render the conversation here.").format(name=self.model.name))
        self.show()

    def show_template(self) -> None:
        if self.model is not None:
            GoTemplateDialog(self.model.name, self.model.go_template, self).exec()


class GoTemplateDialog(QDialog):
    """An Ollama model's Go template, read-only."""

    def __init__(self, name: str, template: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle(self.tr("Ollama's template of {name}").format(name=name))
        self.resize(720, 480)
        said = QLabel(self.tr("Ollama renders this Go template itself (text/template, with "
                              ".System, .Prompt, .Messages…); shown here read-only."))
        said.setWordWrap(True)
        self.text = QPlainTextEdit(template)
        self.text.setReadOnly(True)
        self.text.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(said)
        layout.addWidget(self.text, 1)
        layout.addWidget(buttons)
