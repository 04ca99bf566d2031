"""The contract diff and verdict on variants of one tokenizer built in the test: identical to
itself and to its own bundle, append-only after one more merge, breaking with two special tokens
swapped, a constant offset after a block inserted."""

from __future__ import annotations

import pytest

from core.diff.report import diff_tokenizers
from core.loading import open_tokenizer, save_loaded
from core.notes import english
from tests.core.diff.variants import (with_block_inserted, with_one_more_merge,
                                      with_specials_swapped)


def test_a_tokenizer_against_itself_and_its_bundle_is_identical(small_bpe_spec, open_spec,
                                                                 tmp_path):
    old = open_spec(small_bpe_spec)
    bundle = open_tokenizer(save_loaded(old, tmp_path / "b.bundle"))
    for new in (old, open_spec(small_bpe_spec), bundle):
        diff = diff_tokenizers(old, new)
        assert diff.verdict == "identical", diff.reasons
        assert diff.reasons == []
        counts = diff.vocab.counts()
        assert counts.kept_same_id == old.runtime.vocab_size
        assert diff.cost.rows_added == diff.cost.rows_to_initialize == 0
        assert diff.to_json()["offset"] is None


def test_one_more_merge_is_append_only_with_one_row(small_bpe_spec, open_spec):
    spec, piece = with_one_more_merge(small_bpe_spec)
    old, new = open_spec(small_bpe_spec), open_spec(spec)
    diff = diff_tokenizers(old, new, hidden=4096, dtype="bf16")
    assert diff.verdict == "append-only compatible"
    counts = diff.vocab.counts()
    assert counts.added == 1 and counts.removed == counts.kept_new_id == 0
    assert counts.kept_same_id == old.runtime.vocab_size
    assert diff.examples("added") == [{"new_id": old.runtime.vocab_size,
                                       "piece": new.runtime.token_bytes(old.runtime.vocab_size)
                                       .decode()}]
    assert diff.merges.added == 1 and diff.merges.removed == 0
    assert diff.strategy() == "append rows"
    assert diff.cost.rows_added == diff.cost.rows_to_initialize == 1
    assert diff.cost.rows_repurposed == 0
    assert diff.cost.mib_tied == pytest.approx(4096 * 2 / 2 ** 20)
    [added] = [r for r in diff.reasons if r.code == "diff.added_appended"]
    assert added.args == {"n": 1, "first": old.runtime.vocab_size,
                          "last": old.runtime.vocab_size}
    assert english(added) == f"1 piece added (ID {old.runtime.vocab_size:,}, appended past the " \
                             "old ones)"


def test_two_special_tokens_swapped_is_breaking_with_the_ids_named(small_bpe_spec, open_spec):
    old = open_spec(small_bpe_spec)
    new = open_spec(with_specials_swapped(small_bpe_spec, "<s>", "</s>"))
    diff = diff_tokenizers(old, new)
    assert diff.verdict == "breaking"
    assert (diff.reasons[0].code, diff.reasons[0].severity) == ("diff.specials_moved", "error")
    assert english(diff.reasons[0]) == "2 special tokens moved: <s> 0→1, </s> 1→0"
    counts = diff.vocab.counts()
    assert counts.kept_new_id == 2 and counts.id_new_piece == 2
    assert counts.added == counts.removed == 0
    assert diff.strategy() == "row map"
    assert diff.row_map()[:3] == [[0, 1], [1, 0], [2, 2]]
    # <s> is what the post-processor adds: every golden sample now starts with another ID
    assert diff.golden_changed == diff.golden_samples


def test_a_block_inserted_is_a_constant_offset(small_bpe_spec, open_spec):
    old = open_spec(small_bpe_spec)
    new = open_spec(with_block_inserted(small_bpe_spec, 7))
    diff = diff_tokenizers(old, new, hidden=1024, dtype="fp32", tied=False)
    assert diff.verdict == "breaking"
    data = diff.to_json()
    assert data["offset"] == 7 and data["offset_from_id"] == 0
    assert data["strategy"] == "constant offset"
    assert data["vocab"]["kept_new_id"] == old.runtime.vocab_size
    # the matrix grows by the 7 rows; the 7 new pieces sit in IDs the old vocabulary used
    assert data["rows_added"] == data["rows_to_initialize"] == 7
    assert data["migration"]["rows_repurposed"] == 7
    assert data["mib_tied"] == pytest.approx(7 * 1024 * 4 / 2 ** 20)
    assert data["mib_untied"] == pytest.approx(2 * data["mib_tied"])
    assert data["migration"]["tied"] is False and data["migration"]["assumed"] == []


def test_migration_defaults_come_from_config_json(small_bpe_spec, open_spec, tmp_path):
    import json

    new_path = tmp_path / "with-config"
    new = open_spec(with_block_inserted(small_bpe_spec, 3), "with-config")
    (new_path / "config.json").write_text(json.dumps(
        {"hidden_size": 2048, "torch_dtype": "float16", "tie_word_embeddings": False}))
    new = open_tokenizer(new_path / "tokenizer.json")
    diff = diff_tokenizers(open_spec(small_bpe_spec), new)
    assert (diff.cost.hidden, diff.cost.dtype, diff.cost.tied) == (2048, "fp16", False)
    assert diff.cost.assumed == []
    assert diff.with_cost(hidden=4096).mib == pytest.approx(3 * 4096 * 2 * 2 / 2 ** 20)


def test_a_special_tokens_role_is_a_note_and_its_kind_class_a_reason(small_bpe_spec, open_spec):
    import copy

    spec = copy.deepcopy(small_bpe_spec)
    pad = next(t for t in spec["added_tokens"] if t["content"] == "<pad>")
    pad["special"] = False  # <pad> becomes a plain added token: another kind class
    diff = diff_tokenizers(open_spec(small_bpe_spec), open_spec(spec))
    assert diff.verdict == "append-only compatible"
    assert [c.literal for c in diff.specials.changed] == ["<pad>"]
    assert any(english(r).startswith("1 special token changed kind: <pad>")
               for r in diff.reasons)


def test_a_role_given_differently_is_a_note_in_the_singular_or_plural():
    from core.diff.report import _role_notes
    from core.diff.specials import diff_specials
    from core.pipeline.special import SpecialToken as S

    [one] = _role_notes(diff_specials([S("<s>", 1, "control", "bos")], [S("<s>", 1, "control")]))
    assert one.severity == "info" and english(one) == "1 special token with another role: <s> bos → —"
    [two] = _role_notes(diff_specials([S("<s>", 1, "control", "bos"), S("</s>", 2, "control")],
                                      [S("<s>", 1, "control"), S("</s>", 2, "control", "eos")]))
    assert english(two) == "2 special tokens with another role: <s> bos → —, </s> — → eos"


@pytest.mark.parametrize("lowercase", [True, False])
def test_a_file_in_two_formats_is_identical_whatever_defaults_it_spells_out(tmp_path, lowercase):
    """vocab.json + merges.txt against the tokenizer.json they came from, and a vocab.txt against
    its tokenizer.json: the loaders spell unset options differently (null, "", absent), the
    behaviour is the same."""
    import json

    from tests.core import families

    (tmp_path / "json").mkdir()
    (tmp_path / "json" / "tokenizer.json").write_text(json.dumps(families.gpt2_spec()))
    diff = diff_tokenizers(open_tokenizer(tmp_path / "json" / "tokenizer.json"),
                           open_tokenizer(families.write_gpt2_files(tmp_path / "files")))
    assert diff.verdict == "identical", diff.reasons
    (tmp_path / "bert").mkdir()
    (tmp_path / "bert" / "tokenizer.json").write_text(json.dumps(families.bert_spec(lowercase)))
    diff = diff_tokenizers(open_tokenizer(tmp_path / "bert" / "tokenizer.json"), open_tokenizer(
        families.write_vocab_txt(tmp_path / "vocab", lowercase, True)))
    assert diff.verdict == "identical", diff.reasons


def test_a_real_option_change_is_still_a_reason(small_bpe_spec, open_spec):
    import copy

    spec = copy.deepcopy(small_bpe_spec)
    spec["pre_tokenizer"]["add_prefix_space"] = True
    diff = diff_tokenizers(open_spec(small_bpe_spec), open_spec(spec))
    assert diff.verdict == "append-only compatible"
    [part] = [r for r in diff.reasons if r.code == "diff.part_changed"]
    assert part.args == {"part": "pre_tokenizer"} and english(part) == "the pre-tokenizer changed"
    part = next(p for p in diff.parts if p.part == "pre_tokenizer")
    assert '- "add_prefix_space": false,' in part.diff
