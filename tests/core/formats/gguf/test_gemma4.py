"""Gemma 4's GGUF tokenizer (``tokenizer.ggml.model`` ``gemma4``) runs as llama.cpp runs it.

llama.cpp reads ``gemma4`` as a BPE vocabulary with its own pre-tokenizer: spaces become ``▁``,
the text is cut into lines and newline runs, merges run by rank over raw UTF-8 with ``<0xNN>``
byte fallback, a newline run that is a token is taken whole, and BOS is always added. Oracles:
``sentencepiece`` on a real SentencePiece BPE model written as a gemma4 GGUF, transformers'
``GemmaTokenizer`` (the pipeline Gemma ships), and the port of llama.cpp's C++.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core.errors import FormatError
from core.loading import open_tokenizer
from tests.conftest import TOKENIZERS, flores_lines, require_data
from tests.core import llama_cpp_port as port
from tests.core.gguf_files import trained_bpe, write_gguf

SPECIALS = ["<pad>", "<eos>", "<bos>", "<unk>", "<start_of_turn>", "<|tool_response>", "</s>",
            "<|channel>"]
SPECIAL_TYPES = [3, 3, 3, 3, 3, 4, 3, 4]  # the converter writes <|tool_response> user-defined
NEWLINES = ["\n", "\n\n", "\n\n\n", "\n\n\n\n\n"]


def gemma_like(newline_merges: list[tuple[str, str]] = ()):
    """``(tokens, types, merges)``: Gemma's layout (specials, 256 byte tokens, newline runs, a
    trained SentencePiece-style BPE) with the given merges between newlines."""
    trained, merges = trained_bpe(raw=True)
    tokens = SPECIALS + [f"<0x{b:02X}>" for b in range(256)] + NEWLINES
    types = SPECIAL_TYPES + [6] * 256 + [1] * len(NEWLINES)
    tokens += [t for t in trained if t not in tokens]
    types += [1] * (len(tokens) - len(types))
    return tokens, types, list(newline_merges) + merges


def write_gemma4(path: Path, vocab, *, model: str = "gemma4", pre: str | None = None,
                 extra: dict | None = None) -> Path:
    tokens, types, merges = vocab
    keys = {"tokenizer.ggml.bos_token_id": 2, "tokenizer.ggml.eos_token_id": 1,
            "tokenizer.ggml.add_bos_token": True, "tokenizer.ggml.add_space_prefix": False}
    return write_gguf(path, model=model, pre=pre, tokens=tokens, types=types,
                      scores=[0.0] * len(tokens), merges=[f"{a} {b}" for a, b in merges],
                      extra={**keys, **(extra or {})})


def expected(text: str, vocab, *, parse_special: bool = False, bos: bool = True) -> list[int]:
    tokens, types, merges = vocab
    specials = [(i, kind == 3) for i, kind in enumerate(types) if kind in (3, 4)]
    # llama.cpp's load: <|tool_response> ends generation (so it is control) and </s> then does
    # not (so it is normal)
    specials = [(i, True if tokens[i] == "<|tool_response>" else control)
                for i, control in specials if tokens[i] != "</s>"]
    return port.tokenize(text, pre="gemma4", tokens=tokens, merges=merges, specials=specials,
                         add_bos=2 if bos else None, parse_special=parse_special)


TEXTS = ["Hello world, y'all!", "  two  spaces  ", "a\nb\n\nc\n\n\n\nd\n\n\n\n\n\n\ne",
         "\n\n", "tab\there ~ 中文 한국어 é 👍", "<start_of_turn>user\nhi<|tool_response>x</s>",
         "ÿ unknown ☃ chars ⅷ", ""]


@pytest.mark.realdata
def test_a_sentencepiece_bpe_model_as_gemma4_equals_sentencepiece(tmp_path):
    """Mistral v3's SentencePiece BPE written as a gemma4 GGUF (merges ordered by score, as the
    Hugging Face converters write them) segments as sentencepiece does with no dummy prefix."""
    import gguf
    import sentencepiece
    from sentencepiece import sentencepiece_model_pb2 as pb
    from transformers.tokenization_utils_base import generate_merges

    source = require_data(TOKENIZERS / "mistral-v3" / "tokenizer.model")
    proto = pb.ModelProto()
    proto.ParseFromString(source.read_bytes())
    pieces = [p.piece for p in proto.pieces]
    merges = generate_merges({p: i for i, p in enumerate(pieces)},
                             {p.piece: p.score for p in proto.pieces},
                             skip_tokens=[p.piece for p in proto.pieces if p.type != 1])
    writer = gguf.GGUFWriter(str(tmp_path / "g.gguf"), "gemma4")
    writer.add_tokenizer_model("gemma4")
    writer.add_token_list(pieces)
    writer.add_token_scores([p.score for p in proto.pieces])
    writer.add_token_types([int(p.type) for p in proto.pieces])
    writer.add_token_merges([f"{a} {b}" for a, b in merges])
    writer.add_bos_token_id(proto.trainer_spec.bos_id)
    writer.add_eos_token_id(proto.trainer_spec.eos_id)
    writer.add_add_space_prefix(False)
    writer.add_add_bos_token(True)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    runtime = open_tokenizer(tmp_path / "g.gguf").runtime
    # sentencepiece as gemma4 reads the text: no dummy prefix, spaces kept as they are
    proto.normalizer_spec.add_dummy_prefix = False
    proto.normalizer_spec.remove_extra_whitespaces = False
    oracle = sentencepiece.SentencePieceProcessor(model_proto=proto.SerializeToString())
    lines = [line for texts in flores_lines(60).values() for line in texts] + TEXTS
    for line, encoding in zip(lines, runtime.encode_batch(lines, add_special_tokens=False)):
        assert encoding.ids.tolist() == oracle.encode(line), line
    assert runtime.encode("hi").ids.tolist() == [oracle.bos_id()] + oracle.encode("hi")
    assert runtime.decode(oracle.encode(lines[0])) == oracle.decode(oracle.encode(lines[0]))


@pytest.mark.parametrize("newline_merges, plan", [
    ([], "runs cut by the pre-tokenizer"),  # Gemma 4's case: no merge joins newlines
    ([("\n", "\n"), ("\n", "\n\n"), ("\n\n", "\n"), ("\n\n", "\n\n\n"), ("\n\n\n", "\n\n")],
     "the merges build them"),
])
def test_newline_runs_that_are_tokens_are_taken_whole(newline_merges, plan, tmp_path):
    vocab = gemma_like(newline_merges)
    runtime = open_tokenizer(write_gemma4(tmp_path / "g.gguf", vocab)).runtime
    for text in TEXTS:
        for parse in (False, True):
            got = runtime.encode(text, parse_special=parse).ids.tolist()
            assert got == expected(text, vocab, parse_special=parse), (plan, text, parse)
    index = {t: i for i, t in enumerate(vocab[0])}
    ids = runtime.encode("a\n\n\nb\n\n\n\nc", add_special_tokens=False).ids.tolist()
    assert index["\n\n\n"] in ids  # a run of three is a token: whole


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(text=st.text(alphabet="ab é中 \n\n\n\t☃<>_|eosrt", max_size=30),
       parse=st.booleans())
def test_random_texts_give_llama_cpps_ids(text, parse, tmp_path_factory):
    vocab = gemma_like()
    path = tmp_path_factory.getbasetemp() / "gemma-random.gguf"
    if not path.exists():
        write_gemma4(path, vocab)
    runtime = open_tokenizer(path).runtime
    assert runtime.encode(text, parse_special=parse).ids.tolist() == expected(
        text, vocab, parse_special=parse)


def test_gemma_pipeline_of_transformers_agrees_where_newline_runs_do_not_matter(tmp_path):
    """transformers' GemmaTokenizer (spaces as ▁, BPE with byte fallback) is the pipeline Gemma
    ships; without newline runs it segments as llama.cpp's gemma4 does."""
    from transformers.models.gemma.tokenization_gemma import GemmaTokenizer

    vocab = gemma_like()
    tokens, _, merges = vocab
    native = GemmaTokenizer(vocab={t: i for i, t in enumerate(tokens)}, merges=merges)
    runtime = open_tokenizer(write_gemma4(tmp_path / "g.gguf", vocab)).runtime
    for text in ["Hello world, y'all!", "  two  spaces  ", "tab\there ~ 中文 é 👍", "x\ny",
                 "ÿ unknown ☃ chars ⅷ"]:
        assert runtime.encode(text, add_special_tokens=False).ids.tolist() == \
            native.encode(text, add_special_tokens=False), text


def test_merges_that_join_newlines_without_building_the_tokens_are_refused(tmp_path):
    vocab = gemma_like([("\n", "\n")])  # "\n\n\n" is a token; merges make "\n\n" + "\n" of it
    with pytest.raises(FormatError) as caught:
        open_tokenizer(write_gemma4(tmp_path / "g.gguf", vocab))
    assert caught.value.note.code == "gguf.newline_merges"


def test_bos_is_added_whatever_the_file_says_and_needed(tmp_path):
    vocab = gemma_like()
    off = write_gemma4(tmp_path / "off.gguf", vocab,
                       extra={"tokenizer.ggml.add_bos_token": False})
    assert open_tokenizer(off).runtime.encode("hi").ids.tolist()[0] == 2
    tokens, types, merges = vocab
    bare = write_gguf(tmp_path / "bare.gguf", model="gemma4", pre=None, tokens=tokens,
                      types=types, merges=[f"{a} {b}" for a, b in merges])
    with pytest.raises(FormatError) as caught:  # gemma4 has no default BOS ID
        open_tokenizer(bare)
    assert caught.value.note.code == "gguf.add_without_id"


def test_gemma4_pre_tokenizer_names_run_the_same_under_gpt2(tmp_path):
    """llama.cpp forces the gemma4 pre-tokenizer on a gemma4 model whatever the file names,
    and a gpt2 model naming gemma4 or granite-embed-multi-311m runs the same way."""
    vocab = gemma_like()
    runtimes = [open_tokenizer(write_gemma4(tmp_path / f"{i}.gguf", vocab, model=model,
                                            pre=pre)).runtime
                for i, (model, pre) in enumerate([("gemma4", "gpt-2"), ("gpt2", "gemma4"),
                                                  ("gpt2", "granite-embed-multi-311m")])]
    for text in TEXTS:
        first, *others = [r.encode(text).ids.tolist() for r in runtimes]
        assert first == expected(text, vocab)
        assert all(ids == first for ids in others), text
    assert runtimes[0].describe()["tokenizer.ggml.pre"] == "gemma4"


def test_decode_gives_the_text_back(tmp_path):
    runtime = open_tokenizer(write_gemma4(tmp_path / "g.gguf", gemma_like())).runtime
    for text in ["Hello  world\n\nÿ ☃ 中文", "a\tb"]:
        assert runtime.decode(runtime.encode(text, add_special_tokens=False).ids) == text
