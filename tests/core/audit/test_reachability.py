"""Partial and self-unreachable sets equal a direct check with the native library itself
(tiktoken, tokenizers, sentencepiece), on every shared real tokenizer; the SentencePiece choice
(the dummy prefix supplies a piece's leading ``▁``) is tested on its own."""

from __future__ import annotations

import json

import numpy as np
import pytest

from core.audit.reachability import (PARTIAL, REACHABLE, SPECIAL, UNREACHABLE,
                                     adds_prefix_space, self_reachability)
from core.loading import open_tokenizer
from tests.conftest import TOKENIZERS, require_data
from tests.core.builders import tiktoken_runtime

R50K = (r"""'s|'t|'re|'ve|'m|'ll|'d| ?\p{L}+| ?\p{N}+| ?[^\s\p{L}\p{N}]+|\s+(?!\S)|\s+""")


def audit_sets(path, **options) -> tuple[set, set, set]:
    reach = self_reachability(open_tokenizer(path, **options).runtime)
    return (set(reach.ids(PARTIAL)), set(reach.ids(UNREACHABLE)), set(reach.ids(SPECIAL)))


def direct(items, encode) -> tuple[set, set]:
    """``items``: (id, token bytes, text transform); the partial and self-unreachable ids."""
    partial, unreachable = set(), set()
    for token_id, data, strip in items:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            partial.add(token_id)
            continue
        if encode(strip(text)) != [token_id]:
            unreachable.add(token_id)
    return partial, unreachable


@pytest.mark.realdata
def test_gpt2_ranks_equal_tiktoken_directly():
    import tiktoken
    from tiktoken.load import load_tiktoken_bpe

    path = require_data(TOKENIZERS / "gpt2.tiktoken")
    ranks = load_tiktoken_bpe(str(path))
    enc = tiktoken.Encoding("gpt2-direct", pat_str=R50K, mergeable_ranks=ranks,
                            special_tokens={"<|endoftext|>": 50256})
    partial, unreachable = direct(((r, t, str) for t, r in ranks.items()), enc.encode_ordinary)
    got = audit_sets(path, preset="gpt2")
    assert (got[0], got[1], got[2]) == (partial, unreachable, {50256})
    assert len(partial) > 100  # GPT-2 has byte tokens that split characters


def _gpt2_chars() -> dict[str, int]:
    """GPT-2's byte stand-ins, written out again here on purpose (stand-in -> byte)."""
    printable = (list(range(ord("!"), ord("~") + 1)) + list(range(0xA1, 0xAD))
                 + list(range(0xAE, 0x100)))
    chars, extra = {}, 0
    for b in range(256):
        if b in printable:
            chars[chr(b)] = b
        else:
            chars[chr(256 + extra)] = b
            extra += 1
    return chars


GPT2_CHARS = _gpt2_chars()


def gpt2_bytes(piece: str) -> bytes:
    """A byte-level piece's bytes."""
    return bytes(GPT2_CHARS[c] for c in piece)


def _hf_direct(path):
    from tokenizers import Tokenizer

    tk = Tokenizer.from_file(str(path))
    tk.no_padding()
    tk.no_truncation()
    spec = json.loads(path.read_text(encoding="utf-8"))
    special = {t["id"] for t in spec["added_tokens"]}
    model = spec["model"]
    byte_level = "ByteLevel" in json.dumps(spec["pre_tokenizer"])
    if byte_level:
        to_bytes = gpt2_bytes
    else:
        prefix = model.get("continuing_subword_prefix") or ""
        to_bytes = (lambda piece: (piece[len(prefix):] if prefix and piece.startswith(prefix)
                                   else piece).encode())
    items = [(i, to_bytes(p), str) for p, i in tk.get_vocab(with_added_tokens=False).items()
             if i not in special]
    partial, unreachable = direct(items, lambda t: tk.encode(t, add_special_tokens=False).ids)
    return partial, unreachable, special


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["bert-minilm/tokenizer.json", "claude-legacy/tokenizer.json"])
def test_tokenizer_json_equals_tokenizers_directly(name):
    path = require_data(TOKENIZERS / name)
    assert audit_sets(path) == _hf_direct(path)


@pytest.mark.realdata
def test_bert_vocab_txt_gives_the_json_sets():
    """vocab.txt runs the same WordPiece model as tokenizer.json (same ids)."""
    folder = require_data(TOKENIZERS / "bert-minilm")
    assert audit_sets(folder / "vocab.txt") == audit_sets(folder / "tokenizer.json")
    partial, unreachable, _ = audit_sets(folder / "vocab.txt")
    assert 1 in unreachable  # [unused0]: "[", "unused", "##0", "]"


def _spm_direct(path):
    import sentencepiece as spm
    from sentencepiece import sentencepiece_model_pb2 as model_pb2

    sp = spm.SentencePieceProcessor(model_file=str(path))
    proto = model_pb2.ModelProto()
    proto.ParseFromString(path.read_bytes())
    dummy = proto.normalizer_spec.add_dummy_prefix
    special = {i for i in range(sp.get_piece_size())
               if sp.is_control(i) or sp.is_unknown(i)
               or proto.pieces[i].type == model_pb2.ModelProto.SentencePiece.USER_DEFINED}
    items = []
    for i in range(sp.get_piece_size()):
        if i in special:
            continue
        piece = sp.id_to_piece(i)
        data = (bytes([int(piece[3:5], 16)]) if sp.is_byte(i)
                else piece.replace("▁", " ").encode())
        # the choice under test: the dummy prefix supplies a leading "▁"
        items.append((i, data, (lambda t: t[1:] if dummy and t.startswith(" ") else t)))
    partial, unreachable = direct(items, sp.encode)
    return partial, unreachable, special


@pytest.mark.realdata
@pytest.mark.parametrize("name", ["sentencepiece/test_model.model",
                                  "sentencepiece/test_ja_model.model",
                                  "mistral-v3/tokenizer.model"])
def test_sentencepiece_equals_sentencepiece_directly(name):
    path = require_data(TOKENIZERS / name)
    assert audit_sets(path) == _spm_direct(path)


@pytest.mark.realdata
def test_dummy_prefix_supplies_the_leading_space_and_marks_word_internal_pieces():
    """▁When is reachable (its text "When" gets the ▁ from the dummy prefix); "est" alone
    would become "▁est", so it is self-unreachable and marked word-internal."""
    runtime = open_tokenizer(require_data(TOKENIZERS / "sentencepiece/test_model.model")).runtime
    reach = self_reachability(runtime)
    assert reach.prefix_space and adds_prefix_space(runtime)
    when, est = runtime.token_to_id("▁When"), runtime.token_to_id("est")
    assert reach.status[when] == REACHABLE and not reach.word_internal[when]
    assert reach.status[est] == UNREACHABLE and reach.word_internal[est]
    assert runtime.encode("est", add_special_tokens=False).ids.tolist() == reach.encodes_to[est]
    # every word-internal piece is one without the leading space, and only those
    view = runtime.model_view()
    no_space = {i for i in reach.ids(UNREACHABLE) if not view.vocab[i].startswith(b" ")}
    assert set(np.flatnonzero(reach.word_internal).tolist()) == no_space


def test_without_a_dummy_prefix_nothing_is_word_internal():
    runtime = tiktoken_runtime()
    reach = self_reachability(runtime)
    assert not reach.prefix_space and not reach.word_internal.any()
    the = runtime.ranks[b" the"]
    split = runtime.ranks[b"\xe4\xb8"]
    assert reach.status[the] == REACHABLE and reach.status[split] == PARTIAL
    assert reach.status[runtime.special["<|endoftext|>"]] == SPECIAL


def test_a_token_across_a_pre_tokenizer_boundary_is_self_unreachable():
    """A rank-file token "a." spans cl100k's letter/punctuation boundary: its text encodes
    to "a" + "."."""
    from core.formats.tiktoken.runtime import TiktokenRuntime
    from core.formats.tiktoken.presets import CL100K_PATTERN

    ranks = {bytes([b]): b for b in range(256)}
    ranks[b"a."] = 256
    runtime = TiktokenRuntime(ranks, pattern=CL100K_PATTERN, special={})
    reach = self_reachability(runtime)
    assert reach.ids(UNREACHABLE) == [256]
    assert reach.encodes_to[256] == [ord("a"), ord(".")]


def test_the_prefix_space_probe_skips_a_text_the_vocabulary_lacks(tmp_path):
    """A vocabulary without "a" (it maps to the unknown token) is probed with the next text."""
    from tokenizers import Tokenizer, decoders, models, pre_tokenizers

    vocab = {"<unk>": 0, "▁e": 1, "e": 2, "▁": 3}
    tk = Tokenizer(models.WordPiece(vocab, unk_token="<unk>", max_input_chars_per_word=100))
    tk.pre_tokenizer = pre_tokenizers.Metaspace()
    tk.decoder = decoders.Metaspace()
    path = tmp_path / "tokenizer.json"
    tk.save(str(path))
    runtime = open_tokenizer(path).runtime
    assert runtime.encode("a", add_special_tokens=False).ids.tolist() == [0]
    assert adds_prefix_space(runtime)
    reach = self_reachability(runtime)
    assert reach.status[1] == REACHABLE and reach.status[2] == UNREACHABLE
    assert reach.word_internal[2]


@pytest.mark.realdata
def test_metaspace_byte_fallback_tokenizer_json_equals_tokenizers_directly(tmp_path):
    """mistral-v3 converted to a tokenizer.json (Metaspace prepending "▁", BPE with merges and
    byte fallback, as Llama-style files are): the sets equal a direct check with tokenizers."""
    transformers = pytest.importorskip("transformers")
    from tokenizers import Tokenizer

    (tmp_path / "tokenizer.model").symlink_to(
        require_data(TOKENIZERS / "mistral-v3" / "tokenizer.model"))
    converted = transformers.LlamaTokenizer.from_pretrained(str(tmp_path)).backend_tokenizer
    path = tmp_path / "tokenizer.json"
    converted.save(str(path))
    spec = json.loads(path.read_text(encoding="utf-8"))
    assert spec["pre_tokenizer"]["prepend_scheme"] in ("first", "always")  # a dummy prefix
    tk = Tokenizer.from_file(str(path))
    special = {t["id"] for t in spec["added_tokens"]}
    items = []
    for piece, i in tk.get_vocab(with_added_tokens=False).items():
        if i in special:
            continue
        data = (bytes([int(piece[3:5], 16)]) if len(piece) == 6 and piece.startswith("<0x")
                else piece.replace("▁", " ").encode())
        items.append((i, data, lambda t: t[1:] if t.startswith(" ") else t))
    partial, unreachable = direct(items, lambda t: tk.encode(t, add_special_tokens=False).ids)
    assert audit_sets(path) == (partial, unreachable, special)
    assert len(partial) == 128  # the byte pieces 0x80-0xFF


def test_built_tokenizer_json_and_sentencepiece_equal_their_libraries(tmp_path):
    """Without the shared data: the tiny byte-level BPE (tokenizer.json) and SentencePiece BPE
    (byte fallback, dummy prefix) built here, against tokenizers and sentencepiece directly."""
    from tests.core.builders import write_spm, write_tokenizer_json

    json_path = write_tokenizer_json(tmp_path / "json")
    assert audit_sets(json_path) == _hf_direct(json_path)
    spm_path = write_spm(tmp_path / "spm")
    partial, unreachable, special = _spm_direct(spm_path)
    assert audit_sets(spm_path) == (partial, unreachable, special)
    assert partial and unreachable  # byte pieces 0x80-0xFF; word-internal pieces


def test_gpt2_vocab_and_merges_equal_tokenizers_directly(tmp_path):
    """vocab.json + merges.txt, against tokenizers' own ByteLevelBPETokenizer on the files."""
    from tokenizers import ByteLevelBPETokenizer

    from tests.core.builders import write_gpt2

    vocab, merges = write_gpt2(tmp_path)
    tk = ByteLevelBPETokenizer(str(vocab), str(merges))
    special = {t.id for t in open_tokenizer(vocab).runtime.special_tokens()}
    items = [(i, gpt2_bytes(piece), str) for piece, i in json.loads(vocab.read_text()).items()
             if i not in special]
    partial, unreachable = direct(items, lambda t: tk.encode(t, add_special_tokens=False).ids)
    got = audit_sets(vocab)
    assert (got[0], got[1]) == (partial, unreachable)
