"""``tokbench audit``: the JSON contract (docs/cli.md), the text report, CSV, and exit 2 on bad
input."""

from __future__ import annotations

import csv
import json

import pytest

from app.cli import main
from app.main_window import DEMO
from core.audit import audit_vocabulary
from core.formats.detect import load_tokenizer
from tests.conftest import TOKENIZERS, require_data

BPE = DEMO / "demo-bpe" / "tokenizer.json"
KEYS = {"tokens", "partial", "self_unreachable", "merge_unreachable", "unused_on_corpus",
        "sensitive", "near_duplicates"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_json_contract(capsys, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("Hello world\nthe quick brown fox\n", encoding="utf-8")
    names = tmp_path / "names.txt"
    names.write_text("# internal\nquick\n", encoding="utf-8")
    code, out, err = run(capsys, "audit", BPE, "--corpus", f"en={corpus}", "--names", names,
                         "--json")
    assert code == 0 and err == ""
    data = json.loads(out)
    assert KEYS <= set(data)
    assert isinstance(data["tokens"], int) and isinstance(data["partial"], int)
    assert all(isinstance(i, int) for i in data["self_unreachable"])
    assert data["merge_unreachable"] is None or all(isinstance(i, int)
                                                    for i in data["merge_unreachable"])
    assert isinstance(data["unused_on_corpus"], int)
    assert all(set(e) == {"id", "piece", "rule"} for e in data["sensitive"])
    assert all(isinstance(g, list) for g in data["near_duplicates"])
    assert list(data["corpus"]["by_language"]) == ["en"]
    # the same numbers as the core computes
    expected = audit_vocabulary(load_tokenizer(BPE)).to_json()
    assert data["self_unreachable"] == expected["self_unreachable"]
    assert data["partial"] == expected["partial"]
    special = {s["id"] for s in data["special"]}
    assert not special & set(data["self_unreachable"])


def test_text_report_with_a_corpus(capsys, tmp_path):
    corpus = tmp_path / "c.txt"
    corpus.write_text("Hello world\n", encoding="utf-8")
    code, out, _ = run(capsys, "audit", BPE, "--corpus", corpus)
    assert code == 0 and "unused ids" in out and "rarest used:" in out


def test_no_corpus_gives_null_and_text_report(capsys, tmp_path):
    code, out, _ = run(capsys, "audit", BPE, "--json")
    assert code == 0 and json.loads(out)["unused_on_corpus"] is None
    table = tmp_path / "audit.csv"
    code, out, _ = run(capsys, "audit", BPE, "--csv", table)
    assert code == 0 and "self-unreachable:" in out and "partial" in out
    with table.open(encoding="utf-8", newline="") as f:
        rows = list(csv.DictReader(f))
    assert len(rows) == json.loads(run(capsys, "audit", BPE, "--json")[1])["tokens"]


@pytest.mark.parametrize("argv", [
    ["audit", "missing-tokenizer.json"],
    ["audit", str(BPE), "--corpus", "no-such-corpus.txt"],
    ["audit", str(BPE), "--names", "no-such-names.txt"],
])
def test_bad_input_exits_2_with_a_message(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.startswith("tokbench: error:") and "Traceback" not in err
    assert "no-such" in err or "missing-tokenizer" in err


def test_invalid_utf8_corpus_exits_2_naming_the_line(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nbad \xff\n")
    code, _, err = run(capsys, "audit", BPE, "--corpus", bad)
    assert code == 2 and "bad.txt:2" in err


@pytest.mark.realdata
def test_bert_reports_unused_pieces_as_self_unreachable(capsys):
    path = require_data(TOKENIZERS / "bert-minilm" / "tokenizer.json")
    code, out, _ = run(capsys, "audit", path, "--json")
    data = json.loads(out)
    assert code == 0 and 1 in data["self_unreachable"] and data["merge_unreachable"] is None
    assert {s["id"] for s in data["special"]} == {0, 100, 101, 102, 103}
