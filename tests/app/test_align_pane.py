"""The Align pane driven as a user would: open a dataset, align, read the tables, pick a
misaligned span, look at its record and fixes, write a corrected copy, export labels."""

from __future__ import annotations

import json

import numpy as np
import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from core.align.audit import audit_dataset
from core.align.dataset import Dataset
from tests.app.conftest import open_and_wait, wait_inspected
from tests.conftest import DATA, TOKENIZERS, require_data

pytestmark = pytest.mark.gui

ROWS = [{"text": "Hello 世界, café naïve", "spans": [
            {"start": 0, "end": 5, "label": "GREET", "text": "Hello"},
            {"start": 6, "end": 7, "label": "CJK", "text": "世"},
            {"start": 10, "end": 14, "label": "FOOD", "text": "café"}]},
        {"text": "the quick brown fox", "spans": [
            {"start": 10, "end": 13, "label": "PART", "text": "bro"},
            {"start": 4, "end": 10, "label": "ADJ", "text": "quick "}]}]


def write_rows(tmp_path, rows, name="d.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                    encoding="utf-8")
    return path


def with_demo(qtbot, window):
    window.load_demo()
    qtbot.waitUntil(lambda: len(window.session.tokenizers) >= 2, timeout=20000)
    # the Inspect pane encodes the demo text meanwhile: let it finish before the window goes
    wait_inspected(qtbot, window)
    pane = window.align
    window.panes.setCurrentWidget(pane)
    return pane


def align_and_wait(qtbot, pane, path, timeout=60000):
    before = pane.audit
    pane.set_dataset(path)
    qtbot.waitUntil(lambda: pane.audit is not before and not pane.progress.isVisible(),
                    timeout=timeout)
    return pane.audit


def test_align_shows_tables_list_and_record(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    path = write_rows(tmp_path, ROWS)
    align_and_wait(qtbot, pane, path)
    names = [loaded.runtime.name or loaded.path.name for loaded in window.session.tokenizers]
    expected = audit_dataset(Dataset(path), [(n, loaded.runtime) for n, loaded
                                             in zip(names, window.session.tokenizers)])
    # the tokenizer table shows the audit's shares
    assert pane.tokenizer_table.rowCount() == 2
    for row, t in enumerate(expected.tokenizers):
        assert pane.tokenizer_table.item(row, 1).text() == f"{t.strict.mean():.1%}"
    # per label, all labels first
    assert pane.label_table.item(0, 1).text() == "5"
    assert [pane.label_table.item(r, 0).text() for r in range(1, 6)] == [
        "GREET", "CJK", "FOOD", "PART", "ADJ"]
    # the misaligned list is the audit's, and a row shows its record with the span selected
    result = expected.tokenizers[0]
    assert pane.model.rowCount() == int((~result.strict).sum()) > 0
    pane.table.selectRow(0)
    qtbot.waitUntil(lambda: pane.record_view.text != "", timeout=5000)
    span = pane.model.span_of(0)
    record = int(expected.spans.record[span])
    assert pane.record_view.text == ROWS[record]["text"]
    assert pane.record_view.selected >= 0
    assert any(k == pane.record_view.selected for k, _ in pane.record_view.bad_ends)
    assert "[" in pane.tokens_view.toPlainText()  # tokens with their spans
    assert pane.fix_list.count() >= 1
    # from the keyboard: another span of the record, its caption following
    spans = ROWS[record]["spans"]
    other = 1 if pane.record_view.selected == 0 else pane.record_view.selected - 1
    key = Qt.Key.Key_Down if other > pane.record_view.selected else Qt.Key.Key_Up
    qtbot.keyClick(pane.record_view, key)
    assert pane.record_view.selected == other
    assert f"“{spans[other]['text']}”" in pane.record_caption.text()
    assert spans[other]["label"] in pane.record_caption.text()


def test_filters_and_mode(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    audit = align_and_wait(qtbot, pane, write_rows(tmp_path, ROWS))
    result = pane.current_result()
    all_rows = pane.model.rowCount()
    pane.filter_kind.setCurrentIndex(pane.filter_kind.findData("start"))
    starts = pane.model.rowCount()
    assert starts == len(audit.rows(result, kind="start")) <= all_rows
    pane.filter_kind.setCurrentIndex(0)
    pane.filter_label.setCurrentIndex(pane.filter_label.findData("PART"))
    assert pane.model.rowCount() == len(audit.rows(result, label="PART")) == 1
    pane.filter_label.setCurrentIndex(0)
    pane.mode_box.setCurrentIndex(pane.mode_box.findData("expand"))
    assert pane.model.rowCount() == len(audit.rows(result, mode="expand"))
    assert pane.label_table.item(0, 2).text() == f"{audit.mode_share(result, 'expand'):.1%}"


def test_corrected_copy_and_export(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    path = write_rows(tmp_path, ROWS)
    before = path.read_bytes()
    align_and_wait(qtbot, pane, path)
    out = tmp_path / "fixed.jsonl"
    pane.fix_order.setCurrentIndex(pane.fix_order.findData("trim,expand"))
    pane.write_copy(str(out))
    qtbot.waitUntil(lambda: "Corrected copy written" in pane.banner.text(), timeout=20000)
    assert path.read_bytes() == before and out.exists()
    fixed = audit_dataset(Dataset(out), [("t", pane.runtimes[0][1])])
    assert fixed.tokenizers[0].strict.all()
    labels = tmp_path / "labels.conll"
    pane.export(str(labels))
    qtbot.waitUntil(lambda: "Labels exported" in pane.banner.text(), timeout=20000)
    assert labels.read_text(encoding="utf-8").count("\n\n") == 2


def test_export_labels_for_every_aligned_tokenizer_at_once(qtbot, window, tmp_path):
    """Export labels… offers all ticked tokenizers: one file each, named after it, and each
    record names its tokenizer (one tokenizer: named in the records as well)."""
    pane = with_demo(qtbot, window)
    align_and_wait(qtbot, pane, write_rows(tmp_path, ROWS))
    names = [name for name, _ in pane.runtimes]
    assert len(names) == 2 and pane.export_scope.count() == 2
    pane.export_scope.setCurrentIndex(pane.export_scope.findData("all"))
    paths = pane.export(str(tmp_path / "labels.jsonl"))
    qtbot.waitUntil(lambda: "Labels exported" in pane.banner.text(), timeout=20000)
    assert len(set(paths)) == 2 and all(p.exists() for p in paths)
    for path, name in zip(paths, names):
        assert name in path.name
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        assert len(rows) == 2 and {r["tokenizer"] for r in rows} == {name}
        assert name in pane.banner.text()
    pane.export_scope.setCurrentIndex(pane.export_scope.findData("chosen"))
    pane.filter_tokenizer.setCurrentIndex(1)
    (one,) = pane.export(str(tmp_path / "one.jsonl"))
    qtbot.waitUntil(lambda: "one.jsonl" in pane.banner.text(), timeout=20000)
    rows = [json.loads(line) for line in one.read_text(encoding="utf-8").splitlines()]
    assert {r["tokenizer"] for r in rows} == {names[1]}


def test_spans_under_another_key(qtbot, window, tmp_path):
    """A JSONL file whose spans are under a key not looked at is refused naming the keys; named
    in the spans key field, it aligns."""
    pane = with_demo(qtbot, window)
    rows = [{"text": "我们在北京", "segments": [[0, 2], [2, 3], [3, 5]]}]
    path = write_rows(tmp_path, rows)
    pane.set_dataset(path)
    qtbot.waitUntil(lambda: "their keys: text, segments" in pane.banner.text(), timeout=20000)
    assert pane.audit is None
    pane.spans_key.setText("segments")
    audit = align_and_wait(qtbot, pane, path)
    assert len(audit.spans) == 3 and audit.labels == ["segments"]


def test_bad_records_are_worded_in_the_windows_language(qtbot, chinese, window, tmp_path):
    pane = with_demo(qtbot, window)
    rows = ROWS + [{"text": "abc", "spans": [{"start": 1, "end": 9, "label": "X"}]}]
    align_and_wait(qtbot, pane, write_rows(tmp_path, rows))
    assert pane.problem_list.count() == 1
    assert pane.problem_list.item(0).text() == (
        "第 3 行：区间 1 [1, 9) 'X' 超出了文本（3 个码位）")
    pane.set_dataset(write_rows(tmp_path, [{"text": "ab", "words_": [[0, 1]]}], "n.jsonl"))
    qtbot.waitUntil(lambda: "数据集中没有任何区间" in pane.banner.text(), timeout=20000)
    assert "text、words_" in pane.banner.text()  # a list joined the Chinese way


def test_bad_records_and_wrong_unit_are_shown(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    rows = [{"text": "東京へ行く", "spans": [{"start": 0, "end": 6, "label": "LOC",
                                             "text": "東京"}]},
            {"text": "大阪", "spans": [{"start": 0, "end": 6, "label": "LOC", "text": "大阪"}]}]
    align_and_wait(qtbot, pane, write_rows(tmp_path, rows))
    assert "match in UTF-8 bytes" in pane.banner.text()
    assert pane.problem_list.count() == 2
    assert pane.problem_list.item(0).text().startswith("line 1:")
    pane.unit_box.setCurrentIndex(pane.unit_box.findData(pane.unit_box.itemData(0)))
    audit = align_and_wait(qtbot, pane, pane.path)
    assert len(audit.spans) == 2 and pane.problem_list.count() == 0


def test_empty_file_is_refused_with_a_message(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    pane.set_dataset(empty)
    qtbot.waitUntil(lambda: "empty" in pane.banner.text(), timeout=10000)
    assert pane.audit is None


def test_drop_a_dataset(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    path = write_rows(tmp_path, ROWS)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, data,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    pane.dropEvent(event)
    qtbot.waitUntil(lambda: pane.audit is not None and not pane.progress.isVisible(),
                    timeout=30000)
    assert pane.path == path


def test_lazy_model_on_100k_rows(qtbot, window, tmp_path):
    """100,000 misaligned spans: the list is a few arrays, cells computed on demand."""
    pane = with_demo(qtbot, window)
    rows = [{"text": "the quick brown fox", "spans": [{"start": 10, "end": 13, "label": "P"}]}
            ] * 100_000
    path = write_rows(tmp_path, rows)
    audit = align_and_wait(qtbot, pane, path, timeout=120000)
    assert pane.model.rowCount() == 100_000
    assert isinstance(pane.model.rows, np.ndarray)
    index = pane.model.index(99_999, 0)
    assert pane.model.data(index) == str(int(audit.record_lines[-1]))


@pytest.mark.realdata
def test_japanese_set_with_a_byte_level_tokenizer(qtbot, window):
    """The shared NER set against claude-legacy (byte-level BPE, NFKC): the pane's numbers are
    the audit's, and a misaligned span's record marks the end that fails."""
    spans = require_data(DATA / "spans" / "ja_stockmark_ner_wikipedia.spans.jsonl")
    open_and_wait(qtbot, window, require_data(TOKENIZERS / "claude-legacy" / "tokenizer.json"))
    wait_inspected(qtbot, window)
    pane = window.align
    window.panes.setCurrentWidget(pane)
    audit = align_and_wait(qtbot, pane, spans, timeout=120000)
    assert (audit.records, len(audit.spans)) == (5343, 13185)
    result = audit.tokenizers[0]
    assert pane.model.rowCount() == int((~result.strict).sum()) > 0
    assert pane.tokenizer_table.item(0, 1).text() == f"{result.strict.mean():.1%}"
    pane.table.selectRow(0)
    qtbot.waitUntil(lambda: pane.record_view.text != "", timeout=5000)
    k = pane.model.span_of(0)
    failing = {"start"} if not result.start_ok[k] else set()
    failing |= {"end"} if not result.end_ok[k] else set()
    assert {which for s, which in pane.record_view.bad_ends
            if s == pane.record_view.selected} == failing


def test_stop_cancels_the_audit(qtbot, window, tmp_path):
    pane = with_demo(qtbot, window)
    rows = [{"text": "the quick brown fox " * 20, "spans": [{"start": 10, "end": 13,
                                                            "label": "P"}]}] * 200_000
    path = write_rows(tmp_path, rows)
    pane.set_dataset(path)
    qtbot.waitUntil(lambda: pane.progress.isVisible(), timeout=5000)
    pane.stop_button.click()
    qtbot.waitUntil(lambda: not pane.progress.isVisible(), timeout=10000)
    assert pane.audit is None and "Stopped" in pane.banner.text()


def test_a_changed_input_marks_the_audit_stale_and_aligning_again_clears_it(qtbot, window,
                                                                             tmp_path):
    pane = with_demo(qtbot, window)
    align_and_wait(qtbot, pane, write_rows(tmp_path, ROWS))
    shown = pane.tokenizer_table.item(0, 1).text()
    assert not pane.is_stale and pane.stale_mark.isHidden()
    pane.mode_box.setCurrentIndex(pane.mode_box.findData("expand"))  # a view, not an input
    assert not pane.is_stale
    pane.tokenizer_list.item(1).setCheckState(Qt.CheckState.Unchecked)
    assert pane.is_stale and pane.stale_mark.isVisible()
    assert pane.tokenizer_table.item(0, 1).text() == shown  # kept, greyed
    assert pane.stale_mark.veiled(pane.result_view)
    pane.tokenizer_list.item(1).setCheckState(Qt.CheckState.Checked)  # back as it was
    assert not pane.is_stale and not pane.stale_mark.veiled(pane.result_view)
    pane.unit_box.setCurrentIndex(0)  # the offsets' unit is an input too
    assert pane.is_stale
    align_and_wait(qtbot, pane, pane.path)
    assert not pane.is_stale and pane.stale_mark.isHidden()
