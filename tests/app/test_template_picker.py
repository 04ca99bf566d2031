"""The template picker: entries, transformers' choice with tools, and the user's edits kept."""

from __future__ import annotations

import pytest

from app.widgets.template_editor import TemplateEditor
from app.widgets.template_picker import TemplatePicker
from core.chat import CHATML

pytestmark = pytest.mark.gui
NAMED = {"default": "A {{ messages }}", "tool_use": "B {{ tools }}"}


@pytest.fixture
def picker(qtbot):
    editor = TemplateEditor()
    picker = TemplatePicker(editor)
    qtbot.addWidget(editor)
    qtbot.addWidget(picker)
    return picker


def test_named_templates_are_chosen_as_transformers_does(picker):
    assert picker.editor.toPlainText() == CHATML  # no tokenizer template: the built-in
    picker.set_own(NAMED)
    assert [picker.box.itemText(i) for i in range(3)] == [
        "Tokenizer's own (chosen as transformers does)", "Tokenizer's own: default",
        "Tokenizer's own: tool_use"]
    assert picker.editor.toPlainText() == NAMED["default"]
    picker.set_tools([{"type": "function"}])
    assert picker.editor.toPlainText() == NAMED["tool_use"]
    assert picker.edited.text() == ""


def test_edits_are_kept_until_the_user_picks_another_entry(picker):
    picker.set_own(NAMED)
    picker.editor.setPlainText("my own {{ messages }}")
    assert picker.edited.text() == "(edited)"
    picker.set_tools([{"type": "function"}])  # would choose tool_use: the edits win
    picker.set_own({"default": "other tokenizer"})
    assert picker.editor.toPlainText() == "my own {{ messages }}"
    picker.box.setCurrentIndex(picker.box.findText("Built-in: [INST] (Llama 2 / Mistral style)"))
    assert picker.editor.toPlainText().startswith("{{ bos_token")
    assert picker.edited.text() == ""
    picker.set_own("a third tokenizer's")  # a built-in picked by hand stays picked
    assert picker.box.currentText().startswith("Built-in: [INST]")


def test_a_file_with_no_template_is_refused_with_its_name(picker, tmp_path, qtbot):
    config = tmp_path / "tokenizer_config.json"
    config.write_text('{"chat_template": [{"name": "x"}]}', encoding="utf-8")
    with qtbot.waitSignal(picker.failed) as said:
        assert not picker.open_file(config)
    assert "tokenizer_config.json" in said.args[0] and "chat_template" in said.args[0]
