"""The GUI stopped while it trains — its window closed, its process sent SIGTERM or SIGHUP —
leaves no job process, no trainer and no temporary folder (issue #15). The job process
(``core.supervisor.run_function``) and the trainer it starts are found by the markers in their
command lines and the test's own TMPDIR, then checked by pid.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from app.stop_signals import StopSignal, exit_code, raise_on_stop_signals, reason
from core.corpus import CorpusSource
from core.engines.config import TrainingConfig
from core.workspace import read_workspace
from tests.conftest import ROOT
from tests.leftovers import (LONG_RUNS, big_corpus, cleanup, job_processes, needs_proc,
                             temp_leftovers, trainers, wait_for, wait_gone)
from tests.leftovers import private_tmp  # noqa: F401 - a fixture

CONFIGS = {engine: LONG_RUNS[engine] for engine in ("sentencepiece", "hf")}


def test_a_stop_signal_is_an_interrupt_with_its_own_exit_code():
    stop = StopSignal(signal.SIGHUP)
    assert isinstance(stop, KeyboardInterrupt)  # cleaned up wherever Ctrl-C is
    assert (exit_code(stop), reason(stop)) == (129, "hung up (SIGHUP)")


def test_only_the_first_signal_raises_so_the_cleanup_it_starts_is_not_cut_short():
    before = signal.getsignal(signal.SIGTERM)
    cleaned = []
    with pytest.raises(StopSignal):
        with raise_on_stop_signals():
            try:
                os.kill(os.getpid(), signal.SIGTERM)  # raises here, in this thread
            finally:
                os.kill(os.getpid(), signal.SIGTERM)  # a second one, during the cleanup
                cleaned.append(True)
    assert cleaned
    assert signal.getsignal(signal.SIGTERM) is before  # put back afterwards


@needs_proc
@pytest.mark.gui
@pytest.mark.parametrize("engine", list(CONFIGS))
def test_closing_the_window_while_training_leaves_nothing(qtbot, window, private_tmp, tmp_path,
                                                          engine):
    window.session.set_corpus([CorpusSource(big_corpus(tmp_path), lang="mul")], policy="strict")
    window.train.form.set_config(TrainingConfig.from_json(CONFIGS[engine]))
    assert window.train.start()
    found = []
    try:
        qtbot.waitUntil(lambda: bool(trainers(private_tmp)), timeout=60000)
        found = trainers(private_tmp) + job_processes(private_tmp)
        assert len(found) == 2 and temp_leftovers(private_tmp)  # two levels, and their copy
        window.close()
        assert wait_gone(found, 2.0) == []
        assert temp_leftovers(private_tmp) == []
    finally:
        cleanup(found)


@needs_proc
@pytest.mark.gui
@pytest.mark.parametrize("signum, to_group", [
    (signal.SIGTERM, False),  # kill PID, a session manager: the GUI alone
    (signal.SIGHUP, True),  # the terminal it was started from closed: its whole group
    (signal.SIGINT, True),  # Ctrl-C in that terminal: its whole group
], ids=["SIGTERM", "SIGHUP", "SIGINT"])
def test_the_gui_process_stopped_by_a_signal_quits_cleanly(private_tmp, tmp_path, signum,
                                                           to_group):
    config = tmp_path / "config.json"
    config.write_text(json.dumps(CONFIGS["sentencepiece"]), encoding="utf-8")
    gui = subprocess.Popen([sys.executable, "-m", "tests.app.gui_train_driver",
                            str(tmp_path / "settings.ini"), str(config),
                            str(big_corpus(tmp_path))],
                           cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                           env={**os.environ, "QT_QPA_PLATFORM": "offscreen"},
                           start_new_session=True)  # its own group, as a shell's job is
    found = []
    try:
        found = wait_for(lambda: trainers(private_tmp), timeout=60) or []
        assert found, gui.stderr.read() if gui.poll() is not None else "no trainer started"
        found += job_processes(private_tmp)
        if to_group:
            os.killpg(gui.pid, signum)
        else:
            gui.send_signal(signum)
        _, err = gui.communicate(timeout=30)
        assert gui.returncode == 128 + signum, err
        assert "Traceback" not in err
        # saved as quitting saves it: the corpus and the Train config of the window stopped
        saved = read_workspace(tmp_path / "workspace.json")
        assert [source.path for source in saved.corpus] == [tmp_path / "big-corpus.txt"]
        assert saved.train.config["vocab_size"] == CONFIGS["sentencepiece"]["vocab_size"]
        assert wait_gone(found, 2.0) == []
        assert temp_leftovers(private_tmp) == []
    finally:
        gui.kill()
        cleanup(found)
