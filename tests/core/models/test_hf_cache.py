"""The Hugging Face cache read by name, with huggingface_hub itself as the oracle: where the
cache is (``constants``), which file a name and revision give (``try_to_load_from_cache``),
what the cache holds (``scan_cache_dir``), and the same broken caches it warns about."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from core.loading import open_tokenizer
from core.models import ModelError, resolve_model
from core.models.hf_cache import hub_cache, list_models
from tests.conftest import TOKENIZERS, require_data
from tests.core.builders import _bpe_tokenizer_json
from tests.core.models.layouts import hf_snapshot, hub_of, no_exist

huggingface_hub = pytest.importorskip("huggingface_hub")

CONFIG = json.dumps({"bos_token": "<|endoftext|>", "eos_token": "<|endoftext|>",
                     "chat_template": "{% for m in messages %}{{ m['content'] }}{% endfor %}"})


def hub_constant(env: dict) -> str:
    """``HF_HUB_CACHE`` as huggingface_hub computes it under ``env`` (at import, so in a fresh
    interpreter)."""
    code = "from huggingface_hub import constants; print(constants.HF_HUB_CACHE)"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True)
    return out.stdout.strip()


@pytest.mark.parametrize("variables", [
    {},
    {"XDG_CACHE_HOME": "{home}/xdg"},
    {"HF_HOME": "{home}/hf", "XDG_CACHE_HOME": "{home}/xdg"},
    {"HUGGINGFACE_HUB_CACHE": "{home}/legacy", "HF_HOME": "{home}/hf"},
    {"HF_HUB_CACHE": "{home}/hub", "HUGGINGFACE_HUB_CACHE": "{home}/legacy"},
    {"HF_HOME": "~/tilde"},
])
def test_the_cache_is_where_huggingface_hub_puts_it(home, variables):
    env = {k: v for k, v in os.environ.items() if not k.startswith(("HF_", "HUGGINGFACE_", "XDG_"))}
    env.update({k: v.format(home=home) for k, v in variables.items()})
    assert str(hub_cache(env)) == hub_constant(env)


def test_a_name_opens_the_main_snapshot_as_huggingface_hub_finds_it(home):
    hub = hub_of(home)
    old = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()},
                      refs=("v1",))
    new = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode(),
                                         "tokenizer_config.json": CONFIG.encode()})
    for revision, snapshot in ((None, new), ("main", new), ("v1", old), (old.name, old),
                               (old.name[:10], old)):
        located = resolve_model("acme/tiny" + (f"@{revision}" if revision else ""))
        assert located.model.path == snapshot
        oracle = huggingface_hub.try_to_load_from_cache(
            "acme/tiny", "tokenizer.json", cache_dir=hub,
            revision=revision if revision != old.name[:10] else old.name)
        assert located.model.path / "tokenizer.json" == type(located.model.path)(oracle)
    loaded = open_tokenizer("acme/tiny")
    assert loaded.runtime.name == "acme/tiny"
    assert loaded.model.refs == ("main",) and loaded.model.spec == "hf:acme/tiny@main"
    assert loaded.configs.chat_template == json.loads(CONFIG)["chat_template"]  # its sibling
    assert open_tokenizer("hf:acme/tiny@v1").configs.tokenizer_config is None


@pytest.mark.realdata
def test_a_real_tokenizer_opened_by_name_encodes_as_the_tokenizers_library(home):
    from tokenizers import Tokenizer

    source = require_data(TOKENIZERS / "bert-minilm")
    hf_snapshot(hub_of(home), "sentence-transformers/all-MiniLM-L6-v2",
                {"tokenizer.json": source / "tokenizer.json", "vocab.txt": source / "vocab.txt"})
    loaded = open_tokenizer("sentence-transformers/all-MiniLM-L6-v2")
    oracle = Tokenizer.from_file(str(source / "tokenizer.json"))
    oracle.no_padding()
    oracle.no_truncation()
    text = "Hello 世界, tokenizers by name!"
    assert list(loaded.runtime.encode(text).ids) == oracle.encode(text).ids
    assert loaded.format == "tokenizer.json"


def test_the_listing_agrees_with_scan_cache_dir(home):
    hub = hub_of(home)
    hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()},
                refs=("v1",))
    hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode(),
                                   "tokenizer_config.json": CONFIG.encode(),
                                   "model.safetensors": b"\0" * 5000})
    hf_snapshot(hub, "gpt2", {"tokenizer.json": _bpe_tokenizer_json().encode(),
                              "merges.txt": b"#version: 0.2\n"}, symlinks=False)
    hf_snapshot(hub, "acme/config-only", {"config.json": b"{}"})  # no tokenizer: not listed
    ours = {(m.name, m.revision): (m.refs, m.size) for m in list_models()}
    scanned = huggingface_hub.scan_cache_dir(hub)
    assert not scanned.warnings
    theirs = {(repo.repo_id, rev.commit_hash): (tuple(sorted(rev.refs)), rev.size_on_disk)
              for repo in scanned.repos for rev in repo.revisions
              if repo.repo_id != "acme/config-only"}
    assert ours == theirs


def test_a_snapshot_without_tokenizer_files_says_what_was_downloaded(home):
    hub = hub_of(home)
    snapshot = hf_snapshot(hub, "acme/weights", {"config.json": b"{}",
                                                 "generation_config.json": b"{}"})
    with pytest.raises(ModelError) as caught:
        open_tokenizer("acme/weights")
    assert caught.value.note.code == "models.snapshot_without_tokenizer"
    assert caught.value.note.args["present"] == ["config.json", "generation_config.json"]
    assert caught.value.path == str(snapshot)


def test_no_exist_markers_say_the_hub_has_no_tokenizer_file(home):
    hub = hub_of(home)
    snapshot = hf_snapshot(hub, "acme/notok", {"config.json": b"{}"})
    no_exist(hub, "acme/notok", snapshot.name, ["tokenizer.json", "tokenizer.model"])
    from huggingface_hub.file_download import _CACHED_NO_EXIST

    assert huggingface_hub.try_to_load_from_cache("acme/notok", "tokenizer.json",
                                                  cache_dir=hub) is _CACHED_NO_EXIST
    with pytest.raises(ModelError) as caught:
        open_tokenizer("acme/notok")
    assert caught.value.note.code == "models.hub_has_no_tokenizer"
    assert caught.value.note.args["files"] == ["tokenizer.json", "tokenizer.model"]
    assert "do not exist there" in str(caught.value)


def test_a_blob_symlink_pointing_nowhere_is_named(home):
    hub = hub_of(home)
    snapshot = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode(),
                                              "tokenizer_config.json": CONFIG.encode()})
    blob = (snapshot / "tokenizer_config.json").resolve()
    blob.unlink()  # a cleaned cache, an interrupted download
    scanned = huggingface_hub.scan_cache_dir(hub)
    assert "Blob missing (broken symlink)" in str(scanned.warnings[0])  # the oracle sees it too
    with pytest.raises(ModelError) as caught:
        open_tokenizer("acme/tiny")
    assert caught.value.note.code == "models.blob_missing"
    assert caught.value.note.args == {"file": "tokenizer_config.json", "target": str(blob)}
    (listed,) = list_models()
    assert listed.error.note.code == "models.blob_missing"  # listed, with its problem


def test_missing_revisions_and_refs_are_named(home):
    hub = hub_of(home)
    snapshot = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()},
                           refs=("main", "v1"))
    with pytest.raises(ModelError) as caught:
        resolve_model("acme/tiny@v2")
    assert caught.value.note.code == "models.revision_not_cached"
    assert caught.value.note.args["cached"] == ["main", "v1", snapshot.name[:12]]
    (hub / "models--acme--tiny" / "refs" / "main").write_text("f" * 40)
    with pytest.raises(ModelError) as caught:
        resolve_model("acme/tiny")
    assert caught.value.note.code == "models.ref_without_snapshot"
    assert caught.value.note.args["commit"] == "f" * 40


def test_several_snapshots_without_main_open_when_their_tokenizer_is_one(home):
    hub = hub_of(home)
    first = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode()},
                        refs=())
    second = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": _bpe_tokenizer_json().encode(),
                                            "README.md": b"# tiny"}, refs=())
    loaded = open_tokenizer("acme/tiny")
    (said,) = [n for n in loaded.runtime.notes if n.code == "models.same_tokenizer"]
    assert said.args["count"] == 2
    assert {loaded.path.parent.name, said.args["others"][0].rpartition("@")[2]} == {
        first.name, second.name}


def test_several_snapshots_with_different_tokenizers_are_refused_naming_each(home):
    hub = hub_of(home)
    spec = json.loads(_bpe_tokenizer_json())
    other = dict(spec, normalizer={"type": "Lowercase"})
    first = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": json.dumps(spec).encode()},
                        refs=())
    second = hf_snapshot(hub, "acme/tiny", {"tokenizer.json": json.dumps(other).encode()},
                         refs=())
    with pytest.raises(ModelError) as caught:
        open_tokenizer("acme/tiny")
    assert caught.value.note.code == "models.ambiguous"
    choices = " ".join(caught.value.note.args["choices"])
    assert f"hf:acme/tiny@{first.name}" in choices and f"hf:acme/tiny@{second.name}" in choices
    assert list(open_tokenizer(f"acme/tiny@{second.name}").runtime.encode("ABC").ids) != list(
        open_tokenizer(f"acme/tiny@{first.name}").runtime.encode("ABC").ids)
