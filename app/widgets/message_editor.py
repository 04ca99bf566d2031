"""``MessagesEditor``: a conversation as rows of role + content, each with its tool calls and
other fields as JSON; rows can be added, removed and moved.

A message's keys other than ``role``, ``content`` and ``tool_calls`` (``tool_call_id``, ``name``,
``reasoning_content``, a non-text ``content``) live in its "other fields" JSON object, so a
conversation file loads and saves without losing any of them.

>>> # editor.set_messages([{"role": "user", "content": "hi"}]); editor.messages()
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt, Signal
from PySide6.QtGui import QFontMetrics, QPalette
from PySide6.QtWidgets import (QComboBox, QFrame, QHBoxLayout, QLabel, QPlainTextEdit,
                               QPushButton, QScrollArea, QSizePolicy, QToolButton, QVBoxLayout,
                               QWidget)

from app.widgets.chat_colors import role_color
from app.widgets.json_field import JsonError, JsonField

ROLES = ("system", "user", "assistant", "tool")  # i18n: data (the role names templates read)
CALLS_EXAMPLE = ('[{"type": "function", "function": {"name": "get_weather", '  # i18n: data
                 '"arguments": {"city": "Paris"}}}]')
FIELDS_EXAMPLE = '{"tool_call_id": "call_1"}'  # i18n: data
MIN_LINES, MAX_LINES = 2, 14  # a content box grows with its text between these heights


class ContentEdit(QPlainTextEdit):
    """A message's text; its height follows its lines (the list scrolls, not each box)."""

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setTabChangesFocus(True)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.document().documentLayout().documentSizeChanged.connect(self._fit)
        self._fit()

    def _fit(self, *_) -> None:
        lines = max(MIN_LINES, min(MAX_LINES, int(self.document().size().height())))
        line = QFontMetrics(self.font()).lineSpacing()
        # the frame, the document's margin, and a little air so no scroll bar shows too early
        chrome = 2 * self.frameWidth() + 2 * int(self.document().documentMargin()) + line // 2
        self.setFixedHeight(lines * line + chrome)


class MessageRow(QFrame):
    """One message.

    Signals:
        changed(): role, content or a JSON field changed.
        move_requested(int): up (-1) or down (+1).
        remove_requested(): the user removed the row.
    """

    changed = Signal()
    move_requested = Signal(int)
    remove_requested = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.stripe = QWidget()  # the role's colour down the left edge
        self.stripe.setFixedWidth(5)
        self.stripe.setAutoFillBackground(True)
        self.index_label = QLabel()
        self.role = QComboBox()
        self.role.setEditable(True)
        self.role.addItems(ROLES)
        self.role.setToolTip(self.tr("The message's role; type another name if the template "
                                     "knows it (ipython, function…)"))
        self.role.setMinimumContentsLength(9)
        self.calls_button = self._toggle(self.tr("Tool calls"), self.tr(
            "Show the message's tool calls: a JSON list of {\"type\": \"function\", "
            "\"function\": {\"name\", \"arguments\"}}"))
        self.fields_button = self._toggle(self.tr("Other fields"), self.tr(
            "Show the message's other fields as a JSON object (tool_call_id, name, "
            "reasoning_content…)"))
        self.up = self._tool("↑", self.tr("Move up"))
        self.down = self._tool("↓", self.tr("Move down"))
        self.remove = self._tool("✕", self.tr("Remove this message"))
        self.content = ContentEdit()
        self.content.setPlaceholderText(self.tr("Message content…"))
        self._fields: dict[str, JsonField] = {}  # made when first shown or filled
        head = QHBoxLayout()
        head.setSpacing(4)
        head.addWidget(self.index_label)
        head.addWidget(self.role)
        head.addStretch(1)
        for widget in (self.calls_button, self.fields_button, self.up, self.down, self.remove):
            head.addWidget(widget)
        body = QVBoxLayout()
        body.setSpacing(3)
        body.addLayout(head)
        body.addWidget(self.content)
        self._body = body
        layout = QHBoxLayout(self)
        layout.setContentsMargins(2, 2, 6, 6)
        layout.setSpacing(6)
        layout.addWidget(self.stripe)
        layout.addLayout(body, 1)
        self.role.currentTextChanged.connect(self._on_role_changed)
        self.content.textChanged.connect(self.changed)
        self.calls_button.toggled.connect(lambda on: self.tool_calls.setVisible(on))
        self.fields_button.toggled.connect(lambda on: self.extra.setVisible(on))
        self.up.clicked.connect(lambda: self.move_requested.emit(-1))
        self.down.clicked.connect(lambda: self.move_requested.emit(1))
        self.remove.clicked.connect(self.remove_requested)
        self._on_role_changed(self.role.currentText())

    # -- the JSON fields, made on demand (most messages have neither: a row is then cheap) ---
    @property
    def tool_calls(self) -> JsonField:
        """The tool calls, a JSON list."""
        return self._field("tool_calls", list, CALLS_EXAMPLE, 90)

    @property
    def extra(self) -> JsonField:
        """The other fields, a JSON object."""
        return self._field("extra", dict, FIELDS_EXAMPLE, 70)

    def _field(self, name: str, kind: type, example: str, height: int) -> JsonField:
        field = self._fields.get(name)
        if field is None:
            field = JsonField(kind, example)
            field.setMinimumHeight(height)
            field.hide()
            field.changed.connect(self.changed)
            # tool calls above the other fields, whichever is made first
            self._body.insertWidget(2 if name == "tool_calls" else self._body.count(), field)
            self._fields[name] = field
        return field

    def _value(self, name: str):
        field = self._fields.get(name)
        return None if field is None else field.value()

    @staticmethod
    def _tool(text: str, tip: str) -> QToolButton:
        button = QToolButton()
        button.setText(text)
        button.setToolTip(tip)
        if not any(char.isalnum() for char in text):
            button.setAccessibleName(tip)  # a screen reader cannot say "↑"
        button.setAutoRaise(True)
        return button

    def _toggle(self, text: str, tip: str) -> QToolButton:
        button = self._tool(text, tip)
        button.setCheckable(True)
        button.setAutoRaise(False)
        return button

    def _on_role_changed(self, role: str) -> None:
        # a palette, not a style sheet: a style sheet per row costs milliseconds each
        palette = self.stripe.palette()
        palette.setColor(QPalette.ColorRole.Window, role_color(role.strip()))
        self.stripe.setPalette(palette)
        self.changed.emit()

    def set_index(self, index: int, count: int) -> None:
        self.index_label.setText(f"#{index}")
        self.up.setEnabled(index > 0)
        self.down.setEnabled(index < count - 1)

    def set_message(self, message: dict) -> None:
        """Show ``message``; keys with no editor of their own go to the other fields."""
        rest = {k: v for k, v in message.items() if k not in ("role", "content", "tool_calls")}
        content = message.get("content")
        if "content" in message and not isinstance(content, str):
            rest["content"] = content  # null or a list of parts: kept as JSON, as it was
            content = ""
        fields = []
        if "tool_calls" in message or "tool_calls" in self._fields:
            fields.append((self.tool_calls, message.get("tool_calls")))
        if rest or "extra" in self._fields:
            fields.append((self.extra, rest or None))
        widgets = [self.role, self.content] + [field for field, _ in fields]
        for widget in widgets:
            widget.blockSignals(True)
        self.role.setCurrentText(str(message.get("role", "")))
        self.content.setPlainText(content or "")
        for field, value in fields:
            field.set_value(value)
        for widget in widgets:
            widget.blockSignals(False)
        self._on_role_changed(self.role.currentText())
        self.calls_button.setChecked("tool_calls" in message)
        self.fields_button.setChecked(bool(rest))
        for field, _ in fields:
            field.refresh_error()

    def message(self) -> dict:
        """The message as a dict.

        Raises:
            JsonError: its tool calls or other fields are not valid JSON of their kind.
        """
        out = {"role": self.role.currentText().strip(), "content": self.content.toPlainText()}
        calls = self._value("tool_calls")
        if calls is not None:
            out["tool_calls"] = calls
        out.update(self._value("extra") or {})
        return out

    def problem(self) -> str | None:
        """What is wrong with the row, None when nothing."""
        if not self.role.currentText().strip():
            return self.tr("no role")
        for name, key in ((self.tr("tool calls"), "tool_calls"),
                          (self.tr("other fields"), "extra")):
            field = self._fields.get(key)
            problem = field.problem() if field is not None else None
            if problem is not None:
                return self.tr("{field}: {problem}").format(field=name, problem=problem)
        return None


class MessagesEditor(QWidget):
    """The rows of a conversation, in a scrolling list, with an "Add message" button.

    Signals:
        changed(): any message changed, or rows were added, removed or moved.
    """

    changed = Signal()

    def __init__(self, parent=None) -> None:
        super().__init__(parent)
        self.rows: list[MessageRow] = []
        self._list = QWidget()
        self._rows_layout = QVBoxLayout(self._list)
        self._rows_layout.setContentsMargins(2, 2, 2, 2)
        self._rows_layout.setSpacing(6)
        self._rows_layout.addStretch(1)
        scroll = QScrollArea()
        scroll.setWidgetResizable(True)
        scroll.setWidget(self._list)
        self.scroll = scroll
        self.scroll.setAccessibleName(self.tr("Messages"))
        self.add_button = QPushButton(self.tr("+ Add message"))
        self.add_button.setToolTip(self.tr("Add a message after the last one (the role that "
                                           "usually comes next)"))
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(scroll, 1)
        layout.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        self.add_button.clicked.connect(self._on_add_clicked)

    def sizeHint(self) -> QSize:
        return QSize(420, 400)

    # -- rows --------------------------------------------------------------------------------
    def set_messages(self, messages: list[dict]) -> None:
        """Replace every row (one ``changed`` at the end)."""
        self._list.hide()  # laid out once when shown again, not once per row inserted
        for row in self.rows:
            self._rows_layout.removeWidget(row)
            row.hide()  # gone now, not at the next event-loop turn
            row.deleteLater()
        self.rows = []
        for message in messages:
            self._append(message)
        self._renumber()
        self._list.show()
        self.changed.emit()

    def add_message(self, message: dict) -> MessageRow:
        row = self._append(message)
        self._renumber()
        self.changed.emit()
        return row

    def _append(self, message: dict) -> MessageRow:
        row = MessageRow()
        row.set_message(message)
        row.changed.connect(self.changed)
        row.move_requested.connect(lambda delta, r=row: self.move(self.rows.index(r), delta))
        row.remove_requested.connect(lambda r=row: self.remove(self.rows.index(r)))
        self.rows.append(row)
        self._rows_layout.insertWidget(len(self.rows) - 1, row)
        return row

    def remove(self, index: int) -> None:
        row = self.rows.pop(index)
        self._rows_layout.removeWidget(row)
        row.hide()
        row.deleteLater()
        self._renumber()
        self.changed.emit()

    def move(self, index: int, delta: int) -> None:
        target = index + delta
        if not 0 <= target < len(self.rows):
            return
        row = self.rows.pop(index)
        self.rows.insert(target, row)
        self._rows_layout.removeWidget(row)
        self._rows_layout.insertWidget(target, row)
        self._renumber()
        self.changed.emit()

    def _renumber(self) -> None:
        for index, row in enumerate(self.rows):
            row.set_index(index, len(self.rows))

    def _on_add_clicked(self) -> None:
        last = self.rows[-1].role.currentText() if self.rows else "assistant"
        role = {"user": "assistant", "tool": "assistant"}.get(last, "user")
        row = self.add_message({"role": role, "content": ""})
        row.content.setFocus()
        self.scroll.ensureWidgetVisible(row)

    # -- values ------------------------------------------------------------------------------
    def messages(self) -> list[dict]:
        """Every row's message.

        Raises:
            JsonError: a row's JSON is invalid (the message names the row).
        """
        out = []
        for index, row in enumerate(self.rows):
            try:
                out.append(row.message())
            except JsonError as err:
                raise JsonError(self.tr("message {index}: {problem}").format(
                    index=index, problem=err), err.line) from None
        return out

    def problems(self) -> list[str]:
        """What is wrong, row by row ("message 2: tool calls: line 1, column 5: …")."""
        out = []
        for index, row in enumerate(self.rows):
            problem = row.problem()
            if problem is not None:
                out.append(self.tr("message {index}: {problem}").format(index=index,
                                                                        problem=problem))
        return out
