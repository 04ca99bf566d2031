"""The workspace through the window: set up the panes, close, build a new window from what was
saved: the same inputs everywhere; missing files said per item; an edited template asks."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtWidgets import QFileDialog

from app.main_window import MainWindow
from app.session import Session
from core.text.offsets import Unit
from core.workspace import read_workspace
from tests.app.conftest import open_and_wait, wait_inspected

CONVERSATION = [
    {"role": "system", "content": "You are terse."},
    {"role": "user", "content": "Weather in Paris?"},
    {"role": "assistant", "content": "",
     "tool_calls": [{"type": "function",
                     "function": {"name": "get_weather", "arguments": {"city": "Paris"}}}]},
    {"role": "tool", "content": "18°C"},
    {"role": "assistant", "content": "18 °C, 晴れ."},
]
TOOLS = [{"type": "function", "function": {"name": "get_weather", "parameters": {
    "type": "object", "properties": {"city": {"type": "string"}}}}}]


def new_window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(Session(settings))
    qtbot.addWidget(win)
    win.show()
    return win


def set_up(qtbot, window, demo_paths, tmp_path):
    """Every pane as a user leaves it after an hour's work."""
    bpe, unigram = demo_paths
    open_and_wait(qtbot, window, bpe)
    open_and_wait(qtbot, window, unigram)
    corpus_file = tmp_path / "data" / "mono.txt"
    corpus_file.parent.mkdir()
    corpus_file.write_text("one line\nanother line\n", encoding="utf-8")
    window.corpus.add_paths([corpus_file])
    qtbot.waitUntil(lambda: window.corpus.model.rowCount() == 1, timeout=10000)
    window.corpus.model.update(0, lang="fr", domain="web", weight=2.5)
    window.session.set_current(0)  # Inspect shows the BPE...
    window.session.set_text("Tokenizers split text 分词")
    window.session.set_unit(Unit.UTF16)
    window.inspect.parse_special.setChecked(True)
    window.inspect.tabs.setCurrentIndex(3)
    window.inspect.as_pieces.click()  # the tokens as chips, one toggle from the text
    chat = window.chat
    chat.set_tokenizer(str(unigram))  # ...Chat the unigram model
    window.session.set_current(1)
    window.session.set_current(0)
    assert chat.tokenizer.path == unigram  # not following Inspect
    from core.chat.conversation import Conversation

    chat.set_conversation(Conversation(CONVERSATION, TOOLS, None))
    chat.picker.choose(["builtin", "chatml"])
    chat.template_editor.setPlainText(chat.template_editor.toPlainText() + "{# mine #}")
    assert chat.picker.edited.text() == "(edited)"
    chat.variables.set_variables({"bos_token": "<s>"})
    chat.context.setValue(4096)
    window.diff.restore_state(type("D", (), {"a": unigram, "b": bpe, "hidden": 2048,
                                             "dtype": "fp16", "tied": True})())
    qtbot.waitUntil(lambda: window.diff.slot_b.loaded is not None
                    and window.diff.slot_a.loaded is not None, timeout=10000)
    set_up_align_diagnostics_train(window, tmp_path)
    window.panes.setCurrentWidget(window.diff)
    window.session.last_folders["corpus"] = str(corpus_file.parent)
    return corpus_file


def set_up_align_diagnostics_train(window, tmp_path):
    """Align: a dataset, one tokenizer of two ticked, its settings; Diagnostics: a parallel
    folder with one language of three left out, a template, its numbers; Train: a config."""
    dataset = tmp_path / "data" / "spans.jsonl"
    dataset.parent.mkdir(exist_ok=True)
    dataset.write_text('{"text": "Paris is big", "entities": [[0, 5, "LOC"]]}\n',
                       encoding="utf-8")
    align = window.align
    align.set_dataset(dataset, start=False)
    align.tokenizer_list.item(0).setCheckState(Qt.CheckState.Unchecked)
    align.mode_box.setCurrentIndex(align.mode_box.findData("contract"))
    align.spans_key.setText("entities")
    align.unit_box.setCurrentIndex(0)  # bytes
    parallel = tmp_path / "parallel"
    parallel.mkdir()
    for code in ("eng_Latn", "fra_Latn", "deu_Latn"):
        (parallel / f"{code}.txt").write_text("one\ntwo\n", encoding="utf-8")
    diagnostics = window.diagnostics
    diagnostics.set_checked([1])
    diagnostics.set_parallel(parallel)
    diagnostics.check_languages(["eng_Latn", "fra_Latn"])
    diagnostics.context_box.setValue(4096)
    diagnostics.round_trip_box.setChecked(True)
    diagnostics.template_box.setCurrentIndex(diagnostics.template_box.findData("chatml"))
    diagnostics._template_chosen()
    train = window.train
    train.form.editors["vocab_size"].setValue(777)
    train.name_edit.setText("my-run")
    return dataset, parallel


def comparable(ws):
    ws.window.geometry = ""  # the platform may place a new window elsewhere
    return ws


def test_closing_and_reopening_restores_every_pane(qtbot, window, demo_paths, tmp_path,
                                                   own_workspace_file, dialogs):
    set_up(qtbot, window, demo_paths, tmp_path)
    template_file = tmp_path / "mine.jinja"
    dialogs.answer("unsaved", "save").answer("save_file", template_file)
    edited = window.chat.template_editor.toPlainText()
    before = window.workspace.capture()
    assert window.close()
    assert dialogs.titles("unsaved"), "the edited template was not asked about"
    assert template_file.read_text(encoding="utf-8") == edited
    saved = read_workspace(own_workspace_file)
    assert saved.chat.template == "file" and saved.chat.template_file == template_file

    again = new_window(qtbot, tmp_path)
    assert again.restore_workspace()
    qtbot.waitUntil(lambda: not again.workspace.restoring and len(again.session.tokenizers) == 2,
                    timeout=20000)
    qtbot.waitUntil(lambda: again.diff.slot_a.loaded is not None
                    and again.diff.slot_b.loaded is not None, timeout=10000)
    after = again.workspace.capture()
    assert again.restore_notes == []
    # what was edited was saved to a file on quit: the new window shows that file, same text
    assert after.chat.template == "file" and after.chat.template_file == template_file
    assert again.chat.template_editor.toPlainText() == edited
    assert not again.chat.picker.is_edited
    before.chat.template, before.chat.template_name = "file", None
    before.chat.template_file, before.chat.template_text = template_file, None
    before.window.last_folders["template"] = template_file.parent  # where it was saved
    # splitters: a pane never shown has not laid its splitters out yet; the one shown agrees
    shown = {k: v for k, v in before.window.splitters.items() if k.startswith("diff/")}
    assert {k: v for k, v in after.window.splitters.items() if k.startswith("diff/")} == shown
    before.window.splitters = after.window.splitters = {}
    assert comparable(after) == comparable(before)
    # and what the panes show, not only what they hold
    assert again.inspect.editor.toPlainText() == "Tokenizers split text 分词"
    assert again.inspect.parse_special.isChecked() and again.inspect.tabs.currentIndex() == 3
    assert again.inspect.token_view is again.inspect.chips
    assert again.inspect.unit_box.currentData() == Unit.UTF16
    assert again.chat.tokenizer_box.currentText().startswith("demo-unigram")
    assert again.inspect.tokenizer_box.currentText().startswith("demo-bpe")
    assert [m.role.currentText() for m in again.chat.messages.rows] == [
        m["role"] for m in CONVERSATION]
    assert again.corpus.model.sources[0].weight == 2.5
    assert again.panes.currentWidget() is again.diff
    assert again.align.path_label.text() == "spans.jsonl" and again.align.mode() == "contract"
    assert [again.align.tokenizer_list.item(i).checkState() == Qt.CheckState.Checked
            for i in range(2)] == [False, True]
    assert [t.path for t in again.diagnostics.chosen_tokenizers()] == [demo_paths[1]]
    assert again.diagnostics.use_parallel.isChecked()
    assert again.diagnostics.languages() == ["eng_Latn", "fra_Latn"]
    assert again.diagnostics.settings().template == window.diagnostics.settings().template
    assert again.train.form.config().vocab_size == 777 and again.train.name_edit.text() == "my-run"
    wait_inspected(qtbot, again)


def test_a_missing_dataset_and_parallel_folder_are_said_each(qtbot, window, demo_paths,
                                                             tmp_path, own_workspace_file):
    open_and_wait(qtbot, window, demo_paths[0])
    open_and_wait(qtbot, window, demo_paths[1])
    dataset, parallel = set_up_align_diagnostics_train(window, tmp_path)
    window.close()
    dataset.unlink()
    for file in parallel.iterdir():
        file.unlink()
    parallel.rmdir()
    again = new_window(qtbot, tmp_path)
    again.restore_workspace()
    qtbot.waitUntil(lambda: not again.workspace.restoring and bool(again.restore_notes),
                    timeout=20000)
    assert [(n.code, n.args["path"]) for n in again.restore_notes] == [
        ("workspace.dataset_missing", str(dataset)),
        ("workspace.parallel_missing", str(parallel))]
    assert again.align.path is None and again.diagnostics.use_sources.isChecked()
    assert again.train.form.config().vocab_size == 777  # the rest restored


def test_a_missing_file_is_said_and_the_rest_restored(qtbot, window, demo_paths, tmp_path,
                                                      own_workspace_file):
    corpus_file = set_up(qtbot, window, demo_paths, tmp_path)
    window.chat.picker.revert()
    window.close()
    corpus_file.unlink()
    again = new_window(qtbot, tmp_path)
    again.restore_workspace()
    qtbot.waitUntil(lambda: not again.workspace.restoring and bool(again.restore_notes),
                    timeout=20000)
    assert [(n.code, n.args["path"]) for n in again.restore_notes] == [
        ("workspace.corpus_source_missing", str(corpus_file))]
    assert len(again.session.tokenizers) == 2 and again.corpus.model.rowCount() == 0
    assert again.session.text == "Tokenizers split text 分词"


def test_an_edited_template_asks_before_quitting_and_cancel_keeps_the_window(
        qtbot, window, demo_paths, dialogs, own_workspace_file):
    open_and_wait(qtbot, window, demo_paths[0])
    editor = window.chat.template_editor
    editor.setPlainText(editor.toPlainText() + "x")
    dialogs.answer("unsaved", "cancel")
    assert not window.close()
    assert dialogs.titles("unsaved") and window.isVisible() and window.chat.picker.is_edited
    assert not own_workspace_file.exists()
    dialogs.answer("unsaved", "discard")
    assert window.close()
    assert read_workspace(own_workspace_file).chat.template_text is None  # discarded


def test_switching_templates_asks_and_revert_restores_the_text(qtbot, window, demo_paths,
                                                               dialogs):
    picker, editor = window.chat.picker, window.chat.template_editor
    picker.choose(["builtin", "chatml"])
    original = editor.toPlainText()
    editor.setPlainText("{{ broken")
    editor.mark_error(1)
    dialogs.answer("unsaved", "cancel")
    picker.box.setCurrentIndex(picker.box.findData(json.dumps(["builtin", "inst"])))
    assert picker.choice() == ["builtin", "chatml"] and editor.toPlainText() == "{{ broken"
    picker.revert()
    assert editor.toPlainText() == original and editor.error_line is None
    assert picker.edited.text() == ""


def test_reopening_a_template_file_drops_the_old_edited_mark(qtbot, window, tmp_path):
    picker, editor = window.chat.picker, window.chat.template_editor
    path = tmp_path / "t.jinja"
    path.write_text("{{ messages[0].content }}", encoding="utf-8")
    assert picker.open_file(path)
    editor.setPlainText("changed")
    path.write_text("{{ messages[-1].content }}", encoding="utf-8")
    assert picker.open_file(path)  # the edits were discarded (the conftest's answer)
    assert editor.toPlainText() == "{{ messages[-1].content }}" and not picker.is_edited


def test_a_newer_workspace_is_refused_naming_its_version(qtbot, window, tmp_path, dialogs):
    path = tmp_path / "future.json"
    path.write_text(json.dumps({"workbench_workspace": 99}), encoding="utf-8")
    dialogs.expect("warning")
    window.session.set_text("kept")
    assert not window.open_workspace(path)
    shown = dialogs.texts("warning")
    assert "version 99" in shown[0] and window.session.text == "kept"


def test_file_dialogs_start_in_the_last_folder_of_their_kind(qtbot, window, tmp_path,
                                                             dialogs):
    text = tmp_path / "texts" / "a.txt"
    text.parent.mkdir()
    text.write_text("hello", encoding="utf-8")
    dialogs.answer("open_file", text)
    window.open_text_dialog()
    window.open_text_dialog()
    # the tokenizer dialog is cancelled: a .txt opened as a tokenizer would fail (in a worker)
    dialogs.answer("open_file", None)
    window.open_dialog()  # another kind: the home folder
    from pathlib import Path

    seen = dialogs.texts("open_file")
    assert seen == [str(Path.home()), str(text.parent), str(Path.home())]


def test_a_changed_input_marks_the_diff_stale_and_running_again_clears_it(
        qtbot, window, demo_paths, tmp_path):
    pane = window.diff
    window.panes.setCurrentWidget(pane)
    bpe, unigram = demo_paths
    pane.slot_a.open_path(bpe)
    pane.slot_b.open_path(unigram)
    qtbot.waitUntil(lambda: pane.slot_a.loaded is not None and pane.slot_b.loaded is not None,
                    timeout=20000)
    with qtbot.waitSignal(pane.compared, timeout=60000):
        pane.compare_button.click()
    verdict = pane.badge.text()
    assert not pane.is_stale and pane.stale_label.isHidden()
    pane.slot_a.open_path(unigram)  # A changed: the B-vs-B result would be another one
    qtbot.waitUntil(lambda: pane.slot_a.loaded.path == unigram, timeout=10000)
    assert pane.is_stale and pane.stale_label.isVisible()
    assert pane.badge.text() == verdict and pane.stale_label.veiled(pane.tabs)  # kept, faded
    pane.slot_a.open_path(bpe)  # back as it was: the result is that of the inputs again
    qtbot.waitUntil(lambda: pane.slot_a.loaded.path == bpe, timeout=10000)
    assert not pane.is_stale and not pane.stale_label.veiled(pane.tabs)
    corpus = tmp_path / "c.txt"
    corpus.write_text("more text\n", encoding="utf-8")
    window.corpus.add_paths([corpus])  # the corpus is an input too
    qtbot.waitUntil(lambda: pane.is_stale, timeout=10000)
    with qtbot.waitSignal(pane.compared, timeout=60000):
        pane.compare_button.click()
    assert not pane.is_stale and pane.stale_label.isHidden()


def test_a_geometry_from_a_larger_screen_is_fitted_onto_this_one(qtbot, window, tmp_path):
    from PySide6.QtCore import QRect

    from app.workspace import fit_onto_screen

    available = window.screen().availableGeometry()
    too_big = QRect(available.right() - 100, available.top() + 50,
                    available.width() + 400, available.height() + 300)
    window.setGeometry(too_big)  # as a geometry saved on a larger screen may come back
    assert not available.contains(window.geometry())
    fit_onto_screen(window)
    assert available.contains(window.geometry()), (window.geometry(), available)
    ws = window.workspace.capture()  # and through a restore
    again = new_window(qtbot, tmp_path)
    again.workspace.restore(ws)
    qtbot.waitUntil(lambda: not again.workspace.restoring, timeout=10000)
    assert available.contains(again.geometry())


def test_every_pane_dialog_starts_in_the_last_folder_of_its_kind(qtbot, window, tmp_path,
                                                                  monkeypatch):
    """Two dialogs of one kind in different panes: the second starts where the first ended;
    a save dialog suggests its name there; a kind never used starts in the home folder."""
    from pathlib import Path

    seen = []
    folder = tmp_path / "configs"
    folder.mkdir()
    chosen = folder / "mine.json"
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda parent, title, start, *a: seen.append(start) or ("", ""))
    monkeypatch.setattr(QFileDialog, "getSaveFileName",
                        lambda parent, title, start, *a: seen.append(start) or (str(chosen), ""))
    monkeypatch.setattr(QFileDialog, "getOpenFileNames",
                        lambda parent, title, start, *a: seen.append(start) or ([], ""))
    window.train._on_load_clicked()  # config: never used, the home folder
    window.train._on_save_config_clicked()  # suggests training.json in the home folder
    window.train._on_load_clicked()  # where the save ended
    window.corpus._on_add_files_clicked()  # another kind
    window.chat._on_load_clicked()
    window.align.open_dialog()
    home = str(Path.home())
    assert seen == [home, str(Path.home() / "training.json"), str(folder), home, home, home]
    assert window.session.last_folders["config"] == folder


def test_replacing_an_edited_conversation_asks(qtbot, window, tmp_path, monkeypatch):
    chat = window.chat
    saved = tmp_path / "talk.json"
    saved.write_text(json.dumps({"messages": CONVERSATION[:2]}), encoding="utf-8")
    opened = []
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        lambda *a: opened.append(1) or (str(saved), ""))
    asked = []
    monkeypatch.setattr("app.ask.ask_unsaved", lambda *args: asked.append(args[2]) or "cancel")
    chat._on_load_clicked()  # the sample conversation, not edited: no question
    assert asked == [] and len(chat.messages.rows) == 2 and not chat.conversation_edited
    chat.messages.rows[1].content.setPlainText("Weather in Lyon?")
    assert chat.conversation_edited
    chat._on_load_clicked()  # Cancel: nothing replaced, no file asked for
    assert len(asked) == 1 and "conversation" in asked[0] and len(opened) == 1
    assert chat.messages.rows[1].content.toPlainText() == "Weather in Lyon?"
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"workbench_workspace": 1}), encoding="utf-8")
    assert not window.open_workspace(other)  # a workspace replaces it too: asked, cancelled
    assert len(asked) == 2 and chat.messages.rows[1].content.toPlainText() == "Weather in Lyon?"
    target = tmp_path / "kept.json"
    monkeypatch.setattr(QFileDialog, "getSaveFileName", lambda *a: (str(target), ""))
    monkeypatch.setattr("app.ask.ask_unsaved", lambda *args: asked.append(args[2]) or "save")
    chat._on_load_clicked()  # Save: written to a file, then the other one loaded
    assert json.loads(target.read_text(encoding="utf-8"))["messages"][1]["content"] == (
        "Weather in Lyon?")
    assert chat.messages.rows[1].content.toPlainText() == "Weather in Paris?"
    assert not chat.conversation_edited


def test_a_training_config_the_pane_cannot_take_is_said_and_the_rest_restored(qtbot, window):
    from core.workspace import TrainSetup

    said = []
    window.train.status.connect(said.append)
    before = window.train.form.config()
    window.train.restore_state(TrainSetup({"vocab_sise": 5}, "kept"))
    assert window.train.form.config() == before and window.train.name_edit.text() == "kept"
    assert said and "vocab_sise" in said[0]
