"""Encode large texts in a child process, so no native call holds this process's GIL for long.

``tokenizers`` builds its offset and token lists, and ``sentencepiece`` its protobuf result, while
holding the GIL: on a few megabytes that is hundreds of milliseconds in which a GUI thread cannot
run. A child process encodes, converts spans to every unit, counts and decodes; it sends back only
compact arrays. The parent rebuilds the :class:`~core.encoding.Encoding` around them and fills
pieces and token bytes lazily, in Python loops that let other threads run.

>>> # loaded = open_tokenizer(path); encoder = ProcessEncoder()
>>> # enc, round_trip = encoder.encode(loaded.runtime, big_text, source=loaded.source)
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from multiprocessing import shared_memory
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path

import numpy as np

from .encoding import Encoding
from .errors import TextError
from .lifeline import watch_parent
from .notes import Note, note
from .runtimes.base import RoundTrip, Runtime
from .text import TextIndex, Unit

LARGE_TEXT = 256 * 1024  # characters; below this the native calls are short enough in-process
_CHUNK = 1 << 16

_child_runtimes: dict[str, Runtime] = {}


def _source_key(source) -> str:
    """Identifies a source *and its file contents' versions*: an edited file reloads."""
    def stamp(path) -> tuple:
        try:
            info = Path(path).stat()
            return (str(path), info.st_mtime_ns, info.st_size)
        except OSError:
            return (str(path), None, None)

    return repr((source.format, stamp(source.path), sorted((k, stamp(v)) for k, v in
                                                          source.files.items()),
                 sorted((k, repr(v)) for k, v in source.options.items())))


def _narrow(values: np.ndarray) -> np.ndarray:
    return values.astype(np.int32) if len(values) and values.max() < 2**31 else values


def _pack(arrays: dict[str, np.ndarray]) -> tuple[str, list]:
    """Copy arrays into one shared-memory block; return its name and the layout.

    Megabytes of arrays sent through the pool's pipe are received and unpickled by a thread of
    the parent while it holds the GIL; shared memory is mapped and copied at C speed instead.
    """
    total = sum(a.nbytes for a in arrays.values())
    block = shared_memory.SharedMemory(create=True, size=max(total, 1))
    layout, offset = [], 0
    try:
        for key, array in arrays.items():
            view = np.ndarray(array.shape, array.dtype, buffer=block.buf, offset=offset)
            view[...] = array
            layout.append((key, array.dtype.str, array.shape, offset))
            offset += array.nbytes
            del view
    except BaseException:
        block.close()
        block.unlink()
        raise
    name = block.name
    block.close()
    return name, layout


def _unpack(name: str, layout: list) -> dict[str, np.ndarray]:
    block = shared_memory.SharedMemory(name=name)
    try:
        return {key: np.ndarray(shape, np.dtype(dtype), buffer=block.buf, offset=offset).copy()
                for key, dtype, shape, offset in layout}
    finally:
        block.close()
        block.unlink()


def _encode_in_child(source, text: str, add_special_tokens: bool, parse_special: bool):
    """Runs in the child: load (once per source), encode, convert, decode; return arrays."""
    from .loading import open_source

    key = _source_key(source)
    runtime = _child_runtimes.get(key)
    if runtime is None:
        _child_runtimes.clear()  # one tokenizer at a time: the GUI inspects one large text
        runtime = _child_runtimes[key] = open_source(source).runtime
    enc = runtime.encode(text, add_special_tokens=add_special_tokens, parse_special=parse_special)
    arrays = {"ids": _narrow(enc.ids), "flags": enc.flags}
    for unit in Unit:
        starts, ends = enc.spans(unit)
        arrays[f"{unit.value}:s"], arrays[f"{unit.value}:e"] = _narrow(starts), _narrow(ends)
    return _pack(arrays), enc.index.counts(), enc.warnings, runtime.round_trip(text, enc)


def _reason(err: BaseException) -> str:
    """What went wrong in the child, in one line (for the ``offload.fallback`` note).

    >>> _reason(BrokenProcessPool("died"))
    'BrokenProcessPool: died'
    """
    message = str(err).strip().splitlines()
    return f"{type(err).__name__}: {message[0]}" if message else type(err).__name__


def _lazy(fn, ids: np.ndarray):
    """A zero-argument callable mapping ``fn`` over ids in chunks (no long GIL hold)."""
    def run():
        out = []
        for k in range(0, len(ids), _CHUNK):
            out.extend(fn(i) for i in ids[k:k + _CHUNK].tolist())
        return out
    return run


def _end_with_parent() -> None:
    """In the pool's child: end when the parent process does. The child holds both ends of the
    pool's queues, so a parent killed outright would leave it waiting for work for ever, with
    its tokenizers loaded. Not the Linux parent-death signal: it fires when the *thread* that
    started the child ends, and the pool outlives the worker thread that first used it."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        watch_parent(parent.join, lambda: os._exit(1), deadline=0)


class ProcessEncoder:
    """A lazily started one-process pool that encodes for runtimes loaded from files."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None
        self._lock = threading.Lock()

    @staticmethod
    def can_encode(source, text: str) -> bool:
        """Worth it, and possible: a large text, and a tokenizer the child can open again
        (``source``, a :class:`~core.formats.TokenizerSource`; None for one built in memory)."""
        return len(text) >= LARGE_TEXT and source is not None

    def encode(self, runtime: Runtime, text: str, *, source, add_special_tokens: bool = True,
               parse_special: bool = False,
               notes: list[Note] | None = None) -> tuple[Encoding, RoundTrip]:
        """Encode in the child, which opens ``source`` (what ``runtime`` was opened from);
        return the Encoding and its round trip.

        If the child fails, the text is encoded here, and an ``offload.fallback`` note saying so
        is appended to ``notes``: the user should know why the window may pause.
        """
        with self._lock:
            if self._pool is None:
                # spawn: a forked copy of a Qt process is not safe to run Python in
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_end_with_parent)
            pool = self._pool
        try:
            future = pool.submit(_encode_in_child, source, text, add_special_tokens,
                                 parse_special)
            (name, layout), counts, warnings, round_trip = future.result()
            arrays = _unpack(name, layout)
        except TextError:
            raise  # the text itself cannot be encoded: the same would happen here
        except Exception as err:
            # the child died, or cannot reload the source (file moved, temp folder gone):
            # encode here rather than fail
            if isinstance(err, BrokenProcessPool):
                self.shutdown()
            if notes is not None:
                notes.append(note("offload.fallback", reason=_reason(err)))
            enc = runtime.encode(text, add_special_tokens=add_special_tokens,
                                 parse_special=parse_special)
            return enc, runtime.round_trip(text, enc)
        ids = arrays["ids"].astype(np.int64)
        converted = {unit: (arrays[f"{unit.value}:s"].astype(np.int64),
                            arrays[f"{unit.value}:e"].astype(np.int64)) for unit in Unit}
        byte_starts, byte_ends = converted[Unit.BYTES]
        enc = Encoding.build(text, ids=ids, byte_starts=byte_starts, byte_ends=byte_ends,
                             flags=arrays["flags"], index=TextIndex(text, counts=counts),
                             pieces=_lazy(runtime.piece, ids),
                             token_bytes=_lazy(runtime.token_bytes, ids),
                             warnings=warnings, spans=converted, piece_of=runtime.piece,
                             bytes_of=runtime.token_bytes)
        return enc, round_trip

    def shutdown(self) -> None:
        with self._lock:
            if self._pool is not None:
                self._pool.shutdown(wait=False, cancel_futures=True)
                self._pool = None
