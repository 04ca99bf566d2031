"""GGUF stores read by name — LM Studio's folder, llama.cpp's caches (flat, and the Hub layout
under LLAMA_CACHE or in the Hub cache) — and several quantizations of one model: one tokenizer
opens with a note saying so, different ones are refused naming each."""

from __future__ import annotations

import shutil

import pytest

from core.loading import open_tokenizer
from core.models import ModelError, resolve_model
from core.models import lmstudio, llamacpp_cache
from core.models.folder import model_ggufs, split_info
from tests.conftest import require_data
from tests.core.gguf_files import GGUF_DATA, write_gguf
from tests.core.models.layouts import hf_snapshot, hub_of, llamacpp_flat, lmstudio_model

OTHER_TOKENS = ["x", "y", "xy", "Ġ", "Ġxy"]


@pytest.mark.parametrize("name, expected", [  # llama.cpp's get_gguf_split_info
    ("Qwen2.5-7B-Instruct-Q4_K_M.gguf", ("Qwen2.5-7B-Instruct-Q4_K_M", "Q4_K_M", 1, 1)),
    ("Qwen2.5-7B-Instruct-q4_k_m-00002-of-00003.gguf",
     ("Qwen2.5-7B-Instruct-q4_k_m", "Q4_K_M", 2, 3)),
    ("llama-2-7b.Q8_0.gguf", ("llama-2-7b.Q8_0", "Q8_0", 1, 1)),
    ("model-f16.gguf", ("model-f16", "F16", 1, 1)),
    ("model.gguf", ("model", None, 1, 1)),
])
def test_quantization_tags_are_read_as_llama_cpp_reads_them(name, expected):
    assert split_info(name) == expected


def test_a_folder_holds_one_model_per_quantization(tmp_path):
    folder = tmp_path / "m"
    folder.mkdir()
    write_gguf(folder / "m-Q4_K_M-00001-of-00002.gguf")
    (folder / "m-Q4_K_M-00002-of-00002.gguf").write_bytes(b"\0" * 100)
    write_gguf(folder / "m-Q8_0.gguf")
    write_gguf(folder / "mmproj-m-f16.gguf")  # a vision projector, not a model
    found = model_ggufs(folder)
    assert [(g.tag, g.path.name, len(g.parts)) for g in found] == [
        ("Q4_K_M", "m-Q4_K_M-00001-of-00002.gguf", 2), ("Q8_0", "m-Q8_0.gguf", 1)]


def test_lm_studio_quantizations_with_one_tokenizer_open_with_a_note(home, tmp_path):
    root = home / ".lmstudio" / "models"
    same = {f"Tiny-{tag}.gguf": write_gguf(tmp_path / f"{tag}.gguf", embedding=(rows, 5))
            for tag, rows in (("Q4_K_M", 4), ("Q8_0", 8))}  # other weights, one tokenizer
    lmstudio_model(root, "lmstudio-community", "Tiny-GGUF", same)
    loaded = open_tokenizer("lmstudio-community/Tiny-GGUF")
    (said,) = [n for n in loaded.runtime.notes if n.code == "models.same_tokenizer"]
    assert said.args["chosen"] == "lmstudio:lmstudio-community/Tiny-GGUF:Q4_K_M"
    assert said.args["others"] == ["lmstudio:lmstudio-community/Tiny-GGUF:Q8_0"]
    assert loaded.runtime.name == "lmstudio-community/Tiny-GGUF:Q4_K_M"
    chosen = open_tokenizer("lmstudio-community/Tiny-GGUF:q8_0")
    assert chosen.path.name == "Tiny-Q8_0.gguf" and not any(
        n.code == "models.same_tokenizer" for n in chosen.runtime.notes)
    with pytest.raises(ModelError) as caught:
        open_tokenizer("lmstudio-community/Tiny-GGUF:Q5_K_S")
    assert caught.value.note.args["tags"] == ["Q4_K_M", "Q8_0"]


def test_quantizations_with_different_tokenizers_are_refused(home, tmp_path):
    lmstudio_model(home / ".lmstudio" / "models", "someone", "Mixed-GGUF", {
        "Mixed-Q4_0.gguf": write_gguf(tmp_path / "a.gguf"),
        "Mixed-Q8_0.gguf": write_gguf(tmp_path / "b.gguf", tokens=OTHER_TOKENS,
                                      merges=["x y", "Ġ xy"])})
    with pytest.raises(ModelError) as caught:
        open_tokenizer("someone/Mixed-GGUF")
    assert caught.value.note.code == "models.ambiguous"
    assert caught.value.note.args["count"] == 2
    assert "lmstudio:someone/Mixed-GGUF:Q4_0 [" in " ".join(caught.value.note.args["choices"])


def test_lm_studio_folders_are_where_its_home_says(home, tmp_path):
    assert lmstudio.models_dirs() == [home / ".lmstudio" / "models",
                                      home / ".cache" / "lm-studio" / "models"]
    (home / ".lmstudio-home-pointer").write_text(str(tmp_path / "lms") + "\n")
    lmstudio_model(tmp_path / "lms" / "models", "pub", "Tiny-GGUF",
                   {"Tiny-Q4_0.gguf": write_gguf(tmp_path / "a.gguf")})
    assert lmstudio.models_dirs()[0] == tmp_path / "lms" / "models"
    assert resolve_model("pub/Tiny-GGUF").model.source == "lmstudio"
    assert [m.spec for m in lmstudio.list_models()] == ["lmstudio:pub/Tiny-GGUF:Q4_0"]


@pytest.mark.realdata
def test_a_real_lm_studio_model_encodes_as_llama_cpp_says(home):
    from tests.core.gguf_files import vocab_vectors

    source = require_data(GGUF_DATA / "ggml-vocab-gpt-2.gguf")
    lmstudio_model(home / ".lmstudio" / "models", "openai-community", "gpt2-GGUF",
                   {"gpt2-Q8_0.gguf": source, "gpt2-F16.gguf": source})
    loaded = open_tokenizer("openai-community/gpt2-GGUF")
    assert any(n.code == "models.same_tokenizer" for n in loaded.runtime.notes)
    for text, ids in vocab_vectors(source)[:12]:
        assert list(loaded.runtime.encode(text, add_special_tokens=False).ids) == ids, text


def test_llama_cpp_flat_cache_by_repo_tag_and_by_file(home, tmp_path, monkeypatch):
    flat = home / ".cache" / "llama.cpp"
    assert llamacpp_cache.flat_dir() == flat
    gguf = write_gguf(tmp_path / "m.gguf")
    path = llamacpp_flat(flat, "ggml-org/tiny-GGUF", "Q8_0", "tiny-Q8_0.gguf", gguf)
    llamacpp_flat(flat, "ggml-org/tiny-GGUF", "latest", "tiny-Q8_0.gguf", gguf)
    assert path.name == "ggml-org_tiny-GGUF_tiny-Q8_0.gguf"
    assert resolve_model("ggml-org/tiny-GGUF:Q8_0").model.path == path
    assert resolve_model("llama.cpp:ggml-org/tiny-GGUF").model.path == path  # tag "latest"
    assert resolve_model(f"llama.cpp:{path.name}").model.path == path
    assert [m.spec for m in llamacpp_cache.list_models()] == [f"llama.cpp:{path.name}"]
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert llamacpp_cache.flat_dir() == tmp_path / "xdg" / "llama.cpp"


def test_llama_cpp_hub_layout_under_llama_cache_and_in_the_hub_cache(home, tmp_path,
                                                                      monkeypatch):
    files = {"tiny-Q4_K_M.gguf": write_gguf(tmp_path / "a.gguf"),
             "tiny-Q8_0.gguf": write_gguf(tmp_path / "b.gguf", tokens=OTHER_TOKENS,
                                          merges=["x y", "Ġ xy"])}
    hf_snapshot(hub_of(home), "ggml-org/tiny-GGUF", files)  # llama.cpp's default: the Hub cache
    located = resolve_model("ggml-org/tiny-GGUF:Q4_K_M")
    assert (located.model.source, located.model.tag) == ("hf", "Q4_K_M")
    assert located.model.path.name == "tiny-Q4_K_M.gguf"
    with pytest.raises(ModelError) as caught:  # two quantizations, two tokenizers
        resolve_model("ggml-org/tiny-GGUF", fingerprint=_fingerprint)
    assert caught.value.note.code == "models.ambiguous"

    monkeypatch.setenv("LLAMA_CACHE", str(tmp_path / "llama-cache"))
    hf_snapshot(tmp_path / "llama-cache", "ggml-org/other-GGUF",
                {"other-Q4_0.gguf": files["tiny-Q4_K_M.gguf"]})
    located = resolve_model("ggml-org/other-GGUF:Q4_0")
    assert (located.model.source, located.model.spec) == (
        "llama.cpp", "llama.cpp:ggml-org/other-GGUF:Q4_0")
    assert [m.spec for m in llamacpp_cache.list_models()] == ["llama.cpp:ggml-org/other-GGUF:Q4_0"]


def _fingerprint(model):
    from core.loading import _fingerprint_of

    return _fingerprint_of(model)


def test_a_dangling_gguf_link_is_named(home, tmp_path):
    folder = lmstudio_model(home / ".lmstudio" / "models", "pub", "Gone-GGUF", {})
    target = tmp_path / "moved-away.gguf"
    (folder / "Gone-Q4_0.gguf").symlink_to(target)
    with pytest.raises(ModelError) as caught:
        open_tokenizer("pub/Gone-GGUF")
    assert caught.value.note.code == "models.blob_missing"
    assert caught.value.note.args == {"file": "Gone-Q4_0.gguf", "target": str(target)}
    (listed,) = lmstudio.list_models()
    assert listed.error.note.code == "models.blob_missing"
    shutil.copyfile(write_gguf(tmp_path / "a.gguf"), target)
    assert open_tokenizer("pub/Gone-GGUF").format == "gguf"
