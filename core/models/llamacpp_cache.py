"""llama.cpp's download cache: ``org/repo[:quantization]`` (``llama-cli -hf``'s names) to a GGUF.

llama.cpp has kept its downloads in two layouts:

- since ``common/hf-cache.cpp``, the Hugging Face hub layout, in ``LLAMA_CACHE`` when it is set,
  else in the Hub cache itself (which :mod:`.hf_cache` reads, as source ``hf``);
- before, flat files in ``LLAMA_CACHE``, else ``$XDG_CACHE_HOME/llama.cpp`` or
  ``~/.cache/llama.cpp`` (``~/Library/Caches/llama.cpp`` on macOS, ``%LOCALAPPDATA%\\llama.cpp``
  on Windows; ``fs_get_cache_directory``): ``<org>_<repo>_<file>.gguf`` (every ``/`` made
  ``_``), and ``manifest=<org>_<repo>=<tag>.json``, the Hub's answer naming the tag's file
  (``ggufFile.rfilename``; the tag ``latest`` when none was given).

A flat file's name cannot be split back into repo and file (both may hold ``_``), so a listing
names it by its file name, and ``org/repo:tag`` finds it through its manifest.

>>> legacy_file_name("bartowski/Llama-3.2-1B-Instruct-GGUF", "Llama-3.2-1B-Instruct-Q4_K_M.gguf")
'bartowski_Llama-3.2-1B-Instruct-GGUF_Llama-3.2-1B-Instruct-Q4_K_M.gguf'
>>> manifest_name("bartowski/Llama-3.2-1B-Instruct-GGUF", "Q4_K_M")
'manifest=bartowski_Llama-3.2-1B-Instruct-GGUF=Q4_K_M.json'
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Mapping

from . import hf_cache
from .entry import BrokenModel, LocalModel, ModelError, dangling, disk_size
from .folder import is_model_gguf, quant_tag


def flat_dir(env: Mapping[str, str] | None = None) -> Path:
    """Where llama.cpp kept (and keeps, for URLs and Docker models) its flat downloads."""
    env = os.environ if env is None else env
    if env.get("LLAMA_CACHE"):
        return Path(env["LLAMA_CACHE"]).expanduser()
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "llama.cpp"
    if sys.platform == "win32" and env.get("LOCALAPPDATA"):
        return Path(env["LOCALAPPDATA"]) / "llama.cpp"
    return Path(env.get("XDG_CACHE_HOME") or Path.home() / ".cache") / "llama.cpp"


def hub_layout_dir(env: Mapping[str, str] | None = None) -> Path | None:
    """``LLAMA_CACHE`` when set: recent llama.cpp keeps the Hub layout there (else in the Hub
    cache, read as source ``hf``)."""
    env = os.environ if env is None else env
    return Path(env["LLAMA_CACHE"]).expanduser() if env.get("LLAMA_CACHE") else None


def legacy_file_name(repo: str, file: str) -> str:
    """The flat file a ``-hf repo`` download of ``file`` was saved as."""
    return f"{repo}_{file}".replace("/", "_")


def manifest_name(repo: str, tag: str) -> str:
    """The flat cache's copy of the Hub's manifest for ``repo:tag``."""
    return f"manifest={repo}={tag}.json".replace("/", "_")


def find(text: str, *, env: Mapping[str, str] | None = None) -> list[LocalModel]:
    """The GGUFs ``text`` names: ``org/repo[:tag]`` in the Hub layout under ``LLAMA_CACHE``
    or through a flat manifest, or a flat file by its name. Empty when none."""
    flat, hub = flat_dir(env), hub_layout_dir(env)
    name, _, tag = text.partition(":")
    found: list[LocalModel] = []
    if hub is not None and hf_cache.REPO_ID.match(name):
        found += hf_cache.find(name, tag=tag or None, cache=hub, source="llama.cpp")
    if name.count("/") == 1:
        manifest = flat / manifest_name(name, tag or "latest")
        file = _manifest_file(manifest) if manifest.is_file() else None
        if file is not None:
            found.append(_flat_model(flat / legacy_file_name(name, file)))
    elif "/" not in text:
        for candidate in (flat / text, flat / f"{text}.gguf"):
            if candidate.suffix == ".gguf" and (candidate.is_file() or candidate.is_symlink()):
                found.append(_flat_model(candidate))
                break
    return found


def _manifest_file(path: Path) -> str | None:
    """``ggufFile.rfilename`` of a cached Hub manifest; None when it has none."""
    try:
        data = json.loads(path.read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        return None
    gguf = data.get("ggufFile") if isinstance(data, dict) else None
    name = gguf.get("rfilename") if isinstance(gguf, dict) else None
    return name if isinstance(name, str) and name else None


def _flat_model(path: Path) -> LocalModel:
    if not path.is_file():
        target = dangling(path)
        raise ModelError.of_note("models.blob_missing", path=path, file=path.name,
                                 target=str(target or path))
    return LocalModel("llama.cpp", path.name, quant_tag(path.name), path, disk_size([path]))


def list_models(env: Mapping[str, str] | None = None) -> list:
    """The flat cache's model GGUFs (first splits), and the Hub layout under ``LLAMA_CACHE``."""
    flat, hub = flat_dir(env), hub_layout_dir(env)
    found: list = []
    if hub is not None:
        found += hf_cache.list_models(hub, source="llama.cpp")
    if flat.is_dir():
        for path in sorted(flat.glob("*.gguf")):
            if not is_model_gguf(path.name) or "-of-" in path.name and "-00001-of-" not in path.name:
                continue
            try:
                found.append(_flat_model(path))
            except ModelError as err:
                found.append(BrokenModel("llama.cpp", path.name, quant_tag(path.name), path, err))
    return found
