"""What each local model holds, opened: format, vocabulary size, fingerprint, chat template.

:func:`core.models.find_models` finds models by reading their stores' layouts; this opens each
one's tokenizer (:func:`core.loading.open_source`) to say what it is — what ``tokbench models``
prints and the GUI's *Open local model* dialog shows. A model that does not open keeps its row,
with the error.

>>> row = ModelRow.broken("ollama", "x:latest", "latest", "/m/x", WorkbenchError("no manifest"))
>>> row.to_json()["error"], row.opens
('no manifest', False)
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields
from pathlib import Path

from .bundles.fingerprints import fingerprint
from .errors import WorkbenchError
from .loading import detect_source, open_source
from .models import BrokenModel, LocalModel, find_models

# chat template kinds: a Jinja template of the tokenizer's, only Ollama's Go template, none
TEMPLATE_JINJA, TEMPLATE_GO, TEMPLATE_NONE = "jinja", "go", "none"


@dataclass(frozen=True)
class ModelRow:
    """One local model, described.

    Attributes:
        source, name, revision, tag, refs, size: as :class:`~core.models.LocalModel` has them.
        spec: the name that opens exactly this model.
        path: what opens (a folder or a GGUF file).
        format: the tokenizer's format (``tokenizer.json``, ``gguf``...); None until opened
            or when it does not open.
        vocab_size: its vocabulary size.
        behaviour / vocabulary: its fingerprints (:mod:`core.bundles.golden`).
        template: ``jinja`` (its own template, named variants included), ``go`` (only Ollama's
            Go template) or ``none``.
        templates: the names of its named templates (empty for one unnamed template).
        error: why it does not open (English), None when it does.
        problem: that error itself (a front end words its note in its own language).
    """

    source: str
    name: str
    revision: str | None
    spec: str
    path: str
    size: int = 0
    tag: str | None = None
    refs: tuple[str, ...] = ()
    format: str | None = None
    vocab_size: int | None = None
    behaviour: str | None = None
    vocabulary: str | None = None
    template: str | None = None
    templates: tuple[str, ...] = ()
    error: str | None = None
    problem: object = field(default=None, compare=False, repr=False)

    @property
    def opens(self) -> bool:
        return self.error is None

    @property
    def described(self) -> bool:
        return self.format is not None or self.error is not None

    @classmethod
    def found(cls, model: LocalModel) -> "ModelRow":
        """A model's row before it is opened (what its store says)."""
        return cls(model.source, model.name, model.revision, model.spec, str(model.path),
                   model.size, model.tag, model.refs,
                   template=TEMPLATE_GO if model.go_template else None)

    @classmethod
    def broken(cls, source: str, name: str, revision: str | None, path,
               error: Exception) -> "ModelRow":
        """A model that does not open, with its error."""
        text = str(error) if isinstance(error, WorkbenchError) else f"{type(error).__name__}: {error}"
        return cls(source, name, revision, "", str(path), error=text, problem=error)

    @property
    def revision_text(self) -> str:
        """The revision column: the tag or quantization, then a Hub commit (shortened) with its
        refs, or Ollama's tag.

        >>> ModelRow("hf", "a/b", "0123456789" * 4, "", "", refs=("main",)).revision_text
        '01234567 (main)'
        """
        text = self.revision or ""
        if self.source in ("hf", "llama.cpp") and len(text) == 40:
            text = text[:8] + (f" ({', '.join(self.refs)})" if self.refs else "")
        return " · ".join(part for part in ((self.tag if self.tag != self.revision else None),
                                            text) if part)

    def to_json(self) -> dict:
        data = {f.name: getattr(self, f.name) for f in fields(self) if f.name != "problem"}
        data["refs"], data["templates"] = list(self.refs), list(self.templates)
        return data


_described: dict[tuple, ModelRow] = {}  # (path, its size and mtime) -> row: a second look is free


def describe(model: LocalModel | BrokenModel) -> ModelRow:
    """Open a model's tokenizer and describe it (a broken one, or one that fails to open, gets
    its error). Described once per file version in this process."""
    if isinstance(model, BrokenModel):
        return ModelRow.broken(model.source, model.name, model.revision, model.path, model.error)
    row = ModelRow.found(model)
    key = _version(model)
    cached = _described.get(key)
    if cached is not None:
        return _with(row, cached)
    try:
        loaded = open_source(detect_source(model.path))
    except (WorkbenchError, OSError, MemoryError, ValueError) as err:
        return _with(row, ModelRow.broken(model.source, model.name, model.revision, model.path,
                                          err))
    from .chat.sources import templates_of  # (the chat package loads jinja2)

    found = fingerprint(loaded.runtime)
    try:
        templates = templates_of(loaded.configs)
    except WorkbenchError:
        templates = None
    kind = TEMPLATE_JINJA if templates else TEMPLATE_GO if model.go_template else TEMPLATE_NONE
    described = ModelRow(row.source, row.name, row.revision, row.spec, row.path,
                         format=loaded.format, vocab_size=loaded.runtime.vocab_size,
                         behaviour=found["behaviour"], vocabulary=found["vocabulary"],
                         template=kind,
                         templates=tuple(templates) if isinstance(templates, dict) else ())
    _described[key] = described
    return _with(row, described)


def _version(model: LocalModel) -> tuple:
    try:
        stat = os.stat(model.path)
        return (str(model.path), stat.st_size, stat.st_mtime_ns, bool(model.go_template))
    except OSError:
        return (str(model.path), None, None, bool(model.go_template))


def _with(row: ModelRow, described: ModelRow) -> ModelRow:
    """``row`` (the store's facts) with what opening the tokenizer told."""
    return ModelRow(row.source, row.name, row.revision, row.spec, row.path, row.size, row.tag,
                    row.refs, described.format, described.vocab_size, described.behaviour,
                    described.vocabulary, described.template or row.template,
                    described.templates, described.error, described.problem)


def found_rows(*, folders: list[Path] = ()) -> list[ModelRow]:
    """Every local model's row, not opened yet (fast: the stores' layouts only)."""
    return [ModelRow.broken(m.source, m.name, m.revision, m.path, m.error)
            if isinstance(m, BrokenModel) else ModelRow.found(m)
            for m in find_models(folders=folders)]


def catalog(*, folders: list[Path] = (), progress=None) -> list[ModelRow]:
    """Every local model, described; ``progress(done, total)`` after each."""
    models = find_models(folders=folders)
    rows = []
    for number, model in enumerate(models, start=1):
        rows.append(describe(model))
        if progress is not None:
            progress(number, len(models))
    return rows
