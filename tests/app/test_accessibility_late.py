"""Issue #25: what a window shows after it was built — a run's result tables, rows a user adds,
a dialog a pane opens — is named for screen readers in both languages, and Alt+letters never
collide within a window; charts and the empty Chat tokens view read as text."""

from __future__ import annotations

import base64

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QAbstractButton, QApplication

from app.accessibility import unnamed_widgets
from app.keyboard import mnemonic_of
from app.late_names import LateNames
from tests.app.test_screen_fit import run_every_folding_pane

pytestmark = pytest.mark.gui


def described(widget) -> str:
    names, parent = [], widget
    while parent is not None:
        names.append(type(parent).__name__)
        parent = parent.parentWidget()
    return "/".join(reversed(names[:4]))


def letters_shown(root) -> list[str]:
    """The Alt+letters of the buttons, check and radio boxes a user sees under ``root``."""
    return [mnemonic_of(button.text()) for button in root.findChildren(QAbstractButton)
            if button.isVisible() and mnemonic_of(button.text())]


def wait_named(qtbot, window) -> None:
    """The late pass runs a moment after a pane is shown or a job ends."""
    qtbot.waitUntil(lambda: not window.late_names.timer.isActive(), timeout=3000)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_widgets_made_after_the_window_are_named_with_letters_unique_per_window(
        qapp, qtbot, tmp_path, language):
    from app import i18n
    from app.main_window import MainWindow
    from app.session import Session

    i18n.install_language(language, qapp)
    try:
        window = MainWindow(Session(QSettings(str(tmp_path / "s.ini"),
                                              QSettings.Format.IniFormat)))
        qtbot.addWidget(window)
        window.resize(1280, 720)
        window.show()
        run_every_folding_pane(qtbot, window, tmp_path)  # result tables, folded settings
        chat = window.chat
        window.panes.setCurrentWidget(chat)
        before = len(chat.messages.rows)
        chat.messages.add_button.click()  # a row the user adds
        qtbot.waitUntil(lambda: len(chat.messages.rows) == before + 1, timeout=2000)
        menu = {mnemonic_of(action.text()) for action in window.menuBar().actions()}
        for index in range(window.panes.count()):
            window.panes.setCurrentIndex(index)
            pane = window.panes.widget(index)
            wait_named(qtbot, window)
            assert [described(w) for w in unnamed_widgets(pane)] == [], type(pane).__name__
            letters = letters_shown(pane)
            assert len(letters) == len(set(letters)), (type(pane).__name__, letters)
            assert not menu & set(letters), (type(pane).__name__, letters)
        toggle = window.align.settings_fold.toggle
        assert mnemonic_of(toggle.text())  # the fold's toggle has its Alt+letter too
        if language == "zh_CN":
            assert "设置" in toggle.text()
        window.tasks.wait(5000)
    finally:
        i18n.install_language("en", qapp)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_a_dialog_a_pane_opens_is_named_with_its_own_letters(qapp, qtbot, window, language):
    from app import i18n
    from app.widgets.rank_file_dialog import RankFileDialog
    from core.formats.tiktoken.runtime import RankFile

    i18n.install_language(language, qapp)
    try:
        ranks = b"".join(base64.b64encode(bytes([n])) + b" %d\n" % n for n in range(256))
        dialog = RankFileDialog("tiny.tiktoken", RankFile.parse(ranks), window)
        qtbot.addWidget(dialog)
        dialog.show()
        dialog.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=3000)
        qtbot.waitUntil(lambda: not unnamed_widgets(dialog), timeout=3000)
        letters = letters_shown(dialog)
        assert letters and len(letters) == len(set(letters)), letters
        dialog.reject()
    finally:
        i18n.install_language("en", qapp)


def test_a_widget_that_takes_focus_without_a_name_is_named_then(qtbot, window):
    from PySide6.QtWidgets import QLineEdit

    pane = window.train
    window.panes.setCurrentWidget(pane)
    late = QLineEdit()
    late.setPlaceholderText("Filter the runs")
    pane.layout().addWidget(late)
    assert late in unnamed_widgets(pane)
    window.activateWindow()
    late.setFocus()
    qtbot.waitUntil(late.hasFocus, timeout=2000)
    assert late.accessibleName() == "Filter the runs"
    assert isinstance(window.late_names, LateNames)


def test_the_charts_read_as_the_tables_they_draw(qtbot):
    from app.widgets.live_chart import LiveChart
    from app.widgets.script_chart import ScriptHistogram

    histogram = ScriptHistogram()
    qtbot.addWidget(histogram)
    assert histogram.accessibleDescription() == histogram.placeholder  # before the statistics
    histogram.set_counts({"Latin": 900, "Han": 100})
    assert histogram.accessibleName() == "Characters per script"
    assert histogram.accessibleDescription().splitlines() == [
        "Latin: 900 · 90.0%", "Han: 100 · 10.0%"]
    chart = LiveChart()
    qtbot.addWidget(chart)
    chart.set_axes("Training", "seconds", "merges per second")
    assert chart.accessibleDescription() == chart.placeholder
    for second in range(500):
        chart.append(float(second), 1000.0 + second)
    qtbot.waitUntil(lambda: "499: 1,499" in chart.accessibleDescription(), timeout=3000)
    lines = chart.accessibleDescription().splitlines()
    assert chart.accessibleName() == "Training"
    assert lines[0] == "seconds: merges per second" and len(lines) <= 60
    assert lines[1] == "0: 1,000" and lines[-1] == "499: 1,499"  # the first and the last


def test_the_diff_ratio_chart_reads_as_its_table(qtbot, window, demo_paths):
    pane = window.diff
    window.load_demo()
    qtbot.waitUntil(lambda: len(window.session.tokenizers) >= 2, timeout=20000)
    bars = pane.ratio_bars
    assert bars.accessibleDescription() == bars.placeholder
    from app.main_window import DEMO

    window.corpus.add_paths([DEMO / "corpus.txt"])
    qtbot.waitUntil(lambda: bool(window.session.corpus_sources), timeout=20000)
    pane.set_pair(*window.session.tokenizers[:2])
    with qtbot.waitSignal(pane.compared, timeout=60000):
        pane.compare_button.click()
    lines = bars.accessibleDescription().splitlines()
    assert lines and lines == [f"{name}: {label}" for name, _, label, _ in bars.bars]
    window.tasks.wait(5000)


def test_the_chat_tokens_view_says_why_it_is_empty(qtbot):
    from PySide6.QtGui import QImage

    from app.widgets.chat_tokens_view import ChatTokensView

    view = ChatTokensView()
    qtbot.addWidget(view)
    view.resize(400, 200)
    view.show()
    assert view.encoding is None and view.accessibleDescription() == view.placeholder
    image = QImage(view.size(), QImage.Format.Format_ARGB32)
    view.render(image)
    top = image.copy(10, 10, 300, 30)
    assert len({top.pixel(x, y) for x in range(300) for y in range(30)}) > 2  # text drawn
    view.set_tokens("", (), ())
    assert view.accessibleDescription() == view.placeholder


def test_a_language_switch_translates_the_fold_and_gives_it_a_letter_again(qapp, qtbot, window):
    from app import i18n

    toggle = window.align.settings_fold.toggle
    window.panes.setCurrentWidget(window.align)
    assert mnemonic_of(toggle.text())
    i18n.install_language("zh_CN", qapp)
    try:
        qtbot.waitUntil(lambda: "设置" in toggle.text() and bool(mnemonic_of(toggle.text())),
                        timeout=3000)
        letters = letters_shown(window.align)
        assert len(letters) == len(set(letters)), letters
    finally:
        i18n.install_language("en", qapp)
    qtbot.waitUntil(lambda: "Settings" in toggle.text().replace("&", ""), timeout=3000)
