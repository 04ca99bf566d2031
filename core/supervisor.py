"""One supervisor for every child process the workbench starts.

Work goes to a child process when this process could not stop it or would stall on it: a
native trainer with no cancel hook, a chat template that may loop for ever, a pure-Python
trainer whose garbage collections hold the GIL, a large encode or a corpus count whose native
calls hold it. Every child, whatever it runs:

- **ends with its parent** (:mod:`core.lifeline`): it watches a pipe only the parent holds
  open and, on Linux, asks the kernel for a signal when the thread that started it ends;
- **talks through one channel** of ``(kind, value)`` messages: progress reports, log lines,
  answers, and at the end its result or its error;
- **is stopped in two steps**: asked first (its ``cancel()`` turns true and it cleans up), then
  killed when it has not ended a grace period later;
- **is timed** where a limit is given, and killed at it;
- ends in **a result or an error**; a child that died says so, with its exit code.

Two kinds of child behind one interface (``receive``, ``ask_to_stop``, ``stop``):

- :class:`PythonChild` runs a function in a spawned interpreter (``multiprocessing``'s
  *spawn*: a forked copy of a process running Qt threads is not safe), over two pipes. A *job*
  child runs one function to its end (:func:`run_function`); a *server* child answers requests
  until it is closed (:func:`serve`: the chat template renderer, the large-text encoder, the
  diagnostics workers).
- :class:`CommandChild` runs a command — a trainer's ``python -c`` with the lifeline prelude
  (:func:`core.lifeline.child_command`) — whose standard-error lines are its messages and whose
  standard input is its lifeline (:func:`run_command`).

:func:`supervise` is the one loop that watches a child to its end: messages, cancel, grace,
time limit, kill.

>>> def double(x, *, progress=None, cancel=None):
...     return 2 * x
>>> # run_function(double, 21) -> 42, computed in a child process
"""

from __future__ import annotations

import contextlib
import multiprocessing
import pickle
import queue
import signal
import subprocess
import threading
import time
from dataclasses import dataclass
from multiprocessing.connection import Connection, wait
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence

from .errors import WorkbenchError
from .lifeline import set_parent_death_signal, watch_parent
from .notes import note
from .progress import CancelFn, Cancelled, ProgressFn

POLL = 0.05  # seconds between two looks at a child's messages and the cancel flag
GRACE = 0.7  # seconds a child asked to stop gets to end by itself before it is killed
JOB_EXIT_DEADLINE = 5.0  # seconds an orphaned job child gets to clean up before it ends anyway
FINAL = ("result", "error", "exit")  # the messages that end a child's run
_END = object()  # the end of a server child's requests


@dataclass(frozen=True)
class Message:
    """One message of a child: ``kind`` ("progress", "line", "answer", "ready", or one of
    :data:`FINAL`) and its value."""

    kind: str
    value: Any = None


class ChildDied(WorkbenchError):
    """A child process ended without its outcome; ``exit_code`` says how (negative: the signal
    that ended it)."""

    def __init__(self, exit_code: int | None) -> None:
        self.exit_code = exit_code
        error = WorkbenchError.of(note("child.ended", exit_code=exit_code))
        super().__init__(error.message, note=error.note)

    def __reduce__(self):
        return (ChildDied, (self.exit_code,))


class ChildTimeout(Exception):
    """A child ran past its time limit (``seconds``) and was killed."""

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        super().__init__(f"the child ran longer than {seconds:g} s")


# -- a Python child ------------------------------------------------------------------------------

class PythonChild:
    """``target(channel, *args)`` in a spawned child process (``target`` and ``args`` must
    pickle); ``channel`` is the child's :class:`ChildChannel`.

    ``server``: a child that answers requests until it is closed, started by a thread that
    may end before it does (no Linux parent-death signal, which follows the starting thread;
    Ctrl-C is its parent's to handle); it ends at once when its parent closes it or dies. A
    job child (the default) cleans up when asked to stop, terminated (SIGTERM, SIGHUP) or
    orphaned, and is ended :data:`JOB_EXIT_DEADLINE` s after its parent died.

    >>> # child = PythonChild(_echo_server, server=True); child.send("hi")
    >>> # child.receive(5.0) -> Message("answer", "hi"); child.stop()
    """

    def __init__(self, target: Callable, *args: Any, name: str = "workbench-child",
                 server: bool = False) -> None:
        context = multiprocessing.get_context("spawn")
        requests_out, requests_in = context.Pipe(duplex=False)
        messages_out, messages_in = context.Pipe(duplex=False)
        self.process = context.Process(
            target=_child_main, args=(target, args, requests_out, messages_in, server),
            daemon=True, name=name)
        try:
            self.process.start()
        except BaseException:
            for end in (requests_out, requests_in, messages_out, messages_in):
                end.close()
            raise
        requests_out.close()  # the child holds these ends now: its exit closes them
        messages_in.close()
        self._requests: Connection | None = requests_in  # the lifeline: closed, the child ends
        self._messages = messages_out

    @property
    def connection(self) -> Connection:
        """What :func:`multiprocessing.connection.wait` waits on for this child's messages."""
        return self._messages

    def send(self, request: Any) -> None:
        """Hand the child a request (a server child's ``channel.requests()`` yields it)."""
        self._requests.send(("request", request))

    def receive(self, timeout: float | None) -> Message | None:
        """The child's next message, or None if none came within ``timeout`` seconds (None:
        wait as long as it takes).

        Raises:
            ChildDied: the child ended and has nothing more to say.
        """
        try:
            if not self._messages.poll(timeout):
                return None
            payload = self._messages.recv_bytes()
        except (EOFError, OSError):
            self.process.join(5.0)
            raise ChildDied(self.process.exitcode) from None
        try:
            kind, value = pickle.loads(payload)
        except Exception as error:  # noqa: BLE001 - a value that cannot be rebuilt here
            return Message("error", unpicklable(error))
        return Message(kind, value)

    def ask_to_stop(self) -> None:
        """Make the child's ``cancel()`` true (a job stops; a server drops its current
        request)."""
        with contextlib.suppress(OSError, ValueError, AttributeError):
            self._requests.send(("stop", None))

    def stop(self, grace: float = GRACE) -> int | None:
        """Ask the child to stop and close its lifeline; terminate it if it has not ended
        ``grace`` seconds later, kill it if that does not end it. Returns its exit code; the
        child is gone on return."""
        self.ask_to_stop()
        if self._requests is not None:
            self._requests.close()
            self._requests = None
        process = self.process
        process.join(grace)
        if process.is_alive():
            process.terminate()
            process.join(1.0)
        if process.is_alive():
            process.kill()
            process.join()
        self._messages.close()
        return process.exitcode

    def kill(self) -> int | None:
        """End the child now (a time limit: nothing it does is worth waiting for)."""
        if self.process.is_alive():
            self.process.kill()
        return self.stop(grace=5.0)


class ChildChannel:
    """The child's side of a :class:`PythonChild`: ``send`` messages, read ``requests``, and
    ``cancel``, the ``cancel=`` callable true once the parent asked to stop or is gone.

    A thread reads the parent's pipe (so a stop request arrives while the child computes);
    its end of file means the parent closed the child or died.
    """

    def __init__(self, requests: Connection, messages: Connection, *, server: bool) -> None:
        self._requests, self._messages = requests, messages
        self._stop = threading.Event()
        self._queue: queue.Queue = queue.Queue()
        self._send_lock = threading.Lock()  # a job may report progress from several threads
        # the lifeline: the end of the pipe is the parent's end, closed or dead
        watch_parent(self._read_until_closed, self._on_parent_gone,
                     deadline=0.0 if server else JOB_EXIT_DEADLINE)

    def cancel(self) -> bool:
        """True once the parent asked the child to stop (or is gone)."""
        return self._stop.is_set()

    def send(self, kind: str, value: Any = None) -> None:
        """Send a message to the parent; a value that does not make the trip (an exception
        that pickles but cannot be rebuilt, a result that does not pickle) is sent as an
        error saying what it was. Nothing is sent once the parent is gone."""
        try:
            payload = pickle.dumps((kind, value))
            if kind == "error":
                pickle.loads(payload)
        except Exception as error:  # noqa: BLE001 - said to the parent instead
            payload = pickle.dumps(("error", unpicklable(value if kind == "error" else error)))
        with self._send_lock, contextlib.suppress(OSError):  # a parent gone hears nothing
            self._messages.send_bytes(payload)

    def progress(self, report) -> None:
        """The ``progress=`` callable of a job: each report goes to the parent."""
        self.send("progress", report)

    def requests(self) -> Iterator[Any]:
        """The parent's requests, in order, until it closes the child."""
        while True:
            request = self._queue.get()
            if request is _END:
                return
            self._stop.clear()  # a stop asked for an earlier request is not this one's
            yield request

    def _read_until_closed(self) -> None:
        while True:
            try:
                kind, value = self._requests.recv()
            except (EOFError, OSError):
                return
            if kind == "stop":
                self._stop.set()
            else:
                self._queue.put(value)

    def _on_parent_gone(self) -> None:
        self._stop.set()
        self._queue.put(_END)


def unpicklable(error: BaseException) -> WorkbenchError:
    """An error that cannot travel to the parent, as one that can (its kind and text).

    >>> str(unpicklable(ValueError("bad")))
    'unexpected ValueError in the job: bad'
    """
    return WorkbenchError.of(note("child.failed", kind=type(error).__name__, said=str(error)))


def _child_main(target: Callable, args: tuple, requests: Connection, messages: Connection,
                server: bool) -> None:
    """The child's start: its lifeline and signals, then ``target(channel, *args)``."""
    channel = ChildChannel(requests, messages, server=server)
    if server:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C is the parent's to handle
    else:
        _stop_cleanly_on_signals(channel)
    target(channel, *args)


def _stop_cleanly_on_signals(channel: ChildChannel) -> None:
    """In a job child: a SIGTERM (:meth:`PythonChild.stop` terminates a child that did not
    stop in time; the Linux parent-death signal is SIGTERM too) or a SIGHUP stops the job as a
    cancel does, so that it stops the trainer it started and removes its scratch folder on its
    way out (Ctrl-C, SIGINT, does so already: Python raises KeyboardInterrupt). The parent-death
    signal is tied to the parent thread that started this child: that thread waits in
    :func:`supervise` until the child is gone."""
    raised = []

    def cancel_once(_signum: int, _frame) -> None:
        if not raised:  # a second signal must not interrupt the cleanup
            raised.append(True)
            channel._stop.set()
            raise Cancelled("terminated")

    for name in ("SIGTERM", "SIGHUP"):  # SIGHUP: a closed terminal signals the whole group
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), cancel_once)
    set_parent_death_signal(signal.SIGTERM)


def serve(channel: ChildChannel, handler: Callable, *args: Any) -> None:
    """A server child's loop: say ready, then answer each request with
    ``handler(request, *args, cancel=channel.cancel)`` — its value as an ``answer``, or the
    exception it raised as an ``error`` — until the parent closes the child."""
    channel.send("ready")
    for request in channel.requests():
        try:
            channel.send("answer", handler(request, *args, cancel=channel.cancel))
        except Exception as error:  # noqa: BLE001 - the parent decides what it means
            channel.send("error", error)


def _run_job(channel: ChildChannel, fn: Callable, args: tuple, kwargs: dict) -> None:
    """A job child: ``fn(*args, progress=, cancel=, **kwargs)``, its result or error sent."""
    try:
        channel.send("result", fn(*args, progress=channel.progress, cancel=channel.cancel,
                                  **kwargs))
    except BaseException as error:  # noqa: BLE001 - every failure goes back to the parent
        if isinstance(error, KeyboardInterrupt):  # Ctrl-C in the GUI's terminal reached us too
            error = Cancelled("interrupted")
        channel.send("error", error)


# -- a command child -----------------------------------------------------------------------------

class CommandChild:
    """A command (a trainer's ``python -c`` with the lifeline prelude) whose standard-error
    lines are its ``line`` messages and whose exit is its ``exit`` message (the exit status).

    Its standard input is its lifeline: this process holds the pipe open until the child has
    ended (see :func:`core.lifeline.child_command`). Stopping it is killing it: a trainer has
    nothing of its own to clean up.
    """

    def __init__(self, command: Sequence[str], *, cwd: str | None = None) -> None:
        self.process = subprocess.Popen(list(command), stdin=subprocess.PIPE,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                                        text=True, encoding="utf-8", errors="replace", cwd=cwd)
        self._lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._pump, daemon=True, name="child-stderr").start()

    def _pump(self) -> None:
        with self.process.stderr:  # closed at its end (after a kill too): no pipe left open
            for line in self.process.stderr:
                self._lines.put(line)
        self._lines.put(None)

    def feed(self, lines: Iterable[str], cancel: Optional[CancelFn] = None) -> None:
        """Write ``lines`` and the empty line that ends them to the child's standard input
        (it reads them with ``input_lines()``)."""
        stdin = self.process.stdin
        try:
            for line in lines:
                if cancel is not None and cancel():
                    raise Cancelled("cancelled")
                stdin.write(line + "\n")
            stdin.write("\n")
            stdin.flush()
        except BrokenPipeError:
            pass  # the child ended before reading it all (it failed): its exit status says why

    def receive(self, timeout: float | None) -> Message | None:
        try:
            line = self._lines.get(timeout=timeout)
        except queue.Empty:
            return None
        if line is None:  # its standard error closed: it has ended
            return Message("exit", self.process.wait())
        return Message("line", line)

    def ask_to_stop(self) -> None:
        if self.process.poll() is None:
            self.process.kill()

    def stop(self, grace: float = 0.0) -> int | None:
        """Kill the child unless it ended, wait for it, then close its lifeline."""
        self.ask_to_stop()
        code = self.process.wait()
        with contextlib.suppress(OSError):  # a child that ended early leaves a broken pipe
            self.process.stdin.close()
        return code


# -- the one loop --------------------------------------------------------------------------------

def supervise(child, *, cancel: Optional[CancelFn] = None,
              on_message: Optional[Callable[[Message], None]] = None, grace: float = GRACE,
              timeout: float | None = None, poll: float = POLL) -> Message:
    """Watch ``child`` to its end and return its final message (:data:`FINAL`).

    Each other message goes to ``on_message`` (none once a stop was asked for). When
    ``cancel()`` turns true the child is asked to stop; if it has not ended ``grace`` seconds
    later this raises :class:`Cancelled`. Past ``timeout`` seconds it raises
    :class:`ChildTimeout`. Whatever happens — this function raising, or being interrupted
    (Ctrl-C, a signal turned into an exception) — the child is gone when it returns.

    Raises:
        Cancelled: stopped, and the child did not say how it ended in time.
        ChildDied: the child ended without its outcome.
    """
    started = time.monotonic()
    stopping_since = None
    try:
        while True:
            now = time.monotonic()
            if stopping_since is None and cancel is not None and cancel():
                child.ask_to_stop()
                stopping_since = now
            if stopping_since is not None and now - stopping_since > grace:
                raise Cancelled("cancelled")
            if timeout is not None and now - started > timeout:
                raise ChildTimeout(timeout)
            try:
                message = child.receive(poll)
            except ChildDied:
                if stopping_since is not None:
                    raise Cancelled("cancelled") from None
                raise
            if message is None:
                continue
            if message.kind == "exit" and stopping_since is not None:
                raise Cancelled("cancelled")  # killed when asked to stop: its status says so
            if message.kind in FINAL:
                return message
            if on_message is not None and stopping_since is None:
                on_message(message)
    finally:
        child.stop(grace)


def run_function(fn: Callable, *args: Any, progress: Optional[ProgressFn] = None,
                 cancel: Optional[CancelFn] = None, grace: float = GRACE,
                 timeout: float | None = None, **kwargs: Any) -> Any:
    """Call ``fn(*args, progress=, cancel=, **kwargs)`` in a job child process and return its
    result (``fn``, its arguments and its result must pickle); its exception is raised here.

    For pure-Python jobs that allocate millions of objects (the reference trainers): in a
    thread, their garbage collections hold the GIL for 100 ms and more and freeze the GUI; in a
    child they cannot. The child's progress reports reach ``progress`` here; ``cancel()``
    turning true makes the child's own ``cancel()`` true (so it stops cleanly, killing any
    process it started), and the child is terminated if it has not stopped ``grace`` seconds
    later. The child ends with this process (see :class:`PythonChild`).
    """
    child = PythonChild(_run_job, fn, args, kwargs, name="workbench-job")
    on_message = (lambda message: progress(message.value)) if progress is not None else None
    outcome = supervise(child, cancel=cancel, on_message=on_message, grace=grace,
                        timeout=timeout)
    if outcome.kind == "error":
        raise outcome.value
    return outcome.value


def run_command(child: CommandChild, *, cancel: Optional[CancelFn] = None,
                on_line: Optional[Callable[[str], None]] = None,
                feed: Optional[Iterable[str]] = None) -> tuple[int, list[str]]:
    """Feed ``child`` its lines (if any), then watch it to its end: each standard-error line
    goes to ``on_line``; ``cancel()`` turning true kills it (checked every
    :data:`POLL` s). Returns its exit status and its lines; the child is gone on return."""
    lines: list[str] = []

    def take(message: Message) -> None:
        lines.append(message.value)
        if on_line is not None:
            on_line(message.value)

    try:
        if feed is not None:
            child.feed(feed, cancel)
    except BaseException:
        child.stop()
        raise
    outcome = supervise(child, cancel=cancel, on_message=take, grace=0.0)
    return outcome.value, lines


def wait_any(children: Sequence[PythonChild], timeout: float) -> list[PythonChild]:
    """The children with a message (or an end) ready within ``timeout`` seconds."""
    ready = set(wait([child.connection for child in children], timeout))
    return [child for child in children if child.connection in ready]
