"""Suggested fixes, the corrected copy (original untouched) and the token-label export."""

from __future__ import annotations

import json

import pytest

from core.align.dataset import Dataset
from core.align.fixes import write_fixed_copy
from core.align.tags import export_labels
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
    conll = tmp_path / "tags.conll"
    export_labels(Dataset(path), runtime, conll, mode="expand", scheme="bilou", fmt="conll")
    blocks = conll.read_text(encoding="utf-8").strip().split("\n\n")
    assert len(blocks) == 2 and all("\t" in line for line in blocks[0].splitlines())
