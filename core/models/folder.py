"""A model folder: its tokenizer files with their sibling configs, or its GGUF files.

Every tool's store ends in such a folder (a Hub snapshot, an LM Studio model folder) or in one
GGUF file. A folder with tokenizer files is one model; a folder of GGUF files holds one model per
quantization, each named by its quantization tag as llama.cpp names it (the last ``-``/``.``
part of the file name, before any ``-00001-of-00003`` split suffix), and each opened from its
first split, which carries the metadata.

>>> split_info("Qwen2.5-7B-Instruct-Q4_K_M-00001-of-00002.gguf")
('Qwen2.5-7B-Instruct-Q4_K_M', 'Q4_K_M', 1, 2)
>>> quant_tag("model.Q8_0.gguf"), quant_tag("tokenizer.json")
('Q8_0', None)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from ..formats.configs import SIBLING_FILES
from .entry import LocalModel, dangling, disk_size

# the files that make a tokenizer (the folder opens by them: core.formats.detect._detect_dir), and the
# patterns of those named by their content
TOKENIZER_FILES = ("tokenizer.json", "tokenizer.model", "vocab.json", "merges.txt", "vocab.txt",
                   "tekken.json")
TOKENIZER_PATTERNS = ("*.tiktoken",)
# what travels beside them: tokenizer_config.json, chat_template.jinja, config.json...
CONFIG_FILES = SIBLING_FILES
# GGUF files that are not a model's (llama.cpp's gguf_filename_is_model)
NOT_MODEL_MARKS = ("mmproj", "imatrix", "mtp-", "eagle3-", "dflash-", "dspark-")

_SPLIT = re.compile(r"^(.+)-([0-9]{5})-of-([0-9]{5})$", re.IGNORECASE)
_TAG = re.compile(r"[-.]([A-Z0-9_]+)$", re.IGNORECASE)


def split_info(file_name: str) -> tuple[str, str | None, int, int]:
    """``(prefix, quantization tag, split index, split count)`` of a GGUF file name, as
    llama.cpp's ``get_gguf_split_info`` reads it (tag upper-cased; None when the name has none).

    >>> split_info("gemma-3-1b-it.gguf")
    ('gemma-3-1b-it', 'IT', 1, 1)
    """
    prefix = file_name[:-5] if file_name.lower().endswith(".gguf") else file_name
    index = count = 1
    found = _SPLIT.match(prefix)
    if found:
        prefix, index, count = found.group(1), int(found.group(2)), int(found.group(3))
    tag = _TAG.search(prefix)
    return prefix, (tag.group(1).upper() if tag else None), index, count


def quant_tag(file_name: str) -> str | None:
    """The quantization tag of a GGUF file name, None for another file."""
    if not file_name.lower().endswith(".gguf"):
        return None
    return split_info(file_name)[1]


def is_model_gguf(file_name: str) -> bool:
    """A model's GGUF (not a vision projector, an importance matrix or a draft head).

    >>> is_model_gguf("mmproj-model-f16.gguf"), is_model_gguf("model-Q4_0.gguf")
    (False, True)
    """
    name = file_name.lower()
    return name.endswith(".gguf") and not any(mark in name for mark in NOT_MODEL_MARKS)


@dataclass(frozen=True)
class GGUFModel:
    """One quantization of a model in a folder: its tag, first split and every split."""

    tag: str
    path: Path
    parts: tuple[Path, ...]


def model_ggufs(folder: Path, *, recursive: bool = True) -> list[GGUFModel]:
    """The model GGUFs under ``folder`` (subfolders included, as Hub repos arrange them, unless
    not ``recursive``), one per quantization, sorted by file path; a quantization without a tag
    in its name is tagged by its file stem. Two files of one tag keep their stems, so each tag
    names one file."""
    files = sorted(p for p in (folder.rglob("*.gguf") if recursive else folder.glob("*.gguf"))
                   if is_model_gguf(p.name)
                   and (p.is_file() or p.is_symlink()))
    groups: dict[tuple[Path, str], list[Path]] = {}
    for path in files:
        prefix, _, _, count = split_info(path.name)
        groups.setdefault((path.parent / prefix, str(count)), []).append(path)
    found: list[GGUFModel] = []
    for (_, _), parts in sorted(groups.items()):
        parts.sort()
        first = parts[0]
        found.append(GGUFModel(split_info(first.name)[1] or split_info(first.name)[0], first,
                               tuple(parts)))
    tags = [m.tag for m in found]
    return [m if tags.count(m.tag) == 1 else GGUFModel(split_info(m.path.name)[0], m.path, m.parts)
            for m in found]


def tokenizer_files(folder: Path) -> list[str]:
    """The tokenizer files in ``folder`` (what it opens by), by name; empty when it has none.

    A dangling symlink counts: the folder means to hold that file (:func:`missing_blobs` then
    names it)."""
    names = [name for name in TOKENIZER_FILES if _present(folder / name)]
    for pattern in TOKENIZER_PATTERNS:
        names += sorted(p.name for p in folder.glob(pattern))
    if names == ["merges.txt"]:  # a merges.txt alone makes no tokenizer
        return []
    return names


def config_files(folder: Path) -> list[str]:
    """The sibling configs present in ``folder`` (dangling symlinks included)."""
    return [name for name in CONFIG_FILES if _present(folder / name)]


def missing_blobs(folder: Path, names: list[str]) -> list[tuple[str, Path]]:
    """``(file name, the missing target)`` of each of ``names`` in ``folder`` whose symlink
    points nowhere."""
    out = []
    for name in names:
        target = dangling(folder / name)
        if target is not None:
            out.append((name, target))
    return out


def _present(path: Path) -> bool:
    return path.is_file() or path.is_symlink()


def folder_models(folder: Path, *, source: str, name: str, revision: str | None = None,
                  refs: tuple[str, ...] = (), size: int | None = None) -> list[LocalModel]:
    """The models a folder holds: one when it has tokenizer files (``size``: the folder's,
    default its files'), else one per model GGUF (each sized by its splits)."""
    if tokenizer_files(folder):
        if size is None:
            size = disk_size(p for p in folder.iterdir() if p.is_file())
        return [LocalModel(source, name, revision, folder, size, refs)]
    return [LocalModel(source, name, revision, gguf.path, disk_size(gguf.parts), refs,
                       tag=gguf.tag) for gguf in model_ggufs(folder)]


def pick_tag(models: list[LocalModel], tag: str) -> list[LocalModel]:
    """The models whose tag (or GGUF file name or stem) is ``tag``, case aside.

    >>> m = LocalModel("lmstudio", "p/m", None, Path("m-Q4_K_M.gguf"), 1, tag="Q4_K_M")
    >>> [x.tag for x in pick_tag([m], "q4_k_m")], pick_tag([m], "Q8_0")
    (['Q4_K_M'], [])
    """
    wanted = tag.lower()
    return [m for m in models if m.tag is not None and wanted in
            (m.tag.lower(), m.path.name.lower(), m.path.stem.lower())]


def models_under(root: Path, *, depth: int = 3) -> list[LocalModel]:
    """The model folders under ``root`` (``root`` itself included, ``depth`` levels down):
    each folder with tokenizer files, and each model GGUF, named by its path under ``root``."""
    found: list[LocalModel] = []
    if not root.is_dir():
        return found
    level = [root]
    for _ in range(depth + 1):
        following = []
        for folder in level:
            relative = folder.relative_to(root).as_posix()
            name = root.name if relative == "." else relative
            if tokenizer_files(folder):
                found += folder_models(folder, source="folder", name=name)
                continue  # a model folder's subfolders are its own (additional templates...)
            for gguf in model_ggufs(folder, recursive=False):
                found.append(LocalModel("folder", name, None, gguf.path, disk_size(gguf.parts),
                                        tag=gguf.tag))
            following += sorted(p for p in folder.iterdir() if p.is_dir()
                                and not p.name.startswith("."))
        level = following
    return found

