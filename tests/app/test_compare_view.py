"""Compare: differences marked, columns scrolled together, columns never squeezed."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCharFormat, QTextCursor

from app.widgets.compare_view import COLUMN_MIN_WIDTH
from core.encodings.boundaries import compare_boundaries
from core.formats.detect import load_tokenizer
from tests.app.conftest import open_and_wait, wait_inspected

pytestmark = pytest.mark.gui
TEXT = "Tokenizers 分词器 split text differently: 你好，世界！ 👨\u200d👩\u200d👧 naïve café 🍣"


def show_compare(qtbot, window, paths, text):
    for path in paths:
        open_and_wait(qtbot, window, path)
    window.session.set_text(text)
    wait_inspected(qtbot, window)
    pane = window.inspect
    pane.tabs.setCurrentWidget(pane.compare)
    columns = pane.compare.columns
    qtbot.waitUntil(lambda: sum(c.isVisible() for c in columns) == len(paths), timeout=30000)
    wait_shown(qtbot, columns[:len(paths)], text)
    return pane.compare


def wait_shown(qtbot, columns, text):
    qtbot.waitUntil(lambda: all(c.isVisible() and c.token_view.encoding is not None
                                and c.token_view.encoding.text == text
                                and not c.token_view.drawing for c in columns), timeout=30000)


def red_under(column, token: int) -> bool:
    """Whether the text view paints red under token ``token``'s band (the difference mark)."""
    view = column.text_view
    image = view.viewport().grab().toImage()
    for k, top in view.visible_paragraphs():
        para = view.paragraph_layout(k)
        for line in para.lines:
            bottom = int(top + line.top + line.height + 1)
            for seg in line.segments:
                if seg.token == token and seg.x1 - seg.x0 >= 3:
                    xs = range(int(seg.x0) + 1, int(seg.x1))
                    ys = range(bottom - 4, bottom + 3)
                    return any(_reddish(image.pixelColor(x, y)) for x in xs for y in ys)
    raise AssertionError(f"token {token} has no band on screen")


def _reddish(color) -> bool:
    return color.red() > 170 and color.green() < 110 and color.blue() < 110


def test_tokens_where_the_cuts_differ_are_marked(qtbot, window, demo_paths):
    compare = show_compare(qtbot, window, demo_paths, TEXT)
    native = [load_tokenizer(p).encode(TEXT) for p in demo_paths]
    differing, marks = compare_boundaries(native)
    assert compare.differing.tolist() == differing.tolist() and len(differing)
    for column, marked in zip(compare.columns, marks):
        assert column.token_view is column.text_view  # bands on the text by default
        assert column.text_view.marked.tolist() == marked.tolist()
        assert f"{int(marked.sum()):,} tokens where the cuts differ" in column.title.text()
        wide = [k for k in range(len(marked))
                if column.text_view.encoding.byte_ends[k] - column.text_view.encoding.byte_starts[k] > 1]
        assert red_under(column, next(k for k in wide if marked[k]))
        assert not red_under(column, next(k for k in wide if not marked[k]))
    assert compare.legend.isVisible()


def test_pieces_where_the_cuts_differ_are_marked(qtbot, window, demo_paths):
    compare = show_compare(qtbot, window, demo_paths, TEXT)
    window.inspect.as_pieces.click()
    wait_shown(qtbot, compare.columns[:2], TEXT)
    marks = compare_boundaries([load_tokenizer(p).encode(TEXT) for p in demo_paths])[1]
    for column, marked in zip(compare.columns, marks):
        assert column.token_view is column.chips and column.text_view.encoding is None
        assert f"{int(marked.sum()):,} tokens where the cuts differ" in column.title.text()
        # a marked chip is drawn with the red wavy underline, an unmarked one without
        chips = column.chips
        for k in (int(marked.argmax()), int((~marked).argmax())):
            cursor = QTextCursor(chips.document())
            cursor.setPosition(chips._starts[k] + 1)
            fmt = cursor.charFormat()
            wavy = fmt.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
            assert wavy == bool(marked[k])
            assert (fmt.underlineColor().name() == "#d32f2f") == bool(marked[k])
    assert compare.legend.isVisible()


def test_one_tokenizer_alone_has_no_marks(qtbot, window, demo_paths):
    compare = show_compare(qtbot, window, demo_paths[:1], TEXT)
    assert compare.columns[0].token_view.marked is None
    assert "differ" not in compare.columns[0].title.text()
    assert not compare.legend.isVisible()


def test_columns_scroll_together_to_the_same_place_in_the_text(qtbot, window, demo_paths):
    text = "\n".join(f"line {n}: {TEXT}" for n in range(120))
    compare = show_compare(qtbot, window, demo_paths, text)
    first, second = compare.columns[:2]
    bar = first.token_view.verticalScrollBar()
    assert bar.maximum() > 0
    bar.setValue(bar.maximum() // 2)
    top = first.top_byte()
    other = second.top_byte()
    line = len(f"line 0: {TEXT}\n".encode())
    assert top > 0 and abs(other - top) <= line  # the same line of the text, give or take one
    bar.setValue(0)
    assert second.token_view.verticalScrollBar().value() == 0


def test_columns_keep_their_width_and_the_row_scrolls_sideways(qtbot, window, demo_paths, tmp_path):
    vocab = tmp_path / "vocab.txt"  # a third tokenizer: three columns cannot fit a narrow window
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "token", "##izer", "##s"]) + "\n")
    compare = show_compare(qtbot, window, [*demo_paths, vocab], TEXT)
    window.resize(600, 700)  # as narrow as the window goes
    qtbot.waitUntil(lambda: compare.scroller.viewport().width() < 3 * COLUMN_MIN_WIDTH, timeout=5000)
    visible = [c for c in compare.columns if c.isVisible()]
    assert len(visible) == 3 and all(c.width() >= COLUMN_MIN_WIDTH for c in visible)
    assert compare.scroller.horizontalScrollBar().maximum() > 0


def test_the_tokenizer_just_opened_is_ticked_even_when_the_picker_is_full(qtbot):
    from app.widgets.compare_view import MAX_COMPARED, CompareView

    view = CompareView()
    qtbot.addWidget(view)
    first = [f"t{i}" for i in range(MAX_COMPARED + 1)]
    view.set_tokenizers(first)  # the first fill: the first ones, as many as fit
    assert view.selected() == list(range(MAX_COMPARED))
    view.picker.item(1).setCheckState(Qt.CheckState.Unchecked)  # the user's own choice
    view.picker.item(MAX_COMPARED).setCheckState(Qt.CheckState.Checked)
    ticked = view.selected()
    view.set_tokenizers(first + ["opened"])
    new = len(first)
    # the one just opened is ticked; the longest-ticked one made room; the unticked stays so
    assert view.selected() == sorted(ticked[1:] + [new])
    assert view.picker.item(1).checkState() == Qt.CheckState.Unchecked
    view.set_tokenizers(first + ["opened"])  # a refill with nothing new changes nothing
    assert view.selected() == sorted(ticked[1:] + [new])
