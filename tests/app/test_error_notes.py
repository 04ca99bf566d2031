"""Errors the core raises carry a note (issue #22 item 2): ``tokbench`` prints the English it
always printed, and the Chinese window says the same error in Chinese, keeping only names (the
user's path and values, file and format names) in Latin letters."""

from __future__ import annotations

import json
import re

import pytest

from app.messages import error_message, error_text
from core.bundles.bundle import import_tokenizer, verify_bundle
from core.bundles.golden import check_golden_format
from core.corpus import Corpus, CorpusSource, expand
from core.chat.conversation import parse_conversation
from core.engines.config import TrainingConfig
from core.errors import WorkbenchError
from core.formats.gguf.header import read_gguf_header
from core.formats.sentencepiece.layout import check_model_layout
from core.loading import open_tokenizer
from core.notes import Note
from core.formats.configs import parse_json_text, read_text
from core.formats.detect import detect
from core.formats.sentencepiece.runtime import parse_model_proto
from core.formats.tiktoken.runtime import parse_rank_file
from core.stream.decode import parse_ids
from core.text.jsonl_texts import jsonl_texts
from core.text.utf8 import decode_utf8
from tests.core.builders import spm_model_bytes, write_format
from tests.core.gguf_files import write_gguf

# names that stay in Latin letters in Chinese (GLOSSARY.md): formats, libraries, encodings
NAMES = {"UTF", "JSON", "HF", "SentencePiece", "tiktoken", "WordPiece", "GPT", "GGUF", "Mistral",
         "BPE", "NUL", "ID", "zip", "BOS", "EOS"}
# a file name or a key: tokenizer.json, .model, vocab_size, core.loading.open_tokenizer
IDENTIFIER = re.compile(r"[\w-]*[._][\w.-]*\w")
QUOTED = re.compile(r"\"[^\"]*\"|'[^']*'")
HEX = re.compile(r"\b0x[0-9a-fA-F]+\b")  # a byte's value, 0xff


def note_values(made) -> list:
    """A note's argument values, each item of a list and the values of a sub-note one by one."""
    values = []
    for value in made.args.values():
        for item in value if isinstance(value, list) else [value]:
            values += note_values(item) if isinstance(item, Note) else [item]
    return values


def english_words(shown: str, error: WorkbenchError) -> list[str]:
    """Latin words left in ``shown`` once the error's own values are taken out: the path, every
    argument of its note (as written and as ``repr``; a list's items and a sub-note's values
    each), quoted keys (``"text"``, ``'replace'``), bytes in hex, identifiers and the names
    above."""
    for value in sorted([error.path or "", *note_values(error.note)], key=lambda v: -len(str(v))):
        for text in (str(value), repr(value)):
            shown = shown.replace(text, " ")
    shown = IDENTIFIER.sub(" ", QUOTED.sub(" ", HEX.sub(" ", shown)))
    return [word for word in re.findall(r"[A-Za-z]{2,}", shown) if word not in NAMES]


def raised(make) -> WorkbenchError:
    with pytest.raises(WorkbenchError) as caught:
        make()
    return caught.value


def corpus_error(path, **options) -> WorkbenchError:
    return raised(lambda: list(Corpus([CorpusSource(path, **options)]).documents()))


def converted_errors(tmp_path) -> dict[str, tuple[WorkbenchError, str]]:
    """One real error of each converted kind, made by the core from a bad file, with the
    English ``str()`` it had before it was a note (the CLI's text, byte for byte)."""
    (tmp_path / "notes.txt").write_text("a note of three words\n", encoding="utf-8")
    (tmp_path / "empty.bin").write_bytes(b"")
    (tmp_path / "bad.json").write_text('{"model": }', encoding="utf-8")
    (tmp_path / "list.json").write_text("[1, 2]", encoding="utf-8")
    (tmp_path / "bad.txt").write_bytes(b"first\nsecond \xff\n")
    (tmp_path / "empty.txt").write_bytes(b"")
    (tmp_path / "image.bin").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    (tmp_path / "rows.jsonl").write_text('{"body": "a"}\n', encoding="utf-8")
    (tmp_path / "rows.csv").write_text("title,body\nx,y\n", encoding="utf-8")
    (tmp_path / "config.json").write_text('{"vocab_sise": 10}', encoding="utf-8")
    (tmp_path / "src").mkdir()
    bundle = import_tokenizer(write_format("tokenizer.json", tmp_path / "src"), tmp_path / "b")
    (bundle / "tokenizer.json").write_bytes((bundle / "tokenizer.json").read_bytes() + b" ")
    p = tmp_path
    more = p / "more"  # not in p, whose detection must find no tokenizer
    more.mkdir()
    data = write_gguf(more / "ok.gguf").read_bytes()
    gguf_cut, gguf_v7 = more / "cut.gguf", more / "v7.gguf"
    gguf_cut.write_bytes(data[:data.index(b"tokenizer.ggml.tokens") + 40])
    gguf_v7.write_bytes(data[:4] + (7).to_bytes(4, "little") + data[8:])
    spm = spm_model_bytes()
    from core.formats.sentencepiece.layout import top_level_fields
    spm_fields, spm_cut = top_level_fields(spm[:100])
    spm_piece = sum(1 for number, _, _ in spm_fields if number == 1) + 1  # the piece cut
    tokenizer_json = write_format("tokenizer.json", more / "hf")
    broken_manifest = more / "broken"
    broken_manifest.mkdir()
    (broken_manifest / "manifest.json").write_text("{oops}", encoding="utf-8")
    (more / "b.zip").write_bytes(b"PK\x03\x04 not a zip")
    return {
        "missing": (raised(lambda: detect(p / "gone.json")), f"{p / 'gone.json'}: no such file or folder"),
        "not a tokenizer": (raised(lambda: detect(p / "notes.txt")),
                            f"{p / 'notes.txt'}: not a tokenizer file; expected a HF tokenizer."
                            "json, a SentencePiece .model, a tiktoken rank file, a WordPiece "
                            "vocab.txt, a GPT-2 vocab.json with merges.txt beside it, a GGUF file, "
                            "a Mistral tekken.json, or a workbench bundle"),
        "empty": (raised(lambda: detect(p / "empty.bin")), None),
        "folder": (raised(lambda: detect(p)), None),
        "invalid JSON": (raised(lambda: parse_json_text(read_text(p / "bad.json"), p / "bad.json")),
                         f"{p / 'bad.json'}:1:11: invalid JSON: a value is expected here"),
        "not an object": (raised(lambda: parse_json_text("[1]", p / "list.json")),
                          f"{p / 'list.json'}: expected a JSON object at the top level"),
        "invalid UTF-8": (raised(lambda: decode_utf8(b"ok\nbad \xff", path="t.txt")),
                          "t.txt:2: invalid UTF-8 at byte 7 of the file (byte 4 of the line: "
                          "0xff)"),
        "invalid UTF-8 in a corpus": (corpus_error(p / "bad.txt"),
                                      f"{p / 'bad.txt'}:2: invalid UTF-8 at byte 13 of the file "
                                      "(byte 7 of the line: 0xff); use the 'replace' policy to "
                                      "keep going"),
        "JSONL line": (raised(lambda: jsonl_texts("[1]\n", "t.jsonl")),
                       't.jsonl:1: expected a JSON string or an object with a "text" string'),
        "empty corpus file": (corpus_error(p / "empty.txt"), f"{p / 'empty.txt'}: the file is empty"),
        "binary": (corpus_error(p / "image.bin"),
                   f"{p / 'image.bin'}: this is a binary file, not text (it contains NUL bytes)"),
        "no match": (raised(lambda: expand(p / "*.nothing")), f"{p / '*.nothing'}: no file matches"),
        "no field": (corpus_error(p / "rows.jsonl", kind="jsonl", field="text"),
                     f"{p / 'rows.jsonl'}:1: no field 'text' in this record"),
        "no column": (corpus_error(p / "rows.csv", kind="csv", column="text"),
                      f"{p / 'rows.csv'}:1: no column 'text' (columns: title, body)"),
        "checksum": (raised(lambda: verify_bundle(bundle)),
                     f"{bundle}: checksum mismatch in tokenizer.json: the file was changed after "
                     "the bundle was saved"),
        "no manifest": (raised(lambda: verify_bundle(p / "src")),
                        f"{p / 'src'}: not a bundle: manifest.json is missing"),
        "not golden": (raised(lambda: check_golden_format({}, p / "g.json")),
                       f'{p / "g.json"}: not a golden file (no "format": "tokbench-golden")'),
        "golden too new": (raised(lambda: check_golden_format(
            {"format": "tokbench-golden", "format_version": 99, "samples": []})), None),
        "config field": (raised(lambda: TrainingConfig.load(p / "config.json")),
                         f"{p / 'config.json'}: config: unknown field 'vocab_sise' (did you mean "
                         "'vocab_size'?)"),
        "config value": (raised(lambda: TrainingConfig(vocab_size=0)),
                         "config: vocab_size must be positive"),
        "config type": (raised(lambda: TrainingConfig.from_json({"seed": "x"})),
                        "config: seed should be int, not str ('x')"),
        "rank repeated": (raised(lambda: parse_rank_file(b"IQ== 0\nIg== 0\n", path="r.tiktoken")),
                          "r.tiktoken:2: duplicate rank 0 (first on line 1)"),
        "rank line": (raised(lambda: parse_rank_file(b"IQ==\n", path="r.tiktoken")),
                      "r.tiktoken:1: expected 'base64-token rank' on every line"),
        "conversation": (raised(lambda: parse_conversation('[{"content": "hi"}]', "c.json")),
                         'c.json: message 0 has no "role" (a string)'),
        "conversation keys": (raised(lambda: parse_conversation('{"msgs": []}', "c.json")),
                              'c.json: unknown key(s) [\'msgs\']: a conversation holds '
                              '"messages", "tools" and "documents"'),
        "token IDs": (raised(lambda: parse_ids('[1, "x"]', "ids.json")),
                      "ids.json: item 1 is not a token ID (an integer): 'x'"),
        "SentencePiece model": (raised(lambda: parse_model_proto(b"", "t.model")),
                                "t.model: not a SentencePiece model: it has no pieces"),
        # the last English sentences core built: GGUF and SentencePiece files cut short (where:
        # a sub-note), options a format does not take (lists of keys), corpus sources
        "GGUF cut in a key": (raised(lambda: read_gguf_header(gguf_cut)), None),
        "GGUF version": (raised(lambda: read_gguf_header(gguf_v7)),
                         f"{gguf_v7}: GGUF version 7 is not one this workbench reads (versions "
                         "2, 3)"),
        "SentencePiece cut": (raised(lambda: check_model_layout(spm[:100], "m.model")),
                              "m.model: truncated: the file ends at byte 100, inside piece "
                              f"{spm_piece} (bytes {spm_cut[1]}–{spm_cut[2]}); a SentencePiece "
                              "model must be copied whole"),
        "options": (raised(lambda: open_tokenizer(tokenizer_json, preset="r50k", add_bos=True)),
                    f"{tokenizer_json}: add BOS, preset apply to SentencePiece models, tiktoken "
                    "rank files; this is tokenizer.json"),
        "source kind": (raised(lambda: CorpusSource(p / "a.txt", kind="xml")),
                        f"{p / 'a.txt'}: unknown source kind 'xml'; use one of lines, "
                        "paragraphs, jsonl, csv, tsv"),
        "sampling weight": (raised(lambda: CorpusSource(p / "a.txt", weight=-1)),
                            f"{p / 'a.txt'}: a sampling weight must be a finite number, 0 or "
                            "more (not -1)"),
        "manifest JSON": (raised(lambda: verify_bundle(broken_manifest)),
                          f"{broken_manifest}:1:2: manifest.json is not valid JSON: a key in "
                          "double quotes is expected here"),
        "zip bundle": (raised(lambda: verify_bundle(more / "b.zip")), None),
    }


def test_converted_errors_carry_a_note_and_keep_their_english(tmp_path):
    errors = converted_errors(tmp_path)
    for kind, (error, english) in errors.items():
        assert error.note is not None, kind
        assert error_text(error) == str(error), kind  # untranslated: the core's English
        if english is not None:
            assert str(error) == english, kind
    cut = errors["GGUF cut in a key"][0]
    assert cut.message.startswith("the GGUF header is truncated while reading key "
                                  "'tokenizer.ggml.tokens' (byte ")
    assert cut.note.args["where"].code == "gguf.in_key"
    config = TrainingConfig.load  # a config file's error keeps its note with the path added
    (tmp_path / "c.json").write_text('{"vocab_size": 0}', encoding="utf-8")
    located = raised(lambda: config(tmp_path / "c.json"))
    assert located.note.code == "training.config_vocab_size" and located.path


def test_a_converted_error_in_the_chinese_window_has_no_english_words_of_ours(qapp, tmp_path):
    from app import i18n

    errors = converted_errors(tmp_path)
    i18n.install_language("zh_CN", qapp)
    try:
        shown = {kind: (error, error_text(error), error_message(error))
                 for kind, (error, _) in errors.items()}
    finally:
        i18n.install_language("en", qapp)
    for kind, (error, text, message) in shown.items():
        assert text != str(error) and text.endswith(message), kind
        assert re.search(r"[\u4e00-\u9fff]", message), (kind, message)
        assert not english_words(message, error), (kind, message)
    assert shown["missing"][1] == f"{tmp_path / 'gone.json'}: 文件或文件夹不存在"
    # a library's own words are quoted after the sentence, a list joined the Chinese way
    said = errors["zip bundle"][0].note.args["said"]
    assert shown["zip bundle"][2] == f"不是可读取的 zip 打包文件。原始报错（英文）：“{said}”"
    assert "（现有列：title、body）" in shown["no column"][2]
    assert shown["invalid JSON"][2] == "无效的 JSON：此处应有一个值"
    assert shown["invalid UTF-8"][1] == "t.txt:2: 文件第 7 个字节处的 UTF-8 无效（该行第 4 个字节：0xff）"


def test_the_english_words_check_sees_english(tmp_path):
    error = raised(lambda: detect(tmp_path / "gone.json"))
    assert english_words("文件 tokenizer.json 不存在", error) == []
    assert english_words("no such file or folder", error) == ["no", "such", "file", "or",
                                                              "folder"]


@pytest.mark.gui
def test_the_chinese_window_words_a_tokenizer_error_and_a_refused_corpus_file(
        chinese, qtbot, window, dialogs, tmp_path):
    (tmp_path / "notes.txt").write_text("a note of three words\n", encoding="utf-8")
    dialogs.expect("warning")
    assert not window.open_path(tmp_path / "notes.txt")
    shown = dialogs.texts("warning")[-1]
    assert shown.startswith(f"{tmp_path / 'notes.txt'}: 不是分词器文件；")
    empty, binary = tmp_path / "empty.txt", tmp_path / "image.bin"
    empty.write_bytes(b"")
    binary.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    window.panes.setCurrentWidget(window.corpus)
    window.corpus.add_paths([empty, binary, tmp_path / "*.nothing"])
    qtbot.waitUntil(lambda: window.corpus.banner.isVisible()
                    and "image.bin" in window.corpus.banner.text(), timeout=10000)
    banner = window.corpus.banner.text()
    assert f"{empty}: 文件为空" in banner
    assert f"{binary}: 这是二进制文件，不是文本（含有 NUL 字节）" in banner
    assert "没有匹配的文件" in banner and "the file is empty" not in banner


def test_a_converted_error_goes_to_json_with_its_note():
    from app.cli_output import error_object

    error = raised(lambda: TrainingConfig.from_json({"vocab_size": 0}))
    found = error_object(error)
    assert found["message"] == "config: vocab_size must be positive"
    assert found["note"] == {"code": "training.config_vocab_size", "severity": "error",
                             "message": found["message"], "args": {}, "span": None}
    assert json.dumps(found)
