"""The Pipeline tab reads as text: each pre-token and piece shows the original text (whitespace
as glyphs, partial characters as ``<E4 BD>``), the byte-level stand-ins only in the secondary
column, for GPT-2-like byte-level tokenizers on Chinese and emoji."""

from __future__ import annotations

import pytest

from app.widgets.pipeline_view import PipelineView
from core.formats.detect import load_tokenizer
from app.jobs.inspect import inspect_one
from tests.conftest import DEMO, TOKENIZERS, require_data

TEXT = "你好 中文 😀👍🏽"


def _rows(view: PipelineView, title: str) -> list[list[str]]:
    for i in range(view.topLevelItemCount()):
        top = view.topLevelItem(i)
        if top.text(0).startswith(title):
            return [[top.child(k).text(c) for c in range(view.columnCount())]
                    for k in range(top.childCount())]
    raise AssertionError(f"no {title!r} stage")


def _view(qtbot, runtime, text: str = TEXT, **options) -> PipelineView:
    view = PipelineView()
    qtbot.addWidget(view)
    view.set_result(inspect_one(runtime, text, **options))
    return view


def test_byte_level_pre_tokens_show_the_original_text_and_the_mapped_form_beside(qtbot):
    view = _view(qtbot, load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json"))
    rows = _rows(view, "pre-tokens")
    assert [r[0] for r in rows] == ["你好", "␣中文", "␣😀👍🏽"]
    assert [r[1] for r in rows] == ["0–2", "2–5", "5–9"]
    assert [r[2] for r in rows] == ["ä½łå¥½", "Ġä¸Ńæĸĩ", "ĠðŁĺĢðŁĳįðŁı½"]
    pieces = _rows(view, "model pieces")
    # no byte-level stand-in in the first column: whole characters, else hex bytes
    assert not any(ch in row[0] for row in pieces for ch in "ĠäåæðŁ")
    assert any(row[0].startswith("<") and row[0].endswith(">") for row in pieces)
    assert all(row[3].startswith("id ") for row in pieces)


def test_special_tokens_are_their_own_pre_tokens_when_parsed(qtbot):
    runtime = load_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")
    rows = _rows(_view(qtbot, runtime, "a<|endoftext|>b", parse_special=True), "pre-tokens")
    assert [(r[0], r[3]) for r in rows] == [("a", ""), ("<|endoftext|>", "special token · id 0"),
                                            ("b", "")]


@pytest.mark.realdata
@pytest.mark.parametrize("rel, forms", [
    ("gpt2.tiktoken", ["", "", ""]),  # tiktoken's pre-tokens are the text itself
    ("claude-legacy/tokenizer.json", None),
])
def test_real_byte_level_tokenizers_read_as_text(qtbot, rel, forms):
    runtime = load_tokenizer(require_data(TOKENIZERS / rel))
    view = _view(qtbot, runtime)
    rows = _rows(view, "pre-tokens")
    assert "".join(r[0] for r in rows).replace("␣", " ") == TEXT
    if forms is not None:
        assert [r[2] for r in rows] == forms
    else:
        assert any("Ġ" in r[2] for r in rows)
    pieces = _rows(view, "model pieces")
    assert not any(ch in row[0] for row in pieces for ch in "ĠäåæðŁ")
    if forms is not None:  # tiktoken's pieces are their bytes: no second rendering of them
        assert all(row[2] == "" for row in pieces)


def test_an_unknown_piece_shows_the_text_it_stands_for(qtbot):
    from core.formats.hf.runtime import HFRuntime
    from tests.core import families as F

    runtime = HFRuntime(F.bert_spec(True))
    pieces = _rows(_view(qtbot, runtime, "a 😀", add_special_tokens=False), "model pieces")
    assert [(row[0], row[2]) for row in pieces] == [("a", ""), ("😀", "[UNK]")]


def test_a_normalized_piece_shows_the_original_text_and_the_piece_beside(qtbot):
    from core.formats.hf.runtime import HFRuntime
    from tests.core import families as F

    runtime = HFRuntime(F.bert_spec(True))
    pieces = _rows(_view(qtbot, runtime, "Hello"), "model pieces")
    assert (pieces[0][0], pieces[-1][0]) == ("[CLS]", "[SEP]")  # inserted: their literal
    assert "".join(row[0] for row in pieces[1:-1]) == "Hello"
    assert pieces[1][:3:2] == ["H", "h"] and all(row[2] for row in pieces[1:-1])
