"""One resolver: a name typed by a user to the one local model it means, or a clear refusal.

A name may say its source (``hf:``, ``ollama:``, ``lmstudio:``, ``llama.cpp:``); else every
source that takes its shape is asked:

- ``org/name[@revision]``: the Hugging Face cache (``refs/main`` by default; a ref or a commit);
  with ``:quantization``, a GGUF of that repo (llama.cpp's ``-hf org/repo:Q4_K_M``);
- ``model[:tag]``, ``namespace/model:tag``: Ollama's store;
- ``publisher/model[:quantization]``: LM Studio's folder;
- ``org/repo[:quantization]``: llama.cpp's cache.

Several matches (a name in two stores, several quantizations or snapshots) are compared by
tokenizer fingerprint (:mod:`core.bundles.golden`, through the ``fingerprint`` callable the caller
gives): the same tokenizer everywhere opens the first, with a note saying so and naming the
others; different ones are refused, each named exactly (:attr:`LocalModel.spec`).

>>> looks_like_model_name("Qwen/Qwen2.5-7B-Instruct"), looks_like_model_name("llama3.1:8b")
(True, True)
>>> looks_like_model_name("./tokenizer.json"), looks_like_model_name("vocab.txt")
(False, False)
>>> split_source("ollama:llama3.1:8b"), split_source("Qwen/Qwen2.5@main")
(('ollama', 'llama3.1:8b'), (None, 'Qwen/Qwen2.5@main'))
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Callable

from ..notes import note
from . import hf_cache, llamacpp_cache, lmstudio, ollama
from .entry import SOURCES, Located, LocalModel, ModelError

PREFIXES = ("hf", "ollama", "lmstudio", "llama.cpp")
# what a name may look like: repo-id characters, one ":" tag, one "@" revision (refs/pr/1)
_NAME = re.compile(r"^[\w.-]+(/[\w.-]+){0,2}(:[\w.-]+)?(@[\w./-]+)?$")
# a file the user meant (a missing one is said to be missing, not searched for as a model)
FILE_SUFFIXES = (".json", ".model", ".tiktoken", ".txt", ".gguf", ".zip", ".jinja", ".bin")

Fingerprint = Callable[[LocalModel], dict]


def split_source(text: str) -> tuple[str | None, str]:
    """``(source, the rest)`` when ``text`` starts with a source prefix, else ``(None, text)``."""
    for prefix in PREFIXES:
        if text.startswith(prefix + ":"):
            return prefix, text[len(prefix) + 1:]
    return None, text


def looks_like_model_name(text: str) -> bool:
    """Could ``text`` be a model's name rather than a path? (It is looked up only when no file
    or folder of that name exists.)"""
    source, body = split_source(text)
    if source is not None:
        return bool(body)
    if not text or text.startswith(("/", ".", "~")) or "\\" in text or "//" in text:
        return False
    if text.lower().endswith(FILE_SUFFIXES):
        return False
    return bool(_NAME.match(text))


def _hf(body: str) -> list[LocalModel]:
    name_tag, _, revision = body.partition("@")
    name, _, tag = name_tag.partition(":")
    if not hf_cache.REPO_ID.match(name) or (revision == "" and "@" in body):
        return []
    return hf_cache.find(name, revision=revision or None, tag=tag or None)


def _without_revision(find: Callable[[str], list[LocalModel]]) -> Callable[[str], list]:
    return lambda body: [] if "@" in body else find(body)


FINDERS: dict[str, Callable[[str], list[LocalModel]]] = {
    "hf": _hf,
    "llama.cpp": _without_revision(llamacpp_cache.find),
    "lmstudio": _without_revision(lmstudio.find),
    "ollama": _without_revision(ollama.find),
}


def places() -> list[Path]:
    """Where the stores are on this machine (where a name is looked for)."""
    found = [hf_cache.hub_cache(), llamacpp_cache.flat_dir()]
    hub = llamacpp_cache.hub_layout_dir()
    if hub is not None and hub != found[1]:
        found.append(hub)
    return found + lmstudio.models_dirs() + [ollama.models_dir()]


def resolve_model(text: str, *, fingerprint: Fingerprint | None = None) -> Located:
    """The local model ``text`` names.

    Raises :class:`ModelError`: no store has it (naming where it looked); the only matches
    are broken (the first one's problem); several matches with different tokenizers (each
    named exactly, with its fingerprint), or several and no ``fingerprint`` to compare them.
    """
    source, body = split_source(text)
    candidates: list[LocalModel] = []
    problems: list[ModelError] = []
    for name in (source,) if source else SOURCES:
        if name not in FINDERS:
            continue
        try:
            candidates += FINDERS[name](body)
        except ModelError as err:
            problems.append(err)
    if not candidates:
        if problems:
            raise problems[0]
        similar = similar_names(body)
        if similar:
            raise ModelError.of_note("models.not_found_similar", name=text,
                                     similar=similar)
        raise ModelError.of_note("models.not_found", name=text,
                                 places=[str(p) for p in places()])
    if len(candidates) == 1:
        return Located(text, candidates[0])
    return _one_of(text, candidates, fingerprint)


def similar_names(body: str, *, limit: int = 6) -> list[str]:
    """The exact names of the local models whose name holds ``body``'s (its tag and revision
    aside, case aside): what a user who typed ``phi3`` for ``phi3:mini`` meant.

    >>> similar_names("")
    []
    """
    wanted = re.split(r"[:@]", body, maxsplit=1)[0].lower()
    if not wanted:
        return []
    found = []
    for model in find_models():
        if wanted in model.name.lower() and isinstance(model, LocalModel):
            found.append(model.spec)
    return found[:limit]


def _one_of(text: str, candidates: list[LocalModel], fingerprint: Fingerprint | None) -> Located:
    """The first candidate when all have one tokenizer (behaviour and vocabulary fingerprints
    equal), with a note; else the refusal that names each."""
    prints = []
    for model in candidates:
        try:
            prints.append(fingerprint(model) if fingerprint is not None else None)
        except Exception:  # noqa: BLE001 - a candidate that does not open differs from the rest
            prints.append(None)
    first = prints[0]
    if first is not None and all(p == first for p in prints):
        return Located(text, candidates[0], (note(
            "models.same_tokenizer", name=text, count=len(candidates),
            behaviour=first["behaviour"], chosen=candidates[0].spec,
            others=[m.spec for m in candidates[1:]]),))
    choices = [m.spec + (f" [{p['behaviour']} · {p['vocabulary']}]" if p else "")
               for m, p in zip(candidates, prints)]
    raise ModelError.of_note("models.ambiguous", name=text, count=len(candidates),
                             choices=choices)


def find_models(*, folders: list[Path] = ()) -> list:
    """Every model of every store on this machine (and model folders under ``folders``), as
    :class:`LocalModel` or :class:`~.entry.BrokenModel`, in :data:`SOURCES` order."""
    from . import folder as folder_source

    found: list = []
    found += hf_cache.list_models()
    found += llamacpp_cache.list_models()
    found += lmstudio.list_models()
    found += ollama.list_models()
    for root in folders:
        found += folder_source.models_under(Path(root))
    return found
