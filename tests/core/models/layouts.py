"""Stores laid out as each tool writes them, in a temporary HOME, for tests.

- :func:`hf_snapshot`: huggingface_hub's cache — blobs named by their hash, snapshot files as
  relative symlinks into ``blobs/``, ``refs/<name>`` holding the commit, ``.no_exist`` markers
  (``file_download.py``);
- :func:`ollama_model`: Ollama's manifest (``schemaVersion`` 2, a config layer, the layers by
  media type) and ``blobs/sha256-<hex>`` named by their real digest (``manifest.WriteManifest``);
- :func:`lmstudio_model`: ``<models>/<publisher>/<model>/<file>.gguf``;
- :func:`llamacpp_flat`: llama.cpp's flat cache, ``<org>_<repo>_<file>`` and
  ``manifest=<org>_<repo>=<tag>.json``.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
from pathlib import Path

import pytest

ENV_VARIABLES = ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME",
                 "OLLAMA_MODELS", "LLAMA_CACHE")


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    """An empty HOME with none of the stores' variables set (each test sets what it needs)."""
    folder = tmp_path / "home"
    folder.mkdir()
    monkeypatch.setenv("HOME", str(folder))
    for name in ENV_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return folder


def hub_of(home: Path) -> Path:
    return home / ".cache" / "huggingface" / "hub"


def _content(value) -> bytes:
    return Path(value).read_bytes() if isinstance(value, (str, Path)) else bytes(value)


def hf_snapshot(hub: Path, repo_id: str, files: dict, *, commit: str | None = None,
                refs: tuple[str, ...] = ("main",), symlinks: bool = True) -> Path:
    """A snapshot of ``files`` (name -> source path or bytes; a name may hold ``/``) under
    commit ``commit`` (default: derived from the files), named by ``refs``. Returns the
    snapshot folder."""
    repo = hub / ("models--" + repo_id.replace("/", "--"))
    contents = {name: _content(value) for name, value in files.items()}
    if commit is None:
        digest = hashlib.sha1()
        for name in sorted(contents):
            digest.update(name.encode() + contents[name])
        commit = digest.hexdigest()
    snapshot = repo / "snapshots" / commit
    for name, data in contents.items():
        target = snapshot / name
        target.parent.mkdir(parents=True, exist_ok=True)
        if symlinks:
            blob = repo / "blobs" / hashlib.sha256(data).hexdigest()
            blob.parent.mkdir(parents=True, exist_ok=True)
            blob.write_bytes(data)
            os.symlink(os.path.relpath(blob, target.parent), target)
        else:  # where symlinks cannot be made, huggingface_hub copies the file
            target.write_bytes(data)
    for ref in refs:
        path = repo / "refs" / ref
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(commit)  # no newline, as huggingface_hub writes it
    return snapshot


def no_exist(hub: Path, repo_id: str, commit: str, names: list[str]) -> None:
    """The empty markers huggingface_hub leaves for files the Hub says do not exist."""
    folder = hub / ("models--" + repo_id.replace("/", "--")) / ".no_exist" / commit
    folder.mkdir(parents=True, exist_ok=True)
    for name in names:
        (folder / name).touch()


def ollama_blob(models: Path, data: bytes) -> dict:
    """Store ``data`` as Ollama does; its layer record (digest, size)."""
    digest = hashlib.sha256(data).hexdigest()
    blob = models / "blobs" / f"sha256-{digest}"
    blob.parent.mkdir(parents=True, exist_ok=True)
    blob.write_bytes(data)
    return {"digest": f"sha256:{digest}", "size": len(data)}


def ollama_model(models: Path, name: tuple[str, str, str, str], gguf, *,
                 template: str | None = None, extra_layers: list[dict] = ()) -> Path:
    """A pulled model: manifest ``manifests/<host>/<namespace>/<model>/<tag>`` with a config
    layer, the GGUF model layer and, given a ``template``, its template layer."""
    config = ollama_blob(models, json.dumps({"model_format": "gguf", "model_family": "llama",
                                             "file_type": "Q4_K_M"}).encode())
    layers = [{"mediaType": "application/vnd.ollama.image.model",
               **ollama_blob(models, _content(gguf))}]
    if template is not None:
        layers.append({"mediaType": "application/vnd.ollama.image.template",
                       **ollama_blob(models, template.encode())})
    layers += list(extra_layers)
    manifest = {"schemaVersion": 2,
                "mediaType": "application/vnd.docker.distribution.manifest.v2+json",
                "config": {"mediaType": "application/vnd.docker.container.image.v1+json",
                           **config},
                "layers": layers}
    path = models / "manifests" / Path(*name)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(manifest))
    return path


def lmstudio_model(root: Path, publisher: str, model: str, files: dict) -> Path:
    """``<root>/<publisher>/<model>/`` holding ``files`` (name -> source path or bytes)."""
    folder = root / publisher / model
    folder.mkdir(parents=True, exist_ok=True)
    for name, value in files.items():
        (folder / name).write_bytes(_content(value))
    return folder


def llamacpp_flat(folder: Path, repo: str, tag: str, file: str, gguf) -> Path:
    """A download of ``repo:tag`` by older llama.cpp: the Hub manifest it cached and the
    GGUF saved as ``<org>_<repo>_<file>``."""
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"manifest={repo}={tag}.json".replace("/", "_")).write_text(json.dumps(
        {"ggufFile": {"rfilename": file, "blobId": "x", "size": 1}}))
    path = folder / f"{repo}_{file}".replace("/", "_")
    shutil.copyfile(gguf, path) if isinstance(gguf, (str, Path)) else path.write_bytes(gguf)
    return path
