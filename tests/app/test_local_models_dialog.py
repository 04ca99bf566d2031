"""*File → Open local model…*: the stores of a temporary HOME listed (scanned and opened off the
GUI thread), searched, opened into the session by name, remembered by name; the Chat pane's
word about an Ollama model that has only a Go template."""

from __future__ import annotations

import threading

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from app.models.local_models import (FORMAT, NAME, REVISION, SIZE, SOURCE, TEMPLATE, VOCABULARY)
from app.widgets import go_template_notice, local_models_dialog
from app.widgets.local_models_dialog import LocalModelsDialog
from core.loading import open_tokenizer
from core.models import resolve_model
from core.numbers import size_text
from tests.core.builders import _bpe_tokenizer_json
from tests.core.gguf_files import write_gguf
from tests.core.models.layouts import (hf_snapshot, home, hub_of, lmstudio_model,  # noqa: F401
                                       ollama_model)

GO_TEMPLATE = "{{ .System }}<|user|>{{ .Prompt }}<|assistant|>"


@pytest.fixture
def stores(home, tmp_path):  # noqa: F811
    hf_snapshot(hub_of(home), "acme/tiny", {
        "tokenizer.json": _bpe_tokenizer_json().encode(),
        "chat_template.jinja": b"{% for m in messages %}{{ m['content'] }}{% endfor %}"})
    lmstudio_model(home / ".lmstudio" / "models", "pub", "Tiny-GGUF",
                   {"Tiny-Q4_0.gguf": write_gguf(tmp_path / "a.gguf"),
                    "Tiny-Q8_0.gguf": b"GGUF\x03\x00\x00\x00 cut short"})
    ollama_model(home / ".ollama" / "models", ("registry.ollama.ai", "library", "tiny", "1b"),
                 write_gguf(tmp_path / "b.gguf"), template=GO_TEMPLATE)
    return home


def listed(qtbot, dialog) -> list[list[str]]:
    """The rows once every model is opened, as the table shows them."""
    qtbot.waitUntil(lambda: bool(dialog.model.rows) and dialog.model.next_to_describe() is None
                    and "found" in dialog.status.text(), timeout=30000)
    model = dialog.proxy
    return [[model.index(r, c).data() for c in range(model.columnCount())]
            for r in range(model.rowCount())]


def test_the_dialog_lists_every_store_scanning_off_the_gui_thread(qtbot, window, stores,
                                                                   monkeypatch):
    threads = []

    def watched(fn):
        def run(*args, **kwargs):
            threads.append(threading.current_thread() is threading.main_thread())
            return fn(*args, **kwargs)
        return run

    monkeypatch.setattr(local_models_dialog, "find_models", watched(local_models_dialog.find_models))
    monkeypatch.setattr(local_models_dialog, "describe", watched(local_models_dialog.describe))
    dialog = LocalModelsDialog(window.tasks, window)
    qtbot.addWidget(dialog)
    rows = listed(qtbot, dialog)
    assert threads and not any(threads)  # every scan and every opening ran in a worker
    by_name = {row[NAME]: row for row in rows}
    assert set(by_name) == {"acme/tiny", "pub/Tiny-GGUF", "tiny:1b"}
    hf = open_tokenizer("acme/tiny")
    assert by_name["acme/tiny"][SOURCE] == "Hugging Face"
    assert by_name["acme/tiny"][FORMAT] == "tokenizer.json"
    assert by_name["acme/tiny"][VOCABULARY] == f"{hf.runtime.vocab_size:,}"
    assert by_name["acme/tiny"][TEMPLATE] == "yes" and "(main)" in by_name["acme/tiny"][REVISION]
    assert by_name["tiny:1b"][TEMPLATE] == "Go template (Ollama)"
    assert by_name["tiny:1b"][SOURCE] == "Ollama"
    assert by_name["tiny:1b"][SIZE] == size_text(resolve_model("tiny:1b").model.size)
    q8 = [row for row in rows if row[REVISION] == "Q8_0"]
    assert q8 and q8[0][FORMAT] == "does not open"
    assert "1 model" not in dialog.status.text() and "4 models found" in dialog.status.text()


def test_search_keeps_rows_holding_every_word_and_a_broken_row_does_not_open(qtbot, window,
                                                                             stores):
    dialog = LocalModelsDialog(window.tasks, window)
    qtbot.addWidget(dialog)
    listed(qtbot, dialog)
    qtbot.keyClicks(dialog.search, "tiny gguf")
    names = {dialog.proxy.index(r, NAME).data() for r in range(dialog.proxy.rowCount())}
    assert names == {"pub/Tiny-GGUF", "tiny:1b"}  # both GGUFs (format column), not acme/tiny
    dialog.search.setText("q8_0")
    assert dialog.proxy.rowCount() == 1
    dialog.table.selectRow(0)
    assert dialog.chosen_spec() is None and not dialog.open_button.isEnabled()
    tip = dialog.proxy.index(0, NAME).data(Qt.ItemDataRole.ToolTipRole)
    assert "Tiny-Q8_0.gguf" in tip
    dialog.search.setText("ollama")
    dialog.table.selectRow(0)
    assert dialog.chosen_spec() == "ollama:tiny:1b" and dialog.open_button.isEnabled()


def test_the_chosen_model_opens_by_name_and_is_remembered_by_name(qtbot, window, stores,
                                                                  monkeypatch):
    def choose(dialog):
        listed(qtbot, dialog)
        dialog.search.setText("acme")
        dialog.table.selectRow(0)
        dialog.accept()
        return QDialog.DialogCode.Accepted

    monkeypatch.setattr(LocalModelsDialog, "exec", choose)
    window.open_model_dialog()
    qtbot.waitUntil(lambda: len(window.session.tokenizers) == 1, timeout=20000)
    loaded = window.session.tokenizers[0]
    assert loaded.runtime.name == "acme/tiny" and loaded.model.source == "hf"
    assert window.session.recent_files()[0] == "hf:acme/tiny@main"
    assert [a.text() for a in window.recent_menu.actions()][0] == "hf:acme/tiny@main"


def test_a_name_typed_opens_in_a_worker(qtbot, window, stores):
    assert window.open_path("tiny:1b")
    qtbot.waitUntil(lambda: len(window.session.tokenizers) == 1, timeout=20000)
    assert window.session.tokenizers[0].format == "gguf"
    assert window.session.recent_files() == ["tiny:1b"]


def test_a_name_nowhere_says_where_it_looked(qtbot, window, stores, dialogs):
    dialogs.expect("warning")
    window.open_path("acme/nothing")
    qtbot.waitUntil(lambda: bool(dialogs.texts("warning")), timeout=20000)
    shown = dialogs.texts("warning")
    assert "no file, folder or local model named acme/nothing" in shown[0]
    assert str(hub_of(stores)) in shown[0]


def test_the_chat_pane_shows_an_ollama_go_template_read_only(qtbot, window, stores, monkeypatch):
    assert window.open_path("tiny:1b")
    qtbot.waitUntil(lambda: len(window.session.tokenizers) == 1, timeout=20000)
    window.panes.setCurrentWidget(window.chat)
    notice = window.chat.go_notice
    qtbot.waitUntil(notice.isVisible, timeout=5000)
    assert "only Ollama's Go template" in notice.label.text()
    seen = []

    def look(dialog):
        seen.append((dialog.text.toPlainText(), dialog.text.isReadOnly()))
        return QDialog.DialogCode.Rejected

    monkeypatch.setattr(go_template_notice.GoTemplateDialog, "exec", look)
    qtbot.mouseClick(notice.button, Qt.MouseButton.LeftButton)
    assert seen == [(GO_TEMPLATE, True)]
    assert window.open_path("acme/tiny")
    qtbot.waitUntil(lambda: len(window.session.tokenizers) == 2, timeout=20000)
    # the Chat pane keeps its own tokenizer (issue #23): the user picks the new one there
    window.chat.set_tokenizer(window.session.tokenizers[-1].path)
    qtbot.waitUntil(lambda: not notice.isVisible(), timeout=5000)  # its own Jinja template
    assert window.chat.picker.own == "{% for m in messages %}{{ m['content'] }}{% endfor %}"
