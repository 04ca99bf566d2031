"""GGUF tokenizers give llama.cpp's IDs: every vector of llama.cpp's own test files."""

from __future__ import annotations

import json

import pytest
from tokenizers import Regex, Tokenizer, pre_tokenizers

from core.bundles.bundle import export_native
from core.formats.gguf.tokenizer import PRE_SPLITS
from core.loading import open_tokenizer, save_loaded
from tests.conftest import require_data
from tests.core.gguf_files import GGUF_DATA, vocab_vectors, write_gguf

VOCABS = ["gpt-2", "llama-spm", "bert-bge", "phi-3", "deepseek-coder", "starcoder"]


def _shared_vocab_files():
    return sorted(require_data(GGUF_DATA).glob("*.gguf"))


@pytest.mark.realdata
def test_the_shared_folder_holds_the_files_the_issue_names():
    names = {p.name for p in _shared_vocab_files()}
    assert {f"ggml-vocab-{v}.gguf" for v in VOCABS} <= names


@pytest.mark.realdata
def test_every_vector_of_every_shared_vocab_file_is_exact():
    failures = []
    checked = 0
    for path in _shared_vocab_files():  # every file there, not only the six named
        runtime = open_tokenizer(path).runtime
        for text, expected in vocab_vectors(path):
            got = runtime.encode(text, add_special_tokens=False).ids.tolist()
            checked += 1
            if got != expected:
                failures.append((path.name, text, expected, got))
    assert checked >= 6 * 40
    assert not failures, failures[:5]


@pytest.mark.realdata
def test_spans_cover_the_text_on_the_vectors():
    """Offsets, not only IDs: the byte spans of the tokens of a byte-level file spell the text."""
    path = require_data(GGUF_DATA / "ggml-vocab-gpt-2.gguf")
    runtime = open_tokenizer(path).runtime
    for text, _ in vocab_vectors(path):
        encoding = runtime.encode(text, add_special_tokens=False)
        data = text.encode("utf-8")
        spans = list(zip(encoding.byte_starts.tolist(), encoding.byte_ends.tolist()))
        assert [data[s:e] for s, e in spans] == list(encoding.token_bytes)
        assert b"".join(data[s:e] for s, e in spans) == data


@pytest.mark.realdata
def test_add_special_tokens_follows_the_file():
    spm = open_tokenizer(require_data(GGUF_DATA / "ggml-vocab-llama-spm.gguf")).runtime
    assert spm.encode("Hello").ids.tolist()[0] == 1  # add_bos_token true: <s>
    bert = open_tokenizer(GGUF_DATA / "ggml-vocab-bert-bge.gguf").runtime
    ids = bert.encode("hello").ids.tolist()
    assert (ids[0], ids[-1]) == (101, 102)  # [CLS] ... [SEP], as llama.cpp's add_sep
    gpt2 = open_tokenizer(GGUF_DATA / "ggml-vocab-gpt-2.gguf").runtime
    assert gpt2.encode("Hello").ids.tolist() == [15496]  # no add_bos_token key: none for gpt-2


@pytest.mark.realdata
def test_chat_template_and_roles_come_from_the_metadata():
    loaded = open_tokenizer(require_data(GGUF_DATA / "ggml-vocab-phi-3.gguf"))
    assert loaded.configs.chat_template.startswith("{{ bos_token }}")
    assert loaded.configs.tokenizer_config["eos_token"] == "<|endoftext|>"
    from core.chat.sources import templates_of

    assert templates_of(loaded.configs) == loaded.configs.chat_template
    info = loaded.describe()
    assert info["architecture"] == "phi3" and info["context length"] == "4,096"
    assert "from the GGUF metadata" in info["configs"]


@pytest.mark.realdata
def test_bundle_and_tokenizer_json_export_keep_the_ids(tmp_path):
    path = require_data(GGUF_DATA / "ggml-vocab-deepseek-coder.gguf")
    loaded = open_tokenizer(path)
    bundle = save_loaded(loaded, tmp_path / "bundle")
    manifest = json.loads((bundle / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["source_format"] == "tokenizer.json"
    assert manifest["converted_from"]["format"] == "gguf"
    assert manifest["converted_from"]["model"]["architecture"] == "llama"
    assert manifest["converted_from"]["model"]["embedding_rows_from"] == "llama.vocab_size"
    assert manifest["model_binding"]["embedding_rows"] == 32256  # llama.vocab_size, no tensors
    reopened = open_tokenizer(bundle)
    assert reopened.describe()["converted from"] == "ggml-vocab-deepseek-coder.gguf (gguf)"
    exported = export_native(bundle, tmp_path / "out")
    native = Tokenizer.from_file(str(tmp_path / "out" / "tokenizer.json"))
    for text, expected in vocab_vectors(path):
        assert reopened.runtime.encode(text, add_special_tokens=False).ids.tolist() == expected
        assert native.encode(text, add_special_tokens=False).ids == expected
    assert {p.name for p in exported} >= {"tokenizer.json", "tokenizer_config.json"}


@pytest.mark.parametrize("pre", sorted(PRE_SPLITS))
def test_every_known_pre_tokenizer_regex_runs_on_the_native_library(pre):
    splits = [pre_tokenizers.Split(Regex(regex), behavior="isolated") for regex in PRE_SPLITS[pre]]
    pieces = pre_tokenizers.Sequence(splits).pre_tokenize_str("Hello, y'all! 12345 世界\n  x")
    assert "".join(p for p, _ in pieces) == "Hello, y'all! 12345 世界\n  x"


def test_user_defined_tokens_are_always_whole_control_only_when_parsed(tmp_path):
    tokens = ["<unk>", "<s>", "</s>", "<ctl>", "<ud>", "▁", "a", "<", ">", "c", "t", "l", "u", "d",
              "▁a"]
    types = [2, 3, 3, 3, 4] + [1] * 10
    scores = [0.0] * 5 + [-float(i) for i in range(1, 11)]
    path = write_gguf(tmp_path / "spm.gguf", model="llama", pre=None, tokens=tokens, types=types,
                      scores=scores, merges=None)
    runtime = open_tokenizer(path).runtime
    plain = runtime.encode("a<ud>a<ctl>", add_special_tokens=False).ids.tolist()
    # <ud> whole, a space prefix after it (llama.cpp: after every special fragment); <ctl> in pieces
    assert plain == [14, 4, 14, 7, 9, 10, 11, 8]
    parsed = runtime.encode("a<ctl>", add_special_tokens=False, parse_special=True).ids.tolist()
    assert parsed == [14, 3]


def test_byte_level_user_defined_tokens_decode_as_their_own_text(tmp_path):
    """llama.cpp's token_to_piece copies a user-defined or control token's text as it is and maps
    only normal tokens' byte-level characters back to bytes: "õ" (0xF5 in the byte alphabet) as a
    user-defined token decodes to "õ", as a normal one to the lone byte 0xF5 (U+FFFD)."""
    tokens = ["a", "b", "ab", "Ġ", "Ġab", "õ", "<|ctl|>"]
    path = write_gguf(tmp_path / "bpe.gguf", tokens=tokens, types=[1, 1, 1, 1, 1, 4, 3])
    runtime = open_tokenizer(path).runtime
    ids = runtime.encode("aõb", add_special_tokens=False).ids.tolist()
    assert ids == [0, 5, 1] and runtime.decode(ids) == "aõb"  # the round trip holds
    assert runtime.decode([6, 4]) == "<|ctl|> ab"
    normal = open_tokenizer(write_gguf(tmp_path / "normal.gguf", tokens=tokens,
                                       types=[1] * 7)).runtime
    assert normal.decode([5]) == "\ufffd"  # the byte 0xF5 alone is no UTF-8


@pytest.mark.realdata
def test_user_defined_tokens_of_a_shared_file_decode_as_llama_cpp_does():
    """deepseek-coder's user-defined tokens 32000-32012 are Latin-1 letters: each decodes to its
    own text, and a text holding them round-trips."""
    from tests.core.gguf_files import shared_reader

    path = require_data(GGUF_DATA / "ggml-vocab-deepseek-coder.gguf")
    reader = shared_reader(path)
    field, kinds = reader.fields["tokenizer.ggml.tokens"], reader.fields["tokenizer.ggml.token_type"]
    texts = [bytes(field.parts[i]).decode("utf-8") for i in field.data]
    ids = [n for n, part in enumerate(kinds.data) if int(kinds.parts[part][0]) == 4]
    runtime = open_tokenizer(path).runtime
    assert len(ids) > 200
    assert [runtime.decode([i]) for i in ids] == [texts[i] for i in ids]
    text = "x = 'õ÷Á' + <|User|>"
    assert runtime.decode(runtime.encode(text, add_special_tokens=False).ids.tolist()) == text


@pytest.mark.realdata
@pytest.mark.parametrize("model, language", [("test_model", "eng_Latn"),
                                             ("test_ja_model", "jpn_Jpan")])
def test_a_t5_unigram_vocabulary_equals_sentencepiece(tmp_path, model, language):
    """No llama.cpp vector file for ``t5`` is shared: a SentencePiece Unigram model written as a
    t5 GGUF must segment as sentencepiece does (llama.cpp's UGM follows its Viterbi), unknown
    characters included."""
    import sentencepiece

    from tests.conftest import TOKENIZERS, flores_lines
    from tests.core.gguf_files import sentencepiece_as_gguf

    source = require_data(TOKENIZERS / "sentencepiece" / f"{model}.model")
    runtime = open_tokenizer(sentencepiece_as_gguf(source, tmp_path / "t5.gguf")).runtime
    oracle = sentencepiece.SentencePieceProcessor(model_file=str(source))
    lines = flores_lines()[language] + ["  two  spaces  ", "", "tab\there", "Ｆｕｌｌ ① ½"]
    for line, encoding in zip(lines, runtime.encode_batch(lines, add_special_tokens=False)):
        assert encoding.ids.tolist() == oracle.encode(line), line
    assert runtime.encode("hi").ids.tolist()[-1] == oracle.eos_id()  # t5 adds EOS
    assert runtime.vocab_size == oracle.get_piece_size()  # control tokens keep their IDs
    eos = oracle.id_to_piece(oracle.eos_id())
    assert runtime.encode(f"a{eos}", add_special_tokens=False,
                          parse_special=True).ids.tolist()[-1] == oracle.eos_id()
    text = lines[0]
    assert runtime.decode(runtime.encode(text, add_special_tokens=False).ids) == oracle.decode(
        oracle.encode(text))


def test_deepseek_v3_symbols_leave_out_the_tilde_as_llama_cpp_does():
    """llama.cpp's collapsed \\p{S} has no "~": " ~~" is a space, then "~~" left unmatched."""
    splits = [pre_tokenizers.Split(Regex(r), behavior="isolated") for r in PRE_SPLITS["deepseek-v3"]]
    pieces = [p for p, _ in pre_tokenizers.Sequence(splits).pre_tokenize_str("a ~~ b ++")]
    assert pieces == ["a", " ", "~~", " b", " ++"]


def test_notes_say_what_llama_cpp_does_that_the_file_does_not(tmp_path):
    tokens = ["a", "b", "ab", "Ġ", "Ġab", "<|im_end|>"]
    path = write_gguf(tmp_path / "m.gguf", pre=None, tokens=tokens, embedding=(4, 5))
    runtime = open_tokenizer(path).runtime
    codes = {n.code: n.args for n in runtime.notes}
    assert set(codes) == {"gguf.pre_default", "gguf.marked_control", "gguf.embedding_short"}
    assert codes["gguf.marked_control"]["tokens"] == ["<|im_end|>"]
    assert (codes["gguf.embedding_short"]["rows"], codes["gguf.embedding_short"]["vocabulary"]) \
        == (5, 6)
    # typed normal in the file, control for llama.cpp: plain text unless special tokens are parsed
    assert runtime.encode("<|im_end|>", add_special_tokens=False).ids.tolist() != [5]
    assert runtime.encode("<|im_end|>", add_special_tokens=False,
                          parse_special=True).ids.tolist() == [5]


def test_special_token_roles_come_from_the_metadata_keys(tmp_path):
    from core.pipeline.special import special_registry

    tokens = ["a", "b", "ab", "Ġ", "Ġab", "<|eot|>", "<|fim_prefix|>"]
    path = write_gguf(tmp_path / "m.gguf", tokens=tokens, types=[1] * 5 + [3, 3],
                      extra={"tokenizer.ggml.eot_token_id": 5, "tokenizer.ggml.fim_pre_token_id": 6,
                             "tokenizer.ggml.eos_token_id": 5})
    entries = {e.token.content: e for e in special_registry(open_tokenizer(path)).entries}
    eot = entries["<|eot|>"]
    assert (eot.token.role, eot.role_source) == ("eos", "tokenizer.ggml.eos_token_id")
    assert ("end of turn", "tokenizer.ggml.eot_token_id") in eot.roles
    assert entries["<|fim_prefix|>"].role_source == "tokenizer.ggml.fim_pre_token_id"


def test_llama_cpp_load_time_token_fixes(tmp_path):
    from core.formats.gguf.header import read_gguf_header
    from core.formats.gguf.tokenizer import CONTROL, NORMAL, USER_DEFINED, read_vocab, token_attributes

    tokens = ["a", "b", "ab", "Ġ", "Ġab", "<|return|>", "<|call|>", "<|end|>", "<|channel|>",
              "<PRE>", "<MID>"]
    path = write_gguf(tmp_path / "m.gguf", tokens=tokens,
                      extra={"tokenizer.ggml.fim_pre_token_id": 0})
    types, _, _ = token_attributes(read_vocab(read_gguf_header(path)))
    kinds = dict(zip(tokens, types.tolist()))
    assert kinds["<|return|>"] == kinds["<|call|>"] == CONTROL  # ends of generation
    assert kinds["<|end|>"] == USER_DEFINED  # Harmony: not an end when <|return|> and <|call|> are
    assert kinds["<|channel|>"] == USER_DEFINED  # gpt-oss
    assert kinds["<PRE>"] == NORMAL  # the file sets the FIM prefix ID: llama.cpp looks no further
    assert kinds["<MID>"] == CONTROL  # no FIM middle ID: found by its text
