"""Streaming decode: token IDs in, whole characters out, with stop strings and stop IDs.

What a server does while a model generates: IDs arrive one at a time (or several together) and
the text is sent as soon as it is certain. Three pieces, each usable alone:

* :class:`StreamDecoder` turns IDs into text for any runtime of the project, step by step as
  ``tokenizers``' ``DecodeStream`` does (and vLLM's and TGI's incremental detokenizers). It keeps
  the IDs since the last step that emitted text, decodes a window (the IDs emitted at that step +
  the pending ones) with the runtime's own ``decode`` and emits the new suffix. Decoding a window
  that starts with already-emitted IDs keeps each decoder's context rules right: SentencePiece /
  Metaspace / ``Strip`` drop the ``▁`` or space of the *first* piece only, WordPiece keeps ``##``
  on a first piece and joins it to the previous one otherwise. A prompt's IDs can be given first
  (``prefill``, as ``DecodeStream(ids=...)``): they are context, their text is not emitted.
  Where the decoder chain reads a token the same after any context (:mod:`core.stream.table`:
  byte-level, ByteFallback, Metaspace, SentencePiece, tiktoken), a step after a context that
  reads as valid text is its tokens' bytes instead, completed to whole characters incrementally:
  the same result (tests/core/stream/test_table.py) without a native call per token.
* :class:`StopMatcher` holds back text that could still become a stop string, so no part of a
  stop is ever emitted.
* :class:`TextStream` joins both and adds stop token IDs: one :class:`StreamStep` per ID, the way
  a server reports what it sends.

When a step emits (``DecodeStream.step``'s rule): when the window's decode is longer than the
text emitted before and does not end in ``�``. So a character is emitted at the step its last
byte arrives (``<0x20>`` gives ``" "``, ``<0xC3>`` nothing, ``<0xA9>`` ``"é"``), on every decoder
chain; IDs that arrive together (``push([...])``) are one step: their text comes at once, and
not before the step's decode ends in a whole character. Bytes that cannot become a character
(a stray ``80``, ``E4`` followed by ``A``) end in ``�`` too: they are held, like
``DecodeStream`` holds them, until a step ends in a whole character again, or the end of the
stream (:meth:`StreamDecoder.finish`) or a stop ID. They are then shown as hex, ``<E4 BD>`` (as
everywhere in the workbench, see :func:`core.text.offsets.visible_bytes`), never as a silent ``�``;
:attr:`StreamDecoder.lossy_text` keeps the runtime's own reading (with ``�``).

Where ``DecodeStream`` raises and the workbench goes on: ``tokenizers``' ByteFallback decoder reads
a run of ``<0x..>`` pieces as a whole and turns all of it to ``�`` when any byte is invalid, the
valid characters before too, so ``<0x41>`` then ``<0x80>`` would take back the ``A`` already
emitted (``DecodeStream``'s "Invalid prefix" error). Here the emitted text stands: the pending
IDs are decoded without the emitted ones before them (``A`` then ``<80>``), and
:attr:`~StreamDecoder.lossy_text` then differs from ``decode`` of the whole by those ``�``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from codecs import utf_8_decode as _utf8_decode
from typing import Iterable, NamedTuple, Sequence

from ..errors import WorkbenchError
from ..notes import note
from ..text.json_errors import json_problem
from ..encodings.vocab_bytes import byte_piece_value
from .table import PieceTable
from ..text.offsets import hex_bytes

_REPLACEMENT_RUN = re.compile("\ufffd+")


class StreamError(WorkbenchError):
    """A stream cannot go on: an ID outside the vocabulary, a stop string that is empty.

    ``position``: the stream position of the ID the error names (None for a prompt's ID or no
    ID), so a caller can take the IDs of a step before it.
    """

    code = "stream"
    position: int | None = None


# the kinds of core.pipeline.special.SpecialToken that skip_special leaves out (HF added tokens marked
# special, SentencePiece control pieces, tiktoken special tokens; not unk, not user-defined)
SKIPPED_KINDS = frozenset({"special", "control"})
PREFILL_TAIL = 8  # the prompt's last IDs taken one at a time (a character has at most 4 bytes)


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
    """Token IDs in (one at a time or several together), whole characters out.

    Each :meth:`push` is one step of ``tokenizers.decoders.DecodeStream`` (see the module
    docstring for when a step emits), on any runtime of the project.

    Example (GPT-2, where ``你`` is the IDs 19526 = ``E4 BD`` and 254 = ``A0``)::

        decoder = StreamDecoder(runtime)
        decoder.push(19526)  # ''   (waiting for the character's last byte)
        decoder.push(254)    # '你'
        decoder.push(19526)  # ''
        decoder.finish()     # '<E4 BD>'   (cut by the end of the stream)

        decoder = StreamDecoder(runtime, prefill=[40, 19526])  # the prompt "I" + E4 BD
        decoder.push(254)    # '你'   (the prompt's text is not emitted; its open character is)

    Args:
        skip_special: leave out special tokens (a ``tokenizer.json``'s added tokens marked
            special, SentencePiece control pieces, tiktoken's special tokens), as
            ``DecodeStream(skip_special_tokens=True)`` and ``decode(ids, skip_special_tokens=
            True)`` do.
        prefill: the prompt's IDs, as ``DecodeStream(ids=...)``: context whose text is never
            emitted; a character the prompt leaves open is completed by the first IDs pushed.
            (``DecodeStream`` itself emits the prompt's whole text again when the prompt's decode
            ends in ``�``; here only the completed character comes out.)
        exact: decode every step as a window with the runtime's ``decode``, never from the
            token bytes table (:mod:`core.stream.table`): the readable reference the table path
            is tested against. Same results, slower.

    Raises :class:`StreamError` naming an ID outside the runtime's vocabulary or one it cannot
    decode; the step is then not taken (the stream is left as it was before it).
    """

    def __init__(self, runtime, *, skip_special: bool = False,
                 prefill: Sequence[int] = (), exact: bool = False) -> None:
        self.runtime = runtime
        self.skip_special = bool(skip_special)
        # tokenizers' ByteFallback decoder turns a whole run of byte pieces to "�" when any of
        # it is invalid: the hex shown for those "�" is then the whole run (see _byte_runs)
        traits = runtime.stream_traits
        self._whole_byte_runs = traits.whole_byte_runs
        skips_control = traits.skips_control_anywhere
        specials = runtime.special_tokens() if skips_control or skip_special else []
        # sentencepiece's decode skips control pieces wherever they are (<s> between two
        # pieces changes neither); other decoders may not: an ID that decodes to "" alone may
        # still change its neighbours' reading
        self._skipped = frozenset(t.id for t in specials if t.kind == "control") \
            if skips_control else frozenset()
        # skipped special tokens never reach the decoder: decode(ids, skip_special_tokens=True)
        # is decode of the others (tokenizers filters the IDs before its decoder runs)
        self._dropped = frozenset(t.id for t in specials if t.kind in SKIPPED_KINDS) \
            if skip_special else frozenset()
        self._window: list[int] = []  # the IDs the last emitting step emitted, then the pending
        self._read = 0                # where the pending IDs start in the window
        self._prefix_text = ""        # decode of the window's emitted IDs
        self._pending_bytes = bytearray()
        self.count = 0                # IDs taken so far (the prompt's not counted)
        self._pending_since = 0       # the count when the last emitting step ended
        self._in_prompt = False
        # the fast path (see _take_plain): each token's bytes from the runtime's table, where its
        # decoder chain allows one; used while the context and the pending IDs are plain
        self._table = None if exact else PieceTable.of(runtime)
        self._entries = self._table.entries if self._table is not None else {}
        # the window has IDs whose decode has no "�" (its byte runs are valid) and every pending
        # ID has a table entry: the next step may take the table
        self._fast = False
        # while it is: the pending bytes' text so far and the part of a character after it
        self._tail = b""
        self._pending_text = ""
        self._parts: list[str] = []
        self._lossy: list[str] = []
        if len(prefill):
            self._prefill([int(i) for i in prefill])

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
        """IDs taken but not emitted yet: their decode ends in ``�`` (the rest of a character
        has not come, or their bytes end in one that never becomes a character)."""
        return self._window[self._read:]

    @property
    def pending_since(self) -> int:
        """The stream position of the first ID not emitted yet (the pending IDs are those taken
        from there on, skipped special tokens included, and a prompt's pending ones before)."""
        return self._pending_since

    def push(self, ids: int | Iterable[int]) -> str:
        """One step: take one ID, or several arriving together (``DecodeStream.step(id)`` and
        ``step([...])``); return the text that became certain (may be empty)."""
        if self._fast:
            if type(ids) is int:
                entry = self._entries.get(ids) or self._table.entry(ids)
                if entry is not None and ids not in self._dropped:
                    text = entry[2]
                    if text is not None and not self._pending_bytes:  # the common case
                        return self._take_whole(ids, text, entry[1])
                    taken = self._take_plain([ids], entry[0], 1)
                    if taken is not None:
                        return taken
            else:
                taken = self._push_plain(ids)
                if taken is not None:
                    return taken
        ids = [ids] if isinstance(ids, int) else [int(i) for i in ids]
        space = self.runtime.id_space
        for offset, token_id in enumerate(ids):
            if not 0 <= token_id < space:
                raise self._error("id_out_of_range", token_id, self.count + offset,
                                  last=space - 1)
        kept = [i for i in ids if i not in self._dropped] if self._dropped else ids
        if not kept:  # only skipped special tokens: the decode is the step before's
            self.count += len(ids)
            if self._read == len(self._window):
                self._pending_since = self.count
            return ""
        size, pending_size, count = len(self._window), len(self._pending_bytes), self.count
        try:
            for token_id in kept:
                self._pending_bytes += self.runtime.token_bytes(token_id)
            self._window += kept
            self.count += len(ids)
            emitted = self._step()
            if self._read < len(self._window):
                self._fast = False
            return emitted
        except Exception as err:  # a hole in the IDs: the native library refuses it
            del self._window[size:], self._pending_bytes[pending_size:]
            self.count = count
            if isinstance(err, StreamError):
                raise
            raise self._refused(ids, err) from None

    def _push_plain(self, ids: Iterable[int]) -> str | None:
        """Several IDs as one step through the table, or None (nothing taken) where one of
        them has no entry or is left out."""
        ids = [int(i) for i in ids]
        if not ids or (self._dropped and not self._dropped.isdisjoint(ids)):
            return None
        data = []
        for token_id in ids:
            entry = self._entries.get(token_id) or self._table.entry(token_id)
            if entry is None:
                return None
            data.append(entry[0])
        return self._take_plain(ids, b"".join(data), len(ids))

    def _take_whole(self, token_id: int, text: str, drop: int) -> str:
        """:meth:`_take_plain` of one ID whose bytes are whole characters, nothing pending."""
        self.count += 1
        self._pending_since = self.count
        if drop and len(text) == drop:  # nothing alone (a lone "▁"): the context stays
            self._window.append(token_id)
            self._prefix_text += text
            self._read += 1
        else:
            self._window = [token_id]
            self._prefix_text = text[drop:] if drop else text
            self._read = 1
        self._parts.append(text)
        self._lossy.append(text)
        return text

    def _take_plain(self, ids: Sequence[int], data: bytes, count: int) -> str | None:
        """The step of plain IDs (table entries) after a clean context: their text is their
        bytes, once those end in a whole character. None (nothing taken) where the bytes are no
        valid UTF-8 (or hold a real "�"): the window decode reads those."""
        tail = self._tail
        chunk = tail + data if tail else data
        try:  # incremental: the part of a character at the end is left unread ("used" stops)
            text, used = _utf8_decode(chunk, "strict", False)
        except UnicodeDecodeError:
            return self._leave_table()
        if used < len(chunk):  # the bytes end in part of a character
            held = chunk[used:]
            if held[0] == 0xED and len(held) > 1 and held[1] >= 0xA0:
                return self._leave_table()  # a surrogate: it can never complete
            self._tail = held
            self._pending_bytes += data
            if text:
                self._pending_text += text
            self._window += ids
            self.count += count
            return ""
        if tail:
            self._tail = b""
        if self._pending_text:
            text = self._pending_text + text
            self._pending_text = ""
        if "\ufffd" in text:  # a real "�" (EF BF BD): the window decode tells it apart
            return self._leave_table()
        window, read = self._window, self._read
        window += ids
        self.count += count
        # the same state the window decode leaves (see _emit): the context is now these IDs,
        # read alone (the first one's "▁" dropped), unless that leaves nothing
        first = self._entries[window[read]]
        drop = first[1]
        if drop and len(window) - read > 1 and len(first[2]) == drop:
            # a first ID that is all dropped ("▁") followed by others: whether the next one's
            # "▁" is dropped too differs by library (SentencePiece drops until text comes)
            alone = self._decode(window[read:])
        else:
            alone = text[drop:] if drop else text
        if alone:
            self._window = window[read:]
            self._prefix_text = alone
        else:
            self._prefix_text += text
        self._read = len(self._window)
        self._pending_bytes = bytearray()
        self._pending_since = self.count
        self._parts.append(text)
        self._lossy.append(text)
        return text

    def _leave_table(self) -> None:
        """Bytes the table path does not read (no valid UTF-8): the window decode takes this
        step, and the next ones until a step emits (the incremental UTF-8 state is dropped)."""
        self._tail = b""
        self._pending_text = ""
        self._fast = False
        return None

    def finish(self) -> str:
        """The end of the stream: emit what is pending (bytes that never became a character as
        hex)."""
        if self._read == len(self._window):
            return ""
        decoded = self._decode(self._window)
        if not decoded.startswith(self._prefix_text):
            return self._emit_alone()
        return self._emit(decoded)

    def _step(self) -> str:
        if self._read == len(self._window):  # only skipped special tokens came
            return ""
        if utf8_waiting(self._pending_bytes):
            # the decode ends in "�" (an unfinished character): it waits, decoding nothing
            return ""
        decoded = self._decode(self._window)
        if decoded.endswith("\ufffd") and decoded != self._prefix_text:
            return ""  # bytes that are no character (yet): DecodeStream waits too
        if not decoded.startswith(self._prefix_text):
            # the decoder reads text already emitted differently now (a ByteFallback run made
            # invalid by a later byte): the emitted text stands, the rest is read after it
            return self._emit_alone()
        return self._emit(decoded)

    def _prefill(self, ids: list[int]) -> None:
        """Take the prompt's IDs as if they were streamed one at a time, and forget their text:
        the pending IDs are then those after the last step that emitted. All but the last few go
        in one step (one decode of the prompt), the last ones one at a time: the same state,
        unless that one step held everything and none of the last ones emitted (then it is done
        again one ID at a time)."""
        self._in_prompt = True
        try:
            head, tail = ids[:-PREFILL_TAIL], ids[-PREFILL_TAIL:]
            if head:
                self.push(head)
            for token_id in tail:
                self.push(token_id)
            if head and not self._lossy:
                self._window, self._read, self._prefix_text = [], 0, ""
                self._pending_bytes = bytearray()
                self.count, self._fast = 0, False
                for token_id in ids:
                    self.push(token_id)
        finally:
            self._in_prompt = False
        self.count = self._pending_since = 0
        self._parts.clear()
        self._lossy.clear()

    def _error(self, kind: str, token_id: int, position: int, **args) -> StreamError:
        code = f"stream.{'prompt_' if self._in_prompt else ''}{kind}"
        error = StreamError.of(note(code, id=token_id, position=position, **args))
        error.position = None if self._in_prompt else position
        return error

    def _refused(self, ids: list[int], err: Exception) -> StreamError:
        """The error naming the ID the runtime cannot decode: one of this step's, or one taken
        at an earlier step while the decoder waited (so not decoded then)."""
        earlier = self.pending_ids
        candidates = [(self.count + k, i) for k, i in enumerate(ids) if i not in self._dropped]
        candidates += [(self.count - len(earlier) + k, i) for k, i in enumerate(earlier)]
        for position, token_id in candidates:
            try:
                self.runtime.decode([token_id])
            except Exception:
                return self._error("id_not_decodable", token_id, position, said=str(err))
        return self._error("id_not_decodable", ids[-1], self.count + len(ids) - 1,
                           said=str(err))

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

    def _emit_alone(self) -> str:
        """Emit the pending IDs decoded without the emitted ones before them."""
        self._window = self._window[self._read:]
        self._read = 0
        self._prefix_text = ""
        return self._emit(self._decode(self._window))

    def _emit(self, decoded: str) -> str:
        lossy = decoded[len(self._prefix_text):]
        shown = lossy if "\ufffd" not in lossy else \
            show_invalid(lossy, bytes(self._pending_bytes), self._byte_runs())
        emitted = self._window[self._read:]
        # with no emitted IDs before them, the window's decode is theirs
        emitted_text = decoded if not self._read else self._decode(emitted)
        fast = self._table is not None and "\ufffd" not in decoded \
            and "\ufffd" not in emitted_text
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
        # a context that reads as nothing is no context (SentencePiece drops the "▁" of every
        # piece until one gives text)
        self._fast = fast and self._read > 0 and bool(self._prefix_text)
        if self._fast:
            self._tail, self._pending_text = b"", ""
        self._pending_bytes = bytearray()
        self._pending_since = self.count
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

    The stops are one Aho–Corasick automaton over characters (:class:`_StopAutomaton`): its
    state after a character is the longest suffix of the text so far that begins a stop, which is
    the text held back; each character is looked at once, across the pieces fed, and the scan
    jumps (with one ``re`` search) over text where no stop starts.

    >>> m = StopMatcher(["</answer>"])
    >>> m.feed("42</ans"), m.feed("wer> more"), m.hit
    ('42', '', 2)
    """

    def __init__(self, stops: Sequence[str]) -> None:
        for stop in stops:
            if not isinstance(stop, str) or not stop:
                raise StreamError.of(note("stream.bad_stop", value=repr(stop)))
        self.stops = list(dict.fromkeys(stops))
        self._automaton = _StopAutomaton(self.stops) if self.stops else None
        self._state = 0   # the automaton's state: the held text is its string
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
        automaton = self._automaton
        if automaton is None:
            self.emitted += len(text)
            return text
        held = self._held
        if not held and automaton.next_start(text) is None:  # no stop starts in it
            self.emitted += len(text)
            return text
        buf = held + text if held else text
        state, end, found = automaton.scan(buf, len(held), self._state)
        if found is not None:
            out = buf[:end - len(found)]
            self._held, self._state = "", 0
            self.emitted += len(out)
            self.hit, self.matched = self.emitted, found
            return out
        keep = automaton.depth[state]
        self._state = state
        if keep:
            out, self._held = buf[:len(buf) - keep], buf[len(buf) - keep:]
        else:
            out, self._held = buf, ""
        self.emitted += len(out)
        return out

    def flush(self) -> str:
        """The end of the text: what was held back is no stop after all."""
        out, self._held, self._state = self._held, "", 0
        self.emitted += len(out)
        return out if self.hit is None else ""


class _StopAutomaton:
    """An Aho–Corasick automaton over the stops' characters, as a table of transitions.

    ``scan(text, start, state)`` goes on from ``state`` over ``text[start:]`` and returns
    ``(state, end, stop)``: the first stop completed (ending at ``end``; of several ending
    there, the longest, which starts first), or ``stop`` None and the state at the end.

    >>> a = _StopAutomaton(["abcd", "bc"])
    >>> a.scan("xabc", 0, 0)[1:]
    (4, 'bc')
    >>> state, _, stop = a.scan("xab", 0, 0)
    >>> a.depth[state], stop
    (2, None)
    """

    def __init__(self, stops: Sequence[str]) -> None:
        children: list[dict[str, int]] = [{}]
        self.depth = [0]
        ends: list[str | None] = [None]
        for stop in stops:
            node = 0
            for char in stop:
                if char not in children[node]:
                    children.append({})
                    self.depth.append(self.depth[node] + 1)
                    ends.append(None)
                    children[node][char] = len(children) - 1
                node = children[node][char]
            ends[node] = stop
        # breadth first: a node's failure link (its longest proper suffix that is a node) and
        # its full transitions (only those that do not lead back to the root are stored)
        fail = [0] * len(children)
        self.moves: list[dict[str, int]] = [dict(children[0])] + [{} for _ in children[1:]]
        self.found: list[str | None] = list(ends)
        queue = list(children[0].values())
        for node in queue:
            link = fail[node]
            if self.found[node] is None:
                self.found[node] = self.found[link]
            moves = dict(self.moves[link])
            for char, child in children[node].items():
                fail[child] = self.moves[link].get(char, 0)
                moves[char] = child
                queue.append(child)
            self.moves[node] = moves
        starts = sorted(children[0])
        self.next_start = re.compile("[" + "".join(re.escape(c) for c in starts) + "]").search

    def scan(self, text: str, pos: int, state: int) -> tuple[int, int, str | None]:
        moves, found, next_start, size = self.moves, self.found, self.next_start, len(text)
        while pos < size:
            if not state:  # only a stop's first character leaves the root: jump to the next
                match = next_start(text, pos)
                if match is None:
                    return 0, size, None
                pos = match.start()
            state = moves[state].get(text[pos], 0)
            pos += 1
            stop = found[state]
            if stop is not None:
                return state, pos, stop
        return state, size, None


class StreamStep(NamedTuple):
    """What a server sends after one ID: ``text`` (possibly empty), and the stop if it stopped.

    (A named tuple: one is made per token, and a frozen dataclass costs more to make than the
    decoding of the token does.)"""

    token_index: int
    token_id: int | None  # None for the end of the stream
    text: str
    stop: StopHit | None = None


_new_tuple = tuple.__new__  # a StreamStep made without the keyword handling of its __new__


class TextStream:
    """A generation stream: IDs in, one :class:`StreamStep` per ID out, until a stop.

    A stop token ID ends the stream without being decoded (what was pending is emitted first,
    bytes that never became a character as hex). After a stop, further IDs are ignored (no
    steps). ``skip_special`` and ``prefill``: see :class:`StreamDecoder`.

    Example::

        stream = TextStream(runtime, stops=["\\n\\n"], stop_ids=[eos_id], prefill=prompt_ids)
        for step in stream.push(ids) + stream.finish():
            send(step.text)  # step.stop: a StopHit once the stream has stopped
    """

    def __init__(self, runtime, stops: Sequence[str] = (), stop_ids: Iterable[int] = (), *,
                 skip_special: bool = False, prefill: Sequence[int] = ()) -> None:
        self.matcher = StopMatcher(stops)
        self.decoder = StreamDecoder(runtime, skip_special=skip_special, prefill=prefill)
        self.stop_ids = {int(i) for i in stop_ids}
        self.stopped: StopHit | None = None
        self._parts: list[str] = []
        self._index = 0
        self._finished = False

    @property
    def text(self) -> str:
        """Everything emitted so far."""
        return "".join(self._parts)

    @property
    def taken(self) -> int:
        """How many IDs the stream took (stop IDs included)."""
        return self._index

    def push(self, ids: int | Iterable[int]) -> list[StreamStep]:
        """Take one ID, or several arriving together: one decoder step for them (see
        :meth:`StreamDecoder.push`), so their text comes with the last of them. One
        :class:`StreamStep` per ID taken: a stop ID among them ends the stream there (the IDs
        before it are one step, those after it are not taken); a stop string the step's text
        completes is reported at its last ID.

        Raises :class:`StreamError` (nothing of the IDs taken) for an ID the decoder refuses.
        """
        if isinstance(ids, int):  # one ID: the common case, kept short
            if self.stopped is not None:
                return []
            if ids in self.stop_ids:
                return [self._stop_id(ids)]
            matcher = self.matcher
            text = self.decoder.push(ids)
            if text:  # (nothing new: nothing for the matcher to look at)
                text = matcher.feed(text)
                if text:
                    self._parts.append(text)
            index = self._index
            self._index += 1
            return [_new_tuple(StreamStep, (index, ids, text, None if matcher.hit is None
                                            else self._hit(index)))]
        ids = [int(i) for i in ids]
        if self.stopped is not None:
            return []
        cut = next((k for k, token_id in enumerate(ids) if token_id in self.stop_ids), len(ids))
        steps = []
        if cut:
            text = self.matcher.feed(self.decoder.push(ids[:cut]))
            last = self._index + cut - 1
            steps = [StreamStep(self._index + k, token_id, "") for k, token_id in
                     enumerate(ids[:cut - 1])]
            self._index += cut
            steps.append(self._record(StreamStep(last, ids[cut - 1], text, self._hit(last))))
        if cut < len(ids) and self.stopped is None:
            steps.append(self._stop_id(ids[cut]))
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

    def _stop_id(self, token_id: int) -> StreamStep:
        index = self._index
        text = self.matcher.feed(self.decoder.finish())
        if self.matcher.hit is None:  # the stop ID, unless pending text completed a string
            text += self.matcher.flush()
            self.stopped = StopHit(token_id, index, self.matcher.emitted)
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
    core.stream.decode.StreamError: ids.json: item 1 is not a token ID (an integer): 'x'
    """
    import json

    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise StreamError.of(note("json.invalid", problem=json_problem(err)), path=path, line=err.lineno,
                             column=err.colno) from None
    if isinstance(data, dict) and "ids" in data:
        data = data["ids"]
    if not isinstance(data, list):
        raise StreamError.of(note("stream.ids_shape"), path=path)
    for k, item in enumerate(data):
        if isinstance(item, bool) or not isinstance(item, int):
            raise StreamError.of(note("stream.item_not_id", item=k, value=repr(item)),
                                 path=path)
    return data
