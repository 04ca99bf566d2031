"""Ollama's store read by name: names parsed as Ollama parses them (its own test cases in
``types/model/name_test.go``), the manifest's GGUF and template layers, and broken stores."""

from __future__ import annotations

import json

import pytest

from core.loading import open_tokenizer
from core.models import ModelError, resolve_model
from core.models.ollama import OllamaName, list_models, models_dir
from tests.core.gguf_files import GGUF_DATA, write_gguf
from tests.core.models.layouts import ollama_model
from tests.conftest import require_data

GO_TEMPLATE = "{{ if .System }}<|system|>{{ .System }}{{ end }}<|user|>{{ .Prompt }}<|assistant|>"
JINJA = "{% for m in messages %}<|{{ m['role'] }}|>{{ m['content'] }}{% endfor %}"


@pytest.mark.parametrize("text, path", [  # name_test.go, TestParseNameParts (Filepath)
    ("registry.ollama.ai/library/dolphin-mistral:7b-v2.6-dpo-laser-q6_K",
     ("registry.ollama.ai", "library", "dolphin-mistral", "7b-v2.6-dpo-laser-q6_K")),
    ("scheme://host:port/namespace/model:tag", ("host:port", "namespace", "model", "tag")),
    ("host/namespace/model:tag", ("host", "namespace", "model", "tag")),
    ("host:port/namespace/model:tag", ("host:port", "namespace", "model", "tag")),
    ("host/namespace/model", ("host", "namespace", "model", "latest")),
    ("host:port/namespace/model", ("host:port", "namespace", "model", "latest")),
    ("namespace/model", ("registry.ollama.ai", "namespace", "model", "latest")),
    ("model", ("registry.ollama.ai", "library", "model", "latest")),
    ("h/nn/mm:t", ("h", "nn", "mm", "t")),
    ("8" * 80 + "/" + "8" * 80 + "/" + "8" * 80 + ":" + "8" * 80, ("8" * 80,) * 4),
    ("3" * 350 + "/" + "8" * 80 + "/" + "8" * 80 + ":" + "8" * 80,
     ("3" * 350,) + ("8" * 80,) * 3),
    ("_why/_the/_lucky:_stiff", ("_why", "_the", "_lucky", "_stiff")),
    ("host:https/namespace/model:tag", ("host:https", "namespace", "model", "tag")),
])
def test_names_are_parsed_as_ollama_parses_them(text, path):
    assert OllamaName.parse(text).path_parts == path


@pytest.mark.parametrize("text", [  # name_test.go's invalid names (once defaults are merged)
    "", "n/m:", "@t", "m@d", "^", "mm:", "/nn/mm", "//", "//mm", "hh//", "//mm:@", "00@", "@",
    "-hh/nn/mm:tt", "hh/-nn/mm:tt", "hh/nn/-mm:tt", "hh/nn/mm:-tt", "host/name:space/model:tag",
    "8" * 81, "h/n.s/m:t",
])
def test_names_ollama_refuses_are_refused(text):
    assert OllamaName.parse(text) is None


def test_the_store_is_where_ollama_keeps_it(home, monkeypatch):
    assert models_dir() == home / ".ollama" / "models"
    monkeypatch.setenv("OLLAMA_MODELS", str(home / "elsewhere"))
    assert models_dir() == home / "elsewhere"


def test_a_model_tag_opens_its_gguf_blob_and_keeps_its_go_template(home, tmp_path):
    gguf = write_gguf(tmp_path / "m.gguf", extra={"tokenizer.chat_template": JINJA})
    models = home / ".ollama" / "models"
    manifest = ollama_model(models, ("registry.ollama.ai", "library", "tiny", "1b"), gguf,
                            template=GO_TEMPLATE)
    loaded = open_tokenizer("tiny:1b")
    assert loaded.format == "gguf" and loaded.runtime.name == "tiny:1b"
    assert loaded.path.parent == models / "blobs" and loaded.path.name.startswith("sha256-")
    assert loaded.path.read_bytes() == gguf.read_bytes()
    assert loaded.model.go_template == GO_TEMPLATE
    assert loaded.configs.chat_template == JINJA  # the GGUF's own, which the Chat pane renders
    blobs = {layer["digest"] for layer in json.loads(manifest.read_text())["layers"]}
    config = json.loads(manifest.read_text())["config"]["digest"]
    sizes = sum((models / "blobs" / d.replace(":", "-")).stat().st_size for d in blobs | {config})
    assert loaded.model.size == sizes
    assert resolve_model("library/tiny:1b").model == loaded.model
    assert resolve_model("ollama:registry.ollama.ai/library/tiny:1b").model == loaded.model
    assert resolve_model("TINY:1B").model.path == loaded.path  # Ollama compares names case aside


def test_namespaced_and_hosted_names_and_the_listing(home, tmp_path):
    gguf = write_gguf(tmp_path / "m.gguf")
    models = home / ".ollama" / "models"
    ollama_model(models, ("registry.ollama.ai", "library", "tiny", "latest"), gguf)
    ollama_model(models, ("registry.ollama.ai", "someone", "tiny", "q8"), gguf)
    ollama_model(models, ("hf.co", "bartowski", "Tiny-GGUF", "Q4_K_M"), gguf)
    assert resolve_model("tiny").model.name == "tiny:latest"
    assert resolve_model("someone/tiny:q8").model.name == "someone/tiny:q8"
    assert resolve_model("hf.co/bartowski/Tiny-GGUF:Q4_K_M").model.revision == "Q4_K_M"
    assert [m.spec for m in list_models()] == [
        "ollama:hf.co/bartowski/Tiny-GGUF:Q4_K_M", "ollama:tiny:latest", "ollama:someone/tiny:q8"]


@pytest.mark.realdata
def test_a_real_gguf_pulled_into_ollama_encodes_as_llama_cpp_says(home):
    from tests.core.gguf_files import vocab_vectors

    source = require_data(GGUF_DATA / "ggml-vocab-phi-3.gguf")
    ollama_model(home / ".ollama" / "models", ("registry.ollama.ai", "library", "phi3", "mini"),
                 source, template="{{ .Prompt }}")
    loaded = open_tokenizer("phi3:mini")
    for text, ids in vocab_vectors(source)[:12]:
        assert list(loaded.runtime.encode(text, add_special_tokens=False).ids) == ids, text
    assert loaded.configs.chat_template  # phi-3's vocab file carries its Jinja template


def test_broken_stores_are_named(home, tmp_path):
    gguf = write_gguf(tmp_path / "m.gguf")
    models = home / ".ollama" / "models"
    own = write_gguf(tmp_path / "own.gguf", embedding=(4, 5))  # a blob no other model shares
    path = ollama_model(models, ("registry.ollama.ai", "library", "gone", "latest"), own)
    blob = models / "blobs" / json.loads(path.read_text())["layers"][0]["digest"].replace(":", "-")
    blob.unlink()
    with pytest.raises(ModelError) as caught:
        open_tokenizer("gone")
    assert caught.value.note.code == "models.blob_missing"
    assert caught.value.note.args["target"] == str(blob)

    ollama_model(models, ("registry.ollama.ai", "library", "cloud", "latest"), gguf)
    manifest = models / "manifests" / "registry.ollama.ai" / "library" / "cloud" / "latest"
    data = json.loads(manifest.read_text())
    data["layers"] = [dict(data["layers"][0], mediaType="application/vnd.ollama.image.license")]
    manifest.write_text(json.dumps(data))
    with pytest.raises(ModelError) as caught:
        open_tokenizer("cloud:latest")
    assert caught.value.note.code == "models.no_model_layer"
    assert "application/vnd.ollama.image.license" in str(caught.value)

    bad = models / "manifests" / "registry.ollama.ai" / "library" / "bad" / "latest"
    bad.parent.mkdir(parents=True)
    bad.write_text("{not json")
    with pytest.raises(ModelError) as caught:
        open_tokenizer("bad")
    assert caught.value.note.code == "models.bad_manifest"

    ollama_model(models, ("registry.ollama.ai", "library", "text", "latest"), b"not a gguf")
    with pytest.raises(ModelError) as caught:
        open_tokenizer("text")
    assert caught.value.note.code == "models.not_gguf"
    codes = {m.name: m.error.note.code for m in list_models() if hasattr(m, "error")}
    assert codes == {"gone:latest": "models.blob_missing", "cloud:latest": "models.no_model_layer",
                     "bad:latest": "models.bad_manifest", "text:latest": "models.not_gguf"}
