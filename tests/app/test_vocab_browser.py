"""The vocabulary browser labels ids no token has, and WordPiece continuation pieces."""

from __future__ import annotations

import base64

import numpy as np
import pytest
from PySide6.QtCore import Qt

from app.models.vocab import AUDIT_COLUMN, UNASSIGNED_COLOR, VocabModel
from core.formats.detect import load_tokenizer
from tests.app.conftest import answer_rank_file_dialog, open_and_wait
from tests.conftest import TOKENIZERS, require_data

pytestmark = pytest.mark.gui


def rank_file_with_a_gap(tmp_path):
    """Every single byte (ranks 0–255), then "ab" at 259: ranks 256–258 are a gap."""
    lines = [f"{base64.b64encode(bytes([b])).decode()} {b}" for b in range(256)]
    lines.append(f"{base64.b64encode(b'ab').decode()} 259")
    path = tmp_path / "gap.tiktoken"
    path.write_text("\n".join(lines) + "\n")
    return path


def row_of(model: VocabModel, token_id: int) -> list:
    row = int(np.flatnonzero(model.ids == token_id)[0])
    return [model.index(row, c).data() for c in range(AUDIT_COLUMN)]  # the audit's apart


def test_gaps_in_a_rank_file_are_labelled_unassigned(qtbot, window, tmp_path, monkeypatch):
    # a rank file of no known size: the window asks for the regex preset (answer: cl100k)
    answer_rank_file_dialog(monkeypatch, "cl100k")
    open_and_wait(qtbot, window, rank_file_with_a_gap(tmp_path))
    browser = window.inspect.vocab
    window.inspect.tabs.setCurrentWidget(browser)
    runtime = window.session.current_tokenizer.runtime
    model = browser.model
    qtbot.waitUntil(lambda: model.rowCount() == runtime.vocab_size, timeout=10000)
    for token_id in (256, 257, 258):
        assert row_of(model, token_id) == [str(token_id), "(unassigned)", "", "", "", "unassigned"]
        index = model.index(token_id, 1)
        assert index.data(Qt.ItemDataRole.ForegroundRole) == UNASSIGNED_COLOR
    assert row_of(model, 259) == ["259", "ab", "ab", "61 62", "2", ""]
    assert row_of(model, 255)[1:5] == ["<FF>", "<FF>", "FF", "1"]  # a byte, not a gap
    assert model.index(259, 1).data(Qt.ItemDataRole.ForegroundRole) is None
    # the preset's special tokens lie beyond the gap and stay what they are
    for special in runtime.special_tokens():
        assert row_of(model, special.id)[1] == special.content
        assert row_of(model, special.id)[5] == special.kind
    # the runtime agrees: nothing encodes to a gap id
    assert not set(runtime.encode("ab " * 50 + "\xff").ids.tolist()) & {256, 257, 258}


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["bert-minilm/vocab.txt", "bert-minilm/tokenizer.json"])
def test_wordpiece_continuations_show_their_prefix(qtbot, name):
    runtime = load_tokenizer(require_data(TOKENIZERS / name))
    model = VocabModel()
    model.set_view(runtime, np.arange(runtime.vocab_size))
    ing = runtime.token_to_id("##ing")
    assert row_of(model, ing)[1] == "##ing" and row_of(model, ing)[5] == "continuation (##)"
    assert row_of(model, runtime.token_to_id("the"))[5] == ""
    assert row_of(model, runtime.token_to_id("[CLS]"))[5] not in ("", "unassigned")
    kinds = [model.index(r, 5).data() for r in range(model.rowCount())]
    pieces = [runtime.piece(i) for i in range(runtime.vocab_size)]
    assert [k == "continuation (##)" for k in kinds] == [p.startswith("##") for p in pieces]
    assert "unassigned" not in kinds  # BERT has no holes
