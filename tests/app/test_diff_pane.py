"""The Diff pane driven as a user would: two tokenizers in the slots, Compare, read the verdict,
filter and jump in the vocabulary, edit the migration inputs, read behaviour and golden results,
export JSON and HTML; cancel a long comparison."""

from __future__ import annotations

import json

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from core.corpus import CorpusSource
from core.loading import open_tokenizer
from tests.core.diff.conftest import small_bpe_spec  # noqa: F401 (fixture)
from tests.core.diff.variants import with_block_inserted, with_one_more_merge, write

pytestmark = pytest.mark.gui


@pytest.fixture
def pane(window):
    window.panes.setCurrentWidget(window.diff)
    return window.diff


@pytest.fixture
def paths(small_bpe_spec, tmp_path):  # noqa: F811
    return {"old": write(small_bpe_spec, tmp_path / "old"),
            "more": write(with_one_more_merge(small_bpe_spec)[0], tmp_path / "more"),
            "shifted": write(with_block_inserted(small_bpe_spec, 5), tmp_path / "shifted")}


def compare_and_wait(qtbot, pane):
    with qtbot.waitSignal(pane.compared, timeout=30000):
        pane.compare_button.click()
    return pane.diff


@pytest.fixture
def english(qapp):
    from app import i18n

    i18n.install_language("en", qapp)  # English plural forms: "5 pieces", not "5 piece(s)"
    yield


def test_a_breaking_pair_shows_badge_reasons_offset_and_cost(qtbot, pane, paths, english):
    pane.set_pair(open_tokenizer(paths["old"]), open_tokenizer(paths["shifted"]))
    assert pane.compare_button.isEnabled()
    diff = compare_and_wait(qtbot, pane)
    assert diff.verdict == "breaking"
    assert "breaking" in pane.badge.text()
    assert "piece(s) have a new ID" not in pane.reasons.text()  # plural forms, not the source
    assert "pieces have a new ID" in pane.reasons.text()
    assert "Constant offset" in pane.cost_label.text() and "+5" in pane.cost_label.text()
    # the growth and the rows to initialize, each named for what it is
    assert diff.cost.rows_added == diff.cost.rows_to_initialize == 5
    assert "5 rows added" in pane.cost_label.text()
    assert "5 rows to initialize" in pane.cost_label.text()
    # editing the inputs recomputes the MiB
    pane.hidden_spin.setValue(1024)
    pane.dtype_combo.setCurrentIndex(pane.dtype_combo.findData("fp32"))
    pane.tied_check.setChecked(False)
    assert diff.cost.mib == pytest.approx(2 * 5 * 1024 * 4 / 2 ** 20)
    assert f"{diff.cost.mib:.3g} MiB" in pane.cost_label.text()  # 0.0781: under 1 MiB


def test_vocabulary_filters_and_jump(qtbot, pane, paths):
    old, new = open_tokenizer(paths["old"]), open_tokenizer(paths["shifted"])
    pane.set_pair(old, new)
    diff = compare_and_wait(qtbot, pane)
    model = pane.vocab_model
    assert model.rowCount() == old.runtime.vocab_size + 5  # every old id, then the added
    pane.filter_combo.setCurrentIndex(pane.filter_combo.findData("added"))
    assert model.rowCount() == 5
    assert model.data(model.index(0, 3)) == "[NEW0]"
    pane.filter_combo.setCurrentIndex(pane.filter_combo.findData("kept_new_id"))
    assert model.rowCount() == diff.vocab.counts().kept_new_id
    assert model.data(model.index(0, 4)) == "same piece, new ID"
    piece = old.runtime.piece(100)
    pane.jump_edit.setText(piece)
    pane.jump_edit.returnPressed.emit()
    assert pane.jump_result.text() == "A: 100 · B: 105"
    row = pane.vocab_table.selectionModel().selectedRows()[0].row()
    assert model.data(model.index(row, 0)) == "100" and model.data(model.index(row, 2)) == "105"


def test_append_only_pair_with_corpus_behaviour_golden_and_exports(qtbot, window, pane, paths,
                                                                   tmp_path):
    (tmp_path / "en.txt").write_text("the quick brown fox\nhello world the lazy dog\n")
    window.session.set_corpus([CorpusSource(tmp_path / "en.txt", lang="en")])
    pane.set_pair(open_tokenizer(paths["old"]), open_tokenizer(paths["more"]))
    diff = compare_and_wait(qtbot, pane)
    assert diff.verdict == "append-only compatible"
    assert "append-only compatible" in pane.badge.text()
    assert "Append rows" in pane.cost_label.text()
    buckets = diff.behaviour.to_json()["per_bucket"]
    assert set(buckets) == {"golden", "en"} and buckets["en"]["texts"] == 2
    assert [bar[0] for bar in pane.ratio_bars.bars] == ["en", "golden samples"]
    assert "texts" in pane.behaviour_summary.text()
    assert pane.golden_table.rowCount() == len(diff.golden_check.differences[:500])
    pane.export_json(tmp_path / "d.json")
    assert json.loads((tmp_path / "d.json").read_text())["verdict"] == "append-only compatible"
    pane.export_html(tmp_path / "d.html")
    page = (tmp_path / "d.html").read_text()
    assert page.startswith("<!DOCTYPE html>") and "append-only compatible" in page
    assert "<script" not in page and "http" not in page.split("<body>")[0]


def test_a_dropped_file_fills_a_slot(qtbot, pane, paths):
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(paths["old"]))])
    event = QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, data,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    pane.slot_b.dropEvent(event)
    qtbot.waitUntil(lambda: pane.slot_b.loaded is not None, timeout=20000)
    assert pane.slot_b.loaded.path == paths["old"]
    assert pane.slot_b.combo.currentText() == pane.slot_b.loaded.label


def test_stop_stops_a_long_behaviour_diff(qtbot, window, pane, paths, tmp_path):
    big = tmp_path / "big.txt"
    big.write_text("the quick brown fox jumps over the lazy dog\n" * 400_000)
    window.session.set_corpus([CorpusSource(big, lang="en")])
    pane.set_pair(open_tokenizer(paths["old"]), open_tokenizer(paths["more"]))
    pane.compare_button.click()
    qtbot.waitUntil(lambda: pane.progress.maximum() == 1000, timeout=20000)
    pane.stop_button.click()
    qtbot.waitUntil(lambda: pane.job is None, timeout=10000)
    assert pane.diff is None and pane.compare_button.isEnabled()


def test_an_empty_corpus_is_said_in_the_pane(qtbot, window, pane, paths, tmp_path):
    (tmp_path / "empty.txt").write_text("\n\n")
    window.session.set_corpus([CorpusSource(tmp_path / "empty.txt")])
    pane.set_pair(open_tokenizer(paths["old"]), open_tokenizer(paths["more"]))
    pane.compare_button.click()
    qtbot.waitUntil(lambda: pane.job is None, timeout=20000)
    assert "holds no text" in pane.reasons.text() and "empty.txt" in pane.reasons.text()
    assert pane.compare_button.isEnabled() and not pane.export_json_button.isEnabled()


def test_reasons_notes_and_migration_are_said_in_chinese(qtbot, qapp, pane, paths):
    """The pane words the core's reasons and notes (codes and arguments) from its one table:
    in the Chinese window nothing of the English reaches the verdict or the migration tab."""
    from app import i18n
    from core.notes import english

    pane.set_pair(open_tokenizer(paths["old"]), open_tokenizer(paths["more"]))
    i18n.install_language("zh_CN", qapp)
    try:
        diff = compare_and_wait(qtbot, pane)
        reasons, cost = pane.reasons.text(), pane.cost_label.text()
    finally:
        i18n.install_language("en", qapp)
    assert diff.verdict == "append-only compatible" and diff.reasons
    for reason in diff.reasons:
        assert english(reason) not in reasons
    assert "新增 1 个片段（ID" in reasons and "追加在旧 ID 之后" in reasons
    assert "新增 1 行" in cost and "需初始化 1 行" in cost and "rows" not in cost


def test_most_changed_texts_are_shown_old_over_new_as_text(qtbot, window, pane, demo_paths,
                                                          tmp_path):
    """Each example is its text twice, the old tokens behind the first copy and the new ones
    behind the second, in text views (shaped, bands) that scroll together."""
    (tmp_path / "mixed.txt").write_text("नमस्ते दुनिया 👨\u200d👩\u200d👧\nThe quick brown fox\n",
                                        encoding="utf-8")
    window.session.set_corpus([CorpusSource(tmp_path / "mixed.txt", lang="mul")])
    pane.set_pair(open_tokenizer(demo_paths[0]), open_tokenizer(demo_paths[1]))
    diff = compare_and_wait(qtbot, pane)
    examples = diff.behaviour.to_json()["examples"]
    shown = pane.examples
    assert shown.picker.count() == min(len(examples), 12) > 0
    for row in range(shown.picker.count()):
        shown.picker.setCurrentRow(row)
        for view, side in ((shown.old_view, "old"), (shown.new_view, "new")):
            assert view.encoding.text == examples[row]["text"]
            assert view.encoding.ids.tolist() == [token[2] for token in examples[row][side]]


def test_the_verdicts_golden_count_and_the_golden_tabs_agree(qtbot, pane, paths, english):
    old = open_tokenizer(paths["old"])
    pane.set_pair(old, open_tokenizer(paths["shifted"]))
    diff = compare_and_wait(qtbot, pane)
    check = diff.golden_check
    ids = sum(kind == "ids" for kind in check.kinds.values())
    assert old.runtime.special_tokens(), "the pair has special-token samples (the issue's case)"
    (reason,) = [n for n in diff.reasons if n.code == "diff.golden"]
    # one sample set, one way of counting: the stress set and old's special literals, by IDs
    assert (reason.args["n"], reason.args["samples"]) == (ids, check.samples) == (
        diff.golden_changed, diff.golden_samples)
    said = f"{ids:,} of {check.samples:,} golden samples"
    assert said in pane.reasons.text() and said in pane.golden_summary.text()


def test_the_json_export_is_what_tokbench_diff_prints(qtbot, pane, paths, tmp_path, capsys):
    """The same comparison (the CLI's: no golden samples, the corpus file as its bucket) through
    the pane's Export JSON… and through ``tokbench diff --json``: the same line, envelope and
    all (docs/cli.md)."""
    from app.cli import main
    from core.corpus import expand
    from core.diff.report import compare

    corpus = tmp_path / "en.txt"
    corpus.write_text("the quick brown fox\nhello world the lazy dog\n", encoding="utf-8")
    pane.diff = compare(open_tokenizer(paths["old"]), open_tokenizer(paths["more"]),
                        expand(str(corpus)), golden=False)
    pane.export_json(tmp_path / "d.json")
    capsys.readouterr()
    assert main(["diff", str(paths["old"]), str(paths["more"]), "--corpus", str(corpus),
                 "--json"]) == 0
    printed = capsys.readouterr().out
    assert (tmp_path / "d.json").read_text(encoding="utf-8") == printed
    assert json.loads(printed)["tokbench"] == "diff"
