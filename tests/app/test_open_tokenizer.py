"""Opening tokenizers in the window: rank files (preset and special tokens asked once, the file
parsed once and off the GUI thread), folders, and saving what was opened as a bundle."""

from __future__ import annotations

import threading

from PySide6.QtCore import QItemSelectionModel, Qt
from PySide6.QtWidgets import QDialog

import core.formats.tiktoken.runtime as tiktoken_runtime
from app.main_window import tokenizer_filter
from app.widgets.rank_file_dialog import RankFileDialog
from core.bundles.bundle import import_tokenizer
from core.loading import open_tokenizer
from core.formats.tiktoken.presets import preset
from core.formats.tiktoken.runtime import RankFile
from tests.app.conftest import answer_rank_file_dialog
from tests.core.builders import rank_file_bytes, tiktoken_ranks, write_tokenizer_json

N_RANKS = len(tiktoken_ranks())


def _rank_file(tmp_path):
    path = tmp_path / "ranks.tiktoken"
    path.write_bytes(rank_file_bytes())
    return path


def _wait_opened(qtbot, window, count=1):
    qtbot.waitUntil(lambda: len(window.session.tokenizers) >= count and not window.tasks.busy,
                    timeout=20000)
    return window.session.tokenizers[-1]


def test_rank_file_is_parsed_once_off_the_gui_thread(qtbot, window, tmp_path, monkeypatch):
    calls = []
    real = tiktoken_runtime.parse_rank_file

    def counting(*args, **kwargs):
        calls.append(threading.current_thread() is threading.main_thread())
        return real(*args, **kwargs)

    monkeypatch.setattr(tiktoken_runtime, "parse_rank_file", counting)
    answer_rank_file_dialog(monkeypatch, "qwen")
    assert window.open_path(_rank_file(tmp_path))
    loaded = _wait_opened(qtbot, window)
    assert calls == [False]  # once, and not on the GUI thread
    assert loaded.source.options["preset"] == "qwen"
    assert loaded.runtime.special == preset("qwen").special_tokens(N_RANKS)


def test_special_tokens_from_the_dialog_are_used_and_saved(qtbot, window, tmp_path,
                                                           monkeypatch, dialogs):
    rows = [("<|endoftext|>", N_RANKS), ("<|im_start|>", N_RANKS + 1), ("<think>", N_RANKS + 5)]
    answer_rank_file_dialog(monkeypatch, "qwen", rows)
    window.open_path(_rank_file(tmp_path))
    loaded = _wait_opened(qtbot, window)
    assert loaded.runtime.special == dict(rows)
    assert loaded.runtime.encode("<think>", parse_special=True).ids.tolist() == [N_RANKS + 5]
    dest = tmp_path / "saved.zip"
    dialogs.answer("save_file", dest)
    window.save_bundle_dialog()
    qtbot.waitUntil(lambda: dest.exists() and not window.tasks.busy, timeout=20000)
    again = open_tokenizer(dest)
    assert again.manifest["tokenizer"]["options"]["special"] == dict(rows)
    assert again.runtime.special == dict(rows)


def test_save_keeps_the_preset_chosen_when_opening(qtbot, window, tmp_path, monkeypatch, dialogs):
    # File > Save detected the file again without its options: the qwen preset became cl100k
    answer_rank_file_dialog(monkeypatch, "qwen")
    source = _rank_file(tmp_path)
    window.open_path(source)
    loaded = _wait_opened(qtbot, window)
    dest = tmp_path / "bundle"
    dialogs.answer("save_file", dest)
    window.save_bundle_dialog()
    qtbot.waitUntil(lambda: dest.exists() and not window.tasks.busy, timeout=20000)
    bundle = open_tokenizer(dest)
    assert bundle.manifest["tokenizer"]["options"]["preset"] == "qwen"
    qwen = preset("qwen").special_tokens(N_RANKS)
    assert {t.content: t.id for t in bundle.runtime.special_tokens()} == qwen
    text = "<|im_start|>user 12345 café<|im_end|>"
    assert (bundle.runtime.encode(text, parse_special=True).ids.tolist()
            == loaded.runtime.encode(text, parse_special=True).ids.tolist())
    assert bundle.runtime.encode("<|im_start|>", parse_special=True).ids.tolist() == [
        qwen["<|im_start|>"]]


def test_cancelling_the_dialog_opens_nothing(qtbot, window, tmp_path, monkeypatch):
    monkeypatch.setattr(RankFileDialog, "exec", lambda dialog: QDialog.DialogCode.Rejected)
    window.open_path(_rank_file(tmp_path))
    qtbot.waitUntil(lambda: "was not opened" in window.status_label.text(), timeout=20000)
    assert window.session.tokenizers == []


def test_dialog_checks_the_special_tokens_table(qtbot):
    ranks = RankFile.parse(rank_file_bytes())
    dialog = RankFileDialog("ranks.tiktoken", ranks)
    qtbot.addWidget(dialog)
    assert dialog.special_tokens() is None  # empty table: the preset's own
    row = dialog.add_row("<a>")
    assert dialog.table.item(row, 1).text() == str(N_RANKS)  # the first free id
    dialog.add_row("<b>", N_RANKS)
    dialog.accept()
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "row 2 (<b>): ID" in dialog.error.text() and "already <a>" in dialog.error.text()
    assert dialog.error.textFormat() == Qt.TextFormat.PlainText  # "<b>" is a name, not bold
    dialog.table.item(1, 1).setText("5")
    assert dialog.error.text() == ""  # an edit clears the message
    dialog.accept()
    assert "already a rank" in dialog.error.text()
    dialog.table.item(1, 0).setText(" ")
    dialog.table.item(1, 1).setText(str(N_RANKS + 1))
    dialog.accept()
    assert "row 2: the name is empty" in dialog.error.text()
    # not selectRow: it extends the selection while an earlier test's Shift-click leaves the
    # application's keyboard modifiers at Shift (offscreen QTest), removing both rows
    dialog.table.selectionModel().select(
        dialog.table.model().index(1, 0),
        QItemSelectionModel.SelectionFlag.ClearAndSelect | QItemSelectionModel.SelectionFlag.Rows)
    dialog.remove_selected()
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    assert dialog.special_tokens() == {"<a>": N_RANKS}


def test_open_dialog_shows_all_files_first():
    # names like tokenizer.model.v1 match no pattern; the format is detected by content
    assert tokenizer_filter().split(";;")[0] == "All files (*)"


def test_open_dialog_offers_gguf_files():
    assert "*.gguf" in tokenizer_filter().split(";;")[1]


def test_open_folder_opens_a_folder_bundle(qtbot, window, tmp_path, dialogs):
    bundle = import_tokenizer(write_tokenizer_json(tmp_path / "src"), tmp_path / "bundle")
    dialogs.answer("directory", bundle)
    assert window.open_folder_action.text()
    window.open_folder_action.trigger()
    loaded = _wait_opened(qtbot, window)
    assert loaded.is_bundle and loaded.manifest["format"] == "tokbench-bundle"
    assert loaded.path == bundle and "(bundle)" in loaded.label


def test_fingerprints_are_computed_in_the_open_job_not_on_the_gui_thread(qtbot, window, tmp_path,
                                                                        monkeypatch):
    """The Tokenizer tab shows both fingerprints; hashing a large vocabulary takes seconds, so
    the open job computes them and the tab reads the cache."""
    import core.bundles.fingerprints as fingerprints

    threads = []
    real = fingerprints.behaviour_fingerprint

    def recording(runtime):
        threads.append(threading.current_thread() is threading.main_thread())
        return real(runtime)

    monkeypatch.setattr(fingerprints, "behaviour_fingerprint", recording)
    assert window.open_path(write_tokenizer_json(tmp_path))
    loaded = _wait_opened(qtbot, window)
    window.inspect.info.set_tokenizer(loaded)  # what the Tokenizer tab shows on selection
    assert "behaviour" in window.inspect.info.summary.text()
    assert threads == [False]  # once, in the worker
    assert fingerprints.fingerprint(loaded.runtime) == {
        "behaviour": real(loaded.runtime), "vocabulary": fingerprints.vocabulary_fingerprint(
            loaded.runtime)}
    assert threads == [False]  # showing it again reads the cache
