"""The chips view draws in chunks over several event-loop turns: a view deleted meanwhile stops."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QCoreApplication, QEvent

from app.main_window import DEMO_TOKENIZERS
from app.widgets.token_view import TokenChipsView
from core.formats.detect import load_tokenizer

pytestmark = pytest.mark.gui


def test_a_view_deleted_while_drawing_leaves_no_chunk_behind(qtbot):
    """A chunk still to draw when the view is deleted (a closed window, a replaced pane) is
    dropped, not run on the deleted view (it raised "Signal source has been deleted")."""
    enc = load_tokenizer(DEMO_TOKENIZERS[0]).encode("Hello world, 世界 👋 " * 400)
    view = TokenChipsView()
    view.set_encoding(enc)
    assert view.drawing  # more than one chunk: the rest waits for later turns
    view.deleteLater()
    QCoreApplication.sendPostedEvents(view, QEvent.Type.DeferredDelete)
    qtbot.wait(100)  # pytest-qt fails the test on an exception raised in the event loop


COPY_THEN_EXIT = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication
from app.main_window import DEMO_TOKENIZERS
from app.widgets.token_view import TokenChipsView
from core.formats.detect import load_tokenizer
app = QApplication([])
view = TokenChipsView()
view.set_encoding(load_tokenizer(DEMO_TOKENIZERS[0]).encode("Hello 世界"))
view.selectAll()
view.copy()
assert QApplication.clipboard().text() == "Hello 世界", QApplication.clipboard().text()
"""


def test_copying_chips_then_exiting_does_not_crash(tmp_path):
    """The clipboard keeps the copied chips' data until exit; deleting it after Python is gone
    crashed the process (exit code 139) once every test had passed."""
    import subprocess
    import sys
    from pathlib import Path

    done = subprocess.run([sys.executable, "-c", COPY_THEN_EXIT], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2], timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
