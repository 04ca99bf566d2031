"""All threading of the GUI, behind one job API.

A job is a function run off the GUI thread. :meth:`TaskRunner.submit` starts it on a thread
pool and returns its :class:`JobHandle`; what it gives back reaches the GUI thread, through the
callbacks submitted with it:

- **result or error**: ``on_result(result)``, or ``on_error(message)`` with a one-line message
  for the user (never a traceback); the runner's ``failed`` signal says it too.
- **cancel**: ``handle.cancel()``. A job function with a ``cancel=`` parameter gets a callable
  that turns true then; core loops check it (:func:`core.progress.check_cancel`), so the
  request becomes :class:`~core.progress.Cancelled` inside the loop and the job stops there. A
  function without one runs to its end. Either way nothing of a cancelled job is delivered but
  ``on_cancelled()``, once it has ended (a pane re-enables its buttons then).
- **progress**: a job function with a ``progress=`` parameter gets a callable for its
  :class:`~core.progress.Progress` reports; they reach ``on_progress`` at most
  :data:`PROGRESS_RATE` times a second (a new phase and the final report always pass).
- **latest only** (``latest_only=True``): the submission supersedes the job submitted before it
  under the same key, which is cancelled and *dropped*: none of its callbacks is called, not
  even ``on_cancelled``. For views that show only the newest request (retokenizing as the user
  types); a superseded job that has not started yet never runs. Without it, jobs under one
  key run side by side and each delivers its own outcome.
- **receivers that are gone**: a callback that is a method of a deleted Qt object (a pane
  closed while its job ran) is not called.
- **quit**: on ``aboutToQuit`` every job is cancelled and waited for (:meth:`TaskRunner.shutdown`).

Example::

    runner = TaskRunner()
    job = runner.submit("inspect", inspect_one, runtime, text, latest_only=True,
                        on_result=self._show, on_error=self._on_inspect_failed)
    job.cancel()  # the user pressed Stop
"""

from __future__ import annotations

import inspect
import sys
import time
import weakref
from dataclasses import dataclass
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal

from app.messages import error_text
from core.errors import WorkbenchError
from core.progress import CancelToken, Cancelled, Progress

PROGRESS_RATE = 10.0  # progress reports a second that reach the GUI thread, at most
# How long a thread running Python keeps the GIL while another waits for it (Python's default
# is 5 ms). The GUI thread needs the GIL for every Python slot of an event-loop turn, and waits
# up to this long each time a worker thread computes in Python (a vocabulary audit): several
# such waits in one turn stalled the GUI 50 ms. At 1 ms they stay far below that.
GUI_SWITCH_INTERVAL = 0.001
QUIT_WAIT_MS = 3000  # how long quitting waits for the cancelled jobs to end


def alive(runner: QObject, callback: Callable | None) -> bool:
    """Whether a job's outcome can still be delivered: its runner and, for a bound method of a
    Qt object, that object still exist (a pane closed while its job ran must not be called).

    >>> alive(QObject(), print)
    True
    """
    if not shiboken6.isValid(runner):
        return False
    owner = getattr(callback, "__self__", None)
    return not isinstance(owner, QObject) or shiboken6.isValid(owner)


def job_keywords(fn: Callable) -> set[str]:
    """Which of ``progress=`` and ``cancel=`` ``fn`` takes (the runner passes only those).

    >>> sorted(job_keywords(lambda text, *, cancel=None: text))
    ['cancel']
    """
    try:
        parameters = inspect.signature(fn).parameters
    except (TypeError, ValueError):  # a builtin without a signature: it takes neither
        return set()
    named = (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    return {name for name in ("progress", "cancel")
            if name in parameters and parameters[name].kind in named}


class JobHandle:
    """One submitted job: :meth:`cancel` it; ``running`` until its outcome reached the GUI
    thread.

    >>> job = JobHandle("inspect"); job.cancel(); job.cancel_requested, job.running
    (True, True)
    """

    def __init__(self, key: str) -> None:
        self.key = key
        self.token = CancelToken()  # the job's cancel= callable
        self.superseded = False  # by a newer latest_only submission: nothing is delivered
        self.running = True

    def cancel(self) -> None:
        """Ask the job to stop; its result will not be delivered (nothing to do once it ended)."""
        self.token.cancel()

    @property
    def cancel_requested(self) -> bool:
        return self.token()

    def __repr__(self) -> str:
        state = "running" if self.running else "ended"
        return f"JobHandle({self.key!r}, {state}{', cancelled' if self.token() else ''})"


@dataclass
class _Callbacks:
    on_result: Callable[[Any], None] | None
    on_error: Callable[[str], None] | None
    on_progress: Callable[[Progress], None] | None
    on_cancelled: Callable[[], None] | None


class TaskRunner(QObject):
    """Runs job functions off the GUI thread (see the module docstring for the rules).

    ``pool``: the thread pool its jobs run on (Qt's global pool by default; charts draw on
    :func:`chart_pool`).

    Signals:
        busy_changed(bool): a job was submitted while none ran, or the last one ended.
        failed(str, str): key and user-facing message of a job that raised (not cancelled).
    """

    busy_changed = Signal(bool)
    failed = Signal(str, str)

    def __init__(self, parent: QObject | None = None, *, pool: QThreadPool | None = None) -> None:
        super().__init__(parent)
        sys.setswitchinterval(min(sys.getswitchinterval(), GUI_SWITCH_INTERVAL))
        self._pool = pool or QThreadPool.globalInstance()
        self._mailbox = _Mailbox.instance()
        self._ref = weakref.ref(self)
        self._callbacks: dict[JobHandle, _Callbacks] = {}
        self._latest: dict[str, JobHandle] = {}
        app = QCoreApplication.instance()
        if app is not None:
            app.aboutToQuit.connect(self.shutdown)

    @property
    def busy(self) -> bool:
        """Some job has not ended yet."""
        return bool(self._callbacks)

    @property
    def jobs(self) -> list[JobHandle]:
        """The jobs that have not ended yet, oldest first."""
        return list(self._callbacks)

    def submit(self, key: str, fn: Callable, *args: Any, latest_only: bool = False,
               on_result: Callable[[Any], None] | None = None,
               on_error: Callable[[str], None] | None = None,
               on_progress: Callable[[Progress], None] | None = None,
               on_cancelled: Callable[[], None] | None = None, **kwargs: Any) -> JobHandle:
        """Run ``fn(*args, **kwargs)`` in a worker (with ``progress=`` and ``cancel=`` when it
        takes them) and return its handle; ``latest_only`` supersedes the job submitted before
        under ``key``."""
        handle = JobHandle(key)
        if latest_only:
            previous = self._latest.get(key)
            if previous is not None:
                previous.superseded = True
                previous.cancel()
            self._latest[key] = handle
        wanted = job_keywords(fn)
        if "cancel" in wanted:
            kwargs["cancel"] = handle.token
        if "progress" in wanted:
            kwargs["progress"] = _Reporter(self._mailbox, self._ref, handle)
        self._callbacks[handle] = _Callbacks(on_result, on_error, on_progress, on_cancelled)
        if len(self._callbacks) == 1:
            self.busy_changed.emit(True)
        self._pool.start(_Run(fn, args, kwargs, handle, self._ref, self._mailbox))
        return handle

    def cancel_all(self) -> None:
        """Cancel every job that has not ended (each still says ``on_cancelled`` when it ends)."""
        for handle in self._callbacks:
            handle.cancel()

    def wait(self, msecs: int = 5000) -> bool:
        """Wait until no job runs on this runner's pool; False on timeout (quit, tests)."""
        return self._pool.waitForDone(msecs)

    def shutdown(self, msecs: int = QUIT_WAIT_MS) -> bool:
        """On quit: cancel every job, then wait for the workers to end (False on timeout)."""
        if not shiboken6.isValid(self):
            return True
        self.cancel_all()
        return self.wait(msecs)

    # -- on the GUI thread, from the mailbox ---------------------------------------------
    def _on_job_ended(self, handle: JobHandle, result: Any, error: BaseException | None) -> None:
        callbacks = self._callbacks.pop(handle, None)
        if self._latest.get(handle.key) is handle:
            del self._latest[handle.key]
        try:
            if callbacks is None or handle.superseded:
                return  # dropped: a newer submission under its key took its place
            if handle.cancel_requested or isinstance(error, Cancelled):
                self._call(callbacks.on_cancelled)
            elif error is not None:
                message = user_message(error)
                self.failed.emit(handle.key, message)
                self._call(callbacks.on_error, message)
            else:
                self._call(callbacks.on_result, result)
        finally:
            if not self._callbacks and shiboken6.isValid(self):
                self.busy_changed.emit(False)

    def _on_job_progressed(self, handle: JobHandle, report: Progress) -> None:
        callbacks = self._callbacks.get(handle)
        if callbacks is not None and not handle.cancel_requested:
            self._call(callbacks.on_progress, report)

    def _call(self, callback: Callable | None, *args: Any) -> None:
        if callback is not None and alive(self, callback):
            callback(*args)


class _Reporter:
    """The ``progress=`` callable a job gets: throttled on the worker thread (a report dropped
    there costs no trip to the GUI thread), then posted to the mailbox."""

    def __init__(self, mailbox: "_Mailbox", runner_ref, handle: JobHandle) -> None:
        self._mailbox, self._runner_ref, self._handle = mailbox, runner_ref, handle
        self._interval = 1.0 / PROGRESS_RATE
        self._last = -1e9
        self._phase = None

    def __call__(self, report: Progress) -> None:
        now = time.monotonic()
        final = report.total > 0 and report.done >= report.total
        if report.phase != self._phase or final or now - self._last >= self._interval:
            self._phase, self._last = report.phase, now
            self._mailbox.progressed.emit(self._runner_ref, self._handle, report)


class _Run(QRunnable):
    """A job on a pool thread: skipped if cancelled before it starts, else run; its outcome
    is posted to the mailbox."""

    def __init__(self, fn: Callable, args: tuple, kwargs: dict, handle: JobHandle, runner_ref,
                 mailbox: "_Mailbox") -> None:
        super().__init__()
        self.fn, self.args, self.kwargs = fn, args, kwargs
        self.handle, self.runner_ref, self.mailbox = handle, runner_ref, mailbox

    def run(self) -> None:
        result = error = None
        if self.handle.cancel_requested:
            error = Cancelled("cancelled before it started")
        else:
            try:
                result = self.fn(*self.args, **self.kwargs)
            except BaseException as caught:  # noqa: BLE001 - handed to the GUI thread as a message
                error = caught
        self.fn = self.args = self.kwargs = None  # not kept alive by a pool thread
        self.mailbox.ended.emit(self.runner_ref, self.handle, result, error)


class _Mailbox(QObject):
    """Carries jobs' outcomes and progress to the GUI thread. It lives as long as the
    application: a worker thread never emits through an object that may be deleted meanwhile
    (a runner goes with its pane or widget), which would crash; a runner that is gone gets
    nothing.

    Signals:
        ended(object, object, object, object): weak runner, handle, result, error.
        progressed(object, object, object): weak runner, handle, report.
    """

    ended = Signal(object, object, object, object)
    progressed = Signal(object, object, object)
    _instance: "_Mailbox | None" = None

    @classmethod
    def instance(cls) -> "_Mailbox":
        if cls._instance is None or not shiboken6.isValid(cls._instance):
            cls._instance = cls(QCoreApplication.instance())  # made on the GUI thread
            # bound slots of an object of the GUI thread: emitting from a worker queues them
            cls._instance.ended.connect(cls._instance._on_job_ended)
            cls._instance.progressed.connect(cls._instance._on_job_progressed)
        return cls._instance

    def _on_job_ended(self, runner_ref, handle: JobHandle, result: Any, error) -> None:
        handle.running = False
        runner = runner_ref()
        if runner is not None and shiboken6.isValid(runner):
            runner._on_job_ended(handle, result, error)

    def _on_job_progressed(self, runner_ref, handle: JobHandle, report: Progress) -> None:
        runner = runner_ref()
        if runner is not None and shiboken6.isValid(runner):
            runner._on_job_progressed(handle, report)


_CHART_POOL: QThreadPool | None = None


def chart_pool() -> QThreadPool:
    """The one chart thread, for a chart's own :class:`TaskRunner`: figures are drawn one at a
    time (matplotlib's caches are shared between figures) and not on the global pool, where
    they would wait behind long jobs. With ``latest_only``, a chart asked to redraw ten times
    a second draws as often as it can and builds no queue: the requests superseded while one
    draws are skipped."""
    global _CHART_POOL
    if _CHART_POOL is None:
        _CHART_POOL = QThreadPool()
        _CHART_POOL.setMaxThreadCount(1)
        _CHART_POOL.setExpiryTimeout(-1)  # keep the thread: matplotlib's per-thread font cache
    return _CHART_POOL


def user_message(error: BaseException) -> str:
    """A one-line message for the user, in the GUI's language; never a traceback.

    An error that carries a note (a code) is worded by the GUI; a :class:`WorkbenchError`
    without one (a bad file, named with its line) is said as the core says it, in English; the
    words of this module are translated.

    >>> user_message(MemoryError())
    'not enough memory for this input'
    """
    if isinstance(error, WorkbenchError):
        return error_text(error)
    if isinstance(error, OSError):
        name = f"{error.filename}: " if error.filename else ""
        return f"{name}{error.strerror or error}"
    if isinstance(error, Cancelled):  # the word every pane's Stop button uses
        return QCoreApplication.translate("Tasks", "stopped")
    if isinstance(error, MemoryError):
        return QCoreApplication.translate("Tasks", "not enough memory for this input")
    return QCoreApplication.translate("Tasks", "unexpected {kind}: {error}").format(
        kind=type(error).__name__, error=error)
