"""The one job API (``TaskRunner.submit`` and its ``JobHandle``): results on the GUI thread, a
cancel that stops the job's loop, throttled progress, latest-only submissions, and quitting.
"""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QCoreApplication, QThread, QThreadPool

from app.tasks import PROGRESS_RATE, TaskRunner
from core.progress import Cancelled, Progress, check_cancel

pytestmark = pytest.mark.gui


class Outcomes:
    """What a job's callbacks received, and on which thread."""

    def __init__(self) -> None:
        self.results, self.errors, self.cancelled, self.progress = [], [], [], []
        self.threads = set()

    def callbacks(self) -> dict:
        def note(where: list):
            def take(*args):
                self.threads.add(QThread.currentThread())
                where.append(args[0] if args else True)
            return take
        return dict(on_result=note(self.results), on_error=note(self.errors),
                    on_cancelled=note(self.cancelled), on_progress=note(self.progress))


def counting_loop(steps: list, started: threading.Event, *, cancel=None, progress=None):
    """A core-style loop: checks ``cancel`` each round; how many rounds ran is in ``steps``."""
    started.set()
    for k in range(10**7):
        check_cancel(cancel)
        steps.append(k)
        if progress is not None:
            progress(Progress("loop", k))
        time.sleep(0.001)
    return "finished"


@pytest.fixture
def runner(qtbot):
    runner = TaskRunner()
    yield runner
    runner.shutdown(5000)


def test_a_result_comes_back_on_the_gui_thread(qtbot, runner):
    seen = Outcomes()
    job = runner.submit("sum", sum, [1, 2, 3], **seen.callbacks())
    assert job.running and runner.busy
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert seen.results == [6] and not seen.errors and not seen.cancelled
    assert seen.threads == {QCoreApplication.instance().thread()}
    assert not job.running


def test_an_error_is_a_message_and_the_failed_signal(qtbot, runner):
    seen = Outcomes()

    def broken():
        raise MemoryError

    with qtbot.waitSignal(runner.failed, timeout=5000) as failed:
        runner.submit("broken", broken, **seen.callbacks())
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert failed.args == ["broken", "not enough memory for this input"]
    assert seen.errors == ["not enough memory for this input"] and not seen.results


def test_cancel_becomes_an_exception_inside_the_loop(qtbot, runner):
    seen = Outcomes()
    steps, started = [], threading.Event()
    job = runner.submit("loop", counting_loop, steps, started, **seen.callbacks())
    assert started.wait(5)
    qtbot.waitUntil(lambda: len(steps) > 5, timeout=5000)
    job.cancel()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    stopped_at = len(steps)
    assert seen.cancelled == [True] and not seen.results and not seen.errors
    assert stopped_at < 10**7  # the loop stopped, it did not run to its end
    time.sleep(0.05)
    assert len(steps) == stopped_at  # and nothing of it runs on


def test_a_job_without_a_cancel_parameter_runs_on_but_delivers_nothing(qtbot, runner):
    seen = Outcomes()
    gate = threading.Event()
    job = runner.submit("plain", lambda: gate.wait(10) and "late", **seen.callbacks())
    job.cancel()
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert seen.cancelled == [True] and seen.results == []


def test_a_job_raising_cancelled_by_itself_is_cancelled_not_failed(qtbot, runner):
    seen = Outcomes()

    def stopped():
        raise Cancelled("terminated")

    failures = []
    runner.failed.connect(lambda *args: failures.append(args))
    runner.submit("self-stopped", stopped, **seen.callbacks())
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert seen.cancelled == [True] and not seen.errors and failures == []


def test_progress_reaches_the_gui_at_most_ten_times_a_second(qtbot, runner):
    seen = Outcomes()

    def chatty(*, progress):
        for k in range(2001):  # 2000 reports in about half a second
            progress(Progress("counting", k, 2000))
            if k % 10 == 0:
                time.sleep(0.0025)
        return "done"

    started = time.monotonic()
    runner.submit("chatty", chatty, **seen.callbacks())
    qtbot.waitUntil(lambda: not runner.busy, timeout=10000)
    seconds = time.monotonic() - started
    assert seen.results == ["done"]
    # the first report, one per tenth of a second, and the final one
    assert 2 <= len(seen.progress) <= 2 + PROGRESS_RATE * seconds
    assert seen.progress[-1].done == 2000  # the final report always passes
    assert seen.progress[0].done == 0  # and so does the first of a phase


def test_no_progress_is_delivered_after_a_cancel(qtbot, runner):
    seen = Outcomes()
    steps, started = [], threading.Event()
    job = runner.submit("loop", counting_loop, steps, started, **seen.callbacks())
    qtbot.waitUntil(lambda: len(seen.progress) >= 2, timeout=5000)
    job.cancel()
    count = len(seen.progress)
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert len(seen.progress) == count


def test_latest_only_drops_the_superseded_submission(qtbot, runner):
    first, second = Outcomes(), Outcomes()
    gate = threading.Event()
    old = runner.submit("view", lambda: gate.wait(10) and "old", latest_only=True,
                        **first.callbacks())
    new = runner.submit("view", lambda: "new", latest_only=True, **second.callbacks())
    assert old.cancel_requested and old.superseded and not new.cancel_requested
    qtbot.waitUntil(lambda: second.results == ["new"], timeout=5000)
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    # dropped: not its result, not even on_cancelled
    assert first.results == first.cancelled == first.errors == []


def test_without_latest_only_each_submission_delivers(qtbot, runner):
    seen = Outcomes()
    gate = threading.Event()
    runner.submit("save", lambda: gate.wait(10) and "first", **seen.callbacks())
    runner.submit("save", lambda: "second", **seen.callbacks())
    qtbot.waitUntil(lambda: seen.results == ["second"], timeout=5000)
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert seen.results == ["second", "first"]


def test_a_superseded_job_that_has_not_started_never_runs(qtbot):
    pool = QThreadPool()
    pool.setMaxThreadCount(1)  # as the chart thread: one job at a time
    runner = TaskRunner(pool=pool)
    gate, started = threading.Event(), threading.Event()
    ran = []
    seen = Outcomes()
    runner.submit("draw", lambda: started.set() or gate.wait(10) and ran.append("busy"),
                  latest_only=True)
    assert started.wait(5)
    for k in range(5):  # asked again and again while the thread is busy
        runner.submit("draw", lambda k=k: ran.append(k) or k, latest_only=True,
                      **seen.callbacks())
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert ran == ["busy", 4] and seen.results == [4]
    assert pool.waitForDone(5000)


def test_quitting_cancels_every_job_and_waits_for_it(qtbot):
    runner = TaskRunner()
    steps, started = [], threading.Event()
    seen = Outcomes()
    job = runner.submit("loop", counting_loop, steps, started, **seen.callbacks())
    assert started.wait(5)
    QCoreApplication.instance().aboutToQuit.emit()  # as QApplication does when it quits
    assert job.cancel_requested
    stopped_at = len(steps)
    time.sleep(0.05)
    assert len(steps) == stopped_at  # the worker has ended: shutdown waited for it
    qtbot.waitUntil(lambda: not runner.busy, timeout=5000)
    assert seen.cancelled == [True]


def test_the_old_verbs_are_gone():
    """One verb to start (submit), one to stop (the handle's cancel)."""
    for name in ("run", "start", "stop", "stop_all", "cancel"):
        assert not hasattr(TaskRunner, name), name
    import app.tasks

    assert not hasattr(app.tasks, "LatestOnly")
