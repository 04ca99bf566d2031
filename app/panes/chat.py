"""The Chat pane: a conversation rendered with a chat template exactly as transformers renders
it, then encoded with per-token provenance, the assistant mask, the token budget and the checks.

Editors (messages, tools, documents, template, variables, toggles) → (debounced, in a worker,
through the pane's own :class:`~core.chat.bounded.BoundedRenderer` child) the report of
:func:`core.chat.report.chat_report`, the function ``tokbench chat`` calls: a typed
:class:`~core.chat.result.ChatReport` the views bind to → token chips by role with the mask, the
coloured render, the budget, the checks (a click shows their tokens) and both readings of an
injected literal; *Export JSON…* writes its ``to_json()`` in tokbench's envelope: what ``tokbench chat --json`` prints. One render runs at a time: edits made meanwhile are rendered
next, in one go, and a result older than the editors is dropped.
"""

from __future__ import annotations

import json
import weakref
from datetime import datetime
from pathlib import Path

from PySide6.QtCore import QDateTime, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (QCheckBox, QComboBox, QDateTimeEdit, QHBoxLayout,
                               QLabel, QPushButton, QSpinBox, QSplitter, QTabWidget,
                               QVBoxLayout, QWidget)

from app import ask
from app.folders import ask_open_file, ask_save_file
from app.jobs.chat import ChatOutcome, ChatRequest, run_chat, tokens_in_span
from app.messages import error_message
from app.screen_fit import ScrollingTabs
from app.session import Session
from app.status_message import said
from app.tasks import TaskRunner, user_message
from app.widgets.budget_table import BudgetTable
from app.widgets.chat_colors import (ALERT_COLOR, FIELD_COLORS, MASK_COLOR, ROLE_COLORS,
                                     TEMPLATE_TEXT, template_color)
from app.widgets.chat_text_view import ChatTextView
from app.widgets.chat_tokens_view import ChatTokensView
from app.widgets.check_list import CheckList
from app.widgets.go_template_notice import GoTemplateNotice
from app.widgets.injection_view import InjectionView
from app.widgets.json_field import JsonError, JsonField
from app.widgets.message_editor import MessagesEditor
from app.widgets.template_editor import TemplateEditor
from app.widgets.template_picker import TemplatePicker
from app.widgets.stream_simulator import StreamSimulator
from app.widgets.tokenizer_box import fill_tokenizer_box
from app.widgets.variables_editor import VariablesEditor
from app.widgets.wrapping_row import wrapping
from core.chat import BoundedRenderer
from core.chat.conversation import Conversation, parse_conversation
from core.chat.mask import last_learned_run
from core.chat.result import JSON_VERSION as CHAT_JSON_VERSION, ChatReport
from core.chat.sources import templates_of
from core.envelope import json_line
from core.errors import WorkbenchError
from core.pipeline.special import ENDING_ROLES as STREAM_STOP_ROLES
from core.encodings.export import ids_as_json
from core.text.utf8 import decode_utf8

DEBOUNCE_MS = 250
TOOLS_EXAMPLE = ('[{"type": "function", "function": {"name": "get_weather", '  # i18n: data
                 '"description": "...", "parameters": {"type": "object", '
                 '"properties": {...}}}}]')
DOCUMENTS_EXAMPLE = '[{"title": "...", "text": "..."}]'  # i18n: data
BANNER_ERROR = "background:#fde2df; color:#7a1b12; padding:4px; border-radius:3px"
BANNER_WARN = "background:#fff4d6; color:#6b4a00; padding:4px; border-radius:3px"

try:  # built beside this pane; shown in the Streaming tab when present
    from app.widgets.stream_simulator import StreamSimulator
except ImportError:  # pragma: no cover - depends on what the build holds
    StreamSimulator = None


class ChatPane(QWidget):
    """Signals:
        status(str): a short message for the status bar.
    """

    status = Signal(object)  # a str, or a Said the window words again after a switch

    def __init__(self, session: Session, tasks: TaskRunner, parent=None) -> None:
        super().__init__(parent)
        self.session = session
        self.tasks = tasks
        self.renderer = BoundedRenderer()
        # the child process ends with the pane, however the pane ends
        self._finalizer = weakref.finalize(self, self.renderer.close)
        self.outcome: ChatOutcome | None = None
        self.request: ChatRequest | None = None  # what the editors say now
        self._running = False
        self._pending = False
        self._render_job = None  # the latest render (a JobHandle)
        self._closed = False
        self._stale = False  # the editors changed while the pane was hidden
        self._stream_source = None  # (runtime, ids) not yet handed to the Streaming tab
        # this pane's own tokenizer (a path): Inspect's choice does not change it
        self.tokenizer_path: str | None = None
        self._tokenizer_runtime = None  # the runtime last rendered with (a reopen replaces it)
        self._build()
        self._connect()
        self._update_tokenizers()
        self.picker.set_own(self._own_templates())
        self.set_conversation(self._sample_conversation())

    # -- layout ------------------------------------------------------------------------------
    def _build(self) -> None:
        split = QSplitter(Qt.Orientation.Horizontal)
        split.addWidget(self._build_inputs())
        split.addWidget(self._build_results())
        split.setSizes([520, 760])
        split.setStretchFactor(1, 1)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addLayout(wrapping(self._build_toolbar()))  # both wrap on a narrow screen
        layout.addLayout(wrapping(self._build_options()))
        layout.addWidget(split, 1)
        self._debounce = QTimer(self, singleShot=True, interval=DEBOUNCE_MS)

    def _build_toolbar(self) -> QHBoxLayout:
        """Tokenizer, template, conversation files."""
        self.tokenizer_box = QComboBox()
        self.tokenizer_box.setMinimumWidth(180)
        self.tokenizer_box.setToolTip(self.tr("The tokenizer that encodes the rendered chat"))
        self.picker = TemplatePicker(self.template_editor)  # (the inputs are built first)
        self.load_button = QPushButton(self.tr("Load conversation…"))
        self.save_button = QPushButton(self.tr("Save conversation…"))
        for button in (self.load_button, self.save_button):
            button.setToolTip(self.tr('JSON: a list of messages, or {"messages": [...], '
                                      '"tools": [...], "documents": [...]} (as tokbench chat '
                                      "takes)"))
        top = QHBoxLayout()
        top.addWidget(QLabel(self.tr("Tokenizer")))
        top.addWidget(self.tokenizer_box, 1)
        top.addSpacing(10)
        top.addWidget(QLabel(self.tr("Template")))
        top.addWidget(self.picker, 2)
        top.addSpacing(10)
        top.addWidget(self.load_button)
        top.addWidget(self.save_button)
        return top

    def _build_options(self) -> QHBoxLayout:
        """The render's switches: generation prompt, continuation, the date, the window."""
        self.generation_prompt = QCheckBox(self.tr("Add generation prompt"))
        self.generation_prompt.setToolTip(self.tr(
            "add_generation_prompt: end with the header that hands the turn to the assistant"))
        self.continue_final = QCheckBox(self.tr("Continue final message"))
        self.continue_final.setToolTip(self.tr(
            "continue_final_message: leave the last message open (no end-of-turn) so the model "
            "writes on in it"))
        self.fixed_date = QCheckBox(self.tr("Date for strftime_now"))
        self.fixed_date.setToolTip(self.tr("Off: the template reads the clock; on: this date"))
        self.date = QDateTimeEdit(QDateTime.currentDateTime())
        self.date.setAccessibleName(self.tr("Date for strftime_now"))
        self.date.setDisplayFormat("yyyy-MM-dd HH:mm")  # i18n: data (ISO-8601, as --now)
        self.date.setCalendarPopup(True)
        self.date.setEnabled(False)
        self.context = QSpinBox()
        self.context.setRange(0, 10_000_000)
        self.context.setSingleStep(1024)
        self.context.setSpecialValueText(self.tr("none"))
        self.context.setToolTip(self.tr("A context window: the budget says what truncation at "
                                        "it would cut (0: none)"))
        row = QHBoxLayout()
        row.addWidget(self.generation_prompt)
        row.addWidget(self.continue_final)
        row.addSpacing(10)
        row.addWidget(self.fixed_date)
        row.addWidget(self.date)
        row.addSpacing(10)
        row.addWidget(QLabel(self.tr("Context window")))
        row.addWidget(self.context)
        row.addStretch(1)
        return row

    def _build_inputs(self) -> QTabWidget:
        """Messages, tool definitions, documents, the template, variables."""
        self.messages = MessagesEditor()
        self.tools = JsonField(list, TOOLS_EXAMPLE)
        self.documents = JsonField(list, DOCUMENTS_EXAMPLE)
        self.template_editor = TemplateEditor()
        self.variables = VariablesEditor()
        self.inputs = QTabWidget()
        self.inputs.addTab(self.messages, self.tr("Messages"))
        self.inputs.addTab(self._labelled(self.tools, self.tr(
            "Tool definitions (the tools argument), a JSON list")), self.tr("Tools"))
        self.inputs.addTab(self._labelled(self.documents, self.tr(
            "Documents (the documents argument) for templates that read them (RAG), a JSON "
            "list")), self.tr("Documents"))
        self.inputs.addTab(self.template_editor, self.tr("Template"))
        self.inputs.addTab(self.variables, self.tr("Variables"))
        return self.inputs

    @staticmethod
    def _labelled(widget: QWidget, text: str) -> QWidget:
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(4, 4, 4, 4)
        label = QLabel(text)
        label.setWordWrap(True)
        layout.addWidget(label)
        layout.addWidget(widget, 1)
        return box

    def _build_results(self) -> QWidget:
        """The summary, error banner, legend, result tabs, and the checks under them."""
        self.summary = QLabel()
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        self.summary.setWordWrap(True)
        self.banner = QLabel()
        self.banner.setWordWrap(True)
        self.banner.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.banner.hide()
        self.notice = QLabel()  # about the tokenizer's template: stays while it is current
        self.notice.setWordWrap(True)
        self.notice.setStyleSheet(BANNER_WARN)
        self.notice.hide()
        self.go_notice = GoTemplateNotice()  # an Ollama model with only its Go template
        self.legend = QLabel()
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.legend.setWordWrap(True)
        self.chips = ChatTokensView()
        self.text_view = ChatTextView()
        self.budget = BudgetTable()
        self.injections = InjectionView()
        self.stream_view = self._build_stream_view()
        self.results = ScrollingTabs()  # the Streaming tab scrolls rather than grow the pane
        self.results.addTab(self.chips, self.tr("Tokens"))
        self.results.addTab(self.text_view, self.tr("Rendered text"))
        self.results.addTab(self.budget, self.tr("Budget"))
        self.results.addTab(self.injections, self.tr("Injection"))
        self.results.add_scrolling(self.stream_view, self.tr("Streaming"))
        self.checks = CheckList()
        self.checks.setAccessibleName(self.tr("Checks"))
        checks_box = QWidget()
        checks_layout = QVBoxLayout(checks_box)
        checks_layout.setContentsMargins(0, 0, 0, 0)
        checks_layout.setSpacing(2)
        self.checks_title = QLabel()
        checks_layout.addWidget(self.checks_title)
        checks_layout.addWidget(self.checks, 1)
        lower = QSplitter(Qt.Orientation.Vertical)
        lower.addWidget(self.results)
        lower.addWidget(checks_box)
        lower.setSizes([560, 150])
        lower.setStretchFactor(0, 1)
        box = QWidget()
        layout = QVBoxLayout(box)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.copy_ids_button = QPushButton(self.tr("Copy IDs"))
        self.copy_ids_button.setToolTip(self.tr("Copy the rendered chat's token IDs as a JSON "
                                                "list"))
        self.export_button = QPushButton(self.tr("Export JSON…"))
        self.export_button.setToolTip(self.tr("Save the whole report (text, tokens with their "
                                              "message and role, mask, budget, checks) as "
                                              "tokbench chat --json prints it"))
        for button in (self.copy_ids_button, self.export_button):
            button.setEnabled(False)
        head = QHBoxLayout()
        head.addWidget(self.summary, 1)
        head.addWidget(self.copy_ids_button, 0, Qt.AlignmentFlag.AlignTop)
        head.addWidget(self.export_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(head)
        layout.addWidget(self.banner)
        layout.addWidget(self.notice)
        layout.addWidget(self.go_notice)
        layout.addWidget(self.legend)
        layout.addWidget(lower, 1)
        self._update_legend()
        return box

    def _build_stream_view(self) -> QWidget:
        """The Streaming tab: what a server would emit while the model writes the last
        assistant turn (see :meth:`set_stream_source`)."""
        return StreamSimulator(tasks=self.tasks)

    def _update_legend(self) -> None:
        tools = self.tr("tool definitions")
        template = self.tr("template text")
        learned = self.tr("learned (assistant mask)")
        injected = self.tr("injected special-token literal")
        # role names stay as the messages spell them (templates read them): data, not words
        chips = [f"<span style='background:{color}'>&nbsp;{role}&nbsp;</span>"
                 for role, color in ROLE_COLORS.items()]
        chips.append(f"<span style='background:{FIELD_COLORS['tools']}'>&nbsp;{tools}&nbsp;"
                     "</span>")
        chips.append(f"<span style='background:{template_color(None).name()}; "
                     f"color:{TEMPLATE_TEXT}'>&nbsp;{template}&nbsp;</span>")
        chips.append(f"&nbsp;<u style='color:{MASK_COLOR}'><b>{learned}</b></u>")
        chips.append(f"&nbsp;<span style='color:{ALERT_COLOR}'>〰 {injected}</span>")
        self.legend.setText(" ".join(chips))

    def _connect(self) -> None:
        s = self.session
        s.tokenizers_changed.connect(self._update_tokenizers)
        self.tokenizer_box.currentIndexChanged.connect(self._on_tokenizer_box_changed)
        self.picker.failed.connect(lambda message: self._show_banner(
            self.tr("Could not open the template: {problem}").format(problem=message),
            BANNER_ERROR))
        self.tools.changed.connect(self._on_tools_changed)
        self.picker.reverted.connect(self._on_template_reverted)
        self.load_button.clicked.connect(self._on_load_clicked)
        self.save_button.clicked.connect(self._on_save_clicked)
        for signal in (self.messages.changed, self.tools.changed, self.documents.changed,
                       self.template_editor.textChanged, self.variables.changed,
                       self.generation_prompt.toggled, self.continue_final.toggled,
                       self.fixed_date.toggled, self.date.dateTimeChanged,
                       self.context.valueChanged):
            signal.connect(self._schedule)
        # transformers refuses both at once: checking one unchecks the other
        self.generation_prompt.toggled.connect(
            lambda on: on and self.continue_final.setChecked(False))
        self.continue_final.toggled.connect(
            lambda on: on and self.generation_prompt.setChecked(False))
        self.fixed_date.toggled.connect(self.date.setEnabled)
        self._debounce.timeout.connect(self._update_render)
        self.checks.check_clicked.connect(self._on_check_clicked)
        self.chips.token_clicked.connect(self._on_chip_clicked)
        self.results.currentChanged.connect(self._update_stream)
        self.copy_ids_button.clicked.connect(self.copy_ids)
        self.export_button.clicked.connect(self._on_export_clicked)

    # -- tokenizers ----------------------------------------------------------------------------
    @property
    def tokenizer(self):
        """The tokenizer this pane encodes with (its own choice), or None."""
        for loaded in self.session.tokenizers:
            if str(loaded.path) == self.tokenizer_path:
                return loaded
        return None

    def _update_tokenizers(self) -> None:
        """The session's tokenizers changed: keep this pane's choice; with none (or it was
        closed), take the one Inspect shows — once, not every time Inspect changes."""
        if self.tokenizer is None and self.session.tokenizers:
            chosen = self.session.current_tokenizer or self.session.tokenizers[-1]
            self.tokenizer_path = str(chosen.path)
        elif not self.session.tokenizers:
            self.tokenizer_path = None
        fill_tokenizer_box(self.tokenizer_box, self.session)
        paths = [str(t.path) for t in self.session.tokenizers]
        self.tokenizer_box.blockSignals(True)
        self.tokenizer_box.setCurrentIndex(paths.index(self.tokenizer_path)
                                           if self.tokenizer_path in paths else -1)
        self.tokenizer_box.blockSignals(False)
        self._on_tokenizer_changed()

    def set_tokenizer(self, path: str | None) -> None:
        """Encode with the open tokenizer at ``path`` (None: none)."""
        self.tokenizer_path = None if path is None else str(path)
        self._update_tokenizers()

    def _on_tokenizer_box_changed(self, index: int) -> None:
        self.tokenizer_path = self.tokenizer_box.itemData(index) if index >= 0 else None
        self._on_tokenizer_changed()

    def _on_tokenizer_changed(self) -> None:
        loaded = self.tokenizer
        runtime = loaded.runtime if loaded is not None else None
        if runtime is not self._tokenizer_runtime:
            self._tokenizer_runtime = runtime
            self.picker.set_own(self._own_templates())
            self._schedule()

    def _own_templates(self):
        loaded = self.tokenizer
        self.notice.hide()
        self.go_notice.show_for(None)
        if loaded is None:
            return None
        try:
            templates = templates_of(loaded.configs)
            self.go_notice.show_for(loaded.model if templates is None else None)
            return templates
        except WorkbenchError as err:  # a malformed chat_template list: the built-ins still work
            self.notice.setText(self.tr("The tokenizer's chat template is unusable: {problem}")
                                .format(problem=user_message(err)))
            self.notice.show()
            return None

    def _on_tools_changed(self) -> None:
        if self.tools.problem() is None:
            self.picker.set_tools(self.tools.value())

    def confirm_discard(self, title: str, *, conversation: bool = False) -> bool:
        """Before the window quits or a workspace replaces this pane's inputs: an edited
        template asks Save / Discard / Cancel, and with ``conversation`` (it is replaced, not
        kept in the workspace saved on quit) an edited conversation too. True when it may go
        on."""
        return self.picker.confirm_replace(title) and (
            not conversation or self.confirm_replace_conversation(title))

    def _on_template_reverted(self) -> None:
        self.template_editor.mark_error(None)
        self.banner.hide()  # the error was the edited text's
        self._schedule()

    # -- workspace ---------------------------------------------------------------------------
    def save_state(self, setup) -> None:
        """Put this pane's inputs in ``setup`` (a :class:`core.workspace.ChatSetup`). A field
        whose JSON does not parse keeps its last valid value (None: none)."""
        loaded = self.tokenizer
        setup.tokenizer = loaded.path if loaded is not None else None
        messages = []
        for row in self.messages.rows:
            try:
                messages.append(row.message())
            except JsonError:  # its tool calls or fields are being typed: role and text kept
                messages.append({"role": row.role.currentText(),
                                 "content": row.content.toPlainText()})
        setup.messages = messages
        for name, field in (("tools", self.tools), ("documents", self.documents)):
            setattr(setup, name, field.value() if field.problem() is None else None)
        setup.variables = self.variables.variables()
        entry = self.picker.choice() or ["own", None]
        setup.template = entry[0]
        setup.template_name = entry[2] if entry[0] == "file" else entry[1]
        setup.template_file = Path(entry[1]) if entry[0] == "file" else None
        setup.template_text = (self.template_editor.toPlainText() if self.picker.is_edited
                               else None)
        setup.add_generation_prompt = self.generation_prompt.isChecked()
        setup.continue_final_message = self.continue_final.isChecked()
        setup.context = self.context.value()

    def restore_state(self, setup) -> None:
        """Show ``setup``'s inputs (its tokenizer is open by now, if it still exists)."""
        self.set_tokenizer(str(setup.tokenizer) if setup.tokenizer is not None else None)
        if setup.messages is not None:
            self.set_conversation(Conversation(setup.messages, setup.tools, setup.documents))
        self.variables.set_variables(setup.variables)
        if setup.template == "file" and setup.template_file is not None:
            self.picker.choose(["file", str(setup.template_file), setup.template_name])
        elif setup.template in ("own", "builtin"):
            self.picker.choose([setup.template, setup.template_name])
        if setup.template_text is not None:
            self.template_editor.setPlainText(setup.template_text)  # shown as "(edited)"
        self.generation_prompt.setChecked(setup.add_generation_prompt)
        self.continue_final.setChecked(setup.continue_final_message)
        self.context.setValue(setup.context)
        self._schedule()

    # -- conversation ------------------------------------------------------------------------
    def _sample_conversation(self) -> Conversation:
        return Conversation([
            {"role": "system", "content": self.tr("You are a helpful assistant.")},
            {"role": "user", "content": self.tr("What is the capital of France?")},
            {"role": "assistant", "content": self.tr("The capital of France is Paris.")},
        ])

    def set_conversation(self, conversation: Conversation) -> None:
        """Show ``conversation`` in the editors (and render it); it is the one edits are
        measured from (:attr:`conversation_edited`)."""
        self.messages.set_messages(conversation.messages)
        self.tools.set_value(conversation.tools)
        self.documents.set_value(conversation.documents)
        self.picker.set_tools(conversation.tools)  # transformers picks tool_use for tools
        self._conversation_kept = self._conversation_snapshot()
        self._schedule()

    def _conversation_snapshot(self) -> tuple:
        """What the editors hold, as typed (a field whose JSON does not parse included)."""
        rows = []
        for row in self.messages.rows:
            try:
                rows.append(json.dumps(row.message(), sort_keys=True, ensure_ascii=False))
            except JsonError:
                rows.append((row.role.currentText(), row.content.toPlainText(), "invalid"))
        return tuple(rows), self.tools.text(), self.documents.text()

    @property
    def conversation_edited(self) -> bool:
        """The conversation was edited since it was set, loaded or saved."""
        return self._conversation_snapshot() != getattr(self, "_conversation_kept", None)

    def confirm_replace_conversation(self, title: str) -> bool:
        """Before an edited conversation is replaced (a file loaded, a workspace opened):
        Save (to a file) / Discard / Cancel. True when it may go on."""
        if not self.conversation_edited:
            return True
        answer = ask.ask_unsaved(self, title, self.tr(
            "The conversation has edits that are not saved in a file. Save them?"))
        if answer == "save":
            path = ask_save_file(self, "conversation", self.tr("Save the conversation"),
                                 "conversation.json",  # i18n: data (a file name)
                                 self.tr("JSON (*.json);;All files (*)"))
            return bool(path) and self.save_conversation(path)
        return answer == "discard"

    def conversation(self) -> Conversation:
        """The editors' conversation.

        Raises:
            ValueError: a message, the tools or the documents are not valid (the message says
                which and where).
        """
        problems = self.conversation_problems()
        if problems:
            raise ValueError("\n".join(problems))
        return Conversation(self.messages.messages(), self.tools.value(), self.documents.value())

    def conversation_problems(self) -> list[str]:
        problems = self.messages.problems()
        if not self.messages.rows:
            problems.append(self.tr("the conversation has no messages"))
        for name, field in ((self.tr("tools"), self.tools), (self.tr("documents"), self.documents)):
            problem = field.problem()
            if problem is None and field.value() is not None and not all(
                    isinstance(item, dict) for item in field.value()):
                problem = self.tr("each item must be a JSON object")
            if problem is not None:
                problems.append(self.tr("{field}: {problem}").format(field=name, problem=problem))
        return problems

    def load_conversation(self, path: str | Path) -> bool:
        """Load a conversation file into the editors; False (with a message) when it is bad."""
        path = Path(path)
        try:
            conversation = parse_conversation(
                decode_utf8(path.read_bytes(), path=path, strip_bom=True), path)
        except (WorkbenchError, OSError) as err:
            self._show_banner(self.tr("Could not load the conversation: {problem}").format(
                problem=user_message(err)), BANNER_ERROR)
            return False
        self.set_conversation(conversation)
        self.status.emit(said(lambda: self.tr("conversation from {name}").format(
            name=path.name)))
        return True

    def save_conversation(self, path: str | Path) -> bool:
        """Write the editors' conversation as JSON; False (with a message) when it is invalid."""
        try:
            conversation = self.conversation()
        except ValueError as err:
            self._show_banner(self.tr("Fix the conversation before saving: {problem}").format(
                problem=err), BANNER_ERROR)
            return False
        try:
            Path(path).write_text(json.dumps(conversation.to_json(), ensure_ascii=False,
                                             indent=2) + "\n",
                                  encoding="utf-8")
        except OSError as err:
            self._show_banner(self.tr("Could not save the conversation: {problem}").format(
                problem=user_message(err)), BANNER_ERROR)
            return False
        self._conversation_kept = self._conversation_snapshot()  # saved: no longer edited
        self.status.emit(said(lambda: self.tr("saved the conversation to {name}").format(
            name=Path(path).name)))
        return True

    def _on_load_clicked(self) -> None:
        if not self.confirm_replace_conversation(self.tr("Load a conversation")):
            return
        path = ask_open_file(self, "conversation", self.tr("Load a conversation"),
                             self.tr("JSON (*.json);;All files (*)"))
        if path:
            self.load_conversation(path)

    def _on_save_clicked(self) -> None:
        path = ask_save_file(self, "conversation", self.tr("Save the conversation"),
                             "conversation.json",  # i18n: data (a file name)
                             self.tr("JSON (*.json);;All files (*)"))
        if path:
            self.save_conversation(path)

    # -- rendering -----------------------------------------------------------------------------
    def _schedule(self, *_) -> None:
        if not self.isVisible():
            self._stale = True  # rendered when the pane is shown: no child process before
            return
        self._debounce.start()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._stale:
            self._stale = False
            self._debounce.start()

    def build_request(self) -> ChatRequest:
        """The render the editors ask for.

        Raises:
            ValueError: the conversation or a variable is not valid (what and where).
        """
        conversation = self.conversation()
        problems = self.variables.problems()
        if problems:
            raise ValueError("\n".join(problems))
        loaded = self.tokenizer
        now = None
        if self.fixed_date.isChecked():
            now = self.date.dateTime().toPython()
            if not isinstance(now, datetime):
                now = None
        return ChatRequest(
            template=self.template_editor.toPlainText(), conversation=conversation,
            runtime=loaded.runtime if loaded else None,
            configs=loaded.configs if loaded else None,
            variables=self.variables.variables(),
            add_generation_prompt=self.generation_prompt.isChecked(),
            continue_final_message=self.continue_final.isChecked(),
            now=now, context=self.context.value() or None)

    def _update_render(self) -> None:
        if self._closed:
            return
        try:
            request = self.build_request()
        except ValueError as err:
            self.request = None
            self._show_banner(self.tr("Not rendered — {problem}").format(problem=err),
                              BANNER_WARN)
            self._set_stale(True)
            return
        self.request = request
        if self._running:
            self._pending = True  # rendered when the running one is done
            return
        self._running = True
        self._render_job = self.tasks.submit("chat", run_chat, request, self.renderer,
                                             latest_only=True, on_result=self._on_rendered,
                                             on_error=self._on_render_failed)

    def _render_finished(self) -> bool:
        """After a job: start the one asked for meanwhile; True if the result is current."""
        self._running = False
        if self._pending:
            self._pending = False
            self._update_render()
            return False
        return True

    def _on_render_failed(self, message: str) -> None:
        if self._render_finished():
            self._show_banner(message, BANNER_ERROR)
            self._set_stale(True)

    def _on_rendered(self, outcome: ChatOutcome) -> None:
        if not self._render_finished() or outcome.request is not self.request:
            return  # the editors changed since: a newer render is on its way
        self.outcome = outcome
        if outcome.error is not None:
            self._show_template_error(outcome)
            return
        self.banner.hide()
        self.template_editor.mark_error(None)
        self._set_stale(False)
        report = outcome.report
        self._update_summary(outcome)
        self.text_view.set_render(report.text, report.segments)
        tokens = report.tokens or ()
        alerts = frozenset(i for item in report.injections
                           for i in tokens_in_span(tokens, item.span))
        runtime = outcome.request.runtime
        self.chips.set_tokens(report.text, tokens, report.assistant_mask,
                              labels=outcome.labels, alerts=alerts,
                              token_bytes=runtime.token_bytes if runtime is not None else None)
        self.budget.set_budget(report.budget)
        self.checks.set_checks(report.checks)
        self.checks_title.setText(self.tr("Checks ({n})").format(n=len(report.checks)))
        self.injections.set_injections(report.injections)
        index = self.results.indexOf(self.injections)
        self.results.setTabText(index, self.tr("Injection ({n})").format(
            n=len(report.injections)) if report.injections else self.tr("Injection"))
        self.set_stream_source(outcome.request.runtime, report.ids, report.assistant_mask)

    def _show_template_error(self, outcome: ChatOutcome) -> None:
        err = outcome.error
        line = (self.tr(" (template line {line})").format(line=err.line)
                if err.line is not None else "")
        self._show_banner(self.tr("Template error — {type}: {message}{line}").format(
            type=err.kind, message=error_message(err) if err.note else err.detail, line=line),
            BANNER_ERROR)
        self.template_editor.mark_error(err.line)
        self._set_stale(True)
        self.summary.setText(self.tr("<i>the template failed: the results below are from the "
                                     "last render that worked</i>"))

    def _set_stale(self, stale: bool) -> None:
        """Grey out the results while they are the last good render's, not the editors'."""
        self.results.setEnabled(not stale)
        report = self._report()
        self.copy_ids_button.setEnabled(not stale and report is not None and report.encoded)
        self.export_button.setEnabled(not stale and report is not None)
        if stale:
            self.checks.set_stale(True)  # (a new render refills and enables them)

    def _show_banner(self, text: str, style: str) -> None:
        self.banner.setStyleSheet(style)
        self.banner.setText(text)
        self.banner.show()

    def _update_summary(self, outcome: ChatOutcome) -> None:
        report = outcome.report
        ms = f"{outcome.seconds * 1000:.0f}"
        if not report.encoded:
            self.summary.setText(self.tr(
                "{n} characters rendered in {ms} ms · <i>open a tokenizer to see its tokens</i>"
            ).format(n=f"{len(report.text):,}", ms=ms))
            return
        learned = sum(report.assistant_mask)
        source = (self.tr("from the template's {% generation %} tags")
                  if report.assistant_mask_source == "generation"
                  else self.tr("from renders of successive prefixes"))
        line = self.tr(
            "<b>{n}</b> tokens · <b>{learned}</b> learned by the assistant mask ({source}) · "
            "{chars} characters · {ms} ms").format(
            n=f"{len(report.tokens):,}", learned=f"{learned:,}", source=source,
            chars=f"{len(report.text):,}", ms=ms)
        unlocated = bool(report.checks_with("chat.mask_unlocated"))
        if not learned and unlocated:
            # every assistant turn was skipped: the render of a shorter conversation is not
            # the start of the longer one (the template rewrites earlier turns)
            line += "<br><span style='color:#8a5300'>⚠ " + self.tr(
                "no assistant turn could be located: this template renders earlier turns "
                "differently as the conversation grows (it moves the tools, say), so the "
                "renders of its prefixes do not line up") + "</span>"
        self.summary.setText(line)
        n = f"{len(report.tokens):,}"
        self.status.emit(said(lambda: self.tr("chat: {n} tokens in {ms} ms").format(n=n, ms=ms)))

    # -- copying out ---------------------------------------------------------------------------
    def _report(self) -> ChatReport | None:
        return self.outcome.report if self.outcome is not None else None

    def copy_ids(self) -> None:
        """The token IDs of the shown render, as a JSON list, on the clipboard."""
        report = self._report()
        if report is not None and report.encoded:
            QGuiApplication.clipboard().setText(ids_as_json(report.ids))
            n = f"{len(report.ids):,}"
            self.status.emit(said(lambda: self.tr("copied {n} IDs").format(n=n)))

    def export_report(self, path: str | Path) -> bool:
        """Write the shown report as ``tokbench chat --json`` prints it."""
        report = self._report()
        if report is None:
            return False
        try:
            Path(path).write_text(json_line("chat", CHAT_JSON_VERSION, report.to_json()) + "\n",
                                  encoding="utf-8")
        except OSError as err:
            self._show_banner(self.tr("Could not save the report: {problem}").format(
                problem=user_message(err)), BANNER_ERROR)
            return False
        self.status.emit(said(lambda: self.tr("saved the report to {name}").format(
            name=Path(path).name)))
        return True

    def _on_export_clicked(self) -> None:
        path = ask_save_file(self, "export", self.tr("Export the chat report"),
                             "chat.json",  # i18n: data (a file name)
                             self.tr("JSON (*.json);;All files (*)"))
        if path:
            self.export_report(path)

    # -- streaming -------------------------------------------------------------------------------
    def set_stream_source(self, runtime, ids: list[int], mask: list[int] | None = None) -> None:
        """Hand the Streaming tab what the model writes: the last assistant turn's learned
        tokens (the whole chat when the mask has none), stopped at the end-of-turn and EOS
        tokens as a server would be. While the tab is hidden they wait, so a render per
        keystroke costs the simulator nothing."""
        if runtime is None:
            self._stream_source = None
        else:
            stops = [t.id for t in runtime.special_tokens() if t.role in STREAM_STOP_ROLES]
            self._stream_source = (runtime, last_learned_run(ids, mask), stops)
        self._update_stream()

    def _update_stream(self, *_) -> None:
        if (self._stream_source is not None
                and self.results.currentWidget() is self.stream_view):
            runtime, ids, stops = self._stream_source
            self._stream_source = None
            self.stream_view.set_source(runtime, ids)
            self.stream_view.set_stops(self.stream_view.stop_strings(), stops)

    # -- linking -------------------------------------------------------------------------------
    def _on_check_clicked(self, start: int, end: int) -> None:
        """Show the tokens a check names: selected among the chips and in the render."""
        report = self._report()
        tokens = (report.tokens or ()) if report is not None else ()
        indexes = tokens_in_span(tokens, (start, end))
        self.text_view.select_span(start, end)
        if indexes:
            self.results.setCurrentWidget(self.chips)
            self.chips.select(indexes)
        else:
            self.results.setCurrentWidget(self.text_view)

    def _on_chip_clicked(self, index: int) -> None:
        token = self.chips.tokens[index]
        self.chips.select([index])
        self.text_view.select_span(token.start, token.end)
        if token.message is not None and token.message < len(self.messages.rows):
            row = self.messages.rows[token.message]
            self.inputs.setCurrentWidget(self.messages)
            self.messages.scroll.ensureWidgetVisible(row)

    # -- closing ---------------------------------------------------------------------------------
    def shutdown(self) -> None:
        """End the render child (on quit; the pane renders no more after it)."""
        self._closed = True
        self._debounce.stop()
        if self._render_job is not None:
            self._render_job.cancel()  # its result is not shown
        self.renderer.close()

    def closeEvent(self, event) -> None:
        self.shutdown()
        super().closeEvent(event)
