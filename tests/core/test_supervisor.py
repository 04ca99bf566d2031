"""The one child-process supervisor: results and errors come back, progress flows, a stop is
asked for then enforced, time limits kill, a dead child is said, and no other module of the
workbench starts processes of its own."""

from __future__ import annotations

import re
import threading
import time

import pytest

from core.errors import WorkbenchError
from core.lifeline import child_command
from core.progress import Cancelled, CancelToken, Progress
from core.supervisor import (GRACE, ChildDied, ChildTimeout, CommandChild, PythonChild,
                             run_command, run_function, serve)
from tests.conftest import ROOT


def doubled(x, *, progress=None, cancel=None):
    for k in range(3):
        progress(Progress("doubling", k, 3))
    return 2 * x


def until_cancelled(*, progress=None, cancel=None):
    progress(Progress("waiting", 0))
    while not cancel():
        time.sleep(0.01)
    raise Cancelled("stopped by the job itself")


def ignores_cancel(*, progress=None, cancel=None):
    progress(Progress("stubborn", 0))
    while True:  # a native call that never checks: only terminating it helps
        time.sleep(0.01)


def failing(*, progress=None, cancel=None):
    raise ValueError("no luck")


def exits(*, progress=None, cancel=None):
    import os

    os._exit(3)


def unpicklable_result(*, progress=None, cancel=None):
    return lambda: None


def upper(request, *, cancel):
    if request == "fail":
        raise KeyError(request)
    return request.upper()


def stopped_after(seconds: float) -> CancelToken:
    token = CancelToken()
    threading.Timer(seconds, token.cancel).start()
    return token


def test_a_result_and_the_progress_on_the_way():
    reports = []
    assert run_function(doubled, 21, progress=reports.append) == 42
    assert [r.done for r in reports] == [0, 1, 2]


def test_the_childs_error_is_raised_here():
    with pytest.raises(ValueError, match="no luck"):
        run_function(failing)


def test_a_stop_reaches_the_childs_cancel_and_it_ends_by_itself():
    # the child's own Cancelled comes back (not the supervisor's, raised after the grace)
    with pytest.raises(Cancelled, match="stopped by the job itself"):
        run_function(until_cancelled, cancel=stopped_after(0.3), grace=30)


def test_a_child_that_does_not_stop_is_terminated_after_the_grace_period():
    started = time.monotonic()
    with pytest.raises(Cancelled):
        run_function(ignores_cancel, cancel=stopped_after(0.3), grace=0.2)
    assert time.monotonic() - started < 5.0


def test_a_time_limit_kills_the_child():
    with pytest.raises(ChildTimeout):
        run_function(ignores_cancel, timeout=0.5, grace=0.2)


def test_a_child_that_dies_says_its_exit_code_as_a_note():
    with pytest.raises(ChildDied) as died:
        run_function(exits)
    assert died.value.exit_code == 3
    assert died.value.note.code == "child.ended" and "exit code 3" in str(died.value)


def test_a_result_that_cannot_travel_back_is_an_error_saying_what_it_was():
    with pytest.raises(WorkbenchError) as error:
        run_function(unpicklable_result)
    assert error.value.note.code == "child.failed"


def test_a_server_child_answers_in_order_and_ends_when_closed():
    child = PythonChild(serve, upper, server=True)
    try:
        assert child.receive(60).kind == "ready"
        for request in ("a", "fail", "b"):
            child.send(request)
        answers = [child.receive(10) for _ in range(3)]
        assert [(m.kind, m.value if m.kind == "answer" else type(m.value)) for m in answers] \
            == [("answer", "A"), ("error", KeyError), ("answer", "B")]
    finally:
        code = child.stop(grace=30)
    assert code == 1  # it ended itself on the closed pipe: not terminated (-15) nor killed


def test_a_command_child_gives_its_lines_and_its_exit_status():
    code = "import sys\nfor line in input_lines(): print(line.upper(), file=sys.stderr)\n"
    lines = []
    status, said = run_command(CommandChild(child_command(code, reads_input=True)),
                               feed=["one", "two"], on_line=lines.append)
    assert status == 0 and [line.strip() for line in said] == ["ONE", "TWO"] and said == lines


def test_a_stopped_command_child_is_killed_and_the_run_cancelled():
    child = CommandChild(child_command("import time\ntime.sleep(60)\n"))
    started = time.monotonic()
    with pytest.raises(Cancelled):
        run_command(child, cancel=stopped_after(0.3))
    assert child.process.poll() is not None and time.monotonic() - started < 5.0


PROCESS_STARTERS = re.compile(r"get_context\(|ProcessPoolExecutor|subprocess\.Popen|"
                              r"\.Process\(|os\.fork|os\.spawn")


def test_only_the_supervisor_starts_processes():
    """One place spawns, watches and kills children: no other module starts them its own way."""
    starters = [f"{path.relative_to(ROOT)}:{n}"
                for tree in ("core", "app") for path in sorted((ROOT / tree).rglob("*.py"))
                for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
                if PROCESS_STARTERS.search(line) and path.name != "supervisor.py"]
    assert starters == []
