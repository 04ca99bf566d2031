"""The one loading layer: what open_tokenizer returns for every kind of path."""

from __future__ import annotations

import json

import pytest

from core.notes import english

import core.formats.tiktoken.runtime as tiktoken_runtime
from core.bundles.bundle import import_tokenizer
from core.formats.configs import Configs
from core.errors import WorkbenchError
from core.loading import open_tokenizer, save_loaded
from core.formats.tiktoken.presets import preset
from core.formats.tiktoken.runtime import RankFile
from tests.conftest import TOKENIZERS, require_data
from tests.core.builders import (FORMAT_NAMES, built, encode_ids, options_for,  # noqa: F401
                                 rank_file_bytes, tiktoken_ranks, write_spm, write_tokenizer_json)

N_RANKS = len(tiktoken_ranks())
TEMPLATE = "{% for m in messages %}{{ m['content'] }}{% endfor %}"


def _open_options(kind: str) -> dict:
    options = options_for(kind)
    if "special" in options:
        options["special_tokens"] = options.pop("special")
    return options


def _with_configs(folder):
    path = write_tokenizer_json(folder)
    (folder / "tokenizer_config.json").write_text(json.dumps(
        {"bos_token": "<s>", "chat_template": "from tokenizer_config"}), encoding="utf-8")
    (folder / "config.json").write_text('{"vocab_size": 300, "hidden_size": 64}', encoding="utf-8")
    (folder / "generation_config.json").write_text('{"eos_token_id": 2}', encoding="utf-8")
    (folder / "chat_template.jinja").write_text(TEMPLATE, encoding="utf-8")
    return path


@pytest.mark.parametrize("kind", FORMAT_NAMES)
def test_every_format_opens_with_its_source_and_no_manifest(kind, built):
    loaded = open_tokenizer(built[kind], **_open_options(kind))
    assert loaded.source.format == kind and loaded.format == kind
    assert loaded.manifest is None and not loaded.is_bundle
    assert loaded.configs == Configs()  # nothing beside the file
    assert encode_ids(loaded.runtime)


def test_sibling_configs_are_parsed_objects(tmp_path):
    loaded = open_tokenizer(_with_configs(tmp_path))
    configs = loaded.configs
    assert configs.tokenizer_config["bos_token"] == "<s>"
    assert configs.model_config == {"vocab_size": 300, "hidden_size": 64}
    assert configs.generation_config == {"eos_token_id": 2}
    assert configs.special_tokens_map is None
    assert configs.chat_template == TEMPLATE  # the .jinja file wins over tokenizer_config's
    (tmp_path / "chat_template.jinja").unlink()
    assert open_tokenizer(tmp_path).configs.chat_template == "from tokenizer_config"
    (tmp_path / "chat_template.json").write_text(json.dumps({"chat_template": "json"}))
    assert open_tokenizer(tmp_path).configs.chat_template == "json"
    with pytest.raises(Exception):
        configs.model_config = {}  # frozen


def test_malformed_config_is_named_with_its_line(tmp_path):
    path = write_tokenizer_json(tmp_path)
    (tmp_path / "config.json").write_text('{\n  "vocab_size": 300,\n  oops\n}', encoding="utf-8")
    loaded = open_tokenizer(path)
    assert loaded.configs.model_config is None
    assert any(n.code == "config.ignored"
               and f"{tmp_path / 'config.json'}:3:3: invalid JSON" in english(n)
               and "ignored" in english(n) for n in loaded.runtime.notes)


def test_a_bundle_keeps_its_manifest_and_configs(tmp_path):
    source = _with_configs(tmp_path / "src")
    for dest in (tmp_path / "b", tmp_path / "b.zip"):
        import_tokenizer(source, dest)
        loaded = open_tokenizer(dest)
        assert loaded.is_bundle and loaded.source.format == "bundle"
        assert loaded.manifest["model_binding"]["hidden_size"] == 64
        assert "chat_template.jinja" in loaded.manifest["files"]
        assert loaded.configs.chat_template == TEMPLATE  # read before the zip's scratch is gone
        assert loaded.configs.generation_config == {"eos_token_id": 2}


def test_options_a_format_does_not_take_are_refused(tmp_path, built):
    with pytest.raises(WorkbenchError, match="preset apply to tiktoken rank files; this is "
                                             "tokenizer.json"):
        open_tokenizer(built["tokenizer.json"], preset="qwen")
    bundle = import_tokenizer(built["tokenizer.json"], tmp_path / "b")
    with pytest.raises(WorkbenchError, match="its manifest says how it runs"):
        open_tokenizer(bundle, special_tokens={"<x>": 5})


def test_a_parsed_rank_file_is_not_parsed_again(tmp_path, monkeypatch):
    path = tmp_path / "r.tiktoken"
    path.write_bytes(rank_file_bytes())
    rank_file = RankFile.read(path)
    monkeypatch.setattr(tiktoken_runtime, "parse_rank_file",
                        lambda *a, **k: pytest.fail("parsed again"))
    loaded = open_tokenizer(path, preset="qwen", rank_file=rank_file)
    assert loaded.runtime.ranks is rank_file.ranks


def test_saving_keeps_the_preset_and_its_special_tokens(tmp_path):
    path = tmp_path / "r.tiktoken"
    path.write_bytes(rank_file_bytes())
    loaded = open_tokenizer(path, preset="qwen")
    bundle = open_tokenizer(save_loaded(loaded, tmp_path / "b.zip"))
    assert bundle.manifest["tokenizer"]["options"]["preset"] == "qwen"
    assert bundle.runtime.special == preset("qwen").special_tokens(N_RANKS)
    assert bundle.runtime.normalization == "NFC"
    # a bundle saves as the same bundle
    again = open_tokenizer(save_loaded(bundle, tmp_path / "c"))
    assert again.manifest["files"] == bundle.manifest["files"]


def test_custom_special_tokens_survive_a_bundle(tmp_path):
    path = tmp_path / "r.tiktoken"
    path.write_bytes(rank_file_bytes())
    special = {"<|endoftext|>": N_RANKS, "<|im_start|>": N_RANKS + 1, "<think>": N_RANKS + 9}
    loaded = open_tokenizer(path, preset="qwen", special_tokens=special)
    assert loaded.runtime.special == special
    bundle = open_tokenizer(save_loaded(loaded, tmp_path / "b"))
    assert bundle.runtime.special == special
    assert bundle.runtime.encode("a<think>", parse_special=True).ids.tolist()[-1] == N_RANKS + 9


@pytest.mark.realdata
def test_saving_gpt2_ranks_opened_as_qwen_keeps_qwen(tmp_path):
    gpt2 = require_data(TOKENIZERS / "gpt2.tiktoken")
    loaded = open_tokenizer(gpt2, preset="qwen")
    bundle = open_tokenizer(save_loaded(loaded, tmp_path / "b.zip"))
    qwen = preset("qwen").special_tokens(50256)
    assert {t.content: t.id for t in bundle.runtime.special_tokens()} == qwen
    text = "<|im_start|>user\nHello 12345 世界<|im_end|>"
    assert (bundle.runtime.encode(text, parse_special=True).ids.tolist()
            == loaded.runtime.encode(text, parse_special=True).ids.tolist())


def test_spm_add_bos_from_tokenizer_config_is_not_kept_on_the_runtime(tmp_path):
    path = write_spm(tmp_path)
    (tmp_path / "tokenizer_config.json").write_text('{"add_bos_token": true}')
    loaded = open_tokenizer(path)
    assert loaded.runtime.add_bos and loaded.configs.tokenizer_config == {"add_bos_token": True}
    assert not hasattr(loaded.runtime, "configs")


def test_describe_says_what_came_with_the_tokenizer(tmp_path):
    source = _with_configs(tmp_path / "src")
    info = open_tokenizer(source).describe()
    assert info["configs"] == "config.json, generation_config.json, tokenizer_config.json"
    assert info["chat template"] == f"{len(TEMPLATE)} characters" and "bundle" not in info
    bundle = open_tokenizer(import_tokenizer(source, tmp_path / "b", name="demo", version="3"))
    assert bundle.describe()["bundle"].startswith("demo v3, 5 files verified, created ")
