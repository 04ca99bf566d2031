"""The Corpus pane driven as a user would: add sources, read statistics, see bad input."""

from __future__ import annotations

import gzip
import json

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent

from app.main_window import DEMO
from app.models.corpus_sources import LANG, WEIGHT
from core.corpus import Corpus, CorpusSource

pytestmark = pytest.mark.gui


@pytest.fixture
def pane(window):
    window.panes.setCurrentWidget(window.corpus)
    return window.corpus


def wait_statistics(qtbot, pane, sources: int = 1):
    qtbot.waitUntil(lambda: pane.result is not None and not pane._stats_timer.isActive()
                    and not pane.stop_button.isEnabled()
                    and len(pane.result.report.sources) >= sources, timeout=15000)
    return pane.result


def add_and_wait(qtbot, pane, *paths):
    before = pane.model.rowCount()
    pane.add_paths(list(paths))
    qtbot.waitUntil(lambda: pane.model.rowCount() > before or pane.banner.isVisible(),
                    timeout=10000)


def test_adding_a_source_shows_its_statistics_and_preview(qtbot, window, pane):
    add_and_wait(qtbot, pane, DEMO / "corpus.txt")
    result = wait_statistics(qtbot, pane)
    expected = Corpus([CorpusSource(DEMO / "corpus.txt")])
    documents = list(expected.documents())
    stats = expected.report.sources[0]
    assert result.error is None
    model = pane.by_source
    assert model.index(0, 0).data() == "corpus.txt"
    assert model.index(0, 1).data() == f"{len(documents):,}"
    assert model.index(0, 5).data() == f"{stats.duplicates:,}"
    assert model.index(model.rowCount() - 1, 0).data() == "Total"
    assert pane.by_language.rowCount() == 2  # one language (untagged) and the total
    assert dict(pane.chart.counts)["Han"] == stats.scripts["Han"]
    assert f"{len(documents):,}</b> documents kept" in pane.summary.text()
    assert "valid UTF-8" in pane.error_label.text()
    qtbot.waitUntil(lambda: documents[0][:20] in pane.preview.toPlainText(), timeout=5000)
    # the Train pane sees the same corpus through the session
    assert [s.path for s in window.session.corpus_sources] == [DEMO / "corpus.txt"]


def test_strict_names_file_line_and_byte_then_replace_lists_the_line(qtbot, window, pane, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"first line\nsecond line\nthird \xff line\nfourth\n")
    add_and_wait(qtbot, pane, bad)
    result = wait_statistics(qtbot, pane)
    assert result.error is not None
    text = pane.error_label.text()
    assert "bad.txt" in text and "<b>line</b> 3" in text and "<b>byte</b> 29" in text
    assert "0xff" in text
    pane.set_policy("replace")
    qtbot.waitUntil(lambda: pane.result is not None and pane.result.policy == "replace"
                    and not pane.stop_button.isEnabled(), timeout=10000)
    assert pane.result.error is None and pane.result.bad_lines == 1
    assert "<b>1</b> line with invalid UTF-8 was replaced" in pane.error_label.text()
    item = pane.issues.topLevelItem(0)
    assert (item.text(0), item.text(3)) == ("bad.txt", "3")
    assert window.session.corpus_policy == "replace"


def test_empty_and_binary_files_are_refused_with_a_message(qtbot, window, pane, tmp_path):
    empty = tmp_path / "empty.txt"
    empty.write_bytes(b"")
    binary = tmp_path / "image.bin"
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    good = tmp_path / "good.txt"
    good.write_text("a line\n", encoding="utf-8")
    pane.add_paths([empty, binary, good])
    qtbot.waitUntil(lambda: pane.model.rowCount() == 1, timeout=10000)
    assert pane.banner.isVisible()
    message = pane.banner.text()
    assert "empty.txt: the file is empty" in message
    assert "image.bin: this is a binary file" in message
    assert pane.model.sources[0].path == good


def test_sources_are_tagged_weighted_and_split_as_chosen(qtbot, window, pane, tmp_path):
    records = tmp_path / "en_records.jsonl.gz"
    with gzip.open(records, "wt", encoding="utf-8") as handle:
        for n in range(5):
            handle.write(json.dumps({"meta": {"body": f"record number {n}"}}) + "\n")
    add_and_wait(qtbot, pane, records)
    source = pane.model.sources[0]
    assert (source.kind, source.lang) == ("jsonl", "en")  # guessed from the name
    # the preview says what is wrong until the field path is right
    qtbot.waitUntil(lambda: "no field 'text'" in pane.preview.toPlainText(), timeout=5000)
    pane.editor.field.setText("meta.body")
    pane.editor.field.editingFinished.emit()
    qtbot.waitUntil(lambda: "[1] record number 0" in pane.preview.toPlainText(), timeout=5000)
    model = pane.model
    assert model.setData(model.index(0, LANG), "fr")
    assert model.setData(model.index(0, WEIGHT), "2.5")
    assert not model.setData(model.index(0, WEIGHT), "-1")  # refused, nothing changes
    assert window.session.corpus_sources[0].lang == "fr"
    assert window.session.corpus_sources[0].weight == 2.5
    assert window.session.corpus_sources[0].field == "meta.body"
    result = wait_statistics(qtbot, pane)
    assert result.error is None and result.report.sources[0].documents == 5
    assert pane.by_language.index(0, 0).data() == "fr"
    # a weight of 2.5: each document twice, and a third time for about half of them
    stats = result.report.sources[0]
    assert 10 <= stats.weighted_documents <= 15
    last = pane.by_language.columnCount() - 1
    assert pane.by_language.headerData(last, Qt.Orientation.Horizontal) == "To training"
    assert pane.by_language.index(0, last).data().endswith("B")


def test_dropping_a_folder_adds_its_files(qtbot, window, pane, tmp_path):
    folder = tmp_path / "corpus"
    folder.mkdir()
    (folder / "a.txt").write_text("alpha\nbeta\n", encoding="utf-8")
    (folder / "b.tsv").write_text("id\ttext\n1\tgamma\n", encoding="utf-8")
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(folder))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime,
                       Qt.MouseButton.NoButton, Qt.KeyboardModifier.NoModifier)
    pane.dropEvent(event)
    qtbot.waitUntil(lambda: pane.model.rowCount() == 2, timeout=10000)
    assert [s.kind for s in pane.model.sources] == ["lines", "tsv"]
    pane.table.selectRow(1)
    pane.editor.column.setText("text")
    pane.editor.column.editingFinished.emit()
    qtbot.waitUntil(lambda: pane.preview.toPlainText() == "[1] gamma", timeout=5000)
    result = wait_statistics(qtbot, pane, sources=2)
    assert [s.documents for s in result.report.sources] == [2, 1]
