"""The GUI renders every note code the core defines, with the same placeholders, through Qt."""

from __future__ import annotations

import string

from app.messages import render, render_all, templates, unit_label
from core.notes import CODES, ENGLISH, note
from core.text import Unit


def placeholders(template: str) -> list[tuple[str, str | None, str]]:
    return sorted((name, conversion, spec) for _, name, spec, conversion
                  in string.Formatter().parse(template) if name)


def test_every_core_code_has_an_app_template_with_the_same_placeholders():
    app = templates()
    assert set(app) == set(CODES) == set(ENGLISH)
    for code, template in app.items():
        assert placeholders(template) == placeholders(ENGLISH[code]), code


def test_untranslated_rendering_equals_the_english_one():
    made = note("hf.truncation_off", max_length=512)
    assert render(made) == "the file truncates at 512 tokens; truncation is off here"
    assert render_all([made, note("special.more", count=1200)])[1] == (
        "special-token literals further on: 1,200")


def test_every_unit_has_a_label():
    assert [unit_label(u) for u in Unit] == [u.label for u in Unit]  # English when untranslated


def test_an_error_with_a_note_is_worded_by_the_gui_keeping_where_and_details(qapp):
    from app import i18n
    from app.messages import error_text
    from core.engines.common import TrainingError, split_details
    from core.errors import WorkbenchError

    refused = TrainingError.of(note("sentencepiece.vocab_too_high", vocab=500, found=87),
                               details="INTERNAL: Vocabulary size too high (500)")
    assert error_text(refused) == str(refused)  # English: the core's own words
    assert error_text(WorkbenchError("plain words", path="a.txt")) == "a.txt: plain words"
    i18n.install_language("zh_CN", qapp)
    try:
        plain, details = split_details(error_text(refused))
        assert plain == ("词表 500 超出了此语料能填满的大小（SentencePiece 找到 87 个片段）："
                         "请把词表降到 87 或以下，或添加文本")
        assert details == "INTERNAL: Vocabulary size too high (500)"  # the trainer's, as it said
        located = WorkbenchError.of(note("sentencepiece.needs_unknown"), path="c.txt")
        assert error_text(located) == "c.txt: SentencePiece 需要一个未知片段：请将 <unk> 加入特殊词元"
    finally:
        i18n.install_language("en", qapp)
