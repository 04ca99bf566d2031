"""The chart widgets: they show what the panes feed them, drawn off the GUI thread, and a live
update redraws the line, not the figure."""

from __future__ import annotations

import subprocess
import sys

import pytest

from app.main_window import DEMO
from app.widgets import live_chart
from app.jobs.charts import Drawing
from app.widgets.figure_widget import FigureWidget
from app.widgets.live_chart import LiveChart
from app.widgets.script_chart import ScriptHistogram
from tests.app.test_corpus_pane import add_and_wait, wait_statistics
from tests.app.test_train_pane import configure, run_to_end, use_corpus
from tests.conftest import ROOT

pytestmark = pytest.mark.gui


def wait_drawn(qtbot, chart):
    qtbot.waitUntil(lambda: chart.image is not None and not chart.rendering, timeout=30000)
    return chart.drawing


def test_the_script_histogram_shows_the_corpus_statistics(qtbot, window):
    window.panes.setCurrentWidget(window.corpus)
    add_and_wait(qtbot, window.corpus, DEMO / "corpus.txt")
    scripts = wait_statistics(qtbot, window.corpus).scripts
    assert scripts["Han"] and scripts["Latin"]  # the demo corpus mixes scripts
    figure = wait_drawn(qtbot, window.corpus.chart).figure
    axes = figure.axes[0]
    shown = dict(zip([label.get_text() for label in axes.get_yticklabels()],
                     [patch.get_width() for patch in axes.patches]))
    assert shown == {name: count for name, count in scripts.items() if count}
    total = sum(scripts.values())
    notes = [text.get_text() for text in axes.texts]
    assert f"{scripts['Han']:,} · {100 * scripts['Han'] / total:.1f}%" in notes
    assert figure.texts[0].get_text() == "Characters per script"  # the title (suptitle)


def test_the_live_chart_shows_the_series_the_train_pane_fed(qtbot, window):
    window.panes.setCurrentWidget(window.train)
    pane = window.train
    use_corpus(window, DEMO / "corpus.txt")
    configure(pane, "GPT-2-like byte-level BPE", vocab_size=400)
    assert run_to_end(qtbot, pane) is not None, pane.progress_label.text()
    chart = wait_drawn(qtbot, pane.chart).chart
    assert len(pane.chart.points) >= 2
    assert chart.line.get_xydata().tolist() == [list(point) for point in pane.chart.points]
    assert chart.title.get_text() == pane.chart.title
    assert chart.axes.get_xlabel() == pane.chart.x_label


def test_a_live_point_inside_the_limits_is_blitted_not_drawn_in_full(qtbot, monkeypatch):
    monkeypatch.setattr(live_chart, "SETTLE_MS", 600_000)  # no settling in between
    chart = LiveChart()
    qtbot.addWidget(chart)
    chart.resize(500, 260)
    chart.show()
    chart.set_axes("Merges per second", "seconds", "merges/s")
    chart.set_points([(0, 100), (10, 200)])
    drawing = wait_drawn(qtbot, chart)
    line, full_draws, blits = drawing.chart.line, drawing.full_draws, drawing.blits
    for x, y in [(10.5, 150), (11, 180), (11.5, 120)]:  # inside the limits' headroom
        chart.append(x, y)
        qtbot.waitUntil(lambda: not chart.rendering, timeout=30000)
    assert drawing.full_draws == full_draws and drawing.blits == blits + 3
    assert chart.drawing is drawing and drawing.chart.line is line
    assert drawing.chart.line.get_xydata().tolist()[-1] == [11.5, 120]
    assert drawing.chart.last.get_text() == "last: 120 merges/s"


def test_when_points_stop_coming_the_headroom_goes(qtbot, monkeypatch):
    monkeypatch.setattr(live_chart, "SETTLE_MS", 300)
    chart = LiveChart()
    qtbot.addWidget(chart)
    chart.show()
    chart.set_points([(0, 1), (10, 2)])
    axes = wait_drawn(qtbot, chart).chart.axes
    qtbot.waitUntil(lambda: chart.settled and not chart.rendering, timeout=30000)
    assert axes.get_xlim() == pytest.approx((-0.15, 10.15))  # live, it was (-0.15, 12.65)
    chart.append(11, 2)
    assert not chart.settled
    qtbot.waitUntil(lambda: chart.settled and not chart.rendering, timeout=30000)
    assert axes.get_xlim() == pytest.approx((-0.165, 11.165))


def test_the_same_points_again_draw_nothing(qtbot):
    chart = LiveChart()
    qtbot.addWidget(chart)
    chart.show()
    chart.set_points([(0, 1), (1, 2)])
    drawing = wait_drawn(qtbot, chart)
    renders = len(drawing.seconds)
    chart.set_axes(chart.title, chart.x_label, chart.y_label)  # the pane does, at every report
    chart.set_points([(0, 1), (1, 2)])
    assert not chart.rendering and len(drawing.seconds) == renders


def test_a_hidden_chart_draws_when_it_is_first_shown(qtbot):
    chart = ScriptHistogram()
    qtbot.addWidget(chart)
    chart.set_counts({"Latin": 3, "Han": 5})
    qtbot.wait(300)
    assert chart.drawing is None  # nothing drawn (nor matplotlib used) while hidden
    chart.show()
    figure = wait_drawn(qtbot, chart).figure
    assert [label.get_text() for label in figure.axes[0].get_yticklabels()] == ["Han", "Latin"]


def test_starting_the_app_does_not_import_matplotlib():
    script = ("import sys\n"
              "from PySide6.QtWidgets import QApplication\n"
              "app = QApplication([])\n"
              "from app.main_window import MainWindow\n"
              "window = MainWindow()\n"
              "window.show()\n"
              "app.processEvents()\n"
              "print('matplotlib' in sys.modules)\n")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True,
                          text=True, timeout=120, env={**__import__("os").environ,
                                                       "QT_QPA_PLATFORM": "offscreen"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"


class BrokenDrawing(Drawing):
    def apply(self, state) -> bool:
        raise ValueError(f"cannot draw {state}")


class BrokenChart(FigureWidget):
    drawing_class = BrokenDrawing

    def _state(self):
        return "this state"


def test_a_chart_that_cannot_be_drawn_says_why_and_the_app_goes_on(qtbot):
    chart = BrokenChart()
    qtbot.addWidget(chart)
    chart.show()
    qtbot.waitUntil(lambda: bool(chart.render_error) and not chart.rendering, timeout=30000)
    assert "cannot draw this state" in chart.toolTip()
    assert chart.image is None
