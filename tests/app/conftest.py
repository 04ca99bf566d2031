"""GUI fixtures: a main window with its own settings file, and the demo tokenizers."""

from __future__ import annotations

import os
import time

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

import pytest
from PySide6.QtCore import QSettings, QThreadPool

from app.main_window import DEMO_TOKENIZERS, MainWindow
from app.session import Session
from tests.app.dialogs import ModalGuard

# every test that uses qtbot (these fixtures do) is marked gui by tests/conftest.py


@pytest.fixture(autouse=True)
def dialogs(monkeypatch):
    """No modal dialog blocks a test (tests/app/dialogs.py): one the test did not announce
    (``dialogs.expect(kind)``, ``dialogs.answer(kind, value)``) fails it where it opened and
    at teardown; an unsaved-edits question is answered Discard unless a test answers it."""
    guard = ModalGuard().install(monkeypatch)
    yield guard
    unexpected = guard.unexpected()
    if unexpected:
        pytest.fail("modal dialogs opened under test (each would wait for a click for ever): "
                    + "; ".join(map(str, unexpected)), pytrace=False)


JOBS_END_S = 60  # how long a test's worker jobs may run on once its windows are closed


@pytest.fixture(autouse=True)
def no_job_outlives_its_test(qapp):
    """A test's worker jobs end before the next test starts. Its windows are closed first
    (pytest-qt, before fixtures are torn down; closing cancels every job), then this waits
    for Qt's global pool and the chart thread to be idle. A job left running competes with
    the next test: measured, the Corpus pane's first test left its chart drawing (matplotlib's
    first figure of the session) 3 s into the next test at load 14, Python holding the GIL
    while that test waited for its own job or measured GUI stalls; a job on the global pool
    (2 threads on 2 cores) would also make the next one queue. One still running a minute on
    fails the test that started it."""
    yield
    from app.tasks import chart_pool

    deadline = time.monotonic() + JOBS_END_S
    for name, pool in (("worker", QThreadPool.globalInstance()), ("chart", chart_pool())):
        while not pool.waitForDone(100):
            if time.monotonic() > deadline:
                pytest.fail(f"{pool.activeThreadCount()} {name} job(s) still ran {JOBS_END_S} s "
                            "after the test ended and its windows closed", pytrace=False)


@pytest.fixture(autouse=True)
def own_workspace_file(tmp_path, monkeypatch):
    """Each test's window saves its workspace in the test's folder, never the user's app-data
    folder."""
    path = tmp_path / "app-data" / "workspace.json"
    monkeypatch.setattr("app.main_window.default_file", lambda: path)
    return path


@pytest.fixture
def window(qtbot, tmp_path):
    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    win = MainWindow(Session(settings))
    win.resize(1200, 800)
    qtbot.addWidget(win)
    win.show()
    yield win
    win.tasks.wait(5000)


def answer_rank_file_dialog(monkeypatch, preset_name: str, rows=(), seen=None):
    """Make the rank file dialog answer as a user would: pick a preset, fill the table, OK."""
    from app.widgets.rank_file_dialog import RankFileDialog

    def exec_(dialog: RankFileDialog) -> int:
        if seen is not None:
            seen.append(dialog)
        dialog.preset.setCurrentIndex(dialog.preset.findData(preset_name))
        for name, token_id in rows:
            dialog.add_row(name, token_id)
        dialog.accept()
        return dialog.result()

    monkeypatch.setattr(RankFileDialog, "exec", exec_)


def open_and_wait(qtbot, window, path, count=None):
    """Open a tokenizer through the window, as the user's File > Open does."""
    expected = (count or len(window.session.tokenizers) + 1)
    assert window.open_path(path)
    qtbot.waitUntil(lambda: len(window.session.tokenizers) >= expected, timeout=20000)


def wait_inspected(qtbot, window, timeout=20000):
    pane = window.inspect
    qtbot.waitUntil(lambda: not pane._debounce.isActive() and not window.tasks.busy
                    and pane.result is not None
                    and pane.result.encoding.text == window.session.text
                    and pane.token_view.encoding is pane.result.encoding
                    and not pane.token_view.drawing, timeout=timeout)  # all on screen
    return pane.result


@pytest.fixture
def demo_paths():
    for path in DEMO_TOKENIZERS:
        if not path.exists():
            pytest.fail(f"demo tokenizer missing: {path} (run `make demo`)")
    return DEMO_TOKENIZERS


@pytest.fixture(autouse=True, scope="session")
def english_translations(qapp):
    """Tests see the English the app shows: its plural forms (``1 merge``, ``3 merges``) come
    from the English translation file, as at startup (``app.i18n``)."""
    from app import i18n

    i18n.install_language("en", qapp)


@pytest.fixture
def chinese(qapp):
    """The Chinese translation installed for one test (English again after it); ask for it
    before ``window`` so that the window is built in Chinese. Yields the files that loaded."""
    from app import i18n

    loaded = i18n.install_language("zh_CN", qapp)
    yield loaded
    i18n.install_language("en", qapp)
