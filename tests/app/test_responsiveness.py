"""The GUI thread never stalls over 50 ms while a large text is re-tokenized in a worker."""

from __future__ import annotations

import time

import pytest

from app.main_window import DEMO
from tests.app.conftest import open_and_wait, wait_inspected
from tests.app.gui_meter import assert_never_stalls

pytestmark = [pytest.mark.gui, pytest.mark.serial]  # measures wall-clock stalls: alone (tests/serial.py)
STALL_LIMIT = 0.050


def big_text(size: int) -> str:
    corpus = (DEMO / "corpus.txt").read_text(encoding="utf-8")
    return (corpus * (size // len(corpus.encode()) + 1))[: size // 2]


def on_screen(window, result) -> bool:
    """The result is shown: table filled, every chip asked for drawn."""
    pane = window.inspect
    return (pane.result is result and pane.table_model.encoding is result.encoding
            and pane.token_view.encoding is result.encoding
            and not pane.token_view.drawing)


@pytest.mark.parametrize("tokenizer,view", [("demo-bpe/tokenizer.json", "text"),
                                            ("demo-unigram/tokenizer.model", "text"),
                                            ("demo-bpe/tokenizer.json", "pieces")])
def test_gui_thread_never_stalls_while_retokenizing(qtbot, window, tokenizer, view,
                                                   record_property):
    """From the request until the new result is on screen (worker, table and the tokens over
    the text, shaped or as chips), the GUI thread is never kept from its event loop for 50 ms
    by the product (see GapMeter for how the machine's own load is told apart)."""
    open_and_wait(qtbot, window, DEMO / tokenizer)
    window.inspect.as_pieces.setChecked(view == "pieces")
    window.session.set_text(big_text(3_000_000))
    first = wait_inspected(qtbot, window, timeout=60000)
    qtbot.waitUntil(lambda: on_screen(window, first), timeout=20000)  # nothing left to draw

    def retokenize() -> None:
        before = window.inspect.result
        window.inspect.add_special.toggle()  # re-tokenize the same large text
        qtbot.waitUntil(lambda: window.inspect.result not in (None, before)
                        and on_screen(window, window.inspect.result), timeout=60000)
        assert window.inspect.token_view.shown > 1000, "too few tokens to measure drawing them"

    assert_never_stalls(retokenize, STALL_LIMIT, record_property=record_property)


def test_pasting_100kb_shows_tokens_quickly(qtbot, window):
    """Pasted text shows its tokens after half a second of work at most. Counted as this
    process's CPU time (all its threads), which other processes on a busy machine do not
    inflate the way they stretch wall-clock time; the wall time is reported beside it."""
    open_and_wait(qtbot, window, DEMO / "demo-bpe/tokenizer.json")
    text = big_text(100_000)
    started, started_cpu = time.perf_counter(), time.process_time()
    window.inspect.editor.setPlainText(text)
    result = wait_inspected(qtbot, window)
    work = time.process_time() - started_cpu
    wall = time.perf_counter() - started - window.inspect._debounce.interval() / 1000
    assert len(result.encoding) > 10_000
    assert window.inspect.table_model.rowCount() == len(result.encoding)
    assert work < 0.5, f"took {work:.2f} s of CPU ({wall:.2f} s wall after the debounce)"
