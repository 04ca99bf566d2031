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


def whitespace_tokenizer(folder):
    """A tokenizer that splits on whitespace and drops it (tokenizers' WhitespaceSplit)."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    tk = Tokenizer(models.WordLevel({"[UNK]": 0}, unk_token="[UNK]"))
    tk.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "tokenizer.json").write_text(tk.to_str(), encoding="utf-8")
    return folder / "tokenizer.json"


def test_a_span_ending_on_a_space_is_listed_with_spacys_expand(capsys, tmp_path):
    """"This " on "This is a sentence.": spaCy's char_span(0, 5, "expand") over the
    tokenizer's words is "This"; tokbench says so, and lists the span as misaligned."""
    from tests.core.align.spacy_oracle import SpacyOracle, groups_of_intervals
    from tokenizers import Tokenizer

    path = whitespace_tokenizer(tmp_path / "ws")
    text = "This is a sentence."
    spans = write_rows(tmp_path, [{"text": text, "spans": [
        {"start": 0, "end": 5, "label": "X", "text": "This "}]}])
    oracle = SpacyOracle(text, groups_of_intervals(
        Tokenizer.from_file(str(path)).encode(text).offsets))
    code, out, err = run(capsys, "align", path, "--spans", spans, "--json")
    assert code == 0, err
    (item,) = json.loads(out)["tokenizers"][0]["misaligned"]
    assert item["expand"] == list(oracle.char_span(0, 5, "expand"))
    assert item["contract"] == list(oracle.char_span(0, 5, "contract"))
    assert oracle.char_span(0, 5, "strict") is None and not item["end_ok"]


def test_weibo_character_bio_with_two_digit_positions(capsys, tmp_path):
    from tests.core.align.test_dataset import weibo_lines

    lines = weibo_lines([("我们", None), ("在", None), ("北京", "GPE.NAM")]) * 20
    path = tmp_path / "weiboNER_2nd_conll.dev"
    path.write_text("\n".join(lines) + "\n\n" + "\n".join(
        weibo_lines([("abcdefghijZu", "PER.NAM")])) + "\n", encoding="utf-8")
    code, out, err = run(capsys, "align", UNIGRAM, "--spans", path, "--json")
    assert code == 0, err
    summary = json.loads(out)
    assert (summary["records"], summary["spans"]) == (2, 21)
    assert summary["tokenizers"][0]["per_label"]["PER.NAM"]["spans"] == 1
    bad = tmp_path / "bad.dev"
    bad.write_text("\n".join(lines) + "\n\nZ0\tO\nZZ10\tO\n", encoding="utf-8")  # line 103
    code, _, err = run(capsys, "align", UNIGRAM, "--spans", bad)
    assert code == 2 and f"{bad}:103: 'ZZ10' is not one character followed by its position" in err


def test_a_dataset_without_spans_exits_2_naming_its_keys(capsys, tmp_path):
    rows = [{"text": "我们在北京", "words": [[0, 2], [2, 3], [3, 5]]},
            {"text": "上海很大", "segments": [[0, 2], [2, 3], [3, 4]]}]
    path = write_rows(tmp_path, rows)
    code, out, err = run(capsys, "align", UNIGRAM, "--spans", path, "--json")
    assert code == 0, err  # "words" is understood: word-segmentation gold
    summary = json.loads(out)
    assert summary["spans"] == 3 and list(summary["tokenizers"][0]["per_label"]) == ["word"]
    none = write_rows(tmp_path, [rows[1]] * 3, name="none.jsonl")
    code, out, err = run(capsys, "align", UNIGRAM, "--spans", none)
    assert code == 2 and out == ""
    assert "no span in the dataset (records read: 3; their keys: text, segments)" in err
    code, out, err = run(capsys, "align", UNIGRAM, "--spans", none, "--json")
    error = json.loads(out)["error"]  # the dataset's own error, as JSON under --json
    assert code == 2 and error["code"] == "dataset" and error["message"] in err
    assert "their keys: text, segments" in error["message"] and error["bad_records"] == []
    code, out, err = run(capsys, "align", UNIGRAM, "--spans", none, "--spans-key", "segments",
                         "--json")
    assert code == 0, err
    assert json.loads(out)["spans"] == 9
    code, _, err = run(capsys, "align", UNIGRAM, "--spans", none, "--spans-key", "words")
    assert code == 2 and "no record has the key 'words'" in err
    # spans that are all bad: listed, and exit 2 even with --skip-bad (nothing was aligned)
    bad = write_rows(tmp_path, [{"text": "ab", "spans": [[0, 9, "X"]]}], name="bad.jsonl")
    code, _, err = run(capsys, "align", UNIGRAM, "--spans", bad, "--skip-bad")
    assert code == 2 and ":1: span 1 [0, 9) 'X' is beyond the text" in err


def test_export_bio_writes_one_file_per_tokenizer_naming_it(capsys, tmp_path):
    """Three tokenizer.json: three files on disk (one overwrote the others before)."""
    paths = [whitespace_tokenizer(tmp_path / name) for name in ("a", "b")] + [BPE]
    spans = write_rows(tmp_path, ROWS)
    out = tmp_path / "tags.jsonl"
    code, _, err = run(capsys, "align", *paths, "--spans", spans, "--export-bio", out)
    assert code == 0, err
    written = sorted(tmp_path.glob("tags.*.jsonl"))
    assert len(written) == 3 and not out.exists()
    names = set()
    for path in written:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        (name,) = {r["tokenizer"] for r in rows}
        names.add(name)
        assert path.name in err
    assert names == {"a/tokenizer.json", "b/tokenizer.json", "demo-bpe/tokenizer.json"}
    conll = tmp_path / "tags.conll"
    code, _, err = run(capsys, "align", paths[0], paths[0], "--spans", spans, "--export-bio",
                       conll)
    assert code == 0, err
    heads = [p.read_text(encoding="utf-8").splitlines()[0]
             for p in sorted(tmp_path.glob("tags.*.conll"))]
    assert len(heads) == 2 and set(heads) == {"# tokenizer = tokenizer.json"}  # one file twice
