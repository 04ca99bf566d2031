"""One word for stopping a job, in every pane: Stop / 停止 (never Cancel / 取消, which a
dialog's own button keeps), on a button enabled only while its job runs."""

from __future__ import annotations

import re

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.gui

TS = ROOT / "resources" / "translations" / "workbench_zh_CN.ts"


def stop_buttons(window) -> dict:
    return {"train": window.train.stop_button, "corpus": window.corpus.stop_button,
            "diff": window.diff.stop_button, "align": window.align.stop_button,
            "diagnostics": window.diagnostics.stop_button}


def test_every_pane_says_stop_and_enables_it_only_while_a_job_runs(window):
    for pane, button in stop_buttons(window).items():
        assert button.text().replace("&", "") == "Stop", pane  # "Sto&p": its mnemonic (Alt+P)
        assert button.toolTip().startswith("Stop"), pane
        assert not button.isEnabled(), f"{pane}: Stop is enabled with no job running"


def test_no_translatable_text_says_cancel_for_a_job():
    sources = re.findall(r"<source>(.*?)</source>", TS.read_text(encoding="utf-8"), re.S)
    translations = re.findall(r"<translation>(.*?)</translation>",
                              TS.read_text(encoding="utf-8"), re.S)
    assert len(sources) > 500
    assert [s for s in sources if re.search(r"cancel", s, re.I)] == []
    assert [t for t in translations if "取消" in t] == []
    stop = {s: t for s, t in re.findall(
        r"<source>(Stop)</source>\s*<translation>(.*?)</translation>",
        TS.read_text(encoding="utf-8"))}
    assert stop == {"Stop": "停止"}


def test_the_stop_button_is_enabled_while_the_corpus_is_read(qtbot, window, tmp_path):
    from tests.app.test_corpus_pane import add_and_wait

    big = tmp_path / "big.txt"
    big.write_text("the quick brown fox jumps over the lazy dog\n" * 300_000, encoding="utf-8")
    pane = window.corpus
    window.panes.setCurrentWidget(pane)
    add_and_wait(qtbot, pane, big)
    pane.compute_statistics()
    assert pane.stop_button.isEnabled()
    pane.stop_button.click()
    assert not pane.stop_button.isEnabled()
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=20000)
    assert not pane.stop_button.isEnabled()
