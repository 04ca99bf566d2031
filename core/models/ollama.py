"""Ollama's store: ``model:tag`` to the GGUF blob of its manifest, and its template layer.

The layout is Ollama's (``manifest/paths.go``, ``manifest/manifest.go``, ``types/model/name.go``)::

    <models>/manifests/<host>/<namespace>/<model>/<tag>    a JSON manifest
    <models>/blobs/sha256-<hex>                            each layer, named by its digest

``<models>`` is ``OLLAMA_MODELS``, else ``~/.ollama/models``. A name is
``[host/][namespace/]model[:tag]`` with ``registry.ollama.ai``, ``library`` and ``latest`` for
the parts left out. The manifest lists layers by media type: the model's GGUF is
``application/vnd.ollama.image.model``, its Go template ``application/vnd.ollama.image.template``
(``...image.prompt`` in older models).

>>> OllamaName.parse("llama3.1:8b").path_parts
('registry.ollama.ai', 'library', 'llama3.1', '8b')
>>> OllamaName.parse("hf.co/bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M").display
'hf.co/bartowski/Llama-3.2-1B-Instruct-GGUF:Q4_K_M'
>>> OllamaName.parse("a/b/c/d") is None
True
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Mapping

from ..formats.gguf.header import is_gguf
from .entry import BrokenModel, LocalModel, ModelError, disk_size

DEFAULT_HOST, DEFAULT_NAMESPACE, DEFAULT_TAG = "registry.ollama.ai", "library", "latest"
MODEL_LAYER = "application/vnd.ollama.image.model"
TEMPLATE_LAYERS = ("application/vnd.ollama.image.template", "application/vnd.ollama.image.prompt")
DIGEST = re.compile(r"^sha256[:-]([0-9a-fA-F]{64})$")
TEMPLATE_LIMIT = 1 << 20  # a template layer is text of a few KB; more is not a template


def models_dir(env: Mapping[str, str] | None = None) -> Path:
    """Ollama's models folder: ``OLLAMA_MODELS``, else ``~/.ollama/models`` (envconfig)."""
    env = os.environ if env is None else env
    if env.get("OLLAMA_MODELS"):
        return Path(env["OLLAMA_MODELS"]).expanduser()
    return Path.home() / ".ollama" / "models"


def _valid_part(kind: str, part: str) -> bool:
    """Ollama's ``isValidPart``: 1–80 characters (a host up to 350), starting with a letter,
    digit or ``_``; then also ``-``, ``_``, ``.`` (not in a namespace) and ``:`` (a host's)."""
    if not 1 <= len(part) <= (350 if kind == "host" else 80):
        return False
    if not (part[0].isascii() and (part[0].isalnum() or part[0] == "_")):
        return False
    for char in part[1:]:
        if char in "_-" or (char.isascii() and char.isalnum()):
            continue
        if char == "." and kind != "namespace":
            continue
        if char == ":" and kind == "host":
            continue
        return False
    return True


@dataclass(frozen=True)
class OllamaName:
    """A fully qualified Ollama model name."""

    host: str
    namespace: str
    model: str
    tag: str

    @classmethod
    def parse(cls, text: str) -> "OllamaName | None":
        """As ``ParseName``: the tag after the last ``:`` that follows the last ``/``, then the
        model, namespace and host from the right; None for a name Ollama would refuse."""
        rest, tag = text, DEFAULT_TAG
        if rest.rfind(":") > rest.rfind("/"):
            rest, _, tag = rest.rpartition(":")  # an empty tag stays empty: refused below
        _, _, rest = rest.rpartition("://")  # a scheme before the host says how to pull
        parts = rest.split("/")
        if len(parts) > 3 or not all(parts):
            return None
        host, namespace = DEFAULT_HOST, DEFAULT_NAMESPACE
        if len(parts) == 3:
            host = parts[0]
        if len(parts) >= 2:
            namespace = parts[-2]
        name = cls(host, namespace, parts[-1], tag)
        kinds = ("host", "namespace", "model", "tag")
        return name if all(_valid_part(k, p) for k, p in zip(kinds, name.path_parts)) else None

    @property
    def path_parts(self) -> tuple[str, str, str, str]:
        return (self.host, self.namespace, self.model, self.tag)

    @property
    def display(self) -> str:
        """Ollama's ``DisplayShortest``: the default host and namespace left out."""
        if self.host.lower() != DEFAULT_HOST:
            return f"{self.host}/{self.namespace}/{self.model}:{self.tag}"
        if self.namespace.lower() != DEFAULT_NAMESPACE:
            return f"{self.namespace}/{self.model}:{self.tag}"
        return f"{self.model}:{self.tag}"


def blob_path(models: Path, digest: str) -> Path | None:
    """``blobs/sha256-<hex>`` of a digest (``manifest.BlobsPath``); None for a malformed one."""
    found = DIGEST.match(digest or "")
    return models / "blobs" / f"sha256-{found.group(1)}" if found else None


def manifest_path(models: Path, name: OllamaName) -> Path | None:
    """The manifest file of ``name``; Ollama compares names case aside, so a file of another
    case is found too. None when there is none."""
    path = models / "manifests" / Path(*name.path_parts)
    if path.is_file():
        return path
    folder = models / "manifests"
    for part in name.path_parts:
        if not folder.is_dir():
            return None
        matches = [p for p in folder.iterdir() if p.name.lower() == part.lower()]
        if not matches:
            return None
        folder = matches[0]
    return folder if folder.is_file() else None


def model_of(models: Path, name: OllamaName, path: Path) -> LocalModel:
    """The model a manifest describes: its GGUF blob, its template, the size of its blobs.

    Raises :class:`ModelError` naming what is wrong: the manifest, a missing model layer, a
    missing blob, a model layer that is not a GGUF file."""
    display = name.display
    try:
        manifest = json.loads(path.read_text("utf-8"))
        layers = manifest["layers"]
        if not isinstance(layers, list) or not all(isinstance(x, dict) for x in layers):
            raise TypeError("layers is not a list of objects")
    except (OSError, UnicodeDecodeError, ValueError, KeyError, TypeError) as err:
        raise ModelError.of_note("models.bad_manifest", path=path, name=display,
                                 problem=f"{type(err).__name__}: {err}") from None
    model_layers = [x for x in layers if x.get("mediaType") == MODEL_LAYER]
    if not model_layers:
        kinds = sorted({str(x.get("mediaType")) for x in layers})
        raise ModelError.of_note("models.no_model_layer", path=path, name=display, kinds=kinds)
    blob = blob_path(models, model_layers[0].get("digest", ""))
    if blob is None:
        raise ModelError.of_note("models.bad_manifest", path=path, name=display,
                                 problem=f"digest {model_layers[0].get('digest')!r}")
    if not blob.is_file():
        raise ModelError.of_note("models.blob_missing", path=path, file=display,
                                 target=str(blob))
    with open(blob, "rb") as handle:
        if not is_gguf(handle.read(4)):
            raise ModelError.of_note("models.not_gguf", path=blob, name=display)
    blobs = [blob_path(models, x.get("digest", "")) for x in [*layers, manifest.get("config") or {}]
             if isinstance(x, dict)]
    return LocalModel("ollama", display, name.tag, blob, disk_size(b for b in blobs if b),
                      go_template=_template(models, layers))


def _template(models: Path, layers: list[dict]) -> str | None:
    for layer in layers:
        if layer.get("mediaType") in TEMPLATE_LAYERS:
            blob = blob_path(models, layer.get("digest", ""))
            if blob is not None and blob.is_file() and blob.stat().st_size <= TEMPLATE_LIMIT:
                try:
                    return blob.read_text("utf-8")
                except UnicodeDecodeError:
                    return None
    return None


def find(text: str, *, models: Path | None = None) -> list[LocalModel]:
    """The model ``text`` names in Ollama's store (a list of one), or empty when it has none
    of that name. Raises :class:`ModelError` for a manifest that does not open."""
    models = models_dir() if models is None else models
    name = OllamaName.parse(text)
    if name is None:
        return []
    path = manifest_path(models, name)
    return [] if path is None else [model_of(models, name, path)]


def list_models(models: Path | None = None) -> list:
    """Every manifest of the store (``manifests/*/*/*/*``, as Ollama's ``Manifests``), as a
    :class:`LocalModel`, or a :class:`BrokenModel` naming what is wrong."""
    models = models_dir() if models is None else models
    found: list = []
    for path in sorted((models / "manifests").glob("*/*/*/*")):
        if not path.is_file():
            continue
        name = OllamaName(*path.relative_to(models / "manifests").parts)
        try:
            found.append(model_of(models, name, path))
        except ModelError as err:
            found.append(BrokenModel("ollama", name.display, name.tag, path, err))
    return found
