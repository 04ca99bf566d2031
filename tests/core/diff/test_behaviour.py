"""The behaviour diff: shares, ratios per bucket, ranked examples, streaming a corpus, an empty
corpus, cancel."""

from __future__ import annotations

import pytest

from core.corpus import CorpusSource
from core.diff.behaviour import behaviour_diff, corpus_items
from core.errors import WorkbenchError
from core.progress import Cancelled
from tests.core.diff.variants import with_block_inserted, without_merge

TEXTS = [("en", "the quick brown fox"), ("en", "hello world"), ("zh", "你好 世界")]


def test_a_renumbering_changes_ids_not_token_strings(small_bpe_spec, open_spec):
    old, new = open_spec(small_bpe_spec), open_spec(with_block_inserted(small_bpe_spec, 3))
    data = behaviour_diff(old.runtime, new.runtime, TEXTS).to_json()
    assert data["texts"] == 3 and data["ids_differ"] == 1.0 and data["tokens_differ"] == 0.0
    assert data["token_ratio"] == 1.0 and set(data["per_bucket"]) == {"en", "zh"}
    # renumbered texts are still shown, the one with most IDs changed first
    first = data["examples"][0]
    assert first["score"] == 0 and first["text"] == "the quick brown fox"
    assert [row[2] + 3 for row in first["old"]] == [row[2] for row in first["new"]]


def test_a_removed_merge_changes_segmentation_and_counts(small_bpe_spec, open_spec):
    # the first merge of two ASCII letters (the first ones join bytes of CJK characters)
    merges = [m if isinstance(m, list) else m.split(" ") for m in small_bpe_spec["model"]["merges"]]
    rank, joined = next((r, a + b) for r, (a, b) in enumerate(merges)
                        if (a + b).isascii() and (a + b).isalpha())
    old, new = open_spec(small_bpe_spec), open_spec(without_merge(small_bpe_spec, rank))
    texts = [("en", f"{joined} {joined}"), ("en", "zzz")]
    diff = behaviour_diff(old.runtime, new.runtime, texts)
    old_n = sum(len(old.runtime.encode(t)) for _, t in texts)
    new_n = sum(len(new.runtime.encode(t)) for _, t in texts)
    assert diff.to_json()["token_ratio"] == pytest.approx(new_n / old_n)
    assert diff.total.tokens_differ >= 1
    example = diff.ranked_examples()[0]
    assert example.score > 0 and example.old != example.new


def test_corpus_items_stream_by_bucket_and_refuse_an_empty_corpus(tmp_path):
    (tmp_path / "a.txt").write_text("one\n\ntwo\n")
    (tmp_path / "empty.txt").write_text("\n\n")
    items = list(corpus_items([CorpusSource(tmp_path / "a.txt", lang="en"),
                               CorpusSource(tmp_path / "empty.txt")]))
    assert items == [("en", "one"), ("en", "two")]
    with pytest.raises(WorkbenchError, match="holds no text"):
        list(corpus_items([CorpusSource(tmp_path / "empty.txt")]))


def test_cancel_stops_between_batches(small_bpe_spec, open_spec):
    runtime = open_spec(small_bpe_spec).runtime
    asked = []

    def cancel():
        asked.append(1)
        return len(asked) > 1

    endless = (("en", "hello world") for _ in iter(int, 1))
    with pytest.raises(Cancelled):
        behaviour_diff(runtime, runtime, endless, cancel=cancel)


def test_a_regex_change_is_explained_by_the_regex_not_the_model(small_bpe_spec, open_spec):
    import copy

    new_spec = copy.deepcopy(small_bpe_spec)
    # the new pre-tokenizer splits digits one by one: only the regex changed
    new_spec["pre_tokenizer"] = {"type": "Sequence", "pretokenizers": [
        {"type": "Digits", "individual_digits": True}, small_bpe_spec["pre_tokenizer"]]}
    old, new = open_spec(small_bpe_spec), open_spec(new_spec)
    texts = [("num", "1234 5678"), ("num", "year 2026"), ("en", "hello world")]
    data = behaviour_diff(old.runtime, new.runtime, texts).to_json()
    split = data["pretokenizer"]
    changed = split["checked"]
    assert changed >= 1 and split["hybrid"]
    assert split["explained_by_regex"] == changed and split["explained_by_model"] == 0
    assert split["differ"] == changed


def test_runtimes_of_different_libraries_are_not_combined(small_bpe_spec, open_spec):
    from tests.core.builders import tiktoken_ranks
    from core.formats.tiktoken.runtime import TiktokenRuntime

    hf = open_spec(small_bpe_spec).runtime
    tk = TiktokenRuntime(tiktoken_ranks(), pattern=r"\S+|\s+", special={})
    data = behaviour_diff(hf, tk, [("en", "hello world")]).to_json()
    assert data["pretokenizer"]["hybrid"] is False


def test_aligned_chunks_put_old_tokens_over_new_ones_covering_the_same_bytes():
    from core.diff.aligned import aligned_chunks

    text = "世界!"  # 世 split in two byte tokens on the old side, whole on the new
    old = [[0, 0, 1, "<s>"], [0, 2, 10, "ä¸"], [2, 3, 11, "ĸ"], [3, 6, 12, "界"],
           [6, 7, 13, "!"]]
    new = [[0, 0, 1, "<s>"], [0, 3, 20, "世"], [3, 7, 21, "界!"]]
    chunks = aligned_chunks(text, old, new, max_columns=2)
    columns = [c for chunk in chunks for c in chunk["columns"]]
    assert columns == [[0, 0], [0, 2], [2, 3], [3, 6], [6, 7]]
    # a cut comes once a chunk holds max_columns, where no token of either side continues:
    # not inside 世 (new), so after it
    assert [len(chunk["columns"]) for chunk in chunks] == [3, 2]
    assert chunks[0]["old"] == [[0, 1, 1, "<s>"], [1, 1, 10, "‹e4 b8›"], [2, 1, 11, "‹96›"]]
    assert chunks[0]["new"] == [[0, 1, 1, "<s>"], [1, 2, 20, "世"]]
    assert chunks[1]["old"] == [[0, 1, 12, "界"], [1, 1, 13, "!"]]
    assert chunks[1]["new"] == [[0, 2, 21, "界!"]]


def test_corpus_progress_counts_bytes_of_every_source(tmp_path):
    (tmp_path / "a.txt").write_text("one\ntwo\n")
    (tmp_path / "b.txt").write_text("three\n")
    reports = []
    list(corpus_items([CorpusSource(tmp_path / "a.txt"), CorpusSource(tmp_path / "b.txt")],
                      progress=reports.append))
    assert {r.total for r in reports} == {14}
    assert reports[-1].done == 14 and reports[-1].phase == "comparing"
