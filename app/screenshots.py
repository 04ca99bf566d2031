"""Render the workbench offscreen and save a PNG of every Inspect tab.

    QT_QPA_PLATFORM=offscreen python -m app.screenshots OUT_DIR [TOKENIZER ...] [--text FILE]
    QT_QPA_PLATFORM=offscreen python -m app.screenshots OUT_DIR [TOKENIZER ...] --explain

Without tokenizers it shows the embedded demo. Used to look at the GUI as a user would.
``--explain`` saves the Explain tab on Chinese and on emoji text for every tokenizer instead
(``explain-<tokenizer>-<text>.png``).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path


def wait_until(app, predicate, timeout: float = 30.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        app.processEvents()
        if predicate():
            return True
        time.sleep(0.01)
    return False


def main(argv=None) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("tokenizers", nargs="*")
    parser.add_argument("--text", type=Path)
    parser.add_argument("--size", default="1400x900")
    parser.add_argument("--explain", action="store_true")
    args = parser.parse_args(argv)
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.main_window import MainWindow
    from app.session import Session

    app = QApplication.instance() or QApplication([sys.argv[0]])
    settings = QSettings(str(args.out / "settings.ini"), QSettings.Format.IniFormat)
    window = MainWindow(Session(settings))
    width, height = map(int, args.size.split("x"))
    window.resize(width, height)
    window.show()
    if args.tokenizers:
        for path in args.tokenizers:
            window.open_path(path)
    else:
        window.load_demo()
    expected = len(args.tokenizers) or 2
    wait_until(app, lambda: len(window.session.tokenizers) >= expected)
    if args.text:
        window.session.set_text(args.text.read_text(encoding="utf-8"))
    pane = window.inspect
    wait_until(app, lambda: pane.result is not None and not window.tasks.busy
               and not pane._debounce.isActive())
    args.out.mkdir(parents=True, exist_ok=True)
    if args.explain:
        explain_shots(app, window, args.out)
        window.close()
        return 0
    for index in range(pane.tabs.count()):
        pane.tabs.setCurrentIndex(index)
        wait_until(app, lambda: not window.tasks.busy)
        for _ in range(5):
            app.processEvents()
        name = pane.tabs.tabText(index).lower()
        window.grab().save(str(args.out / f"inspect-{name}.png"))
        print(args.out / f"inspect-{name}.png")
    pane.tabs.setCurrentIndex(0)
    pane.table.selectRow(3)
    app.processEvents()
    window.grab().save(str(args.out / "inspect-linked.png"))
    window.close()
    return 0


EXPLAIN_TEXTS = {"chinese": "低碳模型的分词：你好，世界！",
                 "emoji": "Family 👨\u200d👩\u200d👧 loves 🍣 and 👍🏽!"}


def explain_shots(app, window, out: Path) -> None:
    """The Explain tab of every loaded tokenizer on each of ``EXPLAIN_TEXTS``."""
    pane = window.inspect
    pane.tabs.setCurrentWidget(pane.explain_view)
    view = pane.explain_view
    for index, loaded in enumerate(window.session.tokenizers):
        window.session.set_current(index)
        for name, text in EXPLAIN_TEXTS.items():
            window.session.set_text(text)
            wait_until(app, lambda: not pane._debounce.isActive() and not window.tasks.busy
                       and view.explanation is not None and view.explanation.text == text)
            # show the word with the most to explain, a Chinese or emoji one first
            words = view.explanation.words
            ex = view.explanation
            richest = max(range(len(words)), key=lambda i: (
                any(ord(c) > 0x2FFF for c in ex.readable(words[i].text)),
                len(words[i].steps) + len(words[i].matches)
                + (len(words[i].lattice.edges) if words[i].lattice else 0)), default=0)
            if words:
                view.select_word(richest)
            for _ in range(5):
                app.processEvents()
            path = out / f"explain-{loaded.runtime.name}-{name}.png"
            window.grab().save(str(path))
            print(path)


if __name__ == "__main__":
    sys.exit(main())
