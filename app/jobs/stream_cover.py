"""Which bytes of a stream's text each streamed ID stands for, step by step: what the
Streaming tab's text view draws (each ID a band behind the text it completed).

At each step the decoder completes some IDs (the ones before those still waiting for the rest
of a character) and the text decoded so far grows: what was emitted plus what is held back as a
possible stop string. The IDs completed at a step share the text it added, each by its own bytes
(``runtime.token_bytes``) when they add up — a byte-level or byte-fallback tokenizer's three
pieces of ``ह`` each get their byte — else in proportion to them (a SentencePiece word's
leading space the decoder dropped). IDs still pending, and those a stop left unread, cover no
text: the view shows them as pills (their bytes in hex, never U+FFFD).

>>> from core.stream.run import ChunkStep
>>> class Bytes:
...     token_bytes = staticmethod({1: b"a", 2: b"\\xe4\\xbd", 3: b"\\xa0"}.get)
>>> steps = [ChunkStep(0, 0, (1,), 1, "a", b"", 0, "", 1, None),
...          ChunkStep(1, 1, (2,), 1, "", b"\\xe4\\xbd", 1, "", 1, None),
...          ChunkStep(2, 2, (3,), 1, "你", b"", 0, "", 2, None)]
>>> cover = stream_cover(steps, [1, 2, 3], Bytes())
>>> cover.starts, cover.ends, cover.completed
([0, 1, 3], [1, 3, 4], [1, 1, 3])
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class StreamCover:
    """Per streamed ID (in stream order) the bytes it covers in the decoded text (``starts``,
    ``ends``: as assigned at the step that completed it; the text a stop drops is cut off when
    shown), and per step how many IDs were completed once it was done (``completed``)."""

    starts: list[int]
    ends: list[int]
    completed: list[int]


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def _common_prefix_bytes(a: str, b: str) -> int:
    """The length in bytes of the longest common prefix of two strings (whole characters).

    >>> _common_prefix_bytes("ab你", "ab你x"), _common_prefix_bytes("d<", "x")
    (5, 0)
    """
    return _size(a[:len(os.path.commonprefix([a, b]))])


def _divided(lo: int, hi: int, sizes: list[int]) -> list[tuple[int, int]]:
    """``[lo, hi)`` shared by IDs of ``sizes`` bytes: exactly when they add up, else in
    proportion (IDs of no bytes get nothing).

    >>> _divided(0, 4, [1, 3]), _divided(0, 3, [2, 2]), _divided(5, 5, [1])
    ([(0, 1), (1, 4)], [(0, 2), (2, 3)], [(5, 5)])
    """
    total = sum(sizes)
    out, done = [], 0
    for size in sizes:
        if total == hi - lo or not total:
            a, b = lo + done, lo + done + (size if total else 0)
        else:
            a = lo + round((hi - lo) * done / total)
            b = lo + round((hi - lo) * (done + size) / total)
        out.append((min(a, hi), min(b, hi)))
        done += size
    return out


def stream_cover(steps: Sequence, ids: Sequence[int], runtime) -> StreamCover:
    """The bytes each ID of ``ids`` stands for in the text ``steps`` (a
    :class:`~core.stream.run.StreamRun`'s) decode, step by step (see the module docstring).

    The text decoded after a step is the text emitted so far and the text held back; from one
    step to the next the emitted text grows by the step's text, and what was held back is
    either emitted or dropped (a stop matched it): the new text starts where the two agree.
    """
    starts: list[int] = []
    ends: list[int] = []
    completed: list[int] = []
    emitted = 0  # bytes emitted before the step
    held = ""  # text held back before the step
    done = 0  # IDs completed so far
    for step in steps:
        tail = step.text + step.held
        lo = emitted + _common_prefix_bytes(held, tail)
        hi = emitted + _size(tail)
        upto = max(done, step.start + step.taken - step.pending_ids)
        sizes = [len(runtime.token_bytes(int(i))) for i in ids[done:upto]]
        for a, b in _divided(lo, hi, sizes):
            starts.append(a)
            ends.append(b)
        done = upto
        completed.append(done)
        emitted += _size(step.text)
        held = step.held
    return StreamCover(starts, ends, completed)
