"""Bundles: a tokenizer frozen with its manifest and a SHA-256 for every file.

A bundle is a folder (or one ``.zip`` of that folder) holding the native tokenizer files and
``manifest.json``. Saving is atomic (written aside, then renamed into place); loading verifies every
checksum and names the file that does not match.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "a.txt").write_text("x")
>>> file_entry(folder / "a.txt")["sha256"][:12]
'2d711642b726'
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import re
import shutil
import tempfile
import uuid
import zipfile
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..formats.configs import Configs, read_configs
from ..errors import BundleError, FormatError, IntegrityError
from .fingerprints import fingerprint
from ..notes import as_raised, note
from ..text.json_errors import json_problem
from ..formats.detect import TokenizerSource, detect, load_runtime
from ..formats.runtime import Runtime
from ..pipeline.special import registry_of

BUNDLE_FORMAT = "tokbench-bundle"
FORMAT_VERSION = 1
MANIFEST = "manifest.json"
_ZIP_MAGIC = b"PK\x03\x04"
# a manifest is written with "format" first: its first bytes say what it is
_MANIFEST_HEAD = re.compile(rb'^\s*\{\s*"format"\s*:\s*"' + BUNDLE_FORMAT.encode() + rb'"')


def find_bundle(path: str | Path) -> Path | None:
    """The bundle ``path`` is — a zip, a folder holding ``manifest.json``, or that manifest (by
    content) — or None.

    >>> find_bundle("/nonexistent") is None
    True
    """
    path = Path(path)
    if path.is_dir():
        return path if (path / MANIFEST).is_file() else None
    if not path.is_file():
        return None
    with open(path, "rb") as handle:
        head = handle.read(256)
    if head.startswith(_ZIP_MAGIC):
        return path
    return path.parent if _MANIFEST_HEAD.match(head.lstrip(b"\xef\xbb\xbf")) else None


def file_entry(path: Path) -> dict:
    digest = hashlib.sha256()
    size = 0
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return {"sha256": digest.hexdigest(), "bytes": size}


def runtime_versions() -> dict[str, str]:
    import sentencepiece
    import tiktoken
    import tokenizers

    return {"python": platform.python_version(), "tokenizers": tokenizers.__version__,
            "sentencepiece": sentencepiece.__version__,
            "tiktoken": getattr(tiktoken, "__version__", "?")}


def model_binding(runtime: Runtime, configs: Configs) -> dict:
    """Embedding facts from ``config.json`` / ``generation_config.json`` when present."""
    model = configs.model_config or {}
    generation = configs.generation_config or {}
    specials: dict[str, int] = {}
    # a role a config gives beats one guessed from the string; among equals, the lowest ID
    # (several eos, </s> and <|endoftext|>: the first)
    entries = registry_of(runtime, configs).entries
    for entry in sorted(entries, key=lambda e: (e.role_guessed, e.token.id)):
        if entry.token.role in ("bos", "eos", "pad"):
            specials.setdefault(entry.token.role, entry.token.id)
    return {
        "vocab_size": runtime.vocab_size,
        "embedding_rows": model.get("vocab_size"),
        "hidden_size": model.get("hidden_size") or model.get("d_model") or model.get("n_embd"),
        "tied_embeddings": model.get("tie_word_embeddings"),
        "bos_id": generation.get("bos_token_id", model.get("bos_token_id", specials.get("bos"))),
        "eos_id": generation.get("eos_token_id", model.get("eos_token_id", specials.get("eos"))),
        "pad_id": generation.get("pad_token_id", model.get("pad_token_id", specials.get("pad"))),
    }


@dataclass
class Bundle:
    """A loaded, verified bundle: its manifest, its runtime and the configs it holds."""

    path: Path
    manifest: dict
    runtime: Runtime
    configs: Configs = Configs()


# --- saving -----------------------------------------------------------------------------


def import_tokenizer(path: str | Path, dest: str | Path, *, name: str | None = None,
                     version: str = "1", **options) -> Path:
    """Load a tokenizer of any supported format and freeze it as a bundle at ``dest``."""
    bundle = find_bundle(path)
    if bundle is not None:
        return copy_bundle(bundle, dest)
    source = detect(path, **options)
    configs, _ = read_configs(source.files)
    runtime = load_runtime(source, configs)
    return save_bundle(source, runtime, dest, configs=configs, name=name, version=version)


def copy_bundle(path: str | Path, dest: str | Path, *, extra: dict | None = None) -> Path:
    """Verify the bundle at ``path`` and write the same files and manifest at ``dest``
    (``extra``: manifest entries to add or replace, such as an ``audit``)."""
    manifest = {**verify_bundle(path), **(extra or {})}
    return save_bundle_files(manifest, read_bundle_files(Path(path), manifest), dest)


def read_bundle_files(path: Path, manifest: dict) -> dict[str, bytes]:
    """The bytes of every file a (verified) bundle folder or zip lists."""
    if path.is_dir():
        return {n: (path / n).read_bytes() for n in manifest["files"]}
    with zipfile.ZipFile(path) as archive:
        return {n: archive.read(n) for n in manifest["files"]}


def save_bundle(source: TokenizerSource, runtime: Runtime, dest: str | Path, *,
                configs: Configs | None = None, name: str | None = None, version: str = "1",
                extra: dict | None = None) -> Path:
    """Write ``source``'s files and a manifest describing ``runtime`` as a bundle at ``dest``.

    ``configs``: the sibling files as parsed when ``runtime`` was loaded (read again if None).
    """
    if configs is None:
        configs, _ = read_configs(source.files)
    source_format, extra = source.format, dict(extra or {})
    if source.format == "gguf":
        # a GGUF may be a whole model of many GB: the bundle keeps its tokenizer, converted
        files, extra["converted_from"] = converted_gguf(source, runtime, configs)
        source_format = "tokenizer.json"
    else:
        files = {bundle_name: Path(path).read_bytes() for bundle_name, path in source.files.items()}
    # self-contained: a tiktoken file's resolved regex and special tokens, not the preset guess
    own = runtime.bundle_options()
    options = dict(source.options) if own is None else dict(own)
    options.pop("name", None)
    manifest = {
        "format": BUNDLE_FORMAT,
        "format_version": FORMAT_VERSION,
        "name": name or source.name,
        "version": version,
        "created": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "runtime_versions": runtime_versions(),
        "source_format": source_format,
        "source_file": source.path.name,
        "tokenizer": {"files": sorted(files), "options": options},
        # each with where its facts came from; a vocabulary piece a config names is not one
        "special_tokens": [e.to_json() for e in registry_of(runtime, configs).entries
                           if e.token.kind != "vocabulary"],
        "model_binding": model_binding(runtime, configs),
        # recognises the tokenizer's behaviour whatever its files (core.bundles.fingerprints)
        "fingerprint": fingerprint(runtime),
        **extra,
    }
    return save_bundle_files(manifest, files, dest)


def converted_gguf(source: TokenizerSource, runtime: Runtime,
                   configs: Configs) -> tuple[dict[str, bytes], dict]:
    """A GGUF tokenizer as the files a bundle keeps — ``tokenizer.json`` (the pipeline it runs
    as), ``tokenizer_config.json`` (special tokens, chat template) and ``config.json`` (embedding
    rows...) — and where it came from (file, size, model facts), for the manifest."""
    files = {"tokenizer.json": json.dumps(runtime.pipeline_json(), ensure_ascii=False).encode("utf-8")}
    for name, config in (("tokenizer_config.json", configs.tokenizer_config),
                         ("config.json", configs.model_config)):
        if config:
            files[name] = (json.dumps(config, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    origin = {"format": "gguf", "file": source.path.name, "bytes": source.path.stat().st_size,
              "model": runtime.model_facts}
    return files, origin


def save_bundle_files(manifest: dict, files: dict[str, bytes], dest: str | Path) -> Path:
    """Write files + manifest atomically; ``dest`` ending in ``.zip`` makes one zip file."""
    dest = Path(dest)
    dest.parent.mkdir(parents=True, exist_ok=True)
    manifest = dict(manifest)
    manifest["files"] = {n: {"sha256": hashlib.sha256(b).hexdigest(), "bytes": len(b)}
                         for n, b in sorted(files.items())}
    manifest_bytes = (json.dumps(manifest, ensure_ascii=False, indent=2) + "\n").encode("utf-8")
    tag = uuid.uuid4().hex[:8]
    if dest.suffix == ".zip":
        tmp = dest.with_name(f".{dest.name}.tmp-{tag}")
        try:
            with zipfile.ZipFile(tmp, "w", zipfile.ZIP_DEFLATED) as archive:
                for n, b in sorted(files.items()):
                    archive.writestr(zipfile.ZipInfo(n, (2020, 1, 1, 0, 0, 0)), b)
                archive.writestr(zipfile.ZipInfo(MANIFEST, (2020, 1, 1, 0, 0, 0)), manifest_bytes)
            os.replace(tmp, dest)
        finally:
            tmp.unlink(missing_ok=True)
        return dest
    tmp = dest.with_name(f".{dest.name}.tmp-{tag}")
    old = dest.with_name(f".{dest.name}.old-{tag}")
    try:
        tmp.mkdir()
        for n, b in files.items():
            (tmp / n).write_bytes(b)
        (tmp / MANIFEST).write_bytes(manifest_bytes)
        if dest.exists():
            if not (dest / MANIFEST).exists():
                raise BundleError.of(note("bundle.replace_not_bundle"), path=dest)
            dest.rename(old)
        tmp.rename(dest)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        shutil.rmtree(old, ignore_errors=True)
    return dest


# --- loading ----------------------------------------------------------------------------


def read_manifest(path: Path) -> tuple[dict, dict[str, bytes] | None]:
    """Manifest of a bundle folder or zip (with the zip's member bytes)."""
    members = None
    if path.is_dir():
        manifest_path = path / MANIFEST
        if not manifest_path.exists():
            raise BundleError.of(note("bundle.no_manifest"), path=path)
        raw = manifest_path.read_bytes()
    else:
        try:
            with zipfile.ZipFile(path) as archive:
                members = {info.filename: archive.read(info) for info in archive.infolist()
                           if not info.is_dir()}
        except (zipfile.BadZipFile, OSError, EOFError) as err:
            raise BundleError.of(note("bundle.bad_zip", said=str(err)), path=path) from None
        if MANIFEST not in members:
            raise BundleError.of(note("bundle.zip_without_manifest"), path=path)
        raw = members[MANIFEST]
    try:
        manifest = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as err:
        raise BundleError.of(note("bundle.manifest_not_json",
                                  problem=note("json.invalid_utf8", byte=err.start)),
                             path=path) from None
    except json.JSONDecodeError as err:
        raise BundleError.of(note("bundle.manifest_not_json", problem=json_problem(err)),
                             path=path, line=err.lineno, column=err.colno) from None
    if not isinstance(manifest, dict) or manifest.get("format") != BUNDLE_FORMAT:
        raise BundleError.of(note("bundle.wrong_format", format=BUNDLE_FORMAT), path=path)
    if manifest.get("format_version", 0) > FORMAT_VERSION:
        raise BundleError.of(note("bundle.newer", version=manifest["format_version"],
                                  supported=FORMAT_VERSION), path=path)
    if not isinstance(manifest.get("files"), dict):
        raise BundleError.of(note("bundle.no_files"), path=path)
    return manifest, members


def verify_bundle(path: str | Path) -> dict:
    """Check every checksum; return the manifest or raise :class:`IntegrityError` naming the
    file that differs (a folder or zip that is no bundle at all is a :class:`BundleError`)."""
    path = Path(path)
    manifest, members = read_manifest(path)
    for name, entry in manifest["files"].items():
        if "/" in name or "\\" in name or name.startswith("."):
            raise IntegrityError.of(note("bundle.unsafe_path", name=name), path=path)
        if members is not None:
            if name not in members:
                raise IntegrityError.of(note("bundle.file_missing", name=name), path=path)
            digest = hashlib.sha256(members[name]).hexdigest()
        else:
            if not (path / name).is_file():
                raise IntegrityError.of(note("bundle.file_missing", name=name), path=path)
            digest = file_entry(path / name)["sha256"]
        if digest != entry.get("sha256"):
            raise IntegrityError.of(note("bundle.checksum_mismatch", name=name), path=path)
    return manifest


def load_bundle(path: str | Path) -> Bundle:
    """Verify and load a bundle folder or zip (:func:`core.loading.open_tokenizer` opens one
    as it opens any tokenizer)."""
    path = Path(path)
    manifest = verify_bundle(path)
    _, members = read_manifest(path) if not path.is_dir() else (None, None)
    spec = manifest.get("tokenizer", {})
    with tempfile.TemporaryDirectory(prefix="tokbench-") as scratch:
        root = path
        if members is not None:
            root = Path(scratch)
            for name in manifest["files"]:
                (root / name).write_bytes(members[name])
        source = TokenizerSource(manifest.get("source_format", ""), path,
                                 {n: root / n for n in spec.get("files", manifest["files"])},
                                 dict(spec.get("options") or {}))
        if source.format in ("", "bundle"):
            raise BundleError.of(note("bundle.no_source_format"), path=path)
        try:
            configs, notes = read_configs(source.files)  # while a zip's files are unpacked
            runtime = load_runtime(source, configs)
        except FormatError as err:
            raise BundleError.of(note("bundle.tokenizer_fails", problem=err.note or as_raised(err)),
                                 path=path) from None
        runtime.notes[:0] = notes
    runtime.name = manifest.get("name") or runtime.name
    return Bundle(path, manifest, runtime, configs)


def export_native(path: str | Path, dest_dir: str | Path) -> list[Path]:
    """Copy a bundle's native tokenizer files out into ``dest_dir``."""
    bundle_path = Path(path)
    manifest = verify_bundle(bundle_path)
    if manifest.get("source_format") == "tokbench-bpe":
        raise BundleError.of(note("bundle.end_of_word_export"), path=bundle_path)
    dest_dir = Path(dest_dir)
    dest_dir.mkdir(parents=True, exist_ok=True)
    written = []
    for name, data in read_bundle_files(bundle_path, manifest).items():
        target = dest_dir / name
        target.write_bytes(data)
        written.append(target)
    return written

