"""The Explain tab: computed when shown, in a worker; the banner says whether the explainer's
IDs are the runtime's; a lattice is drawn for Unigram, merges listed for BPE."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QGraphicsRectItem

from app.widgets.explain_view import ExplainView
from core.explain import Agreement, Explanation, explain
from core.notes import note
from core.formats.detect import load_tokenizer
from tests.app.conftest import open_and_wait, wait_inspected

pytestmark = pytest.mark.gui
TEXT = "低碳模型 lowest 👨\u200d👩\u200d👧"


def _show_explain_tab(qtbot, window):
    pane = window.inspect
    pane.tabs.setCurrentWidget(pane.explain_view)
    view = pane.explain_view
    qtbot.waitUntil(lambda: view.explanation is not None
                    and view.explanation.text == window.session.text
                    and view.explanation.model != "?", timeout=20000)
    return view


def test_explain_tab_is_computed_only_when_shown(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text(TEXT)
    wait_inspected(qtbot, window)
    assert window.inspect.explain_view.explanation is None  # Tokens tab shown: nothing done
    view = _show_explain_tab(qtbot, window)
    assert view.banner.property("state") == "ok"
    expected = load_tokenizer(demo_paths[0]).encode(TEXT, add_special_tokens=False)
    assert f"matches runtime: {len(expected)} tokens" in view.banner.text()
    assert view.explanation.ids == expected.ids.tolist()
    assert view.words_model.rowCount() == len(view.explanation.words)
    # the first word with merges is selected: its merge table has a start row plus one per step
    word = view.explanation.words[0]
    assert word.kind == "bpe"
    assert view.table.rowCount() == 1 + len(word.steps)
    assert view.table.item(1, 1).text() == str(word.steps[0].rank)
    assert not view.lattice.isVisible()


def test_unigram_word_draws_its_lattice_and_nbest(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[1])
    window.session.set_text("lowest")
    wait_inspected(qtbot, window)
    view = _show_explain_tab(qtbot, window)
    assert view.banner.property("state") == "ok"
    index = next(i for i, w in enumerate(view.explanation.words) if w.text == "lowest")
    view.select_word(index)
    trace = view.explanation.words[index].lattice
    assert view.lattice.isVisible()
    boxes = [i for i in view.lattice.scene().items() if isinstance(i, QGraphicsRectItem)]
    assert len(boxes) == len("lowest") + len(trace.edges)  # characters + candidate pieces
    assert view.table.rowCount() == len(trace.nbest) == 2
    assert view.table.item(0, 1).text() == "l  ·  o  ·  w  ·  e  ·  st"


def test_new_text_is_explained_again_and_the_banner_follows(qtbot, window, demo_paths):
    open_and_wait(qtbot, window, demo_paths[0])
    window.session.set_text("first text")
    wait_inspected(qtbot, window)
    view = _show_explain_tab(qtbot, window)
    window.session.set_text("第二 text 😀")
    qtbot.waitUntil(lambda: view.explanation.text == "第二 text 😀", timeout=20000)
    assert view.banner.property("state") == "ok"


def test_banner_shows_the_first_difference_and_unsupported_tokenizers(qtbot, demo_paths):
    view = ExplainView()
    qtbot.addWidget(view)
    ex = explain(load_tokenizer(demo_paths[0]), "lowest")
    ex.agreement = Agreement(False, 3, 3, 1, (573, "ow"), (574, "ows"))
    view.set_explanation(ex)
    assert view.banner.property("state") == "bad"
    assert "first difference at token 1: explainer ow (573) vs runtime ows (574)" in view.banner.text()
    refused = note("explain.no_subword_model", algorithm="WordLevel")
    view.set_explanation(Explanation("WordLevel", "a", 1, supported=False, reason=refused))
    assert view.banner.property("state") == "info"
    assert "cannot be explained: a WordLevel model" in view.banner.text()
    assert view.words_model.rowCount() == 0


@pytest.fixture
def chinese(qapp):
    from app import i18n

    i18n.install_language("zh_CN", qapp)
    yield
    i18n.install_language("en", qapp)


def test_the_explainers_notes_and_reasons_are_shown_in_the_gui_language(qtbot, demo_paths,
                                                                         chinese):
    """The core hands notes as codes; the view says them (and the model's name) in Chinese."""
    view = ExplainView()
    qtbot.addWidget(view)
    text = (demo_paths[0].parents[1] / "sample.txt").read_text(encoding="utf-8") * 5
    ex = explain(load_tokenizer(demo_paths[0]), "a<|endoftext|>" + text, limit=300,
                 parse_special=True)
    view.set_explanation(ex)
    notes = view.notes.text()
    assert notes.startswith("字节级 BPE（tokenizer.json） · 只解释 "), notes
    assert "explaining" not in notes and "byte-level" not in notes
    view.select_word(1)
    assert "特殊词元，在模型之前匹配" in view.header.text()
    refused = note("explain.no_subword_model", algorithm="WordLevel")
    view.set_explanation(Explanation("WordLevel", "a", 1, supported=False, reason=refused))
    assert "WordLevel 模型没有可解释的子词算法" in view.banner.text()
