"""The audit in the GUI: run in a worker with progress, badges and filters in the Vocabulary
tab, its summary in the Tokenizer tab, JSON/CSV export, and the bundle manifest when saved."""

from __future__ import annotations

import csv
import json

import numpy as np
import pytest
from PySide6.QtCore import Qt

from app.models.vocab import AUDIT_COLUMN, BADGE_COLORS, RULES
from core.audit import audit_vocabulary
from core.corpus import CorpusSource
from core.loading import open_tokenizer
from tests.app.conftest import open_and_wait
from tests.conftest import TOKENIZERS, require_data

pytestmark = pytest.mark.gui


def run_audit(qtbot, browser, timeout=60000):
    progressed = []
    original = browser._on_audit_progressed
    browser._on_audit_progressed = lambda report: (progressed.append(report), original(report))
    with qtbot.waitSignal(browser.audited, timeout=timeout) as blocker:
        browser.start_audit()
        assert not browser.progress.isHidden()  # the GUI shows the job while it runs
    runtime, audit = blocker.args
    qtbot.waitUntil(lambda: not browser.tasks.busy, timeout=timeout)
    return runtime, audit, progressed


def shown_ids(qtbot, browser, expected: int) -> list[int]:
    qtbot.waitUntil(lambda: browser.model.rowCount() == expected and not browser.tasks.busy,
                    timeout=20000)
    return browser.model.ids.tolist()


@pytest.mark.realdata
def test_bert_audit_filters_badges_summary_and_export(qtbot, window, tmp_path):
    path = require_data(TOKENIZERS / "bert-minilm" / "tokenizer.json")
    open_and_wait(qtbot, window, path)
    pane = window.inspect
    browser = pane.vocab
    pane.tabs.setCurrentWidget(browser)
    runtime, audit, progressed = run_audit(qtbot, browser)
    assert runtime is window.session.current_tokenizer.runtime
    assert {p.phase for p in progressed} >= {"reachability"}
    # the audit the GUI ran is the core's own
    expected = audit_vocabulary(runtime).to_json()
    assert audit.to_json()["self_unreachable"] == expected["self_unreachable"]
    # filter: unreachable (word-internal pieces apart)
    browser.show_group("unreachable")
    mask = audit.mask("unreachable")
    ids = shown_ids(qtbot, browser, int(mask.sum()))
    assert ids == np.flatnonzero(mask).tolist() and 1 in ids  # [unused0]
    model = browser.model
    row = ids.index(1)
    assert model.index(row, AUDIT_COLUMN).data() == "unreachable"
    colour = model.index(row, AUDIT_COLUMN).data(Qt.ItemDataRole.BackgroundRole)
    tip = model.index(row, AUDIT_COLUMN).data(Qt.ItemDataRole.ToolTipRole)
    assert "[ · unused · ##0 · ]" in tip
    assert colour == BADGE_COLORS["unreachable"]
    # a search narrows the filtered rows further
    browser.search.setText("unused1")
    qtbot.waitUntil(lambda: 0 < browser.model.rowCount() < len(ids) and not browser.tasks.busy,
                    timeout=20000)
    assert all(mask[i] for i in browser.model.ids.tolist())
    browser.search.setText("")
    # the summary in the Tokenizer tab
    text = pane.info.audit.text()
    assert "Vocabulary audit" in text and f"{len(expected['self_unreachable']):,}" in text
    # export
    as_json, as_csv = tmp_path / "a.json", tmp_path / "a.csv"
    assert browser.export_audit(as_json) and browser.export_audit(as_csv)
    # what tokbench audit --json prints: the audit in the envelope, no --fail-on
    assert json.loads(as_json.read_text(encoding="utf-8")) == json.loads(json.dumps(
        {"tokbench": "audit", "version": 1, **audit.to_json(), "fail_on": None,
         "failed": False}))
    with as_csv.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == runtime.vocab_size and rows[1]["status"] == "unreachable"


def test_sensitive_and_unused_filters_with_a_corpus(qtbot, window, tmp_path, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    browser = window.inspect.vocab
    runtime = window.session.current_tokenizer.runtime
    corpus = tmp_path / "c.txt"
    corpus.write_text("Hello world\nHello again\n", encoding="utf-8")
    window.session.set_corpus([CorpusSource(corpus, lang="en")])
    piece = next(runtime.piece(i) for i in range(runtime.vocab_size)
                 if len(runtime.token_bytes(i).strip()) >= 5
                 and runtime.token_bytes(i).strip().isalpha())
    browser.names.setText(runtime.token_bytes(runtime.token_to_id(piece)).decode().strip())
    _, audit, _ = run_audit(qtbot, browser)
    assert audit.usage is not None and audit.usage.documents == 2
    browser.show_group("unused")
    unused = audit.mask("unused")
    assert shown_ids(qtbot, browser, int(unused.sum())) == np.flatnonzero(unused).tolist()
    browser.show_group("sensitive")
    ids = shown_ids(qtbot, browser, len(audit.sensitive))
    assert runtime.token_to_id(piece) in ids
    assert all("sensitive" in browser.model.badges(i) for i in ids)
    row = ids.index(runtime.token_to_id(piece))
    cell = browser.model.index(row, AUDIT_COLUMN)
    assert cell.data().startswith("sensitive: your name")  # the most telling badge first
    # the most telling badge colours the cell, whatever other badges the piece has
    assert cell.data(Qt.ItemDataRole.BackgroundRole) == BADGE_COLORS["sensitive"]
    # with counts, the vocabulary sorts rarest first
    browser.show_group(None)
    browser.sort.setCurrentIndex(browser.sort.findData("count ↑"))
    assert not (np.diff(audit.usage.counts) >= 0).all()  # id order is not count order
    qtbot.waitUntil(lambda: not browser.tasks.busy and browser.model.rowCount()
                    == runtime.vocab_size
                    and (np.diff(audit.usage.counts[browser.model.ids]) >= 0).all(),
                    timeout=20000)
    assert audit.usage.counts[browser.model.ids[-1]] == audit.usage.counts.max()
    # near duplicates are shown group by group
    browser.sort.setCurrentIndex(browser.sort.findData("id"))
    browser.show_group("near-duplicate")
    members = sum(len(g) for g in audit.near_duplicates)
    ids = shown_ids(qtbot, browser, members)
    assert ids == [i for g in audit.near_duplicates for i in g]
    # a new tokenizer has no audit: the filters go back to everything, the count sort goes
    browser.set_runtime(None)
    assert browser.show_only.count() == 1 and not browser.export_button.isEnabled()
    assert browser.sort.findData("count ↑") < 0


def test_every_rule_has_a_label():
    from core.audit.sensitive import NAME_RULE, RULES as CORE_RULES

    assert set(RULES) == set(CORE_RULES) | {NAME_RULE}


def test_saved_bundle_keeps_the_audit(qtbot, window, tmp_path, dialogs, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    browser = window.inspect.vocab
    _, audit, _ = run_audit(qtbot, browser)
    dest = tmp_path / "saved.zip"
    dialogs.answer("save_file", dest)
    window.save_bundle_dialog()
    qtbot.waitUntil(lambda: dest.exists() and not window.tasks.busy, timeout=20000)
    manifest = open_tokenizer(dest).manifest
    assert manifest["audit"]["self_unreachable"] == audit.to_json()["self_unreachable"]
    assert manifest["audit"]["tokens"] == audit.tokens


def test_stop_ends_the_audit_without_a_result(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    browser = window.inspect.vocab
    seen = []
    browser.audited.connect(lambda *a: seen.append(a))
    browser.start_audit()
    browser._on_audit_clicked()  # the button says "Stop audit" while it runs
    assert browser.progress.isHidden()
    qtbot.waitUntil(lambda: not browser.tasks.busy, timeout=20000)
    assert browser.audit_button.text() == "Audit vocabulary"
    assert seen == [] or browser.audit is not None  # finished before the stop arrived: kept


@pytest.mark.serial  # measures wall-clock time: runs alone (tests/serial.py)
@pytest.mark.realdata
def test_gui_thread_never_stalls_while_auditing(qtbot, window, record_property):
    """The audit of a 65k vocabulary (encoding every token's text, replaying 64k merges) runs in
    a worker: the GUI thread is never kept from its event loop 50 ms by it (GapMeter tells the
    machine's own load apart), results and filters included."""
    from tests.app.gui_meter import assert_never_stalls

    open_and_wait(qtbot, window, require_data(TOKENIZERS / "claude-legacy" / "tokenizer.json"))
    browser = window.inspect.vocab
    window.inspect.tabs.setCurrentWidget(browser)
    qtbot.waitUntil(lambda: browser.model.rowCount() > 0 and not window.tasks.busy,
                    timeout=30000)

    def audit() -> None:
        run_audit(qtbot, browser)
        browser.show_group("sensitive")
        qtbot.waitUntil(lambda: not window.tasks.busy, timeout=20000)

    assert_never_stalls(audit, record_property=record_property)
