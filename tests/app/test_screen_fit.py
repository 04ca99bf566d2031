"""Issue #25, the rest: results get the height (settings fold to one line once there are
results; panes and their secondary parts scroll rather than grow), at 1280×720 and at 200 %
scale; the fold is keyboard operable and keeps the user's choice."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, QSize, Qt
from PySide6.QtWidgets import (QApplication, QHBoxLayout, QLabel, QPushButton, QTableWidget,
                               QVBoxLayout, QWidget)

from app.screen_fit import FittingScrollArea, minimum_height_for
from app.widgets.settings_fold import SettingsFold
from app.widgets.wrapping_row import wrapping
from tests.app.conftest import wait_inspected

pytestmark = pytest.mark.gui

ROOT = Path(__file__).resolve().parents[2]
FOLDED_PANES = ("corpus", "align", "diff", "diagnostics")
FLOOR = 1 / 3  # the result view's visible height, at least this share of the pane's room


def result_view(window, name):
    """The widget that shows each pane's results (what the user scrolled to reach)."""
    return {"corpus": lambda: window.corpus.stats_tabs, "align": lambda: window.align.table,
            "diff": lambda: window.diff.tabs,
            "diagnostics": lambda: window.diagnostics.chart_tabs}[name]()


def test_a_pane_with_a_wrapping_row_fills_the_room_without_scrolling(qtbot):
    """Qt's resizable scroll area gave a pane with a wrapping row its *preferred* height
    (every table's size hint): it scrolled on any screen. The fitting area uses the least."""
    pane = QWidget()
    column = QVBoxLayout(pane)
    row = QHBoxLayout()
    for n in range(6):
        row.addWidget(QPushButton(f"Button {n}"))
    column.addLayout(wrapping(row))
    tables = [QTableWidget(40, 3) for _ in range(3)]
    for table in tables:
        column.addWidget(table)
    area = FittingScrollArea()
    area.setWidget(pane)
    qtbot.addWidget(area)
    preferred = column.heightForWidth(600)
    least = minimum_height_for(pane, 600)
    assert least < preferred
    area.resize(620, least + 60)
    area.show()
    qtbot.waitUntil(lambda: pane.size() == area.viewport().size()
                    and not area.verticalScrollBar().isVisible(), timeout=2000)
    area.resize(620, least // 2)  # below the least: it scrolls, nothing overlaps
    qtbot.waitUntil(lambda: area.verticalScrollBar().isVisible(), timeout=2000)
    assert pane.height() >= least
    area.resize(260, 400)  # narrow: the row wraps, the least height grows with it
    qtbot.waitUntil(lambda: pane.height() >= minimum_height_for(pane, pane.width()),
                    timeout=2000)
    assert minimum_height_for(pane, 200) > least


def make_fold(tmp_path, key="t"):
    settings = QSettings(str(tmp_path / "fold.ini"), QSettings.Format.IniFormat)
    host = QWidget()
    fold = SettingsFold(key, settings, describe=lambda: "data.jsonl · 2 tokenizers")
    field = QLabel("Dataset:")
    row = QHBoxLayout()
    row.addWidget(field)
    edit = QPushButton("Open dataset")
    row.addWidget(edit)
    fold.add_row(row)
    run = QPushButton("Run")
    fold.add_action(run)
    QVBoxLayout(host).addWidget(fold)
    return host, fold, edit, run, settings


def test_the_fold_folds_on_results_keeps_the_users_choice_and_says_its_summary(qtbot,
                                                                               tmp_path):
    host, fold, edit, run, settings = make_fold(tmp_path)
    qtbot.addWidget(host)
    host.show()
    assert not fold.is_folded() and edit.isVisible() and fold.summary.text() == ""
    fold.results_shown()
    assert fold.is_folded() and not edit.isVisible() and run.isVisible()  # Run stays
    assert fold.summary.text() == "data.jsonl · 2 tokenizers"
    assert fold.toggle.accessibleDescription() == fold.summary.text()
    assert fold.toggle.accessibleName() == "" and fold.toggle.text()  # its text names it
    fold.toggle.click()  # the user opens it: later results leave it open
    assert not fold.is_folded() and edit.isVisible()
    fold.results_shown()
    assert not fold.is_folded()
    # kept in the settings: a new window's fold (same key) stays open too
    other_host, other, *_ = make_fold(tmp_path)
    qtbot.addWidget(other_host)
    other.results_shown()
    assert not other.is_folded()
    fold.toggle.click()  # folded by hand: results fold it (again) as before
    assert fold.is_folded() and fold.keeps_open() is False
    fold.set_folded(False)
    fold.results_shown()
    assert fold.is_folded()


def test_the_fold_works_from_the_keyboard(qtbot, tmp_path):
    host, fold, edit, run, _ = make_fold(tmp_path)
    qtbot.addWidget(host)
    host.show()
    host.activateWindow()
    qtbot.waitUntil(lambda: QApplication.activeWindow() is host, timeout=2000)
    edit.setFocus()
    qtbot.waitUntil(edit.hasFocus, timeout=2000)
    fold.set_folded(True)  # results arrive while focus is in the settings: it moves to the
    assert fold.toggle.hasFocus()  # toggle, not into a hidden field
    qtbot.keyClick(fold.toggle, Qt.Key.Key_Space)
    assert not fold.is_folded() and edit.isVisible()
    qtbot.keyClick(fold.toggle, Qt.Key.Key_Space)
    assert fold.is_folded()
    fold.toggle.setText("&Settings")
    qtbot.keyClick(fold.toggle, Qt.Key.Key_S, Qt.KeyboardModifier.AltModifier)
    qtbot.waitUntil(lambda: not fold.is_folded(), timeout=2000)  # (an animated click)
    assert edit.isVisible()


def run_every_folding_pane(qtbot, window, tmp_path):
    """A real run in each pane that folds its settings, on the demo tokenizers."""
    from app.main_window import DEMO
    from tests.app.test_align_pane import ROWS, write_rows

    window.load_demo()
    qtbot.waitUntil(lambda: len(window.session.tokenizers) >= 2, timeout=20000)
    wait_inspected(qtbot, window)
    corpus = window.corpus
    window.panes.setCurrentWidget(corpus)
    corpus.add_paths([DEMO / "corpus.txt"])
    qtbot.waitUntil(lambda: corpus.result is not None and corpus.model.sources
                    and not corpus.stop_button.isEnabled()
                    and not corpus._stats_timer.isActive(), timeout=60000)
    align = window.align
    window.panes.setCurrentWidget(align)
    align.set_dataset(write_rows(tmp_path, ROWS))
    qtbot.waitUntil(lambda: align.audit is not None and not align.progress.isVisible(),
                    timeout=60000)
    diff = window.diff
    window.panes.setCurrentWidget(diff)
    diff.set_pair(*window.session.tokenizers[:2])
    with qtbot.waitSignal(diff.compared, timeout=60000):
        diff.compare_button.click()
    diagnostics = window.diagnostics
    window.panes.setCurrentWidget(diagnostics)
    diagnostics.run()
    qtbot.waitUntil(lambda: diagnostics.result is not None
                    and not diagnostics.stop_button.isEnabled(), timeout=60000)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=20000)


def test_a_run_folds_the_settings_and_the_results_get_the_height_at_1280_by_720(
        qtbot, window, tmp_path):
    run_every_folding_pane(qtbot, window, tmp_path)
    window.resize(1280, 720)
    qtbot.waitUntil(lambda: window.size() == QSize(1280, 720), timeout=2000)
    for name in FOLDED_PANES:
        pane = window.named_panes()[name]
        assert pane.settings_fold.is_folded(), name
        summary = pane.settings_fold.summary.text()
        assert summary and "&" not in summary, (name, summary)  # no button's mnemonic in it
        window.panes.setCurrentWidget(pane)
        page = window.panes.page(window.panes.currentIndex())
        view = result_view(window, name)
        qtbot.waitUntil(view.isVisible, timeout=2000)
        room = page.viewport().height()
        assert pane.height() <= room, (name, pane.height(), room)  # no scrolling to reach it
        shown = view.visibleRegion().boundingRect().height()
        assert shown >= FLOOR * room, (name, shown, room)


SCALE_2 = """
import json, sys
from PySide6.QtWidgets import QApplication
from PySide6.QtCore import QSettings
app = QApplication([])
from app.main_window import MainWindow
from app.session import Session
window = MainWindow(Session(QSettings(sys.argv[1], QSettings.Format.IniFormat)))
window.resize(800, 500)
window.show()
views = {"corpus": window.corpus.stats_tabs, "align": window.align.table,
         "diff": window.diff.tabs, "diagnostics": window.diagnostics.chart_tabs}
out = {"ratio": window.screen().devicePixelRatio()}
for name, view in views.items():
    pane = window.named_panes()[name]
    window.panes.setCurrentWidget(pane)
    for _ in range(10):
        app.processEvents()
    unfolded = pane.height()
    pane.settings_fold.results_shown()  # as a run that has results does
    for _ in range(10):
        app.processEvents()
    page = window.panes.page(window.panes.currentIndex())
    out[name] = {"room": page.viewport().height(), "pane": pane.height(), "open": unfolded,
                 "wide": pane.width() <= page.viewport().width(),
                 "shown": view.visibleRegion().boundingRect().height()}
print(json.dumps(out))
"""


def test_at_200_percent_the_folded_panes_give_their_results_the_height(tmp_path):
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
    assert sizes["ratio"] == 2
    for name in FOLDED_PANES:
        got = sizes[name]
        assert got["pane"] <= got["room"] and got["wide"], (name, got)  # no scrolling
        assert got["open"] <= got["room"], (name, got)  # nor before, the settings open
        assert got["shown"] >= FLOOR * got["room"], (name, got)


def test_tab_order_in_a_fold_follows_reading_order(qtbot, window):
    """The toggle, then the header's buttons, then the settings rows, as they read."""
    window.load_demo()
    qtbot.waitUntil(lambda: len(window.session.tokenizers) >= 2, timeout=20000)
    wait_inspected(qtbot, window)
    pane = window.align
    window.panes.setCurrentWidget(pane)
    pane.set_dataset(Path("not-opened.jsonl"), start=False)  # enables Align
    window.activateWindow()
    pane.settings_fold.toggle.setFocus()
    qtbot.waitUntil(pane.settings_fold.toggle.hasFocus, timeout=2000)
    order = [pane.settings_fold.toggle]
    for _ in range(3):
        qtbot.keyClick(QApplication.focusWidget(), Qt.Key.Key_Tab)
        order.append(QApplication.focusWidget())
    assert order[1] is pane.align_button
    assert order[2] is pane.open_button  # Stop is disabled while nothing runs
