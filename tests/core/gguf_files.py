"""Small GGUF files written with llama.cpp's own writer (the ``gguf`` package), for tests."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from tests.conftest import DATA

GGUF_DATA = DATA / "gguf"


# the shared files that more than one test file parses with llama.cpp's reader (test_header and
# test_fit, test_header and test_tokenizer): kept parsed for the session; a parse holds 80-160 MB,
# so the files one test reads are parsed afresh and freed
REUSED = frozenset({"ggml-vocab-phi-3.gguf", "ggml-vocab-deepseek-coder.gguf"})


def shared_reader(path: Path):
    """llama.cpp's ``GGUFReader`` of a shared file, parsed once per session when several test
    files read it (its parse is the slow part of their oracle: 1.2-3 s of CPU). Tests only
    read it (a read-only memory map)."""
    if path.name in REUSED:
        return _kept_reader(path)
    return _reader(path)


@functools.lru_cache(maxsize=None)
def _kept_reader(path: Path):
    return _reader(path)


def _reader(path: Path):
    """``gguf.GGUFReader`` parsing ``path`` with its own code, over a plain ndarray view of its
    memory map instead of the ``np.memmap`` itself: the reader takes a slice per value (a
    million on a 150k-token vocabulary) and each slice of a memmap runs memmap's Python-level
    ``__array_finalize__``. The same bytes and the same parse; measured 3.5x less CPU (gpt-2's
    file 3.1 -> 0.8 s)."""
    import gguf

    class PlainBufferReader(gguf.GGUFReader):
        @property
        def data(self):
            return self._plain

        @data.setter
        def data(self, mapped):  # GGUFReader.__init__ sets it to np.memmap(path) first thing
            self._plain = mapped.view(np.ndarray)

    return PlainBufferReader(str(path))


def write_gguf(path: Path, *, model: str = "gpt2", pre: str | None = "gpt-2",
               tokens: list[str] | None = None, scores: list[float] | None = None,
               types: list[int] | None = None, merges: list[str] | None = None,
               embedding: tuple[int, int] | None = None, extra: dict | None = None) -> Path:
    """A GGUF file with a tokenizer and, for ``embedding=(hidden, rows)``, a declared f32
    ``token_embd.weight`` whose data region is a hole (a sparse file of that size)."""
    import gguf

    tokens = tokens if tokens is not None else ["a", "b", "ab", "Ġ", "Ġab"]
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_context_length(4096)
    writer.add_tokenizer_model(model)
    if pre is not None:
        writer.add_tokenizer_pre(pre)
    writer.add_token_list(tokens)
    writer.add_token_types(types if types is not None else [1] * len(tokens))
    if scores is not None:
        writer.add_token_scores(scores)
    if merges is None and model == "gpt2":
        merges = ["a b", "Ġ ab"]
    if merges is not None:
        writer.add_token_merges(merges)
    for key, value in (extra or {}).items():
        writer.add_key_value(key, value, _type_of(value))
    nbytes = 0
    if embedding is not None:
        hidden, rows = embedding
        nbytes = hidden * rows * 4
        writer.add_tensor_info("token_embd.weight", (rows, hidden), np.dtype(np.float32), nbytes)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    if nbytes:
        with open(path, "r+b") as handle:
            end = handle.seek(0, 2)
            handle.truncate(end + (-end % 32) + nbytes)  # the data region: a hole, never written
    return path


def _type_of(value):
    import gguf

    if isinstance(value, bool):
        return gguf.GGUFValueType.BOOL
    if isinstance(value, int):
        return gguf.GGUFValueType.UINT32
    if isinstance(value, str):
        return gguf.GGUFValueType.STRING
    raise TypeError(value)


def vocab_vectors(gguf_path: Path) -> list[tuple[str, list[int]]]:
    """llama.cpp's test vectors beside a vocab file: texts of ``.inp`` split as
    ``test-tokenizer-0`` splits them, with the IDs of ``.out`` (no special tokens added)."""
    raw = Path(str(gguf_path) + ".inp").read_bytes().decode("utf-8")
    sep = "\n__ggml_vocab_test__\n"
    texts, pos = [], 0
    while pos < len(raw):
        nxt = raw.find(sep, pos)
        if nxt < 0:
            texts.append(raw[pos:])
            break
        texts.append(raw[pos:nxt])
        pos = nxt + len(sep)
    outs = Path(str(gguf_path) + ".out").read_text(encoding="utf-8").splitlines()
    assert len(texts) == len(outs), gguf_path
    return [(text, [int(t) for t in out.split()]) for text, out in zip(texts, outs)]


def sentencepiece_as_gguf(model_path: Path, out: Path) -> Path:
    """A SentencePiece Unigram model written as a ``t5`` GGUF vocabulary the way llama.cpp's
    converter writes T5's: pieces, scores, piece types, the precompiled charsmap and the
    whitespace options."""
    import gguf
    from sentencepiece import sentencepiece_model_pb2 as pb

    model = pb.ModelProto()
    model.ParseFromString(Path(model_path).read_bytes())
    writer = gguf.GGUFWriter(str(out), "t5")
    writer.add_tokenizer_model("t5")
    writer.add_token_list([p.piece for p in model.pieces])
    writer.add_token_scores([p.score for p in model.pieces])
    writer.add_token_types([int(p.type) for p in model.pieces])
    writer.add_add_space_prefix(model.normalizer_spec.add_dummy_prefix)
    writer.add_remove_extra_whitespaces(model.normalizer_spec.remove_extra_whitespaces)
    writer.add_precompiled_charsmap(model.normalizer_spec.precompiled_charsmap)
    writer.add_unk_token_id(model.trainer_spec.unk_id)
    writer.add_eos_token_id(model.trainer_spec.eos_id)
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    return out


TRAINING_LINES = [
    "Hello world, y'all! The quick brown fox jumps over the lazy dog.",
    "Ünïcödé naïve café — 中文字符 日本語 한국어 12345 678 ١٢٣",
    "def f(x):\n    return x + 1\n\n\nprint(f(2))",
    "I'M DON'T we're they'll  spaces   and\ttabs ~~ a+b=c $5",
] * 3


def trained_bpe(raw: bool) -> tuple[list[str], list[tuple[str, str]]]:
    """``(tokens, merges)`` of a small BPE trained by ``tokenizers`` on :data:`TRAINING_LINES`:
    GPT-2 byte characters (``raw=False``), or raw UTF-8 with ``▁`` for spaces, as Gemma's
    (``raw=True``: the vocabulary has no ``<0xNN>`` tokens yet, nor newline runs)."""
    import json

    from tokenizers import Regex, Tokenizer, models, normalizers, pre_tokenizers, trainers

    tokenizer = Tokenizer(models.BPE())
    if raw:
        tokenizer.normalizer = normalizers.Replace(" ", "▁")
        tokenizer.pre_tokenizer = pre_tokenizers.Split(Regex(r"[^\n]+|\n+"), "isolated")
        alphabet = sorted({c for line in TRAINING_LINES for c in line.replace(" ", "▁")} - {"\n"})
    else:
        tokenizer.pre_tokenizer = pre_tokenizers.ByteLevel(add_prefix_space=False)
        alphabet = pre_tokenizers.ByteLevel.alphabet()
    trainer = trainers.BpeTrainer(vocab_size=400, initial_alphabet=alphabet, show_progress=False)
    tokenizer.train_from_iterator(TRAINING_LINES, trainer)
    model = json.loads(tokenizer.to_str())["model"]
    tokens = sorted(model["vocab"], key=model["vocab"].get)
    merges = [tuple(m) for m in model["merges"] if "\n" not in "".join(m)]
    return [t for t in tokens if "\n" not in t], merges
