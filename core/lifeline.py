"""Child processes that cannot outlive their parent.

A trainer runs in a child process so that it can be stopped at any moment; if the parent dies
first (killed, crashed), the child must not go on at 100% CPU, re-parented to init. Two
mechanisms, each enough on its own:

- **the lifeline** (portable): the child's standard input is a pipe only the parent holds open;
  a thread of the child reads it and ends the process at end-of-file, which the operating system
  delivers when the parent is gone, however it ended. Native trainers (SentencePiece,
  ``tokenizers``) release the GIL while they train, so the thread runs.
- **the parent-death signal** (Linux): ``prctl(PR_SET_PDEATHSIG)`` has the kernel signal the child
  when its parent dies, even if the child holds the GIL. The kernel sends it when the parent
  *thread* that started the child ends, not the process: asked for only by children whose
  starting thread waits for them to end (:func:`core.supervisor.supervise`: trainers and job
  processes; the long-lived server children of :class:`core.supervisor.PythonChild` rely on the
  pipe alone).

:data:`CHILD_PRELUDE` is Python source put before a ``python -c`` child's own code (the child
does not import this package: ``python -c`` finds it only from the right working folder, and a
trainer runs in its scratch folder); it names the child with :data:`MARKER`, which shows in its
command line.

>>> compile(child_command("pass")[2], "<child>", "exec") is not None
True
"""

from __future__ import annotations

import inspect
import os
import signal
import sys
import threading
from typing import Callable

MARKER = "tokbench-child"  # in a trainer child's command line: `ps` and the tests find it by it
PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


def set_parent_death_signal(signum: int) -> bool:
    """Ask the kernel to send ``signum`` to this process when its parent thread ends (Linux
    only); True if set.

    >>> isinstance(set_parent_death_signal(0), bool)  # 0 clears it again
    True
    """
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signum, 0, 0, 0) == 0
    except (OSError, AttributeError):  # no libc prctl (musl without it, a sandbox)
        return False


def exit_at_end_of_input(fd: int = 0) -> None:
    """Block until ``fd`` reaches end-of-file (its writer, the parent, is gone), then end this
    process at once: nothing of a dead parent's job is worth finishing."""
    try:
        while os.read(fd, 4096):
            pass
    except OSError:
        pass
    os._exit(1)


def start_lifeline(parent_pid: int, fd: int = 0, watch_input: bool = True) -> None:
    """In a child: end the process when the parent ``parent_pid`` dies (both mechanisms above;
    the kernel's signal is SIGKILL, as the child has nothing of its own to clean up). With
    ``watch_input`` false, standard input carries data first (:func:`input_lines`)."""
    set_parent_death_signal(signal.SIGKILL)
    if os.getppid() != parent_pid:  # the parent died before the signal was asked for
        os._exit(1)
    if watch_input:
        threading.Thread(target=exit_at_end_of_input, args=(fd,), daemon=True,
                         name="lifeline").start()


def input_lines():
    """In a child: the lines the parent feeds on standard input (UTF-8, without their line
    break) up to the empty line that ends them; from then on standard input is the lifeline.
    End-of-file before that line means the parent is gone: the child ends."""
    # closefd=False: when this reader goes, standard input must stay open for the lifeline
    stream = open(0, encoding="utf-8", newline="\n", closefd=False)
    while True:
        line = stream.readline()
        if not line:
            os._exit(1)
        if line == "\n":
            break
        yield line[:-1]
    threading.Thread(target=exit_at_end_of_input, daemon=True, name="lifeline").start()


CHILD_PRELUDE = "\n".join([
    f"# {MARKER}: ends when its parent does (core/lifeline.py)",
    "import os, signal, sys, threading",
    f"PR_SET_PDEATHSIG = {PR_SET_PDEATHSIG}",
    inspect.getsource(set_parent_death_signal),
    inspect.getsource(exit_at_end_of_input),
    inspect.getsource(start_lifeline),
    inspect.getsource(input_lines),
    "start_lifeline({parent_pid}, watch_input={watch_input})",
    "",
])


def child_command(code: str, *args: str, reads_input: bool = False) -> list[str]:
    """The command that runs Python ``code`` (with ``args`` as ``sys.argv[1:]``) in a child
    that ends with its parent; :func:`core.engines.common.run_child` holds its lifeline. With
    ``reads_input``, ``code`` reads what ``run_child(feed=...)`` sends with ``input_lines()``.

    >>> child_command("print(1)", "x")[-1]
    'x'
    """
    prelude = CHILD_PRELUDE.replace("{parent_pid}", str(os.getpid())).replace(
        "{watch_input}", str(not reads_input))
    return [sys.executable, "-c", prelude + code, *args]


def watch_parent(wait_for_parent_exit: Callable[[], object], on_parent_gone: Callable[[], None],
                 *, deadline: float = 5.0) -> threading.Thread:
    """Call ``on_parent_gone()`` from a daemon thread once ``wait_for_parent_exit()`` returns;
    if the process is still there ``deadline`` seconds later, end it (a clean stop that hangs
    must not leave an orphan either).

    For a Python child that has cleaning up to do (a job process removing its scratch folder):
    ``on_parent_gone`` asks the job to stop, the job's own ``finally`` blocks do the rest.
    """

    def watch() -> None:
        wait_for_parent_exit()
        on_parent_gone()
        threading.Event().wait(deadline)
        os._exit(1)

    thread = threading.Thread(target=watch, daemon=True, name="parent-watch")
    thread.start()
    return thread
