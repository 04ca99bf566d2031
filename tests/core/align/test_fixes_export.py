"""Suggested fixes, the corrected copy (original untouched) and the token-label export."""

from __future__ import annotations

import json

import pytest

from core.align.dataset import Dataset
from core.align.fixes import write_fixed_copy
from core.align.tags import export_labels, export_paths
from core.errors import WorkbenchError
from core.loading import open_tokenizer
from tests.core.builders import write_vocab_txt


def wordpiece(tmp_path):
    """WordPiece drops the spaces: a span ending on one does not align until trimmed."""
    return open_tokenizer(write_vocab_txt(tmp_path / "wp")).runtime


def dataset_file(tmp_path):
    rows = [{"id": "a", "text": "the quick brown fox", "spans": [
                {"start": 4, "end": 10, "label": "ADJ", "text": "quick "},  # a space too many
                {"start": 10, "end": 12, "label": "X", "text": "br"},       # inside a token
                {"start": 16, "end": 19, "label": "N", "text": "fox"}]},
            {"text": "hello world", "spans": [{"start": 0, "end": 5, "label": "G"}]}]
    path = tmp_path / "d.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    return path


def test_corrected_copy_changes_only_misaligned_spans(tmp_path):
    runtime = wordpiece(tmp_path)
    path = dataset_file(tmp_path)
    before = path.read_bytes()
    out = tmp_path / "fixed.jsonl"
    report = write_fixed_copy(Dataset(path), runtime, out, order=("trim", "expand"))
    assert path.read_bytes() == before  # the original is never modified
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["id"] == "a"
    enc = runtime.encode(rows[0]["text"], add_special_tokens=False)
    starts, ends = (a.tolist() for a in enc.spans("cp"))
    for span in rows[0]["spans"] + rows[1]["spans"]:
        text = rows[0]["text"] if span in rows[0]["spans"] else rows[1]["text"]
        assert text[span["start"]:span["end"]] == span.get("text", text[span["start"]:span["end"]])
    fixed = {s["label"]: (s["start"], s["end"]) for s in rows[0]["spans"]}
    assert fixed["ADJ"] == (4, 9) and fixed["ADJ"][0] in starts  # trimmed the space
    assert fixed["X"][0] in starts and fixed["X"][1] in ends  # snapped outward
    assert rows[1]["spans"][0] == {"start": 0, "end": 5, "label": "G"}
    assert report.fixed == {"trim": 1, "expand": 1} and report.records == 2
    with pytest.raises(WorkbenchError, match="never replaces the original"):
        write_fixed_copy(Dataset(path), runtime, path)


def test_export_reports_every_span_it_cannot_tag(tmp_path):
    runtime = wordpiece(tmp_path)
    path = dataset_file(tmp_path)
    out = tmp_path / "tags.jsonl"
    report = export_labels(Dataset(path), runtime, out, mode="strict", scheme="bio")
    rows = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    assert len(rows) == 2 and all(len(r["ids"]) == len(r["labels"]) == len(r["tokens"])
                                  for r in rows)
    tagged = sum(1 for r in rows for lab in r["labels"] if lab and lab.startswith("B-"))
    assert report.spans == 4 and report.tagged == tagged
    assert report.tagged + len(report.reported) == report.spans
    assert {(r["line"], r["label"], r["reason"]) for r in report.reported} >= {(1, "X", "misaligned")}
    assert {r["tokenizer"] for r in rows} == {runtime.name}  # each record names its tokenizer
    conll = tmp_path / "tags.conll"
    export_labels(Dataset(path), runtime, conll, mode="expand", scheme="bilou", fmt="conll",
                  tokenizer="wordpiece (vocab.txt)")
    header, body = conll.read_text(encoding="utf-8").split("\n", 1)
    assert header == "# tokenizer = wordpiece (vocab.txt)"  # a CoNLL comment line names it
    blocks = body.strip().split("\n\n")
    assert len(blocks) == 2 and all("\t" in line for line in blocks[0].splitlines())


def test_several_tokenizers_export_to_files_of_their_own(tmp_path):
    """Three tokenizers with one file name (three tokenizer.json) wrote one file over another:
    each now gets its own, named after its label, with a counter where labels collide."""
    paths = export_paths(tmp_path / "tags.jsonl", ["tokenizer.json", "bert/tokenizer.json",
                                                   "tokenizer.json", "Tokenizer.JSON", "東京"])
    assert len({p.name.lower() for p in paths}) == 5
    assert [p.name for p in paths] == ["tags.tokenizer.json.jsonl",
                                       "tags.bert-tokenizer.json.jsonl",
                                       "tags.tokenizer.json-2.jsonl",
                                       "tags.Tokenizer.JSON-3.jsonl", "tags.東京.jsonl"]
    assert all(p.parent == tmp_path for p in paths)
    assert export_paths(tmp_path / "tags.conll", ["only"]) == [tmp_path / "tags.conll"]
    runtime = wordpiece(tmp_path)
    path = dataset_file(tmp_path)
    names = ["tokenizer.json", "tokenizer.json"]
    for target, name in zip(export_paths(tmp_path / "out.jsonl", names), names):
        export_labels(Dataset(path), runtime, target, tokenizer=name)
    written = sorted(tmp_path.glob("out.*.jsonl"))
    assert len(written) == 2
