"""One resolver over every store: what is a name, what is a path, a name in two stores, a name
nowhere, and folders of models."""

from __future__ import annotations

import pytest

from core.errors import FormatError
from core.loading import detect_source, open_tokenizer
from core.model_catalog import catalog, describe
from core.models import ModelError, find_models, looks_like_model_name, resolve_model
from core.models.folder import models_under
from tests.core.builders import _bpe_tokenizer_json, write_tokenizer_json
from tests.core.gguf_files import write_gguf
from tests.core.models.layouts import hf_snapshot, hub_of, lmstudio_model, ollama_model


@pytest.mark.parametrize("text", [
    "Qwen/Qwen2.5-7B-Instruct", "Qwen/Qwen2.5-7B-Instruct@main", "gpt2", "llama3.1:8b",
    "hf.co/bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M", "ollama:llama3.1:8b",
    "hf:org/name@refs/pr/1", "lmstudio:pub/model:Q4_K_M", "llama.cpp:org_repo_file.gguf",
])
def test_names(text):
    assert looks_like_model_name(text)


@pytest.mark.parametrize("text", [
    "tokenizer.json", "./qwen", "/models/qwen", "~/qwen", "C:\\models\\qwen", "vocab.txt",
    "a/b/c/d", "name with space", "", "x.model", "bundle.zip",
])
def test_paths(text):
    assert not looks_like_model_name(text)


def test_a_missing_file_is_missing_and_a_missing_name_says_where_it_looked(home):
    with pytest.raises(FormatError, match="no such file or folder"):
        detect_source("missing/tokenizer.json")
    with pytest.raises(ModelError) as caught:
        detect_source("acme/nothing")
    assert caught.value.note.code == "models.not_found"
    places = caught.value.note.args["places"]
    for place in (hub_of(home), home / ".ollama" / "models", home / ".lmstudio" / "models",
                  home / ".cache" / "llama.cpp"):
        assert str(place) in places


def test_an_existing_path_wins_over_a_name(home, tmp_path, monkeypatch):
    hf_snapshot(hub_of(home), "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()})
    monkeypatch.chdir(tmp_path)
    write_tokenizer_json(tmp_path / "acme" / "tiny")
    source = detect_source("acme/tiny")
    assert source.origin is None and source.path.resolve() == tmp_path / "acme" / "tiny" / "tokenizer.json"


def test_one_name_in_two_stores(home, tmp_path):
    hf_snapshot(hub_of(home), "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()})
    lmstudio_model(home / ".lmstudio" / "models", "acme", "tiny",
                   {"tiny-Q4_0.gguf": write_gguf(tmp_path / "a.gguf")})
    with pytest.raises(ModelError) as caught:
        open_tokenizer("acme/tiny")
    assert caught.value.note.code == "models.ambiguous"
    choices = " ".join(caught.value.note.args["choices"])
    assert "hf:acme/tiny@main [" in choices and "lmstudio:acme/tiny:Q4_0 [" in choices
    assert open_tokenizer("hf:acme/tiny").format == "tokenizer.json"
    assert open_tokenizer("lmstudio:acme/tiny").format == "gguf"


def test_each_listed_model_opens_by_its_spec(home, tmp_path):
    hf_snapshot(hub_of(home), "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()})
    lmstudio_model(home / ".lmstudio" / "models", "pub", "Tiny-GGUF",
                   {"Tiny-Q4_0.gguf": write_gguf(tmp_path / "a.gguf")})
    ollama_model(home / ".ollama" / "models", ("registry.ollama.ai", "library", "tiny", "1b"),
                 write_gguf(tmp_path / "b.gguf"), template="{{ .Prompt }}")
    write_tokenizer_json(tmp_path / "mine" / "bpe")
    found = find_models(folders=[tmp_path / "mine"])
    assert [m.source for m in found] == ["hf", "lmstudio", "ollama", "folder"]
    for model in found:
        assert resolve_model(model.spec).model == model if model.source != "folder" else True
        assert open_tokenizer(model.spec).path == (model.path / "tokenizer.json"
                                                   if model.path.is_dir() else model.path)
    rows = catalog(folders=[tmp_path / "mine"])
    assert [(r.format, r.template, r.opens) for r in rows] == [
        ("tokenizer.json", "none", True), ("gguf", "none", True), ("gguf", "go", True),
        ("tokenizer.json", "none", True)]
    assert rows[0].vocab_size == open_tokenizer("hf:acme/tiny").runtime.vocab_size
    assert rows[3].name == "bpe"


def test_a_model_that_does_not_open_keeps_its_row(home, tmp_path):
    lmstudio_model(home / ".lmstudio" / "models", "pub", "Bad-GGUF",
                   {"Bad-Q4_0.gguf": b"GGUF\x03\x00\x00\x00 truncated"})
    (row,) = [describe(m) for m in find_models()]
    assert not row.opens and row.format is None and "truncated" in row.error


def test_folders_of_models(tmp_path):
    write_tokenizer_json(tmp_path / "root" / "a")
    write_tokenizer_json(tmp_path / "root" / "b" / "c")
    (tmp_path / "root" / "g").mkdir()
    write_gguf(tmp_path / "root" / "g" / "g-Q4_0.gguf")
    found = models_under(tmp_path / "root")
    assert [(m.name, m.tag) for m in found] == [("a", None), ("g", "Q4_0"), ("b/c", None)]


def test_a_name_nowhere_offers_the_names_like_it(home, tmp_path):
    ollama_model(home / ".ollama" / "models", ("registry.ollama.ai", "library", "phi3", "mini"),
                 write_gguf(tmp_path / "b.gguf"))
    with pytest.raises(ModelError) as caught:
        open_tokenizer("phi3")  # phi3:latest is not pulled; phi3:mini is
    assert caught.value.note.code == "models.not_found_similar"
    assert caught.value.note.args["similar"] == ["ollama:phi3:mini"]
