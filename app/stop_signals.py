"""SIGTERM and SIGHUP end the workbench as Ctrl-C does: cleanly, its children stopped and its
temporary files removed.

By default these signals end a Python process on the spot: no ``finally`` block runs, so a
trainer child and the scratch folder of its corpus stay behind. Here they become an exception
in the main thread (the CLI) or a normal quit of the event loop (the GUI). The exit code is
128 + the signal's number, as a shell reports a process ended by it: 130 Ctrl-C (SIGINT), 129
SIGHUP (the terminal closed), 143 SIGTERM (``kill``, ``timeout``, CI runners, ``systemctl
stop``).

While ``tokbench`` starts (its imports: numpy, tokenizers, sentencepiece, the core take up to a
second on a cold machine), the same signals end it at once with the same code, quietly
(:func:`quiet_start`): raised inside an import, a KeyboardInterrupt would surface as numpy's
ImportError traceback, and nothing exists yet that would need cleaning up.

>>> exit_code(StopSignal(signal.SIGTERM)), exit_code(KeyboardInterrupt())
(143, 130)
"""

from __future__ import annotations

import os
import signal
import threading
from contextlib import contextmanager
from typing import Iterator

# what ends the process in the CLI; each becomes StopSignal (SIGINT stays Python's own
# KeyboardInterrupt, its base class)
STOP_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP")
                     if hasattr(signal, name))  # Windows has no SIGHUP
EARLY_SIGNALS = (signal.SIGINT, *STOP_SIGNALS)  # what ends tokbench quietly while it starts
_REASONS = {"SIGINT": "interrupted", "SIGTERM": "terminated (SIGTERM)",
            "SIGHUP": "hung up (SIGHUP)"}


class StopSignal(KeyboardInterrupt):
    """A stop signal, raised where the main thread is, so that everything cleans up as it does
    for Ctrl-C (code that handles :class:`KeyboardInterrupt` handles this too)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_code(stop: KeyboardInterrupt) -> int:
    """128 + the signal that stopped the process (Ctrl-C: SIGINT, 130)."""
    return 128 + getattr(stop, "signum", signal.SIGINT)


def reason(stop: KeyboardInterrupt) -> str:
    """What stopped the process, in a few words.

    >>> reason(StopSignal(signal.SIGTERM))
    'terminated (SIGTERM)'
    """
    return _REASONS.get(signal.Signals(getattr(stop, "signum", signal.SIGINT)).name, "stopped")


def quiet_stops() -> dict:
    """End the process quietly on a stop signal from now on; returns the handlers replaced.

    >>> previous = quiet_stops(); restore(previous)
    >>> signal.getsignal(signal.SIGINT) is signal.default_int_handler
    True
    """
    return {signum: signal.signal(signum, _exit_now) for signum in EARLY_SIGNALS}


def restore(previous: dict) -> None:
    """Put back the handlers :func:`quiet_stops` replaced."""
    for signum, handler in previous.items():
        signal.signal(signum, handler)


def _exit_now(signum, frame) -> None:  # noqa: ARG001 - a signal handler's signature
    os._exit(128 + signum)  # no exception: it would surface inside whatever was importing


@contextmanager
def quiet_start() -> Iterator[None]:
    """Within the block (the CLI's imports), a stop signal ends the process at once with
    128 + its number and no traceback. Outside the main thread nothing changes (a test calling
    the CLI from a worker: only the main thread may set handlers)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = quiet_stops()
    try:
        yield
    finally:
        restore(previous)


@contextmanager
def raise_on_stop_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`StopSignal` in the main thread (the
    first one only: a second signal must not interrupt the cleanup the first one started).
    Outside the main thread (a test calling the CLI from a worker), nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    raised = []

    def raise_once(signum: int, _frame) -> None:
        if not raised:
            raised.append(signum)
            raise StopSignal(signum)

    previous = {signum: signal.signal(signum, raise_once) for signum in STOP_SIGNALS}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def quit_on_stop_signals(app) -> None:
    """Make SIGTERM, SIGHUP and SIGINT quit the Qt application ``app`` as closing its window
    does (``aboutToQuit`` stops the jobs and removes the scratch folders), with exit code
    128 + the signal.

    Python runs its signal handlers only when the interpreter gets control, which Qt's event
    loop never gives it while idle: the C-level handler writes the signal's number to a socket
    (``signal.set_wakeup_fd``), whose notifier wakes the loop and so the Python handler."""
    import socket

    from PySide6.QtCore import QSocketNotifier

    if threading.current_thread() is not threading.main_thread():
        return
    _start_resource_tracker_deaf_to_hangups()
    receiver, sender = socket.socketpair()
    sender.setblocking(False)
    receiver.setblocking(False)
    signal.set_wakeup_fd(sender.fileno())
    notifier = QSocketNotifier(receiver.fileno(), QSocketNotifier.Type.Read, app)

    def drain() -> None:
        try:
            receiver.recv(64)
        except OSError:
            pass

    notifier.activated.connect(drain)
    notifier._sockets = (receiver, sender)  # they live as long as the notifier (the app)

    def quit_app(signum: int, _frame) -> None:
        app.exit(128 + signum)

    for signum in (signal.SIGINT, *STOP_SIGNALS):
        signal.signal(signum, quit_app)


def _start_resource_tracker_deaf_to_hangups() -> None:
    """Start multiprocessing's resource tracker (the helper process the GUI's job processes
    need) with SIGHUP ignored, which a process inherits: it ignores SIGINT and SIGTERM itself,
    but a closed terminal's SIGHUP, sent to the whole group, would kill it and make every later
    job process print tracebacks about it."""
    if not hasattr(signal, "SIGHUP"):
        return
    from multiprocessing import resource_tracker

    previous = signal.signal(signal.SIGHUP, signal.SIG_IGN)
    try:
        resource_tracker.ensure_running()
    finally:
        signal.signal(signal.SIGHUP, previous)
