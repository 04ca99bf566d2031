"""``tokbench``: inspect (table and stable JSON), import, verify, export, and errors."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from app.cli import main
from app.main_window import DEMO
from core.formats import load_tokenizer

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
TEXT = "Hello 世界 👨\u200d👩\u200d👧 café"


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def test_inspect_json_is_stable_and_exact(capsys):
    code, out, err = run(capsys, "inspect", BPE, TEXT, "--json")
    assert code == 0 and err == ""
    record = json.loads(out)
    assert set(record) == {"ids", "tokens", "notes"}
    native = load_tokenizer(BPE).encode(TEXT)
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
    assert json.loads(lines[2]) == {"ids": [], "tokens": [], "notes": []}


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
    assert sum(lang["documents"] for lang in report.values()) > 100  # filled after reading


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
    writer = subprocess.Popen([sys.executable, "-m", "app.cli", "inspect", str(BPE), "--file",
                               str(lines)], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    writer.stdout.readline()
    writer.stdout.close()  # as `| head -1` does
    err = writer.stderr.read().decode()
    assert writer.wait(timeout=120) == 0
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
    from core.runtimes.base import Runtime

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
    assert code == 1
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
