"""Progress and cancellation for long core jobs, as plain callables (no Qt).

A job takes ``progress=`` (called with a :class:`Progress`) and ``cancel=`` (a zero-argument
callable, true when the user asked to stop). :class:`Throttle` limits reports to a few per second;
:func:`check_cancel` turns a cancel request into :class:`Cancelled` inside the job's loop.

>>> token = CancelToken(); token.cancel(); token()
True
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Callable, Optional

from .notes import Note

ProgressFn = Callable[["Progress"], None]
CancelFn = Callable[[], bool]


class Cancelled(Exception):
    """The user cancelled the job; nothing it was making is kept."""


@dataclass(frozen=True)
class Progress:
    """Where a job is: ``phase`` name, ``done`` of ``total`` units (``total`` 0 if unknown).

    Besides the numbers a report may carry what the job says as a ``note`` (a code and typed
    arguments that each front words: :mod:`core.notes`), text it passes on as it is
    (``detail``: the file being read, a trainer's own log line) and the ``seconds_left`` it
    estimates. The core words no sentence here.

    >>> from core.notes import english, note
    >>> report = Progress("unigram", 1, 4, note("progress.pieces", count=1200))
    >>> report.fraction, english(report.note)
    (0.25, '1200 pieces')
    """

    phase: str
    done: float
    total: float = 0.0
    note: Note | None = None
    detail: str = ""
    seconds_left: float | None = None

    @property
    def fraction(self) -> float:
        return min(1.0, self.done / self.total) if self.total else 0.0


class CancelToken:
    """A thread-safe flag usable as ``cancel=``."""

    def __init__(self) -> None:
        self._cancelled = False

    def cancel(self) -> None:
        self._cancelled = True

    def __call__(self) -> bool:
        return self._cancelled


def check_cancel(cancel: Optional[CancelFn]) -> None:
    if cancel is not None and cancel():
        raise Cancelled("cancelled")


class Throttle:
    """Forward at most ``rate`` reports a second (the first and the final one always pass)."""

    def __init__(self, progress: Optional[ProgressFn], rate: float = 10.0) -> None:
        self.progress = progress
        self.interval = 1.0 / rate
        self.last = -1e9

    def __call__(self, report: Progress, *, force: bool = False) -> None:
        if self.progress is None:
            return
        now = time.monotonic()
        if force or now - self.last >= self.interval:
            self.last = now
            self.progress(report)
