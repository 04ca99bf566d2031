"""HTML pages exported from the window speak its language: every text core's diff page asks
for is worded by app/report_words.py (so in the .ts), and the page exported from the Chinese
window has none of those English texts, its notes worded from their codes."""

from __future__ import annotations

import re

import pytest

from app import i18n
from app.report_words import PageWords, page_language
from core.corpus import CorpusSource
from core.diff.html import diff_html
from core.diff.report import compare
from core.loading import open_tokenizer
from tests.core.diff.conftest import small_bpe_spec  # noqa: F401 (fixture)
from tests.core.diff.variants import with_block_inserted, with_one_more_merge, write

pytestmark = pytest.mark.gui


@pytest.fixture(scope="module")
def diff_result(tmp_path_factory, small_bpe_spec):  # noqa: F811
    """A diff with every part of the page: reasons, notes, migration, golden, behaviour."""
    folder = tmp_path_factory.mktemp("pair")
    spec = small_bpe_spec
    old = open_tokenizer(write(spec, folder / "old"))
    new = open_tokenizer(write(with_block_inserted(with_one_more_merge(spec)[0], 3),
                               folder / "new"))
    corpus = folder / "en.txt"
    corpus.write_text("the quick brown fox\njumps over the lazy dog\n", encoding="utf-8")
    return compare(old, new, [CorpusSource(corpus, lang="en")], hidden=64, dtype="fp16",
                   tied=True)


def test_every_text_the_page_asks_for_is_worded_by_the_gui(qapp, diff_result):
    asked = []

    def recording(text):
        asked.append(text)
        return text

    diff_html(diff_result, tr=recording)
    words = PageWords().words
    assert asked and set(asked) <= set(words), sorted(set(asked) - set(words))
    assert "Behaviour" in asked and "Golden samples of the old tokenizer, verified on the new" \
        in asked  # the whole page was made


def test_the_page_exported_from_the_chinese_window_is_in_chinese(qapp, diff_result):
    english_page = diff_html(diff_result)
    assert diff_html(diff_result, tr=lambda text: text) == english_page  # the CLI's, unchanged
    i18n.install_language("zh_CN", qapp)
    try:
        page = diff_html(diff_result, tr=PageWords(), lang=page_language())
    finally:
        i18n.install_language("en", qapp)
    assert "<html lang='zh-CN'>" in page
    text = re.sub(r"<style>.*?</style>|<[^>]+>", "\n", page, flags=re.S)
    asked = set()
    diff_html(diff_result, tr=lambda text: asked.add(text) or text)
    for english in asked:
        if re.search("[A-Za-z]{3}", english) and "{" not in english:
            assert f"\n{english}\n" not in text, english
    from core.notes import english

    for reason in diff_result.reasons:  # the verdict's reasons, worded from their codes
        assert english(reason) not in page
    assert "迁移" in text and "黄金样本" in text


@pytest.fixture(scope="module")
def diagnostics_report(tmp_path_factory):
    from app.main_window import DEMO_TOKENIZERS
    from core.diagnostics.run import Settings, diagnose

    folder = tmp_path_factory.mktemp("parallel")
    (folder / "eng_Latn.dev").write_text("The cat sleeps.\nIt rains today.\n", encoding="utf-8")
    (folder / "zho_Hans.dev").write_text("猫在睡觉。\n今天下雨。\n", encoding="utf-8")
    return diagnose([open_tokenizer(path) for path in DEMO_TOKENIZERS], parallel=folder,
                    settings=Settings(resamples=20))


def test_every_text_the_diagnostics_page_asks_for_is_worded_by_the_gui(qapp, diagnostics_report):
    from core.diagnostics.html import report_html

    asked = []

    def recording(text):
        asked.append(text)
        return text

    page = report_html(diagnostics_report, tr=recording)
    assert page == report_html(diagnostics_report)  # the CLI's page, unchanged
    words = PageWords().words
    assert "Charts" in asked and set(asked) <= set(words), sorted(set(asked) - set(words))
    i18n.install_language("zh_CN", qapp)
    try:
        chinese = report_html(diagnostics_report, tr=PageWords(), lang=page_language())
    finally:
        i18n.install_language("en", qapp)
    assert '<html lang="zh-CN">' in chinese and "<h2>图表</h2>" in chinese
    assert "Premium per language" not in chinese and "词元数 / 基准语言词元数" in chinese  # SVG
