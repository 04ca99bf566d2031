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
