"""Screenshots of the Diff pane (``python -m app.screenshots OUT A B [C D ...] --panes diff``):
the tokenizers given are compared pairwise (A old, B new), with the ``--corpus`` files as the
Corpus pane's sources, and every tab is saved as ``diff-<pair>-<tab>.png``."""

from __future__ import annotations

from pathlib import Path

DIFF_TABS = ("vocabulary", "pipeline", "template", "migration", "behaviour", "golden")


def diff_shots(app, window, out: Path, tokenizers: list[str], corpus: list[Path]) -> None:
    from app.screenshots import _save, wait_until
    from core.corpus import expand

    pane = window.diff
    window.panes.setCurrentWidget(pane)
    window.session.set_corpus([s for path in corpus for s in expand(path)])
    by_path = {str(Path(t.path).resolve()): t for t in window.session.tokenizers}
    for pair in range(len(tokenizers) // 2):
        old, new = (by_path.get(str(Path(p).resolve())) for p in tokenizers[2 * pair:2 * pair + 2])
        if old is None or new is None:
            print(f"skipped pair {pair + 1}: a tokenizer did not load")
            continue
        done = []
        pane.compared.connect(done.append)
        pane.set_pair(old, new)
        pane.start_compare()
        wait_until(app, lambda: done, timeout=300)
        pane.compared.disconnect(done.append)
        for index, name in enumerate(DIFF_TABS):
            pane.tabs.setCurrentIndex(index)
            _save(app, window, out / f"diff-{pair + 1}-{name}.png")
