"""Format detection from content (never the file name), loading, and errors that name the file."""

from __future__ import annotations

import json
import random
import shutil

import pytest

from core.errors import FormatError, WorkbenchError
from core.formats.detect import detect, detect_bytes, load_tokenizer
from core.notes import english
from tests.core.builders import (FORMAT_NAMES, SAMPLES, built, encode_ids, options_for,  # noqa: F401
                                 rank_file_bytes, spm_model_bytes, write_format, write_gpt2,
                                 write_spm, write_tiktoken, write_tokenizer_json, write_vocab_txt)

# a misleading name for each format's main file
MISLEADING = {"tokenizer.json": "x.bin", "sentencepiece": "foo.txt", "tiktoken": "ranks.json",
              "wordpiece": "words.model", "gpt2-bpe": "encoder.bin"}


def _raises(exc_type, path, *, load=True, **options) -> WorkbenchError:
    with pytest.raises(exc_type) as info:
        if load:
            load_tokenizer(path, **options)
        else:
            detect(path, **options)
    err = info.value
    assert err.path == str(path)
    assert str(path) in str(err)
    return err


# --- detection from content -----------------------------------------------------------------


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_misleading_file_name_is_detected_from_content(kind, built, tmp_path):
    path = write_format(kind, tmp_path, MISLEADING[kind])
    assert path.name == MISLEADING[kind]
    source = detect(path, **options_for(kind))
    assert source.format == kind
    runtime = load_tokenizer(path, **options_for(kind))
    assert runtime.source_format == kind
    reference = load_tokenizer(built[kind], **options_for(kind))
    assert encode_ids(runtime) == encode_ids(reference)
    assert runtime.vocab_size == reference.vocab_size


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_directory_of_each_format_loads(kind, built):
    folder = built[kind].parent
    assert detect(folder, **options_for(kind)).format == kind
    runtime = load_tokenizer(folder, **options_for(kind))
    assert runtime.source_format == kind
    assert encode_ids(runtime) == encode_ids(load_tokenizer(built[kind], **options_for(kind)))
    assert runtime.name == folder.name


def test_directory_with_renamed_tiktoken_and_model_files(tmp_path):
    write_tiktoken(tmp_path / "a", "cl.tiktoken")
    write_spm(tmp_path / "b", "m.model")
    assert detect(tmp_path / "a").format == "tiktoken"
    assert detect(tmp_path / "b").format == "sentencepiece"


def test_merges_txt_opened_directly_finds_vocab_json(tmp_path):
    vocab, merges = write_gpt2(tmp_path)
    source = detect(merges)
    assert source.format == "gpt2-bpe"
    assert source.files["vocab.json"] == vocab and source.files["merges.txt"] == merges
    assert encode_ids(load_tokenizer(merges)) == encode_ids(load_tokenizer(vocab))


def test_vocab_json_holding_the_word_model_is_not_taken_for_tokenizer_json(tmp_path):
    # A byte-level vocab.json whose tokens include "model" (a common English word)
    vocab = {"<|endoftext|>": 0}
    for code in range(33, 127):
        vocab[chr(code)] = len(vocab)
    for word in ("mo", "mod", "mode", "model"):
        vocab[word] = len(vocab)
    (tmp_path / "vocab.json").write_text(json.dumps(vocab), encoding="utf-8")
    (tmp_path / "merges.txt").write_text("#version: 0.2\nm o\nmo d\nmod e\nmode l\n",
                                         encoding="utf-8")
    assert detect(tmp_path / "vocab.json").format == "gpt2-bpe"
    runtime = load_tokenizer(tmp_path / "vocab.json")
    assert runtime.encode("model").ids.tolist() == [vocab["model"]]


def test_tokenizer_json_with_model_beyond_the_sniffed_head(tmp_path):
    spec = json.loads(write_tokenizer_json(tmp_path / "ref").read_text(encoding="utf-8"))
    spec["added_tokens"] += [{"id": 1000 + i, "content": f"<|extra_{i}|>", "single_word": False,
                              "lstrip": False, "rstrip": False, "normalized": False,
                              "special": True} for i in range(200)]
    text = json.dumps(spec)
    assert text.index('"model"') > 4096
    path = tmp_path / "big.dat"
    path.write_text(text, encoding="utf-8")
    assert detect(path).format == "tokenizer.json"
    assert load_tokenizer(path).encode("hello").ids.tolist()


def test_detect_bytes_examples():
    assert detect_bytes(b'{"model": {"type": "BPE"}}') == "tokenizer.json"
    assert detect_bytes(rank_file_bytes()[:4096]) == "tiktoken"
    assert detect_bytes(spm_model_bytes()[:4096]) == "sentencepiece"
    assert detect_bytes(b"PK\x03\x04rest") is None  # a zip: core.loading looks for a bundle
    assert detect_bytes(b"#version: 0.2\na b\n") == "merges"
    assert detect_bytes(b"[PAD]\n[UNK]\nhello\n##ing\n") == "vocab.txt"
    assert detect_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR") is None


# --- bad input --------------------------------------------------------------------------------


def test_random_bytes_are_rejected(tmp_path):
    path = tmp_path / "tokenizer.json"  # the name must not make it one
    rng = random.Random(1)
    path.write_bytes(bytes(rng.randrange(256) for _ in range(3000)))
    err = _raises(FormatError, path)
    assert "not a tokenizer" in err.message


def test_png_is_rejected(tmp_path):
    path = tmp_path / "tokenizer.model"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x10\x00\x00\x00\x10\x08\x06"
                     + bytes(200))
    err = _raises(FormatError, path)
    assert "not a tokenizer" in err.message


def test_plain_english_text_is_rejected(tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("The quick brown fox jumps over the lazy dog.\n"
                    "It was the best of times, it was the worst of times.\n"
                    "Call me Ishmael. Some years ago, never mind how long precisely.\n",
                    encoding="utf-8")
    err = _raises(FormatError, path)
    assert "not a tokenizer" in err.message


def test_empty_file_is_rejected(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_bytes(b"")
    err = _raises(FormatError, path, load=False)
    assert "empty" in err.message


def test_truncated_sentencepiece_model(tmp_path):
    data = spm_model_bytes()
    path = tmp_path / "tokenizer.model"
    path.write_bytes(data[: len(data) // 2])
    assert detect(path).format == "sentencepiece"
    err = _raises(FormatError, path)
    assert "SentencePiece" in err.message or "sentencepiece" in err.message


def test_corrupted_sentencepiece_model(tmp_path):
    data = bytearray(spm_model_bytes())
    third = len(data) // 3
    data[third:third + 64] = b"\xff" * 64  # an unterminated varint mid-message
    path = tmp_path / "tokenizer.model"
    path.write_bytes(bytes(data))
    err = _raises(FormatError, path)
    assert "SentencePiece" in err.message or "sentencepiece" in err.message


def test_tokenizer_json_invalid_json_names_line_and_column(tmp_path):
    good = write_tokenizer_json(tmp_path / "ref").read_text(encoding="utf-8")
    spec = json.loads(good)
    lines = json.dumps(spec, indent=2).splitlines()
    target = next(i for i, ln in enumerate(lines) if '"model"' in ln)
    lines[target] = lines[target].replace('"model":', '"model" ')  # missing colon
    path = tmp_path / "tokenizer.json"
    path.write_text("\n".join(lines), encoding="utf-8")
    err = _raises(FormatError, path)
    assert err.line == target + 1
    assert err.column == lines[target].index("{") + 1  # where the ':' was expected
    assert f"{path}:{err.line}:{err.column}:" in str(err)
    assert "invalid JSON" in err.message


def test_tokenizer_json_unknown_component_type(tmp_path):
    spec = json.loads(write_tokenizer_json(tmp_path / "ref").read_text(encoding="utf-8"))
    spec["normalizer"] = {"type": "Nope"}
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    err = _raises(FormatError, path)
    assert "runtime rejected" in err.message


def test_tokenizer_json_model_not_an_object(tmp_path):
    path = tmp_path / "tokenizer.json"
    path.write_text('{"version": "1.0", "model": 3}', encoding="utf-8")
    err = _raises(FormatError, path)
    assert "model" in err.message


@pytest.mark.parametrize("line_number", [3, 100])
def test_tiktoken_bad_base64_line(tmp_path, line_number):
    lines = rank_file_bytes().splitlines()
    lines[line_number - 1] = b"abc " + str(line_number - 1).encode()  # length 3: not base64
    path = tmp_path / "cl.tiktoken"
    path.write_bytes(b"\n".join(lines) + b"\n")
    err = _raises(FormatError, path)
    assert err.line == line_number
    assert f"{path}:{line_number}:" in str(err)
    assert "base64" in err.message


def test_tiktoken_duplicate_rank(tmp_path):
    lines = rank_file_bytes().splitlines()
    token = lines[200].split()[0]
    lines[200] = token + b" 7"  # rank 7 is already on line 8
    path = tmp_path / "cl.tiktoken"
    path.write_bytes(b"\n".join(lines) + b"\n")
    err = _raises(FormatError, path)
    assert err.line == 201
    assert "duplicate rank 7" in err.message and "line 8" in err.message


def test_tiktoken_duplicate_token_keeps_its_later_rank_as_tiktoken_does(tmp_path):
    from tiktoken.load import load_tiktoken_bpe

    lines = rank_file_bytes().splitlines()
    lines.append(lines[65].split()[0] + b" " + str(len(lines)).encode())
    path = tmp_path / "cl.tiktoken"
    path.write_bytes(b"\n".join(lines) + b"\n")
    runtime = load_tokenizer(path, pattern=options_for("tiktoken")["pattern"], special={})
    assert runtime.ranks == load_tiktoken_bpe(str(path))
    assert runtime.ranks[b"A"] == len(lines) - 1
    assert any(n.code == "tiktoken.token_repeated"
               and f"line {len(lines)}: token b'A' is listed again" in english(n)
               for n in runtime.notes)


def test_merges_without_vocab_json(tmp_path):
    _, merges = write_gpt2(tmp_path)
    (tmp_path / "vocab.json").unlink()
    err = _raises(FormatError, merges)
    assert "vocab.json" in err.message


def test_vocab_json_without_merges_txt(tmp_path):
    vocab, merges = write_gpt2(tmp_path)
    merges.unlink()
    err = _raises(FormatError, vocab)
    assert "merges.txt" in err.message


def test_merges_with_a_bad_line(tmp_path):
    _, merges = write_gpt2(tmp_path)
    lines = merges.read_text(encoding="utf-8").splitlines()
    lines[4] = "a b c"
    merges.write_text("\n".join(lines) + "\n", encoding="utf-8")
    err = _raises(FormatError, merges)
    assert err.path == str(merges) and err.line == 5


def test_vocab_txt_without_unk(tmp_path):
    path = write_vocab_txt(tmp_path, tokens=["[PAD]", "[CLS]", "[SEP]", "hello", "world", "##s"])
    err = _raises(FormatError, path)
    assert "[UNK]" in err.message


def test_missing_path(tmp_path):
    path = tmp_path / "nope" / "tokenizer.json"
    err = _raises(FormatError, path)
    assert "no such file" in err.message


def test_folder_without_a_tokenizer(tmp_path):
    (tmp_path / "readme.md").write_text("hello", encoding="utf-8")
    err = _raises(FormatError, tmp_path)
    assert "holds no tokenizer" in err.message


@pytest.mark.parametrize("name", ["tokenizer.json", "vocab.txt"])
def test_json_without_a_model_named_like_a_tokenizer(tmp_path, name):
    # its own name must not send detection back to itself (it used to recurse forever)
    path = tmp_path / name
    path.write_text('{"version": "1.0", "truncation": null}', encoding="utf-8")
    err = _raises(FormatError, path)
    assert "not a tokenizer" in err.message


def test_json_that_is_not_a_tokenizer(tmp_path):
    path = tmp_path / "data.json"
    path.write_text('{"name": "x", "list": [1, 2]}', encoding="utf-8")
    err = _raises(FormatError, path)
    assert "not a tokenizer" in err.message


def test_broken_sibling_config_is_a_note_not_an_error(tmp_path):
    path = write_tokenizer_json(tmp_path)
    (tmp_path / "tokenizer_config.json").write_text("{oops", encoding="utf-8")
    runtime = load_tokenizer(path)
    assert any(n.code == "config.ignored" and "tokenizer_config.json" in english(n)
               for n in runtime.notes)


def test_copied_folder_keeps_sibling_configs(tmp_path, built):
    folder = tmp_path / "copy"
    shutil.copytree(built["wordpiece"].parent, folder)
    (folder / "tokenizer_config.json").write_text('{"do_lower_case": false}', encoding="utf-8")
    runtime = load_tokenizer(folder)
    assert runtime.notes[-1].code == "wordpiece.cased_config"
