"""The GUI renders every note code the core defines, with the same placeholders, through Qt;
and says the tokenizer facts and explained model names the core gives in its own words."""

from __future__ import annotations

import json
import string

import pytest

from app.messages import (describe_labels, describe_rows, model_name, model_names, render,
                          render_all, singular_templates, special_kind, special_kinds, templates,
                          terms, tokenizer_label, unit_label)
from core.bundles.bundle import import_tokenizer
from core.explain import MODEL_NAMES
from core.loading import open_tokenizer
from core.notes import CODES, ENGLISH, ONE, TERMS, note
from core.text.offsets import Unit
from tests.core.builders import FORMAT_NAMES, options_for, write_format


def placeholders(template: str) -> list[tuple[str, str | None, str]]:
    return sorted((name, conversion, spec) for _, name, spec, conversion
                  in string.Formatter().parse(template) if name)


def test_every_core_code_has_an_app_template_with_the_same_placeholders():
    app = templates()
    assert set(app) == set(CODES) == set(ENGLISH)
    for code, template in app.items():
        assert placeholders(template) == placeholders(ENGLISH[code]), code


def test_singular_templates_and_terms_match_the_cores():
    """The codes that count in the plural have a GUI template for a count of one with the same
    placeholders; the key arguments (a pipeline part, a diff's side) the same keys."""
    app = singular_templates()
    assert set(app) == set(ONE) <= set(CODES)
    for code, template in app.items():
        assert placeholders(template) == placeholders(ONE[code][1]), code
    assert {name: set(words) for name, words in terms().items()} == {
        name: set(words) for name, words in TERMS.items()}


def test_a_count_of_one_and_a_key_argument_are_worded_by_each_side():
    from core.notes import english

    for made in (note("diff.removed", n=1), note("diff.removed", n=2),
                 note("diff.part_changed_no_ids", part="padding_truncation"),
                 note("diff.duplicate_pieces", n=1, side="new"),
                 note("diagnostics.failed_documents", tokenizer="gpt2", count=1)):
        assert render(made) == english(made)  # English when untranslated
    assert english(note("diff.removed", n=1)) == "1 piece was removed"
    assert english(note("diff.removed", n=2)) == "2 pieces were removed"
    assert english(note("diff.part_changed_no_ids", part="padding_truncation")) == (
        "the padding / truncation changed (IDs of a text do not depend on it)")


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


def test_every_worded_explained_model_name_has_a_translation():
    assert set(model_names()) == set(MODEL_NAMES.values())
    assert model_name("WordPiece (tokenizer.json)") == "WordPiece (tokenizer.json)"  # a name


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_every_describe_row_has_a_label_and_untranslated_says_what_the_core_says(kind, tmp_path):
    """The Tokenizer tab translates describe()'s labels by key and re-says its worded values:
    a key without a label, or a value said differently from the core, fails here."""
    source = write_format(kind, tmp_path / "src")
    (source.parent / "tokenizer_config.json").write_text(
        json.dumps({"chat_template": "{{ messages }}"}), encoding="utf-8")
    bundle = open_tokenizer(import_tokenizer(source, tmp_path / "bundle", name="demo", version="3",
                                             **options_for(kind)))
    info = bundle.describe()
    assert "bundle" in info
    if kind == "tokenizer.json":  # a rank file, say, takes no sibling configs
        assert {"chat template", "configs"} <= set(info)
    assert set(info) <= set(describe_labels())
    assert describe_rows(bundle) == list(info.items())  # English when untranslated
    assert tokenizer_label(bundle) == bundle.label and bundle.label.endswith(" (bundle)")


def test_every_special_token_kind_the_core_names_is_said_in_the_gui():
    """The kinds SpecialToken documents; untranslated, each is said as the core's key."""
    from core.pipeline.special import SpecialToken

    kinds = ["control", "user_defined", "added", "special", "unk", "vocabulary"]
    assert all(f"``{kind}``" in SpecialToken.__doc__ for kind in kinds)
    assert set(special_kinds()) == set(kinds)
    assert [special_kind(k) for k in kinds] == kinds  # English: the core's own words


def test_every_role_said_in_words_by_the_core_has_a_chinese_translation(qapp):
    """Roles of special tokens that are words ("chat role", "end of turn") are translated in the
    Chinese window, so the Special tokens table never shows "chat role (推测)"; the configs' short
    names (bos, eos, fim ...) are the files' own words and stay."""
    from app import i18n
    from app.messages import special_role, special_roles
    from core.formats.gguf.tokenizer import SPECIAL_ID_KEYS
    from core.pipeline.special import ROLE_BY_CONTENT

    core_roles = set(ROLE_BY_CONTENT.values()) | set(SPECIAL_ID_KEYS.values())
    worded = {role for role in core_roles if " " in role or role == "tool"}
    assert worded <= set(special_roles())
    assert special_role("end of turn") == "end of turn"  # English: the core's own words
    i18n.install_language("zh_CN", qapp)
    try:
        for role in worded:
            said = special_role(role)
            assert said != role and not any("a" <= c <= "z" for c in said), (role, said)
        assert special_role("bos") == "bos"
    finally:
        i18n.install_language("en", qapp)


def test_chinese_templates_keep_every_placeholder_with_its_format(qapp):
    """The .ts check sees only plain ``{name}``: ``{count:,}`` and ``{literal!r}`` are checked
    here, on the installed Chinese, so that a translation cannot drop or change one."""
    from app import i18n

    i18n.install_language("zh_CN", qapp)
    try:
        chinese = templates()
        chinese_singular = singular_templates()
        chinese_terms = terms()
        made = render(note("special.more", count=1200))
    finally:
        i18n.install_language("en", qapp)
    assert chinese["special.more"] != ENGLISH["special.more"] and "1,200" in made
    for code, template in chinese.items():
        assert placeholders(template) == placeholders(ENGLISH[code]), code
    for code, template in chinese_singular.items():
        assert placeholders(template) == placeholders(ONE[code][1]), code
    # every key argument has its own Chinese word
    for name, words in chinese_terms.items():
        assert all(word != TERMS[name][key] for key, word in words.items()
                   if key != "wordpiece"), name  # an algorithm keeps its name


def test_a_unit_in_a_note_is_named_in_the_windows_language(qapp):
    """Notes keep a unit's key (``cp``, stable in JSON); each front end names it."""
    from app import i18n
    from core.notes import english

    made = note("dataset.span_beyond", nth=1, start=1, end=9, label="X", limit=3, unit="cp")
    assert made.to_json()["args"]["unit"] == "cp"
    assert render(made) == english(made) == "span 1 [1, 9) 'X' is beyond the text (3 code points)"
    i18n.install_language("zh_CN", qapp)
    try:
        assert render(made) == "区间 1 [1, 9) 'X' 超出了文本（3 个码位）"
        wrong = note("dataset.wrong_unit", unit="cp", count=2, total=2, other_unit="bytes")
        assert render(wrong) == "声明的单位是码位，但 2 个区间文本中有 2 个按UTF-8 字节计才相符"
    finally:
        i18n.install_language("en", qapp)
