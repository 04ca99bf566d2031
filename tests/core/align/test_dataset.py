"""Annotation datasets: every format read, bad input listed by line, a wrong unit named."""

from __future__ import annotations

import json
import random

import pytest

from core.align.audit import audit_dataset
from core.align.dataset import Dataset, DatasetError
from core.align.units import UnitCheck, spans_in_cp
from core.errors import WorkbenchError
from core.loading import open_tokenizer
from core.text.offsets import TextIndex, Unit
from tests.conftest import DATA, require_data
from tests.core.builders import write_vocab_txt


def write(tmp_path, name, content: str | bytes):
    path = tmp_path / name
    path.write_bytes(content.encode("utf-8") if isinstance(content, str) else content)
    return path


def jsonl(*rows) -> str:
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows)


def test_jsonl_spans_entities_and_spacy_tuples(tmp_path):
    path = write(tmp_path, "d.jsonl", jsonl(
        {"text": "東京都に行く", "spans": [{"start": 0, "end": 3, "label": "LOC", "text": "東京都"}]},
        {"text": "Ann met Bob", "entities": [[0, 3, "PER"], [8, 11, "PER"]]},
        ["Paris", {"entities": [[0, 5, "LOC"]]}]))
    records = list(Dataset(path).records())
    assert [(r.line, r.text) for r in records] == [(1, "東京都に行く"), (2, "Ann met Bob"),
                                                   (3, "Paris")]
    assert [(s.start, s.end, s.label) for s in records[1].spans] == [(0, 3, "PER"), (8, 11, "PER")]
    assert records[0].spans[0].text == "東京都"


def test_conll_with_and_without_text(tmp_path):
    path = write(tmp_path, "d.conll", "# text = Ann  met New York.\nAnn B-PER\nmet O\nNew B-LOC\n"
                 "York I-LOC\n. O\n\nBob S-PER\nruns O\n")
    first, second = Dataset(path).records()
    assert first.text == "Ann  met New York."
    assert [(s.start, s.end, s.label, s.text) for s in first.spans] == [
        (0, 3, "PER", "Ann"), (9, 17, "LOC", "New York")]
    assert second.text == "Bob runs" and second.spans[0].text == "Bob"
    assert second.line == 8


def test_conll_tokens_that_do_not_rebuild_the_text_are_listed(tmp_path):
    path = write(tmp_path, "d.conll", "# text = Ann met Bob\nAnn B-PER\nsaw O\nBob B-PER\n\n"
                 "Eve B-PER\n")
    dataset = Dataset(path)
    records = list(dataset.records())
    assert [r.text for r in records] == ["Eve"]
    assert dataset.stats.problems[0].line == 3
    assert "does not continue the text" in dataset.stats.problems[0].message


def test_character_bio_with_glued_segmentation_digit(tmp_path):
    path = write(tmp_path, "weibo.txt", "我0\tO\n在0\tO\n北0\tB-GPE\n京1\tI-GPE\n\n上 B-LOC\n海 I-LOC\n")
    dataset = Dataset(path)
    assert dataset.format == "chars"
    first, second = dataset.records()
    assert first.text == "我在北京" and [(s.start, s.end, s.label) for s in first.spans] == [
        (2, 4, "GPE")]
    assert second.text == "上海" and second.spans[0].text == "上海"


def test_word_segmentation_gold(tmp_path):
    path = write(tmp_path, "pku.txt", "我们 在 北京\u3000生活\n")
    dataset = Dataset(path, "words")
    (record,) = dataset.records()
    assert record.text == "我们在北京生活"
    assert [(s.start, s.end, s.label) for s in record.spans] == [
        (0, 2, "word"), (2, 3, "word"), (3, 5, "word"), (5, 7, "word")]


def test_bom_mixed_line_endings_and_invalid_utf8(tmp_path):
    rows = [json.dumps({"text": t, "spans": []}, ensure_ascii=False).encode() for t in
            ("一", "二", "三", "四")]
    data = b"\xef\xbb\xbf" + rows[0] + b"\r\n" + rows[1] + b"\n" + b'{"text": "\xff"}\n' + rows[2] \
        + b"\r" + rows[3] + b"\n"
    dataset = Dataset(write(tmp_path, "d.jsonl", data))
    records = list(dataset.records())
    assert [(r.line, r.text) for r in records] == [(1, "一"), (2, "二"), (4, "三"), (5, "四")]
    assert dataset.stats.bom and dataset.stats.mixed_line_endings
    (problem,) = dataset.stats.problems
    assert problem.line == 3 and "invalid UTF-8 at byte 10" in problem.message
    # a record read again from its offset is the same record
    again = dataset.record_at(records[3].offset, records[3].line)
    assert again.text == "四" and again.line == 5


def test_bad_spans_listed_with_their_line(tmp_path):
    path = write(tmp_path, "d.jsonl", jsonl(
        {"text": "abc", "spans": [{"start": 0, "end": 9, "label": "X"}]},
        {"text": "abc", "spans": [{"start": 2, "end": 1, "label": "X"}]},
        {"text": "abc", "spans": [{"start": 0, "end": 2, "label": "X", "text": "bc"}]},
        {"text": "abc", "spans": [{"start": 1, "end": 1, "label": "X"}]},
        {"text": "abc", "spans": [{"start": 0, "end": 1, "label": "X"}]}))
    dataset = Dataset(path)
    check = UnitCheck(Unit.CP)
    good = [spans_in_cp(r, Unit.CP, check, dataset.stats) for r in dataset.records()]
    assert [len(g.which) for g in good] == [0, 0, 0, 0, 1]
    messages = [(p.line, p.message) for p in dataset.stats.problems]
    assert [line for line, _ in messages] == [1, 2, 3, 4]
    assert "beyond the text (3 code points)" in messages[0][1]
    assert "start is after end" in messages[1][1]
    assert "'bc' is not the text's 'ab'" in messages[2][1]
    assert "is empty" in messages[3][1]


def test_empty_and_missing_files(tmp_path):
    with pytest.raises(DatasetError, match="empty"):
        Dataset(write(tmp_path, "e.jsonl", b""))
    with pytest.raises(DatasetError, match="no such file"):
        Dataset(tmp_path / "nope.jsonl")
    only_blank = Dataset(write(tmp_path, "b.jsonl", b"\n\n"))
    with pytest.raises(WorkbenchError, match="no usable record"):
        audit_dataset(only_blank, [("t", None)])


def test_large_file_is_streamed(tmp_path):
    """Reading a 20 MB file holds one record at a time (a 1 GB file would not fit otherwise)."""
    import tracemalloc

    row = json.dumps({"text": "x" * 1000, "spans": [{"start": 0, "end": 5, "label": "A"}]})
    path = tmp_path / "big.jsonl"
    with open(path, "w", encoding="utf-8") as handle:
        for _ in range(20_000):
            handle.write(row + "\n")
    assert path.stat().st_size > 20_000_000
    dataset = Dataset(path)
    tracemalloc.start()
    try:
        count = sum(len(r.spans) for r in dataset.records())
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert count == 20_000
    assert peak < 2_000_000, peak


@pytest.mark.realdata
def test_wrong_unit_detected_on_a_shuffled_copy(tmp_path):
    source = require_data(DATA / "spans" / "ja_stockmark_ner_wikipedia.spans.jsonl")
    rows = [json.loads(line) for line in source.read_text(encoding="utf-8").splitlines()]
    random.Random(7).shuffle(rows)
    for row in rows:  # the same spans counted in UTF-8 bytes, declared as code points below
        index = TextIndex(row["text"])
        for span in row["spans"]:
            span["start"], span["end"] = (int(x) for x in index.cp_bytes[[span["start"],
                                                                          span["end"]]])
    path = write(tmp_path, "shuffled.jsonl", jsonl(*rows))
    dataset = Dataset(path, unit="cp")
    check = UnitCheck(Unit.CP)
    for record in dataset.records():
        spans_in_cp(record, Unit.CP, check, dataset.stats)
    assert check.wrong_unit() and check.best_other() is Unit.BYTES
    assert "match in UTF-8 bytes" in check.verdict()
    # declared right, the same copy fits
    right = UnitCheck(Unit.BYTES)
    bytes_set = Dataset(path, unit="bytes")
    for record in bytes_set.records():
        spans_in_cp(record, Unit.BYTES, right, bytes_set.stats)
    assert right.verdict() is None and right.fit_declared == 13185


def weibo_lines(words) -> list[str]:
    """Weibo NER's character BIO: each character with its position in its word glued to it
    (``Z10``), a tab, the tag (``B-PER.NAM``)."""
    lines = []
    for word, label in words:
        for i, char in enumerate(word):
            tag = "O" if label is None else ("B-" if i == 0 else "I-") + label
            lines.append(f"{char}{i}\t{tag}")
    return lines


def test_weibo_positions_of_two_digits_are_read_where_the_file_glues_every_position(tmp_path):
    sentence = weibo_lines([("我们", None), ("在", None), ("北京", "GPE.NAM"), ("生活", None)])
    long_word = weibo_lines([("看", None), ("abcdefghijZu", "PER.NAM"), ("。", None)])
    content = "\n".join(sentence * 30) + "\n\n" + "\n".join(long_word) + "\n\n"
    path = write(tmp_path, "weiboNER_2nd_conll.train", content)
    assert "Z10\tI-PER.NAM" in content and "u11\tI-PER.NAM" in content
    dataset = Dataset(path)
    assert dataset.format == "chars" and dataset.glued
    first, second = dataset.records()
    assert first.text == "我们在北京生活" * 30 and len(first.spans) == 30
    assert second.text == "看abcdefghijZu。"
    assert [(s.start, s.end, s.label, s.text) for s in second.spans] == [
        (1, 13, "PER.NAM", "abcdefghijZu")]
    assert dataset.stats.problem_count == 0
    again = dataset.record_at(second.offset, second.line, second.index)
    assert again.text == second.text  # read again the same way (decided for the whole file)


def test_a_bad_line_in_a_glued_file_is_refused_with_its_number(tmp_path):
    good = weibo_lines([("上海", "LOC"), ("很", None), ("大", None)])
    bad = ["Z1\tO", "ZZ10\tO", "u11\tO"]  # two characters before the digits: not one + position
    path = write(tmp_path, "weibo.char", "\n".join(good) + "\n\n" + "\n".join(bad) + "\n\n"
                 + "\n".join(good) + "\n")
    dataset = Dataset(path, "chars")
    records = list(dataset.records())
    assert [r.text for r in records] == ["上海很大", "上海很大"]
    (problem,) = dataset.stats.problems
    assert problem.line == 7 and problem.note.code == "dataset.not_char_position"
    assert problem.message == ("'ZZ10' is not one character followed by its position in the "
                               "word, as the other lines of this file are")


def test_positions_are_not_stripped_where_the_file_does_not_glue_them(tmp_path):
    """One bare character in the file: it does not glue positions, so 'Z10' is no character."""
    path = write(tmp_path, "mixed.char", "上\tB-LOC\n海\tI-LOC\n\nZ10\tO\n")
    dataset = Dataset(path, "chars")
    assert not dataset.glued
    assert [r.text for r in dataset.records()] == ["上海"]
    assert [(p.line, p.note.code) for p in dataset.stats.problems] == [(4, "dataset.not_one_char")]


def test_a_bio_file_of_characters_is_read_as_character_bio(tmp_path):
    """.bio says BIO tags, not whether per word or per character: the content decides."""
    path = write(tmp_path, "weibo.bio", "\n".join(weibo_lines([("北京", "GPE")] * 3)) + "\n")
    assert Dataset(path).format == "chars"
    words = write(tmp_path, "words.bio", "Ann B-PER\nmet O\n")
    assert Dataset(words).format == "conll"


def test_word_segmentation_gold_as_jsonl_words(tmp_path):
    path = write(tmp_path, "seg.jsonl", jsonl(
        {"text": "我们在北京生活", "words": [[0, 2], [2, 3], [3, 5], [5, 7]]},
        {"text": "上海很大", "words": [[0, 2], [2, 3], [3, 4]]}))
    records = list(Dataset(path).records())
    assert [[(s.start, s.end, s.label) for s in r.spans] for r in records] == [
        [(0, 2, "word"), (2, 3, "word"), (3, 5, "word"), (5, 7, "word")],
        [(0, 2, "word"), (2, 3, "word"), (3, 4, "word")]]


def test_spans_under_a_key_the_user_names(tmp_path):
    path = write(tmp_path, "d.jsonl", jsonl(
        {"text": "Ann met Bob", "mentions": [[0, 3], [8, 11, "PER"],
                                              {"start": 4, "end": 7, "label": "V"},
                                              {"start": 4, "end": 7}, "bad"]}))
    (record,) = Dataset(path, spans_key="mentions").records()
    assert [(s.start, s.end, s.label) for s in record.spans] == [
        (0, 3, "mentions"), (8, 11, "PER"), (4, 7, "V"), (4, 7, "mentions")]
    (record,) = Dataset(path).records()  # not looked at unless named
    assert record.spans == []


def test_a_dataset_with_no_span_is_an_error_naming_the_keys(tmp_path):
    path = write(tmp_path, "seg.jsonl", jsonl({"text": "我们在", "segments": [[0, 2], [2, 3]]},
                                              {"text": "上海", "segments": [[0, 2]]}))
    with pytest.raises(DatasetError) as caught:
        audit_dataset(Dataset(path), [("t", open_tokenizer(write_vocab_txt(tmp_path)).runtime)])
    assert caught.value.note.code == "dataset.no_spans"
    assert caught.value.note.args == {"records": 2, "keys": ["text", "segments"]}
    assert "no span in the dataset (records read: 2; their keys: text, segments)" in str(
        caught.value)
    runtime = open_tokenizer(write_vocab_txt(tmp_path)).runtime
    audit = audit_dataset(Dataset(path, spans_key="segments"), [("t", runtime)])
    assert (audit.records, len(audit.spans), audit.labels) == (2, 3, ["segments"])
    with pytest.raises(DatasetError) as caught:
        audit_dataset(Dataset(path, spans_key="words"), [("t", runtime)])
    assert caught.value.note.code == "dataset.spans_key_missing"
    tagged = write(tmp_path, "o.conll", "Ann O\nmet O\n")
    with pytest.raises(DatasetError, match="every tag is O"):
        audit_dataset(Dataset(tagged), [("t", runtime)])
    # spans that are there but all bad are not "no span": each is listed with its line
    bad = Dataset(write(tmp_path, "bad.jsonl", jsonl({"text": "ab", "spans": [[0, 9, "X"]]})))
    assert len(audit_dataset(bad, [("t", runtime)]).spans) == 0
    assert [(p.line, p.note.code) for p in bad.stats.problems] == [(1, "dataset.span_beyond")]
    with pytest.raises(DatasetError) as caught:  # no record at all: the first bad one named
        audit_dataset(Dataset(write(tmp_path, "nojson.jsonl", "{\n")), [("t", runtime)])
    assert caught.value.note.code == "dataset.all_bad" and caught.value.note.args["line"] == 1
