"""``tokbench report``: the JSON contract, CSV and HTML outputs, bad input with exit 2."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from app.cli import main
from app.main_window import DEMO

BPE = str(DEMO / "demo-bpe" / "tokenizer.json")
UNIGRAM = str(DEMO / "demo-unigram" / "tokenizer.model")
BUCKET_KEYS = {"documents", "tokens", "bytes", "code_points", "graphemes", "tokens_per_byte",
               "tokens_per_cp", "bytes_per_token", "p50", "p90", "p95", "p99", "max",
               "unk_rate", "byte_fallback_rate", "truncation_rate"}


@pytest.fixture
def parallel(tmp_path):
    folder = tmp_path / "par"
    folder.mkdir()
    (folder / "eng_Latn.dev").write_text("The cat sleeps.\nIt rains today.\nWe read books.\n",
                                         encoding="utf-8")
    (folder / "zho_Hans.dev").write_text("猫在睡觉。\n今天下雨。\n我们读书。\n", encoding="utf-8")
    (folder / "deu_Latn.dev").write_text("Die Katze schläft.\nHeute regnet es.\nWir lesen.\n",
                                         encoding="utf-8")
    return folder


def _json(capsys, argv) -> dict:
    assert main(argv) == 0
    return json.loads(capsys.readouterr().out)


def test_json_contract_with_premiums_per_language(capsys, parallel):
    report = _json(capsys, ["report", BPE, UNIGRAM, "--parallel", str(parallel), "--json",
                            "--bootstrap", "50", "--seed", "3", "--context", "8"])
    assert [e["tokenizer"] for e in report["tokenizers"]] == ["demo-bpe", "demo-unigram"]
    for entry in report["tokenizers"]:
        assert set(entry["fingerprint"]) == {"behaviour", "vocabulary"}
        assert len(entry["files_sha256"]) == 64
        assert {"all", "eng_Latn", "zho_Hans", "deu_Latn"} <= set(entry["buckets"])
        for bucket in entry["buckets"].values():
            assert BUCKET_KEYS <= set(bucket)
        assert set(entry["premium"]) == {"eng_Latn", "zho_Hans", "deu_Latn"}
        zh = entry["premium"]["zho_Hans"]
        assert zh["tokens"] == entry["buckets"]["zho_Hans"]["tokens"]
        assert zh["premium"] == pytest.approx(
            zh["tokens"] / entry["buckets"]["eng_Latn"]["tokens"], abs=1e-6)
        assert zh["ci"][0] <= zh["premium"] <= zh["ci"][1]
    again = _json(capsys, ["report", BPE, UNIGRAM, "--parallel", str(parallel), "--json",
                           "--bootstrap", "50", "--seed", "3", "--context", "8"])
    assert {k: v for k, v in again.items() if k != "created"} == \
        {k: v for k, v in report.items() if k != "created"}


def test_corpus_sources_are_tagged_and_csv_and_html_are_written(capsys, tmp_path):
    text = tmp_path / "en.txt"
    text.write_text("hello world\nsee https://example.org\nx = f(1) == 2;\n", encoding="utf-8")
    page, table = tmp_path / "r.html", tmp_path / "r.csv"
    assert main(["report", BPE, "--corpus", f"en/web={text}", "-o", str(page),
                 "--csv", str(table)]) == 0
    html = page.read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "<svg" in html
    # self-contained: nothing to fetch (XML namespaces are names, not fetched)
    assert not re.search(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//""", html)
    assert "<script" not in html and "<link" not in html and "@import" not in html
    rows = list(csv.DictReader(io.StringIO(table.read_text(encoding="utf-8"))))
    buckets = {row["bucket"] for row in rows}
    assert {"all", "en", "domain:web", "has:url", "has:code"} <= buckets
    assert rows[0]["tokenizer"] == "demo-bpe" and int(rows[0]["documents"]) == 3


def test_summary_lists_languages(capsys, parallel):
    assert main(["report", BPE, "--parallel", str(parallel), "--bootstrap", "20"]) == 0
    out = capsys.readouterr().out
    assert "zho_Hans" in out and "premium" in out


@pytest.mark.parametrize("argv, needle", [
    (["--parallel", "{par}", "--pivot", "fra"], "unknown pivot language 'fra'"),
    (["--parallel", "{bad}"], "different line counts"),
    (["--parallel", "{empty}"], "language fra is empty"),
    (["--corpus", "{missing}"], "no file matches"),
    (["--parallel", "{par}", "--scheduler", "tcp://127.0.0.1:9", "--json"], None),
])
def test_bad_input_exits_2_with_a_named_message(capsys, tmp_path, parallel, monkeypatch,
                                                argv, needle):
    pytest.importorskip("distributed") if "--scheduler" in argv else None
    monkeypatch.setattr("core.diagnostics.backends.CONNECT_TIMEOUT", 2.0)
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "eng.dev").write_text("a\nb\n", encoding="utf-8")
    (bad / "fra.dev").write_text("a\n", encoding="utf-8")
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "eng.dev").write_text("a\n", encoding="utf-8")
    (empty / "fra.dev").write_text("", encoding="utf-8")
    paths = {"par": parallel, "bad": bad, "empty": empty, "missing": tmp_path / "nope.txt"}
    argv = [a.format(**paths) for a in argv]
    assert main(["report", BPE, *argv]) == 2
    captured = capsys.readouterr()
    if "--json" in argv:  # the error as JSON on stdout as well
        assert json.loads(captured.out)["error"]["code"] == "input"
    else:
        assert captured.out == ""
    assert "Traceback" not in captured.err
    assert (needle or "cannot reach the Dask scheduler") in captured.err


def test_bad_arguments_exit_2(capsys, parallel):
    assert main(["report", BPE, "--parallel", str(parallel), "--bootstrap", "0"]) == 2
    assert main(["report", BPE]) == 2  # neither --corpus nor --parallel


def test_a_folder_of_language_files_named_any_way_and_a_subset(capsys, parallel):
    """eng_Latn.txt, zho_Hans.devtest... are languages; --languages measures a subset (the pivot
    added), and refuses a language the corpus does not have, naming those it has."""
    (parallel / "eng_Latn.dev").rename(parallel / "eng_Latn.txt")
    (parallel / "zho_Hans.dev").rename(parallel / "zho_Hans.devtest")
    (parallel / "README.md").write_text("three languages\n", encoding="utf-8")
    report = _json(capsys, ["report", BPE, "--parallel", str(parallel), "--json",
                            "--bootstrap", "20", "--languages", "zho_Hans"])
    assert report["corpus"]["languages"] == ["eng_Latn", "zho_Hans"]
    assert set(report["tokenizers"][0]["premium"]) == {"eng_Latn", "zho_Hans"}
    assert main(["report", BPE, "--parallel", str(parallel), "--languages", "jpn_Jpan"]) == 2
    err = capsys.readouterr().err
    assert "has no language jpn_Jpan; it has deu_Latn, eng_Latn, zho_Hans" in err
    assert main(["report", BPE, "--corpus", str(parallel / "eng_Latn.txt"),
                 "--languages", "eng_Latn"]) == 2
