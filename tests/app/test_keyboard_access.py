"""Issue #25: every pane reachable from the keyboard, named for screen readers, and fitting a
laptop screen (1280×720) and 200 % scale (1600×1000 physical, 800×500 logical)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QRect, QSize, Qt
from PySide6.QtWidgets import QAbstractItemView, QApplication, QPlainTextEdit

from app.accessibility import focusable_widgets, spoken_name, unnamed_widgets
from app.keyboard import tab_is_text
from app.screen_fit import clamp_to_screen, first_size

ROOT = Path(__file__).resolve().parents[2]


def panes(window):
    return [window.panes.widget(index) for index in range(window.panes.count())]


def described(widget) -> str:
    names, parent = [], widget
    while parent is not None:
        names.append(type(parent).__name__)
        parent = parent.parentWidget()
    return "/".join(reversed(names[:4]))


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_every_focusable_widget_has_a_name(qapp, qtbot, tmp_path, language):
    from PySide6.QtCore import QSettings

    from app import i18n
    from app.main_window import MainWindow
    from app.session import Session

    i18n.install_language(language, qapp)
    try:
        window = MainWindow(Session(QSettings(str(tmp_path / "s.ini"),
                                              QSettings.Format.IniFormat)))
        qtbot.addWidget(window)
        missing = {type(pane).__name__: [described(w) for w in unnamed_widgets(pane)]
                   for pane in panes(window)}
        assert {pane: found for pane, found in missing.items() if found} == {}
        assert all(len(focusable_widgets(pane)) > 5 for pane in panes(window))
        if language == "zh_CN":  # the names are translated, not left in English
            from PySide6.QtCore import QCoreApplication
            chinese = QCoreApplication.translate("InspectPane", "Token table")
            assert chinese != "Token table" and spoken_name(window.inspect.table) == chinese
            assert spoken_name(window.panes.tabBar()) not in ("", "Inspect")
    finally:
        i18n.install_language("en", qapp)


def test_tab_leaves_every_item_view(window, qtbot):
    checked = 0
    for pane in panes(window):
        window.panes.setCurrentWidget(pane)
        for view in pane.findChildren(QAbstractItemView):
            assert not view.tabKeyNavigation(), described(view)
            if not view.isVisible() or not view.isEnabled():
                continue
            view.setFocus(Qt.FocusReason.OtherFocusReason)
            qtbot.waitUntil(view.hasFocus, timeout=2000)
            qtbot.keyClick(view, Qt.Key.Key_Tab)
            assert not view.hasFocus(), described(view)
            checked += 1
    assert checked >= 10  # the visible tables and lists of each pane were tried


def test_pane_shortcuts_switch_from_any_focus(window, qtbot):
    window.activateWindow()
    window.panes.setCurrentWidget(window.inspect)
    table = window.inspect.table
    table.setFocus()
    qtbot.waitUntil(table.hasFocus, timeout=2000)
    qtbot.keyClick(table, Qt.Key.Key_2, Qt.KeyboardModifier.ControlModifier)
    assert window.panes.currentIndex() == 1
    for index in range(window.panes.count()):  # Ctrl+1…7 from inside each pane
        target = (index + 3) % window.panes.count()
        focus = QApplication.focusWidget() or window
        qtbot.keyClick(focus, Qt.Key(Qt.Key.Key_1 + target), Qt.KeyboardModifier.ControlModifier)
        assert window.panes.currentIndex() == target
    window.panes.setCurrentIndex(0)
    combo = window.corpus.findChildren(type(window.corpus.table))[0]
    combo.setFocus()
    qtbot.keyClick(combo, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert window.panes.currentIndex() == 1
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_Backtab,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert window.panes.currentIndex() == 0
    qtbot.keyClick(QApplication.focusWidget() or window, Qt.Key.Key_PageDown,
                   Qt.KeyboardModifier.ControlModifier)
    assert window.panes.currentIndex() == 1


def test_an_editor_where_tab_is_text_keeps_tab_and_ctrl_tab_leaves_it(window, qtbot):
    window.panes.setCurrentWidget(window.inspect)
    editor = next(edit for edit in window.inspect.findChildren(QPlainTextEdit)
                  if tab_is_text(edit) and edit.isVisible())
    editor.setFocus()
    qtbot.waitUntil(editor.hasFocus, timeout=2000)
    editor.clear()
    qtbot.keyClick(editor, Qt.Key.Key_Tab)
    assert editor.hasFocus() and editor.toPlainText() == "\t"
    qtbot.keyClick(editor, Qt.Key.Key_Tab, Qt.KeyboardModifier.ControlModifier)
    assert not editor.hasFocus()
    assert window.panes.currentWidget() is window.inspect  # it left the editor, not the pane
    editor.setFocus()
    qtbot.keyClick(editor, Qt.Key.Key_PageDown, Qt.KeyboardModifier.ControlModifier)
    assert window.panes.currentIndex() == window.panes.indexOf(window.inspect) + 1


def test_the_pane_tab_bar_takes_focus(window):
    assert window.panes.tabBar().focusPolicy() & Qt.FocusPolicy.ClickFocus


def test_every_pane_fits_a_laptop_screen_without_scrolling(window, qtbot):
    """At 1280×720 each pane's minimum fits the room the window gives it."""
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.size() == QSize(1280, 720), timeout=2000)
    assert window.minimumSizeHint().width() <= 1280
    assert window.minimumSizeHint().height() <= 720
    for index, pane in enumerate(panes(window)):
        window.panes.setCurrentIndex(index)
        room = window.panes.page(index).size()
        hint = pane.minimumSizeHint()
        assert hint.width() <= room.width() and hint.height() <= room.height(), (
            type(pane).__name__, hint, room)


SCALE_2 = """
import json, sys
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QSettings
app = QApplication([])
from app.main_window import MainWindow
from app.session import Session
window = MainWindow(Session(QSettings(sys.argv[1], QSettings.Format.IniFormat)))
window.show()
app.processEvents()
screen = window.screen()
print(json.dumps({"ratio": screen.devicePixelRatio(),
                  "available": screen.availableGeometry().size().toTuple(),
                  "window": window.size().toTuple(),
                  "minimum": window.minimumSizeHint().toTuple()}))
"""


def test_at_200_percent_on_1600_by_1000_the_window_fits(tmp_path):
    config = tmp_path / "screen.json"
    config.write_text(json.dumps({"screens": [
        {"name": "laptop", "x": 0, "y": 0, "width": 1600, "height": 1000, "logicalDpi": 96,
         "logicalBaseDpi": 96, "dpr": 1}]}))
    env = dict(os.environ, QT_SCALE_FACTOR="2",
               QT_QPA_PLATFORM=f"offscreen:configfile={config}", PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", SCALE_2, str(tmp_path / "s.ini")], env=env,
                         capture_output=True, text=True, timeout=120, cwd=ROOT)
    assert out.returncode == 0, out.stderr
    sizes = json.loads(out.stdout.strip().splitlines()[-1])
    assert sizes["ratio"] == 2 and tuple(sizes["available"]) == (800, 500)
    assert sizes["window"][0] <= 800 and sizes["window"][1] <= 500
    assert sizes["minimum"][0] <= 800 and sizes["minimum"][1] <= 500


def test_the_first_size_and_a_restored_geometry_fit_the_screen():
    screen = QRect(0, 0, 800, 500)
    assert first_size(QSize(1280, 860), screen) == QSize(800, 500)
    assert first_size(QSize(640, 400), screen) == QSize(640, 400)
    assert clamp_to_screen(QRect(-300, 200, 400, 400), screen) == QRect(0, 100, 400, 400)
    assert clamp_to_screen(QRect(2000, 2000, 3000, 100), screen) == QRect(0, 400, 800, 100)
    assert clamp_to_screen(QRect(10, 10, 100, 100), screen) == QRect(10, 10, 100, 100)


@pytest.mark.parametrize("language", ["en", "zh_CN"])
def test_buttons_have_mnemonics_unique_in_their_pane(qapp, qtbot, tmp_path, language):
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QPushButton

    from app import i18n
    from app.keyboard import mnemonic_of
    from app.main_window import MainWindow
    from app.session import Session

    i18n.install_language(language, qapp)
    try:
        window = MainWindow(Session(QSettings(str(tmp_path / "s.ini"),
                                              QSettings.Format.IniFormat)))
        qtbot.addWidget(window)
        menu = {mnemonic_of(action.text()) for action in window.menuBar().actions()}
        assert menu == {"f", "l"}
        for pane in panes(window):
            letters = [mnemonic_of(b.text()) for b in pane.findChildren(QPushButton)
                       if b.text()]
            given = [letter for letter in letters if letter]
            # a short English word whose letters are all taken keeps none (no "(&X)" in English)
            assert len(given) >= 0.9 * min(len(letters), 24), type(pane).__name__
            assert len(given) == len(set(given)) and not menu & set(given), given
        run = window.diff.findChildren(QPushButton)
        if language == "zh_CN":
            assert any("(&" in b.text() for b in run)
    finally:
        i18n.install_language("en", qapp)


def test_a_long_status_is_elided_with_its_whole_text_in_the_tooltip(qtbot):
    from PySide6.QtWidgets import QHBoxLayout, QPushButton, QWidget

    from app.widgets.eliding import ElidedLabel, ElidingProgressBar

    row = QWidget()
    layout = QHBoxLayout(row)
    label = ElidedLabel()
    layout.addWidget(label, 1)
    layout.addWidget(QPushButton("Run"))
    qtbot.addWidget(row)
    before = row.minimumSizeHint().width()
    message = "Cannot write /a/very/long/path/report.html: permission denied " * 3
    label.setText(message)
    assert row.minimumSizeHint().width() == before  # the message does not widen the row
    row.resize(300, 40)
    row.show()
    qtbot.waitUntil(lambda: label.toolTip() == message, timeout=2000)  # elided when painted
    bar = ElidingProgressBar()
    qtbot.addWidget(bar)
    bar.setRange(0, 100)
    bar.setValue(30)
    bar.setFormat("reading the annotations of every file in the folder, %p%")
    bar.resize(120, 24)
    shown = bar.text()
    assert shown.endswith("…") and len(shown) < len(bar.format())
    assert bar.toolTip().startswith("reading the annotations")


def test_a_chart_says_it_is_being_drawn_and_reads_as_its_table(qtbot):
    from PySide6.QtGui import QImage, QPainter

    from app.widgets.diagnostics_chart import DiagnosticsChart

    chart = DiagnosticsChart()
    qtbot.addWidget(chart)
    chart.resize(400, 300)
    chart.show()
    chart.set_chart("rate", "Tokens per byte", ("tokens per UTF-8 byte",),
                    (["en", "zh"], [("a", [0.25, 0.5], None)]))
    assert chart.accessibleDescription() == "en: a 0.25\nzh: a 0.5"
    assert chart.rendering and not chart._image_fits()
    image = QImage(chart.size(), QImage.Format.Format_ARGB32)
    chart.render(image)  # the waiting line is painted in the middle
    centre = image.copy(150, 130, 100, 40)
    colours = {centre.pixel(x, y) for x in range(100) for y in range(40)}
    assert len(colours) > 1
    qtbot.waitUntil(lambda: not chart.rendering and chart.image is not None, timeout=20000)
    assert chart._image_fits()


def test_no_pane_scrolls_sideways_at_200_percent(window, qtbot):
    """800×500 logical (1600×1000 at scale 2): the rows of controls wrap, so every pane's
    minimum width fits; a pane taller than the room scrolls up and down in its page."""
    window.resize(800, 500)
    for index, pane in enumerate(panes(window)):
        window.panes.setCurrentIndex(index)
        qtbot.waitUntil(lambda: window.panes.page(index).isVisible(), timeout=2000)
        room = window.panes.page(index).viewport().width()
        assert pane.minimumSizeHint().width() <= room, (type(pane).__name__, room)


def test_a_wrapping_row_is_one_line_when_wide_and_wraps_when_narrow(qtbot):
    from PySide6.QtWidgets import QHBoxLayout, QPushButton, QVBoxLayout, QWidget

    from app.widgets.wrapping_row import wrapping

    row = QHBoxLayout()
    buttons = [QPushButton(f"Button number {n}") for n in range(4)]
    for button in buttons:
        row.addWidget(button)
    row.addStretch(1)
    host = QWidget()
    QVBoxLayout(host).addLayout(wrapping(row))
    qtbot.addWidget(host)
    one_line = sum(b.sizeHint().width() for b in buttons)
    assert host.minimumSizeHint().width() < one_line / 2
    host.resize(one_line + 200, 200)
    host.show()
    qtbot.waitUntil(lambda: len({b.y() for b in buttons}) == 1, timeout=2000)
    assert buttons[0].x() < buttons[1].x() < buttons[3].x()
    host.resize(buttons[0].sizeHint().width() + 40, 400)
    qtbot.waitUntil(lambda: len({b.y() for b in buttons}) == 4, timeout=2000)
