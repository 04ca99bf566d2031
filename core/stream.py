"""Streaming decode: token IDs in, whole characters out, with stop strings and stop IDs.

What a server does while a model generates: IDs arrive one at a time (or in chunks) and the
text is sent as soon as it is certain. Three pieces, each usable alone:

* :class:`StreamDecoder` turns IDs into text for any runtime of the project. It keeps the IDs
  since the last point where whole characters were emitted, decodes a window (the IDs emitted
  last step + the pending ones) with the runtime's own ``decode`` and emits the new suffix — the
  method of ``tokenizers``' ``DecodeStream`` and vLLM's incremental detokenizer. Decoding a
  window that starts with already-emitted IDs keeps each decoder's context rules right:
  SentencePiece / Metaspace drop the ``▁`` of the *first* piece only, WordPiece keeps ``##`` on
  a first piece and joins it to the previous one otherwise. The concatenated output equals
  ``runtime.decode(ids)``.
* :class:`StopMatcher` holds back text that could still become a stop string, so no part of a
  stop is ever emitted.
* :class:`TextStream` joins both and adds stop token IDs: one :class:`StreamStep` per ID, the way
  a server reports what it sends.

When the decoder waits, and when it gives up: it waits while the pending tokens' bytes end in an
incomplete UTF-8 sequence that more bytes could still complete (``E4 BD`` waits for ``A0``). It
emits as soon as they cannot — the next byte cannot continue the sequence (a stray continuation
byte, ``E4`` followed by ``A``, a special token after ``E4``) — or at :meth:`StreamDecoder.finish`
(the sequence was cut by the end of the stream). Pending bytes that hold a run that can never
complete *and* end in one that still can wait for the last one (``E4 BD E4`` waits; ``A0`` then
gives ``<E4 BD>`` and ``你`` together): the window is cut at token boundaries. With a
``tokenizer.json`` byte-fallback model a run of ``<0x..>`` pieces is emitted when a piece that is
no byte ends it (or at the end): its ByteFallback decoder turns a whole run to ``�`` when any of
it is invalid. Bytes that never form a character are shown as hex, ``<E4 BD>`` (as everywhere in
the workbench, see :func:`core.text.visible_bytes`), never as a silent ``�``;
:attr:`StreamDecoder.lossy_text` keeps the runtime's own reading (with ``�``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Iterable, Sequence

from .errors import WorkbenchError
from .runtimes.base import byte_piece_value
from .text import hex_bytes

_REPLACEMENT_RUN = re.compile("\ufffd+")


class StreamError(WorkbenchError):
    """A stream cannot go on: an ID outside the vocabulary, a stop string that is empty."""

    code = "stream"


# The second byte's range for each lead byte (Unicode Table 3-7); later bytes are 80..BF.
_SECOND = {**{b: (0x80, 0xBF) for b in range(0xC2, 0xF4)}, 0xE0: (0xA0, 0xBF),
           0xED: (0x80, 0x9F), 0xF0: (0x90, 0xBF), 0xF4: (0x80, 0x8F)}


def _sequence_length(lead: int) -> int:
    return 2 if lead < 0xE0 else 3 if lead < 0xF0 else 4


def utf8_waiting(data: bytes) -> bool:
    """True when ``data`` ends in an incomplete UTF-8 sequence that more bytes could complete.

    >>> utf8_waiting("你".encode()[:2]), utf8_waiting("你".encode()), utf8_waiting(b"\\xbd")
    (True, False, False)
    >>> utf8_waiting(b"\\xe4A"), utf8_waiting(b"\\xed\\xa0")  # a surrogate can never complete
    (False, False)
    """
    for size in (1, 2, 3):
        if len(data) < size:
            return False
        lead = data[-size]
        if lead & 0xC0 != 0x80:  # the last byte that is no continuation byte: judge from it
            tail = data[-size:]
            if lead not in _SECOND or size >= _sequence_length(lead):
                return False
            low, high = _SECOND[lead]
            return size == 1 or (low <= tail[1] <= high)
    return False


def invalid_runs(data: bytes) -> list[bytes]:
    """The runs of bytes in ``data`` that are not part of a UTF-8 character (adjacent ones joined).

    >>> invalid_runs(b"a\\xe4\\xbd b\\x80\\xff")
    [b'\\xe4\\xbd', b'\\x80\\xff']
    """
    runs: list[bytes] = []
    pos, last_end = 0, -1
    while pos < len(data):
        try:
            data[pos:].decode("utf-8")
            break
        except UnicodeDecodeError as err:
            start, end = pos + err.start, pos + err.end
            if start == last_end:
                runs[-1] += data[start:end]
            else:
                runs.append(data[start:end])
            pos = last_end = end
    return runs


def show_invalid(decoded: str, data: bytes, runs: list[bytes] | None = None) -> str:
    """``decoded`` (a runtime's reading of ``data``) with each ``�`` run that stands for invalid
    bytes replaced by those bytes in hex.

    Runtimes replace invalid bytes differently (one ``�`` per byte in SentencePiece, one per
    maximal invalid subpart in Rust and Python), but each run of invalid bytes gives one run of
    ``�``: the runs are matched in order. A ``�`` the text really holds (bytes ``EF BF BD``)
    stays, when it can be told apart; when it cannot, every run is shown as the hex of all the
    invalid bytes (nothing is shown as a silent ``�``).

    ``runs``: the byte runs each ``�`` run stands for, where the runtime's are not the invalid
    bytes alone (default: :func:`invalid_runs` of ``data``).

    >>> show_invalid("a\\ufffd\\ufffdb", b"a\\xe4\\xbdb")
    'a<E4 BD>b'
    """
    runs = invalid_runs(data) if runs is None else runs
    if not runs:
        return decoded
    found = _REPLACEMENT_RUN.findall(decoded)
    if len(found) == len(runs) and "\ufffd" not in data.decode("utf-8", "ignore"):
        hexes = iter(runs)
        return _REPLACEMENT_RUN.sub(lambda m: f"<{hex_bytes(next(hexes))}>", decoded)
    every = " ".join(hex_bytes(run) for run in runs)
    return _REPLACEMENT_RUN.sub(f"<{every}>", decoded, count=1).replace("\ufffd", "")


class StreamDecoder:
    """Token IDs in (one at a time or in chunks), whole characters out.

    Example (GPT-2, where ``你`` is the IDs 19526 = ``E4 BD`` and 254 = ``A0``)::

        decoder = StreamDecoder(runtime)
        decoder.push(19526)  # ''   (waiting for the character's last byte)
        decoder.push(254)    # '你'
        decoder.push(19526)  # ''
        decoder.finish()     # '<E4 BD>'   (cut by the end of the stream)

    Raises :class:`StreamError` naming an ID outside the runtime's vocabulary (the stream is
    left as it was before that ID).
    """

    def __init__(self, runtime) -> None:
        self.runtime = runtime
        # tokenizers' ByteFallback decoder reads a run of byte pieces as a whole: when the run
        # is invalid UTF-8 every byte of it becomes "�", the valid characters before too
        # (<0x00><0x80> decodes to "��"), so a run is only certain once a piece that is no
        # byte ends it
        self._whole_byte_runs = bool(getattr(runtime, "byte_fallback", False)) \
            and getattr(runtime, "source_format", "") == "tokenizer.json"
        # sentencepiece's decode skips control pieces wherever they are (<s> between two
        # pieces changes neither); other decoders may not: an ID that decodes to "" alone may
        # still change its neighbours' reading
        self._skipped = frozenset(
            t.id for t in runtime.special_tokens() if t.kind == "control"
        ) if getattr(runtime, "source_format", "") == "sentencepiece" else frozenset()
        self._window: list[int] = []  # the IDs emitted last, then the pending ones
        self._read = 0                # where the pending IDs start in the window
        self._prefix_text = ""        # decode of the window's emitted IDs
        self._pending_bytes = bytearray()
        self.count = 0                # IDs taken so far
        self._parts: list[str] = []
        self._lossy: list[str] = []

    @property
    def text(self) -> str:
        """Everything emitted so far (invalid bytes in hex)."""
        return "".join(self._parts)

    @property
    def lossy_text(self) -> str:
        """Everything emitted so far as the runtime decodes it (invalid bytes as ``�``)."""
        return "".join(self._lossy)

    @property
    def pending_ids(self) -> list[int]:
        """IDs taken but not emitted yet (waiting for the rest of a character)."""
        return self._window[self._read:]

    def push(self, ids: int | Iterable[int]) -> str:
        """Take one ID or several; return the text that became certain (may be empty)."""
        if isinstance(ids, int):
            ids = [ids]
        return "".join(self._step(int(token_id)) for token_id in ids)

    def finish(self) -> str:
        """The end of the stream: emit what is pending (an unfinished character as hex)."""
        if self._read == len(self._window):
            return ""
        return self._emit(self._decode(self._window))

    def _step(self, token_id: int) -> str:
        space = self.runtime.id_space
        if not 0 <= token_id < space:
            raise StreamError(f"token ID {token_id} at stream position {self.count} is out of "
                              f"range: the vocabulary has IDs 0..{space - 1}")
        self._window.append(token_id)
        try:
            token = self.runtime.token_bytes(token_id)
            # the last bytes say whether a character is incomplete (not the whole pending run)
            decoded = None if self._waiting(token_id, self._pending_bytes[-3:] + token) else \
                self._decode(self._window)
        except StreamError:
            raise
        except Exception as err:  # a hole in the IDs: the native library refuses it
            self._window.pop()
            raise self._refused(token_id, err) from None
        self.count += 1
        self._pending_bytes += token  # a bytearray: appended in place
        return "" if decoded is None else self._emit(decoded)

    def _refused(self, token_id: int, err: Exception) -> StreamError:
        """The error naming the ID the runtime cannot decode: a pending one (taken while the
        decoder waited, so not decoded then) or the new one."""
        pending = self.pending_ids
        for offset, earlier in enumerate(pending):
            try:
                self.runtime.decode([earlier])
            except Exception:
                position = self.count - len(pending) + offset
                return StreamError(f"token ID {earlier} at stream position {position} cannot be "
                                   f"decoded: {err}")
        return StreamError(f"token ID {token_id} at stream position {self.count} cannot be "
                           f"decoded: {err}")

    def _waiting(self, token_id: int, pending: bytes) -> bool:
        """Whether the pending IDs may still decode differently (see the module docstring)."""
        if self._whole_byte_runs and byte_piece_value(self.runtime.piece(token_id)) is not None:
            return True
        return utf8_waiting(pending)

    def _byte_runs(self) -> list[bytes] | None:
        """With tokenizers' ByteFallback, what each "�" run stands for: a whole run of byte
        pieces that is invalid UTF-8, its valid characters too (None: the invalid bytes)."""
        if not self._whole_byte_runs:
            return None
        runs, current = [], b""
        for token_id in self.pending_ids + [-1]:
            value = byte_piece_value(self.runtime.piece(token_id)) if token_id >= 0 else None
            if value is not None:
                current += bytes([value])
                continue
            if invalid_runs(current):
                runs.append(current)
            current = b""
        return runs

    def _decode(self, ids: Sequence[int]) -> str:
        return self.runtime.decode(ids)

    def _emit(self, decoded: str) -> str:
        if not decoded.startswith(self._prefix_text):
            # no runtime of the project does this (the tests check every family); if one did,
            # emitting would contradict what was sent already
            raise StreamError(f"decode is not stable at stream position {self.count}: "
                              f"{self._prefix_text!r} became {decoded!r}")
        lossy = decoded[len(self._prefix_text):]
        shown = show_invalid(lossy, bytes(self._pending_bytes), self._byte_runs())
        emitted = self._window[self._read:]
        emitted_text = self._decode(emitted)
        if emitted_text:
            self._window, self._prefix_text = emitted, emitted_text
        elif all(token_id in self._skipped for token_id in emitted):
            # IDs the decoder leaves out wherever they stand (SentencePiece control pieces)
            # change nothing before or after them: they stay out of the context, else a long
            # run of them is decoded again at every step (quadratic)
            self._window = self._window[:self._read]
        else:
            # IDs that decode to nothing alone but may matter to what follows (a Metaspace
            # "▁" first piece, a "</w>" whose space only shows before a next word) stay in the
            # context with the context before them
            self._prefix_text = decoded
        self._read = len(self._window)
        self._pending_bytes = bytearray()
        self._parts.append(shown)
        self._lossy.append(lossy)
        return shown


@dataclass(frozen=True)
class StopHit:
    """Where a stream stopped.

    Attributes:
        stop: the stop string that matched, or the stop token ID.
        token_index: the index (in the stream) of the ID that completed the stop.
        char_offset: where the stop starts in the emitted text (= the emitted text's length:
            nothing of the stop is emitted).
    """

    stop: str | int
    token_index: int
    char_offset: int


class StopMatcher:
    """Text in, text that cannot be part of a stop string out.

    Holds back the longest suffix that could still start a stop. A stop matches as soon as
    its last character arrives; when several complete in the same text, the one that ends first
    wins (then the one that starts first): what a character-by-character check finds, so the
    result does not depend on how the text was cut.

    >>> m = StopMatcher(["</answer>"])
    >>> m.feed("42</ans"), m.feed("wer> more"), m.hit
    ('42', '', 2)
    """

    def __init__(self, stops: Sequence[str]) -> None:
        for stop in stops:
            if not isinstance(stop, str) or not stop:
                raise StreamError(f"a stop string must be non-empty text, not {stop!r}")
        self.stops = list(dict.fromkeys(stops))
        self._longest = max((len(s) for s in self.stops), default=0)
        self._held = ""
        self.emitted = 0  # characters emitted so far
        self.hit: int | None = None  # the emitted length where the matched stop starts
        self.matched: str | None = None

    @property
    def held(self) -> str:
        """The text held back: it could still become the start of a stop (not emitted yet)."""
        return self._held

    def feed(self, text: str) -> str:
        """The part of ``held + text`` that is certain to be no part of a stop."""
        if self.hit is not None:
            return ""
        buf = self._held + text
        best: tuple[int, int, str] | None = None  # (end, start, stop)
        for stop in self.stops:
            start = buf.find(stop)
            if start >= 0 and (best is None or (start + len(stop), start) < best[:2]):
                best = (start + len(stop), start, stop)
        if best is not None:
            out = buf[:best[1]]
            self._held = ""
            self.emitted += len(out)
            self.hit, self.matched = self.emitted, best[2]
            return out
        keep = self._could_start(buf)
        out = buf[:len(buf) - keep]
        self._held = buf[len(buf) - keep:]
        self.emitted += len(out)
        return out

    def flush(self) -> str:
        """The end of the text: what was held back is no stop after all."""
        out, self._held = self._held, ""
        self.emitted += len(out)
        return out if self.hit is None else ""

    def _could_start(self, buf: str) -> int:
        """Length of the longest suffix of ``buf`` that is a proper prefix of a stop."""
        for size in range(min(len(buf), self._longest - 1), 0, -1):
            tail = buf[-size:]
            if any(stop.startswith(tail) for stop in self.stops):
                return size
        return 0


@dataclass(frozen=True)
class StreamStep:
    """What a server sends after one ID: ``text`` (possibly empty), and the stop if it stopped."""

    token_index: int
    token_id: int | None  # None for the end of the stream
    text: str
    stop: StopHit | None = None


class TextStream:
    """A generation stream: IDs in, one :class:`StreamStep` per ID out, until a stop.

    A stop token ID ends the stream without being decoded (what was pending is emitted first,
    an unfinished character as hex). After a stop, further IDs are ignored (no steps).

    Example::

        stream = TextStream(runtime, stops=["\\n\\n"], stop_ids=[eos_id])
        for step in stream.push(ids) + stream.finish():
            send(step.text)  # step.stop: a StopHit once the stream has stopped
    """

    def __init__(self, runtime, stops: Sequence[str] = (), stop_ids: Iterable[int] = ()) -> None:
        self.decoder = StreamDecoder(runtime)
        self.matcher = StopMatcher(stops)
        self.stop_ids = {int(i) for i in stop_ids}
        self.stopped: StopHit | None = None
        self._parts: list[str] = []
        self._index = 0
        self._finished = False

    @property
    def text(self) -> str:
        """Everything emitted so far."""
        return "".join(self._parts)

    def push(self, ids: int | Iterable[int]) -> list[StreamStep]:
        """Take one ID or several; one step per ID taken (fewer after a stop)."""
        if isinstance(ids, int):
            ids = [ids]
        steps = []
        for token_id in ids:
            if self.stopped is not None:
                break
            steps.append(self._step(int(token_id)))
        return steps

    def finish(self) -> list[StreamStep]:
        """The end of the stream (no stop came): the last step emits what was held back.
        Once: a second call, or one after a stop, gives no step."""
        if self.stopped is not None or self._finished:
            return []
        self._finished = True
        text = self.matcher.feed(self.decoder.finish())
        if self.matcher.hit is None:
            text += self.matcher.flush()
        return [self._record(StreamStep(self._index, None, text, self._hit(self._index)))]

    def _step(self, token_id: int) -> StreamStep:
        index = self._index
        if token_id in self.stop_ids:
            text = self.matcher.feed(self.decoder.finish())
            if self.matcher.hit is None:  # the stop ID, unless pending text completed a string
                text += self.matcher.flush()
                self.stopped = StopHit(token_id, index, self.matcher.emitted)
        else:
            text = self.matcher.feed(self.decoder.push(token_id))
        self._index += 1
        return self._record(StreamStep(index, token_id, text, self._hit(index)))

    def _hit(self, index: int) -> StopHit | None:
        if self.stopped is None and self.matcher.hit is not None:
            self.stopped = StopHit(self.matcher.matched, index, self.matcher.hit)
        return self.stopped

    def _record(self, step: StreamStep) -> StreamStep:
        self._parts.append(step.text)
        return step


def parse_ids(text: str, path: object = None) -> list[int]:
    """Token IDs from JSON: a list of integers, or an object with ``"ids"`` (what
    ``tokbench inspect --json`` prints).

    >>> parse_ids('[1, 2]'), parse_ids('{"ids": [3]}')
    ([1, 2], [3])
    >>> parse_ids('[1, "x"]', "ids.json")
    Traceback (most recent call last):
    core.stream.StreamError: ids.json: item 1 is not a token ID (an integer): 'x'
    """
    import json

    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise StreamError(f"invalid JSON: {err.msg}", path=path, line=err.lineno,
                          column=err.colno) from None
    if isinstance(data, dict) and "ids" in data:
        data = data["ids"]
    if not isinstance(data, list):
        raise StreamError('expected a list of token IDs, or {"ids": [...]}', path=path)
    for k, item in enumerate(data):
        if isinstance(item, bool) or not isinstance(item, int):
            raise StreamError(f"item {k} is not a token ID (an integer): {item!r}", path=path)
    return data
