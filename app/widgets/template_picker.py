"""``TemplatePicker``: which chat template is in the template editor — the tokenizer's own (and
its named variants), a built-in one, or one from a file — without ever dropping the user's
edits.

Picking an entry puts its source in the editor. When the entries change (another tokenizer,
tools given or taken away, a file opened) the editor follows the picked entry only while the
user has not edited it; an edited template is kept, marked "(edited)".

>>> # picker = TemplatePicker(editor); picker.set_own(templates_of(configs))
"""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QComboBox, QHBoxLayout, QLabel, QPushButton, QWidget

from app import ask
from app.folders import ask_open_file, ask_save_file
from app.tasks import user_message
from app.widgets.template_editor import TemplateEditor
from core.chat import BUILTIN_TEMPLATES
from core.chat.sources import Templates, choose_template, template_from_file
from core.errors import WorkbenchError


def _key(*entry) -> str:
    """An entry as item data: a string, which ``findData`` compares by value (a Python tuple
    handed to Qt is compared by identity, and the entry would be lost on refilling).

    >>> _entry(_key("file", "t.jinja", None))
    ['file', 't.jinja', None]
    """
    return json.dumps(entry)


def _entry(key: str | None) -> list | None:
    return json.loads(key) if key else None


class TemplatePicker(QWidget):
    """The picker box, the "(edited)" mark and the "Template file…" button.

    Signals:
        failed(str): a template file could not be read (the message names it).
    """

    failed = Signal(str)
    reverted = Signal()

    def __init__(self, editor: TemplateEditor, parent=None) -> None:
        super().__init__(parent)
        self.editor = editor
        self.own: Templates | None = None  # the tokenizer's template(s)
        self.tools: list | None = None     # the conversation's (tool_use is chosen for them)
        self.files: dict[str, Templates] = {}  # path -> the template(s) of a file opened
        self._picked: list | None = None  # the entry the user chose (None: the default)
        self._loaded = ""  # the source this picker last put in the editor
        self.box = QComboBox()
        self.box.setMinimumWidth(200)
        self.box.setToolTip(self.tr("The chat template: the tokenizer's own (and its named "
                                    "variants), a built-in one, or a file"))
        self.edited = QLabel()
        self.edited.setStyleSheet("color:#8a5300")
        self.revert_button = QPushButton(self.tr("Revert"))
        self.revert_button.setToolTip(self.tr("Put the picked template's own text back (the "
                                              "edits and the error they made are dropped)"))
        self.revert_button.setEnabled(False)
        self.file_button = QPushButton(self.tr("Template file…"))
        self.file_button.setToolTip(self.tr(
            "A .jinja file, or a tokenizer_config.json / chat_template.json holding one"))
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.box, 1)
        layout.addWidget(self.edited)
        layout.addWidget(self.revert_button)
        layout.addWidget(self.file_button)
        self.box.currentIndexChanged.connect(self._on_box_changed)
        self.file_button.clicked.connect(self._on_file_clicked)
        self.revert_button.clicked.connect(self.revert)
        self._shown_index = self.box.currentIndex()
        editor.textChanged.connect(self._update_edited)
        self._refill(select_own=True)

    # -- what the entries stand for ----------------------------------------------------------
    def set_own(self, templates: Templates | None) -> None:
        """Another tokenizer: its own template is picked, unless the user chose a built-in or
        a file."""
        self.own = templates
        self._refill(select_own=self._picked is None or self._picked[0] == "own")

    def set_tools(self, tools: list | None) -> None:
        """The conversation's tools ("chosen as transformers does" picks ``tool_use`` then)."""
        if tools != self.tools:
            self.tools = tools
            self._refill()

    def open_file(self, path: str | Path) -> bool:
        """Add a template file's template(s) and pick the first; False (and ``failed``) when
        it holds none."""
        if not self.confirm_replace():
            return False
        return self._open_file_now(str(path))

    def _open_file_now(self, path: str) -> bool:
        try:
            self.files[path] = template_from_file(path)  # read again: it may have changed
        except (WorkbenchError, OSError) as err:
            self.failed.emit(user_message(err))
            return False
        self._refill()
        index = next(i for i in range(self.box.count())
                     if _entry(self.box.itemData(i))[:2] == ["file", path])
        self.box.blockSignals(True)
        self.box.setCurrentIndex(index)
        self.box.blockSignals(False)
        self._picked = _entry(self.box.currentData())
        self._shown_index = index
        self._load(force=True)  # reopening a file shows its text now: no old "(edited)"
        return True

    def source(self, key: str | None = None) -> str | None:
        """The source an entry (default: the current one) stands for; None when it cannot say
        (several named templates and none the default)."""
        entry = _entry(key if key is not None else self.box.currentData())
        if not entry:
            return None
        if entry[0] == "builtin":
            return BUILTIN_TEMPLATES[entry[1]]
        if entry[0] == "own":
            templates, name = self.own, entry[1]
        else:
            templates, name = self.files.get(entry[1]), entry[2]
        try:
            return choose_template(templates, name, tools=self.tools)
        except WorkbenchError:
            return None

    def choice(self) -> list | None:
        """The picked entry: ``["own", name]``, ``["builtin", name]`` or ``["file", path,
        name]`` (None: no entry)."""
        return _entry(self.box.currentData())

    def choose(self, entry: list) -> bool:
        """Pick ``entry`` (as :meth:`choice` gives it; a file entry opens its file); False
        when there is no such entry."""
        if entry[0] == "file" and entry[1] not in self.files and not self._open_file_now(entry[1]):
            return False
        index = self.box.findData(_key(*entry))
        if index < 0:
            return False
        self.box.blockSignals(True)
        self.box.setCurrentIndex(index)
        self.box.blockSignals(False)
        self._shown_index = index
        self._picked = entry
        self._load(force=True)
        return True

    @property
    def is_edited(self) -> bool:
        return self.editor.toPlainText() != self._loaded

    # -- the box -------------------------------------------------------------------------------
    def _refill(self, *, select_own: bool = False) -> None:
        current = self.box.currentData()
        box = self.box
        box.blockSignals(True)
        box.clear()
        if isinstance(self.own, dict):
            box.addItem(self.tr("Tokenizer's own (chosen as transformers does)"),
                        _key("own", None))
            for name in self.own:
                box.addItem(self.tr("Tokenizer's own: {name}").format(name=name),
                            _key("own", name))
        elif self.own is not None:
            box.addItem(self.tr("Tokenizer's own template"), _key("own", None))
        box.addItem(self.tr("Built-in: ChatML"), _key("builtin", "chatml"))
        box.addItem(self.tr("Built-in: [INST] (Llama 2 / Mistral style)"),
                    _key("builtin", "inst"))
        for path, templates in self.files.items():
            for name in (list(templates) if isinstance(templates, dict) else [None]):
                label = Path(path).name if name is None else f"{Path(path).name}: {name}"
                box.addItem(self.tr("File: {name}").format(name=label),
                            _key("file", path, name))
        found = box.findData(current) if current is not None else -1
        box.setCurrentIndex(0 if select_own or found < 0 else found)
        box.blockSignals(False)
        self._shown_index = box.currentIndex()
        self._load(force=False)

    def _on_box_changed(self, index: int) -> None:
        if not self.confirm_replace():  # Cancel: the edited template stays picked
            self.box.blockSignals(True)
            self.box.setCurrentIndex(self._shown_index)
            self.box.blockSignals(False)
            return
        self._shown_index = index
        self._picked = _entry(self.box.currentData())
        self._load(force=True)

    # -- unsaved edits ---------------------------------------------------------------------------
    def confirm_replace(self, title: str | None = None) -> bool:
        """Before the edited template is replaced (or the window quits): Save (to a file),
        Discard (the picked template's text back) or Cancel. True when it may go on."""
        if not self.is_edited:
            return True
        answer = ask.ask_unsaved(self, title or self.tr("Chat template"), self.tr(
            "The chat template has edits that are not saved in a file. Save them?"))
        if answer == "save":
            return self.save_template_dialog()
        if answer == "discard":
            self.revert()
            return True
        return False

    def save_template_dialog(self) -> bool:
        """Write the editor's template to a file the user picks; True when written."""
        path = ask_save_file(
            self, "template", self.tr("Save the chat template"),
            "template.jinja",  # i18n: data (a name)
            self.tr("Jinja templates (*.jinja);;All files (*)"))
        if not path:
            return False
        try:
            Path(path).write_text(self.editor.toPlainText(), encoding="utf-8")
        except OSError as err:
            self.failed.emit(f"{path}: {err.strerror or err}")
            return False
        # the file is now the picked template: the workspace remembers it, the edits are saved
        return self._open_file_now(str(path))

    def revert(self) -> None:
        """The picked template's own text back in the editor; its error mark cleared."""
        source = self.source()
        self._loaded = source if source is not None else ""
        self.editor.set_template(self._loaded)  # (clears the error line)
        self._update_edited()
        self.reverted.emit()

    def _load(self, *, force: bool) -> None:
        """Put the picked template in the editor (``force``: even over the user's edits)."""
        source = self.source()
        if source is not None and (force or not self.is_edited):
            self._loaded = source
            if source != self.editor.toPlainText():
                self.editor.set_template(source)
        self._update_edited()

    def _update_edited(self) -> None:
        self.edited.setText(self.tr("(edited)") if self.is_edited else "")
        self.revert_button.setEnabled(self.is_edited)

    def _on_file_clicked(self) -> None:
        path = ask_open_file(
            self, "template", self.tr("Open a chat template"),
            self.tr("Chat templates (*.jinja *.j2 *.json *.txt);;All files (*)"))
        if path:
            self.open_file(path)
