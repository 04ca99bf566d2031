"""``tokbench``: inspect (table and stable JSON), import, verify, export, and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.cli import main
from app.main_window import DEMO
from core.formats.detect import load_tokenizer
from tests.conftest import require_data

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
TEXT = "Hello 世界 👨\u200d👩\u200d👧 café"
ENVELOPE = {"tokbench", "version"}  # on every --json output (docs/cli.md)
JSON_KEYS = {"ids", "tokens", "type_ids", "attention_mask", "special_tokens_mask", "sequence_ids",
             "overflow", "truncated", "template", "notes"} | ENVELOPE


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_inspect_json_is_stable_and_exact(capsys):
    code, out, err = run(capsys, "inspect", BPE, TEXT, "--json")
    assert code == 0 and err == ""
    record = json.loads(out)
    assert set(record) == JSON_KEYS
    native = load_tokenizer(BPE).encode(TEXT)
    n = len(native)
    assert (record["type_ids"], record["attention_mask"], record["overflow"],
            record["truncated"]) == ([0] * n, [1] * n, [], [])
    assert record["template"] == {"notation": "$A", "origin": "tokenizer.json",
                                  "description": "adds nothing (tokenizer.json: ByteLevel)",
                                  "applied": True}
    assert record["ids"] == native.ids.tolist()
    data = TEXT.encode()
    for token in record["tokens"]:
        assert set(token) == {"id", "piece", "bytes", "spans", "flags"}
        assert set(token["spans"]) == {"bytes", "cp", "utf16", "grapheme"}
        s, e = token["spans"]["bytes"]
        if "partial" in token["flags"]:
            assert data[s:e].hex() == token["bytes"]
        assert set(token["flags"]) <= {"special", "unk", "byte_fallback", "partial"}


def test_inspect_file_gives_one_json_line_per_text(capsys, tmp_path):
    texts = tmp_path / "texts.txt"
    texts.write_text("one\n二\n\nthree 😀\n", encoding="utf-8")
    code, out, _ = run(capsys, "inspect", UNIGRAM, "--file", texts, "--json")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 4
    empty = json.loads(lines[2])
    # the demo SentencePiece model has a BOS piece: with special tokens it is all an empty text
    # gets (as the model's tokenizer_config would say with add_bos_token, see core.formats.detect)
    assert empty["ids"] == load_tokenizer(UNIGRAM).encode("").ids.tolist() == [1]
    assert (empty["special_tokens_mask"], empty["sequence_ids"]) == ([1], [None])
    assert [n["code"] for n in empty["notes"]] == ["sentencepiece.default_bos"]


def test_inspect_table_names_the_unit(capsys):
    code, out, _ = run(capsys, "inspect", BPE, TEXT, "--unit", "grapheme")
    assert code == 0
    assert "span (grapheme)" in out and "graphemes" in out


def test_no_special_and_parse_special(capsys):
    _, with_special, _ = run(capsys, "inspect", BPE, "a<|endoftext|>", "--json")
    _, parsed, _ = run(capsys, "inspect", BPE, "a<|endoftext|>", "--json", "--parse-special")
    plain = json.loads(with_special)
    special = json.loads(parsed)
    assert not any("special" in t["flags"] for t in plain["tokens"])
    assert any("special" in t["flags"] for t in special["tokens"])


def test_import_verify_export_round_trip(capsys, tmp_path):
    bundle = tmp_path / "b.zip"
    assert run(capsys, "import", UNIGRAM, "-o", bundle)[0] == 0
    code, out, _ = run(capsys, "verify", bundle)
    assert code == 0 and "verified" in out
    code, out, _ = run(capsys, "inspect", bundle, TEXT, "--json")
    assert json.loads(out)["ids"] == load_tokenizer(UNIGRAM).encode(TEXT).ids.tolist()
    assert run(capsys, "export", bundle, "-o", tmp_path / "out")[0] == 0
    assert (tmp_path / "out" / "tokenizer.model").read_bytes() == UNIGRAM.read_bytes()


def test_edited_bundle_fails_verify_naming_the_file(capsys, tmp_path):
    folder = tmp_path / "bundle"
    run(capsys, "import", BPE, "-o", folder)
    (folder / "tokenizer.json").write_text("{}")
    code, _, err = run(capsys, "verify", folder)
    assert code != 0 and "tokenizer.json" in err and "checksum" in err


@pytest.mark.parametrize("argv,needle", [
    (["inspect", "/nonexistent/tok.json", "x"], "no such file"),
    (["inspect", str(DEMO / "sample.txt"), "x"], "not a tokenizer"),
    (["inspect", str(BPE), "x", "--preset", "cl100k"], "tiktoken"),
    (["verify", str(DEMO)], "manifest.json is missing"),
])
def test_errors_are_one_line_without_traceback(capsys, argv, needle):
    code, out, err = run(capsys, *argv)
    assert code != 0
    assert needle in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_invalid_utf8_in_text_file_names_the_line(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\n\xff\xfe\n")
    code, _, err = run(capsys, "inspect", BPE, "--file", bad)
    assert code != 0 and "bad.txt:2" in err and "invalid UTF-8" in err


def test_console_script_runs_headless():
    out = subprocess.run([sys.executable, "-m", "app.cli", "inspect", str(BPE), "hi", "--json"],
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout)["ids"]


def test_train_writes_a_bundle_that_inspects(capsys, tmp_path):
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"algorithm": "bytelevel_bpe", "vocab_size": 400}))
    out = tmp_path / "trained"
    code, stdout, _ = run(capsys, "train", config, "--corpus", DEMO / "corpus.txt", "-o", out)
    assert code == 0 and "wrote bundle" in stdout
    assert run(capsys, "verify", out)[0] == 0
    code, stdout, _ = run(capsys, "inspect", out, "hello", "--json")
    assert code == 0 and json.loads(stdout)["ids"]
    report = json.loads((out / "manifest.json").read_text())["training"]["corpus"]
    assert sum(lang["documents"] for lang in report["languages"].values()) > 100  # after reading


def test_train_config_errors_name_the_field(capsys, tmp_path):
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"algoritm": "bpe"}))
    code, _, err = run(capsys, "train", config, "--corpus", DEMO / "corpus.txt", "-o", tmp_path / "x")
    assert code != 0 and "algoritm" in err and "did you mean 'algorithm'" in err
    assert not (tmp_path / "x").exists()


# --- notes in the JSON form and the table ------------------------------------------------------

def _with_settings(tmp_path, **settings):
    """The demo BPE tokenizer.json with top-level settings (truncation, padding) added."""
    spec = json.loads(BPE.read_text(encoding="utf-8"))
    spec.update(settings)
    path = tmp_path / "tokenizer.json"
    path.write_text(json.dumps(spec), encoding="utf-8")
    return path


def _broken_config(tmp_path):
    path = _with_settings(tmp_path)
    (tmp_path / "tokenizer_config.json").write_text("{oops", encoding="utf-8")
    return path


EOT = "<|endoftext|>"
TRIGGERS = {  # code -> (tokenizer, text, options) on which it must be reported
    "special.kept_as_text": (lambda _: BPE, f"a{EOT}b", []),
    "special.parsed": (lambda _: BPE, f"a{EOT}b", ["--parse-special"]),
    "special.more": (lambda _: BPE, EOT * 4, []),
    "round_trip.differs": (lambda _: UNIGRAM, "a  b", []),
    "hf.truncation_off": (lambda tmp: _with_settings(tmp, truncation={
        "direction": "Right", "max_length": 8, "strategy": "LongestFirst", "stride": 0}), "x", []),
    "hf.padding_off": (lambda tmp: _with_settings(tmp, padding={
        "strategy": {"Fixed": 16}, "direction": "Right", "pad_to_multiple_of": None,
        "pad_id": 0, "pad_type_id": 0, "pad_token": EOT}), "x", []),
    "config.ignored": (_broken_config, "x", []),
}


@pytest.mark.parametrize("code", sorted(TRIGGERS))
def test_json_and_table_report_each_note_on_a_text_that_triggers_it(capsys, tmp_path, code):
    tokenizer, text, options = TRIGGERS[code]
    path = tokenizer(tmp_path)
    status, out, err = run(capsys, "inspect", path, text, "--json", *options)
    assert status == 0 and err == ""
    notes = [n for n in json.loads(out)["notes"] if n["code"] == code]
    assert notes, out
    for n in notes:
        assert set(n) == {"code", "severity", "message", "args", "span"}
        assert n["severity"] in ("info", "warning", "error") and n["message"]
    _, table, _ = run(capsys, "inspect", path, text, *options)
    assert notes[0]["message"] in table  # the table prints the same English


def test_note_spans_point_at_the_literal(capsys):
    _, out, _ = run(capsys, "inspect", BPE, f"ab{EOT}", "--json")
    [literal] = json.loads(out)["notes"]
    assert literal["span"] == [2, 2 + len(EOT)] and literal["args"]["literal"] == EOT


# --- options anywhere -----------------------------------------------------------------------

def test_options_may_follow_positionals_in_every_command(capsys, tmp_path):
    code, out, err = run(capsys, "inspect", BPE, "--json", "hi")
    assert code == 0 and json.loads(out)["ids"], err
    code, out, _ = run(capsys, "inspect", "--unit", "bytes", BPE, "hi", "--no-special")
    assert code == 0 and "span (bytes)" in out
    bundle = tmp_path / "b"
    assert run(capsys, "import", "--name", "demo", UNIGRAM, "-o", bundle)[0] == 0
    assert run(capsys, "verify", bundle)[0] == 0
    assert run(capsys, "export", bundle, "-o", tmp_path / "out")[0] == 0
    assert run(capsys, "export", "-o", tmp_path / "out2", bundle)[0] == 0
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"algorithm": "bytelevel_bpe", "vocab_size": 300}))
    code, out, err = run(capsys, "train", "-o", tmp_path / "t", config, "--policy", "replace",
                         "--corpus", DEMO / "corpus.txt")
    assert code == 0 and "wrote bundle" in out, err


# --- a reader that stops early --------------------------------------------------------------

def test_a_closed_pipe_ends_quietly_with_exit_0(tmp_path):
    lines = tmp_path / "many.txt"
    lines.write_text("Hello world, this is line number one of many.\n" * 3000, encoding="utf-8")
    with subprocess.Popen([sys.executable, "-m", "app.cli", "inspect", str(BPE), "--file",
                           str(lines)], stdout=subprocess.PIPE, stderr=subprocess.PIPE) as writer:
        writer.stdout.readline()
        writer.stdout.close()  # as `| head -1` does
        err = writer.stderr.read().decode()
        code = writer.wait(timeout=120)
    assert code == 0
    assert err == ""


# --- --file in batches --------------------------------------------------------------------

@pytest.mark.parametrize("tokenizer", [BPE, UNIGRAM])
def test_file_output_equals_text_by_text_output(capsys, tmp_path, tokenizer):
    texts = ["Hello 世界", "", "  double  spaces ", f"x{EOT}y", "👨\u200d👩\u200d👧 café\r", "ok"]
    path = tmp_path / "texts.txt"
    path.write_bytes("\n".join(texts).encode() + b"\n")
    for mode in (["--json"], ["--unit", "utf16"]):
        code, batched, _ = run(capsys, "inspect", tokenizer, "--file", path, *mode)
        one_by_one = "".join(run(capsys, "inspect", tokenizer, text.rstrip("\r"), *mode)[1]
                             for text in texts)
        assert code == 0 and batched == one_by_one


def test_file_is_encoded_in_batches(capsys, tmp_path, monkeypatch):
    from core.formats.runtime import Runtime

    calls = []
    original = Runtime.encode_batch
    monkeypatch.setattr(Runtime, "encode_batch",
                        lambda self, texts, **kw: calls.append(len(texts)) or original(self, texts, **kw))
    monkeypatch.setattr(Runtime, "encode", lambda *a, **kw: pytest.fail("encoded one by one"))
    path = tmp_path / "texts.txt"
    path.write_text("one\ntwo\nthree\n", encoding="utf-8")
    assert run(capsys, "inspect", BPE, "--file", path, "--json")[0] == 0
    assert calls == [3]


def test_invalid_utf8_in_a_file_names_the_byte_as_everywhere(capsys, tmp_path):
    bad = tmp_path / "bad.txt"
    bad.write_bytes(b"ok\nab\xff\n")
    code, _, err = run(capsys, "inspect", BPE, "--file", bad)
    assert code == 2
    assert err.strip().endswith("bad.txt:2: invalid UTF-8 at byte 5 of the file "
                                "(byte 2 of the line: 0xff)")


# --- a rank file's own special tokens ---------------------------------------------------------


def _ranks(tmp_path):
    from tests.core.builders import rank_file_bytes, tiktoken_ranks

    path = tmp_path / "qwen3.tiktoken"
    path.write_bytes(rank_file_bytes())
    return path, len(tiktoken_ranks())


def test_special_tokens_option_for_inspect_and_import(capsys, tmp_path):
    from core.loading import open_tokenizer

    path, n = _ranks(tmp_path)
    pairs = f"<|endoftext|>={n},<|im_start|>={n + 1},<think>={n + 7}"
    code, out, err = run(capsys, "inspect", path, "a<think>b", "--preset", "qwen",
                         "--special-tokens", pairs, "--parse-special", "--json")
    assert code == 0, err
    assert n + 7 in json.loads(out)["ids"]
    spec = tmp_path / "special.json"
    spec.write_text(json.dumps([{"content": "<think>", "id": n + 7}]))
    code, out, err = run(capsys, "import", path, "-o", tmp_path / "b.zip", "--preset", "qwen",
                         "--special-tokens", spec)
    assert code == 0, err
    bundle = open_tokenizer(tmp_path / "b.zip")
    assert bundle.runtime.special == {"<think>": n + 7}
    assert bundle.manifest["tokenizer"]["options"]["special"] == {"<think>": n + 7}
    spec.write_text(json.dumps({"<a>": n, "<b>": n + 1}))
    code, out, err = run(capsys, "inspect", path, "<b>", "--special-tokens", spec,
                         "--parse-special", "--json")
    assert code == 0 and json.loads(out)["ids"] == [n + 1]


def test_allowed_special_reads_only_the_literals_named(capsys, tmp_path):
    """``--allowed-special LIT,LIT``: those literals become their IDs, the others stay text and
    every one is flagged; ``all`` is ``--parse-special``; an unknown literal is bad input (1),
    with --parse-special a usage error (2)."""
    path, n = _ranks(tmp_path)
    pairs = f"<|endoftext|>={n},<|im_start|>={n + 1},<|im_end|>={n + 2}"
    text = "<|im_start|>a<|im_end|><|endoftext|>"
    common = ("inspect", path, text, "--pattern", r"\S+|\s+", "--special-tokens", pairs,
              "--json")

    def inspect(*extra):
        code, out, err = run(capsys, *common, *extra)
        assert code == 0, err
        record = json.loads(out)
        return record["ids"], {n["args"]["literal"]: n["code"] for n in record["notes"]
                               if "literal" in n["args"]}

    ids, notes = inspect("--allowed-special", "<|im_start|>,<|im_end|>")
    assert ids[0] == n + 1 and n + 2 in ids and n not in ids
    assert notes == {"<|im_start|>": "special.parsed", "<|im_end|>": "special.parsed",
                     "<|endoftext|>": "special.kept_as_text"}
    assert inspect("--allowed-special", "all") == inspect("--parse-special")
    code, _, err = run(capsys, *common, "--allowed-special", "<|im_stop|>")
    assert code == 2 and "'<|im_stop|>' is not a special token" in err
    code, _, err = run(capsys, *common, "--allowed-special", "all", "--parse-special")
    assert code == 2 and "give one of them" in err
    code, _, err = run(capsys, *common, "--allowed-special", ",")
    assert code == 2 and "separated by commas" in err


@pytest.mark.parametrize("value, needle", [
    ("<a>=5", "special token '<a>' has id 5, which is already a rank"),
    ("<a>=300,<b>=300", "entry 2 (<b>): ID 300 is already <a>"),
    ("<a>=x", "ID 'x' is not a whole number"),
    ("=300", "entry 1: the name is empty"),
    ("<a>", "ID '' is not a whole number"),
])
def test_bad_special_tokens_are_one_line_errors(capsys, tmp_path, value, needle):
    path, _ = _ranks(tmp_path)
    code, _, err = run(capsys, "inspect", path, "x", "--special-tokens", value)
    assert code != 0 and needle in err and len(err.strip().splitlines()) == 1


def test_bad_special_tokens_file_is_named(capsys, tmp_path):
    path, _ = _ranks(tmp_path)
    spec = tmp_path / "special.json"
    spec.write_text('{\n  "<a>": 300,\n}')
    code, _, err = run(capsys, "inspect", path, "x", "--special-tokens", spec)
    assert code != 0 and f"{spec}:3:1: invalid JSON" in err
    spec.write_text('["<a>"]')
    code, _, err = run(capsys, "inspect", path, "x", "--special-tokens", spec)
    assert code != 0 and str(spec) in err and "expected" in err


def test_special_tokens_do_not_apply_to_other_formats(capsys):
    code, _, err = run(capsys, "inspect", BPE, "x", "--special-tokens", "<a>=5")
    assert code != 0 and "special tokens apply to tiktoken rank files" in err


# -- exit codes: a contract (docs/cli.md, "Exit codes and JSON") --------------------------------

def _bundle(capsys, tmp_path):
    folder = tmp_path / "bundle"
    assert run(capsys, "import", BPE, "-o", folder)[0] == 0
    return folder


def _intact_then_edited(capsys, tmp_path):
    folder = _bundle(capsys, tmp_path)
    assert run(capsys, "verify", folder)[0] == 0
    (folder / "tokenizer.json").write_text("{}")
    return folder


@pytest.mark.parametrize("argv,code", [
    (["--help"], 0), (["--frobnicate"], 2), (["frobnicate"], 2),
    (["inspect"], 2), (["inspect", BPE, "x", "--unit", "furlongs"], 2),
    (["inspect", BPE, "hi"], 0), (["inspect", "/nonexistent/tok.json", "x"], 2),
    (["import", BPE], 2), (["import", DEMO / "sample.txt", "-o", "{tmp}/b"], 2),
    (["verify"], 2), (["verify", "{tmp}/nothing-here"], 2), (["verify", DEMO], 2),
    (["export", "{tmp}/nothing-here"], 2), (["export", "{tmp}/nothing-here", "-o", "{tmp}/o"], 2),
    (["train", "{tmp}/c.json", "-o", "{tmp}/t"], 2),
    (["train", "{tmp}/c.json", "--corpus", "{tmp}/no-corpus", "-o", "{tmp}/t"], 2),
    (["train", "{tmp}/c.json", "--corpus", DEMO / "corpus.txt", "-o", "{tmp}/t", "--dedup=x"], 2),
    (["chat"], 2), (["chat", "{tmp}/no-conversation.json"], 2),
    (["chat", "{tmp}/c.json", "--context", "0"], 2),
])
def test_exit_codes(capsys, tmp_path, argv, code):
    (tmp_path / "c.json").write_text(json.dumps({"algorithm": "bpe", "vocab_size": 50}))
    args = [str(a).replace("{tmp}", str(tmp_path)) for a in argv]
    got, _, err = run(capsys, *args)
    assert got == code, err
    assert "Traceback" not in err


def test_verify_tells_an_altered_bundle_from_a_missing_one(capsys, tmp_path):
    folder = _intact_then_edited(capsys, tmp_path)
    code, _, err = run(capsys, "verify", folder)
    assert code == 3 and "checksum" in err and "tokenizer.json" in err
    code, _, err = run(capsys, "verify", tmp_path / "elsewhere")
    assert code == 2 and "no such file" in err


def test_export_and_train_succeed_with_zero(capsys, tmp_path):
    folder = _bundle(capsys, tmp_path)
    assert run(capsys, "export", folder, "-o", tmp_path / "native")[0] == 0
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"algorithm": "bpe", "end_of_word": "suffix",
                                  "vocab_size": 60, "min_frequency": 1}))
    code, out, err = run(capsys, "train", config, "--corpus", DEMO / "corpus.txt", "-o",
                         tmp_path / "t")
    assert code == 0, err


def test_train_to_a_zip_exits_zero_and_the_zip_verifies(capsys, tmp_path):
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"algorithm": "bpe", "end_of_word": "suffix",
                                  "vocab_size": 60, "min_frequency": 1}))
    out = tmp_path / "out.zip"
    code, stdout, err = run(capsys, "train", config, "--corpus", DEMO / "corpus.txt", "-o", out)
    assert code == 0, err
    assert "Not a directory" not in err and "wrote bundle" in stdout
    assert run(capsys, "verify", out)[0] == 0


def test_train_refuses_a_config_no_engine_can_train_before_reading(capsys, tmp_path):
    config = tmp_path / "c.json"
    config.write_text(json.dumps({"engine": "spm"}))
    code, _, err = run(capsys, "train", config, "--corpus", DEMO / "corpus.txt", "-o",
                       tmp_path / "x")
    assert code == 2 and "c.json" in err and "engine must be one of" in err
    config.write_text(json.dumps({"algorithm": "wordpiece"}))
    code, _, err = run(capsys, "train", config, "--corpus", tmp_path / "x.txt", "-o",
                       tmp_path / "x")
    assert code == 2 and "add [UNK] to the special tokens" in err


# -- the seeds' worked examples, written as a user writes them --------------------------------

def _train_words(capsys, tmp_path, words: dict[str, int], config: dict, *flags):
    corpus = tmp_path / "words.txt"
    corpus.write_text("".join(f"{w}\n" * n for w, n in words.items()), encoding="utf-8")
    path = tmp_path / "config.json"
    path.write_text(json.dumps(config, ensure_ascii=False), encoding="utf-8")
    out = tmp_path / "bundle"
    code, _, err = run(capsys, "train", path, "--corpus", corpus, "-o", out, *flags)
    assert code == 0, err
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    trace = json.loads((out / "trace.json").read_text(encoding="utf-8"))
    return manifest, trace, err


SEED_BPE = {"algorithm": "bpe", "vocab_size": 9, "min_frequency": 1, "special_tokens": [],
            "end_of_word": "symbol"}  # l o w e r </w>: six symbols, then three merges


@pytest.mark.parametrize("words,merges", [
    ({"low": 5, "lower": 2}, [["l", "o", 7], ["lo", "w", 7], ["low", "</w>", 5]]),  # seed 001
    ({"low": 2, "lower": 1}, [["l", "o", 3], ["lo", "w", 3], ["low", "</w>", 2]]),  # seed 002 §3.2
])
def test_seed_bpe_examples_through_tokbench_train(capsys, tmp_path, words, merges):
    manifest, trace, err = _train_words(capsys, tmp_path, words,
                                        {**SEED_BPE, "deduplicate": False})
    assert trace["merges"] == merges
    assert manifest["special_tokens"] == [] and manifest["model_binding"]["vocab_size"] == 9
    assert manifest["training"]["corpus"]["deduplicate"] is False
    assert "note: no unknown token" in err  # said, not silently fixed


def test_no_dedup_flag_overrides_the_config(capsys, tmp_path):
    _, kept, _ = _train_words(capsys, tmp_path, {"low": 5, "lower": 2}, SEED_BPE, "--no-dedup")
    assert kept["merges"][0] == ["l", "o", 7]
    manifest, dropped, _ = _train_words(capsys, tmp_path, {"low": 5, "lower": 2}, SEED_BPE)
    assert dropped["merges"][0] == ["l", "o", 2]  # the config's default: duplicates dropped
    assert manifest["training"]["corpus"]["deduplicate"] is True


def test_seed_di_tan_example_through_tokbench_train(capsys, tmp_path):
    # seed 000: 低碳模型 ×2, 低碳数据 ×1; 低+碳 occurs 3 times and is merged first; then
    # 低碳+模 and 模+型 tie at 2, and the documented tie-break takes the smaller pair
    config = {"algorithm": "bpe", "vocab_size": 8, "min_frequency": 1, "special_tokens": [],
              "end_of_word": "none", "deduplicate": False}
    manifest, trace, _ = _train_words(capsys, tmp_path, {"低碳模型": 2, "低碳数据": 1}, config)
    assert trace["merges"] == [["低", "碳", 3], ["低碳", "模", 2]]
    assert manifest["special_tokens"] == []


# -- stream ---------------------------------------------------------------------------------------
def _ids_file(tmp_path, text, tokenizer=BPE):
    ids = load_tokenizer(tokenizer).encode(text, add_special_tokens=False).ids.tolist()
    path = tmp_path / "ids.json"
    path.write_text(json.dumps(ids), encoding="utf-8")
    return path, ids


def test_stream_json_steps_by_chunk_add_up_to_decode(capsys, tmp_path):
    path, ids = _ids_file(tmp_path, TEXT)
    for chunk in (1, 3):
        code, out, err = run(capsys, "stream", BPE, path, "--chunk", chunk, "--json")
        assert code == 0 and err == ""
        record = json.loads(out)
        assert set(record) == {"steps", "text", "stop"} | ENVELOPE and record["stop"] is None
        assert record["text"] == load_tokenizer(BPE).decode(ids) == TEXT
        assert "".join(s["text"] for s in record["steps"]) == TEXT
        assert [i for s in record["steps"] for i in s["ids"]] == ids
        assert all(len(s["ids"]) <= chunk for s in record["steps"])
        assert record["steps"][-1]["end"] is True


def test_stream_stop_string_and_stop_id(capsys, tmp_path):
    path, ids = _ids_file(tmp_path, "Hi 你好 STOP now")
    code, out, _ = run(capsys, "stream", BPE, path, "--stop", "OP n", "--stop", "STO", "--json")
    record = json.loads(out)
    assert code == 0 and record["text"] == "Hi 你好 "
    assert record["stop"]["stop"] == "STO" and record["stop"]["kind"] == "string"
    assert record["stop"]["char_offset"] == len("Hi 你好 ")
    assert record["steps"][-1]["step"] == record["stop"]["token_index"]
    path.write_text(json.dumps(ids[:4] + [0] + ids[4:]), encoding="utf-8")  # 你 cut by EOS
    code, out, _ = run(capsys, "stream", BPE, path, "--stop-id", "0")
    assert code == 0 and "stopped by id 0 at token 4" in out
    assert 'text: "Hi <' in out and "\ufffd" not in out


@pytest.mark.parametrize("content,args,needle", [
    ("[1, 99999]", [], "token ID 99999 at stream position 1 is out of range"),
    ("[1,\n", [], "ids.json:2:1: invalid JSON"),
    ('{"id": [1]}', [], 'expected a list of token IDs, or {"ids": [...]}'),
    ("[1, 2.5]", [], "item 1 is not a token ID"),
    ("[1]", ["--stop", ""], "a stop string must be non-empty"),
])
def test_stream_bad_input_is_named(capsys, tmp_path, content, args, needle):
    path = tmp_path / "ids.json"
    path.write_text(content, encoding="utf-8")
    code, out, err = run(capsys, "stream", BPE, path, *args)
    assert code == 2 and out == "" and needle in err and len(err.strip().splitlines()) == 1


def test_stream_chunk_must_be_positive(capsys, tmp_path):
    path, _ = _ids_file(tmp_path, "x")
    code, _, err = run(capsys, "stream", BPE, path, "--chunk", "0")
    assert code == 2 and "at least 1" in err


def test_stream_emits_a_byte_fallback_character_at_its_last_byte(capsys, tmp_path):
    """The issue's ByteFallback tokenizer: <0x20> <0xC3> <0xA9> give " ", nothing, "é" at the
    steps DecodeStream gives them (not everything at the end)."""
    from tokenizers import Tokenizer, decoders, models
    from tokenizers.decoders import DecodeStream

    tk = Tokenizer(models.Unigram([("<unk>", 0.0), ("<0x20>", -0.1), ("<0xC3>", -0.2),
                                   ("<0xA9>", -0.3)], 0, byte_fallback=True))
    tk.decoder = decoders.ByteFallback()
    tk.save(str(tmp_path / "tokenizer.json"))
    path = tmp_path / "ids.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    code, out, _ = run(capsys, "stream", tmp_path / "tokenizer.json", path, "--json")
    stream = DecodeStream()
    assert code == 0 and [s["text"] for s in json.loads(out)["steps"][:3]] == [
        stream.step(tk, i) or "" for i in (1, 2, 3)]


def test_stream_prefill_and_skip_special(capsys, tmp_path):
    runtime = load_tokenizer(BPE)
    prompt = runtime.encode("<|endoftext|>Q: 你", add_special_tokens=False,
                            parse_special=True).ids.tolist()
    cut = next(k for k in range(len(prompt), 0, -1)
               if runtime.decode(prompt[:k]).endswith("\ufffd"))  # the prompt ends inside 你
    prompt, first = prompt[:cut], prompt[cut:]
    path = tmp_path / "ids.json"
    rest = runtime.encode("好<|endoftext|> A", add_special_tokens=False,
                          parse_special=True).ids.tolist()
    path.write_text(json.dumps(first + rest), encoding="utf-8")
    (tmp_path / "prompt.json").write_text(json.dumps({"ids": prompt}), encoding="utf-8")
    whole = runtime.decode(prompt + first + rest)
    for given in (tmp_path / "prompt.json", json.dumps(prompt), ",".join(map(str, prompt))):
        code, out, _ = run(capsys, "stream", BPE, path, "--prefill", given, "--json")
        assert code == 0 and json.loads(out)["text"] == whole[len("<|endoftext|>Q: "):]
    code, out, _ = run(capsys, "stream", BPE, path, "--prefill", json.dumps(prompt),
                       "--skip-special")
    assert code == 0 and out.startswith(f"after a prompt of {len(prompt)} IDs (not emitted)")
    assert 'text: "你好 A"' in out
    code, out, err = run(capsys, "stream", BPE, path, "--prefill", "[1, 99999]")
    assert code == 2 and "token ID 99999 at prompt position 1 is out of range" in err
    code, out, err = run(capsys, "stream", BPE, path, "--prefill", tmp_path / "none.json")
    assert code == 2 and "none.json" in err and len(err.strip().splitlines()) == 1


# -- chat ---------------------------------------------------------------------------------
CHAT = [{"role": "system", "content": "Be brief."},
        {"role": "user", "content": "hi <|endoftext|> there"},
        {"role": "assistant", "content": "Hello!"},
        {"role": "user", "content": "again"}]


def _conversation(tmp_path, data, name="chat.json"):
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _chatml_bpe(tmp_path):
    """The demo BPE with ChatML's control tokens, as a ChatML model has them (the demo BPE
    alone does not fit the template: its <|im_start|> is ordinary text, a check of its own)."""
    from tokenizers import AddedToken, Tokenizer

    tk = Tokenizer.from_file(str(BPE))
    tk.add_special_tokens([AddedToken(t, special=True) for t in ("<|im_start|>", "<|im_end|>")])
    path = tmp_path / "chatml-bpe.json"
    tk.save(str(path))
    return path


def test_chat_json_shape_ids_mask_budget_and_checks(capsys, tmp_path):
    conv = _conversation(tmp_path, {"messages": CHAT})
    code, out, err = run(capsys, "chat", _chatml_bpe(tmp_path), conv, "--template", "chatml",
                         "--context", "30", "--json")
    assert code == 0 and err == ""
    record = json.loads(out)
    assert {"text", "ids", "tokens", "assistant_mask", "budget", "checks"} <= set(record)
    assert record["text"].startswith("<|im_start|>system\nBe brief.<|im_end|>")
    assert record["ids"] == [t["id"] for t in record["tokens"]]
    assert len(record["assistant_mask"]) == len(record["ids"])
    for token in record["tokens"]:
        assert set(token) == {"id", "piece", "message", "role", "source", "span"}
    masked = "".join(record["text"][t["span"][0]:t["span"][1]]
                     for t, m in zip(record["tokens"], record["assistant_mask"]) if m)
    assert masked == "Hello!<|im_end|>"
    # the typed <|endoftext|> stays text; the unsanitized reading makes it ID 0
    endoftext = [t for t in record["tokens"] if t["message"] == 1]
    assert 0 not in [t["id"] for t in endoftext] and 0 in record["unsanitized_ids"]
    budget = record["budget"]
    assert budget["total"] == len(record["ids"]) and budget["context"] == 30
    assert budget["truncated"]["tokens"] == len(record["ids"]) - 30
    codes = [c["code"] for c in record["checks"]]
    assert codes == ["chat.no_generation_prompt", "chat.special_in_content"]
    assert all(set(c) >= {"code", "severity", "message"} for c in record["checks"])
    assert "ID(s) 0" in record["checks"][1]["message"]


def test_chat_says_when_the_template_does_not_fit_the_tokenizer(capsys, tmp_path):
    """The demo BPE has no Llama 3 control tokens and names no BOS: the text output and the
    JSON name each control string the template writes with the IDs it becomes, and the
    undefined bos_token."""
    template = tmp_path / "llama3ish.jinja"
    template.write_text("{{ bos_token }}{% for m in messages %}<|start_header_id|>{{ m.role }}"
                        "<|end_header_id|>\n\n{{ m.content }}<|eot_id|>{% endfor %}",
                        encoding="utf-8")
    conv = _conversation(tmp_path, CHAT[2:])
    code, out, err = run(capsys, "chat", BPE, conv, "--template", template)
    assert code == 0 and "BOS: none" in out
    assert "error: the template writes '<|start_header_id|>' (2× from character 0)" in err
    assert "the template reads bos_token" in err
    code, out, _ = run(capsys, "chat", BPE, conv, "--template", template, "--json")
    record = json.loads(out)
    split = {c["args"]["literal"]: c["args"]["ids"] for c in record["checks"]
             if c["code"] == "chat.control_split"}
    assert set(split) == {"<|start_header_id|>", "<|end_header_id|>", "<|eot_id|>"}
    plain = load_tokenizer(BPE)
    assert all(ids == plain.encode(literal, add_special_tokens=False).ids.tolist()
               for literal, ids in split.items())
    assert record["bos"] == {"source": "none", "template": None, "post_processor": None}


def test_no_generation_prompt_check_only_where_the_template_writes_one(capsys, tmp_path):
    conv = _conversation(tmp_path, CHAT[2:])  # the user has the last word
    checks = {name: [c["code"] for c in json.loads(run(capsys, "chat", conv, "--template", name,
                                                       "--json")[1])["checks"]]
              for name in ("chatml", "inst")}
    # [INST]-style templates hand over with [/INST]: there is no prompt to forget
    assert checks == {"chatml": ["chat.no_generation_prompt"], "inst": []}


def test_chat_without_tokenizer_renders_only(capsys, tmp_path):
    conv = _conversation(tmp_path, CHAT[:2])
    code, out, _ = run(capsys, "chat", conv, "--template", "chatml", "--add-generation-prompt",
                       "--json")
    record = json.loads(out)
    assert code == 0 and record["text"].endswith("<|im_start|>assistant\n")
    assert "ids" not in record and record["budget"] is None and record["checks"] == []


def test_chat_template_error_exits_2_with_its_line(capsys, tmp_path):
    template = tmp_path / "t.jinja"
    template.write_text("{{ bos_token }}\n{{ raise_exception('System role not supported') }}")
    conv = _conversation(tmp_path, CHAT)
    code, out, _ = run(capsys, "chat", conv, "--template", template, "--json")
    assert code == 2
    record = json.loads(out)
    assert {k: record[k] for k in ENVELOPE} == {"tokbench": "chat", "version": 1}
    error = record["error"]
    assert (error["code"], error["type"], error["detail"], error["line"]) == (
        "chat_template", "TemplateError", "System role not supported", 2)
    assert error["message"].endswith("TemplateError: System role not supported")
    code, out, err = run(capsys, "chat", conv, "--template", template)
    assert code == 2 and out == "" and "template error" in err
    assert "TemplateError: System role not supported" in err


def test_chat_variables_and_bad_input(capsys, tmp_path):
    template = tmp_path / "t.jinja"
    template.write_text("{{ enable_thinking }}|{{ strftime_now('%Y-%m-%d') }}")
    conv = _conversation(tmp_path, CHAT[:1])
    code, out, _ = run(capsys, "chat", conv, "--template", template, "--var",
                       "enable_thinking=false", "--now", "2026-12-01T10:00:00", "--json")
    assert code == 0 and json.loads(out)["text"] == "False|2026-12-01"
    code, _, err = run(capsys, "chat", conv, "--template", template, "--var", "x=maybe")
    assert code == 2 and "--var x" in err and "not a JSON value" in err
    broken = _conversation(tmp_path, '[{"role": "user",\n  "content": }]', "broken.json")
    code, _, err = run(capsys, "chat", broken, "--template", "chatml")
    assert code == 2 and "broken.json:2:14" in err and "Traceback" not in err
    no_role = _conversation(tmp_path, [{"content": "hi"}], "norole.json")
    code, _, err = run(capsys, "chat", no_role, "--template", "chatml")
    assert code == 2 and 'message 0 has no "role"' in err
    code, _, err = run(capsys, "chat", conv, "--template", "nosuch")
    assert code == 2 and "not one of the built-in templates" in err


def test_chat_input_errors_are_bad_input_not_template_errors(capsys, tmp_path):
    """An empty conversation, a tool that is not an object: bad input naming the file, exit 2,
    not said as a template error; both ending flags at once: a usage error (2)."""
    empty = _conversation(tmp_path, [], "empty.json")
    code, _, err = run(capsys, "chat", empty, "--template", "chatml")
    assert code == 2 and "empty.json" in err and "no messages" in err
    assert "template error" not in err
    tools = _conversation(tmp_path, {"messages": CHAT[:1], "tools": [1]}, "tools.json")
    code, _, err = run(capsys, "chat", tools, "--template", "chatml")
    assert code == 2 and '"tools" item 0 is not an object' in err
    conv = _conversation(tmp_path, CHAT[:2])
    code, _, _ = run(capsys, "chat", conv, "--template", "chatml", "--add-generation-prompt",
                     "--continue-final-message")
    assert code == 2


def test_chat_reads_a_conversation_saved_with_a_byte_order_mark(capsys, tmp_path):
    conv = tmp_path / "bom.json"
    conv.write_bytes(b"\xef\xbb\xbf" + json.dumps(CHAT[:1]).encode())
    code, out, err = run(capsys, "chat", conv, "--template", "chatml", "--json")
    assert code == 0 and json.loads(out)["text"].startswith("<|im_start|>system"), err


def test_chat_template_and_special_tokens_from_config(capsys, tmp_path):
    config = tmp_path / "tokenizer_config.json"
    config.write_text(json.dumps({"bos_token": "<B>", "chat_template": [
        {"name": "default", "template": "{{ bos_token }}{{ messages[0].content }}"},
        {"name": "rag", "template": "R"}]}))
    conv = _conversation(tmp_path, CHAT[1:2])
    code, out, _ = run(capsys, "chat", conv, "--config", config, "--json")
    assert code == 0 and json.loads(out)["text"] == "<B>" + CHAT[1]["content"]
    config.write_text(json.dumps({"chat_template": [{"name": "rag", "template": "R"},
                                                    {"name": "tool_use", "template": "T"}]}))
    code, out, _ = run(capsys, "chat", conv, "--config", config, "--json")
    error = json.loads(out)["error"]
    assert code == 2 and error["type"] == "ValueError" and "'default'" in error["message"]
    # --template NAME picks one of the config's named templates (as transformers' chat_template=)
    code, out, _ = run(capsys, "chat", conv, "--config", config, "--template", "rag", "--json")
    assert code == 0 and json.loads(out)["text"] == "R"
    code, _, err = run(capsys, "chat", conv, "--config", config, "--template", "nosuch")
    assert code == 2 and "rag, tool_use" in err


def test_chat_json_checks_name_the_model_files_problems(capsys, tmp_path):
    """A tokenizer folder whose post-processor adds BOS, whose config.json has too few embedding
    rows and whose generation_config.json stops at another token: each is a check in --json,
    with a code, a severity and a message naming the token."""
    from tests.core.chat.test_checks import LLAMA3_LIKE, llama3_folder
    from tokenizers import Tokenizer

    folder = llama3_folder(tmp_path, tokenizer_config={"bos_token": "<|begin_of_text|>",
                                                       "eos_token": "<|eot_id|>"})
    tk = Tokenizer.from_file(str(folder / "tokenizer.json"))
    eot, end = tk.token_to_id("<|eot_id|>"), tk.token_to_id("<|end_of_text|>")
    (folder / "config.json").write_text(json.dumps({"vocab_size": eot}))
    (folder / "generation_config.json").write_text(json.dumps({"eos_token_id": end}))
    template = tmp_path / "llama.jinja"
    template.write_text(LLAMA3_LIKE)
    conv = _conversation(tmp_path, CHAT[:3])
    code, out, err = run(capsys, "chat", folder, conv, "--template", template, "--json")
    assert code == 0, err
    checks = {c["code"]: c for c in json.loads(out)["checks"]}
    assert {"chat.double_bos", "chat.id_beyond_embeddings", "chat.end_not_a_stop",
            "special.ids_differ", "special.id_beyond_embeddings"} <= set(checks)
    assert checks["chat.id_beyond_embeddings"]["severity"] == "error"
    assert "'<|eot_id|>'" in checks["chat.end_not_a_stop"]["message"]
    code, _, err = run(capsys, "chat", folder, conv, "--template", template)
    assert code == 0 and "warning: the template writes '<|begin_of_text|>'" in err


def test_chat_parse_content_specials_makes_the_unsanitized_reading_the_ids(capsys, tmp_path):
    conv = _conversation(tmp_path, CHAT)
    safe = json.loads(run(capsys, "chat", BPE, conv, "--template", "chatml", "--json")[1])
    code, out, err = run(capsys, "chat", BPE, conv, "--template", "chatml",
                         "--parse-content-specials", "--json")
    assert code == 0, err
    parsed = json.loads(out)
    assert safe["reading"] == "sanitized" and parsed["reading"] == "unsanitized"
    assert parsed["ids"] == parsed["unsanitized_ids"] == safe["unsanitized_ids"] != safe["ids"]
    # the typed <|endoftext|> is now its control ID 0, and says where it came from
    [typed] = [t for t in parsed["tokens"] if t["id"] == 0]
    assert (typed["message"], typed["role"], typed["source"]) == (1, "user", "content")
    assert parsed["text"][typed["span"][0]:typed["span"][1]] == "<|endoftext|>"
    assert len(parsed["assistant_mask"]) == len(parsed["ids"]) == parsed["budget"]["total"]
    injection = [c for c in parsed["checks"] if c["code"] == "chat.special_in_content"]
    assert len(injection) == 1 and injection[0]["args"]["ids"] == [0]


def test_chat_takes_a_rank_files_preset_and_special_tokens(capsys, tmp_path):
    path, n = _ranks(tmp_path)
    pairs = f"<|endoftext|>={n},<|im_start|>={n + 1},<|im_end|>={n + 2}"
    conv = _conversation(tmp_path, CHAT[:3])
    code, out, err = run(capsys, "chat", path, conv, "--template", "chatml", "--preset",
                         "cl100k", "--special-tokens", pairs, "--json")
    assert code == 0, err
    record = json.loads(out)
    assert record["ids"].count(n + 1) == 3 and record["ids"].count(n + 2) == 3
    code, _, err = run(capsys, "chat", conv, "--template", "chatml", "--preset", "cl100k")
    assert code == 2 and "give TOKENIZER" in err


# --- post-processing: pair, template, truncation, padding ---------------------------------------
POST = ["--post-template", "<|endoftext|> $A", "--post-template-pair",
        "<|endoftext|> $A <|endoftext|>:1 $B:1"]


def _tokenizers_oracle(a, b, **settings):
    """tokenizers itself on the demo file, with the same template and settings."""
    from tokenizers import Tokenizer
    from tokenizers.processors import TemplateProcessing

    tk = Tokenizer.from_file(str(BPE))
    tk.encode_special_tokens = True
    tk.post_processor = TemplateProcessing(single=POST[1], pair=POST[3], special_tokens=[
        ("<|endoftext|>", tk.token_to_id("<|endoftext|>"))])
    tk.enable_truncation(settings["max_length"], stride=settings["stride"],
                         direction=settings["side"], strategy=settings["strategy"])
    tk.enable_padding(pad_id=settings["pad_id"], pad_token="<|pad|>",
                      pad_to_multiple_of=settings["multiple"], direction="left")
    return tk.encode(a, b)


def test_inspect_pair_truncation_padding_json_equals_tokenizers(capsys):
    a, b = "Hello world, how are you doing today?", "Très bien, merci 😀"
    code, out, err = run(capsys, "inspect", BPE, a, "--json", "--pair", b, *POST,
                         "--max-length", 28, "--stride", 2, "--pad-multiple", 8,
                         "--pad-side", "left", "--truncation-strategy", "only_first")
    assert code == 0 and err == ""
    record = json.loads(out)
    assert set(record) == JSON_KEYS
    pad_id = load_tokenizer(BPE).token_to_id("<|pad|>")
    native = _tokenizers_oracle(a, b, max_length=28, stride=2, side="right",
                                strategy="only_first", pad_id=pad_id, multiple=8)
    for ours, theirs in zip([record, *record["overflow"]], [native, *native.overflowing]):
        assert ours["ids"] == theirs.ids
        assert ours["type_ids"] == theirs.type_ids
        assert ours["attention_mask"] == theirs.attention_mask
        assert ours["special_tokens_mask"] == theirs.special_tokens_mask
    assert len(record["overflow"]) == len(native.overflowing) > 0
    assert record["ids"][:4] == [pad_id] * 4  # left padding, as asked
    (cut,) = record["truncated"]
    assert cut["sequence"] == 0 and cut["count"] > 0 and a.endswith(cut["text"].lstrip())
    assert record["template"]["notation"] == "<|endoftext|> $A <|endoftext|>:1 $B:1"
    # every token of a text carries its span on that text; added and pad tokens none
    for token, seq in zip(record["tokens"], record["sequence_ids"]):
        if seq is None:
            assert token["spans"] is None and "special" in token["flags"]
        else:
            s, e = token["spans"]["bytes"]
            assert [a, b][seq].encode()[s:e].hex() == token["bytes"]


def test_inspect_truncation_table_reports_what_was_cut(capsys):
    code, out, _ = run(capsys, "inspect", BPE, "one two three four five", "--max-length", 3,
                       "--pad-to", 5)
    assert code == 0
    assert "truncated: " in out and "tokens of text A" in out
    assert "pad" in out  # the pad tokens are flagged in the table


@pytest.mark.parametrize("argv,message", [
    (["--post-template", "$A [NOPE]"], "single template: '[NOPE]' is not a token"),
    (["--post-template-pair", "$A $B"], "--post-template-pair needs --post-template"),
    (["--max-length", "4", "--truncation-strategy", "only_second"], "needs a second text"),
    (["--max-length", "2", "--stride", "2"], "stride 2 must be below"),
    (["--pair", "b", "--post-template", "$A"], "no pair form"),
])
def test_inspect_bad_post_processing_is_named(capsys, argv, message):
    code, out, err = run(capsys, "inspect", BPE, "one two three four five", *argv)
    assert code == 2 and out == "" and message in err and "Traceback" not in err


@pytest.mark.parametrize("argv", [["--max-length", "-1"], ["--truncation-side", "middle"],
                                  ["--pad-multiple", "-1"], ["--truncation-strategy", "x"]])
def test_inspect_bad_post_processing_arguments_are_usage_errors(capsys, argv):
    assert run(capsys, "inspect", BPE, "x", *argv)[0] == 2


@pytest.mark.parametrize("tokenizer", [BPE, UNIGRAM])
def test_inspect_json_is_the_same_with_settings_that_change_nothing(capsys, tokenizer):
    """The native path (no post-processing options) and core.pipeline.postprocess (a max length that cuts
    nothing) write the same record: one concept, computed two ways, in agreement."""
    _, plain, _ = run(capsys, "inspect", tokenizer, TEXT, "--json")
    _, post, _ = run(capsys, "inspect", tokenizer, TEXT, "--json", "--max-length", 1000)
    assert json.loads(plain) == json.loads(post)


def test_inspect_jsonl_file_gives_texts_with_newlines(capsys, tmp_path):
    texts = tmp_path / "texts.jsonl"
    texts.write_text('"one\\ntwo"\n\n{"text": "three\\r\\n", "id": 7}\n', encoding="utf-8")
    code, out, _ = run(capsys, "inspect", BPE, "--file", texts, "--json", "--no-special")
    lines = out.splitlines()
    assert code == 0 and len(lines) == 2
    runtime = load_tokenizer(BPE)
    assert json.loads(lines[0])["ids"] == runtime.encode(
        "one\ntwo", add_special_tokens=False).ids.tolist()
    assert json.loads(lines[1])["ids"] == runtime.encode(
        "three\r\n", add_special_tokens=False).ids.tolist()


def test_inspect_jsonl_line_that_is_not_a_text_is_named(capsys, tmp_path):
    texts = tmp_path / "texts.jsonl"
    texts.write_text('"ok"\n{"body": "x"}\n', encoding="utf-8")
    code, _, err = run(capsys, "inspect", BPE, "--file", texts)
    assert code == 2 and "texts.jsonl:2" in err and '"text"' in err
    texts.write_text('"ok"\n{oops\n', encoding="utf-8")
    code, _, err = run(capsys, "inspect", BPE, "--file", texts)
    assert code == 2 and "texts.jsonl:2:2" in err and "invalid JSON" in err


@pytest.mark.realdata
def test_inspect_opens_a_gguf_file(capsys):
    from tests.core.gguf_files import GGUF_DATA, vocab_vectors

    path = require_data(GGUF_DATA / "ggml-vocab-llama-spm.gguf")
    text, expected = vocab_vectors(path)[-1]
    code, out, _ = run(capsys, "inspect", path, text, "--json", "--no-special")
    assert code == 0 and json.loads(out)["ids"] == expected
