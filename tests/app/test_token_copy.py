"""Copying out of the Inspect pane: what lands on the clipboard (or in a file) after each action."""

from __future__ import annotations

import csv
import io
import json

import pytest
from PySide6.QtCore import QItemSelection, QItemSelectionModel, Qt
from PySide6.QtGui import QGuiApplication, QTextCursor

from core.encodings.encoding import Flag
from core.formats.detect import load_tokenizer
from core.text.offsets import Unit
from tests.app.conftest import open_and_wait, wait_inspected

pytestmark = pytest.mark.gui
TEXT = "Hello 世界 👨\u200d👩\u200d👧 café, 分词器 naïve 🍣\n\tnext"


@pytest.fixture
def pane(qtbot, window, demo_paths):
    """The Inspect pane on the demo byte-level BPE (it splits 世, 👨 and é into partial bytes)."""
    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text(TEXT)
    wait_inspected(qtbot, window)
    return window.inspect


def clipboard_after(qtbot, pane, action) -> str:
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("<before>")
    action()
    qtbot.waitUntil(lambda: clipboard.text() != "<before>", timeout=10000)
    return clipboard.text()


def select_rows(pane, *rows: int) -> None:
    selection = QItemSelection()
    for row in rows:
        selection.select(pane.table_model.index(row, 0), pane.table_model.index(row, 6))
    pane.table.selectionModel().select(selection, QItemSelectionModel.SelectionFlag.ClearAndSelect)


def native(path, text=TEXT):
    return load_tokenizer(path).encode(text)


def test_copy_ids_of_all_tokens_and_of_a_selection(qtbot, pane, demo_paths):
    ids = native(demo_paths[0]).ids.tolist()
    actions = pane.copy_actions
    assert json.loads(clipboard_after(qtbot, pane, actions.copy_ids_json.trigger)) == ids
    select_rows(pane, 1, 4, 5)
    with qtbot.waitSignal(pane.status, timeout=10000) as said:
        spaced = clipboard_after(qtbot, pane, actions.copy_ids_text.trigger)
    assert spaced == f"{ids[1]} {ids[4]} {ids[5]}"
    assert said.args == ["Copied 3 IDs, space-separated"]


def test_copy_tokens_gives_the_runtimes_pieces(qtbot, pane, demo_paths):
    enc = native(demo_paths[0])
    pieces = json.loads(clipboard_after(qtbot, pane, pane.copy_actions.copy_pieces.trigger))
    assert pieces == list(enc.pieces)
    assert any(enc.flags[i] & Flag.PARTIAL for i in range(len(enc)))  # partial pieces included


def test_ctrl_a_ctrl_c_in_the_table_copies_every_row_as_tsv(qtbot, pane, demo_paths):
    table = pane.table
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    assert len(table.selectionModel().selectedRows()) == pane.table_model.rowCount()
    text = clipboard_after(qtbot, pane, lambda: qtbot.keyClick(
        table, Qt.Key.Key_C, Qt.KeyboardModifier.ControlModifier))
    lines = list(csv.reader(io.StringIO(text), dialect="excel-tab"))
    model = pane.table_model
    assert lines[0] == [model.headerData(c, Qt.Orientation.Horizontal) for c in range(7)]
    assert lines[0][4] == f"Span ({Unit.CP.label})"
    assert lines[1:] == [[model.index(r, c).data() for c in range(7)] for r in range(model.rowCount())]
    assert [int(row[2]) for row in lines[1:]] == native(demo_paths[0]).ids.tolist()


def test_shift_click_extends_the_selection_and_copies_those_rows(qtbot, pane):
    table = pane.table
    table.setFocus()
    table.selectRow(2)
    rect = table.visualRect(pane.table_model.index(5, 1))
    qtbot.mouseClick(table.viewport(), Qt.MouseButton.LeftButton,
                     Qt.KeyboardModifier.ShiftModifier, rect.center())
    text = clipboard_after(qtbot, pane, pane.copy_actions.copy_rows.trigger)
    lines = list(csv.reader(io.StringIO(text), dialect="excel-tab"))
    assert [row[0] for row in lines[1:]] == ["2", "3", "4", "5"]


def test_context_menu_offers_every_action(qtbot, pane):
    menu = pane.copy_actions.menu()
    texts = [a.text() for a in menu.actions() if not a.isSeparator()]
    assert texts == ["Copy rows (TSV, with headers)", "Copy IDs as a JSON list",
                     "Copy IDs, space-separated", "Copy tokens as a JSON list", "Select all",
                     "Export table as CSV…", "Export tokens as JSON…"]
    assert all(a.isEnabled() for a in menu.actions())
    pane.table_model.set_encoding(None)
    assert not any(a.isEnabled() for a in pane.copy_actions.menu().actions())


def test_export_csv_and_json(qtbot, pane, demo_paths, tmp_path, dialogs, window):
    target = {}
    dialogs.answer("save_file", lambda *args: (str(target["path"]), ""))
    enc = native(demo_paths[0])
    select_rows(pane, 0)  # exports take the whole table, whatever is selected
    target["path"] = tmp_path / "tokens.csv"
    with qtbot.waitSignal(pane.status, timeout=10000) as said:
        pane.copy_actions.export_csv.trigger()
    assert "tokens.csv" in said.args[0]
    rows = list(csv.reader(io.StringIO(target["path"].read_text(encoding="utf-8"))))
    assert len(rows) == len(enc) + 1 and [int(r[2]) for r in rows[1:]] == enc.ids.tolist()
    target["path"] = tmp_path / "tokens.json"
    with qtbot.waitSignal(pane.status, timeout=10000):
        pane.copy_actions.export_json.trigger()
    assert json.loads(target["path"].read_text(encoding="utf-8")) == enc.to_json()


def test_export_to_an_unwritable_place_says_why(qtbot, pane, tmp_path, dialogs):
    dialogs.answer("save_file", tmp_path / "missing" / "t.csv")
    with qtbot.waitSignal(pane.status, timeout=10000) as said:
        pane.copy_actions.export_csv.trigger()
    assert "t.csv" in said.args[0]


def as_pieces(qtbot, pane):
    """The piece chips (one toggle away from the text view) with the result drawn in them."""
    pane.as_pieces.click()
    qtbot.waitUntil(lambda: pane.chips.encoding is pane.result.encoding
                    and not pane.chips.drawing, timeout=10000)
    return pane.chips


def test_copying_the_text_view_gives_the_original_text(qtbot, pane):
    """Select all, or a drag over part of a character byte-level tokens split: the original
    characters are copied, whole (never glyphs, never half a character)."""
    view = pane.text_view
    assert pane.token_view is view
    view.selectAll()
    assert clipboard_after(qtbot, pane, view.copy) == TEXT
    start = TEXT.encode().index("世".encode())
    view._selection = (start + 1, start + 2)  # inside 世: as a drag within its glyph selects
    assert clipboard_after(qtbot, pane, view.copy) == "世"


def test_copying_chips_gives_the_original_text_not_glyphs(qtbot, pane):
    chips = as_pieces(qtbot, pane)
    chips.selectAll()
    assert clipboard_after(qtbot, pane, chips.copy) == TEXT
    # one chip of a character split in bytes (shown as hex) copies the whole character
    enc = chips.encoding
    partial = next(i for i in range(len(enc)) if enc.flags[i] & Flag.PARTIAL
                   and "世".encode() in enc.index.data[enc.byte_starts[i]:enc.byte_ends[i] + 2])
    cursor = QTextCursor(chips.document())
    cursor.setPosition(chips._starts[partial])
    cursor.setPosition(chips._ends[partial], QTextCursor.MoveMode.KeepAnchor)
    chips.setTextCursor(cursor)
    assert clipboard_after(qtbot, pane, chips.copy) == "世"
    # a selection over the chips of "␣café," copies " café," (the space, not the ␣ glyph)
    start = TEXT.encode().index(" café".encode())
    first = next(i for i in range(len(enc)) if enc.byte_starts[i] == start)
    last = next(i for i in range(len(enc)) if enc.byte_ends[i] == start + len(" café,".encode()))
    cursor.setPosition(chips._starts[first])
    cursor.setPosition(chips._ends[last], QTextCursor.MoveMode.KeepAnchor)
    chips.setTextCursor(cursor)
    assert clipboard_after(qtbot, pane, chips.copy) == " café,"


def test_copying_chips_of_a_tokenizer_that_adds_tokens(qtbot, window, demo_paths):
    """The unigram model puts a ▁ before the text: copying still gives the text itself."""
    open_and_wait(qtbot, window, demo_paths[1])
    window.session.set_text(TEXT)
    wait_inspected(qtbot, window)
    chips = as_pieces(qtbot, window.inspect)
    chips.selectAll()
    assert clipboard_after(qtbot, window.inspect, chips.copy) == TEXT
    window.inspect.as_text.click()  # and the text view
    view = window.inspect.text_view
    qtbot.waitUntil(lambda: view.encoding is window.inspect.result.encoding, timeout=10000)
    view.selectAll()
    assert clipboard_after(qtbot, window.inspect, view.copy) == TEXT
