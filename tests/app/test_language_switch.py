"""A live language switch: View/Language → 简体中文 with every pane set up and its results
shown; the panes speak Chinese at once (a walk over every widget finds no English text of ours),
and nothing a user set up or computed is lost: the same inputs, the same results, the same tab."""

from __future__ import annotations

import re

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocumentFragment
from PySide6.QtWidgets import (QAbstractButton, QComboBox, QGroupBox, QHeaderView, QLabel,
                               QLineEdit, QListWidget, QPlainTextEdit, QTabWidget, QTextEdit,
                               QWidget)

from app import i18n
from tests.app.test_translations import PLACEHOLDER, ZH_TS, read_ts
from tests.app.test_workspace_window import set_up

pytestmark = pytest.mark.gui


def english_patterns() -> list[tuple[str, re.Pattern]]:
    """Each of our English texts whose Chinese differs, as a pattern over a widget's text
    (placeholders and plural counts match any value; mnemonics are ignored)."""
    patterns = []
    for message in read_ts(ZH_TS).values():
        source = message.source.replace("&", "")
        if message.state or not re.search("[A-Za-z]{2}", source) or len(source) < 3:
            continue
        if all(form.replace("&", "") == source for form in message.forms):
            continue  # the same in both languages (a format name, a unit)
        parts = PLACEHOLDER.split(source)
        if not re.search("[A-Za-z]{3}", "".join(parts)):
            continue  # placeholders and punctuation only ("{field}: {problem}"): no words
        body = ".+?".join(re.escape(part) for part in parts)
        patterns.append((message.source, re.compile(body, re.DOTALL)))
    return patterns


def shown_texts(widget: QWidget) -> list[str]:
    """The texts a user reads in ``widget`` and its children: labels, buttons, tips,
    placeholders, titles, tabs, combo items, headers, list items, text views."""
    texts = []

    def add(text):
        if isinstance(text, str) and text:
            if "<" in text and ">" in text:  # rich text: what is read, not the markup
                text = QTextDocumentFragment.fromHtml(text).toPlainText()
            texts.extend(line.replace("&", "").strip() for line in text.splitlines())

    for w in [widget, *widget.findChildren(QWidget)]:
        add(w.toolTip())
        add(w.accessibleName())
        if isinstance(w, QLabel):
            add(w.text())
        elif isinstance(w, QAbstractButton):
            add(w.text())
            menu = getattr(w, "menu", lambda: None)()
            for action in menu.actions() if menu is not None else []:
                add(action.text())
        elif isinstance(w, QLineEdit):
            add(w.placeholderText())
        elif isinstance(w, QGroupBox):
            add(w.title())
        elif isinstance(w, QTabWidget):
            for i in range(w.count()):
                add(w.tabText(i))
        elif isinstance(w, QComboBox):
            for i in range(w.count()):
                add(w.itemText(i))
        elif isinstance(w, (QPlainTextEdit, QTextEdit)):
            add(w.placeholderText())
            if w.isReadOnly():
                add(w.toPlainText()[:4000])
        if isinstance(w, QListWidget):
            for i in range(min(w.count(), 50)):
                add(w.item(i).text())
        if isinstance(w, QHeaderView) and w.model() is not None:
            for section in range(w.count()):
                add(w.model().headerData(section, w.orientation()))
    return [t for t in texts if t]


# texts that are data and happen to equal one of our English words (each says where)
DATA = {"text": "the Corpus source editor's field placeholder: the default JSONL field's name",
        "tool": "a chat message's role, as the chat template protocol names it"}


def english_in(pane: QWidget, patterns) -> list[str]:
    found = []
    for text in shown_texts(pane):
        if text in DATA:
            continue
        for source, pattern in patterns:
            if pattern.fullmatch(text):
                found.append(f"{text!r} (source {source!r})")
                break
    return found


def test_switching_to_chinese_keeps_everything_and_leaves_no_english(qtbot, window, demo_paths,
                                                                     tmp_path):
    set_up(qtbot, window, demo_paths, tmp_path)
    window.chat.picker.revert()  # (an edited template is kept too; the test below says so)
    diff = window.diff
    with qtbot.waitSignal(diff.compared, timeout=60000):
        diff.compare_button.click()
    align = window.align
    align.tokenizer_list.item(0).setCheckState(Qt.CheckState.Checked)
    align.start_audit()
    qtbot.waitUntil(lambda: align.audit is not None and not align.progress.isVisible(),
                    timeout=60000)
    window.diagnostics.run()
    qtbot.waitUntil(lambda: window.diagnostics.result is not None
                    and not window.diagnostics.stop_button.isEnabled(), timeout=60000)
    window.diff.tabs.setCurrentIndex(5)  # the Golden tab, inside a pane
    window.inspect.compare.picker.item(0).setCheckState(Qt.CheckState.Unchecked)
    window.panes.setCurrentWidget(window.align)
    qtbot.waitUntil(lambda: not window.tasks.busy, timeout=30000)
    patterns = english_patterns()
    english_before = {name: english_in(pane, patterns)
                      for name, pane in window.named_panes().items()}
    assert all(english_before.values()), "the walk finds our English texts before the switch"
    before = window.workspace.capture()
    results = (diff.diff, align.audit, window.diagnostics.result)
    try:
        window.set_language("zh_CN")
        qtbot.waitUntil(lambda: window._panes_language == "zh_CN", timeout=30000)
        left = {name: english_in(pane, patterns)
                for name, pane in window.named_panes().items()}
        assert left == {name: [] for name in left}
        # the same pane and tab, the same inputs, the same results (not recomputed), not stale
        assert window.panes.currentWidget() is window.align
        assert window.diff.tabs.currentIndex() == 5
        assert window.inspect.compare.selected() == [1]  # ticks in lists too
        after = window.workspace.capture()
        before.window.geometry = after.window.geometry = ""
        # splitters: a pane not shown has not laid its splitters out; the one shown keeps its
        # proportions (Chinese text may take other heights, so the room they share differs)
        def shares(splitters):
            return {k: [v / max(1, sum(sizes)) for v in sizes]
                    for k, sizes in splitters.items() if k.startswith("align/")}

        was, now = shares(before.window.splitters), shares(after.window.splitters)
        assert was.keys() == now.keys() and all(
            len(was[k]) == len(now[k]) and all(abs(a - b) < 0.02 for a, b in zip(was[k], now[k]))
            for k in was), (was, now)
        before.window.splitters = after.window.splitters = {}
        assert after == before
        assert (window.diff.diff, window.align.audit, window.diagnostics.result) == results
        assert not window.diff.is_stale and not window.align.is_stale
        assert not window.diagnostics.is_stale
        assert window.diff.tabs.tabText(0) == "词表"
        assert "已过期" not in window.diff.stale_label.text() or window.diff.stale_label.isHidden()
    finally:
        i18n.install_language("en")
        qtbot.waitUntil(lambda: window._panes_language == "en", timeout=30000)
    assert english_in(window.diff, patterns)  # and back in English


def test_an_edited_template_survives_the_switch(qtbot, window, demo_paths):
    chat = window.chat
    chat.picker.choose(["builtin", "chatml"])
    chat.template_editor.setPlainText(chat.template_editor.toPlainText() + "{# mine #}")
    edited = chat.template_editor.toPlainText()
    try:
        window.set_language("zh_CN")
        qtbot.waitUntil(lambda: window._panes_language == "zh_CN", timeout=30000)
        assert window.chat is not chat and window.chat.template_editor.toPlainText() == edited
        assert window.chat.picker.is_edited
    finally:
        i18n.install_language("en")
        qtbot.waitUntil(lambda: window._panes_language == "en", timeout=30000)


def test_a_running_job_delays_the_switch_of_the_panes_until_it_ends(qtbot, window, monkeypatch):
    monkeypatch.setattr(type(window.tasks), "busy", property(lambda self: True))
    inspect = window.inspect
    try:
        window.set_language("zh_CN")
        qtbot.waitUntil(lambda: window.menuBar().actions()[0].text() == "文件(&F)",
                        timeout=5000)
        qtbot.wait(50)
        assert window.inspect is inspect and window._rebuild_pending  # not under the job
        monkeypatch.undo()
        window.tasks.busy_changed.emit(False)
        qtbot.waitUntil(lambda: window._panes_language == "zh_CN", timeout=30000)
        assert window.inspect is not inspect
    finally:
        i18n.install_language("en")
        qtbot.waitUntil(lambda: window._panes_language == "en", timeout=30000)


def test_the_status_message_the_sort_and_the_selection_outlive_the_switch(qtbot, window,
                                                                        demo_paths, tmp_path):
    """The status bar says its last message again in Chinese; the Diagnostics table keeps the
    column it was sorted by and its selected row."""
    from PySide6.QtCore import QCoreApplication

    from tests.app.conftest import open_and_wait

    for path in demo_paths:
        open_and_wait(qtbot, window, path)
    pane = window.diagnostics
    folder = tmp_path / "parallel"
    folder.mkdir()
    (folder / "eng_Latn.dev").write_text("The cat sleeps.\nIt rains.\n", encoding="utf-8")
    (folder / "zho_Hans.dev").write_text("猫在睡觉。\n下雨了。\n", encoding="utf-8")
    pane.set_parallel(folder)
    pane.run()
    qtbot.waitUntil(lambda: pane.result is not None and not pane.stop_button.isEnabled(),
                    timeout=60000)
    pane.table.sortByColumn(3, Qt.SortOrder.DescendingOrder)  # by tokens, most first
    pane.table.selectRow(2)
    chosen = pane.proxy.mapToSource(pane.table.currentIndex()).row()  # in the report's order
    page = tmp_path / "report.html"
    pane.write_export("html", page)
    assert window.status_label.text() == f"Report written to {page}"
    try:
        window.set_language("zh_CN")
        qtbot.waitUntil(lambda: window._panes_language == "zh_CN", timeout=30000)
        said = QCoreApplication.translate("DiagnosticsPane", "Report written to {path}")
        assert said != "Report written to {path}"
        assert window.status_label.text() == said.format(path=page)
        table = window.diagnostics.table
        assert table is not pane.table
        header = table.horizontalHeader()
        assert (header.sortIndicatorSection(), header.sortIndicatorOrder()) == (
            3, Qt.SortOrder.DescendingOrder)
        assert [i.row() for i in table.selectionModel().selectedRows()] == [2]
        assert table.currentIndex().row() == 2
        assert table.model().mapToSource(table.currentIndex()).row() == chosen  # the same bucket
    finally:
        i18n.install_language("en")
        qtbot.waitUntil(lambda: window._panes_language == "en", timeout=30000)
    assert window.status_label.text() == f"Report written to {page}"  # and back again
