"""All threading of the GUI lives here.

Jobs run on Qt's thread pool through superqt's ``create_worker``; results come back to the GUI
thread as signals. Each job has a *key* ("inspect", "vocab"...): a newer job with the same key
makes the older one's result stale, and a stale result is dropped instead of shown.

Example::

    runner = TaskRunner()
    runner.run("inspect", encode_fn, text, on_done=self._on_encoded)
"""

from __future__ import annotations

import multiprocessing
import pickle
import sys
import signal
import time
import weakref
from queue import Empty
from typing import Any, Callable

import shiboken6
from PySide6.QtCore import QCoreApplication, QObject, QRunnable, QThreadPool, Signal
from superqt.utils import create_worker

from app.messages import error_text
from core.errors import WorkbenchError
from core.lifeline import set_parent_death_signal, watch_parent
from core.progress import CancelToken, Cancelled, Progress

PROGRESS_RATE = 10.0  # progress reports a second that reach the GUI thread, at most
CHILD_POLL = 0.05  # seconds between two looks at a child process's messages and the cancel flag
CHILD_GRACE = 0.7  # seconds a cancelled child gets to stop by itself before it is terminated
# How long a thread running Python keeps the GIL while another waits for it (Python's default
# is 5 ms). The GUI thread needs the GIL for every Python slot of an event-loop turn, and waits
# up to this long each time a worker thread computes in Python (a vocabulary audit): several
# such waits in one turn stalled the GUI 50 ms. At 1 ms they stay far below that.
GUI_SWITCH_INTERVAL = 0.001
JOB_EXIT_DEADLINE = 5.0  # seconds an orphaned job process gets to clean up before it ends anyway


def alive(runner: QObject, callback: Callable | None) -> bool:
    """Whether a job's result can still be delivered: its runner and, for a bound method of a
    Qt object, that object still exist (a pane closed while its job ran must not be called).

    >>> alive(QObject(), print)
    True
    """
    if not shiboken6.isValid(runner):
        return False
    owner = getattr(callback, "__self__", None)
    return not isinstance(owner, QObject) or shiboken6.isValid(owner)


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
        sys.setswitchinterval(min(sys.getswitchinterval(), GUI_SWITCH_INTERVAL))
        self._generation: dict[str, int] = {}
        self._workers: set = set()
        self._jobs: dict[str, "Job"] = {}
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
            if self._generation.get(key) != generation or not alive(self, on_done):
                return  # a newer request superseded this one, or its receiver is gone
            self.last_elapsed[key] = time.perf_counter() - started
            if on_done is not None:
                on_done(result)

        def finished_with_error(error: BaseException) -> None:
            if self._generation.get(key) != generation or not alive(self, on_error):
                return
            message = user_message(error)
            if not isinstance(error, Cancelled):  # the user asked for it: not a failure
                self.failed.emit(key, message)
            if on_error is not None:
                on_error(message)

        def cleanup() -> None:
            self._workers.discard(worker)
            if not self._workers and shiboken6.isValid(self):
                self.busy_changed.emit(False)

        worker.returned.connect(finished_ok)
        worker.errored.connect(finished_with_error)
        worker.finished.connect(cleanup)
        if not self._workers:
            self.busy_changed.emit(True)
        self._workers.add(worker)
        worker.start()

    def start(self, key: str, fn: Callable, *args: Any,
              on_progress: Callable[[Progress], None] | None = None,
              on_done: Callable[[Any], None] | None = None,
              on_error: Callable[[str], None] | None = None,
              on_cancelled: Callable[[], None] | None = None, **kwargs: Any) -> "Job":
        """Start a long job that can be stopped: ``fn(*args, progress=, cancel=, **kwargs)``.

        Progress reaches ``on_progress`` on the GUI thread, throttled to ``PROGRESS_RATE`` a
        second (a new phase and the final report always pass). :meth:`stop` (or
        :meth:`stop_all`) makes ``cancel()`` true inside the job; when the job then raises
        :class:`~core.progress.Cancelled`, ``on_cancelled`` is called instead of ``on_error``.
        """
        self.stop(key)  # a job it replaces must not keep running unseen
        job = Job(on_progress, self)
        self._jobs[key] = job

        def finish(callback: Callable | None, *result: Any) -> None:
            if self._jobs.get(key) is job:
                del self._jobs[key]
            job.deleteLater()
            if job.cancelled:  # stopped (maybe too late to stop): the result is not wanted
                callback = on_cancelled
                result = ()
            if callback is not None:
                callback(*result)

        def done(result: Any) -> None:
            finish(on_done, result)

        def cancelled_or_failed(message: str) -> None:
            finish(on_error, message)

        self.run(key, _catch_cancel(fn, job), *args, on_done=done,
                 on_error=cancelled_or_failed, progress=job, cancel=job.token, **kwargs)
        return job

    def stop(self, key: str) -> None:
        """Ask the running job of ``key`` (started with :meth:`start`) to stop."""
        job = self._jobs.pop(key, None)
        if job is not None:
            job.token.cancel()

    def stop_all(self) -> None:
        """Ask every job started with :meth:`start` to stop (on quit)."""
        for key in list(self._jobs):
            self.stop(key)

    def cancel(self, key: str) -> None:
        """Forget the pending job of ``key``: its result will be dropped."""
        self._generation[key] = self._generation.get(key, 0) + 1

    def wait(self, msecs: int = 5000) -> bool:
        """Wait for every running job (used on quit and in tests)."""
        for worker in list(self._workers):
            worker.quit()
        return QThreadPool.globalInstance().waitForDone(msecs)


class Job(QObject):
    """A stoppable job's handle; it is also the ``progress=`` callable the job calls.

    Called from the worker thread, it emits :attr:`progressed`, which Qt queues to the GUI
    thread; reports closer than ``1 / PROGRESS_RATE`` s apart are dropped unless they start a
    new phase or are final.

    Signals:
        progressed(Progress): a (throttled) report from the job.
    """

    progressed = Signal(object)

    def __init__(self, on_progress: Callable[[Progress], None] | None = None,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.token = CancelToken()
        self._interval = 1.0 / PROGRESS_RATE
        self._last = -1e9
        self._phase = None
        self._on_progress = on_progress
        # a bound slot of an object of the GUI thread: emitting from the worker queues the call
        self.progressed.connect(self._on_job_progressed)

    def _on_job_progressed(self, report: Progress) -> None:
        if self._on_progress is not None and not self.cancelled:
            self._on_progress(report)

    @property
    def cancelled(self) -> bool:
        return self.token()

    def __call__(self, report: Progress) -> None:
        now = time.monotonic()
        final = report.total > 0 and report.done >= report.total
        if report.phase != self._phase or final or now - self._last >= self._interval:
            self._phase = report.phase
            self._last = now
            self.progressed.emit(report)


class LatestOnly(QObject):
    """Runs one job at a time on the chart thread (a thread of its own, shared by every
    ``LatestOnly``, outside the global pool): a request made while a job runs waits, and a
    newer request replaces a waiting one, so a chart asked to redraw ten times a second draws
    as often as it can and never builds a queue. Used for matplotlib drawing, which takes
    50-150 ms a figure: on the GUI thread that would be a stall.

    A job must not touch Qt objects of the GUI thread: its owner may be deleted while it runs.

    Example::

        renderer = LatestOnly()
        renderer.done.connect(self._on_rendered)
        renderer.request(draw_fn, state)  # draw_fn(state) runs on the chart thread

    Signals:
        done(object): the newest job's result, on the GUI thread.
        failed(str): a job raised; its message (the next request runs as usual).
    """

    done = Signal(object)
    failed = Signal(str)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._waiting: tuple | None = None
        self._running = False
        self._mailbox = _ChartMailbox.instance()

    @property
    def busy(self) -> bool:
        """A job runs or waits."""
        return self._running or self._waiting is not None

    def request(self, fn: Callable, *args: Any) -> None:
        """Run ``fn(*args)`` on the chart thread once the job running now (if any) is done."""
        self._waiting = (fn, args)
        if not self._running:
            self._start_waiting()

    def _start_waiting(self) -> None:
        fn, args = self._waiting
        self._waiting = None
        self._running = True
        _chart_pool().start(_Call(fn, args, weakref.ref(self), self._mailbox.arrived.emit))

    def _on_job_finished(self, result: Any, error: BaseException | None) -> None:
        self._running = False
        if self._waiting is not None:
            self._start_waiting()  # the result is already stale: the newer job shows
        elif error is not None:
            self.failed.emit(user_message(error))
        else:
            self.done.emit(result)


class _ChartMailbox(QObject):
    """Carries chart jobs' results to the GUI thread. It lives as long as the application:
    the chart thread never emits through an object that may be deleted meanwhile (a
    ``LatestOnly`` goes with its widget), which would crash."""

    arrived = Signal(object, object, object)  # weak reference to the LatestOnly, result, error
    _instance: "_ChartMailbox | None" = None

    @classmethod
    def instance(cls) -> "_ChartMailbox":
        if cls._instance is None:
            cls._instance = cls(QCoreApplication.instance())  # made on the GUI thread
            # a bound slot of an object of the GUI thread: emitting from the worker queues it
            cls._instance.arrived.connect(cls._instance._on_arrived)
        return cls._instance

    def _on_arrived(self, owner_ref, result: Any, error: BaseException | None) -> None:
        owner = owner_ref()
        if owner is not None and shiboken6.isValid(owner):
            owner._on_job_finished(result, error)


class _Call(QRunnable):
    def __init__(self, fn: Callable, args: tuple, owner_ref, report: Callable) -> None:
        super().__init__()
        self.fn, self.args, self.owner_ref, self.report = fn, args, owner_ref, report

    def run(self) -> None:
        try:
            result, error = self.fn(*self.args), None
        except Exception as caught:  # noqa: BLE001 - handed to the GUI thread as a message
            result, error = None, caught
        self.report(self.owner_ref, result, error)


_CHART_POOL: QThreadPool | None = None


def _chart_pool() -> QThreadPool:
    """The one chart thread: figures are drawn one at a time (matplotlib's caches are shared
    between figures), and not on the global pool, where they would wait behind long jobs."""
    global _CHART_POOL
    if _CHART_POOL is None:
        _CHART_POOL = QThreadPool()
        _CHART_POOL.setMaxThreadCount(1)
        _CHART_POOL.setExpiryTimeout(-1)  # keep the thread: matplotlib's per-thread font cache
    return _CHART_POOL

def _catch_cancel(fn: Callable, job: Job) -> Callable:
    """``fn``, raising :class:`Cancelled` as the job's own (a cancelled job is not a failure)."""

    def run(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except Cancelled:
            job.token.cancel()
            raise

    return run


def run_in_process(fn: Callable, *args: Any, progress: Callable | None = None,
                   cancel: Callable[[], bool] | None = None, **kwargs: Any) -> Any:
    """Call ``fn(*args, progress=, cancel=, **kwargs)`` in a spawned child process and return
    its result (``fn``, its arguments and result must pickle).

    For pure-Python jobs that allocate millions of objects (the reference trainers): in a
    thread, their garbage collections hold the GIL for 100 ms and more and freeze the GUI; in a
    child they cannot. The child's progress reports reach ``progress`` here; ``cancel()``
    turning true makes the child's own ``cancel()`` true (so it stops cleanly, killing any
    process it started), and the child is terminated if it has not stopped after
    ``CHILD_GRACE`` seconds. Exceptions of the child are raised here.
    """
    context = multiprocessing.get_context("spawn")  # a forked Qt process is not safe
    messages = context.Queue()
    stop = context.Event()
    child = context.Process(target=_child_main, args=(fn, args, kwargs, messages, stop),
                            daemon=True, name="workbench-job")
    child.start()
    stopping_since = None
    try:
        while True:
            if stopping_since is None and cancel is not None and cancel():
                stop.set()
                stopping_since = time.monotonic()
            if stopping_since is not None and time.monotonic() - stopping_since > CHILD_GRACE:
                raise Cancelled("cancelled")
            try:
                kind, value = messages.get(timeout=CHILD_POLL)
            except Empty:
                if not child.is_alive() and messages.empty():
                    if stopping_since is not None:
                        raise Cancelled("cancelled") from None
                    raise WorkbenchError(QCoreApplication.translate(
                        "Tasks", "the job's process ended unexpectedly (exit code {code})"
                    ).format(code=child.exitcode)) from None
                continue
            if kind == "progress":
                if progress is not None and stopping_since is None:
                    progress(value)
            elif kind == "result":
                return value
            else:
                raise value
    finally:
        child.join(CHILD_GRACE)
        if child.is_alive():
            child.terminate()
            child.join(1.0)
        if child.is_alive():
            child.kill()
            child.join()
        messages.close()
        messages.cancel_join_thread()


def _child_main(fn: Callable, args: tuple, kwargs: dict, messages, stop) -> None:
    """The child's side of :func:`run_in_process`."""
    _stop_with_parent(stop)

    def progress(report: Any) -> None:
        messages.put(("progress", report))

    try:
        messages.put(("result", fn(*args, progress=progress, cancel=stop.is_set, **kwargs)))
    except BaseException as error:  # noqa: BLE001 - every failure goes back to the parent
        if isinstance(error, KeyboardInterrupt):  # Ctrl-C in the GUI's terminal reached us too
            error = Cancelled("interrupted")
        try:
            pickle.dumps(error)
        except Exception:  # noqa: BLE001
            error = WorkbenchError(user_message(error))
        messages.put(("error", error))
    messages.close()
    messages.join_thread()


def _stop_with_parent(stop) -> None:
    """In a job process: the end of the GUI process, or a SIGTERM (``terminate()`` above, or
    the Linux parent-death signal) or SIGHUP, stops the job as a cancel does, so that it stops
    the trainer it started and removes its scratch folder on its way out (Ctrl-C, SIGINT, does
    so already: Python raises KeyboardInterrupt).

    Portable: a thread waits on the parent's sentinel (it becomes ready when the parent is
    gone) and sets ``stop``. Linux: the kernel sends SIGTERM when the thread that started this
    process ends; that thread waits in :func:`run_in_process` until this process is gone."""
    parent = multiprocessing.parent_process()
    if parent is not None:
        watch_parent(parent.join, stop.set, deadline=JOB_EXIT_DEADLINE)
    raised = []

    def cancel_once(_signum: int, _frame) -> None:
        if not raised:  # a second signal must not interrupt the cleanup
            raised.append(True)
            stop.set()
            raise Cancelled("terminated")

    for name in ("SIGTERM", "SIGHUP"):  # SIGHUP: a closed terminal signals the whole group
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), cancel_once)
    set_parent_death_signal(signal.SIGTERM)


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
    if isinstance(error, Cancelled):
        return QCoreApplication.translate("Tasks", "cancelled")
    if isinstance(error, MemoryError):
        return QCoreApplication.translate("Tasks", "not enough memory for this input")
    return QCoreApplication.translate("Tasks", "unexpected {kind}: {error}").format(
        kind=type(error).__name__, error=error)
