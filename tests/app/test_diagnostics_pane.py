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
    buckets = sum(len(e["buckets"]) for e in result.to_json()["tokenizers"])
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
    assert pane.result is not None and pane.result.to_json()["warnings"]


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
    assert "mixed" in pane.result.to_json()["tokenizers"][0]["buckets"]
    assert not pane.chart_tabs.isTabEnabled(0)  # no parallel text: no premium


def test_the_length_chart_follows_the_chosen_row(qtbot, pane, tmp_path):
    pane.set_parallel(_parallel(tmp_path))
    pane.run()
    _wait_done(qtbot, pane)
    assert pane.charts["lengths"].state[1].endswith("all documents")
    pane.show_language("zho_Hans")
    kind, title, _, series = pane.charts["lengths"].state
    assert title.endswith("zho_Hans") and len(series) == 2
    assert series[0][1].total == 3


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
def test_gui_thread_never_stalls_while_diagnostics_run(qtbot, pane, tmp_path, record_property):
    """From Run until the results are in the table, the GUI thread is never kept from its
    event loop for 50 ms (the job's processes and the thread waiting for them hold no GIL for
    long). The charts' own drawing, on the chart thread, is measured by the charts' tests."""
    from tests.app.gui_meter import assert_never_stalls

    pane.set_parallel(_parallel(tmp_path, lines=40_000))
    chart = pane.charts["premium"]
    qtbot.waitUntil(lambda: chart.image is not None and not chart.rendering, timeout=20000)

    def diagnose() -> None:
        pane.run()
        _wait_done(qtbot, pane, timeout=120000)
        assert pane.result is not None and pane.model.rowCount() > 0

    assert_never_stalls(diagnose, record_property=record_property)


def test_warnings_are_the_cores_notes_said_in_the_gui_language(qtbot, qapp, pane):
    """The pane words the core's warnings (codes and arguments) from its table: Chinese in the
    Chinese window, and no re-derivation of its own from the buckets."""
    from app import i18n
    from core.diagnostics.run import unknown_warnings
    from core.notes import english, note

    notes = [*unknown_warnings("bert", {"all": 0.3, "mya_Mymr": 0.9, "eng_Latn": 0.0,
                                        "script:Myanmar": 0.9}),
             note("diagnostics.failed_documents", tokenizer="bert", count=2),
             note("diagnostics.aligned_by_shortest", lines=3, counts=["zho_Hans: 3", "eng_Latn: 4"])]
    assert pane.warnings(notes) == [english(n) for n in notes]
    assert "mya_Mymr (90%)" in pane.warnings(notes)[0] and "eng_Latn" not in pane.warnings(notes)[0]
    i18n.install_language("zh_CN", qapp)
    try:
        chinese = pane.warnings(notes)
    finally:
        i18n.install_language("en", qapp)
    assert all(said != english(n) for said, n in zip(chinese, notes)), chinese
    assert "mya_Mymr (90%)" in chinese[0] and "bert" in chinese[1] and "3" in chinese[2]
    assert "zho_Hans: 3、eng_Latn: 4" in chinese[2]  # a list joined the Chinese way


def test_a_subset_of_languages_is_measured_and_a_flores_name_is_a_language(qtbot, pane,
                                                                           tmp_path):
    """Files named <code>.txt / .devtest beside a README are languages; the unchecked ones are
    left out of the run, the pivot always kept (issue #21 item 7)."""
    folder = _parallel(tmp_path)
    (folder / "eng_Latn.dev").rename(folder / "eng_Latn.txt")
    (folder / "zho_Hans.dev").rename(folder / "zho_Hans.devtest")
    (folder / "jpn_Jpan.txt").write_text("猫が寝る。\n今日は雨。\n本を読む。\n", encoding="utf-8")
    (folder / "README.md").write_text("three languages\n", encoding="utf-8")
    pane.set_parallel(folder)
    assert [pane.language_list.item(i).text() for i in range(pane.language_list.count())] == [
        "eng_Latn", "jpn_Jpan", "zho_Hans"]
    assert pane.languages() == ["eng_Latn", "jpn_Jpan", "zho_Hans"]
    assert pane.settings().languages is None  # all checked: every language
    pane.check_languages(["jpn_Jpan"])
    assert pane.language_count.text() == "1 of 3"
    assert pane.settings().languages == ("eng_Latn", "jpn_Jpan")  # the pivot kept
    pane.run()
    _wait_done(qtbot, pane)
    assert pane.result.to_json()["corpus"]["languages"] == ["eng_Latn", "jpn_Jpan"]
    assert set(pane.result.to_json()["tokenizers"][0]["premium"]) == {"eng_Latn", "jpn_Jpan"}


def test_a_folder_without_language_files_is_said_in_the_pane(qtbot, pane, tmp_path):
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "README.md").write_text("nothing\n", encoding="utf-8")
    pane.set_parallel(tmp_path / "notes")
    assert pane.language_list.count() == 0
    assert "no language files" in pane.progress_label.text()


def test_a_changed_input_marks_the_result_stale_and_running_again_clears_it(qtbot, pane,
                                                                            tmp_path):
    pane.set_parallel(_parallel(tmp_path))
    pane.run()
    _wait_done(qtbot, pane)
    rows = pane.model.rowCount()
    assert pane.result is not None and not pane.is_stale and pane.stale_mark.isHidden()
    pane.round_trip_box.setChecked(True)  # a setting the result did not have
    assert pane.is_stale and pane.stale_mark.isVisible()
    assert pane.model.rowCount() == rows and pane.stale_mark.veiled(pane.result_view)
    pane.round_trip_box.setChecked(False)
    assert not pane.is_stale and not pane.stale_mark.veiled(pane.result_view)
    pane.set_checked([0])  # a tokenizer left out
    assert pane.is_stale
    pane.run()
    _wait_done(qtbot, pane)
    assert not pane.is_stale and pane.stale_mark.isHidden()
