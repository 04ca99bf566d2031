"""``tokbench align``: the JSON contract, bad input (exit 2 with the line), export, fixed copy."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from app.main_window import DEMO
from core.align.audit import audit_dataset
from core.align.dataset import Dataset
from core.loading import open_tokenizer
from tests.conftest import DATA, TOKENIZERS, require_data

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
TOKENIZER_KEYS = {"tokenizer", "strict", "contract_nonempty", "expand_extra", "start_ok", "end_ok",
                  "per_label", "misaligned"}
MISALIGNED_KEYS = {"record", "line", "start", "end", "label", "start_ok", "end_ok", "contract",
                   "expand"}


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def write_rows(tmp_path, rows, name="d.jsonl"):
    path = tmp_path / name
    path.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                    encoding="utf-8")
    return path


ROWS = [{"text": "Hello 世界, café naïve", "spans": [
            {"start": 0, "end": 5, "label": "GREET", "text": "Hello"},
            {"start": 6, "end": 7, "label": "CJK", "text": "世"},
            {"start": 10, "end": 14, "label": "FOOD", "text": "café"}]},
        {"text": "the quick brown fox", "spans": [
            {"start": 10, "end": 13, "label": "PART", "text": "bro"}]}]


def test_json_summary_contract(capsys, tmp_path):
    path = write_rows(tmp_path, ROWS)
    code, out, err = run(capsys, "align", BPE, UNIGRAM, "--spans", path, "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["records"], summary["spans"]) == (2, 4)
    assert [t["tokenizer"] for t in summary["tokenizers"]] == ["tokenizer.json", "tokenizer.model"]
    audit = audit_dataset(Dataset(path), [(p.name, open_tokenizer(p).runtime)
                                          for p in (BPE, UNIGRAM)])
    for entry, t in zip(summary["tokenizers"], audit.tokenizers):
        assert TOKENIZER_KEYS <= set(entry)
        for key in ("strict", "contract_nonempty", "start_ok", "end_ok"):
            assert 0.0 <= entry[key] <= 1.0
        assert entry["strict"] == pytest.approx(float(t.strict.mean()))
        assert sum(v["spans"] for v in entry["per_label"].values()) == 4
        assert len(entry["misaligned"]) == int((~t.strict).sum())
        for item in entry["misaligned"]:
            assert set(item) == MISALIGNED_KEYS
            assert not (item["start_ok"] and item["end_ok"])
            assert item["expand"][0] <= item["start"] < item["end"] <= item["expand"][1]
    # "bro" starts inside "Ġb" / "▁b": misaligned for both: the list can fail to be empty
    assert all(any(m["label"] == "PART" for m in e["misaligned"]) for e in summary["tokenizers"])


def test_bad_record_exits_2_with_its_line(capsys, tmp_path):
    rows = ROWS + [{"text": "abc", "spans": [{"start": 1, "end": 9, "label": "X"}]}]
    path = write_rows(tmp_path, rows)
    code, out, err = run(capsys, "align", BPE, "--spans", path, "--json")
    assert code == 2 and f"{path}:3: span 1 [1, 9) 'X' is beyond the text (3 code points)" in err
    error = json.loads(out)["error"]  # under --json the error is JSON on stdout too
    assert error["code"] == "input" and error["path"] == str(path)
    assert error["bad_records"] == [{"line": 3, "message": "span 1 [1, 9) 'X' is beyond the "
                                                           "text (3 code points)"}]
    code, out, err = run(capsys, "align", BPE, "--spans", path, "--json", "--skip-bad")
    assert code == 0 and json.loads(out)["spans"] == 4 and ":3:" in err


def test_wrong_unit_is_named(capsys, tmp_path):
    rows = [{"text": "東京へ行く", "spans": [{"start": 0, "end": 6, "label": "LOC", "text": "東京"}]}]
    path = write_rows(tmp_path, rows)
    code, _, err = run(capsys, "align", BPE, "--spans", path, "--skip-bad")
    assert code == 2
    assert "declared code points, but 1 of 1 span texts match in UTF-8 bytes: use --unit bytes" in err
    code, out, _ = run(capsys, "align", BPE, "--spans", path, "--unit", "bytes", "--json")
    assert code == 0 and json.loads(out)["spans"] == 1


def test_invalid_utf8_and_empty_file(capsys, tmp_path):
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b'{"text": "ok", "spans": []}\n{"text": "\xe4"}\n')
    code, _, err = run(capsys, "align", BPE, "--spans", path)
    assert code == 2 and ":2: invalid UTF-8 at byte 10 of the line" in err
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    code, _, err = run(capsys, "align", BPE, "--spans", empty)
    assert code == 2 and "empty" in err


def test_export_and_fixed_copy(capsys, tmp_path):
    path = write_rows(tmp_path, ROWS)
    before = path.read_bytes()
    out = tmp_path / "tags.jsonl"
    fixed = tmp_path / "fixed.jsonl"
    code, _, err = run(capsys, "align", BPE, "--spans", path, "--export-bio", out, "--scheme",
                       "bilou", "--mode", "expand", "--fixed-copy", fixed, "--fix-order",
                       "trim,expand")
    assert code == 0, err
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2 and all(len(r["ids"]) == len(r["labels"]) for r in rows)
    assert any(lab and lab.endswith("-PART") for lab in rows[1]["labels"])
    assert "widened" in err and "line 2" in err
    assert path.read_bytes() == before
    copy = [json.loads(line) for line in fixed.read_text(encoding="utf-8").splitlines()]
    code, summary, _ = run(capsys, "align", BPE, "--spans", fixed, "--json")
    assert code == 0 and json.loads(summary)["tokenizers"][0]["strict"] == 1.0
    assert len(copy) == 2


@pytest.mark.realdata
def test_japanese_set_table(capsys):
    spans = require_data(DATA / "spans" / "ja_stockmark_ner_wikipedia.spans.jsonl")
    gpt2 = require_data(TOKENIZERS / "gpt2.tiktoken")
    code, out, err = run(capsys, "align", gpt2, "--preset", "gpt2", "--spans", spans, "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["records"], summary["spans"]) == (5343, 13185)
    assert 0.5 < summary["tokenizers"][0]["strict"] < 1.0


def test_character_bio_and_word_segmentation(capsys, tmp_path):
    chars = tmp_path / "ner.char.bio"
    chars.write_text("我0\tO\n在0\tO\n北0\tB-GPE\n京1\tI-GPE\n\n上\tB-LOC\n海\tI-LOC\n",
                     encoding="utf-8")
    code, out, err = run(capsys, "align", UNIGRAM, "--spans", chars, "--format", "chars", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["records"], summary["spans"]) == (2, 2)
    assert set(summary["tokenizers"][0]["per_label"]) == {"GPE", "LOC"}
    words = tmp_path / "seg.txt"
    words.write_text("我们 在 北京 生活\n上海 很 大\n", encoding="utf-8")
    code, out, err = run(capsys, "align", BPE, "--spans", words, "--format", "words", "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["records"], summary["spans"]) == (2, 7)
    assert list(summary["tokenizers"][0]["per_label"]) == ["word"]


def test_conll_that_does_not_rebuild_its_text_exits_2(capsys, tmp_path):
    path = tmp_path / "d.conll"
    path.write_text("# text = Ann met Bob\nAnn B-PER\nsaw O\nBob B-PER\n", encoding="utf-8")
    code, out, err = run(capsys, "align", BPE, "--spans", path)
    assert code == 2 and f"{path}:3: token 'saw' does not continue the text" in err
