"""``run_function``, the GUI's job processes: both levels (the job process and the trainer it
starts) end, and the job's scratch folder goes, however the GUI process ends (issue #15)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import threading

import pytest

from core.supervisor import run_function
from core.corpus import CorpusSource
from core.engines.config import TrainingConfig
from core.engines.train import train_bundle
from core.progress import Cancelled
from tests.conftest import ROOT
from tests.leftovers import (LONG_RUNS, big_corpus, cleanup, job_processes, needs_proc,
                             temp_leftovers, trainers, wait_for, wait_gone)
from tests.leftovers import private_tmp  # noqa: F401 - a fixture

# slow: starts and kills job processes and their trainers (make check skips it)
pytestmark = [needs_proc, pytest.mark.slow]

CONFIG = LONG_RUNS["sentencepiece"]


def test_a_job_process_whose_gui_is_killed_stops_its_trainer_and_removes_its_copy(
        private_tmp, tmp_path):
    """The GUI process killed outright (SIGKILL: no cleanup of its own): the job process sees
    its parent gone and stops as a cancelled job does."""
    gui = subprocess.Popen([sys.executable, "-c", textwrap.dedent(f"""
        from core.supervisor import run_function
        from core.corpus import CorpusSource
        from core.engines.config import TrainingConfig
        from core.engines.train import train_bundle
        run_function(train_bundle, TrainingConfig.from_json({CONFIG!r}),
                       [CorpusSource({str(big_corpus(tmp_path))!r})], {str(tmp_path / "out")!r})
    """)], cwd=ROOT)
    found = []
    try:
        found = wait_for(lambda: trainers(private_tmp), timeout=60) or []
        found += job_processes(private_tmp)
        assert len(found) == 2 and temp_leftovers(private_tmp)
        gui.send_signal(signal.SIGKILL)
        gui.wait()
        assert wait_gone(found, 5.0) == []
        assert temp_leftovers(private_tmp) == []
    finally:
        gui.kill()
        cleanup(found)


def test_a_terminated_job_process_cleans_up_as_a_cancelled_one(private_tmp, tmp_path):
    """SIGTERM to the job process (``run_function`` terminates one that does not stop in
    time; the Linux parent-death signal is SIGTERM too) stops the job, not the process on the
    spot."""
    caught = []

    def run() -> None:
        try:
            run_function(train_bundle, TrainingConfig.from_json(CONFIG),
                           [CorpusSource(big_corpus(tmp_path))], tmp_path / "out")
        except BaseException as error:  # noqa: BLE001 - the test looks at it
            caught.append(error)

    worker = threading.Thread(target=run)  # as the GUI runs it: not on the main thread
    worker.start()
    found = []
    try:
        found = wait_for(lambda: trainers(private_tmp), timeout=60) or []
        jobs = job_processes(private_tmp)
        assert found and len(jobs) == 1
        found += jobs
        os.kill(jobs[0], signal.SIGTERM)
        worker.join(30)
        assert caught and isinstance(caught[0], Cancelled)
        assert wait_gone(found, 2.0) == []
        assert temp_leftovers(private_tmp) == []
        assert not (tmp_path / "out").exists()
    finally:
        cleanup(found)
        worker.join(5)


@pytest.mark.parametrize("engine", ["sentencepiece", "hf", "reference"])
def test_a_job_started_from_a_worker_thread_trains_to_the_end(private_tmp, tmp_path, engine):
    """The parent-death signals (job process and trainer) are tied to the thread that starts
    each process: started from a worker thread, as the GUI does, the run is not cut short."""
    config = {"sentencepiece": {**CONFIG, "vocab_size": 2000},
              "hf": {"engine": "hf", "algorithm": "bpe", "vocab_size": 500},
              "reference": {"engine": "reference", "algorithm": "bpe", "vocab_size": 300}}[engine]
    result = []
    demo = ROOT / "resources" / "demo" / "corpus.txt"
    worker = threading.Thread(target=lambda: result.append(run_function(
        train_bundle, TrainingConfig.from_json(config), [CorpusSource(demo)],
        tmp_path / "out")))
    worker.start()
    worker.join(120)
    assert result and (result[0].path / "manifest.json").exists()
    assert trainers(private_tmp) == [] and job_processes(private_tmp) == []
    assert temp_leftovers(private_tmp) == []


def test_a_result_whose_receiver_was_deleted_is_dropped(qtbot):
    """A pane closed while its job ran: the job's result is not delivered to the deleted
    widget (it raised 'Internal C++ object already deleted' in the event loop), and the
    runner stays usable."""
    import time as _time

    from PySide6.QtWidgets import QWidget

    from app.tasks import TaskRunner

    class Receiver(QWidget):
        got: list = []

        def take(self, result):
            Receiver.got.append(result)

    runner = TaskRunner()
    receiver = Receiver()
    gate = threading.Event()
    runner.submit("job", lambda: gate.wait(10) and "late", on_result=receiver.take)
    receiver.deleteLater()
    qtbot.waitUntil(lambda: not __import__("shiboken6").isValid(receiver), timeout=5000)
    gate.set()
    qtbot.waitUntil(lambda: not runner.busy, timeout=10000)
    _time.sleep(0.05)
    assert Receiver.got == []
    alive = Receiver()
    runner.submit("job", lambda: "now", on_result=alive.take)
    qtbot.waitUntil(lambda: Receiver.got == ["now"], timeout=10000)
