"""What a run may leave behind: processes and temporary folders, found the way a user would look.

A test points TMPDIR at a folder of its own (:func:`private_tmp`), so the processes and files it
looks for are its own even when other tests run at the same time: a process is the test's when
its command line has a marker and its environment that TMPDIR (children inherit both); a
temporary folder is the test's when it is in that folder, with the ``tokbench-`` prefix.

Linux only (``/proc``): elsewhere the tests that use this are skipped.
"""

from __future__ import annotations

import functools
import os
import random
import signal
import tempfile
import time
from pathlib import Path

import pytest

from core.lifeline import MARKER

JOB_MARKER = "spawn_main"  # a GUI job process: `python -c '... import spawn_main; spawn_main(...)'`
TEMP_PREFIX = "tokbench-"

needs_proc = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(),
                                reason="needs /proc to find processes (Linux)")


@pytest.fixture
def private_tmp(tmp_path, monkeypatch) -> Path:
    """A TMPDIR for this test alone: for this process (``tempfile``) and its children."""
    folder = tmp_path / "tmpdir"
    folder.mkdir()
    monkeypatch.setenv("TMPDIR", str(folder))
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _read(path: Path) -> bytes:
    try:
        return path.read_bytes()
    except OSError:  # gone meanwhile, or not ours to read
        return b""


def _state(pid: int) -> str:
    """The process's state letter ("Z" for a zombie), "" if there is no such process."""
    stat = _read(Path(f"/proc/{pid}/stat"))
    return stat.rpartition(b")")[2].split()[0].decode() if stat else ""


def alive(pid: int) -> bool:
    """The process exists and is not a zombie (a zombie has ended; its parent has not yet
    collected its exit status)."""
    return _state(pid) not in ("", "Z")


def processes(marker: str, tmpdir: Path) -> list[int]:
    """Pids of live processes whose command line has ``marker`` and whose TMPDIR is
    ``tmpdir`` (this test's own)."""
    wanted_env = f"TMPDIR={tmpdir}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        if marker.encode() not in _read(entry / "cmdline"):
            continue
        if wanted_env in _read(entry / "environ").split(b"\0") and alive(int(entry.name)):
            found.append(int(entry.name))
    return found


def trainers(tmpdir: Path) -> list[int]:
    """The trainer children (``python -c`` with the lifeline's marker) of this test."""
    return processes(MARKER, tmpdir)


def job_processes(tmpdir: Path) -> list[int]:
    """The GUI's job processes (``core.supervisor.run_function``) of this test."""
    return processes(JOB_MARKER, tmpdir)


def temp_leftovers(tmpdir: Path) -> list[str]:
    """Names of the workbench's temporary folders and files left in ``tmpdir``."""
    return sorted(p.name for p in tmpdir.iterdir() if p.name.startswith(TEMP_PREFIX))


def wait_for(condition, timeout: float = 30.0, every: float = 0.02):
    """``condition()``'s first true value, polled; None after ``timeout`` seconds."""
    end = time.monotonic() + timeout
    while True:
        value = condition()
        if value or time.monotonic() > end:
            return value or None
        time.sleep(every)


def wait_gone(pids, timeout: float = 10.0) -> list[int]:
    """The pids still alive after waiting up to ``timeout`` seconds for them to end."""
    wait_for(lambda: not any(alive(pid) for pid in pids), timeout)
    return [pid for pid in pids if alive(pid)]


def cleanup(pids) -> None:
    """Kill what a failed test left running, so that it does not spoil the next ones."""
    for pid in pids:
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def rss_kb(pid: int | None = None) -> int:
    """Resident memory of a process in kB (this one by default)."""
    for line in _read(Path(f"/proc/{pid or os.getpid()}/status")).decode().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


# engine -> a config that trains for several seconds on big_corpus (8 s for sentencepiece, 20 s
# for hf on a quiet machine): a run the tests can stop in the middle
LONG_RUNS = {
    "sentencepiece": {"engine": "sentencepiece", "algorithm": "unigram", "vocab_size": 8000,
                      "character_coverage": 0.9995, "special_tokens": ["<unk>"]},
    "hf": {"engine": "hf", "algorithm": "unigram", "vocab_size": 8000,
           "special_tokens": ["<unk>"]},
    "reference": {"engine": "reference", "algorithm": "bpe", "vocab_size": 4000,
                  "special_tokens": ["<unk>"]},
}
SYLLABLES = [c + v for c in "bcdfghjklmnprstvwz" for v in "aeiou"] + list("aeiou")


def big_corpus(folder: Path, megabytes: float = 2.0, seed: int = 7) -> Path:
    """Made-up words, about ``megabytes`` of them (few repeated lines, a large vocabulary to
    find), written to ``folder``: enough for any trainer to work for several seconds."""
    out = folder / "big-corpus.txt"
    out.write_text(_made_up_text(megabytes, seed), encoding="utf-8")
    return out


@functools.lru_cache(maxsize=2)
def _made_up_text(megabytes: float, seed: int) -> str:
    """Made once a session (a second a corpus, and most of these tests want one)."""
    rng = random.Random(seed)
    weights = [1 / rank for rank in range(1, len(SYLLABLES) + 1)]  # Zipf-like, as in a language
    lines = []
    size = 0
    while size < megabytes * 1e6:
        line = " ".join("".join(rng.choices(SYLLABLES, weights, k=rng.randint(1, 4)))
                        for _ in range(12)) + "\n"
        lines.append(line)
        size += len(line)
    return "".join(lines)


# CPython's own words when a Ctrl-C interrupts its start-up imports (site, runpy), before any
# line of tokbench runs (Modules/main.c, Python/pylifecycle.c); CI met it once in ~50 stops
PYTHON_STARTING = ("Fatal Python error: init_import_site", "Could not import runpy module")


def interrupted_python_start(returncode: int, stderr: str) -> bool:
    """Whether a process ended with status 1 because a signal interrupted the interpreter's
    own start-up (CPython's exit, not tokbench's: no code of ours had run).

    >>> interrupted_python_start(1, "Could not import runpy module\\nKeyboardInterrupt")
    True
    """
    return returncode == 1 and any(said in stderr for said in PYTHON_STARTING)
