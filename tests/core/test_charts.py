"""core.charts: the figures a pane shows and a report saves, checked on the artists they hold."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import warnings

import pytest

from core.charts import Bar, SeriesChart, draw_bars, figure_svg, font_families, new_figure
from tests.conftest import ROOT


def bar_rows(figure) -> list[tuple[str, float]]:
    axes = figure.axes[0]
    labels = [label.get_text() for label in axes.get_yticklabels()]
    return list(zip(labels, [patch.get_width() for patch in axes.patches]))


def test_bars_show_each_label_value_and_note_in_the_given_order():
    bars = [Bar("Latin", 1200, "1,200 · 60.0%"), Bar("Han", 790, "790 · 39.5%", "#e15759"),
            Bar("Thai", 10, "10 · 0.5%")]
    figure = draw_bars(new_figure(), "Characters per script", bars)
    assert bar_rows(figure) == [("Latin", 1200), ("Han", 790), ("Thai", 10)]
    notes = [text.get_text() for text in figure.axes[0].texts]
    assert notes == ["1,200 · 60.0%", "790 · 39.5%", "10 · 0.5%"]
    assert figure.axes[0].yaxis_inverted()  # the first bar on top
    assert figure.axes[0].patches[1].get_facecolor()[:3] == pytest.approx((0xe1 / 255, 0x57 / 255,
                                                                           0x59 / 255))


def test_drawing_bars_again_replaces_the_old_ones():
    figure = new_figure()
    draw_bars(figure, "", [Bar("a", 1), Bar("b", 2)])
    draw_bars(figure, "", [Bar("c", 3)])
    assert len(figure.axes) == 1 and bar_rows(figure) == [("c", 3)]


def test_no_bars_say_the_placeholder_and_draw_no_axes():
    figure = draw_bars(new_figure(), "Scripts", [], placeholder="computed with the statistics")
    assert figure.axes == []
    assert "computed with the statistics" in [text.get_text() for text in figure.texts]


def test_a_live_point_inside_the_limits_moves_only_the_line():
    chart = SeriesChart(new_figure(), live=True)
    chart.set_axes("Merges per second", "seconds", "merges/s")
    line, axes = chart.line, chart.axes
    assert chart.set_points([(0, 100), (10, 200)]) is True  # first points: limits set
    limits = (axes.get_xlim(), axes.get_ylim())
    assert chart.set_points([(0, 100), (10, 200), (11, 150)]) is False  # inside the headroom
    assert (axes.get_xlim(), axes.get_ylim()) == limits
    assert chart.line is line and chart.figure.axes == [axes] and len(axes.lines) == 1
    assert line.get_xydata().tolist() == [[0, 100], [10, 200], [11, 150]]
    assert chart.last.get_text() == "last: 150 merges/s"
    assert set(chart.animated) == {chart.line, chart.last} and line.get_animated()
    assert chart.set_points([(0, 100), (10, 200), (11, 150), (40, 900)]) is True  # outside
    assert axes.get_xlim()[1] >= 40 and axes.get_ylim()[1] >= 900


def test_fewer_than_two_points_show_the_placeholder_instead_of_axes():
    chart = SeriesChart(new_figure())
    chart.set_placeholder("The chart fills while training runs")
    chart.set_points([(0, 1)])
    assert not chart.axes.get_visible() and chart.placeholder.get_visible()
    assert chart.animated == []
    chart.set_points([(0, 1), (1, 2)])
    assert chart.axes.get_visible() and not chart.placeholder.get_visible()


def test_a_log_scale_chart_keeps_its_points_and_scale():
    chart = SeriesChart(new_figure())
    chart.set_axes("Pair count of each merge", "merge rank", "count", log_y=True)
    chart.set_points([(rank, 1000 / (rank + 1)) for rank in range(50)])
    assert chart.axes.get_yscale() == "log"
    low, high = chart.axes.get_ylim()
    assert low <= 1000 / 50 and high >= 1000
    assert chart.line.get_marker() in ("", "None")  # 50 points: a plain line, no dots


def test_svg_of_chinese_labels_draws_their_glyphs():
    if "Noto Sans CJK SC" not in font_families():
        pytest.skip("Noto Sans CJK is not installed (Debian: fonts-noto-cjk)")
    figure = draw_bars(new_figure(), "每种文字的字符数", [Bar("中文", 3, "3 · 75.0%"),
                                                       Bar("English", 1, "1 · 25.0%")])
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # matplotlib warns "Glyph ... missing from font(s)"
        svg = figure_svg(figure)
    assert svg.lstrip().startswith("<?xml") and "</svg>" in svg
    # text is drawn as paths (the page needs no font): one definition per glyph of each font
    cjk_glyphs = set(re.findall(r'id="(NotoSansCJK[^"]+)"', svg))
    assert len([g for g in cjk_glyphs if "-Bold-" in g]) == len(set("每种文字的字符数"))
    assert len([g for g in cjk_glyphs if "-Regular-" in g]) == len(set("中文"))


def test_the_report_path_needs_neither_qt_nor_a_display(tmp_path):
    script = (
        "import sys\n"
        "from core.charts import Bar, draw_bars, figure_svg, new_figure\n"
        "svg = figure_svg(draw_bars(new_figure(), '中文', [Bar('日本語', 2, '2')]))\n"
        "assert '</svg>' in svg\n"
        "assert not [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6'))]\n"
        "print('ok')\n")
    env = {key: value for key, value in os.environ.items()
           if key not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "MPLBACKEND")}
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
