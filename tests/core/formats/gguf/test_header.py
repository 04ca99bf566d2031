"""The GGUF header reader: equal to llama.cpp's own reader, header-only, and clear on bad files."""

from __future__ import annotations

import os

import numpy as np
import pytest

from core.errors import FormatError
from core.formats.gguf.header import read_gguf_header
from core.loading import open_tokenizer
from tests.conftest import require_data
from tests.core.gguf_files import GGUF_DATA, shared_reader, write_gguf


@pytest.mark.realdata
def test_header_equals_llama_cpp_reader_on_every_shared_file():
    files = sorted(require_data(GGUF_DATA).glob("*.gguf"))
    assert len(files) >= 6
    for path in files:
        ours = read_gguf_header(path)
        theirs = shared_reader(path)
        keys = [k for k in theirs.fields if not k.startswith("GGUF.")]
        assert list(ours.metadata) == keys, path.name
        for key in keys:
            expected = theirs.fields[key].contents()
            got = ours.metadata[key]
            if isinstance(got, np.ndarray):
                got = got.tolist()
            assert got == expected, (path.name, key)


def _rss_bytes() -> int:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc (Linux)")
def test_model_header_opens_without_reading_the_weights(tmp_path):
    # a 16 GiB declared embedding: the file's data region is a hole on disk
    hidden, rows = 8192, 524_288
    path = write_gguf(tmp_path / "model.gguf", embedding=(hidden, rows))
    assert path.stat().st_size > 16 * 2**30
    assert path.stat().st_blocks * 512 < 2**20  # sparse: nothing of it is on disk
    open_tokenizer(write_gguf(tmp_path / "warm-up.gguf"))  # imports and caches: not the weights
    before = _rss_bytes()
    loaded = open_tokenizer(path)
    grown = _rss_bytes() - before
    # reading even 1% of the weights would map 160 MiB of (zero) pages into this process
    assert grown < 64 * 2**20, f"RSS grew by {grown / 2**20:.0f} MiB"
    header = read_gguf_header(path)
    assert header.header_bytes < 4096
    assert header.embedding_rows == rows
    info = loaded.describe()
    assert info["embedding rows"] == f"{rows:,} (vocabulary + {rows - 5:,}, from token_embd.weight)"
    assert loaded.runtime.model_facts["embedding_rows"] == rows
    assert loaded.runtime.encode("ab ab", add_special_tokens=False).ids.tolist() == [2, 4]


def _bad(path, *needles):
    with pytest.raises(FormatError) as caught:
        open_tokenizer(path)
    message = str(caught.value)
    assert path.name in message
    for needle in needles:
        assert needle in message, message
    return message


def test_unknown_version_is_named(tmp_path):
    data = bytearray(write_gguf(tmp_path / "ok.gguf").read_bytes())
    data[4:8] = (7).to_bytes(4, "little")
    (tmp_path / "v7.gguf").write_bytes(bytes(data))
    _bad(tmp_path / "v7.gguf", "GGUF version 7")


def test_truncated_header_names_the_key(tmp_path):
    data = write_gguf(tmp_path / "ok.gguf").read_bytes()
    cut = data.index(b"tokenizer.ggml.tokens") + 40  # inside the token list
    (tmp_path / "cut.gguf").write_bytes(data[:cut])
    _bad(tmp_path / "cut.gguf", "truncated", "'tokenizer.ggml.tokens'")
    (tmp_path / "tiny.gguf").write_bytes(data[:6])
    _bad(tmp_path / "tiny.gguf", "truncated")


def test_unknown_model_and_pre_tokenizer_are_refused_by_name(tmp_path):
    _bad(write_gguf(tmp_path / "rwkv.gguf", model="rwkv"), "tokenizer.ggml.model", "'rwkv'")
    _bad(write_gguf(tmp_path / "pre.gguf", pre="no-such-pre"), "tokenizer.ggml.pre",
         "'no-such-pre'")


def test_tokens_and_scores_of_different_lengths(tmp_path):
    path = write_gguf(tmp_path / "spm.gguf", model="llama", pre=None, tokens=["<unk>", "a", "b"],
                      scores=[0.0, -1.0], merges=None)
    _bad(path, "tokenizer.ggml.scores has 2 entries but tokenizer.ggml.tokens has 3")


def test_a_gguf_without_tokenizer_says_so(tmp_path):
    import gguf

    path = tmp_path / "bare.gguf"
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    _bad(path, "tokenizer.ggml.model")



def test_an_array_of_the_wrong_type_is_named(tmp_path):
    import gguf

    path = tmp_path / "ints.gguf"
    writer = gguf.GGUFWriter(str(path), "llama")
    writer.add_tokenizer_model("gpt2")
    writer.add_array("tokenizer.ggml.tokens", [1, 2, 3])
    writer.write_header_to_file()
    writer.write_kv_data_to_file()
    writer.write_ti_data_to_file()
    writer.close()
    _bad(path, "tokenizer.ggml.tokens must be an array of strings")



@pytest.mark.realdata
def test_cut_or_corrupted_headers_never_crash(tmp_path):
    """Any cut, with some header bytes changed or not: it opens, or a WorkbenchError says why
    (anything else raised fails the test)."""
    import random

    from core.errors import WorkbenchError
    from tests.conftest import require_data

    data = require_data(GGUF_DATA / "ggml-vocab-phi-3.gguf").read_bytes()
    rng = random.Random(16)
    for number in range(40):
        cut = bytearray(data[:rng.randrange(8, len(data))])
        if number % 2:
            for _ in range(3):
                cut[rng.randrange(8, min(len(cut), 4000))] = rng.randrange(256)
        path = tmp_path / f"cut-{number}.gguf"
        path.write_bytes(bytes(cut))
        try:
            open_tokenizer(path)
        except WorkbenchError as err:
            assert path.name in str(err)
