"""``tokbench train`` stopped every way a user or a job runner stops it leaves no trainer child
and no temporary copy of the corpus (issue #15): SIGTERM (``kill``, ``timeout``, CI runners)
used to end tokbench on the spot, its SentencePiece or tokenizers child going on at 100% CPU
and ``/tmp/tokbench-spm-*`` staying behind.

Each test runs ``python -m app.cli`` with a TMPDIR of its own; the trainer is found by the
lifeline's marker in its command line, then checked by its pid.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys

import pytest

from tests.conftest import DEMO, ROOT
from tests.leftovers import (LONG_RUNS, big_corpus, cleanup, needs_proc, temp_leftovers, trainers,
                             wait_for, wait_gone)
from tests.leftovers import private_tmp  # noqa: F401 - a fixture

# slow: starts and stops tokbench train processes (make check skips it)
pytestmark = [needs_proc, pytest.mark.slow]


CONFIGS = {engine: LONG_RUNS[engine] for engine in ("sentencepiece", "hf")}
# (signal, sent to the process group as a terminal does, exit code: docs/cli.md's table)
ENDINGS = {
    "SIGINT": (signal.SIGINT, True, 130),  # Ctrl-C: the terminal signals the whole group
    "SIGTERM": (signal.SIGTERM, False, 143),  # kill PID, timeout, a CI runner: tokbench only
    "SIGHUP": (signal.SIGHUP, True, 129),  # the terminal closed: the whole group
}


def start_train(tmp_path, config: dict, corpus) -> subprocess.Popen:
    config_path = tmp_path / "config.json"
    config_path.write_text(json.dumps(config), encoding="utf-8")
    return subprocess.Popen([sys.executable, "-m", "app.cli", "train", str(config_path),
                             "--corpus", str(corpus), "-o", str(tmp_path / "out")],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)  # its own group, as a shell's job is


@pytest.mark.parametrize("engine", list(CONFIGS))
@pytest.mark.parametrize("ending", list(ENDINGS))
def test_a_stopped_train_leaves_no_child_and_no_temporary_copy(private_tmp, tmp_path, engine,
                                                               ending):
    signum, to_group, code = ENDINGS[ending]
    cli = start_train(tmp_path, CONFIGS[engine], big_corpus(tmp_path))
    child = []
    try:
        child = wait_for(lambda: trainers(private_tmp), timeout=60) or []
        assert child, "the trainer child did not start"
        assert temp_leftovers(private_tmp)  # its scratch folder, while it trains
        if to_group:
            os.killpg(cli.pid, signum)
        else:
            cli.send_signal(signum)
        _, err = cli.communicate(timeout=30)
        assert cli.returncode == code, err
        assert "nothing was written" in err and "Traceback" not in err
        assert wait_gone(child, 2.0) == []
        assert trainers(private_tmp) == []
        assert temp_leftovers(private_tmp) == []
        assert not (tmp_path / "out").exists()
    finally:
        cli.kill()
        cleanup(child)


def test_a_finished_and_a_failed_train_leave_nothing_behind(private_tmp, tmp_path):
    ok = subprocess.run(
        [sys.executable, "-m", "app.cli", "train", str(_config(tmp_path, vocab_size=2000)),
         "--corpus", str(DEMO / "corpus.txt"), "-o", str(tmp_path / "ok")],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    failed = subprocess.run(  # more pieces than the corpus has: the trainer refuses
        [sys.executable, "-m", "app.cli", "train", str(_config(tmp_path, vocab_size=900_000)),
         "--corpus", str(DEMO / "sample.txt"), "-o", str(tmp_path / "failed")],
        cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert failed.returncode == 2 and "more than this corpus can fill" in failed.stderr
    assert trainers(private_tmp) == []
    assert temp_leftovers(private_tmp) == []


def _config(tmp_path, **changes):
    path = tmp_path / f"config-{len(list(tmp_path.glob('config-*')))}.json"
    path.write_text(json.dumps({**CONFIGS["sentencepiece"], **changes}), encoding="utf-8")
    return path
