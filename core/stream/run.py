"""A whole stream replayed in chunks, step by step: what a server emits at each step and what it
holds back meanwhile (the streaming simulator shows it; :mod:`core.stream.decode` does the decoding).

At each step ``chunk`` IDs arrive together (fewer at the end) and are one decoder step, as
``DecodeStream.step([...])``: their text comes at once, when the step's decode ends in a whole
character. The prompt's IDs (``prefill``) come before the first step and are never emitted. A
step records the text emitted, the IDs whose bytes are not emitted yet (``pending``: the rest of
a character has not come), the text the stop matcher holds back because it may still become a
stop string (``held``), and the stop once one matched. After the last ID a final step emits what
was pending or held back (unless a stop came).

Example (GPT-2, where ``你`` is the IDs 19526 ``E4 BD`` and 254 ``A0``)::

    run = replay(runtime, [40, 19526, 254], chunk=2, stops=["STOP"])
    [(s.ids, s.text, s.pending) for s in run.steps]
    # [((40, 19526), '', b'I\xe4\xbd'), ((254,), 'I你', b''), ((), '', b'')]
    run = replay(runtime, [254], prefill=[40, 19526])   # the prompt "I" + E4 BD
    [(s.ids, s.text) for s in run.steps]
    # [((254,), '你'), ((), '')]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Sequence

from ..notes import note
from ..progress import check_cancel
from .decode import StopHit, StreamError, TextStream

CANCEL_EVERY = 1024  # steps between two looks at the cancel flag
JSON_VERSION = 1  # of StreamRun.to_json (tokbench stream --json)


@dataclass(frozen=True, slots=True)
class ChunkStep:
    """One step of a replayed stream.

    Attributes:
        index: the step's number (0-based).
        start: the stream position of the chunk's first ID.
        ids: the IDs that arrived at this step (empty for the final step).
        taken: how many of them the stream took (fewer once a stop ended it mid-chunk).
        text: the text emitted at this step (invalid bytes as ``<E4 BD>``, see core.stream.decode).
        pending: the bytes taken but not emitted yet: an unfinished character (or bytes held
            after one that never becomes a character), a prompt's included.
        pending_ids: how many of the last IDs of the stream are not emitted yet.
        held: the text held back after this step (it may still be the start of a stop).
        emitted: the length of all text emitted up to and including this step.
        stop: where the stream stopped, from the step where it stopped on.
        final: the step after the last ID (no stop came): it emits what was pending or held.
    """

    index: int
    start: int
    ids: tuple[int, ...]
    taken: int
    text: str
    pending: bytes
    pending_ids: int
    held: str
    emitted: int
    stop: StopHit | None
    final: bool = False


@dataclass(frozen=True)
class StreamRun:
    """Every step of a replayed stream, the whole text, and the error that cut it short, if any
    (the steps are then those before the ID that could not be decoded). ``prompt_pending``: the
    bytes a prompt (prefill) leaves open, which the stream's first IDs may complete.

    >>> hit = StopHit("STOP", 3, 2)
    >>> StreamRun([], "ab", hit).to_json()["stop"]
    {'stop': 'STOP', 'kind': 'string', 'token_index': 3, 'char_offset': 2}
    """

    steps: list[ChunkStep]
    text: str
    stop: StopHit | None
    error: StreamError | None = None
    prompt_pending: bytes = b""

    def to_json(self) -> dict:
        """What ``tokbench stream --json`` prints and the Streaming tab exports (docs/cli.md):
        ``steps`` (each ``step``, the ``ids`` taken, the ``text`` emitted; ``end`` on the step
        after the last ID), the whole ``text``, and the ``stop`` that matched (``kind``
        ``string`` or ``id``), or null."""
        steps = [{"step": s.index, "ids": list(s.ids[:s.taken]), "text": s.text,
                  **({"end": True} if s.final else {})} for s in self.steps]
        hit = self.stop
        stop = None if hit is None else {
            "stop": hit.stop, "kind": stop_kind(hit), "token_index": hit.token_index,
            "char_offset": hit.char_offset}
        return {"steps": steps, "text": self.text, "stop": stop}


def stop_kind(hit: StopHit) -> str:
    """``id`` for a stop token ID, ``string`` for a stop string (JSON and the CLI's line say it).

    >>> stop_kind(StopHit(2, 5, 9)), stop_kind(StopHit("</s>", 5, 9))
    ('id', 'string')
    """
    return "id" if isinstance(hit.stop, int) else "string"


def first_out_of_range(ids: Sequence[int], id_space: int) -> int | None:
    """The position of the first ID outside ``0..id_space-1``, or None.

    >>> first_out_of_range([1, 5, 9], 6), first_out_of_range([1], 6)
    (2, None)
    """
    for position, token_id in enumerate(ids):
        if not 0 <= token_id < id_space:
            return position
    return None


def replay(runtime, ids: Sequence[int], *, chunk: int = 1, stops: Sequence[str] = (),
           stop_ids: Sequence[int] = (), prefill: Sequence[int] = (), skip_special: bool = False,
           cancel: Callable[[], bool] | None = None) -> StreamRun:
    """Push ``ids`` through a :class:`~core.stream.decode.TextStream`, ``chunk`` at a time: each chunk
    is one decoder step (``DecodeStream.step([...])``), after the prompt's IDs ``prefill``
    (context, never emitted; see :class:`~core.stream.decode.StreamDecoder`).

    Raises :class:`StreamError` for a bad stop string, chunk size or prompt ID; an ID the stream
    cannot take ends the run with :attr:`StreamRun.error` set (the steps before it are kept, and
    the IDs of its chunk before it are one step).
    """
    if chunk < 1:
        raise StreamError.of(note("stream.bad_chunk", chunk=chunk))
    stream = TextStream(runtime, stops=stops, stop_ids=stop_ids, skip_special=skip_special,
                        prefill=prefill)
    prompt_pending = _pending_bytes(stream)
    steps: list[ChunkStep] = []
    emitted = 0
    error = None
    for start in range(0, len(ids), chunk):
        if len(steps) % CANCEL_EVERY == 0:
            check_cancel(cancel)
        part = tuple(int(i) for i in ids[start:start + chunk])
        before = stream.taken
        try:
            taken = stream.push(part)
        except StreamError as err:
            error, taken = err, []
            good = (err.position - before) if err.position is not None else 0
            if good > 0:  # the IDs of the chunk before the one refused are one step
                taken = stream.push(part[:good])
        text = "".join(step.text for step in taken)
        emitted += len(text)
        steps.append(_step(stream, len(steps), start, part, len(taken), text, emitted))
        if stream.stopped is not None or error is not None:
            break
    if stream.stopped is None and error is None:
        text = "".join(step.text for step in stream.finish())
        emitted += len(text)
        steps.append(_step(stream, len(steps), len(ids), (), 0, text, emitted, final=True))
    return StreamRun(steps, stream.text, stream.stopped, error, prompt_pending)


def _step(stream: TextStream, index: int, start: int, ids: tuple[int, ...], taken: int,
          text: str, emitted: int, final: bool = False) -> ChunkStep:
    waiting = stream.stopped is None and not final
    decoder = stream.decoder
    return ChunkStep(index, start, ids, taken, text, _pending_bytes(stream) if waiting else b"",
                     decoder.count - decoder.pending_since if waiting else 0,
                     "" if stream.stopped is not None or final else stream.matcher.held,
                     emitted, stream.stopped, final)


def _pending_bytes(stream: TextStream) -> bytes:
    runtime = stream.decoder.runtime
    return b"".join(runtime.token_bytes(i) for i in stream.decoder.pending_ids)
