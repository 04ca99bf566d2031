"""Align's record view: the record's text shaped once with its tokens as bands, the annotator's
spans as lines under the characters they cover, misaligned ends and ends inside a grapheme
marked, spans picked from the keyboard.

Oracles: the native tokenizer (``tiktoken`` with GPT-2's ranks: each token's bytes, so its byte
span in the text), the ``regex`` module's grapheme clusters (``\\X``) for where a grapheme
ends, and Qt's layout of the line (the clusters the view reads back from it).
"""

from __future__ import annotations

import json

import pytest
import regex
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtCore import Qt

from app.widgets.align_record_view import RecordView, span_levels
from app.widgets.token_text_view import PAD
from core.align.alignment import align_encoding
from core.formats.detect import load_tokenizer
from tests.conftest import DATA, TOKENIZERS, require_data

pytestmark = [pytest.mark.gui, pytest.mark.realdata]

R50K = r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+"""
SPANS_FILE = DATA / "spans" / "ja_stockmark_ner_wikipedia.spans.jsonl"
# records in the scripts a token view must keep whole, spans at words, one inside a grapheme
MULTILINGUAL = [
    ("हिन्दी में नमस्ते दुनिया", [(0, 6, "LANG"), (11, 17, "GREET"), (8, 9, "CUT")]),
    ("தமிழ் மொழி அழகானது", [(0, 5, "LANG"), (6, 10, "WORD"), (12, 13, "CUT")]),
    ("مرحبا بالعالم العربي", [(0, 5, "GREET"), (6, 13, "WORLD"), (14, 20, "LANG")]),
    ("สวัสดีชาวโลก ภาษาไทย", [(0, 6, "GREET"), (13, 20, "LANG"), (1, 2, "CUT")]),
    ("family 👨\u200d👩\u200d👧 and 👩🏽\u200d💻 coder", [(7, 12, "EMOJI"), (7, 9, "CUT"),
                                                  (17, 21, "EMOJI")]),
]
POOL = ["न", "म", "स्", "ते", "हि", "क्ष", "த", "மி", "ழ்", "ம", "ب", "ال", "ع", "ر", "ส", "วั",
        "ดี", "ภา", "👨\u200d👩\u200d👧", "👩🏽\u200d💻", "🏳\ufe0f\u200d🌈", "a", "é", " ", "x"]


@pytest.fixture(scope="module")
def gpt2():
    return load_tokenizer(require_data(TOKENIZERS / "gpt2.tiktoken"))


@pytest.fixture(scope="module")
def native():
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    return tiktoken.Encoding("r50k-test", pat_str=R50K, mergeable_ranks=load_tiktoken_bpe(
        str(require_data(TOKENIZERS / "gpt2.tiktoken"))), special_tokens={})


@pytest.fixture(scope="module")
def view():
    shown = RecordView()
    shown.resize(900, 400)
    shown.show()
    yield shown
    shown.close()
    shown.deleteLater()


def native_spans(native, text: str) -> list[tuple[int, int]]:
    """Each token's byte span from tiktoken's own token bytes."""
    spans, at = [], 0
    for token in native.encode_ordinary(text):
        size = len(native.decode_single_token_bytes(token))
        spans.append((at, at + size))
        at += size
    assert at == len(text.encode("utf-8"))
    return spans


def grapheme_bounds(text: str) -> set[int]:
    bounds, at = {0}, 0
    for g in regex.findall(r"\X", text):
        at += len(g)
        bounds.add(at)
    return bounds


def show(view, gpt2, text, spans):
    enc = gpt2.encode(text, add_special_tokens=False)
    _, aligned = align_encoding(enc, [s for s, _, _ in spans], [e for _, e, _ in spans])
    bad = [(k, which) for k in range(len(spans)) for which, ok in
           (("start", aligned.start_ok[k]), ("end", aligned.end_ok[k])) if not ok]
    view.set_record(text, spans, labels=sorted({lab for _, _, lab in spans}), encoding=enc,
                    bad_ends=bad, selected=0)
    return enc, bad


def check_record(view, gpt2, native, text, spans) -> None:
    enc, bad = show(view, gpt2, text, spans)
    expected = native_spans(native, text)
    assert list(zip(enc.byte_starts.tolist(), enc.byte_ends.tolist())) == expected
    data = text.encode("utf-8")
    byte_of = [len(text[:k].encode("utf-8")) for k in range(len(text) + 1)]
    # a span end is misaligned exactly where no native token starts or ends
    cuts = {s for s, _ in expected} | {e for _, e in expected}
    assert set(bad) == {(k, which) for k, (s, e, _) in enumerate(spans)
                        for which, cp in (("start", s), ("end", e)) if byte_of[cp] not in cuts}
    # ends inside a grapheme, as the regex module's \X says
    bounds = grapheme_bounds(text)
    assert view.cut_graphemes() == {(k, which) for k, (s, e, _) in enumerate(spans)
                                    for which, cp in (("start", s), ("end", e))
                                    if cp not in bounds}
    pieces = view.span_pieces()
    seen = set()
    for k, top in view.visible_paragraphs():
        for visual in view.paragraph_layout(k).lines:
            clusters = visual.clusters
            for seg in visual.segments:
                c = clusters[seg.cluster]
                if seg.token < 0 or c.end <= c.start:
                    continue
                s, e = expected[seg.token]  # the band's token covers the glyph's bytes
                assert s < c.end and e > c.start, (seg.token, c, data[c.start:c.end])
                share = (min(e, c.end) - max(s, c.start)) / (c.end - c.start)
                assert seg.x1 - seg.x0 == pytest.approx(share * (c.x1 - c.x0), abs=0.05)
                seen.add(seg.token)
            # a span's line is under the glyphs of its characters, and under no other
            for n, (s_cp, e_cp, _) in enumerate(spans):
                s, e = byte_of[s_cp], byte_of[e_cp]
                bottom = top + visual.top + visual.height + PAD / 2  # this line's pieces
                mine = [(x0, x1) for m, x0, x1, y in pieces
                        if m == n and bottom <= y < bottom + view.below]
                for c in clusters:
                    if c.token >= 0 or c.end <= c.start or c.x1 - c.x0 < 1:
                        continue
                    middle = (c.x0 + c.x1) / 2
                    under = any(x0 <= middle <= x1 for x0, x1 in mine)
                    if s <= c.start and c.end <= e:
                        assert under, (n, data[c.start:c.end].decode())
                    elif c.end <= s or c.start >= e:
                        assert not any(x0 + 0.5 < c.x1 and x1 - 0.5 > c.x0 for x0, x1 in mine), \
                            (n, data[c.start:c.end].decode())
    assert seen == {t for t, (s, e) in enumerate(expected) if e > s}
    view.grab()  # painting the marks raises nothing


@pytest.mark.parametrize("text,spans", MULTILINGUAL, ids=["hindi", "tamil", "arabic", "thai",
                                                          "emoji"])
def test_multilingual_records_against_tiktoken(qtbot, view, gpt2, native, text, spans):
    check_record(view, gpt2, native, text, spans)


def test_real_japanese_records(qtbot, view, gpt2, native):
    with open(require_data(SPANS_FILE), encoding="utf-8") as handle:
        rows = [json.loads(next(handle)) for _ in range(25)]
    for row in rows:
        spans = [(s["start"], s["end"], s["label"]) for s in row["spans"]]
        check_record(view, gpt2, native, row["text"], spans)


@settings(max_examples=30, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.sampled_from(POOL), min_size=1, max_size=14), st.data())
def test_random_multilingual_text_and_spans(qtbot, view, gpt2, native, graphemes, data):
    text = "".join(graphemes)
    n = len(text)
    spans = []
    for k in range(data.draw(st.integers(1, 3))):
        start = data.draw(st.integers(0, n - 1))
        end = data.draw(st.integers(start + 1, n))
        spans.append((start, end, f"L{k}"))
    check_record(view, gpt2, native, text, spans)


def test_spans_are_picked_from_the_keyboard_and_overlaps_stack(qtbot, view, gpt2):
    text, spans = MULTILINGUAL[4]
    show(view, gpt2, text, spans)
    picked = []
    view.span_selected.connect(picked.append)
    try:
        qtbot.keyClick(view, Qt.Key.Key_Down)
        qtbot.keyClick(view, Qt.Key.Key_Down)
        qtbot.keyClick(view, Qt.Key.Key_Down)  # the last stays the last
        qtbot.keyClick(view, Qt.Key.Key_Up)
    finally:
        view.span_selected.disconnect(picked.append)
    assert picked == [1, 2, 1] and view.selected == 1
    assert span_levels(spans) == [0, 1, 0]  # the emoji span and the cut one overlap
    assert view.below > 0  # room under the lines for two stacked spans
