"""A trainer child cannot outlive its parent, and every ending of a run in the core leaves no
process and no temporary folder (issue #15).

Each test has a TMPDIR of its own (``private_tmp``): the processes it looks for carry the
lifeline's marker in their command line and that TMPDIR in their environment.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

from core.engines.common import ChildFailed, run_child
from core.engines.config import TrainingConfig
from core.engines.train import train_bundle
from core.corpus import CorpusSource
from core.errors import WorkbenchError
from core.lifeline import MARKER, child_command, set_parent_death_signal
from core.progress import CancelToken, Cancelled
from tests.conftest import DEMO, ROOT
from tests.leftovers import (LONG_RUNS, big_corpus, cleanup, needs_proc, temp_leftovers, trainers,
                             wait_for, wait_gone)
from tests.leftovers import private_tmp  # noqa: F401 - a fixture

# slow: starts and kills trainer child processes (make check skips it)
pytestmark = [needs_proc, pytest.mark.slow]


SLEEPER = "import time\ntime.sleep(60)\n"  # a child that waits, the GIL free
# a child that holds the GIL in C for minutes (the regular expression engine backtracking):
# only the kernel's parent-death signal can end it
GIL_HOG = "import re\nre.match(r'(a+)+$', 'a' * 60 + 'b')\n"
ENGINES = {engine: TrainingConfig.from_json(config) for engine, config in LONG_RUNS.items()}


def _parent_running(code: str, tmp) -> subprocess.Popen:
    """A Python parent process that starts ``code`` as a trainer child with ``run_child`` and
    waits for it."""
    script = textwrap.dedent(f"""
        from core.engines.common import run_child
        from core.lifeline import child_command
        run_child(child_command({code!r}))
    """)
    return subprocess.Popen([sys.executable, "-c", script], cwd=ROOT)


@pytest.mark.parametrize("code", [SLEEPER, GIL_HOG], ids=["waiting", "holding-the-GIL"])
def test_the_child_dies_with_its_parent_even_when_the_parent_is_killed(private_tmp, code):
    if code == GIL_HOG and not set_parent_death_signal(0):
        pytest.skip("no parent-death signal on this system: only the lifeline, which needs "
                    "the GIL")
    parent = _parent_running(code, private_tmp)
    try:
        child = wait_for(lambda: trainers(private_tmp))
        assert child, "the trainer child did not start"
        parent.send_signal(signal.SIGKILL)  # no cleanup of its own at all
        parent.wait()
        assert wait_gone(child, 5.0) == []
    finally:
        parent.kill()
        cleanup(trainers(private_tmp))


def test_the_lifeline_alone_ends_the_child_when_the_pipe_closes(private_tmp):
    """The portable mechanism, with the parent alive (so no parent-death signal): end-of-file
    on the child's standard input ends it."""
    child = subprocess.Popen(child_command(SLEEPER), stdin=subprocess.PIPE)
    try:
        time.sleep(0.3)
        assert child.poll() is None
        child.stdin.close()
        assert child.wait(5.0) == 1
    finally:
        child.kill()


FEEDS = ["first line", "ünïcödé 中文 🙂", "tab\there", "last"]
ECHO = "import sys\nfor line in input_lines():\n    print(repr(line), file=sys.stderr)\n"


def test_lines_fed_to_a_child_arrive_unchanged(private_tmp):
    said = run_child(child_command(ECHO, reads_input=True), feed=iter(FEEDS))
    assert [eval(line) for line in said.splitlines()] == FEEDS  # noqa: S307 - our own reprs


def test_a_child_that_fails_while_it_is_fed_says_its_own_error(private_tmp):
    """More lines than a pipe holds: the parent's writes fail (broken pipe) once the child has
    gone; what the user is told is the child's error."""
    code = "lines = input_lines()\nnext(lines)\nraise RuntimeError('stopped reading')\n"
    with pytest.raises(ChildFailed) as caught:
        run_child(child_command(code, reads_input=True), feed=(f"line {i}" for i in range(10**6)))
    assert caught.value.raw == "stopped reading"


@pytest.mark.parametrize("fed_all", [False, True], ids=["while-fed", "after-the-lines"])
def test_a_child_reading_its_input_still_ends_when_the_pipe_closes(private_tmp, fed_all):
    """Before the empty line that ends the lines, end-of-file means the parent is gone; after
    it, standard input is the lifeline again."""
    code = "for line in input_lines():\n    pass\n" + SLEEPER
    child = subprocess.Popen(child_command(code, reads_input=True), stdin=subprocess.PIPE,
                             text=True)
    try:
        child.stdin.write("a line\n" + ("\n" if fed_all else ""))
        child.stdin.flush()
        time.sleep(0.3)
        assert child.poll() is None
        child.stdin.close()
        assert child.wait(5.0) == 1
    finally:
        child.kill()


def test_the_parent_death_signal_follows_the_thread_that_started_the_child(private_tmp):
    """Why ``run_child`` must not return before its child is gone: on Linux the signal comes
    when the *thread* that started the child ends, even though the process lives on (here the
    lifeline's pipe stays open, so only that signal can end the child)."""
    if not set_parent_death_signal(0):
        pytest.skip("no parent-death signal on this system")
    started = []
    ready = "import sys\nprint('ready', file=sys.stderr, flush=True)\n" + SLEEPER

    def start_and_end() -> None:
        child = subprocess.Popen(child_command(ready), stdin=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        child.stderr.readline()  # the child has asked for the signal: this thread may end
        started.append(child)

    thread = threading.Thread(target=start_and_end)
    thread.start()
    thread.join()
    child = started[0]
    try:
        assert child.wait(5.0) == -signal.SIGKILL
    finally:
        child.kill()
        child.stdin.close()
        child.stderr.close()


def test_a_child_started_from_a_worker_thread_runs_to_its_end(private_tmp):
    """``run_child`` in a worker thread (as the GUI's jobs run): the parent-death signal does
    not fire while the thread waits, however long, and other threads ending do not matter."""
    result = []
    code = "import sys, time\ntime.sleep(1.5)\nprint('finished', file=sys.stderr)\n"
    worker = threading.Thread(target=lambda: result.append(run_child(child_command(code))))
    worker.start()
    for _ in range(5):  # short-lived threads come and go meanwhile
        other = threading.Thread(target=time.sleep, args=(0.05,))
        other.start()
        other.join()
    worker.join(30)
    assert result and "finished" in result[0]


def test_a_marked_child_is_what_the_engines_start(private_tmp):
    assert MARKER in child_command("pass")[2]


@pytest.fixture
def corpus(tmp_path):
    return [CorpusSource(big_corpus(tmp_path))]


def _run_and_cancel(engine: str, sources, dest, private_tmp, *, stop) -> BaseException:
    """Train with ``engine``, call ``stop(token)`` once the trainer child (or, for the
    reference engine, the training) is under way; the exception that ended the run."""
    token = CancelToken()
    seen = []
    supervised = threading.Event()

    def progress(report) -> None:
        if report.phase not in ("reading", "checking") and not seen:
            seen.append(report.phase)
        if engine != "reference" and not supervised.is_set() and trainers(private_tmp):
            # a report while the child lives comes from inside run_child (feeding the child or
            # reading its log), where stopping is the supervisor's job. The child shows in /proc
            # from its exec, a moment before run_child's try: a Ctrl-C in that moment is left to
            # the child's lifeline (tested above), as slow as the child's start-up on a loaded
            # machine; this test is about the supervisor's kill
            supervised.set()

    def watch() -> None:
        if engine == "reference":
            wait_for(lambda: seen)
        else:
            wait_for(supervised.is_set)
        stop(token)

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        train_bundle(ENGINES[engine], sources, dest, progress=progress, cancel=token)
    except BaseException as caught:  # noqa: BLE001 - the test looks at it
        return caught
    finally:
        token.cancel()
        watcher.join()
    raise AssertionError("the run was not stopped")


@pytest.mark.parametrize("engine", list(ENGINES))
def test_a_cancelled_run_leaves_no_process_and_no_temporary_folder(private_tmp, corpus, tmp_path,
                                                                   engine):
    caught = _run_and_cancel(engine, corpus, tmp_path / "out", private_tmp,
                             stop=lambda token: token.cancel())
    assert isinstance(caught, Cancelled)
    assert trainers(private_tmp) == []
    assert temp_leftovers(private_tmp) == []
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("engine", ["sentencepiece", "hf"])
def test_an_interrupted_run_kills_its_child_and_removes_its_copy(private_tmp, corpus, tmp_path,
                                                                 engine):
    """Ctrl-C, or a signal the CLI turns into an exception, while the trainer runs."""
    pids = []

    def interrupt(_token) -> None:
        pids.extend(trainers(private_tmp))
        import _thread
        _thread.interrupt_main()  # KeyboardInterrupt in the main thread, as Ctrl-C

    caught = _run_and_cancel(engine, corpus, tmp_path / "out", private_tmp, stop=interrupt)
    assert isinstance(caught, KeyboardInterrupt)
    assert pids and wait_gone(pids, 1.0) == []
    assert temp_leftovers(private_tmp) == []


@pytest.mark.parametrize("engine", list(ENGINES))
def test_a_finished_run_leaves_no_process_and_no_temporary_folder(private_tmp, tmp_path, engine):
    vocab = {"sentencepiece": 2000, "hf": 2000, "reference": 300}[engine]  # quick on the demo
    small = TrainingConfig(**{**ENGINES[engine].to_json(), "vocab_size": vocab})
    train_bundle(small, [CorpusSource(DEMO / "corpus.txt")], tmp_path / "out")
    assert (tmp_path / "out" / "manifest.json").exists()
    assert trainers(private_tmp) == []
    assert temp_leftovers(private_tmp) == []


def test_a_failed_run_leaves_no_process_and_no_temporary_folder(private_tmp, tmp_path):
    # more pieces than the corpus has: SentencePieceTrainer itself refuses, in the child
    too_big = TrainingConfig(**{**ENGINES["sentencepiece"].to_json(), "vocab_size": 900_000})
    with pytest.raises(WorkbenchError, match="more than this corpus can fill"):
        train_bundle(too_big, [CorpusSource(DEMO / "sample.txt")], tmp_path / "out")
    assert trainers(private_tmp) == []
    assert temp_leftovers(private_tmp) == []


def test_a_failed_child_says_its_own_error(private_tmp):
    with pytest.raises(ChildFailed) as caught:
        run_child(child_command("raise RuntimeError('no luck')"))
    assert caught.value.raw == "no luck"
