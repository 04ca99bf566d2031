"""The diff on the shared real tokenizers, its counts checked against the native libraries read
directly (tiktoken, tokenizers, sentencepiece), and the pairs the issue names."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from core.diff.migration import BlockOffset
from core.diff.report import diff_tokenizers
from core.bundles.golden import lock, verify
from core.loading import open_tokenizer, save_loaded
from core.notes import english, note
from tests.conftest import REAL_TOKENIZERS, TOKENIZERS, require_data
from tests.core.diff.variants import (with_one_more_merge, with_specials_swapped, without_merge,
                                      write)

pytestmark = pytest.mark.realdata


def _open(rel: str):
    return open_tokenizer(require_data(TOKENIZERS / rel))


def gpt2_byte_decoder() -> dict[str, int]:
    """GPT-2's printable stand-in of each byte, inverted (written here, not taken from core)."""
    keep = [*range(ord("!"), ord("~") + 1), *range(ord("¡"), ord("¬") + 1),
            *range(ord("®"), ord("ÿ") + 1)]
    chars, extra = {}, 0
    for b in range(256):
        if b in keep:
            chars[chr(b)] = b
        else:
            chars[chr(256 + extra)] = b
            extra += 1
    return chars


def native_counts(old: list[bytes], new: list[bytes]) -> dict[str, int]:
    """The vocabulary counts from two id → identity lists, plainly."""
    old_index, new_index = {}, {}
    for i, k in enumerate(old):
        old_index.setdefault(k, i)
    for i, k in enumerate(new):
        new_index.setdefault(k, i)
    both = min(len(old), len(new))
    return {"old_size": len(old), "new_size": len(new),
            "kept_same_id": sum(new_index.get(k) == i for i, k in enumerate(old)),
            "kept_new_id": sum(k in new_index and new_index[k] != i for i, k in enumerate(old)),
            "id_new_piece": sum(old[i] != new[i] for i in range(both)),
            "added": sum(k not in old_index for k in new), "removed": sum(k not in new_index
                                                                          for k in old)}


def tiktoken_gpt2_bytes() -> list[bytes]:
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    ranks = load_tiktoken_bpe(str(require_data(TOKENIZERS / "gpt2.tiktoken")))
    enc = tiktoken.Encoding("gpt2", pat_str=r"\S+", mergeable_ranks=ranks,
                            special_tokens={"<|endoftext|>": 50256})
    return [enc.decode_single_token_bytes(i) for i in range(enc.n_vocab)]


def hf_bytes(rel: str) -> list[bytes]:
    from tokenizers import Tokenizer

    tok = Tokenizer.from_file(str(require_data(TOKENIZERS / rel)))
    decoder = gpt2_byte_decoder()
    special = {t.content for t in tok.get_added_tokens_decoder().values()}
    vocab = tok.get_vocab(with_added_tokens=True)
    out = [b""] * tok.get_vocab_size(with_added_tokens=True)
    for piece, i in vocab.items():
        out[i] = piece.encode() if piece in special else bytes(decoder[c] for c in piece)
    return out


def spm_pieces(rel: str) -> list[bytes]:
    import sentencepiece as spm

    sp = spm.SentencePieceProcessor(model_file=str(require_data(TOKENIZERS / rel)))
    return [sp.id_to_piece(i).encode() for i in range(sp.get_piece_size())]


def _counts(diff) -> dict[str, int]:
    counts = diff.vocab.counts().to_json()
    counts.pop("kind_changed")
    return counts


@pytest.mark.parametrize("name,rel", REAL_TOKENIZERS)
def test_every_shared_tokenizer_is_identical_to_itself_and_its_bundle(name, rel, tmp_path):
    loaded = _open(rel)
    diff = diff_tokenizers(loaded, loaded)
    assert diff.verdict == "identical" and diff.reasons == [], diff.reasons
    bundle = open_tokenizer(save_loaded(loaded, tmp_path / f"{name}.bundle"))
    diff = diff_tokenizers(loaded, bundle)
    assert diff.verdict == "identical", diff.reasons
    # golden samples locked on the file pass on its re-imported bundle
    assert verify(bundle.runtime, lock(loaded.runtime)).passed


def test_bert_json_and_vocab_txt_are_identical_but_the_json_pads():
    diff = diff_tokenizers(_open("bert-minilm/tokenizer.json"), _open("bert-minilm/vocab.txt"))
    assert diff.verdict == "identical", diff.reasons
    assert diff.vocab.counts().kept_same_id == 30522
    assert note("diff.part_changed_no_ids", part="padding_truncation") in diff.notes


def test_gpt2_against_claude_legacy_counts_equal_the_native_libraries():
    diff = diff_tokenizers(_open("gpt2.tiktoken"), _open("claude-legacy/tokenizer.json"))
    assert diff.basis == "bytes"
    assert _counts(diff) == native_counts(tiktoken_gpt2_bytes(),
                                          hf_bytes("claude-legacy/tokenizer.json"))
    assert diff.verdict == "breaking"
    assert diff.specials.removed[0].literal == "<|endoftext|>"
    counts = diff.vocab.counts()
    assert diff.cost.rows_to_initialize == counts.added
    assert diff.cost.rows_added == counts.new_size - counts.old_size
    assert diff.with_cost(hidden=768, dtype="fp32", tied=True).mib_tied == pytest.approx(
        diff.cost.rows_added * 768 * 4 / 2 ** 20)


def test_test_model_against_test_ja_model_compares_piece_text():
    diff = diff_tokenizers(_open("sentencepiece/test_model.model"),
                           _open("sentencepiece/test_ja_model.model"))
    assert diff.basis == "piece text"
    assert _counts(diff) == native_counts(spm_pieces("sentencepiece/test_model.model"),
                                          spm_pieces("sentencepiece/test_ja_model.model"))
    assert diff.verdict == "breaking"
    assert diff.scores.compared


def test_sentencepiece_against_byte_level_compares_bytes_and_says_so():
    diff = diff_tokenizers(_open("sentencepiece/test_model.model"), _open("gpt2.tiktoken"))
    assert diff.basis == "bytes (across families)"
    assert note("diff.across_families", old_family="piece", new_family="byte-level") in diff.notes
    # ▁the is the bytes " the" on both sides
    mapped = diff.vocab.new_id_of_old[_open("sentencepiece/test_model.model").runtime
                                       .token_to_id("▁the")]
    assert tiktoken_gpt2_bytes()[mapped] == b" the"


@pytest.fixture
def claude_spec() -> dict:
    return json.loads(require_data(TOKENIZERS / "claude-legacy/tokenizer.json")
                      .read_text(encoding="utf-8"))


def test_claude_legacy_retrained_one_merge_further_is_append_only(claude_spec, tmp_path):
    old = _open("claude-legacy/tokenizer.json")
    spec, piece = with_one_more_merge(claude_spec)
    new = open_tokenizer(save_loaded(open_tokenizer(write(spec, tmp_path / "new")),
                                     tmp_path / "new.bundle"))
    diff = diff_tokenizers(old, new, hidden=4096, dtype="bf16", tied=False)
    assert diff.verdict == "append-only compatible", diff.reasons
    assert diff.vocab.counts().added == 1 and diff.vocab.counts().kept_same_id == 65000
    assert diff.merges.added == 1
    assert diff.cost.rows_added == diff.cost.rows_to_initialize == 1
    assert diff.cost.mib == pytest.approx(2 * 4096 * 2 / 2 ** 20)


def test_claude_legacy_with_two_specials_swapped_is_breaking(claude_spec, tmp_path):
    old = _open("claude-legacy/tokenizer.json")
    new = open_tokenizer(write(with_specials_swapped(claude_spec, "<EOT>", "<SOS>"),
                               tmp_path / "swapped"))
    diff = diff_tokenizers(old, new)
    assert diff.verdict == "breaking"
    assert english(diff.reasons[0]) == "2 special tokens moved: <EOT> 0→4, <SOS> 4→0"
    assert diff.vocab.counts().kept_new_id == 2


def test_golden_verify_fails_field_by_field_after_one_merge_removed(claude_spec, tmp_path):
    old = _open("claude-legacy/tokenizer.json")
    golden = lock(old.runtime)
    new = open_tokenizer(write(without_merge(claude_spec, 0), tmp_path / "less"))
    result = verify(new.runtime, golden)
    assert not result.passed and not result.other_tokenizer
    assert any(d.field == "ids" for d in result.differences)
    # every recorded difference is real: the native library gives the new IDs
    from tokenizers import Tokenizer

    native = Tokenizer.from_file(str(tmp_path / "less" / "tokenizer.json"))
    for d in result.differences:
        if d.field == "ids":
            text = next(s["text"] for s in golden["samples"] if s["name"] == d.sample)
            assert d.new == native.encode(text).ids


def test_behaviour_diff_on_flores_against_native_encodes():
    from core.diff.behaviour import behaviour_diff
    from tests.conftest import FLORES

    old, new = _open("gpt2.tiktoken"), _open("claude-legacy/tokenizer.json")
    items = []
    for lang in ("eng_Latn", "zho_Hans"):
        lines = require_data(FLORES / f"{lang}.dev").read_text(encoding="utf-8").splitlines()
        items += [(lang, line) for line in lines[:100]]
    diff = behaviour_diff(old.runtime, new.runtime, items)
    import tiktoken
    from tokenizers import Tokenizer

    ranks = {t: i for i, t in enumerate(tiktoken_gpt2_bytes()[:50256])}
    gpt2 = tiktoken.Encoding("gpt2", pat_str=old.runtime.pattern, mergeable_ranks=ranks,
                             special_tokens={})
    claude = Tokenizer.from_file(str(TOKENIZERS / "claude-legacy/tokenizer.json"))
    for lang in ("eng_Latn", "zho_Hans"):
        texts = [t for b, t in items if b == lang]
        old_n = sum(len(gpt2.encode_ordinary(t)) for t in texts)
        new_n = sum(len(e.ids) for e in claude.encode_batch(texts))
        bucket = diff.buckets[lang].to_json()
        assert (bucket["old_tokens"], bucket["new_tokens"]) == (old_n, new_n)
        assert bucket["token_ratio"] == pytest.approx(new_n / old_n)
    assert diff.ranked_examples()[0].score >= diff.ranked_examples()[-1].score
    assert np.isclose(diff.to_json()["ids_differ"], 1.0)


@pytest.fixture
def mistral_without_control_block(tmp_path) -> Path:
    """Mistral v3 with its 768 control tokens [INST] … [REFERENCE_DOC_0] (IDs 3–770) taken out:
    the layout of the v1/v2 models, whose 32,000 pieces v3 kept and shifted by 768."""
    from sentencepiece import sentencepiece_model_pb2 as model_pb2

    proto = model_pb2.ModelProto()
    proto.ParseFromString(require_data(TOKENIZERS / "mistral-v3/tokenizer.model").read_bytes())
    del proto.pieces[3:771]
    path = tmp_path / "v1-like" / "tokenizer.model"
    path.parent.mkdir()
    path.write_bytes(proto.SerializeToString())
    return path


def test_mistral_block_of_control_tokens_is_a_constant_offset(mistral_without_control_block):
    import sentencepiece as spm

    v1 = open_tokenizer(mistral_without_control_block)
    v3 = _open("mistral-v3/tokenizer.model")
    diff = diff_tokenizers(v1, v3, hidden=4096, dtype="bf16", tied=False)
    assert diff.verdict == "breaking"
    assert diff.offset == BlockOffset(768, 3) and diff.strategy() == "constant offset"
    old_pieces = [p.decode() for p in spm_pieces("mistral-v3/tokenizer.model")]
    old_pieces = old_pieces[:3] + old_pieces[771:]
    native = spm.SentencePieceProcessor(model_file=str(mistral_without_control_block))
    assert old_pieces == [native.id_to_piece(i) for i in range(native.get_piece_size())]
    counts = diff.vocab.counts()
    assert counts.kept_new_id == 32000 - 3 and counts.added == 768
    # the matrix grows by 768 rows, and the 768 new pieces take IDs 3–770, which v1 used
    assert diff.cost.rows_added == diff.cost.rows_to_initialize == diff.cost.rows_repurposed \
        == 768
    assert diff.cost.mib_tied == pytest.approx(768 * 4096 * 2 / 2 ** 20)  # 6 MiB
    assert diff.cost.mib == pytest.approx(12.0)
    # and back: the block removed, every later row moved down by 768
    back = diff_tokenizers(v3, v1)
    assert back.offset == BlockOffset(-768, 771)
    assert back.vocab.counts().removed == 768
    assert back.cost.rows_added == back.cost.rows_to_initialize == 0


def test_gpt2_tiktoken_and_its_tokenizer_json_compare_identical(tmp_path):
    """The same tokenizer in two formats: transformers' converter writes GPT-2's rank file as a
    tokenizer.json; byte-level pieces are compared by bytes, so nothing differs."""
    converter = pytest.importorskip("transformers.convert_slow_tokenizer")
    gpt2 = _open("gpt2.tiktoken")
    tok = converter.TikTokenConverter(vocab_file=str(TOKENIZERS / "gpt2.tiktoken"),
                                      pattern=gpt2.runtime.pattern,
                                      extra_special_tokens=["<|endoftext|>"]).converted()
    tok.save(str(tmp_path / "tokenizer.json"))
    as_json = open_tokenizer(tmp_path / "tokenizer.json")
    diff = diff_tokenizers(gpt2, as_json)
    assert diff.basis == "bytes" and diff.verdict == "identical", diff.reasons
    assert diff.vocab.counts().kept_same_id == 50257
    assert [n.code for n in diff.notes] == ["diff.runtimes_differ"]
    from core.bundles.fingerprints import fingerprint

    assert fingerprint(gpt2.runtime) == fingerprint(as_json.runtime)


def test_wordpiece_against_sentencepiece_compares_bytes_and_says_so():
    bert = _open("bert-minilm/vocab.txt")
    diff = diff_tokenizers(bert, _open("sentencepiece/test_model.model"))
    assert diff.basis == "bytes (across families)"
    assert note("diff.across_families", old_family="wordpiece", new_family="piece") in diff.notes
    assert "different families (WordPiece and SentencePiece-style)" in english(diff.notes[0])
