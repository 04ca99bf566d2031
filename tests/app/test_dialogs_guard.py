"""The guard that keeps modal dialogs from blocking the GUI tests (tests/app/dialogs.py)."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QDialog, QFileDialog, QMessageBox

from app import ask
from app.widgets import token_text_view
from app.errors import show_error
from tests.app.dialogs import ModalGuard, UnexpectedDialog


@pytest.fixture
def guard(qapp, monkeypatch):
    return ModalGuard().install(monkeypatch)


def test_an_unannounced_error_box_fails_where_it_opens_and_is_kept_for_teardown(guard):
    with pytest.raises(UnexpectedDialog, match="warning: 'Could not open': 'bad.json: broken'"):
        show_error(None, "Could not open", "bad.json: broken")
    try:  # app code that swallows the error does not hide the dialog from the teardown check
        QMessageBox.question(None, "Sure?", "Really?")
    except UnexpectedDialog:
        pass
    assert [str(s) for s in guard.unexpected()] == [
        "warning: 'Could not open': 'bad.json: broken'", "question: 'Sure?': 'Really?'"]


def test_every_modal_kind_is_caught_not_shown(guard, qapp):
    calls = [lambda: QFileDialog.getOpenFileName(None, "Open", "/start"),
             lambda: QFileDialog.getSaveFileName(None, "Save", "/start"),
             lambda: QFileDialog.getExistingDirectory(None, "Folder", "/start"),
             lambda: QFileDialog.getOpenFileNames(None, "Files", "/start"),
             lambda: QMessageBox.information(None, "Note", "text"),
             lambda: QMessageBox(QMessageBox.Icon.Warning, "Box", "text").exec(),
             lambda: QDialog().exec(),
             lambda: token_text_view.QMenu().exec()]  # as the app's modules make menus
    for call in calls:
        with pytest.raises(UnexpectedDialog):
            call()
    assert [s.kind for s in guard.shown] == ["open_file", "save_file", "directory", "open_files",
                                             "information", "dialog", "dialog", "menu"]
    assert guard.shown[5].text == "text" and "QMessageBox 'Box'" in guard.shown[5].title


def test_announced_dialogs_get_the_tests_answer_or_a_cancel(guard, tmp_path):
    guard.answer("save_file", tmp_path / "out.zip").expect("open_file", "dialog")
    assert QFileDialog.getSaveFileName(None, "Save", "/here") == (str(tmp_path / "out.zip"), "")
    assert QFileDialog.getOpenFileName(None, "Open", "/there") == ("", "")  # cancelled
    assert QDialog().exec() == QDialog.DialogCode.Rejected
    assert guard.texts("save_file") == ["/here"] and guard.texts("open_file") == ["/there"]
    assert guard.unexpected() == []
    guard.answer("open_file", lambda parent, title, folder, *rest: (folder + "/a.txt", ""))
    assert QFileDialog.getOpenFileName(None, "Open", "/there") == ("/there/a.txt", "")


def test_the_unsaved_edits_question_is_answered_discard_unless_a_test_answers(guard):
    assert ask.ask_unsaved(None, "Quit", "Save the template?") == "discard"
    guard.answer("unsaved", "cancel")
    assert ask.ask_unsaved(None, "Quit", "Save the template?") == "cancel"
    assert guard.titles("unsaved") == ["Quit", "Quit"] and guard.unexpected() == []
    with pytest.raises(ValueError, match="unknown dialog kind"):
        guard.expect("popup")
