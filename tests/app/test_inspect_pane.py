"""The Inspect pane driven as a user would: open, type, switch units, compare, search vocab."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt

from core.encodings.encoding import FLAG_NAMES, Flag
from core.encodings.export import token_header
from core.formats.detect import load_tokenizer
from core.text.offsets import Unit
from tests.app.conftest import open_and_wait, wait_inspected

pytestmark = pytest.mark.gui
TEXT = "Hello 世界 👨\u200d👩\u200d👧 café"


def test_typing_shows_the_runtime_ids(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    pane = window.inspect
    pane.editor.setFocus()
    qtbot.keyClicks(pane.editor, "Hello world")
    pane.editor.insertPlainText(" 世界 👨\u200d👩\u200d👧")
    result = wait_inspected(qtbot, window)
    expected = load_tokenizer(demo_paths[0]).encode("Hello world 世界 👨\u200d👩\u200d👧")
    assert result.encoding.ids.tolist() == expected.ids.tolist()
    model = pane.table_model
    assert model.rowCount() == len(expected)
    assert [int(model.index(r, 2).data()) for r in range(model.rowCount())] == expected.ids.tolist()
    assert f"<b>{len(expected)}</b> tokens" in pane.counts.text()
    assert "equals the text" in pane.round_trip.text()
    assert pane.token_view.shown == len(expected)


def test_switching_units_changes_the_span_column(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text("a👨\u200d👩\u200d👧b")
    wait_inspected(qtbot, window)
    pane = window.inspect
    model = pane.table_model
    last = model.rowCount() - 1
    spans = {}
    for unit in Unit:
        pane.unit_box.setCurrentIndex(list(Unit).index(unit))
        assert unit.label in model.headerData(4, Qt.Orientation.Horizontal)
        spans[unit] = model.index(last, 4).data()
    # the final "b": byte 19, code point 6, UTF-16 unit 9, grapheme 2
    assert spans[Unit.BYTES] == "19–20" and spans[Unit.CP] == "6–7"
    assert spans[Unit.UTF16] == "9–10" and spans[Unit.GRAPHEME] == "2–3"


def test_round_trip_difference_is_shown(qtbot, window, tmp_path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "hello", "world"]) + "\n")
    open_and_wait(qtbot, window, vocab)
    window.session.set_text("Hello world")
    wait_inspected(qtbot, window)
    assert "differs" in window.inspect.round_trip.text()


def test_compare_two_tokenizers_side_by_side(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    open_and_wait(qtbot, window, demo_paths[1])
    window.session.set_text(TEXT)
    wait_inspected(qtbot, window)
    pane = window.inspect
    pane.tabs.setCurrentWidget(pane.compare)
    qtbot.waitUntil(lambda: sum(c.isVisible() for c in pane.compare.columns) == 2, timeout=20000)
    titles = [c.title.text() for c in pane.compare.columns if c.isVisible()]
    for path, title in zip(demo_paths, titles):
        count = len(load_tokenizer(path).encode(TEXT))
        assert f"<b>{count:,}</b> tokens" in title


def test_vocabulary_search_and_sort(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    browser = window.inspect.vocab
    window.inspect.tabs.setCurrentWidget(browser)
    runtime = window.session.current_tokenizer.runtime
    # the first view of a vocabulary is built in a worker (its model view: 0.7 s for 65k tokens)
    qtbot.waitUntil(lambda: browser.model.rowCount() == runtime.vocab_size, timeout=10000)
    qtbot.keyClicks(browser.search, "the")
    qtbot.waitUntil(lambda: "of" in browser.count.text() and browser.model.rowCount() < runtime.vocab_size,
                    timeout=10000)
    rows = browser.model.rowCount()
    assert rows > 0
    assert all("the" in browser.model.index(r, 1).data().lower()
               or "the" in browser.model.index(r, 2).data().lower() for r in range(rows))
    browser.sort.setCurrentIndex(browser.sort.findData("length ↓"))  # the key, not the label
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=10000)
    lengths = [int(browser.model.index(r, 4).data()) for r in range(browser.model.rowCount())]
    assert lengths == sorted(lengths, reverse=True)
    browser.search.setText("42")
    qtbot.waitUntil(lambda: browser.model.rowCount() and browser.model.index(0, 0).data() == "42",
                    timeout=10000)


def test_chip_hover_highlights_the_table_row(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text(TEXT)
    wait_inspected(qtbot, window)
    pane = window.inspect
    pane.token_view.token_hovered.emit(2)
    assert pane.table_model.highlighted == 2
    pane.token_view.token_clicked.emit(3)
    assert pane.table.currentIndex().row() == 3


def test_tokens_show_as_text_by_default_and_as_pieces_one_toggle_away(qtbot, window,
                                                                    demo_paths):
    """The shaped text with bands is the default view; the chips are one toggle away and get
    the same encoding; the count of graphemes no token holds whole is next to the counts."""
    import regex

    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text(TEXT)
    result = wait_inspected(qtbot, window)
    pane = window.inspect
    assert pane.token_view is pane.text_view and pane.text_view.encoding is result.encoding
    enc = result.encoding
    cuts = {int(b) for s, e in zip(enc.byte_starts, enc.byte_ends) if e > s for b in (s, e)}
    split, pos = 0, 0
    for cluster in regex.findall(r"\X", TEXT):
        size = len(cluster.encode())
        split += any(pos < c < pos + size for c in cuts)
        pos += size
    counts = pane.counts.text()
    assert (f"{split} grapheme" in counts) == (split > 0)
    pane.as_pieces.click()
    qtbot.waitUntil(lambda: pane.chips.encoding is result.encoding, timeout=5000)
    assert pane.token_view is pane.chips and pane.text_view.encoding is None
    pane.token_view.token_hovered.emit(1)
    assert pane.table_model.highlighted == 1
    pane.as_text.click()
    qtbot.waitUntil(lambda: pane.text_view.encoding is result.encoding, timeout=5000)
    pane.outline_split.setChecked(True)
    assert pane.text_view.outline_split


def test_bad_file_shows_a_message_not_a_crash(qtbot, window, tmp_path, dialogs):
    dialogs.expect("warning")
    bad = tmp_path / "broken.json"
    bad.write_text('{"model": {"type": "BPE", "vocab": ')
    window.open_path(bad)
    qtbot.waitUntil(lambda: bool(dialogs.texts("warning")), timeout=10000)
    shown = dialogs.texts("warning")
    assert shown and "broken.json" in shown[0] and "invalid JSON" in shown[0]
    assert window.session.tokenizers == []


def test_special_literal_is_flagged(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text("a<|endoftext|>b")
    result = wait_inspected(qtbot, window)
    assert "possible injection" in window.inspect.warnings.text()
    assert not any(f & 1 for f in result.encoding.flags.tolist())
    window.inspect.parse_special.setChecked(True)
    qtbot.waitUntil(lambda: window.inspect.result is not result, timeout=10000)
    result = wait_inspected(qtbot, window)
    assert any(f & 1 for f in result.encoding.flags.tolist())


def test_lone_surrogates_are_replaced(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    with qtbot.waitSignal(window.session.message) as said:
        window.session.set_text("ok \ud800 end")
    assert "lone surrogate" in said.args[0]
    result = wait_inspected(qtbot, window)
    assert result.encoding.text == "ok \ufffd end"


def test_recent_files_remember_opened_tokenizers(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[1])
    assert str(demo_paths[1]) in window.session.recent_files()[0]
    assert window.recent_menu.actions()


def test_text_file_with_invalid_utf8_names_line(qtbot, window, tmp_path, dialogs):
    dialogs.expect("warning")
    path = tmp_path / "t.txt"
    path.write_bytes(b"fine\nbad \xff here\n")
    window.open_text(path)
    shown = dialogs.texts("warning")
    assert shown and shown[0].endswith("t.txt:2: invalid UTF-8 at byte 9 of the file "
                                       "(byte 4 of the line: 0xff)")  # as tokbench says it


def test_dropping_files_opens_tokenizers_and_texts(qtbot, window, demo_paths, tmp_path):
    from PySide6.QtCore import QMimeData, QPointF, QUrl
    from PySide6.QtGui import QDropEvent

    text_file = tmp_path / "note.txt"
    text_file.write_text("dropped text 你好", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(demo_paths[1])), QUrl.fromLocalFile(str(text_file))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier)
    window.dropEvent(event)
    qtbot.waitUntil(lambda: len(window.session.tokenizers) == 1, timeout=20000)
    assert window.session.text == "dropped text 你好"
    result = wait_inspected(qtbot, window)
    assert result.encoding.ids.tolist() == load_tokenizer(demo_paths[1]).encode(
        "dropped text 你好").ids.tolist()


def test_table_cells_are_the_ones_tokbench_prints(qtbot, window, demo_paths):
    from app.commands.inspect import format_table
    from core.encodings.export import token_cell

    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text("a世 x")
    result = wait_inspected(qtbot, window)
    pane, enc = window.inspect, result.encoding
    pane.unit_box.setCurrentIndex(list(Unit).index(Unit.BYTES))
    model = pane.table_model
    table = format_table(enc, Unit.BYTES).splitlines()
    for row in range(model.rowCount()):
        cells = tuple(token_cell(enc, row, col, Unit.BYTES) for col in (0, 1, 2, 3, 4, 6))
        assert tuple(model.index(row, col).data() for col in (0, 1, 2, 3, 4, 6)) == cells
        assert table[row + 1].split() == " ".join(cells).split()


def test_a_failed_helper_process_is_said_in_the_pane(qtbot, window, tmp_path):
    import shutil

    from app.main_window import DEMO
    from core.offload import LARGE_TEXT

    folder = tmp_path / "tok"
    shutil.copytree(DEMO / "demo-unigram", folder)
    open_and_wait(qtbot, window, folder / "tokenizer.model")
    shutil.rmtree(folder)  # the helper process cannot load it again
    window.session.set_text("Hello world. " * (LARGE_TEXT // 13 + 1))
    result = wait_inspected(qtbot, window)
    assert "offload.fallback" in [n.code for n in result.notes]
    assert "could not encode this large text" in window.inspect.warnings.text()


def test_the_pane_speaks_chinese_and_copies_core_column_names(qtbot, chinese, window, demo_paths):
    """In Chinese: the tabs, the table's columns (core's English names, translated when shown),
    the unit names and the counts; a copy keeps core's English header (it is data for scripts);
    the vocabulary sorts by the order's key, whatever its label says."""
    from PySide6.QtGui import QGuiApplication

    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text(TEXT)
    result = wait_inspected(qtbot, window)
    pane = window.inspect
    assert [pane.tabs.tabText(i) for i in range(pane.tabs.count())] == [
        "词元", "流水线", "解释", "对比", "词表", "分词器"]
    model = pane.table_model
    assert [model.headerData(c, Qt.Orientation.Horizontal) for c in range(model.columnCount())] \
        == ["#", "片段", "ID", "字节", "区间（码位）", "原文本", "标志"]
    assert [pane.unit_box.itemText(i) for i in range(pane.unit_box.count())] == [
        "UTF-8 字节", "码位", "UTF-16 单元", "字素簇"]
    partial = next(r for r in range(model.rowCount()) if result.encoding.flags[r] & Flag.PARTIAL)
    assert model.index(partial, 6).data() == "部分字符"  # core's "partial", translated
    assert f"<b>{len(result.encoding):,}</b> 个词元" in pane.counts.text()
    assert "decode(encode(text)) 与原文本相同" in pane.round_trip.text()

    clipboard = QGuiApplication.clipboard()
    clipboard.setText("<before>")
    with qtbot.waitSignal(pane.status, timeout=10000) as said:
        pane.copy_actions.copy_rows.trigger()
    qtbot.waitUntil(lambda: clipboard.text() != "<before>", timeout=10000)
    copied = [line.split("\t") for line in clipboard.text().splitlines()]
    assert copied[0] == token_header(Unit.CP)
    assert copied[1 + partial][6] == "partial"
    assert said.args == [f"已复制 {len(result.encoding)} 行（TSV）"]

    browser = pane.vocab
    pane.tabs.setCurrentWidget(browser)
    assert browser.model.headerData(1, Qt.Orientation.Horizontal) == "片段"
    browser.sort.setCurrentIndex(browser.sort.findData("length ↓"))
    assert browser.sort.currentText() == "长度 ↓ 从长到短"
    qtbot.waitUntil(lambda: not window.tasks.busy and "词表条目" in browser.count.text(),
                    timeout=10000)
    lengths = [int(browser.model.index(r, 4).data()) for r in range(browser.model.rowCount())]
    assert lengths == sorted(lengths, reverse=True) and lengths[0] > lengths[-1]


def test_every_flag_core_names_has_a_label_in_the_table():
    from app.models.token_table import FLAG_LABELS

    assert set(FLAG_LABELS) == set(FLAG_NAMES.values())
