"""The rank-file dialog notices a preset whose special IDs are ranks of the file (Qwen 3.6's
248,044 ranks against cl100k's ``<|endoftext|>`` = 100257), says so, and proposes what fits;
the proposal opens and encodes as tiktoken does with those special tokens."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialog

from app.widgets.rank_file_dialog import RankFileDialog
from core.formats.tiktoken.presets import CL100K_PATTERN
from core.formats.tiktoken.runtime import RankFile, load_tiktoken
from tests.core.builders import rank_file_bytes
from tests.core.formats.tiktoken.test_runtime import assert_equals_tiktoken, big_ranks


def _big_rank_file(tmp_path):
    ranks = big_ranks()
    path = tmp_path / "qwen3_6.tiktoken"
    path.write_bytes(rank_file_bytes(ranks))
    return path, ranks


def test_collision_is_said_and_the_proposal_opens_as_tiktoken(qtbot, tmp_path):
    path, ranks = _big_rank_file(tmp_path)
    dialog = RankFileDialog(path.name, RankFile.read(path))
    qtbot.addWidget(dialog)
    dialog.show()
    assert dialog.preset_name() == "cl100k"  # no preset has 100,300 ranks: cl100k's regex
    assert dialog.fit_label.isVisible() and dialog.move_button.isVisible()
    said = dialog.fit_label.text()
    assert "5 special token(s) of preset cl100k" in said and "100,257–100,276" in said
    assert "0–100,299" in said and "o200k, llama3, qwen" in said
    dialog.accept()  # as it is, the file would not open: the dialog stays, saying why
    assert dialog.result() != QDialog.DialogCode.Accepted
    assert "does not fit" in dialog.error.text() and "from ID 100,300" in dialog.error.text()

    qtbot.mouseClick(dialog.move_button, Qt.MouseButton.LeftButton)
    special = dialog.special_tokens()
    assert list(special.values()) == list(range(100300, 100305))
    assert "<|endoftext|>" in special and not dialog.fit_label.isVisible()
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted
    runtime = load_tiktoken(path, preset=dialog.preset_name(), special=special)
    assert_equals_tiktoken(runtime, CL100K_PATTERN, ranks, special)


def test_a_preset_that_fits_says_nothing(qtbot, tmp_path):
    path, _ = _big_rank_file(tmp_path)
    dialog = RankFileDialog(path.name, RankFile.read(path))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.preset.setCurrentIndex(dialog.preset.findData("qwen"))
    assert not dialog.fit_label.isVisible() and not dialog.move_button.isVisible()
    dialog.accept()
    assert dialog.result() == QDialog.DialogCode.Accepted and dialog.special_tokens() is None


def test_the_window_opens_the_proposal(qtbot, window, tmp_path, monkeypatch):
    path, ranks = _big_rank_file(tmp_path)

    def click_the_proposal(dialog: RankFileDialog) -> int:
        dialog.move_button.click()
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(RankFileDialog, "exec", click_the_proposal)
    assert window.open_path(path)
    qtbot.waitUntil(lambda: bool(window.session.tokenizers) and not window.tasks.busy,
                    timeout=30000)
    loaded = window.session.tokenizers[-1]
    assert loaded.source.options["preset"] == "cl100k"
    assert loaded.runtime.special["<|endoftext|>"] == 100300
    assert_equals_tiktoken(loaded.runtime, CL100K_PATTERN, ranks, loaded.runtime.special)
