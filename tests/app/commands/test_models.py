"""``tokbench models`` lists the stores of a temporary HOME, and a model's name works wherever a
tokenizer path does (inspect, chat, diff), with the errors a broken store gets."""

from __future__ import annotations

import json

import pytest

from app.cli import main
from core.bundles.fingerprints import fingerprint
from core.loading import open_tokenizer
from tests.conftest import DATA, require_data
from tests.core.builders import _bpe_tokenizer_json
from tests.core.gguf_files import write_gguf
from tests.core.models.layouts import (hf_snapshot, home, hub_of, lmstudio_model,  # noqa: F401
                                       ollama_model)

GO_TEMPLATE = "{{ .System }}<|user|>{{ .Prompt }}<|assistant|>"
CONVERSATION = [{"role": "user", "content": "Hi there"},
                {"role": "assistant", "content": "Hello!"}]


def run(capsys, *argv):
    code = main([str(a) for a in argv])
    out = capsys.readouterr()
    return code, out.out, out.err


@pytest.fixture
def stores(home, tmp_path):  # noqa: F811
    """An HF snapshot, an LM Studio GGUF and an Ollama model with only a Go template."""
    snapshot = hf_snapshot(hub_of(home), "acme/tiny", {
        "tokenizer.json": _bpe_tokenizer_json().encode(),
        "tokenizer_config.json": b'{"eos_token": "<|endoftext|>"}',
        "chat_template.jinja": b"{% for m in messages %}[{{ m['role'] }}] {{ m['content'] }}\n"
                               b"{% endfor %}"})
    lmstudio_model(home / ".lmstudio" / "models", "pub", "Tiny-GGUF",
                   {"Tiny-Q4_0.gguf": write_gguf(tmp_path / "a.gguf")})
    ollama_model(home / ".ollama" / "models", ("registry.ollama.ai", "library", "tiny", "1b"),
                 write_gguf(tmp_path / "b.gguf"), template=GO_TEMPLATE)
    return snapshot


def test_models_lists_each_store_with_its_facts(capsys, stores):
    code, out, err = run(capsys, "models")
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert lines[0].split()[:3] == ["source", "name", "revision"]
    rows = {line.split()[1]: line for line in lines[1:4]}
    assert set(rows) == {"acme/tiny", "pub/Tiny-GGUF", "tiny:1b"}
    hf = open_tokenizer("acme/tiny")
    assert f"{hf.runtime.vocab_size:,}" in rows["acme/tiny"]
    assert fingerprint(hf.runtime)["behaviour"] in rows["acme/tiny"]
    assert "(main)" in rows["acme/tiny"] and " yes " in rows["acme/tiny"]
    assert "Go (Ollama)" in rows["tiny:1b"] and "Q4_0" in rows["pub/Tiny-GGUF"]
    assert lines[-1].startswith("3 models")


def test_models_json_is_one_enveloped_object(capsys, stores):
    code, out, _ = run(capsys, "models", "--json")
    data = json.loads(out)
    assert code == 0 and (data["tokbench"], data["version"]) == ("models", 1)
    by_name = {m["name"]: m for m in data["models"]}
    assert by_name["acme/tiny"]["spec"] == "hf:acme/tiny@main"
    assert by_name["acme/tiny"]["template"] == "jinja"
    assert by_name["tiny:1b"]["template"] == "go" and by_name["tiny:1b"]["format"] == "gguf"
    assert by_name["pub/Tiny-GGUF"]["tag"] == "Q4_0"
    assert all(m["error"] is None and m["size"] > 0 for m in data["models"])
    code, out, _ = run(capsys, "models", "--json", "--no-open")
    assert {m["format"] for m in json.loads(out)["models"]} == {None}


def test_a_name_inspects_as_its_path(capsys, stores):
    code, by_name, _ = run(capsys, "inspect", "acme/tiny", "Hello world", "--json")
    _, by_path, _ = run(capsys, "inspect", stores / "tokenizer.json", "Hello world", "--json")
    assert code == 0 and json.loads(by_name)["ids"] == json.loads(by_path)["ids"]
    code, out, _ = run(capsys, "inspect", "ollama:tiny:1b", "ab", "--json")
    assert code == 0 and json.loads(out)["ids"] == list(
        open_tokenizer("tiny:1b").runtime.encode("ab").ids)


def test_a_name_chats_with_the_template_beside_it(capsys, stores, tmp_path):
    conversation = tmp_path / "conv.json"
    conversation.write_text(json.dumps(CONVERSATION))
    code, out, err = run(capsys, "chat", "acme/tiny", conversation, "--json")
    assert code == 0, err
    assert json.loads(out)["text"] == "[user] Hi there\n[assistant] Hello!\n"


@pytest.mark.realdata
def test_a_real_template_beside_a_cached_tokenizer_renders_as_transformers(capsys, home,  # noqa: F811
                                                                           tmp_path):
    from transformers.utils.chat_template_utils import render_jinja_template

    template = require_data(DATA / "chat" / "templates" / "chatml.jinja")
    hf_snapshot(hub_of(home), "acme/chatml", {"tokenizer.json": _bpe_tokenizer_json().encode(),
                                              "chat_template.jinja": template})
    conversation = tmp_path / "conv.json"
    conversation.write_text(json.dumps(CONVERSATION))
    code, out, err = run(capsys, "chat", "acme/chatml", conversation, "--json",
                         "--add-generation-prompt")
    assert code == 0, err
    rendered, _ = render_jinja_template(conversations=[CONVERSATION],
                                        chat_template=template.read_text("utf-8"),
                                        add_generation_prompt=True)
    assert json.loads(out)["text"] == rendered[0]


def test_an_ollama_go_template_is_named_not_rendered(capsys, stores, tmp_path):
    conversation = tmp_path / "conv.json"
    conversation.write_text(json.dumps(CONVERSATION))
    code, out, err = run(capsys, "chat", "tiny:1b", conversation)
    assert code != 0 and out == ""
    assert "Go template, which Ollama renders itself" in err
    code, out, _ = run(capsys, "chat", "tiny:1b", conversation, "--template", "chatml", "--json")
    assert code == 0 and json.loads(out)["text"].startswith("<|im_start|>user")


def test_a_name_diffs(capsys, stores):
    code, out, _ = run(capsys, "diff", "hf:acme/tiny", "lmstudio:pub/Tiny-GGUF", "--json")
    assert code in (0, 1)
    assert json.loads(out)["vocab"]["new_size"] == open_tokenizer("pub/Tiny-GGUF").runtime.vocab_size


def test_broken_stores_are_errors_naming_what_is_missing(capsys, stores):
    (stores / "tokenizer_config.json").resolve().unlink()
    code, out, err = run(capsys, "inspect", "acme/tiny", "x")
    assert code != 0 and out == ""
    assert err.startswith("tokbench: error: ") and "tokenizer_config.json points to" in err
    assert "Traceback" not in err
    code, out, err = run(capsys, "models")
    assert code == 0 and "acme/tiny: " in out and "1 that do not open" in out
    code, out, err = run(capsys, "inspect", "acme/nothing", "x")
    assert code != 0 and "no file, folder or local model named acme/nothing (local models" in err
