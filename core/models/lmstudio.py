"""LM Studio's models folder: ``publisher/model[:quantization]`` to a GGUF file.

LM Studio keeps downloads as plain files, ``<models>/<publisher>/<model>/<file>.gguf`` (several
quantizations side by side), in ``<home>/models`` where ``<home>`` is the folder
``~/.lmstudio-home-pointer`` names, else ``~/.cache/lm-studio`` (older versions), else
``~/.lmstudio`` (the lms CLI's ``findLMStudioHome``). Every one of these that exists is read.

>>> [p.parts[-2:] for p in models_dirs(Path("/h"))]
[('.lmstudio', 'models'), ('lm-studio', 'models')]
"""

from __future__ import annotations

from pathlib import Path

from .entry import BrokenModel, LocalModel, ModelError
from .folder import folder_models, missing_blobs, pick_tag


def models_dirs(home: Path | None = None) -> list[Path]:
    """LM Studio's models folders, first the one its home pointer names."""
    home = Path.home() if home is None else home
    found = []
    pointer = home / ".lmstudio-home-pointer"
    if pointer.is_file():
        try:
            found.append(Path(pointer.read_text("utf-8").strip()).expanduser() / "models")
        except (OSError, UnicodeDecodeError):
            pass
    for folder in (home / ".lmstudio" / "models", home / ".cache" / "lm-studio" / "models"):
        if folder not in found:
            found.append(folder)
    return found


def find(text: str, *, roots: list[Path] | None = None) -> list[LocalModel]:
    """The GGUFs ``publisher/model[:tag]`` names (every quantization when no tag), across the
    models folders; empty when none has that model."""
    name, _, tag = text.partition(":")
    parts = name.split("/")
    if len(parts) != 2 or not all(parts) or ".." in parts:
        return []
    models: list[LocalModel] = []
    for root in models_dirs() if roots is None else roots:
        folder = root / parts[0] / parts[1]
        if folder.is_dir():
            models += _checked(folder_models(folder, source="lmstudio", name=name))
    if tag:
        picked = pick_tag(models, tag)
        if models and not picked:
            raise ModelError.of_note("models.no_such_tag", path=models[0].path.parent, name=name,
                                     tag=tag, tags=[m.tag or "" for m in models])
        models = picked
    return models


def _checked(models: list[LocalModel]) -> list[LocalModel]:
    for model in models:
        if model.path.is_file() or model.path.is_dir():
            continue
        broken = missing_blobs(model.path.parent, [model.path.name])
        target = str(broken[0][1]) if broken else str(model.path)
        raise ModelError.of_note("models.blob_missing", path=model.path, file=model.path.name,
                                 target=target)
    return models


def list_models(roots: list[Path] | None = None) -> list:
    """Every GGUF (and tokenizer folder) two levels down each models folder."""
    found: list = []
    for root in models_dirs() if roots is None else roots:
        if not root.is_dir():
            continue
        for folder in sorted(p for p in root.glob("*/*") if p.is_dir()):
            name = f"{folder.parent.name}/{folder.name}"
            for model in folder_models(folder, source="lmstudio", name=name):
                try:
                    _checked([model])
                    found.append(model)
                except ModelError as err:
                    found.append(BrokenModel("lmstudio", name, model.tag, model.path, err))
    return found
