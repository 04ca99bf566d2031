"""What the benchmarks share: the corpus' documents, interleaved timings, a process's peak memory
and its children's."""

from __future__ import annotations

import json
import resource
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

from tests.conftest import DATA, DEMO

MONO = DATA / "corpora" / "mono"
DEMO_CORPUS = DEMO  # the project's own corpus.txt and sample.txt (100 KB): --tiny runs


def documents(folder: Path) -> Iterator[str]:
    """Every non-empty line of the folder's ``.txt`` files and every ``.jsonl`` record's text,
    files in name order."""
    for path in sorted(folder.iterdir()):
        if path.suffix == ".jsonl":
            for raw in path.read_text(encoding="utf-8").splitlines():
                yield json.loads(raw)["text"]
        elif path.suffix == ".txt":
            yield from (ln for ln in path.read_text(encoding="utf-8").splitlines() if ln)


def interleaved_best(measures: dict[str, Callable[[], object]], repeat: int) -> dict[str, float]:
    """Best wall time of each of ``measures`` (name -> a call) over ``repeat`` rounds, each
    round calling every measure once in the order given: a native call and the workbench's
    set against it, one after the other, see the machine at the same moment (on a shared VM
    whose speed drifts over minutes, one side timed all at once minutes after the other gave
    ratios 20 % apart from run to run).

    >>> best = interleaved_best({"native": lambda: None, "core": lambda: None}, 3)
    >>> list(best), all(seconds >= 0 for seconds in best.values())
    (['native', 'core'], True)
    """
    best = dict.fromkeys(measures, float("inf"))
    for _ in range(repeat):
        for name, call in measures.items():
            started = time.perf_counter()
            call()
            best[name] = min(best[name], time.perf_counter() - started)
    return best


def peak_mb() -> float:
    """This process's peak resident memory. ``VmHWM`` belongs to this program alone, where
    ``ru_maxrss`` also carries the peak of the parent that forked it (Linux keeps it across
    exec)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


class ChildPeaks(threading.Thread):
    """The largest ``VmHWM`` among this process's children, read from /proc while they run
    (``ru_maxrss`` of children would carry this process's own peak across fork)."""

    def __init__(self, interval: float = 0.2) -> None:
        super().__init__(daemon=True)
        self.interval = interval
        self.peak_kb = 0
        self.running = True
        self.start()

    def run(self) -> None:
        while self.running:
            for task in Path("/proc/self/task").iterdir():
                try:
                    children = (task / "children").read_text().split()
                except OSError:
                    continue
                for pid in children:
                    try:
                        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                            if line.startswith("VmHWM:"):
                                self.peak_kb = max(self.peak_kb, int(line.split()[1]))
                    except OSError:
                        pass
            time.sleep(self.interval)

    def stop(self) -> float:
        self.running = False
        self.join()
        return self.peak_kb / 1024
