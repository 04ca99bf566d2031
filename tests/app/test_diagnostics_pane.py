"""The Diagnostics pane: runs in a worker with progress, shows the charts, the table and the
drill-down; stops when asked; exports; refuses bad input with a message."""

from __future__ import annotations

import json

import pytest

from app.main_window import DEMO, DEMO_TOKENIZERS
from tests.app.conftest import open_and_wait

pytestmark = pytest.mark.gui


@pytest.fixture
def pane(qtbot, window):
    for path in DEMO_TOKENIZERS:
        open_and_wait(qtbot, window, path)
    window.panes.setCurrentWidget(window.diagnostics)
    return window.diagnostics


def _parallel(tmp_path, lines: int = 3, mismatched: bool = False):
    folder = tmp_path / "par"
    folder.mkdir()
    english = ["The cat sleeps on the mat.", "It rains today in the city.", "We read books."]
    chinese = ["猫在垫子上睡觉。", "今天城里下雨。", "我们读书。"]
    (folder / "eng_Latn.dev").write_text("\n".join((english * lines)[:lines]) + "\n",
                                         encoding="utf-8")
    count = lines - 1 if mismatched else lines
    (folder / "zho_Hans.dev").write_text("\n".join((chinese * lines)[:count]) + "\n",
                                         encoding="utf-8")
    return folder


def _wait_done(qtbot, pane, timeout=60000):
    qtbot.waitUntil(lambda: not pane.stop_button.isEnabled(), timeout=timeout)


def test_a_run_shows_charts_table_and_a_drill_down(qtbot, pane, tmp_path):
    assert len(pane.chosen_tokenizers()) == 2
    pane.set_parallel(_parallel(tmp_path))
    assert pane.pivot_box.currentText() == "eng_Latn"
    pane.run()
    assert pane.stop_button.isEnabled()
    _wait_done(qtbot, pane)
    result = pane.result
    assert result is not None and result.names == ["demo-bpe", "demo-unigram"]
    buckets = sum(len(e["buckets"]) for e in result.report["tokenizers"])
    assert pane.model.rowCount() == buckets
    kind, _, _, (languages, series) = pane.charts["premium"].state
    assert kind == "premium" and set(languages) == {"eng_Latn", "zho_Hans"} and len(series) == 2
    pane.show_language("zho_Hans")
    assert pane.documents.count() == 3
    qtbot.waitUntil(lambda: pane.chips.encoding is not None, timeout=5000)
    assert pane.chips.encoding.text in {"猫在垫子上睡觉。", "今天城里下雨。", "我们读书。"}
    chart = pane.charts["premium"]
    qtbot.waitUntil(lambda: chart.image is not None and not chart.rendering, timeout=20000)
    box = chart.drawing.axes_box
    ratio = chart.devicePixelRatioF()
    rows = chart.drawing.rows
    # the middle of the first row, in widget coordinates
    y_top = chart.height() - box[3] / ratio
    y_bottom = chart.height() - box[1] / ratio
    first_row_y = y_top + (y_bottom - y_top) / len(rows) / 2
    assert chart.language_at((box[0] + box[2]) / 2 / ratio, first_row_y) == rows[0]


def test_export_writes_html_json_and_csv(qtbot, pane, tmp_path):
    pane.set_parallel(_parallel(tmp_path))
    pane.run()
    _wait_done(qtbot, pane)
    for kind in ("html", "json", "csv"):
        pane.write_export(kind, tmp_path / f"r.{kind}")
    assert "<svg" in (tmp_path / "r.html").read_text(encoding="utf-8")
    assert json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))["tokenizers"]
    assert (tmp_path / "r.csv").read_text(encoding="utf-8").startswith("tokenizer,bucket,")


def test_mismatched_files_give_a_message_not_a_crash(qtbot, pane, tmp_path):
    pane.set_parallel(_parallel(tmp_path, mismatched=True))
    pane.run()
    _wait_done(qtbot, pane)
    assert "different line counts" in pane.progress_label.text()
    assert pane.result is None
    pane.align_box.setChecked(True)
    pane.run()
    _wait_done(qtbot, pane)
    assert pane.result is not None and pane.result.report["warnings"]


def test_stop_ends_a_long_run_and_keeps_the_last_results(qtbot, pane, tmp_path):
    pane.set_parallel(_parallel(tmp_path, lines=300_000))
    pane.run()
    qtbot.waitUntil(lambda: pane.progress.isVisible(), timeout=5000)
    pane.stop()
    _wait_done(qtbot, pane, timeout=30000)
    assert pane.result is None
    assert pane.progress_label.text() == pane.tr("Stopped; the last results stay shown")


def test_the_corpus_panes_sources_are_used(qtbot, window, pane):
    from core.corpus import CorpusSource

    window.session.set_corpus([CorpusSource(DEMO / "corpus.txt", lang="mixed")])
    assert "(1)" in pane.use_sources.text()
    pane.use_sources.setChecked(True)
    pane.run()
    _wait_done(qtbot, pane)
    assert "mixed" in pane.result.report["tokenizers"][0]["buckets"]
    assert not pane.chart_tabs.isTabEnabled(0)  # no parallel text: no premium


def test_the_length_chart_follows_the_chosen_row(qtbot, pane, tmp_path):
    pane.set_parallel(_parallel(tmp_path))
    pane.run()
    _wait_done(qtbot, pane)
    assert pane.charts["lengths"].state[1].endswith("all")
    pane.show_language("zho_Hans")
    kind, title, _, series = pane.charts["lengths"].state
    assert title.endswith("zho_Hans") and len(series) == 2
    assert series[0][1].total == 3


def test_gui_thread_never_stalls_while_diagnostics_run(qtbot, pane, tmp_path, record_property):
    """From Run until the results are in the table, the GUI thread is never kept from its
    event loop for 50 ms (the job's processes and the thread waiting for them hold no GIL for
    long). The charts' own drawing, on the chart thread, is measured by the charts' tests."""
    from tests.app.gui_meter import GapMeter

    pane.set_parallel(_parallel(tmp_path, lines=40_000))
    chart = pane.charts["premium"]
    qtbot.waitUntil(lambda: chart.image is not None and not chart.rendering, timeout=20000)
    meter = GapMeter()
    meter.start()
    pane.run()
    _wait_done(qtbot, pane, timeout=120000)
    meter.stop()
    assert pane.result is not None and pane.model.rowCount() > 0
    assert len(meter.gaps) > 10, "the run finished too fast to measure anything"
    record_property("worst_gui_stall", meter.worst(1))
    assert meter.worst_stall() < 0.050, f"GUI thread stalled: {meter.worst()}"


def test_warnings_name_languages_lost_to_the_unknown_token(qtbot, pane):
    report = {"settings": {"align": "refuse"}, "warnings": [], "corpus": {},
              "tokenizers": [{"tokenizer": "bert", "buckets": {
                  "all": {"unk_rate": 0.3, "failed": 2}, "mya_Mymr": {"unk_rate": 0.9},
                  "eng_Latn": {"unk_rate": 0.0}, "script:Myanmar": {"unk_rate": 0.9}}}]}
    warnings = pane.warnings(report)
    assert len(warnings) == 2
    assert "mya_Mymr" in warnings[0] and "eng_Latn" not in warnings[0]
    assert "failed on 2 document(s)" in warnings[1]
