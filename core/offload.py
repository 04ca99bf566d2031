"""Encode large texts in a child process, so no native call holds this process's GIL for long.

``tokenizers`` builds its offset and token lists, and ``sentencepiece`` its protobuf result, while
holding the GIL: on a few megabytes that is hundreds of milliseconds in which a GUI thread cannot
run. A child process encodes, converts spans to every unit, counts and decodes; it sends back only
compact arrays. The parent rebuilds the :class:`~core.encodings.encoding.Encoding` around them and fills
pieces and token bytes lazily, in Python loops that let other threads run.

>>> # loaded = open_tokenizer(path); encoder = ProcessEncoder()
>>> # enc, round_trip = encoder.encode(loaded.runtime, big_text, source=loaded.source)
"""

from __future__ import annotations

import threading
from multiprocessing import shared_memory
from pathlib import Path

import numpy as np

from .encodings.encoding import Encoding
from .errors import TextError
from .notes import Note, note
from .formats.runtime import RoundTrip, Runtime
from .loading import open_source
from .supervisor import ChildDied, PythonChild, serve
from .text.offsets import TextIndex, Unit

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


def _encode_in_child(request: tuple, *, cancel=None):
    """Runs in the child: load (once per source), encode, convert, decode; return arrays.
    ``request`` is ``(source, text, add_special_tokens, parse_special)``."""
    source, text, add_special_tokens, parse_special = request

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

    >>> _reason(RuntimeError("died"))
    'RuntimeError: died'
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


class ProcessEncoder:
    """A lazily started server child (:class:`core.supervisor.PythonChild`) that encodes for
    runtimes loaded from files. It lives across encodes (it keeps the tokenizer it loaded) and
    ends with this process, not with the thread that first used it; one encode at a time."""

    def __init__(self) -> None:
        self._child: PythonChild | None = None
        self._lock = threading.Lock()  # guards _child
        self._busy = threading.Lock()  # one request in flight

    @staticmethod
    def can_encode(source, text: str) -> bool:
        """Worth it, and possible: a large text, and a tokenizer the child can open again
        (``source``, a :class:`~core.formats.detect.TokenizerSource`; None for one built in memory)."""
        return len(text) >= LARGE_TEXT and source is not None

    def encode(self, runtime: Runtime, text: str, *, source, add_special_tokens: bool = True,
               parse_special: bool = False,
               notes: list[Note] | None = None) -> tuple[Encoding, RoundTrip]:
        """Encode in the child, which opens ``source`` (what ``runtime`` was opened from);
        return the Encoding and its round trip.

        If the child fails, the text is encoded here, and an ``offload.fallback`` note saying so
        is appended to ``notes``: the user should know why the window may pause.
        """
        try:
            with self._busy:
                (name, layout), counts, warnings, round_trip = self._ask(
                    (source, text, add_special_tokens, parse_special))
            arrays = _unpack(name, layout)
        except TextError:
            raise  # the text itself cannot be encoded: the same would happen here
        except Exception as err:
            # the child died, or cannot reload the source (file moved, temp folder gone):
            # encode here rather than fail
            if notes is not None:
                notes.append(note("offload.fallback", said=_reason(err)))
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

    def _ask(self, request: tuple):
        """The child's answer to ``request`` (its error raised here); a child that died is
        dropped, and the next request starts a new one."""
        with self._lock:
            if self._child is None:
                self._child = PythonChild(serve, _encode_in_child, name="workbench-encoder",
                                          server=True)
            child = self._child
        try:
            child.send(request)
            while True:
                message = child.receive(None)
                if message.kind in ("answer", "error"):
                    break
        except (ChildDied, OSError):
            self._drop(child)
            raise
        if message.kind == "error":
            raise message.value
        return message.value

    def _drop(self, child: PythonChild) -> None:
        with self._lock:
            if self._child is child:
                self._child = None
        child.stop(grace=0.0)

    def shutdown(self) -> None:
        """End the child (the next encode starts a new one). Does not wait for an encode in
        flight: its child is killed, and its thread encodes in its own process instead."""
        with self._lock:
            child, self._child = self._child, None
        if child is None:
            return
        if self._busy.acquire(blocking=False):  # no request in flight: close it
            try:
                child.stop(grace=1.0)
            finally:
                self._busy.release()
        else:
            child.process.kill()  # the waiting thread sees it gone and drops it
