"""A diff example's two sides keep the same characters one above the other, even when one
tokenizer adds a BOS (or another token covering no text) and the other does not: such tokens
are pills over the line, not in it.

Oracle: the tokenizers themselves (Mistral's SentencePiece model adds ``<s>``; GPT-2's tiktoken
ranks add nothing), through :func:`core.diff.behaviour.token_rows`, what the Diff pane shows.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF

from app.widgets.aligned_examples import AlignedExamplesView
from core.diff.behaviour import token_rows
from core.formats.detect import load_tokenizer
from tests.conftest import TOKENIZERS, require_data

pytestmark = pytest.mark.gui

TEXT = ("हिन्दी में नमस्ते दुनिया 👨\u200d👩\u200d👧\nதமிழ் மொழி அழகானது\n"
        "مرحبا بالعالم العربي\nสวัสดีชาวโลก ภาษาไทย\n")


def text_x(view) -> dict[int, tuple[int, float, float]]:
    """Where each piece of text stands: first byte -> (paragraph top, x0, x1)."""
    out = {}
    for k, top in view.visible_paragraphs():
        for visual in view.paragraph_layout(k).lines:
            for c in visual.clusters:
                if c.token < 0 and c.end > c.start:
                    out[c.start] = (round(top + visual.top, 1), round(c.x0, 1), round(c.x1, 1))
    return out


@pytest.fixture
def examples_view(qtbot):
    view = AlignedExamplesView()
    qtbot.addWidget(view)
    view.resize(1100, 700)
    view.show()
    return view


@pytest.mark.realdata
def test_a_bos_on_one_side_only_does_not_shift_the_other(qtbot, examples_view):
    mistral = load_tokenizer(require_data(TOKENIZERS / "mistral-v3" / "tokenizer.model"))
    gpt2 = load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"))
    old, new = mistral.encode(TEXT), gpt2.encode(TEXT)
    assert old.byte_starts[0] == old.byte_ends[0] == 0, "Mistral adds a BOS covering no text"
    assert len(new) and new.byte_ends[0] > 0, "GPT-2 adds none"
    examples_view.set_examples([{"bucket": "b", "text": TEXT, "old": token_rows(old),
                                 "new": token_rows(new)}])
    a, b = examples_view.old_view, examples_view.new_view
    qtbot.waitUntil(lambda: not a.drawing and not b.drawing)
    placed_a, placed_b = text_x(a), text_x(b)
    assert placed_a and placed_a == placed_b  # every character at the same place on both sides
    # the BOS is a pill in the lane over the first line, named by its piece and hit there
    first = a.paragraph_layout(0).lines[0]
    a.grab()  # paint: the pills' places are where they are drawn
    empty = [t for t in range(len(old)) if old.byte_starts[t] == old.byte_ends[t] == 0]
    assert [t for _, _, t in first.pills] == empty  # <s> (and the dummy prefix ▁)
    x0, x1, _ = first.pills[0]
    assert all(p[1] <= q[0] for p, q in zip(first.pills, first.pills[1:]))  # side by side
    y = a.visible_paragraphs()[0][1] + first.top - 4
    assert a.token_at_point(QPointF((x0 + x1) / 2, y)) == 0
    assert b.paragraph_layout(0).lines[0].pills == []
