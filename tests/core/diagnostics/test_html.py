"""The HTML page: self-contained, deterministic, with the charts the report has."""

from __future__ import annotations

import pytest

from core.diagnostics.html import chart_figures, report_html
from core.diagnostics.run import Settings, diagnose
from core.loading import open_tokenizer
from tests.conftest import DEMO


@pytest.fixture(scope="module")
def result(tmp_path_factory):
    folder = tmp_path_factory.mktemp("par")
    (folder / "eng.dev").write_text("The cat sleeps.\nIt rains.\n", encoding="utf-8")
    (folder / "zho.dev").write_text("猫在睡觉。\n下雨了。\n", encoding="utf-8")
    tokenizers = [open_tokenizer(DEMO / "demo-bpe" / "tokenizer.json"),
                  open_tokenizer(DEMO / "demo-unigram" / "tokenizer.model")]
    return diagnose(tokenizers, parallel=folder, settings=Settings(pivot="eng", resamples=20))


def test_the_same_report_gives_the_same_page(result):
    first = report_html(result)
    assert report_html(result) == first
    assert first.count("<svg") == 5  # premiums, ranking, tokens per byte, lengths, vocabulary
    assert "<script" not in first and "<img" not in first


def test_a_corpus_without_parallel_text_has_no_premium_charts(tmp_path):
    path = tmp_path / "a.txt"
    path.write_text("hello\nworld\n", encoding="utf-8")
    from core.corpus import CorpusSource

    plain = diagnose([open_tokenizer(DEMO / "demo-bpe" / "tokenizer.json")],
                     sources=[CorpusSource(path, lang="en")])
    captions = [caption for caption, _ in chart_figures(plain)]
    assert not any("Premium" in c for c in captions) and len(captions) == 3
