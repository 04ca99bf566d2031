"""The ``tokbench`` contract (docs/cli.md, "Exit codes and JSON"), command by command: every
command × {ok, bad input, usage error, the check failed where it has one, a bundle that is not
intact} → the documented exit code, and under ``--json`` the envelope
``{"tokbench": <command>, "version": N, ...}`` on stdout — the result, or the error."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from app.cli import command_modules, main
from app.cli_args import (EXIT_BAD_INPUT, EXIT_FAILED, EXIT_INTEGRITY, EXIT_INTERNAL, EXIT_OK)
from app.main_window import DEMO

BPE = DEMO / "demo-bpe" / "tokenizer.json"
UNIGRAM = DEMO / "demo-unigram" / "tokenizer.model"
ROOT = Path(__file__).resolve().parents[2]
VERSIONS = {module.NAME: module.JSON_VERSION for module in command_modules()}
ERROR_KEYS = {"code", "message", "path", "line", "column"}

# one run of each command that succeeds
OK = {
    "inspect": ["inspect", BPE, "hi 世界", "--json"],
    "import": ["import", BPE, "-o", "{tmp}/new-bundle", "--json"],
    "verify": ["verify", "{bundle}", "--json"],
    "train": ["train", "{config}", "--corpus", DEMO / "corpus.txt", "-o", "{tmp}/trained",
              "--json"],
    "export": ["export", "{bundle}", "-o", "{tmp}/native", "--json"],
    "stream": ["stream", BPE, "{ids}", "--json"],
    "audit": ["audit", BPE, "--json"],
    "align": ["align", BPE, "--spans", "{aligned}", "--json", "--fail-on", "0"],
    "report": ["report", BPE, "--corpus", DEMO / "sample.txt", "--bootstrap", "10", "--json"],
    "chat": ["chat", "{chat}", "--template", "chatml", "--fail-on", "error", "--json"],
    "diff": ["diff", BPE, BPE, "--fail-on", "any", "--json"],
    "golden": ["golden", "verify", BPE, "{golden}", "--json"],
    "fingerprint": ["fingerprint", BPE, "--json"],
    "models": ["models", "--folder", "{tmp}", "--json"],
}
# the same commands with their input file missing ({bad} becomes missing.*) or malformed
BAD = {
    "inspect": ["inspect", "{bad}.json", "hi", "--json"],
    "import": ["import", "{bad}.json", "-o", "{tmp}/b", "--json"],
    "verify": ["verify", "{bad}", "--json"],
    "train": ["train", "{bad}.json", "--corpus", DEMO / "corpus.txt", "-o", "{tmp}/t", "--json"],
    "export": ["export", "{bad}", "-o", "{tmp}/o", "--json"],
    "stream": ["stream", BPE, "{bad}.json", "--json"],
    "audit": ["audit", "{bad}.json", "--json"],
    "align": ["align", BPE, "--spans", "{bad}.jsonl", "--json"],
    "report": ["report", "{bad}.json", "--corpus", DEMO / "sample.txt", "--json"],
    "chat": ["chat", BPE, "{bad}.json", "--template", "chatml", "--json"],
    "diff": ["diff", BPE, "{bad}.json", "--json"],
    "golden": ["golden", "verify", BPE, "{bad}.json", "--json"],
    "fingerprint": ["fingerprint", "{bad}.json", "--json"],
    "models": ["models", "--folder", "{bad}.json", "--json"],
}
# a check that fails: exit 1, the JSON says so
FAILED = {
    "diff": ["diff", BPE, UNIGRAM, "--fail-on", "any", "--json"],
    "golden": ["golden", "verify", UNIGRAM, "{golden}", "--json"],
    "audit": ["audit", BPE, "--fail-on", "near-duplicates", "--json"],
    "align": ["align", BPE, "--spans", "{misaligned}", "--fail-on", "0", "--json"],
    # chatml's <|im_start|> is no token of the demo BPE: chat.control_split, an error
    "chat": ["chat", BPE, "{chat}", "--template", "chatml", "--fail-on", "error", "--json"],
}
# a bundle whose file changed after it was saved: exit 3, wherever a bundle is opened
INTEGRITY = {
    "verify": ["verify", "{tampered}", "--json"],
    "inspect": ["inspect", "{tampered}", "hi", "--json"],
    "export": ["export", "{tampered}", "-o", "{tmp}/o", "--json"],
    "diff": ["diff", "{tampered}", BPE, "--json"],
    "golden": ["golden", "verify", "{tampered}", "--json"],
    "fingerprint": ["fingerprint", "{tampered}", "--json"],
}


@pytest.fixture(autouse=True)
def no_model_stores(tmp_path, monkeypatch):
    """`models` reads the stores of this machine: give it empty ones."""
    for variable in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "LLAMA_CACHE",
                     "OLLAMA_MODELS", "LMSTUDIO_HOME"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@pytest.fixture(scope="module")
def files(tmp_path_factory) -> dict[str, Path]:
    from core.bundles.golden import lock, write_golden
    from core.loading import open_tokenizer, save_loaded

    tmp = tmp_path_factory.mktemp("contract")
    loaded = open_tokenizer(BPE)
    bundle = save_loaded(loaded, tmp / "bundle")
    tampered = save_loaded(loaded, tmp / "tampered")
    write_golden(lock(open_tokenizer(tampered).runtime, []), tampered)  # for golden verify
    (tampered / "tokenizer.json").write_text((tampered / "tokenizer.json").read_text() + " ")
    golden = tmp / "golden.json"
    write_golden(lock(loaded.runtime, []), golden)
    paths = {"tmp": tmp, "bundle": bundle, "tampered": tampered, "golden": golden}
    texts = {"ids": "[1, 2, 3]", "chat": json.dumps([{"role": "user", "content": "hi"}]),
             "config": json.dumps({"algorithm": "bpe", "vocab_size": 300}),
             "aligned": json.dumps({"text": "Hello world", "spans": [[0, 5, "X"]]}) + "\n",
             "misaligned": json.dumps({"text": "Hello world", "spans": [[0, 3, "X"]]}) + "\n"}
    for name, text in texts.items():
        paths[name] = tmp / f"{name}.json"
        paths[name].write_text(text, encoding="utf-8")
    broken = tmp / "broken"  # malformed inputs: a JSON that is not JSON, a folder of nothing
    broken.mkdir()
    for suffix in (".json", ".jsonl"):
        (broken.with_suffix(suffix)).write_text("{oops\n", encoding="utf-8")
    return paths


def run(capsys, argv, paths, **more) -> tuple[int, str, str]:
    fill = {**{key: str(value) for key, value in paths.items()}, **more}
    code = main([str(a).format(**fill) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


def records(out: str) -> list[dict]:
    return [json.loads(line) for line in out.splitlines()]


def assert_json_error(command: str, out: str, err: str, code: str | None = None) -> dict:
    """One JSON error on stdout, in the envelope; the message on stderr, no traceback."""
    (record,) = records(out)
    assert set(record) == {"tokbench", "version", "error"}, record
    assert (record["tokbench"], record["version"]) == (command, VERSIONS[command])
    assert ERROR_KEYS <= set(record["error"]) and record["error"]["message"]
    if code is not None:
        assert record["error"]["code"] == code, record
    assert "Traceback" not in err and err.strip().splitlines()[-1].startswith("tokbench")
    return record["error"]


def test_every_command_is_in_the_contract():
    assert set(OK) == set(BAD) == set(VERSIONS)


@pytest.mark.parametrize("command", list(OK))
def test_ok_exits_0_with_the_envelope(capsys, files, command):
    code, out, err = run(capsys, OK[command], files)
    assert code == EXIT_OK, err
    found = records(out)
    assert found and all((r["tokbench"], r["version"]) == (command, VERSIONS[command])
                         and "error" not in r for r in found)
    if command in FAILED:  # a check asked for and passed says so
        assert all(r["failed"] is False for r in found)


@pytest.mark.parametrize("kind", ["missing", "malformed"])
@pytest.mark.parametrize("command", list(BAD))
def test_bad_input_exits_2_with_a_json_error(capsys, files, command, kind):
    bad = files["tmp"] / ("missing" if kind == "missing" else "broken")
    code, out, err = run(capsys, BAD[command], files, bad=bad)
    assert code == EXIT_BAD_INPUT, err
    error = assert_json_error(command, out, err)
    assert error["code"] not in ("usage", "internal", "integrity")


@pytest.mark.parametrize("command", list(OK))
def test_a_usage_error_exits_2_with_a_json_error(capsys, files, command):
    code, out, err = run(capsys, [*OK[command], "--frobnicate"], files)
    assert code == EXIT_BAD_INPUT
    error = assert_json_error(command, out, err, "usage")
    assert "--frobnicate" in error["message"] and "usage:" in err


@pytest.mark.parametrize("command", [c for c in OK if c != "models"])  # models needs none
def test_missing_arguments_exit_2_with_a_json_error(capsys, files, command):
    code, out, err = run(capsys, [OK[command][0], "--json"], files)
    assert code == EXIT_BAD_INPUT
    assert_json_error(command, out, err, "usage")


@pytest.mark.parametrize("command", list(FAILED))
def test_a_failed_check_exits_1_and_the_json_says_so(capsys, files, command):
    code, out, err = run(capsys, FAILED[command], files)
    assert code == EXIT_FAILED, err
    (record,) = records(out)
    assert (record["tokbench"], record["version"]) == (command, VERSIONS[command])
    assert record["failed"] is True and "error" not in record
    if command == "audit":  # the oracle: findings of the kind are in the JSON itself
        assert len(record["near_duplicates"]) > 0 and "near-duplicates" in err
    if command == "golden":
        assert record["passed"] is False and record["differences"]
    if command == "chat":  # the oracle: an error among the checks, named on stderr
        assert any(c["severity"] == "error" for c in record["checks"])
        assert "chat.control_split" in err


@pytest.mark.parametrize("command", list(INTEGRITY))
def test_a_bundle_that_is_not_intact_exits_3(capsys, files, command):
    code, out, err = run(capsys, INTEGRITY[command], files)
    assert code == EXIT_INTEGRITY, err
    error = assert_json_error(command, out, err, "integrity")
    assert "checksum mismatch in tokenizer.json" in error["message"]


def test_without_json_errors_are_one_line_on_stderr_only(capsys, files):
    argv = [a for a in BAD["inspect"] if a != "--json"]
    code, out, err = run(capsys, argv, files, bad=files["tmp"] / "missing")
    assert code == EXIT_BAD_INPUT and out == ""
    assert len(err.strip().splitlines()) == 1 and err.startswith("tokbench: error: ")


def test_an_internal_error_exits_70_in_one_line(capsys, files, monkeypatch):
    from app.commands import fingerprint

    def broken(args):
        raise RuntimeError("a bug")

    monkeypatch.setattr(fingerprint, "run", broken)
    monkeypatch.delenv("TOKBENCH_DEBUG", raising=False)
    code, out, err = run(capsys, OK["fingerprint"], files)
    assert code == EXIT_INTERNAL
    error = assert_json_error("fingerprint", out, err, "internal")
    assert error["message"] == "RuntimeError: a bug" and "internal error" in err


def test_the_documented_table_is_the_code(capsys):
    """docs/cli.md's exit-code table names the codes app.cli_args defines."""
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = dict(re.findall(r"^\| (\d+(?: / \d+)*) \| ([^|]+?) \|", doc, re.M))
    assert {"0", "1", "2", "3", "70", "130 / 143 / 129"} <= set(table)
    for code in (EXIT_OK, EXIT_FAILED, EXIT_BAD_INPUT, EXIT_INTEGRITY, EXIT_INTERNAL):
        assert str(code) in table
    for name in VERSIONS:  # and every command is in the per-command table
        assert re.search(rf"^\| `{name}` \|", doc, re.M), name
