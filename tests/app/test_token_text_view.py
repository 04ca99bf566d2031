"""The text-first token view keeps Qt's shaping and maps every x position to the right token.

Oracles: Qt's own layout of the plain line (``QTextLayout`` glyph runs: glyph indexes and
positions) and ``QTextLine.xToCursor`` for which character lies under an x position; the
tokens come from the tokenizers themselves (the project's demo tokenizers, and with the real
data GPT-2's tiktoken file and Mistral's SentencePiece model with byte fallback).
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPointF, Qt
from PySide6.QtGui import QTextLayout, QTextLine, QTextOption

from app.main_window import DEMO_TOKENIZERS
from app.widgets.token_text_view import TokenTextView
from core.formats.detect import load_tokenizer
from tests.conftest import TOKENIZERS, require_data

pytestmark = pytest.mark.gui

SCRIPTS = {
    "hindi": "हिन्दी में नमस्ते दुनिया",
    "bengali": "আমি বাংলায় গান গাই",
    "tamil": "தமிழ் மொழி அழகானது",
    "thai": "สวัสดีชาวโลก ภาษาไทย",
    "burmese": "မြန်မာဘာသာစကား",
    "arabic": "مرحبا بالعالم العربي",
    "hebrew": "שלום עולם, מה נשמע?",
    "korean-jamo": "\u1112\u1161\u11ab\u1100\u1173\u11af \u1109\u1165\u110b\u116e\u11af",
    "combining": "e\u0301le\u0300ve n\u0303 a\u0308\u0304 q\u0323\u0307",
    "zwj-emoji": "👨\u200d👩\u200d👧 👩🏽\u200d💻 🏳\ufe0f\u200d🌈",
}
GLYPHS = (QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphIndexes
          | QTextLayout.GlyphRunRetrievalFlag.RetrieveGlyphPositions)


def shown(qtbot, enc, width=2000) -> TokenTextView:
    view = TokenTextView()
    qtbot.addWidget(view)
    view.resize(width, 400)
    view.show()
    view.set_encoding(enc)
    return view


def glyph_runs(line, origin: QPointF) -> list[tuple[str, list[int], list[tuple[float, float]]]]:
    """A line's glyph runs: font, glyph indexes and positions relative to ``origin``."""
    runs = []
    for run in line.glyphRuns(-1, -1, GLYPHS):
        positions = [(round(p.x() - origin.x(), 2), round(p.y() - origin.y(), 2))
                     for p in run.positions()]
        runs.append((run.rawFont().familyName(), list(run.glyphIndexes()), positions))
    return sorted(runs)


def plain_runs(text: str, font) -> list:
    """How Qt lays out the plain line on its own (direction from the text, no wrapping)."""
    layout = QTextLayout(text, font)
    option = QTextOption()
    option.setTextDirection(Qt.LayoutDirection.LayoutDirectionAuto)
    layout.setTextOption(option)
    layout.beginLayout()
    line = layout.createLine()
    line.setLineWidth(100000)
    layout.endLayout()
    return glyph_runs(line, QPointF(line.naturalTextRect().left(), line.y()))


def view_runs(view: TokenTextView, k: int) -> list:
    para = view.paragraph_layout(k)
    assert para.layout.lineCount() == 1, "the line was wrapped: widen the view"
    line = para.layout.lineAt(0)
    return glyph_runs(line, QPointF(line.naturalTextRect().left(), line.y()))


def expected_tokens(enc, para, line, x: float) -> set[int]:
    """Tokens covering the character Qt says lies under ``x`` (``xToCursor``), with the rest
    of its grapheme (Qt's cursor positions) and the graphemes drawn by the same glyphs."""
    layout = para.layout
    unit = line.xToCursor(x, QTextLine.CursorPosition.CursorOnCharacter)
    start, end = line.textStart(), line.textStart() + line.textLength()
    bounds = [p for p in range(start, end + 1) if p in (start, end)
              or layout.isValidCursorPosition(p)]

    def glyphs_of(a, b):
        return {(i, round(p.x(), 2)) for run in line.glyphRuns(a, b - a, GLYPHS)
                for i, p in zip(run.glyphIndexes(), run.positions())}

    k = max(i for i, p in enumerate(bounds[:-1]) if p <= unit)
    lo, hi = k, k + 1
    while lo > 0 and glyphs_of(bounds[lo - 1], bounds[lo]) & glyphs_of(bounds[lo], bounds[lo + 1]):
        lo -= 1
    while hi < len(bounds) - 1 and (glyphs_of(bounds[hi - 1], bounds[hi])
                                    & glyphs_of(bounds[hi], bounds[hi + 1])):
        hi += 1
    first, last = bounds[lo], bounds[hi]
    byte_start = min(para.laid.unit_starts[first:last])
    byte_end = max(para.laid.unit_ends[first:last])
    return {t for t in range(len(enc))
            if enc.byte_starts[t] < byte_end and enc.byte_ends[t] > byte_start}


def check_hits(view: TokenTextView, enc) -> None:
    """Every x over the text maps to a token covering the character there; within a character
    several tokens share, they follow text order in the line's direction; every token that
    covers text has a band whose middle maps back to it."""
    seen = set()
    for k, top in view.visible_paragraphs():
        para = view.paragraph_layout(k)
        for visual in para.lines:
            if visual.text_line < 0:
                continue
            line = para.layout.lineAt(visual.text_line)
            y = top + visual.top + visual.height / 2
            rect = line.naturalTextRect()
            edges = sorted({round(c.x0, 1) for c in visual.clusters}
                           | {round(c.x1, 1) for c in visual.clusters})
            x = rect.left() + 0.25
            while x < rect.right():
                if min(abs(x - e) for e in edges) > 0.6:
                    token = view.token_at_point(QPointF(x, y))
                    assert token in expected_tokens(enc, para, line, x), (k, x, token)
                    seen.add(token)
                x += 0.5
            for seg in visual.segments:
                if seg.token >= 0 and seg.x1 - seg.x0 > 1.5:
                    middle = QPointF((seg.x0 + seg.x1) / 2, y)
                    assert view.token_at_point(middle) == seg.token
                    seen.add(seg.token)
            by_cluster = {}
            for seg in visual.segments:
                by_cluster.setdefault(seg.cluster, []).append(seg)
            for c, segs in by_cluster.items():
                order = [s.token for s in sorted(segs, key=lambda s: s.x0)]
                rtl = visual.clusters[c].rtl
                assert order == sorted(order, reverse=rtl), (c, order, rtl)
    covering = {t for t in range(len(enc)) if enc.byte_ends[t] > enc.byte_starts[t]}
    zero_wide = {seg.token for k, _ in view.visible_paragraphs()
                 for v in view.paragraph_layout(k).lines for seg in v.segments
                 if seg.x1 - seg.x0 <= 1.5}
    assert covering - seen <= zero_wide, sorted(covering - seen)


@pytest.mark.parametrize("script", SCRIPTS)
@pytest.mark.parametrize("tokenizer", DEMO_TOKENIZERS, ids=lambda p: p.parent.name)
def test_glyphs_are_the_plain_lines_and_every_x_hits_its_token(qtbot, script, tokenizer):
    text = SCRIPTS[script]
    enc = load_tokenizer(tokenizer).encode(text, add_special_tokens=False)
    view = shown(qtbot, enc)
    assert view_runs(view, 0) == plain_runs(text, view.font())
    check_hits(view, enc)


REAL = [("gpt2", "gpt2.tiktoken"), ("mistral-v3", "mistral-v3/tokenizer.model")]


@pytest.mark.realdata
@pytest.mark.parametrize("name,path", REAL, ids=[r[0] for r in REAL])
def test_real_tokenizers_splitting_characters(qtbot, name, path):
    """Byte-level GPT-2 cuts CJK, Indic letters and emoji into bytes; Mistral's byte fallback
    writes unknown characters as <0xNN> tokens: each character is drawn once, its tokens'
    bands dividing it, and every part hits its own token."""
    tokenizer = load_tokenizer(require_data(TOKENIZERS / path))
    text = "\n".join(SCRIPTS.values()) + "\n你好世界 🤖"
    enc = tokenizer.encode(text, add_special_tokens=False)
    assert any(enc.flags & 8), "expected tokens covering part of a character"
    view = shown(qtbot, enc)
    view.resize(2000, 2000)
    lines = text.split("\n")
    for k, line in enumerate(lines):
        assert view_runs(view, k) == plain_runs(line, view.font()), line
    check_hits(view, enc)


def test_a_split_character_is_divided_by_byte_share(qtbot):
    """你 (3 bytes) in two tokens of 1 and 2 bytes: a third of its width, then two thirds."""
    from core.encodings.encoding import Encoding

    text = "你"
    enc = Encoding.build(text, ids=[1, 2], byte_starts=[0, 1], byte_ends=[1, 3],
                         pieces=["a", "b"], token_bytes=[b"\xe4", b"\xbd\xa0"])
    view = shown(qtbot, enc)
    (segment_a, segment_b) = view.paragraph_layout(0).lines[0].segments
    width = segment_b.x1 - segment_a.x0
    assert (segment_a.token, segment_b.token) == (0, 1)
    assert segment_a.x1 - segment_a.x0 == pytest.approx(width / 3, abs=0.01)


def test_invisible_characters_keep_their_glyphs_without_changing_the_text(qtbot):
    """Spaces, joiners and bidi marks are marked over the text (which stays as it is, so it
    shapes as it should); a tab and a control character are laid out as their glyphs."""
    from core.formats.detect import load_tokenizer as load

    text = "a b\u200dc\u200f\td\x01"
    enc = load(DEMO_TOKENIZERS[0]).encode(text, add_special_tokens=False)
    view = shown(qtbot, enc)
    para = view.paragraph_layout(0)
    assert para.laid.text == "a b\u200dc\u200f⇥d⟨U+0001⟩"
    labels = sorted(m.label for m in para.lines[0].markers)
    assert labels == sorted(["␣", "ZWJ", "RLM"])
    assert para.lane > 0  # zero-wide marks are named in a lane over the line


def test_copy_gives_the_original_text_and_clicks_and_hover_name_tokens(qtbot):
    text = "Hello 世界\nשלום"
    enc = load_tokenizer(DEMO_TOKENIZERS[0]).encode(text, add_special_tokens=False)
    view = shown(qtbot, enc, width=600)
    view.selectAll()
    view.copy()
    from PySide6.QtGui import QGuiApplication

    assert QGuiApplication.clipboard().text() == text
    k, top = view.visible_paragraphs()[0]
    seg = view.paragraph_layout(k).lines[0].segments[0]
    point = QPointF((seg.x0 + seg.x1) / 2, top + view.paragraph_layout(k).lines[0].top + 5)
    with qtbot.waitSignal(view.token_clicked) as clicked:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point.toPoint())
    assert clicked.args == [seg.token]
    assert f"id {int(enc.ids[seg.token])}" in view.tooltip_at(point)


def test_inserted_tokens_are_pills_and_line_breaks_are_marked(qtbot, tmp_path):
    """A BOS the post-processor adds covers no text: it is drawn as a pill before the text and
    can be hovered; the line break is a ↵ with the band of the token covering it."""
    from core.encodings.encoding import Encoding, Flag

    text = "ab\ncd"
    enc = Encoding.build(text, ids=[0, 1, 2, 3], byte_starts=[0, 0, 2, 3],
                         byte_ends=[0, 2, 3, 5], pieces=["<s>", "ab", "\n", "cd"],
                         token_bytes=[b"<s>", b"ab", b"\n", b"cd"],
                         flags=[Flag.SPECIAL | Flag.INSERTED, 0, 0, 0])
    view = shown(qtbot, enc, width=600)
    first = view.paragraph_layout(0).lines[0]
    pill = next(c for c in first.clusters if c.token == 0)
    assert pill.x1 <= min(c.x0 for c in first.clusters if c.token < 0 and c.end > c.start)
    top = view.visible_paragraphs()[0][1] + first.top + 5
    assert view.token_at_point(QPointF((pill.x0 + pill.x1) / 2, top)) == 0
    newline = next(c for c in first.clusters if (c.start, c.end) == (2, 3))
    assert first.labels[first.clusters.index(newline)] == "↵"
    assert view.token_at_point(QPointF((newline.x0 + newline.x1) / 2, top)) == 2


def test_a_token_reaching_into_the_next_line_is_banded_on_both(qtbot):
    """A token covering "你\n" (a line's end and the break): its band is on the character and
    on the ↵ mark; the next line starts with the next token."""
    from core.encodings.encoding import Encoding

    text = "你\n好"
    enc = Encoding.build(text, ids=[1, 2], byte_starts=[0, 4], byte_ends=[4, 7],
                         pieces=["a", "b"], token_bytes=[text[:2].encode(), "好".encode()])
    view = shown(qtbot, enc, width=400)
    view.set_outline_split(True)
    view.grab()
    first, second = (view.paragraph_layout(k).lines[0] for k in (0, 1))
    assert {s.token for s in first.segments} == {0}
    assert [s.token for s in second.segments] == [1]
    assert first.split == [] and second.split == []


def test_a_huge_single_line_is_laid_out_in_pieces(qtbot):
    """A megabyte without a line break is cut into paragraphs of a few kilobytes (after a
    space), so painting never lays out the whole of it."""
    text = "word " * 200_000
    enc = load_tokenizer(DEMO_TOKENIZERS[0]).encode(text, add_special_tokens=False)
    view = shown(qtbot, enc, width=800)
    assert len(view._starts) > 200
    assert len(view.visible_paragraphs()) < 5
    view.highlight(len(enc) - 1)  # scrolls to the end and lays out only what is shown there
    assert len(view._cache) < 20


def test_dragging_selects_text_and_ctrl_c_copies_the_original(qtbot):
    """A drag from the first character to inside the last word, then Ctrl+C: the original
    characters (whole ones, never glyphs or hex) reach the clipboard."""
    from PySide6.QtGui import QGuiApplication, QKeySequence

    text = "ab 你好 cd"
    enc = load_tokenizer(DEMO_TOKENIZERS[0]).encode(text, add_special_tokens=False)
    view = shown(qtbot, enc, width=600)
    k, top = view.visible_paragraphs()[0]
    line = view.paragraph_layout(k).lines[0]
    y = int(top + line.top + line.height / 2)
    clusters = sorted((c for c in line.clusters if c.end > c.start and c.token < 0),
                      key=lambda c: c.start)
    hao = next(c for c in clusters if text.encode()[c.start:c.end] == "好".encode())
    start = QPointF(clusters[0].x0 + 1, y).toPoint()
    stop = QPointF(hao.x1 - 1, y).toPoint()  # past the middle of 好: it is included
    qtbot.mousePress(view.viewport(), Qt.MouseButton.LeftButton, pos=start)
    from PySide6.QtGui import QMouseEvent
    from PySide6.QtCore import QEvent
    move = QMouseEvent(QEvent.Type.MouseMove, QPointF(stop), QPointF(view.viewport().mapToGlobal(stop)),
                       Qt.MouseButton.NoButton, Qt.MouseButton.LeftButton,
                       Qt.KeyboardModifier.NoModifier)
    QGuiApplication.sendEvent(view.viewport(), move)
    qtbot.mouseRelease(view.viewport(), Qt.MouseButton.LeftButton, pos=stop)
    assert view.selected_text() == "ab 你好"
    view.setFocus()
    qtbot.keySequence(view, QKeySequence.StandardKey.Copy)
    assert QGuiApplication.clipboard().text() == "ab 你好"


def test_arrow_keys_pick_the_next_and_previous_token(qtbot):
    enc = load_tokenizer(DEMO_TOKENIZERS[0]).encode("one two three", add_special_tokens=False)
    view = shown(qtbot, enc, width=600)
    view.setFocus()
    with qtbot.waitSignal(view.token_clicked) as picked:
        qtbot.keyClick(view, Qt.Key.Key_Right)
    assert picked.args == [0]
    qtbot.keyClick(view, Qt.Key.Key_Right)
    with qtbot.waitSignal(view.token_clicked) as picked:
        qtbot.keyClick(view, Qt.Key.Key_Left)
    assert picked.args == [0]


def test_an_empty_view_says_what_fills_it(qtbot):
    """No tokens (no encoding yet, or an empty text): the owner's placeholder is drawn, not a
    blank box (#25)."""
    view = TokenTextView()
    qtbot.addWidget(view)
    view.resize(400, 120)
    view.show()
    background = view.palette().color(view.viewport().backgroundRole()).rgb()

    def drawn() -> int:
        image = view.viewport().grab().toImage()
        return sum(image.pixel(x, y) != background for x in range(0, 380, 2) for y in range(8, 40))

    assert drawn() == 0  # no placeholder set: nothing to say
    view.placeholder = "tokens show here"
    view.viewport().update()
    assert drawn() > 0
    runtime = load_tokenizer(DEMO_TOKENIZERS[0])
    view.set_encoding(runtime.encode("", add_special_tokens=False))
    assert drawn() > 0  # an empty text has no token either
