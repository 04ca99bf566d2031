"""The GUI thread never stalls over 50 ms while a large text is re-tokenized in a worker."""

from __future__ import annotations

import time

import pytest
from PySide6.QtCore import QTimer

from app.main_window import DEMO
from tests.app.conftest import open_and_wait, wait_inspected

pytestmark = pytest.mark.gui
STALL_LIMIT = 0.050


class GapMeter:
    """Ticks every 5 ms on the GUI thread and records the longest gap between ticks."""

    def __init__(self) -> None:
        self.timer = QTimer(interval=5)
        self.timer.timeout.connect(self._tick)
        self.gaps: list[float] = []
        self.when: list[float] = []
        self.last = None
        self.started = 0.0

    def _tick(self) -> None:
        now = time.perf_counter()
        if self.last is not None:
            self.gaps.append(now - self.last)
            self.when.append(now - self.started)
        self.last = now

    def worst(self) -> str:
        pairs = sorted(zip(self.gaps, self.when), reverse=True)[:3]
        return ", ".join(f"{g * 1000:.0f} ms ending at +{t:.2f} s" for g, t in pairs)

    def start(self) -> None:
        self.last = None
        self.started = time.perf_counter()
        self.gaps.clear()
        self.timer.start()

    def stop(self) -> float:
        self.timer.stop()
        return max(self.gaps, default=0.0)


def big_text(size: int) -> str:
    corpus = (DEMO / "corpus.txt").read_text(encoding="utf-8")
    return (corpus * (size // len(corpus.encode()) + 1))[: size // 2]


@pytest.mark.parametrize("tokenizer", ["demo-bpe/tokenizer.json", "demo-unigram/tokenizer.model"])
def test_gui_thread_never_stalls_while_retokenizing(qtbot, window, tokenizer):
    open_and_wait(qtbot, window, DEMO / tokenizer)
    window.session.set_text(big_text(3_000_000))
    first = wait_inspected(qtbot, window)
    meter = GapMeter()
    window.tasks.busy_changed.connect(lambda busy: meter.stop() if not busy else None)
    meter.start()
    window.inspect.add_special.toggle()  # re-tokenize the same large text
    qtbot.waitUntil(lambda: window.inspect.result is not first, timeout=60000)
    worker_gap = max(meter.gaps, default=0.0)
    assert len(meter.gaps) > 10, "the worker finished too fast to measure anything"
    assert worker_gap < STALL_LIMIT, f"GUI thread stalled: {meter.worst()}"


def test_pasting_100kb_shows_tokens_quickly(qtbot, window):
    open_and_wait(qtbot, window, DEMO / "demo-bpe/tokenizer.json")
    text = big_text(100_000)
    started = time.perf_counter()
    window.inspect.editor.setPlainText(text)
    result = wait_inspected(qtbot, window)
    elapsed = time.perf_counter() - started - window.inspect._debounce.interval() / 1000
    assert len(result.encoding) > 10_000
    assert window.inspect.table_model.rowCount() == len(result.encoding)
    assert elapsed < 0.5, f"took {elapsed:.2f} s"
