"""Seed 000's worked examples, reproduced: ID 418 = 低碳 re-assigned, the four migration steps
(lock the old contract, append rows only, old texts still segment differently, release a bundle
with its golden samples), and 32,000 × 4,096 BF16 ≈ 250 MiB, ×2 untied."""

from __future__ import annotations

import json

import pytest

from core.bundles.bundle import verify_bundle
from core.diff.migration import migration_cost
from core.diff.report import diff_tokenizers
from core.errors import BundleError
from core.bundles.golden import lock, read_golden, verify, write_golden
from core.notes import english
from core.loading import open_tokenizer, save_loaded

CHARS = "低碳模型数据库"


def char_bpe(extra: dict[str, int], merges: list[str]) -> dict:
    """A character BPE: <unk>, the seven characters, fillers up to ID 417, then ``extra``."""
    vocab = {"<unk>": 0, **{c: k + 1 for k, c in enumerate(CHARS)}}
    vocab.update({f"f{k}": k for k in range(len(vocab), 418)})
    vocab.update(extra)
    return {"version": "1.0", "truncation": None, "padding": None, "added_tokens": [
                {"id": 0, "content": "<unk>", "single_word": False, "lstrip": False,
                 "rstrip": False, "normalized": False, "special": True}],
            "normalizer": None, "pre_tokenizer": None, "post_processor": None, "decoder": None,
            "model": {"type": "BPE", "dropout": None, "unk_token": "<unk>",
                      "continuing_subword_prefix": None, "end_of_word_suffix": None,
                      "fuse_unk": False, "byte_fallback": False, "ignore_merges": False,
                      "vocab": vocab, "merges": merges}}


OLD = char_bpe({"低碳": 418, "模型": 419}, ["低 碳", "模 型"])


def test_id_418_now_meaning_another_piece_is_named(open_spec):
    # the new vocabulary gives 418 to 数据库 and moves 低碳: no shape error, meaning misplaced
    new = char_bpe({"数据库": 418, "模型": 419, "低碳": 420, "数据": 421},
                   ["低 碳", "模 型", "数 据", "数据 库"])
    old_tok, new_tok = open_spec(OLD), open_spec(new)
    assert old_tok.runtime.encode("低碳").ids.tolist() == [418]
    diff = diff_tokenizers(old_tok, new_tok)
    assert diff.verdict == "breaking"
    reassigned = {"id": 418, "old_piece": "低碳", "new_piece": "数据库"}
    assert reassigned in diff.examples("id_new_piece")
    assert {"old_id": 418, "new_id": 420, "piece": "低碳"} in diff.examples("kept_new_id")
    assert english(diff.reasons[0]).startswith("1 piece has a new ID")


def test_the_four_migration_steps(open_spec, tmp_path):
    old = open_spec(OLD, "old")
    # 1 · lock the old contract: piece→ID, specials, pipeline, golden encodings
    golden = lock(old.runtime, [("seed 1", "低碳模型"), ("seed 2", "低碳数据")])
    assert [s["ids"] for s in golden["samples"] if s["name"].startswith("seed")] == [
        [418, 419], [418, 5, 6]]
    # 2 · matrix surgery: only append new IDs, never reuse old rows
    new_spec = char_bpe({"低碳": 418, "模型": 419, "数据": 420, "低碳模型": 421},
                        ["低 碳", "模 型", "数 据", "低碳 模型"])
    new = open_spec(new_spec, "new")
    diff = diff_tokenizers(old, new, hidden=4096, dtype="bf16", tied=False)
    assert diff.verdict == "append-only compatible"
    assert diff.vocab.counts().kept_same_id == old.runtime.vocab_size
    assert diff.cost.rows_added == diff.cost.rows_to_initialize == 2
    assert diff.cost.mib == pytest.approx(2 * 2 * 4096 * 2 / 2 ** 20)  # untied: two matrices
    # 3 · even with every old ID kept, new pieces take over old texts: verify says which
    result = verify(new.runtime, golden)
    # the stress set's Chinese sample holds 低碳模型 too; nothing else changed
    assert result.kinds == {"seed 1": "ids", "seed 2": "ids", "zh": "ids"}
    changed = {(d.sample, d.field): (d.old, d.new) for d in result.differences}
    assert changed[("seed 1", "ids")] == ([418, 419], [421])
    assert changed[("seed 2", "ids")] == ([418, 5, 6], [418, 420])
    # 4 · release: the bundle carries its golden samples under its checksums
    bundle = save_loaded(old, tmp_path / "release.bundle")
    write_golden(golden, bundle)
    manifest = verify_bundle(bundle)
    assert "golden.json" in manifest["files"] and manifest["fingerprint"] == golden["fingerprint"]
    assert verify(open_tokenizer(bundle).runtime, read_golden(bundle)).passed
    edited = json.loads((bundle / "golden.json").read_text())
    edited["samples"][0]["ids"] = [1]
    (bundle / "golden.json").write_text(json.dumps(edited))
    with pytest.raises(BundleError, match="checksum mismatch in golden.json"):
        read_golden(bundle)


def test_32000_rows_of_4096_in_bf16_are_250_mib_and_twice_untied():
    cost = migration_cost(32_000, hidden=4096, dtype="bf16", tied=True)
    assert cost.parameters == 131_072_000
    assert cost.mib_tied == 250.0
    assert cost.mib_untied == 500.0
    assert migration_cost(32_000, hidden=4096, dtype="fp32", tied=True).mib_tied == 500.0
