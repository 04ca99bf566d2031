"""Read a GGUF file's header — metadata and tensor shapes — without touching the weights.

A GGUF model file is a header (key/value metadata, then one record per tensor: name, shape, type,
offset) followed by gigabytes of weights. The tokenizer lives entirely in the metadata, so the file
is memory-mapped and only the header's pages are read: a 20 GB model opens as fast as a vocab-only
file. The layout and type codes are llama.cpp's (``gguf`` package constants).

Why not ``gguf.GGUFReader``: it builds one numpy array per string of every array, which takes
seconds for a 50k-token vocabulary (4 s measured for GPT-2's) and gives no key in its errors.
``tests/core/formats/gguf/test_header.py`` checks this reader equals GGUFReader on real files.

Example (on llama.cpp's GPT-2 vocab file)::

    header = read_gguf_header("ggml-vocab-gpt-2.gguf")
    header.get("tokenizer.ggml.model"), len(header.get("tokenizer.ggml.tokens"))
    # ('gpt2', 50257)
"""

from __future__ import annotations

import mmap
import struct
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ...errors import FormatError
from ...notes import Note, note

MAGIC = b"GGUF"
SUPPORTED_VERSIONS = (2, 3)  # version 1 (32-bit lengths) predates every file in circulation

# GGUFValueType codes -> (struct format, numpy dtype) for fixed-size values
_SCALARS = {0: ("<B", np.uint8), 1: ("<b", np.int8), 2: ("<H", np.uint16), 3: ("<h", np.int16),
            4: ("<I", np.uint32), 5: ("<i", np.int32), 6: ("<f", np.float32), 7: ("<?", np.bool_),
            10: ("<Q", np.uint64), 11: ("<q", np.int64), 12: ("<d", np.float64)}
_STRING, _ARRAY = 8, 9


@dataclass
class TensorInfo:
    """One tensor's record: its shape in GGML order (``ne[0]`` first: for an embedding matrix,
    ``(hidden size, rows)``), its GGML type code and its offset in the data region."""

    name: str
    shape: tuple[int, ...]
    ggml_type: int
    offset: int


@dataclass
class GGUFHeader:
    """A GGUF file's metadata and tensor records.

    Attributes:
        path: the file.
        version: the GGUF format version (2 or 3).
        metadata: key -> value; an array of strings is a list of str, a numeric array a numpy
            array, a string a str.
        tensors: tensor name -> :class:`TensorInfo`.
        header_bytes: where the header ends (what was read of the file).
    """

    path: Path
    version: int
    metadata: dict = field(default_factory=dict)
    tensors: dict[str, TensorInfo] = field(default_factory=dict)
    header_bytes: int = 0

    def get(self, key: str, default=None):
        return self.metadata.get(key, default)

    @property
    def architecture(self) -> str | None:
        value = self.metadata.get("general.architecture")
        return value if isinstance(value, str) else None

    def arch_value(self, name: str):
        """``<architecture>.<name>`` (``context_length``, ``vocab_size``...), or None."""
        arch = self.architecture
        return self.metadata.get(f"{arch}.{name}") if arch else None

    @property
    def embedding_rows(self) -> int | None:
        """Rows of the token embedding matrix (``token_embd.weight``), from its shape: what the
        model can look up, which may exceed the tokenizer's vocabulary (padding rows)."""
        info = self.tensors.get("token_embd.weight")
        return int(info.shape[1]) if info is not None and len(info.shape) >= 2 else None


class _Cursor:
    """Reads little-endian values from the mapped file, naming the part being read on failure.

    ``part`` is a ``gguf.in_*`` note code and its values (a sub-note of the error, made only
    when one is raised: the cursor moves through thousands of tensor records).
    """

    def __init__(self, data, path: Path) -> None:
        self.data = data
        self.pos = 0
        self.path = path
        self.part: tuple[str, dict] = ("gguf.in_header", {})

    def where(self) -> Note:
        """The part being read, as the sub-note an error names it by."""
        code, args = self.part
        return note(code, **args)

    def fail(self, code: str, **args) -> FormatError:
        return FormatError.of(note(code, where=self.where(), **args), path=self.path)

    def need(self, size: int) -> None:
        if self.pos + size > len(self.data):
            raise self.fail("gguf.header_truncated", byte=self.pos, size=len(self.data))

    def scalar(self, fmt: str):
        size = struct.calcsize(fmt)
        self.need(size)
        (value,) = struct.unpack_from(fmt, self.data, self.pos)
        self.pos += size
        return value

    def string(self) -> str:
        length = self.scalar("<Q")
        self.need(length)
        raw = bytes(self.data[self.pos:self.pos + length])
        self.pos += length
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise self.fail("gguf.invalid_utf8", byte=self.pos - length + err.start) from None

    def value(self, kind: int):
        if kind in _SCALARS:
            return self.scalar(_SCALARS[kind][0])
        if kind == _STRING:
            return self.string()
        if kind == _ARRAY:
            item_kind = self.scalar("<I")
            count = self.scalar("<Q")
            if item_kind in _SCALARS:
                dtype = np.dtype(_SCALARS[item_kind][1]).newbyteorder("<")
                self.need(count * dtype.itemsize)
                array = np.frombuffer(self.data, dtype=dtype, count=count, offset=self.pos).copy()
                self.pos += count * dtype.itemsize
                return array
            if item_kind == _STRING:
                return [self.string() for _ in range(count)]
            if item_kind == _ARRAY:
                return [self.value(_ARRAY) for _ in range(count)]
            raise self.fail("gguf.unknown_array_type", kind=item_kind)
        raise self.fail("gguf.unknown_value_type", kind=kind)


def is_gguf(head: bytes) -> bool:
    """Does a file start like a GGUF file?

    >>> is_gguf(b"GGUF\\x03\\x00\\x00\\x00"), is_gguf(b"{")
    (True, False)
    """
    return head[:4] == MAGIC


def read_gguf_header(path: str | Path) -> GGUFHeader:
    """Parse the header of the GGUF file at ``path`` (memory-mapped: the weights stay unread).

    Raises :class:`FormatError` naming the file, and the key, for an unknown version, a truncated
    header or a value of unknown type.
    """
    path = Path(path)
    with open(path, "rb") as handle:
        size = handle.seek(0, 2)
        if size < 8:
            raise FormatError.of(note("gguf.shorter_than_magic"), path=path)
        with mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return _parse(data, path)


def _parse(data, path: Path) -> GGUFHeader:
    cursor = _Cursor(data, path)
    if bytes(data[:4]) != MAGIC:
        raise FormatError.of(note("gguf.not_gguf"), path=path)
    cursor.pos = 4
    cursor.part = ("gguf.in_version", {})
    version = cursor.scalar("<I")
    if version not in SUPPORTED_VERSIONS:
        # a big-endian file's small version number reads as a multiple of 65,536 here
        code = "gguf.version_big_endian" if version & 0xFFFF == 0 else "gguf.version_unknown"
        raise FormatError.of(note(code, version=version, supported=list(SUPPORTED_VERSIONS)),
                             path=path)
    cursor.part = ("gguf.in_counts", {})
    n_tensors = cursor.scalar("<Q")
    n_keys = cursor.scalar("<Q")
    header = GGUFHeader(path, version)
    for number in range(n_keys):
        cursor.part = ("gguf.in_key_name", {"number": number + 1, "total": n_keys})
        name = cursor.string()
        cursor.part = ("gguf.in_key", {"key": name})
        kind = cursor.scalar("<I")
        header.metadata[name] = cursor.value(kind)
    for number in range(n_tensors):
        cursor.part = ("gguf.in_tensor_record", {"number": number + 1, "total": n_tensors})
        name = cursor.string()
        cursor.part = ("gguf.in_tensor", {"tensor": name})
        dims = cursor.scalar("<I")
        if dims > 8:
            raise cursor.fail("gguf.too_many_dimensions", dimensions=dims)
        shape = tuple(cursor.scalar("<Q") for _ in range(dims))
        header.tensors[name] = TensorInfo(name, shape, cursor.scalar("<I"), cursor.scalar("<Q"))
    header.header_bytes = cursor.pos
    return header
