"""A stop signal while ``tokbench`` is still starting (its imports) ends it quietly with 128 +
the signal's number: no ImportError traceback from inside numpy, whatever the moment."""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.leftovers import interrupted_python_start

ROOT = Path(__file__).resolve().parents[2]


def test_quiet_stops_exit_with_the_signals_code_and_say_nothing():
    code = ("from app.stop_signals import quiet_stops; quiet_stops(); import os, signal, time; "
            "os.kill(os.getpid(), signal.SIGTERM); time.sleep(10)")
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True,
                          text=True, timeout=30)
    assert done.returncode == 128 + signal.SIGTERM and done.stderr == ""


@pytest.mark.serial  # where a delay lands in the child's start-up moves with the load: alone
@pytest.mark.parametrize("delay", [0.15, 0.3, 0.45, 0.6, 0.9])
def test_ctrl_c_during_start_up_prints_no_traceback(delay, tmp_path):
    text = tmp_path / "t.txt"
    text.write_text("hello\n", encoding="utf-8")
    cli = subprocess.Popen([sys.executable, "-m", "app.cli", "inspect", str(ROOT / "missing"),
                            "--file", str(text)], cwd=ROOT, stdout=subprocess.DEVNULL,
                           stderr=subprocess.PIPE, text=True)
    time.sleep(delay)
    cli.send_signal(signal.SIGINT)
    _, err = cli.communicate(timeout=60)
    assert "ImportError" not in err, err
    if "Traceback" in err:  # only where the signal came before our handling was in place
        # (Python's own start-up, the first lines of app/cli.py): it ends by the signal itself,
        # never as a failure of the program (exit 1)
        # (or CPython's own start-up imports failed: status 1 and its fatal-error line)
        assert ((cli.returncode == -signal.SIGINT or interrupted_python_start(cli.returncode, err))
                and "KeyboardInterrupt" in err), err
        return
    # stopped by the signal itself (Python not started yet), quietly at start-up, by the CLI's
    # own handling, or it had already finished (the tokenizer is missing: bad input, exit 2)
    assert cli.returncode in (-signal.SIGINT, 128 + signal.SIGINT, 2), (cli.returncode, err)
