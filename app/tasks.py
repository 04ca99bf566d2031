"""All threading of the GUI lives here.

Jobs run on Qt's thread pool through superqt's ``create_worker``; results come back to the GUI
thread as signals. Each job has a *key* ("inspect", "vocab"...): a newer job with the same key
makes the older one's result stale, and a stale result is dropped instead of shown.

Example::

    runner = TaskRunner()
    runner.run("inspect", encode_fn, text, on_done=self._on_encoded)
"""

from __future__ import annotations

import time
from typing import Any, Callable

from PySide6.QtCore import QObject, QThreadPool, Signal
from superqt.utils import create_worker

from core.errors import WorkbenchError


class TaskRunner(QObject):
    """Runs functions off the GUI thread and delivers only the newest result per key.

    Signals:
        busy_changed(bool): some job started, or the last one finished.
        failed(str, str): key and a user-facing message of a job that raised.
    """

    busy_changed = Signal(bool)
    failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation: dict[str, int] = {}
        self._workers: set = set()
        self.last_elapsed: dict[str, float] = {}

    @property
    def busy(self) -> bool:
        return bool(self._workers)

    def run(self, key: str, fn: Callable, *args: Any,
            on_done: Callable[[Any], None] | None = None,
            on_error: Callable[[str], None] | None = None, **kwargs: Any) -> None:
        """Start ``fn(*args, **kwargs)`` in a worker; call ``on_done(result)`` on the GUI thread
        unless a newer job with the same key was started meanwhile."""
        generation = self._generation.get(key, 0) + 1
        self._generation[key] = generation
        started = time.perf_counter()
        # errors are ours to report (below), so superqt must not re-raise them
        worker = create_worker(fn, *args, _start_thread=False, _ignore_errors=True, **kwargs)

        def finished_ok(result: Any) -> None:
            if self._generation.get(key) != generation:
                return  # a newer request superseded this one
            self.last_elapsed[key] = time.perf_counter() - started
            if on_done is not None:
                on_done(result)

        def finished_with_error(error: BaseException) -> None:
            if self._generation.get(key) != generation:
                return
            message = user_message(error)
            self.failed.emit(key, message)
            if on_error is not None:
                on_error(message)

        def cleanup() -> None:
            self._workers.discard(worker)
            if not self._workers:
                self.busy_changed.emit(False)

        worker.returned.connect(finished_ok)
        worker.errored.connect(finished_with_error)
        worker.finished.connect(cleanup)
        if not self._workers:
            self.busy_changed.emit(True)
        self._workers.add(worker)
        worker.start()

    def cancel(self, key: str) -> None:
        """Forget the pending job of ``key``: its result will be dropped."""
        self._generation[key] = self._generation.get(key, 0) + 1

    def wait(self, msecs: int = 5000) -> bool:
        """Wait for every running job (used on quit and in tests)."""
        for worker in list(self._workers):
            worker.quit()
        return QThreadPool.globalInstance().waitForDone(msecs)


def user_message(error: BaseException) -> str:
    """A one-line message for the user; never a traceback."""
    if isinstance(error, WorkbenchError):
        return str(error)
    if isinstance(error, OSError):
        name = f"{error.filename}: " if error.filename else ""
        return f"{name}{error.strerror or error}"
    if isinstance(error, MemoryError):
        return "not enough memory for this input"
    return f"unexpected {type(error).__name__}: {error}"
