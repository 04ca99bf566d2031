"""What a local model is once found: where it lives, which tool keeps it, and how to name it
exactly; and the error a name that does not open raises.

>>> m = LocalModel("ollama", "llama3.1:8b", "8b", Path("/m/blobs/sha256-ab"), 4_920_000_000)
>>> m.spec
'ollama:llama3.1:8b'
>>> LocalModel("hf", "Qwen/Qwen2.5-0.5B", "a8b6" * 10, Path("/s"), 1, refs=("main",)).spec
'hf:Qwen/Qwen2.5-0.5B@main'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import WorkbenchError
from ..notes import Note, note

# the sources, in the order a listing shows them (and an ambiguity is told)
SOURCES = ("hf", "llama.cpp", "lmstudio", "ollama", "folder")
SOURCE_NAMES = {"hf": "Hugging Face cache", "llama.cpp": "llama.cpp cache",
                "lmstudio": "LM Studio", "ollama": "Ollama", "folder": "folder"}


@dataclass(frozen=True)
class LocalModel:
    """A model a tool keeps on this machine, as the workbench opens it.

    Attributes:
        source: the tool (one of :data:`SOURCES`).
        name: the model's name as that tool spells it (``Qwen/Qwen2.5-7B-Instruct``,
            ``llama3.1:8b``, ``lmstudio-community/Qwen2.5-7B-Instruct-GGUF``).
        revision: which one of that name: a Hub commit, an Ollama tag, a GGUF's quantization.
        path: what opens: a folder holding tokenizer files, or a GGUF file.
        size: bytes on disk of the model's files (each blob counted once).
        refs: the Hub refs naming this commit (``main``, a tag, ``refs/pr/1``).
        tag: for a GGUF among several of one model, its quantization (``Q4_K_M``) or file stem.
        go_template: an Ollama model's template layer (Go ``text/template``), when it has one.
    """

    source: str
    name: str
    revision: str | None
    path: Path
    size: int
    refs: tuple[str, ...] = ()
    tag: str | None = None
    go_template: str | None = field(default=None, repr=False)

    @property
    def spec(self) -> str:
        """The name that opens exactly this model: ``source:name[:tag][@revision]``."""
        if self.source == "ollama":
            return f"ollama:{self.name}"
        if self.source == "folder":
            return str(self.path)
        text = f"{self.source}:{self.name}" + (f":{self.tag}" if self.tag else "")
        if self.source == "hf" and self.revision:
            text += f"@{'main' if 'main' in self.refs else self.revision}"
        return text

    @property
    def label(self) -> str:
        """``name`` with its tag: the tokenizer's display name once opened."""
        return f"{self.name}:{self.tag}" if self.tag and self.source != "ollama" else self.name


@dataclass(frozen=True)
class Located:
    """What a name resolved to: the model, the name as asked, and what the user should know
    about the choice (several candidates with one tokenizer, say)."""

    asked: str
    model: LocalModel
    notes: tuple[Note, ...] = ()


@dataclass(frozen=True)
class BrokenModel:
    """A model a store lists but that cannot open (a blob missing, a manifest unreadable): a
    listing shows it with its error, as ``huggingface-cli scan-cache`` shows its warnings."""

    source: str
    name: str
    revision: str | None
    path: Path
    error: "ModelError"


class ModelError(WorkbenchError):
    """A name that opens no model: none of that name, several different ones, or a cache that
    lacks what the model needs (its ``note`` says which, for each front end to word)."""

    code = "model"

    @classmethod
    def of_note(cls, code: str, *, path: object = None, **args) -> "ModelError":
        """The error of note ``code`` with ``args``.

        >>> str(ModelError.of_note("models.not_found", name="x", places="nowhere"))
        'no file, folder or local model named x (local models looked for in: nowhere)'
        """
        return cls.of(note(code, **args), path=path)


def disk_size(paths) -> int:
    """Bytes on disk of ``paths`` (symlinks followed; a file reached twice counted once;
    missing ones left out).

    >>> disk_size([])
    0
    """
    seen: set[tuple[int, int]] = set()
    total = 0
    for path in paths:
        try:
            stat = os.stat(path)
        except OSError:
            continue
        if (stat.st_dev, stat.st_ino) not in seen:
            seen.add((stat.st_dev, stat.st_ino))
            total += stat.st_size
    return total


def dangling(path: Path) -> Path | None:
    """Where the symlink ``path`` points when that is missing (a blob deleted or never
    finished), else None.

    >>> dangling(Path("/")) is None
    True
    """
    if path.is_symlink() and not path.exists():
        return Path(os.path.normpath(path.parent / os.readlink(path)))
    return None
