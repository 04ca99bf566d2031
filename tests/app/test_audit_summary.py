"""The audit summary of the Tokenizer tab: the counts of the audit, per language when the corpus
has several, and the rarest pieces used."""

from __future__ import annotations

import pytest

from app.widgets.audit_summary import audit_summary_html
from core.audit import audit_vocabulary
from core.corpus import CorpusSource
from tests.core.builders import tiktoken_runtime

pytestmark = pytest.mark.gui


def test_summary_counts_languages_and_rarest(qapp, tmp_path):
    en, zh = tmp_path / "en.txt", tmp_path / "zh.txt"
    en.write_text("the the world\n", encoding="utf-8")
    zh.write_text("世界\n", encoding="utf-8")
    runtime = tiktoken_runtime()
    audit = audit_vocabulary(runtime, sources=[CorpusSource(en, lang="en"),
                                               CorpusSource(zh, lang="zh")])
    html = audit_summary_html(audit)
    data = audit.to_json()
    assert f"<td>{data['partial']:,}</td>" in html
    for lang in ("en", "zh"):
        unused = data["corpus"]["by_language"][lang]["unused"]
        assert f"unused on the {lang} part</td><td>{unused:,}</td>" in html
    rarest = data["corpus"]["rarest"][0]
    assert f"{runtime.piece(rarest['id'])} ({rarest['count']})" in html
    assert "run one from the Vocabulary tab" in audit_summary_html(None)
