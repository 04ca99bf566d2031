"""Detect a tokenizer's format from its content, and run native files on their runtime.

Supported: HF ``tokenizer.json`` (+ sibling configs), SentencePiece ``.model``, tiktoken rank files,
WordPiece ``vocab.txt``, GPT-2 ``vocab.json`` + ``merges.txt``, llama.cpp ``.gguf`` files (their
tokenizer metadata) and Mistral's ``tekken.json``: native files only.
:func:`core.loading.open_tokenizer` opens any path, workbench bundles included.

>>> detect_bytes(b'{"model": {"type": "BPE"}}')
'tokenizer.json'
>>> detect_bytes(b"IQ== 0\\nIg== 1\\n")
'tiktoken'
"""

from __future__ import annotations

import base64
import binascii
import re
from dataclasses import dataclass, field
from pathlib import Path

from .configs import GGUF_FILE, SIBLING_FILES, Configs, parse_json_text, read_configs, read_text
from ..errors import FormatError
from .gguf.header import is_gguf
from .tekken.read import looks_like_tekken
from ..notes import note
from .runtime import Runtime

# a bare "=" is a token too: the empty one (Whisper's multilingual.tiktoken has it)
_TIKTOKEN_LINE = re.compile(rb"^[A-Za-z0-9+/]*=*\s+\d+$")
# the "model" key of a tokenizer.json holds an object; a vocab.json may map the word "model" to an id
_MODEL_KEY = re.compile(rb'"model"\s*:\s*\{')


@dataclass
class TokenizerSource:
    """What a path holds: its format, the files that make the tokenizer, and loading options.

    Attributes:
        format: ``tokenizer.json``, ``sentencepiece``, ``tiktoken``, ``wordpiece``, ``gpt2-bpe``,
            ``gguf``, ``tekken`` or ``tokbench-bpe`` (:mod:`core.loading` adds the formats it opens itself).
        path: what the user opened.
        files: name -> path of every file that makes up the tokenizer (configs included).
        options: tiktoken ``preset``/``pattern``/``special``; SentencePiece ``add_bos``/``add_eos``;
            ``name`` (display name) for any format.
        origin: the local model a name resolved to (:class:`core.models.Located`), None when
            a path was opened.
    """

    format: str
    path: Path
    files: dict[str, Path] = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    origin: object = None

    @property
    def name(self) -> str:
        stem = self.path.stem if self.path.is_file() else self.path.name
        if stem in ("tokenizer", "vocab", "merges", "manifest") and self.path.parent.name:
            return self.path.parent.name
        return stem


# --- detection --------------------------------------------------------------------------


def detect_bytes(head: bytes) -> str | None:
    """Guess a format from a file's first bytes; None if nothing fits."""
    if is_gguf(head):
        return "gguf"
    if head.startswith(b"PK\x03\x04"):
        return None  # a zip archive, not a native tokenizer file
    text = head.lstrip(b"\xef\xbb\xbf \t\r\n")
    if text.startswith(b"{"):
        return "tokenizer.json" if _MODEL_KEY.search(head) else "json"
    lines = [ln.strip() for ln in head.splitlines()[:8] if ln.strip()]
    if lines and lines[-1] == head.splitlines()[-1].strip() and len(head) >= 4096:
        lines = lines[:-1]  # the last line may be cut off
    if lines and all(_TIKTOKEN_LINE.match(ln) for ln in lines):
        # mostly valid base64: a rank file with a bad line, which the strict parser will name
        if 2 * sum(_is_base64(ln.split()[0]) for ln in lines) > len(lines):
            return "tiktoken"
    if lines and lines[0].startswith(b"#version"):
        return "merges"
    if _looks_like_proto(head):
        return "sentencepiece"
    try:
        decoded = head.decode("utf-8")
    except UnicodeDecodeError as err:
        if len(head) < 4096 or len(head) - err.start > 3:
            return None
        decoded = head[:err.start].decode("utf-8")  # the head cut a character in two
    rows = [ln for ln in decoded.splitlines() if ln.strip()]
    if rows and all(len(r.split()) == 2 for r in rows[:8]):
        return "merges"
    if rows and all(len(r.split()) <= 1 for r in rows[:64]):
        return "vocab.txt"
    return None


def _is_base64(token: bytes) -> bool:
    try:
        base64.b64decode(token)  # as tiktoken's loader decodes it
        return True
    except (binascii.Error, ValueError):
        return False


def _looks_like_proto(head: bytes) -> bool:
    # ModelProto starts with repeated field 1 (pieces): tag 0x0A, then a varint length,
    # then SentencePiece field 1 (piece string): tag 0x0A.
    if len(head) < 4 or head[0] != 0x0A:
        return False
    pos = 1
    while pos < len(head) and head[pos] & 0x80:
        pos += 1
    return pos + 1 < len(head) and head[pos + 1] == 0x0A


def detect(path: str | Path, **options) -> TokenizerSource:
    """Work out what ``path`` is. Raises :class:`FormatError` naming the path otherwise."""
    path = Path(path)
    if not path.exists():
        raise FormatError.of(note("file.no_such_path"), path=path)
    if path.is_dir():
        return _detect_dir(path, options)
    with open(path, "rb") as handle:
        head = handle.read(4096)
    if not head:
        raise FormatError.of(note("format.empty_file"), path=path)
    kind = detect_bytes(head)
    folder = path.parent
    if kind == "gguf":  # the tokenizer and its configs are all in the file's metadata
        return TokenizerSource("gguf", path, {GGUF_FILE: path}, options)
    if kind == "tokenizer.json":
        return TokenizerSource("tokenizer.json", path, _with_siblings(folder, "tokenizer.json", path),
                               options)
    if kind == "json":
        return _detect_json(path, options)
    if kind == "tiktoken":
        return TokenizerSource("tiktoken", path, {"tokenizer.tiktoken": path}, options)
    if kind == "merges":
        vocab = folder / "vocab.json"
        if not vocab.exists():
            raise FormatError.of(note("format.merges_without_vocab"), path=path)
        return TokenizerSource("gpt2-bpe", path, _with_siblings(
            folder, "vocab.json", vocab, {"merges.txt": path}), options)
    if kind == "vocab.txt":
        return TokenizerSource("wordpiece", path, _with_siblings(folder, "vocab.txt", path), options)
    if kind == "sentencepiece":
        return TokenizerSource("sentencepiece", path, _with_siblings(folder, "tokenizer.model", path),
                               options)
    raise FormatError.of(note("format.not_tokenizer"), path=path)


def _with_siblings(folder: Path, name: str, path: Path, extra: dict | None = None) -> dict:
    files = {name: path, **(extra or {})}
    for sibling in SIBLING_FILES:
        if (folder / sibling).is_file() and sibling not in files:
            files[sibling] = folder / sibling
    return files


def _detect_json(path: Path, options: dict) -> TokenizerSource:
    data = parse_json_text(_read_text(path), path)
    if looks_like_tekken(data):
        return TokenizerSource("tekken", path, {"tekken.json": path}, options)
    if data.get("format") == "tokbench-bpe":
        return TokenizerSource("tokbench-bpe", path, {"workbench-bpe.json": path}, options)
    if isinstance(data.get("model"), dict):
        return TokenizerSource("tokenizer.json", path, _with_siblings(path.parent, "tokenizer.json", path),
                               options)
    if data and all(isinstance(v, int) for v in data.values()):
        merges = path.parent / "merges.txt"
        if not merges.exists():
            raise FormatError.of(note("format.vocab_without_merges"), path=path)
        return TokenizerSource("gpt2-bpe", path, _with_siblings(
            path.parent, "vocab.json", path, {"merges.txt": merges}), options)
    for name in ("tokenizer.json", "tokenizer.model", "vocab.txt"):
        if name != path.name and (path.parent / name).exists():
            return detect(path.parent / name, **options)
    raise FormatError.of(note("format.json_not_tokenizer", name=path.name), path=path)


def _detect_dir(path: Path, options: dict) -> TokenizerSource:
    for name in ("tokenizer.json", "tokenizer.model", "vocab.json", "vocab.txt"):
        if (path / name).exists():
            return detect(path / name, **options)
    for pattern in ("*.tiktoken", "*.model", "*.gguf", "tekken*.json"):
        found = sorted(path.glob(pattern))
        if found:
            return detect(found[0], **options)
    raise FormatError.of(note("format.folder_without_tokenizer"), path=path)


_read_text = read_text


# --- running native files -----------------------------------------------------------------


def load_runtime(source: TokenizerSource, configs: Configs | None = None, *,
                 rank_file=None) -> Runtime:
    """Run a detected native tokenizer.

    ``configs`` are its sibling files, read from ``source.files`` when not given; ``rank_file``
    a tiktoken :class:`~core.formats.tiktoken.runtime.RankFile` already parsed (not parsed again).
    """
    if source.format not in _LOADERS:
        raise FormatError.of(note("format.not_native", format=source.format), path=source.path)
    notes: list[str] = []
    if configs is None:
        configs, notes = read_configs(source.files)
    if source.format == "tiktoken":
        runtime = _load_tiktoken(source, configs, rank_file)
    else:
        runtime = _LOADERS[source.format](source, configs)
    runtime.notes[:0] = notes
    runtime.name = source.options.get("name") or source.name
    return runtime


def load_tokenizer(path: str | Path, **options) -> Runtime:
    """Detect and run a native tokenizer file in one step (:func:`core.loading.open_tokenizer`
    opens any path, and returns its configs too).

    Options: ``preset``, ``pattern``, ``special`` (tiktoken); ``add_bos``, ``add_eos``
    (SentencePiece).
    """
    return load_runtime(detect(path, **options))


def _load_hf(source: TokenizerSource, configs: Configs) -> Runtime:
    from .hf.runtime import HFRuntime

    path = source.files["tokenizer.json"]
    spec = parse_json_text(_read_text(path), path)
    return HFRuntime(spec, path=path, configs=configs.by_file())


def _load_spm(source: TokenizerSource, configs: Configs) -> Runtime:
    from .sentencepiece.runtime import SentencePieceRuntime

    path = source.files["tokenizer.model"]
    add_bos, add_eos, added_by = _spm_additions(source.options, configs.tokenizer_config or {})
    return SentencePieceRuntime(path.read_bytes(), path=path, add_bos=add_bos, add_eos=add_eos,
                                added_by=added_by)


def _spm_additions(options: dict, config: dict) -> tuple[bool | None, bool, str]:
    """``(add_bos, add_eos, where that came from)`` for a SentencePiece model: the user's
    options, else ``tokenizer_config.json``'s ``add_bos_token``/``add_eos_token``, else the
    default (None: BOS when the model has a BOS piece; see SentencePieceRuntime for why).

    >>> _spm_additions({}, {"add_bos_token": False})
    (False, False, 'tokenizer_config.json')
    >>> _spm_additions({}, {})
    (None, False, 'default')
    """
    if "add_bos" in options or "add_eos" in options:
        return (options.get("add_bos", config.get("add_bos_token")),
                bool(options.get("add_eos", config.get("add_eos_token", False))), "user")
    if "add_bos_token" in config or "add_eos_token" in config:
        return (bool(config.get("add_bos_token", False)), bool(config.get("add_eos_token", False)),
                "tokenizer_config.json")
    return None, False, "default"


def _load_tiktoken(source: TokenizerSource, configs: Configs, rank_file=None) -> Runtime:
    from .tiktoken.runtime import load_tiktoken

    opts = source.options
    return load_tiktoken(source.files["tokenizer.tiktoken"], preset=opts.get("preset"),
                         pattern=opts.get("pattern"), special=opts.get("special"),
                         rank_file=rank_file)


def _load_wordpiece(source: TokenizerSource, configs: Configs) -> Runtime:
    from .hf.vocab_files import wordpiece_runtime

    path = source.files["vocab.txt"]
    return wordpiece_runtime(_read_text(path), path=path, tokenizer_config=configs.tokenizer_config,
                             configs=configs.by_file())


def _load_gpt2(source: TokenizerSource, configs: Configs) -> Runtime:
    from .hf.vocab_files import gpt2_runtime

    vocab_path, merges_path = source.files["vocab.json"], source.files["merges.txt"]
    return gpt2_runtime(parse_json_text(_read_text(vocab_path), vocab_path),
                        _read_text(merges_path), vocab_path=vocab_path, merges_path=merges_path,
                        configs=configs.by_file())


def _load_reference_bpe(source: TokenizerSource, configs: Configs) -> Runtime:
    from .reference.runtime import MODEL_FILE, ReferenceBPERuntime

    path = source.files[MODEL_FILE]
    return ReferenceBPERuntime(parse_json_text(_read_text(path), path), path=path)


def _load_gguf(source: TokenizerSource, configs: Configs) -> Runtime:
    from .gguf.runtime import GGUFRuntime

    return GGUFRuntime(source.files[GGUF_FILE], configs=configs.by_file())


def _load_tekken(source: TokenizerSource, configs: Configs) -> Runtime:
    from .tekken.runtime import load_tekken

    path = source.files["tekken.json"]
    return load_tekken(path, parse_json_text(_read_text(path), path))


_LOADERS = {"tokenizer.json": _load_hf, "gguf": _load_gguf, "tekken": _load_tekken, "sentencepiece": _load_spm, "tiktoken": _load_tiktoken,
            "wordpiece": _load_wordpiece, "gpt2-bpe": _load_gpt2,
            "tokbench-bpe": _load_reference_bpe}
