"""Soak: training started and stopped at a random moment, again and again, across the three
engines, through the API the Train pane uses (``train_to_bundle`` with ``run_function``, from
a worker thread) and through ``tokbench train`` stopped with SIGINT (Ctrl-C) or SIGTERM. At the
end no process and no file is left, and this long-lived process's memory is flat (issue #15).

``make test`` runs a short soak (``TOKBENCH_SOAK_CYCLES``, 9 by default: each engine through each
way once, on a 2 MB corpus); ``make soak`` (part of ``make bench``) the full 50 cycles on the
11 MB benchmark corpus when ../shared/data has it. ``TOKBENCH_SOAK_SEED`` replays a run.

Example::

    TOKBENCH_SOAK_CYCLES=50 python -m pytest -m soak -s tests/app/test_soak.py
"""

from __future__ import annotations

import gc
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter

import pytest

from app.jobs.training import train_to_bundle
from core.supervisor import run_function
from core.corpus import CorpusSource, expand
from core.engines.config import TrainingConfig
from core.progress import CancelToken, Cancelled
from tests.conftest import DATA, ROOT
from tests.leftovers import (LONG_RUNS, big_corpus, cleanup, interrupted_python_start,
                             job_processes, needs_proc, rss_kb, temp_leftovers, trainers,
                             wait_for)
from tests.leftovers import private_tmp  # noqa: F401 - a fixture

pytestmark = [needs_proc, pytest.mark.soak, pytest.mark.serial]  # random stop moments: alone (tests/serial.py)

MONO = DATA / "corpora" / "mono"  # the benchmark corpus, 11 MB
CYCLES = int(os.environ.get("TOKBENCH_SOAK_CYCLES", "9"))
ENGINES = ("sentencepiece", "hf", "reference")
WAYS = ("core", "cli-SIGINT", "cli-SIGTERM")
RSS_SLACK_KB = 8 * 1024  # "flat": the long-lived process may vary by a few MB, not grow
STOPPED = {"cli-SIGINT": 130, "cli-SIGTERM": 143}


def _corpus(tmp_path) -> tuple[list[CorpusSource], list[str], float]:
    """The sources, the CLI's --corpus arguments, and the latest moment to stop a run (s)."""
    if CYCLES >= 50 and MONO.exists():
        return expand(MONO), [str(MONO)], 6.0
    path = big_corpus(tmp_path)
    return [CorpusSource(path)], [str(path)], 1.5


def _core_cycle(config, sources, dest, delay: float) -> str:
    """Start as the Train pane does, cancel after ``delay`` seconds; how it ended."""
    token = CancelToken()
    ended: list[str] = []

    def run() -> None:
        try:
            train_to_bundle(config, sources, dest, cancel=token, in_process=run_function)
            ended.append("finished")
        except Cancelled:
            ended.append("cancelled")
        except Exception as error:  # noqa: BLE001 - counted, and shown if unexpected
            ended.append(f"failed: {error}")

    worker = threading.Thread(target=run)
    worker.start()
    time.sleep(delay)
    token.cancel()
    worker.join(60)
    assert not worker.is_alive(), "a cancelled run did not end within 60 s"
    return ended[0]


def _cli_cycle(config_path, corpus_args, dest, delay: float, way: str) -> str:
    cli = subprocess.Popen([sys.executable, "-m", "app.cli", "train", str(config_path),
                            "--corpus", *corpus_args, "-o", str(dest)],
                           cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                           text=True, start_new_session=True)
    time.sleep(delay)
    if way == "cli-SIGINT":
        os.killpg(cli.pid, signal.SIGINT)  # Ctrl-C: the terminal signals the whole group
    else:
        cli.send_signal(signal.SIGTERM)  # kill PID: tokbench alone
    _, err = cli.communicate(timeout=60)
    if cli.returncode == STOPPED[way]:
        return "cancelled"
    if cli.returncode == -STOPPED[way] + 128:  # ended by the signal itself: it came while
        return "stopped starting up"  # Python was starting, before tokbench could catch it
    if interrupted_python_start(cli.returncode, err):
        return "stopped starting up"  # earlier still: the interpreter's own start-up failed
    if cli.returncode == 0:
        return "finished"
    return f"failed ({cli.returncode}): {err.strip()[-300:]}"


def test_start_and_stop_at_random_moments_leaves_nothing_and_memory_flat(private_tmp, tmp_path):
    seed = int(os.environ.get("TOKBENCH_SOAK_SEED", time.time_ns() % 10**6))
    rng = random.Random(seed)
    sources, corpus_args, latest = _corpus(tmp_path)
    configs = {engine: TrainingConfig.from_json(LONG_RUNS[engine]) for engine in ENGINES}
    config_paths = {}
    for engine in ENGINES:
        config_paths[engine] = tmp_path / f"{engine}.json"
        config_paths[engine].write_text(json.dumps(LONG_RUNS[engine]), encoding="utf-8")
    endings: Counter = Counter()
    left: Counter = Counter()
    rss: dict[str, int] = {"start": rss_kb()}
    failures = []
    for cycle in range(CYCLES):
        way = WAYS[cycle % 3]
        engine = ENGINES[(cycle + cycle // 3) % 3]  # each engine through each way, in turn
        delay = rng.uniform(0.0, latest)
        dest = tmp_path / f"out-{cycle}"
        if way == "core":
            ended = _core_cycle(configs[engine], sources, dest, delay)
        else:
            ended = _cli_cycle(config_paths[engine], corpus_args, dest, delay, way)
        endings[ended.split(":")[0].split(" (")[0]] += 1  # "failed (1): ..." -> "failed"
        if ended.startswith("failed"):
            failures.append(f"cycle {cycle} {engine} {way}: {ended}")
        # what is left once the run has ended (a dying process gets 2 s)
        wait_for(lambda: not trainers(private_tmp) and not job_processes(private_tmp), 2.0)
        procs = trainers(private_tmp) + job_processes(private_tmp)
        left["processes"] += len(procs)
        cleanup(procs)
        files = temp_leftovers(private_tmp)
        left["files"] += len(files)
        if ended == "cancelled" and dest.exists():
            left["half-written bundles"] += 1
        if cycle == 2:  # after a first run of each way: imports, thread pools, caches
            gc.collect()
            rss["warm"] = rss_kb()
    gc.collect()
    rss["end"] = rss_kb()
    summary = (f"soak seed {seed}: {CYCLES} cycles, endings {dict(endings)}, left {dict(left)}, "
               f"RSS start {rss['start'] / 1024:.1f} MB, warm {rss.get('warm', 0) / 1024:.1f} MB, "
               f"end {rss['end'] / 1024:.1f} MB")
    print(summary)
    assert not failures, f"{summary}\n" + "\n".join(failures)
    assert sum(left.values()) == 0, summary
    assert temp_leftovers(private_tmp) == [], summary
    assert rss["end"] - rss.get("warm", rss["start"]) < RSS_SLACK_KB, summary
    assert endings["cancelled"] >= CYCLES // 3, summary  # most runs were stopped, not finished
