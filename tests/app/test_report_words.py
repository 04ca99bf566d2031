"""HTML pages exported from the window speak its language: every text core's diff page asks
for is worded by app/report_words.py (so in the .ts), and the page exported from the Chinese
window has none of those English texts, its notes worded from their codes."""

from __future__ import annotations

import re
from html.parser import HTMLParser

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
                    settings=Settings(resamples=20, round_trip=True))


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


# -- the pages exported from the Chinese window: no English word of ours -------------------
# names and codes a Chinese page keeps in Latin letters (the glossary's: a name of a format,
# an encoding, a unit, a special token's role; percentiles; the command that made the page)
KEPT_LATIN = {"ID", "MiB", "UTF-8", "UTF-16", "NFKC", "BOS", "CLS", "UNK", "Embedding",
              "p50", "p90", "p95", "p99", "tokbench", "report", "fp16", "bf16", "fp32"}
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]")  # ("k", a variable, is none)


def invisible_names() -> set[str]:
    """The Unicode abbreviations a token's invisible characters are shown by (``⟨ZWJ⟩``)."""
    from core.text.offsets import _NAMED_INVISIBLES

    return {name.strip("⟨⟩") for name in _NAMED_INVISIBLES.values()}


class _VisibleText(HTMLParser):
    """The texts a reader sees on a page, each with whether it is data the page shows as it
    is: a token's text, a pipeline part's JSON, a path (``.tokens``, ``pre``, ``code``); the
    tooltips (a token's "piece · ID 7") are ours, and so are the charts' labels (drawn as
    paths in the SVG, each with its text in a comment); styles are no text."""

    SKIPPED, DATA = {"style", "svg"}, {"pre", "code"}

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.open: list[tuple[str, bool]] = []  # (tag, data inside)
        self.texts: list[tuple[str, bool]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        inside = bool(self.open and self.open[-1][1])
        data = inside or tag in self.DATA or "tokens" in (attrs.get("class") or "").split()
        if attrs.get("title"):
            self.texts.append((attrs["title"], False))
        if tag not in {"meta", "br", "img", "input", "link"}:
            self.open.append((tag, data))

    def handle_endtag(self, tag):
        while self.open:
            if self.open.pop()[0] == tag:
                break

    def handle_comment(self, text):
        if any(tag == "svg" for tag, _ in self.open):  # a chart's text, as matplotlib notes it
            self.texts.append((text.replace("\\mathdefault", "").strip(), False))

    def handle_data(self, text):
        if text.strip() and not any(tag in self.SKIPPED for tag, _ in self.open):
            self.texts.append((text.strip(), bool(self.open and self.open[-1][1])))


def english_of_ours(page: str, data: set[str]) -> list[str]:
    """Latin words on ``page`` that are neither data (``data``: the result's names, labels,
    codes; every word of them) nor :data:`KEPT_LATIN`, each with its text."""
    from tests.app.test_language_switch import english_patterns

    parser = _VisibleText()
    parser.feed(page)
    allowed = KEPT_LATIN | invisible_names() | {w for text in data
                                                for w in LATIN_WORD.findall(text)}
    patterns = english_patterns()
    found = []
    for text, is_data in parser.texts:
        if is_data or text in data:
            continue
        for source, pattern in patterns:  # a whole text of ours left in English
            if pattern.fullmatch(text):
                found.append(f"{text!r} (ours: {source!r})")
        words = [w for w in LATIN_WORD.findall(text) if w not in allowed
                 and w.rstrip(".-") not in allowed]
        found += [f"{w!r} in {text!r}" for w in words]
    return found


def diff_data(diff) -> set[str]:
    """What a diff's page shows as data: the labels, pieces, golden samples' names and values,
    the buckets' languages and files, the special tokens, the notes' literals."""
    data = {diff.old_label, diff.new_label, *diff.old_pieces, *diff.new_pieces}
    for d in diff.golden_check.differences if diff.golden_check else ():
        data |= {str(d.sample), str(d.old)[:120], str(d.new)[:120]}
    if diff.behaviour is not None:
        data |= {name for name, _ in diff.behaviour.per_bucket() if name != "golden"}
    data |= {m.literal for m in diff.specials.moved}
    return data


def diagnostics_data(report) -> set[str]:
    """What a diagnostics page shows as data: tokenizer names and formats, fingerprints, the
    corpus' path and languages, library names, Unicode script names, the top pieces."""
    data = {report.corpus.path or "", report.created, *report.versions, report.settings.pivot}
    for t in report.tokenizers:
        data |= {t.name, t.format, str(t.fingerprint.behaviour), str(t.fingerprint.vocabulary)}
        data |= {repr(piece.piece) for piece in t.vocabulary.top}
        for key in t.buckets:
            prefix, _, name = key.partition(":")
            data.add(name if prefix in ("script", "length", "domain") else key)
    return {text for text in data if text}


@pytest.fixture
def chinese_window(qtbot, window):
    """The window after Language → 简体中文 (its panes made anew in Chinese)."""
    window.set_language("zh_CN")
    qtbot.waitUntil(lambda: window._panes_language == "zh_CN", timeout=30000)
    yield window
    i18n.install_language("en")  # (the window is closed by now: pytest-qt closes it first)


def test_the_pages_exported_from_the_chinese_window_have_no_english_word_of_ours(
        qtbot, chinese_window, diff_result, diagnostics_report, tmp_path):
    window = chinese_window
    window.diff.show_diff(diff_result)
    window.diff.export_html(tmp_path / "diff.html")
    window.diagnostics.show_result(diagnostics_report)
    window.diagnostics.write_export("html", tmp_path / "report.html")
    diff_page = (tmp_path / "diff.html").read_text(encoding="utf-8")
    report_page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert english_of_ours(diff_page, diff_data(diff_result)) == []
    assert english_of_ours(report_page, diagnostics_data(diagnostics_report)) == []
    # the check finds what it looks for: the CLI's pages are all English
    assert len(english_of_ours(diff_html(diff_result), diff_data(diff_result))) > 20
    from core.diagnostics.html import report_html

    assert len(english_of_ours(report_html(diagnostics_report),
                               diagnostics_data(diagnostics_report))) > 20
    # the keys of the data are named (not old_size, normalizer), the sentences end in 。
    assert "旧词表大小" in diff_page and "old_size" not in diff_page
    assert "全部文档" in report_page and "往返检查：是" in report_page


def test_every_key_the_pages_show_is_named_by_the_gui(qapp, diff_result, diagnostics_report):
    """Each ``term(group, key)`` the pages ask for has a name in the GUI's tables (a key that
    is data, a language or a template's name, is asked for under no group the GUI names)."""
    from core.diagnostics.html import report_html

    asked = set()

    class Recording:
        def __call__(self, text):
            return text

        def term(self, group, key):
            asked.add((group, key))
            return key

    diff_html(diff_result, tr=Recording())
    report_html(diagnostics_report, tr=Recording())
    words = PageWords()
    # a setting's value is asked for whatever it is: only its codes are the GUI's to name (a
    # pivot language, a template's name are data); buckets are named by bucket_name
    from core.diagnostics.parallel import ALIGN_CHOICES

    codes = {("setting.align", choice) for choice in ALIGN_CHOICES} | {
        ("setting.template", "own"), ("setting.template", "custom"),
        ("setting.tokens", "content")}
    keys = {(group, key) for group, key in asked
            if group != "bucket" and not group.startswith("setting.")} | codes
    assert sorted((group, key) for group, key in keys
                  if key not in words.terms.get(group, {})) == []
    assert {g for g, _ in asked} >= {"vocabulary", "special", "part", "field", "bucket",
                                     "bucket_field", "setting", "yes/no"}


# -- the CLI's pages stay English, byte for byte ---------------------------------------------
def comparable_page(page: str, folder) -> str:
    """A report page without what is not a function of its inputs: the date and library
    versions, the temporary folder's path, the charts' SVG (its glyph paths follow the fonts
    of the machine); the diff's pages have snapshots of their own (test_result_json_unchanged)."""
    page = re.sub(r"<svg.*?</svg>", "<svg/>", page, flags=re.S)
    page = re.sub(r'<p class="muted">created .*?</p>', '<p class="muted">created …</p>', page)
    return page.replace(str(folder), "PARALLEL")


def test_the_cli_report_page_is_the_english_one_it_was(capsys, tmp_path):
    """``tokbench report -o page.html`` writes the page it wrote before the GUI worded the
    pages' keys (the snapshot was made by that code)."""
    from app.cli import main
    from app.main_window import DEMO_TOKENIZERS
    from tests.app.test_result_json_unchanged import assert_snapshot

    folder = tmp_path / "parallel"
    folder.mkdir()
    (folder / "eng_Latn.dev").write_text("The cat sleeps.\nSee https://example.com today.\n",
                                         encoding="utf-8")
    (folder / "zho_Hans.dev").write_text("猫在睡觉。\n今天看 https://example.com。\n",
                                         encoding="utf-8")
    page = tmp_path / "report.html"
    assert main(["report", *map(str, DEMO_TOKENIZERS), "--parallel", str(folder), "-o",
                 str(page), "--bootstrap", "50", "--seed", "3", "--round-trip"]) == 0
    capsys.readouterr()
    assert_snapshot("report_parallel.html",
                    comparable_page(page.read_text(encoding="utf-8"), folder))
