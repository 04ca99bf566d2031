"""Golden samples: lock, verify field by field, the fingerprint, files and bundles."""

from __future__ import annotations

import json

import pytest

from core.bundles.fingerprints import fingerprint
from core.bundles.golden import (GoldenError, lock, read_golden, read_user_samples, samples_for,
                                 verify, write_golden)
from core.bundles.golden_stress import STRESS_SAMPLES
from core.loading import open_tokenizer, save_loaded
from tests.core.diff.conftest import open_spec, small_bpe_spec  # noqa: F401 (fixtures)
from tests.core.diff.variants import with_specials_swapped, without_merge


def test_lock_records_every_field_of_every_sample(small_bpe_spec, open_spec):
    loaded = open_spec(small_bpe_spec)
    golden = lock(loaded.runtime, [("mine", "my own text")])
    names = [s["name"] for s in golden["samples"]]
    assert names[:len(STRESS_SAMPLES)] == [n for n, _ in STRESS_SAMPLES]
    assert {"special <s>", "special </s>", "special <pad>"} <= set(names)
    assert names[-1] == "mine"
    sample = golden["samples"][-1]
    enc = loaded.runtime.encode("my own text")
    assert sample["ids"] == enc.ids.tolist() and sample["pieces"] == list(enc.pieces)
    assert sample["spans"]["bytes"] == [list(map(int, p)) for p in zip(*enc.spans("bytes"))]
    assert set(sample["spans"]) == {"bytes", "cp", "utf16", "grapheme"}
    assert sample["decoded"] == loaded.runtime.decode(enc.ids.tolist())
    assert sample["special_tokens_added"] is True  # the post-processor adds <s>
    assert sample["flags"][0] == ["special", "inserted"]
    assert golden["fingerprint"] == fingerprint(loaded.runtime)
    assert "tokenizers" in golden["runtime_versions"]


def test_verify_passes_on_the_same_tokenizer_and_its_bundle(small_bpe_spec, open_spec, tmp_path):
    loaded = open_spec(small_bpe_spec)
    golden = lock(loaded.runtime)
    bundle = open_tokenizer(save_loaded(loaded, tmp_path / "b.bundle"))
    for runtime in (loaded.runtime, bundle.runtime):
        result = verify(runtime, golden)
        assert result.passed and result.differences == []


def test_removing_one_merge_fails_with_field_level_differences(small_bpe_spec, open_spec):
    old = open_spec(small_bpe_spec)
    golden = lock(old.runtime)
    result = verify(open_spec(without_merge(small_bpe_spec, 0)).runtime, golden)
    assert not result.passed and not result.other_tokenizer  # same vocabulary, other merges
    fields = {d.field for d in result.differences}
    assert {"ids", "pieces", "spans.bytes"} <= fields
    assert set(result.kinds.values()) == {"ids"}
    first = next(d for d in result.differences if d.field == "ids")
    locked = next(s for s in golden["samples"] if s["name"] == first.sample)
    assert first.old == locked["ids"] and first.new != locked["ids"]
    assert result.kind_counts() == {"ids": len(result.kinds)}  # the CLI words the counts


def test_a_golden_file_of_another_tokenizer_is_said_before_any_field(small_bpe_spec, open_spec):
    golden = lock(open_spec(small_bpe_spec).runtime)
    other = open_spec(with_specials_swapped(small_bpe_spec, "<s>", "</s>"))
    result = verify(other.runtime, golden)
    assert result.other_tokenizer and not result.passed
    assert result.locked.vocabulary != result.now.vocabulary  # what tokbench golden says first


def test_spans_only_and_decode_only_are_told_apart():
    from core.bundles.golden import difference_kind

    assert difference_kind({"spans.cp", "spans.utf16"}) == "spans only"
    assert difference_kind({"decoded"}) == "decode only"
    assert difference_kind({"normalized"}) == "normalization only"
    assert difference_kind({"ids", "decoded"}) == "ids"


def test_golden_files_of_other_format_versions_are_refused(tmp_path, small_bpe_spec, open_spec):
    golden = lock(open_spec(small_bpe_spec).runtime)
    path = write_golden(golden, tmp_path / "g.json")
    assert read_golden(path)["samples"] == golden["samples"]
    for version, word in ((0, "older"), (2, "newer")):
        path.write_text(json.dumps({**golden, "format_version": version}))
        with pytest.raises(GoldenError, match=word):
            read_golden(path)
    path.write_text('{"samples": []}')
    with pytest.raises(GoldenError, match="not a golden file"):
        read_golden(path)
    path.write_text("{nope")
    with pytest.raises(GoldenError, match="not valid JSON"):
        read_golden(path)


def test_user_samples_from_json_and_lines(tmp_path):
    (tmp_path / "s.json").write_text(json.dumps(["a", {"name": "b", "text": "bee"}]))
    assert read_user_samples(tmp_path / "s.json") == [("user 1", "a"), ("b", "bee")]
    (tmp_path / "s.txt").write_text("one\ntwo\n")
    assert read_user_samples(tmp_path / "s.txt") == [("user 1", "one"), ("user 2", "two")]
    (tmp_path / "bad.json").write_text(json.dumps([3]))
    with pytest.raises(GoldenError, match="item 1"):
        read_user_samples(tmp_path / "bad.json")


def test_special_literal_samples_are_capped_and_sorted(small_bpe_spec, open_spec):
    names = [n for n, _ in samples_for(open_spec(small_bpe_spec).runtime)]
    assert names[len(STRESS_SAMPLES):] == ["special </s>", "special <pad>", "special <s>"]


def test_the_fingerprint_is_in_describe_and_in_a_saved_manifest(small_bpe_spec, open_spec,
                                                                 tmp_path):
    loaded = open_spec(small_bpe_spec)
    found = fingerprint(loaded.runtime)
    assert loaded.describe()["fingerprint"] == (f"behaviour {found['behaviour']} · vocabulary "
                                                f"{found['vocabulary']}")
    bundle = save_loaded(loaded, tmp_path / "b.bundle")
    assert json.loads((bundle / "manifest.json").read_text())["fingerprint"] == found


def test_a_text_the_runtime_refuses_is_locked_as_its_error(tmp_path):
    """A WordLevel model without an unknown token raises on a word it lacks: lock records the
    error, verify compares it, the diff counts the text as refused."""
    from tokenizers import Tokenizer, models, pre_tokenizers

    from core.diff.behaviour import behaviour_diff
    from core.diff.report import diff_tokenizers

    tok = Tokenizer(models.WordLevel({"a": 0, "b": 1}, unk_token=None))
    tok.pre_tokenizer = pre_tokenizers.Whitespace()
    tok.save(str(tmp_path / "tokenizer.json"))
    loaded = open_tokenizer(tmp_path / "tokenizer.json")
    golden = lock(loaded.runtime, [("ok", "a b")])
    by_name = {s["name"]: s for s in golden["samples"]}
    assert by_name["ok"]["ids"] == [0, 1]
    assert "Missing [UNK]" in by_name["en"]["error"]
    assert verify(loaded.runtime, golden).passed
    assert diff_tokenizers(loaded, loaded).verdict == "identical"
    data = behaviour_diff(loaded.runtime, loaded.runtime, [("x", "a"), ("x", "zzz")]).to_json()
    assert data["texts"] == 1 and data["refused"] == 1
