"""The Hugging Face hub cache: ``org/name[@revision]`` to a snapshot folder, read offline.

The layout is huggingface_hub's (``file_download.py``, ``utils/_cache_manager.py``)::

    <cache>/models--<org>--<name>/
        refs/main                      the commit the branch "main" was last seen at (a tag, a
        refs/refs/pr/1                 PR, a truncated hash asked for get one file each)
        snapshots/<commit>/<file>      a symlink into ../../blobs (a copy where symlinks fail)
        blobs/<etag>
        .no_exist/<commit>/<file>      an empty marker: the Hub said <file> does not exist there

``<cache>`` is ``HF_HUB_CACHE``, else ``HUGGINGFACE_HUB_CACHE``, else ``HF_HOME/hub``, else
``XDG_CACHE_HOME/huggingface/hub``, else ``~/.cache/huggingface/hub`` (``constants.py``).
Recent llama.cpp keeps its downloads in this same layout (``common/hf-cache.cpp``): a GGUF repo's
snapshot holds ``.gguf`` files, one model per quantization (:mod:`.folder`).

>>> repo_folder_name("Qwen/Qwen2.5-7B-Instruct"), repo_id_of("models--openai-community--gpt2")
('models--Qwen--Qwen2.5-7B-Instruct', 'openai-community/gpt2')
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Mapping

from .entry import BrokenModel, LocalModel, ModelError, disk_size
from .folder import (config_files, folder_models, missing_blobs, model_ggufs, pick_tag,
                     tokenizer_files)

PREFIX = "models--"
SEPARATOR = "--"
COMMIT = re.compile(r"^[0-9a-f]{40}$")
# a repo id: one or two parts of letters, digits, "_", "-", "." (the Hub's own rule is stricter)
REPO_ID = re.compile(r"^[\w.-]+(/[\w.-]+)?$")


def hub_cache(env: Mapping[str, str] | None = None) -> Path:
    """Where huggingface_hub keeps its cache, as ``constants.py`` computes it (an empty
    variable counts as unset)."""
    env = os.environ if env is None else env

    def expand(value: str) -> Path:
        return Path(os.path.expandvars(os.path.expanduser(value)))

    for variable in ("HF_HUB_CACHE", "HUGGINGFACE_HUB_CACHE"):
        if env.get(variable):
            return expand(env[variable])
    if env.get("HF_HOME"):
        return expand(env["HF_HOME"]) / "hub"
    cache_home = env.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return expand(cache_home) / "huggingface" / "hub"


def repo_folder_name(repo_id: str) -> str:
    """The cache folder of a model repo: ``models--`` and the id's parts joined by ``--``."""
    return SEPARATOR.join(["models", *repo_id.split("/")])


def repo_id_of(folder_name: str) -> str:
    """The repo id a cache folder stands for (huggingface_hub's ``_scan_cached_repo``)."""
    return folder_name.split(SEPARATOR, 1)[1].replace(SEPARATOR, "/")


def refs_of(repo: Path) -> dict[str, str]:
    """``{ref: commit}`` of a cached repo (``main``, ``v1.0``, ``refs/pr/1``)."""
    refs_dir = repo / "refs"
    found = {}
    if refs_dir.is_dir():
        for path in sorted(refs_dir.rglob("*")):
            if path.is_file():
                try:
                    found[path.relative_to(refs_dir).as_posix()] = path.read_text("utf-8").strip()
                except (OSError, UnicodeDecodeError):
                    continue
    return found


def snapshots_of(repo: Path) -> list[str]:
    """The commits a cached repo has a snapshot of, sorted."""
    folder = repo / "snapshots"
    return sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []


def find(repo_id: str, *, revision: str | None = None, tag: str | None = None,
         cache: Path | None = None, source: str = "hf") -> list[LocalModel]:
    """The models ``repo_id`` names in the cache: the ``main`` snapshot's (or ``revision``'s),
    its tokenizer folder, or its GGUFs (the one of ``tag``). Every snapshot when none is
    ``main`` and there are several (the resolver compares them). Empty when the repo is not
    cached.

    Raises :class:`ModelError` for what the cache lacks: the revision, a snapshot, tokenizer
    files (the ``.no_exist`` markers say when the Hub has none), a blob a symlink points to.
    """
    cache = hub_cache() if cache is None else cache
    repo = cache / repo_folder_name(repo_id)
    if not repo.is_dir():
        return []
    refs, commits = refs_of(repo), snapshots_of(repo)
    if revision is None:
        if "main" in refs:
            chosen = [_snapshot_named(repo_id, repo, refs, "main", refs["main"], commits)]
        elif commits:
            chosen = commits
        else:
            raise ModelError.of_note("models.no_snapshot", path=repo, name=repo_id)
    else:
        chosen = [_revision(repo_id, repo, refs, commits, revision)]
    by_commit = {}
    for ref, commit in refs.items():
        by_commit.setdefault(commit, []).append(ref)
    models: list[LocalModel] = []
    for commit in chosen:
        models += _snapshot_models(repo_id, repo, commit, tuple(by_commit.get(commit, ())), tag,
                                   source)
    return models


def _snapshot_named(repo_id: str, repo: Path, refs: dict, ref: str, commit: str,
                    commits: list[str]) -> str:
    if commit not in commits:
        raise ModelError.of_note("models.ref_without_snapshot", path=repo / "refs" / ref,
                                 name=repo_id, ref=ref, commit=commit)
    return commit


def _revision(repo_id: str, repo: Path, refs: dict, commits: list[str], revision: str) -> str:
    """The commit ``revision`` names: a ref, a cached commit, or a unique prefix of one (7+)."""
    if revision in refs:
        return _snapshot_named(repo_id, repo, refs, revision, refs[revision], commits)
    if revision in commits:
        return revision
    matches = [c for c in commits if len(revision) >= 7 and c.startswith(revision.lower())]
    if len(matches) == 1:
        return matches[0]
    cached = [*refs, *(c[:12] for c in commits)]
    raise ModelError.of_note("models.revision_not_cached", path=repo, name=repo_id,
                             revision=revision, cached=cached)


def _snapshot_models(repo_id: str, repo: Path, commit: str, refs: tuple[str, ...],
                     tag: str | None, source: str) -> list[LocalModel]:
    folder = repo / "snapshots" / commit
    if tag is not None:
        models = [LocalModel(source, repo_id, commit, g.path, disk_size(g.parts), refs,
                             tag=g.tag) for g in model_ggufs(folder)]
        picked = pick_tag(models, tag)
        if not picked:
            raise ModelError.of_note("models.no_such_tag", path=folder, name=repo_id, tag=tag,
                                     tags=[m.tag for m in models])
        models = picked
    else:
        models = folder_models(folder, source=source, name=repo_id, revision=commit, refs=refs,
                               size=disk_size(p for p in folder.rglob("*") if not p.is_dir()))
    if not models:
        raise _no_tokenizer(repo_id, repo, commit)
    for model in models:
        if model.path.is_dir():
            names = tokenizer_files(folder) + config_files(folder)
            broken = missing_blobs(folder, names)
        else:
            broken = missing_blobs(model.path.parent, [model.path.name])
        if broken:
            name, target = broken[0]
            raise ModelError.of_note("models.blob_missing", path=folder / name, file=name,
                                     target=str(target))
    return models


def _no_tokenizer(repo_id: str, repo: Path, commit: str) -> ModelError:
    """A snapshot without tokenizer files: the Hub has none (``.no_exist`` markers), or they
    were never downloaded (the files present are named)."""
    markers = repo / ".no_exist" / commit
    absent = sorted(p.name for p in markers.iterdir()) if markers.is_dir() else []
    absent = [n for n in absent if n in ("tokenizer.json", "tokenizer.model", "vocab.json",
                                         "vocab.txt", "tekken.json")]
    folder = repo / "snapshots" / commit
    if absent:
        return ModelError.of_note("models.hub_has_no_tokenizer", path=folder, name=repo_id,
                                  revision=commit[:12], files=absent)
    present = sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*")
                     if not p.is_dir())
    shown = present[:8] + (["…"] if len(present) > 8 else [])
    return ModelError.of_note("models.snapshot_without_tokenizer", path=folder, name=repo_id,
                              revision=commit[:12], present=shown)


def list_models(cache: Path | None = None, *, source: str = "hf") -> list:
    """Every snapshot of every model repo in the cache that holds a tokenizer or a model GGUF,
    as :class:`LocalModel` (one per GGUF quantization), or :class:`BrokenModel` when a
    tokenizer file's blob is missing. Snapshots of other files (configs, datasets) are left out.
    """
    cache = hub_cache() if cache is None else cache
    if not cache.is_dir():
        return []
    found: list = []
    for repo in sorted(cache.glob(PREFIX + "*")):
        if not repo.is_dir() or repo.name == PREFIX:
            continue
        repo_id = repo_id_of(repo.name)
        refs = refs_of(repo)
        by_commit: dict[str, list[str]] = {}
        for ref, commit in refs.items():
            by_commit.setdefault(commit, []).append(ref)
        for commit in snapshots_of(repo):
            folder = repo / "snapshots" / commit
            if not tokenizer_files(folder) and not model_ggufs(folder):
                continue
            try:
                found += _snapshot_models(repo_id, repo, commit, tuple(by_commit.get(commit, ())),
                                          None, source)
            except ModelError as err:
                found.append(BrokenModel(source, repo_id, commit, folder, err))
    return found
