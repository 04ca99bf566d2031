"""One way in: open any tokenizer path and get everything that came with it.

:func:`open_tokenizer` detects the format (by content), runs it on its native runtime, parses the
sibling configs, and, for a bundle, keeps the manifest. The result, :class:`Loaded`, is what the
GUI and the CLI hold: how it was opened (to open it again, in a child process or after a save),
the runtime, the configs and the manifest.

>>> # loaded = open_tokenizer("qwen.tiktoken", preset="qwen")
>>> # loaded.source.options["preset"], loaded.runtime.vocab_size, loaded.manifest is None
>>> # ('qwen', 151851, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .bundles.bundle import copy_bundle, find_bundle, load_bundle, save_bundle
from .formats.configs import Configs, read_configs
from .errors import WorkbenchError
from .notes import note
from .bundles.fingerprints import fingerprint
from .formats.detect import TokenizerSource, detect, load_runtime
from .models import LocalModel, looks_like_model_name, resolve_model
from .formats.runtime import Runtime

# loading options each format takes (anything else is a mistake worth naming)
FORMAT_OPTIONS = {"tiktoken": {"preset", "pattern", "special"},
                  "sentencepiece": {"add_bos", "add_eos"}}


@dataclass(frozen=True)
class Loaded:
    """An opened tokenizer.

    Attributes:
        source: what was opened: path, detected format, the files, and the options used.
        runtime: the tokenizer on its native runtime.
        configs: its sibling configs, parsed (each None when absent).
        manifest: the bundle manifest when ``source`` is a bundle, else None.
    """

    source: TokenizerSource
    runtime: Runtime
    configs: Configs = Configs()
    manifest: dict | None = None

    @property
    def path(self) -> Path:
        return self.source.path

    @property
    def model(self):
        """The local model a name opened (:class:`core.models.LocalModel`), None for a path."""
        return self.source.origin.model if self.source.origin is not None else None

    @property
    def is_bundle(self) -> bool:
        return self.manifest is not None

    @property
    def format(self) -> str:
        """The tokenizer's own format (a bundle says what it holds)."""
        return self.runtime.source_format

    @property
    def label(self) -> str:
        """``name · format``, with ``(bundle)`` for a bundle: the GUI's tokenizer list."""
        return f"{self.runtime.name} · {self.format}" + (" (bundle)" if self.is_bundle else "")

    def describe(self) -> dict[str, str]:
        """The runtime's facts, and what came with it: bundle, configs, chat template.

        >>> # {'format': 'tiktoken', ..., 'bundle': 'qwen v1, 1 file verified, created ...'}
        """
        info = self.runtime.describe()
        if self.manifest is not None:
            files = len(self.manifest.get("files", {}))
            info["bundle"] = (f"{self.manifest.get('name', '?')} v{self.manifest.get('version', '?')}"
                              f", {files} file{'s' if files != 1 else ''} verified, created "
                              f"{self.manifest.get('created', '?')}")
            origin = self.manifest.get("converted_from")
            if isinstance(origin, dict):  # a GGUF saved as a bundle keeps its tokenizer.json
                info["converted from"] = f"{origin.get('file', '?')} ({origin.get('format', '?')})"
        present = sorted(self.configs.by_file())
        if present:
            info["configs"] = ", ".join(present) + (
                " (from the GGUF metadata)" if self.source.format == "gguf" else "")
        if self.configs.chat_template is not None:
            info["chat template"] = f"{len(self.configs.chat_template):,} characters"
        found = fingerprint(self.runtime)
        info["fingerprint"] = f"behaviour {found['behaviour']} · vocabulary {found['vocabulary']}"
        return info


def open_tokenizer(path: str | Path, *, preset: str | None = None, pattern: str | None = None,
                   special_tokens: dict[str, int] | None = None, add_bos: bool | None = None,
                   add_eos: bool | None = None, name: str | None = None,
                   rank_file=None) -> Loaded:
    """Detect and open any supported tokenizer (bundles included).

    Args:
        preset / pattern / special_tokens: how to run a tiktoken rank file (a preset name, a
            regex, and ``{literal: id}`` for its special tokens, replacing the preset's).
        add_bos / add_eos: override a SentencePiece model's BOS/EOS (default: its
            ``tokenizer_config.json``).
        name: the display name (default: from the file or bundle).
        rank_file: the tiktoken :class:`~core.formats.tiktoken.runtime.RankFile`, if already parsed.

    Raises :class:`~core.errors.WorkbenchError` naming the file (an option the format does not
    take is one: it would otherwise be silently ignored).
    """
    options = {key: value for key, value in (("preset", preset), ("pattern", pattern),
                                             ("special", special_tokens), ("add_bos", add_bos),
                                             ("add_eos", add_eos), ("name", name))
               if value is not None}
    return open_source(detect_source(path, **options), rank_file=rank_file)


def detect_source(path: str | Path, **options) -> TokenizerSource:
    """What ``path`` is: a bundle (format ``bundle``, its path the bundle's), or a native
    tokenizer as :func:`core.formats.detect.detect` finds it. Options as :class:`TokenizerSource`'s.

    A string that is no file or folder but a model's name (``Qwen/Qwen2.5-7B-Instruct``,
    ``llama3.1:8b``: :mod:`core.models`) opens that model, named so unless ``name`` is given;
    the source's ``origin`` says what it resolved to."""
    if isinstance(path, str) and not Path(path).exists() and looks_like_model_name(path):
        located = resolve_model(path, fingerprint=_fingerprint_of)
        source = detect_source(located.model.path, **{"name": located.model.label, **options})
        source.origin = located
        return source
    bundle = find_bundle(path)
    if bundle is not None:
        return TokenizerSource("bundle", bundle, {}, options)
    return detect(path, **options)


def open_source(source: TokenizerSource, *, rank_file=None) -> Loaded:
    """Open a detected source (what :class:`Loaded` keeps, so it can be opened again)."""
    check_options(source)
    if source.format == "bundle":
        bundle = load_bundle(source.path)
        if source.options.get("name"):
            bundle.runtime.name = source.options["name"]
        return Loaded(source, bundle.runtime, bundle.configs, bundle.manifest)
    configs, notes = read_configs(source.files)
    runtime = load_runtime(source, configs, rank_file=rank_file)
    runtime.notes[:0] = notes + list(source.origin.notes if source.origin else ())
    return Loaded(source, runtime, configs)


def _fingerprint_of(model: LocalModel) -> dict[str, str]:
    """The behaviour and vocabulary fingerprints of a local model's tokenizer (how the resolver
    tells several matches of one name apart)."""
    return fingerprint(open_source(detect_source(model.path)).runtime)


def check_options(source: TokenizerSource) -> None:
    """Refuse loading options the source's format does not take (a bundle takes none: its
    manifest says how to run it)."""
    extra = sorted(set(source.options) - FORMAT_OPTIONS.get(source.format, set()) - {"name"})
    if extra:
        takers = sorted(f for f, takes in FORMAT_OPTIONS.items() if takes & set(extra))
        refused = (note("loading.options_on_bundle", options=extra, option_formats=takers)
                   if source.format == "bundle" else
                   note("loading.options_not_taken", options=extra, option_formats=takers,
                        format=source.format))
        raise WorkbenchError.of(refused, path=source.path)


def save_loaded(loaded: Loaded, dest: str | Path, *, name: str | None = None,
                version: str = "1", audit: dict | None = None) -> Path:
    """Save what was opened as a bundle at ``dest``, run exactly as it was opened (the preset
    and special tokens chosen for a rank file included). A bundle is copied as it is.
    ``audit``: a vocabulary audit's manifest form (``AuditReport.manifest()``), kept as the
    manifest's ``audit``."""
    extra = {"audit": audit} if audit is not None else None
    if loaded.is_bundle:
        return copy_bundle(loaded.path, dest, extra=extra)
    return save_bundle(loaded.source, loaded.runtime, dest, configs=loaded.configs,
                       name=name or loaded.runtime.name, version=version, extra=extra)
